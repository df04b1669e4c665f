"""Provides ChangeRequestScreen: a change request's header, the tree of what it changes, the diff."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static, TabbedContent, TabPane

from tui.core import text
from tui.core.humanize import plural
from tui.review.change_request_content import (
    CONTENT_OF_CHANGE_REQUEST_BINDINGS,
    ChangeRequestContent,
)
from tui.review.change_tree import ChangeTree
from tui.review.diff_threads import DiffThreads
from tui.review.diff_title import DiffTitle
from tui.review.diff_view import DiffMode, DiffView
from tui.review.logic.activity import Facts, SeenStore, facts_of, seen_key, what_is_new
from tui.review.logic.changes import ChangeSet, ChangeTreeNode, PageChange
from tui.review.review_actions import PRIMARY_REVIEW_BINDINGS, REVIEW_BINDINGS, ReviewActions
from tui.review.thread_listing import THREAD_BINDINGS, ThreadListing

from ..api.errors import ApiError, RateLimitError
from ..api.models import ChangeRequest, Collection, Organization, RevisionSemanticChanges
from ..review.loading import (
    ChangeRequestView,
    PageDiff,
    fetch_change_request_view,
    fetch_merge_changes,
    fetch_page_diff,
    holders_to_fetch,
)
from ..review.rows import change_mark
from ..review.threads import ThreadScope
from ..shell.navigation import (
    Focus,
    Location,
    collection_location,
    organization_location,
    space_location,
)
from ..shell.polling import ActivityPoller
from ..shell.screen import BrowserScreen
from ..widgets import ItemTree, TreeItem
from ..widgets.key_footer import KeyFooter
from ..widgets.tree_levels import Levels, first_screenful
from .change_request_parts import header_lines, merge_lines, no_text_change, tree_item
from .locations import change_request_location, review_focus
from .memory import review_memory

__all__ = ["ChangeRequestScreen"]

SPLIT_MIN_WIDTH = 110
"""From this many columns the diff opens side by side; below, unified."""
HIGHLIGHT_SETTLE = 0.03
"""Seconds the cursor rests on a page of the tree before its diff is fetched."""
EXPAND_ALL_UP_TO = 200
"""Trees of changes this small open every level; larger ones open the top level only."""
FIRST_ROWS = 80
"""Rows of a larger tree of changes drawn with the first diff; the rest are drawn after it."""
FIRST_FRAME_WAIT = 0.3
"""Seconds the screen's first frame waits for the view (and the first diff, when the trees
carry its bodies): a frame of "Loading…" first and then one of the view cost the 1,000-page
change request 260 ms of CPU against 190 ms for the view alone
(``BrowserScreen.FIRST_FRAME_WAITS_FOR_VIEW``). A slower answer gets its "Loading…" then."""
FIRST_DIFF_WAITS = 5
"""Refreshes what follows the first diff waits for it to be drawn, at most (an app that
skips drawing its frames, as the suite's do, never draws it)."""


def _activity_facts(change_request: ChangeRequest, reviews: int) -> Facts:
    return Facts(
        status=change_request.status,
        threads=change_request.comments,
        reviews=reviews,
        updated_at=change_request.updated_at.isoformat() if change_request.updated_at else "",
    )


class ChangeRequestScreen(
    ChangeRequestContent,
    DiffThreads,
    ThreadListing,
    ReviewActions,
    BrowserScreen[ChangeRequestView],
):
    """The header on top; below, the changes (a tree beside the diff), the threads, the merge."""

    NAMESPACE = "change request"
    FIRST_FRAME_WAITS_FOR_VIEW = FIRST_FRAME_WAIT
    FILTER_BAR_AFTER_VIEW = True  # mounted once the first diff is drawn
    CSS_PATH = "../styles/change_request.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "v",
            "toggle_view",
            "Split/unified",
            id="change_request.view",
            tooltip="Show the diff side by side, or unified",
        ),
        Binding(
            "n",
            "next_change",
            "Next change",
            id="change_request.next_change",
            tooltip="Go to the next change of the page",
        ),
        Binding(
            "p",
            "previous_change",
            "Prev change",
            show=False,
            id="change_request.previous_change",
            tooltip="Go to the previous change of the page",
        ),
        Binding(
            "right_square_bracket,J",
            "next_page",
            "Next page",
            id="change_request.next_page",
            tooltip="Show the next changed page",
        ),
        *PRIMARY_REVIEW_BINDINGS,
        Binding(
            "left_square_bracket,K",
            "previous_page",
            "Prev page",
            show=False,
            id="change_request.previous_page",
            tooltip="Show the previous changed page",
        ),
        Binding(
            "z",
            "all_lines",
            "All lines",
            show=False,
            id="change_request.all_lines",
            tooltip="Show every unchanged line of the page, or fold them again",
        ),
        Binding(
            "D",
            "since_review",
            "Since my review",
            show=False,
            id="change_request.since_review",
            tooltip="Show only what changed since your outdated review, or the whole again",
        ),
        Binding(
            "T",
            "page_threads",
            "Threads",
            id="change_request.threads",
            tooltip="The threads of the page shown (the Threads tab), or back to the changes",
        ),
        Binding(
            "M",
            "merge_tab",
            "Merge tab",
            show=False,
            id="change_request.merge_tab",
            tooltip="What the merge did to main (the Merge tab), or back to the changes",
        ),
        *THREAD_BINDINGS,
        *REVIEW_BINDINGS,
        *CONTENT_OF_CHANGE_REQUEST_BINDINGS,
    ]

    def __init__(
        self, space_id: str, change_request_id: str, *, focus: Focus | None = None
    ) -> None:
        super().__init__()
        self.space_id = space_id
        self.change_request_id = change_request_id
        self.view: ChangeRequestView | None = None
        self.mode: DiffMode | None = None
        """The layout the user chose with v (None: by the terminal's width)."""
        self._focus = review_focus(focus or Focus())
        self._shown_page: str | None = None
        self._diff_timer: Timer | None = None
        self._open_threads: dict[str, int] = {}
        self._page_diff: PageDiff | None = None
        self._marks_asked = False
        self.activity = ActivityPoller(
            self, self.look_for_activity, self.docdeck.config.poll_interval
        )
        self._since_review = False
        """Whether the tree and diffs show what changed since the user's outdated review."""
        self._land_at_end = False
        """Whether the next diff shown opens at its last change (p from the previous page)."""
        self._rest_of_tree: Levels | None = None
        """The whole tree of changes, while only its first screenful is drawn (until the
        first diff is painted)."""
        self._init_blocks(self._focus.block)

    # -- frame -----------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        yield Static(Content("Loading the change request…"), id="cr-header")
        with TabbedContent(initial="changes"):
            with TabPane("Changes", id="changes"), Horizontal(classes="body"):
                with Vertical(id="changes-pane"):
                    yield Static(id="changes-summary")
                    yield ChangeTree(id="change-tree")
                with Vertical(id="diff-pane"):
                    yield DiffTitle(id="diff-title")
                    yield DiffView(id="diff")
            yield TabPane("Threads", id="threads")  # its list is mounted when first shown
            with TabPane("Merge", id="merge"), VerticalScroll():
                yield Static(id="merge-changes")

    def on_mount(self) -> None:
        # The footer's keys are built once the first diff is drawn: built before, they held
        # back the view they are for.
        self.query_one(KeyFooter).hold()
        self.query_one("#change-tree").focus()
        self.query_one(TabbedContent).hide_tab("merge")
        self.diff_view.show_message("Loading…")
        place = self.session.places.get("change-request", self.change_request_id)
        if place is not None:
            self.show_location(place)

    @property
    def change_tree(self) -> ChangeTree:
        return self.query_one(ChangeTree)

    @property
    def diff_view(self) -> DiffView:
        return self.query_one(DiffView)

    @property
    def changes(self) -> ChangeSet | None:
        compared = self.compared_view()
        return compared.changes if compared is not None else None

    def compared_view(self) -> ChangeRequestView | None:
        """The view whose changes are shown: the whole change request, or since my review."""
        view = self.view
        if view is not None and self._since_review:
            return view.since_my_review() or view
        return view

    # -- the view --------------------------------------------------------------------------

    async def fetch_view(self) -> ChangeRequestView:
        return await fetch_change_request_view(
            self.client,
            self.space_id,
            self.change_request_id,
            self.session.places,
            first_page=self._focus.page,
        )

    def show_view(self, view: ChangeRequestView) -> None:
        first = self.view is None
        self.view = view
        places = self.session.places
        places.see(space_location(view.space))
        self.show_location(change_request_location(view.space, view.change_request))
        self._show_header()
        self._show_tree(self.changes or view.changes, first=first)
        merged = view.change_request.is_merged
        tabs = self.query_one(TabbedContent)
        if merged:
            tabs.show_tab("merge")
            self.load(self._fetch_merge, self._show_merge, group="merge")
        if not first:
            self.load_thread_marks()
            self.load_threads()
        if first:
            self._open_first_page()
        elif self._shown_page is not None:
            change = (self.changes or view.changes).find(self._shown_page)
            if change is None:
                self._open_first_page()
            elif self._page_diff is not None and (
                change.old_markdown not in (None, self._page_diff.old)
                or change.new_markdown not in (None, self._page_diff.new)
            ):
                self.open_change(change, refresh=True)
        if first and self._focus.thread:
            self.walk_threads(self._focus.thread)
        if first and not self.showing_cached:
            self.activity.start()
        if not self.showing_cached:
            # What this screen shows is seen: back on the queue, none of it is news.
            cr = view.change_request
            store = self.docdeck.seen_store
            assert isinstance(store, SeenStore)  # the app's, made for review (tui/shell/host.py)
            key = seen_key(view.space.id, cr.id)
            store.see(key, facts_of(cr.status, cr.comments, view.state, cr.updated_at))
        self.refresh_bindings()  # what the status allows may have changed

    def view_shown(self) -> None:
        super().view_shown()
        if self.view is None:
            # The view could not be loaded: no diff will be drawn, what waited for it is due.
            self.query_one(KeyFooter).release()
            self.mount_filter_bar_soon()

    async def _fetch_holders(self) -> tuple[Organization | None, list[Collection]]:
        view = self.view
        if view is None:
            return None, []
        return await holders_to_fetch(self.client, view.space, self.session.places)

    def _show_holders(self, holders: tuple[Organization | None, list[Collection]]) -> None:
        organization, collections = holders
        places = self.session.places
        if organization is not None:
            places.see(organization_location(organization))
        places.see(*(collection_location(c) for c in reversed(collections)))
        view = self.view
        if view is not None and (organization is not None or collections):
            self.show_location(change_request_location(view.space, view.change_request))

    def _show_header(self) -> None:
        if self.view is not None:
            header = header_lines(self.view, self.docdeck.clock(), since_review=self._since_review)
            self.query_one("#cr-header", Static).update(header)

    def _show_tree(self, changes: ChangeSet, *, first: bool = False) -> None:
        """Draw the tree of changes; ``first``: its first screenful only, if it is large (the
        first diff is painted sooner), and the rest once it is (``_once_first_diff_drawn``)."""
        summary = changes.summary()
        if self._since_review:
            summary = f"Since your review: {summary}"
        self.query_one("#changes-summary", Static).update(Content.styled(summary, "bold"))
        tree = self.change_tree
        tree.open_threads = self._open_threads
        levels: dict[str | None, list[TreeItem[ChangeTreeNode]]] = {}
        expand_all = len(changes) <= EXPAND_ALL_UP_TO
        stack: list[tuple[str | None, list[ChangeTreeNode], int]] = [(None, list(changes.tree), 0)]
        while stack:
            parent, nodes, depth = stack.pop()
            levels[parent] = [tree_item(node) for node in nodes]
            for node in nodes:
                if node.children:
                    key = f"page:{node.page_id}"
                    if expand_all or depth == 0:
                        tree.expand_key(key)
                    stack.append((key, node.children, depth + 1))
        self._rest_of_tree = None
        if first:
            shown = self._first_change(changes)
            part = first_screenful(
                levels,
                tree.expanded_keys(),
                rows=FIRST_ROWS,
                holding=f"page:{shown.page_id}" if shown is not None else None,
            )
            if part is not None:
                self._rest_of_tree = levels
                levels = part
        tree.set_levels(levels, more={})

    def _draw_rest_of_tree(self) -> None:
        """The whole tree of changes, after its first screenful (the cursor keeps its row)."""
        levels, self._rest_of_tree = self._rest_of_tree, None
        if levels is not None:
            self.change_tree.set_levels(levels, more={})

    def open_threads_changed(self, by_page: dict[str, int]) -> None:
        """The count of open threads per page is known: mark the pages in the tree."""
        if by_page != self._open_threads:
            self._open_threads = by_page
            if self.changes is not None:
                self._show_tree(self.changes)

    # -- the page and its diff -------------------------------------------------------------

    def _first_change(self, changes: ChangeSet) -> PageChange | None:
        """The change shown first: the page asked for, else the first in the tree."""
        wanted = changes.find(self._focus.page) if self._focus.page else None
        return wanted or (changes.changes[0] if changes.changes else None)

    def _open_first_page(self) -> None:
        changes = self.changes
        shown = self._first_change(changes) if changes is not None else None
        if shown is None:
            self.diff_view.show_message("This change request changes no page.")
            self.query_one(DiffTitle).clear()
            self._after_first_diff()
            return
        self.select_change(shown)

    def select_change(self, change: PageChange) -> None:
        """Show a change's page in the tree and its diff."""
        key = f"page:{change.page_id}"
        if self.change_tree.item(key) is None:
            self._draw_rest_of_tree()  # a page below the first screenful: the whole tree now
        self.change_tree.select_key(key)
        self.open_change(change)

    def on_item_tree_item_highlighted(self, event: ItemTree.ItemHighlighted) -> None:
        if event.tree is not self.change_tree:
            return
        if self._diff_timer is not None:
            self._diff_timer.stop()
        self._diff_timer = self.set_timer(HIGHLIGHT_SETTLE, self._highlight_settled)

    def _highlight_settled(self) -> None:
        item = self.change_tree.highlighted
        if item is None:
            return
        if item.value.change is not None:
            self.open_change(item.value.change)
        elif self._shown_page != item.value.page_id:
            # An unchanged page holding changed ones: the pane no longer shows another page.
            self._shown_page = item.value.page_id
            self._page_diff = None
            self.query_one(DiffTitle).show(
                Content.assemble(
                    Content.styled("· ", "bold"), text.content(item.value.title, "bold")
                ),
                [],
            )
            self.diff_view.show_message(
                "This page did not change: it is shown for the changed pages under it."
            )

    def on_item_tree_item_selected(self, event: ItemTree.ItemSelected) -> None:
        if event.tree is self.change_tree and event.item.value.change is not None:
            self.open_change(event.item.value.change)
            self.diff_view.focus()

    def open_change(self, change: PageChange, *, refresh: bool = False) -> None:
        view = self.view
        if view is None or (change.page_id == self._shown_page and not refresh):
            return
        self._shown_page = change.page_id
        self._show_diff_title(change, None)
        if not change.markdown_changed:
            self._page_diff = None
            self.diff_view.show_message(no_text_change(change))
            self._after_first_diff()
            return
        compared = self.compared_view() or view
        ready = compared.first_diff
        if not refresh and ready is not None and ready.page_id == change.page_id:
            # Its diff came with the view: shown in the same frame as the tree.
            self._show_diff(ready)
            return
        self.diff_view.show_message("Loading the diff…")
        client = self.client

        async def fetch() -> PageDiff:
            return await fetch_page_diff(client, compared, change)

        def failed(error: ApiError) -> None:
            self.diff_view.show_message(f"The diff could not be loaded: {error.message}")
            self._after_first_diff()

        self.load(fetch, self._show_diff, group="diff", refresh=refresh, on_error=failed)

    def _show_diff(self, page_diff: PageDiff) -> None:
        change = self.changes.find(page_diff.page_id) if self.changes else None
        if change is None or page_diff.page_id != self._shown_page:
            return
        self._page_diff = page_diff
        self._show_diff_title(change, page_diff)
        if not page_diff.diff.has_changes:
            self.diff_view.show_message("The text of this page did not change.")
            self._after_first_diff()
            return
        self.diff_view.show(page_diff.diff, mode=self.diff_mode())
        if self._land_at_end:
            self._land_at_end = False
            self.diff_view.last_change()
        self.show_blocks()
        self._after_first_diff()

    def _after_first_diff(self) -> None:
        """The first diff (or what the pane says instead) is shown: what waits for it is
        done once a frame has drawn it."""
        if not self._marks_asked:
            self._marks_asked = True
            self.call_after_refresh(self._once_first_diff_drawn)

    def _once_first_diff_drawn(self, waits: int = 0) -> None:
        """What waits for the first diff to be drawn: the rows of the tree below its first
        screenful, the threads' marks, the places above the space. (A refresh may come
        before the diff is drawn: Textual runs these callbacks when the screen is idle.)"""
        if not self.diff_view.drawn and waits < FIRST_DIFF_WAITS:
            self.call_after_refresh(self._once_first_diff_drawn, waits + 1)
            return
        self._draw_rest_of_tree()
        self.query_one(KeyFooter).release()
        self.mount_filter_bar_soon()
        self.load_thread_marks()
        # The places above the space, for the breadcrumbs: after the diff, never before.
        self.load(self._fetch_holders, self._show_holders, group="holders")

    def _show_diff_title(self, change: PageChange, page_diff: PageDiff | None) -> None:
        changes = self.changes
        name = Content.assemble(
            Content.styled(f"{change_mark(change)} ", "bold $text-accent"),
            text.content(change.title, "bold"),
        )
        parts = [text.content(changes.describe(change) if changes else "", "$text-muted")]
        if page_diff is not None and page_diff.diff.has_changes:
            diff = page_diff.diff
            parts.append(
                Content.assemble(
                    Content.styled(f"+{diff.added}", "$text-success"),
                    " ",
                    Content.styled(f"−{diff.removed}", "$text-error"),
                )
            )
        threads = self._open_threads.get(change.page_id, 0)
        if threads:
            parts.append(Content.styled(f"{plural(threads, 'open thread')} (T)", "$text-warning"))
        self.query_one(DiffTitle).show(name, parts)

    def diff_mode(self) -> DiffMode:
        layout = review_memory(self.session).diff_layout
        if self.mode is None and layout in ("split", "unified"):
            # The choice made on another change request holds here too.
            self.mode = "split" if layout == "split" else "unified"
        if self.mode is not None:
            return self.mode
        return "split" if self.app.size.width >= SPLIT_MIN_WIDTH else "unified"

    def on_resize(self, event: events.Resize) -> None:
        # Until the user chooses (v), the diff follows the terminal's width.
        if self.mode is None and self.is_mounted:
            self.diff_view.set_mode(self.diff_mode())

    def shown_page_diff(self) -> PageDiff | None:
        page_diff = self._page_diff
        if page_diff is None or page_diff.page_id != self._shown_page or not self.diff_view.diff:
            return None
        return page_diff

    def current_change(self) -> PageChange | None:
        changes = self.changes
        return changes.find(self._shown_page) if changes and self._shown_page else None

    # -- keys of the diff ------------------------------------------------------------------

    def action_toggle_view(self) -> None:
        self.mode = "unified" if self.diff_mode() == "split" else "split"
        review_memory(self.session).diff_layout = self.mode
        self.diff_view.set_mode(self.mode)
        self.notify(
            "Side by side" if self.mode == "split" else "Unified", title="Diff", timeout=1.5
        )

    def action_next_change(self) -> None:
        if not self.diff_view.next_change():
            self._step_page(1, at_edge=True)

    def action_previous_change(self) -> None:
        # As n goes on to the next page after the last change, p goes back to the previous
        # page's last change.
        if not self.diff_view.previous_change():
            self._step_page(-1, at_edge=True)

    def action_next_page(self) -> None:
        self._step_page(1)

    def action_previous_page(self) -> None:
        self._step_page(-1)

    def _step_page(self, step: int, *, at_edge: bool = False) -> None:
        changes = self.changes
        if changes is None or not changes.changes:
            return
        ids = [c.page_id for c in changes.changes]
        at = ids.index(self._shown_page) if self._shown_page in ids else -1
        target = at + step
        if not 0 <= target < len(ids):
            self.set_note("That was the last changed page" if step > 0 else "This is the first")
            return
        if at_edge:
            self._land_at_end = step < 0
            self.set_note(
                "Last change of the page: on to the next page"
                if step > 0
                else "First change of the page: back to the previous page"
            )
        self.query_one(TabbedContent).active = "changes"
        self.select_change(changes.changes[target])

    def action_since_review(self) -> None:
        view = self.view
        if view is None or view.since_my_review() is None:
            self.set_note("Your review is not outdated: the whole change request is what you saw")
            return
        self._since_review = not self._since_review
        self._shown_page = None
        self._show_header()
        self._show_tree(self.changes or view.changes)
        self.query_one(TabbedContent).active = "changes"
        self._open_first_page()

    def action_all_lines(self) -> None:
        self.diff_view.toggle_everything()

    async def action_page_threads(self) -> None:
        tabs = self.query_one(TabbedContent)
        if tabs.active == "threads":
            tabs.active = "changes"
            return
        await self.show_threads(page=self._shown_page)

    # -- tabs ------------------------------------------------------------------------------

    def action_merge_tab(self) -> None:
        tabs = self.query_one(TabbedContent)
        if self.view is None or not self.view.change_request.is_merged:
            self.set_note("The Merge tab shows once the change request is merged")
            return
        tabs.active = "changes" if tabs.active == "merge" else "merge"

    async def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "threads":
            await self.show_thread_tab(page=self.thread_list.page if self.has_thread_list else "")
        elif event.pane.id == "changes":
            self.change_tree.focus()
        self.refresh_bindings()

    CLOSED_ACTIONS = frozenset(
        {
            "approve",
            "request_changes",
            "merge",
            "update_from_main",
            "reviewers",
            "edit_subject",
        }
    )
    """Actions a merged or archived change request no longer allows: they leave the footer."""

    DIFF_ACTIONS = frozenset({"toggle_view", "next_change", "previous_change", "all_lines"})
    """Keys of the diff: offered on the Changes tab only (] and [ go back to it)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.view
        if view is not None:
            status = view.change_request.status
            if action in self.CLOSED_ACTIONS and status in ("merged", "archived"):
                return False
            if action == "change_status" and status == "merged":
                return False
        if action in self.DIFF_ACTIONS:
            tabs = self.query(TabbedContent)
            return not tabs or tabs.first().active == "changes"
        return super().check_action(action, parameters)

    async def show_threads(self, *, page: str | None = None) -> None:
        """The Threads tab, on the threads of ``page`` (all of them for None)."""
        await self.show_thread_tab(page=page or "")
        self.query_one(TabbedContent).active = "threads"

    # -- activity --------------------------------------------------------------------------

    def look_for_activity(self) -> None:
        """Ask whether the change request moved (two small requests); only if it did, read
        the whole view again, and say what is new."""
        view = self.view
        if view is None:
            self.activity.answered(changed=False)
            return
        client = self.client
        before = _activity_facts(view.change_request, len(view.reviews))

        async def look() -> None:
            try:
                with client.revalidating():
                    change_request = await client.change_requests.get_change_request_by_id(
                        self.space_id, self.change_request_id
                    )
                    reviews = await client.change_request_reviews.get_reviews_by_change_request_id(
                        self.space_id, self.change_request_id, limit=100
                    )
            except RateLimitError as error:
                self.activity.throttled(error.retry_after)
                return
            except ApiError:
                self.activity.answered(changed=False)
                return
            count = len(reviews.items) + (1 if reviews.next_page else 0)
            now = _activity_facts(change_request, count)
            changed = now != before
            if changed:
                news = what_is_new(before, now)
                self.set_note("● " + ", ".join(news) if news else "")
                self.reload(refresh=True)
            self.activity.answered(changed=changed)

        self.run_task(look, group="activity")

    def on_screen_suspend(self) -> None:
        self.activity.pause()

    def on_screen_resume(self) -> None:
        # (Textual calls BrowserScreen's own handler too: it reloads what went stale.)
        self.activity.resume()

    # -- the merge -------------------------------------------------------------------------

    async def _fetch_merge(self) -> RevisionSemanticChanges | None:
        view = self.view
        if view is None:
            return None
        return await fetch_merge_changes(self.client, self.space_id, view.change_request)

    def _show_merge(self, merge: RevisionSemanticChanges | None) -> None:
        if merge is not None:
            self.query_one("#merge-changes", Static).update(merge_lines(merge))

    # -- where this screen leads -----------------------------------------------------------

    def holds(self, place: Location) -> bool:
        return place.kind == "change-request" and place.id == self.change_request_id

    def focus_on(self, place: Location, focus: Focus) -> None:
        focus = review_focus(focus)
        if focus.page and focus.block and self.view is not None:
            self.go_to_block(focus.page, focus.block)
        if focus.thread:
            self.walk_threads(focus.thread)

    def thread_scope(self) -> ThreadScope:
        return ThreadScope(self.space_id, self.change_request_id)

    def thread_holder(self) -> Location | None:
        return self.location

    def thread_page(self) -> tuple[str, str] | None:
        return self.current_page()

    def can_comment(self) -> bool:
        return self.view is not None and self.view.space.permissions.comment

    def page_titles(self) -> dict[str, str]:
        changes = self.changes
        return {c.page_id: c.title for c in changes.changes} if changes else {}

    def refresh_view(self) -> None:
        self.reload(refresh=True)
        change = self.current_change()
        if change is not None:
            self.open_change(change, refresh=True)

    def apply_filter(self, value: str) -> None:
        if self.query_one(TabbedContent).active == "threads" and self.has_thread_list:
            self.thread_list.set_text_filter(value)
            return
        self.change_tree.set_filter(value)
        self.set_note(f"{self.change_tree.filtered_count()} pages match" if value else "")

    def filter_target(self) -> Widget | None:
        if self.query_one(TabbedContent).active == "threads" and self.has_thread_list:
            return self.thread_list.list
        return self.change_tree

    def current_url(self) -> str | None:
        view = self.view
        return view.change_request.urls.app if view is not None else None
