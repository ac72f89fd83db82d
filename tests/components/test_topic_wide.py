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
from research_chain.graph.sample import load_sample, sample_graph_path, sample_questions_path
from research_chain.judges import HeuristicJudge
from research_chain.payloads import RouteAction
from research_chain.runtime import Chain, start_chain
from research_chain.understanding.citations import extract_refs
from research_chain.understanding.evidence import NO_ANSWER_PREFIX, answer_labels


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
        # no word names the date: the type's own word ("faults") reads ``had_fault``, a
        # drone's relation, and "high" a model's ``max_*``, neither of them a fault's date
        ("Any faults of high severity logged during 2025-08?", ("severity", "high"),
         ("reported_on", "2025-08")),
        ("Give me all critical severity faults from Dec 2025.", ("severity", "critical"),
         ("reported_on", "2025-12")),
        # "site" reads ``took_place_at`` and "done" ``performed_by``: relations that hold
        # no date of these entities, so their own dates place them
        ("Which missions in Dec 2025 were site survey missions?",
         ("mission_type", "site survey"), ("started_on", "2025-12")),
        ("List maintenance records for landing gear repair done in June 2025.",
         ("work_done", "landing gear repair"), ("serviced_on", "2025-06")),
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


async def test_an_answer_noun_naming_a_type_takes_no_shortcut_by_its_loose_readings(
    bus: Bus, settings: Settings, sample_chain: Chain
) -> None:
    """ "which sites host the drones that X flew": "sites" names the answer's type, which
    the missions' sites reach too; its loose reading of ``took_place_at`` ("place") is no
    free step there, so the drones' sites, which "drones" asks for, answer, all of them."""
    question = "Which sites host the drones that Quentin Park flew?"
    rows = (orjson.loads(line) for line in sample_questions_path().read_bytes().splitlines())
    gold = next(set(r["answers"]) for r in rows if r["question"] == question)
    result = await research(
        bus, question, parent_loop_id="type-noun", timeout=30, names=settings.names()
    )
    answer_line = result.synthesis.split("\n", 1)[0]
    assert set(answer_labels(answer_line)) == gold, result.synthesis
