"""Provides check_role: a member role checked against the API's enum before it is sent."""

from __future__ import annotations

from .._params import Unset
from ..errors import BadRequestError
from ..limits import role_problem

__all__ = ["check_role"]


def check_role(role: str | Unset | None, *, field: str = "role", guest: bool = True) -> None:
    """Refuse, with BadRequestError and before anything is sent, a role the service would refuse:
    one outside the enum, or None (a guest) where ``guest`` is False. An omitted role passes."""
    if isinstance(role, Unset):
        return
    problem = role_problem(role, field=field, guest=guest)
    if problem is not None:
        raise BadRequestError(f"{problem} Nothing was sent.")
