"""The parent's client: from a second process, and across a parent's restart."""

from __future__ import annotations

import asyncio
import sys

import pytest

from research_chain.bus import Bus
from research_chain.client import ResearchClient
from research_chain.config import Settings
from research_chain.errors import ResultTimeout
from research_chain.graph import EmbeddedGraph, GraphWriter
from research_chain.payloads import SearchResult
from research_chain.runtime import Chain
from research_chain.understanding.evidence import answer_labels
from tests.parent.conftest import ROOT, child_env, real_chain


async def _spawn(settings: Settings, *args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.parent.parent_process", *args,
        stdout=asyncio.subprocess.PIPE, env=child_env(settings), cwd=ROOT,
    )  # fmt: skip


async def _line(proc: asyncio.subprocess.Process) -> str:
    assert proc.stdout is not None
    return (await asyncio.wait_for(proc.stdout.readline(), 60)).decode().strip()


async def test_a_second_process_asks_and_gets_the_answer(settings: Settings, chain: Chain) -> None:
    proc = await _spawn(settings, "research", "who directed [Top Gun]")
    result = SearchResult.model_validate_json(await _line(proc))
    assert await proc.wait() == 0
    assert answer_labels(result.synthesis)[0] == "Tony Scott"
    assert not result.degraded


async def test_a_restarted_parent_fetches_the_result_of_the_loop_it_started(
    bus: Bus, settings: Settings, writer: GraphWriter, graph: EmbeddedGraph
) -> None:
    # The first parent process starts a loop and is gone before any stage runs.
    first = await _spawn(settings, "start", "which films share the same director as [Heat]")
    loop_id = await _line(first)
    assert await first.wait() == 0
    # The second one reconnects, sees no result yet, and waits for it by loop id.
    second = await _spawn(settings, "result", loop_id)
    assert await _line(second) == "pending"
    running = await real_chain(bus, settings, graph)
    try:
        result = SearchResult.model_validate_json(await _line(second))
        assert await second.wait() == 0
    finally:
        await running.stop()
    assert answer_labels(result.synthesis)[0] == "Collateral"
    # Once kept, any client fetches it at once, and waits for nothing.
    async with ResearchClient(bus, names=settings.names()) as later:
        kept = await later.fetch(loop_id)
        assert kept == result
        assert await later.result(loop_id, timeout=5) == result


async def test_start_then_result_in_one_client_and_a_timeout_that_says_so(
    bus: Bus, settings: Settings, chain: Chain
) -> None:
    async with ResearchClient(bus, names=settings.names(), parent_loop_id="agent-7") as client:
        loop_id = await client.start("who directed [Top Gun]", {"domain": "films"})
        result = await client.result(loop_id)
        assert answer_labels(result.synthesis)[0] == "Tony Scott"
        classification = await client.classification(loop_id)
        assert classification is not None and classification.candidates
        unknown = "00000000-0000-4000-8000-000000000000"
        assert await client.fetch(unknown) is None
        with pytest.raises(ResultTimeout, match=unknown):
            await client.result(unknown, timeout=0.2)
