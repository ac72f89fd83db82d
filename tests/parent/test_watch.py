"""``watch``: the loops in flight as a JSON stream and a table, one loop's trajectory."""

from __future__ import annotations

import asyncio
import signal

import orjson
from rich.console import Console

from research_chain.bus import Bus
from research_chain.cli import ExitCode
from research_chain.client import ResearchClient
from research_chain.config import Settings
from research_chain.runtime import Chain
from research_chain.watch import LoopTable, LoopView
from tests.parent.conftest import ROOT, child_env, console_script


async def _watch(settings: Settings, *args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        *console_script(), "watch", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        env=child_env(settings), cwd=ROOT,
    )  # fmt: skip


async def _json_line(stream: asyncio.StreamReader | None) -> dict[str, object]:
    assert stream is not None
    line = await asyncio.wait_for(stream.readline(), 60)
    assert line, "watch ended its output"
    parsed: dict[str, object] = orjson.loads(line)
    return parsed


async def test_watch_json_streams_a_running_loop_to_its_outcome(
    bus: Bus, settings: Settings, chain: Chain
) -> None:
    proc = await _watch(settings, "--json")
    try:
        assert proc.stderr is not None
        ready = await asyncio.wait_for(proc.stderr.readline(), 60)
        assert b"watching loops" in ready
        async with ResearchClient(bus, names=settings.names()) as client:
            loop_id = await client.start("which films share the same director as [Heat]")
            seen: list[dict[str, object]] = []
            while not seen or seen[-1]["status"] != "done":
                view = await _json_line(proc.stdout)
                if view["loop_id"] == loop_id:
                    seen.append(view)
            await client.result(loop_id)
    finally:
        proc.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(proc.wait(), 30) == ExitCode.OK
    running = [v for v in seen if v["status"] == "running"]
    assert running, seen
    assert {v["stage"] for v in running} >= {"nl_classify", "execute_subqueries"}
    assert all(v["outcome"] == "" for v in running)
    assert seen[-1]["outcome"] == "answered" and seen[-1]["route_action"] == "walk_seeds"
    ages = [float(str(v["age_s"])) for v in seen]
    assert ages == sorted(ages)


async def test_watch_one_loop_shows_its_trajectory_and_exits_with_its_outcome(
    bus: Bus, settings: Settings, chain: Chain
) -> None:
    async with ResearchClient(bus, names=settings.names()) as client:
        loop_id = await client.start("who directed [Top Gun]")
        await client.result(loop_id)
    proc = await _watch(settings, loop_id, "--json")
    out, _ = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == ExitCode.OK
    lines = [orjson.loads(line) for line in out.splitlines()]
    assert lines[0]["kind"] == "loop"
    steps = [line["step"] for line in lines if line["kind"] == "step"]
    assert steps[0] == "research.requested" and "synthesize_answer" in steps
    # The result is kept a moment before the state says done: then the end comes as the
    # loop's finished event, which the watcher was subscribed to before it read the state.
    assert steps[-1] == "done" or lines[-1]["kind"] == "loop.finished"


def test_the_table_shows_loops_in_flight_and_finished_ones_with_their_outcome() -> None:
    def view(loop_id: str, status: str, stage: str, outcome: str = "") -> LoopView:
        return LoopView(
            loop_id=loop_id, parent_loop_id="p", status=status, stage=stage, round=1,
            step=3, age_s=0.5, tokens=120, route_action="decompose", retighten_rounds=0,
            refine_rounds=1, outcome=outcome,
        )  # fmt: skip

    table = LoopTable()
    table.add(view("aaaaaaaa-1", "running", "execute_subqueries"))
    table.add(view("bbbbbbbb-2", "running", "nl_classify"))
    table.add(view("bbbbbbbb-2", "done", "synthesize_answer", "deadline exceeded"))
    console = Console(record=True, width=120)
    console.print(table)
    text = console.export_text()
    assert "1 in flight, 0 answered, 1 degraded" in text
    assert "aaaaaaaa" in text and "execute_subqueries" in text and "120" in text
    assert "deadline exceeded" in text
