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
from collections.abc import Mapping, Sequence

from research_chain.graph.protocol import Direction, EntityLookup, GraphBackend
from research_chain.payloads import ObjectKind
from research_chain.payloads.graph import entity_type
from research_chain.understanding.paths import LITERAL, NODE_MARK, Signature
from research_chain.understanding.relation_names import forward_name

__all__ = ["SchemaMemo", "path_tree", "probe_signature", "schema_memo"]

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


def _freeze(found: Mapping[str, Mapping[tuple[str, Direction], set[str]]]) -> Signature:
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


async def path_tree(
    graph: GraphBackend,
    seeds: Sequence[str],
    depth: int = 3,
    per_node: int = 8,
    fanout: int = 50,
    max_nodes: int = 400,
) -> Signature:
    """The relation paths that exist from ``seeds``, as a signature shaped like a tree.

    Each node is one path prefix (keyed ``type#n``; the root is the seeds' type), so
    a path search over it yields exactly the step sequences that reach something
    from these seeds, and never one that only another entity of the type has. A
    node reads up to ``per_node`` of the entities it reached; at most ``max_nodes``
    nodes are grown, so the work per question is bounded whatever the graph.
    """
    if not seeds:
        return {}
    root = entity_type(seeds[0])
    stored = graph.predicates()
    # A relation stored both ways (``p`` and ``p_inverse``) is walked as ``p`` in
    # either direction, so each path is offered once.
    mirrored = {p for p in stored if (forward_name(p) or "") in stored}
    tree: dict[str, dict[tuple[str, Direction], set[str]]] = defaultdict(lambda: defaultdict(set))
    level: dict[str, list[str]] = {root: sorted(set(seeds))[:per_node]}
    grown = 0
    for _ in range(depth):
        ids = sorted({i for members in level.values() for i in members})
        if not ids or grown >= max_nodes:
            break
        states = await graph.entity_state(ids)
        hits = await graph.predicate_walk(ids, None, Direction.IN, 1, fanout)
        edges: dict[str, list[tuple[str, Direction, str]]] = defaultdict(list)
        for state in states.found.values():
            for triple in state.triples:
                if triple.predicate in mirrored:
                    continue
                far = triple.object if triple.kind is ObjectKind.ENTITY else ""
                edges[state.id].append((triple.predicate, Direction.OUT, far))
        for hit in hits:
            if hit.path[0].predicate in mirrored:
                continue
            edges[hit.seed].append((hit.path[0].predicate, Direction.IN, hit.entity_id))
        following: dict[str, list[str]] = {}
        for key, members in sorted(level.items()):
            reached: dict[tuple[str, Direction, str], set[str]] = defaultdict(set)
            for member in members:
                for predicate, direction, far in edges.get(member, ()):
                    kind = entity_type(far) if far else LITERAL
                    reached[(predicate, direction, kind)].add(far)
            for (predicate, direction, kind), far_ids in sorted(reached.items()):
                if kind == LITERAL:
                    tree[key][(predicate, direction)].add(LITERAL)
                    continue
                if grown >= max_nodes:
                    continue
                grown += 1
                child = f"{kind}{NODE_MARK}{grown}"
                tree[key][(predicate, direction)].add(child)
                following[child] = _spread(far_ids)[:per_node]
        level = following
    return _freeze(tree)
