"""The client's names are those of operations.tsv: group → attribute, python_name → method."""

from __future__ import annotations

import csv
import inspect

from tests.conftest import OPERATIONS_TSV
from tui.api import Client
from tui.api.resources._base import Resource

# In the official OpenAPI document but not in operations.tsv (see its docstring).
EXTRA = {
    ("space_comments", "list_commenters_in_space"),
    ("change_requests", "list_change_requests_for_organization"),
}


def rows() -> list[dict[str, str]]:
    with open(OPERATIONS_TSV, newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def test_every_operation_is_a_method_named_as_operations_tsv_says():
    client = Client("t", base_url="http://docdeck.test/v1")
    missing = [
        f"{row['group']}.{row['python_name']} ({row['operation_id']})"
        for row in rows()
        if not inspect.iscoroutinefunction(
            getattr(getattr(client, row["group"], None), row["python_name"], None)
        )
    ]
    assert missing == []


def test_every_public_method_of_the_client_is_an_operation_of_operations_tsv():
    client = Client("t", base_url="http://docdeck.test/v1")
    known = {(row["group"], row["python_name"]) for row in rows()} | EXTRA
    groups = {name: value for name, value in vars(client).items() if isinstance(value, Resource)}
    unknown = sorted(
        f"{group}.{name}"
        for group, resource in groups.items()
        for name, member in inspect.getmembers(resource, inspect.iscoroutinefunction)
        if not name.startswith("_") and (group, name) not in known
    )
    assert unknown == []
