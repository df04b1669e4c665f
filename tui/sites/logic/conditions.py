"""Provides the docs-site condition language: parse, check against the visitor schema, evaluate.

Conditions are the JavaScript-like expressions of sections and site spaces:
``visitor.claims.<name>``, ``visitor.claims.unsigned.<name>``, ``===``, ``!==``, ``&&``,
``||``, ``!``, parentheses and the literals true, false, null, numbers and strings. Anything
else is refused with the column of the problem. The parser is bounded: at most 1,024
characters (the service's limit) and 32 levels of nesting, so hostile input fails with a
message, never hangs and never exhausts the stack.

    condition = parse(text, schema)          # ConditionError(message, column) when refused
    to_send(text, schema)                    # None for an empty editor: the condition removed
    complete(text, cursor, schema)           # claim names to offer at the cursor
    evaluate(condition, visitor)             # Verdict: visible, hidden (and why), or unknown
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import TypeAlias

from .condition_syntax import (
    MAX_DEPTH,
    MAX_LENGTH,
    ClaimRef,
    Compare,
    ConditionError,
    JsValue,
    Literal,
    Logical,
    Node,
    Not,
    parse_expression,
)
from .visitor_schema import Claim, VisitorSchema

__all__ = [
    "MAX_DEPTH",
    "MAX_LENGTH",
    "Completion",
    "Condition",
    "ConditionError",
    "Outcome",
    "Verdict",
    "Visitor",
    "complete",
    "complete_claim",
    "evaluate",
    "parse",
    "to_send",
]


@dataclass(frozen=True)
class Condition:
    """A parsed condition: its text, its tree, and warnings about parts that can never match."""

    source: str
    root: Node
    warnings: tuple[str, ...] = ()

    def text_of(self, node: Node) -> str:
        """The source text of a sub-expression, as the user typed it."""
        return self.source[node.start : node.end]

    @property
    def claims(self) -> tuple[ClaimRef, ...]:
        """The claims the condition reads, in the order they appear."""
        return tuple(node for node in walk(self.root) if isinstance(node, ClaimRef))


def walk(root: Node) -> Iterator[Node]:
    """Every node of a condition in source order (depth is bounded, but no recursion is used)."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, Not):
            stack.append(node.operand)
        elif isinstance(node, Compare):
            stack.extend((node.right, node.left))
        elif isinstance(node, Logical):
            stack.extend(reversed(node.operands))


def _unknown_claim(ref: ClaimRef, schema: VisitorSchema) -> ConditionError:
    kind = "unsigned claim" if ref.unsigned else "claim"
    if schema.claim(ref.name, unsigned=not ref.unsigned) is not None:
        other = "visitor.claims." + ("" if ref.unsigned else "unsigned.") + ref.name
        hint = f": it is {'a signed' if ref.unsigned else 'an unsigned'} claim, {other}"
    else:
        names = [c.name for c in (schema.unsigned if ref.unsigned else schema.signed)]
        # A name being typed ("beta") is the start of the one meant ("beta_tester").
        close = [n for n in names if n.startswith(ref.name)][:1] or difflib.get_close_matches(
            ref.name, names, n=1
        )
        if close:
            hint = f": did you mean {close[0]}?"
        elif names:
            hint = f"; the site's visitor schema has {', '.join(names)}"
        else:
            hint = f"; the site's visitor schema has no {kind}s"
    return ConditionError(f"unknown {kind} {ref.name}{hint}", ref.name_start, len(ref.name))


def _type_warnings(root: Node, source: str) -> Iterator[str]:
    for node in walk(root):
        if not isinstance(node, Compare):
            continue
        for claim, other in ((node.left, node.right), (node.right, node.left)):
            if isinstance(claim, ClaimRef) and isinstance(other, Literal):
                if not isinstance(other.value, bool):
                    never = "true" if node.op == "===" else "false"
                    yield (
                        f"{source[node.start : node.end]} is never {never}: "
                        f"{claim.name} is a boolean claim"
                    )


