"""route_search: ask the judge for one of four actions and hold it to the contract.

The component does the graph work a judge must not: it reads the question
against the graph and probes the schema around the seeds, then validates the
judge's decision (closed action enum, typed args per action). A decision that
breaks its args contract, or a retighten with no rounds left, is replaced by
the heuristic judge's and the fallback is recorded.
"""

from __future__ import annotations

from dataclasses import replace

from research_chain.components.base import Component, StageContext, judge_of
from research_chain.errors import ValidationFailed
from research_chain.judges.base import Judgment, RouteRequest
from research_chain.judges.heuristic import HeuristicJudge
from research_chain.judges.routing import seed_options
from research_chain.payloads import (
    MAX_RETIGHTEN_ROUNDS,
    ClassifierOutput,
    RouteAction,
    RouteDecision,
)
from research_chain.retrieval.paths import path_tree
from research_chain.stages import Stage

__all__ = ["COMPONENT", "check_decision", "handle"]


def check_decision(decision: RouteDecision, request: RouteRequest) -> RouteDecision:
    """Parse the action's typed args; raises :class:`ValidationFailed` when they break it."""
    action = RouteDecision.from_wire(decision.to_wire())
    if action.action is RouteAction.WALK_SEEDS:
        action.parse_walk_seeds_args()
    elif action.action is RouteAction.DECOMPOSE:
        action.parse_decompose_args()
    elif action.action is RouteAction.RETIGHTEN:
        action.parse_retighten_args()
        if request.retighten_rounds >= request.max_retighten:
            raise ValidationFailed("route_decision.action: retighten with no rounds left")
    return action


MAX_SEED_READINGS = 8


async def handle(ctx: StageContext, output: ClassifierOutput) -> RouteDecision:
    request = RouteRequest(
        intent=ctx.intent,
        topic=output.topic,
        classifier=output,
        analysis=ctx.read(output.topic),
        paths={},
        retighten_rounds=ctx.snapshot.retighten_rounds,
        max_retighten=MAX_RETIGHTEN_ROUNDS,
        allowance=ctx.allowance(),
    )
    readings = list(dict.fromkeys(o.ids for o in seed_options(request)))[:MAX_SEED_READINGS]
    named = frozenset(request.analysis.predicates(0.0))
    paths = {ids: await path_tree(ctx.graph, ids, mentioned=named) for ids in readings}
    request = replace(request, paths=paths)
    judgment: Judgment[RouteDecision] = await judge_of(ctx).route(request)
    ctx.provenance.judged("route", judgment)
    try:
        return check_decision(judgment.value, request)
    except ValidationFailed as exc:
        ctx.log.warning("route decision rejected (%s); using the heuristic router", exc)
        ctx.provenance.fallback("route-invalid")
        fallback = await HeuristicJudge().route(request)
        decision = fallback.value
        if decision.action is RouteAction.RETIGHTEN:
            ctx.provenance.fallback("retighten-cap")
        return check_decision(decision, request)


COMPONENT: Component[ClassifierOutput, RouteDecision] = Component(
    stage=Stage.ROUTE_SEARCH,
    inputs=(ClassifierOutput,),
    output=RouteDecision,
    handle=handle,
)
