"""Provides ListEnd: End in a list loaded page by page reaches its last row, in one key.

A list shows the first page of what the service has and asks for the next as the cursor nears
the end. End puts the cursor on the last row loaded and asks for the rest at the API's largest
page (``LARGEST_PAGE``), page after page, the cursor following the new last row, until the
service has no more. The keys answer meanwhile: one that moves the cursor stops it following
(the rest still loads, as End asked).

The tables (``RecordTable``) and the threads (``ThreadList``) share it; the trees of an
organisation do the same for each of their levels (``ItemTree``).
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["LARGEST_PAGE", "ListEnd", "page_limit"]

LARGEST_PAGE = 1000
"""The API's largest page (``limit`` is at most 1000): the rest of a list in fewest requests."""


def page_limit(rest: bool, usual: int) -> int:
    """The ``limit`` of a list's next page: the largest after End, else the usual size."""
    return LARGEST_PAGE if rest else usual


class ListEnd:
    """What End started in one list: the rest to load, and whether the cursor follows it.

    The list tells it when rows arrive (``rows_added``) and when a key moves the cursor
    (``cursor_moved``); it asks the owner for more through ``ask_rest`` and puts the cursor on
    the last row through ``to_last``.
    """

    def __init__(
        self,
        *,
        has_more: Callable[[], bool],
        ask_rest: Callable[[], None],
        to_last: Callable[[], None],
    ) -> None:
        self._has_more = has_more
        self._ask_rest = ask_rest
        self._to_last = to_last
        self.loading_rest = False
        """Whether End asked for the rest and the service has more."""
        self.following = False
        """Whether the cursor stays on the last row as pages arrive."""

    def go(self) -> None:
        """End: the last row now; the rest at the largest page, the cursor following."""
        self.following = True
        # Before the cursor moves: a list asks for its next page as the cursor nears the end.
        self.loading_rest = self._has_more()
        self._to_last()
        self._continue()

    def rows_added(self) -> None:
        """A page arrived: follow it, and ask for the next one."""
        if self.following:
            self._to_last()
        if self.loading_rest:
            self._continue()

    def cursor_moved(self) -> None:
        """A key moved the cursor: it stays where the user put it (the rest still loads)."""
        self.following = False

    def stop(self) -> None:
        """The list was replaced (a new query, a refresh): End no longer applies."""
        self.following = self.loading_rest = False

    def _continue(self) -> None:
        self.loading_rest = self._has_more()
        if self.loading_rest:
            self._ask_rest()
        else:
            self.following = False
