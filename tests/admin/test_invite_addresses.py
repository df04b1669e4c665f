"""Addresses to invite, pasted or typed: each checked, each with its role, without an app."""

from __future__ import annotations

from tui.admin.logic.invites import Invitee, invite_link_url, outcome_of, read_addresses


def test_addresses_separated_by_commas_spaces_and_newlines_get_the_default_role():
    wanted, problems = read_addresses("ada@x.dev, bob@x.dev\ncy@x.dev;  dee@x.dev", "read")
    assert problems == []
    assert [(i.email, i.role) for i in wanted] == [
        ("ada@x.dev", "read"), ("bob@x.dev", "read"), ("cy@x.dev", "read"), ("dee@x.dev", "read"),
    ]  # fmt: skip


def test_an_address_may_name_its_own_role_or_guest():
    wanted, _ = read_addresses("a@x.dev:edit b@x.dev:GUEST c@x.dev", "comment")
    assert [(i.email, i.role) for i in wanted] == [
        ("a@x.dev", "edit"), ("b@x.dev", None), ("c@x.dev", "comment"),
    ]  # fmt: skip


def test_each_bad_address_gets_its_own_message():
    wanted, problems = read_addresses("ok@x.dev, bob@, carol, d@x.dev:owner", "read")
    assert [i.email for i in wanted] == ["ok@x.dev"]
    assert problems == [
        "“bob@” is not an e-mail address: it needs a name, an @ and a domain.",
        "“carol” is not an e-mail address: it has no @.",
        "“d@x.dev:owner”: “owner” is not a role "
        "(admin, create, review, edit, comment, read or guest).",
    ]


def test_a_name_with_its_address_in_brackets_reads_as_the_address_and_twice_is_once():
    wanted, problems = read_addresses(
        "Ada Lovelace <ada@x.dev>, ADA@x.dev, B <b@x.dev>:edit", "read"
    )
    assert problems == []
    assert [(i.email, i.role) for i in wanted] == [("ada@x.dev", "read"), ("b@x.dev", "edit")]


def test_what_an_invite_did_per_address():
    added, failed = {"new@x.dev", "sso@x.dev"}, ["sso@x.dev"]
    assert outcome_of(Invitee("new@x.dev", "edit"), added, failed) == "added as edit"
    assert outcome_of(Invitee("old@x.dev", "edit"), added, failed) == (
        "already a member: nothing changed"
    )
    assert outcome_of(Invitee("SSO@x.dev", None), added, failed).startswith("added, but not as")


def test_an_invite_link_leads_to_the_app():
    assert invite_link_url("org-1", "inv-2") == "https://app.gitbook.com/invite/org-1/inv-2"
