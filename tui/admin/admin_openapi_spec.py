"""Provides SpecScreen: an OpenAPI specification, its versions, and the content of each."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from tui.admin.openapi_actions import OPENAPI_BINDINGS, OpenAPIActions, is_processing, spec_facts
from tui.core import text
from tui.core.humanize import human_size, plural

from ..api.errors import ApiError, NotFoundError
from ..api.models import OpenAPISpec, OpenAPISpecContent, OpenAPISpecVersion, Page
from ..shell.polling import Poller
from ..shell.screen import BrowserScreen
from ..widgets import DetailPane
from ..widgets.record_table import Column, Record, RecordTable
from .locations import openapi_spec_location

__all__ = ["SpecScreen", "SpecView", "content_facts"]


@dataclass
class SpecView:
    spec: OpenAPISpec
    versions: Page[OpenAPISpecVersion]
    latest: OpenAPISpecVersion | None = None
    """The latest processed version (None while none is processed)."""


def _version_line(version: OpenAPISpecVersion) -> str:
    """``v-12 · 2025-03-04`` (the day it was made, when known)."""
    made = version.created_at.date().isoformat() if version.created_at else ""
    return " · ".join(part for part in (text.one_line(version.id), made) if part)


def _size(value: Any) -> str:
    raw = value if isinstance(value, str) else json.dumps(value)
    return human_size(len(raw.encode()))


def content_facts(content: OpenAPISpecContent) -> list[tuple[str, object]]:
    """A version's content: where it can be read, and its filesystem listed file by file."""
    filesystem = content.filesystem
    files = filesystem.get("files") if isinstance(filesystem.get("files"), dict) else {}
    source = filesystem.get("source")
    facts: list[tuple[str, object]] = [("URL", content.url)]
    if isinstance(source, dict):
        facts.append(("Source", " ".join(f"{k}: {v}" for k, v in source.items())))
    if filesystem.get("fetched") is False:
        facts.append(("Fetched", "no: the document lives at the URL"))
    if filesystem.get("entryPoint"):
        facts.append(("Entry point", filesystem["entryPoint"]))
    facts.append(("Files", plural(len(files or {}), "file")))
    for name, body in sorted((files or {}).items()):
        facts.append((f"  {name}", _size(body)))
    return facts


class SpecScreen(OpenAPIActions, BrowserScreen[SpecView]):
    """The specification's facts above its versions; the highlighted version's content beside."""

    NAMESPACE = "openapi specification"
    CSS_PATH = ["../styles/admin.tcss", "../styles/admin_dialogs.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [*OPENAPI_BINDINGS]

    def __init__(self, organization_id: str, slug: str) -> None:
        super().__init__()
        self.organization_id = organization_id
        self.slug = slug
        self.view: SpecView | None = None
        self.poller = Poller(self, lambda: self.reload(refresh=True))

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(classes="detail-head"):
            yield DetailPane(id="spec-facts")
        with Horizontal(classes="detail-tables"):
            with Vertical():
                yield Static(Content("Versions"), id="versions-title", classes="table-title")
                yield RecordTable(
                    [Column("created", "Created", 10), Column("id", "Version", 22)],
                    id="versions",
                )
            with VerticalScroll(classes="right-table"):
                yield Static(Content("Content"), classes="table-title")
                yield DetailPane(id="content")

    def on_mount(self) -> None:
        self.query_one("#versions", RecordTable).focus()
        place = self.session.places.get("openapi-spec", f"{self.organization_id}/{self.slug}")
        if place is not None:
            self.show_location(place)

    async def fetch_view(self) -> SpecView:
        openapi = self.client.openapi
        versions = self.client.openapi_versions
        spec = await openapi.get_openapi_spec_by_slug(self.organization_id, self.slug)
        listed = await versions.list_openapi_spec_versions(
            self.organization_id, self.slug, limit=self.docdeck.page_size
        )
        latest = None
        if listed.items:  # none listed: none processed, and the service would say 404
            try:
                latest = await versions.get_latest_openapi_spec_version(
                    self.organization_id, self.slug
                )
            except NotFoundError:
                latest = None
        return SpecView(spec, listed, latest)

    def show_view(self, view: SpecView) -> None:
        self.view = view
        spec = view.spec
        self.show_location(openapi_spec_location(self.organization_id, spec.slug, spec.urls.app))
        facts = spec_facts(spec, self.docdeck.clock())
        if view.latest is not None:
            facts.append(("Latest version", _version_line(view.latest)))
        self.query_one("#spec-facts", DetailPane).show(spec.slug, facts)
        count = view.versions.count if view.versions.count is not None else len(view.versions.items)
        self.query_one("#versions-title", Static).update(Content(f"Versions ({count})"))
        table = self.query_one("#versions", RecordTable)
        table.set_records(
            Record(
                version.id,
                (version.created_at.date().isoformat() if version.created_at else "", version.id),
                version,
            )
            for version in view.versions.items
        )
        if not self.showing_cached:
            self.poller.update(pending=is_processing(spec))
        self.set_note(
            f"{plural(count, 'version')}"
            + (" · processing, followed" if is_processing(spec) else "")
        )

    def on_record_table_record_highlighted(self, event: RecordTable.RecordHighlighted) -> None:
        record = event.record
        if record is None:
            self.query_one("#content", DetailPane).clear_facts("No version yet.")
            return
        version: OpenAPISpecVersion = record.value
        self.load(
            partial(self._fetch_content, version.id),
            self._show_content,
            group="content",
            on_error=self._content_failed,
        )

    async def _fetch_content(
        self, version_id: str
    ) -> tuple[OpenAPISpecVersion, OpenAPISpecContent, bool]:
        """The version as the service has it now, and its content; the latest one by the
        service's own "latest" address, which is what a reader of the specification follows."""
        versions = self.client.openapi_versions
        latest = self.view.latest if self.view is not None else None
        if latest is not None and latest.id == version_id:
            content = await versions.get_latest_openapi_spec_version_content(
                self.organization_id, self.slug
            )
            return latest, content, True
        version = await versions.get_openapi_spec_version_by_id(
            self.organization_id, self.slug, version_id
        )
        content = await versions.get_openapi_spec_version_content_by_id(
            self.organization_id, self.slug, version_id
        )
        return version, content, False

    def _show_content(self, shown: tuple[OpenAPISpecVersion, OpenAPISpecContent, bool]) -> None:
        version, content, latest = shown
        facts: list[tuple[str, object]] = [("Made", _version_line(version))]
        self.query_one("#content", DetailPane).show(
            f"Version {text.one_line(version.id)}" + (" (latest)" if latest else ""),
            facts + content_facts(content),
        )

    def _content_failed(self, error: ApiError) -> None:
        self.query_one("#content", DetailPane).clear_facts(f"{error.title}: {error.message}")

    def on_screen_suspend(self) -> None:
        self.poller.pause()

    def on_screen_resume(self) -> None:
        self.poller.resume()

    # -- OpenAPIActions --------------------------------------------------------------------

    def spec_in_view(self) -> OpenAPISpec | None:
        return self.view.spec if self.view else None

    def spec_changed(self, spec: OpenAPISpec | None, message: str) -> None:
        self.notify(message, title="Done", markup=False)
        if spec is None:
            self.docdeck.action_back_from(self)
        else:
            self.reload()

    def current_url(self) -> str | None:
        return self.view.spec.urls.app if self.view else None
