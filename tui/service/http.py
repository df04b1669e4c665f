"""Provides what every route of the local service uses: the request context, errors, input
checking, pagination and the route table."""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar
from urllib.parse import SplitResult, urlsplit

from pydantic import BaseModel, ConfigDict, ValidationError

from .store import Doc, Store

__all__ = [
    "ROLES",
    "Body",
    "Ctx",
    "HttpError",
    "Route",
    "RouteTable",
    "http_url",
    "iso",
    "split_url",
]

# Member roles from least to most powerful; an action needs a minimum role.
ROLES = ("read", "comment", "edit", "review", "create", "admin")
MAX_LIMIT = 1000
DEFAULT_LIMIT = 100
# The furthest offset a page token may carry: far beyond any list, well within SQLite's integers.
MAX_OFFSET = 2**31 - 1
# A query number: optional sign and at most 18 digits, so that it always fits in SQLite.
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


class HttpError(Exception):
    """An error answer: ``{"error": {"code": status, "message": message}}``."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def not_found(what: str) -> HttpError:
    return HttpError(404, f"{what} could not be found.")


def split_url(value: str, name: str) -> SplitResult:
    """A URL of a request, split; 400 naming the field when it cannot be (``http://[::1``)."""
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - reading it checks the port
    except ValueError:
        raise HttpError(400, f"Invalid request: `{name}` is not a valid URL.") from None
    return parts


def http_url(value: str, name: str) -> SplitResult:
    """An absolute http(s) URL with a host, split; 400 naming the field otherwise."""
    parts = split_url(value, name)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise HttpError(400, f"Invalid request: `{name}` must be an absolute http(s) URL.")
    return parts


def _page_offset(token: str) -> int:
    """The offset a page token of this service carries; 400 for anything it did not issue."""
    refusal = HttpError(
        400, "Invalid request: `page` is not a valid page token; start from the first page."
    )
    if len(token) > 100:
        raise refusal
    try:
        decoded = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    except (ValueError, binascii.Error, RecursionError):
        raise refusal from None
    offset = decoded.get("o") if isinstance(decoded, dict) and decoded.keys() == {"o"} else None
    # bool is an int to Python, and a float such as 1e400 is not an offset this service wrote.
    if type(offset) is not int or not 0 <= offset <= MAX_OFFSET:
        raise refusal
    return offset


def iso(moment: datetime) -> str:
    """A timestamp as the service writes it: UTC, milliseconds, Z."""
    return (
        moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
    )


def parse_iso(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


class Body(BaseModel):
    """Base of request bodies: unknown fields are ignored, as the real service does.

    ``model_fields_set`` tells an omitted field (keep) from one sent as null (remove).
    """

    model_config = ConfigDict(
        extra="ignore", populate_by_name=True, str_strip_whitespace=False, defer_build=True
    )

    def given(self, name: str) -> bool:
        return name in self.model_fields_set


def _describe(error: ValidationError) -> str:
    parts = []
    for item in error.errors()[:3]:
        where = ".".join(str(part) for part in item["loc"]) or "body"
        message = item["msg"]
        if item["type"] == "missing":
            message = "is required"
        elif item["type"] == "string_too_long":
            message = f"must be at most {item['ctx']['max_length']} characters"
        elif item["type"] == "string_too_short":
            message = f"must be at least {item['ctx']['min_length']} characters"
        elif item["type"] == "string_pattern_mismatch":
            message = f"must match the pattern {item['ctx']['pattern']}"
        elif item["type"] == "literal_error":
            message = f"must be one of {item['ctx']['expected']}"
        parts.append(f"`{where}` {message}")
    return "Invalid request: " + "; ".join(parts) + "."


@dataclass
class Ctx:
    """One request as a route sees it."""

    app: Any  # the Emulator; typed loosely to avoid an import cycle
    method: str
    path: str
    query: dict[str, list[str]]
    body: Any
    caller: Doc  # the user making the request
    base_url: str
    response_headers: dict[str, str] = field(default_factory=dict)
    # A handler whose status depends on what it did (PUT that creates) sets it here.
    status: int | None = None
    # Values computed once per request, such as counts every item of a list shares.
    memo: dict[Any, Any] = field(default_factory=dict)

    def once(self, key: Any, compute: Callable[[], T]) -> T:
        """``compute()``, evaluated at most once per request for this key."""
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]  # type: ignore[no-any-return]

    @property
    def store(self) -> Store:
        return self.app.store  # type: ignore[no-any-return]

    def now(self) -> str:
        return iso(self.app.clock())

    def now_dt(self) -> datetime:
        return self.app.clock()  # type: ignore[no-any-return]

    def api_url(self, path: str) -> str:
        return self.base_url.rstrip("/") + path

    # -- roles ------------------------------------------------------------------------------

    def role_in(self, organization_id: str) -> str | None:
        """The caller's role in an organization: None outside it, "guest" without a role."""

        def lookup() -> str | None:
            member = self.store.get("member", f"{organization_id}:{self.caller['id']}")
            if member is None or member.get("disabled"):
                return None
            return str(member.get("role") or "guest")

        return self.once(("role", organization_id), lookup)

    def can(self, organization_id: str, needed: str) -> bool:
        role = self.role_in(organization_id)
        if role is None or role == "guest":
            return role == "guest" and needed == "read"
        return ROLES.index(role) >= ROLES.index(needed)

    def require(self, organization_id: str, needed: str, action: str = "do this") -> None:
        """Refuse with 404 outside the organization, 403 below the needed role."""
        role = self.role_in(organization_id)
        if role is None:
            raise not_found("The organization")
        if not self.can(organization_id, needed):
            raise HttpError(
                403,
                f"Your role ({role}) does not allow you to {action}; it needs the {needed} role.",
            )

    # -- input ------------------------------------------------------------------------------

    def parse(self, model: type[M]) -> M:
        payload = {} if self.body is None else self.body
        if not isinstance(payload, dict):
            raise HttpError(400, "Invalid request: the body must be a JSON object.")
        try:
            return model.model_validate(payload)
        except ValidationError as exc:
            raise HttpError(400, _describe(exc)) from None

    def q_str(self, name: str, default: str | None = None) -> str | None:
        values = self.query.get(name)
        return values[-1] if values else default

    def q_list(self, name: str) -> list[str]:
        values: list[str] = []
        for value in self.query.get(name, []) + self.query.get(name + "[]", []):
            values.extend(part for part in value.split(",") if part)
        return values

    def q_bool(self, name: str, default: bool | None = None) -> bool | None:
        value = self.q_str(name)
        if value is None:
            return default
        if value.lower() in ("true", "1"):
            return True
        if value.lower() in ("false", "0"):
            return False
        raise HttpError(400, f"Invalid request: `{name}` must be true or false.")

    def q_enum(self, name: str, allowed: Sequence[str], default: str | None = None) -> str | None:
        value = self.q_str(name, default)
        if value is not None and value not in allowed:
            raise HttpError(400, f"Invalid request: `{name}` must be one of {', '.join(allowed)}.")
        return value

    def q_int(
        self, name: str, default: int | None = None, *, low: int = 0, high: int | None = None
    ) -> int | None:
        value = self.q_str(name)
        if value is None:
            return default
        # Digits only: int(float(...)) let "inf" and "1e400" through to an OverflowError.
        if not _WHOLE_NUMBER.fullmatch(value):
            raise HttpError(400, f"Invalid request: `{name}` must be a whole number.")
        number = int(value)
        if number < low or (high is not None and number > high):
            bound = f"between {low} and {high}" if high is not None else f"at least {low}"
            raise HttpError(400, f"Invalid request: `{name}` must be {bound}.")
        return number

    # -- pagination -------------------------------------------------------------------------

    def page_window(self) -> tuple[int, int]:
        """The offset and limit this request asks for."""
        limit = self.q_int("limit", DEFAULT_LIMIT, low=1, high=MAX_LIMIT)
        token = self.q_str("page")
        offset = _page_offset(token) if token else 0
        return offset, DEFAULT_LIMIT if limit is None else limit

    def envelope(self, items: list[Any], offset: int, limit: int, total: int) -> dict[str, Any]:
        result: dict[str, Any] = {"items": items, "count": total}
        if offset + limit < total and limit > 0:
            token = base64.urlsafe_b64encode(json.dumps({"o": offset + limit}).encode()).decode()
            result["next"] = {"page": token.rstrip("=")}
        return result

    def paginate(self, docs: Sequence[Doc], serialize: Callable[[Doc], Any]) -> dict[str, Any]:
        """A list envelope over documents already in memory."""
        offset, limit = self.page_window()
        window = docs[offset : offset + limit]
        return self.envelope([serialize(doc) for doc in window], offset, limit, len(docs))

    def paginate_stored(
        self,
        kind: str,
        serialize: Callable[[Doc], Any],
        *,
        scope: str | None = None,
        parent: str | None = None,
    ) -> dict[str, Any]:
        """A list envelope read page by page from the store, for lists that can be huge."""
        offset, limit = self.page_window()
        docs = self.store.list(kind, scope=scope, parent=parent, offset=offset, limit=limit)
        total = self.store.count(kind, scope=scope, parent=parent)
        return self.envelope([serialize(doc) for doc in docs], offset, limit, total)


Handler = Callable[..., Any]


@dataclass(frozen=True)
class Route:
    method: str
    template: str
    handler: Handler
    status: int = 200
    pattern: re.Pattern[str] = field(compare=False, default=re.compile(""))


class RouteTable:
    """The routes of one family, declared with ``@routes.get("/v1/...")`` and friends."""

    def __init__(self) -> None:
        self.routes: list[Route] = []

    def add(self, method: str, template: str, status: int = 200) -> Callable[[Handler], Handler]:
        regex = "^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template)) + "$"

        def register(handler: Handler) -> Handler:
            self.routes.append(Route(method, template, handler, status, re.compile(regex)))
            return handler

        return register

    def get(self, template: str, status: int = 200) -> Callable[[Handler], Handler]:
        return self.add("GET", template, status)

    def post(self, template: str, status: int = 200) -> Callable[[Handler], Handler]:
        return self.add("POST", template, status)

    def put(self, template: str, status: int = 200) -> Callable[[Handler], Handler]:
        return self.add("PUT", template, status)

    def patch(self, template: str, status: int = 200) -> Callable[[Handler], Handler]:
        return self.add("PATCH", template, status)

    def delete(self, template: str, status: int = 204) -> Callable[[Handler], Handler]:
        return self.add("DELETE", template, status)
