"""What is new since the user last looked, kept on disk, and when the app looks again."""

from __future__ import annotations

import stat

import pytest

from tui.config import Config, ConfigError, load_config
from tui.review.logic.activity import Facts, SeenStore, what_is_new
from tui.shell.polling import PollSchedule


def test_a_change_request_never_seen_is_new_and_one_unchanged_says_nothing():
    now = Facts("open", threads=2, reviews=1, updated_at="t1")
    assert what_is_new(None, now) == ["new"]
    assert what_is_new(now, now) == []


def test_new_threads_a_status_a_review_and_a_request_are_said():
    seen = Facts("open", threads=1, reviews=0, updated_at="t1")
    now = Facts("merged", threads=3, reviews=1, requested_from_me=True, updated_at="t2")
    assert what_is_new(seen, now) == [
        "2 new threads",
        "merged",
        "new review",
        "your review requested",
    ]
    assert what_is_new(seen, Facts("open", 1, 0, updated_at="t2")) == ["updated"]


def test_looking_backs_off_while_nothing_changes_and_starts_over_after_a_change():
    schedule = PollSchedule(60)
    assert [schedule.answered(changed=False) for _ in range(4)] == [120, 240, 480, 480]
    assert schedule.answered(changed=True) == 60


def test_a_429_waits_at_least_what_the_service_asks():
    schedule = PollSchedule(60)
    assert schedule.throttled(None) == 120
    assert schedule.throttled(900) == 900
    assert schedule.answered(changed=True) == 60


def test_what_was_seen_survives_a_restart_in_a_file_only_its_owner_reads(tmp_path):
    store = SeenStore(tmp_path / "seen" / "default.json")
    assert not store.exists() and store.load() == {}
    store.save({"s/cr": Facts("open", 2, 1, True, "t")})
    assert SeenStore(store.path).load() == {"s/cr": Facts("open", 2, 1, True, "t")}
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert [p.name for p in store.path.parent.iterdir()] == ["default.json"]  # no leftovers


def test_a_corrupt_file_reads_as_nothing_seen(tmp_path):
    path = tmp_path / "seen.json"
    path.write_text("{not json")
    assert SeenStore(path).load() == {}


def test_a_profile_name_cannot_climb_out_of_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = SeenStore.for_profile("../../etc").path
    assert path is not None and tmp_path in path.parents and ".." not in path.parts


def test_the_poll_interval_comes_from_config_toml(tmp_path):
    path = tmp_path / "config.toml"
    assert Config().poll_interval == 60
    path.write_text("poll_interval = 15\n")
    assert load_config(path).poll_interval == 15
    path.write_text('poll_interval = "often"\n')
    with pytest.raises(ConfigError, match="poll_interval"):
        load_config(path)


def test_a_change_request_seen_elsewhere_is_kept_only_after_the_queue_s_first_look(tmp_path):
    for store in (SeenStore(tmp_path / "seen.json"), SeenStore(None)):
        facts = Facts(status="open", threads=2, reviews=1, updated_at="2026-11-25T10:00:00")
        store.see("space/cr", facts)
        assert not store.exists()  # before the first look, nothing is news: keep nothing
        store.save({})
        store.see("space/cr", facts)
        assert store.load() == {"space/cr": facts}
