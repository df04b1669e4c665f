"""Provides a docs site's structure as a tree, its keyboard moves as the API's anchors, and who sees what.

The service lists a site's sections (in reading order, each with its site spaces), its section
groups (in order) and its site spaces (those at the root level first). ``build_outline`` turns
those three lists into one tree: section groups › sections › site spaces, with the site spaces
of the root level first. The lists say where every group that holds a section stands, but not
where an empty group stands: the top level's order from the published structure does (the site
screen asks for it only when a group is empty); without it, an empty group goes right before
the next group that holds sections, or at the end.

A move with the keyboard is a swap with the next sibling up or down, sent as the move
operations' ``before``/``after`` anchors. A section may only be anchored to a section, so a
top-level section passes a group by moving the group instead; either way the swap is exact and
so is its reverse, which the undo journal keeps. Entering and leaving a group use the group's
add and remove operations (a section taken out lands right after its group).

    outline = build_outline(groups, sections, site_spaces)
    plan = plan_shift(outline, "section:abc", UP)       # CannotMove(reason) when it cannot
    plan.steps / plan.undo                               # MoveStep, JoinGroup, LeaveGroup
    verdicts(outline, Visitor.nobody())                  # key → Verdict
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, Protocol, TypeAlias

from .conditions import Outcome, Verdict, Visitor, evaluate

__all__ = [
    "DOWN",
    "UP",
    "CannotMove",
    "GroupLike",
    "JoinGroup",
    "LeaveGroup",
    "MoveStep",
    "NodeKind",
    "Rearrangement",
    "SectionLike",
    "SiteNode",
    "SiteOutline",
    "SiteSpaceLike",
    "Step",
    "build_outline",
    "plan_into_group",
    "plan_out_of_group",
    "plan_shift",
    "verdicts",
]

UP = -1
DOWN = 1


class NodeKind(StrEnum):
    GROUP = "site-section-group"
    SECTION = "site-section"
    SITE_SPACE = "site-space"


# -- what the client's models look like, as far as this module needs ---------------------------


class UrlsLike(Protocol):
    @property
    def published(self) -> str | None: ...


class SpaceLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def emoji(self) -> str: ...


class SiteSpaceLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def path(self) -> str: ...
    @property
    def section(self) -> str | None: ...
    @property
    def space(self) -> SpaceLike | None: ...
    @property
    def title(self) -> str: ...
    @property
    def default(self) -> bool: ...
    @property
    def condition(self) -> str | None: ...
    @property
    def urls(self) -> UrlsLike: ...


class SectionLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def description(self) -> str | None: ...
    @property
    def default(self) -> bool: ...
    @property
    def path(self) -> str: ...
    @property
    def condition(self) -> str | None: ...
    @property
    def section_group(self) -> str | None: ...
    @property
    def icon(self) -> str | None: ...
    @property
    def site_spaces(self) -> Sequence[SiteSpaceLike]: ...
    @property
    def urls(self) -> UrlsLike: ...


class GroupLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def icon(self) -> str | None: ...
    @property
    def sections(self) -> Sequence[SectionLike]: ...


# -- the tree ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SiteNode:
    """A section group, a section or a site space, as the tree shows it (server text as is)."""

    kind: NodeKind
    id: str
    title: str
    parent: str | None = None
    """The key of the node holding it (None: the top level)."""
    path: str = ""
    icon: str = ""
    condition: str | None = None
    default: bool = False
    description: str = ""
    url: str | None = None
    """Where visitors find it (None when the site is not published)."""
    space_id: str | None = None
    """A site space's space."""
    space_title: str = ""
    space_emoji: str = ""

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.id}"

    @property
    def word(self) -> str:
        """``section group``, ``section`` or ``site space``."""
        return {"site-section-group": "section group", "site-section": "section"}.get(
            self.kind, "site space"
        )


