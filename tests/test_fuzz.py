"""Fuzzing the edges (issue 12): intake triples, hints, names and every payload.

Every input either decodes into something within the limits or fails with a
project error that names what was wrong; nothing else escapes. Bounded examples
and no deadline keep the whole file to a few seconds.
"""

from __future__ import annotations

import json
import math
import string

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from research_chain.bus import names as n
from research_chain.errors import DecodeError, InvalidName, ValidationFailed
from research_chain.payloads import (
    PIPELINE_ROLE,
    EntityState,
    PayloadType,
    Predicate,
    Triple,
    WireModel,
    default_registry,
)
from research_chain.runtime.intake import DEADLINE_HINT, RequestLimits, parse_request
from research_chain.stages import Stage

FUZZ = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)
LIMITS = RequestLimits.of()
TOKEN = string.ascii_letters + string.digits + "_-"

# Text that hurts: subject-token metacharacters, whitespace, unicode, lone surrogates
# (not encodable as UTF-8), and sizes on both sides of the limits.
hostile_text = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=".*> \t\r\n=" + TOKEN, max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=20),
    st.integers(min_value=0, max_value=4).map(lambda k: "x" * (LIMITS.max_topic_chars - 2 + k)),
    st.sampled_from(["inf", "-inf", "nan", "1e12", "1e308", "-1", "0", str(2**70), "9" * 5000]),
)
numbers = st.one_of(
    st.integers(min_value=-(2**80), max_value=2**80).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    hostile_text,
)
predicates = st.sampled_from([p.value for p in Predicate])


@st.composite
def request_entities(draw: st.DrawFn) -> EntityState:
    loop_id = draw(
        st.one_of(
            st.uuids().map(str),
            st.text(alphabet=TOKEN, min_size=1, max_size=200),
        )
    )
    entity_id = f"{n.RESEARCH_LOOP_PREFIX}.{n.RESEARCH_LOOP_TYPE}.{loop_id}"
    triples = [
        Triple(subject=entity_id, predicate=Predicate.LOOP_ROLE, object=PIPELINE_ROLE),
        Triple(subject=entity_id, predicate=Predicate.RESEARCH_TOPIC, object=draw(hostile_text)),
        Triple(
            subject=entity_id, predicate=Predicate.RESEARCH_PARENT_LOOP, object=draw(hostile_text)
        ),
    ]
    for predicate, value in draw(
        st.lists(st.tuples(predicates, st.one_of(numbers, hostile_text)), max_size=40)
    ):
        triples.append(Triple(subject=entity_id, predicate=predicate, object=value))
    hints = draw(st.lists(st.tuples(hostile_text, hostile_text), max_size=40))
    for key, value in hints:
        triples.append(
            Triple(subject=entity_id, predicate=Predicate.RESEARCH_HINT, object=f"{key}={value}")
        )
    return EntityState(id=entity_id, type=n.RESEARCH_LOOP_TYPE, triples=triples)


@FUZZ
@given(request_entities())
def test_any_request_is_runnable_within_limits_or_names_its_problems(entity: EntityState) -> None:
    request = parse_request(entity, LIMITS)
    for problem in request.problems:
        assert problem.split(":", 1)[0] in {
            "loop_id", "loop.role", "research.topic", "research.hint", "research.parent_loop",
            "research.budget_tokens", "research.max_iterations",
        }  # fmt: skip
        assert len(problem) < 400  # a refusal quotes, it does not echo 5,000 digits
    if request.problems:
        return
    n.validate_loop_id(request.loop_id)
    n.check_token(request.parent)
    assert 0 < len(request.topic) <= LIMITS.max_topic_chars and request.topic.strip()
    assert len(request.hints) <= LIMITS.max_hints and DEADLINE_HINT not in request.hints
    assert all(k.strip() and v.strip() for k, v in request.hints.items())
    assert 0 <= request.budget_tokens <= LIMITS.max_budget_tokens
    assert 0 <= request.max_iterations <= LIMITS.max_iterations
    if request.deadline_s is not None:
        assert math.isfinite(request.deadline_s)
        assert LIMITS.min_deadline_s <= request.deadline_s <= LIMITS.max_deadline_s


@FUZZ
@given(st.text(max_size=300))
def test_names_never_let_a_value_add_a_subject_token(value: str) -> None:
    try:
        subject = n.stage_subject(Stage.NL_CLASSIFY, value)
    except InvalidName:
        with pytest.raises(InvalidName):
            n.result_subject(value)
        return
    assert subject.split(".") == ["component", "nl_classify", value]
    assert n.result_subject(value).count(".") == 2
    assert len(value) <= 128


MODELS: list[type[WireModel]] = [model for _, model in default_registry()]


def _example(model: type[WireModel]) -> dict[str, object]:
    """A minimal valid document of ``model``: every required field from the JSON schema."""
    schema = model.model_json_schema()
    fills: dict[str, object] = {"string": "x", "integer": 1, "number": 0.5, "boolean": True}
    doc: dict[str, object] = {}
    for name in schema.get("required", []):
        spec = schema["properties"][name]
        kind = spec.get("type") or next(
            (o.get("type") for o in spec.get("anyOf", []) if o.get("type") != "null"), "string"
        )
        doc[name] = fills.get(kind, "x")
    return doc


json_leaves = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False), st.text(max_size=30), st.just("x" * 70_000),
)  # fmt: skip


@FUZZ
@given(
    st.sampled_from(MODELS),
    st.dictionaries(st.text(max_size=20), json_leaves, max_size=5),
    st.booleans(),
)
def test_every_payload_decodes_or_names_the_field(
    model: type[WireModel], mutation: dict[str, object], keep_valid_base: bool
) -> None:
    base = _example(model) if keep_valid_base else {}
    field = next(iter(model.model_fields), "")
    doc = {**base, **{(k if k else field): v for k, v in mutation.items()}}
    try:
        decoded = model.from_json(json.dumps(doc))  # json: integers past 64 bits too
    except ValidationFailed as exc:
        assert str(exc)
        return
    assert model.from_json(decoded.to_json()) == decoded


@FUZZ
@given(st.sampled_from(list(default_registry())), st.binary(max_size=200))
def test_invalid_utf8_inside_a_payload_is_a_decode_error(
    entry: tuple[PayloadType, type[WireModel]], junk: bytes
) -> None:
    ptype, model = entry
    doc = {"id": "i", "created_at": "", "type": ptype._asdict(), "payload": _example(model)}
    envelope = orjson.dumps({**doc, "id": "@@"})
    with pytest.raises(DecodeError):
        default_registry().decode(envelope.replace(b"@@", junk + b"\xff\xfe"))
