"""``research-chain ingest``: stream files into the graph in bounded windows.

A window (``window`` triples) is grouped by entity and written with one write
per entity; memory is bounded by the window and the set of ids this run has
written (it is cleared past ``SEEN_LIMIT``, which only costs a re-check).
"""

from __future__ import annotations

import contextlib
import gc
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from research_chain.bus.connection import Bus
from research_chain.config import Settings
from research_chain.errors import GraphError
from research_chain.graph.ingest.formats import (
    FORMATS,
    Parsed,
    Rejected,
    detect_format,
    parse_delimited,
    parse_jsonl,
    parse_ntriples,
    triple_dict,
)
from research_chain.graph.ingest.mapping import NameMapping
from research_chain.graph.ingest.sink import KvSink
from research_chain.progress import ProgressBar

__all__ = ["IngestOptions", "IngestSummary", "Progress", "ingest_files", "run_ingest"]

SEEN_LIMIT = 2_000_000
MAX_REJECTS_KEPT = 1000


@dataclass(frozen=True, slots=True)
class IngestOptions:
    format: str = "auto"
    sep: str | None = None
    mapping: NameMapping = field(default_factory=NameMapping)
    window: int = 200_000
    source: str = ""


@dataclass(slots=True)
class IngestSummary:
    triples: int = 0
    entities: int = 0
    rejected: int = 0
    rejects: list[tuple[str, int, str]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.triples / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "triples": self.triples,
            "entities": self.entities,
            "rejected": self.rejected,
            "seconds": round(self.seconds, 3),
            "rejects": [
                {"file": name, "line": line, "reason": reason}
                for name, line, reason in self.rejects[:50]
            ],
        }

    def lines(self) -> list[str]:
        out = [
            f"ingested {self.triples} triples, {self.entities} entities written, "
            f"{self.rejected} lines rejected in {self.seconds:.2f}s "
            f"({self.rate:,.0f} triples/s)"
        ]
        out += [f"  rejected {name}:{line}: {reason}" for name, line, reason in self.rejects[:50]]
        if self.rejected > 50:
            out.append(f"  ... and {self.rejected - 50} more rejected lines")
        return out


class Progress:
    """The ingest's progress bar: bytes read of the current file, triples and their rate."""

    def __init__(self) -> None:
        self._bar: ProgressBar | None = None
        self._name = ""

    def update(self, name: str, done: int, total: int, triples: int, started: float) -> None:
        if self._bar is None:
            self._bar = ProgressBar(name, total).__enter__()
        elif name != self._name:
            self._bar.update(description=name, total=total)
        self._name = name
        rate = triples / max(time.monotonic() - started, 1e-9)
        self._bar.update(completed=done, status=f"{triples:,} triples ({rate:,.0f}/s)")

    def done(self) -> None:
        if self._bar is not None:
            self._bar.close()


def _parser(path: Path, options: IngestOptions) -> Callable[[Iterator[str]], Iterator[Any]]:
    fmt = detect_format(path.name) if options.format == "auto" else options.format
    if fmt not in FORMATS:
        raise GraphError(f"{path}: unknown format {fmt!r} (one of {', '.join(FORMATS)})")
    source = options.source or path.name
    if fmt == "jsonl":
        return lambda lines: parse_jsonl(lines, source)
    if fmt == "nt":
        return lambda lines: parse_ntriples(lines, options.mapping, source)
    return lambda lines: parse_delimited(lines, options.mapping, options.sep, source)


class _Reader:
    """Lines of a file as text, counting bytes read for the progress line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.done = 0

    def lines(self) -> Iterator[str]:
        with self.path.open("rb") as handle:
            for raw in handle:
                self.done += len(raw)
                yield raw.decode("utf-8", errors="replace")


class _Run:
    def __init__(self, sink: KvSink, options: IngestOptions, summary: IngestSummary) -> None:
        self.sink = sink
        self.options = options
        self.summary = summary
        self.window: dict[str, list[dict[str, Any]]] = {}
        self.keys: dict[str, set[tuple[str, str]]] = {}
        self.pending = 0
        self.seen: set[str] = set()

    def add(self, record: Parsed) -> None:
        for entity_id, name in record.names:
            if entity_id not in self.seen and entity_id not in self.window:
                self._put(triple_dict(entity_id, self.options.mapping.label_predicate, name,
                                      False, self.options.source))  # fmt: skip
        for triple in record.triples:
            self._put(triple)
        self.summary.triples += len(record.triples)

    def _put(self, triple: dict[str, Any]) -> None:
        subject = triple["subject"]
        key = (triple["predicate"], triple["object"])
        keys = self.keys.setdefault(subject, set())
        if key in keys:
            return
        keys.add(key)
        self.window.setdefault(subject, []).append(triple)
        self.pending += 1

    async def flush(self) -> None:
        if not self.window:
            return
        fresh = {e for e in self.window if e not in self.seen}
        await self.sink.write_window(self.window, fresh)
        if len(self.seen) > SEEN_LIMIT:
            self.seen.clear()
        self.seen.update(self.window)
        self.window, self.keys, self.pending = {}, {}, 0


async def ingest_files(
    bus: Bus,
    settings: Settings,
    paths: Sequence[Path],
    options: IngestOptions,
    progress: Progress | None = None,
) -> IngestSummary:
    """Parse, window and write every file; rejected lines are counted and kept (first 1000)."""
    summary = IngestSummary()
    sink = KvSink(bus, settings)
    run = _Run(sink, options, summary)
    started = time.monotonic()
    with _no_gc():
        try:
            await _ingest(run, paths, options, progress, started)
        finally:
            await sink.close()
    summary.entities = sink.written_entities
    summary.seconds = time.monotonic() - started
    if progress is not None:
        progress.done()
    return summary


@contextlib.contextmanager
def _no_gc() -> Iterator[None]:
    """Windows hold hundreds of thousands of small dicts and create no cycles:
    generational collections would rescan them over and over for nothing."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


async def _ingest(
    run: _Run,
    paths: Sequence[Path],
    options: IngestOptions,
    progress: Progress | None,
    started: float,
) -> None:
    summary = run.summary
    for path in paths:
        parse = _parser(path, options)
        total = path.stat().st_size
        reader = _Reader(path)
        for record in parse(reader.lines()):
            if isinstance(record, Rejected):
                summary.rejected += 1
                if len(summary.rejects) < MAX_REJECTS_KEPT:
                    summary.rejects.append((path.name, record.line, record.reason))
                continue
            run.add(record)
            if run.pending >= options.window:
                await run.flush()
                if progress is not None:
                    progress.update(path.name, reader.done, total, summary.triples, started)
        await run.flush()


async def run_ingest(
    settings: Settings,
    paths: Sequence[Path],
    options: IngestOptions,
    *,
    url: str | None = None,
    as_json: bool = False,
) -> IngestSummary:
    """Connect, make sure the bucket exists, ingest, print the summary."""
    from research_chain.bus import connect, provision

    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        raise GraphError(f"no such file: {', '.join(missing)}")
    target = url or settings.nats_url or f"nats://{settings.embedded_host}:{settings.embedded_port}"
    bus = await connect(settings, target, name="research-chain-ingest")
    try:
        await provision(bus, settings)
        summary = await ingest_files(bus, settings, paths, options, Progress())
    finally:
        await bus.close()
    if as_json:
        print(orjson.dumps(summary.to_dict()).decode(), flush=True)
    else:
        for line in summary.lines():
            print(line, flush=True)
    return summary
