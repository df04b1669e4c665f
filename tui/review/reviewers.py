"""Provides ReviewersDialog: who is asked to review a change request; ask members, withdraw requests.

The members of the organisation are searched on the service as one types (by name or e-mail);
Enter asks the member highlighted (the first found while in the search box: one Enter after a
name), ↓ goes from the search box to the members, ``d`` on someone asked withdraws the request.
A member asked is marked "(asked)" among the members at once. Each change
is sent at once and the lists show what the service then says; after a lost answer, the list of
those asked is read again to tell whether it was applied.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Input, OptionList, Static

from tui.core import text
from tui.dialogs.fitting import FittedDialog
from tui.review.applied_review import asked_to_review

from ..api.errors import AnswerLostError, ApiError
from ..api.models import ChangeRequestRequestedReviewer, Member
from ..review.loading import ChangeRequestView
from ..shell.failures import GuardedWork
from ..shell.host import Hosted
from ..shell.lost_answers import write_checked
from ..widgets import ItemList, ListEntry

__all__ = ["ReviewersDialog"]

SEARCH_SETTLE = 0.25
"""Seconds of quiet typing before the members are searched."""
FOUND = 20


class ReviewersDialog(FittedDialog, GuardedWork, Hosted, ModalScreen[bool]):
    """Closes with whether anything changed."""

    CSS_PATH = "../styles/dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="dialog.close", tooltip="Close the reviewers"),
        Binding("down", "to_members", "Members", show=False, id="reviewers.members"),
        Binding(
            "d,delete",
            "withdraw",
            "Withdraw",
            id="reviewers.withdraw",
            tooltip="Withdraw the request of the highlighted reviewer",
        ),
    ]

    def __init__(self, view: ChangeRequestView) -> None:
        super().__init__()
        self.view = view
        self.requested: list[ChangeRequestRequestedReviewer] = list(view.requested)
        self.changed = False
        self._search_timer: Timer | None = None
        self._members: list[Member] = []
        self._ask_when_found = False
        """Enter came before the search of what was typed: ask the first found then."""
        self._asking: set[str] = set()
        """Members whose request is on its way (a second Enter must not ask twice)."""

    def compose(self) -> ComposeResult:
        cr = self.view.change_request
        with Vertical(classes="dialog list-dialog reviewers-dialog"):
            yield Static(
                Content.assemble(
                    "Reviewers of ", text.content(f"#{cr.number} {cr.subject}", "bold")
                ),
                classes="dialog-title",
            )
            with VerticalScroll(classes="dialog-body"):
                yield Static(Content.styled("Asked (d withdraws)", "$text-muted"))
                yield ItemList(id="asked")
                yield Static(Content.styled("Ask a member (type a name or e-mail)", "$text-muted"))
                yield Input(placeholder="Search the organisation's members…", id="member-search")
                yield ItemList(id="members")
            yield Static(id="reviewers-status", classes="dialog-footer")

    def on_mount(self) -> None:
        self._show_asked()
        self.query_one("#member-search", Input).focus()
        self._search("")

    def _say(self, message: str | Content, *, error: bool = False) -> None:
        status = self.query_one("#reviewers-status", Static)
        if isinstance(message, str):
            message = text.block(message, "$text-error" if error else "$text-muted")
        status.update(message)

    def _show_asked(self) -> None:
        entries = [
            ListEntry(
                (asked.user.id if asked.user else asked.name) or str(index),
                text.content(asked.name or "a team"),
                text.one_line(asked.name),
                asked,
            )
            for index, asked in enumerate(self.requested)
        ]
        self.query_one("#asked", ItemList).set_entries(entries, empty="Nobody is asked yet.")

    # -- searching -------------------------------------------------------------------------

    @on(Input.Changed, "#member-search")
    def _typed(self, event: Input.Changed) -> None:
        if self._search_timer is not None:
            self._search_timer.stop()
        self._search_timer = self.set_timer(SEARCH_SETTLE, lambda: self._search(event.value))

    @on(Input.Submitted, "#member-search")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self._search_timer is not None:
            # Typed less than a pause ago: the list is not of those words yet.
            self._search_timer.stop()
            self._ask_when_found = True
            self._search(event.value)
            return
        self._ask()

    def action_to_members(self) -> None:
        """↓ in the search box goes down to the members found (the lists keep their own ↓)."""
        if self.query_one("#member-search", Input).has_focus:
            self.query_one("#members", ItemList).focus()

    def _search(self, query: str) -> None:
        self._search_timer = None
        client = self.client
        organization = self.view.space.organization

        async def search() -> None:
            try:
                page = await client.organization_members.list_members_in_organization_by_id(
                    organization, search=query.strip() or "", limit=FOUND
                )
            except ApiError as error:
                self._say(f"{error.title}: {error.message}", error=True)
                self._ask_when_found = False
                return
            self._members = page.items
            self._show_members()
            if self._ask_when_found:
                self._ask_when_found = False
                self._ask()

        self.run_guarded(search, group="search")

    def _show_members(self) -> None:
        members = self._members
        asked = {a.user.id for a in self.requested if a.user is not None}
        author = self.view.change_request.created_by
        entries = []
        for member in members:
            user = member.user
            notes = []
            if user.id in asked:
                notes.append("asked")
            if author is not None and user.id == author.id:
                notes.append("author")
            prompt = Content.assemble(
                text.content(user.display_name or user.id, "bold"),
                Content.styled(f"  {text.one_line(user.email or '')}", "$text-muted"),
                Content.styled(f"  ({', '.join(notes)})" if notes else "", "$text-muted"),
            )
            entries.append(
                ListEntry(user.id, prompt, f"{user.display_name} {user.email or ''}", member)
            )
        self.query_one("#members", ItemList).set_entries(entries, empty="No member matches.")

    # -- acting ----------------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#members")
    def _ask(self) -> None:
        entry = self.query_one("#members", ItemList).highlighted_entry
        if entry is None or not isinstance(entry.value, Member):
            return
        member = entry.value
        view = self.view
        if member.user.id in self._asking:
            return  # on its way
        if any(a.user is not None and a.user.id == member.user.id for a in self.requested):
            self._say(f"{member.user.display_name} is asked already.")
            return
        self._asking.add(member.user.id)

        async def ask() -> None:
            self._say(f"Asking {member.user.display_name}…")
            client = self.client
            space, request, user = view.space.id, view.change_request.id, member.user.id

            async def send() -> bool:
                reviews = client.change_request_reviews
                await reviews.request_reviewers_for_change_request(space, request, users=[user])
                return True

            async def check() -> bool | None:
                return await asked_to_review(client, space, request, user) or None

            try:
                if not await self._checked(send, check, "press Enter on them to ask again."):
                    return
            finally:
                self._asking.discard(user)
            self.changed = True
            await self._reload_asked()
            self._say(f"Asked {member.user.display_name} to review.")

        self.run_guarded(ask, group="send")

    def action_withdraw(self) -> None:
        asked_list = self.query_one("#asked", ItemList)
        entry = asked_list.highlighted_entry if asked_list.has_focus else None
        if entry is None or not isinstance(entry.value, ChangeRequestRequestedReviewer):
            self._say("Highlight someone in the Asked list (Tab or ↑ to reach it), then press d.")
            return
        asked = entry.value
        if asked.user is None:
            self._say("A team's request is withdrawn in the web app.", error=True)
            return
        user = asked.user
        view = self.view

        async def withdraw() -> None:
            client = self.client
            space, request = view.space.id, view.change_request.id

            async def send() -> bool:
                reviews = client.change_request_reviews
                await reviews.remove_requested_reviewer_from_change_request(space, request, user.id)
                return True

            async def check() -> bool | None:
                return not await asked_to_review(client, space, request, user.id) or None

            if not await self._checked(send, check, "press d to withdraw it again."):
                return
            self.changed = True
            await self._reload_asked()
            self._say(f"{user.display_name} is no longer asked to review.")

        self.run_guarded(withdraw, group="send")

    async def _checked(
        self,
        send: Callable[[], Awaitable[bool]],
        check: Callable[[], Awaitable[bool | None]],
        again: str,
    ) -> bool:
        """Send one change; after a lost answer, look whether it was applied. True if it was."""
        try:
            done = await write_checked(self, self.client, send, check, again=again)
        except AnswerLostError:
            self.changed = True  # perhaps: the screen reads the reviewers again
            self._say(
                "Sent, but the answer was lost, and whether it was applied cannot be told yet: "
                "close and open the reviewers again to see.",
                error=True,
            )
            return False
        except ApiError as error:
            self._say(f"Not sent. {error.title}: {error.message}\n{error.hint}", error=True)
            return False
        if done is None:
            self._say(f"Sent, but the answer was lost, and it was not applied: {again}", error=True)
            return False
        return True

    async def _reload_asked(self) -> None:
        client = self.client
        self.requested = [
            asked
            async for asked in client.paginate(
                client.change_request_reviews.get_requested_reviewers_by_change_request_id,
                self.view.space.id,
                self.view.change_request.id,
                limit=100,
            )
        ]
        self._show_asked()
        self._show_members()  # "(asked)" follows

    def action_close(self) -> None:
        self.dismiss(self.changed)
