"""Provides SiteEditor: the client calls behind a site's structure edits and their undo.

It sends the steps of a move (``tui.sites.logic.site_structure``), changes fields of any node, and
re-creates a deleted section, section group or site space from what was known of it before
(``Snapshot``), as far as the API allows: the re-created node gets a new id, and a node whose
neighbours are all gone, or a site space of the root level of a site that has sections now,
cannot find its exact place again (``Snapshot.not_restorable`` says so beforehand).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tui.sites.applied_sites import node_gone, node_holds, site_holds, step_taken
from tui.sites.logic.journal import ClientCall
from tui.sites.logic.site_structure import (
    JoinGroup,
    LeaveGroup,
    MoveStep,
    NodeKind,
    SiteNode,
    SiteOutline,
    Step,
)

from ..api import UNSET, Client

__all__ = ["SiteEditor", "Snapshot", "snapshot"]

_GROUPS = {
    NodeKind.SECTION: "site_sections",
    NodeKind.GROUP: "site_section_groups",
    NodeKind.SITE_SPACE: "site_spaces",
}
_UPDATES = {
    NodeKind.SECTION: "update_site_section_by_id",
    NodeKind.GROUP: "update_site_section_group_by_id",
    NodeKind.SITE_SPACE: "update_site_space_by_id",
}
_MOVES = {
    NodeKind.SECTION: "move_site_section",
    NodeKind.GROUP: "move_site_section_group",
    NodeKind.SITE_SPACE: "move_site_space",
}
_DELETES = {
    NodeKind.SECTION: "delete_site_section_by_id",
    NodeKind.GROUP: "delete_site_section_group_by_id",
    NodeKind.SITE_SPACE: "delete_site_space_by_id",
}


@dataclass(frozen=True)
class Snapshot:
    """What re-creating a deleted node needs: the node, what it held, and where it stood."""

    node: SiteNode
    children: tuple[SiteNode, ...] = ()
    """A section's site spaces, or a group's sections, in order."""
    container: str | None = None
    """The key of what held it (a group, a section) or None for the top level."""
    before: tuple[SiteNode, ...] = ()
    """Its siblings before it, nearest first."""
    after: tuple[SiteNode, ...] = ()
    """Its siblings after it, nearest first."""
    site_has_sections: bool = False
    not_restorable: tuple[str, ...] = ()


def snapshot(outline: SiteOutline, key: str) -> Snapshot:
    node = outline.node(key)
    siblings = outline.siblings(node)
    index = next(i for i, n in enumerate(siblings) if n.key == key)
    children = tuple(outline.children_of(key))
    notes = [f"the {node.word} gets a new id"]
    has_sections = bool(outline.of_kind(NodeKind.SECTION))
    if node.kind is NodeKind.SITE_SPACE and node.parent is None and has_sections:
        notes.append("it comes back in the default section, not at the root level")
    if node.kind is NodeKind.SECTION:
        notes.append("its site spaces get new ids")
    if node.kind is NodeKind.GROUP and not children:
        notes.append("an empty group comes back at the end of the site")
    return Snapshot(
        node,
        children,
        node.parent,
        tuple(reversed(siblings[:index])),
        tuple(siblings[index + 1 :]),
        has_sections,
        tuple(notes),
    )


class SiteEditor:
    """The calls of one site's edits, with the client given."""

    def __init__(self, client: Client, organization_id: str, site_id: str) -> None:
        self.client = client
        self.org = organization_id
        self.site = site_id

    # -- descriptions for the journal --------------------------------------------------------

    def call(self, group: str, method: str, *args: Any, **kwargs: Any) -> ClientCall:
        return ClientCall(group, method, (self.org, self.site, *args), kwargs)

    def calls_of(self, steps: Iterable[Step]) -> list[ClientCall]:
        found = []
        for step in steps:
            if isinstance(step, JoinGroup):
                found.append(
                    self.call(
                        "site_section_groups",
                        "add_section_to_group",
                        step.group_id,
                        section_id=step.section_id,
                    )
                )
            elif isinstance(step, LeaveGroup):
                found.append(
                    self.call(
                        "site_section_groups",
                        "remove_section_from_group",
                        step.group_id,
                        step.section_id,
                    )
                )
            else:
                found.append(
                    self.call(
                        _GROUPS[step.kind], _MOVES[step.kind], step.id, position=step.position()
                    )
                )
        return found

    def update_call(self, kind: NodeKind, node_id: str, fields: Mapping[str, Any]) -> ClientCall:
        return self.call(_GROUPS[kind], _UPDATES[kind], node_id, **fields)

    def delete_call(self, kind: NodeKind, node_id: str) -> ClientCall:
        return self.call(_GROUPS[kind], _DELETES[kind], node_id)

    # -- sending ---------------------------------------------------------------------------

    async def run(self, steps: Iterable[Step]) -> None:
        """Send the steps of a move, in order."""
        client, org, site = self.client, self.org, self.site
        for step in steps:
            if isinstance(step, JoinGroup):
                await client.site_section_groups.add_section_to_group(
                    org, site, step.group_id, section_id=step.section_id
                )
            elif isinstance(step, LeaveGroup):
                await client.site_section_groups.remove_section_from_group(
                    org, site, step.group_id, step.section_id
                )
            else:
                await self.move(step)

    async def take(self, step: Step) -> Step:
        """Send one step of a move; returns it (what a lost answer's check returns too)."""
        await self.run((step,))
        return step

    async def taken(self, steps: Iterable[Step]) -> bool:
        """Whether every step shows in the site's structure now: an undone move is in place."""
        for step in steps:
            if not await step_taken(self.client, self.org, self.site, step):
                return False
        return True

    async def holds(self, kind: NodeKind, node_id: str, fields: Mapping[str, Any]) -> bool:
        """Whether a node's fields read back as ``fields``."""
        return await node_holds(self.client, self.org, self.site, kind, node_id, fields) is not None

    async def site_holds(self, fields: Mapping[str, Any]) -> bool:
        """Whether the site's settings read back as ``fields``."""
        return await site_holds(self.client, self.org, self.site, fields) is not None

    async def gone(self, kind: NodeKind, node_id: str) -> bool:
        """Whether a node is no longer in the site."""
        return await node_gone(self.client, self.org, self.site, kind, node_id)

    async def move(self, step: MoveStep) -> None:
        client, org, site = self.client, self.org, self.site
        if step.kind is NodeKind.SECTION:
            await client.site_sections.move_site_section(
                org, site, step.id, position=step.position()
            )
        elif step.kind is NodeKind.GROUP:
            await client.site_section_groups.move_site_section_group(
                org, site, step.id, position=step.position()
            )
        else:
            await client.site_spaces.move_site_space(org, site, step.id, position=step.position())

    async def update(self, kind: NodeKind, node_id: str, fields: Mapping[str, Any]) -> object:
        """Change fields of a node (None removes a condition, an icon, a description)."""
        client, org, site = self.client, self.org, self.site
        if kind is NodeKind.SECTION:
            return await client.site_sections.update_site_section_by_id(
                org, site, node_id, **fields
            )
        if kind is NodeKind.GROUP:
            return await client.site_section_groups.update_site_section_group_by_id(
                org, site, node_id, **fields
            )
        return await client.site_spaces.update_site_space_by_id(org, site, node_id, **fields)

    async def update_site(self, fields: Mapping[str, Any]) -> object:
        return await self.client.sites.update_site_by_id(self.org, self.site, **fields)

    async def delete(self, kind: NodeKind, node_id: str) -> None:
        client, org, site = self.client, self.org, self.site
        if kind is NodeKind.SECTION:
            await client.site_sections.delete_site_section_by_id(org, site, node_id)
        elif kind is NodeKind.GROUP:
            await client.site_section_groups.delete_site_section_group_by_id(org, site, node_id)
        else:
            await client.site_spaces.delete_site_space_by_id(org, site, node_id)

    # -- re-creating what was deleted --------------------------------------------------------

    async def recreate(self, shot: Snapshot) -> str:
        """Re-create a deleted node as it was; returns its new id."""
        if shot.node.kind is NodeKind.SITE_SPACE:
            section = shot.container.partition(":")[2] if shot.container else None
            return await self._recreate_site_space(shot.node, section, shot)
        if shot.node.kind is NodeKind.GROUP:
            return await self._recreate_group(shot)
        return await self._recreate_section(shot)

    async def _recreate_site_space(
        self, node: SiteNode, section_id: str | None, shot: Snapshot | None
    ) -> str:
        client = self.client
        if node.space_id is None:
            raise ValueError(f"the space behind {node.title} is unknown: it cannot come back")
        created = await client.site_spaces.add_space_to_site(
            self.org, self.site, space_id=node.space_id, section_id=section_id or UNSET
        )
        fields: dict[str, Any] = {}
        if created.path != node.path and node.path:
            fields["path"] = node.path
        if node.condition:
            fields["condition"] = node.condition
        if fields:
            await client.site_spaces.update_site_space_by_id(
                self.org, self.site, created.id, **fields
            )
        if shot is not None:
            await self._put_back(NodeKind.SITE_SPACE, created.id, shot)
            if node.default:
                await self._make_default_site_space(created.id, section_id)
        return created.id

    async def _make_default_site_space(self, site_space_id: str, section_id: str | None) -> None:
        if section_id is None:
            await self.update_site({"default_site_space": site_space_id})
        else:
            await self.client.site_sections.update_site_section_by_id(
                self.org, self.site, section_id, default_site_space=site_space_id
            )

    async def _recreate_section(self, shot: Snapshot) -> str:
        client, node = self.client, shot.node
        site_spaces = [c for c in shot.children if c.space_id is not None]
        if not site_spaces:
            raise ValueError(f"{node.title} showed no space: a section cannot be made without one")
        first = site_spaces[0]
        section = await client.site_sections.add_section_to_site(
            self.org,
            self.site,
            space_id=first.space_id or "",
            title=node.title,
            icon=node.icon or UNSET,
        )
        fields: dict[str, Any] = {"path": node.path}
        if node.description:
            fields["description"] = node.description
        if node.condition:
            fields["condition"] = node.condition
        await client.site_sections.update_site_section_by_id(
            self.org, self.site, section.id, **fields
        )
        made = section.site_spaces[0].id if section.site_spaces else None
        first_fields: dict[str, Any] = {}
        if made is not None and first.path and section.site_spaces[0].path != first.path:
            first_fields["path"] = first.path
        if made is not None and first.condition:
            first_fields["condition"] = first.condition
        if made is not None and first_fields:
            await client.site_spaces.update_site_space_by_id(
                self.org, self.site, made, **first_fields
            )
        default = made if first.default else None
        for other in site_spaces[1:]:
            new_id = await self._recreate_site_space(other, section.id, None)
            if other.default:
                default = new_id
        if default is not None and default != made:
            await client.site_sections.update_site_section_by_id(
                self.org, self.site, section.id, default_site_space=default
            )
        group = shot.container.partition(":")[2] if shot.container else None
        if group is not None:
            await client.site_section_groups.add_section_to_group(
                self.org, self.site, group, section_id=section.id
            )
        await self._put_back(NodeKind.SECTION, section.id, shot)
        if node.default:
            await self.update_site({"default_site_section": section.id})
        return section.id

    async def _recreate_group(self, shot: Snapshot) -> str:
        # The group takes the place of the first of its sections, where they stand since the
        # deletion ungrouped them: the place it had.
        sections = [c.id for c in shot.children if c.kind is NodeKind.SECTION]
        group = await self.client.site_section_groups.add_section_group_to_site(
            self.org,
            self.site,
            title=shot.node.title,
            icon=shot.node.icon or UNSET,
            sections=sections or UNSET,
        )
        return group.id

    async def _put_back(self, kind: NodeKind, new_id: str, shot: Snapshot) -> None:
        """Move a re-created node (last of its level) back between its old neighbours."""
        moved = SiteNode(kind, new_id, shot.node.title)
        before = shot.before[0] if shot.before else None
        if not shot.after:
            return  # it was the last of its level, which is where it was made
        if before is not None and _anchors(moved, before):
            await self.move(MoveStep(kind, new_id, "after", before.kind, before.id))
            return
        # A section can only be anchored to a section: before the first section that followed
        # it, then the groups that stood between move back after it, nearest last.
        between: list[SiteNode] = []
        for follower in shot.after:
            if _anchors(moved, follower):
                await self.move(MoveStep(kind, new_id, "before", follower.kind, follower.id))
                break
            between.append(follower)
        for follower in reversed(between):
            await self.move(MoveStep(follower.kind, follower.id, "after", kind, new_id))


def _anchors(moved: SiteNode, anchor: SiteNode) -> bool:
    if moved.kind is NodeKind.SECTION:
        return anchor.kind is NodeKind.SECTION
    return moved.kind is NodeKind.GROUP or anchor.kind is NodeKind.SITE_SPACE
