"""An access reviewer asks who can edit a space, filters the answer and exports it as CSV."""

from __future__ import annotations

import csv
import os
import stat

import pytest

from tui.admin.logic.access import ROLE_RANK, AccessMatrix, csv_safe
from tui.api.models import Member, MemberSpace
from tui.api.models.common import ROLES


def member(member_id: str, name: str, email: str, role: str | None = "edit") -> Member:
    return Member.model_validate(
        {
            "id": member_id,
            "role": role,
            "user": {"id": member_id, "displayName": name, "email": email},
        }
    )


def reach(space_id: str, title: str, permission: str) -> MemberSpace:
    return MemberSpace.model_validate(
        {"permission": permission, "space": {"id": space_id, "title": title, "organization": "org"}}
    )


ADA = member("u-ada", "Ada Lovelace", "ada@northwind.dev", "admin")
BOB = member("u-bob", "bob builder", "bob@northwind.dev", "review")
EVE = member("u-eve", '=HYPERLINK("http://evil")', "-eve@evil.test", None)

MATRIX = AccessMatrix.build(
    [
        (BOB, [reach("s-api", "API reference", "edit"), reach("s-hand", "Handbook", "read")]),
        (ADA, [reach("s-api", "API reference", "admin"), reach("s-guide", "Guides", "comment")]),
        (EVE, [reach("s-api", "API reference", "comment")]),
    ]
)


def who(matrix: AccessMatrix) -> list[tuple[str, str, str]]:
    return [(r.member_name, r.space_title, r.permission) for r in matrix.rows]


def test_the_rank_of_roles_is_the_specs_order():
    assert sorted(ROLE_RANK, key=ROLE_RANK.__getitem__, reverse=True) == list(ROLES)


def test_rows_are_member_by_space_sorted_by_name_then_space():
    assert who(MATRIX) == [
        ('=HYPERLINK("http://evil")', "API reference", "comment"),
        ("Ada Lovelace", "API reference", "admin"),
        ("Ada Lovelace", "Guides", "comment"),
        ("bob builder", "API reference", "edit"),
        ("bob builder", "Handbook", "read"),
    ]
    assert MATRIX.rows[0].organization_role is None


def test_who_can_edit_the_api_reference():
    assert who(MATRIX.who_can("edit", space="api reference")) == [
        ("Ada Lovelace", "API reference", "admin"),
        ("bob builder", "API reference", "edit"),
    ]


def test_filters_combine_and_ignore_case():
    assert who(MATRIX.filter(member="NORTHWIND", exactly="comment")) == [
        ("Ada Lovelace", "Guides", "comment")
    ]
    assert who(MATRIX.filter(space="s-hand")) == [("bob builder", "Handbook", "read")]
    assert who(MATRIX.filter(text="guides")) == [("Ada Lovelace", "Guides", "comment")]
    assert who(MATRIX.filter(text="guest")) == [
        ('=HYPERLINK("http://evil")', "API reference", "comment")
    ]
    assert len(MATRIX.filter(text="   ")) == 5


def test_an_unknown_role_in_a_filter_is_refused():
    with pytest.raises(ValueError, match="Unknown role 'owner'"):
        MATRIX.filter(at_least="owner")


def test_members_spaces_and_grid_for_a_matrix_view():
    assert MATRIX.members == [
        ("u-eve", '=HYPERLINK("http://evil")'),
        ("u-ada", "Ada Lovelace"),
        ("u-bob", "bob builder"),
    ]
    assert MATRIX.spaces == [
        ("s-api", "API reference"),
        ("s-guide", "Guides"),
        ("s-hand", "Handbook"),
    ]
    assert MATRIX.grid()[("u-bob", "s-api")] == "edit"
    assert ("u-eve", "s-hand") not in MATRIX.grid()


@pytest.mark.parametrize(
    ("cell", "safe"),
    [
        ("=1+1", "'=1+1"),
        ("+31 6 1234", "'+31 6 1234"),
        ("-2", "'-2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("Ada", "Ada"),
        ("", ""),
        ("a=b", "a=b"),
    ],
)
def test_a_cell_that_starts_like_a_formula_is_quoted(cell, safe):
    assert csv_safe(cell) == safe


def test_the_csv_export_has_a_header_every_row_and_no_formula(tmp_path):
    path = MATRIX.who_can("comment", space="API").export_csv(tmp_path / "access.csv")
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == [
        "Member",
        "E-mail",
        "Organization role",
        "Space",
        "Permission",
        "Member id",
        "Space id",
    ]
    assert rows[1] == [
        '\'=HYPERLINK("http://evil")',
        "'-eve@evil.test",
        "guest",
        "API reference",
        "comment",
        "u-eve",
        "s-api",
    ]
    assert [r[0] for r in rows[2:]] == ["Ada Lovelace", "bob builder"]
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["access.csv"]  # no temporary file left


def test_an_export_to_a_missing_folder_fails_and_leaves_nothing(tmp_path):
    with pytest.raises(FileNotFoundError):
        MATRIX.export_csv(tmp_path / "missing" / "access.csv")
    assert list(tmp_path.iterdir()) == []


def test_an_export_replaces_an_existing_file_whole(tmp_path):
    target = tmp_path / "access.csv"
    target.write_text("old content that is longer than the new one\n" * 100)
    MATRIX.filter(space="Handbook").export_csv(target)
    assert target.read_text().count("\n") == 2
