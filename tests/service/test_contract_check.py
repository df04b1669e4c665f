"""The contract check itself: what every answer of every test is held to must catch a broken
answer and word it, however deep in a page of 1,000 the fault is."""

from __future__ import annotations

import copy

import httpx
import pytest

from tests import contract
from tests.conftest import ORG

SPACES = f"/v1/orgs/{ORG}/spaces"


@pytest.mark.parametrize(
    ("break_it", "said"),
    [
        (lambda item: item.pop("title"), "'title' is a required property"),
        (lambda item: item.update(visibility="everyone"), "'everyone' is not one of"),
        (lambda item: item.update(createdAt=12), "12 is not of type 'string'"),
    ],
)
async def test_a_broken_item_deep_in_a_page_is_caught_and_worded(service, break_it, said):
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=service),
        base_url="http://docdeck.test",
        headers={"Authorization": "Bearer demo-admin"},
    ) as http:
        body = (await http.get(SPACES, params={"limit": 1000})).json()
    assert contract.check("GET", SPACES, 200, body) == []
    broken = copy.deepcopy(body)
    items = broken["items"]
    items.extend(copy.deepcopy(item) for item in items * (1000 // len(items)))  # about 1,000
    break_it(items[-1])
    problems = contract.check("GET", SPACES, 200, broken)
    assert problems and said in problems[0], problems
    assert f"at items/{len(items) - 1}" in problems[0]
