"""assess_sufficiency: is the evidence enough to answer, and if not, what to look for next.

The judge names gaps as 1-5 ``refined_queries``; execute_subqueries runs them
on the next round. The rule chain, not this stage, decides whether another
round fits the intent's ``max_iterations``.
"""

from __future__ import annotations

from research_chain.components.base import Component, StageContext, judge_of
from research_chain.judges.base import AssessRequest, Judgment
from research_chain.payloads import AssessmentOutput, ExecutionOutput
from research_chain.stages import Stage

__all__ = ["COMPONENT", "handle"]


async def handle(ctx: StageContext, execution: ExecutionOutput) -> AssessmentOutput:
    request = AssessRequest(
        intent=ctx.intent,
        topic=execution.topic,
        analysis=ctx.read(execution.topic),
        route=ctx.snapshot.route_decision,
        execution=execution,
        round=execution.round,
        max_rounds=ctx.intent.resolved_max_iterations(),
        allowance=ctx.allowance(),
    )
    judgment: Judgment[AssessmentOutput] = await judge_of(ctx).assess(request)
    ctx.provenance.judged("assess", judgment)
    return AssessmentOutput.from_wire(judgment.value.to_wire())


COMPONENT: Component[ExecutionOutput, AssessmentOutput] = Component(
    stage=Stage.ASSESS_SUFFICIENCY,
    inputs=(ExecutionOutput,),
    output=AssessmentOutput,
    handle=handle,
)
