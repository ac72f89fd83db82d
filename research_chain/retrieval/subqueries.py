"""Typed sub-queries: what execute_subqueries asks the graph, each turned into evidence.

Each sub-query is a small frozen record with ``run(graph) -> list[Evidence]``
and ``wire()`` (its trace entry in ``decomp_trace.sub_queries``). Answers of a
relation path are ranked by how many distinct paths reach them, then by id.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from research_chain.errors import GraphError
from research_chain.graph.memory import parse_time
from research_chain.graph.protocol import Direction, GraphBackend, Step, WalkHit
from research_chain.graph.text import normalise, predicate_words
from research_chain.payloads import EntityState, Evidence, ObjectKind, RetrievalTier, Triple
from research_chain.payloads.graph import entity_type
from research_chain.retrieval.reading import hydrate
from research_chain.understanding.evidence import (
    evidence_facts,
    evidence_label,
    fact_time,
    snippet,
    triple_text,
)
from research_chain.understanding.lexicon import NOISE_WORDS
from research_chain.understanding.paths import path_to_wire
from research_chain.understanding.sexes import SexedWord, sex_of_value, sexes_along

__all__ = [
    "Bm25Query",
    "ComparisonQuery",
    "EntityStateQuery",
    "NeighbourQuery",
    "PathQuery",
    "SubQuery",
    "TemporalQuery",
    "TypeScanQuery",
    "attribute_answers",
]

FANOUT = 500
MAX_PATH_HOPS = 4


class SubQuery(Protocol):
    async def run(self, graph: GraphBackend) -> list[Evidence]: ...

    def wire(self) -> dict[str, Any]: ...


def _labels(graph: GraphBackend, triples: Sequence[Triple]) -> dict[str, str]:
    ids = {t.subject for t in triples} | {t.object for t in triples if t.kind is ObjectKind.ENTITY}
    return {i: graph.label(i) or i.rsplit(".", 1)[-1] for i in ids}


def _answer(
    graph: GraphBackend,
    entity_id: str,
    label: str,
    path: Sequence[Triple],
    score: float,
    source: str,
) -> Evidence:
    labels = _labels(graph, path)
    facts = [triple_text(t, labels, timed=True) for t in path]
    return Evidence(
        entity_id=entity_id,
        tier=RetrievalTier.RULES,
        source=source,
        score=round(score, 4),
        snippet_text=snippet(label, facts),
    )


def _iso(at: datetime | None) -> str:
    return at.isoformat() if at is not None else ""


def date_attributes(state: EntityState) -> list[tuple[Triple, datetime]]:
    """The entity's own literal facts whose value is a date or time (not a bare number)."""
    out = []
    for triple in state.triples:
        if triple.kind is not ObjectKind.LITERAL or triple.object.strip().isdigit():
            continue
        at = parse_time(triple.object.strip())
        if at is not None:
            out.append((triple, at))
    return out


def _timed(item: Evidence) -> bool:
    return any(fact_time(fact) for fact in evidence_facts(item))


def _by_time(answers: list[Evidence], order: str) -> list[Evidence]:
    """Answers that are dates, latest or earliest first; others keep their rank after them."""
    dated = [(parse_time(evidence_label(a)), a) for a in answers]
    timed = [(at, a) for at, a in dated if at is not None]
    if not timed:
        return answers
    timed.sort(key=lambda pair: pair[0], reverse=order == "latest")
    rest = [a for at, a in dated if at is None]
    ranked = [a for _, a in timed] + rest
    return [
        a.model_copy(update={"score": round(3.0 - i / len(ranked), 4)})
        for i, a in enumerate(ranked)
    ]


def attribute_answers(
    graph: GraphBackend,
    states: Sequence[EntityState],
    predicate: str,
    score: float = 2.0,
    *,
    literal_only: bool = False,
) -> list[Evidence]:
    """The values of ``predicate`` in the entities' own states, as answer evidence."""
    out: list[Evidence] = []
    literals: dict[str, list[Triple]] = {}
    for state in states:
        for triple in state.triples:
            if triple.predicate != predicate:
                continue
            if triple.kind is ObjectKind.ENTITY:
                if literal_only:
                    continue
                label = graph.label(triple.object) or triple.object
                out.append(_answer(graph, triple.object, label, [triple], score, "attribute"))
            else:
                literals.setdefault(state.id, []).append(triple)
    for subject, triples in literals.items():
        values = ", ".join(dict.fromkeys(t.object for t in triples))
        out.append(_answer(graph, subject, values, triples, score, "attribute"))
    return out


