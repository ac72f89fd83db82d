"""The write API: request/reply on ``graph.write``, so the writer learns the outcome.

Every request touches one subject and is all-or-nothing: it is validated whole
before anything is written, then applied as one compare-and-set of that
entity's key. A refusal names the bad triple and field
(``graph_write.triples[2].object: ...``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import orjson

from research_chain.bus import Bus, Message, Subscription
from research_chain.bus import names as n
from research_chain.config import Settings
from research_chain.errors import (
    GraphError,
    InvalidName,
    PermanentError,
    ResearchChainError,
    RetryableError,
)
from research_chain.graph.store import EntityStore, WriteOutcome
from research_chain.payloads import (
    GraphWrite,
    GraphWriteOp,
    GraphWriteReply,
    default_registry,
)
from research_chain.payloads.graph import entity_type, validate_entity_id

__all__ = ["WRITER_QUEUE", "GraphWriter", "check_write", "write"]

log = logging.getLogger(__name__)

WRITER_QUEUE = "graph-writers"


def _object_errors(raw: bytes) -> list[str]:
    """Entity-valued objects checked here so the error can name the ``object`` field."""
    try:
        doc = orjson.loads(raw)
        triples = doc["payload"]["triples"]
    except (orjson.JSONDecodeError, KeyError, TypeError):
        return []
    errors = []
    for i, triple in enumerate(triples if isinstance(triples, list) else ()):
        if isinstance(triple, dict) and triple.get("kind") == "entity":
            try:
                validate_entity_id(str(triple.get("object", "")))
            except ValueError as exc:
                errors.append(f"graph_write.triples[{i}].object: {exc}")
    return errors


def check_write(request: GraphWrite) -> str:
    """The one subject a valid request writes; raises :class:`GraphError` otherwise."""
    subject = request.triples[0].subject
    if request.op is GraphWriteOp.ADD and len(request.triples) != 1:
        raise GraphError(
            f"graph_write.triples: op 'add' takes exactly one triple, got {len(request.triples)}"
            " (use 'add_batch')"
        )
    for i, triple in enumerate(request.triples):
        if triple.subject != subject:
            raise GraphError(
                f"graph_write.triples[{i}].subject: {triple.subject!r} differs from the "
                f"request's subject {subject!r} (one subject per request)"
            )
    return subject


class GraphWriter:
    """Serves ``graph.write``; any number of writers share the queue group."""

    def __init__(self, bus: Bus, settings: Settings) -> None:
        self._bus = bus
        self._store = EntityStore(bus, settings)
        self._uuid_loop_ids = settings.loop_id_format == "uuid"
        self._max_loop_id_chars = settings.max_loop_id_chars
        self._registry = default_registry()
        self._sub: Subscription | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        await self._store.kv.open()
        self._sub = await self._bus.subscribe(
            n.graph_write_subject(), self._on_request, queue=WRITER_QUEUE
        )

    async def stop(self) -> None:
        if self._sub is not None:
            sub, self._sub = self._sub, None
            await sub.unsubscribe()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _on_request(self, msg: Message) -> None:
        # Requests run concurrently; per-entity ordering is the KV revision's job.
        task = asyncio.create_task(self._serve(msg))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _serve(self, msg: Message) -> None:
        reply = await self.handle(msg.data)
        if msg.reply:
            with contextlib.suppress(ResearchChainError):
                await msg.respond(self._registry.encode(reply))

    async def handle(self, raw: bytes) -> GraphWriteReply:
        """Validate, write and describe the outcome; never raises for bad input."""
        object_errors = _object_errors(raw)
        if object_errors:
            return GraphWriteReply(ok=False, error="; ".join(object_errors))
        try:
            request = self._registry.decode_as(raw, GraphWrite).payload
            subject = check_write(request)
            self._check_loop_entity(subject)
            outcome = await self._apply(request, subject)
        except PermanentError as exc:
            return GraphWriteReply(ok=False, error=str(exc))
        except RetryableError as exc:
            log.warning("graph write failed: %s", exc)
            return GraphWriteReply(ok=False, error=f"store unavailable: {exc}")
        return GraphWriteReply(ok=True, written=outcome.changed, entities=[subject])

    def _check_loop_entity(self, subject: str) -> None:
        """A research loop whose id no result could be keyed by is refused here, by the
        same rule intake applies, so the writer hears why instead of waiting for ever."""
        if entity_type(subject) != n.RESEARCH_LOOP_TYPE:
            return
        try:
            n.validate_loop_id(
                subject.rpartition(".")[2],
                require_uuid=self._uuid_loop_ids,
                max_chars=self._max_loop_id_chars,
            )
        except InvalidName as exc:
            raise GraphError(f"graph_write.triples[0].subject: {exc}") from exc

    async def _apply(self, request: GraphWrite, subject: str) -> WriteOutcome:
        if request.op is GraphWriteOp.REMOVE:
            return await self._store.remove(subject, request.triples)
        if request.op is GraphWriteOp.CREATE:
            return await self._store.create(subject, request.triples)
        return await self._store.add(subject, request.triples)


async def write(bus: Bus, request: GraphWrite, *, timeout_s: float = 10.0) -> GraphWriteReply:
    """Send one write request and wait for its outcome."""
    registry = default_registry()
    data = await bus.request(n.graph_write_subject(), registry.encode(request), timeout_s=timeout_s)
    return registry.decode_as(data, GraphWriteReply).payload
