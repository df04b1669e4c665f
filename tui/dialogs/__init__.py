"""Provides the dialogs that act on the service: forms, moves, transfers and confirmations.

Each dialog sends one request and closes only when the service agrees, with its answer as the
result; a refusal keeps it open with what was typed and the service's message.
"""

from __future__ import annotations

from .base import ActionDialog, allowed
from .collection_form import CollectionForm
from .confirm_delete import ConfirmDelete, Deletion
from .deleted_spaces import DeletedSpace, DeletedSpacesDialog, SessionTrash, session_trash
from .move_dialog import MoveDialog
from .space_form import SpaceForm
from .transfer_dialog import TransferDialog

__all__ = [
    "ActionDialog",
    "CollectionForm",
    "ConfirmDelete",
    "DeletedSpace",
    "DeletedSpacesDialog",
    "Deletion",
    "MoveDialog",
    "SessionTrash",
    "SpaceForm",
    "TransferDialog",
    "allowed",
    "session_trash",
]
