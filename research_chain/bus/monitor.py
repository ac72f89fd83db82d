"""What the server knows about our backlog: consumer lag and the loops in flight.

Loops in flight are counted by the server, not by us: every running loop has exactly
one pending deadline schedule (scheduled at intake, purged when the loop ends, removed
when it fires), so a durable that is never pulled, filtered to those schedules, has
one pending message per loop in flight, whichever process started or ended it.
"""

from __future__ import annotations

from dataclasses import dataclass

from research_chain.bus import names as n
from research_chain.bus.connection import Bus
from research_chain.bus.consumers import ConsumerSpec
from research_chain.bus.errors import nats_errors
from research_chain.errors import NotFound

__all__ = ["ConsumerLag", "consumer_lag", "ensure_in_flight_counter", "loops_in_flight"]


@dataclass(frozen=True, slots=True)
class ConsumerLag:
    """A durable consumer's backlog as the server reports it."""

    stream: str
    consumer: str
    pending: int
    ack_pending: int
    redelivered: int


async def consumer_lag(bus: Bus, stream: str, consumer: str) -> ConsumerLag | None:
    """None when the consumer does not exist (yet, or any more)."""
    try:
        with nats_errors(f"consumer {consumer} info"):
            info = await bus.js.consumer_info(stream, consumer)
    except NotFound:
        return None
    return ConsumerLag(
        stream=stream,
        consumer=consumer,
        pending=info.num_pending or 0,
        ack_pending=info.num_ack_pending or 0,
        redelivered=info.num_redelivered or 0,
    )


async def ensure_in_flight_counter(bus: Bus, names: n.Names) -> None:
    spec = ConsumerSpec(
        durable=names.in_flight_consumer,
        filters=[n.deadline_schedules_filter()],
        ack_wait_s=30.0,
        max_deliver=1,
        max_ack_pending=1,
        description="never pulled: its pending count is the loops in flight",
    )
    await bus.ensure_consumer(names.schedule_stream, spec)


async def loops_in_flight(bus: Bus, names: n.Names) -> int | None:
    lag = await consumer_lag(bus, names.schedule_stream, names.in_flight_consumer)
    return None if lag is None else lag.pending
