"""NATS for the fault suite: the shipped single-node and three-node configs on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from research_chain.bus.cluster import LocalCluster
from tests.faults.harness import start_nats


@pytest.fixture(params=[1, 3], ids=["single", "cluster"])
def nats(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LocalCluster]:
    """``deploy/nats/single.conf``, or ``cluster-1..3.conf`` as one JetStream cluster."""
    running = start_nats(tmp_path / "nats", int(request.param))
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[LocalCluster]:
    """The three-node cluster alone, for the tests that kill one of its nodes."""
    running = start_nats(tmp_path / "nats", 3)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def single(tmp_path: Path) -> Iterator[LocalCluster]:
    """One node from the shipped single-node config, for the server restart."""
    running = start_nats(tmp_path / "nats", 1)
    try:
        yield running
    finally:
        running.stop()
