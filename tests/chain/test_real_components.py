"""The spine with the real components, judge and sample graph plugged in (smoke test)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import orjson

from research_chain.bus import Bus
from research_chain.client import research
from research_chain.components import default_components
from research_chain.config import Settings
from research_chain.graph import open_graph
from research_chain.graph.sample import load_sample, sample_questions_path
from research_chain.graph.writer import GraphWriter
from research_chain.judges import HeuristicJudge
from research_chain.runtime import start_chain
from research_chain.understanding.evidence import answer_labels


@asynccontextmanager
async def _sample_chain(bus: Bus, settings: Settings) -> AsyncIterator[None]:
    """The sample graph loaded and the chain running on it with the real components."""
    await load_sample(bus, settings)
    graph = await open_graph(bus, settings, timeout_s=60)
    chain = await start_chain(
        bus, settings, default_components(), graph=graph, judge=HeuristicJudge()
    )
    try:
        yield
    finally:
        await chain.stop()
        await graph.close()


def _first_question(kind: str) -> dict[str, Any]:
    lines = sample_questions_path().read_bytes().splitlines()
    return next(q for q in map(orjson.loads, lines) if q["kind"] == kind)


async def test_a_sample_question_is_answered_through_the_chain(
    bus: Bus, settings: Settings, writer: GraphWriter
) -> None:
    question = _first_question("1-hop")
    async with _sample_chain(bus, settings):
        result = await research(bus, question["question"], parent_loop_id="smoke", timeout=60)
    assert not result.degraded, result.degraded_reason
    assert any(answer in result.synthesis for answer in question["answers"])
    assert result.decomp_trace is not None and result.decomp_trace.router_action is not None
    assert result.duration_ms > 0


async def test_a_huge_topic_is_refused_at_the_edge_while_a_question_is_answered(
    bus: Bus, settings: Settings, writer: GraphWriter
) -> None:
    """Issue 12, defect 2: a 60 kB topic held the event loop for minutes in path scoring;
    now intake refuses it by length before any judge reads it, and others are unaffected."""
    question = _first_question("1-hop")
    huge = ("Which operators flew missions with the drone Kestrel 85 " * 1100)[:60_000]
    async with _sample_chain(bus, settings):
        refused, answered = await asyncio.gather(
            research(bus, huge, parent_loop_id="huge", timeout=60),
            research(bus, question["question"], parent_loop_id="plain", timeout=60),
        )
    assert refused.degraded
    assert "research.topic: 60000 characters, at most 1000 allowed" in refused.degraded_reason
    assert not answered.degraded, answered.degraded_reason


async def test_an_answer_does_not_depend_on_what_the_chain_answered_before(
    bus: Bus, settings: Settings, writer: GraphWriter
) -> None:
    """Every sample question asked one at a time, then all again in reverse order on the
    same chain: the second time each meets every loop stored since and whatever state the
    process kept from the others (caches, the graph's samples), and answers the same."""
    lines = sample_questions_path().read_bytes().splitlines()
    questions = [orjson.loads(line)["question"] for line in lines]
    answers: dict[str, list[list[str]]] = {q: [] for q in questions}
    async with _sample_chain(bus, settings):
        for i, question in enumerate([*questions, *reversed(questions)]):
            result = await research(bus, question, parent_loop_id=f"order-{i}", timeout=60)
            answers[question].append(answer_labels(result.synthesis))
    changed = {q: (first, again) for q, (first, again) in answers.items() if first != again}
    assert changed == {}
    assert sum(1 for first, _ in answers.values() if first) >= len(questions) * 3 // 4
