"""An administrator asks who can reach a docs site, and where each role comes from."""

from __future__ import annotations

from tests.pilot.acting import on_screen
from tests.pilot.fixtures import settle
from tests.sites.test_editing_sites import open_site
from tui.sites.site_access import SiteAccessScreen


async def test_P_on_a_site_lists_who_reaches_it_and_through_what(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        site = await open_site(pilot)
        await pilot.press("P")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SiteAccessScreen)
        assert any(
            s.path.endswith(f"/sites/{site.site_id}/permissions/aggregate") for s in transport.sent
        )
        shown = on_screen(app)
        assert "Ada Lovelace" in shown and "admin" in shown
        assert "organisation role" in shown
        assert "Ingrid Solberg" not in shown  # disabled: reaches nothing
        rows = {item.user.display_name: item for item in screen.items}
        # Noah reads in the organisation, and was given edit on the API Reference, a site space.
        assert rows["Noah Williams"].permission == "edit"
        assert screen._through(rows["Noah Williams"]) == "space API Reference"
