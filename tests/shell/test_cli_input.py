"""The command line given input it cannot use: one clear line on stderr, exit code 2, never a
traceback, whatever was wrong (URL, profile, config file, token store, token, database)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tui import cli

ROOT = Path(__file__).resolve().parents[2]
SECRET = "tok-5f1e0c"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOCDECK_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.setenv("DOCDECK_NO_KEYRING", "1")
    monkeypatch.delenv("DOCDECK_TOKEN", raising=False)
    monkeypatch.delenv("DOCDECK_BASE_URL", raising=False)

    def no_prompt(prompt: str) -> str:
        raise AssertionError("docdeck asked for a token before checking what it was given")

    def no_app(self: object) -> None:
        raise AssertionError("docdeck started the app with input it should have refused")

    monkeypatch.setattr("getpass.getpass", no_prompt)
    monkeypatch.setattr("tui.app.DocdeckApp.run", no_app)
    return tmp_path


def refused(capsys, argv: list[str], *words: str) -> str:
    """Run docdeck; assert it refused in one line with exit code 2 and return that line."""
    assert cli.main(argv) == 2
    printed = capsys.readouterr()
    lines = printed.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("docdeck: "), printed.err
    assert "Traceback" not in printed.err and printed.out == ""
    assert SECRET not in printed.err
    for word in words:
        assert word in lines[0]
    return lines[0]


@pytest.mark.parametrize(
    "url",
    [
        "http://[::1",
        "ftp://example.com/v1",
        "localhost:8787/v1",
        "https://",
        "http://example.com:99999/v1",
        "http://exa mple.com/v1",
        "http://example.com/\x1b[2J",
    ],
)
def test_a_malformed_base_url_is_named_in_one_line(home, capsys, url):
    refused(capsys, ["--base-url", url, "--token", SECRET], "the base URL", "is not valid")


def test_a_malformed_base_url_from_the_environment_or_a_profile_is_named(home, capsys, monkeypatch):
    monkeypatch.setenv("DOCDECK_BASE_URL", "http://[::1")
    refused(capsys, ["--token", SECRET], "http://[::1")
    monkeypatch.delenv("DOCDECK_BASE_URL")
    (home / "config.toml").write_text('default_profile = "w"\n[profiles.w]\nbase_url = "nope"\n')
    (home / "credentials.json").write_text(f'{{"w": "{SECRET}"}}')
    refused(capsys, [], "'nope'")


def test_login_checks_the_base_url_before_asking_for_the_token(home, capsys):
    refused(capsys, ["login", "--base-url", "http://[::1"], "the base URL")


def test_an_unknown_profile_is_named(home, capsys):
    refused(capsys, ["--profile", "nosuch"], "no profile named 'nosuch'")
    refused(capsys, ["--profile", "nosuch", "--token", SECRET], "no profile named 'nosuch'")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"profiles = [", "is not valid TOML"),
        (b'theme = "dark"\ntheme = "light"\n', "is not valid TOML"),
        (b"theme = 3\n", "`theme`"),
        (b"profiles = 'work'\n", "`profiles`"),
        (b"[profiles.work]\nbase_url = 5\n", "`profiles.work.base_url`"),
        (b"[keys]\n'app.quit' = ['q']\n", "`keys.app.quit`"),
        (b"theme = '\xff\xfe'\n", "not UTF-8"),
    ],
)
def test_a_config_file_docdeck_cannot_use_is_named_with_the_problem(home, capsys, content, words):
    (home / "config.toml").write_bytes(content)
    for argv in ([], ["--token", SECRET], ["login"], ["logout"]):
        refused(capsys, argv, str(home / "config.toml"), words)


def test_a_config_path_that_is_a_folder_is_named(home, capsys):
    (home / "config.toml").mkdir()
    refused(capsys, ["--token", SECRET], "cannot read the config file")


@pytest.mark.parametrize("content", ["not json", '["a"]', '{"default": 5}'])
def test_a_damaged_token_store_is_named_and_kept(home, capsys, content):
    (home / "credentials.json").write_text(content)
    refused(capsys, [], "the token store", "is damaged")
    refused(capsys, ["logout"], "is damaged")
    # Nothing overwrote it: the other tokens it may hold are not lost.
    assert (home / "credentials.json").read_text() == content


@pytest.mark.parametrize("token", ["two words", "tök", "line\nbreak", "esc\x1b["])
def test_a_token_no_header_can_carry_is_refused_without_showing_it(home, capsys, token):
    line = refused(capsys, ["--token", token], "the token from --token is not usable")
    assert token not in line


def test_a_database_docdeck_serve_cannot_use_is_named(home, capsys, tmp_path):
    refused(capsys, ["serve", "--database", "/dev/null/service.sqlite3"], "cannot use the database")
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is not a database" * 100)
    refused(capsys, ["serve", "--database", str(garbage)], "cannot use the database")


@pytest.mark.parametrize("flags", [["--port", "70000"], ["--max-body", "lots"]])
def test_serve_flags_out_of_range_are_refused_by_the_parser(home, capsys, flags):
    with pytest.raises(SystemExit) as exit:
        cli.main(["serve", *flags])
    assert exit.value.code == 2 and "Traceback" not in capsys.readouterr().err


def test_the_installed_command_ends_in_one_line_for_the_issue_s_url(tmp_path):
    finished = subprocess.run(
        [sys.executable, "-m", "tui", "--base-url", "http://[::1", "--token", SECRET],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"DOCDECK_CONFIG": str(tmp_path / "c.toml"), "PATH": "/usr/bin:/bin"},
    )
    assert finished.returncode == 2
    assert finished.stderr.splitlines() == [
        "docdeck: the base URL 'http://[::1' is not valid: Invalid IPv6 URL"
    ]
