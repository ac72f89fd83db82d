"""Recovery in seconds: heartbeats hold a running handler's message, so ack_wait can be
short; the stage time limit, not ack_wait, ends a hang."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

from research_chain.bus import Bus
from research_chain.bus import names as n
from research_chain.bus.names import Stage
from research_chain.client import request_triples, start_research
from research_chain.components.base import StageContext
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from research_chain.payloads import Intent
from research_chain.runtime import start_chain
from tests.chain.helpers import awaiting, decode_result
from tests.chain.standins import Recorder, standins


async def test_a_hung_handler_keeps_its_message_until_its_time_limit(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    settings = settings.model_copy(update={"ack_wait_s": 0.6, "stage_timeout_s": 2.4})
    classify = standins(recorder)[Stage.NL_CLASSIFY]
    runs: list[tuple[int, bool]] = []
    hanging = asyncio.Event()

    async def hangs_first(ctx: StageContext, payload: Intent) -> Any:
        runs.append((ctx.attempt, hanging.is_set()))
        if ctx.attempt == 1:
            hanging.set()
            try:
                await asyncio.Event().wait()
            finally:
                hanging.clear()
        return await classify.handle(ctx, payload)

    chain = await start_chain(
        bus, settings, standins(recorder, nl_classify=hangs_first), workers_per_stage=2
    )
    try:
        async with awaiting(bus, n.result_subject("parent-hang")) as got:
            triples = request_triples(str(uuid.uuid4()), "hangs", parent_loop_id="parent-hang")
            await start_research(bus, triples)
    finally:
        await chain.stop()
    # Four ack_waits of hanging, yet no second delivery until the time limit ended it.
    assert runs == [(1, False), (2, False)]
    assert not decode_result(got[0]).degraded
