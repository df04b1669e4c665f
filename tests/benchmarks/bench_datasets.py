"""Benchmarks of building the datasets and opening a very long page (not part of the default run).

Run: ``python -m pytest tests/benchmarks/bench_datasets.py -s -n 0``. Figures are printed; the
assertions only check that each run did what it measures.
"""

from __future__ import annotations

import statistics
import time

from textual.app import App, ComposeResult

from tui.api.models import RevisionPage
from tui.browse.page_view import PageView
from tui.service import create_app

PARAGRAPH = "Words about the product, repeated to make a very long page indeed.\n\n"
LONG = "# Long\n\n" + "".join(f"## Section {i}\n\n{PARAGRAPH}" for i in range(2500))


def test_building_the_large_dataset():
    times = []
    for _ in range(3):
        started = time.perf_counter()
        app = create_app("large")
        times.append(time.perf_counter() - started)
        assert app.state.emulator.store.get("organization", "org-globex") is not None
    print(f"\nlarge dataset built in {statistics.median(times):.2f} s (median of 3)")


class OnePage(App[None]):
    def compose(self) -> ComposeResult:
        yield PageView()


async def test_opening_a_200_kb_page():
    times = []
    for _ in range(3):
        app = OnePage()
        async with app.run_test(size=(80, 24)) as pilot:
            view = app.query_one(PageView)
            started = time.perf_counter()
            await view.show_page(RevisionPage(id="p", title="Long", markdown=LONG))
            await pilot.pause()
            times.append(time.perf_counter() - started)
            assert "Section 2499" not in view.markdown.source  # only the first part is shown
    print(
        f"\na page of {len(LONG) // 1000} KB shows its first part in "
        f"{statistics.median(times) * 1000:.0f} ms (median of 3)"
    )
