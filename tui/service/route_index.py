"""Provides the index that finds which routes may fit a path, instead of trying all 150 patterns."""

from __future__ import annotations

from dataclasses import dataclass, field

from .http import Route

__all__ = ["RouteIndex"]


@dataclass
class _Node:
    """One segment of the templates: literal segments by text, and the parameter branch."""

    literal: dict[str, _Node] = field(default_factory=dict)
    parameter: _Node | None = None
    routes: list[int] = field(default_factory=list)  # positions of the templates ending here


class RouteIndex:
    """The routes, with a tree of their templates' segments.

    ``candidates(path)`` gives, in table order, every route whose template has the path's
    segments: a superset of the routes whose pattern matches, which the caller still checks,
    so the first match and the 405/404 answers are those of a scan of the whole table.
    """

    def __init__(self, routes: list[Route]) -> None:
        self.routes = routes
        self._build()

    def _build(self) -> None:
        self._root = _Node()
        self._size = len(self.routes)
        for position, route in enumerate(self.routes):
            node = self._root
            for part in route.template.split("/"):
                if "{" in part:
                    node.parameter = node.parameter or _Node()
                    node = node.parameter
                else:
                    node = node.literal.setdefault(part, _Node())
            node.routes.append(position)

    def candidates(self, path: str) -> list[Route]:
        if len(self.routes) != self._size:  # routes were added to the list in place
            self._build()
        if "\n" in path:
            # A pattern's `$` also matches before a final newline: leave that to the patterns.
            return self.routes
        nodes = [self._root]
        for part in path.split("/"):
            reached = []
            for node in nodes:
                if part in node.literal:
                    reached.append(node.literal[part])
                if part and node.parameter is not None:
                    reached.append(node.parameter)
            if not reached:
                return []
            nodes = reached
        if len(nodes) == 1:
            return [self.routes[position] for position in nodes[0].routes]
        return [self.routes[position] for position in sorted(p for n in nodes for p in n.routes)]
