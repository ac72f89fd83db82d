"""nl_classify on a real graph: keyword tier, BM25 tier, hints that steer, time ranges."""

from __future__ import annotations

from research_chain.bus import Bus
from research_chain.bus.names import Stage
from research_chain.components.nl_classify import handle
from research_chain.config import Settings
from research_chain.graph import EmbeddedGraph, write_triples
from research_chain.graph.vectors import HashingEmbedder
from research_chain.payloads import ClassifierTier, Intent, RetrievalTier, Triple
from tests.components.conftest import CRUISE, HEAT, KITE, MANN, Contexts


async def test_keyword_tier_finds_names_relations_and_the_asked_type(contexts: Contexts) -> None:
    topic = "which films did Michael Mann direct"
    out = await handle(contexts.make(Stage.NL_CLASSIFY, topic), Intent(topic=topic))
    assert out.tier is ClassifierTier.KEYWORD
    assert out.candidates[0].entity_id == MANN
    assert out.candidates[0].tier is RetrievalTier.RULES
    assert out.candidates[0].snippet_text.startswith("Michael Mann | ")
    assert "directed_by" in out.hints["predicates"]
    assert out.hints["answer_types"] == ["movie"]


async def test_bracketed_span_is_a_strong_mention(contexts: Contexts) -> None:
    topic = "who starred in [Heat]"
    out = await handle(contexts.make(Stage.NL_CLASSIFY, topic), Intent(topic=topic))
    assert out.candidates[0].entity_id == HEAT
    assert out.candidates[0].relevance == 1.0
    assert out.hints["entities"][0]["explicit"] is True


async def test_bm25_tier_when_no_name_matches(contexts: Contexts) -> None:
    topic = "anything about crack in a rotor"
    out = await handle(contexts.make(Stage.NL_CLASSIFY, topic), Intent(topic=topic))
    assert out.tier is ClassifierTier.EMBEDDING
    assert out.candidates and all(c.tier is RetrievalTier.BM25 for c in out.candidates)
    assert out.candidates[0].label == "Fault F-1 rotor crack"


async def test_entity_kind_hint_restricts_candidate_types(contexts: Contexts) -> None:
    topic = "Tom Cruise in Top Gun"
    plain = await handle(contexts.make(Stage.NL_CLASSIFY, topic), Intent(topic=topic))
    assert {c.type for c in plain.candidates} == {"person", "movie"}
    hinted = Intent(topic=topic, hints={"entity_kind": "person", "unknown_key": "x"})
    out = await handle(contexts.make(Stage.NL_CLASSIFY, hinted), hinted)
    assert [c.entity_id for c in out.candidates] == [CRUISE]
    assert out.hints["entity_kind"] == "person"
    assert "unknown_key" not in out.hints


async def test_time_expression_and_recency_hint_become_a_range(contexts: Contexts) -> None:
    topic = "which drones had a fault since 2025-06-01"
    out = await handle(contexts.make(Stage.NL_CLASSIFY, topic), Intent(topic=topic))
    assert out.hints["time_range"]["start"] == "2025-06-01T00:00:00Z"
    assert "end" not in out.hints["time_range"]
    recent = Intent(topic="faults of Wren 1", hints={"recency": "24h"})
    out = await handle(contexts.make(Stage.NL_CLASSIFY, recent), recent)
    assert out.hints["time_range"]["text"] == "last 24 hours"


async def test_retighten_classifies_the_refined_topic(contexts: Contexts) -> None:
    original = Intent(topic="whats up with the thing called heat")
    refined = Intent(topic="Heat", budget_tokens=original.budget_tokens)
    out = await handle(contexts.make(Stage.NL_CLASSIFY, original), refined)
    assert out.topic == "Heat"
    assert out.candidates[0].entity_id == HEAT


async def test_max_candidates_hint_and_ordering(contexts: Contexts) -> None:
    intent = Intent(topic="Heat Collateral Top Gun", hints={"max_candidates": "2"})
    out = await handle(contexts.make(Stage.NL_CLASSIFY, intent), intent)
    assert len(out.candidates) == 2
    keys = [(-c.relevance, c.entity_id) for c in out.candidates]
    assert keys == sorted(keys)


async def test_domain_hint_restricts_the_id_domain(contexts: Contexts) -> None:
    intent = Intent(topic="Heat and Wren 1", hints={"domain": "fleet"})
    out = await handle(contexts.make(Stage.NL_CLASSIFY, intent), intent)
    assert [c.label for c in out.candidates] == ["Wren 1"]


async def test_embedding_tier_joins_bm25_when_a_model_is_configured(
    graph: EmbeddedGraph, hashed_graph: EmbeddedGraph
) -> None:
    topic = "films by Michal Man"  # both names misspelt: no keyword hit
    plain = await handle(Contexts(graph).make(Stage.NL_CLASSIFY, topic), Intent(topic=topic))
    out = await handle(Contexts(hashed_graph).make(Stage.NL_CLASSIFY, topic), Intent(topic=topic))
    assert out.tier is ClassifierTier.EMBEDDING
    assert MANN not in {c.entity_id for c in plain.candidates}
    neural = [c for c in out.candidates if c.tier is RetrievalTier.NEURAL]
    assert neural and neural[0].entity_id == MANN
    assert neural[0].source == "embedding_index" and 0 < neural[0].relevance <= 1
    assert RetrievalTier.NEURAL in {c.tier for c in out.candidates[:3]}


async def test_a_near_name_is_offered_only_when_clearly_nearest() -> None:
    ns = "acme.ops.robotics.fleet"
    names = ["Operation Amber Canopy", "Operation Icy Ember", "Kestrel 85", "Kestrel 84"]
    graph = EmbeddedGraph.from_triples(
        [
            Triple(subject=f"{ns}.thing.t{i}", predicate="name", object=n)
            for i, n in enumerate(names)
        ],
        embedder=HashingEmbedder(),
    )
    for topic, near in [
        ("Who flew Kestral 85?", {"Kestral 85": [f"{ns}.thing.t2"]}),
        ("Who flew Operation Velvet Thunder?", None),  # as close to every "Operation ..."
    ]:
        out = await handle(Contexts(graph).make(Stage.NL_CLASSIFY, topic), Intent(topic=topic))
        assert out.hints.get("near_names") == near, topic


async def test_a_new_name_is_read_at_once(
    bus: Bus, settings: Settings, graph: EmbeddedGraph
) -> None:
    topic = "Where is Swift 3 located?"
    before = await handle(Contexts(graph).make(Stage.NL_CLASSIFY, topic), Intent(topic=topic))
    assert before.hints["entities"] == []
    # A second name for an existing entity: no type or predicate count changes.
    await write_triples(bus, settings, [Triple(subject=KITE, predicate="name", object="Swift 3")])
    await graph.sync()
    after = await handle(Contexts(graph).make(Stage.NL_CLASSIFY, topic), Intent(topic=topic))
    assert [e["ids"] for e in after.hints["entities"]] == [[KITE]]
    assert after.tier is ClassifierTier.KEYWORD and after.candidates[0].entity_id == KITE
