"""Benchmarks of the pure logic under the review and sites screens (not part of the default run).

Run: ``python -m pytest tests/benchmarks/bench_data.py -s -n 0`` (figures are medians of 5 runs).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from tui.review.logic.changes import compare
from tui.review.logic.diff import MarkdownDiff
from tui.review.logic.diff_segments import unified_segments
from tui.sites.logic.conditions import Visitor, evaluate, parse
from tui.sites.logic.visitor_schema import VisitorSchema


def _median_ms(run: Callable[[], Any], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def _markdown_page(sections: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    lines: list[str] = []
    for n in range(sections):
        sentence = f"Section {n} explains the retry policy of call {rng.random():.6f}. " * 4
        lines += [f"## Section {n}", "", sentence, "", "```python", "client.call()", "```", ""]
    return lines


def _first_screen(diff: MarkdownDiff) -> int:
    """What the screen does before its first paint: rows, then 40 rows' segments."""
    rows = diff.unified(context=3)
    for row in rows[:40]:
        unified_segments(row, clean=str, number_width=diff.number_width)
    return len(rows)


def test_diff_of_a_two_hundred_kilobyte_page() -> None:
    old = _markdown_page(760)
    old_text = "\n".join(old) + "\n"
    cases = {
        "scattered edits (1 line in 97)": [
            line + " edited" if n % 97 == 0 else line for n, line in enumerate(old)
        ],
        "every line rewritten": [line + " (v2)" if line else line for line in old],
        "a third inserted, a block moved": old[:1000]
        + _markdown_page(200, 2)
        + old[3000:]
        + old[1000:3000],
    }
    print(f"\npage: {len(old_text) / 1024:.0f} KiB, {len(old)} lines")
    for name, new in cases.items():
        new_text = "\n".join(new) + "\n"
        build_ms = _median_ms(lambda new_text=new_text: MarkdownDiff(old_text, new_text))
        diff = MarkdownDiff(old_text, new_text)
        paint_ms = _median_ms(lambda diff=diff: _first_screen(diff))
        side_ms = _median_ms(lambda diff=diff: diff.side_by_side(context=3))
        print(
            f"{name:34s} diff {build_ms:6.1f} ms  unified rows + first screen {paint_ms:6.1f} ms"
            f"  side-by-side rows {side_ms:6.1f} ms  (+{diff.added} -{diff.removed})"
        )


def test_structure_of_a_thousand_changed_pages() -> None:
    def tree(suffix: str) -> list[dict[str, Any]]:
        return [
            {
                "id": f"g{g}",
                "title": f"Group {g}",
                "pages": [
                    {"id": f"p{g}-{n}", "title": f"Page {n}", "markdown": f"# {n}\n{suffix}"}
                    for n in range(50)
                ],
            }
            for g in range(20)
        ]

    base, head = tree(""), tree("edited")
    head[0]["pages"].insert(0, head[1]["pages"].pop())
    ms = _median_ms(lambda: compare(base, head))
    print(f"\ncompare of 1,020 pages, 1,000 edited and 1 moved: {ms:.1f} ms")


def test_conditions_of_a_site_with_a_hundred_sections() -> None:
    schema = VisitorSchema()
    for n in range(20):
        schema = schema.with_claim(f"claim_{n}")
    conditions = [
        f"visitor.claims.claim_{n % 20} === true && !visitor.claims.claim_{(n + 1) % 20}"
        for n in range(100)
    ]
    visitor = Visitor.of(schema, on=schema.signed[::2])
    parse_ms = _median_ms(lambda: [parse(c, schema) for c in conditions])
    evaluate_ms = _median_ms(lambda: [evaluate(c, visitor) for c in conditions])
    print(f"\n100 conditions: parse and check {parse_ms:.2f} ms, evaluate {evaluate_ms:.2f} ms")
