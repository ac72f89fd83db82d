"""nl_classify: the topic's entities, relations, types and time scope, and first candidates.

Tier 0 (keyword) spots entity names through the graph's name index, longest
first, and reads relation and type words through the lexicon; tier 1 (BM25)
searches the graph's text when tier 0 found no entity. The intent's hints
steer it: ``entity_kind`` restricts candidate types, ``domain`` the id's domain
segment, ``recency`` sets a time window; other keys pass through unused. On a
retighten the runner hands it an intent with the refined topic and hints, and
that topic is what it classifies.
"""

from __future__ import annotations

from typing import Any

from research_chain.bus.names import Stage
from research_chain.components._reading import read_question, state_snippet
from research_chain.components.base import Component, StageContext
from research_chain.errors import ResearchChainError
from research_chain.language.analysis import Analysis, type_matches
from research_chain.language.timeparse import TimeRange, parse_time_range
from research_chain.payloads import (
    Candidate,
    ClassifierOutput,
    ClassifierTier,
    Intent,
    RetrievalTier,
)
from research_chain.payloads.graph import entity_type

__all__ = ["COMPONENT", "DEFAULT_MAX_CANDIDATES", "handle"]

DEFAULT_MAX_CANDIDATES = 10


def _max_candidates(hints: dict[str, str]) -> int:
    raw = hints.get("max_candidates", "")
    return int(raw) if raw.isdigit() and int(raw) > 0 else DEFAULT_MAX_CANDIDATES


def _allowed(entity_id: str, hints: dict[str, str]) -> bool:
    kind = hints.get("entity_kind")
    if kind and not (entity_type(entity_id) == kind or type_matches(kind, entity_type(entity_id))):
        return False
    domain = hints.get("domain")
    return not (domain and entity_id.split(".")[2] != domain)


def _time_range(topic: str, hints: dict[str, str]) -> TimeRange | None:
    found = parse_time_range(topic)
    if found is None and hints.get("recency"):
        recency = hints["recency"].strip()
        unit = {"h": "hours", "d": "days", "w": "weeks", "m": "minutes"}.get(recency[-1:], "")
        text = f"last {recency[:-1]} {unit}" if unit and recency[:-1].isdigit() else recency
        found = parse_time_range(text if text.startswith("last") else f"last {text}")
    return found


def _hints(analysis: Analysis, window: TimeRange | None, intent: Intent) -> dict[str, Any]:
    hints: dict[str, Any] = {
        "entities": [
            {"surface": m.surface, "ids": list(m.entity_ids[:10]), "explicit": m.explicit}
            for m in analysis.entities
        ],
        "predicates": analysis.predicates(),
        "types": sorted(analysis.types),
    }
    if analysis.answer_types:
        hints["answer_types"] = sorted(analysis.answer_types)
    if analysis.comember_tokens:
        hints["comember"] = True
    if window is not None:
        hints["time_range"] = window.to_hint()
    for key in ("entity_kind", "domain", "recency"):
        if key in intent.hints:
            hints[key] = intent.hints[key]
    return hints


async def _keyword(ctx: StageContext, analysis: Analysis, limit: int) -> list[Candidate]:
    ranked: dict[str, float] = {}
    for mention in sorted(analysis.entities, key=lambda m: (not m.explicit, m.start - m.end)):
        relevance = (
            1.0 if mention.explicit else round(min(0.95, 0.5 + 0.05 * len(mention.surface)), 4)
        )
        for entity_id in mention.entity_ids:
            if _allowed(entity_id, ctx.intent.hints) and entity_id not in ranked:
                ranked[entity_id] = relevance
    ids = sorted(ranked, key=lambda i: (-ranked[i], i))[:limit]
    states = (await ctx.graph.entity_state(ids)).found
    prefer = analysis.predicates()
    return [
        Candidate(
            entity_id=entity_id,
            label=states[entity_id].label if entity_id in states else ctx.graph.label(entity_id),
            type=entity_type(entity_id),
            relevance=ranked[entity_id],
            snippet_text=state_snippet(ctx.graph, states[entity_id], prefer)
            if entity_id in states
            else "",
            tier=RetrievalTier.RULES,
            source="keyword",
        )
        for entity_id in ids
    ]


async def _bm25(ctx: StageContext, topic: str, limit: int) -> list[Candidate]:
    hits = await ctx.graph.bm25(topic, k=limit * 2)
    out = []
    for hit in hits:
        if _allowed(hit.entity_id, ctx.intent.hints):
            label = ctx.graph.label(hit.entity_id)
            out.append(
                Candidate(
                    entity_id=hit.entity_id,
                    label=label,
                    type=entity_type(hit.entity_id),
                    relevance=round(hit.score, 4),
                    snippet_text=f"{label} | {hit.snippet}",
                    tier=RetrievalTier.BM25,
                    source="bm25_index",
                )
            )
    return out[:limit]


async def handle(ctx: StageContext, intent: Intent) -> ClassifierOutput:
    """Classify ``intent.topic`` (the refined one on a retighten)."""
    topic = intent.topic
    analysis = read_question(ctx.graph, topic)
    limit = _max_candidates(intent.hints)
    window = _time_range(topic, intent.hints)
    candidates = await _keyword(ctx, analysis, limit)
    tier: ClassifierTier | None = ClassifierTier.KEYWORD if candidates else None
    degraded, reason = False, ""
    if not candidates:
        try:
            candidates = await _bm25(ctx, topic, limit)
        except ResearchChainError as exc:
            degraded, reason = True, f"bm25 tier failed: {exc}"
            ctx.provenance.fallback("classifier-bm25-failed")
        if candidates:
            tier = ClassifierTier.EMBEDDING
    ctx.provenance.tiers_used.update(c.tier for c in candidates)
    return ClassifierOutput(
        topic=topic,
        tier=tier,
        confidence=1.0 if tier is ClassifierTier.KEYWORD else (0.6 if candidates else 0.0),
        hints=_hints(analysis, window, intent),
        candidates=candidates,
        degraded=degraded,
        degraded_reason=reason,
    )


COMPONENT: Component[Intent, ClassifierOutput] = Component(
    stage=Stage.NL_CLASSIFY,
    inputs=(Intent,),
    output=ClassifierOutput,
    handle=handle,
)
