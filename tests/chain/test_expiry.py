"""A finished loop's records leave the graph and the loop bucket once its retention is over."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import cast

import nats.js.errors
import pytest
from nats.js.kv import KeyValue

from research_chain.bus import Bus
from research_chain.bus import names as n
from research_chain.client import research
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from research_chain.runtime import start_chain
from tests.chain.standins import Recorder, standins


async def _until_purged(watcher: KeyValue.KeyWatcher) -> tuple[KeyValue.Entry, KeyValue.Entry]:
    """The record's last write and its purge, as the server stamped them."""
    written: KeyValue.Entry | None = None
    while True:
        change = await watcher.updates(30)  # type: ignore[no-untyped-call]
        if change is None:  # the end of the initial values
            continue
        if change.operation == "PURGE":
            assert written is not None and written.value
            return written, change
        written = change


async def test_records_expire_after_the_retention_and_not_before(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    retention = 1.0
    settings = settings.model_copy(update={"loop_retention_s": retention})
    chain = await start_chain(bus, settings, standins(recorder))
    loops = await bus.js.key_value(settings.loops_bucket)
    entities = await bus.js.key_value(settings.entities_bucket)
    loop_id = str(uuid.uuid4())
    # Watched from before the loop starts, so a slow machine cannot miss the records;
    # "not before" is judged by the server's own timestamps, which load only delays.
    entity_watch = await entities.watch(n.entity_key(n.loop_entity_id(loop_id)))
    complete_watch = await loops.watch(n.complete_key(loop_id))
    try:
        result = await research(
            bus, "a topic", parent_loop_id="parent-expiry", loop_id=loop_id, timeout=30,
            hints={"route": "synthesize_directly"},
        )  # fmt: skip
        assert not result.degraded
        for watcher in (complete_watch, entity_watch):
            written, purged = await _until_purged(watcher)
            assert written.created is not None and purged.created is not None
            # nats-py annotates Entry.created as an int; it holds the server's datetime.
            age = cast(datetime, purged.created) - cast(datetime, written.created)
            assert age.total_seconds() >= retention
            await watcher.stop()  # type: ignore[no-untyped-call]
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
