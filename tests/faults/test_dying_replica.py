"""A rule-engine replica that dies between advancing a loop and dispatching its next stage.

The loop state then names the trigger that advanced it, no dispatch is stored, and the
trigger comes back to another replica after ``ack_wait``. Caught live after worker
kills: the replica that got it held the loop, in its cache of states it had written
itself, at the trigger's step; its compare-and-set was refused, the trigger was acked,
and the loop waited for its deadline to end degraded. Now the refused replica re-reads
the state, sees the trigger it holds advanced it, and sends the dispatch again.
"""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass, field
from typing import Any

from research_chain.bus import Bus, Published, connect
from research_chain.bus import names as n
from research_chain.bus.names import Stage
from research_chain.client import request_triples, start_research
from research_chain.components.base import StageContext
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from research_chain.payloads import ExecutionOutput
from research_chain.runtime import start_chain
from tests.chain.helpers import awaiting, decode_result
from tests.chain.standins import Recorder, standins


@dataclass(slots=True)
class _DiesAtDispatch(Bus):
    """A replica's connection that goes silent for good at one publish: the process died
    there, after everything before it (the state's compare-and-set) was done."""

    at: str = ""
    died: asyncio.Event = field(default_factory=asyncio.Event)

    async def publish(
        self, subject: str, data: bytes, headers: dict[str, str] | None = None
    ) -> Published:
        if subject == self.at:
            self.died.set()
            await asyncio.Event().wait()
        return await Bus.publish(self, subject, data, headers)


async def test_a_replica_dies_after_advancing_a_loop_before_its_dispatch(
    bus: Bus, settings: Settings, writer: GraphWriter
) -> None:
    recorder = Recorder()
    settings = settings.model_copy(update={"ack_wait_s": 0.5, "loop_deadline_s": 20.0})
    loop_id, parent = str(uuid.uuid4()), "parent-dying-replica"
    at_assess, release = asyncio.Event(), asyncio.Event()
    assess = standins(recorder)[Stage.ASSESS_SUFFICIENCY]

    async def held(ctx: StageContext, payload: ExecutionOutput) -> Any:
        at_assess.set()
        await release.wait()
        return await assess.handle(ctx, payload)

    chain = await start_chain(bus, settings, standins(recorder, assess_sufficiency=held))
    engine = next(loop for loop in chain.loops if loop.durable == settings.names().engine_consumer)
    other = await connect(settings, name="replica-that-dies")
    dying = _DiesAtDispatch(
        nc=other.nc, js=other.js, at=n.stage_subject(Stage.SYNTHESIZE_ANSWER, loop_id)
    )
    try:
        async with awaiting(bus, n.result_subject(parent)) as got:
            await start_research(bus, request_triples(loop_id, "dies", parent_loop_id=parent))
            await at_assess.wait()
            # This replica wrote the loop's state at the assess step and keeps it cached;
            # it stops taking triggers, so the assess completion goes to the other one.
            await engine.stop()
            replica = await start_chain(dying, settings)
            release.set()
            await dying.died.wait()
            await replica.abort()
            await engine.start()
    finally:
        await chain.stop()
        await other.close()
    result = decode_result(got[0])
    assert not result.degraded, result.degraded_reason
    assert recorder.stages(loop_id)[-1] is Stage.SYNTHESIZE_ANSWER
