"""Provides the adaptive-content visitor schema of a site: its checking and the template
conditions derived from it.

The schema describes the claims a visitor brings: boolean properties only, plus an optional
``unsigned`` object of boolean properties, each level closed (``additionalProperties``
false). A valid schema is stored normalised to the shape the API answers with: every
property carries a ``description`` (its name when none was given) and ``unsigned`` carries
the fixed description the API uses for it.
"""

from __future__ import annotations

import re
from typing import Any

from ..http import HttpError

__all__ = ["DRAFT_07", "normalise_schema", "template_conditions"]

DRAFT_07 = "http://json-schema.org/draft-07/schema#"
UNSIGNED = "unsigned"
UNSIGNED_DESCRIPTION = "Unsigned claims of the site visitor."
# A claim name must read as a JavaScript property in conditions: visitor.claims.<name>.
_CLAIM_NAME = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def _bad(where: str, problem: str) -> HttpError:
    return HttpError(400, f"Invalid adaptive schema: `{where}` {problem}.")


def _boolean_properties(node: Any, where: str) -> dict[str, dict[str, Any]]:
    """The checked, normalised boolean properties of an object schema at ``where``."""
    if not isinstance(node, dict):
        raise _bad(where, "must be an object")
    allowed = {"type", "properties", "additionalProperties", "description", "$schema"}
    extra = sorted(set(node) - allowed)
    if extra:
        raise _bad(f"{where}.{extra[0]}", "is not allowed")
    if node.get("type") != "object":
        raise _bad(f"{where}.type", 'must be "object"')
    if node.get("additionalProperties") is not False:
        raise _bad(f"{where}.additionalProperties", "must be false")
    properties = node.get("properties", {})
    if not isinstance(properties, dict):
        raise _bad(f"{where}.properties", "must be an object")
    checked: dict[str, dict[str, Any]] = {}
    for name, prop in properties.items():
        here = f"{where}.properties.{name}"
        if where == "jsonSchema" and name == UNSIGNED:
            continue
        if not _CLAIM_NAME.match(name):
            raise _bad(here, "must be a name of letters, digits, _ or $, not starting with a digit")
        if not isinstance(prop, dict) or prop.get("type") != "boolean":
            raise _bad(here, 'must be a boolean property: {"type": "boolean"}')
        if set(prop) - {"type", "description"}:
            raise _bad(f"{here}.{sorted(set(prop) - {'type', 'description'})[0]}", "is not allowed")
        description = prop.get("description", name)
        if not isinstance(description, str):
            raise _bad(f"{here}.description", "must be a string")
        checked[name] = {"type": "boolean", "description": description}
    return checked


def normalise_schema(schema: Any) -> dict[str, Any]:
    """The schema as stored, or a 400 that names what is wrong with it."""
    properties = _boolean_properties(schema, "jsonSchema")
    if "$schema" in schema and schema["$schema"] != DRAFT_07:
        raise _bad("jsonSchema.$schema", f'must be "{DRAFT_07}" when given')
    if "description" in schema:
        raise _bad("jsonSchema.description", "is not allowed")
    result: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}
    if "$schema" in schema:
        result["$schema"] = DRAFT_07
    unsigned = schema.get("properties", {}).get(UNSIGNED)
    if unsigned is not None:
        if isinstance(unsigned, dict) and "$schema" in unsigned:
            raise _bad("jsonSchema.properties.unsigned.$schema", "is not allowed")
        result["properties"][UNSIGNED] = {
            "type": "object",
            "description": UNSIGNED_DESCRIPTION,
            "properties": _boolean_properties(unsigned, "jsonSchema.properties.unsigned"),
            "additionalProperties": False,
        }
    result["properties"].update(properties)
    return result


def template_conditions(schema: dict[str, Any] | None) -> list[dict[str, str]]:
    """One suggested condition per boolean claim: signed ones first, then unsigned ones."""
    if not schema:
        return []
    properties = schema.get("properties", {})
    items = [
        {"description": f"Visitor is {name}", "condition": f"visitor.claims.{name} === true"}
        for name in properties
        if name != UNSIGNED
    ]
    unsigned = properties.get(UNSIGNED, {}).get("properties", {})
    items.extend(
        {
            "description": f"Visitor is {name}",
            "condition": f"visitor.claims.unsigned.{name} === true",
        }
        for name in unsigned
    )
    return items
