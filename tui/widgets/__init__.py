"""Provides docdeck's reusable widgets; they show what they are given and never touch the network."""

from __future__ import annotations

from .body_field import BodyField
from .breadcrumbs import Breadcrumbs, Crumb
from .detail_pane import DetailPane
from .file_list import FileEntry, FileList
from .filter_bar import FilterBar
from .form_field import ChoiceField, ConfirmField, FormField, TextField
from .item_list import ItemList, ListEntry
from .item_tree import ItemTree, TreeItem
from .key_footer import KeyFooter
from .page_view import PageView
from .status_line import StatusLine

__all__ = [
    "BodyField",
    "Breadcrumbs",
    "ChoiceField",
    "ConfirmField",
    "Crumb",
    "DetailPane",
    "FileEntry",
    "FileList",
    "FilterBar",
    "FormField",
    "ItemList",
    "ItemTree",
    "KeyFooter",
    "ListEntry",
    "PageView",
    "StatusLine",
    "TextField",
    "TreeItem",
]
