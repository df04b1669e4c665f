"""Provides the checks the administration's forms make before sending: the spec's limits in words.

Each returns what is wrong in a sentence, or None when the value can be sent:

    web_address_problem("SSO URL", "northwind.okta.com", 2048)  # needs http(s)://
    slug_problem("Billing API")                                   # the slug pattern
    git_ref_problem("main")                                       # refs/heads/<branch>
    git_ref("main") == "refs/heads/main"
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

__all__ = [
    "HOSTNAME_PATTERN",
    "SLUG_PATTERN",
    "email_domain_problem",
    "git_ref",
    "git_ref_problem",
    "hostname_problem",
    "slug_problem",
    "web_address_problem",
]

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
"""An OpenAPI specification's slug (the spec's pattern), 1 to 100 characters."""
SLUG_MAX = 100
HOSTNAME_PATTERN = r"^[a-z0-9][a-z0-9-]*[a-z0-9]$"
"""An organisation's hostname (its subdomain), 3 to 32 characters."""
_REF = re.compile(r"^refs/heads/[^\s~^:?*\[\\]+$")
_DOMAIN = re.compile(r"^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$")


def web_address_problem(
    label: str, value: str, max_length: int, *, required: bool = True
) -> str | None:
    """An absolute http(s) address with a host, at most ``max_length`` characters."""
    if not value:
        return f"{label} cannot be empty." if required else None
    if len(value) > max_length:
        return (
            f"{label} is {len(value)} characters long; the limit is {max_length}: "
            f"remove {len(value) - max_length}."
        )
    if any(ch.isspace() for ch in value):
        return f"{label} cannot contain spaces."
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - reading it checks the port
    except ValueError:
        return f"{label} is not a web address."
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"{label} must be a web address starting with https:// (or http://) and a host."
    return None


def slug_problem(value: str) -> str | None:
    """The spec's slug: lower-case letters and digits in words joined by single hyphens."""
    if not value:
        return "Slug cannot be empty."
    if len(value) > SLUG_MAX:
        return f"Slug is {len(value)} characters long; the limit is {SLUG_MAX}."
    if not re.match(SLUG_PATTERN, value):
        return (
            "Slug takes lower-case letters and digits, in words joined by single hyphens "
            "(e.g. billing-api)."
        )
    return None


def git_ref(branch_or_ref: str) -> str:
    """``main`` → ``refs/heads/main``; a full ``refs/heads/…`` ref is kept."""
    value = branch_or_ref.strip()
    return value if value.startswith("refs/") else f"refs/heads/{value}"


def git_ref_problem(ref: str) -> str | None:
    """The spec's ref format: ``refs/heads/<branch>``, a branch name Git would accept."""
    if not ref:
        return "Branch cannot be empty."
    if not ref.startswith("refs/heads/"):
        return f"{ref} is not a branch: the ref must be refs/heads/<branch>."
    branch = ref.removeprefix("refs/heads/")
    if (
        not _REF.match(ref)
        or branch.startswith(("/", "-", "."))
        or branch.endswith(("/", ".", ".lock"))
        or ".." in branch
        or "//" in branch
        or "@{" in branch
    ):
        return f"{branch!r} is not a branch name Git accepts."
    return None


def email_domain_problem(value: str) -> str | None:
    """A domain such as ``northwind.dev`` (no ``@``, no scheme)."""
    domain = value.strip().lower()
    if not domain:
        return "A domain cannot be empty."
    if "@" in domain or "/" in domain:
        return f"{value} is not a domain: write it as northwind.dev, without @ or https://."
    if not _DOMAIN.match(domain):
        return f"{value} is not a domain name."
    return None


def hostname_problem(value: str) -> str | None:
    """The organisation's hostname: 3 to 32 lower-case letters, digits and inner hyphens."""
    if not 3 <= len(value) <= 32:
        return f"Hostname takes 3 to 32 characters; this one has {len(value)}."
    if not re.match(HOSTNAME_PATTERN, value):
        return "Hostname takes lower-case letters, digits and hyphens (not first nor last)."
    return None
