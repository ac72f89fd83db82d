"""Wiring one process's share of the chain: engine, intake, deadlines and stage workers.

Any number of processes may call :func:`start_chain` against the same server;
they share every durable consumer, so work is split, never repeated.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from research_chain.bus import names as n
from research_chain.bus.connection import Bus
from research_chain.bus.monitor import ensure_in_flight_counter
from research_chain.bus.names import Stage
from research_chain.components.base import Component
from research_chain.config import Settings
from research_chain.observability import EventPublisher
from research_chain.retrieval.reading import Readings
from research_chain.rules import RulePack, load_pack
from research_chain.runtime.advisories import MaxDeliveriesWatcher
from research_chain.runtime.consume import PullLoop, consumer_spec
from research_chain.runtime.continuation import Continuation
from research_chain.runtime.deadline import DeadlineHandler, ExpiryHandler
from research_chain.runtime.engine import RuleEngine
from research_chain.runtime.hooks import Hook, HookSet
from research_chain.runtime.intake import Intake, RequestLimits
from research_chain.runtime.monitor import LagMonitor
from research_chain.runtime.retry import RetryPolicy
from research_chain.runtime.runner import StageRunner
from research_chain.runtime.state import LoopStore

if TYPE_CHECKING:
    from research_chain.graph.protocol import GraphBackend

__all__ = ["Chain", "control_policy", "stage_policy", "start_chain"]

log = logging.getLogger(__name__)

# Engine, intake and deadline deliveries are cheap and idempotent; they may wait
# for state to catch up a few times, so they get more deliveries than a stage.
CONTROL_ATTEMPTS = 50


def stage_policy(settings: Settings) -> RetryPolicy:
    return RetryPolicy(
        max_attempts=settings.max_deliver,
        initial_delay_s=settings.backoff_initial_s,
        max_delay_s=settings.backoff_max_s,
        ack_wait_s=settings.ack_wait_s,
        handler_timeout_s=settings.stage_timeout_s,
    )


def control_policy(settings: Settings) -> RetryPolicy:
    return RetryPolicy(
        max_attempts=CONTROL_ATTEMPTS,
        initial_delay_s=settings.backoff_initial_s,
        max_delay_s=settings.backoff_max_s,
        ack_wait_s=settings.ack_wait_s,
        coefficient=1.0,
    )


@dataclass
class Chain:
    """The running parts of this process; :meth:`stop` drains them in reverse order."""

    loops: list[PullLoop] = field(default_factory=list)
    hooks: HookSet = field(default_factory=HookSet)
    pack: RulePack | None = None
    watchers: list[MaxDeliveriesWatcher] = field(default_factory=list)
    monitor: LagMonitor | None = None

    async def abort(self) -> None:
        """Crash without settling anything (for fault tests); the durables redeliver."""
        await self._stop_monitor()
        for loop in self.loops:
            await loop.abort()
        self.loops.clear()
        for watcher in self.watchers:
            await watcher.stop()
        self.watchers.clear()

    async def _stop_monitor(self) -> None:
        monitor, self.monitor = self.monitor, None
        if monitor is not None:
            await monitor.stop()

    async def stop(self) -> None:
        await self._stop_monitor()
        for watcher in self.watchers:
            await watcher.stop()
        self.watchers.clear()
        for loop in reversed(self.loops):
            await loop.stop()
        self.loops.clear()


async def _control_consumers(bus: Bus, settings: Settings) -> None:
    names = settings.names()
    policy = control_policy(settings)
    consumers = [
        (f"KV_{names.loops_bucket}", names.engine_consumer,
         n.trigger_filters(names.loops_bucket), "rule engine: stage completions"),
        (f"KV_{names.entities_bucket}", names.intake_consumer,
         [n.intake_filter(names.entities_bucket)], "intake: research-loop entities"),
        (names.schedule_stream, names.deadline_consumer, [n.deadline_filter()],
         "loop deadlines"),
        (names.schedule_stream, names.expiry_consumer, [n.expiry_filter()],
         "finished loops' records expiring"),
    ]  # fmt: skip
    for stream, durable, filters, description in consumers:
        spec = consumer_spec(
            durable, filters, policy,
            max_ack_pending=settings.max_ack_pending * 4, description=description,
        )  # fmt: skip
        await bus.ensure_consumer(stream, spec)
    await ensure_in_flight_counter(bus, names)


async def _start_control(
    bus: Bus,
    settings: Settings,
    chain: Chain,
    pack: RulePack,
    store: LoopStore,
    continuation: Continuation,
    concurrency: int,
) -> None:
    """The engine's share: rule engine, intake, deadlines and the max-deliveries watch."""
    names = settings.names()
    await _control_consumers(bus, settings)
    engine = RuleEngine(
        bus, pack, store, continuation, chain.hooks,
        loops_bucket=names.loops_bucket, max_attempts=CONTROL_ATTEMPTS,
    )  # fmt: skip
    intake = Intake(
        bus, store, continuation,
        entities_bucket=names.entities_bucket,
        default_deadline_s=settings.loop_deadline_s,
        limits=RequestLimits.of(settings),
        max_attempts=CONTROL_ATTEMPTS,
    )  # fmt: skip
    deadlines = DeadlineHandler(bus, continuation, max_attempts=CONTROL_ATTEMPTS)
    expiry = ExpiryHandler(
        bus, loops_bucket=names.loops_bucket, entities_bucket=names.entities_bucket,
        max_attempts=CONTROL_ATTEMPTS,
    )  # fmt: skip
    watcher = MaxDeliveriesWatcher(
        bus, continuation, dispatch_stream=names.dispatch_stream,
        control=[
            (f"KV_{names.loops_bucket}", names.engine_consumer, "engine"),
            (f"KV_{names.entities_bucket}", names.intake_consumer, "intake"),
            (names.schedule_stream, names.deadline_consumer, "deadline"),
            (names.schedule_stream, names.expiry_consumer, "expiry"),
        ],
    )  # fmt: skip
    await watcher.start()
    chain.watchers.append(watcher)
    for stream, durable, handler in (
        (f"KV_{names.loops_bucket}", names.engine_consumer, engine.handle),
        (f"KV_{names.entities_bucket}", names.intake_consumer, intake.handle),
        (names.schedule_stream, names.deadline_consumer, deadlines.handle),
        (names.schedule_stream, names.expiry_consumer, expiry.handle),
    ):
        loop = PullLoop(
            bus, stream, durable, handler,
            concurrency=concurrency, heartbeat_s=control_policy(settings).heartbeat_s,
        )  # fmt: skip
        await loop.start()
        chain.loops.append(loop)


