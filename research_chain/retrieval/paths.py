"""The relation paths that exist around a question's seeds, read from the graph.

The router must only ever propose a path that reaches something. Rather than
require a schema from the backend, the paths are grown from the seeds through
the backend's edge lists (every outgoing relation, a bounded sample of incoming
ones per relation), a bounded sample of entities per prefix, so it reflects what
is reachable from here, typed ids or not.
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from research_chain.graph.protocol import Direction, GraphBackend
from research_chain.payloads.graph import entity_type
from research_chain.understanding.paths import LITERAL, NODE_MARK, PathTree
from research_chain.understanding.relation_names import forward_name

__all__ = ["path_tree"]


def _spread(ids: set[str]) -> list[str]:
    """A deterministic order that is not the id order (ids often cluster by age or kind)."""
    return sorted(ids, key=lambda i: (zlib.crc32(i.encode()), i))


async def path_tree(
    graph: GraphBackend,
    seeds: Sequence[str],
    depth: int = 3,
    per_node: int = 8,
    fanout: int = 50,
    max_nodes: int = 2000,
    mentioned: AbstractSet[str] = frozenset(),
    probe: int = 48,
) -> PathTree:
    """The relation paths that exist from ``seeds``, as a signature shaped like a tree.

    Each node is one path prefix (keyed ``type#n``; the root is the seeds' type), so
    a path search over it yields exactly the step sequences that reach something
    from these seeds, and never one that only another entity of the type has. A
    node reads up to ``per_node`` of the entities it reached; at most ``max_nodes``
    nodes are grown, so the work per question is bounded whatever the graph, those
    through fewer relations outside ``mentioned`` first.

    A relation the question names may be sparse (a language recorded for one book in
    forty): where a node's sample lacks it, up to ``probe`` more of the node's entities
    are read for it alone, so a path the question asks for is not lost to sampling.
    """
    if not seeds:
        return PathTree({}, {})
    root = entity_type(seeds[0])
    stored = graph.predicates()
    # A relation stored both ways (``p`` and ``p_inverse``) is walked as ``p`` in
    # either direction, so each path is offered once.
    mirrored = {p for p in stored if (forward_name(p) or "") in stored}
    tree: dict[str, dict[tuple[str, Direction], set[str]]] = {}
    level: dict[str, list[str]] = {root: sorted(set(seeds))[:per_node]}
    labels: dict[str, tuple[str, ...]] = {root: tuple(graph.label(i) for i in level[root])}
    kinds: dict[str, str] = {"": LITERAL}
    cost = {root: 0}
    pools: dict[str, set[str]] = {root: set(seeds)}
    grown = 0
    for _ in range(depth):
        ids = sorted({i for members in level.values() for i in members})
        if not ids or grown >= max_nodes:
            break
        edges = {
            entity_id: [edge for edge in found if edge[0] not in mirrored]
            for entity_id, found in (await graph.edges(ids, fanout)).items()
        }
        extra = await _probe(graph, level, pools, edges, mentioned, mirrored, cost, probe)
        following: dict[str, list[str]] = {}
        grow: list[tuple[int, str, str, Direction, str, set[str]]] = []
        for key, members in sorted(level.items()):
            reached: dict[tuple[str, Direction, str], set[str]] = defaultdict(set)
            for member in members:
                for predicate, direction, far in (*edges.get(member, ()), *extra.get(key, ())):
                    kind = kinds.get(far)
                    if kind is None:
                        kind = kinds[far] = entity_type(far)
                    reached[(predicate, direction, kind)].add(far)
            for (predicate, direction, kind), far_ids in sorted(reached.items()):
                if kind == LITERAL:
                    tree.setdefault(key, {}).setdefault((predicate, direction), set()).add(LITERAL)
                else:
                    bridges = cost[key] + (predicate not in mentioned)
                    grow.append((bridges, key, predicate, direction, kind, far_ids))
        # When the budget runs out, prefixes through relations the question names grow first.
        grow.sort(key=lambda g: g[0])
        for bridges, key, predicate, direction, kind, far_ids in grow[: max(0, max_nodes - grown)]:
            grown += 1
            child = f"{kind}{NODE_MARK}{grown}"
            tree.setdefault(key, {}).setdefault((predicate, direction), set()).add(child)
            following[child] = _spread(far_ids)[:per_node]
            pools[child] = far_ids
            labels[child] = tuple(graph.label(i) for i in following[child])
            cost[child] = bridges
        level = following
    # The last level's own values ("the types of the sensors on the drones X flew"), so
    # a path may end one step further on an attribute.
    last = sorted({i for members in level.values() for i in members})
    if last:
        found = await graph.attributes(last)
        for key, members in level.items():
            steps = {p for member in members for p in found.get(member, ())} - mirrored
            if steps:
                node = tree.setdefault(key, {})
                for predicate in steps:
                    node.setdefault((predicate, Direction.OUT), set()).add(LITERAL)
    return PathTree(tree, labels)


async def _probe(
    graph: GraphBackend,
    level: dict[str, list[str]],
    pools: dict[str, set[str]],
    edges: dict[str, list[tuple[str, Direction, str]]],
    mentioned: AbstractSet[str],
    mirrored: set[str],
    cost: dict[str, int],
    probe: int,
) -> dict[str, list[tuple[str, Direction, str]]]:
    """Edges of the named relations a node's sample missed, read from more of its
    entities; only on prefixes through named relations alone."""
    wanted: dict[str, set[str]] = {}
    for key, members in level.items():
        if cost[key] or len(pools[key]) <= len(members):
            continue
        seen = {edge[0] for member in members for edge in edges.get(member, ())}
        if missing := set(mentioned) - seen - mirrored:
            wanted[key] = missing
    if not wanted:
        return {}
    more = {key: _spread(pools[key] - set(level[key]))[:probe] for key in wanted}
    found = await graph.edges(sorted({i for ids in more.values() for i in ids}), 1)
    return {
        key: [edge for i in more[key] for edge in found.get(i, ()) if edge[0] in wanted[key]]
        for key in wanted
    }
