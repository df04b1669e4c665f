"""A site editor writes a condition, is told exactly what is wrong, and sees who it hides."""

from __future__ import annotations

import pytest

from tui.service.datasets.demo_sites import DOCS_VISITOR_SCHEMA
from tui.sites.logic.condition_syntax import ClaimRef, Compare, Literal, Logical, Not
from tui.sites.logic.conditions import (
    MAX_DEPTH,
    ConditionError,
    Outcome,
    Verdict,
    Visitor,
    complete,
    complete_claim,
    evaluate,
    parse,
    to_send,
)
from tui.sites.logic.visitor_schema import parse_json_schema

# The demo's Northwind Docs schema: signed beta_tester and plan_enterprise, unsigned
# returning_visitor.
SCHEMA = parse_json_schema(DOCS_VISITOR_SCHEMA)
BETA = SCHEMA.claim("beta_tester")
ENTERPRISE = SCHEMA.claim("plan_enterprise")
RETURNING = SCHEMA.claim("returning_visitor", unsigned=True)


def refused(text: str, schema=None) -> ConditionError:
    with pytest.raises(ConditionError) as caught:
        parse(text, schema)
    return caught.value


# -- parsing ---------------------------------------------------------------------------------


def test_the_demo_condition_parses_to_a_comparison_of_a_claim():
    condition = parse("visitor.claims.beta_tester === true", SCHEMA)
    assert condition.root == Compare(
        "===", ClaimRef("beta_tester", False, 0, 26, 15), Literal(True, 31, 35), 0, 35, 2
    )
    assert [c.name for c in condition.claims] == ["beta_tester"]
    assert condition.warnings == ()


def test_javascript_precedence_not_then_equality_then_and_then_or():
    condition = parse(
        "!visitor.claims.a === false || visitor.claims.b && visitor.claims.unsigned.c"
    )
    root = condition.root
    assert isinstance(root, Logical) and root.op == "||"
    left, right = root.operands
    assert isinstance(left, Compare) and isinstance(left.left, Not)
    assert isinstance(right, Logical) and right.op == "&&"
    assert right.operands[1] == ClaimRef("c", True, 51, 76, 75)


def test_parentheses_group_and_long_chains_stay_flat():
    condition = parse("(visitor.claims.a || visitor.claims.b) && true && 'x' && 1.5e2 && null")
    root = condition.root
    assert isinstance(root, Logical) and len(root.operands) == 5
    assert [o.value for o in root.operands[1:] if isinstance(o, Literal)] == [
        True,
        "x",
        150.0,
        None,
    ]
    assert condition.text_of(root.operands[0]) == "visitor.claims.a || visitor.claims.b"


def test_strings_take_both_quotes_and_escapes():
    condition = parse(r"""'it\'s' === "say \"hi\"\n\u00e9" """)
    assert isinstance(condition.root, Compare)
    assert condition.root.left == Literal("it's", 0, 7)
    assert isinstance(condition.root.right, Literal)
    assert condition.root.right.value == 'say "hi"\né'


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("visitor.claims.beta_tester == true", 28, "== is not allowed: use === to compare"),
        ("visitor.claims.a != true", 18, "!= is not allowed: use !== to compare"),
        ("visitor.claims.a = true", 18, "= assigns"),
        ("visitor.claims.a & visitor.claims.b", 18, "use && for and"),
        ("visitor.claims.a | visitor.claims.b", 18, "use || for or"),
        ("visitor.claims['a']", 15, "not brackets"),
        ("visitor.claims.a ? 1 : 2", 18, "not supported"),
        ("visitor.claims.a < 3", 18, "unknown operator or character '<'"),
        ("visitor.claims.a + 1", 18, "unknown operator or character '+'"),
        ("`x`", 1, "template strings"),
        ("visitor.claims.a ===", 21, "expected a claim, a value or (, found the end"),
        ("visitor.claims.a true", 18, "expected an operator (===, !==, && or ||) or the end"),
        ("(visitor.claims.a", 1, "this parenthesis is never closed"),
        ("(visitor.claims.a true)", 19, "expected ) or an operator"),
        ("visitor.claims.a)", 17, "this parenthesis closes nothing"),
        ("()", 2, "expected an expression inside the parentheses"),
        ("window.location", 1, "unknown name window"),
        ("visitor.email", 9, "a visitor has only claims"),
        ("visitor", 8, "expected visitor.claims"),
        ("visitor.claims", 15, "expected a claim name after visitor.claims"),
        ("visitor.claims.unsigned", 24, "an unsigned claim name after visitor.claims.unsigned"),
        ("visitor.claims.a.b", 17, "a is a boolean claim: it has no properties"),
        ("visitor.claims.a()", 17, "calls are not allowed"),
        ("'open", 1, "this string has no closing quote"),
        ("0x1F === 31", 1, "not a number"),
        ("1.2.3 === 1", 1, "not a number"),
        ("'\\u12' === 'x'", 2, "bad \\u escape"),
        ("   ", 1, "the condition is empty"),
        ("visitor.claims.é", 16, "unknown operator or character 'é'"),
    ],
)
def test_a_refused_condition_says_what_and_at_which_column(text, column, message):
    error = refused(text)
    assert error.column == column
    assert message in error.message
    assert str(error).startswith(f"column {column}: ")


