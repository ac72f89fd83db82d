"""The fault suite: loops in flight through kill -9 of workers, a nats-server restart, the
loss of a cluster node and hung handlers; every loop ends with exactly one result.

None of those results is degraded, with one exception. A killed worker costs a delivery
one attempt of five, a restarted server at most a request or two per delivery, and the
60 s loop deadline is far past any recovery measured (under 10 s), so a degraded result
there is a loop that stalled until its deadline: a bug (ADR 0020 was found that way).
The exception is the loss of a cluster node: until the streams it led elect new leaders
(seconds), the stages' reads and writes fail, and a stage's five attempts, naked with the
suite's short backoff (50 ms doubling), can all fail in that window: in one of four runs
18 deliveries failed four times. Parking such a stage and degrading its loop is the chain
keeping its contract, so there a degraded result may only say that.

Each test prints its counts (``faults[...]: started= results= lost= duplicated=``),
run with ``-s`` to see them. Workers are ``research-chain up`` processes; NATS is the
shipped ``deploy/nats`` configuration, one node or three.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from research_chain.bus import Bus, connect, provision
from research_chain.bus.cluster import LocalCluster, NodeProcess
from research_chain.bus.names import Stage
from research_chain.components.base import StageContext
from research_chain.config import Settings
from research_chain.payloads import Intent
from tests.chain.helpers import serving
from tests.chain.standins import Recorder, standins
from tests.faults.harness import (
    Tally,
    WorkerProcess,
    loops_through,
    worker_fleet,
    worker_settings,
)

LOOPS = 200

Fault = Callable[[list[WorkerProcess]], Awaitable[None]]


# A stage parked after every attempt found the bus unavailable (see the module docstring).
OUT_OF_ATTEMPTS = re.compile(r"failed after \d+ attempt\(s\): BusUnavailable: ")


async def _run(
    name: str,
    nats: LocalCluster,
    tmp_path: Path,
    fault: Fault,
    *,
    workers: int,
    may_degrade: re.Pattern[str] | None = None,
) -> tuple[Tally, Settings]:
    """Start ``workers`` processes and LOOPS loops, apply ``fault`` a quarter of the way
    in, then wait for every result and for the bus to go quiet. No result is degraded
    unless ``may_degrade`` finds its reason."""
    settings = worker_settings(nats, tmp_path / "data")
    async with worker_fleet(settings, tmp_path, workers) as fleet:
        tally = await loops_through(settings, lambda: fault(fleet), loops=LOOPS)
    print(tally.line(name))
    assert (tally.lost, tally.duplicated, sum(tally.stored.values())) == (0, 0, LOOPS)
    unexplained = {
        loop_id: reason
        for loop_id, reason in tally.degraded.items()
        if may_degrade is None or not may_degrade.search(reason)
    }
    assert unexplained == {}
    return tally, settings


async def test_kill_9_the_only_worker_and_start_another(
    single: LocalCluster, tmp_path: Path
) -> None:
    async def fault(fleet: list[WorkerProcess]) -> None:
        await fleet[0].kill()
        fleet.append(await WorkerProcess(fleet[0].env, tmp_path / "worker-new.log").start())

    await _run("kill-9 worker, single", single, tmp_path, fault, workers=1)


async def test_kill_9_one_of_two_workers(nats: LocalCluster, tmp_path: Path) -> None:
    async def fault(fleet: list[WorkerProcess]) -> None:
        await fleet[0].kill()

    size = "cluster" if len(nats.nodes) > 1 else "single"
    await _run(f"kill-9 one of two workers, {size}", nats, tmp_path, fault, workers=2)


async def test_restart_nats_server(single: LocalCluster, tmp_path: Path) -> None:
    async def fault(fleet: list[WorkerProcess]) -> None:
        await asyncio.to_thread(single.restart, 0)

    await _run("nats-server restart, single", single, tmp_path, fault, workers=1)


def _streams(node: NodeProcess) -> dict[str, int]:
    _, jsz = node.monitor("/jsz?accounts=true&streams=true")
    details = [a for a in (jsz or {}).get("account_details", []) if a.get("name") == "RESEARCH"]
    return {
        s["name"]: int(s["state"]["last_seq"])
        for account in details
        for s in account.get("stream_detail") or []
    }


async def test_kill_a_cluster_node_mid_run_then_it_catches_up(
    cluster: LocalCluster, tmp_path: Path
) -> None:
    victim: list[NodeProcess] = []

    async def fault(fleet: list[WorkerProcess]) -> None:
        # The node leading the loop bucket: the stream every step writes to.
        led = {node.name: node for node in cluster.nodes}
        leader = await _leader(cluster, "KV_AGENT_LOOPS")
        victim.append(led[leader])
        victim[0].kill()

    _, settings = await _run(
        "kill a cluster node, cluster", cluster, tmp_path, fault, workers=2,
        may_degrade=OUT_OF_ATTEMPTS,
    )  # fmt: skip
    node = victim[0]
    # Back once its health check passes, which asks that every stream and consumer it
    # holds is current with its leader; nothing writes any more, so it holds what the
    # others hold.
    await asyncio.to_thread(cluster.restart, cluster.nodes.index(node))
    theirs = await asyncio.to_thread(_streams, next(n for n in cluster.nodes if n is not node))
    assert _streams(node) == theirs
    assert theirs[settings.results_stream] >= LOOPS


async def _leader(cluster: LocalCluster, stream: str) -> str:
    settings = worker_settings(cluster, Path("."))
    bus = await connect(settings, name="fault-suite-probe")
    try:
        info = await bus.js.stream_info(stream)
    finally:
        await bus.close()
    assert info.cluster is not None and info.cluster.leader
    return f"cluster-{info.cluster.leader.rsplit('-', 1)[1]}"


async def test_a_handler_that_hangs_past_its_ack_wait(nats: LocalCluster, tmp_path: Path) -> None:
    """One loop in eight hangs in nl_classify on its first attempt, past its ack_wait: the
    stage time limit ends the hang and the retry answers. Every loop gets one undegraded
    result. (Heartbeats keep a hung message from a second worker meanwhile; on a loaded
    machine a beat can come late and the stage runs twice, which costs work, not results,
    so that is asserted on a quiet single message in tests/chain/test_recovery.py.)"""
    settings = worker_settings(nats, tmp_path / "data", ack_wait_s=1.5, stage_timeout_s=4.0)
    recorder = Recorder()
    hanging: set[str] = set()
    hung: set[str] = set()
    overlapped: set[str] = set()
    classify = standins(recorder)[Stage.NL_CLASSIFY]

    async def hangs_once(ctx: StageContext, payload: Intent) -> Any:
        if ctx.loop_id in hanging:
            overlapped.add(ctx.loop_id)
        if ctx.attempt == 1 and ctx.loop_id[0] in "01":
            hung.add(ctx.loop_id)
            hanging.add(ctx.loop_id)
            try:
                await asyncio.Event().wait()
            finally:
                hanging.discard(ctx.loop_id)
        return await classify.handle(ctx, payload)

    async def no_fault() -> None:
        return None

    bus: Bus = await connect(settings)
    try:
        await provision(bus, settings)
        stages = standins(recorder, nl_classify=hangs_once)
        async with serving(bus, settings, stages, workers_per_stage=2):
            tally = await loops_through(settings, no_fault, loops=LOOPS)
    finally:
        await bus.close()
    size = "cluster" if len(nats.nodes) > 1 else "single"
    print(
        tally.line(f"handler hangs past ack_wait, {size}"),
        f"hung={len(hung)} rerun-while-hung={len(overlapped)}",
    )
    assert (tally.lost, tally.duplicated, len(tally.degraded)) == (0, 0, 0)
    assert hung
