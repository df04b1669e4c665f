"""Provides who reaches a space or a collection and through what, and what a change would do.

The service's aggregate gives each member's effective role; it does not say where the role
comes from. ``ContentAccess`` finds that out from what the screen reads: the users and teams
given a role on the content and on each collection above it, the members of those teams, and
each member's organisation role (which the nearest default level other than "inherit"
replaces for every member but admins). It never imports textual:

    access = ContentAccess(chain, given, team_members, aggregate, org_roles)
    access.members()                        # a row per member, best source first
    access.preview_member(user, "edit")     # "Grace Hopper: read → edit on API reference"
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "ContentAccess",
    "Given",
    "MemberAccess",
    "Person",
    "Place",
    "Preview",
    "Source",
    "TeamAccess",
    "higher",
    "rank",
]

ROLE_ORDER = ("read", "comment", "edit", "review", "create", "admin")
"""The spec's roles, weakest first: a role grants what every role before it grants."""

INHERIT = (None, "", "inherit")
"""Default levels that leave the organisation role in force."""


def rank(role: str | None) -> int:
    """-1 for no role; else the role's strength."""
    return ROLE_ORDER.index(role) if role in ROLE_ORDER else -1


def higher(role: str | None, other: str | None) -> str | None:
    return role if rank(role) >= rank(other) else other


def said(role: str | None) -> str:
    return role or "no access"


@dataclass(frozen=True)
class Place:
    """The space or collection looked at, or a collection above it."""

    kind: Literal["space", "collection"]
    id: str
    title: str
    default_level: str | None = None


@dataclass(frozen=True)
class Person:
    """A member, as the lists name them (server text)."""

    id: str
    name: str
    email: str = ""


@dataclass(frozen=True)
class Given:
    """A role given to a user or a team on one place of the chain."""

    place: Place
    principal: Literal["user", "team"]
    subject: str
    """The user's or the team's id."""
    name: str
    role: str


SourceKind = Literal["direct", "team", "collection", "organisation", "default"]


@dataclass(frozen=True)
class Source:
    """One way a member reaches the content, with the role it gives."""

    kind: SourceKind
    role: str
    label: str
    """``direct``, ``team Docs core``, ``collection Guides``, ``organisation role``…"""
    given: Given | None = None
    """The permission behind it (None for the organisation's share)."""


@dataclass(frozen=True)
class MemberAccess:
    """A member who reaches the content: their effective role and where it comes from."""

    person: Person
    role: str | None
    """The effective role (the service's aggregate); None: no access."""
    sources: tuple[Source, ...]
    """Every way they reach it, strongest first (the nearer first among equals)."""
    direct: str | None
    """The role given to them on the content itself, if any."""

    @property
    def key(self) -> str:
        return f"user:{self.person.id}"

    @property
    def through(self) -> str:
        """The sources that give the effective role: ``direct + team Docs core``."""
        best = [s.label for s in self.sources if s.role == self.role]
        if not best:
            return self.sources[0].label if self.sources else ""
        return " + ".join(best)


@dataclass(frozen=True)
class TeamAccess:
    """A team given a role on the content or on a collection above it."""

    given: Given
    here: bool
    """Whether it was given on the content itself (so it can be changed here)."""
    members: int | None = None
    """How many members the team has, when known."""

    @property
    def key(self) -> str:
        return f"team:{self.given.place.id}:{self.given.subject}"

    @property
    def through(self) -> str:
        return "team, given here" if self.here else f"team, on {self.given.place.title}"


@dataclass(frozen=True)
class Preview:
    """What a change would do to one member or team, said before it is sent."""

    line: str
    """``Grace Hopper: read → edit on API reference``."""
    before: str | None
    after: str | None
    warning: str = ""
    """Why the change changes nothing (a higher role inherited), when it does not."""

    @property
    def no_op(self) -> bool:
        return bool(self.warning)


