"""NATS for the fault suite: the shipped single-node and three-node configs on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from research_chain.bus.cluster import LocalCluster
from tests.faults.harness import start_nats


def _running(tmp_path: Path, size: int) -> Iterator[LocalCluster]:
    running = start_nats(tmp_path / "nats", size)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(params=[1, 3], ids=["single", "cluster"])
def nats(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LocalCluster]:
    """``deploy/nats/single.conf``, or ``cluster-1..3.conf`` as one JetStream cluster."""
    yield from _running(tmp_path, int(request.param))


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[LocalCluster]:
    """The three-node cluster alone, for the test that kills one of its nodes."""
    yield from _running(tmp_path, 3)


@pytest.fixture
def single(tmp_path: Path) -> Iterator[LocalCluster]:
    """One node from the shipped single-node config and accounts file."""
    yield from _running(tmp_path, 1)
