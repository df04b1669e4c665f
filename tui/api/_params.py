"""Provides UNSET and the helpers that turn Python arguments into query strings and JSON bodies.

"Omitted keeps, null removes": an argument left out is UNSET and is not sent at all, while an
argument passed as None is sent as JSON null.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from datetime import datetime
from typing import Any, Final

from pydantic import BaseModel
from pydantic.alias_generators import to_camel

__all__ = ["UNSET", "Unset", "body", "query_params", "wire_name"]


class Unset(enum.Enum):
    """The type of UNSET: an argument the caller did not give."""

    token = 0

    def __repr__(self) -> str:
        return "UNSET"

    def __bool__(self) -> bool:
        return False


UNSET: Final = Unset.token

# Wire names that camelCase alone does not produce.
_WIRE_NAMES = {
    "entity_id": "entityID",
    "sso_url": "ssoURL",
    "source_url": "sourceURL",
    "repo_cache_id": "repoCacheID",
    "repo_tree_url": "repoTreeURL",
    "repo_commit_url": "repoCommitURL",
    "photo_url": "photoURL",
    "download_url": "downloadURL",
}


def wire_name(name: str) -> str:
    """The name of a Python argument on the wire."""
    return _WIRE_NAMES.get(name) or to_camel(name)


def _jsonable(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_unset=True)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items() if v is not UNSET}
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    return value


def body(**fields: Any) -> dict[str, Any]:
    """A JSON body of the given fields: UNSET ones left out, None sent as null."""
    return {wire_name(k): _jsonable(v) for k, v in fields.items() if v is not UNSET}


def query_params(**fields: Any) -> list[tuple[str, str]]:
    """Query parameters: UNSET and None left out, booleans as true/false, lists repeated."""
    params: list[tuple[str, str]] = []
    for key, value in fields.items():
        if value is UNSET or value is None:
            continue
        name = wire_name(key)
        values = value if isinstance(value, list | tuple) else [value]
        for item in values:
            item = _jsonable(item)
            params.append(
                (name, "true" if item is True else "false" if item is False else str(item))
            )
    return params