@dataclass
class SiteOutline:
    """The nodes of a site by key, and the keys of each node's children in the service's order."""

    nodes: dict[str, SiteNode] = field(default_factory=dict)
    children: dict[str | None, list[str]] = field(default_factory=dict)

    def __contains__(self, key: object) -> bool:
        return key in self.nodes

    def node(self, key: str) -> SiteNode:
        return self.nodes[key]

    def children_of(self, key: str | None) -> list[SiteNode]:
        return [self.nodes[k] for k in self.children.get(key, [])]

    def walk(self, key: str | None = None) -> Iterator[SiteNode]:
        """Every node below ``key`` (the whole site for None), in reading order."""
        for child in self.children_of(key):
            yield child
            yield from self.walk(child.key)

    def of_kind(self, kind: NodeKind) -> list[SiteNode]:
        return [node for node in self.walk() if node.kind is kind]

    def siblings(self, node: SiteNode) -> list[SiteNode]:
        """The nodes ``node`` moves among: site spaces among those of their container, sections
        and groups among the sections and groups beside them."""
        family = (
            (NodeKind.SITE_SPACE,)
            if node.kind is NodeKind.SITE_SPACE
            else (NodeKind.SECTION, NodeKind.GROUP)
        )
        return [n for n in self.children_of(node.parent) if n.kind in family]

    def group_of(self, node: SiteNode) -> SiteNode | None:
        parent = self.nodes.get(node.parent or "")
        return parent if parent is not None and parent.kind is NodeKind.GROUP else None

    def section_of(self, node: SiteNode) -> SiteNode | None:
        parent = self.nodes.get(node.parent or "")
        return parent if parent is not None and parent.kind is NodeKind.SECTION else None

    def default_section(self) -> SiteNode | None:
        return next((n for n in self.of_kind(NodeKind.SECTION) if n.default), None)

    def site_spaces_under(self, key: str | None) -> list[SiteNode]:
        return [n for n in self.walk(key) if n.kind is NodeKind.SITE_SPACE]

    def sections_under(self, key: str | None) -> list[SiteNode]:
        return [n for n in self.walk(key) if n.kind is NodeKind.SECTION]

    def conditions_reading(self, claim: str, *, unsigned: bool) -> list[SiteNode]:
        """The sections and site spaces whose condition mentions the claim (by its reference)."""
        reference = f"visitor.claims.{'unsigned.' if unsigned else ''}{claim}"
        found = []
        for node in self.walk():
            text = node.condition or ""
            at = text.find(reference)
            while at >= 0:
                after = text[at + len(reference) : at + len(reference) + 1]
                if not (after.isalnum() or after in ("_", "$")):
                    found.append(node)
                    break
                at = text.find(reference, at + 1)
        return found


def _site_space_node(site_space: SiteSpaceLike, parent: str | None) -> SiteNode:
    space = site_space.space
    return SiteNode(
        NodeKind.SITE_SPACE,
        site_space.id,
        site_space.title or (space.title if space is not None else "") or site_space.path,
        parent,
        path=site_space.path,
        condition=site_space.condition,
        default=site_space.default,
        url=site_space.urls.published,
        space_id=space.id if space is not None else None,
        space_title=space.title if space is not None else "",
        space_emoji=space.emoji if space is not None else "",
    )


def _section_node(section: SectionLike, parent: str | None) -> SiteNode:
    return SiteNode(
        NodeKind.SECTION,
        section.id,
        section.title,
        parent,
        path=section.path,
        icon=section.icon or "",
        condition=section.condition,
        default=section.default,
        description=section.description or "",
        url=section.urls.published,
    )


