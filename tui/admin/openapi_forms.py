"""Provides SpecForm: create an OpenAPI specification from a URL or a file on this machine (its
text is sent), or give one a new source.

After a lost answer it reads the specification of that slug (a create), or looks for a version
newer than the one there was before sending (a new source).
"""

from __future__ import annotations

import asyncio

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from tui.admin.logic.admin_checks import SLUG_MAX, slug_problem, web_address_problem
from tui.admin.logic.spec_file import (
    SpecFileError,
    is_web_address,
    read_spec_file,
    spec_file_problem,
)
from tui.dialogs.base import ActionDialog, heading

from ..api.errors import BadRequestError
from ..api.models import OpenAPISpec
from ..widgets.checked_fields import CheckedField
from .applied_admin import new_spec_version, spec_made, spec_version

__all__ = ["SOURCE_URL_MAX", "SpecForm"]

SOURCE_URL_MAX = 2048


def source_problem(value: str) -> str | None:
    """A URL the service can fetch, or a readable file on this machine."""
    value = value.strip()
    if not value or is_web_address(value):
        return web_address_problem("Source URL", value, SOURCE_URL_MAX)
    return spec_file_problem(value)


class SpecForm(ActionDialog[OpenAPISpec]):
    """A slug (new specifications only) and the document: a URL the service fetches, or a
    file on this machine whose text is sent."""

    def __init__(self, organization_id: str, spec: OpenAPISpec | None = None) -> None:
        title = (
            heading("New OpenAPI specification")
            if spec is None
            else heading("New source for ", spec.slug)
        )
        super().__init__(title, confirm_label="Create" if spec is None else "Replace")
        self.organization_id = organization_id
        self.spec = spec
        self._slug = spec.slug if spec is not None else ""
        self._url = ""
        self._version: str | None = None

    def compose_body(self) -> ComposeResult:
        if self.spec is None:
            yield CheckedField(
                "Slug",
                rule=slug_problem,
                max_length=SLUG_MAX,
                placeholder="e.g. billing-api",
                hint="Lower-case words joined by hyphens",
                id="slug",
            )
        else:
            yield Static(
                Content(
                    "The service fetches the document again and processes it as a new "
                    "version; the versions before it are kept."
                ),
                classes="impact",
            )
        yield CheckedField(
            "Source: a URL the service fetches, or a file here",
            (self.spec.source_url or "") if self.spec else "",
            rule=source_problem,
            max_length=SOURCE_URL_MAX,
            placeholder="https://example.com/openapi.yaml or ~/api/openapi.yaml",
            id="source-url",
        )

    def on_mount(self) -> None:
        self.query_one(CheckedField).input.focus()

    async def _source(self) -> dict[str, str]:
        """``{"url": ...}``, or ``{"text": ...}`` read from the file named (in a thread)."""
        value = self.query_one("#source-url", CheckedField).value.strip()
        if is_web_address(value):
            self._url = value
            return {"url": value}
        self._url = ""  # a text source has no URL: what check_applied looks for
        try:
            return {"text": await asyncio.to_thread(read_spec_file, value)}
        except SpecFileError as problem:
            # Before anything is sent: the form stays, with what was typed.
            raise BadRequestError(f"{problem} Nothing was sent.") from None

    async def send(self) -> OpenAPISpec:
        source = await self._source()
        openapi = self.client.openapi
        if self.spec is None:
            slug = self._slug = self.query_one("#slug", CheckedField).value
            return await openapi.create_openapi_spec(self.organization_id, slug=slug, source=source)
        # The newest version before: after a lost answer, a newer one says it was taken.
        with self.client.revalidating():
            self._version = await spec_version(self.client, self.organization_id, self._slug)
        return await openapi.create_or_update_openapi_spec_by_slug(
            self.organization_id, self._slug, source=source
        )

    async def check_applied(self) -> OpenAPISpec | None:
        client, organization = self.client, self.organization_id
        if self.spec is None:
            return await spec_made(client, organization, self._slug, self._url)
        return await new_spec_version(client, organization, self._slug, self._version)
