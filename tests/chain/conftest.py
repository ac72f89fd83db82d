"""Fixtures of the chain tests: a graph writer and a running chain with stand-ins."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from research_chain.bus import Bus
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from research_chain.runtime import Chain, start_chain
from tests.chain.standins import Recorder, standins


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
async def chain(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> AsyncIterator[Chain]:
    running = await start_chain(bus, settings, standins(recorder))
    try:
        yield running
    finally:
        await running.stop()
