"""Putting triples into the bucket from code: tests, the sample graph, small loaders.

Writes go straight to the store with the same merge and compare-and-set as the
write API (one entity per write, several entities in flight).
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Iterable

from research_chain.bus.connection import Bus
from research_chain.config import Settings
from research_chain.graph.store import EntityStore
from research_chain.payloads import Triple

__all__ = ["write_triples"]


async def write_triples(
    bus: Bus, settings: Settings, triples: Iterable[Triple], *, concurrency: int = 64
) -> int:
    """Write ``triples`` grouped by subject; returns the number of entities written."""
    by_subject: dict[str, list[Triple]] = defaultdict(list)
    for triple in triples:
        by_subject[triple.subject].append(triple)
    store = EntityStore(bus, settings)
    gate = asyncio.Semaphore(concurrency)

    async def one(subject: str, batch: list[Triple]) -> None:
        async with gate:
            await store.add(subject, batch)

    async with asyncio.TaskGroup() as group:
        for subject, batch in by_subject.items():
            group.create_task(one(subject, batch))
    return len(by_subject)
