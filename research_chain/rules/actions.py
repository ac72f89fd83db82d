"""What a firing rule does: pick a branch, build the next stage's input, bump counters.

Input builders are named in the rule files (``input: retightened_intent``); each
declares the payload type it produces so the loader can check it against the
stage it feeds. They are pure apart from reading an earlier stage's completion.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from research_chain.bus.names import Stage
from research_chain.errors import RuleViolation
from research_chain.payloads import (
    ClassifierOutput,
    ExecutionOutput,
    Intent,
    RouteAction,
    RouteDecision,
    SeedRefType,
    WireModel,
)

if TYPE_CHECKING:
    from research_chain.rules.loader import CompiledBranch, RulePack

__all__ = [
    "INPUT_BUILDERS",
    "ActionContext",
    "Builder",
    "Decision",
    "build_input",
    "decide",
    "recall",
]

MAX_FORCED_SEEDS = 3


@dataclass(slots=True)
class ActionContext:
    """What an input builder may read: the trigger's payload, the loop, earlier stages."""

    payload: WireModel
    intent: Intent
    candidates: int
    load: Callable[[Stage], Awaitable[WireModel | None]]


@dataclass(frozen=True, slots=True)
class Builder:
    build: Callable[[ActionContext], Awaitable[WireModel]]
    output: type[WireModel] | None = None  # None: the trigger's own payload type


@dataclass(frozen=True, slots=True)
class Decision:
    """The branch that fired and what it asks for."""

    rule: str
    branch: str
    stage: Stage | None
    input: str
    count: str | None = None
    fallback: str | None = None
    finish: bool = False

    @property
    def label(self) -> str:
        return f"{self.rule}.{self.branch}"


async def _payload(ctx: ActionContext) -> WireModel:
    return ctx.payload


async def _intent(ctx: ActionContext) -> WireModel:
    return ctx.intent


async def _retightened(ctx: ActionContext) -> WireModel:
    """The classifier re-runs on the router's refined topic and hints, not the original."""
    if not isinstance(ctx.payload, RouteDecision):
        raise RuleViolation("retightened_intent needs a route decision")
    args = ctx.payload.parse_retighten_args()
    hints = dict(args.hints) if args.hints else dict(ctx.intent.hints)
    return ctx.intent.model_copy(update={"topic": args.topic, "hints": hints})


async def _stage_output(ctx: ActionContext, stage: Stage, model: type[WireModel]) -> WireModel:
    found = await ctx.load(stage)
    if not isinstance(found, model):
        raise RuleViolation(f"{stage.value} has no {model.__name__} for this loop")
    return found


async def _classifier(ctx: ActionContext) -> WireModel:
    return await _stage_output(ctx, Stage.NL_CLASSIFY, ClassifierOutput)


async def _execution(ctx: ActionContext) -> WireModel:
    return await _stage_output(ctx, Stage.EXECUTE_SUBQUERIES, ExecutionOutput)


async def _forced_walk(ctx: ActionContext) -> WireModel:
    seeds = [
        {"ref": str(i), "ref_type": SeedRefType.CANDIDATE_INDEX.value}
        for i in range(min(ctx.candidates, MAX_FORCED_SEEDS))
    ]
    return RouteDecision(
        action=RouteAction.WALK_SEEDS,
        args={"seeds": seeds},
        rationale="retighten cap reached: walking the classifier's top candidates",
    )


async def _forced_decompose(ctx: ActionContext) -> WireModel:
    axes = sorted(ctx.intent.hints) or ["overview"]
    return RouteDecision(
        action=RouteAction.DECOMPOSE,
        args={"axes": axes, "focus": ctx.intent.topic},
        rationale="retighten cap reached with no candidates: decomposing the topic",
    )


INPUT_BUILDERS: dict[str, Builder] = {
    "payload": Builder(_payload),
    "intent": Builder(_intent, Intent),
    "retightened_intent": Builder(_retightened, Intent),
    "classifier_output": Builder(_classifier, ClassifierOutput),
    "execution_output": Builder(_execution, ExecutionOutput),
    "forced_walk_seeds": Builder(_forced_walk, RouteDecision),
    "forced_decompose": Builder(_forced_decompose, RouteDecision),
}


def _decision(compiled: CompiledBranch) -> Decision:
    b = compiled.branch
    return Decision(
        rule=compiled.rule,
        branch=b.name,
        stage=compiled.stage,
        input=b.input,
        count=b.count,
        fallback=b.fallback,
        finish=b.finish,
    )


def decide(pack: RulePack, trigger: str, variables: Mapping[str, Any]) -> Decision:
    """The first branch of the trigger's rule whose condition holds."""
    for compiled in pack.branches(trigger):
        if compiled.condition.holds(variables):
            return _decision(compiled)
    raise RuleViolation(f"no branch matched on {trigger!r}")


def recall(pack: RulePack, trigger: str, label: str) -> Decision:
    """The decision a branch made before (by label), without re-evaluating conditions."""
    for compiled in pack.branches(trigger):
        if compiled.label == label:
            return _decision(compiled)
    raise RuleViolation(f"no branch {label!r} on {trigger!r}")


async def build_input(decision: Decision, ctx: ActionContext) -> WireModel:
    return await INPUT_BUILDERS[decision.input].build(ctx)
