"""Who reaches a space and through what, and what a change would do, without an app."""

from __future__ import annotations

from tui.admin.logic.content_access import ContentAccess, Given, Person, Place

SPACE = Place("space", "s1", "API reference")
GUIDES = Place("collection", "c1", "Guides")
GRACE = Person("u-grace", "Grace Hopper")
NOAH = Person("u-noah", "Noah Williams")
MEI = Person("u-mei", "Mei Chen")
YUSUF = Person("u-yusuf", "Yusuf Demir")


def access(**changes: object) -> ContentAccess:
    values: dict[str, object] = {
        "chain": [SPACE, GUIDES],
        "given": [
            Given(SPACE, "user", NOAH.id, NOAH.name, "edit"),
            Given(SPACE, "team", "t-api", "API platform", "review"),
            Given(GUIDES, "user", MEI.id, MEI.name, "create"),
            Given(GUIDES, "team", "t-core", "Docs core", "comment"),
        ],
        "team_members": {"t-api": {GRACE.id}, "t-core": {YUSUF.id, NOAH.id}},
        "aggregate": [(GRACE, "review"), (NOAH, "edit"), (MEI, "create"), (YUSUF, "comment")],
        "org_roles": {GRACE.id: "read", NOAH.id: "read", MEI.id: "edit", YUSUF.id: None},
    }
    values.update(changes)
    return ContentAccess(**values)  # type: ignore[arg-type]


def through(content: ContentAccess) -> dict[str, tuple[str | None, str]]:
    return {row.person.name: (row.role, row.through) for row in content.members()}


def test_each_member_is_shown_with_the_source_of_their_effective_role():
    assert through(access()) == {
        "Mei Chen": ("create", "collection Guides"),
        "Grace Hopper": ("review", "team API platform"),
        "Noah Williams": ("edit", "direct"),
        "Yusuf Demir": ("comment", "team Docs core on Guides"),
    }


def test_the_organisation_role_and_a_default_level_are_named_as_sources():
    content = access(
        given=[], team_members={}, aggregate=[(GRACE, "read"), (MEI, "comment")],
        org_roles={GRACE.id: "read", MEI.id: "edit"},
    )  # fmt: skip
    assert through(content)["Grace Hopper"] == ("read", "organisation role")
    levelled = access(
        chain=[SPACE, Place("collection", "c1", "Guides", "comment")],
        given=[], team_members={}, aggregate=[(MEI, "comment")], org_roles={MEI.id: "edit"},
    )  # fmt: skip
    assert through(levelled)["Mei Chen"] == ("comment", "default level of Guides")


def test_a_role_the_sources_do_not_explain_comes_from_the_organisation():
    content = access(given=[], team_members={}, aggregate=[(GRACE, "admin")], org_roles={})
    assert through(content)["Grace Hopper"] == ("admin", "organisation")


def test_teams_given_here_come_before_those_given_above():
    teams = access().teams()
    assert [(t.given.name, t.through, t.members) for t in teams] == [
        ("API platform", "team, given here", 1),
        ("Docs core", "team, on Guides", 2),
    ]


def test_a_grant_says_the_role_before_and_after():
    preview = access().preview_member(NOAH, "admin")
    assert preview.line == "Noah Williams: edit → admin on API reference"
    assert not preview.no_op


def test_a_grant_below_an_inherited_role_is_a_no_op_and_says_why():
    preview = access().preview_member(MEI, "read")
    assert preview.line == "Mei Chen: create → create on API reference"
    assert preview.warning == "no change: create comes through collection Guides, higher than read"


def test_removing_a_direct_role_falls_back_to_the_next_source():
    preview = access().preview_member(NOAH, None)
    assert preview.line == "Noah Williams: edit → comment on API reference"
    alone = access(org_roles={}, team_members={}).preview_member(NOAH, None)
    assert alone.line == "Noah Williams: edit → no access on API reference"


def test_a_member_without_access_is_granted_from_nothing():
    stranger = Person("u-zoe", "Zoe Park")
    preview = access(org_roles={}).preview_member(stranger, "read")
    assert preview.line == "Zoe Park: no access → read on API reference"


def test_a_team_change_counts_the_members_it_changes():
    preview = access().preview_team("t-api", "API platform", "admin")
    assert preview.line == "API platform: review → admin on API reference (1 of 1 members change)"
    same = access().preview_team("t-new", "Support", "read", members=[MEI.id])
    assert same.warning == "no change for anyone: its member keeps a role as high or higher"
