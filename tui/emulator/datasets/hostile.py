"""Provides the hostile dataset: what real servers send and what breaks terminal apps.

Markup-like titles, escape sequences and other control characters, right-to-left overrides,
combining marks, wide CJK text and emoji sequences, titles at exactly their maximum length,
200 KB of markdown, pages nested 50 levels deep, empty spaces and empty lists. The demo tokens
are members of the hostile organisation, which holds all of it.
"""

from __future__ import annotations

from ..store import Store
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


def build(store: Store) -> None:
    b = Builder(store, "hostile")
    ada = b.user("Ada Lovelace", "ada@northwind.dev", id="u-ada")
    grace = b.user("[red]Grace[/red] \u202eHopper", "grace@northwind.dev", id="u-grace")
    linus = b.user("Linus \x1b[2J Pauling", "linus@northwind.dev", id="u-linus")
    b.token("demo-admin", ada)
    b.token("demo-editor", grace)
    b.token("demo-reader", linus)
    hostile = b.organization("[b]Hostile[/b] ☠ \x1b[5mOrg", id=HOSTILE, emailDomains=["northwind.dev"])
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
        page = b.page(title.replace("\n", " ") or "untitled", f"# {title}\n\nBody: {title}\n", slug=f"nasty-{index}")
        b.space(hostile, title[:50], emoji="🧨", parent=nasty if index % 2 else None, pages=[page])

    b.space(hostile, "S" * 50, emoji="😀" * 25, parent=longest, pages=[
        b.page("P" * 200, "A title far longer than any screen.\n")
    ])
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
    b.space(hostile, "Deep and huge", emoji="🕳️", pages=[
        deep,
        b.page("Two hundred kilobytes", huge),
        b.page("Empty page", ""),
        b.page("[link](javascript:alert(1))", "[click me](javascript:alert(1)) and <script>x</script>\n"),
    ])
