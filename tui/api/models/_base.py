"""Provides the base of every API model: camelCase on the wire, tolerant of what it does not know."""

from __future__ import annotations

from typing import Any, Generic, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.alias_generators import to_camel

__all__ = ["ApiModel", "Next", "Page"]

SHARED_KINDS_KEPT = 512
"""Distinct sets of given fields shared at most (a service inventing names gets no more)."""


class _SharedFields(set[str]):
    """The names of the fields a model was given, shared by every model given the same ones.

    Never changed in place: a model given a value after it was read takes its own copy first
    (``ApiModel.__setattr__``).
    """

    __slots__ = ()


_shared_fields: dict[frozenset[str], _SharedFields] = {}


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

    @model_validator(mode="after")
    def _share_given_fields(self) -> Self:
        # pydantic keeps, per model, the set of the fields it was given: 2.2 KB of the 6 KB a
        # space takes, the same for nearly every space of an answer. Thousands of spaces are
        # held at once (a collection of 5,000, a space of 2,000 pages): they share one.
        given = self.__pydantic_fields_set__
        key = frozenset(given)
        shared = _shared_fields.get(key)
        if shared is None:
            if len(_shared_fields) >= SHARED_KINDS_KEPT:
                return self
            shared = _shared_fields[key] = _SharedFields(given)
        object.__setattr__(self, "__pydantic_fields_set__", shared)
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        if type(self.__pydantic_fields_set__) is _SharedFields:
            # pydantic adds ``name`` to the set: to this model's own, not to the shared one.
            object.__setattr__(self, "__pydantic_fields_set__", set(self.__pydantic_fields_set__))
        super().__setattr__(name, value)


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
