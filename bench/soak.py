"""A longer fault soak: rounds of loops through random faults, counts per round.

Usage: research-chain bench soak [--rounds 10] [--loops 300] [--cluster]

Each round starts ``--loops`` loops on two ``research-chain up`` workers (shipped
single-node config, or the three-node cluster with ``--cluster``) and, a quarter of
the way in, applies one fault: kill -9 a worker (and start a new one), restart
nats-server (one node), or kill a cluster node (and bring it back after the round).
It prints the fault suite's counts per round and in total and exits 1 if any loop
was lost or duplicated.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from research_chain.bus.cluster import LocalCluster  # noqa: E402
from tests.faults.harness import (  # noqa: E402
    Tally,
    WorkerProcess,
    loops_through,
    start_nats,
    worker_fleet,
    worker_settings,
)


async def soak_round(
    nats: LocalCluster, base: Path, fleet: list[WorkerProcess], loops: int, rng: random.Random
) -> tuple[str, Tally]:
    settings = worker_settings(nats, base / "data")
    faults = [
        "kill -9 a worker",
        "restart a nats-server" if len(nats.nodes) == 1 else "kill a node",
    ]
    fault = rng.choice(faults)
    victim = None

    async def apply() -> None:
        nonlocal victim
        if fault == "kill -9 a worker":
            index = rng.randrange(len(fleet))
            await fleet[index].kill()
            fleet[index] = await WorkerProcess(fleet[index].env, fleet[index].log).start()
        elif fault == "restart a nats-server":
            await asyncio.to_thread(nats.restart, 0)
        else:
            victim = rng.randrange(len(nats.nodes))
            nats.kill(victim)

    tally = await loops_through(settings, apply, loops=loops, limit_s=300)
    if victim is not None:
        await asyncio.to_thread(nats.restart, victim)
    return fault, tally


async def soak(rounds: int, loops: int, size: int, seed: int) -> int:
    rng = random.Random(seed)
    lost = duplicated = started = 0
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        nats = start_nats(base / "nats", size)
        try:
            async with worker_fleet(worker_settings(nats, base / "data"), base, 2) as fleet:
                for i in range(rounds):
                    fault, tally = await soak_round(nats, base, fleet, loops, rng)
                    print(f"round {i + 1}: " + tally.line(fault), flush=True)
                    started += len(tally.started)
                    lost += tally.lost
                    duplicated += tally.duplicated
        finally:
            nats.stop()
    where = "three-node cluster" if size == 3 else "one server"
    print(
        f"soak on {where}: {rounds} rounds, started={started} lost={lost} duplicated={duplicated}"
    )
    return 1 if lost or duplicated else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--loops", type=int, default=300)
    parser.add_argument("--cluster", action="store_true", help="three nodes instead of one")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    sys.exit(asyncio.run(soak(args.rounds, args.loops, 3 if args.cluster else 1, args.seed)))


if __name__ == "__main__":
    main()
