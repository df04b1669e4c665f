"""Each feature keeps its state in its own slot of the session, which the shell knows nothing of."""

from __future__ import annotations

import pytest

from tui.browse.trash import SessionTrash, session_trash
from tui.review.memory import ReviewMemory, review_memory
from tui.shell.session import Session
from tui.sites.memory import sites_memory


def test_a_features_slot_is_made_on_first_use_and_kept_for_the_session():
    session = Session()
    review_memory(session).diff_layout = "split"
    sites_memory(session).share_keys["site-1"] = "key"
    assert review_memory(session).diff_layout == "split"
    assert sites_memory(session).share_keys == {"site-1": "key"}
    assert session_trash(session).items() == []


def test_a_new_session_starts_with_empty_slots():
    first = Session()
    review_memory(first).diff_layout = "unified"
    assert review_memory(Session()) == ReviewMemory()


def test_two_features_cannot_share_a_slot_by_mistake():
    session = Session()
    session.slot("review", ReviewMemory)
    with pytest.raises(TypeError, match="'review' holds a ReviewMemory"):
        session.slot("review", SessionTrash)
