"""An editor of a site's audience adds, renames and removes claims, checked as the service would."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tui.service.datasets.demo_sites import DOCS_VISITOR_SCHEMA
from tui.service.http import HttpError
from tui.service.routes.site_adaptive import normalise_schema, template_conditions
from tui.sites.logic.conditions import ConditionError, Visitor, evaluate, parse
from tui.sites.logic.visitor_schema import Claim, SchemaError, VisitorSchema, parse_json_schema


def boolean(description: str | None = None) -> dict[str, Any]:
    return {"type": "boolean"} | ({"description": description} if description else {})


def closed(properties: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "additionalProperties": False, **more}


VALID = [
    closed({}),
    closed({"beta": boolean()}),
    closed({"beta": boolean("In the beta"), "$paid": boolean()}),
    closed({"beta": boolean()}, **{"$schema": "http://json-schema.org/draft-07/schema#"}),
    closed({"unsigned": closed({"returning": boolean()}), "beta": boolean()}),
    closed({"beta": boolean(), "unsigned": closed({})}),
    closed({"unsigned": closed({"x": boolean()}, description="anything")}),
    closed({"unsigned": None, "beta": boolean()}),
    {"type": "object", "additionalProperties": False},
    DOCS_VISITOR_SCHEMA,
]

INVALID = [
    "not an object",
    [],
    closed({}, title="extra"),
    {"type": "string", "properties": {}, "additionalProperties": False},
    {"type": "object", "properties": {}},
    {"type": "object", "properties": {}, "additionalProperties": True},
    closed([]),  # type: ignore[arg-type]
    closed({"9lives": boolean()}),
    closed({"has-dash": boolean()}),
    closed({"name": {"type": "string"}}),
    closed({"name": "boolean"}),
    closed({"name": {"type": "boolean", "default": True}}),
    closed({"name": {"type": "boolean", "description": 3}}),
    closed({}, **{"$schema": "http://json-schema.org/draft-04/schema#"}),
    closed({}, description="Visitors"),
    closed({"unsigned": closed({}, **{"$schema": "x"})}),
    closed({"unsigned": "yes"}),
    closed({"unsigned": {"type": "object", "properties": {}}}),
    closed({"unsigned": closed({"bad name": boolean()})}),
    closed({"unsigned": closed({"nested": closed({})})}),
    closed({"ok": boolean(), "bad": {"type": "number"}}),
]


def service_answer(json_schema: Any) -> dict[str, Any] | str:
    try:
        return normalise_schema(copy.deepcopy(json_schema))
    except HttpError as error:
        return error.message


@pytest.mark.parametrize("json_schema", VALID)
def test_a_schema_the_service_accepts_is_accepted_and_written_as_it_stores_it(json_schema):
    schema = parse_json_schema(copy.deepcopy(json_schema))
    assert schema.to_json_schema() == service_answer(json_schema)


@pytest.mark.parametrize("json_schema", INVALID)
def test_a_schema_the_service_refuses_is_refused_with_its_message(json_schema):
    expected = service_answer(json_schema)
    assert isinstance(expected, str)
    with pytest.raises(SchemaError) as caught:
        parse_json_schema(copy.deepcopy(json_schema))
    assert str(caught.value) == expected


def test_the_demo_schema_reads_as_its_claims():
    schema = parse_json_schema(DOCS_VISITOR_SCHEMA)
    assert [c.reference for c in schema.claims] == [
        "visitor.claims.beta_tester",
        "visitor.claims.plan_enterprise",
        "visitor.claims.unsigned.returning_visitor",
    ]
    assert schema.claim("beta_tester") == Claim("beta_tester", "Enrolled in the beta programme")
    assert schema.claim("returning_visitor") is None
    assert schema.claim("returning_visitor", unsigned=True) is not None


def test_template_conditions_are_those_the_service_derives():
    schema = parse_json_schema(DOCS_VISITOR_SCHEMA)
    assert schema.template_conditions() == [
        (item["description"], item["condition"])
        for item in template_conditions(normalise_schema(copy.deepcopy(DOCS_VISITOR_SCHEMA)))
    ]
    for _, condition in schema.template_conditions():
        parse(condition, schema)


def test_adding_a_claim_gives_a_schema_the_service_accepts():
    schema = VisitorSchema().with_claim("beta").with_claim("region_eu", "In the EU", unsigned=True)
    body = schema.to_json_schema()
    assert service_answer(body) == body
    assert schema.claim("beta") == Claim("beta", "beta")  # the description defaults to the name


@pytest.mark.parametrize(
    ("name", "unsigned", "message"),
    [
        ("9lives", False, "letters, digits, _ or $"),
        ("has space", True, "letters, digits, _ or $"),
        ("", False, "letters, digits, _ or $"),
        ("unsigned", False, "`unsigned` holds the unsigned claims"),
        ("beta_tester", False, "already a claim named beta_tester"),
        ("returning_visitor", True, "already an unsigned claim named returning_visitor"),
    ],
)
def test_a_bad_or_duplicate_claim_name_is_refused_before_sending(name, unsigned, message):
    schema = parse_json_schema(DOCS_VISITOR_SCHEMA)
    with pytest.raises(ValueError, match=message.replace("$", r"\$")):
        schema.with_claim(name, unsigned=unsigned)


def test_the_same_name_may_be_signed_and_unsigned():
    schema = parse_json_schema(DOCS_VISITOR_SCHEMA).with_claim("returning_visitor")
    assert service_answer(schema.to_json_schema()) == schema.to_json_schema()


def test_renaming_keeps_the_claims_place_and_description():
    schema = parse_json_schema(DOCS_VISITOR_SCHEMA)
    beta = schema.claim("beta_tester")
    assert beta is not None
    renamed = schema.renamed(beta, "beta")
    assert [c.name for c in renamed.signed] == ["beta", "plan_enterprise"]
    assert renamed.claim("beta") == Claim("beta", "Enrolled in the beta programme")
    assert schema.renamed(beta, "beta_tester", "Beta").claim("beta_tester") == Claim(
        "beta_tester", "Beta"
    )
    with pytest.raises(ValueError, match="already a claim named plan_enterprise"):
        schema.renamed(beta, "plan_enterprise")


def test_after_removing_a_claim_conditions_on_it_are_refused():
    schema = parse_json_schema(DOCS_VISITOR_SCHEMA)
    beta = schema.claim("beta_tester")
    assert beta is not None
    smaller = schema.without(beta)
    assert [c.name for c in smaller.claims] == ["plan_enterprise", "returning_visitor"]
    with pytest.raises(ConditionError, match="unknown claim beta_tester"):
        parse("visitor.claims.beta_tester === true", smaller)


def test_removing_the_last_unsigned_claim_keeps_an_empty_unsigned_object():
    schema = parse_json_schema(DOCS_VISITOR_SCHEMA)
    returning = schema.claim("returning_visitor", unsigned=True)
    assert returning is not None
    body = schema.without(returning).to_json_schema()
    assert body["properties"]["unsigned"]["properties"] == {}
    assert service_answer(body) == body


def test_random_input_is_parsed_or_refused_never_anything_else():
    rng = random.Random(2026)
    pieces = [
        "visitor",
        ".",
        "claims",
        "unsigned",
        "beta_tester",
        "===",
        "!==",
        "==",
        "&&",
        "||",
        "!",
        "(",
        ")",
        "true",
        "null",
        "'s'",
        '"',
        "1.5",
        " ",
        "\\",
        "[",
        "?",
        "x",
        "\n",
    ]
    schema = parse_json_schema(DOCS_VISITOR_SCHEMA)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 40)))
        try:
            condition = parse(text, schema)
        except ConditionError as error:
            assert 1 <= error.column <= len(text) + 1
        else:
            evaluate(condition, Visitor.of(schema))
