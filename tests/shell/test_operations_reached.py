"""Every operation of operations.tsv is used by some screen of the app, not only by the client.

The walk reads the app's code outside ``tui/api`` (the client) and ``tui/service`` (the local
service): an operation is reached when its ``python_name`` is called there (``.name(``) or
handed to something that calls it (``client.paginate(client.spaces.list_files, …)``,
``partial(client.teams.remove_team…, …)``), i.e. ``.name`` not followed by more of a name.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from tests.conftest import OPERATIONS_TSV

TUI = Path(__file__).resolve().parents[2] / "tui"


def operation_names() -> list[str]:
    with open(OPERATIONS_TSV, newline="") as handle:
        return [row["python_name"] for row in csv.DictReader(handle, delimiter="\t")]


def app_code() -> str:
    return "\n".join(
        path.read_text(encoding="utf-8")
        for path in sorted(TUI.rglob("*.py"))
        if path.relative_to(TUI).parts[0] not in ("api", "service")
    )


def reached(name: str, code: str) -> bool:
    return re.search(rf"\.{re.escape(name)}(?![A-Za-z0-9_])", code) is not None


def test_every_operation_of_operations_tsv_is_reached_from_the_app():
    code = app_code()
    unreached = sorted(name for name in operation_names() if not reached(name, code))
    assert unreached == []
