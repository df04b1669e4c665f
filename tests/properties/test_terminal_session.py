"""A whole session in a pseudo-terminal, as a person has it: `docdeck login` with a distinctive
token, then the app on a service whose titles carry what terminals obey (OSC 52, OSC 8, CSI, C1
controls, bidi overrides), a provoked failure, and its details copied.

Asserted on the raw bytes written to the terminal and on every file written: no hostile
sequence reaches the terminal, and the token is nowhere but the owner-only token store.
"""

from __future__ import annotations

import base64
import os
import re
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.conftest import ORG
from tests.shell.test_cli import serving
from tui.service import create_app

from .terminal import Terminal

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "ddk-7f3a9c21e5b04d68-secret"

# Server text: what each carries, and the raw bytes that must never reach the terminal.
PAYLOADS = {
    "OSC 52 clipboard write": ("\x1b]52;c;UFdORUQ=\x07osc52-mark", [b"\x1b]52;c;UFdORUQ="]),
    "OSC 8 hyperlink": (
        "\x1b]8;;https://evil.example/\x1b\\osc8-mark\x1b]8;;\x1b\\",
        [b"\x1b]8;;https://evil", b"\x1b]8;;\x1b\\"],
    ),
    "CSI": ("\x1b[2J\x1b[31mcsi-mark", [b"\x1b[2J\x1b[31mcsi", b"\x1b[31mcsi-mark"]),
    "C1 controls": ("\x9b2J\x9d0;c1-title\x9c c1-mark", ["\x9b2J".encode(), "\x9d0;".encode()]),
    "bidi overrides": (
        "\u202ebidi-mark\u202c \u2066isolate\u2069",
        [c.encode() for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"],
    ),
}
ORG_TITLE = "Northwind \x1b]52;c;UFdORUQ=\x07 \x1b[31morg-mark"
MARKS = [b"osc52-mark", b"osc8-mark", b"csi-mark", b"c1-mark", b"bidi-mark"]


@dataclass
class Session:
    home: Path
    login_output: bytes
    app_output: bytes
    server_output: str

    def clipboard(self) -> list[str]:
        """What the app put on the clipboard (OSC 52 writes of its own)."""
        writes = re.findall(rb"\x1b\]52;c;([A-Za-z0-9+/=]+)", self.app_output)
        return [base64.b64decode(write).decode() for write in writes]


@pytest.fixture(scope="module")
def session(tmp_path_factory) -> Session:
    home = tmp_path_factory.mktemp("home")
    service = tmp_path_factory.mktemp("service") / "service.sqlite3"
    store = create_app("demo", service).state.emulator.store
    with store.transaction():
        store.put("token", {"id": TOKEN, "user": "u-ada"})
    store.close()
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local/share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local/state"),
        "DOCDECK_NO_KEYRING": "1",
        "TERM": "xterm-256color",
        "COLORTERM": "truecolor",
        "LANG": "C.UTF-8",
    }
    with serving(service) as (base, server):
        admin = {"Authorization": "Bearer demo-admin"}
        httpx.patch(
            f"{base}/orgs/{ORG}", json={"title": ORG_TITLE}, headers=admin
        ).raise_for_status()
        for title, _ in PAYLOADS.values():
            made = httpx.post(f"{base}/orgs/{ORG}/spaces", json={"title": title}, headers=admin)
            made.raise_for_status()

        login = Terminal(
            [sys.executable, "-m", "tui", "login", "--profile", "work", "--base-url", base],
            env,
            ROOT,
        )
        login.wait_for(b"API token")
        login.send(TOKEN.encode() + b"\r")
        login.wait_for(b"Signed in")
        assert login.finish() == 0

        app = Terminal([sys.executable, "-m", "tui", "--profile", "work"], env, ROOT)
        app.wait_for(b"org-mark")
        app.settle(0.3)
        app.send(b"\r")  # open the organisation, whose tree shows the spaces
        for mark in MARKS:
            app.wait_for(mark)
        app.settle(0.3)
        server.terminate()  # the provoked failure: the service goes away
        server.wait(timeout=10)
        app.send(b"r")
        app.wait_for(b"offline")
        app.send(b"!")
        app.wait_for(b"Request: GET /v1/")
        app.send(b"y")
        app.wait_for(b"copied")
        app.settle(0.3)
        app.send(b"\x1b")
        app.settle(0.3)
        app.send(b"q")
        app.finish()
        server_output = server.stdout.read() if server.stdout else ""
    return Session(home, bytes(login.seen), bytes(app.seen), server_output)


@pytest.mark.parametrize("kind", PAYLOADS)
def test_server_text_never_reaches_the_terminal_raw(session, kind):
    _, forbidden = PAYLOADS[kind]
    for raw in forbidden:
        assert raw not in session.app_output, f"{kind}: {raw!r} reached the terminal"
    # The titles were on screen all the same, their controls shown as harmless pictures.
    assert b"csi-mark" in session.app_output and "␛[31m".encode() in session.app_output


def test_the_token_is_nowhere_but_the_owner_only_token_store(session):
    secret = TOKEN.encode()
    copied = session.clipboard()
    assert any("Request: GET /v1/" in text for text in copied)  # the details were copied
    printed = {
        "login": session.login_output,
        "app": session.app_output,
        "clipboard": "\n".join(copied).encode(),
        "service": session.server_output.encode(),
    }
    assert [name for name, output in printed.items() if secret in output] == []
    written = [path for path in session.home.rglob("*") if path.is_file()]
    holding = [path for path in written if secret in path.read_bytes()]
    assert [path.name for path in holding] == ["credentials.json"]
    assert stat.S_IMODE(holding[0].stat().st_mode) == 0o600
    assert any(path.name == "config.toml" for path in written)