async def ensure_stage_consumer(bus: Bus, settings: Settings, stage: Stage) -> None:
    names = settings.names()
    await bus.ensure_consumer(
        names.dispatch_stream,
        consumer_spec(
            names.stage_consumer(stage), [n.stage_filter(stage)], stage_policy(settings),
            max_ack_pending=settings.max_ack_pending, description=f"{stage.value} workers",
        ),
    )  # fmt: skip


async def start_chain(
    bus: Bus,
    settings: Settings,
    components: Mapping[Stage, Component[Any, Any]] | None = None,
    *,
    pack: RulePack | None = None,
    hooks: Sequence[Hook] = (),
    graph: GraphBackend | None = None,
    judge: Any = None,
    run_engine: bool = True,
    workers_per_stage: int | None = None,
    concurrency: int = 64,
    lag_poll_s: float | None = None,
) -> Chain:
    """Start this process's engine (with intake and deadlines) and stage workers.

    ``pack`` defaults to the rule files in ``settings.rules_dir``; a broken pack
    raises :class:`~research_chain.errors.RuleViolation` before anything starts.
    Every ``lag_poll_s`` (default ``settings.lag_poll_s``) the hooks get this
    process's consumers' lag and, where the engine runs, the loops in flight.
    """
    pack = pack or load_pack(settings.rules_dir)
    names = settings.names()
    hook_set = HookSet([EventPublisher(bus), *hooks])
    store = LoopStore(bus, names.loops_bucket)
    continuation = Continuation(
        bus, store, hook_set,
        schedule_stream=names.schedule_stream, retention_s=settings.loop_retention_s,
        evidence_store=names.evidence_store,
    )  # fmt: skip
    chain = Chain(hooks=hook_set, pack=pack)
    readings = Readings()
    try:
        if run_engine:
            await _start_control(bus, settings, chain, pack, store, continuation, concurrency)
        for stage, component in (components or {}).items():
            await ensure_stage_consumer(bus, settings, Stage(stage))
            policy = stage_policy(settings)
            runner = StageRunner(
                bus, component, store, continuation, hook_set, policy,
                graph=graph, judge=judge, evidence_store=names.evidence_store,
                readings=readings,
            )  # fmt: skip
            for _ in range(workers_per_stage or settings.workers_per_stage):
                loop = PullLoop(
                    bus, names.dispatch_stream, names.stage_consumer(Stage(stage)),
                    runner.handle, concurrency=concurrency, name=f"worker-{stage}",
                    heartbeat_s=policy.heartbeat_s,
                )  # fmt: skip
                await loop.start()
                chain.loops.append(loop)
        consumers = [(loop.stream, loop.durable) for loop in chain.loops]
        chain.monitor = LagMonitor(
            bus, hook_set, consumers, names=names, count_loops=run_engine,
            interval_s=lag_poll_s or settings.lag_poll_s,
        )  # fmt: skip
        await chain.monitor.start()
    except BaseException:
        await chain.stop()
        raise
    return chain
