"""Provides SpaceReviews: a space's change requests and comment threads, as tabs of its screen.

The change requests tab lists them newest first, filtered by status (open by default) and "only
mine" on the service's side, and by ``/`` on what is listed; each row says who opened it, when
it last moved, its open threads, where its reviews stand and whether it is outdated (the review
states are read a few change requests at a time and painted as they arrive). The comments tab
is the space's threads (``ThreadListing``).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widget import Widget
from textual.widgets import TabbedContent, TabPane

from tui.core import text
from tui.core.gather import gather_limited
from tui.core.humanize import plural
from tui.review.change_request_list import ChangeRequestList
from tui.review.logic.review_queue import ReviewState, review_state

from ..api.models import ChangeRequest, Space, User
from ..review.rows import list_row
from ..review.threads import ThreadScope
from ..shell.navigation import Location
from ..widgets import ListEntry
from .locations import change_request_location
from .thread_listing import ThreadListing

__all__ = ["SPACE_REVIEW_BINDINGS", "SpaceReviews"]

STATES_AT_ONCE = 4
"""Change requests whose reviews are read at the same time."""

SPACE_REVIEW_BINDINGS: list[BindingType] = [
    Binding(
        "C",
        "show_tab('change-requests')",
        "Change requests",
        id="space.change_requests",
        tooltip="Show the space's change requests",
    ),
    Binding(
        "H",
        "page_threads",
        "Comments",
        id="space.comments",
        tooltip="Show the comment threads of the space (those of the page in view first)",
    ),
    Binding(
        "N",
        "new_thread",
        "New comment",
        show=False,
        id="space.new_comment",
        tooltip="Start a thread on the page in view",
    ),
]

_STATUSES = ("open", "draft", "merged", "archived")


class SpaceReviews(ThreadListing):
    """Mixin of the space screen: the Change requests and Comments tabs."""

    THREAD_PANE = "comments"
    THREAD_HINT = "Enter opens one · N starts one on the page in view"

    _change_requests: list[ChangeRequest]
    _states: dict[str, ReviewState]

    def space_in_view(self) -> Space | None:
        raise NotImplementedError

    @property
    def change_request_list(self) -> ChangeRequestList:
        return self.query_one(ChangeRequestList)

    def review_tab_active(self) -> str | None:
        """``change-requests`` or ``comments`` when one of these tabs is shown."""
        active = self.query_one(TabbedContent).active
        return active if active in ("change-requests", "comments") else None

    @property
    def has_change_request_list(self) -> bool:
        return bool(self.query(ChangeRequestList))

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        # The space screen's own handler runs first (it shows the space's crumbs).
        if event.pane.id == "change-requests":
            self.run_task(self._show_change_requests_tab, group="tab")
        elif event.pane.id == "comments":
            if self.has_thread_list:
                self.thread_list.focus_list()
                self._review_crumbs("Comments")
            else:
                self.run_task(partial(self._show_comments_tab, ""), group="tab")

    async def _show_change_requests_tab(self) -> None:
        if not self.has_change_request_list:
            await self.query_one("#change-requests", TabPane).mount(
                ChangeRequestList(id="change-request-list")
            )
            self.load_change_requests()
        self.change_request_list.focus_list()
        self._review_crumbs("Change requests")

    async def _show_comments_tab(self, page: str) -> None:
        await self.show_thread_tab(page=page)
        if self._thread_marks is None:
            self.load_thread_marks()
        self._review_crumbs("Comments")

    def _review_crumbs(self, tab: str) -> None:
        from ..shell.navigation import crumbs_for
        from ..widgets import Crumb

        if self.location is not None:
            self.set_crumbs(crumbs_for(self.session.places, self.location, then=[Crumb(tab)]))

    # -- change requests -------------------------------------------------------------------

    def load_change_requests(self, *, refresh: bool = False) -> None:
        client = self.client
        space_id = self.thread_scope().space_id
        listing = self.change_request_list
        status, mine = listing.status, listing.mine

        async def fetch() -> tuple[User, list[ChangeRequest]]:
            me = await client.users.get_authenticated_user()
            found: list[ChangeRequest] = []
            for wanted in _STATUSES if status == "all" else (status,):
                options: dict[str, Any] = {"status": wanted, "limit": 100}
                if mine:
                    options["contributor"] = me.id
                found.extend(
                    [
                        cr
                        async for cr in client.paginate(
                            client.change_requests.list_change_requests_for_space,
                            space_id,
                            **options,
                        )
                    ]
                )
            found.sort(
                key=lambda cr: cr.updated_at.timestamp() if cr.updated_at else 0, reverse=True
            )
            return me, found

        def show(answer: tuple[User, list[ChangeRequest]]) -> None:
            me, change_requests = answer
            self._change_requests = change_requests
            if not hasattr(self, "_states"):
                self._states = {}
            self._show_change_requests()
            if not self.showing_cached:
                self._read_states(me, change_requests)

        self.load(fetch, show, group="change-requests", refresh=refresh)

    def _show_change_requests(self) -> None:
        now = self.docdeck.clock()
        listing = self.change_request_list
        entries = [
            ListEntry(
                cr.id,
                list_row(cr, now, self._states.get(cr.id)),
                text.one_line(
                    f"#{cr.number} {cr.subject} "
                    f"{cr.created_by.display_name if cr.created_by else ''}"
                ),
                cr,
            )
            for cr in self._change_requests
        ]
        words = {
            "all": "",
            "open": "open ",
            "draft": "draft ",
            "merged": "merged ",
            "archived": "archived ",
        }
        what = plural(len(entries), f"{words.get(listing.status, '')}change request")
        mine = " of yours" if listing.mine else ""
        listing.show(
            entries,
            summary=Content.assemble(
                Content(what + mine),
                Content.styled(" · Enter opens one · / filters", "$text-muted"),
            ),
            empty="No change request matches these filters.",
        )

    def _read_states(self, me: User, change_requests: list[ChangeRequest]) -> None:
        client = self.client
        space_id = self.thread_scope().space_id
        wanted = [cr for cr in change_requests if cr.status == "open"]

        async def one(cr: ChangeRequest) -> None:
            reviews = await client.change_request_reviews.get_reviews_by_change_request_id(
                space_id, cr.id, limit=100
            )
            asked = (
                await client.change_request_reviews.get_requested_reviewers_by_change_request_id(
                    space_id, cr.id, limit=100
                )
            )
            self._states[cr.id] = review_state(reviews.items, asked.items, me=me.id)
            self._show_change_requests()  # painted as each one arrives

        async def read() -> None:
            await gather_limited(wanted, one, limit=STATES_AT_ONCE)

        if wanted:
            self.run_task(read, group="change-request-states")

    def on_change_request_list_filters_changed(
        self, event: ChangeRequestList.FiltersChanged
    ) -> None:
        self.load_change_requests()

    def on_change_request_list_chosen(self, event: ChangeRequestList.Chosen) -> None:
        space = self.space_in_view()
        if space is not None and isinstance(event.value, ChangeRequest):
            self.docdeck.open_location(change_request_location(space, event.value))

    # -- comments --------------------------------------------------------------------------

    def thread_scope(self) -> ThreadScope:
        return ThreadScope(getattr(self, "space_id", ""))

    def thread_holder(self) -> Location | None:
        return (
            self.location
            if self.location is not None and self.location.kind == "space"
            else (self.session.places.get("space", getattr(self, "space_id", "")))
        )

    def can_comment(self) -> bool:
        space = self.space_in_view()
        return space is not None and space.permissions.comment

    async def action_page_threads(self) -> None:
        page = self.thread_page()
        await self._show_comments_tab(page[0] if page else "")
        self.query_one(TabbedContent).active = "comments"

    def review_filter(self, value: str) -> bool:
        """``/`` on one of these tabs: True when it was theirs to filter."""
        tab = self.review_tab_active()
        if tab == "change-requests" and self.has_change_request_list:
            self.change_request_list.set_text_filter(value)
        elif tab == "comments" and self.has_thread_list:
            self.thread_list.set_text_filter(value)
        return tab is not None

    def review_filter_target(self) -> Widget | None:
        """The list ``/`` narrows on these tabs (None on the others)."""
        tab = self.review_tab_active()
        if tab == "change-requests" and self.has_change_request_list:
            return self.change_request_list.list
        if tab == "comments" and self.has_thread_list:
            return self.thread_list.list
        return None

    def review_reload(self, *, refresh: bool = False) -> None:
        """Reload what these tabs have shown (after a change, or with r)."""
        if self.has_change_request_list:
            self.load_change_requests(refresh=refresh)
        if self.has_thread_list:
            self.load_threads(refresh=refresh)
            self.load_thread_marks(refresh=refresh)

    # -- marks of the pages that have open threads -----------------------------------------

    _page_marks: dict[str, int] | None = None

    def thread_mark(self, page_id: str) -> str:
        """What follows a page's title in the tree: ``  💬2`` when it has open threads."""
        count = (self._page_marks or {}).get(page_id, 0)
        return f"  💬{count}" if count else ""

    def review_space_shown(self, space: Space) -> None:
        """The space is painted: mark its pages with open threads (once, when it has any)."""
        if space.comments and self._thread_marks is None and not self.showing_cached:
            self.load_thread_marks()

    def open_threads_changed(self, by_page: dict[str, int]) -> None:
        if by_page == (self._page_marks or {}):
            return
        self._page_marks = by_page
        refill = getattr(self, "_fill_tree", None)
        pages = getattr(self, "pages", {})
        if refill is None or not pages:
            return
        children = {child.id for page in pages.values() for child in page.pages}
        refill(None, [page for page in pages.values() if page.id not in children])

    def thread_page(self) -> tuple[str, str] | None:
        page = getattr(self, "page_in_view", lambda: None)()
        return (page.id, page.title) if page is not None else None

    def page_titles(self) -> dict[str, str]:
        pages = getattr(self, "pages", {})
        return {page_id: page.title for page_id, page in pages.items()}

    def reload_after_change(self) -> None:
        super().reload_after_change()
        self.review_reload()
