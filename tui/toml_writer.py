"""Provides dump_toml: a parsed TOML document written back as TOML (the standard library only reads it).

Enough for a config file: tables, arrays of tables, strings, booleans, numbers, dates and times,
arrays and inline tables. Comments of the file are not kept (tomllib drops them when reading).
"""

from __future__ import annotations

import datetime
import json
import math
import re
from typing import Any

__all__ = ["dump_toml"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else json.dumps(name)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        # JSON's escapes are TOML's basic-string escapes.
        return json.dumps(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{_key(str(k))} = {_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    raise TypeError(f"no TOML for a {type(value).__name__}")


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _table(lines: list[str], path: list[str], table: dict[str, Any]) -> None:
    for name, value in table.items():
        if not isinstance(value, dict) and not _is_table_array(value):
            lines.append(f"{_key(str(name))} = {_value(value)}")
    for name, value in table.items():
        header = ".".join(_key(part) for part in [*path, str(name)])
        if isinstance(value, dict):
            lines += ["", f"[{header}]"]
            _table(lines, [*path, str(name)], value)
        elif _is_table_array(value):
            for item in value:
                lines += ["", f"[[{header}]]"]
                _table(lines, [*path, str(name)], item)


def dump_toml(document: dict[str, Any]) -> str:
    """The document as TOML text that ``tomllib.loads`` reads back equal."""
    lines: list[str] = []
    _table(lines, [], document)
    return "\n".join(lines).lstrip("\n") + "\n"
