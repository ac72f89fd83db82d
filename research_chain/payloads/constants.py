"""Every constant of the wire contract (the Go ``research`` package), verbatim."""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "CATEGORY_ASSESSMENT",
    "CATEGORY_CLASSIFIER_OUTPUT",
    "CATEGORY_EXECUTION",
    "CATEGORY_INTENT",
    "CATEGORY_RESULT",
    "CATEGORY_ROUTE_DECISION",
    "DEFAULT_BUDGET_TOKENS",
    "DEFAULT_MAX_ITERATIONS",
    "DOMAIN",
    "MAX_RETIGHTEN_ROUNDS",
    "PIPELINE_ROLE",
    "SCHEMA_VERSION",
    "TRIPLE_SOURCE",
    "ClaimVerdict",
    "ClassifierTier",
    "DecomposeScope",
    "Predicate",
    "RetrievalTier",
    "RouteAction",
    "SeedRefType",
    "is_valid_decompose_scope",
    "is_valid_route_action",
    "is_valid_seed_ref_type",
]

DOMAIN = "research"
SCHEMA_VERSION = "v1"

CATEGORY_INTENT = "intent"
CATEGORY_RESULT = "result"
CATEGORY_ROUTE_DECISION = "route_decision"
CATEGORY_CLASSIFIER_OUTPUT = "classifier_output"
CATEGORY_EXECUTION = "execution_output"
CATEGORY_ASSESSMENT = "assessment_output"

DEFAULT_BUDGET_TOKENS = 4000
DEFAULT_MAX_ITERATIONS = 5
MAX_RETIGHTEN_ROUNDS = 2
PIPELINE_ROLE = "research_pipeline"
TRIPLE_SOURCE = "agent-research-graph"


class RouteAction(StrEnum):
    """The four routing actions; the load-bearing, closed taxonomy."""

    SYNTHESIZE_DIRECTLY = "synthesize_directly"
    RETIGHTEN = "retighten"
    WALK_SEEDS = "walk_seeds"
    DECOMPOSE = "decompose"


class SeedRefType(StrEnum):
    NAME = "name"
    PARTIAL_ID = "partial_id"
    CANDIDATE_INDEX = "candidate_index"


class DecomposeScope(StrEnum):
    NARROW = "narrow"
    MEDIUM = "medium"
    BROAD = "broad"


class RetrievalTier(StrEnum):
    """Tier of a candidate or evidence item: rules/predicate, BM25, neural."""

    RULES = "0"
    BM25 = "1"
    NEURAL = "2"


class ClassifierTier(StrEnum):
    """Tier of the classifier itself: keyword, embedding/BM25, LLM. Shares no enum
    with :class:`RetrievalTier`."""

    KEYWORD = "0"
    EMBEDDING = "1"
    NEURAL = "2"  # not emitted yet; the reference accepts it for the neural tier to come
    LLM = "3"


class ClaimVerdict(StrEnum):
    SUPPORTED = "supported"
    WEAK = "weak"
    UNVERIFIABLE = "unverifiable"
    CONTRADICTED = "contradicted"


class Predicate(StrEnum):
    """Predicates of the triples a parent emits to request research."""

    RESEARCH_REQUESTED = "research.requested"
    RESEARCH_TOPIC = "research.topic"
    RESEARCH_HINT = "research.hint"
    RESEARCH_BUDGET_TOKENS = "research.budget_tokens"
    RESEARCH_MAX_ITERATIONS = "research.max_iterations"
    RESEARCH_PARENT_LOOP = "research.parent_loop"
    LOOP_ROLE = "loop.role"


def is_valid_route_action(value: str) -> bool:
    return value in RouteAction._value2member_map_


def is_valid_seed_ref_type(value: str) -> bool:
    return value in SeedRefType._value2member_map_


def is_valid_decompose_scope(value: str) -> bool:
    """Empty is valid: it resolves to ``medium`` at the backend."""
    return value == "" or value in DecomposeScope._value2member_map_
