"""Provides OpenAPIScreen: an organisation's OpenAPI specifications and their processing.

A specification whose processing is under way updates itself while the screen is shown (the
``Poller`` asks again with back-off); nothing is asked while the screen is covered or gone.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from tui.admin.openapi_actions import (
    OPENAPI_BINDINGS,
    OpenAPIActions,
    is_processing,
    spec_facts,
    state_text,
)
from tui.admin.openapi_forms import SpecForm
from tui.core import text
from tui.core.humanize import seen_ago

from ..api import UNSET
from ..api.models import OpenAPISpec, Page
from ..dialogs import allowed
from ..shell.polling import Poller
from ..shell.read_only import mutating
from ..shell.table_screen import TableScreen
from ..widgets.record_table import Column, Record
from .locations import admin_view_location, openapi_spec_location

__all__ = ["OpenAPIScreen"]


class OpenAPIScreen(OpenAPIActions, TableScreen[OpenAPISpec]):
    """Specifications with their processing state; Enter shows one's versions and content."""

    NAMESPACE = "openapi"
    COLUMNS = (
        Column("slug", "Specification", 22),
        Column("state", "State", 10),
        Column("visibility", "Visibility", 10, drop=1),
        Column("processed", "Processed", 10),
        Column("source", "Source", 24, flex=True),
    )
    EMPTY = "No OpenAPI specification: press n to add one."
    WHAT = ("specification", "specifications")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open_spec", "Open", id="openapi.open", show=False, tooltip="Versions and content"),
        Binding("n", "create_spec", "New", id="openapi.create", tooltip="Add a specification from a URL"),
        *OPENAPI_BINDINGS,
    ]  # fmt: skip

    def __init__(self, organization_id: str) -> None:
        super().__init__(organization_id)
        self.poller = Poller(self, lambda: self.reload(refresh=True))
        self.processing = 0
        """How many specifications the service is still processing."""

    def show_place(self) -> None:
        self.show_location(admin_view_location(self.organization_id, "openapi"))

    async def fetch_page(self, page: str | None, limit: int) -> Page[OpenAPISpec]:
        return await self.client.openapi.list_openapi_specs(
            self.organization_id, page=page or UNSET, limit=limit
        )

    def show_view(self, view: Page[OpenAPISpec]) -> None:
        self.processing = sum(1 for spec in view.items if is_processing(spec))
        super().show_view(view)
        if not self.showing_cached:
            self.poller.update(pending=bool(self.processing))

    def query_note(self) -> str:
        return f"{self.processing} processing (followed)" if self.processing else ""

    def record_of(self, item: OpenAPISpec) -> Record:
        now = self.docdeck.clock()
        processed = seen_ago(item.last_processed_at, now) if item.last_processed_at else "not yet"
        return Record(
            item.slug,
            (item.slug, state_text(item), item.visibility, processed, item.source_url or "(text)"),
            item,
        )

    def facts_of(self, item: OpenAPISpec) -> tuple[str, list[tuple[str, object]]]:
        return item.slug, spec_facts(item, self.docdeck.clock())

    def on_screen_suspend(self) -> None:
        self.poller.pause()

    def on_screen_resume(self) -> None:
        self.poller.resume()

    # -- acting ----------------------------------------------------------------------------

    def action_open_spec(self) -> None:
        spec = self.highlighted
        if spec is not None:
            self.docdeck.open_location(
                openapi_spec_location(self.organization_id, spec.slug, spec.urls.app)
            )

    def on_record_table_record_chosen(self) -> None:
        self.action_open_spec()

    @mutating
    def action_create_spec(self) -> None:
        organization = self.organization
        permitted = (
            bool(organization and organization.permissions.create_open_api_spec) or self.is_admin
        )
        if not allowed(self, permitted, "admin", "add OpenAPI specifications"):
            return

        def created(spec: OpenAPISpec | None) -> None:
            if spec is not None:
                self.spec_changed(
                    spec,
                    f"Added {text.one_line(spec.slug)}: processing is {spec.processing_state}; "
                    "this list follows it.",
                )

        self.app.push_screen(SpecForm(self.organization_id), created)

    def spec_in_view(self) -> OpenAPISpec | None:
        return self.highlighted

    def spec_changed(self, spec: OpenAPISpec | None, message: str) -> None:
        self.notify(message, title="Done", markup=False)
        if spec is not None:
            self.select_after_load(spec.slug)
        self.reload()

    def current_url(self) -> str | None:
        spec = self.highlighted
        return spec.urls.app if spec else None
