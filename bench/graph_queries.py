"""Query latency of the embedded graph: BM25 top-25 and 2-hop walks, plus build cost.

    .venv/bin/python bench/graph_queries.py /tmp/g100k.jsonl
    .venv/bin/python bench/graph_queries.py /tmp/g1m.jsonl

Ingests the file into a fresh embedded nats-server, builds a worker's indexes
from the bucket (time, entities/s, resident memory), then runs 300 BM25 top-25
queries and 300 two-hop walks from random drones, printing p50/p99.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import resource
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from research_chain.bus import EmbeddedServer, connect, provision
from research_chain.config import Settings
from research_chain.graph import Direction, EmbeddedGraph, Step, open_graph
from research_chain.graph.fulltext import document_text
from research_chain.graph.ingest import IngestOptions, Progress, ingest_files
from research_chain.graph.text import tokens


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def percentiles(run: Callable[[int], Awaitable[object]], n: int) -> tuple[float, float]:
    samples = []
    for i in range(n):
        started = time.perf_counter()
        await run(i)
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(n * 0.99) - 1]


async def measure(graph: EmbeddedGraph, n: int) -> None:
    rng = random.Random(5)
    nodes = list(graph.memory.nodes.values())
    queries = []
    for node in rng.sample(nodes, n):
        words = tokens(document_text(node))
        queries.append(" ".join(rng.sample(words, min(len(words), rng.randint(2, 4)))))
    p50, p99 = await percentiles(lambda i: graph.bm25(queries[i], 25), n)
    print(f"bm25 top-25: p50 {p50:.2f} ms, p99 {p99:.2f} ms ({n} queries)")
    drones = [e for e in graph.memory.nodes if e.split(".")[4] == "drone"]
    seeds = rng.sample(drones, n)
    counts: list[int] = []

    async def walk(i: int) -> None:
        hits = await graph.predicate_walk([seeds[i]], None, Direction.BOTH, max_hops=2)
        counts.append(len(hits))

    p50, p99 = await percentiles(walk, n)
    print(
        f"predicate_walk 2-hop both ways (fanout 100): p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
        f"median {statistics.median(counts):.0f} entities reached"
    )
    steps = [Step("assigned_to", Direction.IN), Step("operated_by")]
    p50, p99 = await percentiles(lambda i: graph.walk_path([seeds[i]], steps), n)
    print(f"walk_path drone<-assigned_to-mission-operated_by->: p50 {p50:.3f} ms, p99 {p99:.3f} ms")


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(dir=args.tmp) as tmp:
        server = EmbeddedServer(store_dir=Path(tmp) / "nats")
        url = server.start()
        try:
            settings = Settings(nats_url=url, data_dir=Path(tmp), load_sample=False)
            bus = await connect(settings)
            await provision(bus, settings)
            summary = await ingest_files(bus, settings, [args.graph], IngestOptions(), Progress())
            print(summary.lines()[0])
            gc.collect()
            before = rss_mb()
            started = time.perf_counter()
            graph = await open_graph(bus, settings, timeout_s=3600)
            built = time.perf_counter() - started
            gc.collect()
            print(
                f"index build: {len(graph):,} entities in {built:.1f}s "
                f"({len(graph) / built:,.0f} entities/s), "
                f"RSS {rss_mb():,.0f} MB (+{rss_mb() - before:,.0f} MB for the indexes)"
            )
            await measure(graph, args.n)
            await graph.close()
            await bus.close()
        finally:
            server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("graph", type=Path)
    parser.add_argument("-n", type=int, default=300)
    parser.add_argument("--tmp", default=None, help="where the temporary nats store goes")
    asyncio.run(main(parser.parse_args()))
