"""Settings do what they say, read from a real config.toml through the command line's door."""

from __future__ import annotations

import functools
import marshal
import os
import shutil
import stat
import sys
import tomllib

import pytest

import tui.api
from tests.pilot.acting import open_northwind
from tests.pilot.fixtures import BASE_URL, settle
from tui import cli
from tui.app import DocdeckApp
from tui.widgets import StatusLine

CONFIG = f"""\
default_profile = "prod"
theme = "nord"
telemetry = false

[profiles.prod]
base_url = "{BASE_URL}"
read_only = true
colour = "red"

[profiles.staging]
base_url = "http://staging.example/v1"

[keys]
"app.quit" = "q,ctrl+q"
"""


@pytest.fixture
def config_file(tmp_path, monkeypatch):
    path = tmp_path / "config" / "config.toml"
    path.parent.mkdir()
    path.write_text(CONFIG)
    monkeypatch.setenv("DOCDECK_CONFIG", str(path))
    monkeypatch.setenv("DOCDECK_NO_KEYRING", "1")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("DOCDECK_TOKEN", raising=False)
    monkeypatch.delenv("DOCDECK_BASE_URL", raising=False)
    return path


async def test_read_only_in_a_profile_of_the_file_shows_and_no_write_reaches_the_service(
    config_file, transport, monkeypatch
):
    # The command line makes its client as usual; only its requests go to the test's service.
    monkeypatch.setattr(tui.api, "Client", functools.partial(tui.api.Client, transport=transport))
    app = cli.build_app(cli._parser().parse_args(["--token", "demo-admin"]))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_northwind(pilot)
        assert "read-only" in screen.query_one(StatusLine).render().plain
        await pilot.press("n", "N", "e", "d")
        await settle(pilot)
        assert app.screen is screen  # no form opened
    assert [s.method for s in transport.sent if s.method != "GET"] == []
    assert app.last_error is None


def test_login_keeps_read_only_and_every_other_setting_of_the_file(config_file, monkeypatch):
    before = tomllib.loads(config_file.read_text())
    monkeypatch.setattr("getpass.getpass", lambda prompt: "demo-admin")
    monkeypatch.setattr(cli, "_check_token", lambda base_url, token: "Ada Lovelace")
    assert cli.main(["login", "--profile", "prod"]) == 0
    assert tomllib.loads(config_file.read_text()) == before
    assert cli.main(["login", "--profile", "new", "--base-url", "http://new.example/v1"]) == 0
    after = tomllib.loads(config_file.read_text())
    assert after["profiles"].pop("new") == {"base_url": "http://new.example/v1"}
    assert after == before
    assert stat.S_IMODE(os.stat(config_file).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(config_file.parent).st_mode) == 0o700


def test_a_profile_whose_read_only_is_not_true_or_false_is_refused_by_name(config_file, capsys):
    config_file.write_text(CONFIG.replace("read_only = true", 'read_only = "yes"'))
    assert cli.main(["logout"]) == 2
    assert "profiles.prod.read_only" in capsys.readouterr().err


def _started() -> DocdeckApp:
    """The app as ``docdeck`` starts it (on the file's default profile, with no token: the
    connect screen), built but not run."""
    app: DocdeckApp = cli.build_app(cli._parser().parse_args([]))
    return app


def test_the_file_is_parsed_once_and_an_edit_is_read_at_the_next_start(config_file, tmp_path):
    assert _started().config.theme == "nord"
    kept = tmp_path / "cache" / "docdeck" / "config" / "parsed.marshal"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600  # the parse, kept for the next start
    assert stat.S_IMODE(kept.parent.stat().st_mode) == 0o700
    assert _started().config.theme == "nord"
    config_file.write_text(CONFIG.replace('theme = "nord"', 'theme = "dracula"'))
    app = _started()
    assert app.config.theme == "dracula"  # the kept parse was of another text
    assert app.config.profiles["prod"].read_only


def _forge(path, **changes) -> None:
    """A kept parse of the fixture's very text that says another theme (were it used)."""
    parser = f"tomllib of Python {sys.version_info[0]}.{sys.version_info[1]}"
    forged = {"format": 1, "parser": parser, "text": CONFIG, "document": {"theme": "dracula"}}
    path.write_bytes(marshal.dumps({**forged, **changes}))


def test_the_kept_parse_of_this_very_text_is_what_a_start_uses(config_file, tmp_path):
    _started()
    _forge(tmp_path / "cache" / "docdeck" / "config" / "parsed.marshal")
    assert _started().config.theme == "dracula"  # read from the kept parse, not the file


@pytest.mark.parametrize(
    "kept",
    [
        "damaged",
        "of another format",
        "of another Python",
        "writable by others",
        "in a folder writable by others",
        "a link",
        "in a folder that is a link",
    ],
)
def test_a_kept_parse_that_is_not_right_or_not_the_users_alone_is_not_used(
    config_file, tmp_path, kept
):
    _started()
    folder = tmp_path / "cache" / "docdeck" / "config"
    path = folder / "parsed.marshal"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    if kept == "damaged":
        path.write_bytes(b"\xff" * 64)
    elif kept == "of another format":
        _forge(path, format=0)
    elif kept == "of another Python":
        _forge(path, parser="tomllib of Python 2.7")
    elif kept == "writable by others":
        _forge(path)
        os.chmod(path, 0o666)
    elif kept == "in a folder writable by others":
        _forge(path)
        os.chmod(folder, 0o777)
    elif kept == "a link":
        _forge(elsewhere / "parsed.marshal")
        path.unlink()
        path.symlink_to(elsewhere / "parsed.marshal")
    else:
        _forge(elsewhere / "parsed.marshal")
        shutil.rmtree(folder)
        folder.symlink_to(elsewhere)
    assert _started().config.theme == "nord"


def test_a_file_with_a_date_or_bad_toml_is_read_as_before(config_file, capsys):
    config_file.write_text(CONFIG + "\n[notes]\nsince = 2026-11-28\n")  # no form keeps a date
    assert _started().config.theme == "nord"
    assert _started().config.document["notes"]["since"].year == 2026
    config_file.write_text(CONFIG + "\n[unfinished\n")
    assert cli.main(["logout"]) == 2
    assert "is not valid TOML" in capsys.readouterr().err
