"""Provides SiteHistory: a site's changes as they land, and their undo (``u``, ``U``).

A change that was sent makes the tree load what the service lists next; until it shows, no
other change is planned (``still_changing``). Whichever load of the view comes last (the
change's own, or one that replaced it: the screen shown again, ``r``) ends the change: a newer
load drops the older one's answer, so the change's end cannot wait for that answer alone. ``u`` undoes the site's last change still in
place, ``U`` lists this session's changes to sites and undoes any of them, saying when a later
change touched the same node and what cannot be fully restored.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from tui.core.humanize import plural
from tui.sites.logic.journal import JournalEntry, NothingToUndo
from tui.sites.site_dialogs import JournalDialog

from ..api.errors import AnswerLostError, ApiError
from ..shell.read_only import mutating
from .site_base import SiteParts
from .site_journal import journal_of, last_change_of_site, site_of_entry, undo_checked

__all__ = ["JOURNAL_BINDING", "UNDO_BINDING", "SiteHistory"]

UNDO_BINDING = Binding(
    "u", "undo_last", "Undo", id="site.undo", tooltip="Undo the last change of this site"
)
JOURNAL_BINDING = Binding(
    "U",
    "show_journal",
    "Journal",
    show=False,
    id="site.journal",
    tooltip="This session's changes to sites; Enter undoes any of them",
)


class SiteHistory(SiteParts):
    """Mixin of the site screen: changes landing, and undo."""

    changing: bool = False
    """Whether a change was sent and the tree does not show the service's answer yet."""
    landing: bool = False
    """Whether a change was applied and the view's next load is the one that ends it."""
    pending_select: str | None = None

    def select_after_show(self, key: str | None) -> None:
        raise NotImplementedError

    def still_changing(self) -> bool:
        """Whether the last change is still on its way (then say so)."""
        if self.changing:
            self.notify("Wait: the last change is still being sent.", severity="warning")
        return self.changing

    # -- after a change --------------------------------------------------------------------

    def structure_changed(self, message: str, *, select: str | None = None) -> None:
        """Say what was done, and show what the service lists now (before the next change)."""
        self.notify(message, title="Done", markup=False)
        self.changing = True
        self.landing = True
        self.pending_select = select
        self.reload(refresh=True)

    def reload(self, *, refresh: bool = False) -> None:
        if not self.landing:
            super().reload(refresh=refresh)
            return
        # This load replaces the change's own (dropped unseen): it ends the change instead,
        # from the service, as the change's own would have.
        self.load(self.fetch_view, self._show_changed, refresh=True, on_error=self._change_failed)

    def _change_failed(self, error: ApiError) -> None:
        self.changing = self.landing = False

    def _show_changed(self, view: Any) -> None:
        self.changing = self.landing = False
        self.select_after_show(self.pending_select)
        self.show_view(view)

    # -- undo ------------------------------------------------------------------------------

    @mutating
    def action_undo_last(self) -> None:
        entry = last_change_of_site(self, self.site_id)
        if entry is None:
            self.notify("Nothing to undo on this site in this session.", severity="warning")
            return
        self.undo_entry(entry)

    def undo_entry(self, entry: JournalEntry) -> None:
        if self.still_changing():
            return
        if not self.may_change("undo a change of this site"):
            return
        journal = journal_of(self)
        later = journal.later_on_same_subject(entry)

        async def work() -> None:
            try:
                if await undo_checked(self, entry) is None:
                    self.changing = False  # its answer was lost and it was not applied
                    return
            except AnswerLostError:
                self.changing = False
                raise  # nobody knows whether it was applied: the app's failure path says so
            except NothingToUndo as reason:
                self.changing = False
                self.notify(str(reason), severity="warning", markup=False)
                return
            except ApiError as error:
                self.changing = False
                self.notify(
                    f"{entry.description} is still in place: {error.message}\n{error.hint}",
                    title="Undo failed",
                    severity="error",
                    markup=False,
                )
                return
            notes = "".join(f"\n{note}" for note in entry.notes)
            warning = (
                f"\n{plural(len(later), 'later change')} touched the same node." if later else ""
            )
            if site_of_entry(entry) == self.site_id:
                self.structure_changed(f"Undid: {entry.description}.{notes}{warning}")
                self.refresh_side_views()
            else:
                self.changing = False
                self.notify(f"Undid: {entry.description}.{notes}", title="Done", markup=False)

        self.changing = True
        self.run_task(work, group="change")

    @mutating
    def action_show_journal(self) -> None:
        entries = journal_of(self).newest_first()
        titles = {place.id: place.title for place in self.session.places if place.kind == "site"}

        def chosen(entry: JournalEntry | None) -> None:
            if entry is not None:
                self.undo_entry(entry)

        self.app.push_screen(JournalDialog(entries, titles), chosen)
