"""Reading an answer's body: orjson for speed, json where orjson would refuse or misread, and
the same value either way."""

from __future__ import annotations

import json

import pytest

from tui.api._answers import Unreadable, parse_json


@pytest.mark.parametrize(
    "body",
    [
        b'{"items": [{"id": "s1", "title": "Guides \\u2014 \\ud83d\\ude00"}], "next": null}',
        b'{"count": 18446744073709551615, "small": -9223372036854775808}',
        b'[1.5, -0, 1e308, true, false, null, ""]',
        b'{"a": 1, "a": 2}',
        '{"title": "文档 👩🏽‍💻"}'.encode(),
    ],
)
def test_what_both_parsers_read_is_read_as_json_reads_it(body):
    assert parse_json(body) == json.loads(body)


def test_an_integer_past_64_bits_keeps_every_digit():
    # orjson would read it as a float and lose digits.
    assert parse_json(b'{"id": 123456789012345678901234567890}') == {
        "id": 123456789012345678901234567890
    }


def test_what_orjson_refuses_follows_json_s_rules():
    assert parse_json(b'"\\ud800 lone"') == "\ufffd lone"  # a lone surrogate, made safe
    assert parse_json(b"[NaN, 1e400]")[1] == float("inf")
    with pytest.raises(Unreadable, match="nested too deeply"):
        parse_json(b"[" * 100_000 + b"]" * 100_000)
    with pytest.raises(Unreadable, match="not JSON"):
        parse_json(b"{not json")
