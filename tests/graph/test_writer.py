from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import orjson
import pytest

from research_chain.bus import Bus
from research_chain.config import Settings
from research_chain.graph import EmbeddedGraph, GraphWriter, open_graph, write
from research_chain.graph.store import EntityStore
from research_chain.payloads import (
    GraphWrite,
    GraphWriteOp,
    GraphWriteReply,
    Triple,
    default_registry,
)
from tests.graph.conftest import DRONE, lit, rel

NEW = "acme.ops.robotics.gcs.drone.new-1"


@pytest.fixture
async def empty_graph(bus: Bus, settings: Settings) -> AsyncIterator[EmbeddedGraph]:
    g = await open_graph(bus, settings, timeout_s=10)
    try:
        yield g
    finally:
        await g.close()


async def test_add_one_then_searchable(
    bus: Bus, writer: GraphWriter, empty_graph: EmbeddedGraph
) -> None:
    reply = await write(bus, GraphWrite(op=GraphWriteOp.ADD, triples=[lit(NEW, "name", "Kestrel")]))
    assert reply.ok and reply.written == 1 and reply.entities == [NEW]
    async with asyncio.timeout(1.0):
        commits = empty_graph.commits
        while not await empty_graph.bm25("kestrel"):
            commits = await empty_graph.wait_commit(commits)
    assert empty_graph.label(NEW) == "Kestrel"
    assert empty_graph.match_names("where is kestrel now?")[0].entity_ids == (NEW,)


async def test_bad_triple_in_batch_writes_nothing(
    bus: Bus, settings: Settings, writer: GraphWriter
) -> None:
    registry = default_registry()
    good = lit(NEW, "name", "Kestrel").to_wire()
    bad = {"subject": NEW, "predicate": "has_sensor", "object": "not-an-id", "kind": "entity"}
    envelope = registry.encode(GraphWrite(op=GraphWriteOp.ADD_BATCH, triples=[lit(NEW, "a", "b")]))
    doc = orjson.loads(envelope)
    doc["payload"]["triples"] = [good, good | {"predicate": "serial"}, bad]
    msg = await bus.nc.request("graph.write", orjson.dumps(doc), timeout=5)
    reply = registry.decode_as(msg.data, GraphWriteReply).payload
    assert not reply.ok and reply.error.startswith("graph_write.triples[2].object:")
    blank = {"subject": NEW, "predicate": " ", "object": "x"}
    doc["payload"]["triples"] = [good, blank]
    msg = await bus.nc.request("graph.write", orjson.dumps(doc), timeout=5)
    reply = registry.decode_as(msg.data, GraphWriteReply).payload
    assert not reply.ok and "graph_write.triples[1].predicate" in reply.error
    state, _ = await EntityStore(bus, settings).get(NEW)
    assert state is None


async def test_mixed_subjects_refused(bus: Bus, writer: GraphWriter) -> None:
    reply = await write(
        bus,
        GraphWrite(
            op=GraphWriteOp.ADD_BATCH, triples=[lit(NEW, "name", "K"), lit(DRONE, "name", "F")]
        ),
    )
    assert not reply.ok and "triples[1].subject" in reply.error


async def test_create_refuses_existing_and_remove(
    bus: Bus, writer: GraphWriter, empty_graph: EmbeddedGraph
) -> None:
    create = GraphWrite(op=GraphWriteOp.CREATE, triples=[lit(NEW, "name", "Kestrel")])
    assert (await write(bus, create)).ok
    again = await write(bus, create)
    assert not again.ok and "already exists" in again.error
    cam = "acme.ops.robotics.gcs.sensor.cam-1"
    assert (
        await write(bus, GraphWrite(op=GraphWriteOp.ADD, triples=[rel(NEW, "has_sensor", cam)]))
    ).ok
    removed = await write(
        bus, GraphWrite(op=GraphWriteOp.REMOVE, triples=[rel(NEW, "has_sensor", cam)])
    )
    assert removed.ok and removed.written == 1
    await empty_graph.sync()
    state = (await empty_graph.entity_state([NEW])).found[NEW]
    assert [t.predicate for t in state.triples] == ["name"]


async def test_concurrent_writers_lose_nothing(
    bus: Bus, settings: Settings, writer: GraphWriter
) -> None:
    second = GraphWriter(bus, settings)
    await second.start()
    try:
        requests = [
            GraphWrite(op=GraphWriteOp.ADD, triples=[lit(NEW, "reading", f"r{i}")])
            for i in range(60)
        ]
        replies = await asyncio.gather(*(write(bus, r) for r in requests))
    finally:
        await second.stop()
    assert all(r.ok for r in replies)
    state, _ = await EntityStore(bus, settings).get(NEW)
    assert state is not None
    assert {t.object for t in state.triples} == {f"r{i}" for i in range(60)}


async def test_research_loop_entities_are_plain_entities(
    bus: Bus, writer: GraphWriter, empty_graph: EmbeddedGraph
) -> None:
    loop = "local.research-chain.agentic.loops.research_loop.0b7c9a52-8d7e-4c1e-9a57-2f5b8f3c1d10"
    triples = [
        Triple(subject=loop, predicate="research.topic", object="who flies Falcon 7"),
        Triple(subject=loop, predicate="research.requested", object="true"),
    ]
    reply = await write(bus, GraphWrite(op=GraphWriteOp.CREATE, triples=triples))
    assert reply.ok and reply.written == 2
    await empty_graph.sync()
    # Stored and readable, but a question must never be found as its own answer, and its
    # request triples are not the graph's vocabulary.
    assert empty_graph.entity_types() == {}
    assert empty_graph.predicates() == {}
    assert (await empty_graph.entity_state([loop])).found[loop].triples[0].object.startswith("who")
    assert await empty_graph.bm25("falcon") == []
