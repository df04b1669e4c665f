"""A drop-down given a value it has no choice for keeps it (Textual would raise, and the form
would never open), and takes its name when the choices arrive."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from tui.widgets import ChoiceField


class OneField(App[None]):
    def compose(self) -> ComposeResult:
        yield ChoiceField("Default team", [("No team", "-")], "team-42", id="team")


async def test_a_value_without_its_choice_is_kept_then_named_when_the_choices_arrive():
    app = OneField()
    async with app.run_test(size=(60, 8)) as pilot:
        field = app.query_one("#team", ChoiceField)
        assert field.value == "team-42"
        field.set_options([("No team", "-"), (Text("[b]Docs core[/b]"), "team-42")], field.value)
        await pilot.pause()
        assert field.value == "team-42"
        assert str(field.select.query_one("SelectCurrent Static").render()) == "[b]Docs core[/b]"
