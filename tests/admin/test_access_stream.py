"""The streamed access view's file: rows spooled as they arrive, a bounded screenful kept, the
spool read back under a filter and copied where asked, formula-safe and owner-only."""

from __future__ import annotations

import csv
import stat

from tui.admin.logic.access import AccessRow
from tui.admin.logic.access_stream import (
    AccessBuild,
    copy_spool,
    next_parallel,
    scan_spool,
    write_csv,
)


def row(n: int, name: str = "", permission: str = "admin") -> AccessRow:
    return AccessRow(
        member_id=f"u-{n % 7}",
        member_name=name or f"Member {n % 7}",
        member_email=f"m{n % 7}@globex.example",
        organization_role="admin",
        space_id=f"s-{n}",
        space_title=f"Space {n}",
        permission=permission,
    )


def test_every_row_is_spooled_but_only_the_limit_is_kept():
    build = AccessBuild(limit=10)
    try:
        drawn = build.add([row(n) for n in range(25)])
        assert len(drawn) == 10 and len(build.shown) == 10
        assert build.rows == build.matched == 25
        assert build.members == {f"u-{k}" for k in range(7)}
        assert stat.S_IMODE(build.spool.path.stat().st_mode) == 0o600
    finally:
        build.close()
    assert not build.spool.path.exists()


def test_a_new_filter_is_answered_from_the_spool(tmp_path):
    build = AccessBuild(limit=3)
    build.add([row(n) for n in range(20)] + [row(99, name='=HYPERLINK("x")')])
    end = build.spool.flush()
    build.restart_filter("member 3")
    found = scan_spool(build.spool.path, build.spool.header_end, end, build.needle, 3)
    assert found.matched == 3 and [r.space_title for r in found.rows] == [
        "Space 3",
        "Space 10",
        "Space 17",
    ]
    # A formula-like name comes back as it was sent, though the spool holds it quoted.
    found = scan_spool(build.spool.path, build.spool.header_end, end, "hyperlink", 3)
    assert [r.member_name for r in found.rows] == ['=HYPERLINK("x")']
    target = tmp_path / "out.csv"
    assert copy_spool(build.spool.path, target, end, rows=build.rows) == 21
    with target.open(newline="") as handle:
        lines = list(csv.reader(handle))
    assert lines[0][0] == "Member" and len(lines) == 22
    assert lines[-1][0] == '\'=HYPERLINK("x")'
    assert copy_spool(build.spool.path, target, end, rows=build.rows, needle="member 3") == 3
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    build.close()


def test_write_csv_quotes_formulas(tmp_path):
    target = tmp_path / "members.csv"
    assert write_csv(target, ("Name",), [("=1+1",), ("Ada",)]) == 2
    assert target.read_text().splitlines() == ["Name", "'=1+1", "Ada"]


def test_fewer_spaces_are_asked_at_once_while_the_app_lags_and_more_once_it_keeps_up():
    # Over loopback the answers come faster than the app reads them: it asks fewer at once.
    lags = [0.02, 0.02, 0.02, 0.02, 0.006, 0.001, 0.001, 0.001, 0.001]
    parallel, seen = 4, []
    for lag in lags:
        parallel = next_parallel(parallel, lag, most=4)
        seen.append(parallel)
    assert seen == [3, 2, 1, 1, 1, 2, 3, 4, 4]  # never none, never more than the most
