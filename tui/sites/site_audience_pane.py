"""Provides SiteAudiencePane: the Audience view of a site (``3``: its visitor schema's claims).

The claims, signed then unsigned, with their descriptions; the template conditions the service
derives from them; ``a`` adds a claim, ``e`` renames the highlighted one, ``d`` removes it,
each checked as the service checks a schema before the PUT and journaled with the schema it
replaced.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.widgets import Static

from tui.core import text
from tui.sites.applied_sites import schema_is
from tui.sites.audience_forms import ClaimForm, RemoveClaimDialog, SchemaChange
from tui.sites.logic.visitor_schema import Claim

from ..shell.read_only import mutating
from ..widgets import ItemList, ListEntry
from .site_pane import PANE_UNDO_BINDING, SitePane

__all__ = ["SiteAudiencePane"]

EMPTY_SCHEMA: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}


class SiteAudiencePane(VerticalScroll, SitePane):
    """The Audience view: the claims (keys to add, rename and remove them) and the template
    conditions the service derives from them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # In the order the footer has always shown them in.
        Binding(
            "e",
            "rename_claim",
            "Rename claim",
            id="site.rename_claim",
            tooltip="Rename (or describe) the highlighted claim",
        ),
        PANE_UNDO_BINDING,
        Binding(
            "d,delete",
            "remove_claim",
            "Remove claim",
            id="site.remove_claim",
            tooltip="Remove the highlighted claim (says which conditions read it)",
        ),
        Binding(
            "a",
            "add_claim",
            "New claim",
            id="site.add_claim",
            tooltip="Add a claim to the site's visitor schema",
        ),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="audience-head")
        yield ItemList(id="claims")
        yield Static(id="audience-templates")

    def shown(self) -> None:
        self.query_one("#claims", ItemList).focus()

    def show_audience(self) -> None:
        """Show the schema as last loaded (and whether adaptive content reads it)."""
        audience = self.model.audience
        if audience is None:
            return
        head = self.query_one("#audience-head", Static)
        state = (
            "Adaptive content is on: conditions read these claims."
            if self.model.adaptive
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

    # -- changing the schema ---------------------------------------------------------------

    def _claim(self) -> Claim | None:
        try:
            entry = self.query_one("#claims", ItemList).highlighted_entry
        except NoMatches:
            return None  # the keys are checked before the list exists
        return entry.value if entry is not None and isinstance(entry.value, Claim) else None

    def _schema_ready(self, doing: str) -> bool:
        audience = self.model.audience
        if audience is None:
            self.notify("The visitor schema is still loading.", severity="warning")
            return False
        if audience.problem:
            self.notify(
                "The stored schema cannot be read: it is not changed from here.", severity="warning"
            )
            return False
        return self.host.may_change(doing)

    @mutating
    def action_add_claim(self) -> None:
        if not self._schema_ready(f"change the audience of {self.site_title()}"):
            return
        audience, outline = self.model.audience, self.model.outline
        assert audience is not None
        self.app.push_screen(
            ClaimForm(self.target(), audience.schema, audience.json_schema, outline),
            self._schema_changed,
        )

    @mutating
    def action_rename_claim(self) -> None:
        claim = self._claim()
        if claim is None or not self._schema_ready(f"rename a claim of {self.site_title()}"):
            return
        audience, outline = self.model.audience, self.model.outline
        assert audience is not None
        self.app.push_screen(
            ClaimForm(self.target(), audience.schema, audience.json_schema, outline, claim),
            self._schema_changed,
        )

    @mutating
    def action_remove_claim(self) -> None:
        claim = self._claim()
        if claim is None or not self._schema_ready(f"remove a claim of {self.site_title()}"):
            return
        audience = self.model.audience
        assert audience is not None and audience.schema is not None
        self.app.push_screen(
            RemoveClaimDialog(
                self.target(), audience.schema, audience.json_schema, self.model.outline, claim
            ),
            self._schema_changed,
        )

    def _schema_changed(self, change: SchemaChange | None) -> None:
        if change is None:
            return
        client, org, site = self.client, self.model.organization_id, self.model.site_id
        before = dict(change.before_json) if change.before_json is not None else EMPTY_SCHEMA

        async def undo() -> None:
            await client.sites.update_site_adaptive_schema(org, site, json_schema=before)

        async def schema_back() -> bool:
            return await schema_is(client, org, site, before) is not None

        self.host.journal_change(
            "audience",
            change.description,
            undo,
            [self.host.editor().call("sites", "update_site_adaptive_schema", json_schema=before)],
            undone=schema_back,
            not_restorable=(
                ["the site had no schema: undo leaves an empty one"]
                if change.before_json is None
                else []
            ),
        )
        self.notify(f"{change.description}.", title="Done", markup=False)
        self.host.load_audience(refresh=True)
