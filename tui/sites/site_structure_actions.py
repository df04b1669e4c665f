"""Provides SiteStructureActions: the keys of a site's structure view, and which fit the node.

Adding, editing and deleting sections, section groups and site spaces; moving them with the
keyboard (``K``/``J`` up and down among their siblings, ``>`` and ``<`` into and out of a
group); making one the default. Each change is sent only when the user may change the site, is
journaled with its undo (``u`` and ``U``: the screen's ``site_history``), and the tree then shows what the
service lists next: no key plans a move from a tree that is not yet the service's. A write sent
by a key (a move's steps, making a default) whose answer is lost is read back
(``write_checked``) and never sent again by itself. Viewing the site as a visitor is in
``site_visitor``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from functools import partial

from textual.binding import Binding, BindingType
from textual.content import Content

from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import heading
from tui.dialogs.confirm_action import ConfirmAction
from tui.sites.logic.site_structure import (
    DOWN,
    UP,
    CannotMove,
    NodeKind,
    Rearrangement,
    SiteNode,
    Step,
    plan_into_group,
    plan_out_of_group,
    plan_shift,
)
from tui.sites.site_dialogs import ConfirmStructureDelete
from tui.sites.site_structure_forms import (
    AddSectionDialog,
    AddSiteSpaceDialog,
    CreateGroupDialog,
    NodeEdit,
    NodeForm,
    describe_edit,
)

from ..api.errors import AnswerLostError, ApiError
from ..api.models import SiteSection, SiteSectionGroup, SiteSpace, Space
from ..shell.lost_answers import write_checked
from ..shell.navigation import space_location
from ..shell.read_only import mutating
from .site_edits import SiteEditor, snapshot
from .site_pane import PANE_UNDO_BINDING
from .site_visitor import STOP_VIEW_AS_BINDING, VIEW_AS_BINDING, SiteVisitorView

__all__ = ["STRUCTURE_BINDINGS", "SiteStructureActions"]


def _binding(
    keys: str, action: str, description: str, id: str, tooltip: str, show: bool = True
) -> Binding:
    return Binding(keys, action, description, show=show, id=id, tooltip=tooltip)


STRUCTURE_BINDINGS: list[BindingType] = [
    _binding(
        "n",
        "add_section",
        "New section",
        "site.add_section",
        "Add a section showing a space (searchable list of the spaces)",
    ),
    _binding(
        "e", "edit_node", "Edit", "site.edit", "Edit the highlighted section, group or site space"
    ),
    _binding(
        "c",
        "edit_condition",
        "Condition",
        "site.condition",
        "Edit the condition of the highlighted section or site space (empty removes it)",
    ),
    _binding(
        "K,shift+up",
        "move_up",
        "Move up",
        "site.move_up",
        "Move the highlighted node up among its siblings",
    ),
    _binding(
        "J,shift+down",
        "move_down",
        "Move down",
        "site.move_down",
        "Move the highlighted node down among its siblings",
    ),
    VIEW_AS_BINDING,
    PANE_UNDO_BINDING,
    _binding(
        "d,delete",
        "delete_node",
        "Delete",
        "site.delete",
        "Delete the highlighted node (asks first, says what visitors lose)",
    ),
    _binding(
        "a",
        "add_site_space",
        "Add space",
        "site.add_site_space",
        "Show a space in the highlighted section (or the default one, or the root)",
        False,
    ),
    _binding(
        "g",
        "create_group",
        "New group",
        "site.create_group",
        "Create a section group (with the highlighted section)",
        False,
    ),
    _binding(
        "greater_than_sign",
        "into_group",
        "Into group",
        "site.into_group",
        "Put the highlighted section into the group next to it",
        False,
    ),
    _binding(
        "less_than_sign",
        "out_of_group",
        "Out of group",
        "site.out_of_group",
        "Take the highlighted section out of its group",
        False,
    ),
    _binding(
        "asterisk",
        "make_default",
        "Make default",
        "site.make_default",
        "Make the highlighted section (or site space) the default",
        False,
    ),
    STOP_VIEW_AS_BINDING,
]

_NEEDS_NODE = {"edit_node", "delete_node", "move_up", "move_down"}
_NEEDS_CONDITION_HOLDER = {"edit_condition", "make_default"}


def conditioned_default_impact(node: SiteNode) -> Content:
    """Why making a section with a condition the default is asked about first."""
    return Content("\n").join(
        [
            Content.assemble(
                text.content(node.title, "bold"),
                " shows only to the visitors its condition lets in: ",
                text.content(node.condition or ""),
            ),
            Content(
                "As the default section it is where visitors land, yet anonymous visitors (and "
                "anyone else the condition leaves out) cannot see it."
            ),
        ]
    )


class SiteStructureActions(SiteVisitorView):
    """What the structure view's keys do (the visitor simulation is ``SiteVisitorView``'s);
    a change is sent through the screen, which shows it landing (``site_history``)."""

    def highlighted_node(self) -> SiteNode | None:
        raise NotImplementedError

    def space_behind(self, node: SiteNode) -> Space | None:
        raise NotImplementedError

    # -- which keys fit the highlighted node ------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        node = self.highlighted_node()
        if action in _NEEDS_NODE:
            return node is not None
        if action in _NEEDS_CONDITION_HOLDER:
            return node is not None and node.kind is not NodeKind.GROUP
        if action == "into_group":
            return node is not None and node.kind is NodeKind.SECTION and node.parent is None
        if action == "out_of_group":
            return node is not None and node.kind is NodeKind.SECTION and node.parent is not None
        if action == "stop_viewing_as":
            return self.model.visitor is not None
        return True

    def _ready(self, doing: str) -> bool:
        return not self.host.still_changing() and self.host.may_change(doing)

    # -- adding ----------------------------------------------------------------------------

    @mutating
    def action_add_section(self) -> None:
        if not self._ready(f"add a section to {self.site_title()}"):
            return
        editor = self.host.editor()

        def done(section: SiteSection | None) -> None:
            if section is None:
                return

            async def undo() -> None:
                await editor.delete(NodeKind.SECTION, section.id)

            title = text.one_line(section.title)
            self.host.journal_change(
                f"{NodeKind.SECTION}:{section.id}",
                f"Added the section {title}",
                undo,
                [editor.delete_call(NodeKind.SECTION, section.id)],
                undone=partial(editor.gone, NodeKind.SECTION, section.id),
            )
            self.host.structure_changed(
                f"Added the section {title}.", select=f"{NodeKind.SECTION}:{section.id}"
            )

        self.app.push_screen(AddSectionDialog(self.target()), done)

    def _section_here(self) -> str | None:
        node = self.highlighted_node()
        if node is None:
            return None
        section = node if node.kind is NodeKind.SECTION else self.model.outline.section_of(node)
        return section.id if section is not None else None

    @mutating
    def action_add_site_space(self) -> None:
        if not self._ready(f"show a space on {self.site_title()}"):
            return
        editor = self.host.editor()

        def done(site_space: SiteSpace | None) -> None:
            if site_space is None:
                return

            async def undo() -> None:
                await editor.delete(NodeKind.SITE_SPACE, site_space.id)

            title = text.one_line(site_space.title)
            self.host.journal_change(
                f"{NodeKind.SITE_SPACE}:{site_space.id}",
                f"Added the site space {title}",
                undo,
                [editor.delete_call(NodeKind.SITE_SPACE, site_space.id)],
                undone=partial(editor.gone, NodeKind.SITE_SPACE, site_space.id),
            )
            self.host.structure_changed(
                f"Added the site space {title}.", select=f"{NodeKind.SITE_SPACE}:{site_space.id}"
            )

        dialog = AddSiteSpaceDialog(self.target(), self.model.outline, self._section_here())
        self.app.push_screen(dialog, done)

    @mutating
    def action_create_group(self) -> None:
        if not self._ready(f"create a section group in {self.site_title()}"):
            return
        node = self.highlighted_node()
        chosen = node.id if node is not None and node.kind is NodeKind.SECTION else None
        editor = self.host.editor()

        def done(group: SiteSectionGroup | None) -> None:
            if group is None:
                return

            async def undo() -> None:
                await editor.delete(NodeKind.GROUP, group.id)

            title = text.one_line(group.title)
            notes = (
                ["its sections stay together where the group stood"]
                if len(group.sections) > 1
                else []
            )
            self.host.journal_change(
                f"{NodeKind.GROUP}:{group.id}",
                f"Created the section group {title}",
                undo,
                [editor.delete_call(NodeKind.GROUP, group.id)],
                not_restorable=notes,
                undone=partial(editor.gone, NodeKind.GROUP, group.id),
            )
            self.host.structure_changed(
                f"Created the section group {title} with {plural(len(group.sections), 'section')}.",
                select=f"{NodeKind.GROUP}:{group.id}",
            )

        self.app.push_screen(CreateGroupDialog(self.target(), self.model.outline, chosen), done)

    # -- editing ---------------------------------------------------------------------------

    @mutating
    def action_edit_node(self) -> None:
        self._edit("")

    @mutating
    def action_edit_condition(self) -> None:
        self._edit("condition")

    def _edit(self, only: str) -> None:
        node = self.highlighted_node()
        if node is None:
            return
        what = "change the condition of" if only else "edit"
        if not self._ready(f"{what} the {node.word} {text.one_line(node.title)}"):
            return
        editor = self.host.editor()

        def done(edit: NodeEdit | None) -> None:
            if edit is None:
                return

            async def undo() -> None:
                await editor.update(node.kind, node.id, edit.before)

            description = describe_edit(edit)
            self.host.journal_change(
                node.key,
                description,
                undo,
                [editor.update_call(node.kind, node.id, edit.before)],
                undone=partial(editor.holds, node.kind, node.id, edit.before),
            )
            self.host.structure_changed(f"{description}.", select=node.key)

        form = NodeForm(self.target(), self.model.outline, node, self.model.schema, only=only)
        self.app.push_screen(form, done)

    @mutating
    def action_make_default(self) -> None:
        node = self.highlighted_node()
        if node is None or node.kind is NodeKind.GROUP:
            return
        if node.default:
            self.notify(f"{text.one_line(node.title)} is already the default.")
            return
        if not self._ready(f"change the defaults of {self.site_title()}"):
            return
        editor, outline = self.host.editor(), self.model.outline
        section = outline.section_of(node)
        if node.kind is NodeKind.SECTION:
            old = outline.default_section()
            fields, back = (
                {"default_site_section": node.id},
                ({"default_site_section": old.id} if old else {}),
            )
            holder: SiteNode | None = None
        else:
            siblings = outline.children_of(node.parent)
            old = next((s for s in siblings if s.default), None)
            fields, back = (
                {"default_site_space": node.id},
                ({"default_site_space": old.id} if old else {}),
            )
            holder = section  # a section's default is set on it; the root's on the site

        async def send() -> bool:
            if holder is not None:
                await editor.update(NodeKind.SECTION, holder.id, fields)
            else:
                await editor.update_site(fields)
            return True

        async def held(wanted: dict[str, str]) -> bool:
            if holder is not None:
                return await editor.holds(NodeKind.SECTION, holder.id, wanted)
            return await editor.site_holds(wanted)

        async def applied() -> bool | None:
            return await held(fields) or None

        async def undo() -> None:
            if not back:
                return
            if holder is not None:
                await editor.update(NodeKind.SECTION, holder.id, back)
            else:
                await editor.update_site(back)

        what = "default section" if node.kind is NodeKind.SECTION else "default site space"
        description = f"Made {text.one_line(node.title)} the {what}"

        def made() -> None:
            call = (
                editor.update_call(NodeKind.SECTION, holder.id, back)
                if holder is not None
                else editor.call("sites", "update_site_by_id", **back)
            )
            undone = partial(held, back) if back else None
            self.host.journal_change(node.key, description, undo, [call], undone=undone)
            self.host.structure_changed(f"{description}.", select=node.key)

        if node.kind is NodeKind.SECTION and node.condition:
            # Visitors land on the default section: one they cannot see is asked about first.
            self.app.push_screen(
                ConfirmAction(
                    heading("Make ", node.title, " the default section?"),
                    conditioned_default_impact(node),
                    send,
                    confirm_label="Make default",
                    destructive=False,
                    warning=True,
                    check=partial(held, fields),
                ),
                lambda result: made() if result is not None else None,
            )
            return

        async def work() -> None:
            again = "press * to make it the default again."
            if not await write_checked(self, self.client, send, applied, again=again):
                self.host.changing = False
                return
            made()

        self.run_change(work)

    def run_change(self, work: Callable[[], Awaitable[None]]) -> None:
        """Send a change from a key (no dialog): a refusal is told, nothing is journaled."""

        async def guarded() -> None:
            try:
                await work()
            except AnswerLostError:
                self.host.changing = False
                raise  # nobody knows whether it was applied: the app's failure path says so
            except ApiError as error:
                self.host.changing = False
                self.notify(
                    f"{error.message}\n{error.hint}",
                    title=error.title,
                    severity="error",
                    markup=False,
                )

        self.host.changing = True
        self.host.run_task(guarded, group="change")

    # -- deleting --------------------------------------------------------------------------

    @mutating
    def action_delete_node(self) -> None:
        node = self.highlighted_node()
        if node is None:
            return
        if not self._ready(f"delete the {node.word} {text.one_line(node.title)}"):
            return
        shot = snapshot(self.model.outline, node.key)
        editor = self.host.editor()

        def done(deleted: SiteNode | None) -> None:
            if deleted is None:
                return

            async def undo() -> str:
                return await editor.recreate(shot)

            self.host.journal_change(
                node.key,
                f"Deleted the {node.word} {text.one_line(node.title)}",
                undo,
                [editor.call(_ADD[node.kind][0], _ADD[node.kind][1], title=node.title)],
                not_restorable=shot.not_restorable,
            )
            self.host.structure_changed(f"Deleted the {node.word} {text.one_line(node.title)}.")

        self.app.push_screen(ConfirmStructureDelete(self.target(), self.model.outline, node), done)

    # -- moving ----------------------------------------------------------------------------

    @mutating
    def action_move_up(self) -> None:
        self._rearrange(lambda key: plan_shift(self.model.outline, key, UP))

    @mutating
    def action_move_down(self) -> None:
        self._rearrange(lambda key: plan_shift(self.model.outline, key, DOWN))

    @mutating
    def action_into_group(self) -> None:
        self._rearrange(lambda key: plan_into_group(self.model.outline, key))

    @mutating
    def action_out_of_group(self) -> None:
        self._rearrange(lambda key: plan_out_of_group(self.model.outline, key))

    def _rearrange(self, plan_of: Callable[[str], Rearrangement]) -> None:
        node = self.highlighted_node()
        if node is None:
            return
        if self.host.still_changing():
            return
        try:
            plan = plan_of(node.key)
        except CannotMove as reason:
            self.notify(str(reason), severity="warning", markup=False)
            return
        if not self.host.may_change(f"move the {node.word} {text.one_line(node.title)}"):
            return
        editor = self.host.editor()

        async def undo() -> None:
            await editor.run(plan.undo)

        async def work() -> None:
            taken = await self._take_steps(editor, plan.steps)
            if taken < len(plan.steps):
                self.host.changing = False
                if taken:  # the first steps were applied: show where it stands
                    self.host.structure_changed("Only part of the move was applied.")
                return
            self.host.journal_change(
                plan.subject,
                plan.description,
                undo,
                editor.calls_of(plan.undo),
                undone=partial(editor.taken, plan.undo),
            )
            self.host.structure_changed(f"{plan.description}.", select=plan.subject)

        self.run_change(work)

    async def _take_steps(self, editor: SiteEditor, steps: Sequence[Step]) -> int:
        """Send a move's steps in order, each one's lost answer checked; how many were applied
        (fewer than all: one was not, and the rest were not sent)."""
        for index, step in enumerate(steps):

            async def check(step: Step = step) -> Step | None:
                return step if await editor.taken((step,)) else None

            again = "press the key again to move it."
            send = partial(editor.take, step)
            if await write_checked(self, self.client, send, check, again=again) is None:
                return index
        return len(steps)

    def open_space_of(self, node: SiteNode) -> None:
        space = self.space_behind(node)
        if space is None:
            self.notify("The space behind this site space is not known.", severity="warning")
            return
        self.host.open_place(space_location(space))


_ADD = {
    NodeKind.SECTION: ("site_sections", "add_section_to_site"),
    NodeKind.GROUP: ("site_section_groups", "add_section_group_to_site"),
    NodeKind.SITE_SPACE: ("site_spaces", "add_space_to_site"),
}
