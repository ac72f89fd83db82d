"""Topic-wide questions on the sample graph through the real chain: no entity is named,
so the answer is every entity of the asked type that meets the stated conditions."""

from __future__ import annotations

from collections.abc import AsyncIterator

import orjson
import pytest

from research_chain.bus import Bus
from research_chain.client import research
from research_chain.components import default_components
from research_chain.config import Settings
from research_chain.graph import GraphWriter, open_graph
from research_chain.graph.sample import load_sample, sample_graph_path
from research_chain.judges import HeuristicJudge
from research_chain.payloads import RouteAction
from research_chain.runtime import Chain, start_chain
from research_chain.understanding.citations import extract_refs
from research_chain.understanding.evidence import NO_ANSWER_PREFIX


def _having(predicate: str, value_prefix: str) -> set[str]:
    rows = (orjson.loads(line) for line in sample_graph_path().read_bytes().splitlines())
    return {
        r["subject"]
        for r in rows
        if r["predicate"] == predicate and str(r["object"]).startswith(value_prefix)
    }


@pytest.fixture
async def sample_chain(bus: Bus, settings: Settings, writer: GraphWriter) -> AsyncIterator[Chain]:
    await load_sample(bus, settings)
    graph = await open_graph(bus, settings, timeout_s=30)
    running = await start_chain(
        bus, settings, default_components(), graph=graph, judge=HeuristicJudge()
    )
    try:
        yield running
    finally:
        await running.stop()
        await graph.close()


@pytest.mark.parametrize(
    ("question", "condition", "month"),
    [
        ("Which high-severity faults were reported in May 2025?", ("severity", "high"),
         ("reported_on", "2025-05")),
        ("Which site survey missions started in June 2025?", ("mission_type", "site survey"),
         ("started_on", "2025-06")),
    ],
)  # fmt: skip
async def test_a_type_a_condition_and_a_month_answer_exactly_the_matching_entities(
    bus: Bus,
    settings: Settings,
    sample_chain: Chain,
    question: str,
    condition: tuple[str, str],
    month: tuple[str, str],
) -> None:
    gold = _having(*condition) & _having(*month)
    assert gold, "the sample must hold some matching entities"
    result = await research(
        bus, question, parent_loop_id="topic-wide", timeout=30, names=settings.names()
    )
    assert result.decomp_trace is not None
    assert result.decomp_trace.router_action is RouteAction.DECOMPOSE
    answer_line = result.synthesis.split("\n", 1)[0]
    assert set(extract_refs(answer_line)) == gold, result.synthesis


async def test_a_month_with_no_matching_entity_is_no_answer(
    bus: Bus, settings: Settings, sample_chain: Chain
) -> None:
    result = await research(
        bus,
        "Which critical faults were reported in May 2031?",
        parent_loop_id="topic-wide-none",
        timeout=30,
        names=settings.names(),
    )
    assert result.synthesis.startswith(NO_ANSWER_PREFIX), result.synthesis
