"""The composition root: what each CLI verb runs. Only this module wires parts together."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys

from research_chain.bus import EmbeddedServer, connect, provision
from research_chain.config import Settings
from research_chain.payloads import default_registry
from research_chain.payloads.schema import write_schemas

__all__ = [
    "cli_ask",
    "cli_bench",
    "cli_eval",
    "cli_ingest",
    "cli_schema",
    "cli_up",
    "cli_watch",
    "run_up",
]

log = logging.getLogger(__name__)


def _stop_event() -> asyncio.Event:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    return stop


async def run_up(settings: Settings, *, once: bool = False) -> int:
    """Start (or join) NATS, provision, run until Ctrl-C."""
    server: EmbeddedServer | None = None
    url = settings.nats_url
    if url is None:
        server = EmbeddedServer(
            store_dir=settings.data_dir / "nats",
            host=settings.embedded_host,
            port=settings.embedded_port or -1,
        )
        url = server.start()
        print(f"embedded nats-server listening on {url} (store {server.store_dir})", flush=True)
    try:
        bus = await connect(settings, url, name="research-chain-up")
        try:
            await provision(bus, settings)
            print(f"research-chain ready on {url}", flush=True)
            if not once:
                await _stop_event().wait()
                print("stopping", flush=True)
        finally:
            await bus.close()
    finally:
        if server is not None:
            server.stop()
    return 0


def cli_up(args: argparse.Namespace, settings: Settings) -> int:
    return asyncio.run(run_up(settings, once=args.once))


def cli_schema(args: argparse.Namespace, settings: Settings) -> int:
    drift = write_schemas(default_registry(), args.out, check=args.check)
    verb = "differs" if args.check else "written"
    for name in drift:
        print(f"{args.out / name}: {verb}")
    return 1 if (args.check and drift) else 0


def _not_yet(verb: str) -> int:
    print(f"research-chain {verb}: not available in this build yet", file=sys.stderr)
    return 2


def cli_ask(args: argparse.Namespace, settings: Settings) -> int:
    return _not_yet("ask")


def cli_ingest(args: argparse.Namespace, settings: Settings) -> int:
    return _not_yet("ingest")


def cli_watch(args: argparse.Namespace, settings: Settings) -> int:
    return _not_yet("watch")


def cli_eval(args: argparse.Namespace, settings: Settings) -> int:
    return _not_yet("eval")


def cli_bench(args: argparse.Namespace, settings: Settings) -> int:
    return _not_yet("bench")
