"""Fixtures of the parent-side tests: the small test graph, its writer and the real chain."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from research_chain.bus import Bus
from research_chain.components import default_components
from research_chain.config import Settings
from research_chain.graph import EmbeddedGraph, GraphWriter
from research_chain.judges import HeuristicJudge
from research_chain.runtime import Chain, start_chain
from tests.components.conftest import graph

__all__ = ["graph"]  # the small film and fleet graph, shared with the component tests

ROOT = Path(__file__).resolve().parents[2]


async def real_chain(bus: Bus, settings: Settings, graph: EmbeddedGraph) -> Chain:
    """The five real components, the engine and the heuristic judge in this process."""
    return await start_chain(
        bus, settings, default_components(), graph=graph, judge=HeuristicJudge()
    )


@pytest.fixture
async def chain(
    bus: Bus, settings: Settings, writer: GraphWriter, graph: EmbeddedGraph
) -> AsyncIterator[Chain]:
    running = await real_chain(bus, settings, graph)
    try:
        yield running
    finally:
        await running.stop()


def child_env(settings: Settings) -> dict[str, str]:
    """A second process's environment: the test server, and the checkout importable."""
    assert settings.nats_url is not None
    return {
        **os.environ,
        "RESEARCH_CHAIN_NATS_URL": settings.nats_url,
        "PYTHONPATH": str(ROOT),
    }


def console_script() -> list[str]:
    """``research-chain`` as a child process (the venv's interpreter, not PATH)."""
    return [sys.executable, "-m", "research_chain.cli"]
