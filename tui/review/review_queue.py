"""Provides ReviewQueueScreen: every open change request of an organisation, newest activity first."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList, Static, Tab, Tabs

from tui.core import text
from tui.core.humanize import plural
from tui.review.logic.activity import Facts, SeenStore, facts_of, seen_key, what_is_new
from tui.review.logic.review_queue import QueueEntry, ReviewQueue, ReviewRun, Section

from ..api.errors import ApiError, RateLimitError
from ..api.models import ChangeRequest, Organization, Space, User
from ..review.drafts import draft_store
from ..review.queue import gather_change_requests, gather_review_states
from ..review.rows import queue_row
from ..shell.navigation import Focus, Location, organization_location
from ..shell.polling import ActivityPoller
from ..shell.screen import BrowserScreen
from ..widgets import ItemList, ListEntry
from .locations import ReviewFocus, change_request_location, review_queue_location
from .memory import review_memory

__all__ = ["ReviewQueueScreen"]

REPAINT_EVERY = 0.1
"""Seconds between two paintings of the list while answers pour in."""


@dataclass
class QueueHead:
    organization: Organization
    me: User


def _seen_key(entry: QueueEntry) -> str:
    return seen_key(entry.space_id, entry.change_request_id)


def entry_facts(entry: QueueEntry) -> Facts:
    """What the user sees of a row, to compare with what they saw last."""
    value = entry.value
    change_request = value[1] if isinstance(value, tuple) else None
    return facts_of(
        change_request.status if isinstance(change_request, ChangeRequest) else "",
        entry.comments,
        entry.state,
        entry.updated_at,
    )


def _signature(queue: ReviewQueue) -> set[tuple[object, ...]]:
    return {(entry.key, entry_facts(entry)) for entry in queue.rows()}


class ReviewQueueScreen(BrowserScreen[QueueHead]):
    """Sections as gh-dash has them (1, 2, 3); Enter opens, t walks the unresolved threads."""

    NAMESPACE = "review queue"
    CSS_PATH = "../styles/review_queue.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "t",
            "next_thread",
            "Next thread",
            id="review_queue.next_thread",
            tooltip="Open the first unresolved thread from the highlighted change request on",
        ),
        Binding(
            "1",
            "section('requested')",
            "Requested",
            id="review_queue.requested",
            tooltip="Change requests whose review is requested from you",
        ),
        Binding(
            "2",
            "section('mine')",
            "Mine",
            id="review_queue.mine",
            tooltip="Your own open change requests",
        ),
        Binding(
            "3",
            "section('open')",
            "All open",
            id="review_queue.open",
            tooltip="Every open change request of the organisation",
        ),
        Binding(
            "x",
            "mark_seen",
            "Mark seen",
            show=False,
            id="review_queue.mark_seen",
            tooltip="Mark the highlighted change request as seen (its ● marks go)",
        ),
        Binding(
            "X",
            "mark_all_seen",
            "Mark all seen",
            show=False,
            id="review_queue.mark_all_seen",
            tooltip="Mark every change request of the section as seen",
        ),
    ]

    def __init__(self, organization_id: str) -> None:
        super().__init__()
        self.organization_id = organization_id
        self.me: User | None = None
        self.queue: ReviewQueue | None = None
        self.section = Section.OPEN
        self._repaint_pending = False
        self._gathering = False
        self.first_row_at: float | None = None
        """When the first row was painted (``time.perf_counter``), for the benchmark."""
        self.done_at: float | None = None
        self._failure: str | None = None
        """Why the last gathering stopped short (the summary says it), or None."""
        self._drafted: set[tuple[str, str | None]] | None = None
        self.activity = ActivityPoller(
            self, self.look_for_activity, self.docdeck.config.poll_interval
        )
        self._seen: dict[str, Facts] | None = None
        self._spaces: dict[str, Space] = {}
        """The spaces of the queue's change requests by id, kept so that a look asks one list."""

    def compose_body(self) -> ComposeResult:
        yield Tabs(
            *(Tab(section.heading, id=section.value) for section in Section),
            active=Section.OPEN.value,
        )
        yield Static(Content("Listing the open change requests…"), id="queue-summary")
        yield ItemList(id="queue", classes="main-list")

    def on_mount(self) -> None:
        self.listing.focus()
        self._drafted = None
        place = self.session.places.get("organization", self.organization_id)
        if place is not None:
            self.show_location(review_queue_location(place))

    @property
    def listing(self) -> ItemList:
        return self.query_one("#queue", ItemList)

    # -- loading ---------------------------------------------------------------------------

    async def fetch_view(self) -> QueueHead:
        organization = await self.client.organizations.get_organization_by_id(self.organization_id)
        me = await self.client.users.get_authenticated_user()
        return QueueHead(organization, me)

    def show_view(self, view: QueueHead) -> None:
        place = organization_location(view.organization)
        self.session.places.see(place)
        self.show_location(review_queue_location(place))
        self.me = view.me
        if self.queue is None:  # from the cache too: a fresh cache is not fetched again
            self.gather()

    def gather(self, *, refresh: bool = False) -> None:
        """List the open change requests, a few spaces at a time, painting them as they come."""
        me = self.me
        if me is None:
            return
        queue = ReviewQueue(me=me.id)
        if self.queue is not None and not refresh:
            queue.add(self.queue.rows())  # keep what is shown (and its states) while it refreshes
        self.queue = queue
        self._failure = None
        review_memory(self.session).run = ReviewRun(queue, self.section)
        client = self.client
        self._gathering = True
        self.busy = True

        answered = False  # some request of the queue was answered: the service is reachable

        def arrived(space: Space, count: int) -> None:
            nonlocal answered
            answered = True
            if count:
                self.schedule_repaint()

        if refresh:
            self._spaces = {}  # the refresh key reads the spaces again too (a title may change)
        known = self._spaces

        async def gather() -> None:
            try:
                if refresh:
                    with client.revalidating():
                        spaces = await gather_change_requests(
                            client, self.organization_id, queue, arrived, spaces=known
                        )
                else:
                    spaces = await gather_change_requests(
                        client, self.organization_id, queue, arrived, spaces=known
                    )
                self.repaint(
                    note=f"{plural(spaces, 'space')} with open change requests · reading the reviews…"
                )
                await gather_review_states(client, queue, me, lambda entry: self.schedule_repaint())
            except ApiError as error:
                self._gathering = False
                self._gather_failed(error, answered=answered)
                return
            finally:
                self._gathering = False
                self.busy = False
            self.done_at = time.perf_counter()
            self.updated_at = self.docdeck.clock()
            self._first_look(queue)
            self.repaint(note="")
            self.activity.start()

        self.run_task(gather, group="queue")

    # -- activity --------------------------------------------------------------------------

    @property
    def seen(self) -> dict[str, Facts]:
        if self._seen is None:
            self._seen = self.seen_store.load()
        return self._seen

    @property
    def seen_store(self) -> SeenStore:
        store = self.docdeck.seen_store
        assert isinstance(store, SeenStore)  # the app's, made for review (tui/shell/host.py)
        return store

    def _first_look(self, queue: ReviewQueue) -> None:
        """Never looked before: what is open now is where the user starts (nothing is new)."""
        store = self.seen_store
        if not self.seen and not store.exists():
            self._mark_seen(queue.rows())

    def _mark_seen(self, entries: list[QueueEntry]) -> None:
        seen = self.seen
        for entry in entries:
            seen[_seen_key(entry)] = entry_facts(entry)
        try:
            self.seen_store.save(seen)
        except OSError as error:
            self.notify(f"What was seen could not be kept: {error.strerror}", severity="warning")

    def news_of(self, entry: QueueEntry) -> list[str]:
        """What changed on a change request since the user last looked at it."""
        return what_is_new(self.seen.get(_seen_key(entry)), entry_facts(entry))

    def look_for_activity(self) -> None:
        """Read the queue again, quietly, and mark what changed; the rows stay meanwhile.

        The cost: one list of the organisation's open change requests (a request per 1,000),
        a space only when one not known yet has some, and the reviews (and newest thread) of
        only those change requests that moved since they were read: another ``updatedAt`` or
        another count of open threads. When nothing changed, that is one request.
        """
        me, old = self.me, self.queue
        if me is None or old is None or self._gathering:
            self.activity.answered(changed=False)
            return
        client = self.client

        async def look() -> None:
            fresh = ReviewQueue(me=me.id)
            try:
                with client.revalidating():
                    await gather_change_requests(
                        client,
                        self.organization_id,
                        fresh,
                        lambda space, count: None,
                        spaces=self._spaces,
                    )
                    for entry in fresh.rows():
                        known = old.get(entry.key)
                        if known is None:
                            continue
                        fresh.note_activity(entry.key, known.activity_at)
                        if known.state is not None and (known.updated_at, known.comments) == (
                            entry.updated_at,
                            entry.comments,
                        ):
                            fresh.set_state(entry.key, known.state)
                    await gather_review_states(client, fresh, me, lambda entry: None)
            except RateLimitError as error:
                self.activity.throttled(error.retry_after)
                return
            except ApiError:
                self.activity.answered(changed=False)
                return
            changed = _signature(old) != _signature(fresh)
            self.queue = fresh
            review_memory(self.session).run = ReviewRun(fresh, self.section)
            self.updated_at = self.docdeck.clock()
            self.repaint()
            self.activity.answered(changed=changed)

        self.run_task(look, group="activity")

    def action_mark_seen(self) -> None:
        entry = self._highlighted()
        if entry is not None:
            self._mark_seen([entry])
            self.repaint()

    def action_mark_all_seen(self) -> None:
        if self.queue is not None:
            self._mark_seen(self.queue.rows(self.section))
            self.repaint()

    def on_screen_suspend(self) -> None:
        self.activity.pause()

    def on_screen_resume(self) -> None:
        # (Textual calls BrowserScreen's own handler too: it reloads what went stale.)
        self.activity.resume()
        # Back from a change request, which marked seen what it showed (``SeenStore.see``).
        self._seen = None
        # Back from a thread: a draft may have been written or sent since, a reply read there
        # may have moved its change request up (``note_activity``).
        self._drafted = None
        self.repaint()

    def _gather_failed(self, error: ApiError, *, answered: bool) -> None:
        """Say what the queue holds after a request of it failed, rather than "Listing…"."""
        self._failure = error.title
        self.refresh_failed = True
        self.repaint(note="")
        self.docdeck.report_error(error)
        if answered:
            # One request failed among answered ones: the service is there, not offline.
            self.docdeck.offline = False

    def schedule_repaint(self) -> None:
        if not self._repaint_pending:
            self._repaint_pending = True
            if self.first_row_at is None:
                self.call_later(self._repaint_now)  # the first rows at once
            else:
                self.set_timer(REPAINT_EVERY, self._repaint_now)

    def _repaint_now(self) -> None:
        self._repaint_pending = False
        self.repaint()

    def repaint(self, *, note: str | None = None) -> None:
        queue = self.queue
        if queue is None:
            return
        now = self.docdeck.clock()
        rows = queue.rows(self.section)
        drafted = self._change_requests_with_drafts()
        entries = [
            ListEntry(
                f"{entry.space_id}/{entry.change_request_id}",
                queue_row(entry, now, self.news_of(entry), drafted=entry.key in drafted),
                text.one_line(
                    f"#{entry.number} {entry.subject} {entry.space_title} {entry.author_name}"
                ),
                entry,
            )
            for entry in rows
        ]
        empty = {
            Section.REQUESTED: "Nobody has asked for your review on an open change request.",
            Section.MINE: "You have no open change request.",
            Section.OPEN: "No open change request in this organisation.",
        }[self.section]
        self.listing.set_entries(
            entries, empty="Looking…" if self._gathering and not entries else empty
        )
        if entries and self.first_row_at is None:
            self.first_row_at = time.perf_counter()
        counts = queue.counts()
        tabs = self.query_one(Tabs)
        for section in Section:
            tab = tabs.query_one(f"#{section.value}", Tab)
            tab.label = Content(f"{section.heading} ({counts[section]})")
        summary = f"{plural(len(rows), 'open change request')} · newest first · Enter opens · t next open thread"
        style = "$text-muted"
        if self._failure is not None:
            listed = plural(len(rows), "open change request")
            summary = (
                f"{listed} listed; the rest could not be read ({self._failure}) · r tries again"
            )
            style = "$text-warning"
        self.query_one("#queue-summary", Static).update(Content.styled(summary, style))
        if note is not None:
            self.set_note(note)

    def _change_requests_with_drafts(self) -> set[tuple[str, str | None]]:
        # Read once per visit: the drafts folder holds a few files, the queue repaints often.
        if self._drafted is None:
            self._drafted = {
                (draft.key.space_id, draft.key.change_request_id)
                for draft in draft_store(self.docdeck).list()
            }
        return self._drafted

    # -- sections and keys -----------------------------------------------------------------

    def action_section(self, section: str) -> None:
        self.query_one(Tabs).active = section

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        if event.tab is None or event.tab.id is None:
            return
        self.section = Section(event.tab.id)
        if self.queue is not None:
            review_memory(self.session).run = ReviewRun(self.queue, self.section)
        self.repaint()
        self.listing.focus()

    def _highlighted(self) -> QueueEntry | None:
        entry = self.listing.highlighted_entry
        return entry.value if entry is not None and isinstance(entry.value, QueueEntry) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        entry = self._highlighted()
        if entry is not None:
            self._open(entry)

    def _open(self, entry: QueueEntry, focus: Focus | None = None) -> None:
        self._mark_seen([entry])  # opened: what it shows now is seen
        space, change_request = entry.value
        if self.queue is not None:
            review_memory(self.session).run = ReviewRun(self.queue, self.section)
        self.docdeck.open_location(change_request_location(space, change_request), focus)

    def action_next_thread(self) -> None:
        queue = self.queue
        if queue is None:
            return
        current = self._highlighted()
        rows = queue.rows(self.section)
        start = rows.index(current) if current in rows else 0
        entry = next((e for e in rows[start:] if e.comments > 0), None)
        if entry is None:
            self.notify("No unresolved thread in this section of the queue.", title="All resolved")
            return
        self._open(entry, ReviewFocus(thread="next-open"))

    # -- the frame -------------------------------------------------------------------------

    def refresh_view(self) -> None:
        self.reload(refresh=True)
        self.gather(refresh=True)

    def reload_after_change(self) -> None:
        self.reload()
        self.gather()

    def holds(self, place: Location) -> bool:
        return place.kind == "review-queue" and place.id == self.organization_id

    def apply_filter(self, value: str) -> None:
        self.listing.set_filter(value)
        self.set_note(f"{self.listing.visible_count()} shown" if value else "")

    def filter_target(self) -> Widget | None:
        return self.listing

    def current_url(self) -> str | None:
        entry = self._highlighted()
        if entry is not None:
            return entry.value[1].urls.app or None
        return super().current_url()
