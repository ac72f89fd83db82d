"""The AgentOS ``QueryRouterResult`` view of a :class:`SearchResult`.

Parents written against AgentOS read camelCase provenance: the answer, the
classification that routed it, cited sources, tiers exercised, fallbacks
activated, duration and the grounding report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from research_chain.payloads.research import (
        ClassifierOutput,
        SearchResult,
        VerifiedResponse,
    )

__all__ = ["query_router_result"]


def _grounding(report: VerifiedResponse) -> dict[str, Any]:
    return {
        "claims": [
            {
                "text": claim.text,
                "verdict": claim.verdict.value,
                "sourceRefs": claim.refs,
                "confidence": claim.score,
            }
            for claim in report.claims
        ],
        "supportedCount": report.supported_count,
        "weakCount": report.weak_count,
        "unverifiableCount": report.unverifiable_count,
        "contradictedCount": report.contradicted_count,
        "totalClaims": report.total_claims,
        "supportedRatio": report.supported_ratio,
        "droppedRefs": report.dropped_refs,
    }


def _classification(output: ClassifierOutput | None) -> dict[str, Any]:
    if output is None:
        return {}
    return {
        "tier": int(output.tier.value) if output.tier is not None else 0,
        "intent": output.intent,
        "confidence": output.confidence,
        "hints": output.hints,
        "candidateCount": len(output.candidates),
    }


def query_router_result(
    result: SearchResult, classification: ClassifierOutput | None = None
) -> dict[str, Any]:
    view: dict[str, Any] = {
        "answer": result.synthesis,
        "classification": _classification(classification),
        "sources": [
            {
                "entityId": item.entity_id,
                "tier": int(item.tier.value),
                "source": item.source,
                "score": item.score,
                "snippet": item.snippet_text,
                "objectStoreRef": item.objectstore_ref,
            }
            for item in result.evidence
        ],
        "durationMs": result.duration_ms,
        "tiersUsed": sorted({int(tier.value) for tier in result.tiers_used}),
        "fallbacksUsed": list(result.fallbacks_used),
    }
    if result.grounding is not None:
        view["grounding"] = _grounding(result.grounding)
    return view
