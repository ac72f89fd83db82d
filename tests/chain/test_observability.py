"""Ops events, metrics, trace context and the ask/watch CLI paths on a real chain."""

from __future__ import annotations

import asyncio
import uuid

import orjson
import pytest
from nats.aio.msg import Msg

from research_chain.bus import Bus
from research_chain.bus import names as n
from research_chain.bus.trace_context import extract, inject, new_traceparent
from research_chain.client import research
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from research_chain.observability import MetricsHook, parse_traceparent
from research_chain.runtime import start_chain
from research_chain.service import run_ask
from research_chain.watch import format_event
from tests.chain.standins import Recorder, standins


def test_traceparent_round_trip() -> None:
    root = new_traceparent()
    ctx = parse_traceparent(root)
    assert ctx is not None and ctx.is_remote
    assert f"{ctx.trace_id:032x}" == root.split("-")[1]
    assert extract(inject({}, root)) == root
    assert inject({}, "") == {} and extract({}) == ""
    assert parse_traceparent("00-" + "0" * 32 + "-" + "1" * 16 + "-01") is None
    assert parse_traceparent("garbage") is None


async def test_every_step_is_published_with_timings_and_counted(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    metrics = MetricsHook()
    chain = await start_chain(bus, settings, standins(recorder), hooks=[metrics])
    loop_id = str(uuid.uuid4())
    events: list[dict[str, object]] = []
    finished = asyncio.Event()

    async def on_event(msg: Msg) -> None:
        events.append(orjson.loads(msg.data))
        if events[-1]["kind"] == "loop.finished":
            finished.set()

    sub = await bus.nc.subscribe(n.events_filter(loop_id), cb=on_event)
    try:
        await research(bus, "observed", parent_loop_id="p-obs", loop_id=loop_id, timeout=20)
        await asyncio.wait_for(finished.wait(), 20)
    finally:
        await sub.unsubscribe()
        await chain.stop()
    schedules = await bus.js.stream_info(settings.schedule_stream, subjects_filter=">")
    # The finished loop's deadline was cancelled; its records' expiry is scheduled.
    assert schedules.state.subjects == {n.expiry_schedule_subject(loop_id): 1}
    rules = [e["rule"] for e in events if e["kind"] == "rule.fired"]
    assert rules == [
        "R0.classify",
        "R1.route",
        "R2.execute",
        "R3.assess",
        "R4.sufficient",
        "continuation.deliver",
    ]
    completed = [e["stage"] for e in events if e["kind"] == "stage.completed"]
    assert completed == [
        "nl_classify",
        "route_search",
        "execute_subqueries",
        "assess_sufficiency",
        "synthesize_answer",
    ]
    assert all(isinstance(e["duration_ms"], int | float) for e in events if "duration_ms" in e)
    assert "R2.execute" in format_event(
        orjson.dumps(next(e for e in events if e.get("rule") == "R2.execute"))
    )
    registry = metrics.registry
    value = registry.get_sample_value("research_chain_rule_firings_total", {"rule": "R2.execute"})
    assert value == 1.0
    finished_labels = {"outcome": "answered", "reason": "answered"}
    assert registry.get_sample_value("research_chain_loops_finished_total", finished_labels) == 1.0


async def test_ask_prints_the_answer_and_provenance(
    bus: Bus, settings: Settings, chain: object, capsys: pytest.CaptureFixture[str]
) -> None:
    code = await run_ask(settings, "what is asked", hints={"route": "decompose"}, timeout_s=20)
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[0] == "answer about what is asked"
    assert "route decompose, 1 iteration(s)" in out
