"""The judgment points (route, assess, synthesize) behind one protocol."""

from __future__ import annotations

from research_chain.judges.base import (
    AssessRequest,
    Judge,
    Judgment,
    RouteRequest,
    SynthesisRequest,
)
from research_chain.judges.heuristic import HeuristicJudge

__all__ = [
    "AssessRequest",
    "HeuristicJudge",
    "Judge",
    "Judgment",
    "RouteRequest",
    "SynthesisRequest",
]
