"""execute_subqueries: turn the router's intent into typed sub-queries and fuse the evidence.

``walk_seeds``: the seeds' own states, the inferred relation path walked hop by
hop, and a BM25 coverage query. ``decompose``: one template per axis (entity
type, relationship, time window parsed from the topic, comparison; free axes
as BM25). A refine round (input: the assessor's output) turns its
``refined_queries`` into new sub-queries and merges what they find with the
evidence of earlier rounds.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from datetime import datetime

from research_chain.components.base import Component, StageContext, resolve_seeds
from research_chain.graph.memory import parse_time
from research_chain.graph.protocol import Step
from research_chain.graph.text import normalise
from research_chain.payloads import (
    AssessmentOutput,
    ClassifierOutput,
    DecomposeArgs,
    DecomposeScope,
    Evidence,
    ExecutionOutput,
    RouteAction,
    RouteDecision,
    SeedRef,
)
from research_chain.retrieval.fusion import fuse, run_all
from research_chain.retrieval.subqueries import (
    Bm25Query,
    ComparisonQuery,
    EntityStateQuery,
    NeighbourQuery,
    PathQuery,
    SubQuery,
    TemporalQuery,
    TypeScanQuery,
    dated_in,
)
from research_chain.stages import Stage
from research_chain.understanding.analysis import Analysis
from research_chain.understanding.evidence import is_answer
from research_chain.understanding.lexicon import words
from research_chain.understanding.paths import path_from_wire
from research_chain.understanding.sexes import step_sexes
from research_chain.understanding.timeparse import parse_time_range

__all__ = ["COMPONENT", "handle"]

# How plainly a word must name a relation for a topic-wide question's time to fall on it
_DATED_BY = 0.5
_SCOPE_K = {DecomposeScope.NARROW: 10, DecomposeScope.MEDIUM: 25, DecomposeScope.BROAD: 50}
_LOWEST = words(
    """least lowest less lower smaller smallest worse worst shortest slowest fewer fewest
    earlier earliest first older oldest lighter lightest"""
)


def _window(ctx: StageContext, topic: str) -> tuple[datetime | None, datetime | None] | None:
    classifier = ctx.snapshot.classifier_output
    hint = classifier.hints.get("time_range") if classifier else None
    if isinstance(hint, dict):
        return parse_time(str(hint.get("start", ""))), parse_time(str(hint.get("end", "")))
    parsed = parse_time_range(topic)
    return None if parsed is None else (parsed.start, parsed.end)


async def _constraints(
    ctx: StageContext, raw: object
) -> tuple[tuple[tuple[str, ...], tuple[Step, ...]], ...]:
    """The other conditions of a conjunctive walk: each one's seeds and relation path."""
    if not isinstance(raw, list):
        return ()
    out = []
    for item in raw:
        if not isinstance(item, dict):
            continue
        seeds = [SeedRef.from_wire(s) for s in item.get("seeds", []) if isinstance(s, dict)]
        ids, _ = await resolve_seeds(ctx, seeds, str(item.get("seed_type", "")))
        steps = path_from_wire(item.get("path"))
        if ids and steps:
            out.append((tuple(ids), steps))
    return tuple(out)


async def _walk_queries(ctx: StageContext, decision: RouteDecision, topic: str) -> list[SubQuery]:
    args = decision.parse_walk_seeds_args()
    ids, _ = await resolve_seeds(ctx, args.seeds, str(decision.args.get("seed_type", "")))
    steps = path_from_wire(decision.args.get("path"))
    analysis = ctx.read(topic)
    queries: list[SubQuery] = []
    if ids:
        queries.append(EntityStateQuery(tuple(ids), tuple(analysis.predicates())))
        if steps:
            window = _window(ctx, topic) or (None, None)
            raw = decision.args.get("alternatives", [])
            others = (
                tuple(p for p in (path_from_wire(a) for a in raw) if p)
                if isinstance(raw, list)
                else ()
            )
            constraints = await _constraints(ctx, decision.args.get("constraints"))
            queries.append(
                PathQuery(
                    tuple(ids), steps, () if constraints else others, window[0], window[1],
                    analysis.order, constraints, frozenset(analysis.answer_types),
                    tuple(_by_strength(analysis)), normalise(topic),
                    step_sexes(analysis, args.seeds[0].ref if args.seeds else ""),
                )
            )  # fmt: skip
        elif analysis.predicates():
            queries.append(NeighbourQuery(tuple(ids), tuple(analysis.predicates())))
    queries.append(Bm25Query(topic, k=5))
    return queries


def _by_strength(
    analysis: Analysis, besides: AbstractSet[int] = frozenset(), floor: float = 0.0
) -> tuple[str, ...]:
    """Mentioned predicates, the one named by most (and most exact) words first; words at
    ``besides`` and readings weaker than ``floor`` left out."""
    weight: dict[str, float] = {}
    for m in analysis.relations:
        if m.token in besides or m.strength < floor:
            continue
        weight[m.predicate] = weight.get(m.predicate, 0.0) + m.strength
    return tuple(sorted(weight, key=lambda p: (-weight[p], p)))


