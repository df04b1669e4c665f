"""Provides TranslationsScreen: the translations of an organisation's spaces, run and watched.

A running translation updates itself while the screen is shown (``Poller``): its status and
statistics move without a key pressed, and polling stops once every run is over.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.content import Content

from tui.admin.applied_admin import translation_run
from tui.admin.logic.instructions import document_text
from tui.admin.translation_form import TranslationForm, language_name
from tui.core import text
from tui.core.gather import gather_limited
from tui.core.humanize import seen_ago

from ..api import UNSET
from ..api.errors import AnswerLostError, ApiError, NotFoundError
from ..api.models import Page, Space, Translation
from ..dialogs import allowed
from ..dialogs.applied import gone
from ..dialogs.base import heading
from ..dialogs.confirm_action import ConfirmAction
from ..shell.lost_answers import write_checked
from ..shell.navigation import space_location
from ..shell.polling import Poller
from ..shell.read_only import mutating
from ..shell.table_screen import TableScreen
from ..widgets.record_table import Column, Record
from .locations import admin_view_location

__all__ = ["TranslationsScreen", "is_running"]


def is_running(translation: Translation) -> bool:
    return translation.status in ("running", "in-progress", "progress", "queued")


def _status(translation: Translation) -> Text:
    if is_running(translation):
        return Text(f"{translation.status}…", style="yellow")
    if translation.status == "completed":
        return Text(translation.status, style="green")
    return Text(translation.status)


class TranslationsScreen(TableScreen[Translation]):
    """Translations with their source, languages, status and statistics."""

    NAMESPACE = "translations"
    COLUMNS = (
        Column("source", "Source space", 22),
        Column("languages", "Languages", 9),
        Column("status", "Status", 10),
        Column("runs", "Runs", 4),
        Column("words", "Words", 7),
        Column("pages", "Pages", 5),
        Column("updated", "Updated", 9),
    )
    EMPTY = "No translation yet: press n to translate a space."
    WHAT = ("translation", "translations")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,g", "open_translated", "Go to result", id="translations.open", tooltip="Open the translated space"),
        Binding("n", "create_translation", "New", id="translations.create", tooltip="Translate a space into a language"),
        Binding("R", "run_translation", "Run", id="translations.run", tooltip="Run the translation again and watch it"),
        Binding("e", "edit_instructions", "Instructions", id="translations.instructions", tooltip="Change the instructions"),
        Binding("d,delete", "delete_translation", "Delete", id="translations.delete", tooltip="Delete the translation (the translated space stays)"),
    ]  # fmt: skip

    def __init__(self, organization_id: str) -> None:
        super().__init__(organization_id)
        self.poller = Poller(self, lambda: self.reload(refresh=True))
        self.spaces: dict[str, Space] = {}
        """The source and translated spaces, by id."""
        self.running = 0

    def show_place(self) -> None:
        self.show_location(admin_view_location(self.organization_id, "translations"))

    async def fetch_page(self, page: str | None, limit: int) -> Page[Translation]:
        client = self.client
        listed = await client.translations.list_translations(
            self.organization_id, page=page or UNSET, limit=limit
        )
        wanted = {t.source.space for t in listed.items if t.source}
        wanted |= {t.result.space for t in listed.items if t.result}

        async def space(space_id: str) -> Space | None:
            try:
                return await client.spaces.get_space_by_id(space_id)
            except NotFoundError:
                return None  # deleted since: shown by its id

        found = await gather_limited(sorted(wanted - set(self.spaces)), space, limit=4)
        self.spaces.update((s.id, s) for s in found if s is not None)
        return listed

    def show_view(self, view: Page[Translation]) -> None:
        self.running = sum(1 for t in view.items if is_running(t))
        super().show_view(view)
        if not self.showing_cached:
            self.poller.update(pending=bool(self.running))

    def query_note(self) -> str:
        return f"{self.running} running (followed)" if self.running else ""

    def _title(self, space_id: str | None) -> str:
        if not space_id:
            return ""
        space = self.spaces.get(space_id)
        return space.title if space is not None else space_id

    def record_of(self, item: Translation) -> Record:
        source = item.source
        languages = f"{source.language if source else '?'} → {item.language or '?'}"
        updated = seen_ago(item.updated_at, self.docdeck.clock()) if item.updated_at else ""
        stats = item.stats
        return Record(
            item.id,
            (
                self._title(source.space if source else None),
                languages,
                _status(item),
                str(stats.runs),
                str(stats.total_words),
                str(stats.total_pages),
                updated,
            ),
            item,
        )

    def facts_of(self, item: Translation) -> tuple[str, list[tuple[str, object]]]:
        source = item.source
        stats = item.stats
        title = self._title(source.space if source else None)
        return (
            f"{title} → {language_name(item.language)}",
            [
                ("Status", item.status),
                ("Source", f"{title} ({language_name(source.language)})" if source else None),
                ("Result", self._title(item.result.space) if item.result else "no run yet"),
                ("Instructions", document_text(item.instructions) or "none"),
                ("Runs", str(stats.runs)),
                ("Words", f"{stats.total_words} in all, {stats.latest_words} in the last run"),
                ("Pages", f"{stats.total_pages} in all, {stats.latest_pages} in the last run"),
                (
                    "Duration",
                    f"{stats.total_duration} s in all, {stats.latest_run_duration} s last",
                ),
                ("Created", item.created_at.date().isoformat() if item.created_at else None),
                ("Id", item.id),
            ],
        )

    def on_screen_suspend(self) -> None:
        self.poller.pause()

    def on_screen_resume(self) -> None:
        self.poller.resume()

    # -- acting ----------------------------------------------------------------------------

    def _translation(self, doing: str) -> Translation | None:
        translation = self.highlighted
        if translation is None:
            self.notify("Highlight a translation first.", severity="warning")
            return None
        if not allowed(self, translation.permissions.edit, "admin", doing):
            return None
        return translation

    def _changed(self, message: str, translation: Translation | None = None) -> None:
        self.notify(message, title="Done", markup=False)
        if translation is not None:
            self.select_after_load(translation.id)
        self.reload()

    def action_open_translated(self) -> None:
        translation = self.highlighted
        if translation is None:
            return
        result = translation.result
        space = self.spaces.get(result.space) if result else None
        if space is None:
            self.notify("Not translated yet: press R to run it.", markup=False)
            return
        self.docdeck.open_location(space_location(space))

    def on_record_table_record_chosen(self) -> None:
        self.action_open_translated()

    @mutating
    def action_create_translation(self) -> None:
        if not allowed(self, self.is_admin, "admin", "create translations"):
            return

        def created(translation: Translation | None) -> None:
            if translation is not None:
                self._changed(
                    f"Created the translation into {language_name(translation.language)}: "
                    "press R to run it.",
                    translation,
                )

        self.app.push_screen(TranslationForm(self.organization_id), created)

    @mutating
    def action_edit_instructions(self) -> None:
        translation = self._translation("change the instructions")
        if translation is None:
            return
        source = self._title(translation.source.space if translation.source else None)

        def saved(result: Translation | None) -> None:
            if result is not None:
                self._changed("Saved the instructions.", result)

        self.app.push_screen(
            TranslationForm(self.organization_id, translation, source_title=source), saved
        )

    @mutating
    def action_run_translation(self) -> None:
        translation = self._translation("run translations")
        if translation is None:
            return
        if is_running(translation):
            self.notify("It is running already: the list follows it.", markup=False)
            return

        client, organization = self.client, self.organization_id

        async def start() -> bool:
            await client.translations.run_translation(organization, translation.id)
            return True

        async def run() -> None:
            # The runs counted before: after a lost answer, one more (or one under way) is it.
            with client.revalidating():
                now = await client.translations.get_translation(organization, translation.id)
            check = partial(translation_run, client, organization, translation.id, now.stats.runs)
            try:
                started = await write_checked(
                    self, client, start, check, again="press R to run it again."
                )
            except AnswerLostError:
                raise  # nobody knows: the app's one failure path says so, and reloads the list
            except ApiError as error:
                self.notify(
                    f"{error.message}\n{error.hint}",
                    title=error.title,
                    severity="error",
                    markup=False,
                )
                return
            if started is None:
                return  # not applied: write_checked said so
            self._changed(
                "Started a run: its status and statistics update here as it goes.", translation
            )

        self.run_task(run, group="run")

    @mutating
    def action_delete_translation(self) -> None:
        translation = self._translation("delete translations")
        if translation is None:
            return
        source = self._title(translation.source.space if translation.source else None)
        result = self._title(translation.result.space) if translation.result else ""
        impact = Content.assemble(
            "Deleting the translation of ",
            text.content(source, "bold"),
            f" into {language_name(translation.language)} ends its runs"
            + (
                f"; the translated space {text.one_line(result)} stays, as ordinary content."
                if result
                else "."
            ),
        )
        dialog = ConfirmAction(
            heading("Delete the translation of ", source, "?"),
            impact,
            partial(
                self.client.translations.delete_translation, self.organization_id, translation.id
            ),
            confirm_label="Delete",
            check=partial(
                gone,
                partial(
                    self.client.translations.get_translation, self.organization_id, translation.id
                ),
            ),
        )

        def deleted(done: object) -> None:
            if done is not None:
                self._changed(f"Deleted the translation of {text.one_line(source)}.")

        self.app.push_screen(dialog, deleted)

    def current_url(self) -> str | None:
        translation = self.highlighted
        if translation is None or translation.result is None:
            return None
        space = self.spaces.get(translation.result.space)
        return space.urls.app if space else None
