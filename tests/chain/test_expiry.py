"""A finished loop's records leave the graph and the loop bucket once its retention is over."""

from __future__ import annotations

import uuid

import nats.js.errors
import pytest

from research_chain.bus import Bus
from research_chain.bus import names as n
from research_chain.client import research
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from research_chain.runtime import start_chain
from tests.chain.standins import Recorder, standins


async def test_records_expire_after_the_retention_and_not_before(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    # long enough that a loaded machine still sees the records before they go
    settings = settings.model_copy(update={"loop_retention_s": 3.0})
    chain = await start_chain(bus, settings, standins(recorder))
    loops = await bus.js.key_value(settings.loops_bucket)
    entities = await bus.js.key_value(settings.entities_bucket)
    loop_id = str(uuid.uuid4())
    try:
        result = await research(
            bus, "a topic", parent_loop_id="parent-expiry", loop_id=loop_id, timeout=30,
            hints={"route": "synthesize_directly"},
        )  # fmt: skip
        assert not result.degraded
        entity = n.entity_key(n.loop_entity_id(loop_id))
        watcher = await entities.watch(entity)
        first = await watcher.updates(5)
        assert first is not None and first.value  # still there when the answer arrives
        assert (await loops.get(n.complete_key(loop_id))).value
        # The scheduled expiry fires at the next whole second after the retention; the
        # watcher marks the end of the initial values with None.
        change = await watcher.updates(10)
        while change is None or change.operation is None:
            change = await watcher.updates(10)
        assert change.operation == "PURGE"
        await watcher.stop()
    finally:
        # The purge is the expiry handler at work; stopping lets it finish (ack, delete).
        await chain.stop()
    # The loop bucket is purged first, so it is empty by now.
    for key in (n.loop_key(loop_id), n.complete_key(loop_id), n.requested_key(loop_id)):
        with pytest.raises(nats.js.errors.KeyNotFoundError):
            await loops.get(key)
    # Handled schedules are deleted, not kept.
    info = await bus.js.stream_info(settings.schedule_stream, subjects_filter=">")
    assert not info.state.subjects
