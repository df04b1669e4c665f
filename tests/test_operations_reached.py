"""Every operation of operations.tsv is used by some screen of the app, not only by the client.

The walk reads the app's code outside ``tui/api`` (the client) and ``tui/emulator`` (the local
service): an operation is reached when its ``python_name`` is called there (``.name(``) or
handed to something that calls it (``client.paginate(client.spaces.list_files, …)``,
``partial(client.teams.remove_team…, …)``), i.e. ``.name`` not followed by more of a name.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from .conftest import OPERATIONS_TSV

TUI = Path(__file__).resolve().parents[1] / "tui"

# TEMPORARY: these 22 operations are being given their screens on other branches right now
# (space and collection permissions, organisation invites, a site's permissions aggregate).
# Once those branches are merged, empty this set: the test then holds every operation.
BEING_BUILT_ELSEWHERE = frozenset(
    {
        "invite_to_space",
        "list_user_permissions_in_space",
        "list_team_permissions_in_space",
        "list_permissions_aggregate_in_space",
        "update_user_permission_in_space",
        "update_team_permission_in_space",
        "remove_user_from_space",
        "remove_team_from_space",
        "invite_to_collection",
        "list_user_permissions_in_collection",
        "list_team_permissions_in_collection",
        "list_permissions_aggregate_in_collection",
        "update_user_permission_in_collection",
        "update_team_permission_in_collection",
        "remove_user_from_collection",
        "remove_team_from_collection",
        "invite_users_to_organization",
        "list_organization_invite_links",
        "create_organization_invite",
        "get_organization_invite_link",
        "update_organization_invite_by_id",
        "list_permissions_aggregate_in_site",
    }
)


def operation_names() -> list[str]:
    with open(OPERATIONS_TSV, newline="") as handle:
        return [row["python_name"] for row in csv.DictReader(handle, delimiter="\t")]


def app_code() -> str:
    return "\n".join(
        path.read_text(encoding="utf-8")
        for path in sorted(TUI.rglob("*.py"))
        if path.relative_to(TUI).parts[0] not in ("api", "emulator")
    )


def reached(name: str, code: str) -> bool:
    return re.search(rf"\.{re.escape(name)}(?![A-Za-z0-9_])", code) is not None


def test_every_operation_of_operations_tsv_is_reached_from_the_app():
    code = app_code()
    unreached = sorted(
        name
        for name in operation_names()
        if name not in BEING_BUILT_ELSEWHERE and not reached(name, code)
    )
    assert unreached == []


def test_the_temporary_exceptions_are_operations_and_still_unreached():
    # An exception whose screen has landed must leave the set, so that it is held too.
    names = set(operation_names())
    assert BEING_BUILT_ELSEWHERE <= names
    code = app_code()
    assert sorted(name for name in BEING_BUILT_ELSEWHERE if reached(name, code)) == []
