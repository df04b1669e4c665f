"""A site editor undoes the last change, or any change of the session, and sees what undo sends."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from tui.sites.logic.journal import ClientCall, EntryState, Journal, NothingToUndo


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


class Recorder:
    """Undo callables that record what they would have sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    def undo(self, what: str, result: object = None):
        async def run() -> object:
            self.sent.append(what)
            return result

        return run


def test_a_recorded_change_keeps_its_description_time_and_inverse():
    journal = Journal(clock=Clock())
    recorder = Recorder()
    entry = journal.record(
        "Renamed the section Guides to Tutorials",
        recorder.undo("rename back"),
        [
            ClientCall(
                "site_sections",
                "update_site_section_by_id",
                ("org-1", "site-1", "sec-1"),
                {"title": "Guides"},
            )
        ],
        subject="section:sec-1",
    )
    assert entry.number == 1
    assert entry.when == datetime(2026, 11, 21, 10, 1, tzinfo=UTC)
    assert entry.describe_inverse() == (
        "site_sections.update_site_section_by_id('org-1', 'site-1', 'sec-1', title='Guides')"
    )
    assert entry.fully_restorable and entry.notes == ()
    assert list(journal) == [entry] and len(journal) == 1


async def test_undo_reverses_the_last_change_still_in_place():
    journal = Journal()
    recorder = Recorder()
    journal.record("first", recorder.undo("undo first"))
    journal.record("second", recorder.undo("undo second"))
    undone = await journal.undo()
    assert undone.description == "second" and undone.state is EntryState.UNDONE
    await journal.undo()
    assert recorder.sent == ["undo second", "undo first"]
    with pytest.raises(NothingToUndo, match="Nothing to undo: nothing"):
        await journal.undo()


async def test_any_entry_can_be_undone_and_only_once():
    journal = Journal()
    recorder = Recorder()
    first = journal.record("first", recorder.undo("undo first"))
    journal.record("second", recorder.undo("undo second"))
    await journal.undo(first)
    assert recorder.sent == ["undo first"]
    with pytest.raises(NothingToUndo, match="‘first’ is undone"):
        await journal.undo(first)
    assert journal.last_undoable() is not None
    assert journal.last_undoable().description == "second"


async def test_a_failed_undo_leaves_the_change_in_place_with_the_reason():
    journal = Journal()

    async def refused() -> None:
        raise RuntimeError("The section no longer exists.")

    entry = journal.record("moved", refused)
    with pytest.raises(RuntimeError):
        await journal.undo()
    assert entry.state is EntryState.DONE and entry.can_undo
    assert entry.last_error == "The section no longer exists."


async def test_a_second_press_while_undoing_sends_nothing_twice():
    journal = Journal()
    started, release = asyncio.Event(), asyncio.Event()
    calls = []

    async def slow() -> None:
        calls.append("undo")
        started.set()
        await release.wait()

    entry = journal.record("slow change", slow)
    first = asyncio.create_task(journal.undo())
    await started.wait()
    assert entry.state is EntryState.UNDOING
    with pytest.raises(NothingToUndo):
        await journal.undo(entry)
    with pytest.raises(NothingToUndo):
        await journal.undo()
    release.set()
    await first
    assert calls == ["undo"] and entry.state is EntryState.UNDONE


async def test_an_undo_that_recreates_a_node_keeps_what_it_returned():
    journal = Journal()
    recorder = Recorder()
    entry = journal.record(
        "Deleted the section Guides",
        recorder.undo("re-create", result={"id": "sec-new"}),
        not_restorable=["the section gets a new id", "its published URL history is lost"],
    )
    assert not entry.fully_restorable
    assert entry.notes == (
        "not fully restorable: the section gets a new id",
        "not fully restorable: its published URL history is lost",
    )
    await journal.undo()
    assert entry.result == {"id": "sec-new"}


def test_later_changes_to_the_same_subject_are_found_to_warn_before_undoing():
    journal = Journal()
    recorder = Recorder()
    renamed = journal.record("rename", recorder.undo("a"), subject="section:sec-1")
    journal.record("other", recorder.undo("b"), subject="section:sec-2")
    moved = journal.record("move", recorder.undo("c"), subject="section:sec-1")
    assert journal.later_on_same_subject(renamed) == [moved]
    assert journal.later_on_same_subject(moved) == []
    no_subject = journal.record("settings", recorder.undo("d"))
    assert journal.later_on_same_subject(no_subject) == []


def test_the_journal_lists_newest_first_and_forgets_beyond_its_capacity():
    journal = Journal(capacity=3)
    recorder = Recorder()
    for n in range(5):
        journal.record(f"change {n}", recorder.undo(str(n)))
    assert [e.description for e in journal.newest_first()] == ["change 4", "change 3", "change 2"]
    assert [e.number for e in journal] == [3, 4, 5]


def test_long_arguments_are_cut_in_the_description():
    call = ClientCall("sites", "update_site_by_id", ("org",), {"agents_context": "x" * 100})
    described = call.describe()
    assert described.startswith("sites.update_site_by_id('org', agents_context='xxx")
    assert described.endswith("…)")
    assert len(described) < 90


async def test_an_interrupted_undo_says_it_may_or_may_not_have_happened():
    journal = Journal()
    started = asyncio.Event()

    async def hangs() -> None:
        started.set()
        await asyncio.Event().wait()

    entry = journal.record("moved", hangs)
    task = asyncio.create_task(journal.undo())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert entry.can_undo
    assert entry.last_error == "the undo was interrupted: refresh to see whether it happened"
