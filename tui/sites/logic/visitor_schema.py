"""Provides a docs site's adaptive visitor schema: its claims, checked as the service checks them.

The schema is a JSON Schema (draft-07) of boolean claims, plus an optional ``unsigned`` object
of boolean claims, each level closed (``additionalProperties`` false). ``parse_json_schema``
refuses what the service refuses, with the service's own message, so the Audience view can
check an edit before the PUT; ``VisitorSchema.to_json_schema`` writes the body to send, in the
shape the service stores (the same as its answer).

    schema = parse_json_schema(site_adaptive_schema.json_schema)
    schema.signed / schema.unsigned           the claims, in the schema's order
    schema.with_claim("beta", "In the beta")  a new schema (refuses bad or duplicate names)
    schema.renamed(claim, "beta_tester") / schema.without(claim)
    schema.template_conditions()              the suggestions the service derives
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "DRAFT_07",
    "Claim",
    "SchemaError",
    "VisitorSchema",
    "parse_json_schema",
]

DRAFT_07 = "http://json-schema.org/draft-07/schema#"
UNSIGNED = "unsigned"
UNSIGNED_DESCRIPTION = "Unsigned claims of the site visitor."
# A claim name must read as a JavaScript property in conditions: visitor.claims.<name>.
CLAIM_NAME = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


class SchemaError(ValueError):
    """A visitor schema the service would refuse; ``where`` is the JSON path of the problem."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"Invalid adaptive schema: `{where}` {problem}.")
        self.where = where
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Claim:
    """A boolean claim a visitor brings: signed (from the visitor's token) or unsigned."""

    name: str
    description: str
    unsigned: bool = False

    @property
    def reference(self) -> str:
        """How a condition reads the claim: ``visitor.claims.unsigned.returning_visitor``."""
        return f"visitor.claims.{UNSIGNED + '.' if self.unsigned else ''}{self.name}"


def _object_claims(node: Any, where: str, *, unsigned: bool) -> tuple[Claim, ...]:
    """The boolean claims of an object schema at ``where``, checked in the service's order."""
    if not isinstance(node, dict):
        raise SchemaError(where, "must be an object")
    allowed = {"type", "properties", "additionalProperties", "description", "$schema"}
    extra = sorted(set(node) - allowed)
    if extra:
        raise SchemaError(f"{where}.{extra[0]}", "is not allowed")
    if node.get("type") != "object":
        raise SchemaError(f"{where}.type", 'must be "object"')
    if node.get("additionalProperties") is not False:
        raise SchemaError(f"{where}.additionalProperties", "must be false")
    properties = node.get("properties", {})
    if not isinstance(properties, dict):
        raise SchemaError(f"{where}.properties", "must be an object")
    claims: list[Claim] = []
    for name, prop in properties.items():
        here = f"{where}.properties.{name}"
        if not unsigned and name == UNSIGNED:
            continue
        if not CLAIM_NAME.match(name):
            raise SchemaError(
                here, "must be a name of letters, digits, _ or $, not starting with a digit"
            )
        if not isinstance(prop, dict) or prop.get("type") != "boolean":
            raise SchemaError(here, 'must be a boolean property: {"type": "boolean"}')
        if set(prop) - {"type", "description"}:
            raise SchemaError(
                f"{here}.{sorted(set(prop) - {'type', 'description'})[0]}", "is not allowed"
            )
        description = prop.get("description", name)
        if not isinstance(description, str):
            raise SchemaError(f"{here}.description", "must be a string")
        claims.append(Claim(name, description, unsigned))
    return tuple(claims)


def parse_json_schema(json_schema: Any) -> VisitorSchema:
    """The claims of a visitor schema, or a ``SchemaError`` saying what the service would refuse."""
    signed = _object_claims(json_schema, "jsonSchema", unsigned=False)
    if "$schema" in json_schema and json_schema["$schema"] != DRAFT_07:
        raise SchemaError("jsonSchema.$schema", f'must be "{DRAFT_07}" when given')
    if "description" in json_schema:
        raise SchemaError("jsonSchema.description", "is not allowed")
    unsigned_node = json_schema.get("properties", {}).get(UNSIGNED)
    unsigned: tuple[Claim, ...] = ()
    if unsigned_node is not None:
        if isinstance(unsigned_node, dict) and "$schema" in unsigned_node:
            raise SchemaError("jsonSchema.properties.unsigned.$schema", "is not allowed")
        unsigned = _object_claims(unsigned_node, "jsonSchema.properties.unsigned", unsigned=True)
    return VisitorSchema(
        signed, unsigned, has_unsigned=unsigned_node is not None, draft="$schema" in json_schema
    )


