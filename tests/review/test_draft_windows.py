"""Two windows on one thread: neither window's text is lost when both keep a draft of it."""

from __future__ import annotations

import pytest

from tui.review.drafts import ANOTHER_WINDOW, DraftKeeper
from tui.review.logic.drafts import DraftChangedError, DraftKind, DraftStore, ThreadKey

THREAD = ThreadKey("space-1", change_request_id="cr-3", comment_id="c-9")


class Timer:
    def stop(self) -> None:
        pass


class Window:
    """Stands in for a thread screen: a reply box, the line beside it, timers nobody runs."""

    def __init__(self, store: DraftStore) -> None:
        self.app = self  # each window is its own app (its own process)
        self.box = ""
        self.said: list[str] = []
        self.keeper = DraftKeeper(
            self,
            store,
            THREAD,
            DraftKind.REPLY,
            text=lambda: self.box,
            say=self.said.append,
            label=lambda: "Reply to Ada",
        )
        self.keeper.load()

    def set_timer(self, delay: float, callback: object) -> Timer:
        return Timer()

    def type(self, words: str) -> None:
        self.box += words
        self.keeper.changed()
        self.keeper.keep()


@pytest.fixture
def store(tmp_path) -> DraftStore:
    return DraftStore(tmp_path / "drafts")


def test_a_second_window_on_the_same_thread_keeps_both_replies(store):
    first, second = Window(store), Window(store)
    first.type("From the laptop")
    second.type("From the desktop")
    assert second.said == [ANOTHER_WINDOW]
    assert sorted(d.body for d in store.list()) == ["From the desktop", "From the laptop"]
    first.type(", more")
    second.type(", more too")
    assert first.said == []
    assert sorted(d.body for d in store.list()) == [
        "From the desktop, more too",
        "From the laptop, more",
    ]
    assert store.load(THREAD, DraftKind.REPLY).body == "From the laptop, more"


def test_sending_from_one_window_leaves_the_other_windows_reply(store):
    first, second = Window(store), Window(store)
    first.type("From the laptop")
    second.type("From the desktop")
    second.keeper.discard()  # sent
    assert [d.body for d in store.list()] == ["From the laptop"]


def test_a_save_that_names_what_it_last_saw_is_refused_when_the_file_changed(store):
    store.save(THREAD, DraftKind.REPLY, "theirs")
    with pytest.raises(DraftChangedError) as refused:
        store.save(THREAD, DraftKind.REPLY, "mine", known=None)
    assert refused.value.theirs.body == "theirs"
    assert store.load(THREAD, DraftKind.REPLY).body == "theirs"


def test_a_draft_holding_a_lone_surrogate_is_kept_exactly(store):
    store.save(THREAD, DraftKind.REPLY, "to Mallory \ud800", label="Reply to Mallory \ud800")
    draft = store.load(THREAD, DraftKind.REPLY)
    assert (draft.body, draft.label) == ("to Mallory \ud800", "Reply to Mallory \ud800")
