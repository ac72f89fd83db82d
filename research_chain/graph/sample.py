"""The drone-fleet sample graph shipped in the package (see ``research_chain/sample``)."""

from __future__ import annotations

from pathlib import Path

from research_chain.bus import Bus
from research_chain.config import Settings
from research_chain.graph.ingest import IngestOptions, ingest_files

__all__ = ["SAMPLE_DIR", "load_sample", "sample_graph_path", "sample_questions_path"]

SAMPLE_DIR = Path(__file__).resolve().parent.parent / "sample"


def sample_graph_path() -> Path:
    return SAMPLE_DIR / "graph.jsonl"


def sample_questions_path() -> Path:
    return SAMPLE_DIR / "questions.jsonl"


async def store_is_empty(bus: Bus, settings: Settings) -> bool:
    bucket = settings.names().entities_bucket
    return not (await bus.stream_state(f"KV_{bucket}")).messages


async def load_sample(bus: Bus, settings: Settings, *, force: bool = False) -> int:
    """Load the sample graph when the store is empty (or ``force``); returns triples written."""
    if not force and not await store_is_empty(bus, settings):
        return 0
    options = IngestOptions(format="jsonl", source="sample")
    summary = await ingest_files(bus, settings, [sample_graph_path()], options)
    return summary.triples
