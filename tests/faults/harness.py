"""The fault suite's tools, shared with ``bench/soak.py`` and ``bench/faults_bench.py``.

Workers are real ``research-chain up --nats-url ...`` processes, killed with
SIGKILL; NATS is the shipped configs of ``deploy/nats/`` run on loopback
(:class:`~research_chain.bus.cluster.LocalCluster`). The parent side starts
loops through the graph write API and a :class:`Tally` counts what arrives on
the parents' result subjects.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import nats.errors

from research_chain.bus import Bus, connect
from research_chain.bus import names as n
from research_chain.bus.cluster import LocalCluster
from research_chain.bus.results import ResultSubscription
from research_chain.client import request_triples, start_research
from research_chain.config import Settings
from research_chain.payloads import SearchResult, default_registry
from tests.chain.helpers import until_settled

PASSWORD = "fault-suite"
ACCOUNTS_ENV = {
    f"RC_{who}_PASSWORD": PASSWORD for who in ("WORKER", "PARENT_A", "PARENT_B", "OPS", "SYS")
}


def start_nats(base_dir: Path, size: int) -> LocalCluster:
    """The shipped single-node (size 1) or three-node config, with the shipped accounts."""
    nats = LocalCluster(base_dir, size=size, env=ACCOUNTS_ENV)
    nats.start()
    return nats


def worker_settings(nats: LocalCluster, data_dir: Path, **overrides: object) -> Settings:
    """The worker identity of the shipped accounts, replicas to match the cluster."""
    values: dict[str, object] = {
        "nats_url": nats.url,
        "nats_user": "worker",
        "nats_password": PASSWORD,
        "replicas": len(nats.nodes),
        "data_dir": data_dir,
        "ack_wait_s": 1.0,
        # A loop that stalls still ends (degraded, counted) well within the wait below.
        "loop_deadline_s": 60.0,
        "backoff_initial_s": 0.05,
        "backoff_max_s": 2.0,
        "load_sample": False,
        **overrides,
    }
    return Settings.model_validate(values)


def settings_env(settings: Settings) -> dict[str, str]:
    """The environment a worker process reads the same settings from; one process each, as
    a fault test that kills "a worker" means one."""
    worker = settings.with_overrides(load_sample=False, log_level="INFO", processes=1)
    return worker.as_environment()


@dataclass
class WorkerProcess:
    """``research-chain up`` joined to the bus, in its own process."""

    env: Mapping[str, str]
    log: Path
    proc: asyncio.subprocess.Process | None = None
    _drain: asyncio.Task[None] | None = None

    async def start(self, timeout_s: float = 60.0) -> WorkerProcess:
        """Start and return once it prints that it is ready (its own signal, no polling)."""
        with self.log.open("ab") as err:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "research_chain.cli", "up",
                stdout=asyncio.subprocess.PIPE, stderr=err, env={**os.environ, **self.env},
            )  # fmt: skip
        assert self.proc.stdout is not None
        async with asyncio.timeout(timeout_s):
            while True:
                line = await self.proc.stdout.readline()
                if not line:
                    raise RuntimeError(f"worker exited before ready; see {self.log}")
                if line.startswith(b"research-chain ready"):
                    break
        self._drain = asyncio.create_task(self._keep_reading())
        return self

    async def _keep_reading(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        with self.log.open("ab") as out:
            while line := await self.proc.stdout.readline():
                out.write(line)

    async def kill(self) -> None:
        """kill -9: nothing is settled, nothing is said goodbye to."""
        await self._end(signal.SIGKILL)

    async def stop(self) -> None:
        await self._end(signal.SIGTERM)

    async def _end(self, sig: signal.Signals) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(sig)
            await self.proc.wait()
        if self._drain is not None:
            await self._drain


@dataclass
class Tally:
    """Loops started and results heard on the parents' subjects, per loop id;
    ``mid_run`` is set once a quarter of the ``expected`` loops have a result.
    ``degraded`` holds the reason of every degraded result, heard or kept."""

    expected: int
    started: set[str] = field(default_factory=set)
    heard: Counter[str] = field(default_factory=Counter)
    degraded: dict[str, str] = field(default_factory=dict)
    all_heard: asyncio.Event = field(default_factory=asyncio.Event)
    mid_run: asyncio.Event = field(default_factory=asyncio.Event)

    async def on_result(self, headers: Mapping[str, str], data: bytes) -> None:
        loop_id = headers.get(n.Header.LOOP_ID, "")
        self.heard[loop_id] += 1
        self.note_degraded(loop_id, data)
        if len(self.heard) >= max(1, self.expected // 4):
            self.mid_run.set()
        if len(self.started) == self.expected and self.started <= set(self.heard):
            self.all_heard.set()

    def note_degraded(self, loop_id: str, data: bytes) -> None:
        result = default_registry().decode_as(data, SearchResult).payload
        if result.degraded:
            self.degraded[loop_id] = result.degraded_reason or "(no reason)"

    stored: Counter[str] = field(default_factory=Counter)
    # When every started loop had its result (``time.perf_counter``), set by all_ended.
    answered_at: float = 0.0

    @property
    def lost(self) -> int:
        """Loops with no result, neither heard nor kept in the results stream."""
        return len(self.started - set(self.heard) - set(self.stored))

    @property
    def duplicated(self) -> int:
        """Extra copies a parent heard on its subject, or the stream kept."""
        extra = [*self.heard.values(), *self.stored.values()]
        return sum(count - 1 for count in extra if count > 1)

    def line(self, name: str) -> str:
        return (
            f"faults[{name}]: started={len(self.started)} results={len(self.heard)} "
            f"stored={sum(self.stored.values())} lost={self.lost} "
            f"duplicated={self.duplicated} degraded={len(self.degraded)}"
            f" heard_twice={_twice(self.heard)} stored_twice={_twice(self.stored)}"
        )


def _twice(counts: Counter[str]) -> list[str]:
    return sorted(loop_id for loop_id, count in counts.items() if count > 1)


async def listen(bus: Bus, tally: Tally) -> None:
    """Subscribe to every parent's results before any loop starts, the way a parent's
    client does (a stored result the stream republished twice is heard once; two stored
    copies would both be heard)."""
    await ResultSubscription.open(bus, n.EVERY_RESULT_SUBJECT, tally.on_result)
    await bus.nc.flush()


async def start_loops(bus: Bus, tally: Tally, *, parents: int = 8, concurrency: int = 32) -> None:
    """Start the tally's loops through the graph write API (the parent's way in)."""
    gate = asyncio.Semaphore(concurrency)

    async def one(i: int) -> None:
        loop_id = str(uuid.uuid4())
        tally.started.add(loop_id)
        triples = request_triples(
            loop_id, f"which operators flew drone {i}", parent_loop_id=f"fault-{i % parents}"
        )
        async with gate:
            await start_research(bus, triples, timeout_s=30)

    await asyncio.gather(*(one(i) for i in range(tally.expected)))
    if tally.started <= set(tally.heard):
        tally.all_heard.set()


async def all_ended(bus: Bus, settings: Settings, tally: Tally, limit_s: float = 150.0) -> None:
    """Until every started loop has a result: heard on its parent's subject, or kept in
    the results stream (a parent whose node died hears nothing while it reconnects;
    core NATS does not replay, the stream does). Then, once the bus is quiet, read
    what the stream kept."""
    stream = settings.results_stream

    async def stored() -> int:
        # While a cluster elects new leaders the stream may not answer: not yet.
        try:
            return (await bus.js.stream_info(stream)).state.messages
        except (nats.errors.Error, TimeoutError):
            return -1

    async with asyncio.timeout(limit_s):
        while not tally.all_heard.is_set() and await stored() < tally.expected:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(tally.all_heard.wait(), 0.2)
    tally.answered_at = time.perf_counter()
    await quiet(bus, settings)
    sub = await bus.js.subscribe(n.KEPT_RESULT_SUBJECTS, stream=stream, ordered_consumer=True)
    try:
        for _ in range(await stored()):
            msg = await sub.next_msg(timeout=10)
            loop_id = (msg.headers or {}).get(n.Header.LOOP_ID, "")
            if loop_id in tally.started:
                tally.stored[loop_id] += 1
                tally.note_degraded(loop_id, msg.data)
    finally:
        await sub.unsubscribe()


async def quiet(bus: Bus, settings: Settings, limit_s: float = 60.0) -> None:
    """Until no delivery is outstanding: every durable of the chain has nothing pending
    or unacked, so a late duplicate would have been sent (the dispatch queue is then
    empty too: each dispatch subject is some stage's durable's, and an ack removes it).

    Re-checked on the server's own settlement events (:func:`until_settled`). Past
    ``limit_s`` it prints what is still outstanding and returns: every loop has ended by
    then (the caller checked), and what is counted is what arrived.
    """
    names = settings.names()
    streams = [
        f"KV_{names.loops_bucket}", f"KV_{names.entities_bucket}",
        names.schedule_stream, names.dispatch_stream,
    ]  # fmt: skip
    # The chain's durables; a watcher's ephemeral left from before a server restart may
    # show pending messages until the server drops it. The loops in flight counter is
    # never pulled: a finished loop whose deadline could not be purged (during a restart)
    # stays on it until the deadline fires.
    durables = [
        (stream, durable)
        for stream in streams
        for info in await bus.js.consumers_info(stream)
        if (durable := info.config.durable_name) and durable != names.in_flight_consumer
    ]

    async def settled() -> bool:
        # While a cluster elects new leaders a consumer may not answer: not yet.
        with contextlib.suppress(nats.errors.Error, TimeoutError):
            for stream, durable in durables:
                info = await bus.js.consumer_info(stream, durable)
                if info.num_pending or info.num_ack_pending:
                    return False
            return True
        return False

    try:
        await until_settled(bus, durables, settled, limit_s)
    except TimeoutError:
        for stream, durable in durables:
            info = await bus.js.consumer_info(stream, durable)
            print(
                f"not quiet: {stream} {durable} pending={info.num_pending} "
                f"ack_pending={info.num_ack_pending} redelivered={info.num_redelivered}"
            )


@asynccontextmanager
async def worker_fleet(
    settings: Settings, folder: Path, count: int
) -> AsyncIterator[list[WorkerProcess]]:
    """``count`` worker processes with ``settings``; at the end every one in the list is
    stopped, also those a fault added."""
    env = settings_env(settings)
    fleet: list[WorkerProcess] = []
    try:
        for i in range(count):
            fleet.append(await WorkerProcess(env, folder / f"worker-{i}.log").start())
        yield fleet
    finally:
        for worker in fleet:
            await worker.stop()


async def loops_through(
    settings: Settings,
    fault: Callable[[], Awaitable[None]],
    *,
    loops: int,
    limit_s: float = 150.0,
) -> Tally:
    """Start ``loops`` loops as parents do, apply ``fault`` once a quarter of them have
    their result, then wait until every loop has one and the bus is quiet."""
    bus = await connect(settings, name="fault-suite-parent")
    tally = Tally(expected=loops)
    try:
        await listen(bus, tally)
        await start_loops(bus, tally)
        await asyncio.wait_for(tally.mid_run.wait(), limit_s)
        await fault()
        await all_ended(bus, settings, tally, limit_s)
    finally:
        await bus.close()
    return tally
