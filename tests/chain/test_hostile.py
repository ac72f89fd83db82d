"""Issue 12: hostile input and faults end cleanly, once, with a reason (defects 3 to 7)."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import pytest

from research_chain.bus import Bus
from research_chain.bus import names as n
from research_chain.bus.names import Stage
from research_chain.client import evidence_body, request_triples, start_research
from research_chain.components.base import StageContext
from research_chain.config import Settings
from research_chain.errors import PayloadTooLarge, ResearchChainError, ValidationFailed
from research_chain.graph.writer import GraphWriter
from research_chain.payloads import (
    ClassifierOutput,
    EntityState,
    Evidence,
    ExecutionOutput,
    Intent,
    RetrievalTier,
    RouteAction,
    SearchResult,
    Triple,
    default_registry,
)
from research_chain.runtime import start_chain
from research_chain.runtime.advisories import MaxDeliveriesWatcher
from research_chain.runtime.bulky import PREVIEW_CHARS
from research_chain.runtime.continuation import Continuation
from research_chain.runtime.hooks import HookSet
from research_chain.runtime.state import LoopState, LoopStore
from tests.chain.helpers import awaiting, decode_result, results_stored
from tests.chain.standins import Recorder, standins

PARENT = "parent-hostile"


def _triples(loop_id: str, topic: str = "t") -> list[Triple]:
    """A request's triples for any loop id (the client itself refuses unusable ones)."""
    entity_id = f"{n.RESEARCH_LOOP_PREFIX}.{n.RESEARCH_LOOP_TYPE}.{loop_id}"
    triples = request_triples(str(uuid.uuid4()), topic, parent_loop_id=PARENT)
    return [t.model_copy(update={"subject": entity_id}) for t in triples]


async def _put_entity(bus: Bus, settings: Settings, loop_id: str) -> None:
    """A research-loop entity written straight into the bucket, past the graph write API."""
    triples = _triples(loop_id)
    entity_id = triples[0].subject
    entity = EntityState(id=entity_id, type="research_loop", triples=triples)
    kv = await bus.js.key_value(settings.entities_bucket)
    await kv.put(entity_id, default_registry().encode(entity))


async def _running_loop(bus: Bus, settings: Settings) -> tuple[Continuation, LoopState]:
    """A loop's stored state (no chain running) and a continuation to end it with."""
    store = LoopStore(bus, settings.loops_bucket)
    intent = Intent(topic="t")
    now = time.time()
    state = LoopState(
        loop_id=str(uuid.uuid4()), parent_loop_id=PARENT, intent=intent, current=intent,
        deadline=now + 60, started_at=now,
    )  # fmt: skip
    assert await store.create(state.model_copy(deep=True))
    return Continuation(bus, store, HookSet([])), state


async def test_defect_5_a_loop_id_over_128_characters_is_refused_by_the_graph_write(
    bus: Bus, chain: Any, recorder: Recorder
) -> None:
    long_id = "a" * 129
    with pytest.raises(ValidationFailed, match=r"loop_id: 129 characters, at most 128"):
        await start_research(bus, _triples(long_id))
    with pytest.raises(ValidationFailed, match=r"loop_id: 'short' is not a full UUID"):
        await start_research(bus, _triples("short"))
    assert not recorder.inputs


async def test_defect_5_a_long_loop_id_past_the_write_api_still_answers_its_parent(
    bus: Bus, settings: Settings, chain: Any, recorder: Recorder
) -> None:
    long_id = "b" * 200
    async with awaiting(bus, n.result_subject(PARENT)) as got:
        await _put_entity(bus, settings, long_id)
    result = decode_result(got[0])
    assert result.degraded
    assert "loop_id: 200 characters, at most 128 allowed" in result.degraded_reason
    assert got[0].headers is not None
    assert got[0].headers[n.Header.LOOP_ID] == long_id
    assert not recorder.inputs


