"""Provides SiteSettingsForm: every setting a site's update takes, checked as you type.

The form shows the values it is given (``SiteSettings``), checks each text against the spec's
limits and patterns at every key, and on Enter (or its button) posts ``Submitted`` with only
what changed, in the client's names; a value the service refuses is shown under its field
(``refuse``), and what was typed stays. It never sends anything itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Input, Static

from tui.core import text
from tui.widgets.checked_field import CheckedField
from tui.widgets.form_field import ChoiceField

__all__ = [
    "HOSTNAME_PATTERN",
    "PROXY_PATTERN",
    "SiteSettings",
    "SiteSettingsForm",
    "field_of_refusal",
]

HOSTNAME_PATTERN = r"([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]"
PROXY_PATTERN = r"([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(/[\w-]+)+"

VISIBILITY_CHOICES = [
    ("Public: anyone, indexed by search engines", "public"),
    ("Unlisted: anyone with the address, not indexed", "unlisted"),
    ("Share link: anyone with the secret link", "share-link"),
    ("Visitor authentication: visitors signed in by JWT", "visitor-auth"),
]
ADAPTIVE_CHOICES = [("On: conditions read the visitor's claims", True), ("Off", False)]
AGENTS_CHOICES = [
    ("Included: AI agents may read the site", "included"),
    ("Excluded: AI agents cannot read it", "excluded"),
]

# The client's name of each setting → the API's, which the service's messages use.
API_NAMES = {
    "title": "title",
    "visibility": "visibility",
    "basename": "basename",
    "hostname": "hostname",
    "proxy": "proxy",
    "adaptive_content": "adaptiveContent",
    "agents_context": "agentsContext",
    "default_site_section": "defaultSiteSection",
    "default_site_space": "defaultSiteSpace",
}


def field_of_refusal(message: str) -> str | None:
    """The setting a refusal of the service is about (its client name), if it names one."""
    for name, api_name in API_NAMES.items():
        if re.search(rf"`{re.escape(api_name)}`|Invalid {re.escape(api_name)}\b", message):
            return name
    return None


@dataclass(frozen=True)
class SiteSettings:
    """A site's settings as the form shows them (server text, shown literally)."""

    title: str
    visibility: str
    basename: str
    hostname: str
    proxy: str
    adaptive: bool
    agents_context: str
    default_section: str | None = None
    default_site_space: str | None = None
    sections: Sequence[tuple[str, str]] = field(default_factory=tuple)
    """(title, id) of every section."""
    site_spaces: Sequence[tuple[str, str]] = field(default_factory=tuple)
    """(title, id) of the site spaces that may be the default: at the root level or in the
    default section."""


