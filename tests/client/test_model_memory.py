"""Models read from one answer share the names of their given fields, and a change stays its own.

pydantic keeps per model the set of fields it was given (2.2 KB of a space's 6 KB); the client's
models share one set per kind of answer (tui/api/models/_base.py). What a body sends
(``exclude_unset``) and what a model says it was given must not change for that.
"""

from __future__ import annotations

from tui.api.in_process import in_process_client
from tui.api.models import Space
from tui.api.models.comments import CommentBody
from tui.service import create_app


async def _spaces() -> list[Space]:
    client = in_process_client(create_app("large"), "demo-admin", base_url="http://d.test/v1")
    page = await client.spaces.list_spaces_in_organization_by_id("org-globex", limit=50)
    return page.items


async def test_spaces_read_from_one_answer_are_each_what_the_service_sent():
    spaces = await _spaces()
    first, second = spaces[0], spaces[1]
    assert first.id != second.id
    assert first.model_fields_set is second.model_fields_set  # one set for them all
    assert {"id", "title", "urls", "permissions"} <= first.model_fields_set
    assert second.model_dump(exclude_unset=True)["id"] == second.id
    assert first.permissions.model_fields_set is second.permissions.model_fields_set


async def test_a_space_changed_after_it_was_read_keeps_the_change_to_itself():
    spaces = await _spaces()
    first, second = spaces[0], spaces[1]
    given = set(second.model_fields_set)
    first.deleted_at = None  # a field the service did not send
    assert "deleted_at" in first.model_fields_set
    assert "deleted_at" in first.model_dump(exclude_unset=True)
    assert second.model_fields_set == given
    assert "deleted_at" not in second.model_dump(exclude_unset=True)
    assert "deleted_at" not in spaces[2].model_fields_set


def test_a_body_sends_only_the_fields_it_was_given():
    markdown = CommentBody(markdown="Looks good")
    other = CommentBody(markdown="Also fine")
    document = CommentBody(document={"nodes": []})
    assert markdown.model_dump(exclude_unset=True) == {"markdown": "Looks good"}
    assert document.model_dump(exclude_unset=True) == {"document": {"nodes": []}}
    other.document = {"nodes": []}
    assert other.model_dump(exclude_unset=True) == {
        "markdown": "Also fine",
        "document": {"nodes": []},
    }
    assert markdown.model_dump(exclude_unset=True) == {"markdown": "Looks good"}
