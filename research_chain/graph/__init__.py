"""The knowledge graph: the ``GraphBackend`` protocol and its embedded default."""

from __future__ import annotations

from research_chain.graph.embedded import EmbeddedGraph, open_graph
from research_chain.graph.loading import write_triples
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
    "open_graph",
    "write",
    "write_triples",
]
