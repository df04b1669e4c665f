"""Provides ContentActions: the keys on a space's content, a mixin of the space screen.

``l`` lists the links of the page shown (all, broken, working or into the app), ``b`` the pages
that link to it (or, on the files tab, to the highlighted file), ``B`` the space's link
report (its broken links first: Enter goes to the page holding one), ``I`` imports content
from a web address, ``T`` applies a template. The lists lead to a place through
``go_to_destination``; imports and templates end in ``content_changed``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from tui.browse.content_forms import ImportDialog, ImportOutcome, TemplateDialog, TemplateOutcome
from tui.browse.content_links import (
    BacklinksDialog,
    LinkDestination,
    LinkReportDialog,
    PageLinksDialog,
)
from tui.browse.revision import RevisionDialog
from tui.core import text
from tui.core.humanize import plural
from tui.review.locations import change_request_location
from tui.review.propose_change import ProposeChangeDialog, ProposedChange

from ..api.errors import NotFoundError
from ..api.models import RevisionFile, RevisionPage, Space
from ..dialogs import allowed
from ..shell.read_only import mutating
from ..shell.screen import DocdeckScreen

if TYPE_CHECKING:
    _Screen = DocdeckScreen
else:
    _Screen = object

__all__ = ["CONTENT_BINDINGS", "ContentActions"]


def _binding(keys: str, action: str, description: str, id: str, tooltip: str) -> Binding:
    return Binding(keys, action, description, show=False, id=id, tooltip=tooltip)


CONTENT_BINDINGS: list[BindingType] = [
    _binding("l", "page_links", "Links", "page.links", "The links of the page, broken ones marked"),
    _binding(
        "b",
        "backlinks",
        "Backlinks",
        "page.backlinks",
        "The pages that link to the page (or to the highlighted file)",
    ),
    _binding(
        "B",
        "link_report",
        "Link report",
        "space.link_report",
        "Every link of the space, broken ones first; Enter goes to the page holding one",
    ),
    _binding("I", "import_content", "Import", "space.import", "Import content from a web address"),
    _binding("T", "apply_template", "Template", "space.template", "Apply a template"),
    _binding(
        "W",
        "propose_change",
        "Propose a change",
        "space.propose_change",
        "Start a change request, with content imported from a web address, and review it",
    ),
    _binding(
        "i",
        "current_revision",
        "Revision",
        "space.revision",
        "The space's current revision: when it was made, its parents, its pages and files",
    ),
]


class ContentActions(_Screen):
    """Mixin of the space screen: what the content keys do."""

    # -- what the screen provides ----------------------------------------------------------

    def space_in_view(self) -> Space | None:
        raise NotImplementedError

    def page_in_view(self) -> RevisionPage | None:
        """The page shown (None on the files tab, or before one is)."""
        raise NotImplementedError

    def file_in_view(self) -> RevisionFile | None:
        """The highlighted file, on the files tab."""
        raise NotImplementedError

    def loaded_files(self) -> list[RevisionFile]:
        raise NotImplementedError

    def go_to_destination(self, destination: LinkDestination | None) -> None:
        """Follow a row of a links list: a page of this space or elsewhere, or an address."""
        if destination is None:
            return
        space = self.space_in_view()
        if destination.file_id is not None and space is not None:
            self.run_task(
                partial(self._open_file, space.id, destination.file_id, destination.url),
                group="open-file",
            )
            return
        if destination.url:
            self.docdeck.open_in_browser(destination.url)
        elif destination.place is not None:
            self.docdeck.go_to_location(destination.place, destination.focus)

    async def _open_file(self, space_id: str, file_id: str, written: str | None) -> None:
        """Open a linked file at the address the service gives now (a link's may expire)."""
        try:
            file = await self.client.space_content.get_file_by_id(space_id, file_id)
        except NotFoundError:
            file = None
        url = file.download_url if file is not None and file.download_url else written
        if url:
            self.docdeck.open_in_browser(url)
        else:
            self.notify("This file is no longer in the space.", severity="warning")

    def content_changed(self, message: str) -> None:
        """New pages came (an import, a template): show them and say so."""
        raise NotImplementedError

    # -- lists -----------------------------------------------------------------------------

    def action_page_links(self) -> None:
        space, page = self.space_in_view(), self.page_in_view()
        if space is None or page is None:
            self.notify("Open a page first.", severity="warning")
            return
        self.app.push_screen(PageLinksDialog(space, page), self.go_to_destination)

    def action_backlinks(self) -> None:
        space = self.space_in_view()
        if space is None:
            return
        file, page = self.file_in_view(), self.page_in_view()
        if file is not None:
            dialog = BacklinksDialog(space, file=file)
        elif page is not None:
            dialog = BacklinksDialog(space, page=page)
        else:
            self.notify("Open a page or highlight a file first.", severity="warning")
            return
        self.app.push_screen(dialog, self.go_to_destination)

    def action_link_report(self) -> None:
        space = self.space_in_view()
        if space is not None:
            self.app.push_screen(LinkReportDialog(space), self.go_to_destination)

    # -- new content -----------------------------------------------------------------------

    def _editable(self, doing: str) -> Space | None:
        space = self.space_in_view()
        if space is None or not allowed(self, space.permissions.edit, "edit", doing):
            return None
        return space

    @mutating
    def action_import_content(self) -> None:
        space = self._editable("import content into this space")
        if space is not None:
            self.app.push_screen(ImportDialog(space), self._imported)

    def _imported(self, outcome: ImportOutcome | None) -> None:
        if outcome is None:
            return
        result = outcome.result
        if not outcome.counted:
            self.content_changed(
                f"Imported {text.one_line(outcome.url)} ({outcome.source}), "
                f"in revision {result.revision}."
            )
            return
        self.content_changed(
            f"Imported {result.imported_resources} of "
            f"{plural(result.total_resources, 'resource')} from {text.one_line(outcome.url)} "
            f"({outcome.source}), in revision {result.revision}."
        )

    @mutating
    def action_propose_change(self) -> None:
        space = self._editable("propose a change to this space")
        if space is not None:
            self.app.push_screen(ProposeChangeDialog(space), partial(self._proposed, space))

    def _proposed(self, space: Space, outcome: ProposedChange | None) -> None:
        if outcome is None:
            return
        change_request = outcome.change_request
        said = f"#{change_request.number} {text.one_line(change_request.subject)} is a draft"
        if outcome.import_failure:
            self.notify(
                f"{said}, but the import of {text.one_line(outcome.url)} failed "
                f"({text.one_line(outcome.import_failure)}).",
                title="Change request made, import refused",
                severity="warning",
                markup=False,
            )
        else:
            imported = f" with the content of {text.one_line(outcome.url)}" if outcome.url else ""
            self.notify(f"{said}{imported}.", title="Change proposed", markup=False)
        self.docdeck.open_location(change_request_location(space, change_request))

    def action_current_revision(self) -> None:
        space = self.space_in_view()
        if space is not None:
            self.app.push_screen(RevisionDialog(space), self.go_to_destination)

    @mutating
    def action_apply_template(self) -> None:
        if self._editable("apply a template to this space") is not None:
            self.run_task(self._open_template, group="template")

    async def _open_template(self) -> None:
        space = self.space_in_view()
        if space is None:
            return
        files = self.loaded_files()
        if not files:
            files = [
                f
                async for f in self.client.paginate(
                    self.client.space_content.list_files, space.id, limit=100
                )
            ]
        self.app.push_screen(TemplateDialog(space, files), partial(self._applied, space))

    def _applied(self, space: Space, outcome: TemplateOutcome | None) -> None:
        if outcome is None:
            return
        given = f", with a file as {text.one_line(outcome.reference)}" if outcome.reference else ""
        self.content_changed(f"Applied the template {text.one_line(outcome.template)}{given}.")
