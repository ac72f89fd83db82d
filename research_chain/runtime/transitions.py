"""Pure state transitions of the rule engine: what a completion and a firing change.

Kept apart from the engine's I/O so a compare-and-set retry can re-apply them to
a freshly read state, and so they can be tested without a server.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from research_chain.bus import names as n
from research_chain.bus.names import Stage
from research_chain.payloads import (
    ClassifierOutput,
    ExecutionOutput,
    Intent,
    RetrievalTier,
    RouteDecision,
    WireModel,
)
from research_chain.rules import Decision
from research_chain.rules.spec import completion_of
from research_chain.runtime.state import LoopState, LoopStatus

__all__ = ["advance", "apply_completion", "provenance_headers", "stage_round"]


def provenance_headers(
    tokens: int, tiers: set[RetrievalTier], fallbacks: list[str]
) -> dict[str, str]:
    """What a stage spent, carried on its completion so one write records both."""
    return {
        n.Header.TOKENS: str(tokens),
        n.Header.TIERS: ",".join(sorted(t.value for t in tiers)),
        n.Header.FALLBACKS: ",".join(fallbacks),
    }


def _split(value: str | None) -> list[str]:
    return [part for part in (value or "").split(",") if part]


def apply_completion(
    state: LoopState,
    trigger: str,
    payload: WireModel,
    headers: Mapping[str, str],
    revision: int = 0,
) -> LoopState:
    """Fold a stage's completion (payload facts and provenance headers, and the revision
    it was stored at) into the state."""
    if revision:
        state.revisions[trigger] = revision
    try:
        tokens = max(0, int(headers.get(n.Header.TOKENS, "0") or 0))
    except ValueError:
        tokens = 0
    state.tokens_spent += tokens
    state.add_tiers(
        [
            RetrievalTier(t)
            for t in _split(headers.get(n.Header.TIERS))
            if t in RetrievalTier._value2member_map_
        ]
    )
    for name in _split(headers.get(n.Header.FALLBACKS)):
        state.add_fallback(name)
    if isinstance(payload, ClassifierOutput):
        state.candidates = len(payload.candidates)
    elif isinstance(payload, ExecutionOutput):
        state.executions += 1
        state.seed_entities += [s for s in payload.seed_entities if s not in state.seed_entities]
        state.sub_queries += [q for q in payload.sub_queries if q not in state.sub_queries]
    state.stage_times[trigger] = time.time()
    return state


def stage_round(state: LoopState, stage: Stage) -> int:
    """The round a stage runs in: retighten rounds up front, refine rounds after routing."""
    if stage in (Stage.NL_CLASSIFY, Stage.ROUTE_SEARCH):
        return state.retighten_rounds
    if stage in (Stage.EXECUTE_SUBQUERIES, Stage.ASSESS_SUFFICIENCY):
        return state.refine_rounds
    return 0


def advance(
    state: LoopState, payload: WireModel, decision: Decision, body: WireModel, fired_by: str
) -> LoopState:
    """Record a firing that dispatches ``body`` to ``decision.stage`` as the next step.

    ``fired_by`` (trigger and step) lets a redelivered trigger recognise that it
    already advanced the loop and only the dispatch may be missing.
    """
    assert decision.stage is not None
    state.fired_by = fired_by
    state.fired_rule = decision.label
    state.firings[decision.label] = state.firings.get(decision.label, 0) + 1
    if decision.count is not None:
        setattr(state, decision.count, getattr(state, decision.count) + 1)
    if decision.fallback is not None:
        state.add_fallback(decision.fallback)
    route = body if isinstance(body, RouteDecision) else payload
    if isinstance(route, RouteDecision):
        state.route_action = route.action.value
        state.route = route
    if isinstance(body, Intent):
        state.current = body
    state.status = LoopStatus.RUNNING
    state.stage = decision.stage.value
    state.awaiting = completion_of(decision.stage)
    state.step += 1
    state.round = stage_round(state, decision.stage)
    state.stage_times[decision.stage.value] = time.time()
    return state
