"""Serve the real chain for ``research-chain eval``: embedded nats-server, graph, all stages.

    .venv/bin/python bench/serve_chain.py --port 4333 --sample
    .venv/bin/python bench/serve_chain.py --port 4333 --metaqa /work/shared/data/metaqa/kb.txt
    .venv/bin/research-chain eval research_chain/sample/questions.jsonl --nats-url nats://127.0.0.1:4333

Everything is the production path (KV-backed graph, rule engine, JetStream dispatch,
the five components, the heuristic judge); only the process layout is a bench choice.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import tempfile
import time
from pathlib import Path

from research_chain.bus import EmbeddedServer, connect, provision
from research_chain.components import default_components
from research_chain.config import Settings
from research_chain.graph import GraphWriter, open_graph
from research_chain.graph.ingest import PRESETS, IngestOptions, ingest_files
from research_chain.graph.sample import load_sample
from research_chain.judges import HeuristicJudge
from research_chain.runtime import start_chain


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=4333)
    parser.add_argument("--sample", action="store_true")
    parser.add_argument("--metaqa", type=Path)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--join", help="join a running server: stage workers only, no engine")
    args = parser.parse_args()
    store = Path(tempfile.mkdtemp(prefix="rc-bench-"))
    server = None if args.join else EmbeddedServer(store_dir=store / "nats", port=args.port)
    url = args.join or server.start()
    settings = Settings(
        nats_url=url, data_dir=store, load_sample=False, workers_per_stage=args.workers,
        log_level="WARNING",
    )  # fmt: skip
    bus = await connect(settings, url, name="bench-chain")
    await provision(bus, settings)
    t0 = time.perf_counter()
    if args.join:
        pass
    elif args.sample:
        await load_sample(bus, settings, force=True)
    if args.metaqa and not args.join:
        options = IngestOptions(format="delimited", mapping=PRESETS["metaqa"], source="metaqa")
        await ingest_files(bus, settings, [args.metaqa], options)
    writer = GraphWriter(bus, settings)
    if not args.join:
        await writer.start()
    graph = await open_graph(bus, settings, timeout_s=600)
    print(f"graph: {len(graph)} entities in {time.perf_counter() - t0:.1f}s", flush=True)
    chain = await start_chain(
        bus, settings, default_components(), graph=graph, judge=HeuristicJudge(),
        concurrency=args.concurrency, run_engine=not args.join,
    )  # fmt: skip
    print(f"chain ready on {url}", flush=True)
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set)
    await stop.wait()
    await chain.stop()
    if not args.join:
        await writer.stop()
    await graph.close()
    await bus.close()
    if server is not None:
        server.stop()


if __name__ == "__main__":
    import os

    if os.environ.get("RC_PROFILE"):
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.enable()
        try:
            asyncio.run(main())
        finally:
            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").dump_stats(os.environ["RC_PROFILE"])
    else:
        asyncio.run(main())
