"""Provides docdeck's modal dialogs: the forms and confirmations that act on the service, the
keys of a screen and the details of the last error.

Each action dialog (``ActionDialog``) sends one request and closes only when the service
agrees, with its answer as the result; a refusal keeps it open with what was typed and the
service's message.
"""

from __future__ import annotations

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
