"""Provides ChangeRequestContent: a change request's own content, a mixin of its screen.

``C`` lists the change request's pages (as a tree) or its files; Enter on a page lists its
links as the change request has them, on a file the pages of the change request that show it.
``l`` lists the links of the page whose diff is shown. A row leads to a changed page of the
tree, else to the space's page, a file's fresh address, or a web address.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from textual.binding import Binding, BindingType

from tui.browse.content_links import BacklinksDialog, LinkDestination, PageLinksDialog, PageRef
from tui.review.change_request_content_dialogs import ChangeRequestContentDialog, ContentChoice

from ..api.errors import NotFoundError
from ..review.loading import ChangeRequestView

if TYPE_CHECKING:
    from tui.review.logic.changes import PageChange

    from ..shell.screen import BrowserScreen

    _Screen = BrowserScreen[Any]
else:
    _Screen = object

__all__ = ["CONTENT_OF_CHANGE_REQUEST_BINDINGS", "ChangeRequestContent"]

CONTENT_OF_CHANGE_REQUEST_BINDINGS: list[BindingType] = [
    Binding(
        "C",
        "change_request_content",
        "Content",
        show=False,
        id="change_request.content",
        tooltip="The change request's pages (a tree) and files; Enter: links and backlinks",
    ),
    Binding(
        "l",
        "change_request_links",
        "Links",
        show=False,
        id="change_request.links",
        tooltip="The links of the page shown, as the change request has them",
    ),
]


class ChangeRequestContent(_Screen):
    """Mixin of the change request screen: ``self.view`` is the change request shown."""

    view: ChangeRequestView | None

    def current_change(self) -> PageChange | None:
        raise NotImplementedError

    def select_change(self, change: PageChange) -> None:
        raise NotImplementedError

    def action_change_request_content(self) -> None:
        view = self.view
        if view is None:
            self.notify("The change request is still loading.", severity="warning")
            return
        dialog = ChangeRequestContentDialog(view.space, view.change_request)
        self.app.push_screen(dialog, partial(self._content_chosen, view))

    def _content_chosen(self, view: ChangeRequestView, choice: ContentChoice | None) -> None:
        if choice is None:
            return
        cr_id = view.change_request.id
        dialog: PageLinksDialog | BacklinksDialog
        if choice.page is not None:
            dialog = PageLinksDialog(view.space, choice.page, change_request_id=cr_id)
        elif choice.file is not None:
            dialog = BacklinksDialog(view.space, file=choice.file, change_request_id=cr_id)
        else:
            return
        self.app.push_screen(dialog, self.follow_in_change_request)

    def action_change_request_links(self) -> None:
        view, change = self.view, self.current_change()
        if view is None or change is None:
            self.notify("Open a changed page first.", severity="warning")
            return
        page = PageRef(change.page_id, change.title)
        dialog = PageLinksDialog(view.space, page, change_request_id=view.change_request.id)
        self.app.push_screen(dialog, self.follow_in_change_request)

    def follow_in_change_request(self, destination: LinkDestination | None) -> None:
        """A page the change request changes is shown here; anything else opens as usual."""
        view = self.view
        if destination is None or view is None:
            return
        if destination.page_id is not None:
            change = view.changes.find(destination.page_id)
            if change is not None:
                self.select_change(change)
                return
        if destination.file_id is not None:
            self.run_task(
                partial(self._open_file, view, destination.file_id, destination.url),
                group="open-file",
            )
        elif destination.url:
            self.docdeck.open_in_browser(destination.url)
        elif destination.place is not None:
            self.docdeck.go_to_location(destination.place, destination.focus)

    async def _open_file(self, view: ChangeRequestView, file_id: str, written: str | None) -> None:
        """The file as the change request holds it, at the address the service gives now."""
        try:
            file = await self.client.change_request_content.get_file_in_change_request_by_id(
                view.space.id, view.change_request.id, file_id
            )
        except NotFoundError:
            file = None
        url = file.download_url if file is not None and file.download_url else written
        if url:
            self.docdeck.open_in_browser(url)
        else:
            self.notify("This file is not in the change request.", severity="warning")