def _axis_queries(
    ctx: StageContext, axis: str, analysis: Analysis, args: DecomposeArgs, ids: list[str]
) -> list[SubQuery]:
    k = _SCOPE_K[args.resolved_scope()]
    types = frozenset(analysis.answer_types or analysis.types)
    predicates = tuple(analysis.predicates())
    if axis == "entity_type":
        return [Bm25Query(args.focus, k=k, types=types)] if types else []
    if axis == "relationship":
        if ids:
            return [NeighbourQuery(tuple(ids), predicates)]
        return [Bm25Query(" ".join(p.replace("_", " ") for p in predicates) or args.focus, k=k)]
    if axis == "time":
        window = _window(ctx, analysis.text)
        if window is None:
            return []
        return [TemporalQuery(window[0], window[1], types, frozenset(predicates))]
    if axis == "comparison":
        highest = not any(t.text in _LOWEST for t in analysis.tokens)
        return [ComparisonQuery(tuple(ids), _by_strength(analysis), highest)] if ids else []
    return [Bm25Query(f"{axis} {args.focus}", k=k)]


async def _decompose_queries(
    ctx: StageContext, decision: RouteDecision, topic: str
) -> list[SubQuery]:
    args = decision.parse_decompose_args()
    analysis = ctx.read(topic)
    seeds = [SeedRef.from_wire(s) for s in decision.args.get("seeds", []) if isinstance(s, dict)]
    ids, _ = await resolve_seeds(ctx, seeds) if seeds else ([], [])
    queries: list[SubQuery] = []
    if ids:
        queries.append(EntityStateQuery(tuple(ids), tuple(analysis.predicates())))
    comparing = "comparison" in args.axes
    for axis in args.axes:
        if comparing and axis == "relationship":
            continue  # the comparison measures the relation; its neighbours are not answers
        queries.extend(_axis_queries(ctx, axis, analysis, args, ids))
    types = tuple(sorted(analysis.answer_types or analysis.types))
    if not ids and types:
        # No entity named: the asked type's entities that meet the conditions, or else
        # what the facet queries find.
        window = _window(ctx, topic) or (None, None)
        # the relations the question plainly says its entities are dated by ("reported");
        # the scanned type's own word ("faults") names none
        typed = {i for t in types for i in analysis.types.get(t, ())}
        rank_by = _by_strength(analysis, typed, _DATED_BY)
        queries = [TypeScanQuery(types, normalise(topic), *window, rank_by, tuple(queries))]
    queries.append(Bm25Query(args.focus, k=_SCOPE_K[args.resolved_scope()]))
    return queries


def _refine_queries(ctx: StageContext, assessment: AssessmentOutput) -> list[SubQuery]:
    """One sub-query per refined query: a relation hop from a named entity, else BM25."""
    queries: list[SubQuery] = []
    for text in assessment.refined_queries:
        analysis = ctx.read(text)
        ids = tuple(dict.fromkeys(i for m in analysis.entities for i in m.entity_ids))[:20]
        if ids:
            queries.append(NeighbourQuery(ids, tuple(analysis.predicates()), query=text))
        else:
            queries.append(Bm25Query(text, k=10))
    return queries


def _demoted(item: Evidence) -> Evidence:
    return item.model_copy(update={"score": round(item.score / 2, 4)})


def _topic(ctx: StageContext) -> str:
    classifier: ClassifierOutput | None = ctx.snapshot.classifier_output
    return classifier.topic if classifier else ctx.intent.topic


async def _plan(
    ctx: StageContext, payload: RouteDecision | AssessmentOutput, topic: str
) -> tuple[RouteDecision | None, list[SubQuery], int]:
    previous = ctx.snapshot.execution_output
    if isinstance(payload, AssessmentOutput):
        round_ = (previous.round + 1) if previous else 1
        return ctx.snapshot.route_decision, _refine_queries(ctx, payload), round_
    if payload.action is RouteAction.DECOMPOSE:
        return payload, await _decompose_queries(ctx, payload, topic), 0
    return payload, await _walk_queries(ctx, payload, topic), 0


async def handle(ctx: StageContext, payload: RouteDecision | AssessmentOutput) -> ExecutionOutput:
    """One round: the first from the route decision, later ones from refined queries."""
    topic = _topic(ctx)
    decision, queries, round_ = await _plan(ctx, payload, topic)
    outcome = await run_all(ctx.graph, queries, round_)
    previous = ctx.snapshot.execution_output if round_ else None
    earlier = previous.evidence if previous else []
    found = outcome.evidence
    window = _window(ctx, topic) if round_ else None
    if window is not None:
        # a refine query asks without the question's time: its answers keep to it still
        answers = await dated_in(ctx.graph, [i for i in found if is_answer(i)], *window)
        found = [i for i in found if not is_answer(i)] + answers
    if any(is_answer(item) for item in earlier):
        # Answers already reached along the asked path keep their rank over what a
        # looser refine query adds.
        found = [_demoted(item) if is_answer(item) else item for item in found]
    evidence, used = fuse([*earlier, *found], ctx.intent.resolved_budget_tokens())
    if outcome.failures:
        ctx.provenance.fallback("subquery-failed")
    ctx.provenance.tiers_used.update(item.tier for item in evidence)
    seeds = sorted({s for q in queries for s in getattr(q, "seeds", ())})
    return ExecutionOutput(
        topic=topic,
        action=decision.action if decision else RouteAction.WALK_SEEDS,
        evidence=evidence,
        subquery_count=len(queries),
        degraded=bool(outcome.failures),
        degraded_reason="; ".join(outcome.failures),
        budget_tokens_used=used,
        sub_queries=(previous.sub_queries if previous else []) + outcome.trace,
        seed_entities=seeds or (previous.seed_entities if previous else []),
        round=round_,
    )


COMPONENT: Component[RouteDecision | AssessmentOutput, ExecutionOutput] = Component(
    stage=Stage.EXECUTE_SUBQUERIES,
    inputs=(RouteDecision, AssessmentOutput),
    output=ExecutionOutput,
    handle=handle,
)
