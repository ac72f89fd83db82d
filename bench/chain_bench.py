"""Chain throughput with instant stand-in handlers, next to raw JetStream publish+ack.

Usage: .venv/bin/python bench/chain_bench.py [--loops 1000] [--in-flight 128]

Both figures come from one embedded nats-server in one run. "Persisted msgs/s"
counts every message the chain stored in any stream (KV puts, dispatches,
schedules, results) over the chain run's wall time, so it compares directly
with the raw publish+ack rate.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from nats.js import api

from research_chain.bus import Bus, EmbeddedServer, Stage, connect, provision
from research_chain.client import research
from research_chain.components.base import Component, StageContext
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from research_chain.payloads import (
    AssessmentOutput,
    ClassifierOutput,
    Evidence,
    ExecutionOutput,
    Intent,
    RetrievalTier,
    RouteAction,
    RouteDecision,
    SearchResult,
)
from research_chain.progress import ProgressBar
from research_chain.runtime import start_chain

RAW_STREAM = "BENCH_RAW"


async def raw_rate(bus: Bus, count: int, in_flight: int) -> float:
    """JetStream publish+ack with ``in_flight`` outstanding, 1 kB bodies."""
    await bus.js.add_stream(api.StreamConfig(name=RAW_STREAM, subjects=["bench.raw.>"]))
    body = b"x" * 1024
    sem = asyncio.Semaphore(in_flight)

    async def one(i: int) -> None:
        async with sem:
            await bus.js.publish(f"bench.raw.{i % 64}", body)

    started = time.perf_counter()
    await asyncio.gather(*(one(i) for i in range(count)))
    elapsed = time.perf_counter() - started
    await bus.js.delete_stream(RAW_STREAM)
    return count / elapsed


def instant_components() -> dict[Stage, Component[Any, Any]]:
    """walk_seeds -> sufficient: all five stages, no work."""

    async def classify(ctx: StageContext, p: Intent) -> ClassifierOutput:
        return ClassifierOutput(topic=p.topic)

    async def route(ctx: StageContext, p: ClassifierOutput) -> RouteDecision:
        return RouteDecision(
            action=RouteAction.WALK_SEEDS,
            args={"seeds": [{"ref": "x", "ref_type": "name"}]},
        )

    async def execute(ctx: StageContext, p: Any) -> ExecutionOutput:
        ev = Evidence(entity_id="b.e.n.c.h.x", tier=RetrievalTier.BM25, source="bench")
        return ExecutionOutput(topic=ctx.intent.topic, action=RouteAction.WALK_SEEDS, evidence=[ev])

    async def assess(ctx: StageContext, p: ExecutionOutput) -> AssessmentOutput:
        return AssessmentOutput(topic=p.topic, sufficient=True)

    async def synthesize(ctx: StageContext, p: Any) -> SearchResult:
        return SearchResult(synthesis=f"answer about {ctx.intent.topic}")

    specs: list[tuple[Stage, Any, tuple[type, ...], type]] = [
        (Stage.NL_CLASSIFY, classify, (Intent,), ClassifierOutput),
        (Stage.ROUTE_SEARCH, route, (ClassifierOutput,), RouteDecision),
        (Stage.EXECUTE_SUBQUERIES, execute, (RouteDecision, AssessmentOutput), ExecutionOutput),
        (Stage.ASSESS_SUFFICIENCY, assess, (ExecutionOutput,), AssessmentOutput),
        (Stage.SYNTHESIZE_ANSWER, synthesize, (AssessmentOutput, ExecutionOutput), SearchResult),
    ]
    return {stage: Component(stage, inputs, out, fn) for stage, fn, inputs, out in specs}


async def stored(bus: Bus) -> int:
    return sum((info.state.last_seq or 0) for info in await bus.js.streams_info())


async def serve(url: str, data_dir: str) -> None:
    """A chain replica in its own process: engine, intake, deadlines and all workers."""
    settings = Settings(nats_url=url, data_dir=Path(data_dir), max_ack_pending=1024)
    bus = await connect(settings)
    chain = await start_chain(bus, settings, instant_components(), concurrency=256)
    print("ready", flush=True)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    await chain.stop()
    await bus.close()


async def replicas(url: str, data_dir: Path, count: int) -> list[asyncio.subprocess.Process]:
    procs = []
    for _ in range(count):
        proc = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--serve", url, "--data-dir", str(data_dir),
            stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert proc.stdout is not None
        line = await asyncio.wait_for(proc.stdout.readline(), 60)
        assert line.strip() == b"ready", line
        procs.append(proc)
    return procs


async def chain_run(
    bus: Bus, settings: Settings, loops: int, in_flight: int, procs: int
) -> dict[str, float]:
    chain = None
    children: list[asyncio.subprocess.Process] = []
    if procs:
        assert settings.nats_url is not None
        children = await replicas(settings.nats_url, settings.data_dir, procs)
    else:
        chain = await start_chain(bus, settings, instant_components(), concurrency=256)
    writer = GraphWriter(bus, settings)
    await writer.start()
    sem = asyncio.Semaphore(in_flight)
    latencies: list[float] = []
    bar = ProgressBar("loops", None).__enter__()

    async def one(i: int) -> None:
        async with sem:
            t0 = time.perf_counter()
            result = await research(
                bus, f"question {i}", parent_loop_id=f"bench-{i % 32}",
                loop_id=str(uuid.uuid4()), timeout=120,
            )  # fmt: skip
            assert not result.degraded, result.degraded_reason
            latencies.append(time.perf_counter() - t0)
            bar.advance()

    try:
        warm_up = min(50, loops)
        bar.update(total=warm_up + loops)
        await asyncio.gather(*(one(i) for i in range(warm_up)))
        latencies.clear()
        before = await stored(bus)
        started = time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(loops)))
        elapsed = time.perf_counter() - started
        persisted = await stored(bus) - before
    finally:
        bar.close()
        await writer.stop()
        if chain is not None:
            await chain.stop()
        for child in children:
            child.send_signal(signal.SIGTERM)
            await child.wait()
    latencies.sort()
    return {
        "loops_per_s": loops / elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
        "persisted_per_loop": persisted / loops,
        "persisted_per_s": persisted / elapsed,
    }


async def main(loops: int, in_flight: int, raw_count: int, procs: int = 0) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedServer(store_dir=Path(tmp) / "nats")
        url = server.start()
        settings = Settings(
            nats_url=url, data_dir=Path(tmp) / "data", load_sample=False, max_ack_pending=1024
        )
        bus = await connect(settings)
        try:
            await provision(bus, settings)
            raw = await raw_rate(bus, raw_count, 256)
            chain = await chain_run(bus, settings, loops, in_flight, procs)
        finally:
            await bus.close()
            server.stop()
    print(f"raw JetStream publish+ack (256 in flight): {raw:,.0f} msg/s")
    where = f"{procs} replica process(es)" if procs else "in the client's process"
    print(
        f"chain ({where}): {loops} loops, {in_flight} in flight: "
        f"{chain['loops_per_s']:,.1f} loops/s, "
        f"p50 {chain['p50_ms']:.1f} ms, p99 {chain['p99_ms']:.1f} ms"
    )
    print(
        f"chain persisted: {chain['persisted_per_loop']:.1f} msgs/loop, "
        f"{chain['persisted_per_s']:,.0f} msg/s = {chain['persisted_per_s'] / raw:.0%} of raw"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--loops", type=int, default=1000)
    parser.add_argument("--in-flight", type=int, default=128)
    parser.add_argument("--raw", type=int, default=20000)
    parser.add_argument("--procs", type=int, default=0, help="chain replica processes (0: inline)")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", help=argparse.SUPPRESS)
    ns = parser.parse_args()
    if ns.serve:
        asyncio.run(serve(ns.serve, ns.data_dir))
    else:
        asyncio.run(main(ns.loops, ns.in_flight, ns.raw, ns.procs))
