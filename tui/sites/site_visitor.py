"""Provides SiteVisitorView: the structure view's simulation of a visitor (``v``, ``V``).

The visitor has the claims ticked (the others off), or is anonymous. Every section and site
space it would not see is greyed out with the condition that failed; one whose condition cannot
be evaluated for it is marked so, never guessed (``tui.sites.logic.site_structure.verdicts``).
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from tui.core import text
from tui.sites.logic.conditions import Outcome
from tui.sites.logic.site_structure import NodeKind, verdicts
from tui.sites.site_dialogs import VisitorChoice, VisitorDialog, describe_visitor

from .site_pane import SitePane

__all__ = ["STOP_VIEW_AS_BINDING", "VIEW_AS_BINDING", "SiteVisitorView"]

VIEW_AS_BINDING = Binding(
    "v",
    "view_as_visitor",
    "View as",
    id="site.view_as",
    tooltip="Grey out what a visitor (with claims you pick, or anonymous) would not see",
)
STOP_VIEW_AS_BINDING = Binding(
    "V",
    "stop_viewing_as",
    "Stop view as",
    show=False,
    id="site.stop_view_as",
    tooltip="Show every node again",
)


class SiteVisitorView(SitePane):
    """The structure view's visitor simulation (the visitor is the model's)."""

    def show_node_details(self) -> None:
        raise NotImplementedError

    # -- view as a visitor -----------------------------------------------------------------

    def compose_visitor_bar(self) -> Any:
        yield Static(id="visitor-bar")

    def action_view_as_visitor(self) -> None:
        def chosen(choice: VisitorChoice | None) -> None:
            if choice is not None:
                self.model.visitor = choice.visitor
                self.show_simulation()
                self.refresh_bindings()

        self.app.push_screen(VisitorDialog(self.model.schema, self.model.visitor), chosen)

    def action_stop_viewing_as(self) -> None:
        self.model.visitor = None
        self.show_simulation()
        self.refresh_bindings()

    def show_simulation(self) -> None:
        """Grey out what the simulated visitor would not see, and say who it is."""
        bar = self.query_one("#visitor-bar", Static)
        tree = self.tree_widget()
        visitor, outline = self.model.visitor, self.model.outline
        if visitor is None:
            tree.show_verdicts({})
            bar.display = False
            self.show_node_details()
            return
        found = verdicts(outline, visitor)
        tree.show_verdicts(found)
        considered = [v for k, v in found.items() if outline.node(k).kind is not NodeKind.GROUP]
        hidden = sum(1 for v in considered if v.outcome is Outcome.HIDDEN)
        unknown = sum(1 for v in considered if v.outcome is Outcome.UNKNOWN)
        who = describe_visitor(visitor, self.model.schema)
        parts = [f"{hidden} of {len(considered)} hidden"]
        if unknown:
            parts.append(f"{unknown} cannot be evaluated")
        bar.update(
            Content.assemble(
                Content.styled("Viewing as ", "bold"),
                text.content(who),
                Content.styled(f" · {', '.join(parts)} · v changes, V stops", "$text-muted"),
            )
        )
        bar.display = True
        self.show_node_details()

    def tree_widget(self) -> Any:
        raise NotImplementedError
