"""`engine` and `worker` as separate processes: the engine decides, the workers run stages."""

from __future__ import annotations

import asyncio
import uuid

import orjson
from nats.aio.msg import Msg

from research_chain.bus import Bus
from research_chain.bus import names as n
from research_chain.client import research
from research_chain.config import Settings
from research_chain.payloads import SearchResult
from tests.procs import running

QUESTIONS = {
    "Where is the drone Wren 63 located?": "Harbor Yard",
    "Who operated Operation Silent Prairie?": "Rosa Duarte",
    "What model is the drone Kestrel 40?": "Condor Heavy",
}


async def test_engine_and_two_workers_complete_loops_together(
    bus: Bus, settings: Settings
) -> None:
    url = settings.nats_url
    assert url is not None
    first, *rest = QUESTIONS
    loop_id = str(uuid.uuid4())
    classified = asyncio.Event()

    async def on_rule(msg: Msg) -> None:
        if orjson.loads(msg.data).get("rule") == "R0.classify":
            classified.set()

    base = ("--nats-url", url, "--log-level", "WARNING")
    async with running("engine", *base, "--sample", ready="engine ready") as engine:
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
            running("worker", *base, "--stages", front, ready="worker ready") as one,
            running("worker", *base, "--stages", back, ready="worker ready") as two,
        ):
            results: list[SearchResult] = [await pending]
            results += await asyncio.gather(
                *(research(bus, q, parent_loop_id="p-split", timeout=60) for q in rest)
            )
    for (question, answer), result in zip(QUESTIONS.items(), results, strict=True):
        assert not result.degraded, (question, result.degraded_reason)
        assert answer in result.synthesis, (question, result.synthesis)
    assert "sample graph loaded" in "\n".join(engine.lines)
    assert any("stages " + front in line for line in one.lines)
    assert any("stages " + back in line for line in two.lines)


def test_worker_refuses_an_unknown_stage() -> None:
    import pytest

    from research_chain.cli import main

    with pytest.raises(SystemExit) as info:
        main(["worker", "--stages", "nl_classify,no_such_stage"])
    assert info.value.code == 2
