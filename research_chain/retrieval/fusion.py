"""Running sub-queries concurrently and fusing their evidence.

A failing sub-query is recorded and degrades the output; it never fails the
stage. Fusion keeps one item per entity with every source that found it, ranks
by tier, score (higher first), id, and cuts the list to a token budget counted
on the real snippets.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from research_chain.graph.protocol import GraphBackend
from research_chain.payloads import Evidence
from research_chain.retrieval.subqueries import SubQuery
from research_chain.understanding.evidence import join_sources

__all__ = ["Outcome", "estimate_tokens", "fuse", "run_all"]

CONCURRENCY = 8


@dataclass(slots=True)
class Outcome:
    evidence: list[Evidence] = field(default_factory=list)
    trace: list[dict[str, Any]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


async def run_all(
    graph: GraphBackend, queries: Sequence[SubQuery], round_: int, limit: int = CONCURRENCY
) -> Outcome:
    """Every sub-query under a concurrency bound; failures are kept, not raised."""
    gate = asyncio.Semaphore(limit)
    outcome = Outcome()

    async def one(query: SubQuery) -> tuple[list[Evidence], str]:
        async with gate:
            try:
                return await query.run(graph), ""
            # The degradation seam: whatever one sub-query raises, the others still count.
            except Exception as exc:
                return [], f"{type(exc).__name__}: {exc}"

    results = await asyncio.gather(*(one(q) for q in queries))
    for query, (found, error) in zip(queries, results, strict=True):
        entry = {**query.wire(), "round": round_, "found": len(found)}
        if error:
            entry["error"] = error
            outcome.failures.append(f"{entry['kind']}: {error}")
        outcome.trace.append(entry)
        outcome.evidence.extend(found)
    return outcome


def estimate_tokens(item: Evidence) -> int:
    """About four characters a token, plus the id and provenance fields."""
    return (len(item.snippet_text) + len(item.entity_id)) // 4 + 6


def fuse(items: Iterable[Evidence], budget_tokens: int) -> tuple[list[Evidence], int]:
    """Dedup by entity id (all sources kept), rank, cut to ``budget_tokens``."""
    merged: dict[str, Evidence] = {}
    for item in items:
        have = merged.get(item.entity_id)
        if have is None:
            merged[item.entity_id] = item
            continue
        best, other = (have, item) if _key(have) <= _key(item) else (item, have)
        merged[item.entity_id] = best.model_copy(
            update={"source": join_sources([best.source, other.source])}
        )
    ranked = sorted(merged.values(), key=_key)
    kept: list[Evidence] = []
    used = 0
    for item in ranked:
        cost = estimate_tokens(item)
        if kept and used + cost > budget_tokens:
            break
        kept.append(item)
        used += cost
    return kept, used


def _key(item: Evidence) -> tuple[str, float, str]:
    return (item.tier.value, -item.score, item.entity_id)