@dataclass(frozen=True, slots=True)
class EntityStateQuery:
    ids: tuple[str, ...]
    prefer: tuple[str, ...] = ()

    async def run(self, graph: GraphBackend) -> list[Evidence]:
        return await hydrate(graph, self.ids, self.prefer)

    def wire(self) -> dict[str, Any]:
        return {"kind": "entity_state", "ids": list(self.ids)}


def _returns(steps: Sequence[Step], index: int) -> bool:
    if index == 0:
        return False
    before, here = steps[index - 1], steps[index]
    return before.predicate == here.predicate and before.direction != here.direction


@dataclass(frozen=True, slots=True)
class PathQuery:
    """Walk a typed relation path hop by hop, counting the paths that reach each entity.

    ``alternatives`` are walked in order only while the paths before them reach
    nothing. A seed reached again at the end is kept but ranked last: a question
    rarely asks back for the entity it names.

    A time window (``start``/``end``) filters timestamped facts hop by hop; an
    answer reached by facts without a time is kept only when one of its own
    date-valued attributes falls in the window (an answer with none passes).
    With an ``order`` and ``answer_types`` (a superlative: "which drone ... first"),
    the answer is the one entity of those types reached along the path (or the
    path's longest prefix reaching them) with the earliest or latest value of its
    date attribute named in ``rank_by`` (else its only date attribute).
    A step a sexed noun reads (``sexes``: "X's father" over ``parents``) drops what the
    graph records as the other sex.
    """

    seeds: tuple[str, ...]
    steps: tuple[Step, ...]
    alternatives: tuple[tuple[Step, ...], ...] = ()
    start: datetime | None = None
    end: datetime | None = None
    order: str = ""
    constraints: tuple[tuple[tuple[str, ...], tuple[Step, ...]], ...] = ()
    answer_types: frozenset[str] = frozenset()
    rank_by: tuple[str, ...] = ()
    text: str = ""
    sexes: tuple[SexedWord, ...] = ()

    async def run(self, graph: GraphBackend) -> list[Evidence]:
        if len(self.steps) > MAX_PATH_HOPS:
            raise GraphError(f"walk_path: {len(self.steps)} hops, at most {MAX_PATH_HOPS}")
        allowed = await self._allowed(graph)
        if self.order and self.answer_types:
            extreme = await self._superlative(graph, allowed)
            if extreme:
                return extreme
        for steps in (self.steps, *self.alternatives):
            found = await self._reach(graph, steps, allowed)
            if not found and self.sexes:
                # "the deathplace of X's daughter", who has none: a child's, before another path
                found = await self._reach(graph, steps, allowed, sexed=False)
            if found:
                found = await self._valued(graph, found) if self.text else found
                return _by_time(found, self.order) if self.order else found
        return []

    async def _valued(self, graph: GraphBackend, found: list[Evidence]) -> list[Evidence]:
        """The answers holding every attribute value the question writes out, on themselves
        or on what they point to ("drones at S that carry a radar": a sensor of theirs is of
        type radar). A value every answer holds says nothing; past ``_VALUED`` answers (or
        neighbours of one) none is looked for."""
        ids = list(dict.fromkeys(item.entity_id for item in found))
        if not 2 <= len(ids) <= _VALUED:
            return found
        states = (await graph.entity_state(ids)).found
        near = {
            entity_id: [t.object for t in state.triples if t.kind is ObjectKind.ENTITY][:_VALUED]
            for entity_id, state in states.items()
        }
        wanted = list(dict.fromkeys(o for objects in near.values() for o in objects))
        further = (await graph.entity_state(wanted)).found
        held = {}
        for entity_id, state in states.items():
            around = [state, *(further[o] for o in near[entity_id] if o in further)]
            held[entity_id] = [((normalise(t.object), t.predicate), t) for t in _attributes(around)]
        kinds = _kind_words(self.answer_types)
        windowed = self.start is not None or self.end is not None
        every = (t for facts in held.values() for _, t in facts)
        stated = stated_values(self.text, every, kinds, windowed)
        meeting: dict[str, dict[str, Triple]] = {}
        conditions = set()
        for value, pairs in stated.items():
            holders = {
                entity_id: fact
                for entity_id, facts in held.items()
                for pair, fact in facts
                if pair in pairs
            }
            if len(holders) < len(held):
                conditions.add(value)
                for entity_id, fact in holders.items():
                    meeting.setdefault(entity_id, {})[value] = fact
        kept = {i for i, facts in meeting.items() if set(facts) >= conditions}
        if not conditions or not kept:
            return found
        out = []
        for item in found:
            if item.entity_id in kept:
                said = [
                    triple_text(t, {t.subject: graph.label(t.subject)})
                    for t in meeting[item.entity_id].values()
                ]
                facts = list(dict.fromkeys([*evidence_facts(item), *said]))
                label = evidence_label(item)
                out.append(item.model_copy(update={"snippet_text": snippet(label, facts)}))
        return out

    async def _reach(
        self,
        graph: GraphBackend,
        steps: tuple[Step, ...],
        allowed: set[str] | None,
        sexed: bool = True,
    ) -> list[Evidence]:
        found = await self._walk(graph, steps, sexed)
        if allowed is not None:
            found = [item for item in found if item.entity_id in allowed]
        return await dated_in(graph, found, self.start, self.end)

    async def _superlative(self, graph: GraphBackend, allowed: set[str] | None) -> list[Evidence]:
        """The extreme entity of the asked types, by the asked (or only) date attribute."""
        for steps in (self.steps, *self.alternatives):
            for size in range(len(steps), 0, -1):
                found = await self._reach(graph, steps[:size], allowed)
                typed = [
                    item
                    for item in found
                    if entity_type(item.entity_id) in self.answer_types
                    and item.entity_id not in self.seeds
                ]
                if typed:
                    return await self._extreme(graph, typed)
        return []

    async def _extreme(self, graph: GraphBackend, typed: list[Evidence]) -> list[Evidence]:
        ids = list(dict.fromkeys(item.entity_id for item in typed))
        states = (await graph.entity_state(ids)).found
        dated = {
            entity_id: {t.predicate: (at, t) for t, at in date_attributes(state)}
            for entity_id, state in states.items()
        }
        predicates = {p for values in dated.values() for p in values}
        named = [p for p in self.rank_by if p in predicates]
        if not named and len(predicates) != 1:
            return []
        predicate = named[0] if named else next(iter(predicates))
        values = {i: v[predicate] for i, v in dated.items() if predicate in v}
        if not values:
            return []
        pick = min if self.order == "earliest" else max
        best = pick(at for at, _ in values.values())
        facts = {item.entity_id: evidence_facts(item) for item in reversed(typed)}
        out = []
        for entity_id in sorted(i for i, (at, _) in values.items() if at == best):
            label = graph.label(entity_id) or entity_id
            date = triple_text(values[entity_id][1], {entity_id: label})
            kept = list(dict.fromkeys([*facts.get(entity_id, []), date]))
            out.append(
                Evidence(
                    entity_id=entity_id,
                    tier=RetrievalTier.RULES,
                    source="aggregate",
                    score=3.0,
                    snippet_text=snippet(label, kept),
                )
            )
        return out

    async def _allowed(self, graph: GraphBackend) -> set[str] | None:
        """What every other condition reaches (None when there are none)."""
        allowed: set[str] | None = None
        for seeds, steps in self.constraints:
            hits = await graph.walk_path(list(seeds), list(steps), max_fanout=FANOUT)
            reached = {hit.entity_id for hit in hits}
            allowed = reached if allowed is None else allowed & reached
        return allowed

    def _in_window(self, triple: Triple) -> bool:
        """Facts without a time always pass; timed facts must fall in the asked window."""
        if self.start is None and self.end is None:
            return True
        at = parse_time(triple.timestamp)
        if at is None:
            return True
        return (self.start is None or at >= self.start) and (self.end is None or at < self.end)

    async def _walk(
        self, graph: GraphBackend, steps: tuple[Step, ...], sexed: bool = True
    ) -> list[Evidence]:
        counts: Counter[str] = Counter({seed: 1 for seed in self.seeds})
        trail: dict[str, tuple[Triple, ...]] = {seed: () for seed in self.seeds}
        history = [set(self.seeds)]
        sexes = sexes_along(self.sexes, steps) if sexed else ("",) * len(steps)
        for index, step in enumerate(steps):
            hits = await graph.walk_path(sorted(counts), [step], max_fanout=FANOUT)
            if not hits and index == len(steps) - 1:
                states = await graph.entity_state(sorted(counts))
                found = list(states.found.values())
                return attribute_answers(graph, found, step.predicate, literal_only=True)
            hits = [hit for hit in hits if self._in_window(hit.path[-1])]
            if _returns(steps, index):
                # Back where the walk came from: those are rarely what is asked ("books
                # edited by the editor of X" are the others), unless they are all
                # there is ("the spouse of X's wife" is X).
                onward = [hit for hit in hits if hit.entity_id not in history[-2]]
                hits = onward or hits
            if sexes[index]:
                hits = await _not_other_sex(graph, hits, sexes[index])
            nxt: Counter[str] = Counter()
            nxt_trail: dict[str, tuple[Triple, ...]] = {}
            for hit in hits:
                nxt[hit.entity_id] += counts[hit.seed]
                nxt_trail.setdefault(hit.entity_id, trail[hit.seed] + hit.path)
            counts, trail = nxt, nxt_trail
            history.append(set(counts))
            if not counts:
                return []
        top = max(counts.values(), default=1)
        return [
            _answer(
                graph,
                entity_id,
                graph.label(entity_id) or entity_id,
                trail[entity_id],
                1.0 + (0.0 if entity_id in self.seeds else count / top),
                "predicate_walk",
            )
            for entity_id, count in counts.items()
        ]

    def wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": "walk_path",
            "seeds": list(self.seeds),
            "path": path_to_wire(self.steps),
        }
        if self.alternatives:
            out["alternatives"] = [path_to_wire(a) for a in self.alternatives]
        if self.start is not None or self.end is not None:
            out["window"] = [_iso(self.start), _iso(self.end)]
        if self.order:
            out["order"] = self.order
        if self.order and self.answer_types:
            out["answer_types"] = sorted(self.answer_types)
        if self.sexes:
            out["sexes"] = list(sexes_along(self.sexes, self.steps))
        if self.constraints:
            out["constraints"] = [
                {"seeds": list(seeds), "path": path_to_wire(steps)}
                for seeds, steps in self.constraints
            ]
        return out


