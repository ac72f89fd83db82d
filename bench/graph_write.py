"""Ingest over NATS: ``add_batch`` requests to the graph writer, triples/s and requests/s.

    .venv/bin/python bench/graph_write.py research_chain/sample/graph.jsonl --writers 2

Each request carries one entity's triples (the API is one subject per request,
all-or-nothing); ``--concurrency`` requests are in flight at once.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import orjson

from research_chain.bus import EmbeddedServer, connect, provision
from research_chain.config import Settings
from research_chain.graph import GraphWriter, write
from research_chain.payloads import GraphWrite, GraphWriteOp, Triple


def batches(path: Path) -> list[list[Triple]]:
    grouped: dict[str, list[Triple]] = defaultdict(list)
    with path.open("rb") as handle:
        for line in handle:
            triple = Triple.from_wire(orjson.loads(line))
            grouped[triple.subject].append(triple)
    return list(grouped.values())


async def main(args: argparse.Namespace) -> None:
    requests = [GraphWrite(op=GraphWriteOp.ADD_BATCH, triples=b) for b in batches(args.graph)]
    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedServer(store_dir=Path(tmp) / "nats")
        url = server.start()
        try:
            settings = Settings(nats_url=url, data_dir=Path(tmp), load_sample=False)
            bus = await connect(settings)
            await provision(bus, settings)
            writers = [GraphWriter(bus, settings) for _ in range(args.writers)]
            for writer in writers:
                await writer.start()
            gate = asyncio.Semaphore(args.concurrency)
            latencies: list[float] = []

            async def one(request: GraphWrite) -> None:
                async with gate:
                    t0 = time.perf_counter()
                    reply = await write(bus, request)
                    latencies.append((time.perf_counter() - t0) * 1000)
                    assert reply.ok, reply.error

            started = time.perf_counter()
            await asyncio.gather(*(one(r) for r in requests))
            elapsed = time.perf_counter() - started
            triples = sum(len(r.triples) for r in requests)
            print(
                f"over NATS ({args.writers} writer(s), {args.concurrency} in flight): "
                f"{len(requests):,} requests, {triples:,} triples in {elapsed:.2f}s = "
                f"{triples / elapsed:,.0f} triples/s, {len(requests) / elapsed:,.0f} requests/s, "
                f"p50 {statistics.median(latencies):.1f} ms"
            )
            for writer in writers:
                await writer.stop()
            await bus.close()
        finally:
            server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("graph", type=Path)
    parser.add_argument("--writers", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=64)
    asyncio.run(main(parser.parse_args()))
