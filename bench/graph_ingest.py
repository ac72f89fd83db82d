"""Ingest a file into a fresh embedded nats-server and report triples/s, then index build.

    .venv/bin/python bench/graph_ingest.py /work/shared/data/metaqa/kb.txt --mapping metaqa
    .venv/bin/python bench/graph_ingest.py /tmp/g100k.jsonl

Prints the file ingest rate, the time and memory to build a worker's indexes from
the bucket, and (for MetaQA) a walk from a director's name as a check.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import tempfile
import time
from pathlib import Path

from research_chain.bus import EmbeddedServer, connect, provision
from research_chain.config import Settings
from research_chain.graph import Direction, open_graph
from research_chain.graph.ingest import IngestOptions, Progress, ingest_files, load_mapping


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedServer(store_dir=Path(tmp) / "nats")
        url = server.start()
        try:
            settings = Settings(nats_url=url, data_dir=Path(tmp), load_sample=False)
            bus = await connect(settings)
            await provision(bus, settings)
            options = IngestOptions(mapping=load_mapping(args.mapping), window=args.window)
            summary = await ingest_files(bus, settings, args.files, options, Progress())
            for line in summary.lines():
                print(line)
            before = rss_mb()
            started = time.perf_counter()
            graph = await open_graph(bus, settings, timeout_s=3600)
            built = time.perf_counter() - started
            print(
                f"index build: {len(graph)} entities in {built:.2f}s "
                f"({len(graph) / built:,.0f} entities/s); "
                f"peak RSS {rss_mb():,.0f} MB (before {before:,.0f} MB)"
            )
            if args.name:
                seeds = await graph.resolve_seed(args.name, "name")  # type: ignore[arg-type]
                hits = await graph.predicate_walk(seeds, [args.predicate], Direction.IN)
                labels = sorted(graph.label(h.entity_id) for h in hits)
                print(f"{args.predicate} in from {args.name!r} {seeds}: {labels[:10]}")
            await graph.close()
            await bus.close()
        finally:
            server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--mapping", default="generic")
    parser.add_argument("--window", type=int, default=200_000)
    parser.add_argument("--name", help="walk in from this name after ingest")
    parser.add_argument("--predicate", default="directed_by")
    asyncio.run(main(parser.parse_args()))
