"""Provides the syntax of site conditions: tokens, the expression tree and its bounded parser.

The grammar is JavaScript's, cut down to what conditions use, with JavaScript's precedence
(``!`` binds tightest, then ``===``/``!==``, then ``&&``, then ``||``):

    or      := and ("||" and)*
    and     := compare ("&&" compare)*
    compare := unary (("===" | "!==") unary)*
    unary   := "!"* primary
    primary := literal | claim | "(" or ")"
    claim   := "visitor" "." "claims" "." ["unsigned" "."] name
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias

__all__ = [
    "MAX_DEPTH",
    "MAX_LENGTH",
    "ClaimRef",
    "Compare",
    "ConditionError",
    "JsValue",
    "Literal",
    "Logical",
    "Node",
    "Not",
    "parse_expression",
]

MAX_LENGTH = 1024
"""The service's limit on a condition's length."""
MAX_DEPTH = 32
"""Levels of nesting (parentheses, ``!`` and chained operators) a condition may have."""


class ConditionError(ValueError):
    """A condition refused: ``message`` and where, as ``offset`` (from 0) and ``column`` (from 1).

    ``length`` is how many characters the problem covers, to underline them.
    """

    def __init__(self, message: str, offset: int, length: int = 1) -> None:
        self.message = message
        self.offset = offset
        self.length = max(1, length)
        super().__init__(f"column {self.column}: {message}")

    @property
    def column(self) -> int:
        return self.offset + 1


JsValue: TypeAlias = bool | float | str | None
"""A literal's value as Python holds it: null is None, numbers are floats."""


@dataclass(frozen=True, slots=True)
class Literal:
    value: JsValue
    start: int
    end: int
    depth: int = 1


@dataclass(frozen=True, slots=True)
class ClaimRef:
    """``visitor.claims.<name>`` or ``visitor.claims.unsigned.<name>``."""

    name: str
    unsigned: bool
    start: int
    end: int
    name_start: int
    depth: int = 1


@dataclass(frozen=True, slots=True)
class Not:
    operand: Node
    start: int
    end: int
    depth: int


@dataclass(frozen=True, slots=True)
class Compare:
    op: str  # "===" or "!=="
    left: Node
    right: Node
    start: int
    end: int
    depth: int


@dataclass(frozen=True, slots=True)
class Logical:
    """``a && b && c`` (or ``||``) as one node of all its operands, so long chains stay flat."""

    op: str  # "&&" or "||"
    operands: tuple[Node, ...]
    start: int
    end: int
    depth: int


Node: TypeAlias = Literal | ClaimRef | Not | Compare | Logical


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # name, number, string, op, end
    text: str
    start: int
    value: JsValue = None

    @property
    def end(self) -> int:
        return self.start + len(self.text)


_SPACE = re.compile(r"\s+")
_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_NUMBER = re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
_OPERATORS = ("===", "!==", "&&", "||", "!", "(", ")", ".")
# Operators of JavaScript that conditions do not take, with what to write instead; longest
# first, so that == is named rather than =.
_REFUSED = {
    "==": "use === to compare",
    "!=": "use !== to compare",
    "=": "= assigns; use === to compare",
    "&": "use && for and",
    "|": "use || for or",
    "[": "write visitor.claims.<name>, not brackets",
    "?": "the ?: and ?. operators are not supported",
    "`": "template strings are not supported",
}
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _string(text: str, start: int) -> _Token:
    quote, at = text[start], start + 1
    chars: list[str] = []
    while at < len(text):
        char = text[at]
        if char == quote:
            return _Token("string", text[start : at + 1], start, "".join(chars))
        if char == "\n":
            break
        if char == "\\" and at + 1 < len(text):
            code = text[at + 1]
            if code in "ux":
                digits = 4 if code == "u" else 2
                hexa = text[at + 2 : at + 2 + digits]
                if len(hexa) != digits or not all(c in "0123456789abcdefABCDEF" for c in hexa):
                    raise ConditionError(f"bad \\{code} escape in a string", at, 2)
                chars.append(chr(int(hexa, 16)))
                at += 2 + digits
                continue
            chars.append(_ESCAPES.get(code, code))
            at += 2
            continue
        chars.append(char)
        at += 1
    raise ConditionError("this string has no closing quote", start)


def _refused(text: str, at: int) -> ConditionError:
    refused = next((r for r in _REFUSED if text.startswith(r, at)), None)
    if refused is not None:
        return ConditionError(f"{refused} is not allowed: {_REFUSED[refused]}", at, len(refused))
    return ConditionError(f"unknown operator or character {text[at]!r}", at)


def tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    at = 0
    while at < len(text):
        if match := _SPACE.match(text, at):
            at = match.end()
            continue
        char = text[at]
        if char in "'\"":
            tokens.append(_string(text, at))
        elif match := _NAME.match(text, at):
            tokens.append(_Token("name", match.group(), at))
        elif match := _NUMBER.match(text, at):
            after = match.end()
            if after < len(text) and (text[after].isalnum() or text[after] in "_$."):
                raise ConditionError(
                    "not a number: write digits, a point and an exponent only", at, after - at + 1
                )
            tokens.append(_Token("number", match.group(), at, float(match.group())))
        else:
            # The longest operator wins, so that != is refused rather than read as ! then =.
            found = [op for op in (*_OPERATORS, *_REFUSED) if text.startswith(op, at)]
            op = max(found, key=len, default=None)
            if op is None or op in _REFUSED:
                raise _refused(text, at)
            tokens.append(_Token("op", op, at))
        at = tokens[-1].end
    tokens.append(_Token("end", "", len(text)))
    return tokens


