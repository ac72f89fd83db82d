from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

import nats.errors
import pytest

from research_chain.bus import Bus, EmbeddedServer
from research_chain.config import Settings
from research_chain.errors import BusUnavailable, GraphError
from research_chain.graph import Direction, EmbeddedGraph, GraphWriter, Step, write
from research_chain.payloads import GraphWrite, GraphWriteOp
from tests.graph.conftest import CAM, DRONE, DRONE2, LIDAR, MISSION, SITE, lit, rel, small_graph


async def until(graph: EmbeddedGraph, check: Callable[[], Awaitable[bool]], within: float) -> None:
    """Wait for ``check`` to hold, re-checking after each index commit (no sleeps)."""
    async with asyncio.timeout(within):
        commits = graph.commits
        while not await check():
            commits = await graph.wait_commit(commits, timeout_s=within)


async def test_change_and_rename_are_searchable_within_a_second(
    bus: Bus, writer: GraphWriter, graph: EmbeddedGraph
) -> None:
    add = GraphWrite(op=GraphWriteOp.ADD, triples=[lit(DRONE, "name", "Peregrine Nine")])
    assert (await write(bus, add)).ok

    async def renamed() -> bool:
        hits = await graph.bm25("peregrine")
        return bool(hits) and hits[0].entity_id == DRONE

    await until(graph, renamed, within=1.0)
    remove = GraphWrite(op=GraphWriteOp.REMOVE, triples=[lit(DRONE, "name", "Falcon 7")])
    assert (await write(bus, remove)).ok

    async def old_name_gone() -> bool:
        hits = await graph.bm25("falcon 7")
        return graph.label(DRONE) == "Peregrine Nine" and hits[0].snippet == "Old Falcon"

    await until(graph, old_name_gone, within=1.0)
    assert [m.entity_ids for m in graph.match_names("is peregrine nine up?")] == [(DRONE,)]
    assert graph.match_names("falcon 7") == []
    unlink = GraphWrite(op=GraphWriteOp.REMOVE, triples=[rel(DRONE, "has_sensor", CAM)])
    assert (await write(bus, unlink)).ok

    async def edge_gone() -> bool:
        hits = await graph.walk_path([CAM], [Step("has_sensor", Direction.IN)])
        return [h.entity_id for h in hits] == [DRONE2]

    await until(graph, edge_gone, within=1.0)


async def test_deleted_entity_leaves_every_index(
    bus: Bus, settings: Settings, graph: EmbeddedGraph
) -> None:
    kv = await bus.js.key_value(settings.entities_bucket)
    await kv.delete(LIDAR)

    async def gone() -> bool:
        lookup = await graph.entity_state([LIDAR])
        return lookup.missing == [LIDAR] and not await graph.bm25("lidar")

    await until(graph, gone, within=1.0)
    assert "sensor" in graph.entity_types()
    assert graph.match_names("lidar two") == []


async def test_watch_resumes_after_server_restart(
    bus: Bus, writer: GraphWriter, graph: EmbeddedGraph, nats_server: EmbeddedServer
) -> None:
    before = graph.revision
    await asyncio.to_thread(nats_server.restart)
    new = "acme.ops.robotics.gcs.drone.after-restart"
    request = GraphWrite(op=GraphWriteOp.CREATE, triples=[lit(new, "name", "Phoenix Rising")])
    async with asyncio.timeout(30):
        while True:  # the client reconnects on its own; retry until the write lands
            try:
                if (await write(bus, request, timeout_s=2)).ok:
                    break
            except BusUnavailable:
                # Wait for the client to be back: a ping is answered only once reconnected.
                with contextlib.suppress(nats.errors.Error):
                    await bus.nc.flush(timeout=5)

    async def caught_up() -> bool:
        return graph.label(new) == "Phoenix Rising"

    await until(graph, caught_up, within=30)
    assert graph.revision > before
    assert graph.label(DRONE) == "Falcon 7"


async def test_offline_graph_and_walk_limits() -> None:
    graph = EmbeddedGraph.from_triples(small_graph())
    assert graph.label(SITE) == "North Field"
    hits = await graph.walk_path([MISSION], [Step("assigned_to"), Step("has_sensor")])
    assert {h.entity_id for h in hits} == {CAM, LIDAR}
    one = await graph.predicate_walk([DRONE], ["has_sensor"], Direction.OUT, max_fanout=1)
    assert len(one) == 1
    capped = await graph.predicate_walk([DRONE], None, Direction.BOTH, max_hops=3, max_hits=2)
    assert len(capped) == 2
    with pytest.raises(GraphError):
        await graph.predicate_walk([DRONE], None, Direction.BOTH, max_hops=5)
    with pytest.raises(GraphError):
        await graph.walk_path([DRONE], [])
    assert (await graph.bm25("thermal"))[0].entity_id == CAM


async def test_attributes_are_the_edges_that_end_on_a_value() -> None:
    graph = EmbeddedGraph.from_triples(small_graph())
    ids = [DRONE, SITE, CAM, DRONE.rsplit(".", 1)[0] + ".nobody"]
    edges = await graph.edges(ids, 0)
    attributes = await graph.attributes(ids)
    for entity_id in ids:
        assert attributes[entity_id] == {p for p, _, far in edges[entity_id] if not far}
    assert "name" in attributes[DRONE]
    assert "has_sensor" not in attributes[DRONE]
    assert attributes[ids[-1]] == set()


async def test_a_new_relation_shows_in_the_edges_of_the_entity_it_reaches(
    bus: Bus, writer: GraphWriter, graph: EmbeddedGraph
) -> None:
    """Path trees read incoming edges from a per-entity sample kept between questions;
    a write that adds an edge into that entity must replace the sample."""
    newcomer = DRONE.rsplit(".", 1)[0] + ".d999"
    first = await graph.edges([SITE])
    assert ("located_at", Direction.IN, newcomer) not in first[SITE]
    add = GraphWrite(op=GraphWriteOp.ADD, triples=[rel(newcomer, "located_at", SITE)])
    assert (await write(bus, add)).ok

    async def seen() -> bool:
        return ("located_at", Direction.IN, newcomer) in (await graph.edges([SITE]))[SITE]

    await until(graph, seen, within=1.0)
