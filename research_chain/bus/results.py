"""Reading what the chain leaves in JetStream for parents and watchers, without ``nats``
outside the seam: a key's first value as a watch, results arriving on a parent's
subject, and the loop bucket's states as a live feed.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass

from research_chain.bus import names as n
from research_chain.bus.connection import Bus
from research_chain.bus.errors import nats_errors
from research_chain.bus.message import Message, Subscription

__all__ = ["KeyUpdate", "ResultSubscription", "first_value", "watch_keys"]

# KV-Operation values that remove a key (a purge by the loop's expiry, a delete).
_REMOVALS = frozenset({"DEL", "PURGE"})


async def first_value(bus: Bus, bucket: str, key: str, timeout_s: float) -> bytes | None:
    """The key's value as soon as it has one (now, or when it is written), or None when
    ``timeout_s`` passes first.

    A watch delivers the stored value first and then every later write, so there is no
    window between "read: not there yet" and "start listening" in which a write is lost;
    its ordered consumer also re-creates itself after a reconnect.
    """
    with nats_errors(f"open bucket {bucket}"):
        kv = await bus.js.key_value(bucket)
    with nats_errors(f"watch {key}"):
        # A short inactivity threshold: the server drops the consumer soon after we stop.
        watcher = await kv.watch(key, inactive_threshold=30.0)
    try:
        async with asyncio.timeout(timeout_s):
            async for entry in watcher:
                if entry is not None and entry.operation not in _REMOVALS and entry.value:
                    return bytes(entry.value)
    except TimeoutError:
        pass
    finally:
        with nats_errors("stop watch"):
            await watcher.stop()  # type: ignore[no-untyped-call]
    return None


@dataclass(frozen=True, slots=True)
class KeyUpdate:
    """One write to a watched key; ``value`` is None when the key was removed.

    ``initial`` marks the values the bucket already held when the watch began.
    """

    key: str
    value: bytes | None
    initial: bool


@asynccontextmanager
async def watch_keys(
    bus: Bus, bucket: str, pattern: str
) -> AsyncIterator[AsyncIterator[KeyUpdate]]:
    """Every key matching ``pattern``: the stored values first, then each change live."""
    with nats_errors(f"open bucket {bucket}"):
        kv = await bus.js.key_value(bucket)
    with nats_errors(f"watch {pattern}"):
        watcher = await kv.watch(pattern, inactive_threshold=30.0)

    async def updates() -> AsyncIterator[KeyUpdate]:
        initial = True
        async for entry in watcher:
            if entry is None:
                initial = False
                continue
            removed = entry.operation in _REMOVALS or not entry.value
            yield KeyUpdate(entry.key, None if removed else bytes(entry.value or b""), initial)

    try:
        yield updates()
    finally:
        with nats_errors("stop watch"):
            await watcher.stop()  # type: ignore[no-untyped-call]


OnResult = Callable[[Mapping[str, str], bytes], Awaitable[None]]


# How many stored results a subscription remembers having delivered.
_SEEN_LIMIT = 4096


class ResultSubscription:
    """Results published to one parent's subject, each stored result handed over once.

    The results stream republishes what it stored, and a stream leader that takes over
    while a cluster node dies can republish entries its predecessor already sent (ADR
    0016). A repeat carries the same stream sequence and message id, so it is dropped
    here; a second stored copy would not be.
    """

    def __init__(self, sub: Subscription) -> None:
        self._sub = sub

    @classmethod
    async def open(cls, bus: Bus, subject: str, on_result: OnResult) -> ResultSubscription:
        seen: OrderedDict[tuple[str, str, str], None] = OrderedDict()

        async def deliver(msg: Message) -> None:
            sequence = msg.headers.get(n.Header.SEQUENCE)
            if sequence is not None:
                stored = (
                    msg.headers.get(n.Header.STREAM, ""),
                    sequence,
                    msg.headers.get(n.Header.MSG_ID, ""),
                )
                if stored in seen:
                    return
                seen[stored] = None
                if len(seen) > _SEEN_LIMIT:
                    seen.popitem(last=False)
            await on_result(msg.headers, msg.data)

        return cls(await bus.subscribe(subject, deliver))

    async def close(self) -> None:
        await self._sub.unsubscribe()
