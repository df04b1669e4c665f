"""Provides docdeck's modal dialogs: the forms and confirmations that act on the service, the
keys of a screen and the details of the last error.

Each action dialog (``ActionDialog``) sends one request and closes only when the service
agrees, with its answer as the result; a refusal keeps it open with what was typed and the
service's message.

Names load on first use (PEP 562): the first frame needs no dialog.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import ActionDialog, allowed
    from .collection_form import CollectionForm
    from .confirm_delete import ConfirmDelete, Deletion
    from .deleted_spaces import DeletedSpacesDialog
    from .error_details import ErrorDetailsScreen
    from .keys import KeysScreen
    from .move_dialog import MoveDialog
    from .space_form import SpaceForm
    from .transfer_dialog import TransferDialog

__all__ = [
    "ActionDialog",
    "CollectionForm",
    "ConfirmDelete",
    "DeletedSpacesDialog",
    "Deletion",
    "ErrorDetailsScreen",
    "KeysScreen",
    "MoveDialog",
    "SpaceForm",
    "TransferDialog",
    "allowed",
]

_WHERE = {
    "ActionDialog": ".base",
    "allowed": ".base",
    "CollectionForm": ".collection_form",
    "ConfirmDelete": ".confirm_delete",
    "Deletion": ".confirm_delete",
    "DeletedSpacesDialog": ".deleted_spaces",
    "ErrorDetailsScreen": ".error_details",
    "KeysScreen": ".keys",
    "MoveDialog": ".move_dialog",
    "SpaceForm": ".space_form",
    "TransferDialog": ".transfer_dialog",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value
