"""Test helpers that speak to the real server: awaiting results, counting what the results
stream keeps, and waiting for consumers to settle on the server's own events."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

from nats.aio.msg import Msg
from nats.aio.subscription import Subscription

from research_chain.bus import Bus, Message
from research_chain.bus import names as n
from research_chain.bus.names import Stage
from research_chain.components.base import Component
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from research_chain.payloads import SearchResult, default_registry
from research_chain.runtime import Chain, start_chain

# A consumer's ``sample_freq`` that makes the server publish every ack as a metric event.
SAMPLE_EVERY_ACK = "100%"


@asynccontextmanager
async def serving(
    bus: Bus,
    settings: Settings,
    components: Mapping[Stage, Component[Any, Any]] | None = None,
    **options: Any,
) -> AsyncIterator[Chain]:
    """The graph write API (the parents' way in) and a chain started with ``options``,
    both stopped when the block ends."""
    writer = GraphWriter(bus, settings)
    await writer.start()
    try:
        running = await start_chain(bus, settings, components, **options)
        try:
            yield running
        finally:
            await running.stop()
    finally:
        await writer.stop()


@asynccontextmanager
async def awaiting(bus: Bus, subject: str, count: int = 1) -> AsyncIterator[list[Msg]]:
    """Collect ``count`` messages on ``subject``; subscribe before the caller acts."""
    got: list[Msg] = []
    done = asyncio.Event()

    async def on_msg(msg: Msg) -> None:
        got.append(msg)
        if len(got) >= count:
            done.set()

    sub = await bus.nc.subscribe(subject, cb=on_msg)
    try:
        yield got
        await asyncio.wait_for(done.wait(), 30)
    finally:
        await sub.unsubscribe()


def decode_result(msg: Msg | Message) -> SearchResult:
    return default_registry().decode_as(msg.data, SearchResult).payload


async def results_stored(bus: Bus, stream: str, parent: str | None = None) -> int:
    info = await bus.js.stream_info(
        stream, subjects_filter=n.kept_results_filter(parent) if parent else None
    )
    return info.state.messages


async def until_settled(
    bus: Bus,
    consumers: Sequence[tuple[str, str]],
    condition: Callable[[], Awaitable[bool]],
    limit_s: float = 20.0,
) -> None:
    """Until ``condition`` holds, checked again each time one of ``consumers`` (stream,
    durable) settles a message; TimeoutError past ``limit_s``.

    The server announces settlements itself: with ``sample_freq`` at 100 % every ack
    is published as a metric event, and a nak, a term, spent deliveries or a new leader
    as advisories. The consumer's state is updated before its event is sent, so a check
    made after an event sees that settlement; a check that fails waits for the next one.
    """
    moved = asyncio.Event()

    async def on_event(msg: Msg) -> None:
        moved.set()

    subs: list[Subscription] = []
    try:
        for stream, durable in consumers:
            for subject in (
                f"$JS.EVENT.METRIC.CONSUMER.ACK.{stream}.{durable}",
                f"$JS.EVENT.ADVISORY.CONSUMER.*.{stream}.{durable}",
                f"$JS.EVENT.ADVISORY.STREAM.LEADER_ELECTED.{stream}",
            ):
                subs.append(await bus.nc.subscribe(subject, cb=on_event))
        await bus.nc.flush()
        for stream, durable in consumers:
            config = (await bus.js.consumer_info(stream, durable)).config
            if config.sample_freq != SAMPLE_EVERY_ACK:
                config.sample_freq = SAMPLE_EVERY_ACK
                await bus.js.add_consumer(stream, config)
        async with asyncio.timeout(limit_s):
            while True:
                moved.clear()
                if await condition():
                    return
                await moved.wait()
    finally:
        for sub in subs:
            await sub.unsubscribe()
