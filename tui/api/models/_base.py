"""Provides the base of every API model: camelCase on the wire, tolerant of what it does not know."""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

__all__ = ["ApiModel", "Next", "Page"]


class ApiModel(BaseModel):
    """A resource as the service sends it.

    The spec shows samples, not schemas, and the real service sends more than it shows:
    unknown fields are kept (``extra="allow"``) and enum-like fields are plain strings, so
    that a new value on the wire never breaks a screen.
    """

    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        extra="allow",
        protected_namespaces=(),
        # Build validators on first use, not at import: start-up stays close to Textual's own.
        defer_build=True,
    )


class Next(ApiModel):
    page: str


T = TypeVar("T")


class Page(ApiModel, Generic[T]):
    """One page of a list operation: its items, the total and the token of the next page."""

    items: list[T] = Field(default_factory=list)
    next: Next | None = None
    count: int | None = None

    @property
    def next_page(self) -> str | None:
        """The token to pass as ``page=`` for the next page, or None on the last page."""
        return self.next.page if self.next else None
