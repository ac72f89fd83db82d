"""Durable pull consumers: create them with every limit set, and the fetch loop they share.

Engine, intake, deadline and stage workers all run the same loop: fetch up to
the free concurrency, hand each message to a task, and never fetch without a
finite timeout. Settling is the handler's job (under ``asyncio.shield``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from research_chain.bus import Bus, ConsumerSpec, Message, PullSubscription
from research_chain.errors import ResearchChainError
from research_chain.runtime.retry import RetryPolicy

__all__ = ["PullLoop", "consumer_spec", "settle"]

log = logging.getLogger(__name__)

FETCH_TIMEOUT_S = 1.0


def consumer_spec(
    durable: str,
    filters: list[str],
    policy: RetryPolicy,
    *,
    max_ack_pending: int,
    description: str = "",
) -> ConsumerSpec:
    """Explicit acks, bounded deliveries, ack-wait backoff, bounded in-flight work."""
    return ConsumerSpec(
        durable=durable,
        filters=filters,
        ack_wait_s=policy.ack_wait_s,
        max_deliver=policy.max_attempts,
        max_ack_pending=max_ack_pending,
        backoff_s=policy.ack_backoff(),
        description=description,
    )


async def settle(action: Awaitable[None]) -> None:
    """Shutdown must never leave a message half-settled; a lost ack is redelivered."""
    with contextlib.suppress(ResearchChainError):
        await asyncio.shield(action)


class PullLoop:
    """Fetch from one durable and run ``handler`` per message, ``concurrency`` at a time."""

    def __init__(
        self,
        bus: Bus,
        stream: str,
        durable: str,
        handler: Callable[[Message], Coroutine[Any, Any, None]],
        *,
        concurrency: int = 64,
        name: str = "",
        heartbeat_s: float | None = None,
    ) -> None:
        self._bus = bus
        self._stream = stream
        self._durable = durable
        self._handler = handler
        self._concurrency = max(1, concurrency)
        self._name = name or durable
        self._heartbeat_s = heartbeat_s
        self._inflight: set[asyncio.Task[None]] = set()
        # Messages being handled, by identity, with when their handler started.
        self._working: dict[int, tuple[Message, float]] = {}
        self._task: asyncio.Task[None] | None = None
        self._beater: asyncio.Task[None] | None = None
        self._sub: PullSubscription | None = None
        self._stopping = False

    @property
    def stream(self) -> str:
        return self._stream

    @property
    def durable(self) -> str:
        return self._durable

    async def start(self) -> None:
        """Bind and fetch; a stopped loop may be started again (its handler kept)."""
        self._stopping = False
        self._sub = await self._bus.pull(self._stream, self._durable)
        self._task = asyncio.create_task(self._run(), name=f"pull-{self._name}")
        if self._heartbeat_s:
            self._beater = asyncio.create_task(self._beat(), name=f"beat-{self._name}")

    async def _run(self) -> None:
        while not self._stopping:
            room = self._concurrency - len(self._inflight)
            if room <= 0:
                await asyncio.wait(self._inflight, return_when=asyncio.FIRST_COMPLETED)
                continue
            assert self._sub is not None
            try:
                msgs = await self._sub.fetch(room, FETCH_TIMEOUT_S)
            except ResearchChainError as exc:
                if self._stopping:
                    return
                log.warning("%s: fetch failed (%s); retrying", self._name, exc)
                await asyncio.sleep(0.2)
                continue
            for msg in msgs:
                task = asyncio.create_task(self._guard(msg))
                self._inflight.add(task)
                task.add_done_callback(self._inflight.discard)

    async def _guard(self, msg: Message) -> None:
        key = id(msg)
        self._working[key] = (msg, time.monotonic())
        try:
            await self._handler(msg)
        except Exception:
            log.exception("%s: unhandled error on %s", self._name, msg.subject)
        finally:
            del self._working[key]

    async def _beat(self) -> None:
        """Tell the server the messages still being worked on are in progress, so
        ``ack_wait`` can be short: a live handler keeps its message however long it runs
        (its own time limit bounds that), while a killed process stops beating and its
        messages come back within one ``ack_wait``. A handler that blocks the event loop
        stops beating too, and its message goes to a worker that is not stuck.

        One task per consumer rather than one per message: most handlers finish well
        within a beat and cost nothing here. A message is first told about between one
        and two beats after it started (beats are a third of ``ack_wait``)."""
        assert self._heartbeat_s is not None
        every = self._heartbeat_s
        while True:
            await asyncio.sleep(every)
            due = time.monotonic() - every
            for msg, started in list(self._working.values()):
                if started <= due:
                    await settle(msg.in_progress())

    async def abort(self) -> None:
        """Drop everything mid-flight, settling nothing: what a crash looks like to the
        server (fault tests use it; unacked messages come back after ``ack_wait``)."""
        self._stopping = True
        tasks = [t for t in (self._task, self._beater, *self._inflight) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._sub is not None:
            await self._sub.unsubscribe()
            self._sub = None

    async def stop(self) -> None:
        """Stop fetching, let in-flight messages finish, then unsubscribe."""
        self._stopping = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._inflight:
            await asyncio.gather(*self._inflight, return_exceptions=True)
        if self._beater is not None:
            self._beater.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beater
        if self._sub is not None:
            await self._sub.unsubscribe()
            self._sub = None
