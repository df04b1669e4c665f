"""Provides SiteParts: what the site screen's mixins share (the site, who may change it, the
journal), and SiteView: a site's structure as fetched (all its lists at once).

Every change of a site needs the admin role in its organisation; ``may_change`` tells a reader
or an editor so before anything is sent. A change that succeeded is written to the session's
journal with its undo (``journal_change``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from tui.core import text
from tui.sites.logic.journal import ClientCall, JournalEntry, Undo, UndoneCheck
from tui.sites.logic.site_structure import SiteOutline, build_outline
from tui.sites.logic.visitor_schema import VisitorSchema
from tui.sites.site_structure_forms import SiteTarget

from ..api import Client
from ..api.models import Organization, Page, Site, SiteSection, SiteSectionGroup, SiteSpace
from ..dialogs import allowed
from .site_edits import SiteEditor
from .site_journal import record_change

if TYPE_CHECKING:
    from ..shell.screen import BrowserScreen

    _Base = BrowserScreen[Any]
else:
    _Base = object

__all__ = ["AudienceData", "SiteParts", "SiteView", "fetch_site_view"]

EVERYTHING = 1000
"""The page size of a site's lists: a site's structure comes whole, in one page."""
T = TypeVar("T")


async def _every(
    client: Client, operation: Callable[..., Awaitable[Page[T]]], *args: Any
) -> list[T]:
    return [item async for item in client.paginate(operation, *args, limit=EVERYTHING)]


@dataclass
class SiteView:
    """A site, its organisation, and its three lists in the service's order."""

    site: Site
    organization: Organization
    groups: list[SiteSectionGroup]
    sections: list[SiteSection]
    site_spaces: list[SiteSpace]
    top: list[tuple[str, str]] | None = None
    """The top level's order, from the published structure, when a group is empty."""
    outline: SiteOutline = field(init=False, compare=False)

    def __post_init__(self) -> None:
        self.outline = build_outline(self.groups, self.sections, self.site_spaces, self.top)


async def fetch_site_view(client: Client, organization_id: str, site_id: str) -> SiteView:
    """Every GET of a site's structure, sent at once: one round trip for the lists (and one
    more for the published order when a section group is empty)."""
    site, organization, groups, sections, site_spaces = await asyncio.gather(
        client.sites.get_site_by_id(organization_id, site_id),
        client.organizations.get_organization_by_id(organization_id),
        _every(
            client, client.site_section_groups.list_site_section_groups, organization_id, site_id
        ),
        _every(client, client.site_sections.list_site_sections, organization_id, site_id),
        _every(client, client.site_spaces.list_site_spaces, organization_id, site_id),
    )
    top = None
    if any(not group.sections for group in groups):
        # Where an empty group stands, only the published structure tells.
        published = await client.sites.get_published_content_site(organization_id, site_id)
        top = [(item.object, item.id) for item in published.structure.structure]
    return SiteView(site, organization, groups, sections, site_spaces, top)


@dataclass(frozen=True)
class AudienceData:
    """A site's visitor schema as the service holds it, read, and the template conditions."""

    json_schema: dict[str, Any] | None
    """None: the site has no schema yet."""
    schema: VisitorSchema | None
    problem: str = ""
    """Why the stored schema could not be read (then ``schema`` is None)."""
    templates: tuple[tuple[str, str], ...] = ()


class SiteParts(_Base):
    """The site shown, and the helpers every view's actions use."""

    site_id: str
    organization_id: str
    site: Site | None
    organization: Organization | None
    outline: SiteOutline
    audience: AudienceData | None

    def site_title(self) -> str:
        raise NotImplementedError

    def structure_changed(self, message: str, *, select: str | None = None) -> None:
        raise NotImplementedError

    def refresh_side_views(self) -> None:
        """Load again the views beside the structure (audience, published) after an undo."""

    @property
    def schema(self) -> VisitorSchema | None:
        return self.audience.schema if self.audience is not None else None

    def target(self) -> SiteTarget:
        return SiteTarget(self.organization_id, self.site_id, self.site_title())

    def editor(self) -> SiteEditor:
        return SiteEditor(self.client, self.organization_id, self.site_id)

    def may_change(self, doing: str) -> bool:
        """Whether the user may change the site; if not, say so and send nothing."""
        if self.site is None or self.organization is None:
            self.notify("The site is still loading.", severity="warning")
            return False
        return allowed(self, self.organization.permissions.admin, "admin", doing)

    def journal_change(
        self,
        what: str,
        description: str,
        undo: Undo,
        inverse: Iterable[ClientCall] = (),
        *,
        not_restorable: Iterable[str] = (),
        undone: UndoneCheck | None = None,
    ) -> JournalEntry:
        return record_change(
            self,
            self.site_id,
            what,
            text.one_line(description),
            undo,
            inverse,
            not_restorable=not_restorable,
            undone=undone,
        )
