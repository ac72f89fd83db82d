"""What every component is given and what it declares.

A component is one module exposing ``COMPONENT = Component(stage, inputs,
handle)`` where ``handle(ctx, payload)`` is a plain async function: it never
touches NATS and never acks. The runner builds the :class:`StageContext`,
calls ``handle``, writes the returned payload as the stage's completion and
settles the message. A unit test of a stage is a plain ``await handle(...)``.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from research_chain.payloads import (
    AssessmentOutput,
    ClassifierOutput,
    ExecutionOutput,
    Intent,
    RetrievalTier,
    RouteDecision,
    SeedRef,
    WireModel,
)
from research_chain.payloads.graph import entity_type
from research_chain.stages import Stage

if TYPE_CHECKING:
    from research_chain.graph.protocol import GraphBackend
    from research_chain.judges.base import Allowance, Judge, Judgment
    from research_chain.retrieval.reading import Readings
    from research_chain.understanding.analysis import Analysis

__all__ = ["Component", "LoopSnapshot", "Provenance", "StageContext", "judge_of", "resolve_seeds"]

In = TypeVar("In", bound=WireModel)
Out = TypeVar("Out", bound=WireModel)


@dataclass(slots=True)
class Provenance:
    """What a stage adds to the loop's provenance; the runner persists it in loop state,
    and hooks read the reasons and model calls for events and metrics."""

    tokens_used: int = 0
    tiers_used: set[RetrievalTier] = field(default_factory=set)
    fallbacks_used: list[str] = field(default_factory=list)
    fallback_reasons: dict[str, str] = field(default_factory=dict)
    judge_calls: dict[str, int] = field(default_factory=dict)
    judge_tokens: dict[str, int] = field(default_factory=dict)

    def fallback(self, name: str, reason: str = "") -> None:
        if name not in self.fallbacks_used:
            self.fallbacks_used.append(name)
        if reason:
            self.fallback_reasons.setdefault(name, reason)

    def judged(self, point: str, judgment: Judgment[Any]) -> None:
        """Account one judgment: its tokens, its model calls, its fallback and why."""
        self.tokens_used += judgment.tokens_used
        if judgment.calls or judgment.tokens_used:
            self.judge_calls[point] = self.judge_calls.get(point, 0) + judgment.calls
            self.judge_tokens[point] = self.judge_tokens.get(point, 0) + judgment.tokens_used
        if judgment.fallback:
            self.fallback(judgment.fallback, judgment.reason)


@dataclass(frozen=True, slots=True)
class LoopSnapshot:
    """The loop as the runner read it before this stage ran (read-only for components)."""

    intent: Intent
    classifier_output: ClassifierOutput | None = None
    route_decision: RouteDecision | None = None
    execution_output: ExecutionOutput | None = None
    assessment_output: AssessmentOutput | None = None
    retighten_rounds: int = 0
    refine_rounds: int = 0
    tokens_spent: int = 0
    tiers_used: frozenset[RetrievalTier] = frozenset()
    fallbacks_used: tuple[str, ...] = ()
    started_at: float = 0.0


@dataclass(slots=True)
class StageContext:
    """Everything a component needs for one run; one object, not long argument lists."""

    loop_id: str
    parent_loop_id: str
    stage: Stage
    attempt: int
    round: int
    deadline: float
    snapshot: LoopSnapshot
    graph: GraphBackend
    judge: Judge | None
    headers: Mapping[str, str] = field(default_factory=dict)
    log: logging.LoggerAdapter[logging.Logger] = field(
        default_factory=lambda: logging.LoggerAdapter(logging.getLogger("research_chain.stage"))
    )
    provenance: Provenance = field(default_factory=Provenance)
    readings: Readings | None = None

    @property
    def intent(self) -> Intent:
        return self.snapshot.intent

    @property
    def tokens_remaining(self) -> int:
        budget = self.intent.resolved_budget_tokens()
        return max(0, budget - self.snapshot.tokens_spent - self.provenance.tokens_used)

    def allowance(self) -> Allowance:
        """What a judge may spend now: the tokens left and the loop's deadline."""
        from research_chain.judges.base import Allowance

        return Allowance(tokens=self.tokens_remaining, deadline=self.deadline or math.inf)

    def read(self, text: str) -> Analysis:
        """The question read against the graph, once per process for all the stages."""
        from research_chain.retrieval.reading import read_question

        return read_question(self.graph, text, self.readings)


@dataclass(frozen=True, slots=True)
class Component(Generic[In, Out]):
    """A stage's declaration: its name, the payload types it accepts, its handler."""

    stage: Stage
    inputs: tuple[type[WireModel], ...]
    output: type[Out]
    handle: Callable[[StageContext, Any], Awaitable[Out]]


def judge_of(ctx: StageContext) -> Judge:
    """The loop's judge; the offline heuristic one when none was configured."""
    from research_chain.judges.heuristic import HeuristicJudge  # judges import stages' payloads

    return ctx.judge if ctx.judge is not None else HeuristicJudge()


async def resolve_seeds(
    ctx: StageContext, seeds: list[SeedRef], seed_type: str = ""
) -> tuple[list[str], list[str]]:
    """Seed references to ids (kept to ``seed_type`` when given); also the refs that failed."""
    candidates = ctx.snapshot.classifier_output.candidates if ctx.snapshot.classifier_output else []
    ids: list[str] = []
    failed: list[str] = []
    for seed in seeds:
        found = await ctx.graph.resolve_seed(seed.ref, seed.ref_type, candidates)
        if seed_type:
            found = [i for i in found if entity_type(i) == seed_type] or found
        if not found:
            failed.append(seed.ref)
        ids.extend(found)
    if failed:
        ctx.provenance.fallback("seed-unresolved")
    return list(dict.fromkeys(ids)), failed