def build_outline(
    groups: Sequence[GroupLike],
    sections: Sequence[SectionLike],
    site_spaces: Sequence[SiteSpaceLike],
    top: Sequence[tuple[str, str]] | None = None,
) -> SiteOutline:
    """The tree of a site from its three lists, each in the service's order.

    ``top`` is the order of the top level as (kind, id) pairs, when known from the published
    structure: it places the empty groups, which the lists cannot.
    """
    outline = SiteOutline()

    def add(node: SiteNode) -> None:
        outline.nodes[node.key] = node
        outline.children.setdefault(node.parent, []).append(node.key)

    for site_space in site_spaces:
        if site_space.section is None:
            add(_site_space_node(site_space, None))
    by_group = {group.id: group for group in groups}
    order = [group.id for group in groups]
    grouped = {section.section_group for section in sections if section.section_group in by_group}
    placed: set[str] = set()

    def place_group(group_id: str) -> None:
        # Empty groups that come earlier in the groups' order stand before this one.
        for earlier in order[: order.index(group_id)]:
            if earlier not in placed and earlier not in grouped:
                place_group(earlier)
        group = by_group[group_id]
        placed.add(group_id)
        add(SiteNode(NodeKind.GROUP, group.id, group.title, None, icon=group.icon or ""))
        outline.children.setdefault(f"{NodeKind.GROUP}:{group_id}", [])

    for section in sections:
        group_id = section.section_group if section.section_group in by_group else None
        if group_id is not None and group_id not in placed:
            place_group(group_id)
        parent = f"{NodeKind.GROUP}:{group_id}" if group_id is not None else None
        node = _section_node(section, parent)
        add(node)
        outline.children.setdefault(node.key, [])
        for site_space in section.site_spaces:
            add(_site_space_node(site_space, node.key))
    for group_id in order:
        if group_id not in placed:
            place_group(group_id)
    if top is not None:
        rank = {f"{kind}:{item}": index for index, (kind, item) in enumerate(top)}
        level = outline.children.get(None, [])
        # Root site spaces stay first; what ``top`` does not name keeps its place after it.
        level.sort(key=lambda key: (key in rank, rank.get(key, len(rank))))
        roots = [k for k in level if outline.nodes[k].kind is NodeKind.SITE_SPACE]
        outline.children[None] = roots + [k for k in level if k not in roots]
    return outline


# -- moves -------------------------------------------------------------------------------------

Where: TypeAlias = Literal["before", "after"]


def _other(where: Where) -> Where:
    return "after" if where == "before" else "before"


@dataclass(frozen=True)
class MoveStep:
    """One move operation: ``kind``/``id`` goes ``where`` the anchor ``anchor_kind``/``anchor_id``."""

    kind: NodeKind
    id: str
    where: Where
    anchor_kind: NodeKind
    anchor_id: str

    def position(self) -> dict[str, Any]:
        """The ``position`` body of the move operation of ``kind``."""
        if self.kind is NodeKind.SITE_SPACE:
            anchor: dict[str, str] = {"type": "site-space", "siteSpace": self.anchor_id}
        elif self.kind is NodeKind.SECTION:
            anchor = {"type": "site-section", "siteSection": self.anchor_id}
        else:
            anchor = {"type": str(self.anchor_kind), "id": self.anchor_id}
        return {self.where: anchor}


@dataclass(frozen=True)
class JoinGroup:
    """Add a section to a group (it becomes the group's last section)."""

    group_id: str
    section_id: str


@dataclass(frozen=True)
class LeaveGroup:
    """Take a section out of its group (it lands right after the group)."""

    group_id: str
    section_id: str


Step: TypeAlias = MoveStep | JoinGroup | LeaveGroup


class CannotMove(ValueError):
    """A move that cannot be made, with the reason in words."""


@dataclass(frozen=True)
class Rearrangement:
    """What to send for a move, what reverses it, and how it reads."""

    description: str
    subject: str
    """The key of the node that moved."""
    steps: tuple[Step, ...]
    undo: tuple[Step, ...]


def _can_anchor(moved: SiteNode, anchor: SiteNode) -> bool:
    # A section's anchor is a section; a group's is a section or a group; a site space's is a
    # site space of the same container.
    if moved.kind is NodeKind.SECTION:
        return anchor.kind is NodeKind.SECTION
    return moved.kind is NodeKind.GROUP or anchor.kind is NodeKind.SITE_SPACE


def _swap(moved: SiteNode, other: SiteNode, where: Where) -> tuple[Step, Step]:
    """Put ``moved`` ``where`` its neighbour ``other``, and the step that puts it back."""
    if _can_anchor(moved, other):
        return (
            MoveStep(moved.kind, moved.id, where, other.kind, other.id),
            MoveStep(moved.kind, moved.id, _other(where), other.kind, other.id),
        )
    return (
        MoveStep(other.kind, other.id, _other(where), moved.kind, moved.id),
        MoveStep(other.kind, other.id, where, moved.kind, moved.id),
    )


