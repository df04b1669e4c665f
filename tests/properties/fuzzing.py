"""Provides the fuzzing of the local service: hostile requests for any operation of
operations.tsv, sent straight to its ASGI app, and the checks every answer must pass.

Requests are built from the official document (query parameters, request body schemas) and
from the data the service holds (real ids, so that requests get past "not found" into the
checks of bodies and queries), then spoiled: wrong types, values past their limits, bodies
that do not parse, nest absurdly deep or are too big, hostile path ids, query values and
page tokens.
"""

from __future__ import annotations

import asyncio
import base64
import csv
import json
import os
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from urllib.parse import quote, unquote, urlencode

from hypothesis import strategies as st

from tests import contract
from tui.service.store import Doc, Store

__all__ = [
    "COUNTS",
    "EXAMPLES",
    "Answer",
    "Case",
    "FuzzOperation",
    "cases",
    "check",
    "fuzz_operations",
    "send",
]

# Examples per operation: a few in the default run, many more for a long run.
EXAMPLES = int(os.environ.get("DOCDECK_FUZZ_EXAMPLES", "20"))


@dataclass
class Counts:
    """What the fuzzing did in this run, for the summary line."""

    operations: int = 0
    cases: int = 0
    server_errors: int = 0
    not_routed: list[str] = field(default_factory=list)
    # Successful answers by operation: how far past the refusals the requests got.
    successes: dict[str, int] = field(default_factory=dict)


COUNTS = Counts()


# -- the operations -------------------------------------------------------------------------


@dataclass(frozen=True)
class FuzzOperation:
    method: str
    template: str
    operation_id: str

    @property
    def official(self) -> dict[str, Any]:
        item = contract.document()["paths"].get(self.template.removeprefix("/v1"), {})
        return item.get(self.method.lower(), {})  # type: ignore[no-any-return]


def fuzz_operations() -> list[FuzzOperation]:
    with open(contract.REFERENCE / "operations.tsv", newline="") as handle:
        rows = csv.DictReader(handle, delimiter="\t")
        return [FuzzOperation(r["method"], r["path"], r["operation_id"]) for r in rows]


# -- sending --------------------------------------------------------------------------------


@dataclass
class Case:
    """One request, as bytes on the wire."""

    method: str
    path: str  # percent-encoded, as sent
    query: str
    headers: list[tuple[str, str]]
    body: bytes
    declare_length: bool = True

    def __repr__(self) -> str:
        preview = self.body[:200] + (b"..." if len(self.body) > 200 else b"")
        return (
            f"Case({self.method} {self.path}?{self.query[:200]} headers={self.headers} "
            f"body[{len(self.body)}]={preview!r})"
        )


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


