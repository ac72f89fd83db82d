"""Test helpers that speak to the real server: raw requests, awaiting results, DLQ reads."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from nats.aio.msg import Msg

from research_chain.bus import Bus
from research_chain.bus import names as n
from research_chain.payloads import SearchResult, default_registry


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


def decode_result(msg: Msg) -> SearchResult:
    return default_registry().decode_as(msg.data, SearchResult).payload


async def results_stored(bus: Bus, stream: str, parent: str | None = None) -> int:
    info = await bus.js.stream_info(
        stream, subjects_filter=n.kept_results_filter(parent) if parent else None
    )
    return info.state.messages


async def wait_until(condition: Callable[[], Awaitable[bool]], limit_s: float = 20.0) -> None:
    """Re-check a server-side condition until it holds (the server offers no event for it)."""
    async with asyncio.timeout(limit_s):
        while not await condition():  # noqa: ASYNC110 - consumer progress has no event
            await asyncio.sleep(0.02)
