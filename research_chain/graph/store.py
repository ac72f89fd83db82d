"""Entities in the ``ENTITY_STATES`` KV bucket: read, merge and compare-and-set.

One key per entity, its value the registry envelope of an :class:`EntityState`.
Every change is read-modify-write on the key's revision and retried on a stale
revision, so concurrent writers to one entity never lose a triple. This module
reads and writes through :class:`~research_chain.bus.Bucket`, which answers
"absent" and "lost the race" as values.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from research_chain.bus import Bucket, Bus
from research_chain.bus import names as n
from research_chain.config import Settings
from research_chain.errors import BusRejected, GraphError, RevisionConflict
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
        self.kv: Bucket = bus.bucket(settings.names().entities_bucket)

    async def read(self, entity_id: str) -> tuple[bytes | None, int]:
        """The stored value (None when absent or deleted) and the revision to write on."""
        entry = await self.kv.entry(n.entity_key(entity_id))
        if entry is None:
            return None, 0
        return entry.value, entry.revision

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
                new_rev = await self.kv.update(key, encode_state(entity_id, triples), last=revision)
            except BusRejected as exc:
                raise GraphError(f"{entity_id}: refused by the store: {exc}") from exc
            if new_rev is None:
                await asyncio.sleep(random.uniform(0, 0.002 * (attempt + 1)))
                continue
            return WriteOutcome(new_rev, changed)
        raise RevisionConflict(
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