async def send(app: Any, case: Case) -> Answer:
    """Send a case to an ASGI app as a server would, in chunks of 64 KiB."""
    raw_path = case.path.encode("ascii")
    headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in case.headers]
    headers.append((b"host", b"docdeck.test"))
    if case.body and case.declare_length:
        headers.append((b"content-length", str(len(case.body)).encode()))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": case.method,
        "scheme": "http",
        "path": unquote(case.path),
        "raw_path": raw_path,
        "query_string": case.query.encode("ascii"),
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 40000),
        "server": ("docdeck.test", 80),
    }
    chunks = [case.body[i : i + 65536] for i in range(0, len(case.body), 65536)] or [b""]
    answer = Answer(0, {}, b"")

    async def receive() -> dict[str, Any]:
        if chunks:
            chunk = chunks.pop(0)
            return {"type": "http.request", "body": chunk, "more_body": bool(chunks)}
        await asyncio.sleep(0)
        return {"type": "http.disconnect"}

    async def send_message(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            answer.status = message["status"]
            answer.headers = {k.decode(): v.decode() for k, v in message.get("headers", [])}
        elif message["type"] == "http.response.body":
            answer.body += message.get("body", b"")

    await app(scope, receive, send_message)
    return answer


def check(operation: FuzzOperation, case: Case, answer: Answer) -> None:
    """What every answer must be: no 5xx, refusals in the error shape, successes as the
    official document says."""
    COUNTS.cases += 1
    where = f"{operation.operation_id}: {case!r} answered {answer.status}: {answer.body[:300]!r}"
    if answer.status >= 500:
        COUNTS.server_errors += 1
    assert answer.status < 500, where
    if answer.status < 400:
        COUNTS.successes[operation.operation_id] = (
            COUNTS.successes.get(operation.operation_id, 0) + 1
        )
    if answer.status == 204:
        assert answer.body == b"", where
        return
    try:
        body = json.loads(answer.body) if answer.body else None
    except ValueError:
        raise AssertionError(f"not JSON: {where}") from None
    if answer.status >= 400:
        assert isinstance(body, dict) and set(body) == {"error"}, where
        error = body["error"]
        assert isinstance(error, dict) and set(error) == {"code", "message"}, where
        assert error["code"] == answer.status and isinstance(error["message"], str), where
        assert error["message"].strip(), where
        return
    problems = contract.check(operation.method, unquote(case.path), answer.status, body)
    assert not problems, where + "\n" + "\n".join(problems)


# -- real ids from the service's data -------------------------------------------------------

_KINDS = {
    "organizationId": "organization",
    "collectionId": "collection",
    "spaceId": "space",
    "siteId": "site",
    "siteSectionId": "site-section",
    "siteSectionGroupId": "site-section-group",
    "siteSpaceId": "site-space",
    "commentId": "comment",
    "commentReplyId": "comment-reply",
    "changeRequestId": "change-request",
    "revisionId": "revision",
    "versionId": "openapi-spec-version",
    "translationId": "translation",
    "samlProviderId": "saml-provider",
    "teamId": "team",
    "userId": "user",
}


def _text(doc: Doc | None) -> str:
    return json.dumps(doc) if doc is not None else ""


def _candidates(store: Store, name: str, previous: Doc | None) -> list[tuple[str, Doc]]:
    if name in _KINDS:
        return [(doc["id"], doc) for doc in store.list(_KINDS[name])]
    if name == "specSlug":
        return [(doc["slug"], doc) for doc in store.list("openapi-spec")]
    if name == "emailDomain":
        return [(d, o) for o in store.list("organization") for d in o.get("emailDomains", [])]
    if name in ("pageId", "fileId") and previous is not None:
        revision = store.get("revision", str(previous.get("revision")))
        found: list[tuple[str, Doc]] = []
        pending = list((revision or {}).get("pages" if name == "pageId" else "files", []))
        while pending:
            node = pending.pop(0)
            found.append((node["id"], node))
            pending.extend(node.get("pages", []))
        return found
    return []


def _related(store: Store, name: str, value: str, doc: Doc, previous: Doc | None) -> bool:
    """Whether a value fits the one before it in the path (a space's change request …)."""
    if previous is None or name in ("pageId", "fileId"):
        return True
    if name == "userId":
        return any(
            store.get(kind, f"{previous['id']}:{value}") is not None
            for kind in ("member", "team-member")
        ) or value in _text(previous)
    return previous["id"] in _text(doc) or value in _text(previous)


def _bindings(template: str, store: Store) -> list[dict[str, str]]:
    """Up to 12 combinations of real path values that belong together, in a stable order."""
    names = [part[1:-1] for part in template.split("/") if part.startswith("{")]
    found: list[dict[str, str]] = []

    def extend(chosen: dict[str, str], previous: Doc | None, rest: list[str]) -> None:
        if len(found) >= 12:
            return
        if not rest:
            found.append(dict(chosen))
            return
        name = rest[0]
        options = _candidates(store, name, previous)
        fitting = [o for o in options if _related(store, name, o[0], o[1], previous)]
        for value, doc in (fitting or options)[:4]:
            extend({**chosen, name: value}, doc, rest[1:])
        if not options:
            extend({**chosen, name: "missing"}, None, rest[1:])

    extend({}, None, names)
    return found


# -- hostile values -------------------------------------------------------------------------

HOSTILE_TEXT = [
    "", " ", "0", "-1", "1e400", "inf", "NaN", "null", "true", "[]", "{}", "..", ".",
    "\x00", "\u202e\u2066evil", "\x1b]52;c;aGk=\x07", "\x9b31m", "' OR '1'='1", "%s%n",
    "a" * 3000, "1" * 5000, "²", "٣", "ユニコード", "😀" * 10, "%", "?", "#", "/",
    "org-northwind\n",
]  # fmt: skip


def _page_token(value: Any) -> str:
    raw = value if isinstance(value, bytes) else json.dumps(value).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


PAGE_TOKENS = st.one_of(
    st.sampled_from(
        [
            _page_token({"o": 1e400}),
            _page_token({"o": 1e26}),
            _page_token({"o": 10**30}),
            _page_token({"o": -5}),
            _page_token({"o": True}),
            _page_token({"o": None}),
            _page_token({"o": [1]}),
            _page_token([1]),
            _page_token(b"[" * 3000 + b"]" * 3000),
            _page_token(b"\xff\xfe"),
            "!!!",
            "=",
            "A" * 5000,
        ]
    ),
    st.integers(min_value=-(10**20), max_value=10**20).map(lambda o: _page_token({"o": o})),
    st.text(max_size=30),
)
LIMITS = st.one_of(
    st.sampled_from(["inf", "-inf", "1e400", "nan", "1.5", "0", "-1", "1000", "1001", "", "１"]),
    st.integers(min_value=-(10**25), max_value=10**25).map(str),
)


def _deep(levels: int, opener: bytes = b"[", closer: bytes = b"]") -> bytes:
    return opener * levels + closer * levels


# Bodies no operation can take: built once, they cost nothing per example.
MALFORMED_BODIES = st.sampled_from(
    [
        _deep(65),
        _deep(1000),
        _deep(100_000),
        b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
        _deep(100_000)[:-10],
        b'{"title": ' + _deep(70) + b"}",
        b"NaN",
        b'{"title": Infinity}',
        b"1e400",
        b"null",
        b"[]",
        b'"text"',
        b"\xff\xfe\x00",
        b'{"title": "unterminated',
        b"{" + b" " * 10_000,
        b'{"a": 1, "a": 2}',
    ]
)
OVERSIZED = json.dumps({"title": "x" * (2 * 1024 * 1024)}).encode()

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


# -- values from the official schemas ------------------------------------------------------


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].split("/")[-1]
        schema = contract.document()["components"]["schemas"][name]
    return schema


