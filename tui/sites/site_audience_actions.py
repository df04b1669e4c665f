"""Provides SiteAudienceActions: the Audience view of a site (its visitor schema's claims).

The claims, signed then unsigned, with their descriptions; the template conditions the service
derives from them; ``a`` adds a claim, ``e`` renames the highlighted one, ``d`` removes it,
each checked as the service checks a schema before the PUT and journaled with the schema it
replaced.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from tui.core import text
from tui.sites.applied_sites import schema_is
from tui.sites.audience_forms import ClaimForm, RemoveClaimDialog, SchemaChange
from tui.sites.logic.visitor_schema import Claim, SchemaError, parse_json_schema

from ..api.errors import NotFoundError
from ..api.models import SiteAdaptiveSchema, SiteAdaptiveTemplateConditions
from ..shell.read_only import mutating
from ..widgets import ItemList, ListEntry
from .site_base import AudienceData, SiteParts

__all__ = ["AUDIENCE_BINDINGS", "SiteAudienceActions"]

EMPTY_SCHEMA: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}

AUDIENCE_BINDINGS: list[BindingType] = [
    Binding(
        "a",
        "add_claim",
        "New claim",
        id="site.add_claim",
        tooltip="Add a claim to the site's visitor schema",
    ),
    Binding(
        "e",
        "rename_claim",
        "Rename claim",
        id="site.rename_claim",
        tooltip="Rename (or describe) the highlighted claim",
    ),
    Binding(
        "d,delete",
        "remove_claim",
        "Remove claim",
        id="site.remove_claim",
        tooltip="Remove the highlighted claim (says which conditions read it)",
    ),
]


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


class SiteAudienceActions(SiteParts):
    """Mixin of the site screen: the Audience tab."""

    AUDIENCE_ACTIONS = frozenset({"add_claim", "rename_claim", "remove_claim"})

    def audience_view(self) -> Widget:
        """The Audience tab's content, made when the tab is first shown."""
        return VerticalScroll(
            Static(id="audience-head"),
            ItemList(id="claims"),
            Static(id="audience-templates"),
            id="audience-view",
        )

    def focus_audience(self) -> None:
        self.query_one("#claims", ItemList).focus()

    def load_audience(self, *, refresh: bool = False) -> None:
        client, org, site = self.client, self.organization_id, self.site_id

        async def stored() -> SiteAdaptiveSchema | None:
            try:
                return await client.sites.get_site_adaptive_schema(org, site)
            except NotFoundError:
                return None  # the site has no schema yet

        async def fetch() -> AudienceData:
            schema, templates = await asyncio.gather(
                stored(), client.sites.list_site_adaptive_template_conditions(org, site)
            )
            return audience_of(schema, templates)

        self.load(fetch, self.show_audience, group="audience", refresh=refresh)

    def show_audience(self, audience: AudienceData) -> None:
        self.audience = audience
        if getattr(self, "visitor", None) is not None:
            self.show_simulation()
        heads = list(self.query("#audience-head").results(Static))
        if not heads:
            return  # the tab was never opened: it shows what is kept here when it is
        head = heads[0]
        site = self.site
        adaptive = bool(site and site.adaptive_content and site.adaptive_content.enabled)
        state = (
            "Adaptive content is on: conditions read these claims."
            if adaptive
            else "Adaptive content is off (2 Settings turns it on): conditions are not applied."
        )
        lines = [Content(state)]
        if audience.json_schema is None:
            lines.append(
                Content.styled("The site has no visitor schema yet: a adds a claim.", "$text-muted")
            )
        if audience.problem:
            lines.append(
                Content.styled(
                    f"The stored schema cannot be read: {audience.problem}", "$text-error"
                )
            )
        head.update(Content("\n").join(lines))
        schema = audience.schema
        entries = []
        for claim in schema.claims if schema is not None else ():
            entries.append(
                ListEntry(
                    claim.reference,
                    Content.assemble(
                        text.content(claim.reference, "bold"),
                        Content.styled(" unsigned" if claim.unsigned else " signed", "$text-muted"),
                        "\n  ",
                        text.content(claim.description, "$text-muted"),
                    ),
                    claim.reference,
                    claim,
                )
            )
        self.query_one("#claims", ItemList).set_entries(entries, empty="No claim yet.")
        templates = [Content.styled("Template conditions the service derives:", "bold")]
        for description, condition in audience.templates:
            templates.append(
                Content.assemble(
                    "  ", text.content(condition), "  ", text.content(description, "$text-muted")
                )
            )
        if not audience.templates:
            templates.append(Content.styled("  none: the schema has no claim", "$text-muted"))
        self.query_one("#audience-templates", Static).update(Content("\n").join(templates))

    def show_simulation(self) -> None:
        raise NotImplementedError

    # -- changing the schema ---------------------------------------------------------------

    def _claim(self) -> Claim | None:
        entry = self.query_one("#claims", ItemList).highlighted_entry
        return entry.value if entry is not None and isinstance(entry.value, Claim) else None

    def _schema_ready(self, doing: str) -> bool:
        if self.audience is None:
            self.notify("The visitor schema is still loading.", severity="warning")
            return False
        if self.audience.problem:
            self.notify(
                "The stored schema cannot be read: it is not changed from here.", severity="warning"
            )
            return False
        return self.may_change(doing)

    @mutating
    def action_add_claim(self) -> None:
        if not self._schema_ready(f"change the audience of {self.site_title()}"):
            return
        assert self.audience is not None
        self.app.push_screen(
            ClaimForm(self.target(), self.audience.schema, self.audience.json_schema, self.outline),
            self._schema_changed,
        )

    @mutating
    def action_rename_claim(self) -> None:
        claim = self._claim()
        if claim is None or not self._schema_ready(f"rename a claim of {self.site_title()}"):
            return
        assert self.audience is not None
        self.app.push_screen(
            ClaimForm(
                self.target(), self.audience.schema, self.audience.json_schema, self.outline, claim
            ),
            self._schema_changed,
        )

    @mutating
    def action_remove_claim(self) -> None:
        claim = self._claim()
        if claim is None or not self._schema_ready(f"remove a claim of {self.site_title()}"):
            return
        assert self.audience is not None and self.audience.schema is not None
        self.app.push_screen(
            RemoveClaimDialog(
                self.target(),
                self.audience.schema,
                self.audience.json_schema,
                self.outline,
                claim,
            ),
            self._schema_changed,
        )

    def _schema_changed(self, change: SchemaChange | None) -> None:
        if change is None:
            return
        client, org, site = self.client, self.organization_id, self.site_id
        before = dict(change.before_json) if change.before_json is not None else EMPTY_SCHEMA

        async def undo() -> None:
            await client.sites.update_site_adaptive_schema(org, site, json_schema=before)

        async def schema_back() -> bool:
            return await schema_is(client, org, site, before) is not None

        self.journal_change(
            "audience",
            change.description,
            undo,
            [self.editor().call("sites", "update_site_adaptive_schema", json_schema=before)],
            undone=schema_back,
            not_restorable=(
                ["the site had no schema: undo leaves an empty one"]
                if change.before_json is None
                else []
            ),
        )
        self.notify(f"{change.description}.", title="Done", markup=False)
        self.load_audience(refresh=True)