def test_an_unknown_claim_is_refused_with_a_suggestion_from_the_schema():
    error = refused("visitor.claims.beta_testr === true", SCHEMA)
    assert (error.column, error.length) == (16, 10)
    assert error.message == "unknown claim beta_testr: did you mean beta_tester?"


def test_an_unknown_claim_far_from_any_lists_the_schemas_claims():
    error = refused("visitor.claims.region", SCHEMA)
    assert error.message == (
        "unknown claim region; the site's visitor schema has beta_tester, plan_enterprise"
    )


def test_a_claim_used_on_the_wrong_side_of_unsigned_says_where_it_is():
    error = refused("visitor.claims.returning_visitor", SCHEMA)
    assert error.message == (
        "unknown claim returning_visitor: it is an unsigned claim, "
        "visitor.claims.unsigned.returning_visitor"
    )
    error = refused("visitor.claims.unsigned.beta_tester", SCHEMA)
    assert "it is a signed claim, visitor.claims.beta_tester" in error.message


def test_without_a_schema_any_claim_parses():
    assert [c.name for c in parse("visitor.claims.anything").claims] == ["anything"]


def test_comparing_a_boolean_claim_with_a_string_is_warned_about():
    condition = parse('visitor.claims.beta_tester === "yes"', SCHEMA)
    assert condition.warnings == (
        'visitor.claims.beta_tester === "yes" is never true: beta_tester is a boolean claim',
    )


# -- hostile input ---------------------------------------------------------------------------


def test_a_condition_over_1024_characters_is_refused_at_the_limit():
    text = "visitor.claims.a || " * 60 + "true"
    assert len(text) > 1024
    error = refused(text)
    assert error.column == 1025
    assert "at most 1,024 characters" in error.message


def test_exactly_1024_characters_is_allowed():
    text = "true" + " " * 1020
    assert len(text) == 1024
    assert parse(text).root == Literal(True, 0, 4)


def test_deep_parentheses_fail_with_a_message_not_a_recursion_error():
    text = "(" * 500 + "true" + ")" * 500
    error = refused(text)
    assert error.column == MAX_DEPTH + 1
    assert f"more than {MAX_DEPTH} levels" in error.message


def test_parentheses_just_within_the_limit_parse():
    text = "(" * MAX_DEPTH + "true" + ")" * MAX_DEPTH
    assert parse(text).root == Literal(True, MAX_DEPTH, MAX_DEPTH + 4)


@pytest.mark.parametrize(
    "text",
    [
        "!" * 1000 + "true",
        "true === " * 100 + "true",
        "(" * 1000,
        ")" * 1000,
        "(!" * 400,
        "'" + "\\" * 1000,
        "&&" * 500,
        "visitor." * 120,
    ],
)
def test_hostile_input_fails_with_a_message(text):
    error = refused(text[:1024])
    assert error.message


def test_a_long_flat_chain_is_not_deep():
    text = " && ".join(["true"] * 120)
    assert len(text) <= 1024
    assert evaluate(parse(text), Visitor.nobody()).visible


# -- what is sent ----------------------------------------------------------------------------


def test_an_empty_editor_removes_the_condition():
    assert to_send("   ", SCHEMA) is None


def test_a_condition_is_sent_checked_and_trimmed():
    assert to_send("  visitor.claims.beta_tester  ", SCHEMA) == "visitor.claims.beta_tester"
    with pytest.raises(ConditionError):
        to_send("visitor.claims.nope", SCHEMA)


# -- completion ------------------------------------------------------------------------------


def test_claim_names_complete_from_a_reference_prefix():
    assert complete_claim("visitor.claims.", SCHEMA) == (
        "visitor.claims.beta_tester",
        "visitor.claims.plan_enterprise",
        "visitor.claims.unsigned.returning_visitor",
    )
    assert complete_claim("visitor.claims.b", SCHEMA) == ("visitor.claims.beta_tester",)
    assert complete_claim("visitor.claims.unsigned.", SCHEMA) == (
        "visitor.claims.unsigned.returning_visitor",
    )
    assert complete_claim("visitor.claims.x", SCHEMA) == ()


def test_a_bare_name_completes_to_its_reference():
    assert complete_claim("ret", SCHEMA) == ("visitor.claims.unsigned.returning_visitor",)
    assert len(complete_claim("", SCHEMA)) == 3


def test_completion_at_the_cursor_replaces_the_word_before_it():
    text = "visitor.claims.beta_tester && visitor.claims.pl === true"
    cursor = text.index(" ===")
    offer = complete(text, cursor, SCHEMA)
    assert text[offer.start : cursor] == "visitor.claims.pl"
    assert offer.candidates == ("visitor.claims.plan_enterprise",)


