"""Shared fixtures: a real nats-server (JetStream on, temp store) for every test that asks."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from research_chain.bus import Bus, EmbeddedServer, connect, provision
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from tests.fake_llm import FakeLLM


@pytest.fixture
def nats_server(tmp_path: Path) -> Iterator[EmbeddedServer]:
    """A fresh server per test: free port chosen by the server, store in tmp_path."""
    server = EmbeddedServer(store_dir=tmp_path / "nats")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def settings(nats_server: EmbeddedServer, tmp_path: Path) -> Settings:
    """Settings pointing at the test server, with millisecond backoffs."""
    return Settings(
        nats_url=nats_server.url,
        data_dir=tmp_path / "data",
        ack_wait_s=2.0,
        backoff_initial_s=0.01,
        backoff_max_s=0.05,
        loop_deadline_s=30.0,
        load_sample=False,
    )


@pytest.fixture
async def bus(settings: Settings) -> AsyncIterator[Bus]:
    """A connected, provisioned bus on the test server."""
    b = await connect(settings)
    await provision(b, settings)
    try:
        yield b
    finally:
        await b.close()


@pytest.fixture
async def writer(bus: Bus, settings: Settings) -> AsyncIterator[GraphWriter]:
    """The graph write API on the test server (parents' requests go through it)."""
    graph_writer = GraphWriter(bus, settings)
    await graph_writer.start()
    try:
        yield graph_writer
    finally:
        await graph_writer.stop()


@pytest.fixture
async def fake() -> AsyncIterator[FakeLLM]:
    """The fake OpenAI-compatible server on a free loopback port (the only thing faked)."""
    server = FakeLLM()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture(autouse=True)
def _collect_garbage() -> Iterator[None]:
    """Collect after every test, so an object a test leaks that warns when collected
    (an unclosed socket, a coroutine never awaited) fails that test, not a later one."""
    yield
    gc.collect()