async def _not_other_sex(graph: GraphBackend, hits: list[WalkHit], sex: str) -> list[WalkHit]:
    """The hits not recorded as other than ``sex``. A relation records sex where every
    value it gives these entities is a sex ("male", "female"), so a band named Queen
    among someone's memberships records nothing; one entity recorded as neither is kept."""
    ids = list(dict.fromkeys(hit.entity_id for hit in hits))
    states = (await graph.entity_state(ids)).found
    said: dict[str, dict[str, str | None]] = {}
    for entity_id, state in states.items():
        for t in state.triples:
            label = (graph.label(t.object) or t.object) if t.kind is ObjectKind.ENTITY else t.object
            said.setdefault(t.predicate, {})[entity_id] = sex_of_value(label)
    recorded: dict[str, set[str]] = {}
    for values in said.values():
        if all(values.values()):
            for entity_id, value in values.items():
                recorded.setdefault(entity_id, set()).add(str(value))
    kept = [hit for hit in hits if sex in recorded.get(hit.entity_id, {sex})]
    return kept or hits


@dataclass(frozen=True, slots=True)
class NeighbourQuery:
    """One hop from the seeds along the given predicates, both directions."""

    seeds: tuple[str, ...]
    predicates: tuple[str, ...]
    query: str = ""

    async def run(self, graph: GraphBackend) -> list[Evidence]:
        hits = await graph.predicate_walk(
            list(self.seeds), list(self.predicates) or None, Direction.BOTH, 1, FANOUT
        )
        reached = Counter(hit.entity_id for hit in hits)
        first = {hit.entity_id: hit for hit in reversed(hits)}
        top = max(reached.values(), default=1)
        return [
            _answer(graph, i, graph.label(i) or i, first[i].path, 1.0 + n / top, "predicate_walk")
            for i, n in reached.items()
        ]

    def wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": "predicate_walk",
            "seeds": list(self.seeds),
            "predicates": list(self.predicates),
        }
        if self.query:
            out["query"] = self.query
        return out


