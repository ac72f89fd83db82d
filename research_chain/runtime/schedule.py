"""Scheduled messages (``Nats-Schedule: @at``): a loop's deadline and its records' expiry.

The server fires each at its second onto a target subject in the same stream, so
no process has to remember a timer (see :mod:`research_chain.runtime.deadline`).
"""

from __future__ import annotations

import math
from datetime import UTC, datetime

from research_chain.bus import Bus
from research_chain.bus import names as n

__all__ = ["schedule_at", "schedule_deadline", "schedule_expiry"]


def schedule_at(deadline: float) -> str:
    """``@at`` with whole seconds, rounded up so it never fires early."""
    moment = datetime.fromtimestamp(math.ceil(deadline), UTC)
    return "@at " + moment.strftime("%Y-%m-%dT%H:%M:%SZ")


async def _schedule(bus: Bus, subject: str, target: str, msg_id: str, at: float) -> None:
    headers: dict[str, str] = {
        n.Header.SCHEDULE: schedule_at(at),
        n.Header.SCHEDULE_TARGET: target,
        n.Header.MSG_ID: msg_id,
    }
    await bus.publish(subject, b"", headers=headers)


async def schedule_deadline(bus: Bus, loop_id: str, deadline: float) -> None:
    await _schedule(
        bus, n.deadline_schedule_subject(loop_id), n.deadline_subject(loop_id),
        n.deadline_msg_id(loop_id), deadline,
    )  # fmt: skip


async def schedule_expiry(bus: Bus, loop_id: str, at: float) -> None:
    await _schedule(
        bus, n.expiry_schedule_subject(loop_id), n.expiry_subject(loop_id),
        n.expiry_msg_id(loop_id), at,
    )  # fmt: skip
