"""The places seen so far: a bounded memory that never forgets the organisations."""

from __future__ import annotations

from tui.shell.navigation import Location, PlacesSeen


def test_a_big_organisation_does_not_push_its_own_name_out_of_the_breadcrumbs():
    places = PlacesSeen(limit=3)
    globex = Location("organization", "org-globex", "Globex", "org-globex")
    places.see(globex)
    collections = [
        Location(
            "collection", f"c{i}", f"Area {i}", "org-globex", parent=("organization", "org-globex")
        )
        for i in range(10)
    ]
    places.see(*collections)
    assert len(places) == 3
    assert [p.title for p in places.trail(collections[-1])] == ["Globex", "Area 9"]
    assert places.get("collection", "c0") is None  # the oldest others are forgotten
