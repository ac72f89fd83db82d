from __future__ import annotations

import pytest

from research_chain.bus import Bus
from research_chain.config import Settings
from research_chain.errors import GraphError
from research_chain.graph import Direction, EmbeddedGraph, GraphBackend, Step, open_graph
from tests.graph.conftest import CAM, DRONE, DRONE2, LIDAR, MISSION, OPERATOR, SITE


async def test_is_a_backend(graph: EmbeddedGraph) -> None:
    assert isinstance(graph, GraphBackend)
    assert graph.label(DRONE) == "Falcon 7"
    assert graph.entity_types()["drone"] == 2


async def test_entity_state_reports_missing(graph: EmbeddedGraph) -> None:
    lookup = await graph.entity_state([DRONE, "x.y.z.w.v.u"])
    assert lookup.missing == ["x.y.z.w.v.u"]
    state = lookup.found[DRONE]
    assert state.label == "Falcon 7" and state.aliases == ["Old Falcon"]
    assert {t.predicate for t in state.triples} >= {"has_sensor", "serial_number"}


async def test_walk_two_hops_in_then_out(graph: EmbeddedGraph) -> None:
    hits = await graph.walk_path([MISSION], [Step("assigned_to"), Step("has_sensor")])
    assert {h.entity_id for h in hits} == {CAM, LIDAR}
    assert all(len(h.path) == 2 and h.path[0].subject == MISSION for h in hits)
    back = await graph.walk_path([CAM], [Step("has_sensor", Direction.IN)])
    assert {h.entity_id for h in back} == {DRONE, DRONE2}


async def test_predicate_walk_filters_and_directions(graph: EmbeddedGraph) -> None:
    out = await graph.predicate_walk([DRONE], ["has_sensor"], Direction.OUT, max_hops=2)
    assert {h.entity_id for h in out} == {CAM, LIDAR}
    both = await graph.predicate_walk([DRONE], None, Direction.BOTH, max_hops=2)
    reached = {h.entity_id: h.depth for h in both}
    assert reached[SITE] == 1 and reached[MISSION] == 1 and reached[OPERATOR] == 2
    assert reached[DRONE2] == 2


async def test_bm25_snippet(graph: EmbeddedGraph) -> None:
    hits = await graph.bm25("cracked rotor", k=5)
    assert hits and hits[0].snippet == "description: replaced cracked rotor blade"


async def test_open_graph_without_bucket_is_a_clear_error(bus: Bus, settings: Settings) -> None:
    await bus.js.delete_key_value(settings.names().entities_bucket)
    with pytest.raises(GraphError, match="provision"):
        await open_graph(bus, settings, timeout_s=5)
