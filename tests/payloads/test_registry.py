"""The registry and envelope: one model per type, and decode errors that say what was wrong."""

from __future__ import annotations

import contextlib
from pathlib import Path

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from research_chain.errors import DecodeError, RegistryError
from research_chain.payloads import (
    ClaimVerdict,
    ClassifierOutput,
    ClassifierTier,
    Evidence,
    GroundedClaim,
    Intent,
    PayloadType,
    Registry,
    RetrievalTier,
    SearchResult,
    VerifiedResponse,
    default_registry,
)
from research_chain.payloads.schema import render_schemas

ROOT = Path(__file__).resolve().parents[2]
INTENT = PayloadType("research", "intent", "v1")


def test_registering_a_type_twice_is_an_error() -> None:
    registry = Registry([(INTENT, Intent)])
    with pytest.raises(RegistryError, match=r"research\.intent\.v1 already registered"):
        registry.register(INTENT, SearchResult)
    with pytest.raises(RegistryError, match="Intent already registered"):
        registry.register(PayloadType("research", "intent", "v2"), Intent)


def test_envelope_round_trip_keeps_id_and_type() -> None:
    registry = default_registry()
    raw = registry.encode(Intent(topic="drones"), id="loop-1:intent")
    env = registry.decode(raw)
    assert env.id == "loop-1:intent"
    assert env.type.key == "research.intent.v1"
    assert env.payload == Intent(topic="drones")
    assert env.encode() == raw


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"not json", "envelope: invalid JSON"),
        (b"[1,2]", "envelope: must be a JSON object"),
        (b'{"id":"x"}', "envelope.type: must be an object"),
        (b'{"id":"x","type":{"domain":"research","category":"intent"}}', "type.version"),
        (
            b'{"id":"x","type":{"domain":"research","category":"nope","version":"v1"},'
            b'"payload":{}}',
            "unknown payload type 'research.nope.v1'",
        ),
        (
            b'{"id":"x","type":{"domain":"research","category":"intent","version":"v1"},'
            b'"payload":[]}',
            "envelope.payload: must be a research.intent.v1 object",
        ),
        (
            b'{"id":"x","type":{"domain":"research","category":"intent","version":"v1"},'
            b'"payload":{"topic":""},"created_at":"t"}',
            "intent.topic: must not be blank",
        ),
        (
            b'{"type":{"domain":"research","category":"intent","version":"v1"},'
            b'"payload":{"topic":"x"},"created_at":"t"}',
            "envelope.id",
        ),
    ],
)
def test_decode_errors_say_what_was_wrong(raw: bytes, message: str) -> None:
    with pytest.raises(DecodeError) as info:
        default_registry().decode(raw)
    assert message in str(info.value)
    assert info.value.raw == raw


def test_decode_as_insists_on_the_model() -> None:
    registry = default_registry()
    raw = registry.encode(Intent(topic="x"))
    assert registry.decode_as(raw, Intent).payload.topic == "x"
    with pytest.raises(DecodeError, match=r"expected research\.result\.v1"):
        registry.decode_as(raw, SearchResult)


def test_every_example_decodes_and_re_encodes_identically() -> None:
    registry = default_registry()
    examples = sorted((ROOT / "payloads" / "examples").glob("*.json"))
    keys = {ptype.key for ptype, _ in registry}
    assert {p.name.removesuffix(".json") for p in examples} == keys
    for path in examples:
        raw = path.read_bytes().strip()
        env = registry.decode(raw)
        assert env.type.key == path.name.removesuffix(".json")
        assert env.encode() == raw, path.name


def test_committed_schemas_match_the_models() -> None:
    rendered = render_schemas(default_registry())
    committed = {p.name: p.read_bytes() for p in (ROOT / "payloads").glob("*.json")}
    assert sorted(committed) == sorted(rendered), "run: research-chain schema --out payloads/"
    drifted = [name for name, body in rendered.items() if committed[name] != body]
    assert not drifted, f"schemas drifted, run research-chain schema --out payloads/: {drifted}"


def test_query_router_result_view_is_camel_case() -> None:
    claim = GroundedClaim(
        text="F is a drone.", verdict=ClaimVerdict.SUPPORTED, refs=["a.b.c.d.e.f"]
    )
    result = SearchResult(
        synthesis="F is a drone [a.b.c.d.e.f].",
        evidence=[
            Evidence(entity_id="a.b.c.d.e.f", tier=RetrievalTier.RULES, source="predicate_walk")
        ],
        tiers_used=[RetrievalTier.RULES, RetrievalTier.BM25],
        fallbacks_used=["refine-cap"],
        duration_ms=12,
        grounding=VerifiedResponse.from_claims([claim]),
    )
    view = result.to_query_router_result(ClassifierOutput(topic="t", tier=ClassifierTier.KEYWORD))
    assert view["answer"] == result.synthesis
    assert view["tiersUsed"] == [0, 1]
    assert view["fallbacksUsed"] == ["refine-cap"]
    assert view["durationMs"] == 12
    assert view["sources"][0]["entityId"] == "a.b.c.d.e.f"
    assert view["grounding"]["supportedRatio"] == 1.0
    assert view["grounding"]["supportedCount"] == 1
    assert view["classification"]["tier"] == 0


def test_grounding_counts_and_ratio() -> None:
    verdicts = [
        ClaimVerdict.SUPPORTED,
        ClaimVerdict.SUPPORTED,
        ClaimVerdict.WEAK,
        ClaimVerdict.UNVERIFIABLE,
        ClaimVerdict.CONTRADICTED,
    ]
    report = VerifiedResponse.from_claims(
        [GroundedClaim(text=f"c{i}", verdict=v) for i, v in enumerate(verdicts)]
    )
    assert (report.supported_count, report.weak_count, report.unverifiable_count) == (2, 1, 1)
    assert report.contradicted_count == 1 and report.total_claims == 5
    assert report.supported_ratio == 0.4


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)
type_keys = st.sampled_from([p for p, _ in default_registry()])


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_random_json_only_ever_raises_decode_error(value: object) -> None:
    with contextlib.suppress(DecodeError):
        default_registry().decode(orjson.dumps(value))


@settings(max_examples=300, deadline=None)
@given(type_keys, st.dictionaries(st.text(max_size=12), json_values, max_size=6))
def test_random_payloads_of_known_types_only_raise_decode_error(
    ptype: PayloadType, payload: dict[str, object]
) -> None:
    doc = {
        "id": "x",
        "type": ptype._asdict(),
        "payload": payload,
        "created_at": "2026-11-22T00:00:00Z",
    }
    try:
        env = default_registry().decode(orjson.dumps(doc))
    except DecodeError:
        return
    assert type(env.payload) is default_registry().model_for(ptype)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=64))
def test_random_bytes_only_raise_decode_error(raw: bytes) -> None:
    with contextlib.suppress(DecodeError):
        default_registry().decode(raw)