class SiteSettingsForm(VerticalScroll, can_focus=False):
    """The settings, a status line and a Save button."""

    DEFAULT_CSS = """
    SiteSettingsForm {
        height: 1fr;
        padding: 1 2;
    }
    SiteSettingsForm > #settings-status {
        height: auto;
        color: $text-muted;
    }
    SiteSettingsForm > #settings-status.-error {
        color: $text-error;
    }
    SiteSettingsForm > #settings-status.-empty {
        display: none;
    }
    SiteSettingsForm > Horizontal {
        height: auto;
        margin-bottom: 1;
    }
    SiteSettingsForm Input {
        background: $boost;
    }
    """

    class Submitted(Message):
        """Save was asked: ``changes`` holds the changed settings, in the client's names."""

        def __init__(self, form: SiteSettingsForm, changes: dict[str, Any]) -> None:
            super().__init__()
            self.form = form
            self.changes = changes

        @property
        def control(self) -> SiteSettingsForm:
            return self.form

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.settings: SiteSettings | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="settings-status", classes="-empty")
        yield CheckedField("Title", min_length=2, max_length=128, id="set-title")
        yield ChoiceField("Visibility", VISIBILITY_CHOICES, "public", id="set-visibility")
        yield CheckedField("Basename", min_length=1, max_length=100, id="set-basename")
        yield CheckedField(
            "Hostname",
            max_length=512,
            pattern=HOSTNAME_PATTERN,
            pattern_words="a lower-case host name such as docs.example.com",
            optional=True,
            empty_means="Left empty: no custom hostname",
            id="set-hostname",
        )
        yield CheckedField(
            "Proxy",
            max_length=512,
            pattern=PROXY_PATTERN,
            pattern_words="a domain and a path such as example.com/docs",
            optional=True,
            empty_means="Left empty: no proxy",
            id="set-proxy",
        )
        yield ChoiceField("Adaptive content", ADAPTIVE_CHOICES, False, id="set-adaptive")
        yield ChoiceField("Agents context", AGENTS_CHOICES, "included", id="set-agents")
        yield ChoiceField("Default section", [("(none)", "")], "", id="set-section")
        yield ChoiceField("Default site space", [("(none)", "")], "", id="set-site-space")
        with Horizontal():
            yield Button("Save changes", id="settings-save", variant="primary")

    # -- showing ---------------------------------------------------------------------------

    def show_settings(self, settings: SiteSettings) -> None:
        """Show a site's settings; a field the user has changed keeps what was typed."""
        old = self.settings
        self.settings = settings
        texts = {
            "set-title": settings.title,
            "set-basename": settings.basename,
            "set-hostname": settings.hostname,
            "set-proxy": settings.proxy,
        }
        for field_id, value in texts.items():
            widget = self.query_one(f"#{field_id}", CheckedField)
            if not widget.changed:
                widget.reset(value)
            else:
                widget.initial = value
        choices: list[tuple[str, Any, Sequence[tuple[str | Text, Any]] | None]] = [
            ("set-visibility", settings.visibility, None),
            ("set-adaptive", settings.adaptive, None),
            ("set-agents", settings.agents_context, None),
            ("set-section", settings.default_section or "", _options(settings.sections)),
            (
                "set-site-space",
                settings.default_site_space or "",
                _options(settings.site_spaces),
            ),
        ]
        for field_id, value, options in choices:
            choice = self.query_one(f"#{field_id}", ChoiceField)
            untouched = old is None or choice.value == _initial(old, field_id)
            if options is not None:
                choice.set_options(options, choice.value if not untouched else value)
            if untouched:
                choice.select.value = value
        self.query_one("#set-section").display = bool(settings.sections)
        self.query_one("#set-site-space").display = bool(settings.site_spaces)

    def say(self, message: str, *, error: bool = False) -> None:
        status = self.query_one("#settings-status", Static)
        status.update(Content(message))
        status.set_class(error, "-error")
        status.set_class(not message, "-empty")

    def refuse(self, name: str | None, message: str) -> None:
        """Show the service's refusal under the field it names (else in the status line)."""
        widget = {
            "title": "set-title",
            "basename": "set-basename",
            "hostname": "set-hostname",
            "proxy": "set-proxy",
        }.get(name or "")
        if widget is not None:
            field_widget = self.query_one(f"#{widget}", CheckedField)
            field_widget.refuse(message)
            field_widget.input.focus()
            self.say("The service refused a setting: see the field marked in red.", error=True)
        else:
            self.say(message, error=True)

    # -- saving ----------------------------------------------------------------------------

    def changes(self) -> dict[str, Any]:
        """The settings that differ from the site's, as the client's update takes them."""
        settings = self.settings
        if settings is None:
            return {}
        found: dict[str, Any] = {}
        for name, field_id in (("title", "set-title"), ("basename", "set-basename")):
            widget = self.query_one(f"#{field_id}", CheckedField)
            if widget.value != getattr(settings, name):
                found[name] = widget.value
        for name, field_id in (("hostname", "set-hostname"), ("proxy", "set-proxy")):
            widget = self.query_one(f"#{field_id}", CheckedField)
            if widget.value != getattr(settings, name):
                found[name] = widget.value or None
        visibility = self.query_one("#set-visibility", ChoiceField).value
        if visibility != settings.visibility:
            found["visibility"] = visibility
        adaptive = self.query_one("#set-adaptive", ChoiceField).value
        if adaptive != settings.adaptive:
            found["adaptive_content"] = {"enabled": bool(adaptive)}
        agents = self.query_one("#set-agents", ChoiceField).value
        if agents != settings.agents_context:
            found["agents_context"] = agents
        section = self.query_one("#set-section", ChoiceField).value
        if section and section != (settings.default_section or ""):
            found["default_site_section"] = section
        site_space = self.query_one("#set-site-space", ChoiceField).value
        if site_space and site_space != (settings.default_site_space or ""):
            found["default_site_space"] = site_space
        return found

    def submit(self) -> None:
        invalid = [f for f in self.query(CheckedField) if not f.check()]
        if invalid:
            invalid[0].input.focus()
            self.say("Nothing was sent: correct the field marked in red.", error=True)
            return
        changes = self.changes()
        if not changes:
            self.say("Nothing to save: no setting was changed.")
            return
        self.say("Saving…")
        self.post_message(self.Submitted(self, changes))

    @on(Button.Pressed, "#settings-save")
    def _save_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.submit()

    @on(Input.Submitted)
    def _enter(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()


def _options(pairs: Sequence[tuple[str, str]]) -> list[tuple[str | Text, Any]]:
    # A drop-down without choices is not allowed: "(none)" stands in.
    return [(text.text(title), value) for title, value in pairs] or [("(none)", "")]


def _initial(settings: SiteSettings, field_id: str) -> Any:
    return {
        "set-visibility": settings.visibility,
        "set-adaptive": settings.adaptive,
        "set-agents": settings.agents_context,
        "set-section": settings.default_section or "",
        "set-site-space": settings.default_site_space or "",
    }[field_id]
