"""`engine` and `worker` as separate processes: the engine decides, the workers run stages."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import uuid
from pathlib import Path

import httpx
import orjson
import pytest
from nats.aio.msg import Msg

from research_chain.bus import Bus
from research_chain.bus import names as n
from research_chain.client import research
from research_chain.config import Settings
from research_chain.payloads import SearchResult
from research_chain.service import FIRST_QUESTION
from tests.otlp import otlp_receiver
from tests.procs import Proc, clean_env, gone, running

QUESTIONS = {
    "Where is the drone Wren 63 located?": "Harbor Yard",
    "Who operated Operation Silent Prairie?": "Rosa Duarte",
    "What model is the drone Kestrel 40?": "Condor Heavy",
}


async def test_engine_and_two_workers_complete_loops_together(bus: Bus, settings: Settings) -> None:
    url = settings.nats_url
    assert url is not None
    first, *rest = QUESTIONS
    loop_id = str(uuid.uuid4())
    classified = asyncio.Event()

    async def on_rule(msg: Msg) -> None:
        if orjson.loads(msg.data).get("rule") == "R0.classify":
            classified.set()

    base = ("--nats-url", url, "--log-level", "WARNING")
    metrics = ("--metrics-port", "0")
    async with running("engine", *base, *metrics, "--sample", ready="engine ready") as engine:
        sub = await bus.nc.subscribe(n.event_subject(loop_id, "rules"), cb=on_rule)
        pending = asyncio.create_task(
            research(bus, first, parent_loop_id="p-split", loop_id=loop_id, timeout=90)
        )
        # The engine alone fires R0; the dispatch waits in the work queue for a worker.
        await asyncio.wait_for(classified.wait(), 30)
        await sub.unsubscribe()
        assert not pending.done()
        assert await bus.js.consumers_info(settings.dispatch_stream) == []
        assert (await bus.js.stream_info(settings.dispatch_stream)).state.messages == 1
        front = "nl_classify,route_search,synthesize_answer"
        back = "execute_subqueries,assess_sufficiency"
        async with (
            running("worker", *base, *metrics, "--stages", front, ready="worker ready") as one,
            running("worker", *base, "--stages", back, ready="worker ready") as two,
        ):
            results: list[SearchResult] = [await pending]
            results += await asyncio.gather(
                *(research(bus, q, parent_loop_id="p-split", timeout=60) for q in rest)
            )
            front_metrics = await _scrape(one.lines)
        engine_metrics = await _scrape(engine.lines)
    for (question, answer), result in zip(QUESTIONS.items(), results, strict=True):
        assert not result.degraded, (question, result.degraded_reason)
        assert answer in result.synthesis, (question, result.synthesis)
    assert "sample graph loaded" in "\n".join(engine.lines)
    assert any("stages " + front in line for line in one.lines)
    assert any("stages " + back in line for line in two.lines)
    assert any(line.startswith("metrics on ") and "(worker, pid" in line for line in one.lines)
    # Each process counts what it did: the engine the loops and rules, a worker its stages.
    answered = 'research_chain_loops_finished_total{outcome="answered",reason="answered"} 3.0'
    assert answered in engine_metrics
    assert 'research_chain_rule_firings_total{rule="R0.classify"} 3.0' in engine_metrics
    assert "research_chain_loops_in_flight " in engine_metrics
    assert "research_chain_stage_duration_seconds_count{" not in engine_metrics
    ran = 'research_chain_stage_duration_seconds_count{outcome="ok",stage="nl_classify"} 3.0'
    assert ran in front_metrics
    assert 'stage="execute_subqueries"' not in front_metrics


async def _scrape(lines: list[str]) -> str:
    """The /metrics text of a process, from the address it printed; it must be ready."""
    url = next(line for line in lines if line.startswith("metrics on ")).split()[2]
    async with httpx.AsyncClient() as http:
        assert (await http.get(url.replace("/metrics", "/readyz"))).status_code == 200
        return (await http.get(url)).text


def test_worker_refuses_an_unknown_stage() -> None:
    from research_chain.cli import main

    with pytest.raises(SystemExit) as info:
        main(["worker", "--stages", "nl_classify,no_such_stage"])
    assert info.value.code == 2


async def test_one_loop_is_one_trace_across_two_worker_processes(
    bus: Bus, settings: Settings
) -> None:
    url = settings.nats_url
    assert url is not None
    loop_id = str(uuid.uuid4())
    question = FIRST_QUESTION  # walks the graph: every stage runs
    base = ("--nats-url", url, "--log-level", "WARNING")
    with otlp_receiver() as (endpoint, receiver):
        env = {"RESEARCH_CHAIN_OTLP_ENDPOINT": endpoint}
        async with (
            running("engine", *base, "--sample", ready="engine ready", env=env),
            running("worker", *base, "--stages", "nl_classify,route_search,synthesize_answer",
                    ready="worker ready", env=env),
            running("worker", *base, "--stages", "execute_subqueries,assess_sufficiency",
                    ready="worker ready", env=env),
        ):  # fmt: skip
            result = await research(
                bus, question, parent_loop_id="p-traced", loop_id=loop_id, timeout=60
            )
        # Stopped: each process flushed its spans to the receiver on the way out.
    assert not result.degraded
    spans = [s for s in receiver.spans if s.attributes.get("research.loop_id") == loop_id]
    (trace_id,) = {span.trace_id for span in spans}
    (root,) = [span for span in spans if span.name == "research loop"]
    assert root.parent_span_id == ""
    stages = [span for span in spans if span.name.endswith(" process")]
    assert sorted(span.name.removesuffix(" process") for span in stages) == sorted(
        ["nl_classify", "route_search", "execute_subqueries", "assess_sufficiency",
         "synthesize_answer"]
    )  # fmt: skip
    assert all(span.parent_span_id == root.span_id for span in stages)
    workers = {span.resource["service.instance.id"] for span in stages}
    assert len(workers) == 2 and all(w.startswith("worker-") for w in workers)
    rules = [span for span in spans if span.name.startswith("rule ")]
    assert len(rules) == 6 and {r.resource["research.role"] for r in rules} == {"engine"}
    assert all(question not in str(span.attributes) for span in receiver.spans)
    assert len(trace_id) == 32


def _workers_of(pid: int) -> list[int]:
    """The ``worker`` processes ``pid`` started (Linux: /proc lists a process's children)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [
        child
        for child in map(int, children)
        if b"research_chain.cli\x00worker" in Path(f"/proc/{child}/cmdline").read_bytes()
    ]