@dataclass(frozen=True, slots=True)
class Bm25Query:
    query: str
    k: int = 10
    types: frozenset[str] = field(default_factory=frozenset)

    async def run(self, graph: GraphBackend) -> list[Evidence]:
        hits = await graph.bm25(self.query, k=self.k * (4 if self.types else 1))
        out = []
        for hit in hits:
            if self.types and entity_type(hit.entity_id) not in self.types:
                continue
            label = graph.label(hit.entity_id) or hit.entity_id
            out.append(
                Evidence(
                    entity_id=hit.entity_id,
                    tier=RetrievalTier.BM25,
                    source="bm25_index",
                    score=round(hit.score, 4),
                    snippet_text=snippet(label, [hit.snippet]),
                )
            )
        return out[: self.k]

    def wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "bm25", "query": self.query, "k": self.k}
        if self.types:
            out["types"] = sorted(self.types)
        return out


@dataclass(frozen=True, slots=True)
class TemporalQuery:
    """Timestamped facts in the window, kept when their entity or relation is asked for."""

    start: datetime | None
    end: datetime | None
    types: frozenset[str] = field(default_factory=frozenset)
    predicates: frozenset[str] = field(default_factory=frozenset)
    limit: int = 500

    async def run(self, graph: GraphBackend) -> list[Evidence]:
        hits = await graph.temporal_range(self.start, self.end, limit=self.limit)
        by_entity: dict[str, list[Triple]] = {}
        for hit in hits:
            triple = hit.triple
            ends = (
                {triple.subject, triple.object}
                if triple.kind is ObjectKind.ENTITY
                else {triple.subject}
            )
            for entity_id in ends:
                type_ok = not self.types or entity_type(entity_id) in self.types
                predicate_ok = not self.predicates or triple.predicate in self.predicates
                if type_ok and predicate_ok:
                    by_entity.setdefault(entity_id, []).append(triple)
        top = max((len(v) for v in by_entity.values()), default=1)
        return [
            _answer(graph, i, graph.label(i) or i, ts[:3], 1.0 + len(ts) / top, "temporal_range")
            for i, ts in by_entity.items()
        ]

    def wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "temporal_range"}
        if self.start is not None:
            out["start"] = self.start.isoformat()
        if self.end is not None:
            out["end"] = self.end.isoformat()
        if self.types:
            out["types"] = sorted(self.types)
        if self.predicates:
            out["predicates"] = sorted(self.predicates)
        return out


