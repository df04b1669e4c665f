"""Provides SiteAdminActions: creating a docs site and deleting one, with their undo.

Both need the admin role in the organisation, which its ``permissions`` tell: a reader or an
editor is told so before anything is sent. A created site is journaled with its deletion as
the undo; a deleted one with a re-creation from its type, title, visibility, spaces and
settings, which cannot bring back its sections, groups, conditions or id (the journal says so).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from tui.core import text
from tui.sites.applied_sites import site_gone
from tui.sites.logic.journal import ClientCall, JournalEntry
from tui.sites.site_admin import CreateSiteDialog, DeletedSite, DeleteSiteDialog
from tui.sites.site_dialogs import JournalDialog

from ..api import UNSET, Client
from ..api.errors import AnswerLostError, ApiError
from ..api.models import Organization, Site
from ..dialogs import allowed
from ..shell.read_only import mutating
from ..shell.screen import DocdeckScreen
from .site_journal import journal_of, record_change, undo_checked

if TYPE_CHECKING:
    _Screen = DocdeckScreen
else:
    _Screen = object

__all__ = ["SiteAdminActions", "recreate_site"]


async def recreate_site(client: Client, organization_id: str, deleted: DeletedSite) -> Site:
    """A new site like a deleted one: its spaces at the root level, then its settings."""
    old = deleted.site
    spaces = list(dict.fromkeys(s.space.id for s in deleted.site_spaces if s.space is not None))
    site = await client.sites.create_site(
        organization_id,
        type=old.type,
        title=old.title,
        visibility=old.visibility,
        spaces=spaces or UNSET,
    )
    return await client.sites.update_site_by_id(
        organization_id,
        site.id,
        basename=old.basename or UNSET,
        agents_context=old.agents_context or UNSET,
        adaptive_content=(
            {"enabled": old.adaptive_content.enabled} if old.adaptive_content else UNSET
        ),
        proxy=old.proxy.origin if old.proxy is not None else UNSET,
        hostname=old.hostname or UNSET,
    )


class SiteAdminActions(_Screen):
    """Mixin of the screens that list sites: ``n`` creates one, ``d`` deletes the highlighted one."""

    BINDINGS_OF_SITES: list[BindingType] = [
        Binding("n", "create_site", "New site", id="sites.create", tooltip="Create a docs site"),
        Binding(
            "d,delete",
            "delete_site",
            "Delete site",
            id="sites.delete",
            tooltip="Delete the highlighted site (asks for its name first)",
        ),
        Binding(
            "U",
            "sites_journal",
            "Journal",
            id="sites.journal",
            tooltip="This session's changes to sites; Enter undoes any of them",
        ),
    ]

    organization_id: str

    def organization_in_view(self) -> Organization | None:
        raise NotImplementedError

    def site_in_view(self) -> Site | None:
        raise NotImplementedError

    def site_created(self, site: Site, message: str) -> None:
        raise NotImplementedError

    def site_deleted(self, site: Site, message: str) -> None:
        raise NotImplementedError

    def sites_changed(self, message: str) -> None:
        """After an undo from the journal: say it, and show the sites again."""

    @mutating
    def action_sites_journal(self) -> None:
        journal = journal_of(self)
        titles = {p.id: p.title for p in self.session.places if p.kind == "site"}

        def chosen(entry: JournalEntry | None) -> None:
            if entry is None or not self._admin("undo a change of a site"):
                return

            async def work() -> None:
                try:
                    if await undo_checked(self, entry) is None:
                        return  # its answer was lost and it was not applied
                except AnswerLostError:
                    raise  # nobody knows whether it was applied: the app's failure path says so
                except ApiError as error:
                    self.notify(
                        f"{entry.description} is still in place: {error.message}",
                        title="Undo failed",
                        severity="error",
                        markup=False,
                    )
                    return
                notes = "".join(f"\n{note}" for note in entry.notes)
                self.sites_changed(f"Undid: {entry.description}.{notes}")

            self.run_task(work, group="undo")

        self.app.push_screen(JournalDialog(journal.newest_first(), titles), chosen)

    def _admin(self, doing: str) -> bool:
        organization = self.organization_in_view()
        return allowed(self, bool(organization and organization.permissions.admin), "admin", doing)

    @mutating
    def action_create_site(self) -> None:
        organization = self.organization_in_view()
        if organization is None or not self._admin("create a site in this organisation"):
            return
        client, org = self.client, organization.id

        def done(site: Site | None) -> None:
            if site is None:
                return

            async def undo() -> None:
                await client.sites.delete_site_by_id(org, site.id)

            record_change(
                self,
                site.id,
                "site",
                f"Created the site {text.one_line(site.title)}",
                undo,
                [ClientCall("sites", "delete_site_by_id", (org, site.id))],
                not_restorable=["a space made for the site stays in the organisation"],
                undone=partial(site_gone, client, org, site.id),
            )
            self.site_created(site, f"Created the site {text.one_line(site.title)}.")

        self.app.push_screen(CreateSiteDialog(org, organization.title), done)

    @mutating
    def action_delete_site(self) -> None:
        site = self.site_in_view()
        if site is None:
            self.notify("No site is highlighted.", severity="warning")
            return
        if not self._admin(f"delete the site {text.one_line(site.title)}"):
            return
        client, org = self.client, self.organization_id

        def done(deleted: DeletedSite | None) -> None:
            if deleted is None:
                return

            async def undo() -> Site:
                return await recreate_site(client, org, deleted)

            record_change(
                self,
                site.id,
                "site",
                f"Deleted the site {text.one_line(site.title)}",
                undo,
                [ClientCall("sites", "create_site", (org,), {"title": site.title})],
                not_restorable=[
                    "its sections, section groups, paths and conditions",
                    "its id, share key, visitor schema and published state",
                ],
            )
            self.site_deleted(site, f"Deleted the site {text.one_line(site.title)}.")

        self.app.push_screen(DeleteSiteDialog(site, org), done)
