"""The client refuses a value over the service's limits before sending it."""

from __future__ import annotations

import pytest

from tests.conftest import ORG
from tui.api import errors
from tui.api.limits import COMMENT_BODY_MAX, comment_body_problem


async def _handbook(client) -> str:
    page = await client.spaces.list_spaces_in_organization_by_id(ORG)
    return next(s.id for s in page.items if s.title == "Team handbook")


async def test_a_comment_or_reply_over_the_limit_is_refused_without_being_sent(admin, transport):
    space = await _handbook(admin)
    thread = await admin.space_comments.post_comment_in_space(space, body="x" * COMMENT_BODY_MAX)
    posted = transport.count("POST")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.space_comments.post_comment_in_space(space, body="x" * (COMMENT_BODY_MAX + 1))
    assert "at most 100,000 characters" in caught.value.message
    assert "remove 1." in caught.value.message and "Nothing was sent." in caught.value.message
    with pytest.raises(errors.BadRequestError):
        await admin.space_comments.post_comment_reply_in_space(
            space, thread.id, body={"markdown": "y" * (COMMENT_BODY_MAX + 5)}
        )
    assert transport.count("POST") == posted


def test_a_form_can_tell_the_same_before_sending():
    assert comment_body_problem("z" * COMMENT_BODY_MAX) is None
    assert comment_body_problem("z" * 100_010).endswith("remove 10.")