@dataclass(frozen=True, slots=True)
class TypeScanQuery:
    """The entities of the asked types that meet every condition the question states.

    What a question naming no entity asks for ("Which high-severity faults were
    reported in May 2025?"). A condition is an attribute value the question writes
    out word for word (``severity: high``); the time window falls on the entity's
    own dates, those of the predicates the question mentions (``rank_by``) first.
    An entity with no date cannot be placed in a window, so a window drops it.
    When no entity qualifies (the dates may sit on other entities' facts about
    them), the ``otherwise`` queries answer instead.
    """

    types: tuple[str, ...]
    text: str
    start: datetime | None = None
    end: datetime | None = None
    rank_by: tuple[str, ...] = ()
    otherwise: tuple[SubQuery, ...] = ()
    limit: int = 5000

    async def run(self, graph: GraphBackend) -> list[Evidence]:
        found = await self._scan(graph)
        if found:
            return found
        for query in self.otherwise:
            found.extend(await query.run(graph))
        return found

    async def _scan(self, graph: GraphBackend) -> list[Evidence]:
        ids = [i for t in self.types for i in graph.entities_of_type(t, self.limit)]
        states = (await graph.entity_state(ids)).found
        windowed = self.start is not None or self.end is not None
        kinds = _kind_words(self.types)
        conditions = stated_values(self.text, _attributes(states.values()), kinds, windowed)
        own = {t.predicate for state in states.values() for t in state.triples}
        asked = {
            t.predicate
            for state in states.values()
            for t in state.triples
            if t.predicate in self.rank_by and (t.timestamp or parse_time(t.object.strip()))
        }
        if windowed and not asked and await self._dated_elsewhere(graph, ids, own):
            return []
        out = []
        for entity_id, state in states.items():
            facts = []
            for pairs in conditions.values():
                met = [
                    t
                    for t in state.triples
                    if t.kind is ObjectKind.LITERAL and (normalise(t.object), t.predicate) in pairs
                ]
                if not met:
                    break
                facts.append(met[0])
            if len(facts) < len(conditions):
                continue
            if windowed:
                dated = self._dated(state, asked)
                if dated is None:
                    continue
                facts.append(dated)
            label = graph.label(entity_id) or entity_id
            out.append(_answer(graph, entity_id, label, facts, 2.0, "type_scan"))
        return out if conditions or windowed else out[:FANOUT]

    async def _dated_elsewhere(
        self, graph: GraphBackend, ids: Sequence[str], own: AbstractSet[str]
    ) -> bool:
        """Whether a relation the question names reaches these entities from others
        ("serviced": a record's, not the drone's), where the time would be; one that
        neither they nor anything pointing at them holds ("site" of "site survey") is
        no such place."""
        elsewhere = set(self.rank_by) - own
        if not elsewhere:
            return False
        edges = await graph.edges(ids, per_relation=1)
        return any(
            p in elsewhere and d is Direction.IN for found in edges.values() for p, d, _ in found
        )

    def _dated(self, state: EntityState, asked: set[str]) -> Triple | None:
        """The entity's date in the window: one of the ``asked`` relations' ("reported") if
        the question names any, else any of its own dates or timestamped facts."""
        dates = date_attributes(state) + [
            (t, at) for t in state.triples if (at := parse_time(t.timestamp)) is not None
        ]
        for triple, at in dates:
            if asked and triple.predicate not in asked:
                continue
            if (self.start is None or at >= self.start) and (self.end is None or at < self.end):
                return triple
        return None

    def wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "type_scan", "types": list(self.types)}
        if self.start is not None:
            out["start"] = self.start.isoformat()
        if self.end is not None:
            out["end"] = self.end.isoformat()
        if self.otherwise:
            out["otherwise"] = [query.wire() for query in self.otherwise]
        return out


