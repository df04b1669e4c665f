"""Provides the access matrix of an organisation: who reaches which space, with which role.

Built from the member-spaces lists the screen fetches (a few at a time with
``tui.core.gather.gather_limited``), filtered to answer "who can edit the API reference?", and exported as CSV
that a spreadsheet opens without running anything: a cell that starts like a formula is
prefixed with a quote.

    matrix = AccessMatrix.build([(member, member_spaces), ...])
    matrix.who_can("edit", space="API reference")
    matrix.filter(text="northwind", at_least="review")
    matrix.export_csv(path)
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from tui.core.files import write_atomically

__all__ = [
    "ROLE_RANK",
    "AccessMatrix",
    "AccessRow",
    "csv_safe",
]

# The spec's roles, weakest first: a role grants what every role before it grants.
ROLE_RANK = {
    role: rank for rank, role in enumerate(("read", "comment", "edit", "review", "create", "admin"))
}
# Spreadsheets read a cell starting with one of these as a formula (OWASP's list).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CSV_HEADER = (
    "Member",
    "E-mail",
    "Organization role",
    "Space",
    "Permission",
    "Member id",
    "Space id",
)


class UserLike(Protocol):
    @property
    def display_name(self) -> str: ...

    @property
    def email(self) -> str | None: ...


class MemberLike(Protocol):
    """An organisation member, as ``tui.api.models.Member``."""

    @property
    def id(self) -> str: ...

    @property
    def role(self) -> str | None: ...

    @property
    def user(self) -> UserLike: ...


class SpaceLike(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...


class MemberSpaceLike(Protocol):
    """A space a member reaches and their permission in it, as ``tui.api.models.MemberSpace``."""

    @property
    def permission(self) -> str: ...

    @property
    def space(self) -> SpaceLike: ...


@dataclass(frozen=True, slots=True)
class AccessRow:
    member_id: str
    member_name: str
    member_email: str
    organization_role: str | None
    """None for a guest."""
    space_id: str
    space_title: str
    permission: str

    def grants(self, role: str) -> bool:
        """Whether the permission is ``role`` or stronger (an unknown one grants nothing)."""
        return ROLE_RANK.get(self.permission, -1) >= ROLE_RANK[role]

    def cells(self) -> tuple[str, ...]:
        return (
            self.member_name,
            self.member_email,
            self.organization_role or "guest",
            self.space_title,
            self.permission,
            self.member_id,
            self.space_id,
        )


def csv_safe(cell: str) -> str:
    """The cell as a spreadsheet shows it and never evaluates: ``=1+1`` becomes ``'=1+1``."""
    return "'" + cell if cell.startswith(_FORMULA_STARTS) else cell


def _check_role(role: str) -> None:
    if role not in ROLE_RANK:
        raise ValueError(f"Unknown role {role!r}: one of {', '.join(ROLE_RANK)}.")


@dataclass(frozen=True)
class AccessMatrix:
    """Rows of member × space × permission, sorted by member then space."""

    rows: tuple[AccessRow, ...]

    @classmethod
    def build(
        cls, member_spaces: Iterable[tuple[MemberLike, Iterable[MemberSpaceLike]]]
    ) -> AccessMatrix:
        rows = [
            AccessRow(
                member_id=member.id,
                member_name=member.user.display_name,
                member_email=member.user.email or "",
                organization_role=member.role,
                space_id=reach.space.id,
                space_title=reach.space.title,
                permission=reach.permission,
            )
            for member, spaces in member_spaces
            for reach in spaces
        ]
        rows.sort(key=lambda r: (r.member_name.casefold(), r.member_id, r.space_title.casefold()))
        return cls(tuple(rows))

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def members(self) -> list[tuple[str, str]]:
        """(id, name) of every member with a row, in order."""
        return list(dict.fromkeys((r.member_id, r.member_name) for r in self.rows))

    @property
    def spaces(self) -> list[tuple[str, str]]:
        """(id, title) of every space with a row, by title."""
        found = dict.fromkeys((r.space_id, r.space_title) for r in self.rows)
        return sorted(found, key=lambda s: (s[1].casefold(), s[0]))

    def filter(
        self,
        *,
        text: str = "",
        space: str | None = None,
        member: str | None = None,
        at_least: str | None = None,
        exactly: str | None = None,
    ) -> AccessMatrix:
        """The rows that match every criterion given.

        ``text`` is looked for in every column (as ``/`` filters); ``space`` is a space id or
        part of its title; ``member`` a member id or part of a name or e-mail; ``at_least`` a
        role the permission must grant; ``exactly`` the permission itself. Case is ignored.
        """
        for role in (at_least, exactly):
            if role is not None:
                _check_role(role)
        needle = text.casefold().strip()
        space_key = space.casefold() if space else None
        member_key = member.casefold() if member else None

        def keep(row: AccessRow) -> bool:
            if needle and not any(needle in cell.casefold() for cell in row.cells()[:5]):
                return False
            if space_key and not (row.space_id == space or space_key in row.space_title.casefold()):
                return False
            if member_key and not (
                row.member_id == member
                or member_key in row.member_name.casefold()
                or member_key in row.member_email.casefold()
            ):
                return False
            if at_least is not None and not row.grants(at_least):
                return False
            return exactly is None or row.permission == exactly

        return AccessMatrix(tuple(r for r in self.rows if keep(r)))

    def who_can(self, role: str, *, space: str) -> AccessMatrix:
        """Who has ``role`` or stronger on the spaces matching ``space``: "who can edit …?"."""
        return self.filter(space=space, at_least=role)

    def grid(self) -> dict[tuple[str, str], str]:
        """The permission of each (member id, space id) pair that has one."""
        return {(r.member_id, r.space_id): r.permission for r in self.rows}

    def to_csv(self) -> str:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\r\n")
        writer.writerow(CSV_HEADER)
        writer.writerows([csv_safe(cell) for cell in row.cells()] for row in self.rows)
        return buffer.getvalue()

    def export_csv(self, path: str | Path) -> Path:
        """Write the rows as CSV to ``path`` (``~`` expanded), whole or not at all.

        The file is readable by its owner only: it lists who can reach what, with e-mails.
        """
        target = Path(path).expanduser()
        write_atomically(target, self.to_csv(), mode=0o600)
        return target
