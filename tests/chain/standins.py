"""Stand-in components: instant handlers that return real payloads, steered by hints.

Hints the stand-ins read (on the loop's current intent):
  route=<action>      what route_search decides (default walk_seeds)
  candidates=<n>      how many candidates nl_classify surfaces (default 2)
  sufficient=yes|no   what assess_sufficiency says (default yes)
  tokens=<n>          tokens each stage reports spending (default 0)
"""

from __future__ import annotations

import asyncio
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from research_chain.bus.names import Stage
from research_chain.components.base import Component, StageContext
from research_chain.payloads import (
    AssessmentOutput,
    Candidate,
    ClassifierOutput,
    Evidence,
    ExecutionOutput,
    Intent,
    RetrievalTier,
    RouteAction,
    RouteDecision,
    SearchResult,
    WireModel,
)


@dataclass
class Recorder:
    """Counts handler runs per (loop, stage, round) and keeps each loop's inputs."""

    runs: Counter[tuple[str, Stage, int]] = field(default_factory=Counter)
    inputs: dict[str, list[tuple[Stage, WireModel]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def record(self, ctx: StageContext, payload: WireModel) -> None:
        self.runs[(ctx.loop_id, ctx.stage, ctx.round)] += 1
        self.inputs[ctx.loop_id].append((ctx.stage, payload))
        self.changed.set()

    def stages(self, loop_id: str) -> list[Stage]:
        return [stage for stage, _ in self.inputs[loop_id]]

    def duplicates(self) -> dict[tuple[str, Stage, int], int]:
        return {key: count for key, count in self.runs.items() if count > 1}


def _spend(ctx: StageContext) -> None:
    ctx.provenance.tokens_used += int(ctx.intent.hints.get("tokens", "0"))


# A stand-in's handler: each takes its own stage's payload type, so the payload is Any here.
_Handler = Callable[[StageContext, Any], Awaitable[WireModel]]


def standins(recorder: Recorder, **overrides: Any) -> dict[Stage, Component[Any, Any]]:
    """The five stand-ins; ``overrides`` replaces handlers by stage name."""

    async def classify(ctx: StageContext, payload: Intent) -> ClassifierOutput:
        recorder.record(ctx, payload)
        _spend(ctx)
        n = int(payload.hints.get("candidates", "2"))
        return ClassifierOutput(
            topic=payload.topic,
            candidates=[
                Candidate(entity_id=f"t.p.d.s.thing.c{i}", tier=RetrievalTier.RULES, source="t")
                for i in range(n)
            ],
        )

    async def route(ctx: StageContext, payload: ClassifierOutput) -> RouteDecision:
        recorder.record(ctx, payload)
        _spend(ctx)
        action = RouteAction(ctx.intent.hints.get("route", "walk_seeds"))
        args: dict[str, Any] = {}
        if action is RouteAction.RETIGHTEN:
            args = {"topic": f"{payload.topic} refined"}
        elif action is RouteAction.WALK_SEEDS:
            args = {"seeds": [{"ref": "0", "ref_type": "candidate_index"}]}
        elif action is RouteAction.DECOMPOSE:
            args = {"axes": ["a"], "focus": payload.topic}
        return RouteDecision(action=action, args=args, rationale="stand-in")

    async def execute(ctx: StageContext, payload: WireModel) -> ExecutionOutput:
        recorder.record(ctx, payload)
        _spend(ctx)
        ctx.provenance.tiers_used.add(RetrievalTier.BM25)
        queries = payload.refined_queries if isinstance(payload, AssessmentOutput) else []
        action = payload.action if isinstance(payload, RouteDecision) else RouteAction.WALK_SEEDS
        return ExecutionOutput(
            topic=ctx.intent.topic,
            action=action,
            evidence=[
                Evidence(
                    entity_id=f"t.p.d.s.thing.e{ctx.round}",
                    tier=RetrievalTier.BM25,
                    source="stand-in",
                    snippet_text=f"fact {ctx.round}",
                )
            ],
            sub_queries=[{"query": q, "round": ctx.round} for q in queries],
            seed_entities=["t.p.d.s.thing.c0"],
            round=ctx.round,
        )

    async def assess(ctx: StageContext, payload: ExecutionOutput) -> AssessmentOutput:
        recorder.record(ctx, payload)
        _spend(ctx)
        sufficient = ctx.intent.hints.get("sufficient", "yes") == "yes"
        return AssessmentOutput(
            topic=payload.topic,
            sufficient=sufficient,
            refined_queries=[] if sufficient else [f"refined {ctx.round + 1}"],
            evidence_count=len(payload.evidence),
        )

    async def synthesize(ctx: StageContext, payload: WireModel) -> SearchResult:
        recorder.record(ctx, payload)
        _spend(ctx)
        evidence = ctx.snapshot.execution_output.evidence if ctx.snapshot.execution_output else []
        return SearchResult(synthesis=f"answer about {ctx.intent.topic}", evidence=evidence)

    handlers: dict[Stage, tuple[_Handler, tuple[type[WireModel], ...], type[WireModel]]] = {
        Stage.NL_CLASSIFY: (classify, (Intent,), ClassifierOutput),
        Stage.ROUTE_SEARCH: (route, (ClassifierOutput,), RouteDecision),
        Stage.EXECUTE_SUBQUERIES: (execute, (RouteDecision, AssessmentOutput), ExecutionOutput),
        Stage.ASSESS_SUFFICIENCY: (assess, (ExecutionOutput,), AssessmentOutput),
        Stage.SYNTHESIZE_ANSWER: (
            synthesize,
            (ClassifierOutput, ExecutionOutput, AssessmentOutput),
            SearchResult,
        ),
    }
    out: dict[Stage, Component[Any, Any]] = {}
    for stage, (handle, inputs, output) in handlers.items():
        out[stage] = Component(stage, inputs, output, overrides.get(stage.value, handle))
    return out