def _merged(parts: list[dict[str, Any]]) -> dict[str, Any]:
    merged: dict[str, Any] = {"type": "object", "properties": {}, "required": []}
    for part in parts:
        part = _resolve(part)
        if "allOf" in part:
            part = _merged(part["allOf"])
        if "oneOf" in part or "anyOf" in part:
            part = _resolve((part.get("oneOf") or part["anyOf"])[0])
        merged["properties"].update(part.get("properties", {}))
        merged["required"] += part.get("required", [])
    return merged


def _string(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    if schema.get("format") in ("uri", "url"):
        return st.sampled_from(
            ["https://example.com/docs", "http://[::1", "javascript:alert(1)", "not a url"]
        )
    if schema.get("format") == "date-time":
        return st.sampled_from(["2026-11-21T10:00:00.000Z", "yesterday", "9999-99-99T99:99:99Z"])
    options: list[st.SearchStrategy[Any]] = [
        st.sampled_from(["Guides", "Release notes", "en", "main"]),
        st.text(max_size=12),
    ]
    if "maxLength" in schema:
        longest = schema["maxLength"]
        options.append(st.sampled_from(["x" * longest, "x" * (longest + 1)]))
    if "pattern" in schema:
        options.append(
            st.from_regex(schema["pattern"], fullmatch=True).filter(lambda s: len(s) < 200)
        )
    return st.one_of(options)


def from_schema(schema: dict[str, Any], *, wrong: bool, depth: int = 0) -> st.SearchStrategy[Any]:
    """Values for a schema of the official document; ``wrong`` mixes in values of other
    types, at every level."""
    if "$ref" in schema:
        name = schema["$ref"].split("/")[-1]
        return st.deferred(lambda: _from_ref(name, wrong, depth))
    base = _from_resolved(schema, wrong=wrong, depth=depth)
    return st.one_of(base, JSON_VALUES) if wrong else base


@cache
def _from_ref(name: str, wrong: bool, depth: int) -> st.SearchStrategy[Any]:
    schema = contract.document()["components"]["schemas"][name]
    return from_schema(schema, wrong=wrong, depth=depth)


def _from_resolved(schema: dict[str, Any], *, wrong: bool, depth: int) -> st.SearchStrategy[Any]:
    if depth > 4:
        return st.just({})
    if "allOf" in schema:
        schema = _merged(schema["allOf"])
    variants = schema.get("oneOf") or schema.get("anyOf")
    if variants:
        return st.one_of([from_schema(v, wrong=wrong, depth=depth + 1) for v in variants[:8]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        properties = schema.get("properties", {})
        required = set(schema.get("required", []))
        inner = {
            k: from_schema(v, wrong=wrong, depth=depth + 1) for k, v in list(properties.items())
        }
        return st.fixed_dictionaries(
            {k: s for k, s in inner.items() if k in required},
            optional={k: s for k, s in inner.items() if k not in required},
        )
    if kind == "array":
        items = from_schema(schema.get("items", {}), wrong=wrong, depth=depth + 1)
        return st.lists(items, max_size=3)
    if kind == "string":
        return _string(schema)
    if kind == "integer":
        return st.integers(min_value=-(10**20), max_value=10**20) | st.sampled_from([0, -1, 1])
    if kind == "number":
        return st.floats(allow_nan=False, allow_infinity=False) | st.integers()
    if kind == "boolean":
        return st.booleans()
    return JSON_VALUES


# -- whole requests -------------------------------------------------------------------------

TOKENS = st.sampled_from(["demo-admin"] * 5 + ["demo-editor", "demo-reader", "", "not-a-token"])


def _query_parameters(operation: FuzzOperation) -> dict[str, dict[str, Any]]:
    found = {}
    for parameter in operation.official.get("parameters", []):
        while "$ref" in parameter:
            name = parameter["$ref"].split("/")[-1]
            parameter = contract.document()["components"]["parameters"][name]
        if parameter.get("in") == "query":
            found[parameter["name"]] = parameter.get("schema", {})
    return found


def _query_value(name: str, schema: dict[str, Any]) -> st.SearchStrategy[str]:
    if name == "limit":
        return LIMITS
    if name == "page":
        return PAGE_TOKENS
    typed = from_schema(schema, wrong=False).map(
        lambda v: v if isinstance(v, str) else json.dumps(v).strip('"')
    )
    return st.one_of(typed, st.sampled_from(HOSTILE_TEXT))


def _body(operation: FuzzOperation) -> st.SearchStrategy[tuple[bytes, bool]]:
    schema = (
        operation.official.get("requestBody", {})
        .get("content", {})
        .get("application/json", {})
        .get("schema")
    )
    encoded = st.one_of(
        *(
            [
                from_schema(schema, wrong=False),
                from_schema(schema, wrong=False),
                from_schema(schema, wrong=True),
            ]
            if schema
            else []
        ),
        JSON_VALUES,
    ).map(lambda value: json.dumps(value).encode())
    spoiled = st.one_of(MALFORMED_BODIES, st.binary(max_size=64), st.just(OVERSIZED))
    if schema is None:
        # Operations without a body mostly get none, and sometimes garbage.
        return st.one_of(st.just(b""), st.just(b""), spoiled, encoded).flatmap(
            lambda body: st.tuples(st.just(body), st.booleans())
        )
    return st.one_of(encoded, encoded, spoiled).flatmap(
        lambda body: st.tuples(st.just(body), st.booleans() | st.just(True))
    )


def cases(operation: FuzzOperation, store: Store) -> st.SearchStrategy[Case]:
    """Requests for an operation: real ids most of the time, hostile ones otherwise."""
    names = [part[1:-1] for part in operation.template.split("/") if part.startswith("{")]
    real = _bindings(operation.template, store) or [{n: "missing" for n in names}]
    parameters = _query_parameters(operation)

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        values = dict(draw(st.sampled_from(real)))
        # Hypothesis starts from the simplest draws: let those be the valid ones.
        if names and draw(st.integers(0, 4)) == 4:
            spoilt = draw(st.sampled_from(names))
            values[spoilt] = draw(st.sampled_from(HOSTILE_TEXT) | st.text(max_size=20))
        path = operation.template
        for name, value in values.items():
            path = path.replace("{" + name + "}", quote(value, safe=""))
        # Half the requests carry no query, so that bodies get their chance to succeed.
        chosen = (
            draw(st.lists(st.sampled_from(sorted(parameters)), max_size=4, unique=True))
            if parameters and draw(st.booleans())
            else []
        )
        pairs = [(name, draw(_query_value(name, parameters[name]))) for name in chosen]
        if draw(st.integers(0, 9)) == 9:
            pairs.append((draw(st.text(max_size=8)), draw(st.sampled_from(HOSTILE_TEXT))))
        query = urlencode(pairs, quote_via=quote)
        token = draw(TOKENS)
        headers = [("authorization", f"Bearer {token}")] if token else []
        headers.append(("content-type", "application/json"))
        body, declared = draw(_body(operation))
        return Case(operation.method, path, query, headers, body, declared)

    return build()
