"""Provides the palette's command that lists the unsent drafts, wherever the app is.

Review registers it with the shell (``tui/review/registration.py``); choosing a draft opens
the thread it answers.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, cast

from ..shell.navigation import Location
from .locations import thread_location

if TYPE_CHECKING:
    from textual.app import App

    from ..shell.host import Host
    from .logic.drafts import Draft

__all__ = ["DRAFTS_COMMAND", "DRAFTS_HELP", "open_draft", "show_drafts"]

DRAFTS_COMMAND = "drafts: list the unsent drafts"
DRAFTS_HELP = "What was typed and not sent"


def show_drafts(app: App[Any]) -> None:
    """The list of unsent drafts; Enter on one opens the thread it answers."""
    from .drafts_list import DraftsDialog

    app.push_screen(DraftsDialog(), partial(open_draft, cast("Host", app)))


def open_draft(host: Host, draft: Draft | None) -> None:
    """Open the thread a draft answers, when it has one."""
    if draft is None or draft.key.comment_id is None or host.client is None:
        return
    key, comment_id = draft.key, draft.key.comment_id
    if key.change_request_id is not None:
        holder = Location("change-request", key.change_request_id, "", "", space=key.space_id)
    else:
        holder = Location("space", key.space_id, "", "", space=key.space_id)
    host.open_location(thread_location(holder, comment_id, "Thread"))
