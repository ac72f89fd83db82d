"""The three judgment points of the chain behind one protocol.

``route`` picks the action, ``assess`` says whether the evidence is enough,
``synthesize`` writes the cited answer. Each returns a :class:`Judgment`: the
typed result plus the tokens it spent (0 for the offline heuristic judge), so
the chain can account tokens against ``budget_tokens`` whichever judge runs.
Every request carries an :class:`Allowance` (the tokens left in the loop's
budget, the loop's deadline) that an LLM judge must stay within.
Requests carry everything a judge may use, already computed by the component
(the question analysis, the local schema, the evidence), so an LLM judge and
the heuristic judge see the same inputs and neither touches the graph.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

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
    "Allowance",
    "AssessRequest",
    "Judge",
    "Judgment",
    "RouteRequest",
    "SynthesisRequest",
    "TopicReader",
]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Judgment(Generic[T]):
    """A judge's typed result, the tokens it used, the model calls it made and, if it
    fell back, the fallback's name and why."""

    value: T
    tokens_used: int = 0
    judge: str = "heuristic"
    fallback: str | None = None
    reason: str = ""
    calls: int = 0


@dataclass(frozen=True, slots=True)
class Allowance:
    """What one judgment may spend: tokens left in the loop's budget, and its deadline
    (epoch seconds)."""

    tokens: int = sys.maxsize
    deadline: float = math.inf


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
    allowance: Allowance = field(default_factory=Allowance)


@dataclass(frozen=True, slots=True)
class AssessRequest:
    intent: Intent
    topic: str
    analysis: Analysis
    route: RouteDecision | None
    execution: ExecutionOutput
    round: int
    max_rounds: int
    allowance: Allowance = field(default_factory=Allowance)


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
    allowance: Allowance = field(default_factory=Allowance)


@runtime_checkable
class Judge(Protocol):
    """One implementation per judging backend (heuristic, OpenAI-compatible, ...)."""

    name: str

    async def route(self, request: RouteRequest) -> Judgment[RouteDecision]: ...

    async def assess(self, request: AssessRequest) -> Judgment[AssessmentOutput]: ...

    async def synthesize(self, request: SynthesisRequest) -> Judgment[str]: ...


@runtime_checkable
class TopicReader(Protocol):
    """A judge that can also read a topic into classifier hints (tier 3 of nl_classify).

    ``value`` is None when it has nothing to add (turned off, or it fell back)."""

    async def read_topic(
        self, topic: str, allowance: Allowance
    ) -> Judgment[dict[str, Any] | None]: ...
