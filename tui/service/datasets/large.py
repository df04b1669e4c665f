"""Provides the large dataset: the demo, plus Globex, an organisation sized like a big customer.

Globex has 200 nested collections holding 10,000 spaces, 2,000 members, 300 teams, a space of
2,000 pages, a space with 500 change requests and a change request with 1,000 comments, and
the change requests of large_reviews (1,000 pages changed; a 200 KB page edited). The
demo tokens are members of Globex too (admin, edit, read), so the same tokens reach it.
"""

from __future__ import annotations

import copy

from ..store import Doc, Store
from . import demo, large_reviews
from .builder import Builder

__all__ = ["GLOBEX", "build"]

GLOBEX = "org-globex"

_FIRST = ["Alex", "Sam", "Robin", "Kim", "Jordan", "Taylor", "Morgan", "Casey", "Jamie", "Riley"]
_LAST = [
    "Nguyen",
    "Garcia",
    "Smith",
    "Müller",
    "Rossi",
    "Tanaka",
    "Okafor",
    "Dubois",
    "Silva",
    "Kowalski",
]
_ROLES = ["read", "read", "comment", "edit", "edit", "review", "create", "admin"]
_TOPICS = ["Billing", "Search", "Payments", "Identity", "Storage", "Analytics", "Mobile", "Edge"]


def _members(b: Builder, globex: Doc, people: list[Doc]) -> list[Doc]:
    users: list[tuple[Doc, None, None]] = []
    members: list[tuple[Doc, str, str]] = []
    for i in range(2000 - len(people)):
        name = f"{_FIRST[i % 10]} {_LAST[(i // 10) % 10]} {i:04d}"
        user = {
            "id": f"u-globex-{i:04d}",
            "displayName": name,
            "email": f"user{i:04d}@globex.example",
        }
        users.append((user, None, None))
        member = {
            "id": f"{GLOBEX}:{user['id']}",
            "organization": GLOBEX,
            "user": user["id"],
            "role": _ROLES[i % len(_ROLES)],
            "joinedAt": b.at(days=700 - i % 700),
            "disabled": False,
            "sso": i % 3 == 0,
        }
        if i % 4:
            member["lastSeenAt"] = b.at(days=i % 90, minutes=i % 60)
        members.append((member, GLOBEX, user["id"]))
    b.store.put_many("user", users)
    b.store.put_many("member", members)
    for person, role in zip(people, ["admin", "edit", "read"], strict=True):
        b.member(globex, person, role, last_seen=b.at(hours=1))
    return [user for user, _, _ in users]


def _teams(b: Builder, users: list[Doc]) -> None:
    teams: list[tuple[Doc, str, None]] = []
    memberships: list[tuple[Doc, str, str]] = []
    for t in range(300):
        team = {
            "id": f"team-globex-{t:03d}",
            "title": f"{_TOPICS[t % len(_TOPICS)]} squad {t:03d}",
            "organization": GLOBEX,
            "createdAt": b.at(days=300 - t),
        }
        teams.append((team, GLOBEX, None))
        for k in range(5):
            user = users[(t * 5 + k) % len(users)]
            memberships.append(
                (
                    {
                        "id": f"{team['id']}:{user['id']}",
                        "team": team["id"],
                        "user": user["id"],
                        "organization": GLOBEX,
                        "role": "owner" if k == 0 else "member",
                    },
                    team["id"],
                    f"{GLOBEX}:{user['id']}",
                )
            )
    b.store.put_many("team", teams)
    b.store.put_many("team-member", memberships)


def _collections(b: Builder, globex: Doc) -> list[Doc]:
    """200 collections: 20 top-level, each with 9 nested ones two levels deep."""
    collections: list[Doc] = []
    for top in range(20):
        root = b.collection(globex, f"{_TOPICS[top % len(_TOPICS)]} {top:02d}")
        collections.append(root)
        parent = root
        for sub in range(9):
            child = b.collection(
                globex, f"{root['title']} · area {sub}", parent=root if sub % 3 == 0 else parent
            )
            collections.append(child)
            parent = child
    return collections


def _big_space(b: Builder, globex: Doc, parent: Doc) -> Doc:
    text = (
        "## Overview\n\nThis page documents one part of the platform.\n\n"
        "```python\nclient.call('endpoint')\n```\n\n| Field | Type |\n| --- | --- |\n| id | string |\n"
    )
    chapters = []
    for c in range(100):
        pages = [b.page(f"Topic {c:03d}.{p:02d}", f"# Topic {c}.{p}\n\n{text}") for p in range(19)]
        chapters.append(b.page(f"Chapter {c:03d}", f"# Chapter {c}\n\n{text}", children=pages))
    return b.space(globex, "Platform encyclopedia", emoji="📚", parent=parent, pages=chapters)


