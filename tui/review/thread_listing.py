"""Provides ThreadListing: a screen's tab of comment threads, and the walk through open threads.

The change request screen and the space screen mix it in. The threads load a page at a time
(``THREAD_PAGE_SIZE``) as the list scrolls, filtered by status, page and author on the service's
side; Enter opens a thread on its own screen. ``t`` walks the open threads: the first of this
change request, and when none is left, on to the next change request of the review queue the
reviewer came from (``ReviewMemory.run``). ``c`` starts a thread on the page in view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import TabPane

from tui.core import text
from tui.core.humanize import plural
from tui.review.comment_form import NewThreadDialog
from tui.review.thread_list import ThreadList

from ..api import UNSET
from ..api.models import Comment, Page
from ..dialogs import allowed
from ..review.drafts import draft_store
from ..review.rows import thread_row
from ..review.threads import THREAD_PAGE_SIZE, ThreadScope, next_open_thread
from ..shell.navigation import Location
from ..shell.read_only import mutating
from ..shell.screen import DocdeckScreen
from ..widgets import ListEntry
from ..widgets.list_end import page_limit
from .locations import ReviewFocus, change_request_location, thread_location
from .memory import review_memory

if TYPE_CHECKING:
    from ..shell.screen import BrowserScreen

    _Screen = BrowserScreen[Any]
else:
    _Screen = object

__all__ = ["THREAD_BINDINGS", "ThreadListing", "open_thread", "walk_to_next_thread"]

THREAD_BINDINGS: list[BindingType] = [
    Binding(
        "t",
        "next_thread",
        "Next thread",
        id="threads.next_open",
        tooltip="Open the next unresolved thread (then those of the queue's next change request)",
    ),
    Binding(
        "c",
        "new_thread",
        "Comment",
        id="threads.new",
        tooltip="Start a thread on the page in view",
    ),
]


def thread_title(comment: Comment) -> str:
    who = comment.posted_by.display_name if comment.posted_by else "someone"
    return f"Thread by {who}"


def open_thread(screen: DocdeckScreen, holder: Location, comment: Comment) -> None:
    """Open a thread on its own screen."""
    place = thread_location(holder, comment.id, thread_title(comment))
    screen.docdeck.open_location(place)


async def walk_to_next_thread(
    screen: DocdeckScreen, scope: ThreadScope, holder: Location, after: str | None
) -> None:
    """Open the open thread after ``after`` in this scope, else go on through the queue.

    The screen the walk starts from is left (a thread's screen, or a change request's when the
    walk goes on to the next one), so that Esc still leads back to where the review began.
    """
    client = screen.client
    found = await next_open_thread(client, scope, after)
    app = screen.app
    if found is not None:
        if holder.kind == "comment-thread" and screen.is_current:
            app.pop_screen()
        open_thread(screen, _holder_of(screen, holder), found)
        return
    run = review_memory(screen.session).run
    key = (scope.space_id, scope.change_request_id or "")
    entry = run.next_with_threads(key) if run is not None and scope.is_change_request else None
    if entry is None:
        other = "other " if after else ""  # walking from a thread, which may still be open
        screen.notify(
            f"No {other}unresolved thread left here."
            if run is None
            else f"No {other}unresolved thread left "
            "in this change request, nor in the rest of the review queue.",
            title="No other open thread" if after else "All threads resolved",
        )
        return
    space, change_request = entry.value
    place = change_request_location(space, change_request)
    screen.session.places.see(place)
    # Leave this change request (and its thread) for the next one of the queue.
    while app.screen is not None and _leaves(app.screen, scope):
        app.pop_screen()
    screen.notify(
        f"On to #{change_request.number} {text.one_line(change_request.subject)}",
        title="Next change request",
        markup=False,
    )
    screen.docdeck.open_location(place, ReviewFocus(thread="next-open"))


def _holder_of(screen: DocdeckScreen, place: Location) -> Location:
    if place.kind != "comment-thread" or place.parent is None:
        return place
    holder = screen.session.places.get(*place.parent)
    return holder if holder is not None else place


def _leaves(screen: Any, scope: ThreadScope) -> bool:
    location = getattr(screen, "location", None)
    if location is None:
        return False
    if location.kind == "change-request":
        return bool(location.id == scope.change_request_id)
    return bool(
        location.kind == "comment-thread"
        and location.parent == ("change-request", scope.change_request_id)
    )


class ThreadListing(_Screen):
    """Mixin of a BrowserScreen with a tab of threads: their loading, filters and keys.

    The ``ThreadList`` is mounted in its tab (``THREAD_PANE``) the first time it is shown, so
    that a screen opens without paying for a list nobody looked at; the marks of pages (how
    many open threads each has) load on their own, for the trees.
    """

    THREAD_PANE: ClassVar[str] = "threads"
    """The id of the TabPane the list goes in."""
    THREAD_HINT: ClassVar[str] = "Enter opens one · t the next open one"

    _threads: list[Comment]
    _threads_next: str | None
    _thread_marks: tuple[dict[str, int], dict[str, str], list[tuple[str, str]]] | None = None
    _all_threads: list[Comment] | None = None

    def thread_scope(self) -> ThreadScope:
        raise NotImplementedError

    def thread_holder(self) -> Location | None:
        """The place the threads belong to (the change request, the space)."""
        raise NotImplementedError

    def page_titles(self) -> dict[str, str]:
        """Page id → title, for the page filter."""
        return {}

    def thread_page(self) -> tuple[str, str] | None:
        """(id, title) of the page a new thread goes on; None: not on a page."""
        return None

    def can_comment(self) -> bool:
        return True

    def open_threads_changed(self, by_page: dict[str, int]) -> None:
        """The count of open threads of each page (to mark pages in a tree)."""

    def block_threads_changed(self, threads: list[Comment]) -> None:
        """Every thread, open or resolved (to mark the blocks they are attached to)."""

    @property
    def thread_list(self) -> ThreadList:
        return self.query_one(ThreadList)

    @property
    def has_thread_list(self) -> bool:
        return bool(self.query(ThreadList))

    async def mount_thread_list(self, *, page: str = "") -> ThreadList:
        """The list in its tab, mounted and loading the first time it is asked for."""
        if self.has_thread_list:
            return self.thread_list
        threads = ThreadList(id="thread-list")
        await self.query_one(f"#{self.THREAD_PANE}", TabPane).mount(threads)
        self._threads, self._threads_next = [], None
        self._apply_marks(page)
        threads.choose(page=page)
        self.load_threads()
        return threads

    # -- loading ---------------------------------------------------------------------------

    def _options(self) -> dict[str, Any]:
        threads = self.thread_list
        return {
            "status": threads.status,
            "target_page": threads.page or UNSET,
            "authors": [threads.author] if threads.author else UNSET,
            "limit": THREAD_PAGE_SIZE,
        }

    def load_threads(self, *, refresh: bool = False) -> None:
        """The first page of threads for the filters chosen (once the list is shown)."""
        if not self.has_thread_list:
            return
        client, scope, options = self.client, self.thread_scope(), self._options()

        async def fetch() -> Page[Comment]:
            return await scope.list_threads(client, **options)

        def show(page: Page[Comment]) -> None:
            self._threads = list(page.items)
            self._threads_next = page.next_page
            self._show_threads()

        self.load(fetch, show, group="threads", refresh=refresh)

    def load_thread_marks(self, *, refresh: bool = False) -> None:
        """How many open threads each page has, and who commented (for the filters)."""
        self.load(self._fetch_marks, self._show_marks, group="thread-marks", refresh=refresh)

    async def _fetch_marks(
        self,
    ) -> tuple[dict[str, int], dict[str, str], list[tuple[str, str]]]:
        client, scope = self.client, self.thread_scope()
        counts: dict[str, int] = {}
        titles: dict[str, str] = {}
        # Resolved threads too: their blocks keep a (dimmed) mark in the diff.
        every: list[Comment] = []
        async for comment in client.paginate(scope.list_threads, client, status="all", limit=1000):
            every.append(comment)
            page = comment.target.page
            if page is not None and not comment.resolved:
                counts[page.id] = counts.get(page.id, 0) + 1
                titles[page.id] = page.title
        self._all_threads = every
        people = {
            member.user.id: member.user.display_name for member in await scope.commenters(client)
        }
        authors = sorted(people.items(), key=lambda item: item[1].casefold())
        return counts, titles, [(name, user_id) for user_id, name in authors]

    def _show_marks(
        self, marks: tuple[dict[str, int], dict[str, str], list[tuple[str, str]]]
    ) -> None:
        self._thread_marks = marks
        self._apply_marks(self.thread_list.page if self.has_thread_list else "")
        self.open_threads_changed(marks[0])
        if self._all_threads is not None:
            self.block_threads_changed(self._all_threads)

    def _apply_marks(self, page: str) -> None:
        """Offer the pages that have threads (and the one asked for) in the page filter."""
        if not self.has_thread_list:
            return
        counts, titles, authors = self._thread_marks or ({}, {}, [])
        known = dict(titles)
        known.update(self.page_titles())
        wanted = [pid for pid in known if pid in counts or pid == page]
        self.thread_list.set_pages([(text.one_line(known[pid]), pid) for pid in wanted])
        self.thread_list.set_authors([(text.one_line(name), uid) for name, uid in authors])

    def _thread_entries(self, comments: list[Comment]) -> list[ListEntry]:
        now = self.docdeck.clock()
        titles = self.page_titles()
        return [
            ListEntry(
                comment.id,
                thread_row(
                    comment,
                    now,
                    titles.get(comment.target.page.id, "") if comment.target.page else "",
                ),
                text.one_line(
                    f"{comment.posted_by.display_name if comment.posted_by else ''} "
                    f"{comment.body.markdown or ''}"
                ),
                comment,
            )
            for comment in comments
        ]

    def _thread_summary(self) -> Content:
        threads = self.thread_list
        status = {"open": "open ", "resolved": "resolved "}.get(threads.status, "")
        shown = plural(len(self._threads), f"{status}thread")
        more = " (more below: they load as you scroll)" if self._threads_next else ""
        return Content.assemble(
            Content(shown + more), Content.styled(f" · {self.THREAD_HINT}", "$text-muted")
        )

    def _show_threads(self) -> None:
        self.thread_list.set_threads(
            self._thread_entries(self._threads),
            more=bool(self._threads_next),
            summary=self._thread_summary(),
            empty="No thread matches these filters."
            if not self.thread_list.page
            else "No thread on this page matches these filters: Any page (the second filter) "
            "shows the others, and t goes to the next open one.",
        )

    def on_thread_list_more_wanted(self, event: ThreadList.MoreWanted) -> None:
        token = self._threads_next
        if not token:
            return
        client, scope, options = self.client, self.thread_scope(), self._options()
        options["limit"] = page_limit(event.rest, THREAD_PAGE_SIZE)

        async def fetch() -> Page[Comment]:
            return await scope.list_threads(client, page=token, **options)

        def show(page: Page[Comment]) -> None:
            if self._threads_next != token:
                return  # shown already (from the cache, then from the service)
            known = {comment.id for comment in self._threads}
            new = [c for c in page.items if c.id not in known]
            self._threads.extend(new)
            self._threads_next = page.next_page
            self.thread_list.append_threads(
                self._thread_entries(new),
                more=bool(self._threads_next),
                summary=self._thread_summary(),
            )

        self.load(fetch, show, group="threads-more")

    def on_thread_list_filters_changed(self, event: ThreadList.FiltersChanged) -> None:
        self.load_threads()

    async def show_thread_tab(self, *, page: str = "") -> None:
        """The tab of threads, on the threads of ``page`` ("" for every page)."""
        if not self.has_thread_list:
            await self.mount_thread_list(page=page)
        else:
            self._apply_marks(page)
            if self.thread_list.choose(page=page):
                self.load_threads()
        self.thread_list.focus_list()

    def on_thread_list_chosen(self, event: ThreadList.Chosen) -> None:
        holder = self.thread_holder()
        if holder is not None and isinstance(event.value, Comment):
            open_thread(self, holder, event.value)

    # -- keys ------------------------------------------------------------------------------

    def action_next_thread(self) -> None:
        self.walk_threads("next-open")

    def walk_threads(self, start: str) -> None:
        """Open a thread: ``next-open`` walks to the first unresolved one, or an id opens it."""
        holder = self.thread_holder()
        if holder is None:
            return
        scope = self.thread_scope()

        async def walk() -> None:
            if start != "next-open":
                open_thread(self, holder, await scope.get(self.client, start))
                return
            await walk_to_next_thread(self, scope, holder, None)

        self.run_task(walk, group="walk")

    @mutating
    def action_new_thread(self) -> None:
        holder = self.thread_holder()
        if holder is None or not allowed(
            self, self.can_comment(), "comment", "start a thread here"
        ):
            return
        page = self.thread_page()
        scope = self.thread_scope()
        dialog = NewThreadDialog(
            scope,
            draft_store(self.docdeck),
            page_id=page[0] if page else None,
            page_title=page[1] if page else "",
        )
        self.app.push_screen(dialog, self._thread_started)

    def _thread_started(self, comment: Comment | None) -> None:
        if comment is None:
            return
        self.notify("Your thread is posted.", title="Comment")
        self.load_threads()
        self.load_thread_marks()
        holder = self.thread_holder()
        if holder is not None:
            open_thread(self, holder, comment)
