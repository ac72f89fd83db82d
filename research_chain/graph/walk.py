"""Breadth-first walks over the adjacency in :class:`GraphMemory`.

Walks follow entity-valued triples only; literal values are read from the
reached entity's state. Each reached entity is reported once per seed, at its
shallowest depth, with the triples hop by hop that reached it, so evidence can
cite the path. ``max_fanout`` caps the edges followed from any one entity in
one hop (a hub such as a genre must not flood the walk); ``max_hits`` caps the
whole walk.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence

from research_chain.errors import GraphError
from research_chain.graph.memory import Fact, GraphMemory
from research_chain.graph.protocol import Direction, Step, WalkHit
from research_chain.payloads import Triple

__all__ = ["neighbours", "predicate_walk", "walk_path"]

MAX_HOPS = 4

# (entity id, path of facts that reached it)
_Frontier = list[tuple[str, tuple[Fact, ...]]]


def neighbours(
    memory: GraphMemory,
    entity_id: str,
    direction: Direction,
    predicates: Collection[str] | None,
) -> Iterator[tuple[Fact, str]]:
    """(fact, other end) for every entity-valued edge at ``entity_id``."""
    if direction in (Direction.OUT, Direction.BOTH):
        for fact in memory.outgoing(entity_id):
            if fact.entity and (predicates is None or fact.predicate in predicates):
                yield fact, fact.object
    if direction in (Direction.IN, Direction.BOTH):
        for fact in memory.incoming.get(entity_id, ()):
            if predicates is None or fact.predicate in predicates:
                yield fact, fact.subject


class _Converter:
    """Fact to Triple, once per fact per walk (paths share prefixes)."""

    def __init__(self) -> None:
        self._cache: dict[int, Triple] = {}

    def __call__(self, path: tuple[Fact, ...]) -> tuple[Triple, ...]:
        out = []
        for fact in path:
            triple = self._cache.get(id(fact))
            if triple is None:
                triple = fact.to_triple()
                self._cache[id(fact)] = triple
            out.append(triple)
        return tuple(out)


def _walk(
    memory: GraphMemory,
    seeds: Sequence[str],
    hops: Sequence[Callable[[str], Iterator[tuple[Fact, str]]]],
    max_fanout: int,
    max_hits: int,
    report_every_hop: bool,
) -> list[WalkHit]:
    convert = _Converter()
    hits: list[WalkHit] = []
    for seed in dict.fromkeys(seeds):
        seen = {seed}
        frontier: _Frontier = [(seed, ())]
        for depth, expand in enumerate(hops, start=1):
            nxt: _Frontier = []
            for entity_id, path in frontier:
                taken = 0
                for fact, other in expand(entity_id):
                    if taken >= max_fanout:
                        break
                    if other in seen:
                        continue
                    seen.add(other)
                    taken += 1
                    nxt.append((other, (*path, fact)))
            if report_every_hop or depth == len(hops):
                for other, path in nxt:
                    hits.append(WalkHit(entity_id=other, seed=seed, path=convert(path)))
                    if len(hits) >= max_hits:
                        return hits
            frontier = nxt
            if not frontier:
                break
    return hits


def _check(max_fanout: int, hops: int) -> None:
    if not 1 <= hops <= MAX_HOPS:
        raise GraphError(f"max_hops: must be 1..{MAX_HOPS}, got {hops}")
    if max_fanout < 1:
        raise GraphError(f"max_fanout: must be >= 1, got {max_fanout}")


def predicate_walk(
    memory: GraphMemory,
    seeds: Sequence[str],
    predicates: Sequence[str] | None,
    direction: Direction,
    max_hops: int,
    max_fanout: int,
    max_hits: int,
) -> list[WalkHit]:
    """Every entity within ``max_hops`` of a seed along the allowed predicates."""
    _check(max_fanout, max_hops)
    allowed = frozenset(predicates) if predicates else None
    direction = Direction(direction)

    def expand(entity_id: str) -> Iterator[tuple[Fact, str]]:
        return neighbours(memory, entity_id, direction, allowed)

    return _walk(memory, seeds, [expand] * max_hops, max_fanout, max_hits, True)


def walk_path(
    memory: GraphMemory,
    seeds: Sequence[str],
    steps: Sequence[Step],
    max_fanout: int,
    max_hits: int,
) -> list[WalkHit]:
    """Entities at the end of a typed relation path (one predicate and direction per hop)."""
    _check(max_fanout, len(steps))

    def hop(step: Step) -> Callable[[str], Iterator[tuple[Fact, str]]]:
        allowed = frozenset((step.predicate,))
        direction = Direction(step.direction)
        return lambda entity_id: neighbours(memory, entity_id, direction, allowed)

    return _walk(memory, seeds, [hop(s) for s in steps], max_fanout, max_hits, False)
