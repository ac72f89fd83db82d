"""A received message as the rest of the package sees it: no nats-py type leaks out.

JetStream deliveries carry their stream position and attempt; core messages
(request/reply, plain subscriptions) only subject, data, headers and reply.
Acknowledgements go through :func:`research_chain.bus.errors.nats_errors`, so a
lost connection while settling is a :class:`~research_chain.errors.BusUnavailable`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import nats.errors
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription as NatsSubscription

from research_chain.bus.errors import nats_errors

__all__ = ["Message", "Subscription"]


@dataclass(slots=True)
class Message:
    """One message; ``attempt``, ``stream``, ``seq`` and ``pending`` are for JetStream ones."""

    subject: str
    data: bytes
    headers: dict[str, str] = field(default_factory=dict)
    reply: str = ""
    attempt: int = 1
    stream: str = ""
    seq: int = 0
    pending: int = 0
    _msg: Msg | None = field(default=None, repr=False)

    @classmethod
    def of(cls, msg: Msg) -> Message:
        """Wrap a nats-py message (reading its JetStream metadata when it has any)."""
        message = cls(
            subject=msg.subject,
            data=msg.data or b"",
            headers=dict(msg.headers or {}),
            reply=msg.reply or "",
            _msg=msg,
        )
        if msg.reply.startswith("$JS.ACK."):
            with contextlib.suppress(nats.errors.Error, ValueError, IndexError):
                meta = msg.metadata
                message.attempt = int(meta.num_delivered or 1)
                message.stream = meta.stream
                message.seq = int(meta.sequence.stream)
                message.pending = int(meta.num_pending or 0)
        return message

    def _raw(self) -> Msg:
        if self._msg is None:
            raise RuntimeError("a stored or built message cannot be settled")
        return self._msg

    async def ack(self) -> None:
        with nats_errors(f"ack {self.subject}"):
            await self._raw().ack()

    async def nak(self, delay: float | None = None) -> None:
        with nats_errors(f"nak {self.subject}"):
            await self._raw().nak(delay=delay)

    async def term(self) -> None:
        with nats_errors(f"term {self.subject}"):
            await self._raw().term()

    async def in_progress(self) -> None:
        with nats_errors(f"in-progress {self.subject}"):
            await self._raw().in_progress()

    async def respond(self, data: bytes) -> None:
        with nats_errors(f"respond on {self.subject}"):
            await self._raw().respond(data)


Handler = Callable[[Message], Awaitable[None]]


def wrap(handler: Handler) -> Callable[[Msg], Awaitable[None]]:
    """A nats-py callback that hands ``handler`` our :class:`Message`."""

    async def callback(msg: Msg) -> None:
        await handler(Message.of(msg))

    return callback


@dataclass(slots=True)
class Subscription:
    """A core or push subscription; :meth:`unsubscribe` never raises (shutdown path)."""

    _sub: NatsSubscription | None

    async def unsubscribe(self) -> None:
        sub, self._sub = self._sub, None
        if sub is None:
            return
        with contextlib.suppress(nats.errors.Error, TimeoutError, OSError):
            await sub.unsubscribe()
