"""Provides SiteModel: the site a site screen shows, as its four views share it; SiteParts: what
the screen does with it (who may change it, the journal); SiteView and AudienceData: a site's
structure and its visitor schema as fetched.

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
from tui.sites.logic.conditions import Visitor
from tui.sites.logic.journal import ClientCall, JournalEntry, Undo, UndoneCheck
from tui.sites.logic.site_structure import SiteOutline, build_outline
from tui.sites.logic.visitor_schema import SchemaError, VisitorSchema, parse_json_schema
from tui.sites.site_structure_forms import SiteTarget

from ..api import Client
from ..api.errors import NotFoundError
from ..api.models import (
    Organization,
    Page,
    Site,
    SiteAdaptiveSchema,
    SiteAdaptiveTemplateConditions,
    SiteSection,
    SiteSectionGroup,
    SiteSpace,
)
from ..dialogs import allowed
from .site_edits import SiteEditor
from .site_journal import record_change

if TYPE_CHECKING:
    from ..shell.screen import BrowserScreen

    _Base = BrowserScreen[Any]
else:
    _Base = object

__all__ = [
    "AudienceData",
    "SiteModel",
    "SiteParts",
    "SiteView",
    "audience_of",
    "fetch_audience",
    "fetch_site_view",
]

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


def audience_of(
    stored: SiteAdaptiveSchema | None, templates: SiteAdaptiveTemplateConditions
) -> AudienceData:
    pairs = tuple((t.description, t.condition) for t in templates.items)
    if stored is None:
        return AudienceData(None, None, templates=pairs)
    try:
        schema = parse_json_schema(stored.json_schema)
    except SchemaError as problem:
        return AudienceData(stored.json_schema, None, str(problem), pairs)
    return AudienceData(stored.json_schema, schema, templates=pairs)


async def fetch_audience(client: Client, organization_id: str, site_id: str) -> AudienceData:
    """The site's visitor schema and its template conditions, sent at once."""

    async def stored() -> SiteAdaptiveSchema | None:
        try:
            return await client.sites.get_site_adaptive_schema(organization_id, site_id)
        except NotFoundError:
            return None  # the site has no schema yet

    schema, templates = await asyncio.gather(
        stored(), client.sites.list_site_adaptive_template_conditions(organization_id, site_id)
    )
    return audience_of(schema, templates)


_NO_OUTLINE = SiteOutline()


@dataclass
class SiteModel:
    """The site shown, as the screen and its views (the panes) share it: each view paints
    from it, and only the screen's loads write it."""

    site_id: str
    organization_id: str
    view: SiteView | None = None
    """The structure as last loaded (None: still loading)."""
    audience: AudienceData | None = None
    """The visitor schema as last loaded (None: still loading)."""
    visitor: Visitor | None = None
    """The visitor the structure is simulated for (None: every node shows as it is)."""

    @property
    def site(self) -> Site | None:
        return self.view.site if self.view is not None else None

    @property
    def organization(self) -> Organization | None:
        return self.view.organization if self.view is not None else None

    @property
    def outline(self) -> SiteOutline:
        return self.view.outline if self.view is not None else _NO_OUTLINE

    @property
    def schema(self) -> VisitorSchema | None:
        return self.audience.schema if self.audience is not None else None

    def title(self) -> str:
        return text.one_line(self.view.site.title) if self.view is not None else "the site"

    def target(self) -> SiteTarget:
        return SiteTarget(self.organization_id, self.site_id, self.title())

    @property
    def adaptive(self) -> bool:
        """Whether the site's conditions read its visitors' claims."""
        site = self.site
        return bool(site and site.adaptive_content and site.adaptive_content.enabled)


class SiteParts(_Base):
    """The site screen's side of the model: who may change the site, and the journal."""

    model: SiteModel
    site_id: str
    organization_id: str

    def site_title(self) -> str:
        return self.model.title()

    def structure_changed(self, message: str, *, select: str | None = None) -> None:
        raise NotImplementedError

    def refresh_side_views(self) -> None:
        """Load again the views beside the structure (audience, published) after an undo."""

    def target(self) -> SiteTarget:
        return self.model.target()

    def editor(self) -> SiteEditor:
        return SiteEditor(self.client, self.organization_id, self.site_id)

    def may_change(self, doing: str) -> bool:
        """Whether the user may change the site; if not, say so and send nothing."""
        organization = self.model.organization
        if self.model.site is None or organization is None:
            self.notify("The site is still loading.", severity="warning")
            return False
        return allowed(self, organization.permissions.admin, "admin", doing)

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
