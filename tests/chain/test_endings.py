"""Loops that cannot answer still end, once: deadline, invalid request, poison dispatch."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from nats.aio.msg import Msg

from research_chain.bus import Bus, connect
from research_chain.bus import names as n
from research_chain.bus.names import Stage
from research_chain.client import fetch_result, request_triples, start_research
from research_chain.components.base import StageContext
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from research_chain.payloads import EntityState, ExecutionOutput, Triple, default_registry
from research_chain.runtime import start_chain
from tests.chain.helpers import awaiting, decode_result, results_stored, until_settled
from tests.chain.standins import Recorder, standins

PARENT = "parent-endings"


async def test_deadline_ends_the_loop_degraded_and_ignores_late_completions(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    release = asyncio.Event()
    entered = asyncio.Event()

    async def stuck_assess(ctx: StageContext, payload: ExecutionOutput) -> Any:
        recorder.record(ctx, payload)
        entered.set()
        await release.wait()
        return standin_assess(payload)

    def standin_assess(payload: ExecutionOutput) -> Any:
        from research_chain.payloads import AssessmentOutput

        return AssessmentOutput(topic=payload.topic, sufficient=True)

    chain = await start_chain(bus, settings, standins(recorder, assess_sufficiency=stuck_assess))
    try:
        loop_id = str(uuid.uuid4())
        async with awaiting(bus, n.result_subject(PARENT)) as got:
            triples = request_triples(
                loop_id, "slow question", parent_loop_id=PARENT, hints={"deadline_s": "1"}
            )
            await start_research(bus, triples)
        result = decode_result(got[0])
        assert result.degraded
        assert result.degraded_reason == "deadline exceeded"
        assert [e.entity_id for e in result.evidence] == ["t.p.d.s.thing.e0"]
        assert "deadline-exceeded" in result.fallbacks_used
        assert entered.is_set()
        release.set()
        # The late completion is written, seen by the engine and ignored.
        kv = await bus.js.key_value(settings.loops_bucket)
        watcher = await kv.watch(n.stage_key(Stage.ASSESS_SUFFICIENCY, loop_id))
        async for entry in watcher:
            if entry is not None and entry.value:
                break
        await watcher.stop()  # type: ignore[no-untyped-call]
    finally:
        release.set()
        await chain.stop()
    assert Stage.SYNTHESIZE_ANSWER not in recorder.stages(loop_id)
    stored = await fetch_result(bus, loop_id, names=settings.names())
    assert stored is not None and stored.degraded_reason == "deadline exceeded"
    assert await results_stored(bus, settings.results_stream, PARENT) == 1


def _with(triples: list[Triple], predicate: str, value: str) -> list[Triple]:
    return [
        t.model_copy(update={"object": value}) if t.predicate == predicate else t for t in triples
    ]


def _hint(triples: list[Triple], text: str) -> list[Triple]:
    return [*triples, triples[0].model_copy(update={"predicate": "research.hint", "object": text})]


def _hints(triples: list[Triple], count: int) -> list[Triple]:
    for i in range(count):
        triples = _hint(triples, f"k{i}=v")
    return triples


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda ts: _with(ts, "research.topic", "  "), "research.topic: must not be blank"),
        (
            lambda ts: [
                *ts,
                ts[0].model_copy(update={"predicate": "research.hint", "object": "novalue"}),
            ],
            "research.hint: 'novalue' is not key=value",
        ),
        (
            lambda ts: _with(ts, "research.budget_tokens", "-5"),
            "research.budget_tokens: must be 0..10000000, got -5",
        ),
        # issue 12, defect 3: a budget over 64 bits and a deadline past datetime's range
        (
            lambda ts: _with(ts, "research.budget_tokens", str(2**70)),
            "research.budget_tokens: must be 0..10000000",
        ),
        (lambda ts: _hint(ts, "deadline_s=1e12"), "deadline_s='1e12' must be seconds in"),
        # defect 4: an infinite (or NaN) deadline
        (lambda ts: _hint(ts, "deadline_s=inf"), "deadline_s='inf' must be seconds in"),
        (lambda ts: _hint(ts, "deadline_s=nan"), "deadline_s='nan' must be seconds in"),
        # defect 2 and the edge limits: topic length, hint count and size, iterations
        (
            lambda ts: _with(_with(ts, "research.topic", "w " * 1500), "research.requested", "x"),
            "research.topic: 3000 characters, at most 1000 allowed",
        ),
        (
            lambda ts: _hints(ts, 33),
            "research.hint: more than 32 hints",
        ),
        (lambda ts: _hint(ts, "k=" + "v" * 501), "research.hint: 'k' longer than"),
        (
            lambda ts: _with(ts, "research.max_iterations", "1000"),
            "research.max_iterations: must be 0..20, got 1000",
        ),
    ],
)
async def test_invalid_request_gets_a_degraded_result_naming_the_problem(
    bus: Bus, chain: Any, recorder: Recorder, edit: Any, problem: str
) -> None:
    loop_id = str(uuid.uuid4())
    triples = edit(request_triples(loop_id, "a topic", parent_loop_id=PARENT))
    triples = [
        t for t in triples if not (t.predicate == "research.requested" and not t.object.strip())
    ]
    async with awaiting(bus, n.result_subject(PARENT)) as got:
        await start_research(bus, triples)
    result = decode_result(got[0])
    assert result.degraded
    assert problem in result.degraded_reason
    assert result.degraded_reason.startswith("invalid request: ")
    assert got[0].headers is not None
    assert got[0].headers[n.Header.LOOP_ID] == loop_id
    assert not recorder.inputs


async def test_request_without_parent_is_parked_with_its_reason(
    bus: Bus, chain: Any, recorder: Recorder
) -> None:
    loop_id = str(uuid.uuid4())
    triples = [
        t
        for t in request_triples(loop_id, "orphan", parent_loop_id="nobody")
        if t.predicate != "research.parent_loop"
    ]
    async with awaiting(bus, n.intake_dlq_subject()) as got:
        await start_research(bus, triples)
    assert got[0].headers is not None
    assert "research.parent_loop: missing" in got[0].headers[n.Header.REASON]
    assert got[0].headers[n.Header.LOOP_ID] == loop_id
    assert not recorder.inputs


async def test_a_repeated_request_starts_nothing_new(
    bus: Bus, settings: Settings, chain: Any, recorder: Recorder
) -> None:
    loop_id = str(uuid.uuid4())
    triples = request_triples(loop_id, "once", parent_loop_id=PARENT)
    entity = EntityState(id=n.loop_entity_id(loop_id), type="research_loop", triples=triples)
    kv = await bus.js.key_value(settings.entities_bucket)
    async with awaiting(bus, n.result_subject(PARENT)) as got:
        await kv.put(entity.id, default_registry().encode(entity))
    last = 0
    for _ in range(2):
        last = await kv.put(entity.id, default_registry().encode(entity))
    names = settings.names()
    intake = (f"KV_{names.entities_bucket}", names.intake_consumer)

    async def intake_caught_up() -> bool:
        info = await bus.js.consumer_info(*intake)
        return info.ack_floor is not None and (info.ack_floor.stream_seq or 0) >= last

    await until_settled(bus, [intake], intake_caught_up)
    assert not decode_result(got[0]).degraded
    assert recorder.stages(loop_id).count(Stage.NL_CLASSIFY) == 1
    assert await results_stored(bus, settings.results_stream, PARENT) == 1


async def test_poison_dispatch_is_parked_and_the_loop_ends_degraded(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    calls: list[int] = []

    async def poison(ctx: StageContext, payload: Any) -> Any:
        calls.append(ctx.attempt)
        raise RuntimeError("router exploded")

    chain = await start_chain(bus, settings, standins(recorder, route_search=poison))
    try:
        loop_id = str(uuid.uuid4())
        async with (
            awaiting(bus, n.dlq_subject(Stage.ROUTE_SEARCH)) as parked,
            awaiting(bus, n.result_subject(PARENT)) as got,
        ):
            await start_research(bus, request_triples(loop_id, "poison", parent_loop_id=PARENT))
    finally:
        await chain.stop()
    assert calls == list(range(1, settings.max_deliver + 1))
    headers = parked[0].headers
    assert headers is not None
    assert headers[n.Header.ERROR_TYPE] == "RuntimeError"
    assert headers[n.Header.ERROR_MESSAGE] == "router exploded"
    assert headers[n.Header.ATTEMPT] == str(settings.max_deliver)
    result = decode_result(got[0])
    assert result.degraded
    attempts = settings.max_deliver
    assert result.degraded_reason == (
        f"route_search failed after {attempts} attempt(s): RuntimeError: router exploded"
    )
    assert "route_search-dead-lettered" in result.fallbacks_used


async def test_a_deadline_that_fires_while_no_engine_runs_is_honoured_on_restart(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    release = asyncio.Event()
    entered = asyncio.Event()

    async def stuck_route(ctx: StageContext, payload: Any) -> Any:
        entered.set()
        await release.wait()
        raise RuntimeError("released")

    workers = await start_chain(
        bus, settings, standins(recorder, route_search=stuck_route), run_engine=False
    )
    engine = await start_chain(bus, settings, None)
    loop_id = str(uuid.uuid4())
    try:
        async with awaiting(bus, n.result_subject(PARENT)) as got:
            triples = request_triples(
                loop_id, "outlives", parent_loop_id=PARENT, hints={"deadline_s": "1"}
            )
            await start_research(bus, triples)
            await asyncio.wait_for(entered.wait(), 20)
            await engine.stop()
            # The server stores the fired deadline in the stream (no core publish): an
            # ordered consumer on its subject hears it land.
            fired = asyncio.Event()

            async def landed(msg: Msg) -> None:
                fired.set()

            watch = await bus.js.subscribe(
                n.deadline_subject(loop_id), stream=settings.schedule_stream,
                ordered_consumer=True, cb=landed,
            )  # fmt: skip
            try:
                await asyncio.wait_for(fired.wait(), 20)
            finally:
                await watch.unsubscribe()
            assert got == []
            engine = await start_chain(bus, settings, None)
    finally:
        release.set()
        await engine.stop()
        await workers.stop()
    result = decode_result(got[0])
    assert result.degraded_reason == "deadline exceeded"
    assert await results_stored(bus, settings.results_stream, PARENT) == 1


async def test_a_worker_that_dies_on_every_attempt_is_parked_after_max_deliver(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    settings = settings.model_copy(update={"ack_wait_s": 1.0, "max_deliver": 2})
    entered = asyncio.Event()
    attempts: list[int] = []

    async def dies(ctx: StageContext, payload: Any) -> Any:
        attempts.append(ctx.attempt)
        entered.set()
        await asyncio.Event().wait()  # until the crash below cancels it

    engine = await start_chain(bus, settings, None)
    loop_id = str(uuid.uuid4())
    results: list[Msg] = []
    finished = asyncio.Event()

    async def on_result(msg: Msg) -> None:
        results.append(msg)
        finished.set()

    sub = await bus.nc.subscribe(n.result_subject(PARENT), cb=on_result)
    try:
        await start_research(bus, request_triples(loop_id, "dies", parent_loop_id=PARENT))
        # Each delivery lands on a fresh worker process that crashes mid-handler. (A
        # delivery can also be lost to a crashed worker's pending pull; either way it
        # counts, and no ack ever comes.)
        async with asyncio.timeout(30):
            while not finished.is_set():
                entered.clear()
                worker_bus = await connect(settings)
                worker = await start_chain(
                    worker_bus, settings, standins(recorder, nl_classify=dies)
                )
                waits = [asyncio.ensure_future(e.wait()) for e in (entered, finished)]
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                for w in waits:
                    w.cancel()
                await worker.abort()
                await worker_bus.nc.close()
    finally:
        await sub.unsubscribe()
        await engine.stop()
    assert attempts and attempts[0] == 1 and set(attempts) <= {1, 2}
    parked = await bus.js.get_last_msg(settings.dlq_stream, n.dlq_subject(Stage.NL_CLASSIFY))
    assert parked.headers is not None
    assert parked.headers[n.Header.ERROR_TYPE] == "MaxDeliveries"
    assert parked.headers[n.Header.LOOP_ID] == loop_id
    result = decode_result(results[0])
    assert result.degraded
    assert result.degraded_reason.startswith("nl_classify failed after 2 attempt(s): no ack")
    assert await results_stored(bus, settings.results_stream, PARENT) == 1
    info = await bus.js.stream_info(settings.dispatch_stream)
    assert info.state.messages == 0


async def test_a_slow_live_handler_is_not_run_twice(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    settings = settings.model_copy(update={"ack_wait_s": 0.5})
    calls: list[int] = []
    # The handler works until the server has been told "still working" for three whole
    # ack_waits (three beats each): the progress acks on the wire are the event waited on.
    beats, outlasted = 0, asyncio.Event()

    async def on_ack(msg: Msg) -> None:
        nonlocal beats
        beats += msg.data == b"+WPI"
        if beats >= 9:
            outlasted.set()

    async def slow_assess(ctx: StageContext, payload: ExecutionOutput) -> Any:
        from research_chain.payloads import AssessmentOutput

        calls.append(ctx.attempt)
        await asyncio.wait_for(outlasted.wait(), 30)
        return AssessmentOutput(topic=payload.topic, sufficient=True)

    acks = await bus.nc.subscribe("$JS.ACK.>", cb=on_ack)
    chain = await start_chain(bus, settings, standins(recorder, assess_sufficiency=slow_assess))
    try:
        async with awaiting(bus, n.result_subject(PARENT)) as got:
            loop_id = str(uuid.uuid4())
            await start_research(bus, request_triples(loop_id, "slow", parent_loop_id=PARENT))
    finally:
        await chain.stop()
        await acks.unsubscribe()
    assert not decode_result(got[0]).degraded
    assert calls == [1]
