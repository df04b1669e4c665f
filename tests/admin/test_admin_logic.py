"""The administration's pure logic: the forms' checks, bulk changes, translation instructions."""

from __future__ import annotations

import asyncio

import pytest

from tui.admin.logic.admin_checks import (
    email_domain_problem,
    git_ref,
    git_ref_problem,
    hostname_problem,
    slug_problem,
    web_address_problem,
)
from tui.admin.logic.bulk import apply_one_by_one
from tui.admin.logic.instructions import document_of, document_text


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("https://northwind.okta.com/app/sso/saml", None),
        ("http://localhost:8080/saml", None),
        ("northwind.okta.com/sso", "must be a web address starting with https://"),
        ("ftp://files.example.com/x", "must be a web address starting with https://"),
        ("https://exa mple.com", "cannot contain spaces"),
        ("https://" + "a" * 2050, "the limit is 2048"),
        ("", "cannot be empty"),
    ],
)
def test_web_addresses(value, problem):
    found = web_address_problem("SSO URL", value, 2048)
    assert (found is None) if problem is None else (problem in found)


def test_an_optional_web_address_may_be_empty():
    assert web_address_problem("Logo", "", 2048, required=False) is None


@pytest.mark.parametrize(
    ("slug", "ok"),
    [
        ("billing-api", True),
        ("v2", True),
        ("Billing-API", False),
        ("billing--api", False),
        ("-billing", False),
        ("billing api", False),
        ("a" * 100, True),
        ("a" * 101, False),
        ("", False),
    ],
)
def test_slugs_follow_the_pattern(slug, ok):
    assert (slug_problem(slug) is None) is ok


@pytest.mark.parametrize(
    ("typed", "ref", "ok"),
    [
        ("main", "refs/heads/main", True),
        ("docs/update", "refs/heads/docs/update", True),
        ("refs/heads/release-2.0", "refs/heads/release-2.0", True),
        ("refs/tags/v2.0", "refs/tags/v2.0", False),
        ("feature branch", "refs/heads/feature branch", False),
        ("bad..name", "refs/heads/bad..name", False),
        ("ends.lock", "refs/heads/ends.lock", False),
        ("trailing/", "refs/heads/trailing/", False),
    ],
)
def test_git_refs_are_branches(typed, ref, ok):
    assert git_ref(typed) == ref
    assert (git_ref_problem(ref) is None) is ok


def test_a_tag_is_named_as_not_a_branch():
    assert git_ref_problem("refs/tags/v1") == (
        "refs/tags/v1 is not a branch: the ref must be refs/heads/<branch>."
    )


@pytest.mark.parametrize(
    ("domain", "ok"),
    [
        ("northwind.dev", True),
        ("mail.northwind.co.uk", True),
        ("ada@northwind.dev", False),
        ("https://northwind.dev", False),
        ("northwind", False),
        ("", False),
    ],
)
def test_email_domains(domain, ok):
    assert (email_domain_problem(domain) is None) is ok


@pytest.mark.parametrize(
    ("hostname", "ok"), [("northwind", True), ("nw", False), ("North", False), ("-nw-", False)]
)
def test_hostnames(hostname, ok):
    assert (hostname_problem(hostname) is None) is ok


class Refused(Exception):
    pass


def test_a_bulk_change_stops_at_the_first_refusal():
    done: list[str] = []
    progress: list[tuple[int, int]] = []

    async def apply(item: str) -> None:
        if item == "c":
            raise Refused("no")
        done.append(item)

    outcome = asyncio.run(
        apply_one_by_one(
            ["a", "b", "c", "d"],
            apply,
            lambda error: isinstance(error, Refused),
            on_progress=lambda d, t: progress.append((d, t)),
        )
    )
    assert outcome.applied == ["a", "b"] == done
    assert outcome.refused is not None and outcome.refused[0] == "c"
    assert outcome.not_tried == ["d"]
    assert progress == [(0, 4), (1, 4), (2, 4)]
    assert not outcome.complete


def test_a_bug_in_a_bulk_change_is_raised_not_reported_as_a_refusal():
    async def apply(item: str) -> None:
        raise KeyError(item)

    with pytest.raises(KeyError):
        asyncio.run(apply_one_by_one(["a"], apply, lambda error: isinstance(error, Refused)))


def test_instructions_go_from_lines_to_a_document_and_back():
    document = document_of("Keep product names in English.\n\n  Use the polite form.  ")
    assert [node["type"] for node in document["nodes"]] == ["paragraph", "paragraph"]
    assert document_text(document) == "Keep product names in English.\nUse the polite form."
    assert document_text(None) == "" and document_text(document_of("")) == ""


def test_the_demo_s_instructions_read_as_text():
    demo = {
        "object": "document",
        "data": {},
        "nodes": [
            {
                "object": "block",
                "type": "paragraph",
                "nodes": [{"object": "text", "leaves": [{"object": "leaf", "text": "Keep code."}]}],
            }
        ],
    }
    assert document_text(demo) == "Keep code."


# -- a bulk role change, said before it is sent ---------------------------------------------


def test_the_preview_gives_each_members_current_and_new_role():
    from tui.admin.logic.role_changes import RoleChange, preview_lines

    changes = [
        RoleChange("u-ada", "Ada Lovelace", "admin"),
        RoleChange("u-grace", "Grace Hopper", "edit"),
        RoleChange("u-yusuf", "Yusuf Demir", None),
    ]
    assert preview_lines(changes, "edit", "u-ada") == [
        "Ada Lovelace (you): admin → edit",
        "Grace Hopper: edit, no change",
        "Yusuf Demir: guest → edit",
    ]
    many = [RoleChange(f"u-{i}", f"M{i}", "read") for i in range(15)]
    assert preview_lines(many, None, None)[-1] == "and 3 more → guest"


def test_demoting_yourself_or_every_admin_is_warned_and_promoting_is_not():
    from tui.admin.logic.role_changes import RoleChange, role_warnings

    ada = RoleChange("u-ada", "Ada", "admin")
    margaret = RoleChange("u-margaret", "Margaret", "admin")
    admins = {"u-ada", "u-margaret"}
    assert role_warnings([ada, margaret], "admin", "u-ada", admins) == []
    [yourself] = role_warnings([ada], "read", "u-ada", admins)
    assert yourself.startswith("You lose the admin role")
    [every] = role_warnings([margaret], "read", "u-ada", {"u-margaret"})
    assert every.startswith("This demotes every admin")
    assert len(role_warnings([ada, margaret], None, "u-ada", admins)) == 2
    # Not known yet who the admins are: only what is known is said.
    assert role_warnings([margaret], "read", "u-ada", None) == []
