"""Provides SamlForm: add a SAML provider or change one, with every field and limit of the spec.

The certificate is pasted, or read from a file path (a PEM file exported from the identity
provider); the file is read before sending, and its problems are the form's to show. Only an
X.509 certificate is sent: a private key is refused before sending, and a stored value that is
key material is never shown. After a
lost answer it looks for a provider of that label that was not there before, or reads the
changed one again.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static, TextArea

from tui.admin.logic.admin_checks import web_address_problem
from tui.admin.logic.certificates import (
    KEY_REFUSED,
    certificate_from_bytes,
    certificate_problem,
    holds_key_material,
)
from tui.core import text
from tui.dialogs.base import ActionDialog, heading

from ..api import UNSET
from ..api.errors import ApiError
from ..api.models import SamlProvider
from ..widgets import ChoiceField, TextField
from ..widgets.checked_fields import AreaField, CheckedField
from .applied_admin import new_saml_provider, saml_holds, saml_provider_ids
from .member_dialogs import ROLE_CHOICES, role_label, role_to_send

__all__ = [
    "CERTIFICATE_MAX",
    "ENTITY_ID_MAX",
    "LABEL_MAX",
    "SSO_URL_MAX",
    "SamlForm",
    "read_certificate",
]

LABEL_MAX = 30
SSO_URL_MAX = 2048
ENTITY_ID_MAX = 1024
CERTIFICATE_MAX = 10000
NO_TEAM = "-"
ORGANISATION_DEFAULT = "-"


def read_certificate(path: str) -> tuple[str | None, str | None]:
    """(the certificate read from ``path``, None) or (None, what is wrong).

    Only an X.509 certificate is taken (PEM, its base64, or binary DER): a private key picked
    by mistake is refused here, before anything is sent, and its content is never shown.
    """
    target = Path(path).expanduser()
    limit = CERTIFICATE_MAX * 4
    try:
        # Not blocking: a FIFO at the path must not hang the form.
        descriptor = os.open(target, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None, f"{target} is not a file."
            raw = handle.read(limit + 1)
    except FileNotFoundError:
        return None, f"No file at {target}."
    except OSError as error:
        return None, f"Cannot read {target}: {error.strerror or 'unreadable'}."
    if len(raw) > limit:
        return (
            None,
            f"{target} is too large for a certificate (the limit is {CERTIFICATE_MAX} characters).",
        )
    if not raw.strip():
        return None, f"{target} is empty."
    content, problem = certificate_from_bytes(raw)
    if content is None:
        return None, f"{target}: {problem}."
    if len(content) > CERTIFICATE_MAX:
        return None, (
            f"The certificate in {target} is {len(content)} characters long; "
            f"the limit is {CERTIFICATE_MAX}."
        )
    return content, None


class SamlForm(ActionDialog[SamlProvider]):
    """Label, SSO URL, entity id, certificate (pasted or a file), default team and role."""

    def __init__(self, organization_id: str, provider: SamlProvider | None = None) -> None:
        title = (
            heading("New SAML provider")
            if provider is None
            else heading("SAML provider ", provider.label)
        )
        super().__init__(title, confirm_label="Add" if provider is None else "Save")
        self.organization_id = organization_id
        self.provider = provider
        self._sent: dict[str, Any] = {}
        self._before: set[str] = set()
        stored = provider.certificate if provider else ""
        self._key_hidden = holds_key_material(stored)
        """The stored "certificate" is key material: it is not shown, and kept unless replaced."""
        self._shown_certificate = "" if self._key_hidden else stored

    def compose_body(self) -> ComposeResult:
        provider = self.provider
        yield TextField(
            "Label", provider.label if provider else "", max_length=LABEL_MAX, required=True,
            placeholder="e.g. Okta", id="label",
        )  # fmt: skip
        yield CheckedField(
            "SSO URL (the identity provider's sign-in address)",
            provider.sso_url if provider else "",
            rule=lambda v: web_address_problem("SSO URL", v, SSO_URL_MAX, required=False),
            max_length=SSO_URL_MAX,
            placeholder="https://example.okta.com/app/…/sso/saml",
            id="sso-url",
        )
        yield TextField(
            "Entity ID (the identity provider's issuer)",
            provider.entity_id if provider else "",
            max_length=ENTITY_ID_MAX,
            id="entity-id",
        )
        yield AreaField(
            "Certificate (paste the PEM text)",
            self._shown_certificate,
            max_length=CERTIFICATE_MAX,
            hint=(
                "The stored value is a private key, not a certificate: it is not shown. "
                "Paste or read the certificate to replace it"
                if self._key_hidden
                else ""
            ),
            id="certificate",
        )
        yield TextField(
            "…or read the certificate from a file",
            placeholder="~/Downloads/okta.pem",
            hint="A path here replaces what is pasted above",
            id="certificate-file",
        )
        team = provider.default_team if provider else None
        # The organisation's teams arrive later; until then the provider's own is a choice.
        yield ChoiceField(
            "Default team (people who sign in join it)",
            [("No team", NO_TEAM), *([(text.text(team.title), team.id)] if team else [])],
            team.id if team else NO_TEAM,
            id="default-team",
        )
        roles: list[tuple[str | Text, Any]] = list(ROLE_CHOICES)
        if provider is None:
            roles.insert(0, ("As the organisation's default role", ORGANISATION_DEFAULT))
        yield ChoiceField(
            "Default role (of people who join through it)",
            roles,
            role_label(provider.default_role) if provider else ORGANISATION_DEFAULT,
            id="default-role",
        )
        yield Static(
            Content(
                "The provider is active once its SSO URL, entity ID and certificate are all set."
            ),
            classes="impact",
        )

    def on_mount(self) -> None:
        self.query_one("#label", TextField).input.focus()
        self.start(self._load_teams, group="teams")

    async def _load_teams(self) -> None:
        client = self.client
        try:
            teams = [
                team
                async for team in client.paginate(
                    client.teams.list_teams_in_organization_by_id, self.organization_id, limit=100
                )
            ]
        except ApiError as error:
            self.say_failure(error)
            return
        field = self.query_one("#default-team", ChoiceField)
        field.set_options(
            [("No team", NO_TEAM), *((text.text(t.title), t.id) for t in teams)], field.value
        )

    # -- sending ---------------------------------------------------------------------------

    def _value(self, field_id: str) -> str:
        return self.query_one(f"#{field_id}", TextField).value

    def certificate(self) -> tuple[str, str | None]:
        """The certificate to send (from the file when a path is given), or what is wrong."""
        path = self._value("certificate-file")
        if path:
            content, problem = read_certificate(path)
            return (content or ""), problem
        return self.query_one("#certificate", AreaField).value, None

    def problems_before_sending(self) -> str | None:
        if self._value("certificate-file"):
            _certificate, problem = self.certificate()
            if problem:
                self.query_one("#certificate-file", TextField).show_error(problem)
                if KEY_REFUSED in problem:
                    return "Nothing was sent: the file is a private key, not a certificate."
                return "Nothing was sent: the certificate file cannot be used."
            return None
        field = self.query_one("#certificate", AreaField)
        pasted = field.value
        if not pasted or pasted == self._shown_certificate:
            return None  # nothing to send, or what the service holds already
        problem = certificate_problem(pasted)
        if problem is None:
            return None
        if holds_key_material(pasted):
            # A secret pasted by mistake leaves the screen (its error would clear on a change).
            with field.area.prevent(TextArea.Changed):
                field.area.clear()
        field.show_error(f"The pasted text: {problem}.")
        field.area.focus()
        if KEY_REFUSED in problem:
            return "Nothing was sent: the pasted text is a private key, not a certificate."
        return "Nothing was sent: the pasted text is not a certificate."

    async def send(self) -> SamlProvider:
        certificate, _ = self.certificate()
        fields: dict[str, Any] = {
            "label": self._value("label"),
            "sso_url": self._value("sso-url"),
            "entity_id": self._value("entity-id"),
            "certificate": certificate,
        }
        team = str(self.query_one("#default-team", ChoiceField).value)
        role = str(self.query_one("#default-role", ChoiceField).value)
        sso = self.client.sso
        if self.provider is None:
            # The providers before: after a lost answer, a new one of that label is this one.
            with self.client.revalidating():
                self._before = await saml_provider_ids(self.client, self.organization_id)
            self._sent = {"label": fields["label"]}
            return await sso.create_organization_saml_provider(
                self.organization_id,
                label=fields["label"],
                sso_url=fields["sso_url"] or UNSET,
                entity_id=fields["entity_id"] or UNSET,
                certificate=certificate or UNSET,
                default_team=team if team != NO_TEAM else UNSET,
                default_role=UNSET if role == ORGANISATION_DEFAULT else role_to_send(role),
            )
        provider = self.provider
        current = {
            "label": provider.label,
            "sso_url": provider.sso_url,
            "entity_id": provider.entity_id,
            # A hidden key is kept unless something replaces it (an empty box is not a change).
            "certificate": self._shown_certificate,
        }
        # Only what changed is sent: omitted keeps.
        changes = {k: v for k, v in fields.items() if v != current[k]}
        current_team = provider.default_team.id if provider.default_team else NO_TEAM
        if team != current_team:
            changes["default_team"] = None if team == NO_TEAM else team
        if role != role_label(provider.default_role):
            changes["default_role"] = role_to_send(role)
        self._sent = changes
        return await sso.update_organization_saml_provider(
            self.organization_id, provider.id, **changes
        )

    async def check_applied(self) -> SamlProvider | None:
        client, organization = self.client, self.organization_id
        if self.provider is None:
            return await new_saml_provider(client, organization, self._before, self._sent["label"])
        return await saml_holds(client, organization, self.provider.id, self._sent)
