"""Single sign-on: SAML providers with every field, a bad SSO URL refused before sending, the
certificate read from a file (a certificate only: a private key is refused and never shown), the
service's URLs copied, readers told before anything is sent."""

from __future__ import annotations

from tests.admin.certificates import CERTIFICATE, PRIVATE_KEY, body, der
from tests.pilot.acting import notifications, on_screen, sent
from tests.pilot.admin_acting import choose, open_admin, pick, rows
from tests.pilot.fixtures import paste, screen_text, settle
from tui.admin.saml_form import NO_TEAM, SamlForm
from tui.widgets import ChoiceField, TextField
from tui.widgets.checked_fields import AreaField

from ..conftest import ORG

KEY_LINE = body(PRIVATE_KEY)[:24]
"""A piece of the private key: never on screen, never in a request."""


async def fill(pilot, field: str, value: str) -> None:
    pilot.app.screen.query_one(field, TextField).input.focus()
    await pilot.pause()
    await paste(pilot, value)


async def test_a_bad_sso_url_is_refused_before_sending_then_a_good_one_is_added(
    make_app, transport, tmp_path
):
    pem = tmp_path / "azure.pem"
    pem.write_text(CERTIFICATE + "\n")
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_admin(pilot, "sso")
        assert rows(screen) == ["Okta"]
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, SamlForm)
        await paste(pilot, "Azure AD")
        await fill(pilot, "#sso-url", "login.microsoftonline.com/saml2")
        await fill(pilot, "#entity-id", "https://sts.windows.net/northwind/")
        await fill(pilot, "#certificate-file", str(pem))
        await settle(pilot)
        await choose(pilot, "#default-role", "review")
        app.screen.submit()
        await settle(pilot)
        assert sent(transport, "POST") == []
        assert "SSO URL must be a web address starting with https://" in on_screen(app)
        await fill(pilot, "#sso-url", "")
        app.screen.query_one(
            "#sso-url", TextField
        ).input.value = "https://login.microsoftonline.com/northwind/saml2"
        app.screen.submit()
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.path == f"/v1/orgs/{ORG}/saml"
        assert post.json == {
            "label": "Azure AD",
            "ssoURL": "https://login.microsoftonline.com/northwind/saml2",
            "entityID": "https://sts.windows.net/northwind/",
            "certificate": CERTIFICATE,
            "defaultRole": "review",
        }
        assert rows(screen) == ["Okta", "Azure AD"]
        assert screen.highlighted.label == "Azure AD" and screen.highlighted.status == "active"
        assert "Added the SAML provider Azure AD (active)." in notifications(app)


async def test_a_missing_certificate_file_is_said_under_its_field(make_app, transport, tmp_path):
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await open_admin(pilot, "sso")
        await pilot.press("n")
        await settle(pilot)
        await paste(pilot, "Azure AD")
        await fill(pilot, "#certificate-file", str(tmp_path / "missing.pem"))
        app.screen.submit()
        await settle(pilot)
        assert sent(transport, "POST") == []
        field = app.screen.query_one("#certificate-file", TextField)
        assert field.error == f"No file at {tmp_path / 'missing.pem'}."
        assert "Nothing was sent: the certificate file cannot be used." in on_screen(app)


async def test_the_acs_url_is_copied_for_the_identity_provider(make_app, transport):
    app = make_app()
    copied: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
        screen = await open_admin(pilot, "sso")
        assert "ACS URL" in screen.query_one("#details").render().plain
        await pilot.press("y")
        await settle(pilot)
        await pick(pilot, "ACS URL")
        assert copied == [screen.highlighted.service.acs_url]
        assert copied[0].endswith("/acs")


async def test_deleting_a_provider_warns_that_members_may_lose_their_way_in(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "sso")
        await pilot.press("d")
        await settle(pilot)
        assert "Members who sign in only with SSO may lose their way in" in on_screen(app)
        await paste(pilot, "okta")
        await pilot.press("enter")
        await settle(pilot)
        assert len(sent(transport, "DELETE")) == 1
        assert rows(screen) == []


