"""Go-shaped JSON in, the same bytes out; strict input; defaults resolved at consumption."""

from __future__ import annotations

import pytest

from research_chain.errors import ValidationFailed
from research_chain.payloads import (
    DEFAULT_BUDGET_TOKENS,
    DEFAULT_MAX_ITERATIONS,
    AssessmentOutput,
    Candidate,
    ClassifierOutput,
    DecompTrace,
    Evidence,
    ExecutionOutput,
    Intent,
    RouteDecision,
    SearchResult,
    WireModel,
)

# Bytes as Go's encoding/json emits them: declaration order, omitempty dropped,
# map keys sorted, whole floats without a fraction, <>& escaped.
GO_SHAPED: list[tuple[type[WireModel], bytes]] = [
    (Intent, b'{"topic":"drones"}'),
    (
        Intent,
        b'{"topic":"faults \\u003e 3 \\u0026 \\u003cnow\\u003e","hints":{"domain":"ops",'
        b'"entity_kind":"sensor"},"budget_tokens":9000,"max_iterations":2}',
    ),
    (Intent, '{"topic":"Überwachung der Drohne \u2013 ☂"}'.encode()),
    (Candidate, b'{"entity_id":"a.b.c.d.e.f","tier":"0","source":"classifier_chain"}'),
    (
        Candidate,
        b'{"entity_id":"a.b.c.d.e.f","label":"F","type":"e","relevance":0.75,'
        b'"snippet_text":"F (e)","tier":"2","source":"search_graph"}',
    ),
    (ClassifierOutput, b'{"topic":"x"}'),
    (
        ClassifierOutput,
        b'{"topic":"x","tier":"3","intent":"lookup","confidence":1,"hints":{"a":[1,2.5],'
        b'"b":{"y":1,"z":true}},"candidates":[{"entity_id":"a.b.c.d.e.f","tier":"1",'
        b'"source":"s"}],"degraded":true,"degraded_reason":"bm25 unavailable"}',
    ),
    (RouteDecision, b'{"action":"synthesize_directly"}'),
    (
        RouteDecision,
        b'{"action":"decompose","args":{"axes":["time","entity_type"],"focus":"faults",'
        b'"scope":"broad"},"rationale":"two facets"}',
    ),
    (Evidence, b'{"entity_id":"a.b.c.d.e.f","tier":"1","source":"bm25_index","score":3.25}'),
    (DecompTrace, b"{}"),
    (
        DecompTrace,
        b'{"router_action":"decompose","sub_queries":[{"axis":"time","kind":"temporal"}],'
        b'"seed_entities":["a.b.c.d.e.f"],"retighten_rounds":2}',
    ),
    (SearchResult, b'{"synthesis":"No answer."}'),
    (
        SearchResult,
        b'{"evidence":[{"entity_id":"a.b.c.d.e.f","tier":"0","source":"predicate_walk",'
        b'"objectstore_ref":"ev/1"}],"synthesis":"F [a.b.c.d.e.f]","decomp_trace":{},'
        b'"tokens_used":120,"iterations":2,"tiers_used":["0","1"],'
        b'"fallbacks_used":["refine-cap"],"duration_ms":12,"degraded":true,'
        b'"degraded_reason":"deadline exceeded"}',
    ),
    (ExecutionOutput, b'{"topic":"t","action":"walk_seeds","subquery_count":3}'),
    (
        AssessmentOutput,
        b'{"topic":"t","sufficient":false,"refined_queries":["q1"],"confidence":0.5}',
    ),
    (AssessmentOutput, b'{"topic":"t","sufficient":true}'),
]


@pytest.mark.parametrize(("model", "raw"), GO_SHAPED)
def test_go_shaped_json_round_trips_byte_for_byte(model: type[WireModel], raw: bytes) -> None:
    assert model.from_json(raw).to_json() == raw


def test_go_float_and_key_order_rules() -> None:
    hit = Evidence.from_json(b'{"source":"s","tier":"1","score":2.0,"entity_id":"a"}')
    assert hit.to_json() == b'{"entity_id":"a","tier":"1","source":"s","score":2}'


def test_unknown_fields_are_ignored_for_forward_compatibility() -> None:
    intent = Intent.from_json(b'{"topic":"x","future_field":{"a":1}}')
    assert intent.to_json() == b'{"topic":"x"}'


def test_defaults_resolve_at_consumption_not_on_the_wire() -> None:
    intent = Intent(topic="x")
    assert intent.resolved_budget_tokens() == DEFAULT_BUDGET_TOKENS == 4000
    assert intent.resolved_max_iterations() == DEFAULT_MAX_ITERATIONS == 5
    assert intent.to_json() == b'{"topic":"x"}'
    custom = Intent(topic="x", budget_tokens=10, max_iterations=1)
    assert (custom.resolved_budget_tokens(), custom.resolved_max_iterations()) == (10, 1)


