"""The five real components in the real chain: one question per route action, end to end."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from research_chain.bus import Bus
from research_chain.client import research
from research_chain.components import default_components
from research_chain.config import Settings
from research_chain.graph import EmbeddedGraph
from research_chain.judges import HeuristicJudge
from research_chain.payloads import RouteAction, SearchResult
from research_chain.runtime import Chain
from research_chain.understanding.citations import extract_refs
from research_chain.understanding.evidence import answer_labels
from tests.chain.helpers import serving


@pytest.fixture
async def chain(bus: Bus, settings: Settings, graph: EmbeddedGraph) -> AsyncIterator[Chain]:
    async with serving(
        bus, settings, default_components(), graph=graph, judge=HeuristicJudge()
    ) as running:
        yield running


async def _ask(bus: Bus, settings: Settings, question: str, parent: str) -> SearchResult:
    return await research(bus, question, parent_loop_id=parent, timeout=30, names=settings.names())


def _cited_refs_resolve(result: SearchResult) -> bool:
    known = {e.entity_id for e in result.evidence}
    return set(extract_refs(result.synthesis)) <= known


@pytest.mark.parametrize(
    ("question", "action", "top"),
    [
        ("who directed [Top Gun]", RouteAction.SYNTHESIZE_DIRECTLY, "Tony Scott"),
        ("which films share the same director as [Heat]", RouteAction.WALK_SEEDS, "Collateral"),
        ("which has the higher battery level, Wren 1 or Kite 2?", RouteAction.DECOMPOSE, "Wren 1"),
    ],
)
async def test_each_route_answers_with_citations_that_resolve(
    bus: Bus, settings: Settings, chain: Chain, question: str, action: RouteAction, top: str
) -> None:
    result = await _ask(bus, settings, question, f"e2e-{action.value}")
    assert result.decomp_trace is not None
    assert result.decomp_trace.router_action is action
    assert answer_labels(result.synthesis)[0] == top
    assert _cited_refs_resolve(result)
    assert result.grounding is not None and result.grounding.total_claims >= 1
    assert not result.degraded


async def test_retighten_then_an_explicit_no_answer(
    bus: Bus, settings: Settings, chain: Chain
) -> None:
    result = await _ask(bus, settings, "tell me about whatever is happening", "e2e-retighten")
    assert result.decomp_trace is not None
    assert result.decomp_trace.retighten_rounds >= 1
    assert result.synthesis.startswith("No answer: ")
    assert answer_labels(result.synthesis) == []
