"""Durable pull consumers and the ordered watch, described in the project's own terms.

:class:`ConsumerSpec` is what the runtime decides (filters, attempts, backoff,
in-flight bound); this module alone turns it into a nats-py consumer config.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import nats.errors
from nats.js import api

from research_chain.bus.errors import nats_errors
from research_chain.bus.message import Handler, Message, Subscription, wrap

if TYPE_CHECKING:
    from nats.js import JetStreamContext

__all__ = ["ConsumerSpec", "PullSubscription", "consumer_config"]


@dataclass(frozen=True, slots=True)
class ConsumerSpec:
    """A durable with explicit acks, bounded deliveries and bounded in-flight work."""

    durable: str
    filters: list[str]
    ack_wait_s: float
    max_deliver: int
    max_ack_pending: int
    backoff_s: list[float] = field(default_factory=list)
    description: str = ""


def consumer_config(spec: ConsumerSpec) -> api.ConsumerConfig:
    filters = spec.filters
    return api.ConsumerConfig(
        durable_name=spec.durable,
        description=spec.description or None,
        deliver_policy=api.DeliverPolicy.ALL,
        ack_policy=api.AckPolicy.EXPLICIT,
        ack_wait=spec.ack_wait_s,
        max_deliver=spec.max_deliver,
        backoff=spec.backoff_s or None,
        max_ack_pending=spec.max_ack_pending,
        filter_subject=filters[0] if len(filters) == 1 else None,
        filter_subjects=filters if len(filters) > 1 else None,
    )


class PullSubscription:
    """A bound pull subscription; :meth:`fetch` returns ``[]`` when nothing came in time."""

    def __init__(self, sub: JetStreamContext.PullSubscription, durable: str) -> None:
        self._sub: JetStreamContext.PullSubscription | None = sub
        self._durable = durable

    async def fetch(self, batch: int, timeout_s: float) -> list[Message]:
        if self._sub is None:
            return []
        with nats_errors(f"fetch from {self._durable}"):
            try:
                msgs = await self._sub.fetch(batch, timeout=timeout_s)
            except TimeoutError:  # nats.errors.TimeoutError included: an empty poll
                return []
        return [Message.of(msg) for msg in msgs]

    async def unsubscribe(self) -> None:
        """Never raises: it is on the shutdown path."""
        sub, self._sub = self._sub, None
        if sub is not None:
            with contextlib.suppress(nats.errors.Error, TimeoutError, OSError):
                await sub.unsubscribe()


async def watch_stream(
    js: JetStreamContext,
    stream: str,
    subject: str,
    handler: Handler,
    *,
    heartbeat_s: float,
) -> Subscription:
    """An ordered push consumer from the last message per subject, then every change;
    nats-py re-creates it from the last sequence seen after a server restart."""
    with nats_errors(f"watch {stream}"):
        sub = await js.subscribe(
            subject,
            stream=stream,
            cb=wrap(handler),
            ordered_consumer=True,
            deliver_policy=api.DeliverPolicy.LAST_PER_SUBJECT,
            idle_heartbeat=heartbeat_s,
            inactive_threshold=300.0,
        )
    return Subscription(sub)
