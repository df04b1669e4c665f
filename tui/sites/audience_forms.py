"""Provides the forms of a site's audience: add a claim, rename one, remove one.

Each checks the new visitor schema as the service would (``tui.sites.logic.visitor_schema``) before
the PUT, and says which conditions read a claim that is renamed or removed: they keep the old
name, and the condition editor will refuse them until they are edited.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import ActionDialog, heading
from tui.sites.logic.site_structure import SiteOutline
from tui.sites.logic.visitor_schema import (
    CLAIM_NAME,
    Claim,
    SchemaError,
    VisitorSchema,
    parse_json_schema,
)

from ..api.models import SiteAdaptiveSchema
from ..widgets import ChoiceField
from ..widgets.checked_field import CheckedField
from .applied_sites import schema_is
from .site_structure_forms import SiteTarget

__all__ = ["ClaimForm", "RemoveClaimDialog", "SchemaChange", "readers_of"]

CLAIM_PATTERN = CLAIM_NAME.pattern.strip("^$")


@dataclass(frozen=True)
class SchemaChange:
    """A visitor schema replaced: before (None: there was none) and after, in words."""

    description: str
    before: VisitorSchema | None
    before_json: dict[str, object] | None
    after: SiteAdaptiveSchema


def readers_of(outline: SiteOutline, claim: Claim) -> Content:
    """``2 conditions read it: JavaScript SDK, Guides.`` (or nothing)."""
    nodes = outline.conditions_reading(claim.name, unsigned=claim.unsigned)
    if not nodes:
        return Content("No condition of the site reads it.")
    titles = ", ".join(text.one_line(n.title) for n in nodes[:5])
    more = "…" if len(nodes) > 5 else ""
    return Content.assemble(
        (f"{plural(len(nodes), 'condition')} read it: ", "$text-warning"),
        text.content(titles + more),
        ". They keep the old name and will be refused until edited.",
    )


class _SchemaDialog(ActionDialog[SchemaChange]):
    def __init__(
        self,
        title: Content,
        target: SiteTarget,
        schema: VisitorSchema | None,
        json_schema: dict[str, object] | None,
    ) -> None:
        super().__init__(title)
        self.target = target
        self.schema = schema
        self.json_schema = json_schema
        self.sent: dict[str, Any] = {}
        """The schema sent: a lost answer's check reads it back."""

    def new_schema(self) -> VisitorSchema:
        raise NotImplementedError

    def description(self) -> str:
        raise NotImplementedError

    def problems_before_sending(self) -> str | None:
        try:
            body = self.new_schema().to_json_schema()
            parse_json_schema(body)  # what the service would refuse, refused here
        except (ValueError, SchemaError) as problem:
            return str(problem)
        return None

    async def send(self) -> SchemaChange:
        new = self.new_schema()
        self.sent = new.to_json_schema()
        answer = await self.client.sites.update_site_adaptive_schema(
            self.target.organization_id, self.target.site_id, json_schema=self.sent
        )
        return SchemaChange(self.description(), self.schema, self.json_schema, answer)

    async def check_applied(self) -> SchemaChange | None:
        org, site = self.target.organization_id, self.target.site_id
        stored = await schema_is(self.client, org, site, self.sent)
        if stored is None:
            return None
        return SchemaChange(self.description(), self.schema, self.json_schema, stored)


class ClaimForm(_SchemaDialog):
    """A new claim (signed or unsigned), or a claim renamed (and described)."""

    def __init__(
        self,
        target: SiteTarget,
        schema: VisitorSchema | None,
        json_schema: dict[str, object] | None,
        outline: SiteOutline,
        claim: Claim | None = None,
    ) -> None:
        title = heading("Rename the claim ", claim.name) if claim else heading("New claim")
        super().__init__(title, target, schema, json_schema)
        self.claim = claim
        self.outline = outline

    def compose_body(self) -> ComposeResult:
        claim = self.claim
        yield CheckedField(
            "Name",
            claim.name if claim else "",
            pattern=CLAIM_PATTERN,
            pattern_words="letters, digits, _ or $, not starting with a digit",
            max_length=64,
            id="claim-name",
        )
        yield CheckedField(
            "Description",
            claim.description if claim else "",
            optional=True,
            max_length=256,
            empty_means="Left empty: its name",
            id="claim-description",
        )
        if claim is None:
            yield ChoiceField(
                "Kind",
                [
                    ("Signed: from the visitor's token (visitor.claims.<name>)", "signed"),
                    ("Unsigned: set by the page (visitor.claims.unsigned.<name>)", "unsigned"),
                ],
                "signed",
                id="claim-kind",
            )
        else:
            yield Static(readers_of(self.outline, claim), classes="impact")

    def on_mount(self) -> None:
        self.query_one("#claim-name", CheckedField).input.focus()

    def new_schema(self) -> VisitorSchema:
        schema = self.schema or VisitorSchema()
        name = self.query_one("#claim-name", CheckedField).value
        description = self.query_one("#claim-description", CheckedField).value
        if self.claim is None:
            unsigned = self.query_one("#claim-kind", ChoiceField).value == "unsigned"
            return schema.with_claim(name, description, unsigned=unsigned)
        return schema.renamed(self.claim, name, description or name)

    def description(self) -> str:
        name = self.query_one("#claim-name", CheckedField).value
        if self.claim is None:
            return f"Added the claim {name} to {self.target.title}"
        if name == self.claim.name:
            return f"Described the claim {name} of {self.target.title}"
        return f"Renamed the claim {self.claim.name} to {name} on {self.target.title}"


class RemoveClaimDialog(_SchemaDialog):
    """Removes a claim once the user has read which conditions read it."""

    confirm_label = "Remove"
    confirm_variant = "error"

    def __init__(
        self,
        target: SiteTarget,
        schema: VisitorSchema,
        json_schema: dict[str, object] | None,
        outline: SiteOutline,
        claim: Claim,
    ) -> None:
        super().__init__(heading("Remove the claim ", claim.name, "?"), target, schema, json_schema)
        self.claim = claim
        self.outline = outline

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content("\n").join(
                [
                    Content.assemble(
                        "Visitors' ",
                        text.content(self.claim.reference, "bold"),
                        " is no longer part of the site's schema.",
                    ),
                    readers_of(self.outline, self.claim),
                ]
            ),
            classes="impact",
        )

    def new_schema(self) -> VisitorSchema:
        assert self.schema is not None
        return self.schema.without(self.claim)

    def description(self) -> str:
        return f"Removed the claim {self.claim.name} from {self.target.title}"
