"""File ingest: JSON Lines triples, N-Triples and delimited text into ``ENTITY_STATES``."""

from __future__ import annotations

from research_chain.graph.ingest.mapping import NameMapping, load_mapping, preset_names, slug
from research_chain.graph.ingest.run import (
    IngestOptions,
    IngestSummary,
    Progress,
    ingest_files,
    run_ingest,
)

__all__ = [
    "IngestOptions",
    "IngestSummary",
    "NameMapping",
    "Progress",
    "ingest_files",
    "load_mapping",
    "preset_names",
    "run_ingest",
    "slug",
]