async def test_a_reader_is_told_and_nothing_is_asked(make_app, transport):
    app = make_app("demo-reader")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "sso")
        assert "Only the organisation's administrators see" in on_screen(app)
        assert not any(s.path.endswith("/saml") for s in transport.sent)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen
        assert "You need the admin role to add SAML providers." in notifications(app)


async def test_editing_a_provider_opens_on_its_default_team(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 60)) as pilot:
        await open_admin(pilot, "sso")
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, SamlForm)
        team = app.screen.query_one("#default-team", ChoiceField)
        assert team.value != NO_TEAM
        assert "Docs core" in on_screen(app)
        app.screen.submit()
        await settle(pilot)
        [patch] = sent(transport, "PATCH")
        assert patch.json == {}  # the default team is kept, not cleared


def nothing_holds_the_key(transport) -> bool:
    return not any("PRIVATE KEY" in str(s.json) or KEY_LINE in str(s.json) for s in transport.sent)


async def test_a_private_key_file_is_refused_and_the_service_receives_nothing(
    make_app, transport, tmp_path
):
    key = tmp_path / "idp.key"
    key.write_text(PRIVATE_KEY + "\n")
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await open_admin(pilot, "sso")
        await pilot.press("n")
        await settle(pilot)
        await paste(pilot, "Azure AD")
        await fill(pilot, "#certificate-file", str(key))
        app.screen.submit()
        await settle(pilot)
        assert isinstance(app.screen, SamlForm)  # the form stays, with what was typed
        assert sent(transport, "POST") == []
        assert nothing_holds_the_key(transport)
        field = app.screen.query_one("#certificate-file", TextField)
        assert field.error.startswith(f"{key}: it is a private key, not a certificate")
        shown = on_screen(app)
        assert "Nothing was sent: the file is a private key, not a certificate." in shown
        assert "private key is never sent" in shown
        assert KEY_LINE not in screen_text(app)


async def test_a_pasted_private_key_is_refused_and_taken_off_the_screen(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await open_admin(pilot, "sso")
        await pilot.press("n")
        await settle(pilot)
        await paste(pilot, "Azure AD")
        area = app.screen.query_one("#certificate", AreaField)
        area.area.focus()
        await pilot.pause()
        await paste(pilot, PRIVATE_KEY)
        app.screen.submit()
        await settle(pilot)
        assert sent(transport, "POST") == []
        assert area.value == ""
        assert KEY_LINE not in screen_text(app)
        assert "Nothing was sent: the pasted text is a private key, not a certificate." in (
            on_screen(app)
        )
        assert area.error.startswith("The pasted text: it is a private key")


async def test_a_binary_der_certificate_file_is_sent_as_its_pem(make_app, transport, tmp_path):
    cer = tmp_path / "okta.cer"
    cer.write_bytes(der(CERTIFICATE))
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await open_admin(pilot, "sso")
        await pilot.press("n")
        await settle(pilot)
        await paste(pilot, "Azure AD")
        await fill(pilot, "#certificate-file", str(cer))
        app.screen.submit()
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.json["certificate"] == CERTIFICATE


async def test_a_private_key_the_service_holds_is_never_shown_and_kept_unless_replaced(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(120, 50)) as pilot:
        await settle(pilot)
        client = app.client
        [okta] = (await client.sso.list_saml_providers_in_organization_by_id(ORG)).items
        await client.sso.update_organization_saml_provider(ORG, okta.id, certificate=PRIVATE_KEY)
        screen = await open_admin(pilot, "sso")
        details = screen.query_one("#details").render().plain
        assert "a private key, not a certificate (hidden; e replaces it)" in " ".join(
            details.split()
        )
        assert KEY_LINE not in screen_text(app)
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, SamlForm)
        assert app.screen.query_one("#certificate", AreaField).value == ""
        assert KEY_LINE not in screen_text(app)
        assert "The stored value is a private key, not a certificate: it is not shown." in (
            on_screen(app)
        )
        app.screen.submit()
        await settle(pilot)
        assert sent(transport, "PATCH")[-1].json == {}  # an empty box is not a change
