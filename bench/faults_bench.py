"""Recovery time after a worker kill, and chain throughput on three nodes next to one.

Usage:
    .venv/bin/python bench/faults_bench.py recovery [--runs 5] [--loops 200] [--ack-wait 5]
        [--fault kill|restart] [--nodes 1|3]
    .venv/bin/python bench/faults_bench.py throughput [--loops 1000] [--in-flight 128]

recovery: two ``research-chain up`` workers on the shipped single-node config (or the
three-node cluster, ``--nodes 3``, where ``restart`` restarts its first node); a
quarter of the way through the loops one worker is killed with SIGKILL (``--fault
kill``) or nats-server is restarted (``--fault restart``). Printed per run: seconds
from the fault until every loop has its result, the same span in a run without a
fault (the work that was left anyway), and the fault suite's counts (lost,
duplicated, degraded: a loop that only its deadline ended). The median and the
worst of the runs are printed last.

throughput: the chain with instant stand-in stages in this process, on the shipped
single-node config and on the three-node cluster (R3 streams and buckets), one after
the other in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from chain_bench import chain_run  # noqa: E402  (bench/ is on sys.path as the script's dir)

from research_chain.bus import connect, provision  # noqa: E402
from tests.faults.harness import (  # noqa: E402
    Tally,
    loops_through,
    start_nats,
    worker_fleet,
    worker_settings,
)


async def one_recovery(
    base: Path, loops: int, ack_wait_s: float, fault: str | None, nodes: int
) -> tuple[float, Tally]:
    nats = start_nats(base / "nats", nodes)
    try:
        settings = worker_settings(
            nats, base / "data", ack_wait_s=ack_wait_s, backoff_initial_s=0.5, backoff_max_s=10.0
        )
        started = 0.0
        async with worker_fleet(settings, base, 2) as fleet:

            async def apply() -> None:
                nonlocal started
                started = time.perf_counter()
                if fault == "kill":
                    await fleet[0].kill()
                elif fault == "restart":
                    await asyncio.to_thread(nats.restart, 0)

            tally = await loops_through(settings, apply, loops=loops, limit_s=300)
        took = tally.answered_at - started
        assert (tally.lost, tally.duplicated) == (0, 0), tally.line("recovery")
    finally:
        nats.stop()
    return took, tally


FAULTS = {
    "kill": "kill -9 of one of two workers",
    "restart": "restart of nats-server under two workers",
}


async def recovery(runs: int, loops: int, ack_wait_s: float, fault: str, nodes: int) -> None:
    took: list[float] = []
    lost = duplicated = degraded = 0
    for i in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            fault_s, tally = await one_recovery(
                Path(tmp) / "fault", loops, ack_wait_s, fault, nodes
            )
            calm_s, _ = await one_recovery(Path(tmp) / "calm", loops, ack_wait_s, None, nodes)
        took.append(fault_s)
        lost += tally.lost
        duplicated += tally.duplicated
        degraded += len(tally.degraded)
        print(
            f"run {i + 1}: {FAULTS[fault]} -> all {loops} loops ended {fault_s:.2f}s after "
            f"it (no fault: {calm_s:.2f}s; cost {fault_s - calm_s:.2f}s); {tally.line(fault)}",
            flush=True,
        )
    where = "one server" if nodes == 1 else f"a {nodes}-node cluster"
    print(
        f"recovery after a {FAULTS[fault]} on {where} (ack_wait {ack_wait_s:g}s), {runs} runs: "
        f"median {statistics.median(took):.2f}s, worst {max(took):.2f}s, "
        f"best {min(took):.2f}s, {sum(t <= 10.0 for t in took)}/{runs} within 10 s; "
        f"lost={lost} duplicated={duplicated} degraded={degraded}"
    )


async def throughput(loops: int, in_flight: int) -> None:
    for size in (1, 3):
        with tempfile.TemporaryDirectory() as tmp:
            nats = start_nats(Path(tmp) / "nats", size)
            try:
                settings = worker_settings(
                    nats, Path(tmp) / "data", ack_wait_s=30.0, max_ack_pending=1024
                )
                bus = await connect(settings, name="faults-bench")
                try:
                    await provision(bus, settings)
                    figures = await chain_run(bus, settings, loops, in_flight, 0)
                finally:
                    await bus.close()
            finally:
                nats.stop()
        where = "one server (single.conf)" if size == 1 else "three-node cluster (R3)"
        print(
            f"{where}: {figures['loops_per_s']:.1f} loops/s, p50 {figures['p50_ms']:.0f} ms, "
            f"p99 {figures['p99_ms']:.0f} ms, {figures['persisted_per_s']:.0f} persisted msg/s",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    rec = sub.add_parser("recovery")
    rec.add_argument("--runs", type=int, default=5)
    rec.add_argument("--loops", type=int, default=200)
    rec.add_argument("--ack-wait", type=float, default=5.0)
    rec.add_argument("--fault", choices=sorted(FAULTS), default="kill")
    rec.add_argument("--nodes", type=int, choices=(1, 3), default=1)
    thr = sub.add_parser("throughput")
    thr.add_argument("--loops", type=int, default=1000)
    thr.add_argument("--in-flight", type=int, default=128)
    args = parser.parse_args()
    if args.what == "recovery":
        asyncio.run(recovery(args.runs, args.loops, args.ack_wait, args.fault, args.nodes))
    else:
        asyncio.run(throughput(args.loops, args.in_flight))


if __name__ == "__main__":
    main()
