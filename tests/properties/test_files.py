"""Files on disk: a full disk never destroys the token store; links and special files are refused;
what is read is bounded; every file docdeck writes is 0600 and every folder 0700."""

from __future__ import annotations

import asyncio
import errno
import os
import stat

import pytest

from tui import cli
from tui.config import ConfigError, TokenStore
from tui.first_screen import FirstScreenCache, OrganizationSummary
from tui.review.logic.drafts import DraftKind, DraftStore, ThreadKey

THREAD = ThreadKey("space-1", change_request_id="cr-3", comment_id="c-9")


def mode(path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@pytest.fixture
def tokens(tmp_path):
    return TokenStore(tmp_path / "config", use_keyring=False)


def test_login_on_a_full_disk_leaves_every_stored_token_as_it_was(tokens, monkeypatch):
    tokens.save("work", "token-work")
    tokens.save("home", "token-home")

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", full)
        with pytest.raises(ConfigError, match="cannot write the token store"):
            tokens.save("prod", "token-prod")
    assert (tokens.load("work"), tokens.load("home"), tokens.load("prod")) == (
        "token-work",
        "token-home",
        None,
    )
    assert [p.name for p in tokens.directory.iterdir()] == ["credentials.json"]  # no leftovers


def test_a_link_at_the_token_store_is_refused_and_its_target_never_written(tokens, tmp_path):
    target = tmp_path / "elsewhere" / "stolen.json"
    target.parent.mkdir()
    tokens.directory.mkdir()
    tokens.file.symlink_to(target)  # dangling: the target does not exist yet
    with pytest.raises(ConfigError, match="symbolic link"):
        tokens.save("work", "token-work")
    assert not target.exists()
    assert tokens.file.is_symlink()


def test_a_token_store_that_is_a_fifo_or_endless_is_refused_without_hanging(tokens):
    tokens.directory.mkdir()
    os.mkfifo(tokens.file)
    with pytest.raises(ConfigError, match="not a regular file"):
        tokens.load("work")
    tokens.file.unlink()
    tokens.file.write_bytes(b"{" + b" " * (2 * 1024 * 1024) + b"}")
    with pytest.raises(ConfigError, match="larger than"):
        tokens.load("work")


def test_the_token_store_and_its_folder_are_private(tokens):
    tokens.save("work", "token-work")
    assert mode(tokens.file) == 0o600 and mode(tokens.directory) == 0o700


@pytest.fixture
def cache(tmp_path):
    return FirstScreenCache(tmp_path / "cache")


ORGS = [OrganizationSummary("org-1", "Northwind")]


def test_a_link_in_place_of_the_first_screen_cache_is_never_written_through(cache, tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("mine")
    cache.directory.mkdir(parents=True)
    path = cache.path("work", "http://x/v1")
    path.symlink_to(target)
    path.with_suffix(".partial").symlink_to(target)
    cache.save("work", "http://x/v1", ORGS)
    assert target.read_text() == "mine"
    assert cache.load("work", "http://x/v1") is None  # a link is not read either


def test_a_first_screen_cache_that_is_a_fifo_or_dev_zero_paints_nothing(cache):
    cache.directory.mkdir(parents=True)
    path = cache.path("work", "http://x/v1")
    os.mkfifo(path)
    assert cache.load("work", "http://x/v1") is None  # at once: no writer is waited for
    path.unlink()
    path.symlink_to("/dev/zero")
    assert cache.load("work", "http://x/v1") is None


def test_the_first_screen_cache_keeps_a_title_with_a_lone_surrogate_and_is_private(cache):
    cache.save("work", "http://x/v1", [OrganizationSummary("org-1", "North \ud800wind")])
    assert [o.title for o in cache.load("work", "http://x/v1") or []] == ["North \ud800wind"]
    assert not list(cache.directory.glob("*.partial"))
    assert mode(cache.path("work", "http://x/v1")) == 0o600
    assert mode(cache.directory) == 0o700 and mode(cache.root) == 0o700


def test_a_draft_pointing_at_dev_zero_or_a_fifo_is_skipped_not_read(tmp_path):
    store = DraftStore(tmp_path / "drafts")
    store.save(THREAD, DraftKind.REPLY, "kept")
    path = next(store.folder.glob("*.json"))
    other = store.folder / ("0" * 32 + ".json")
    other.symlink_to("/dev/zero")
    os.mkfifo(store.folder / ("1" * 32 + ".json"))
    assert [d.body for d in store.list()] == ["kept"]
    path.unlink()
    path.symlink_to("/dev/zero")
    assert store.load(THREAD, DraftKind.REPLY) is None


def test_drafts_and_their_folders_are_private(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    (tmp_path / "data" / "docdeck").mkdir(parents=True, mode=0o755)
    os.chmod(tmp_path / "data" / "docdeck", 0o755)
    store = DraftStore.for_profile("work")
    store.save(THREAD, DraftKind.REPLY, "kept")
    assert mode(next(store.folder.glob("*.json"))) == 0o600
    assert mode(store.folder) == mode(store.folder.parent) == 0o700
    assert mode(tmp_path / "data" / "docdeck") == 0o700


def test_the_demo_database_its_wal_and_shm_and_the_data_folder_are_private(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    client, _ = cli._demo_client()
    folder = tmp_path / "data" / "docdeck"
    database = folder / "demo.sqlite3"
    assert mode(folder) == 0o700 and mode(database) == 0o600
    wal, shm = (folder / "demo.sqlite3-wal", folder / "demo.sqlite3-shm")
    assert wal.exists() and shm.exists()
    assert mode(wal) == 0o600 and mode(shm) == 0o600
    asyncio.run(client.aclose())


def test_the_config_file_is_private(tmp_path, monkeypatch):
    from tui.config import Config, Profile, save_config

    path = tmp_path / "config" / "config.toml"
    save_config(Config(profiles={"work": Profile("http://x/v1")}), path)
    assert mode(path) == 0o600 and mode(path.parent) == 0o700