def _too_deep(offset: int) -> ConditionError:
    return ConditionError(f"the condition nests more than {MAX_DEPTH} levels deep", offset)


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = tokenize(text)
        self.at = 0
        self.nesting = 0

    @property
    def token(self) -> _Token:
        return self.tokens[self.at]

    def take(self) -> _Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def expect(self, text: str, what: str) -> _Token:
        if self.token.text != text or self.token.kind not in ("op", "name"):
            raise self.unexpected(f"expected {what}")
        return self.take()

    def unexpected(self, expected: str) -> ConditionError:
        token = self.token
        found = "the end of the condition" if token.kind == "end" else repr(token.text)
        return ConditionError(f"{expected}, found {found}", token.start, len(token.text))

    def logical(self, op: str) -> Node:
        parse_operand = self.logical_and if op == "||" else self.compare
        operands = [parse_operand()]
        while self.token.kind == "op" and self.token.text == op:
            self.take()
            operands.append(parse_operand())
        if len(operands) == 1:
            return operands[0]
        depth = 1 + max(o.depth for o in operands)
        if depth > MAX_DEPTH:
            raise _too_deep(operands[0].start)
        return Logical(op, tuple(operands), operands[0].start, operands[-1].end, depth)

    def logical_or(self) -> Node:
        return self.logical("||")

    def logical_and(self) -> Node:
        return self.logical("&&")

    def compare(self) -> Node:
        node = self.unary()
        while self.token.kind == "op" and self.token.text in ("===", "!=="):
            op = self.take()
            right = self.unary()
            depth = 1 + max(node.depth, right.depth)
            if depth > MAX_DEPTH:
                raise _too_deep(op.start)
            node = Compare(op.text, node, right, node.start, right.end, depth)
        return node

    def unary(self) -> Node:
        bangs: list[_Token] = []
        while self.token.kind == "op" and self.token.text == "!":
            bangs.append(self.take())
            if len(bangs) >= MAX_DEPTH:
                raise _too_deep(bangs[-1].start)
        node = self.primary()
        for bang in reversed(bangs):
            if node.depth + 1 > MAX_DEPTH:
                raise _too_deep(bang.start)
            node = Not(node, bang.start, node.end, node.depth + 1)
        return node

    def primary(self) -> Node:
        token = self.token
        if token.kind == "op" and token.text == "(":
            self.nesting += 1
            if self.nesting > MAX_DEPTH:
                raise _too_deep(token.start)
            self.take()
            if self.token.kind == "op" and self.token.text == ")":
                raise self.unexpected("expected an expression inside the parentheses")
            node = self.logical_or()
            if self.token.kind == "end":
                raise ConditionError("this parenthesis is never closed", token.start)
            if self.token.text != ")" or self.token.kind != "op":
                raise self.unexpected("expected ) or an operator (===, !==, && or ||)")
            self.take()
            self.nesting -= 1
            return node
        if token.kind in ("number", "string"):
            self.take()
            return Literal(token.value, token.start, token.end)
        if token.kind == "name":
            literals: dict[str, JsValue] = {"true": True, "false": False, "null": None}
            if token.text in literals:
                self.take()
                return Literal(literals[token.text], token.start, token.end)
            if token.text == "visitor":
                return self.claim()
            raise ConditionError(
                f"unknown name {token.text}: a condition reads visitor.claims.<name>",
                token.start,
                len(token.text),
            )
        raise self.unexpected("expected a claim, a value or (")

    def claim(self) -> Node:
        start = self.take().start
        self.expect(".", "visitor.claims")
        if self.token.text != "claims":
            raise self.unexpected("a visitor has only claims: expected visitor.claims")
        self.take()
        self.expect(".", "a claim name after visitor.claims")
        if self.token.kind != "name":
            raise self.unexpected("expected a claim name")
        name = self.take()
        unsigned = name.text == "unsigned"
        if unsigned:
            self.expect(".", "an unsigned claim name after visitor.claims.unsigned")
            if self.token.kind != "name":
                raise self.unexpected("expected an unsigned claim name")
            name = self.take()
        if self.token.kind == "op" and self.token.text == ".":
            raise ConditionError(
                f"{name.text} is a boolean claim: it has no properties", self.token.start
            )
        if self.token.kind == "op" and self.token.text == "(":
            raise ConditionError("calls are not allowed in a condition", self.token.start)
        return ClaimRef(name.text, unsigned, start, name.end, name.start)


def parse_expression(text: str) -> Node:
    """The tree of a condition, or a ``ConditionError`` saying where and what is wrong."""
    if len(text) > MAX_LENGTH:
        raise ConditionError(
            f"a condition is at most {MAX_LENGTH:,} characters; this one has {len(text):,}",
            MAX_LENGTH,
        )
    parser = _Parser(text)
    if parser.token.kind == "end":
        raise ConditionError("the condition is empty", 0)
    node = parser.logical_or()
    if parser.token.kind != "end":
        if parser.token.text == ")":
            raise ConditionError("this parenthesis closes nothing", parser.token.start)
        raise parser.unexpected("expected an operator (===, !==, && or ||) or the end")
    return node
