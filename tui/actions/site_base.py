"""Provides SiteParts: what the site screen's mixins share (the site, who may change it, the journal).

Every change of a site needs the admin role in its organisation; ``may_change`` tells a reader
or an editor so before anything is sent. A change that succeeded is written to the session's
journal with its undo (``journal_change``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import text
from ..api.models import Organization, Site
from ..data.journal import ClientCall, JournalEntry, Undo
from ..data.site_structure import SiteOutline
from ..data.visitor_schema import VisitorSchema
from ..dialogs import allowed
from ..dialogs.site_structure_forms import SiteTarget
from .site_edits import SiteEditor
from .site_journal import record_change

if TYPE_CHECKING:
    from ..shell.screen import BrowserScreen

    _Base = BrowserScreen[Any]
else:
    _Base = object

__all__ = ["AudienceData", "SiteParts"]


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
    ) -> JournalEntry:
        return record_change(
            self,
            self.site_id,
            what,
            text.one_line(description),
            undo,
            inverse,
            not_restorable=not_restorable,
        )
