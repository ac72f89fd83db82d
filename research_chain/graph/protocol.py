"""The ``GraphBackend`` protocol: what the chain may ask of a knowledge graph.

The embedded backend (entities in the ``ENTITY_STATES`` KV bucket, indexes in
memory kept current by a KV watch) implements it; another store can be
plugged in by implementing the same methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Protocol, runtime_checkable

from research_chain.payloads import Candidate, EntityState, SeedRefType, Triple

__all__ = [
    "Direction",
    "EntityLookup",
    "GraphBackend",
    "NameMatch",
    "Step",
    "TextHit",
    "TimeHit",
    "WalkHit",
]


class Direction(StrEnum):
    OUT = "out"
    IN = "in"
    BOTH = "both"


@dataclass(frozen=True, slots=True)
class Step:
    """One hop of a typed relation path: follow ``predicate`` in ``direction``."""

    predicate: str
    direction: Direction = Direction.OUT


@dataclass(frozen=True, slots=True)
class EntityLookup:
    found: dict[str, EntityState]
    missing: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class WalkHit:
    """An entity reached by a walk, with the triples hop by hop that reached it."""

    entity_id: str
    seed: str
    path: tuple[Triple, ...]

    @property
    def depth(self) -> int:
        return len(self.path)


@dataclass(frozen=True, slots=True)
class TextHit:
    entity_id: str
    score: float
    snippet: str


@dataclass(frozen=True, slots=True)
class TimeHit:
    entity_id: str
    triple: Triple
    at: datetime


@dataclass(frozen=True, slots=True)
class NameMatch:
    """A span of text that names one or more entities (longest match first).
    ``as_written``: the graph writes one of their names exactly so, capitals and all."""

    surface: str
    start: int
    end: int
    entity_ids: tuple[str, ...]
    as_written: bool = False


@runtime_checkable
class GraphBackend(Protocol):
    async def entity_state(self, ids: Sequence[str]) -> EntityLookup:
        """Entities with their triples; unknown ids come back in ``missing``."""
        ...

    async def predicate_walk(
        self,
        seeds: Sequence[str],
        predicates: Sequence[str] | None = None,
        direction: Direction = Direction.BOTH,
        max_hops: int = 1,
        max_fanout: int = 100,
    ) -> list[WalkHit]:
        """Every entity reached within ``max_hops`` (1..4) along allowed predicates."""
        ...

    async def walk_path(
        self, seeds: Sequence[str], steps: Sequence[Step], max_fanout: int = 100
    ) -> list[WalkHit]:
        """Entities at the end of a typed relation path, one step per hop."""
        ...

    async def edges(
        self, ids: Sequence[str], per_relation: int = 50
    ) -> dict[str, list[tuple[str, Direction, str]]]:
        """Each entity's relations as (predicate, direction, other end): every outgoing
        one (other end "" for a value) and up to ``per_relation`` incoming ones per
        predicate. What a path search needs, without building entity states."""
        ...

    async def attributes(self, ids: Sequence[str]) -> dict[str, set[str]]:
        """Each entity's relations to values (not entities): the outgoing edges
        :meth:`edges` gives with "" as the other end, only their names."""
        ...

    async def bm25(self, query: str, k: int = 25) -> list[TextHit]:
        """Scored entities with a snippet of why they matched."""
        ...

    async def similar(self, query: str, k: int = 25) -> list[TextHit]:
        """Tier 2: nearest entities by embedding; empty when no model is configured."""
        ...

    async def temporal_range(
        self,
        start: datetime | None,
        end: datetime | None,
        limit: int = 100,
        topic: str | None = None,
    ) -> list[TimeHit]:
        """Timestamped triples in ``[start, end)``, optionally about a topic."""
        ...

    async def resolve_seed(
        self, ref: str, ref_type: SeedRefType, candidates: Sequence[Candidate] = ()
    ) -> list[str]:
        """Full entity ids for a seed reference; empty when it resolves to nothing."""
        ...

    def match_names(self, text: str) -> list[NameMatch]:
        """Entity names and aliases found in ``text``, longest and leftmost first."""
        ...

    def label(self, entity_id: str) -> str:
        """The display label of an entity ("" when unknown)."""
        ...

    def predicates(self) -> dict[str, int]:
        """Every predicate of the graph's knowledge with its triple count (not the research
        loops' own request triples)."""
        ...

    def entity_types(self) -> dict[str, int]:
        """Every entity type of the graph's knowledge with its entity count (not the
        research loops)."""
        ...

    def entities_of_type(self, type_name: str, limit: int = 1000) -> list[str]:
        """Up to ``limit`` ids of one type, in insertion order: what a topic-wide
        question ("which high-severity faults ...") scans when it names no entity."""
        ...
