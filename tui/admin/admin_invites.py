"""Provides InvitesScreen: invite people by e-mail, and the organisation's invite links.

The table lists the links (to the organisation, a space or a collection, with the role or
level each gives, and whether it gives the caller nothing new); ``i`` invites by e-mail,
``n`` creates a link, ``c`` (or ``y``) copies the highlighted one with OSC 52, ``e`` changes its
role, ``d`` deletes it after asking.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content

from tui.admin.access_changes import CONTENT_ROLES
from tui.admin.invite_dialogs import (
    ORGANIZATION_ROLES,
    DeleteLinkDialog,
    InviteByEmailDialog,
    InviteReport,
    InviteReportDialog,
)
from tui.admin.logic.invites import GUEST, invite_link_url
from tui.core import text

from ..api import UNSET, Client
from ..api.models import (
    Collection,
    InviteLink,
    InviteLinkToCollection,
    InviteLinkToOrganization,
    InviteLinkToSpace,
    Page,
    Space,
)
from ..dialogs import allowed
from ..dialogs.applied import gone
from ..dialogs.base import heading
from ..dialogs.pick_dialog import PickDialog
from ..dialogs.space_picker import PickSpaceDialog
from ..shell.lost_answers import write_checked
from ..shell.read_only import mutating
from ..shell.table_screen import TableScreen
from ..widgets.record_table import Column, Record
from .locations import admin_view_location

__all__ = ["InvitesScreen", "link_target", "role_of_link"]

TARGETS: list[tuple[str, str]] = [
    ("The organisation: new members with a role", "organization"),
    ("A space: a level in one space", "space"),
    ("A collection: a level in one collection", "collection"),
]


def link_target(link: InviteLink) -> str:
    """What a link leads to: ``organisation``, ``space API Reference``…"""
    if isinstance(link, InviteLinkToSpace):
        return f"space {text.one_line(link.space.title)}"
    if isinstance(link, InviteLinkToCollection):
        return f"collection {text.one_line(link.collection.title)}"
    return "organisation"


def role_of_link(link: InviteLink) -> str | None:
    return link.role if isinstance(link, InviteLinkToOrganization) else link.level


async def _link_ids(client: Client, organization_id: str) -> set[str]:
    listing = client.organizations.list_organization_invite_links
    return {link.id async for link in client.paginate(listing, organization_id, limit=1000)}


class InvitesScreen(TableScreen[InviteLink]):
    """The invite links; inviting by e-mail and every change to a link from here."""

    NAMESPACE = "invites"
    COLUMNS = (
        Column("target", "Leads to", 24, flex=True),
        Column("role", "Role", 8),
        # Not whether a link is redundant: that is for the caller, and an administrator, who
        # has everything, would read "yes" on every row (the detail pane says it).
        Column("id", "Id", 20, drop=1),
    )
    EMPTY = "No invite link: press n to create one, i to invite by e-mail."
    WHAT = ("invite link", "invite links")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("i", "invite_by_email", "Invite by e-mail", id="invites.email", tooltip="Invite people by e-mail address, each with a role"),
        Binding("n", "create_link", "New link", id="invites.create", tooltip="An invite link to the organisation, a space or a collection"),
        Binding("c", "copy_link", "Copy link", id="invites.copy", tooltip="Copy the highlighted invite link (OSC 52)"),
        Binding("e", "change_link_role", "Role", id="invites.role", tooltip="Change the role the highlighted link gives"),
        Binding("d,delete", "delete_link", "Delete", id="invites.delete", tooltip="Delete the highlighted invite link (asks first)"),
    ]  # fmt: skip

    def show_place(self) -> None:
        self.show_location(admin_view_location(self.organization_id, "invites"))

    async def fetch_page(self, page: str | None, limit: int) -> Page[InviteLink]:
        return await self.client.organizations.list_organization_invite_links(
            self.organization_id, page=page or UNSET, limit=limit
        )

    def record_of(self, item: InviteLink) -> Record:
        return Record(
            item.id,
            (link_target(item), role_of_link(item) or GUEST, item.id),
            item,
        )  # fmt: skip

    def facts_of(self, item: InviteLink) -> tuple[str, list[tuple[str, object]]]:
        return (
            f"Invite to the {link_target(item)}",
            [
                ("Role" if isinstance(item, InviteLinkToOrganization) else "Level",
                 role_of_link(item) or GUEST),
                ("Redundant", "yes: it gives you nothing new" if item.redundant else "no"),
                ("Link", invite_link_url(self.organization_id, item.id)),
                ("Id", item.id),
            ],
        )  # fmt: skip

    def current_url(self) -> str | None:
        link = self.highlighted
        return invite_link_url(self.organization_id, link.id) if link is not None else None

    def _admin(self, doing: str) -> bool:
        return allowed(self, self.is_admin, "admin", doing)

    def _done(self, message: str, select: str | None = None) -> None:
        self.notify(message, title="Done", markup=False)
        if select is not None:
            self.select_after_load(select)
        self.reload()

    # -- by e-mail -------------------------------------------------------------------------

    @mutating
    def action_invite_by_email(self) -> None:
        if not self._admin("invite people"):
            return
        organization = self.organization
        title = organization.title if organization else ""
        default = (organization.default_role if organization else None) or "read"

        def invited(report: InviteReport | None) -> None:
            if report is not None:
                self.app.push_screen(InviteReportDialog(report))
                self.reload()

        dialog = InviteByEmailDialog(self.organization_id, title, default)
        self.app.push_screen(dialog, invited)

    # -- links -----------------------------------------------------------------------------

    def action_copy_link(self) -> None:
        url = self.current_url()
        if url is None:
            self.notify("Highlight an invite link first.", severity="warning")
            return
        self.docdeck.copy_text(url, what="Invite link")

    @mutating
    def action_create_link(self) -> None:
        if not self._admin("create invite links"):
            return

        def target_chosen(kind: str | None) -> None:
            if kind == "organization":
                self._ask_role(Content("Role of whoever joins with the link"), None, kind, None)
            elif kind == "space":
                picker = PickSpaceDialog(
                    Content("Invite link to which space?"), self.organization_id
                )
                self.app.push_screen(picker, lambda space: self._target_chosen("space", space))
            elif kind == "collection":
                self.run_task(self._choose_collection, group="collections")

        self.app.push_screen(PickDialog("New invite link to…", TARGETS), target_chosen)

    async def _choose_collection(self) -> None:
        collections = [
            c
            async for c in self.client.paginate(
                self.client.collections.list_collections_in_organization_by_id,
                self.organization_id,
                limit=1000,
            )
        ]
        choices = [(c.title, c) for c in collections]
        picker: PickDialog[Collection] = PickDialog("Invite link to which collection?", choices)
        self.app.push_screen(picker, lambda c: self._target_chosen("collection", c))

    def _target_chosen(self, kind: str, target: Space | Collection | None) -> None:
        if target is not None:
            title = heading("Level in ", target.title, " of whoever follows the link")
            self._ask_role(title, None, kind, target)

    def _ask_role(
        self, title: Content, current: str | None, kind: str, target: Space | Collection | None
    ) -> None:
        roles = ORGANIZATION_ROLES if kind == "organization" else CONTENT_ROLES
        picker: PickDialog[str] = PickDialog(title, roles, current=current)
        self.app.push_screen(picker, lambda role: self._create(kind, target, role))

    def _create(self, kind: str, target: Space | Collection | None, role: str | None) -> None:
        if role is None:
            return
        value = None if role == GUEST else role
        organizations = self.client.organizations
        if kind == "organization":
            create = partial(organizations.create_organization_invite, self.organization_id,
                             role=value)  # fmt: skip
        elif kind == "space" and target is not None:
            create = partial(organizations.create_organization_invite, self.organization_id,
                             level=value, space=target.id)  # fmt: skip
        elif target is not None:
            create = partial(organizations.create_organization_invite, self.organization_id,
                             level=value, collection=target.id)  # fmt: skip
        else:
            return
        where = "the organisation" if target is None else f"{kind} {text.one_line(target.title)}"

        async def run() -> None:
            with self.client.revalidating():
                before = await _link_ids(self.client, self.organization_id)

            async def check() -> InviteLink | None:
                listing = self.client.organizations.list_organization_invite_links
                async for link in self.client.paginate(listing, self.organization_id):
                    if link.id not in before:
                        return link
                return None

            link = await write_checked(self, self.client, create, check, again="press n again.")
            if link is not None:
                url = invite_link_url(self.organization_id, link.id)
                self._done(f"Invite link to {where} ({role}): {url}\nPress c to copy it.", link.id)

        self.run_task(run, group="create-link")

    @mutating
    def action_change_link_role(self) -> None:
        link = self.highlighted
        if link is None or not self._admin("change invite links"):
            return
        to_organization = isinstance(link, InviteLinkToOrganization)
        roles = ORGANIZATION_ROLES if to_organization else CONTENT_ROLES
        current = role_of_link(link) or GUEST
        picker: PickDialog[str] = PickDialog(
            f"Role the link to the {link_target(link)} gives", roles, current=current
        )

        def chosen(role: str | None) -> None:
            if role is None or role == current:
                return
            value = None if role == GUEST else role
            update = self.client.organizations.update_organization_invite_by_id
            write = (
                partial(update, self.organization_id, link.id, role=value)
                if to_organization
                else partial(update, self.organization_id, link.id, level=value)
            )

            async def check() -> InviteLink | None:
                read = self.client.organizations.get_organization_invite_link
                now = await read(self.organization_id, link.id)
                return now if role_of_link(now) == value else None

            async def run() -> None:
                done = await write_checked(self, self.client, write, check, again="press e again.")
                if done is not None:
                    self._done(f"The link to the {link_target(link)} now gives {role}.", link.id)

            self.run_task(run, group="link-role")

        self.app.push_screen(picker, chosen)

    @mutating
    def action_delete_link(self) -> None:
        link = self.highlighted
        if link is None or not self._admin("delete invite links"):
            return
        organizations = self.client.organizations
        dialog = DeleteLinkDialog(
            heading("Delete the invite link to the ", link_target(link), "?"),
            Content(
                "Whoever holds the link can no longer join with it; those who joined keep "
                "their access. A deleted link cannot be restored."
            ),
            partial(organizations.delete_organization_invite_by_id, self.organization_id, link.id),
            confirm_label="Delete",
            check=partial(
                gone,
                partial(organizations.get_organization_invite_link, self.organization_id, link.id),
            ),
        )

        def deleted(result: object) -> None:
            if result is not None:
                self._done(f"Deleted the invite link to the {link_target(link)}.")

        self.app.push_screen(dialog, deleted)
