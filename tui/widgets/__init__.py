"""Provides docdeck's reusable widgets; they show what they are given and never touch the network.

Names load on first use (PEP 562), so that a screen importing one widget does not pay for
the others (the first frame needs few of them: see ``tui/first_screen.py``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .body_field import BodyField
    from .breadcrumbs import Breadcrumbs, Crumb
    from .detail_pane import DetailPane
    from .filter_bar import FilterBar
    from .form_field import ChoiceField, ConfirmField, FormField, TextField
    from .item_list import ItemList, ListEntry
    from .item_tree import ItemTree, TreeItem
    from .key_footer import KeyFooter
    from .status_line import StatusLine
    from .text_box import TextBox
    from .tick_box import TickBox

__all__ = [
    "BodyField",
    "Breadcrumbs",
    "ChoiceField",
    "ConfirmField",
    "Crumb",
    "DetailPane",
    "FilterBar",
    "FormField",
    "ItemList",
    "ItemTree",
    "KeyFooter",
    "ListEntry",
    "StatusLine",
    "TextBox",
    "TextField",
    "TickBox",
    "TreeItem",
]

_WHERE = {
    "BodyField": ".body_field",
    "Breadcrumbs": ".breadcrumbs",
    "Crumb": ".breadcrumbs",
    "DetailPane": ".detail_pane",
    "FilterBar": ".filter_bar",
    "ChoiceField": ".form_field",
    "ConfirmField": ".form_field",
    "FormField": ".form_field",
    "TextField": ".form_field",
    "ItemList": ".item_list",
    "ListEntry": ".item_list",
    "ItemTree": ".item_tree",
    "TreeItem": ".item_tree",
    "KeyFooter": ".key_footer",
    "StatusLine": ".status_line",
    "TextBox": ".text_box",
    "TickBox": ".tick_box",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value
