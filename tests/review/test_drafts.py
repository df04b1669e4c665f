"""A reviewer's half-written reply survives leaving the thread, a crash and a restart."""

from __future__ import annotations

import json
import os
import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tui.review.logic.drafts import DraftKind, DraftStore, ThreadKey

THREAD = ThreadKey("space-1", change_request_id="cr-3", page_id="page-2", comment_id="c-9")
NEW_ON_PAGE = ThreadKey("space-1", change_request_id="cr-3", page_id="page-2")
SPACE_THREAD = ThreadKey("space-2", comment_id="c-1")


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=30)
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> DraftStore:
    return DraftStore(tmp_path / "drafts", Clock())


def test_a_reply_typed_in_one_session_is_offered_back_in_the_next(store, tmp_path):
    store.save(
        THREAD, DraftKind.REPLY, "Agreed, but [b]not[/b] this\nline two", label="Reply to Ada"
    )
    restarted = DraftStore(tmp_path / "drafts")
    draft = restarted.load(THREAD, DraftKind.REPLY)
    assert draft is not None
    assert draft.body == "Agreed, but [b]not[/b] this\nline two"
    assert draft.label == "Reply to Ada"
    assert draft.key == THREAD and draft.kind is DraftKind.REPLY
    assert draft.updated_at == datetime(2026, 11, 21, 10, 0, 30, tzinfo=UTC)


def test_each_kind_of_draft_of_a_thread_is_kept_apart(store):
    store.save(THREAD, DraftKind.REPLY, "a reply")
    store.save(THREAD, DraftKind.EDIT, "the comment, edited")
    store.save(NEW_ON_PAGE, DraftKind.NEW_COMMENT, "a new thread")
    assert store.load(THREAD, DraftKind.REPLY).body == "a reply"
    assert store.load(THREAD, DraftKind.EDIT).body == "the comment, edited"
    assert store.load(NEW_ON_PAGE, DraftKind.NEW_COMMENT).body == "a new thread"
    assert store.load(NEW_ON_PAGE, DraftKind.REPLY) is None


def test_saving_again_replaces_the_draft(store):
    store.save(THREAD, DraftKind.REPLY, "first")
    store.save(THREAD, DraftKind.REPLY, "second")
    assert store.load(THREAD, DraftKind.REPLY).body == "second"
    assert len(store.list()) == 1


def test_a_sent_draft_is_removed(store):
    store.save(THREAD, DraftKind.REPLY, "sent soon")
    assert store.discard(THREAD, DraftKind.REPLY) is True
    assert store.load(THREAD, DraftKind.REPLY) is None
    assert store.discard(THREAD, DraftKind.REPLY) is False
    assert list(store.folder.iterdir()) == []


def test_clearing_the_box_discards_the_draft(store):
    store.save(THREAD, DraftKind.REPLY, "something")
    assert store.save(THREAD, DraftKind.REPLY, "  \n ") is None
    assert store.load(THREAD, DraftKind.REPLY) is None


def test_drafts_are_listed_newest_first_and_by_space_or_change_request(store):
    store.save(THREAD, DraftKind.REPLY, "one")
    store.save(SPACE_THREAD, DraftKind.REPLY, "two")
    store.save(NEW_ON_PAGE, DraftKind.NEW_COMMENT, "three")
    assert [d.body for d in store.list()] == ["three", "two", "one"]
    assert [d.body for d in store.list(space_id="space-1")] == ["three", "one"]
    assert [d.body for d in store.list(change_request_id="cr-3")] == ["three", "one"]
    assert DraftStore(store.folder / "nowhere").list() == []


def test_drafts_are_private_files_in_a_private_folder(store):
    store.save(THREAD, DraftKind.REPLY, "private")
    (path,) = store.folder.iterdir()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(store.folder).st_mode) & 0o077 == 0


def test_a_draft_file_holds_what_was_typed_and_where_nothing_else(store):
    store.save(THREAD, DraftKind.REPLY, "body", label="Reply to Ada")
    (path,) = store.folder.iterdir()
    document = json.loads(path.read_text())
    assert set(document) == {"format", "key", "kind", "label", "body", "updatedAt"}
    assert set(document["key"]) == {
        "space_id",
        "change_request_id",
        "page_id",
        "comment_id",
        "reply_id",
    }
    # Ids from the server never make paths: the name is a digest.
    assert path.name.endswith(".json") and "space-1" not in path.name


def test_ids_that_look_like_paths_stay_inside_the_folder(store):
    hostile = ThreadKey("../../etc", comment_id="/tmp/x")
    store.save(hostile, DraftKind.REPLY, "still here")
    assert [p.parent for p in store.folder.iterdir()] == [store.folder]
    assert store.load(hostile, DraftKind.REPLY).body == "still here"


def test_a_damaged_file_is_skipped_and_kept_and_the_others_still_list(store):
    store.save(THREAD, DraftKind.REPLY, "good")
    (store.folder / "0123.json").write_text("{not json")
    (store.folder / "feed.json").write_text(json.dumps({"format": 99}))
    assert [d.body for d in store.list()] == ["good"]
    assert (store.folder / "0123.json").exists()


def test_a_file_renamed_onto_another_threads_name_is_not_offered_there(store):
    store.save(THREAD, DraftKind.REPLY, "for thread c-9")
    (path,) = store.folder.iterdir()
    other = store._path(SPACE_THREAD, DraftKind.REPLY)
    path.rename(other)
    assert store.load(SPACE_THREAD, DraftKind.REPLY) is None


def test_the_default_store_is_per_profile_in_the_user_data_directory(monkeypatch, tmp_path):
    monkeypatch.setattr("tui.review.logic.drafts.data_dir", lambda: tmp_path)
    assert DraftStore.for_profile("work").folder == tmp_path / "drafts" / "work"
    assert DraftStore.for_profile("../x").folder == tmp_path / "drafts" / "_x"
    assert DraftStore.for_profile("..").folder == tmp_path / "drafts" / "default"