def _change_requests(b: Builder, space: Doc) -> Doc:
    """500 change requests on a space; the first holds 1,000 comments."""
    requests = []
    statuses = ["open", "draft", "merged", "open", "archived"]
    main = b.store.get("revision", space["revision"]) or {"pages": []}
    revisions = {}
    for n in range(1, 501):
        revision = b.revision(
            space["id"],
            copy.deepcopy(main["pages"]),
            change_request=f"cr-globex-{n:03d}",
            parents=[space["revision"]],
        )
        revisions[n] = revision["id"]
        request = {
            "id": f"cr-globex-{n:03d}",
            "space": space["id"],
            "number": n,
            "status": statuses[n % len(statuses)],
            "subject": f"Update the {_TOPICS[n % len(_TOPICS)].lower()} guide ({n})",
            "createdBy": "u-ada" if n % 2 else "u-grace",
            "createdAt": b.at(days=500 - n),
            "updatedAt": b.at(days=500 - n),
            "revision": revision["id"],
            "revisionInitial": space["revision"],
            "contributors": ["u-ada"],
        }
        if request["status"] == "merged":
            request["revisionMerged"] = space["revision"]
        requests.append((request, space["id"], None))
    b.store.put_many("change-request", requests)
    comments = []
    for i in range(1000):
        comment = {
            "id": f"comment-globex-{i:04d}",
            "space": space["id"],
            "changeRequest": "cr-globex-001",
            "postedBy": "u-grace" if i % 3 else "u-ada",
            "postedAt": b.at(days=10, minutes=1000 - i),
            "markdown": f"Review note {i}: please check the wording of this paragraph.",
            "target": {"revision": revisions[1]},
            "reactions": {},
            "status": "resolved" if i % 5 == 0 else "open",
        }
        if comment["status"] == "resolved":
            comment["resolvedAt"] = b.at(days=9)
            comment["resolvedBy"] = "u-ada"
        comments.append((comment, space["id"], "cr-globex-001"))
    b.store.put_many("comment", comments)
    return space


def _access(store: Store, users: list[Doc], collections: list[Doc], spaces: list[Doc]) -> None:
    """Enough direct and team permissions that an aggregate differs from the roles: a team on
    every tenth collection, and on every 25th space a team and three people above their role."""
    rows: list[tuple[Doc, str, str | None]] = []

    def grant(content: Doc, content_type: str, principal: str, subject: str, role: str) -> None:
        doc = {
            "id": f"{content['id']}:{principal}:{subject}",
            "content": content["id"],
            "contentType": content_type,
            "organization": GLOBEX,
            "principal": principal,
            "subject": subject,
            "role": role,
        }
        rows.append((doc, content["id"], subject))

    for c, collection in enumerate(collections[::10]):
        grant(collection, "collection", "team", f"team-globex-{c * 7 % 300:03d}", "edit")
    for s, space in enumerate(spaces[::25]):
        grant(space, "space", "team", f"team-globex-{s % 300:03d}", "review")
        for k, role in enumerate(("admin", "edit", "create")):
            grant(space, "space", "user", users[(s * 11 + k * 97) % len(users)]["id"], role)
    store.put_many("content-permission", rows)


def build(store: Store) -> None:
    demo.build(store)
    b = Builder(store, "large")
    people = [store.get("user", uid) for uid in ("u-ada", "u-grace", "u-linus")]
    globex = b.organization(
        "Globex Corporation", id=GLOBEX, emailDomains=["globex.example"], plan="enterprise_2024"
    )
    users = _members(b, globex, [p for p in people if p is not None])
    _teams(b, users)
    collections = _collections(b, globex)
    # One collection holds 10,000 - 2 spaces, so scrolling a huge list can be measured;
    # the rest are spread over the other collections and the top level.
    spaces: list[tuple[Doc, str, str | None]] = []
    revisions: list[tuple[Doc, str, None]] = []
    crowded = collections[0]
    for i in range(9998):
        home = (
            crowded if i < 5000 else collections[1 + i % (len(collections) - 1)] if i % 50 else None
        )
        space_id = f"space-globex-{i:05d}"
        revision = {
            "id": f"rev-globex-{i:05d}",
            "space": space_id,
            "parents": [],
            "type": "edits",
            "createdAt": b.at(days=i % 365),
            "pages": [],
            "files": [],
            "variables": {},
            "reusableContents": [],
        }
        space: Doc = {
            "id": space_id,
            "title": f"{_TOPICS[i % len(_TOPICS)]} notes {i:05d}",
            "emoji": "📄",
            "visibility": "private" if i % 3 else "in-collection",
            "organization": GLOBEX,
            "createdAt": b.at(days=400 + i % 365),
            "updatedAt": b.at(days=i % 365),
            "editMode": "live",
            "language": "en",
            "revision": revision["id"],
            "defaultLevel": "inherit",
            "slug": space_id,
            "comments": 0,
            "changeRequests": 0,
            "changeRequestsOpen": 0,
            "changeRequestsDraft": 0,
        }
        if home is not None:
            space["parent"] = home["id"]
        else:
            space["visibility"] = "private"
        spaces.append((space, GLOBEX, space.get("parent")))
        revisions.append((revision, space_id, None))
    store.put_many("revision", revisions)
    store.put_many("space", spaces)
    _access(store, users, collections, [space for space, _, _ in spaces])
    encyclopedia = _big_space(b, globex, collections[1])
    reviewed = b.space(
        globex,
        "Release train",
        emoji="🚂",
        parent=collections[2],
        pages=[b.page("Process", "# Process\n\nHow changes ship.\n")],
    )
    _change_requests(b, reviewed)
    from ..records import recount_space

    recount_space(store, reviewed["id"])
    large_reviews.seed(b, globex, encyclopedia=encyclopedia, home=collections[2])
