from __future__ import annotations

from datetime import UTC, datetime

from research_chain.bus import names as n
from research_chain.client import request_triples
from research_chain.graph import EmbeddedGraph
from research_chain.graph.codec import encode_state
from research_chain.graph.text import matches_partial_id, normalise
from research_chain.payloads import Candidate, RetrievalTier, SeedRefType
from tests.graph.conftest import CAM, DRONE, DRONE2, EVENT, EVENT2, OCTO, SITE, small_graph


def cand(entity_id: str, label: str = "") -> Candidate:
    return Candidate(entity_id=entity_id, label=label, tier=RetrievalTier.BM25, source="bm25")


def test_partial_id_is_dot_bounded() -> None:
    assert matches_partial_id("robotics.gcs.drone", "acme.ops.robotics.gcs.drone.001")
    assert matches_partial_id("drone.001", "acme.ops.robotics.gcs.drone.001")
    assert matches_partial_id("acme.ops.robotics.gcs.drone.001", "acme.ops.robotics.gcs.drone.001")
    assert not matches_partial_id("drone", "acme.ops.robotics.gcs.octocopter-drone.003")
    assert not matches_partial_id("gcs.drone.00", "acme.ops.robotics.gcs.drone.001")
    assert not matches_partial_id("", "acme.ops.robotics.gcs.drone.001")


def test_normalise_ignores_case_and_punctuation() -> None:
    assert normalise("Spider-Man: Homecoming!") == normalise("spider man homecoming")
    assert normalise("Amélie") == "amelie"


async def test_resolve_by_name(graph: EmbeddedGraph) -> None:
    name = SeedRefType.NAME
    assert await graph.resolve_seed("FALCON-7", name) == [DRONE]
    assert await graph.resolve_seed("old falcon", name) == [DRONE]
    assert await graph.resolve_seed("the drone called Falcon 7 please", name) == [DRONE]
    assert await graph.resolve_seed(DRONE2, name) == [DRONE2]
    assert await graph.resolve_seed("Nightjar", name) == []
    assert await graph.resolve_seed("   ", name) == []
    unknown = "acme.ops.robotics.gcs.drone.999"
    assert await graph.resolve_seed("Nightjar", name, [cand(unknown, "nightjar")]) == [unknown]


async def test_resolve_by_partial_id(graph: EmbeddedGraph) -> None:
    pid = SeedRefType.PARTIAL_ID
    assert await graph.resolve_seed("drone.001", pid) == [DRONE]
    assert sorted(await graph.resolve_seed("robotics.gcs.drone", pid)) == [DRONE, DRONE2]
    assert await graph.resolve_seed("octocopter-drone", pid) == [OCTO]
    # No candidate matches: fall back to the whole graph (never the octocopter).
    assert sorted(await graph.resolve_seed("drone", pid, [cand(OCTO)])) == [DRONE, DRONE2]
    assert await graph.resolve_seed("drone", pid, [cand(DRONE2)]) == [DRONE2]
    assert await graph.resolve_seed("rone.001", pid) == []


async def test_resolve_by_candidate_index(graph: EmbeddedGraph) -> None:
    idx = SeedRefType.CANDIDATE_INDEX
    cands = [cand(CAM), cand(SITE)]
    assert await graph.resolve_seed("1", idx, cands) == [SITE]
    assert await graph.resolve_seed("#0", idx, cands) == [CAM]
    assert await graph.resolve_seed("2", idx, cands) == []
    assert await graph.resolve_seed("-1", idx, cands) == []
    assert await graph.resolve_seed("first", idx, cands) == []


async def test_match_names_longest_leftmost(graph: EmbeddedGraph) -> None:
    text = "Did the thermal camera seven on Falcon 7 fly over north field?"
    matches = graph.match_names(text)
    assert [(m.surface, m.entity_ids) for m in matches] == [
        ("thermal camera seven", (CAM,)),
        ("north field", (SITE,)),
        ("Falcon 7", (DRONE,)),
    ]
    assert all(text[m.start : m.end] == m.surface for m in matches)
    assert graph.match_names("who did it?") == []


async def test_temporal_range_and_topic(graph: EmbeddedGraph) -> None:
    march = datetime(2025, 3, 1, tzinfo=UTC)
    everything = await graph.temporal_range(None, None)
    assert [h.entity_id for h in everything] == [EVENT, EVENT, EVENT2]
    spring = await graph.temporal_range(datetime(2025, 4, 1), datetime(2025, 6, 1))
    assert [(h.entity_id, h.triple.object) for h in spring] == [(EVENT2, DRONE2)]
    first = await graph.temporal_range(march, march.replace(day=2), limit=1)
    assert [h.at for h in first] == [march.replace(hour=10)]
    about = await graph.temporal_range(None, None, topic="Heron")
    assert [h.entity_id for h in about] == [EVENT2]
    assert [h.entity_id for h in await graph.temporal_range(None, None, topic=DRONE)] == [EVENT]


async def test_research_loops_are_not_in_the_time_index() -> None:
    """A loop's request triples are stamped with the time it was asked: in the time index
    they answered "what happened after <a recent date>" with loop ids, and every stored
    loop grew the index each time question re-sorts."""
    loop_id = "0b7c9a52-8d7e-4c1e-9a57-2f5b8f3c1d10"
    loop = n.loop_entity_id(loop_id)
    asked = request_triples(loop_id, "what happened to Heron", parent_loop_id="p")
    assert all(t.timestamp for t in asked)
    graph = EmbeddedGraph.from_triples([*small_graph(), *asked])
    kb_only = [EVENT, EVENT, EVENT2]
    assert [h.entity_id for h in await graph.temporal_range(None, None)] == kb_only
    assert [h.entity_id for h in await graph.temporal_range(None, None, topic="Heron")] == [EVENT2]
    assert (await graph.entity_state([loop])).found[loop].triples[0].timestamp
    state = encode_state(loop, [t.to_wire() for t in asked[:2]])
    graph.apply((1, n.entity_key(loop), state))
    graph.apply((2, n.entity_key(loop), None))
    assert [h.entity_id for h in await graph.temporal_range(None, None)] == kb_only
    assert (await graph.entity_state([loop])).missing == [loop]
