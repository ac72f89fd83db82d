"""Loops per second with the LLM judges against a model that takes 200 ms a reply.

Usage: .venv/bin/python bench/llm_bench.py [--delay-ms 200] [--in-flight 1,8,64,256]

One embedded nats-server, the sample graph, the real five components with the LLM
judge, and the fake OpenAI-compatible server (``tests/fake_llm.py``) in its own
process answering every call valid after ``--delay-ms``. Every loop makes at least
three model calls (route, assess, synthesize), so a loop that waited for others'
calls would run at most 1 / (3 x 0.2 s) = 1.7 loops/s whatever the number in
flight; loops that overlap scale with the number in flight until CPU or the
per-judge concurrency limit (``--llm-concurrency``) binds.
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

import orjson

from research_chain.bus import EmbeddedServer, connect, provision
from research_chain.client import research
from research_chain.components import default_components
from research_chain.config import Settings
from research_chain.graph import GraphWriter, open_graph
from research_chain.graph.sample import load_sample
from research_chain.judges import LLMJudge
from research_chain.runtime import start_chain

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = ROOT / "research_chain" / "sample" / "questions.jsonl"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def _fake(delay_ms: float) -> tuple[asyncio.subprocess.Process, str]:
    port = _free_port()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.fake_llm", "--port", str(port), "--delay-ms", str(delay_ms),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert proc.stdout is not None
    line = await asyncio.wait_for(proc.stdout.readline(), 30)
    assert b"fake LLM on" in line, line
    return proc, f"http://127.0.0.1:{port}/v1"


def _questions() -> list[str]:
    lines = QUESTIONS.read_text().splitlines()
    return [str(orjson.loads(line)["question"]) for line in lines if line.strip()]


async def _run(
    settings: Settings, questions: list[str], loops: int, in_flight: int
) -> dict[str, float]:
    bus = await connect(settings)
    sem = asyncio.Semaphore(in_flight)
    latencies: list[float] = []
    tokens: list[int] = []
    fallbacks = 0

    async def one(i: int) -> None:
        nonlocal fallbacks
        async with sem:
            started = time.perf_counter()
            result = await research(
                bus, questions[i % len(questions)], parent_loop_id=f"bench-{i % 32}",
                loop_id=str(uuid.uuid4()), timeout=300, names=settings.names(),
            )  # fmt: skip
            latencies.append(time.perf_counter() - started)
            tokens.append(result.tokens_used)
            fallbacks += any(f.endswith("llm-fallback") for f in result.fallbacks_used)

    try:
        started = time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(loops)))
        elapsed = time.perf_counter() - started
    finally:
        await bus.close()
    latencies.sort()
    return {
        "loops_per_s": loops / elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p95_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))] * 1000,
        "calls_per_loop": statistics.mean(tokens) / 120,  # the fake reports 120 tokens a call
        "fallbacks": fallbacks,
    }


async def main(delay_ms: float, levels: list[int], per_level: int, concurrency: int) -> None:
    fake, url = await _fake(delay_ms)
    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedServer(store_dir=Path(tmp) / "nats")
        nats_url = server.start()
        settings = Settings(
            nats_url=nats_url, data_dir=Path(tmp) / "data", max_ack_pending=1024,
            llm_url=url, llm_model="fake", llm_concurrency=concurrency, llm_timeout_s=60,
            loop_deadline_s=600,
        )  # fmt: skip
        bus = await connect(settings)
        judge = LLMJudge.from_settings(settings)
        try:
            await provision(bus, settings)
            await load_sample(bus, settings)
            writer = GraphWriter(bus, settings)
            await writer.start()
            graph = await open_graph(bus, settings)
            chain = await start_chain(
                bus, settings, default_components(), graph=graph, judge=judge, concurrency=256
            )
            questions = _questions()
            await _run(settings, questions, 4, 4)  # warm-up
            print(f"fake model: {delay_ms:.0f} ms a reply; judge concurrency {concurrency}")
            print("| loops in flight | loops | loops/s | p50 ms | p95 ms | model calls/loop |")
            print("|---|---|---|---|---|---|")
            for level in levels:
                loops = max(per_level, 2 * level)
                row = await _run(settings, questions, loops, level)
                print(
                    f"| {level} | {loops} | {row['loops_per_s']:.2f} | {row['p50_ms']:.0f} | "
                    f"{row['p95_ms']:.0f} | {row['calls_per_loop']:.2f} |"
                    + (f" {row['fallbacks']:.0f} fell back" if row["fallbacks"] else ""),
                    flush=True,
                )
            await chain.stop()
            await graph.close()
            await writer.stop()
        finally:
            await judge.aclose()
            await bus.close()
            server.stop()
            fake.terminate()
            await fake.wait()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--delay-ms", type=float, default=200)
    parser.add_argument("--in-flight", default="1,8,64,256")
    parser.add_argument("--loops", type=int, default=16, help="at least this many per level")
    parser.add_argument("--llm-concurrency", type=int, default=256)
    args = parser.parse_args()
    levels = [int(x) for x in args.in_flight.split(",")]
    asyncio.run(main(args.delay_ms, levels, args.loops, args.llm_concurrency))
