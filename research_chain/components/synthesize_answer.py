"""synthesize_answer: the cited answer, quote-back validated and grounded claim by claim.

Three ways in: the classifier's output (the ``synthesize_directly`` short
circuit: the seeds are hydrated from the graph, so it answers for real), an
execution output, or an assessment (its execution output is read from the
loop snapshot). A citation of an id that is not in the evidence is removed and
recorded in ``grounding.dropped_refs``; when no citation survives, the result
says so in ``degraded_reason``, not in the prose.
"""

from __future__ import annotations

from research_chain.components.base import Component, StageContext, judge_of, resolve_seeds
from research_chain.judges.base import Judgment, SynthesisRequest
from research_chain.judges.heuristic import HeuristicJudge
from research_chain.payloads import (
    AssessmentOutput,
    ClassifierOutput,
    DecompTrace,
    Evidence,
    ExecutionOutput,
    RetrievalTier,
    SearchResult,
    SeedRef,
    WireModel,
)
from research_chain.retrieval.reading import hydrate
from research_chain.retrieval.subqueries import attribute_answers
from research_chain.stages import Stage
from research_chain.understanding.citations import extract_refs, ground, quote_back
from research_chain.understanding.evidence import near_name_ids
from research_chain.understanding.paths import path_from_wire

__all__ = ["COMPONENT", "direct_evidence", "handle"]

MAX_DIRECT_SEEDS = 5


async def direct_evidence(
    ctx: StageContext, output: ClassifierOutput
) -> tuple[list[Evidence], list[str]]:
    """The short circuit's evidence: the seeds' own states, and the asked attribute's values."""
    route = ctx.snapshot.route_decision
    raw = route.args.get("seeds", []) if route else []
    seeds = [SeedRef.from_wire(s) for s in raw if isinstance(s, dict)]
    if seeds and route is not None:
        ids, _ = await resolve_seeds(ctx, seeds, str(route.args.get("seed_type", "")))
    else:
        ids = [c.entity_id for c in output.candidates[:MAX_DIRECT_SEEDS]]
    steps = path_from_wire(route.args.get("path")) if route else ()
    analysis = ctx.read(output.topic)
    near = near_name_ids(output.hints)
    found_by = {c.entity_id: c.tier for c in output.candidates}
    found_by.update(dict.fromkeys(near, RetrievalTier.NEURAL))
    evidence = [
        item.model_copy(update={"tier": found_by.get(item.entity_id, item.tier)})
        for item in await hydrate(ctx.graph, [*ids, *near], analysis.predicates())
    ]
    if len(steps) == 1:
        states = (await ctx.graph.entity_state(ids)).found
        evidence = (
            attribute_answers(ctx.graph, list(states.values()), steps[0].predicate) + evidence
        )
    return evidence, ids


def _execution(ctx: StageContext, payload: WireModel) -> ExecutionOutput | None:
    if isinstance(payload, ExecutionOutput):
        return payload
    return ctx.snapshot.execution_output


def _trace(ctx: StageContext, execution: ExecutionOutput | None, seeds: list[str]) -> DecompTrace:
    route = ctx.snapshot.route_decision
    return DecompTrace(
        router_action=route.action if route else None,
        sub_queries=execution.sub_queries if execution else [],
        seed_entities=execution.seed_entities if execution and execution.seed_entities else seeds,
        retighten_rounds=ctx.snapshot.retighten_rounds,
    )


async def _write(ctx: StageContext, request: SynthesisRequest) -> str:
    judgment: Judgment[str] = await judge_of(ctx).synthesize(request)
    ctx.provenance.judged("synthesize", judgment)
    if judgment.value.strip():
        return judgment.value
    ctx.provenance.fallback("synthesis-empty")
    return (await HeuristicJudge().synthesize(request)).value


async def handle(
    ctx: StageContext, payload: ClassifierOutput | ExecutionOutput | AssessmentOutput
) -> SearchResult:
    seeds: list[str] = []
    execution = None
    if isinstance(payload, ClassifierOutput):
        evidence, seeds = await direct_evidence(ctx, payload)
        topic, degraded_reason = payload.topic, payload.degraded_reason
    else:
        execution = _execution(ctx, payload)
        evidence = list(execution.evidence) if execution else []
        topic = execution.topic if execution else ctx.intent.topic
        degraded_reason = execution.degraded_reason if execution else "no execution output"
    assessment = (
        payload if isinstance(payload, AssessmentOutput) else ctx.snapshot.assessment_output
    )
    gaps = list(assessment.refined_queries) if assessment and not assessment.sufficient else []
    request = SynthesisRequest(
        intent=ctx.intent,
        topic=topic,
        evidence=evidence,
        route=ctx.snapshot.route_decision,
        classifier=ctx.snapshot.classifier_output,
        assessment=assessment,
        gaps=gaps,
        degraded_reason=degraded_reason,
        allowance=ctx.allowance(),
    )
    text = await _write(ctx, request)
    checked = quote_back(text, evidence)
    reasons = [degraded_reason] if degraded_reason else []
    if checked.dropped:
        ctx.provenance.fallback("quote-back-dropped")
        if not checked.kept and extract_refs(text):
            reasons.append("no cited reference survived quote-back validation")
    ctx.provenance.tiers_used.update(item.tier for item in evidence)
    tiers = sorted(set(ctx.snapshot.tiers_used) | ctx.provenance.tiers_used, key=lambda t: t.value)
    fallbacks = list(dict.fromkeys([*ctx.snapshot.fallbacks_used, *ctx.provenance.fallbacks_used]))
    return SearchResult(
        evidence=evidence,
        synthesis=checked.text.strip() or text.strip(),
        decomp_trace=_trace(ctx, execution, seeds),
        tokens_used=ctx.snapshot.tokens_spent + ctx.provenance.tokens_used,
        iterations=ctx.snapshot.refine_rounds,
        tiers_used=[RetrievalTier(t) for t in tiers],
        fallbacks_used=fallbacks,
        grounding=ground(checked.text, evidence, checked.dropped),
        degraded=bool(reasons),
        degraded_reason="; ".join(reasons),
    )


COMPONENT: Component[ClassifierOutput | ExecutionOutput | AssessmentOutput, SearchResult] = (
    Component(
        stage=Stage.SYNTHESIZE_ANSWER,
        inputs=(ClassifierOutput, ExecutionOutput, AssessmentOutput),
        output=SearchResult,
        handle=handle,
    )
)
