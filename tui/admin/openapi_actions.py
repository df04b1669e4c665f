"""Provides OpenAPIActions: replace a specification's source, its visibility, delete it."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.content import Content

from tui.admin.applied_admin import spec_visibility
from tui.admin.openapi_forms import SpecForm
from tui.core import text
from tui.core.humanize import seen_ago

from ..api.models import OpenAPISpec
from ..dialogs import allowed
from ..dialogs.applied import gone
from ..dialogs.base import heading
from ..dialogs.confirm_action import ConfirmAction
from ..dialogs.pick_dialog import PickDialog
from ..shell.lost_answers import write_checked
from ..shell.read_only import mutating
from ..shell.screen import DocdeckScreen

if TYPE_CHECKING:
    _Screen = DocdeckScreen
else:
    _Screen = object

__all__ = ["OPENAPI_BINDINGS", "OpenAPIActions", "is_processing", "spec_facts", "state_text"]

OPENAPI_BINDINGS: list[BindingType] = [
    Binding("u", "replace_source", "New source", id="openapi.source", tooltip="Give the specification a new source URL (a new version)"),
    Binding("v", "spec_visibility", "Visibility", id="openapi.visibility", tooltip="Private, or public to anyone with its link"),
    Binding("d,delete", "delete_spec", "Delete", id="openapi.delete", tooltip="Delete the specification and its versions (asks first)"),
]  # fmt: skip

VISIBILITIES = [
    ("Private: not publicly available", "private"),
    ("Public: anyone with the public link", "public"),
]


def is_processing(spec: OpenAPISpec) -> bool:
    """Whether the service is still processing the specification's latest source."""
    return spec.processing_state not in ("complete", "completed", "done", "failed", "error")


def state_text(spec: OpenAPISpec) -> Text:
    """The processing state, coloured: done in green, under way in yellow, failed in red."""
    state = spec.processing_state
    if spec.last_process_error_code:
        return Text(f"{state} ⚠", style="red")
    if is_processing(spec):
        return Text(f"{state}…", style="yellow")
    return Text(state, style="green")


def spec_facts(spec: OpenAPISpec, now: float) -> list[tuple[str, object]]:
    errors = "; ".join(e.message for e in spec.last_processed_errors)
    return [
        ("State", spec.processing_state),
        ("Visibility", spec.visibility),
        ("Source", spec.source_url or "text sent with the request"),
        ("Processed", seen_ago(spec.last_processed_at, now) if spec.last_processed_at else "not yet"),
        ("Last version", spec.last_version),
        ("Error", spec.last_process_error_code),
        ("Problems", errors or None),
        ("Created", spec.created_at.date().isoformat() if spec.created_at else None),
        ("Updated", seen_ago(spec.updated_at, now) if spec.updated_at else None),
        ("Web", spec.urls.app),
        ("Public", spec.urls.published),
    ]  # fmt: skip


class OpenAPIActions(_Screen):
    """Mixin of a DocdeckScreen showing OpenAPI specifications."""

    organization_id: str

    def spec_in_view(self) -> OpenAPISpec | None:
        raise NotImplementedError

    def spec_changed(self, spec: OpenAPISpec | None, message: str) -> None:
        """A specification was changed (``spec``) or deleted (None)."""
        raise NotImplementedError

    def _spec(self, doing: str) -> OpenAPISpec | None:
        spec = self.spec_in_view()
        if spec is None:
            self.notify("Highlight a specification first.", severity="warning")
            return None
        if not allowed(self, spec.permissions.edit, "admin", doing):
            return None
        return spec

    @mutating
    def action_replace_source(self) -> None:
        spec = self._spec("give this specification a new source")
        if spec is None:
            return

        def replaced(result: OpenAPISpec | None) -> None:
            if result is not None:
                self.spec_changed(
                    result,
                    f"{result.slug}: new source sent; processing is {result.processing_state}.",
                )

        self.app.push_screen(SpecForm(self.organization_id, spec), replaced)

    @mutating
    def action_spec_visibility(self) -> None:
        spec = self._spec("change the visibility of this specification")
        if spec is None:
            return

        def chosen(visibility: str | None) -> None:
            if visibility is None or visibility == spec.visibility:
                return

            async def send() -> None:
                client, organization = self.client, self.organization_id
                result = await write_checked(
                    self,
                    client,
                    partial(
                        client.openapi.update_openapi_spec_by_slug,
                        organization,
                        spec.slug,
                        visibility=visibility,
                    ),
                    partial(spec_visibility, client, organization, spec.slug, visibility),
                    again="press v to change it again.",
                )
                if result is not None:
                    self.spec_changed(result, f"{result.slug} is now {result.visibility}.")

            self.run_task(send, group="visibility")

        self.app.push_screen(
            PickDialog(
                f"Visibility of {text.one_line(spec.slug)}", VISIBILITIES, current=spec.visibility
            ),
            chosen,
        )

    @mutating
    def action_delete_spec(self) -> None:
        spec = self._spec("delete this specification")
        if spec is None:
            return
        impact = Content("\n").join(
            [
                Content.assemble(
                    "Deleting ",
                    text.content(spec.slug, "bold"),
                    " removes it and every stored version of it.",
                ),
                Content(
                    "Pages that show its operations lose them, and its public link stops working."
                ),
            ]
        )
        dialog = ConfirmAction(
            heading("Delete the specification ", spec.slug, "?"),
            impact,
            partial(
                self.client.openapi.delete_openapi_spec_by_slug, self.organization_id, spec.slug
            ),
            confirm_label="Delete",
            typed=spec.slug,
            verb="delete it",
            check=partial(
                gone,
                partial(
                    self.client.openapi.get_openapi_spec_by_slug, self.organization_id, spec.slug
                ),
            ),
        )

        def deleted(result: object) -> None:
            if result is not None:
                self.spec_changed(None, f"Deleted the specification {text.one_line(spec.slug)}.")

        self.app.push_screen(dialog, deleted)