def test_nothing_is_offered_inside_a_string_or_a_number():
    assert complete("'visitor.claims.b", 17, SCHEMA).candidates == ()
    assert complete("12", 2, SCHEMA).candidates == ()
    assert complete("'a\\'' && visitor.claims.b", 25, SCHEMA).candidates == (
        "visitor.claims.beta_tester",
    )


# -- evaluation ------------------------------------------------------------------------------

BETA_ON = Visitor.of(SCHEMA, on=[BETA])
NOBODY_ON = Visitor.of(SCHEMA)


def test_no_condition_is_visible_to_everyone():
    assert evaluate(None, Visitor.nobody()).visible
    assert evaluate("  ", NOBODY_ON).visible


def test_a_beta_tester_sees_the_beta_section_and_others_do_not():
    condition = "visitor.claims.beta_tester === true"
    assert evaluate(condition, BETA_ON) == Verdict(Outcome.VISIBLE)
    assert evaluate(condition, NOBODY_ON) == Verdict(
        Outcome.HIDDEN, "visitor.claims.beta_tester === true", "beta_tester is off"
    )


def test_an_anonymous_visitor_has_no_claims():
    verdict = evaluate("visitor.claims.beta_tester", Visitor.nobody())
    assert str(verdict) == (
        "hidden: visitor.claims.beta_tester (anonymous visitors have no claims)"
    )
    assert evaluate("!visitor.claims.beta_tester", Visitor.nobody()).visible
    assert evaluate("visitor.claims.beta_tester !== true", Visitor.nobody()).visible
    # undefined is not null: a strict comparison says so.
    assert not evaluate("visitor.claims.beta_tester === null", Visitor.nobody()).visible


def test_the_reason_is_the_part_of_an_and_that_failed():
    condition = "visitor.claims.beta_tester && (visitor.claims.plan_enterprise === true)"
    verdict = evaluate(condition, BETA_ON)
    assert verdict.outcome is Outcome.HIDDEN
    assert verdict.reason == "visitor.claims.plan_enterprise === true"
    assert verdict.detail == "plan_enterprise is off"


def test_an_or_that_fails_is_blamed_as_a_whole():
    condition = "visitor.claims.plan_enterprise || visitor.claims.unsigned.returning_visitor"
    verdict = evaluate(condition, BETA_ON)
    assert verdict.reason == condition
    assert verdict.detail == "plan_enterprise is off, returning_visitor is off"
    assert evaluate(condition, Visitor.of(SCHEMA, on=[RETURNING])).visible


def test_a_claim_the_visitor_has_no_value_for_cannot_be_evaluated():
    partial = Visitor(claims={"beta_tester": True})
    verdict = evaluate("visitor.claims.plan_enterprise === true", partial)
    assert verdict == Verdict(Outcome.UNKNOWN, "plan_enterprise is not set for this visitor")
    assert str(verdict) == "cannot evaluate: plan_enterprise is not set for this visitor"


def test_an_unknown_claim_does_not_matter_when_the_known_part_decides():
    partial = Visitor(claims={"beta_tester": True})
    assert evaluate("visitor.claims.beta_tester || visitor.claims.x", partial).visible
    assert evaluate("visitor.claims.x || visitor.claims.beta_tester", partial).visible
    hidden = evaluate("visitor.claims.x && !visitor.claims.beta_tester", partial)
    assert hidden.outcome is Outcome.HIDDEN
    assert hidden.reason == "!visitor.claims.beta_tester"
    unknown = evaluate("(visitor.claims.x || visitor.claims.beta_tester) === true", partial)
    assert unknown.outcome is Outcome.UNKNOWN


def test_a_condition_the_parser_refuses_cannot_be_evaluated_never_guessed():
    verdict = evaluate("visitor.claims.beta_tester == true", BETA_ON)
    assert verdict.outcome is Outcome.UNKNOWN
    assert verdict.reason.startswith("the condition cannot be read (column 28: ==")


@pytest.mark.parametrize(
    ("text", "visible"),
    [
        ("1 === 1.0", True),
        ("true === 1", False),  # a boolean is not a number in JavaScript
        ("'1' === 1", False),
        ("null === null", True),
        ("0", False),
        ("''", False),
        ("'0'", True),
        ("!null", True),
        ("null !== false", True),
        ("false || 0 || 'yes'", True),
        ("true && 'x' === 'x'", True),
    ],
)
def test_literals_follow_javascripts_strict_rules(text, visible):
    assert evaluate(text, Visitor.nobody()).visible is visible


def test_a_site_space_is_hidden_when_its_section_is():
    section = evaluate("visitor.claims.beta_tester", NOBODY_ON)
    space = evaluate(None, NOBODY_ON)
    assert space.within(section) == section
    unknown = Verdict(Outcome.UNKNOWN, "x is not set for this visitor")
    assert space.within(unknown) == unknown
    assert section.within(unknown) == section
    assert space.within(Verdict(Outcome.VISIBLE)) == space


def test_a_claim_name_typed_halfway_suggests_the_one_it_starts():
    assert refused("visitor.claims.beta === true", SCHEMA).message == (
        "unknown claim beta: did you mean beta_tester?"
    )