def plan_shift(outline: SiteOutline, key: str, direction: int) -> Rearrangement:
    """Move a node one place up (``UP``) or down (``DOWN``) among its siblings."""
    node = outline.node(key)
    siblings = outline.siblings(node)
    index = next(i for i, n in enumerate(siblings) if n.key == key)
    target = index + direction
    if not 0 <= target < len(siblings):
        where_word = "first" if direction == UP else "last"
        raise CannotMove(f"{node.title} is already the {where_word} of its level.")
    other = siblings[target]
    where: Where = "before" if direction == UP else "after"
    step, back = _swap(node, other, where)
    word = "above" if direction == UP else "below"
    return Rearrangement(f"Moved {node.title} {word} {other.title}", key, (step,), (back,))


def plan_into_group(outline: SiteOutline, key: str) -> Rearrangement:
    """Put a top-level section into the group just above it (as its last section), or else
    into the group just below it (as its first)."""
    node = outline.node(key)
    if node.kind is not NodeKind.SECTION:
        raise CannotMove("Only sections go into a section group.")
    if node.parent is not None:
        raise CannotMove(f"{node.title} is already in a section group.")
    siblings = outline.siblings(node)
    index = next(i for i, n in enumerate(siblings) if n.key == key)
    above = siblings[index - 1] if index > 0 else None
    below = siblings[index + 1] if index + 1 < len(siblings) else None
    if above is not None and above.kind is NodeKind.GROUP:
        return Rearrangement(
            f"Put {node.title} into {above.title}",
            key,
            (JoinGroup(above.id, node.id),),
            (LeaveGroup(above.id, node.id),),
        )
    if below is not None and below.kind is NodeKind.GROUP:
        first = next(iter(outline.children_of(below.key)), None)
        steps: list[Step] = [JoinGroup(below.id, node.id)]
        if first is not None:
            steps.append(MoveStep(node.kind, node.id, "before", first.kind, first.id))
        return Rearrangement(
            f"Put {node.title} into {below.title}",
            key,
            tuple(steps),
            (
                LeaveGroup(below.id, node.id),
                MoveStep(below.kind, below.id, "after", node.kind, node.id),
            ),
        )
    raise CannotMove(
        f"No section group next to {node.title}: create one with g, or move the section "
        "next to one first."
    )


def plan_out_of_group(outline: SiteOutline, key: str) -> Rearrangement:
    """Take a section out of its group: it lands right after the group."""
    node = outline.node(key)
    group = outline.group_of(node)
    if node.kind is not NodeKind.SECTION or group is None:
        raise CannotMove(f"{node.title} is not in a section group.")
    siblings = outline.siblings(node)
    index = next(i for i, n in enumerate(siblings) if n.key == key)
    undo: list[Step] = [JoinGroup(group.id, node.id)]
    if index + 1 < len(siblings):
        following = siblings[index + 1]
        undo.append(MoveStep(node.kind, node.id, "before", following.kind, following.id))
    return Rearrangement(
        f"Took {node.title} out of {group.title}",
        key,
        (LeaveGroup(group.id, node.id),),
        tuple(undo),
    )


# -- who sees what -----------------------------------------------------------------------------


def verdicts(outline: SiteOutline, visitor: Visitor) -> dict[str, Verdict]:
    """Whether ``visitor`` sees each node, and why not.

    A section or site space follows its own condition (a site space also its section's). A
    group has no condition: it shows while one of its sections does.
    """
    found: dict[str, Verdict] = {}

    def judge(key: str | None, inherited: Verdict) -> None:
        for node in outline.children_of(key):
            if node.kind is NodeKind.GROUP:
                judge(node.key, inherited)
                inside = [found[k] for k in outline.children.get(node.key, [])]
                if any(v.visible for v in inside) or not inside:
                    found[node.key] = Verdict(Outcome.VISIBLE)
                elif any(v.outcome is Outcome.UNKNOWN for v in inside):
                    found[node.key] = Verdict(
                        Outcome.UNKNOWN, "whether any of its sections shows cannot be told"
                    )
                else:
                    found[node.key] = Verdict(Outcome.HIDDEN, "every section in it is hidden")
                continue
            verdict = evaluate(node.condition, visitor).within(inherited)
            found[node.key] = verdict
            judge(node.key, verdict)

    judge(None, Verdict(Outcome.VISIBLE))
    return found
