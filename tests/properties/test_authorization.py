"""The authorization matrix: each role of the spec, and a guest and an outsider, tries each
family of writes. The service allows exactly the roles it should, changes nothing when it
refuses, and the `permissions` it shows that role say beforehand what it then allows."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.conftest import ORG
from tui.service import create_app
from tui.service.app import Emulator, asgi_app
from tui.service.store import Store

# Least to most powerful, as the spec lists them; "guest" is a member without a role and
# "outsider" is signed in but not a member of the organization.
ROLES = ["outsider", "guest", "read", "comment", "edit", "review", "create", "admin"]


@dataclass(frozen=True)
class Family:
    """A family of writes, by one representative request."""

    method: str
    path: str  # with {space}, {collection}
    body: Any
    least: str  # the least role allowed
    permission: tuple[str, str]  # (resource read first, permissions key that must agree)


FAMILIES = {
    "rename the organization": Family(
        "PATCH", f"/v1/orgs/{ORG}", {"title": "Renamed"}, "admin", ("organization", "admin")
    ),
    "create a collection": Family(
        "POST", f"/v1/orgs/{ORG}/collections", {"title": "New"}, "create",
        ("organization", "createContent"),
    ),
    "rename a collection": Family(
        "PATCH", "/v1/collections/{collection}", {"title": "Renamed"}, "admin",
        ("collection", "admin"),
    ),
    "create a space": Family(
        "POST", f"/v1/orgs/{ORG}/spaces", {"title": "New"}, "create",
        ("organization", "createContent"),
    ),
    "rename a space": Family(
        "PATCH", "/v1/spaces/{space}", {"title": "Renamed"}, "admin", ("space", "admin")
    ),
    "delete a space": Family("DELETE", "/v1/spaces/{space}", None, "admin", ("space", "admin")),
    "open a change request": Family(
        "POST", "/v1/spaces/{space}/change-requests", {"subject": "Fix"}, "edit",
        ("space", "edit"),
    ),
    "merge a change request": Family(
        "POST", "/v1/spaces/{space}/change-requests/2/merge", None, "review", ("space", "merge")
    ),
    "comment on a space": Family(
        "POST", "/v1/spaces/{space}/comments", {"body": {"markdown": "Hi"}}, "comment",
        ("space", "comment"),
    ),
    "import content": Family(
        "POST", "/v1/spaces/{space}/content/import",
        {"url": "https://example.com/docs", "source": "website"}, "edit", ("space", "edit"),
    ),
    "sync with Git": Family(
        "POST", "/v1/spaces/{space}/git/import",
        {"url": "https://github.com/northwind/api", "ref": "refs/heads/main"}, "edit",
        ("space", "triggerGitSync"),
    ),
    "create a site": Family(
        "POST", f"/v1/orgs/{ORG}/sites", {"title": "Docs"}, "admin", ("organization", "admin")
    ),
    "change a member's role": Family(
        "PATCH", f"/v1/orgs/{ORG}/members/u-linus", {"role": "comment"}, "admin",
        ("organization", "admin"),
    ),
    "create a team": Family(
        "PUT", f"/v1/orgs/{ORG}/teams", {"title": "Writers"}, "admin", ("organization", "admin")
    ),
    "add a SAML provider": Family(
        "POST", f"/v1/orgs/{ORG}/saml", {"label": "Okta 2"}, "admin", ("organization", "admin")
    ),
    "add an OpenAPI specification": Family(
        "POST", f"/v1/orgs/{ORG}/openapi", {"slug": "pets", "source": {"text": "openapi: 3.0.0"}},
        "admin", ("organization", "createOpenAPISpec"),
    ),
    "start a translation": Family(
        "POST", f"/v1/orgs/{ORG}/translations",
        {"language": "de", "source": {"space": "{space}", "language": "en"}}, "admin",
        ("organization", "admin"),
    ),
    "give someone access to a space": Family(
        "POST", "/v1/spaces/{space}/permissions", {"role": "edit", "users": ["u-linus"]},
        "admin", ("space", "admin"),
    ),
    "change someone's access to a collection": Family(
        "PATCH", "/v1/collections/{collection}/permissions/users/u-linus", {"role": "edit"},
        "admin", ("collection", "admin"),
    ),
    "create an invite link": Family(
        "POST", f"/v1/orgs/{ORG}/link-invites", {"role": "read"}, "admin",
        ("organization", "admin"),
    ),
    "invite people by e-mail": Family(
        "POST", f"/v1/orgs/{ORG}/invites", {"emails": ["new@northwind.dev"]}, "admin",
        ("organization", "admin"),
    ),
}  # fmt: skip


def _with_a_member_of_each_role() -> tuple[Store, dict[str, str]]:
    """The demo, plus one user and token per role (and a guest and an outsider)."""
    emulator: Emulator = create_app("demo").state.emulator
    store = emulator.store
    ids = {
        "space": next(s["id"] for s in store.list("space") if s["title"] == "API Reference"),
        "collection": next(c["id"] for c in store.list("collection") if c["title"] == "Guides"),
    }
    template = store.get("member", f"{ORG}:u-linus")
    assert template is not None
    with store.transaction():
        for role in ROLES:
            user = f"u-{role}"
            store.put("user", {"id": user, "displayName": role.title(), "email": f"{role}@x.dev"})
            store.put("token", {"id": f"tok-{role}", "user": user})
            if role != "outsider":
                member = {**template, "id": f"{ORG}:{user}", "user": user}
                member["role"] = None if role == "guest" else role
                store.put("member", member, scope=ORG, parent=user)
    return store, ids


@pytest.fixture(scope="module")
def prepared() -> tuple[Store, dict[str, str]]:
    return _with_a_member_of_each_role()


def _everything(store: Store) -> list[tuple[str, str, str]]:
    rows = store._db.execute("SELECT kind, id, data FROM docs ORDER BY kind, id")
    return [tuple(row) for row in rows]


async def _as(app: Any, role: str, method: str, path: str, body: Any = None) -> httpx.Response:
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://docdeck.test"
    ) as http:
        content = None if body is None else json.dumps(body).encode()
        headers = {"Authorization": f"Bearer tok-{role}", "Content-Type": "application/json"}
        return await http.request(method, path, headers=headers, content=content)


READS: dict[str, Callable[[dict[str, str]], str]] = {
    "organization": lambda ids: f"/v1/orgs/{ORG}",
    "collection": lambda ids: f"/v1/collections/{ids['collection']}",
    "space": lambda ids: f"/v1/spaces/{ids['space']}",
}


@pytest.mark.parametrize("name", FAMILIES)
async def test_each_role_may_do_exactly_what_its_permissions_say(name, prepared):
    template, ids = prepared
    family = FAMILIES[name]
    path = family.path.format(**ids)
    body = json.loads(json.dumps(family.body).replace("{space}", ids["space"]))
    least = ROLES.index(family.least)
    outcome: dict[str, tuple[int, bool | None]] = {}
    for rank, role in enumerate(ROLES):
        store = template.copy()
        app = asgi_app(Emulator(store))
        resource, key = family.permission
        seen = await _as(app, role, "GET", READS[resource](ids))
        permitted = seen.json()["permissions"][key] if seen.status_code == 200 else None
        before = _everything(store)
        answer = await _as(app, role, family.method, path, body)
        if answer.status_code >= 400:
            assert answer.json()["error"]["code"] == answer.status_code
            assert _everything(store) == before, f"{role} was refused but something changed"
        allowed = answer.status_code < 400
        outcome[role] = (answer.status_code, permitted)
        # What the permissions promised is what the service did.
        assert permitted is None or permitted == allowed, (name, role, outcome[role])
        assert allowed == (rank >= least), (name, role, answer.status_code, answer.text)
        store.close()
    # Outsiders do not learn that the organization exists; members below the role are told no.
    assert outcome["outsider"][0] == 404
    assert {outcome[role][0] for role in ROLES[1:least]} <= {403}
