"""Learning which types each predicate connects, from the graph around the seeds.

The router needs the graph's schema (``movie --directed_by--> person``) to
choose directions and keep a path type-consistent. Rather than require a
schema from the backend, it probes the neighbourhood of the seeds through the
ordinary protocol: one-hop walks from a few entities of each type reached,
level by level, plus the literal-valued predicates of those entities. A local
probe is also the more honest schema: it reflects what is reachable from here.
"""

from __future__ import annotations

import weakref
import zlib
from collections import defaultdict
from collections.abc import Sequence

from research_chain.graph.protocol import Direction, EntityLookup, GraphBackend
from research_chain.language.paths import LITERAL, Signature
from research_chain.payloads import ObjectKind
from research_chain.payloads.graph import entity_type

__all__ = ["SchemaMemo", "probe_signature", "schema_memo"]

_Found = defaultdict[str, defaultdict[tuple[str, Direction], set[str]]]


def _spread(ids: set[str]) -> list[str]:
    """A deterministic order that is not the id order (ids often cluster by age or kind)."""
    return sorted(ids, key=lambda i: (zlib.crc32(i.encode()), i))


def _record(found: _Found, states: EntityLookup) -> None:
    """Both ends of every edge in the states (a walk reports an entity only once however
    many predicates reach it, so the edges themselves come from the states)."""
    for state in states.found.values():
        near = entity_type(state.id)
        for triple in state.triples:
            if triple.kind is ObjectKind.LITERAL:
                found[near][(triple.predicate, Direction.OUT)].add(LITERAL)
                continue
            far = entity_type(triple.object)
            found[near][(triple.predicate, Direction.OUT)].add(far)
            found[far][(triple.predicate, Direction.IN)].add(near)


def _take(frontier: list[str], probed: dict[str, set[str]], limit: int) -> list[str]:
    sample = []
    for entity_id in frontier:
        done = probed[entity_type(entity_id)]
        if entity_id not in done and len(done) < limit:
            done.add(entity_id)
            sample.append(entity_id)
    return sample


async def _probe(
    graph: GraphBackend,
    seeds: Sequence[str],
    depth: int,
    per_type: int,
    walkers: int,
    fanout: int,
) -> _Found:
    found: _Found = defaultdict(lambda: defaultdict(set))
    probed: dict[str, set[str]] = defaultdict(set)
    walked: dict[str, set[str]] = defaultdict(set)
    frontier = sorted(set(seeds))
    for _ in range(depth):
        sample = _take(frontier, probed, per_type)
        if not sample:
            break
        _record(found, await graph.entity_state(sample))
        movers = _take(sample, walked, walkers)
        hits = await graph.predicate_walk(movers, None, Direction.BOTH, 1, fanout) if movers else []
        reached: set[str] = set()
        for hit in hits:
            triple = hit.path[0]
            direction = Direction.OUT if triple.subject == hit.seed else Direction.IN
            found[entity_type(hit.seed)][(triple.predicate, direction)].add(
                entity_type(hit.entity_id)
            )
            reached.add(hit.entity_id)
        frontier = _spread(reached)
    return found


def _freeze(found: _Found) -> Signature:
    return {
        kind: {key: frozenset(far) for key, far in edges.items()} for kind, edges in found.items()
    }


async def probe_signature(
    graph: GraphBackend,
    seeds: Sequence[str],
    depth: int = 4,
    per_type: int = 24,
    walkers: int = 6,
    fanout: int = 20,
) -> Signature:
    """The (predicate, direction) -> far types map for every type within ``depth`` hops.

    Up to ``per_type`` entities of each type are read for their edges; up to
    ``walkers`` of them per level are walked one hop to reach the next types.
    """
    return _freeze(await _probe(graph, seeds, depth, per_type, walkers, fanout))


class SchemaMemo:
    """The union of the probes made on one graph: the schema settles after a few.

    A type's signature is probed afresh until ``warm_after`` probes have started
    from it; after that the union answers alone. A new predicate or entity type
    in the graph starts the memo over.
    """

    def __init__(self, warm_after: int = 24) -> None:
        self.warm_after = warm_after
        self._vocabulary: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
        self._reset()

    def _reset(self) -> None:
        self._found: _Found = defaultdict(lambda: defaultdict(set))
        self._probes: dict[str, int] = defaultdict(int)
        self._frozen: Signature = {}

    async def signature(self, graph: GraphBackend, seeds: Sequence[str]) -> Signature:
        vocabulary = (frozenset(graph.predicates()), frozenset(graph.entity_types()))
        if vocabulary != self._vocabulary:
            self._reset()
            self._vocabulary = vocabulary
        kinds = {entity_type(s) for s in seeds}
        if kinds and all(self._probes[k] >= self.warm_after for k in kinds):
            return self._frozen
        fresh = await _probe(graph, seeds, depth=4, per_type=24, walkers=6, fanout=20)
        for kind, edges in fresh.items():
            for key, far in edges.items():
                self._found[kind][key] |= far
        for kind in kinds:
            self._probes[kind] += 1
        self._frozen = _freeze(self._found)
        return self._frozen


_MEMOS: weakref.WeakKeyDictionary[GraphBackend, SchemaMemo] = weakref.WeakKeyDictionary()


def schema_memo(graph: GraphBackend) -> SchemaMemo:
    """The memo of ``graph``; it lives exactly as long as the graph object does."""
    memo = _MEMOS.get(graph)
    if memo is None:
        memo = _MEMOS[graph] = SchemaMemo()
    return memo
