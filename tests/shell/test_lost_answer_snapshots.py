"""Snapshots of a form whose answer was lost and whose check could not read the service either,
at 80×24 and 120×40: what it says, Check again beside Send again, the title as typed."""

from __future__ import annotations

import pytest

from tests.browse.test_dialog_snapshots import SIZES, _quiet
from tests.pilot.acting import highlight, open_northwind
from tests.shell.test_lost_answer_dialogs import AnswerDropper


@pytest.mark.parametrize("size", SIZES)
def test_rename_form_after_a_lost_answer_it_could_not_check(
    snap_compare, make_app, transport, size
):
    dropper = AnswerDropper(transport, lambda r: r.method == "PATCH")
    app = make_app(transport_override=dropper)

    async def run_before(pilot) -> None:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        dropper.offline = True
        await pilot.press("e", *"Handbook", "enter")
        await _quiet(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
