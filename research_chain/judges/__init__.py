"""The judgment points (route, assess, synthesize) behind one protocol."""

from __future__ import annotations

from research_chain.judges.base import (
    Allowance,
    AssessRequest,
    Judge,
    Judgment,
    RouteRequest,
    SynthesisRequest,
)
from research_chain.judges.heuristic import HeuristicJudge
from research_chain.judges.llm import LLMJudge

__all__ = [
    "Allowance",
    "AssessRequest",
    "HeuristicJudge",
    "Judge",
    "Judgment",
    "LLMJudge",
    "RouteRequest",
    "SynthesisRequest",
]
