"""Names of the tree of changes: cut with an ellipsis, and told apart when they would read alike."""

from __future__ import annotations

from tui.review.logic.tree_names import TreeName, cells, cut, fit_names


def test_a_name_that_fits_is_whole_and_one_too_long_ends_in_an_ellipsis():
    assert cut("Installation", 19) == "Installation"
    assert cut("Configuring the client", 19) == "Configuring the cl…"
    assert cells(cut("文档文档文档文档文档文档", 9)) <= 9
    assert cut("文档文档文档文档文档文档", 9).endswith("…")


def test_two_imported_pages_show_the_different_ends_of_their_addresses():
    shown = fit_names(
        [
            TreeName("Imported from https://example.com/docs/setup", "imported-a", 26),
            TreeName("Imported from https://example.com/docs/install", "imported-b", 26),
            TreeName("Configuring the client", None, 19),
        ]
    )
    assert shown == [
        "Imported from https…/setup",
        "Imported from htt…/install",
        "Configuring the cl…",
    ]
    assert all(cells(name) <= 26 for name in shown)


def test_the_same_title_twice_shows_the_end_of_each_path():
    shown = fit_names(
        [TreeName("Notes", "guides/setup/notes", 30), TreeName("Notes", "guides/api/notes", 30)]
    )
    assert shown == ["Notes · setup/notes", "Notes · api/notes"]


def test_names_alike_once_cut_are_told_apart_but_different_ones_are_left_alone():
    shown = fit_names(
        [
            TreeName("Imported from https://example.com/a", "p-a", 19),
            TreeName("Imported from https://example.com/b", "p-b", 19),
            TreeName("Installation", "installation", 19),
        ]
    )
    assert shown == ["Imported from ht…/a", "Imported from ht…/b", "Installation"]


def test_a_room_too_small_for_the_end_keeps_its_last_cells():
    shown = fit_names(
        [
            TreeName("Imported from https://example.com/a-very-long-distinct-end-one", "x", 10),
            TreeName("Imported from https://example.com/a-very-long-distinct-end-two", "y", 10),
        ]
    )
    assert all(cells(name) <= 10 and "…" in name for name in shown)
    assert shown[0] != shown[1]


def test_the_same_title_and_path_stay_as_they_are():
    assert fit_names([TreeName("Notes", "a", 20), TreeName("Notes", "a", 20)]) == ["Notes"] * 2


def test_names_cut_to_different_rooms_are_told_apart_when_one_begins_the_other():
    # One row's room is smaller (a thread mark beside it): "Imported from…" and
    # "Imported from http…" differ, yet neither says which page it is.
    shown = fit_names(
        [
            TreeName("Imported from https://docs.example.com/webhooks/retries", "a", 14),
            TreeName("Imported from https://docs.example.com/webhooks/signing", "b", 19),
            TreeName("Installation guide for the client", "c", 16),
        ]
    )
    assert shown[0].endswith("/retries") and cells(shown[0]) <= 14, shown
    assert shown[1].endswith("/signing") and cells(shown[1]) <= 19, shown
    assert shown[2] == "Installation gu…"  # not alike: left alone
