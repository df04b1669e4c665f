"""Provides part of the demo dataset (admin): Northwind's people, its teams and its Okta SSO."""

from __future__ import annotations

from ..permissions import put_grant
from ..store import Doc
from .builder import Builder

__all__ = ["seed"]

# name, e-mail, role (None: guest), joined (days ago), last seen (days ago, None: never),
# and extra member fields. Ada, Grace and Linus already exist.
_PEOPLE: list[tuple[str, str, str | None, float, float | None, dict[str, bool]]] = [
    ("Margaret Hamilton", "margaret@northwind.dev", "admin", 390, 0.04, {}),
    ("Priya Raman", "priya.raman@northwind.dev", "create", 350, 0.25, {}),
    ("Tomás Alvarez", "tomas@northwind.dev", "review", 300, 1, {}),
    ("Mei Chen", "mei.chen@northwind.dev", "edit", 280, 0.02, {"sso": True}),
    ("Jonas Becker", "jonas.becker@northwind.dev", "edit", 260, 4, {}),
    ("Amara Okafor", "amara@northwind.dev", "review", 240, 0.08, {}),
    ("Sven Lindqvist", "sven@northwind.dev", "comment", 220, 12, {}),
    ("Hana Kobayashi", "hana.k@northwind.dev", "edit", 200, 0.4, {"sso": True}),
    ("Luca Romano", "luca.romano@northwind.dev", "create", 180, 3, {}),
    ("Fatima Zahra", "fatima@northwind.dev", "comment", 160, None, {}),
    ("Noah Williams", "noah@northwind.dev", "read", 150, 20, {}),
    ("Ingrid Solberg", "ingrid@northwind.dev", "edit", 140, 45, {"disabled": True}),
    ("Diego Fernández", "diego@northwind.dev", "review", 110, 5, {}),
    ("Olivia Grant", "olivia.grant@northwind.dev", "read", 90, None, {}),
    ("Rahul Mehta", "rahul@northwind.dev", "edit", 75, 0.03, {}),
    ("Chloé Martin", "chloe@northwind.dev", "comment", 60, 7, {}),
    ("Kwame Mensah", "kwame@northwind.dev", "create", 45, 2, {}),
    ("Sofia Petrova", "sofia.petrova@northwind.dev", "read", 30, 1.2, {}),
    # Contractors, with their own domains.
    ("Ben Carter", "ben@inkwell-studio.com", "edit", 25, 3.5, {}),
    ("Elena Rossi", "elena@rossi-consulting.eu", "comment", 14, None, {}),
    ("Yusuf Demir", "yusuf.demir@gmail.com", None, 10, 6, {}),
    ("Zoe Park", "zoe@northwind.dev", "read", 3, None, {}),
]

# title, created (days ago), owners, members (by first name).
_TEAMS: list[tuple[str, float, list[str], list[str]]] = [
    ("Docs core", 380, ["Ada"], ["Grace", "Mei", "Jonas", "Priya", "Linus"]),
    ("API platform", 290, ["Grace"], ["Rahul", "Luca", "Tomás"]),
    ("Developer relations", 230, ["Amara"], ["Chloé", "Kwame", "Sofia"]),
    ("Support", 150, ["Diego"], ["Noah", "Sven", "Fatima"]),
    ("Design", 120, ["Hana"], ["Ben", "Olivia"]),
]

# Not a real certificate: a believable, fixed base64 body.
_CERTIFICATE = (
    "-----BEGIN CERTIFICATE-----\n"
    "MIIDpDCCAoygAwIBAgIGAYv3xK2JMA0GCSqGSIb3DQEBCwUAMIGSMQswCQYDVQQGEwJVUzETMBEG\n"
    "A1UECAwKQ2FsaWZvcm5pYTEWMBQGA1UEBwwNU2FuIEZyYW5jaXNjbzENMAsGA1UECgwET2t0YTEU\n"
    "MBIGA1UECwwLU1NPUHJvdmlkZXIxEzARBgNVBAMMCm5vcnRod2luZDEcMBoGCSqGSIb3DQEJARYN\n"
    "aW5mb0Bva3RhLmNvbTAeFw0yNTA2MDEwOTAwMDBaFw0zNTA2MDEwOTAwMDBaMIGSMQswCQYDVQQG\n"
    "-----END CERTIFICATE-----"
)


