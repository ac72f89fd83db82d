"""/metrics after a few loops: every series the issue names, with values that follow
from what the loops did; and the probes."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from prometheus_client import CollectorRegistry
from prometheus_client.parser import text_string_to_metric_families

from research_chain.bus import Bus
from research_chain.client import research
from research_chain.components.base import StageContext
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from research_chain.observability import MetricsHook
from research_chain.ops_server import OpsServer
from research_chain.payloads import SearchResult
from research_chain.runtime import start_chain
from tests.chain.standins import Recorder, standins


def _samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def _value(samples: dict[Any, float], name: str, **labels: str) -> float | None:
    return samples.get((name, frozenset(labels.items())))


async def test_metrics_endpoint_exposes_the_named_series_after_a_few_loops(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    registry = CollectorRegistry()
    ops = OpsServer("127.0.0.1", 0, registry)
    await ops.start()
    held = asyncio.Event()
    release = asyncio.Event()

    async def synthesize(ctx: StageContext, payload: Any) -> SearchResult:
        if ctx.intent.hints.get("hold") == "yes":
            held.set()
            await release.wait()
        return SearchResult(synthesis=f"answer about {ctx.intent.topic}")

    chain = await start_chain(
        bus, settings, standins(recorder, synthesize_answer=synthesize),
        hooks=[MetricsHook(registry)], lag_poll_s=3600,
    )  # fmt: skip
    ops.ready(lambda: bus.is_connected)
    url = f"http://127.0.0.1:{ops.port}"
    try:
        asks = [
            research(bus, "plain", parent_loop_id="p-m", timeout=20),
            research(bus, "tight", parent_loop_id="p-m", hints={"route": "retighten"}, timeout=20),
            research(
                bus, "thin", parent_loop_id="p-m", hints={"sufficient": "no"}, max_iterations=2,
                timeout=20,
            ),
        ]  # fmt: skip
        results = await asyncio.gather(*asks)
        holding = asyncio.create_task(
            research(bus, "held", parent_loop_id="p-m", hints={"hold": "yes"}, timeout=20)
        )
        await asyncio.wait_for(held.wait(), 20)
        assert chain.monitor is not None
        await chain.monitor.read()
        async with httpx.AsyncClient(base_url=url) as http:
            metrics = await http.get("/metrics")
            ready, live = await http.get("/readyz"), await http.get("/livez")
        release.set()
        await holding
    finally:
        await chain.stop()
        await ops.stop()
    assert not any(r.degraded for r in results)
    assert (ready.status_code, live.status_code) == (200, 200)
    s = _samples(metrics.text)
    answered = {"outcome": "answered", "reason": "answered"}
    assert _value(s, "research_chain_loops_finished_total", **answered) == 3
    assert _value(s, "research_chain_loops_in_flight") == 1
    # retighten twice (the cap is 2), then the cap forces a walk; walk_seeds for the others.
    assert _value(s, "research_chain_route_actions_total", action="retighten") == 3
    assert _value(s, "research_chain_route_actions_total", action="walk_seeds") == 3
    assert _value(s, "research_chain_rounds_total", kind="retighten") == 2
    assert _value(s, "research_chain_rounds_total", kind="refine") == 2
    assert _value(s, "research_chain_rule_firings_total", rule="R4.refine-cap") == 1
    assert _value(s, "research_chain_loop_duration_seconds_count") == 3
    assert (
        _value(s, "research_chain_stage_duration_seconds_count", stage="nl_classify", outcome="ok")
        == 3 + 2 + 1
    )
    lag = {"stream": settings.dispatch_stream, "consumer": "stage-synthesize-answer"}
    assert _value(s, "research_chain_consumer_ack_pending_messages", **lag) == 1
    assert _value(s, "research_chain_consumer_pending_messages", **lag) == 0
    assert _value(s, "research_chain_consumer_redelivered_messages", **lag) == 0
    engine = {"stream": f"KV_{settings.loops_bucket}", "consumer": "rule-engine"}
    assert _value(s, "research_chain_consumer_pending_messages", **engine) is not None


async def test_readiness_follows_the_connection(bus: Bus, settings: Settings) -> None:
    ops = OpsServer("127.0.0.1", 0, CollectorRegistry())
    await ops.start()
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{ops.port}") as http:
            before = (await http.get("/readyz")).status_code
            ops.ready(lambda: bus.is_connected)
            during = (await http.get("/readyz")).status_code
            await bus.close()
            after = (await http.get("/readyz")).status_code
            live = (await http.get("/livez")).status_code
    finally:
        await ops.stop()
    assert (before, during, after, live) == (503, 200, 503, 200)
