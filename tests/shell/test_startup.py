"""What the first frame pays for: the modules it loads, checked in a fresh interpreter.

docdeck paints its first screen before it imports the client, its models, the local service
and the other screens (tui/first_screen.py). A module-level import of one of them in what
the first frame loads (tui.cli, tui.app, the organisations screen, the shell, the widgets it
shows) would put it back in front of the first frame: import it where it is used instead,
as the features' ``registration`` modules do for their screens.
"""

from __future__ import annotations

from .test_layers import modules_after_import

FIRST_FRAME = "tui.cli, tui.app, tui.first_screen, tui.browse.organizations, tui.config"

NOT_BEFORE_THE_FIRST_FRAME = (
    "httpx",
    "pydantic",
    "starlette",
    "keyring",
    "tui.api.client",
    "tui.api.models",
    "tui.service.app",
    "tui.service.store",
    "tui.dialogs",
    "tui.browse.organization",
    "tui.browse.space",
    "tui.browse.search",
    "tui.browse.page_view",
    "tui.widgets.item_tree",
    "textual.widgets._markdown",
)


def test_the_first_frame_loads_neither_the_client_nor_the_service_nor_other_screens():
    loaded = modules_after_import(FIRST_FRAME)
    early = sorted(
        m
        for m in loaded
        for heavy in NOT_BEFORE_THE_FIRST_FRAME
        if m == heavy or m.startswith(heavy + ".")
    )
    assert early == []