async def dated_in(
    graph: GraphBackend, found: list[Evidence], start: datetime | None, end: datetime | None
) -> list[Evidence]:
    """Items reached by untimed facts, kept when a date of their own is in the window (or
    they have none); timed ones are judged by their facts' times where the answer is written."""
    if start is None and end is None:
        return found
    untimed = [item.entity_id for item in found if not _timed(item)]
    if not untimed:
        return found
    states = (await graph.entity_state(list(dict.fromkeys(untimed)))).found
    out = []
    for item in found:
        state = states.get(item.entity_id)
        dates = date_attributes(state) if state is not None and not _timed(item) else []
        inside = ((start is None or at >= start) and (end is None or at < end) for _, at in dates)
        if not dates or any(inside):
            out.append(item)
    return out


# Answers (and neighbours of each) a walk's stated values are looked for on, at most.
_VALUED = 100


def _kind_words(types: Iterable[str]) -> frozenset[str]:
    """The words of the asked types' names: a stated value's last word is no value then."""
    return frozenset(w for t in types for w in predicate_words(t).split())


def _attributes(states: Iterable[EntityState]) -> list[Triple]:
    """The entities' literal facts but their names."""
    return [
        t
        for state in states
        for t in state.triples
        if t.kind is ObjectKind.LITERAL and t.object != state.label
    ]


