"""Provides FindOrganizationDialog: the organisations people of an e-mail domain can find."""

from __future__ import annotations

from functools import partial
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static

from tui.admin.logic.admin_checks import email_domain_problem
from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.fitting import FittedDialog

from ..api.errors import ApiError
from ..api.models import Organization
from ..shell.failures import GuardedWork
from ..shell.host import Hosted
from ..widgets import ItemList, ListEntry

__all__ = ["FindOrganizationDialog"]


class FindOrganizationDialog(FittedDialog, GuardedWork, Hosted, ModalScreen[Organization | None]):
    """A domain, Enter to look it up, the organisations found; Enter on one opens it."""

    CSS_PATH = "../styles/admin_dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="dialog.close", tooltip="Close"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog list-dialog picker"):
            yield Static(Content("Find organisations by e-mail domain"), classes="dialog-title")
            yield Input(placeholder="northwind.dev", id="domain", compact=True)
            yield Static(id="found", classes="impact")
            with VerticalScroll(classes="dialog-body"):
                yield ItemList(id="organizations")
            yield Static(
                Content.styled(
                    "Enter looks up · ↓ to the list · Enter opens · Esc closes", "$text-muted"
                ),
                classes="dialog-footer",
            )

    def on_mount(self) -> None:
        self.query_one("#domain", Input).focus()

    @on(Input.Submitted, "#domain")
    def _look_up(self, event: Input.Submitted) -> None:
        event.stop()
        domain = event.value.strip().lower()
        problem = email_domain_problem(domain)
        if problem:
            self.query_one("#found", Static).update(Content.styled(problem, "$text-error"))
            return
        self.query_one("#found", Static).update(Content("Looking up…"))
        self.run_guarded(partial(self._load, domain), group="look-up")

    async def _load(self, domain: str) -> None:
        found = self.query_one("#found", Static)
        try:
            answer = await self.client.organizations.get_organizations_for_email_domain(domain)
        except ApiError as error:
            found.update(Content.styled(f"{error.title}: {error.message}", "$text-error"))
            return
        organizations = answer.organizations
        found.update(Content(f"{plural(len(organizations), 'organisation')} for {domain}"))
        listing = self.query_one("#organizations", ItemList)
        listing.set_entries(
            (
                ListEntry(o.id, text.content(o.title), text.one_line(o.title), o)
                for o in organizations
            ),
            empty="No organisation has this domain.",
        )
        if organizations:
            listing.focus()
        self.call_after_refresh(self.fit_body)

    @on(OptionList.OptionSelected, "#organizations")
    def _chosen(self) -> None:
        entry = self.query_one("#organizations", ItemList).highlighted_entry
        if entry is not None:
            self.dismiss(entry.value)

    def action_close(self) -> None:
        self.dismiss(None)