def _team(b: Builder, organization: Doc, title: str, days: float) -> Doc:
    team: Doc = {
        "id": b.id("team"),
        "organization": organization["id"],
        "title": title,
        "createdAt": b.at(days=days),
    }
    b.store.put("team", team, scope=organization["id"])
    return team


def _join(b: Builder, team: Doc, user: Doc, role: str) -> None:
    organization_id = team["organization"]
    b.store.put(
        "team-member",
        {
            "id": f"{team['id']}:{user['id']}",
            "team": team["id"],
            "user": user["id"],
            "organization": organization_id,
            "role": role,
        },
        scope=team["id"],
        parent=f"{organization_id}:{user['id']}",
    )


def seed(b: Builder, northwind: Doc, community: Doc, *, people: dict[str, Doc]) -> None:
    """Write this part of the demo; other records are found in `b.store`."""
    by_first_name = {user["displayName"].split()[0]: user for user in people.values()}
    for name, email, role, joined, seen, extra in _PEOPLE:
        user = b.user(name, email, photo=not email.endswith("gmail.com"))
        by_first_name[name.split()[0]] = user
        b.member(
            northwind,
            user,
            role,
            joined=b.at(days=joined),
            last_seen=None if seen is None else b.at(days=seen),
            **extra,
        )

    teams: dict[str, Doc] = {}
    for title, days, owners, members in _TEAMS:
        team = teams[title] = _team(b, northwind, title, days)
        for first_name in owners:
            _join(b, team, by_first_name[first_name], "owner")
        for first_name in members:
            _join(b, team, by_first_name[first_name], "member")

    maintainers = _team(b, community, "Maintainers", 240)
    _join(b, maintainers, people["ada"], "owner")
    _join(b, maintainers, people["grace"], "member")

    okta: Doc = {
        "id": b.id("saml-provider"),
        "organization": northwind["id"],
        "label": "Okta",
        "ssoURL": "https://northwind.okta.com/app/northwind_docdeck/exk8n0rthw1nd/sso/saml",
        "entityID": "http://www.okta.com/exk8n0rthw1nd",
        "certificate": _CERTIFICATE,
        "defaultTeam": teams["Docs core"]["id"],
        "defaultRole": "read",
        "createdAt": b.at(days=210),
    }
    b.store.put("saml-provider", okta, scope=northwind["id"])
    _seed_access(b, northwind, teams, by_first_name)


# Direct permissions: (content title, "space" or "collection", team title or first name, role).
_ACCESS: list[tuple[str, str, str, str]] = [
    ("API Reference", "space", "Noah", "edit"),
    ("API Reference", "space", "API platform", "review"),
    ("Incident runbooks", "space", "Yusuf", "comment"),
    ("Incident runbooks", "space", "Support", "edit"),
    ("Python SDK", "space", "Sofia", "edit"),
    ("Guides", "collection", "Olivia", "edit"),
    ("Internal", "collection", "Docs core", "edit"),
    ("SDKs", "collection", "Ben", "admin"),
]


def _seed_access(
    b: Builder, organization: Doc, teams: dict[str, Doc], people: dict[str, Doc]
) -> None:
    """Who was given what on some spaces and collections, and a few invite links."""
    contents = {
        (kind, doc["title"]): doc
        for kind in ("space", "collection")
        for doc in b.store.list(kind, scope=organization["id"])
    }
    for title, kind, subject, role in _ACCESS:
        content = contents[(kind, title)]
        if subject in teams:
            put_grant(b.store, content, kind, "team", teams[subject]["id"], role)
        else:
            put_grant(b.store, content, kind, "user", people[subject]["id"], role)
    links: list[Doc] = [
        {"role": "read"},
        {"level": "comment", "space": contents[("space", "API Reference")]["id"]},
        {"level": "edit", "collection": contents[("collection", "Guides")]["id"]},
    ]
    # Their ids come from a builder of their own, so that the ids of what is seeded after them
    # (sites among them) stay what they were before invite links were seeded.
    ids = Builder(b.store, "demo-invites")
    for days, link in zip((60, 21, 5), links, strict=True):
        invite = {
            "id": ids.id("invite"),
            "organization": organization["id"],
            "createdAt": b.at(days=days),
            **link,
        }
        b.store.put("invite", invite, scope=organization["id"])
