"""Makes the SVG screenshots of docdeck's main screens from the demo: ``python screenshots/make.py``.

Every shot starts a fresh app on a fresh in-memory demo service, with the app's and the
service's clocks frozen, and drives it with the keyboard as a person would; the SVGs are
therefore the same from one run to the next unless the look or the demo data changed.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout, installed or not

import httpx  # noqa: E402
from textual.pilot import Pilot  # noqa: E402

from tui.api import Client, RetryPolicy  # noqa: E402
from tui.app import ConnectionLabel, DocdeckApp  # noqa: E402
from tui.browse.page_view import PageView  # noqa: E402
from tui.config import Config  # noqa: E402
from tui.service import create_app  # noqa: E402

FROZEN_NOW = 1_795_000_000.0
"""Both clocks stand still here, so "updated N min ago" and server timestamps never move."""

LARGE = (120, 40)
SMALL = (80, 24)

Steps = Callable[[Pilot[None]], Awaitable[None]]


def demo_client() -> Client:
    service = create_app("demo", clock=lambda: datetime.fromtimestamp(FROZEN_NOW, UTC))
    return Client(
        "demo-admin",
        base_url="http://demo.local/v1",
        transport=httpx.ASGITransport(app=service),
        retry=RetryPolicy(attempts=1),
    )


def make_app(*, connected: bool = True) -> DocdeckApp:
    if connected:
        return DocdeckApp(
            demo_client(),
            ConnectionLabel("demo", "local demo"),
            Config(),
            clock=lambda: FROZEN_NOW,
        )
    return DocdeckApp(
        None,
        None,
        Config(),
        open_demo=lambda: (demo_client(), ConnectionLabel("demo", "local demo")),
        clock=lambda: FROZEN_NOW,
    )


async def settle(pilot: Pilot[None], rounds: int = 3) -> None:
    """Let the app finish what it started: workers, then the refreshes they caused."""
    for _ in range(rounds):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause(0.05)


async def press(pilot: Pilot[None], *keys: str) -> None:
    await pilot.press(*keys)
    await settle(pilot)


# -- the way to each screen ----------------------------------------------------------------


async def organizations(pilot: Pilot[None]) -> None:
    await settle(pilot)


async def organization(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await press(pilot, "enter")  # Northwind Labs
    await press(pilot, "right")  # expand Product


async def space_page(pilot: Pilot[None], title: str = "Errors") -> None:
    await organization(pilot)
    await press(pilot, "down", "down", "enter")  # Product › API Reference
    view = pilot.app.screen.query_one(PageView)
    for _ in range(30):
        if view.page is not None and view.page.title == title:
            break
        await press(pilot, "j")
    else:
        raise RuntimeError(f"no page titled {title!r} in the page tree")
    await press(pilot, "tab")  # into the page, as a reader would go


async def space_files(pilot: Pilot[None]) -> None:
    await organization(pilot)
    await press(pilot, "down", "down", "enter")
    await press(pilot, "f")


async def search(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await press(pilot, "enter")
    await press(pilot, "s")
    await press(pilot, *"token", "enter")


async def palette(pilot: Pilot[None]) -> None:
    await organization(pilot)
    await press(pilot, "ctrl+p")
    # Hits of equal score keep the order in which their sources answered, which varies from
    # run to run: with this query no command scores the same as a place.
    await press(pilot, *"api r")


async def keys(pilot: Pilot[None]) -> None:
    await organization(pilot)
    await press(pilot, "question_mark")


async def link_report(pilot: Pilot[None]) -> None:
    await space_page(pilot, "Changelog")
    await press(pilot, "B")  # the space's broken links; Enter goes to the page holding one


async def welcome(pilot: Pilot[None]) -> None:
    await settle(pilot)


# -- administration (issue 11) --


async def admin_members(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await press(pilot, "enter", "A", "2")  # Northwind › Administration › Members
    await press(pilot, "f")
    await press(pilot, "down", "down", "down", "down", "enter")  # only the editors
    await press(pilot, "down", "space", "down", "space")  # two of them selected


async def admin_team(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await press(pilot, "enter", "A", "3", "enter")  # Teams › Docs core


async def admin_openapi(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await press(pilot, "enter", "A", "5")


async def admin_access(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await press(pilot, "enter", "A", "8")
    await press(pilot, "w", *"API Reference", "enter")  # who can edit the API reference?


async def admin_bulk_role(pilot: Pilot[None]) -> None:
    await admin_members(pilot)
    await press(pilot, "e")


# -- review (issue 8) -----------------------------------------------------------------------


async def review_queue(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await press(pilot, "enter")  # Northwind Labs
    await press(pilot, "R")  # its review queue


async def review_diff(pilot: Pilot[None]) -> None:
    await review_queue(pilot)
    await press(pilot, "1", "enter")  # review requested from me: the Python SDK restructuring


async def review_thread(pilot: Pilot[None]) -> None:
    await review_queue(pilot)
    await press(pilot, "1", "down", "enter")  # Explain when tokens expire
    await press(pilot, "t")  # its first unresolved thread


async def review_merge(pilot: Pilot[None]) -> None:
    await review_queue(pilot)
    await press(pilot, "1", "down", "enter")
    await press(pilot, "m")


# -- sites (issue 10) --


async def sites(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await press(pilot, "enter")  # Northwind Labs
    await press(pilot, "S")  # its docs sites


async def site_structure(pilot: Pilot[None]) -> None:
    await sites(pilot)
    await press(pilot, "enter")  # Northwind Docs
    await press(pilot, *["down"] * 6)  # the JavaScript SDK, shown to beta testers only


async def site_as_visitor(pilot: Pilot[None]) -> None:
    await site_structure(pilot)
    await press(pilot, "v", "a")  # as an anonymous visitor


async def site_condition(pilot: Pilot[None]) -> None:
    await sites(pilot)
    await press(pilot, "enter")
    await press(pilot, "c")  # the condition of Guides
    await press(pilot, *"visitor.claims.beta === true")


@dataclass(frozen=True)
class Shot:
    name: str
    steps: Steps
    size: tuple[int, int] = LARGE
    connected: bool = True


SHOTS = [
    Shot("organizations", organizations),
    Shot("organization", organization),
    Shot("space-page", space_page),
    Shot("space-files", space_files),
    Shot("search", search),
    Shot("palette", palette),
    Shot("keys", keys),
    Shot("links", link_report),
    Shot("welcome", welcome, connected=False),
    Shot("space-page-80x24", lambda pilot: space_page(pilot, "Rate limits"), SMALL),
    # -- administration (issue 11) --
    Shot("admin-members", admin_members),
    Shot("admin-bulk-role", admin_bulk_role),
    Shot("admin-team", admin_team),
    Shot("admin-openapi", admin_openapi),
    Shot("admin-access", admin_access),
    Shot("admin-members-80x24", admin_members, SMALL),
    # -- review (issue 8) --
    Shot("review-queue", review_queue),
    Shot("review-diff", review_diff),
    Shot("review-diff-80x24", review_diff, SMALL),
    Shot("review-thread", review_thread),
    Shot("review-merge", review_merge),
    # -- sites (issue 10) --
    Shot("sites", sites),
    Shot("site-as-visitor", site_as_visitor),
    Shot("site-condition", site_condition),
    Shot("site-structure-80x24", site_structure, SMALL),
]


async def take(shot: Shot, folder: Path) -> Path:
    app = make_app(connected=shot.connected)
    async with app.run_test(size=shot.size) as pilot:
        await shot.steps(pilot)
        path = Path(app.save_screenshot(f"{shot.name}.svg", str(folder)))
    error: Any = app.last_error
    if error is not None:
        raise RuntimeError(f"{shot.name}: the app reported {error.title}: {error.message}")
    return path


async def main() -> None:
    # Drafts of comments would come back into the shots: keep them in a folder of their own.
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="docdeck-shots-")
    names = set(sys.argv[1:])
    for shot in SHOTS:
        if names and shot.name not in names:
            continue
        path = await take(shot, HERE)
        print(f"{path.relative_to(HERE.parent)}  {shot.size[0]}×{shot.size[1]}")


if __name__ == "__main__":
    asyncio.run(main())
