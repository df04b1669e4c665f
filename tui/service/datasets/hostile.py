"""Provides the hostile dataset: what real servers send and what breaks terminal apps.

Markup-like titles, escape sequences and other control characters, right-to-left overrides,
combining marks, wide CJK text and emoji sequences, titles at exactly their maximum length,
200 KB of markdown, pages nested 50 levels deep, empty spaces and empty lists. The demo tokens
are members of the hostile organisation, which holds all of it.
"""

from __future__ import annotations

from ..records import recount_space
from ..store import Doc, Store
from .builder import Builder

__all__ = ["HOSTILE", "NASTY_TITLES", "build"]

HOSTILE = "org-hostile"

# Each of these must show on screen exactly as written (or, for control characters, as a
# visible placeholder), and none may act on the terminal or the app.
NASTY_TITLES = [
    "[/]",
    "[bold]x",
    "[@click=app.quit]y",
    "\x1b[31mred\x1b[0m and \x1b]0;pwned\x07",
    "bell\x07 back\x08space null\x00 del\x7f c1\x9b",
    "\u202eevil\u202c.exe (RTL override)",
    "Z̷̢̛a̶̡͝l̸̨̛g̷̨̕o̶̧͠ combining",
    "文档中心 ドキュメント 문서",
    "👩🏽‍💻 🏳️‍🌈 🇫🇷 family 👨‍👩‍👧‍👦",
    "line\nbreak\ttab",
    "$(rm -rf ~) `whoami` %s %n {0}",
]


def _nasty_threads(b: Builder, space: Doc, page: Doc, title: str) -> None:
    """A comment with a reply, and a change request, whose texts are the nasty title."""
    comment = {
        "id": b.id("comment"),
        "space": space["id"],
        "changeRequest": None,
        "postedBy": "u-grace",
        "postedAt": b.at(days=1),
        "markdown": f"{title} — is this {title!r} safe?",
        "target": {
            "revision": space["revision"],
            "page": {"id": page["id"], "title": page["title"], "path": page["slug"]},
        },
        "reactions": {"🧨": {"u-ada": b.at(hours=20)}},
        "status": "open",
    }
    b.store.put("comment", comment, scope=space["id"], parent="space")
    reply = {
        "id": b.id("reply"),
        "comment": comment["id"],
        "space": space["id"],
        "changeRequest": None,
        "postedBy": "u-linus",
        "postedAt": b.at(hours=12),
        "markdown": title,
        "reactions": {},
    }
    b.store.put("comment-reply", reply, scope=space["id"], parent=comment["id"])
    revision = b.revision(
        space["id"], [dict(page)], parents=[space["revision"]], change_request=None
    )
    request = {
        "id": b.id("change-request"),
        "space": space["id"],
        "number": 1,
        "status": "open",
        "subject": title,
        "createdBy": "u-grace",
        "contributors": ["u-grace"],
        "createdAt": b.at(days=2),
        "updatedAt": b.at(days=2),
        "revision": revision["id"],
        "revisionInitial": space["revision"],
    }
    b.store.put(
        "revision",
        {**revision, "changeRequest": request["id"]},
        scope=space["id"],
        parent=request["id"],
    )
    b.store.put("change-request", request, scope=space["id"])
    recount_space(b.store, space["id"])


def build(store: Store) -> None:
    b = Builder(store, "hostile")
    ada = b.user("Ada Lovelace", "ada@northwind.dev", id="u-ada")
    grace = b.user("[red]Grace[/red] \u202eHopper", "grace@northwind.dev", id="u-grace")
    linus = b.user("Linus \x1b[2J Pauling", "linus@northwind.dev", id="u-linus")
    b.token("demo-admin", ada)
    b.token("demo-editor", grace)
    b.token("demo-reader", linus)
    hostile = b.organization(
        "[b]Hostile[/b] ☠ \x1b[5mOrg", id=HOSTILE, emailDomains=["northwind.dev"]
    )
    b.member(hostile, ada, "admin", last_seen=b.at(minutes=1))
    b.member(hostile, grace, "edit")
    b.member(hostile, linus, "read")
    empty = b.organization("An organisation with nothing in it", id="org-empty")
    b.member(empty, ada, "admin")

    longest = b.collection(hostile, "C" * 49 + "…")  # exactly 50 characters
    nasty = b.collection(hostile, "[/]", description="[bold]not bold[/bold] \x1b[31m")
    b.collection(hostile, "Empty collection")

    # Spaces with nasty titles, each holding a page with the same title and a nasty body.
    for index, title in enumerate(NASTY_TITLES):
        page = b.page(
            title.replace("\n", " ") or "untitled",
            f"# {title}\n\nBody: {title}\n",
            slug=f"nasty-{index}",
        )
        space = b.space(
            hostile, title[:50], emoji="🧨", parent=nasty if index % 2 else None, pages=[page]
        )
        _nasty_threads(b, space, page, title)

    b.space(
        hostile,
        "S" * 50,
        emoji="😀" * 25,
        parent=longest,
        pages=[b.page("P" * 200, "A title far longer than any screen.\n")],
    )
    b.space(hostile, "An empty space", parent=longest, pages=[])

    paragraph = (
        "Lorem ipsum dolor sit amet, [bold]consectetur[/bold] adipiscing elit \x1b[1m sed do "
        "eiusmod tempor incididunt ut labore et dolore magna aliqua. 文档 👩🏽‍💻\n\n"
    )
    huge = "# A very long page\n\n" + "".join(
        f"## Section {i}\n\n{paragraph}" for i in range(200_000 // (len(paragraph) + 20))
    )
    deep = b.page("Level 50", "# The bottom\n\nFifty levels down.\n")
    for level in range(49, 0, -1):
        deep = b.page(f"Level {level}", f"# Level {level}\n", children=[deep])
    b.space(
        hostile,
        "Deep and huge",
        emoji="🕳️",
        pages=[
            deep,
            b.page("Two hundred kilobytes", huge),
            b.page("Empty page", ""),
            b.page(
                "[link](javascript:alert(1))",
                "[click me](javascript:alert(1)) and <script>x</script>\n",
            ),
        ],
    )
