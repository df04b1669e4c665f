"""Provides the contract check: a response of the local service against the official document.

The official document is OpenAPI 3.0. Its schemas become JSON Schema (draft 7) by two
rewrites: ``nullable: true`` admits null, and ``oneOf`` becomes ``anyOf``, because the
document's unions rely on discriminators that plain JSON Schema does not know, so that a
value can match two loose branches of a union that the service would tell apart.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import fastjsonschema
import jsonschema

REFERENCE = Path(
    os.environ.get(
        "DOCDECK_REFERENCE", Path(__file__).resolve().parents[2] / "shared" / "reference"
    )
)


def _convert(node: Any) -> Any:
    if isinstance(node, list):
        return [_convert(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {("anyOf" if key == "oneOf" else key): _convert(value) for key, value in node.items()}
    if out.pop("nullable", False):
        if "type" in out:
            types = out["type"] if isinstance(out["type"], list) else [out["type"]]
            out["type"] = [*types, "null"]
        if "enum" in out and None not in out["enum"]:
            out["enum"] = [*out["enum"], None]
        if "$ref" in out or "allOf" in out or "anyOf" in out:
            out = {"anyOf": [out, {"type": "null"}]}
    out.pop("discriminator", None)
    return out


@dataclass(frozen=True)
class Operation:
    operation_id: str
    method: str
    template: str
    pattern: re.Pattern[str]
    responses: dict[str, Any]


@cache
def document() -> dict[str, Any]:
    path = REFERENCE / "openapi.json"
    if not path.exists():
        raise FileNotFoundError(
            f"the official OpenAPI document is not at {path}; set DOCDECK_REFERENCE"
        )
    return json.loads(path.read_text())  # type: ignore[no-any-return]


@cache
def components() -> dict[str, Any]:
    return _convert(document()["components"])  # type: ignore[no-any-return]


@cache
def operations() -> list[Operation]:
    found = []
    for template, item in document()["paths"].items():
        regex = "^/v1" + re.sub(r"\\\{(\w+)\\\}", r"[^/]+", re.escape(template)) + "$"
        for method, operation in item.items():
            if method.upper() not in {"GET", "POST", "PUT", "PATCH", "DELETE"}:
                continue
            found.append(
                Operation(
                    operation["operationId"],
                    method.upper(),
                    "/v1" + template,
                    re.compile(regex),
                    operation.get("responses", {}),
                )
            )
    # Literal segments win over parameters: /versions/latest before /versions/{versionId}.
    found.sort(key=lambda op: op.template.count("{"))
    return found


def find_operation(method: str, path: str) -> Operation | None:
    for operation in operations():
        if operation.method == method and operation.pattern.match(path):
            return operation
    return None


def _resolve_response(response: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in response:
        name = response["$ref"].split("/")[-1]
        response = document()["components"]["responses"][name]
    return response


def _full_schema(schema: str) -> dict[str, Any]:
    return {**_convert(json.loads(schema)), "components": components()}


@cache
def _validator(schema: str) -> jsonschema.Draft7Validator:
    return jsonschema.Draft7Validator(_full_schema(schema))


COMPILED = Path(__file__).resolve().parents[1] / ".pytest_cache" / "docdeck-contract"
"""Where the compiled validators are kept, for the other test processes and the next run."""


@cache
def _components_digest() -> str:
    text = f"{sys.version}|{fastjsonschema.VERSION}|{json.dumps(components(), sort_keys=True)}"
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


@cache
def _fast_validator(schema: str) -> Any:
    """The compiled validator of a response schema.

    fastjsonschema writes a validator as Python source holding every component it reaches
    (about 160 KB): 40 to 100 ms to generate and compile, for each of 134 schemas, in each
    test process. Its bytecode is kept in ``COMPILED`` (marshal, keyed by the schema, the
    components, Python's and fastjsonschema's versions), so each is compiled once. Formats
    are not checked, as jsonschema's Draft7Validator does not check them by default; the
    exceptions are plain (jsonschema words the problems).
    """
    key = hashlib.blake2b(f"{_components_digest()}|{schema}".encode(), digest_size=16)
    path = COMPILED / f"{key.hexdigest()}.marshal"
    try:
        code = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        source = fastjsonschema.compile_to_code(
            _full_schema(schema), use_formats=False, detailed_exceptions=False
        )
        code = compile(source, f"<validator {path.stem}>", "exec")
        COMPILED.mkdir(parents=True, exist_ok=True)
        written = path.with_suffix(f".{os.getpid()}.part")
        written.write_bytes(marshal.dumps(code))
        os.replace(written, path)  # whole or not at all: another process may be reading
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    return namespace["validate"]


_CHECKED: dict[tuple[str, str, int, bytes], list[str]] = {}


def check_raw(method: str, path: str, status: int, raw: bytes) -> list[str]:
    """``check`` of an answer's bytes, remembered: the same answer to the same request is
    checked once per process (app tests fetch the same demo answers again and again)."""
    key = (method, path, status, hashlib.blake2b(raw, digest_size=16).digest())
    found = _CHECKED.get(key)
    if found is None:
        found = check(method, path, status, json.loads(raw) if raw else None)
        if len(_CHECKED) > 20_000:
            _CHECKED.clear()
        _CHECKED[key] = found
    return list(found)


def check(method: str, path: str, status: int, body: Any) -> list[str]:
    """Problems with a response, as readable lines; empty when it honours the document."""
    operation = find_operation(method, path)
    if operation is None:
        return [f"{method} {path}: no operation of the official document matches"]
    declared = operation.responses.get(str(status)) or operation.responses.get("default")
    if declared is None:
        if status >= 400:
            declared = {
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
            }
        else:
            return [f"{operation.operation_id}: status {status} is not declared"]
    declared = _resolve_response(declared)
    schema = declared.get("content", {}).get("application/json", {}).get("schema")
    if schema is None:
        if body is not None and status != 204:
            return [f"{operation.operation_id}: status {status} declares no body, got one"]
        return []
    key = json.dumps(schema, sort_keys=True)
    # The compiled validator says whether the answer honours the schema; only when it does
    # not does jsonschema walk the answer again to word every problem.
    try:
        _fast_validator(key)(body)
    except fastjsonschema.JsonSchemaValueException as refusal:
        fast_problem = f"{operation.operation_id} {status}: {refusal.message[:300]}"
    else:
        return []
    problems = []
    errors = _validator(key).iter_errors(body)
    for error in sorted(errors, key=lambda e: list(e.absolute_path))[:5]:
        where = "/".join(str(part) for part in error.absolute_path) or "(root)"
        problems.append(f"{operation.operation_id} {status} at {where}: {error.message[:300]}")
    return problems or [fast_problem]
