"""The layers stay apart, proved in fresh interpreters: what each layer imports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def modules_after_import(module: str) -> set[str]:
    code = f"import sys, {module}; print('\\n'.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(done.stdout.split())


@pytest.mark.parametrize("module", ["tui.api", "tui.emulator"])
def test_the_client_and_the_service_never_load_textual(module):
    assert not {
        m for m in modules_after_import(module) if m == "textual" or m.startswith("textual.")
    }


def test_the_service_never_loads_the_clients_models():
    loaded = modules_after_import("tui.emulator")
    assert "tui.api.models" not in loaded and "tui.api" not in loaded


def test_screens_and_widgets_never_import_httpx():
    offenders = []
    for folder in ("screens", "widgets"):
        for path in (ROOT / "tui" / folder).rglob("*.py"):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                stripped = line.strip()
                if stripped.startswith(("import httpx", "from httpx")):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}")
    assert offenders == []


def test_the_pure_logic_never_loads_textual_httpx_or_the_client():
    modules = sorted(
        f"tui.data.{path.stem}"
        for path in (ROOT / "tui" / "data").glob("*.py")
        if path.stem != "__init__"
    )
    assert "tui.data.conditions" in modules
    loaded = modules_after_import(", ".join(modules))
    offenders = {
        m
        for m in loaded
        if m.split(".")[0] in {"textual", "httpx", "rich"}
        or m == "tui.api"
        or m.startswith("tui.api.")
    }
    assert offenders == set()
