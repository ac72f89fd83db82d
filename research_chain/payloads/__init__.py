"""Typed payloads, the registry and the envelope: the language-neutral contract."""

from __future__ import annotations

from research_chain.payloads.constants import (
    CATEGORY_ASSESSMENT,
    CATEGORY_CLASSIFIER_OUTPUT,
    CATEGORY_EXECUTION,
    CATEGORY_INTENT,
    CATEGORY_RESULT,
    CATEGORY_ROUTE_DECISION,
    DEFAULT_BUDGET_TOKENS,
    DEFAULT_MAX_ITERATIONS,
    DOMAIN,
    MAX_RETIGHTEN_ROUNDS,
    PIPELINE_ROLE,
    SCHEMA_VERSION,
    TRIPLE_SOURCE,
    ClaimVerdict,
    ClassifierTier,
    DecomposeScope,
    Predicate,
    RetrievalTier,
    RouteAction,
    SeedRefType,
)
from research_chain.payloads.graph import (
    GRAPH_DOMAIN,
    EntityState,
    GraphWrite,
    GraphWriteOp,
    GraphWriteReply,
    ObjectKind,
    Triple,
)
from research_chain.payloads.registry import Envelope, PayloadType, Registry, default_registry
from research_chain.payloads.research import (
    AssessmentOutput,
    Candidate,
    ClassifierOutput,
    DecomposeArgs,
    DecompTrace,
    Evidence,
    ExecutionOutput,
    GroundedClaim,
    Intent,
    RetightenArgs,
    RouteDecision,
    SearchResult,
    SeedRef,
    VerifiedResponse,
    WalkSeedsArgs,
)
from research_chain.payloads.wire import WireModel

__all__ = [
    "DEFAULT_BUDGET_TOKENS",
    "DEFAULT_MAX_ITERATIONS",
    "DOMAIN",
    "MAX_RETIGHTEN_ROUNDS",
    "PIPELINE_ROLE",
    "SCHEMA_VERSION",
    "TRIPLE_SOURCE",
    "AssessmentOutput",
    "Candidate",
    "ClaimVerdict",
    "ClassifierOutput",
    "ClassifierTier",
    "DecompTrace",
    "DecomposeArgs",
    "DecomposeScope",
    "EntityState",
    "Envelope",
    "Evidence",
    "ExecutionOutput",
    "GraphWrite",
    "GraphWriteOp",
    "GraphWriteReply",
    "GroundedClaim",
    "Intent",
    "ObjectKind",
    "PayloadType",
    "Predicate",
    "Registry",
    "RetightenArgs",
    "RetrievalTier",
    "RouteAction",
    "RouteDecision",
    "SearchResult",
    "SeedRef",
    "SeedRefType",
    "Triple",
    "VerifiedResponse",
    "WalkSeedsArgs",
    "WireModel",
    "default_registry",
    "registered_types",
]


def _research(category: str) -> PayloadType:
    return PayloadType(DOMAIN, category, SCHEMA_VERSION)


def _graph(category: str) -> PayloadType:
    return PayloadType(GRAPH_DOMAIN, category, SCHEMA_VERSION)


def registered_types() -> list[tuple[PayloadType, type[WireModel]]]:
    """Every top-level payload type, with its registry triple."""
    return [
        (_research(CATEGORY_INTENT), Intent),
        (_research(CATEGORY_CLASSIFIER_OUTPUT), ClassifierOutput),
        (_research(CATEGORY_ROUTE_DECISION), RouteDecision),
        (_research(CATEGORY_EXECUTION), ExecutionOutput),
        (_research(CATEGORY_ASSESSMENT), AssessmentOutput),
        (_research(CATEGORY_RESULT), SearchResult),
        (_graph("triple"), Triple),
        (_graph("entity_state"), EntityState),
        (_graph("write"), GraphWrite),
        (_graph("write_reply"), GraphWriteReply),
    ]
