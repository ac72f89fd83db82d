"""Entities in the ``ENTITY_STATES`` KV bucket: read, merge and compare-and-set.

One key per entity, its value the registry envelope of an :class:`EntityState`.
Every change is read-modify-write on the key's revision and retried on a stale
revision, so concurrent writers to one entity never lose a triple. This module
is the seam where nats-py KV errors become ours.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import nats.js.errors
from nats.js.kv import KeyValue

from research_chain.bus import names as n
from research_chain.bus.connection import Bus, nats_errors
from research_chain.config import Settings
from research_chain.errors import BusUnavailable, GraphError
from research_chain.graph.codec import (
    WireTriple,
    decode_triples,
    encode_state,
    merge_wire,
    remove_wire,
)
from research_chain.payloads import EntityState, Triple, default_registry

__all__ = ["EntityStore", "Mutation", "WriteOutcome"]

MAX_CAS_ATTEMPTS = 64

# (exists, current triples) -> (new triples, facts changed); raise GraphError to refuse.
Mutation = Callable[[bool, list[WireTriple]], tuple[list[WireTriple], int]]


@dataclass(frozen=True, slots=True)
class WriteOutcome:
    revision: int
    changed: int


class EntityStore:
    """Read and compare-and-set entities in the bucket."""

    def __init__(self, bus: Bus, settings: Settings) -> None:
        self._bus = bus
        self._bucket = settings.names().entities_bucket
        self._kv: KeyValue | None = None

    async def kv(self) -> KeyValue:
        if self._kv is None:
            with nats_errors(f"open bucket {self._bucket}"):
                self._kv = await self._bus.js.key_value(self._bucket)
        return self._kv

    async def read(self, entity_id: str) -> tuple[bytes | None, int]:
        """The stored value (None when absent or deleted) and the revision to write on."""
        kv = await self.kv()
        try:
            with nats_errors(f"get {entity_id}"):
                entry = await kv.get(n.entity_key(entity_id))
        except nats.js.errors.KeyDeletedError as exc:
            return None, int(exc.entry.revision or 0) if exc.entry else 0
        except nats.js.errors.KeyNotFoundError:
            return None, 0
        return entry.value or None, int(entry.revision or 0)

    async def get(self, entity_id: str) -> tuple[EntityState | None, int]:
        """The stored state and its revision; ``(None, revision or 0)`` when absent."""
        value, revision = await self.read(entity_id)
        if value is None:
            return None, revision
        return default_registry().decode_as(value, EntityState).payload, revision

    async def mutate(
        self, entity_id: str, mutation: Mutation, *, expect_new: bool = False
    ) -> WriteOutcome:
        """Read, apply ``mutation``, write back on the read revision; retry when stale.

        ``expect_new`` skips the first read (a create is one round trip); a stale
        guess costs one retry like any other lost race.
        """
        kv = await self.kv()
        key = n.entity_key(entity_id)
        for attempt in range(MAX_CAS_ATTEMPTS):
            if expect_new and attempt == 0:
                value, revision = None, 0
            else:
                value, revision = await self.read(entity_id)
            triples, changed = mutation(value is not None, decode_triples(value))
            if changed == 0:
                return WriteOutcome(revision, 0)
            try:
                with nats_errors(f"write {entity_id}"):
                    new_rev = await kv.update(key, encode_state(entity_id, triples), last=revision)
            except nats.js.errors.KeyWrongLastSequenceError:
                await asyncio.sleep(random.uniform(0, 0.002 * (attempt + 1)))
                continue
            except nats.js.errors.BadRequestError as exc:
                raise GraphError(f"{entity_id}: refused by the store: {exc}") from exc
            return WriteOutcome(int(new_rev), changed)
        raise BusUnavailable(
            f"{entity_id}: {MAX_CAS_ATTEMPTS} compare-and-set attempts lost to other writers"
        )

    async def add(self, subject: str, triples: Sequence[Triple]) -> WriteOutcome:
        new = [t.to_wire() for t in triples]
        return await self.mutate(subject, lambda _exists, current: merge_wire(current, new))

    async def create(self, subject: str, triples: Sequence[Triple]) -> WriteOutcome:
        new = [t.to_wire() for t in triples]

        def mutation(exists: bool, current: list[WireTriple]) -> tuple[list[WireTriple], int]:
            if exists:
                raise GraphError(f"graph_write.triples[0].subject: entity {subject} already exists")
            return merge_wire([], new)

        return await self.mutate(subject, mutation, expect_new=True)

    async def remove(self, subject: str, triples: Sequence[Triple]) -> WriteOutcome:
        drop = [t.to_wire() for t in triples]
        return await self.mutate(subject, lambda _exists, current: remove_wire(current, drop))