def _environment(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().partition("=")[::2] for item in raw if item)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
async def test_up_starts_a_worker_process_with_its_settings_and_stops_it(
    bus: Bus, settings: Settings, tmp_path: Path
) -> None:
    url = settings.nats_url
    assert url is not None
    args = ("up", "--nats-url", url, "--data-dir", str(tmp_path), "--log-level", "WARNING")
    flags = ("--sample", "--processes", "2", "--stage-timeout", "33")
    async with running(*args, *flags, ready="research-chain ready") as up:
        if not any("worker ready" in line for line in up.lines):
            await up.read_until("research-chain worker ready")
        (worker,) = _workers_of(up.process.pid)
        env = _environment(worker)
        assert env["RESEARCH_CHAIN_NATS_URL"] == url
        assert env["RESEARCH_CHAIN_STAGE_TIMEOUT_S"] == "33.0"
        results = await asyncio.gather(
            *(research(bus, q, parent_loop_id="p-up2", timeout=60) for q in QUESTIONS)
        )
    # Stopped with SIGTERM (exit 0 asserted by ``running``): up stopped and reaped it.
    with pytest.raises(ProcessLookupError):
        os.pidfd_open(worker)
    for (question, answer), result in zip(QUESTIONS.items(), results, strict=True):
        assert not result.degraded, (question, result.degraded_reason)
        assert answer in result.synthesis, (question, result.synthesis)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
async def test_up_reports_a_dead_worker_and_a_kill_9_of_up_takes_the_rest_along(
    settings: Settings, tmp_path: Path
) -> None:
    url = settings.nats_url
    assert url is not None
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "research_chain.cli", "up", "--nats-url", url, "--no-sample",
        "--data-dir", str(tmp_path), "--processes", "3", "--log-level", "WARNING",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=clean_env(),
    )  # fmt: skip
    proc = Proc(process)
    try:
        await proc.read_until("research-chain ready")
        first, second = _workers_of(process.pid)
        # One worker dies: up goes on serving and says so.
        os.kill(first, signal.SIGKILL)
        await proc.read_until(f"stage worker process {first} exited with -9")
        assert _workers_of(process.pid) == [second]
    finally:
        process.kill()  # kill -9: no handler of up runs
        await process.wait()
    await gone(second)
