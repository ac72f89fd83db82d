"""nl_classify: the topic's entities, relations, types and time scope, and first candidates.

Tier 0 (keyword) spots entity names through the graph's name index, longest
first, and reads relation and type words through the lexicon; tier 1 searches
the graph's text (BM25) and, when an embedding model is configured, its entity
embeddings, when tier 0 found no entity; tier 3, when the judge is an LLM judge
with the classifier turned on, adds the model's reading of the topic to the hints
(``llm``: names, relation phrases, types; a time range the text parser missed)
and its names to the search. A candidate's relevance is its score in the
tier that found it (keyword strength, BM25 score or cosine): keyword candidates are
ordered by relevance then id; searched ones by reciprocal-rank fusion of the two
tiers' rankings, then id, since their scores do not compare. The intent's hints
steer it: ``entity_kind`` restricts candidate types, ``domain`` the id's domain
segment, ``recency`` sets a time window; other keys pass through unused. On a
retighten the runner hands it an intent with the refined topic and hints, and
that topic is what it classifies.
"""

from __future__ import annotations

from typing import Any

from research_chain.components.base import Component, StageContext
from research_chain.errors import ResearchChainError
from research_chain.judges.base import TopicReader
from research_chain.payloads import (
    Candidate,
    ClassifierOutput,
    ClassifierTier,
    Intent,
    RetrievalTier,
)
from research_chain.payloads.graph import entity_type
from research_chain.retrieval.reading import state_snippet
from research_chain.stages import Stage
from research_chain.understanding.analysis import Analysis, type_matches
from research_chain.understanding.timeparse import TimeRange, parse_time_range

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


# Reciprocal-rank fusion constant: BM25 scores and cosine similarities do not
# compare, ranks do.
RRF_K = 60

# A near name must be close and clearly closer than the next one: "Operation Velvet
# Thunder" is about as close to every "Operation ..." and so to none of them.
NEAR_NAMES = 2
NEAR_MIN_SIMILARITY = 0.5
NEAR_MARGIN = 0.05


async def _search(ctx: StageContext, topic: str, limit: int) -> tuple[list[Candidate], list[str]]:
    """BM25 and (when a model is configured) embeddings, fused by rank; and what failed."""
    fused: dict[str, float] = {}
    found: dict[str, Candidate] = {}
    failed: list[str] = []
    searches = (
        (RetrievalTier.BM25, "bm25_index", "bm25", ctx.graph.bm25),
        (RetrievalTier.NEURAL, "embedding_index", "embedding", ctx.graph.similar),
    )
    for tier, source, name, search in searches:
        try:
            hits = await search(topic, limit * 2)
        except ResearchChainError as exc:
            failed.append(f"{name} tier failed: {exc}")
            ctx.provenance.fallback(f"classifier-{name}-failed")
            continue
        allowed = [hit for hit in hits if _allowed(hit.entity_id, ctx.intent.hints)]
        for rank, hit in enumerate(allowed):
            fused[hit.entity_id] = fused.get(hit.entity_id, 0.0) + 1.0 / (RRF_K + rank)
            if hit.entity_id not in found:
                label = ctx.graph.label(hit.entity_id)
                found[hit.entity_id] = Candidate(
                    entity_id=hit.entity_id,
                    label=label,
                    type=entity_type(hit.entity_id),
                    relevance=round(hit.score, 4),
                    snippet_text=f"{label} | {hit.snippet}",
                    tier=tier,
                    source=source,
                )
    ranked = sorted(fused, key=lambda i: (-fused[i], i))[:limit]
    return [found[i] for i in ranked], failed


async def _near_names(ctx: StageContext, unknown: list[str]) -> dict[str, list[str]]:
    """The entity whose name looks like a name the graph does not hold (a typo, usually):
    never used as a seed, only offered back to the asker."""
    near: dict[str, list[str]] = {}
    for name in unknown:
        try:
            hits = await ctx.graph.similar(name, NEAR_NAMES)
        except ResearchChainError:
            continue
        if not hits or hits[0].score < NEAR_MIN_SIMILARITY:
            continue
        runner_up = hits[1].score if len(hits) > 1 else 0.0
        if hits[0].score - runner_up >= NEAR_MARGIN:
            near[name] = [hits[0].entity_id]
    return near


async def _read_topic(ctx: StageContext, topic: str) -> dict[str, Any] | None:
    """Tier 3: the judge's model reads the topic into hints, when the judge can and is
    configured to; the keyword and search tiers still supply the candidates."""
    if not isinstance(ctx.judge, TopicReader):
        return None
    reading = await ctx.judge.read_topic(topic, ctx.allowance())
    ctx.provenance.judged("classify", reading)
    return reading.value


async def handle(ctx: StageContext, intent: Intent) -> ClassifierOutput:
    """Classify ``intent.topic`` (the refined one on a retighten)."""
    topic = intent.topic
    analysis = ctx.read(topic)
    limit = _max_candidates(intent.hints)
    window = _time_range(topic, intent.hints)
    reading = await _read_topic(ctx, topic)
    candidates = await _keyword(ctx, analysis, limit)
    tier: ClassifierTier | None = ClassifierTier.KEYWORD if candidates else None
    failed: list[str] = []
    if not candidates:
        names = reading.get("llm", {}).get("entities", []) if reading else []
        candidates, failed = await _search(ctx, " ".join([topic, *names]), limit)
        if candidates:
            tier = ClassifierTier.EMBEDDING
    ctx.provenance.tiers_used.update(c.tier for c in candidates)
    hints = _hints(analysis, window, intent)
    if reading:
        hints.update({key: value for key, value in reading.items() if key not in hints})
        tier = ClassifierTier.LLM
    near = await _near_names(ctx, analysis.unknown_names)
    if near:
        hints["near_names"] = near
    return ClassifierOutput(
        topic=topic,
        tier=tier,
        confidence=1.0 if tier is ClassifierTier.KEYWORD else (0.6 if candidates else 0.0),
        hints=hints,
        candidates=candidates,
        degraded=bool(failed),
        degraded_reason="; ".join(failed),
    )


COMPONENT: Component[Intent, ClassifierOutput] = Component(
    stage=Stage.NL_CLASSIFY,
    inputs=(Intent,),
    output=ClassifierOutput,
    handle=handle,
)
