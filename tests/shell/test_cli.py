"""The command line: `docdeck serve` over loopback, and `docdeck login`/`logout`."""

from __future__ import annotations

import contextlib
import os
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tui import cli

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def serving(database: Path, *extra: str):
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tui",
            "serve",
            "--port",
            str(port),
            "--database",
            str(database),
            *extra,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(base + "/user", timeout=0.5)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("docdeck serve did not start") from None
                time.sleep(0.1)
        yield base, process
    finally:
        process.terminate()
        process.wait(timeout=10)


def get(base: str, path: str, token: str = "demo-admin") -> httpx.Response:
    return httpx.get(base + path, headers={"Authorization": f"Bearer {token}"}, timeout=5)


def test_serve_answers_the_readme_request_and_keeps_changes_across_restarts(tmp_path):
    database = tmp_path / "service.sqlite3"
    with serving(database) as (base, process):
        answer = get(base, "/orgs")
        assert answer.status_code == 200
        assert [org["title"] for org in answer.json()["items"]] == [
            "Northwind Labs",
            "Northwind Community",
        ]
        assert get(base, "/orgs", token="wrong").status_code == 401
        made = httpx.post(
            base + "/orgs/org-northwind/collections",
            json={"title": "Kept"},
            headers={"Authorization": "Bearer demo-admin"},
        )
        assert made.status_code == 201
    printed = process.stdout.read()
    assert base in printed and "demo-admin" in printed and "demo-reader" in printed
    with serving(database) as (base, _):
        titles = [c["title"] for c in get(base, "/orgs/org-northwind/collections").json()["items"]]
        assert "Kept" in titles
    with serving(database, "--reset") as (base, _):
        titles = [c["title"] for c in get(base, "/orgs/org-northwind/collections").json()["items"]]
        assert "Kept" not in titles


@pytest.fixture
def config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOCDECK_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.setenv("DOCDECK_NO_KEYRING", "1")
    return tmp_path


def test_login_checks_the_token_stores_it_privately_and_logout_removes_it(
    tmp_path, config_home, monkeypatch, capsys
):
    with serving(tmp_path / "s.sqlite3") as (base, _):
        monkeypatch.setattr("getpass.getpass", lambda prompt: "demo-editor")
        assert cli.main(["login", "--profile", "work", "--base-url", base]) == 0
    said = capsys.readouterr().out
    assert "Signed in as Grace Hopper" in said and "readable by you only" in said
    credentials = config_home / "credentials.json"
    assert stat.S_IMODE(os.stat(credentials).st_mode) == 0o600
    config = (config_home / "config.toml").read_text()
    assert "demo-editor" not in config and base in config and 'default_profile = "work"' in config
    assert cli.main(["logout", "--profile", "work"]) == 0
    assert "Removed the token" in capsys.readouterr().out
    assert "demo-editor" not in credentials.read_text()


def test_login_refuses_a_token_the_service_does_not_accept(
    tmp_path, config_home, monkeypatch, capsys
):
    with serving(tmp_path / "s.sqlite3") as (base, _):
        monkeypatch.setattr("getpass.getpass", lambda prompt: "not-a-token")
        assert cli.main(["login", "--base-url", base]) == 1
    said = capsys.readouterr().err
    assert "Not signed in" in said and "not valid" in said
    assert not (config_home / "credentials.json").exists()


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--demo"],
        ["--demo", "--reset"],
        ["--profile", "work", "--read-only"],
        ["--profile=work"],
        ["--token", "t0k", "--base-url", "http://127.0.0.1:8000/v1"],
    ],
)
def test_a_plain_start_is_read_as_argparse_reads_it(argv):
    from tui.cli import _parser, _plain_start

    plain = _plain_start(argv)
    assert plain is not None
    assert vars(plain) == vars(_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [["serve"], ["--help"], ["--prof", "work"], ["--token"]])
def test_anything_else_is_left_to_argparse(argv):
    from tui.cli import _plain_start

    assert _plain_start(argv) is None
