"""A small drone-fleet graph loaded into a real bucket, and the graph opened over it; the
triple builders and the open-and-close helper the other graph fixtures use too."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from research_chain.bus import Bus
from research_chain.config import Settings
from research_chain.graph import EmbeddedGraph, open_graph, write_triples
from research_chain.payloads import ObjectKind, Triple

ORG = "acme.ops.robotics.gcs"
DRONE = f"{ORG}.drone.001"
DRONE2 = f"{ORG}.drone.002"
OCTO = f"{ORG}.octocopter-drone.003"
CAM = f"{ORG}.sensor.cam-7"
LIDAR = f"{ORG}.sensor.lidar-2"
MISSION = f"{ORG}.mission.m-42"
SITE = f"{ORG}.site.north-field"
OPERATOR = f"{ORG}.operator.ana"
EVENT = f"{ORG}.maintenance.ev-1"
EVENT2 = f"{ORG}.maintenance.ev-2"


def lit(s: str, p: str, o: str, ts: str = "") -> Triple:
    return Triple(subject=s, predicate=p, object=o, timestamp=ts)


def rel(s: str, p: str, o: str, ts: str = "") -> Triple:
    return Triple(subject=s, predicate=p, object=o, kind=ObjectKind.ENTITY, timestamp=ts)


def small_graph() -> list[Triple]:
    return [
        lit(DRONE, "name", "Falcon 7"),
        lit(DRONE, "alias", "Old Falcon"),
        lit(DRONE, "serial_number", "SN-55-ALPHA"),
        rel(DRONE, "has_sensor", CAM),
        rel(DRONE, "has_sensor", LIDAR),
        rel(DRONE, "located_at", SITE),
        lit(DRONE2, "name", "Heron"),
        rel(DRONE2, "has_sensor", CAM),
        lit(OCTO, "name", "Octo Lifter"),
        lit(CAM, "name", "Thermal Camera Seven"),
        lit(LIDAR, "name", "Lidar Two"),
        lit(MISSION, "name", "Pipeline Survey"),
        rel(MISSION, "assigned_to", DRONE),
        rel(MISSION, "operated_by", OPERATOR),
        lit(SITE, "name", "North Field"),
        lit(OPERATOR, "name", "Ana Souza"),
        lit(EVENT, "name", "Rotor replacement"),
        rel(EVENT, "serviced", DRONE, ts="2025-03-01T10:00:00Z"),
        lit(EVENT, "description", "replaced cracked rotor blade", ts="2025-03-01T10:00:00Z"),
        lit(EVENT2, "name", "Battery check"),
        rel(EVENT2, "serviced", DRONE2, ts="2025-05-10T08:00:00Z"),
    ]


@asynccontextmanager
async def opened(
    bus: Bus, settings: Settings, triples: list[Triple] | None = None
) -> AsyncIterator[EmbeddedGraph]:
    """``triples`` written through the store (if any), then the graph opened over the
    bucket (read back through the KV watch) and closed when the block ends."""
    if triples:
        await write_triples(bus, settings, triples)
    graph = await open_graph(bus, settings, timeout_s=20)
    try:
        yield graph
    finally:
        await graph.close()


@pytest.fixture
async def graph(bus: Bus, settings: Settings) -> AsyncIterator[EmbeddedGraph]:
    async with opened(bus, settings, small_graph()) as g:
        yield g