async def test_defect_3_an_unexpected_intake_failure_is_parked_and_answered_once(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    # A deployment that allows absurd deadlines: scheduling one raises ValueError (past
    # year 9999) inside intake, an exception outside the project's tree.
    settings = settings.model_copy(update={"max_deadline_s": 1e13})
    chain = await start_chain(bus, settings, standins(recorder))
    try:
        loop_id = str(uuid.uuid4())
        triples = request_triples(
            loop_id, "far", parent_loop_id=PARENT, hints={"deadline_s": "1e12"}
        )
        async with (
            awaiting(bus, n.intake_dlq_subject()) as parked,
            awaiting(bus, n.result_subject(PARENT)) as got,
        ):
            await start_research(bus, triples)
    finally:
        await chain.stop()
    assert parked[0].headers is not None
    assert parked[0].headers[n.Header.ERROR_TYPE] in ("ValueError", "OverflowError")
    assert parked[0].headers[n.Header.ATTEMPT] == "1"
    assert parked[0].headers[n.Header.LOOP_ID] == loop_id
    result = decode_result(got[0])
    assert result.degraded and result.degraded_reason.startswith("intake failed: ")
    assert await results_stored(bus, settings.results_stream, PARENT) == 1


async def test_defect_6_a_losing_finisher_publishes_nothing_to_the_parent(
    bus: Bus, settings: Settings
) -> None:
    continuation, stale = await _running_loop(bus, settings)
    loop_id = stale.loop_id
    sentinel = b"sentinel"
    async with awaiting(bus, n.result_subject(PARENT), count=2) as got:
        # The deadline wins; then a finisher that read the state before it (a worker
        # paused past the deadline) delivers its answer and loses.
        assert await continuation.degrade(loop_id, "deadline exceeded", fallback="deadline")
        assert not await continuation.deliver(stale, SearchResult(synthesis="late answer"))
        # Same connection, so it arrives after anything the loser could have sent.
        await bus.send(n.result_subject(PARENT), sentinel)
    assert [msg.data == sentinel for msg in got] == [False, True]
    assert decode_result(got[0]).degraded_reason == "deadline exceeded"
    # The stream stores what arrives through its outbox only: the one result.
    assert await results_stored(bus, settings.results_stream, PARENT) == 1


async def test_defect_7_an_output_over_the_max_payload_is_parked_at_once_not_retried(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    calls: list[int] = []

    async def bulky(ctx: StageContext, payload: Intent) -> ClassifierOutput:
        calls.append(ctx.attempt)
        return ClassifierOutput(topic=payload.topic, intent="x" * 1_100_000)

    chain = await start_chain(bus, settings, standins(recorder, nl_classify=bulky))
    try:
        loop_id = str(uuid.uuid4())
        async with (
            awaiting(bus, n.dlq_subject(Stage.NL_CLASSIFY)) as parked,
            awaiting(bus, n.result_subject(PARENT)) as got,
        ):
            await start_research(bus, request_triples(loop_id, "big", parent_loop_id=PARENT))
    finally:
        await chain.stop()
    assert calls == [1]
    assert parked[0].headers is not None
    assert parked[0].headers[n.Header.ERROR_TYPE] == "PayloadTooLarge"
    result = decode_result(got[0])
    assert result.degraded and "PayloadTooLarge" in result.degraded_reason


async def test_defect_7_a_request_over_the_max_payload_is_a_clean_error(
    bus: Bus, writer: GraphWriter
) -> None:
    triples = request_triples(str(uuid.uuid4()), "t " * 600_000, parent_loop_id=PARENT)
    with pytest.raises(PayloadTooLarge, match="max payload"):
        await start_research(bus, triples)


@pytest.mark.parametrize(
    "subject",
    ["component.nl_classify.a.b", "component.unknown_stage.x", "research.result.a.b"],
)
async def test_streams_refuse_subjects_no_consumer_takes(
    bus: Bus, settings: Settings, subject: str
) -> None:
    with pytest.raises(ResearchChainError):
        await bus.publish(subject, b"{}")
    for stream in (settings.dispatch_stream, settings.results_stream):
        assert (await bus.stream_state(stream)).messages == 0


async def test_a_trigger_the_engine_cannot_read_is_parked_and_the_loop_ends(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    release = asyncio.Event()
    entered = asyncio.Event()

    async def stuck(ctx: StageContext, payload: Intent) -> Any:
        entered.set()
        await release.wait()
        raise RuntimeError("released")

    chain = await start_chain(bus, settings, standins(recorder, nl_classify=stuck))
    loop_id = str(uuid.uuid4())
    try:
        async with (
            awaiting(bus, n.dlq_subject("engine")) as parked,
            awaiting(bus, n.result_subject(PARENT)) as got,
        ):
            await start_research(bus, request_triples(loop_id, "t", parent_loop_id=PARENT))
            await asyncio.wait_for(entered.wait(), 20)
            key = n.stage_key(Stage.NL_CLASSIFY, loop_id)
            subject = settings.names().kv_subject(settings.loops_bucket, key)
            await bus.publish(subject, b"not a payload", headers={n.Header.STEP: "1"})
    finally:
        release.set()
        await chain.stop()
    assert parked[0].headers is not None
    assert parked[0].headers[n.Header.ERROR_TYPE] == "DecodeError"
    assert parked[0].headers[n.Header.LOOP_ID] == loop_id
    result = decode_result(got[0])
    assert result.degraded
    assert result.degraded_reason.startswith("rule chain failed on classify.complete: DecodeError")


async def test_a_control_message_never_acknowledged_is_parked_from_its_advisory(
    bus: Bus, settings: Settings
) -> None:
    names = settings.names()
    continuation, state = await _running_loop(bus, settings)
    loop_id = state.loop_id
    trigger = names.kv_subject(settings.loops_bucket, n.requested_key(loop_id))
    seq = (await bus.publish(trigger, b"{}", headers={n.Header.STEP: "0"})).seq
    watcher = MaxDeliveriesWatcher(bus, continuation, dispatch_stream=names.dispatch_stream)
    async with (
        awaiting(bus, n.dlq_subject("engine")) as parked,
        awaiting(bus, n.result_subject(PARENT)) as got,
    ):
        await watcher.park_control(f"KV_{settings.loops_bucket}", "engine", seq, 50)
    assert parked[0].headers is not None
    assert parked[0].headers[n.Header.ERROR_TYPE] == "MaxDeliveries"
    assert parked[0].headers[n.Header.ATTEMPT] == "50"
    assert decode_result(got[0]).degraded_reason.startswith("engine failed after 50 attempt(s)")


async def test_defect_7_bulky_evidence_goes_to_the_object_store_with_a_reference(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    bodies = [f"{i}" * 450_000 for i in range(3)]

    async def bulky_execute(ctx: StageContext, payload: Any) -> ExecutionOutput:
        evidence = [
            Evidence(entity_id=f"t.p.d.s.doc.e{i}", tier=RetrievalTier.BM25, source="s",
                     snippet_text=body)
            for i, body in enumerate(bodies)
        ]  # fmt: skip
        evidence.append(Evidence(entity_id="t.p.d.s.doc.small", tier=RetrievalTier.BM25,
                                 source="s", snippet_text="small"))  # fmt: skip
        return ExecutionOutput(
            topic=ctx.intent.topic, action=RouteAction.WALK_SEEDS, evidence=evidence
        )

    chain = await start_chain(bus, settings, standins(recorder, execute_subqueries=bulky_execute))
    try:
        loop_id = str(uuid.uuid4())
        async with awaiting(bus, n.result_subject(PARENT)) as got:
            await start_research(bus, request_triples(loop_id, "bulky", parent_loop_id=PARENT))
    finally:
        await chain.stop()
    result = decode_result(got[0])
    assert not result.degraded
    by_id = {e.entity_id: e for e in result.evidence}
    assert by_id["t.p.d.s.doc.small"].snippet_text == "small"
    assert not by_id["t.p.d.s.doc.small"].objectstore_ref
    moved = [e for e in result.evidence if e.objectstore_ref]
    assert moved and all(len(e.snippet_text) == PREVIEW_CHARS for e in moved)
    for item in moved:
        full = await evidence_body(bus, item, names=settings.names())
        assert full in bodies and full.startswith(item.snippet_text)