INVALID: list[tuple[type[WireModel], bytes, str]] = [
    (Intent, b"{}", "intent.topic: is required"),
    (Intent, b'{"topic":"   "}', "intent.topic: must not be blank"),
    (Intent, b'{"topic":7}', "intent.topic: must be a string"),
    (Intent, b'{"topic":"x","budget_tokens":-1}', "intent.budget_tokens: must be >= 0"),
    (Intent, b'{"topic":"x","budget_tokens":"10"}', "intent.budget_tokens: must be an integer"),
    (Intent, b'{"topic":"x","max_iterations":1.5}', "intent.max_iterations: must be an integer"),
    (Intent, b'{"topic":"x","hints":{"k":1}}', "intent.hints.k: must be a string"),
    (Intent, b'{"topic":"x","hints":[]}', "intent.hints: must be an object"),
    (RouteDecision, b'{"action":"Synthesize_Directly"}', "route_decision.action: must be one"),
    (RouteDecision, b'{"action":"decompose "}', "route_decision.action: must be one of"),
    (RouteDecision, b'{"action":""}', "route_decision.action: must be one of"),
    (RouteDecision, b"{}", "route_decision.action: is required"),
    (RouteDecision, b'{"action":"retighten","args":[]}', "route_decision.args: must be an"),
    (Candidate, b'{"entity_id":"a","tier":"3","source":"s"}', "candidate.tier: must be one of"),
    (Candidate, b'{"entity_id":"a","tier":0,"source":"s"}', "candidate.tier: must be one of"),
    (Candidate, b'{"entity_id":"","tier":"0","source":"s"}', "candidate.entity_id: must not be"),
    (Candidate, b'{"entity_id":"a","tier":"0"}', "candidate.source: is required"),
    (ClassifierOutput, b'{"topic":"x","tier":"4"}', "classifier_output.tier: must be one of"),
    (
        ClassifierOutput,
        b'{"topic":"x","candidates":[{"entity_id":"a","tier":"3","source":"s"}]}',
        "classifier_output.candidates[0].tier: must be one of",
    ),
    (Evidence, b'{"entity_id":"a","tier":"1"}', "evidence.source: is required"),
    (SearchResult, b'{"synthesis":""}', "search_result.synthesis: must not be blank"),
    (SearchResult, b"{}", "search_result.synthesis: is required"),
    (
        SearchResult,
        b'{"synthesis":"x","evidence":[{"entity_id":"a","tier":"9","source":"s"}]}',
        "search_result.evidence[0].tier: must be one of",
    ),
    (AssessmentOutput, b'{"topic":"t","sufficient":true,"confidence":1.5}', "confidence: must"),
    (AssessmentOutput, b'{"topic":"t","sufficient":"yes"}', "sufficient: must be a boolean"),
    (
        AssessmentOutput,
        b'{"topic":"t","sufficient":false,"refined_queries":["a","b","c","d","e","f"]}',
        "refined_queries: at most 5",
    ),
    (ExecutionOutput, b'{"topic":"t","action":"walk"}', "execution_output.action: must be one"),
]


@pytest.mark.parametrize(("model", "raw", "message"), INVALID)
def test_invalid_payloads_name_the_field_and_the_rule(
    model: type[WireModel], raw: bytes, message: str
) -> None:
    with pytest.raises(ValidationFailed) as info:
        model.from_json(raw)
    assert message in str(info.value)


def test_classifier_tier_and_retrieval_tier_are_different_enums() -> None:
    assert ClassifierOutput.from_json(b'{"topic":"x","tier":"3"}').tier == "3"
    with pytest.raises(ValidationFailed):
        Candidate.from_json(b'{"entity_id":"a","tier":"3","source":"s"}')
    assert Candidate.from_json(b'{"entity_id":"a","tier":"2","source":"s"}').tier == "2"


def test_reference_vectors_issue_12_blank_hint_negative_confidence_neural_tier() -> None:
    """The three round-trip vectors of the reference the decoder disagreed with."""
    from research_chain.payloads import Intent

    with pytest.raises(ValidationFailed, match="omit the key"):
        Intent.from_json(b'{"topic": "x", "hints": {"k": ""}}')
    with pytest.raises(ValidationFailed, match="confidence"):
        ClassifierOutput.from_json(b'{"topic": "x", "confidence": -0.1}')
    neural = ClassifierOutput.from_json(b'{"topic":"x","tier":"2"}')
    assert neural.tier == "2"
    assert neural.to_json() == b'{"topic":"x","tier":"2"}'
