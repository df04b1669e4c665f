"""Provides TransferDialog: send a collection or a space to another organisation, once confirmed."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.css.query import NoMatches
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import ActionDialog, heading

from ..api.errors import ApiError
from ..api.models import Collection, Organization, Space
from ..widgets import ConfirmField
from .places import CollectionContents, collection_contents

__all__ = ["TransferDialog"]


class TransferDialog(ActionDialog[Collection | Space]):
    """Offers the organisations the user belongs to, except this one; asks for the name too."""

    confirm_variant = "warning"
    sending_note = "Transferring…"

    def __init__(self, item: Collection | Space, organization_title: str) -> None:
        kind = "collection" if isinstance(item, Collection) else "space"
        super().__init__(heading(f"Transfer the {kind} ", item.title), confirm_label="Transfer")
        self.item = item
        self.kind = kind
        self.organization_title = organization_title or "this organisation"
        self.organizations: dict[str, Organization] = {}
        self.contents: CollectionContents | None = None
        self.loaded = False
        self._sent_to = ""

    def compose_body(self) -> ComposeResult:
        yield Static(self._impact(), id="impact", classes="impact")
        yield Label("To the organisation", classes="field-title")
        yield OptionList(
            Option(Content.styled("Loading your organisations…", "$text-muted"), disabled=True),
            id="organizations",
            compact=True,
        )
        yield ConfirmField(self.item.title, verb="transfer it", id="confirm-name")

    def on_mount(self) -> None:
        self.query_one("#organizations", OptionList).focus()
        self.start(self._load, group="load")

    async def _load(self) -> None:
        client = self.client
        try:
            organizations = [
                o
                async for o in client.paginate(
                    client.organizations.list_organizations_for_authenticated_user, limit=100
                )
            ]
            if isinstance(self.item, Collection):
                self.contents = await collection_contents(client, self.item)
        except ApiError as error:
            self.say_failure(error)
            return
        self.loaded = True
        others = [o for o in organizations if o.id != self.item.organization]
        self.organizations = {o.id: o for o in others}
        listing = self.query_one("#organizations", OptionList)
        listing.clear_options()
        if not others:
            listing.add_option(
                Option(
                    Content.styled("You belong to no other organisation.", "$text-muted"),
                    disabled=True,
                )
            )
        for organization in others:
            label = text.content(organization.title)
            if not organization.permissions.admin:
                # The service needs the admin role at both ends of a transfer.
                label = Content.assemble(
                    label, Content.styled("  (you are not an admin there)", "$text-muted")
                )
            listing.add_option(
                Option(label, id=organization.id, disabled=not organization.permissions.admin)
            )
        first = next((o for o in others if o.permissions.admin), None)
        if first is not None:
            listing.highlighted = listing.get_option_index(first.id)
        self._show_impact()

    # -- what is affected ------------------------------------------------------------------

    @property
    def target(self) -> Organization | None:
        try:
            listing = self.query_one("#organizations", OptionList)
        except NoMatches:
            return None  # not composed yet
        option = listing.highlighted_option
        if option is None or option.disabled or option.id is None:
            return None
        return self.organizations.get(option.id)

    def _impact(self) -> Content:
        target = self.target
        where = (
            text.content(target.title, "bold")
            if target
            else Content("the organisation chosen below")
        )
        name = text.content(self.item.title, "bold")
        if isinstance(self.item, Space):
            moved = Content.assemble("Transferring ", name, " moves it")
        elif self.contents is None:
            moved = Content.assemble("Transferring ", name, " moves it and everything in it")
        else:
            held = []
            if self.contents.collections:
                held.append(plural(len(self.contents.collections), "nested collection"))
            if self.contents.spaces:
                held.append(plural(len(self.contents.spaces), "space"))
            with_it = f" with its {' and '.join(held)}" if held else ""
            moved = Content.assemble("Transferring ", name, f" moves it{with_it}")
        return Content.assemble(
            moved,
            " out of ",
            text.content(self.organization_title, "bold"),
            " to the top level of ",
            where,
            ". Only members of that organisation will see it.",
        )

    def _show_impact(self) -> None:
        self.query_one("#impact", Static).update(self._impact())
        self.refresh_ready()

    @on(OptionList.OptionHighlighted, "#organizations")
    def _highlighted(self) -> None:
        self._show_impact()

    @on(OptionList.OptionSelected, "#organizations")
    def _chosen(self) -> None:
        # Choosing the organisation is one step; typing the name is the second.
        self.query_one("#confirm-name", ConfirmField).input.focus()

    @on(Input.Changed)
    def _typed(self) -> None:
        self.refresh_ready()

    # -- sending ---------------------------------------------------------------------------

    def is_ready(self) -> bool:
        return (
            self.loaded
            and self.target is not None
            and self.query_one("#confirm-name", ConfirmField).matches
        )

    def problems_before_sending(self) -> str | None:
        if not self.loaded:
            return "Wait until your organisations are listed."
        if self.target is None:
            return "Choose the organisation to transfer to."
        return None

    async def send(self) -> Collection | Space:
        target = self.target
        assert target is not None
        self._sent_to = target.id
        if isinstance(self.item, Collection):
            return await self.client.collections.transfer_collection(
                self.item.id, organization=target.id
            )
        return await self.client.spaces.transfer_space(self.item.id, organization=target.id)

    async def check_applied(self) -> Collection | Space | None:
        now: Collection | Space
        if isinstance(self.item, Collection):
            now = await self.client.collections.get_collection_by_id(self.item.id)
        else:
            now = await self.client.spaces.get_space_by_id(self.item.id)
        return now if now.organization == self._sent_to else None
