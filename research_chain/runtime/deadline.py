"""Loop deadlines and record expiry as scheduled messages: no process has to remember them.

Intake publishes one message per loop on the schedule subject with
``Nats-Schedule: @at <RFC3339>``; the server fires it onto the deadline subject
at that second, into the same stream, where a durable consumer shared by all
engine replicas ends the loop degraded unless it already finished. When a loop
finishes, the continuation schedules its expiry the same way: at
``loop_retention_s`` after the end, its research-loop entity leaves the graph (and
so every process's memory) and its keys leave the loop bucket.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable

from research_chain.bus import Bus, Message
from research_chain.bus import names as n
from research_chain.errors import InvalidName, ResearchChainError, RetryableError
from research_chain.runtime.consume import settle
from research_chain.runtime.continuation import DEADLINE_EXCEEDED, Continuation
from research_chain.runtime.parking import park

__all__ = ["DeadlineHandler", "ExpiryHandler"]

log = logging.getLogger(__name__)

RETRY_DELAY_S = 0.5


async def _fired(
    bus: Bus, msg: Message, what: str, act: Callable[[str], Awaitable[None]], max_attempts: int
) -> None:
    """One fired schedule: ``act`` on its loop, then ack and delete it (the stream keeps
    limits retention, so handled targets would otherwise stay one per loop for ever). A
    transient failure is retried shortly; a permanent one, an unexpected one or the last
    attempt is parked with its reason; a malformed subject is dropped."""
    try:
        loop_id = n.check_token(msg.subject.rpartition(".")[2], "loop_id")
    except InvalidName:
        await settle(msg.term())
        return
    try:
        await act(loop_id)
    except Exception as exc:
        if isinstance(exc, RetryableError) and msg.attempt < max_attempts:
            log.warning("loop %s: %s failed (%s); retrying", loop_id, what, exc)
            await settle(msg.nak(delay=RETRY_DELAY_S))
            return
        if not await park(bus, what, msg, exc, loop_id=loop_id):
            await settle(msg.nak(delay=RETRY_DELAY_S))
            return
    await settle(msg.ack())
    with contextlib.suppress(ResearchChainError):
        await bus.delete_msg(msg.stream, msg.seq)


class DeadlineHandler:
    """Ends a still-running loop when its scheduled deadline fires."""

    def __init__(self, bus: Bus, continuation: Continuation, *, max_attempts: int = 50) -> None:
        self._bus = bus
        self._continuation = continuation
        self._max_attempts = max_attempts

    async def handle(self, msg: Message) -> None:
        await _fired(self._bus, msg, "deadline", self._end_loop, self._max_attempts)

    async def _end_loop(self, loop_id: str) -> None:
        if await self._continuation.degrade(
            loop_id, DEADLINE_EXCEEDED, fallback="deadline-exceeded"
        ):
            log.info("loop %s: deadline exceeded, ended degraded", loop_id)


class ExpiryHandler:
    """Removes a finished loop's records when its retention is over. Purges, so no
    history is kept; the engine and intake ignore the purge markers."""

    def __init__(
        self, bus: Bus, *, loops_bucket: str, entities_bucket: str, max_attempts: int = 50
    ) -> None:
        self._bus = bus
        self._max_attempts = max_attempts
        self._loops_bucket = loops_bucket
        self._entities_bucket = entities_bucket

    async def handle(self, msg: Message) -> None:
        await _fired(self._bus, msg, "expiry", self._expire, self._max_attempts)

    async def _expire(self, loop_id: str) -> None:
        loop_keys = [
            n.loop_key(loop_id), n.requested_key(loop_id), n.complete_key(loop_id),
            *(n.stage_key(stage, loop_id) for stage in n.Stage),
        ]  # fmt: skip
        await self._purge(self._loops_bucket, loop_keys)
        await self._purge(self._entities_bucket, [n.entity_key(n.loop_entity_id(loop_id))])
        log.info("loop %s: records expired", loop_id)

    async def _purge(self, bucket: str, keys: list[str]) -> None:
        kv = self._bus.bucket(bucket)
        for key in keys:
            await kv.purge(key)
