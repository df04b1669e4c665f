"""Provides SiteAccessScreen: everyone who can reach a docs site, with their role and where it
comes from (their organisation role, or a higher one on one of the site's spaces)."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from tui.admin.locations import member_location
from tui.core import text

from ..api import UNSET
from ..api.models import Page, SpacePointer, UserSitePermission
from ..shell.navigation import Location
from ..shell.table_screen import TableScreen
from ..widgets.record_table import Column, Record

__all__ = ["SiteAccessScreen"]


class SiteAccessScreen(TableScreen[UserSitePermission]):
    """Who reaches the site; Enter opens the member."""

    NAMESPACE = "site_access"
    COLUMNS = (
        Column("who", "Who", 24),
        Column("role", "Role", 8),
        Column("through", "Through", 30),
    )
    EMPTY = "Nobody reaches this site."
    WHAT = ("person", "people")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open_member", "Open", id="site_access.open", show=False, tooltip="The member"),
    ]  # fmt: skip

    def __init__(self, place: Location) -> None:
        super().__init__(place.organization)
        self.place = place
        self.site_id = place.id.partition(":")[2]
        self._space_titles: dict[str, str] = {}

    def show_place(self) -> None:
        self.show_location(self.place)

    async def fetch_page(self, page: str | None, limit: int) -> Page[UserSitePermission]:
        answer = await self.client.sites.list_permissions_aggregate_in_site(
            self.organization_id, self.site_id, page=page or UNSET, limit=limit
        )
        wanted = {
            p.origin.space
            for p in answer.items
            if isinstance(p.origin, SpacePointer) and p.origin.space not in self._space_titles
        }
        for space_id in wanted:
            space = await self.client.spaces.get_space_by_id(space_id)
            self._space_titles[space_id] = space.title
        return answer

    def _through(self, item: UserSitePermission) -> str:
        if isinstance(item.origin, SpacePointer):
            title = self._space_titles.get(item.origin.space, item.origin.space)
            return f"space {text.one_line(title)}"
        return "organisation role"

    def record_of(self, item: UserSitePermission) -> Record:
        return Record(
            item.user.id,
            (
                text.one_line(item.user.display_name),
                item.permission or "guest",
                self._through(item),
            ),
            item,
        )

    def facts_of(self, item: UserSitePermission) -> tuple[str, list[tuple[str, object]]]:
        return (
            item.user.display_name,
            [
                ("Role", item.permission or "guest"),
                ("Through", self._through(item)),
                ("E-mail", item.user.email),
                ("Id", item.user.id),
            ],
        )

    def action_open_member(self) -> None:
        item = self.highlighted
        if item is not None:
            self.docdeck.open_location(
                member_location(self.organization_id, item.user.id, item.user.display_name)
            )

    def on_record_table_record_chosen(self) -> None:
        self.action_open_member()