def parse(text: str, schema: VisitorSchema | None = None) -> Condition:
    """The condition in ``text``, or a ``ConditionError`` with the column of the problem.

    With a ``schema``, a claim it does not declare is refused (with a suggestion), and a
    comparison of a boolean claim with a number, a string or null is warned about.
    """
    root = parse_expression(text)
    warnings: tuple[str, ...] = ()
    if schema is not None:
        for node in walk(root):
            if (
                isinstance(node, ClaimRef)
                and schema.claim(node.name, unsigned=node.unsigned) is None
            ):
                raise _unknown_claim(node, schema)
        warnings = tuple(_type_warnings(root, text))
    return Condition(text, root, warnings)


def to_send(text: str, schema: VisitorSchema | None = None) -> str | None:
    """What to send for the editor's text: None when empty (removes the condition), else the
    checked text without surrounding blanks. Raises ``ConditionError`` when refused."""
    stripped = text.strip()
    if not stripped:
        return None
    parse(stripped, schema)
    return stripped


@dataclass(frozen=True, slots=True)
class Completion:
    """Candidates that replace ``text[start:cursor]`` (the reference typed so far)."""

    start: int
    candidates: tuple[str, ...]


_REFERENCE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$.")


def complete_claim(prefix: str, schema: VisitorSchema) -> tuple[str, ...]:
    """Claim references starting with ``prefix`` ("visitor.claims.be"), or whose name does
    ("be"): signed claims first, in the schema's order."""
    references = [c.reference for c in schema.claims]
    found = [r for r in references if r.startswith(prefix)]
    if "." not in prefix:
        found += [c.reference for c in schema.claims if c.name.startswith(prefix)]
    return tuple(dict.fromkeys(found))


def complete(text: str, cursor: int, schema: VisitorSchema) -> Completion:
    """What to offer at ``cursor``: the references that complete the word before it."""
    cursor = max(0, min(cursor, len(text)))
    start = cursor
    while start > 0 and text[start - 1] in _REFERENCE_CHARS:
        start -= 1
    prefix = text[start:cursor]
    if prefix[:1].isdigit() or _inside_string(text, start):
        return Completion(cursor, ())
    return Completion(start, complete_claim(prefix, schema))


def _inside_string(text: str, offset: int) -> bool:
    quote: str | None = None
    escaped = False
    for char in text[:offset]:
        if escaped:
            escaped = False
        elif quote and char == "\\":
            escaped = True
        elif char == quote:
            quote = None
        elif quote is None and char in "'\"":
            quote = char
    return quote is not None


# -- evaluation ------------------------------------------------------------------------------


class Outcome(StrEnum):
    VISIBLE = "visible"
    HIDDEN = "hidden"
    UNKNOWN = "cannot evaluate"


class _Undefined:
    """JavaScript's undefined: the value of a claim a visitor does not have."""

    def __repr__(self) -> str:
        return "undefined"


UNDEFINED = _Undefined()


@dataclass(frozen=True, slots=True)
class _Unknown:
    """A value the simulator cannot know; sometimes its truthiness is known all the same."""

    truthy: bool | None


_Value: TypeAlias = JsValue | _Undefined | _Unknown


