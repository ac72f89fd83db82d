"""Deliveries no handler saw fail: turn MAX_DELIVERIES advisories into endings.

The runner and the control handlers park a message themselves when it fails on its
last attempt. A process that dies or hangs past ``ack_wait`` on every attempt never
gets there: the server stops redelivering and only says so in an advisory. This
watcher parks that message on its dead-letter subject (a dispatch is also removed
from the work queue) and ends the loop degraded. Every replica hears the advisory;
the DLQ publish is deduplicated and the loop can only end once.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import orjson

from research_chain.bus import Bus, Handler, Message, Subscription
from research_chain.bus import names as n
from research_chain.bus.names import Stage
from research_chain.errors import InvalidName, ResearchChainError
from research_chain.runtime.continuation import Continuation
from research_chain.runtime.parking import park

__all__ = ["MaxDeliveriesWatcher"]

log = logging.getLogger(__name__)


class MaxDeliveriesWatcher:
    """Watches the stage durables and, given ``control`` as (stream, durable, dead-letter
    name) triples, the control durables too."""

    def __init__(
        self,
        bus: Bus,
        continuation: Continuation,
        *,
        dispatch_stream: str,
        control: Sequence[tuple[str, str, str]] = (),
    ) -> None:
        self._bus = bus
        self._continuation = continuation
        self._stream = dispatch_stream
        self._control = list(control)
        self._subs: list[Subscription] = []

    async def start(self) -> None:
        self._subs.append(
            await self._bus.subscribe(
                n.max_deliveries_advisory(self._stream, "*"), self._on_advisory
            )
        )
        for stream, durable, where in self._control:
            self._subs.append(
                await self._bus.subscribe(
                    n.max_deliveries_advisory(stream, durable), self._control_handler(stream, where)
                )
            )

    async def stop(self) -> None:
        subs, self._subs = self._subs, []
        for sub in subs:
            await sub.unsubscribe()

    def _control_handler(self, stream: str, where: str) -> Handler:
        async def on_advisory(msg: Message) -> None:
            try:
                advisory = orjson.loads(msg.data)
                seq, deliveries = int(advisory["stream_seq"]), int(advisory.get("deliveries", 0))
                await self.park_control(stream, where, seq, deliveries)
            except (orjson.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
                log.warning("unreadable MAX_DELIVERIES advisory: %s", exc)
            except ResearchChainError as exc:
                log.warning("could not park an exhausted %s message: %s", where, exc)

        return on_advisory

    async def park_control(self, stream: str, where: str, seq: int, deliveries: int) -> None:
        """A trigger, request or fired schedule nobody acknowledged in time, every time."""
        raw = await self._bus.get_msg(stream, seq)
        if raw is None:
            return
        raw.attempt = deliveries
        loop_id = raw.subject.rpartition(".")[2]
        reason = (
            f"{where} failed after {deliveries} attempt(s): "
            "no acknowledgement within ack_wait (process lost or hung)"
        )
        if not await park(self._bus, where, raw, reason, loop_id=loop_id, kind="MaxDeliveries"):
            return
        try:
            n.check_token(loop_id, "loop_id")
        except InvalidName:
            return
        await self._continuation.degrade(loop_id, reason, fallback=f"{where}-dead-lettered")

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
