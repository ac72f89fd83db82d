"""Loop deadlines as scheduled messages: no process has to remember them.

Intake publishes one message per loop on the schedule subject with
``Nats-Schedule: @at <RFC3339>``; the server fires it onto the deadline subject
at that second, into the same stream, where a durable consumer shared by all
engine replicas ends the loop degraded unless it already finished.
"""

from __future__ import annotations

import logging
import math
from datetime import UTC, datetime

from nats.aio.msg import Msg

from research_chain.bus import names as n
from research_chain.bus.connection import Bus, nats_errors
from research_chain.errors import InvalidName
from research_chain.runtime.consume import settle
from research_chain.runtime.continuation import DEADLINE_EXCEEDED, Continuation

__all__ = ["DeadlineHandler", "schedule_at", "schedule_deadline"]

log = logging.getLogger(__name__)


def schedule_at(deadline: float) -> str:
    """``@at`` with whole seconds, rounded up so it never fires early."""
    moment = datetime.fromtimestamp(math.ceil(deadline), UTC)
    return "@at " + moment.strftime("%Y-%m-%dT%H:%M:%SZ")


async def schedule_deadline(bus: Bus, loop_id: str, deadline: float) -> None:
    headers: dict[str, str] = {
        n.Header.SCHEDULE: schedule_at(deadline),
        n.Header.SCHEDULE_TARGET: n.deadline_subject(loop_id),
        n.Header.MSG_ID: n.deadline_msg_id(loop_id),
    }
    with nats_errors("schedule deadline"):
        await bus.js.publish(n.deadline_schedule_subject(loop_id), b"", headers=headers)


class DeadlineHandler:
    """Ends a still-running loop when its scheduled deadline fires."""

    def __init__(self, continuation: Continuation) -> None:
        self._continuation = continuation

    async def handle(self, msg: Msg) -> None:
        try:
            loop_id = n.check_token(msg.subject.rpartition(".")[2], "loop_id")
        except InvalidName:
            await settle(msg.term())
            return
        try:
            ended = await self._continuation.degrade(
                loop_id, DEADLINE_EXCEEDED, fallback="deadline-exceeded"
            )
        except Exception as exc:
            log.warning("loop %s: deadline handling failed (%s); retrying", loop_id, exc)
            await settle(msg.nak(delay=0.5))
            return
        if ended:
            log.info("loop %s: deadline exceeded, ended degraded", loop_id)
        await settle(msg.ack())
