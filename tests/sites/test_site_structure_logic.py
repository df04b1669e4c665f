"""A site's tree is built from its lists alone, empty groups included; conditions that read a claim
are found by whole name; a group shows while one of its sections does; refusals name their field;
a long condition's problem is pointed at."""

from __future__ import annotations

from tui.api.models import SiteSection, SiteSectionGroup, SiteSpace, Space
from tui.sites.condition_field import pointer
from tui.sites.logic.conditions import ConditionError, Outcome, Visitor
from tui.sites.logic.site_structure import NodeKind, build_outline, verdicts
from tui.sites.site_settings_form import field_of_refusal


def space(id: str) -> Space:
    return Space(id=id, title=id.title(), organization="org")


def site_space(id: str, section: str | None, condition: str | None = None) -> SiteSpace:
    return SiteSpace(id=id, path=id, section=section, space=space(id), condition=condition)


def section(id: str, group: str | None = None, condition: str | None = None) -> SiteSection:
    return SiteSection(
        id=id,
        title=id.title(),
        path=id,
        section_group=group,
        condition=condition,
        site_spaces=[site_space(f"{id}-space", id)],
    )


def group(id: str, *sections: SiteSection) -> SiteSectionGroup:
    return SiteSectionGroup(id=id, title=id.title(), sections=list(sections))


def top(outline) -> list[str]:
    return [n.id for n in outline.children_of(None)]


def test_an_empty_group_stands_before_the_next_group_that_holds_sections():
    b = section("b", "g2")
    outline = build_outline([group("g1"), group("g2", b)], [section("a"), b], [])
    assert top(outline) == ["a", "g1", "g2"]


def test_the_published_order_places_an_empty_group_exactly():
    b = section("b", "g2")
    outline = build_outline(
        [group("g1"), group("g2", b)],
        [section("a"), b],
        [site_space("root", None)],
        [("site-section-group", "g1"), ("site-section", "a"), ("site-section-group", "g2")],
    )
    assert top(outline) == ["root", "g1", "a", "g2"]  # root site spaces stay first


def test_conditions_reading_a_claim_are_found_by_its_whole_name():
    outline = build_outline(
        [],
        [
            section("a", condition="visitor.claims.beta === true"),
            section("b", condition="visitor.claims.beta_tester === true"),
            section("c", condition="!visitor.claims.unsigned.beta"),
        ],
        [],
    )
    assert [n.id for n in outline.conditions_reading("beta", unsigned=False)] == ["a"]
    assert [n.id for n in outline.conditions_reading("beta", unsigned=True)] == ["c"]


def test_a_group_shows_while_one_of_its_sections_does():
    hidden = section("x", "g", condition="visitor.claims.beta === true")
    shown = section("y", "g")
    outline = build_outline([group("g", hidden, shown)], [hidden, shown], [])
    seen = verdicts(outline, Visitor.nobody())
    assert seen[f"{NodeKind.GROUP}:g"].visible
    assert seen[f"{NodeKind.SITE_SPACE}:x-space"].outcome is Outcome.HIDDEN  # with its section
    only_hidden = build_outline([group("g", hidden)], [hidden], [])
    verdict = verdicts(only_hidden, Visitor.nobody())[f"{NodeKind.GROUP}:g"]
    assert str(verdict) == "hidden: every section in it is hidden"


def test_a_refusal_of_the_service_names_the_setting_it_is_about():
    assert field_of_refusal("Invalid request: `proxy` must match the pattern …") == "proxy"
    assert field_of_refusal("Invalid defaultSiteSpace: the site space must be …") == (
        "default_site_space"
    )
    assert field_of_refusal("Your role (read) does not allow you to do this") is None


def test_the_problem_of_a_long_condition_is_pointed_at_in_a_window():
    source = "visitor.claims.a === true && " * 20 + "visitor.claims.b =="
    error = ConditionError("== is not allowed", len(source) - 2, 2)
    shown, marks = pointer(source, error)
    assert shown.startswith("…") and len(shown) <= 60
    assert shown[len(marks) - 2 : len(marks)] == "=="
    assert marks.endswith("^^")
