"""Provides the reading of an answer: bounded in size, parsed whatever it holds, its text made safe.

The service is trusted with nothing here. An answer over ``MAX_ANSWER_BYTES`` is refused without
being read whole (its Content-Length first, then the bytes as they come); a body that cannot be
parsed, however it fails (a ``RecursionError`` from deep nesting included), is ``Unreadable``; a
number too long for Python's int is read as a float (infinite), so that only a field the API
declares says whether it matters; and lone surrogates, which JSON allows (``"\\ud800"``) but no
file, terminal or width computation can take, become U+FFFD once, here, where the text enters.

Bodies are parsed by orjson (a fifth of json's time on a page of 1,000); a body it refuses (lone
surrogates, NaN, nesting past 1,024) or may misread (19 digits in a row: an integer past 64 bits)
is parsed by json, whose rules above then apply.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import orjson

__all__ = ["MAX_ANSWER_BYTES", "AnswerTooLarge", "Unreadable", "parse_json", "read_bounded"]

MAX_ANSWER_BYTES = 32 * 1024 * 1024
"""The largest answer the client reads (32 MiB): no answer of the API comes near it."""

# Python refuses to turn more than 4,300 digits into an int (a guard against slow parsing).
_INT_DIGITS = 4000
# What may hold a surrogate once decoded: a \uD800–\uDFFF escape, or its raw UTF-8 bytes
# (json.loads reads bytes with "surrogatepass").
_MAY_HOLD_SURROGATES = re.compile(rb"\\u[dD][89a-fA-F]|\xed[\xa0-\xbf]")
_SURROGATE = re.compile("[\ud800-\udfff]")
# Digits to "0", anything else to " ": a run of 19 digits is then a plain substring search
# (a seventh of the time of a regular expression, which took longer than orjson's parse).
_DIGITS_ONLY = bytes(0x30 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))
_NINETEEN_DIGITS = b"0" * 19


class AnswerTooLarge(Exception):
    """The answer is larger than the client reads; what was read of it is dropped."""

    def __init__(self, limit: int, declared: int | None = None) -> None:
        self.limit = limit
        self.declared = declared
        size = f"{declared:,} bytes" if declared is not None else "more than that"
        super().__init__(f"the answer is larger than docdeck reads ({limit:,} bytes): {size}")


class Unreadable(Exception):
    """The body could not be parsed; the message says why, in words."""


async def read_bounded(response: httpx.Response, limit: int) -> None:
    """Read a streamed answer's body, refusing it once it passes ``limit`` bytes.

    The bytes are counted as decoded (a small gzip can expand without bound). What was read is
    left on the response as if ``aread`` had read it (httpx keeps a body in ``_content``).
    """
    declared = response.headers.get("Content-Length", "")
    if declared.isdigit() and int(declared) > limit:
        await response.aclose()
        raise AnswerTooLarge(limit, int(declared))
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_bytes():
        size += len(chunk)
        if size > limit:
            await response.aclose()
            raise AnswerTooLarge(limit)
        chunks.append(chunk)
    response._content = b"".join(chunks)


def _parse_int(digits: str) -> int | float:
    return int(digits) if len(digits) < _INT_DIGITS else float(digits)


def _without_surrogates(value: Any) -> Any:
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_without_surrogates(item) for item in value]
    if isinstance(value, dict):
        return {_without_surrogates(k): _without_surrogates(v) for k, v in value.items()}
    return value


def parse_json(body: bytes) -> Any:
    """The JSON value of a body, with safe text; raises ``Unreadable`` however parsing fails."""
    # orjson reads an integer past 64 bits as a float, losing digits: 19 digits in a row send
    # the body to json, as does anything orjson refuses.
    if _NINETEEN_DIGITS not in body.translate(_DIGITS_ONLY):
        try:
            # Valid UTF-8 without lone surrogates: nothing to make safe.
            return orjson.loads(body)
        except (orjson.JSONDecodeError, TypeError):
            pass
    try:
        value = json.loads(body, parse_int=_parse_int)
    except RecursionError:
        raise Unreadable("the answer is nested too deeply to read") from None
    except UnicodeDecodeError:
        raise Unreadable("the answer is not JSON (nor UTF-8 text)") from None
    except ValueError:
        raise Unreadable("the answer is not JSON") from None
    except Exception as exc:  # anything else a hostile body can provoke
        raise Unreadable(f"the answer cannot be read ({type(exc).__name__})") from None
    # A NUL among the first bytes is UTF-16 or UTF-32, which the search below cannot read.
    # The byte searches first: they cost a twentieth of the pattern's on a 1.4 MB revision.
    if b"\x00" in body[:4] or (
        (b"\\u" in body or b"\xed" in body) and _MAY_HOLD_SURROGATES.search(body)
    ):
        # Only nesting that json.loads accepted gets here, so this recursion is bounded by it.
        try:
            value = _without_surrogates(value)
        except RecursionError:
            raise Unreadable("the answer is nested too deeply to read") from None
    return value