@dataclass
class ContentAccess:
    """Everything read about one space or collection, and the questions asked of it."""

    chain: Sequence[Place]
    """The content first, then the collections above it, nearest first."""
    given: Sequence[Given]
    team_members: Mapping[str, Collection[str]]
    """Team id → the user ids of its members (for the teams in ``given``, at least)."""
    aggregate: Sequence[tuple[Person, str | None]]
    org_roles: Mapping[str, str | None] = field(default_factory=dict)
    """User id → organisation role (None: a guest); a user missing from it is not known."""

    @property
    def content(self) -> Place:
        return self.chain[0]

    # -- where roles come from ---------------------------------------------------------------

    def _default_level(self) -> tuple[str | None, Place | None]:
        """The nearest default level other than "inherit", and where it is set."""
        for place in self.chain:
            if place.default_level not in INHERIT:
                return place.default_level, place
        return None, None

    def organisation_share(self, user_id: str) -> Source | None:
        """What the organisation gives a member here: their role, or the default level."""
        if user_id not in self.org_roles:
            return None
        role = self.org_roles[user_id]
        if role is None:
            return None  # a guest gets nothing from the organisation
        level, place = self._default_level()
        if place is None or role == "admin":
            return Source("organisation", role, "organisation role")
        if level not in ROLE_ORDER:
            return None
        where = "" if place is self.content else f" of {place.title}"
        return Source("default", str(level), f"default level{where}")

    def _label(self, given: Given, user_id: str) -> tuple[SourceKind, str]:
        on_content = given.place is self.content or given.place.id == self.content.id
        if given.principal == "user":
            if on_content:
                return "direct", "direct"
            return "collection", f"collection {given.place.title}"
        if on_content:
            return "team", f"team {given.name}"
        return "team", f"team {given.name} on {given.place.title}"

    def sources_of(self, user_id: str) -> list[Source]:
        """Every way a member reaches the content, strongest first, nearer first among equals."""
        found: list[tuple[int, int, Source]] = []
        depth = {place.id: index for index, place in enumerate(self.chain)}
        for given in self.given:
            if given.principal == "user" and given.subject != user_id:
                continue
            if given.principal == "team" and user_id not in self.team_members.get(
                given.subject, ()
            ):
                continue
            kind, label = self._label(given, user_id)
            found.append((depth.get(given.place.id, 99), 0 if kind == "direct" else 1,
                          Source(kind, given.role, label, given)))  # fmt: skip
        share = self.organisation_share(user_id)
        if share is not None:
            found.append((100, 2, share))
        found.sort(key=lambda item: (-rank(item[2].role), item[0], item[1]))
        return [source for _, _, source in found]

    def direct_role(self, user_id: str) -> str | None:
        return next(
            (
                g.role
                for g in self.given
                if g.principal == "user" and g.subject == user_id and g.place.id == self.content.id
            ),
            None,
        )

    def team_role(self, team_id: str) -> str | None:
        """The role given to a team on the content itself, if any."""
        return next(
            (
                g.role
                for g in self.given
                if g.principal == "team" and g.subject == team_id and g.place.id == self.content.id
            ),
            None,
        )

    # -- the rows ------------------------------------------------------------------------------

    def members(self) -> list[MemberAccess]:
        """Each member the aggregate names, strongest role first, then by name."""
        rows = []
        for person, role in self.aggregate:
            sources = self.sources_of(person.id)
            if role is not None and not any(rank(s.role) >= rank(role) for s in sources):
                # The service knows a way we cannot see (a default level not sent to us):
                # the organisation's share it must be.
                sources.insert(0, Source("organisation", role, "organisation"))
            rows.append(MemberAccess(person, role, tuple(sources), self.direct_role(person.id)))
        rows.sort(key=lambda row: (-rank(row.role), row.person.name.casefold()))
        return rows

    def teams(self) -> list[TeamAccess]:
        """The teams given a role here or above, those given here first."""
        depth = {place.id: index for index, place in enumerate(self.chain)}
        teams = [
            TeamAccess(
                g,
                g.place.id == self.content.id,
                len(self.team_members[g.subject]) if g.subject in self.team_members else None,
            )
            for g in self.given
            if g.principal == "team"
        ]
        teams.sort(key=lambda t: (depth.get(t.given.place.id, 99), t.given.name.casefold()))
        return teams

    # -- what a change would do ----------------------------------------------------------------

    def _effective(self, user_id: str) -> str | None:
        for person, role in self.aggregate:
            if person.id == user_id:
                return role
        return None

    def preview_member(self, person: Person, new_role: str | None) -> Preview:
        """What giving ``person`` ``new_role`` here (None: removing theirs) would do to them."""
        before = self._effective(person.id)
        others = [
            s
            for s in self.sources_of(person.id)
            if not (s.kind == "direct" and s.given is not None)
        ]
        best_other = others[0] if others else None
        after = higher(new_role, best_other.role if best_other else None)
        every = self.sources_of(person.id)
        if before is not None and not any(rank(s.role) >= rank(before) for s in every):
            # The service gives a role through a way we cannot see: the change leaves it.
            after = higher(after, before)
        line = f"{person.name}: {said(before)} → {said(after)} on {self.content.title}"
        warning = ""
        if new_role is not None and rank(after) > rank(new_role):
            via = best_other.label if best_other else "elsewhere"
            warning = f"no change: {after} comes through {via}, higher than {new_role}"
        elif new_role is None and after is not None and after == before:
            via = best_other.label if best_other else "elsewhere"
            warning = f"no change: {after} stays through {via}"
        return Preview(line, before, after, warning)

    def preview_team(
        self, team_id: str, name: str, new_role: str | None, members: Collection[str] = ()
    ) -> Preview:
        """What giving a team ``new_role`` here (None: removing it) would do, and to how many
        of its ``members`` (the known ones when not given)."""
        before = self.team_role(team_id)
        line = f"{name}: {said(before)} → {said(new_role)} on {self.content.title}"
        users = list(members) or list(self.team_members.get(team_id, ()))
        if not users:
            return Preview(line, before, new_role)
        changed = 0
        for user in users:
            others = [
                s
                for s in self.sources_of(user)
                if not (s.given is not None and s.given.principal == "team"
                        and s.given.subject == team_id and s.given.place.id == self.content.id)
            ]  # fmt: skip
            was = self._effective(user) or (others[0].role if others else None)
            now = higher(new_role, others[0].role if others else None)
            changed += now != was
        if changed == 0:
            verb = "keeps" if len(users) == 1 else "keep"
            who = "its member" if len(users) == 1 else f"all {len(users)} of its members"
            held = "a role as high or higher" if new_role else "their role"
            return Preview(line, before, new_role, f"no change for anyone: {who} {verb} {held}")
        return Preview(f"{line} ({changed} of {len(users)} members change)", before, new_role)
