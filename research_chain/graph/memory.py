"""The in-memory view of the graph that every searching process keeps.

Triples are held as small tuples (:class:`Fact`), not pydantic models: a worker
holds millions of them. One :class:`Fact` object is shared by the subject's
outgoing list, the object's incoming list and the time index, so each index
costs a pointer per triple, not a copy.
"""

from __future__ import annotations

import bisect
import functools
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NamedTuple

from research_chain.graph.text import normalise
from research_chain.payloads import EntityState, ObjectKind, Triple

__all__ = ["Fact", "GraphMemory", "Node", "parse_time"]


class Fact(NamedTuple):
    subject: str
    predicate: str
    object: str
    entity: bool
    source: str
    timestamp: str
    confidence: float

    def to_triple(self) -> Triple:
        """A wire :class:`Triple`; built without re-validation (it was validated on write)."""
        return Triple.model_construct(
            subject=self.subject,
            predicate=self.predicate,
            object=self.object,
            kind=ObjectKind.ENTITY if self.entity else ObjectKind.LITERAL,
            source=self.source,
            timestamp=self.timestamp,
            confidence=self.confidence,
        )


@dataclass(slots=True)
class Node:
    id: str
    type: str
    label: str
    aliases: tuple[str, ...]
    facts: tuple[Fact, ...]
    updated_at: str = ""

    def to_state(self) -> EntityState:
        return EntityState.model_construct(
            id=self.id,
            type=self.type,
            label=self.label,
            aliases=list(self.aliases),
            triples=[f.to_triple() for f in self.facts],
            updated_at=self.updated_at,
        )

    def names(self) -> Iterator[str]:
        if self.label:
            yield self.label
        yield from self.aliases


@functools.lru_cache(maxsize=1 << 16)
def parse_time(value: str) -> datetime | None:
    """An RFC 3339 / ISO 8601 timestamp or date as an aware UTC datetime; None if not one."""
    if not value:
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


_ONE = 1.0
_SHORT = 64


def _share(value: str) -> str:
    """Short strings repeat across millions of triples (codes, dates, sources): share them."""
    return sys.intern(value) if len(value) <= _SHORT else value


def _fact(t: Mapping[str, Any]) -> Fact:
    entity = t.get("kind") == "entity"
    confidence = t.get("confidence", 1)
    return Fact(
        sys.intern(t["subject"]),
        sys.intern(t["predicate"]),
        sys.intern(t["object"]) if entity else _share(t["object"]),
        entity,
        sys.intern(t.get("source", "")),
        _share(t.get("timestamp", "")),
        _ONE if confidence == 1 else float(confidence),
    )


def node_from_wire(payload: Mapping[str, Any]) -> Node:
    """A node from a stored ``EntityState`` payload dict (validated when it was written)."""
    return Node(
        id=sys.intern(payload["id"]),
        type=sys.intern(payload["type"]),
        label=payload.get("label", ""),
        aliases=tuple(payload.get("aliases", ())),
        facts=tuple(_fact(t) for t in payload.get("triples", ())),
        updated_at=payload.get("updated_at", ""),
    )


class GraphMemory:
    """Nodes, the name index, incoming adjacency, counts and the time index.

    Entities of ``unsearchable_types`` (the chain's research loops) stay out of the
    name and time indexes: they are not knowledge, and their request triples are
    stamped when asked, so in the time index they would answer time questions and
    grow it (and its re-sort) by every question asked.
    """

    def __init__(self, unsearchable_types: frozenset[str] = frozenset()) -> None:
        self.unsearchable_types = unsearchable_types
        self.nodes: dict[str, Node] = {}
        self.names: dict[str, tuple[str, ...]] = {}
        self.max_name_tokens = 1
        self.incoming: dict[str, list[Fact]] = {}
        self.predicate_counts: Counter[str] = Counter()
        self.type_counts: Counter[str] = Counter()
        self.by_type: dict[str, dict[str, None]] = {}
        self._times: list[tuple[datetime, Fact]] = []
        self._times_sorted = True

    def put(self, node: Node) -> Node | None:
        """Insert or replace a node; returns the node it replaced."""
        old = self.nodes.get(node.id)
        if old is not None:
            self._unlink(old)
        self.nodes[node.id] = node
        self._link(node)
        return old

    def delete(self, entity_id: str) -> Node | None:
        old = self.nodes.pop(entity_id, None)
        if old is not None:
            self._unlink(old)
        return old

    def _link(self, node: Node) -> None:
        searchable = node.type not in self.unsearchable_types
        self.type_counts[node.type] += 1
        self.by_type.setdefault(node.type, {})[node.id] = None
        for name in node.names() if searchable else ():
            key = normalise(name)
            if not key:
                continue
            ids = self.names.get(key, ())
            if node.id not in ids:
                self.names[key] = (*ids, node.id)
            self.max_name_tokens = max(self.max_name_tokens, key.count(" ") + 1)
        for fact in node.facts:
            self.predicate_counts[fact.predicate] += 1
            if fact.entity:
                self.incoming.setdefault(fact.object, []).append(fact)
            at = parse_time(fact.timestamp) if searchable else None
            if at is not None:
                self._times.append((at, fact))
                self._times_sorted = False

    def _unlink(self, node: Node) -> None:
        searchable = node.type not in self.unsearchable_types
        self.type_counts[node.type] -= 1
        if self.type_counts[node.type] <= 0:
            del self.type_counts[node.type]
        members = self.by_type.get(node.type, {})
        members.pop(node.id, None)
        if not members:
            self.by_type.pop(node.type, None)
        for name in node.names():
            key = normalise(name)
            ids = tuple(i for i in self.names.get(key, ()) if i != node.id)
            if ids:
                self.names[key] = ids
            else:
                self.names.pop(key, None)
        for fact in node.facts:
            self.predicate_counts[fact.predicate] -= 1
            if self.predicate_counts[fact.predicate] <= 0:
                del self.predicate_counts[fact.predicate]
            if fact.entity:
                self._drop_incoming(fact)
            at = parse_time(fact.timestamp) if searchable else None
            if at is not None:
                self._drop_time(at, fact)

    def _drop_incoming(self, fact: Fact) -> None:
        facts = self.incoming.get(fact.object)
        if not facts:
            return
        for i, other in enumerate(facts):
            if other is fact:
                del facts[i]
                break
        if not facts:
            del self.incoming[fact.object]

    def _drop_time(self, at: datetime, fact: Fact) -> None:
        times = self.times()
        i = bisect.bisect_left(times, at, key=lambda item: item[0])
        while i < len(times) and times[i][0] == at:
            if times[i][1] is fact:
                del times[i]
                return
            i += 1

    def times(self) -> list[tuple[datetime, Fact]]:
        """The time index, sorted on first use after a bulk change."""
        if not self._times_sorted:
            self._times.sort(key=lambda item: item[0])
            self._times_sorted = True
        return self._times

    def lookup_name(self, text: str) -> tuple[str, ...]:
        return self.names.get(normalise(text), ())

    def outgoing(self, entity_id: str) -> Iterable[Fact]:
        node = self.nodes.get(entity_id)
        return node.facts if node is not None else ()
