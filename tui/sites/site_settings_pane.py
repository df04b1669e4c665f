"""Provides SiteSettingsPane: the Settings view of a site (``2``), and the sending of its changes.

The form (``SiteSettingsForm``) checks as you type and posts only what changed; this view tells
a reader or an editor that nothing can be saved before anything is sent, sends the update,
shows a refusal under the field it names, and journals a success with the previous values.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical

from tui.sites.logic.site_structure import NodeKind
from tui.sites.site_settings_form import SiteSettings, SiteSettingsForm, field_of_refusal

from ..api.errors import AnswerLostError, ApiError
from ..shell.lost_answers import write_checked
from ..shell.read_only import READ_ONLY_MESSAGE, read_only_app
from .site_base import SiteView
from .site_pane import SitePane

__all__ = ["SiteSettingsPane", "settings_of"]

_WORDS = {
    "title": "title",
    "visibility": "visibility",
    "basename": "basename",
    "hostname": "hostname",
    "proxy": "proxy",
    "adaptive_content": "adaptive content",
    "agents_context": "agents context",
    "default_site_section": "default section",
    "default_site_space": "default site space",
}


def settings_of(view: SiteView) -> SiteSettings:
    site, outline = view.site, view.outline
    sections = outline.of_kind(NodeKind.SECTION)
    default_section = outline.default_section()
    # The site's default site space is one of the root level, or of the default section.
    holder = default_section.key if default_section is not None else None
    candidates = outline.children_of(holder) if holder or not sections else []
    candidates = [c for c in candidates if c.kind is NodeKind.SITE_SPACE]
    default_space = next((c for c in candidates if c.default), None)
    return SiteSettings(
        title=site.title,
        visibility=site.visibility,
        basename=site.basename or "",
        hostname=site.hostname or "",
        proxy=site.proxy.origin if site.proxy is not None else "",
        adaptive=bool(site.adaptive_content and site.adaptive_content.enabled),
        agents_context=site.agents_context or "included",
        default_section=default_section.id if default_section is not None else None,
        default_site_space=default_space.id if default_space is not None else None,
        sections=[(s.title, s.id) for s in sections],
        site_spaces=[(c.title, c.id) for c in candidates],
    )


class SiteSettingsPane(Vertical, SitePane):
    """The Settings view: the form, filled from the model, and what Save sends."""

    _warned_unsaved: tuple[str, ...] = ()
    """The unsaved settings the user was last warned of, leaving the screen."""

    def compose(self) -> ComposeResult:
        yield SiteSettingsForm(id="settings-form")

    @property
    def settings_form(self) -> SiteSettingsForm:
        return self.query_one("#settings-form", SiteSettingsForm)

    def show_model(self) -> None:
        """Show the settings of the site as last loaded."""
        view = self.model.view
        if view is None:
            return
        form = self.settings_form
        form.show_settings(settings_of(view))
        if read_only_app(self):
            form.say("docdeck runs in read-only mode: nothing you type here is saved.", error=True)
        elif not view.organization.permissions.admin:
            form.say(
                "You need the admin role in the organisation to change these settings: "
                "nothing you type here can be saved.",
                error=True,
            )

    def shown(self) -> None:
        # The tab bar, not the first field: there 1-4 would be typed into the title instead of
        # switching views. Tab goes down into the fields.
        self.screen.query_one("TabbedContent Tabs").focus()
        self.settings_form.scroll_home(animate=False)

    def unsaved_settings(self) -> tuple[str, ...]:
        return tuple(self.settings_form.changes())

    def warn_unsaved_settings(self) -> bool:
        """On the way out with settings typed but not saved: say so once (True), so that a
        second Esc leaves without them."""
        unsaved = self.unsaved_settings()
        if not unsaved or unsaved == self._warned_unsaved:
            return False
        self._warned_unsaved = unsaved
        words = ", ".join(_WORDS.get(name, name) for name in unsaved)
        self.notify(
            f"Typed in the settings of {self.site_title()} but not saved: the {words}. Enter "
            "in a field saves; Esc again leaves without saving.",
            title="Not saved",
            severity="warning",
            markup=False,
        )
        return True

    def warned_of_all(self) -> bool:
        """Whether nothing is typed but not saved that the user was not warned of."""
        return self.unsaved_settings() in ((), self._warned_unsaved)

    @on(SiteSettingsForm.Submitted)
    def _submitted(self, event: SiteSettingsForm.Submitted) -> None:
        form = event.form
        if read_only_app(self):
            form.say(READ_ONLY_MESSAGE, error=True)
            return
        if not self.host.may_change(f"change the settings of {self.site_title()}"):
            form.say(
                "Nothing was sent: you need the admin role to change the settings.", error=True
            )
            return
        changes = event.changes
        before = self._previous(changes)
        editor = self.host.editor()
        words = ", ".join(_WORDS.get(name, name) for name in changes)

        async def undo() -> None:
            await editor.update_site(before)

        async def save() -> bool:
            await editor.update_site(changes)
            return True

        async def saved() -> bool | None:
            return await editor.site_holds(changes) or None

        async def work() -> None:
            again = "press Save to send them again."
            try:
                if not await write_checked(self, self.client, save, saved, again=again):
                    form.say("Sent, but the answer was lost, and it was not applied.", error=True)
                    return
            except AnswerLostError:
                form.say("Sent, but the answer was lost: it may have been applied.", error=True)
                raise  # nobody knows: the app's failure path says so, and reloads the site
            except ApiError as error:
                form.refuse(field_of_refusal(error.message), f"{error.title}: {error.message}")
                return
            form.say(f"Saved: {words}.")
            description = f"Changed the {words} of {self.site_title()}"
            self.host.journal_change(
                "settings",
                description,
                undo,
                [editor.call("sites", "update_site_by_id", **before)],
                undone=partial(editor.site_holds, before),
            )
            self.host.structure_changed(f"{description}.")

        self.host.run_task(work, group="settings")

    def _previous(self, changes: dict[str, Any]) -> dict[str, Any]:
        """What to send to put back the settings ``changes`` replaces."""
        site, outline = self.model.site, self.model.outline
        assert site is not None
        previous: dict[str, Any] = {}
        for name in changes:
            if name == "proxy":
                previous[name] = site.proxy.origin if site.proxy is not None else None
            elif name == "hostname":
                previous[name] = site.hostname or None
            elif name == "adaptive_content":
                enabled = bool(site.adaptive_content and site.adaptive_content.enabled)
                previous[name] = {"enabled": enabled}
            elif name == "default_site_section":
                default = outline.default_section()
                if default is not None:
                    previous[name] = default.id
            elif name == "default_site_space":
                default = next(
                    (
                        n
                        for n in outline.walk()
                        if n.kind is NodeKind.SITE_SPACE
                        and n.default
                        and (n.parent is None or n.parent == _key(outline.default_section()))
                    ),
                    None,
                )
                if default is not None:
                    previous[name] = default.id
            else:
                previous[name] = getattr(site, name)
        return previous


def _key(node: Any) -> str | None:
    return node.key if node is not None else None
