"""Deliveries the runner never saw fail: turn MAX_DELIVERIES advisories into endings.

The runner parks a message itself when a handler fails on its last attempt. A
worker that dies or hangs past ``ack_wait`` on every attempt never gets there:
the server stops redelivering and only says so in an advisory. This watcher
parks that message on the stage's dead-letter subject, removes it from the
work queue and ends the loop degraded. Every replica hears the advisory; the
DLQ publish is deduplicated and the loop can only end once.
"""

from __future__ import annotations

import logging

import orjson

from research_chain.bus import Bus, Message, Subscription
from research_chain.bus import names as n
from research_chain.bus.names import Stage
from research_chain.errors import ResearchChainError
from research_chain.runtime.continuation import Continuation

__all__ = ["MaxDeliveriesWatcher"]

log = logging.getLogger(__name__)


class MaxDeliveriesWatcher:
    def __init__(self, bus: Bus, continuation: Continuation, *, dispatch_stream: str) -> None:
        self._bus = bus
        self._continuation = continuation
        self._stream = dispatch_stream
        self._sub: Subscription | None = None

    async def start(self) -> None:
        self._sub = await self._bus.subscribe(
            n.max_deliveries_advisory(self._stream, "*"), self._on_advisory
        )

    async def stop(self) -> None:
        if self._sub is not None:
            await self._sub.unsubscribe()
            self._sub = None

    async def _on_advisory(self, msg: Message) -> None:
        try:
            advisory = orjson.loads(msg.data)
            await self.park(int(advisory["stream_seq"]), int(advisory.get("deliveries", 0)))
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            log.warning("unreadable MAX_DELIVERIES advisory: %s", exc)
        except ResearchChainError as exc:
            log.warning("could not park an exhausted dispatch: %s", exc)

    async def park(self, seq: int, deliveries: int) -> None:
        raw = await self._bus.get_msg(self._stream, seq)
        if raw is None:
            return  # another replica got here first
        subject = raw.subject
        _, stage_name, loop_id = subject.split(".", 2)
        stage = Stage(stage_name)
        reason = (
            f"{stage.value} failed after {deliveries} attempt(s): "
            "no acknowledgement within ack_wait (worker lost or hung)"
        )
        dlq_headers: dict[str, str] = {
            n.Header.ERROR_TYPE: "MaxDeliveries",
            n.Header.ERROR_MESSAGE: reason,
            n.Header.ATTEMPT: str(deliveries),
            n.Header.LOOP_ID: loop_id,
            n.Header.STAGE: stage.value,
            n.Header.MSG_ID: f"dlq:{seq}",
        }
        await self._bus.publish(n.dlq_subject(stage), raw.data, headers=dlq_headers)
        await self._bus.delete_msg(self._stream, seq)
        log.warning("loop %s: parked after %d deliveries without an ack", loop_id, deliveries)
        await self._continuation.degrade(loop_id, reason, fallback=f"{stage.value}-dead-lettered")
