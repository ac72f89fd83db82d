"""The three judgment points of the chain behind one protocol.

``route`` picks the action, ``assess`` says whether the evidence is enough,
``synthesize`` writes the cited answer. Each returns a :class:`Judgment`: the
typed result plus the tokens it spent (0 for the offline heuristic judge), so
the chain can account tokens against ``budget_tokens`` whichever judge runs.
Requests carry everything a judge may use, already computed by the component
(the question analysis, the local schema, the evidence), so an LLM judge and
the heuristic judge see the same inputs and neither touches the graph.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar, runtime_checkable

from research_chain.payloads import (
    AssessmentOutput,
    ClassifierOutput,
    Evidence,
    ExecutionOutput,
    Intent,
    RouteDecision,
)
from research_chain.understanding.analysis import Analysis
from research_chain.understanding.paths import Signature

__all__ = [
    "AssessRequest",
    "Judge",
    "Judgment",
    "RouteRequest",
    "SynthesisRequest",
]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Judgment(Generic[T]):
    """A judge's typed result, the tokens it used and, if it fell back, why."""

    value: T
    tokens_used: int = 0
    judge: str = "heuristic"
    fallback: str | None = None


@dataclass(frozen=True, slots=True)
class RouteRequest:
    """``paths``: for each seed reading (its entity ids), the relation paths that exist
    from it in the graph, as a tree-shaped signature; a judge chooses among them."""

    intent: Intent
    topic: str
    classifier: ClassifierOutput
    analysis: Analysis
    paths: Mapping[tuple[str, ...], Signature]
    retighten_rounds: int
    max_retighten: int


@dataclass(frozen=True, slots=True)
class AssessRequest:
    intent: Intent
    topic: str
    analysis: Analysis
    route: RouteDecision | None
    execution: ExecutionOutput
    round: int
    max_rounds: int


@dataclass(frozen=True, slots=True)
class SynthesisRequest:
    """What the answer may be written from; ``evidence`` is all it may cite."""

    intent: Intent
    topic: str
    evidence: list[Evidence]
    route: RouteDecision | None = None
    classifier: ClassifierOutput | None = None
    assessment: AssessmentOutput | None = None
    gaps: list[str] = field(default_factory=list)
    degraded_reason: str = ""


@runtime_checkable
class Judge(Protocol):
    """One implementation per judging backend (heuristic, OpenAI-compatible, ...)."""

    name: str

    async def route(self, request: RouteRequest) -> Judgment[RouteDecision]: ...

    async def assess(self, request: AssessRequest) -> Judgment[AssessmentOutput]: ...

    async def synthesize(self, request: SynthesisRequest) -> Judgment[str]: ...
