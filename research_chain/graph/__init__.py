"""The knowledge graph: the ``GraphBackend`` protocol and its embedded default.

Typical wiring (a worker, or a test on the ``bus`` fixture)::

    await write_triples(bus, settings, triples)      # or research-chain ingest FILE
    graph = await open_graph(bus, settings)          # loads the bucket, then follows it
    hits = await graph.walk_path(seeds, [Step("assigned_to", Direction.IN)])
    await graph.close()

Writers: ``GraphWriter(bus, settings).start()`` serves ``graph.write``; clients call
``await write(bus, GraphWrite(...))``. Offline tools: ``EmbeddedGraph.from_triples``.

The parts that talk to NATS are imported on first use, so code that only needs
the protocol or the text helpers (components) does not pull in the bus.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from research_chain.graph.protocol import (
    Direction,
    EntityLookup,
    GraphBackend,
    NameMatch,
    Step,
    TextHit,
    TimeHit,
    WalkHit,
)

if TYPE_CHECKING:
    from research_chain.graph.embedded import EmbeddedGraph, open_graph
    from research_chain.graph.loading import write_triples
    from research_chain.graph.sample import load_sample
    from research_chain.graph.writer import GraphWriter, write

__all__ = [
    "Direction",
    "EmbeddedGraph",
    "EntityLookup",
    "GraphBackend",
    "GraphWriter",
    "NameMatch",
    "Step",
    "TextHit",
    "TimeHit",
    "WalkHit",
    "load_sample",
    "open_graph",
    "write",
    "write_triples",
]

_LAZY = {
    "EmbeddedGraph": "research_chain.graph.embedded",
    "open_graph": "research_chain.graph.embedded",
    "write_triples": "research_chain.graph.loading",
    "load_sample": "research_chain.graph.sample",
    "GraphWriter": "research_chain.graph.writer",
    "write": "research_chain.graph.writer",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