@dataclass(frozen=True)
class VisitorSchema:
    """The claims of a site's visitors. Names are unique within signed and within unsigned."""

    signed: tuple[Claim, ...] = ()
    unsigned: tuple[Claim, ...] = ()
    has_unsigned: bool = False
    """Whether the schema has an ``unsigned`` object, even an empty one (kept on write)."""
    draft: bool = False
    """Whether the schema names its draft (``$schema``), kept on write."""
    _index: dict[tuple[bool, str], Claim] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {(c.unsigned, c.name): c for c in (*self.signed, *self.unsigned)}
        object.__setattr__(self, "_index", index)

    @property
    def claims(self) -> tuple[Claim, ...]:
        """Every claim: signed ones first, as the service lists its template conditions."""
        return (*self.signed, *self.unsigned)

    def claim(self, name: str, *, unsigned: bool = False) -> Claim | None:
        return self._index.get((unsigned, name))

    def _rebuilt(self, claims: Iterable[Claim]) -> VisitorSchema:
        claims = list(claims)
        return VisitorSchema(
            tuple(c for c in claims if not c.unsigned),
            tuple(c for c in claims if c.unsigned),
            has_unsigned=self.has_unsigned or any(c.unsigned for c in claims),
            draft=self.draft,
        )

    def _check_new_name(self, name: str, unsigned: bool) -> None:
        kind = "an unsigned claim" if unsigned else "a claim"
        if not CLAIM_NAME.match(name):
            raise ValueError(
                f"The name of {kind} is letters, digits, _ or $, not starting with a digit: "
                f"{name!r}."
            )
        if not unsigned and name == UNSIGNED:
            raise ValueError(
                "`unsigned` holds the unsigned claims: a signed claim cannot be named so."
            )
        if self.claim(name, unsigned=unsigned) is not None:
            raise ValueError(f"There is already {kind} named {name}.")

    def with_claim(
        self, name: str, description: str = "", *, unsigned: bool = False
    ) -> VisitorSchema:
        """The schema with one more claim (its description defaults to its name, as the service's)."""
        self._check_new_name(name, unsigned)
        return self._rebuilt([*self.claims, Claim(name, description or name, unsigned)])

    def renamed(self, claim: Claim, name: str, description: str | None = None) -> VisitorSchema:
        """The schema with a claim renamed in place (conditions using the old name must follow)."""
        if name != claim.name:
            self._check_new_name(name, claim.unsigned)
        new = Claim(name, claim.description if description is None else description, claim.unsigned)
        return self._rebuilt(new if c == claim else c for c in self.claims)

    def without(self, claim: Claim) -> VisitorSchema:
        return self._rebuilt(c for c in self.claims if c != claim)

    def to_json_schema(self) -> dict[str, Any]:
        """The ``jsonSchema`` to PUT, in the shape the service stores and answers with."""

        def properties(claims: tuple[Claim, ...]) -> dict[str, Any]:
            return {c.name: {"type": "boolean", "description": c.description} for c in claims}

        result: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}
        if self.draft:
            result["$schema"] = DRAFT_07
        if self.has_unsigned:
            result["properties"][UNSIGNED] = {
                "type": "object",
                "description": UNSIGNED_DESCRIPTION,
                "properties": properties(self.unsigned),
                "additionalProperties": False,
            }
        result["properties"].update(properties(self.signed))
        return result

    def template_conditions(self) -> list[tuple[str, str]]:
        """(description, condition) suggestions, one per claim, as the service derives them."""
        return [(f"Visitor is {c.name}", f"{c.reference} === true") for c in self.claims]
