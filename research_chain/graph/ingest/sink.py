"""Writing a window of parsed triples to the bucket fast.

Bulk ingest bypasses the per-triple pydantic path (values were validated by the
parsers) and pipelines KV writes: an entity this run has not written yet is
created with an expected last revision of 0 (one round trip); one that exists
is merged by compare-and-set, exactly like the write API. A window holds each
entity once, so entities inside a window never race each other.
"""

from __future__ import annotations

import asyncio
import uuid
from collections import deque
from typing import Any

import orjson

from research_chain.bus import Bus, Message, Subscription
from research_chain.bus import names as n
from research_chain.config import Settings
from research_chain.errors import BusUnavailable, GraphError, RevisionConflict
from research_chain.graph.codec import WireTriple, decode_triples, encode_state, merge_wire
from research_chain.graph.store import EntityStore
from research_chain.payloads.registry import now_rfc3339

__all__ = ["KvSink"]

_EXPECTED_LAST = "Nats-Expected-Last-Subject-Sequence"
_WRONG_LAST = 10071
_CREATE = {_EXPECTED_LAST: "0"}
MAX_CAS_ATTEMPTS = 64


class _Acks:
    """Pipelined JetStream publishes: one wildcard inbox, one future per message.

    ``js.publish`` makes a request (and a timer and a subscription lookup) per
    message; bulk ingest only needs the ack bodies, so this keeps a map from
    reply token to future and lets the server pipeline.
    """

    def __init__(self, bus: Bus, timeout_s: float) -> None:
        self._bus = bus
        self._prefix = bus.new_inbox()
        self._futures: dict[str, asyncio.Future[bytes]] = {}
        self._next = 0
        self._timeout_s = timeout_s
        self._sub: Subscription | None = None

    async def _on_ack(self, msg: Message) -> None:
        future = self._futures.pop(msg.subject.rsplit(".", 1)[1], None)
        if future is not None and not future.done():
            future.set_result(msg.data)

    async def send(
        self, subject: str, value: bytes, headers: dict[str, str]
    ) -> asyncio.Future[bytes]:
        """Publish and return the future of its ack (resolved by the inbox callback)."""
        if self._sub is None:
            self._sub = await self._bus.subscribe(f"{self._prefix}.*", self._on_ack)
        token = str(self._next)
        self._next += 1
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._futures[token] = future
        future.add_done_callback(lambda _: self._futures.pop(token, None))
        await self._bus.send(subject, value, headers, reply=f"{self._prefix}.{token}")
        return future

    async def settle(self, future: asyncio.Future[bytes], what: str) -> dict[str, Any]:
        """The decoded ack of one publish."""
        try:
            async with asyncio.timeout(self._timeout_s):
                data = await future
        except TimeoutError as exc:
            future.cancel()
            raise BusUnavailable(f"{what}: no ack within {self._timeout_s}s") from exc
        if not data:
            raise BusUnavailable(f"{what}: no JetStream stream answered")
        reply: dict[str, Any] = orjson.loads(data)
        return reply

    async def publish(self, subject: str, value: bytes, headers: dict[str, str]) -> dict[str, Any]:
        return await self.settle(await self.send(subject, value, headers), subject)

    async def close(self) -> None:
        if self._sub is not None:
            sub, self._sub = self._sub, None
            await sub.unsubscribe()


class KvSink:
    """Pipelined entity writes into ``ENTITY_STATES``."""

    def __init__(self, bus: Bus, settings: Settings, *, in_flight: int = 1024) -> None:
        self._bus = bus
        self._bucket = settings.names().entities_bucket
        self._names = settings.names()
        self._in_flight = in_flight
        self._store = EntityStore(bus, settings)
        self._sent = 0
        self.written_entities = 0
        self._acks = _Acks(bus, settings.request_timeout_s * 4)

    async def close(self) -> None:
        await self._acks.close()

    async def write_window(self, window: dict[str, list[WireTriple]], fresh: set[str]) -> None:
        """Write every entity of a window; ``fresh`` ids were never written by this run.

        Fresh entities are created in one pipelined stream of publishes (no task
        per entity); those that turn out to exist, and the rest, are merged.
        """
        in_flight: deque[tuple[str, asyncio.Future[bytes]]] = deque()
        merge: list[str] = []
        now = now_rfc3339()
        batch = uuid.uuid4().hex
        for entity_id, triples in window.items():
            if entity_id not in fresh:
                merge.append(entity_id)
                continue
            subject = self._names.kv_subject(self._bucket, n.entity_key(entity_id))
            value = encode_state(entity_id, triples, now, f"{batch}-{self._sent}")
            self._sent += 1
            in_flight.append((entity_id, await self._acks.send(subject, value, _CREATE)))
            if len(in_flight) >= self._in_flight:
                await self._settle(*in_flight.popleft(), merge)
        while in_flight:
            await self._settle(*in_flight.popleft(), merge)
        gate = asyncio.Semaphore(256)

        async def one(entity_id: str) -> None:
            async with gate:
                await self._merge(entity_id, window[entity_id])

        async with asyncio.TaskGroup() as group:
            for entity_id in merge:
                group.create_task(one(entity_id))

    async def _settle(self, entity_id: str, ack: asyncio.Future[bytes], merge: list[str]) -> None:
        error = (await self._acks.settle(ack, f"write {entity_id}")).get("error")
        if not error:
            self.written_entities += 1
        elif error.get("err_code") == _WRONG_LAST:
            merge.append(entity_id)
        else:
            raise GraphError(f"{entity_id}: refused by the store: {error.get('description')}")

    async def _publish(self, entity_id: str, value: bytes, last: int) -> bool:
        """Put on the expected revision; False when another revision is there."""
        subject = self._names.kv_subject(self._bucket, n.entity_key(entity_id))
        reply = await self._acks.publish(subject, value, {_EXPECTED_LAST: str(last)})
        error = reply.get("error")
        if not error:
            return True
        if error.get("err_code") == _WRONG_LAST:
            return False
        raise GraphError(f"{entity_id}: refused by the store: {error.get('description', error)}")

    async def _merge(self, entity_id: str, triples: list[WireTriple]) -> None:
        for _ in range(MAX_CAS_ATTEMPTS):
            value, revision = await self._store.read(entity_id)
            merged, changed = merge_wire(decode_triples(value), triples)
            if not changed and value is not None:
                return
            if await self._publish(entity_id, encode_state(entity_id, merged), revision):
                self.written_entities += 1
                return
        raise RevisionConflict(f"{entity_id}: compare-and-set kept losing to other writers")
