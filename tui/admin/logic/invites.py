"""Provides the reading of e-mail addresses to invite, and the words for what an invite did.

Addresses are pasted or typed, separated by commas, semicolons, spaces or newlines; each may
carry its own role after a colon (``ada@example.com:edit``). Each is checked before anything
is sent, and each bad one gets its own message; ``Name <ada@example.com>`` (what a mail
client copies) is read as the address in the brackets.

    wanted, problems = read_addresses("ada@x.dev, bob@x.dev:edit", default="read")
    invite_link_url("org-1", "inv-1")   # https://app.gitbook.com/invite/org-1/inv-1
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

__all__ = [
    "GUEST",
    "INVITE_ROLES",
    "Invitee",
    "invite_link_url",
    "outcome_of",
    "read_addresses",
]

INVITE_ROLES = ("admin", "create", "review", "edit", "comment", "read")
GUEST = "guest"
"""How an address asks to be invited as a guest (the API's null role)."""

_ITEMS = re.compile(r"[,;\n]+")
_BRACKETED = re.compile(r"<([^<>]*)>(:[^\s,;<>]*)?")
# One @, something on each side, a dot in the domain, no spaces: what a mail server needs.
_EMAIL = re.compile(r"[^@\s<>,;:]+@[^@\s<>,;:]+\.[^@\s<>,;:.]+")
APP = "https://app.gitbook.com"


@dataclass(frozen=True)
class Invitee:
    """An address to invite, with its role (None: a guest)."""

    email: str
    role: str | None


def _problem(token: str, email: str) -> str | None:
    if "@" not in email:
        return f"“{token}” is not an e-mail address: it has no @."
    if not _EMAIL.fullmatch(email):
        return f"“{token}” is not an e-mail address: it needs a name, an @ and a domain."
    return None


def _tokens(typed: str) -> list[str]:
    """The addresses of what was typed: ``Name <a@x.dev>`` is its bracketed address (a mail
    client copies that), anything else splits at spaces too."""
    tokens: list[str] = []
    for item in _ITEMS.split(typed):
        bracketed = _BRACKETED.findall(item)
        tokens += [f"{b.strip()}{role}" for b, role in bracketed] if bracketed else item.split()
    return tokens


def read_addresses(typed: str, default: str | None) -> tuple[list[Invitee], list[str]]:
    """The addresses typed, each with its role (``default`` unless it names its own), and a
    message per token that is not one; an address given twice is kept once."""
    wanted: dict[str, Invitee] = {}
    problems: list[str] = []
    for token in _tokens(typed):
        if not token:
            continue
        email, colon, role_text = token.partition(":")
        role: str | None = default
        if colon:
            name = role_text.strip().lower()
            if name == GUEST:
                role = None
            elif name in INVITE_ROLES:
                role = name
            else:
                roles = ", ".join(INVITE_ROLES) + f" or {GUEST}"
                problems.append(f"“{token}”: “{role_text}” is not a role ({roles}).")
                continue
        problem = _problem(token, email)
        if problem:
            problems.append(problem)
            continue
        wanted.setdefault(email.lower(), Invitee(email, role))
    return list(wanted.values()), problems


def invite_link_url(organization_id: str, invite_id: str) -> str:
    """The address whoever is invited follows."""
    return f"{APP}/invite/{organization_id}/{invite_id}"


def outcome_of(invitee: Invitee, added_emails: Collection[str], failed_sso: Collection[str]) -> str:
    """What inviting one address did, from the service's answer (its added users' addresses,
    lowercase, and the addresses it could not make SSO members)."""
    email = invitee.email.lower()
    if email in {e.lower() for e in failed_sso}:
        return "added, but not as an SSO member: they belong to another organisation"
    if email in added_emails:
        return f"added as {invitee.role or GUEST}"
    return "already a member: nothing changed"