@dataclass(frozen=True)
class Visitor:
    """A visitor to simulate: the value of each claim, or anonymous (no claims at all).

    A claim missing from a non-anonymous visitor is not guessed: conditions reading it
    cannot be evaluated.
    """

    claims: Mapping[str, bool] = field(default_factory=dict)
    unsigned: Mapping[str, bool] = field(default_factory=dict)
    anonymous: bool = False

    @classmethod
    def nobody(cls) -> Visitor:
        """An anonymous visitor: every claim is undefined."""
        return cls(anonymous=True)

    @classmethod
    def of(cls, schema: VisitorSchema, on: Iterable[Claim] = ()) -> Visitor:
        """A visitor with every claim of ``schema`` set: those in ``on`` true, the rest false."""
        on = set(on)
        return cls(
            claims={c.name: c in on for c in schema.signed},
            unsigned={c.name: c in on for c in schema.unsigned},
        )

    def value_of(self, ref: ClaimRef) -> _Value:
        if self.anonymous:
            return UNDEFINED
        values = self.unsigned if ref.unsigned else self.claims
        return values[ref.name] if ref.name in values else _Unknown(None)

    def describe(self, ref: ClaimRef) -> str:
        value = self.value_of(ref)
        if self.anonymous:
            return "anonymous visitors have no claims"
        if isinstance(value, _Unknown):
            return f"{ref.name} is not set for this visitor"
        return f"{ref.name} is {'on' if value else 'off'}"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a visitor sees a node, and why not: the sub-expression that failed."""

    outcome: Outcome
    reason: str = ""
    """Hidden: the failing sub-expression. Cannot evaluate: what is missing or unreadable."""
    detail: str = ""
    """The claim values behind the reason: "beta_tester is off"."""

    @property
    def visible(self) -> bool:
        return self.outcome is Outcome.VISIBLE

    def __str__(self) -> str:
        """In words: "hidden: visitor.claims.beta_tester === true (beta_tester is off)"."""
        text = self.outcome.value + (f": {self.reason}" if self.reason else "")
        return text + (f" ({self.detail})" if self.detail else "")

    def within(self, parent: Verdict) -> Verdict:
        """This node's verdict under its parent's (a site space under its section)."""
        if parent.outcome is Outcome.HIDDEN or self.outcome is Outcome.HIDDEN:
            return self if self.outcome is Outcome.HIDDEN else parent
        return parent if parent.outcome is Outcome.UNKNOWN else self


def _truthy(value: _Value) -> bool | None:
    if isinstance(value, _Unknown):
        return value.truthy
    if value is UNDEFINED or value is None:
        return False
    return bool(value)


def _js_type(value: _Value) -> str:
    if isinstance(value, bool):
        return "boolean"  # before numbers: a Python bool is an int, a JavaScript one is not
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


def _logical(op: str, values: Iterator[_Value]) -> _Value:
    # Short-circuits on the first operand that decides; an unknown one before it leaves the
    # value unknown, but not always its truthiness (true || ? is true, ? && false is false).
    deciding = op == "||"
    uncertain = False
    last: _Value = UNDEFINED
    for value in values:
        truthy = _truthy(value)
        if truthy is deciding:
            return _Unknown(deciding) if uncertain else value
        uncertain = uncertain or truthy is None
        last = value
    return _Unknown(None) if uncertain else last


def _value(node: Node, visitor: Visitor) -> _Value:
    # Recursion is bounded by MAX_DEPTH: the parser refuses deeper trees.
    if isinstance(node, Literal):
        return node.value
    if isinstance(node, ClaimRef):
        return visitor.value_of(node)
    if isinstance(node, Not):
        truthy = _truthy(_value(node.operand, visitor))
        return _Unknown(None) if truthy is None else not truthy
    if isinstance(node, Compare):
        left, right = _value(node.left, visitor), _value(node.right, visitor)
        if isinstance(left, _Unknown) or isinstance(right, _Unknown):
            return _Unknown(None)
        equal = _js_type(left) == _js_type(right) and left == right
        return equal if node.op == "===" else not equal
    return _logical(node.op, (_value(operand, visitor) for operand in node.operands))


def _blame(root: Node, visitor: Visitor) -> Node:
    """The smallest sub-expression that makes a false condition false."""
    node = root
    while isinstance(node, Logical) and node.op == "&&":
        node = next(o for o in node.operands if _truthy(_value(o, visitor)) is False)
    return node


@lru_cache(maxsize=1024)
def _parsed(text: str) -> Condition | ConditionError:
    try:
        return parse(text)
    except ConditionError as error:
        return error


def evaluate(condition: Condition | str | None, visitor: Visitor) -> Verdict:
    """Whether ``visitor`` sees a node with ``condition`` (None or blank: no condition)."""
    if condition is None or (isinstance(condition, str) and not condition.strip()):
        return Verdict(Outcome.VISIBLE)
    if isinstance(condition, str):
        parsed = _parsed(condition.strip())
        if isinstance(parsed, ConditionError):
            return Verdict(Outcome.UNKNOWN, f"the condition cannot be read ({parsed})")
        condition = parsed
    truthy = _truthy(_value(condition.root, visitor))
    if truthy:
        return Verdict(Outcome.VISIBLE)
    if truthy is None:
        missing = [
            visitor.describe(ref)
            for ref in condition.claims
            if isinstance(visitor.value_of(ref), _Unknown)
        ]
        return Verdict(Outcome.UNKNOWN, "; ".join(dict.fromkeys(missing)))
    blamed = _blame(condition.root, visitor)
    claims = [visitor.describe(n) for n in walk(blamed) if isinstance(n, ClaimRef)]
    return Verdict(Outcome.HIDDEN, condition.text_of(blamed), ", ".join(dict.fromkeys(claims)))
