"""Reading a question against the live graph, and writing entities as evidence.

Shared by the five stages so each reads a question the same way: explicit
spans (``[...]``, quotes) are resolved as whole names first and, when a
question has any, they are its only entity mentions; otherwise the graph's name
index spots names in the free text, longest first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence

from research_chain.graph.protocol import GraphBackend, NameMatch
from research_chain.payloads import EntityState, Evidence, ObjectKind, RetrievalTier
from research_chain.understanding.analysis import Analysis, analyse, explicit_spans
from research_chain.understanding.evidence import snippet, triple_text

__all__ = [
    "MAX_READ_CHARS",
    "Readings",
    "hydrate",
    "read_question",
    "spot_names",
    "state_snippet",
]

MAX_FACTS = 8
# The most of a question any stage reads. Understanding's work grows faster than the text
# (ADR 0014), so this bounds one request's CPU whatever limit a deployment sets at intake
# and however long a judge's refined topic is.
MAX_READ_CHARS = 2_000


def spot_names(graph: GraphBackend, text: str) -> list[NameMatch]:
    """Entity names in ``text``: the explicit spans if any, else every name spotted."""
    spans = explicit_spans(text)
    if not spans:
        return graph.match_names(text)
    found = []
    for start, _end, inner in spans:
        matches = graph.match_names(inner)
        if not matches:
            continue
        whole = [m for m in matches if m.end - m.start == len(inner.strip())]
        best = whole[0] if whole else matches[0]
        offset = start + best.start
        found.append(NameMatch(best.surface, offset, offset + len(best.surface), best.entity_ids))
    return found


class Readings:
    """Recent analyses, held by whoever runs the stages (one per process): each stage of
    a loop reads the same question. A reading depends on the text, the names it matches
    and the graph's type and predicate names, so those are the key: a rename or a new
    entity is never read stale."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self.vocabulary: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
        self.cache: OrderedDict[tuple[str, tuple[NameMatch, ...]], Analysis] = OrderedDict()

    def read(self, graph: GraphBackend, text: str) -> Analysis:
        types, predicates = graph.entity_types(), graph.predicates()
        vocabulary = (frozenset(types), frozenset(predicates))
        if vocabulary != self.vocabulary:
            self.vocabulary, self.cache = vocabulary, OrderedDict()
        names = tuple(spot_names(graph, text))
        found = self.cache.get((text, names))
        if found is None:
            found = analyse(text, predicates, types, names)
            self.cache[(text, names)] = found
            if len(self.cache) > self.size:
                self.cache.popitem(last=False)
        return found


def read_question(graph: GraphBackend, text: str, readings: Readings | None = None) -> Analysis:
    """The question read against the graph (from ``readings`` when given, shared by the
    stages: treat it as read-only); only its first :data:`MAX_READ_CHARS` characters."""
    text = text[:MAX_READ_CHARS]
    if readings is None:
        return analyse(text, graph.predicates(), graph.entity_types(), spot_names(graph, text))
    return readings.read(graph, text)


def _ordered(state: EntityState, prefer: Iterable[str]) -> list[int]:
    wanted = set(prefer)
    order = sorted(
        range(len(state.triples)),
        key=lambda i: (state.triples[i].predicate not in wanted, i),
    )
    return order[:MAX_FACTS]


def state_snippet(graph: GraphBackend, state: EntityState, prefer: Iterable[str] = ()) -> str:
    """``Label | Label --p--> value; ...``: the entity's own facts, asked relations first."""
    label = state.label or graph.label(state.id) or state.id
    labels = {state.id: label}
    facts = []
    for i in _ordered(state, prefer):
        triple = state.triples[i]
        if triple.kind is ObjectKind.ENTITY and triple.object not in labels:
            labels[triple.object] = graph.label(triple.object)
        facts.append(triple_text(triple, labels))
    return snippet(label, facts)


async def hydrate(
    graph: GraphBackend, ids: Sequence[str], prefer: Iterable[str] = (), score: float = 1.0
) -> list[Evidence]:
    """The entities' own states as evidence (tier 0, source ``entity_state``)."""
    lookup = await graph.entity_state(list(dict.fromkeys(ids)))
    prefer = list(prefer)
    return [
        Evidence(
            entity_id=entity_id,
            tier=RetrievalTier.RULES,
            source="entity_state",
            score=score,
            snippet_text=state_snippet(graph, state, prefer),
        )
        for entity_id, state in lookup.found.items()
    ]