def stated_values(
    text: str,
    facts: Iterable[Triple],
    kinds: AbstractSet[str] = frozenset(),
    windowed: bool = False,
) -> dict[str, set[tuple[str, str]]]:
    """The attribute values a question (normalised ``text``) writes out, each with the
    (value, predicate) pairs it names: a whole value ("high"), or else the last word of a
    longer one ("survey" for "site survey"), not a word of the asked ``kinds``; numbers are
    no values where a time window is asked."""
    text = f" {text} "
    whole: dict[str, set[tuple[str, str]]] = {}
    heads: dict[str, set[tuple[str, str]]] = {}
    for t in facts:
        value = normalise(t.object)
        if not value or (windowed and value.isdigit()) or value in NOISE_WORDS:
            continue
        if parse_time(t.object.strip()) is not None:
            continue
        head = value.rsplit(" ", 1)[-1]
        if f" {value} " in text:
            whole.setdefault(value, set()).add((value, t.predicate))
        elif head != value and len(head) > 3 and head not in kinds and f" {head} " in text:
            heads.setdefault(head, set()).add((value, t.predicate))
    named = {p for pairs in whole.values() for _, p in pairs}
    for head, pairs in heads.items():
        kept = {(v, p) for v, p in pairs if p not in named}
        if kept and head not in whole:
            whole[head] = kept
    return {
        key: pairs
        for key, pairs in whole.items()
        if not any(key != other and f" {key} " in f" {other} " for other in whole)
    }


def _value(text: str) -> float | None:
    """A literal as a comparable number: plain numbers, or dates and times as epoch seconds."""
    try:
        number = float(text.strip().rstrip("%"))
    except ValueError:
        at = parse_time(text.strip())
        return at.timestamp() if at is not None else None
    return number if math.isfinite(number) else None


@dataclass(frozen=True, slots=True)
class ComparisonQuery:
    """Which of several entities has the most (or least) of an asked relation.

    The measure is the entity's own numeric or date value for the predicate
    when it has one, else how many edges of that predicate it has ("more
    faults", "serviced more often"). Predicates are tried in the order given.
    """

    ids: tuple[str, ...]
    predicates: tuple[str, ...]
    highest: bool = True

    async def _measure(
        self, graph: GraphBackend, predicate: str, states: Mapping[str, EntityState]
    ) -> dict[str, tuple[float, list[Triple]]]:
        values: dict[str, tuple[float, list[Triple]]] = {}
        for entity_id, state in states.items():
            for triple in state.triples:
                if triple.predicate == predicate and triple.kind is ObjectKind.LITERAL:
                    number = _value(triple.object)
                    if number is not None:
                        values[entity_id] = (number, [triple])
        if len(values) >= 2:
            return values
        hits = await graph.predicate_walk(list(states), [predicate], Direction.BOTH, 1, FANOUT)
        counted: dict[str, tuple[float, list[Triple]]] = {}
        for hit in hits:
            count, triples = counted.get(hit.seed, (0.0, []))
            counted[hit.seed] = (count + 1, [*triples, *hit.path])
        return counted if len(counted) >= 1 else {}

    async def run(self, graph: GraphBackend) -> list[Evidence]:
        states = (await graph.entity_state(list(self.ids))).found
        for predicate in self.predicates:
            values = await self._measure(graph, predicate, states)
            if not values:
                continue
            for entity_id in states:
                values.setdefault(entity_id, (0.0, []))
            order = sorted(
                values, key=lambda i: (-values[i][0] if self.highest else values[i][0], i)
            )
            return [
                _answer(
                    graph,
                    entity_id,
                    graph.label(entity_id) or entity_id,
                    values[entity_id][1][:3],
                    3.0 - rank / len(order),
                    "aggregate",
                )
                for rank, entity_id in enumerate(order)
            ]
        return []

    def wire(self) -> dict[str, Any]:
        return {
            "kind": "comparison",
            "ids": list(self.ids),
            "predicates": list(self.predicates),
            "order": "highest" if self.highest else "lowest",
        }
