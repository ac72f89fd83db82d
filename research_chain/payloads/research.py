"""The research payloads: the seed's Go types, field for field, plus our two
stage outputs (execution and assessment) and the grounding report."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Field, Strict, field_validator

from research_chain.errors import ValidationFailed
from research_chain.payloads.constants import (
    DEFAULT_BUDGET_TOKENS,
    DEFAULT_MAX_ITERATIONS,
    ClaimVerdict,
    ClassifierTier,
    DecomposeScope,
    RetrievalTier,
    RouteAction,
    SeedRefType,
)
from research_chain.payloads.wire import WireModel

__all__ = [
    "AssessmentOutput",
    "Candidate",
    "ClassifierOutput",
    "DecompTrace",
    "DecomposeArgs",
    "Evidence",
    "ExecutionOutput",
    "GroundedClaim",
    "Intent",
    "RetightenArgs",
    "RouteDecision",
    "SearchResult",
    "SeedRef",
    "VerifiedResponse",
    "WalkSeedsArgs",
]


def _empty_to_none(value: Any) -> Any:
    return None if value == "" else value


# Closed enums decode from their exact string value only; near misses fail.
Action = Annotated[RouteAction, Strict(False)]
OptAction = Annotated[Annotated[RouteAction, Strict(False)] | None, BeforeValidator(_empty_to_none)]
Tier = Annotated[RetrievalTier, Strict(False)]
OptClassifierTier = Annotated[
    Annotated[ClassifierTier, Strict(False)] | None, BeforeValidator(_empty_to_none)
]
RefType = Annotated[SeedRefType, Strict(False)]
OptScope = Annotated[
    Annotated[DecomposeScope, Strict(False)] | None, BeforeValidator(_empty_to_none)
]
Verdict = Annotated[ClaimVerdict, Strict(False)]
Unit = Annotated[float, Field(ge=0.0, le=1.0)]
NonNegative = Annotated[int, Field(ge=0)]


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be blank")
    return value


class Intent(WireModel):
    """The caller's request: a topic, free-form hints and per-call budgets."""

    __label__ = "intent"
    __omitempty__ = frozenset({"hints", "budget_tokens", "max_iterations"})
    __maps__ = frozenset({"hints"})

    topic: str
    hints: dict[str, str] = Field(default_factory=dict)
    budget_tokens: NonNegative = 0
    max_iterations: NonNegative = 0

    _topic = field_validator("topic")(_not_blank)

    @field_validator("hints")
    @classmethod
    def _hint_keys(cls, value: dict[str, str]) -> dict[str, str]:
        for key, hint in value.items():
            if not key.strip():
                raise ValueError("hint keys must not be blank")
            if not hint.strip():
                raise ValueError(f"hint {key!r} must not be blank (omit the key instead)")
        return value

    def resolved_budget_tokens(self) -> int:
        return self.budget_tokens or DEFAULT_BUDGET_TOKENS

    def resolved_max_iterations(self) -> int:
        return self.max_iterations or DEFAULT_MAX_ITERATIONS


class Candidate(WireModel):
    """One entity hit the classifier surfaced."""

    __label__ = "candidate"
    __omitempty__ = frozenset({"label", "type", "relevance", "snippet_text"})

    entity_id: str
    label: str = ""
    type: str = ""
    relevance: float = 0.0
    snippet_text: str = ""
    tier: Tier
    source: str

    _required = field_validator("entity_id", "source")(_not_blank)


class ClassifierOutput(WireModel):
    """nl_classify's emit: hints plus the initial candidate set."""

    __label__ = "classifier_output"
    __omitempty__ = frozenset(
        {"tier", "intent", "confidence", "hints", "candidates", "degraded", "degraded_reason"}
    )
    __maps__ = frozenset({"hints"})

    topic: str
    tier: OptClassifierTier = None
    intent: str = ""
    confidence: Annotated[float, Field(ge=0.0)] = 0.0
    hints: dict[str, Any] = Field(default_factory=dict)
    candidates: list[Candidate] = Field(default_factory=list)
    degraded: bool = False
    degraded_reason: str = ""

    _topic = field_validator("topic")(_not_blank)


class SeedRef(WireModel):
    __label__ = "seed"

    ref: str
    ref_type: RefType

    _ref = field_validator("ref")(_not_blank)


class WalkSeedsArgs(WireModel):
    __label__ = "route_decision.args"

    seeds: list[SeedRef]

    @field_validator("seeds")
    @classmethod
    def _non_empty(cls, value: list[SeedRef]) -> list[SeedRef]:
        if not value:
            raise ValueError("must not be empty")
        return value


class DecomposeArgs(WireModel):
    __label__ = "route_decision.args"
    __omitempty__ = frozenset({"scope"})

    axes: list[str]
    focus: str
    scope: OptScope = None

    _focus = field_validator("focus")(_not_blank)

    @field_validator("axes")
    @classmethod
    def _axes(cls, value: list[str]) -> list[str]:
        if not value:
            raise ValueError("must not be empty")
        if any(not axis.strip() for axis in value):
            raise ValueError("axes must not be blank")
        return value

    def resolved_scope(self) -> DecomposeScope:
        return self.scope or DecomposeScope.MEDIUM


class RetightenArgs(WireModel):
    __label__ = "route_decision.args"
    __omitempty__ = frozenset({"hints"})
    __maps__ = frozenset({"hints"})

    topic: str
    hints: dict[str, str] = Field(default_factory=dict)

    _topic = field_validator("topic")(_not_blank)

    @field_validator("hints")
    @classmethod
    def _values(cls, value: dict[str, str]) -> dict[str, str]:
        for key, hint in value.items():
            if not hint.strip():
                raise ValueError(f"hint {key!r} must not be empty")
        return value


class RouteDecision(WireModel):
    """route_search's emit: one of four actions, its args and a rationale."""

    __label__ = "route_decision"
    __omitempty__ = frozenset({"args", "rationale"})
    __maps__ = frozenset({"args"})

    action: Action
    args: dict[str, Any] = Field(default_factory=dict)
    rationale: str = ""

    def _expect(self, action: RouteAction) -> None:
        if self.action is not action:
            raise ValidationFailed(
                f"route_decision.action: is {self.action.value!r}, expected {action.value!r}"
            )

    def parse_decompose_args(self) -> DecomposeArgs:
        self._expect(RouteAction.DECOMPOSE)
        return DecomposeArgs.from_wire(self.args)

    def parse_walk_seeds_args(self) -> WalkSeedsArgs:
        self._expect(RouteAction.WALK_SEEDS)
        return WalkSeedsArgs.from_wire(self.args)

    def parse_retighten_args(self) -> RetightenArgs:
        self._expect(RouteAction.RETIGHTEN)
        return RetightenArgs.from_wire(self.args)


class Evidence(WireModel):
    """One hit that informed the answer; provenance is mandatory."""

    __label__ = "evidence"
    __omitempty__ = frozenset({"score", "snippet_text", "objectstore_ref"})

    entity_id: str
    tier: Tier
    source: str
    score: float = 0.0
    snippet_text: str = ""
    objectstore_ref: str = ""

    _required = field_validator("entity_id", "source")(_not_blank)


class DecompTrace(WireModel):
    __label__ = "decomp_trace"
    __omitempty__ = frozenset({"router_action", "sub_queries", "seed_entities", "retighten_rounds"})
    __maps__ = frozenset({"sub_queries"})

    router_action: OptAction = None
    sub_queries: list[dict[str, Any]] = Field(default_factory=list)
    seed_entities: list[str] = Field(default_factory=list)
    retighten_rounds: NonNegative = 0


class GroundedClaim(WireModel):
    """One claim of the answer and how well the evidence it cites supports it."""

    __label__ = "claim"
    __omitempty__ = frozenset({"refs", "score", "reason"})

    text: str
    verdict: Verdict
    refs: list[str] = Field(default_factory=list)
    score: Unit = 0.0
    reason: str = ""


class VerifiedResponse(WireModel):
    """Citation verification of an answer (AgentOS ``VerifiedResponse`` shape)."""

    __label__ = "grounding"
    __omitempty__ = frozenset({"claims", "dropped_refs"})

    claims: list[GroundedClaim] = Field(default_factory=list)
    supported_count: NonNegative = 0
    weak_count: NonNegative = 0
    unverifiable_count: NonNegative = 0
    contradicted_count: NonNegative = 0
    total_claims: NonNegative = 0
    supported_ratio: Unit = 0.0
    dropped_refs: list[str] = Field(default_factory=list)

    @classmethod
    def from_claims(
        cls, claims: list[GroundedClaim], dropped_refs: list[str] | None = None
    ) -> VerifiedResponse:
        counts = {verdict: 0 for verdict in ClaimVerdict}
        for claim in claims:
            counts[claim.verdict] += 1
        total = len(claims)
        return cls(
            claims=claims,
            supported_count=counts[ClaimVerdict.SUPPORTED],
            weak_count=counts[ClaimVerdict.WEAK],
            unverifiable_count=counts[ClaimVerdict.UNVERIFIABLE],
            contradicted_count=counts[ClaimVerdict.CONTRADICTED],
            total_claims=total,
            supported_ratio=round(counts[ClaimVerdict.SUPPORTED] / total, 4) if total else 0.0,
            dropped_refs=dropped_refs or [],
        )


class SearchResult(WireModel):
    """The chain's terminal output, returned to the parent loop."""

    __label__ = "search_result"
    __omitempty__ = frozenset(
        {
            "evidence",
            "tokens_used",
            "iterations",
            "tiers_used",
            "fallbacks_used",
            "duration_ms",
            "degraded",
            "degraded_reason",
        }
    )

    evidence: list[Evidence] = Field(default_factory=list)
    synthesis: str
    decomp_trace: DecompTrace | None = None
    tokens_used: NonNegative = 0
    iterations: NonNegative = 0
    tiers_used: list[Tier] = Field(default_factory=list)
    fallbacks_used: list[str] = Field(default_factory=list)
    duration_ms: NonNegative = 0
    grounding: VerifiedResponse | None = None
    degraded: bool = False
    degraded_reason: str = ""

    _synthesis = field_validator("synthesis")(_not_blank)

    def to_query_router_result(
        self, classification: ClassifierOutput | None = None
    ) -> dict[str, Any]:
        """The AgentOS ``QueryRouterResult`` view (camelCase) of this result."""
        from research_chain.payloads.provenance import query_router_result

        return query_router_result(self, classification)


class ExecutionOutput(WireModel):
    """execute_subqueries' emit: the fused evidence of one round."""

    __label__ = "execution_output"
    __omitempty__ = frozenset(
        {
            "evidence",
            "subquery_count",
            "degraded",
            "degraded_reason",
            "budget_tokens_used",
            "sub_queries",
            "seed_entities",
            "round",
        }
    )
    __maps__ = frozenset({"sub_queries"})

    topic: str
    action: Action
    evidence: list[Evidence] = Field(default_factory=list)
    subquery_count: NonNegative = 0
    degraded: bool = False
    degraded_reason: str = ""
    budget_tokens_used: NonNegative = 0
    sub_queries: list[dict[str, Any]] = Field(default_factory=list)
    seed_entities: list[str] = Field(default_factory=list)
    round: NonNegative = 0

    _topic = field_validator("topic")(_not_blank)


class AssessmentOutput(WireModel):
    """assess_sufficiency's emit: is the evidence enough, and if not, what next."""

    __label__ = "assessment_output"
    __omitempty__ = frozenset(
        {
            "refined_queries",
            "rationale",
            "confidence",
            "evidence_count",
            "degraded",
            "degraded_reason",
        }
    )

    topic: str
    sufficient: bool
    refined_queries: list[str] = Field(default_factory=list)
    rationale: str = ""
    confidence: Unit = 0.0
    evidence_count: NonNegative = 0
    degraded: bool = False
    degraded_reason: str = ""

    _topic = field_validator("topic")(_not_blank)

    @field_validator("refined_queries")
    @classmethod
    def _queries(cls, value: list[str]) -> list[str]:
        if len(value) > 5:
            raise ValueError("at most 5 refined queries")
        if any(not q.strip() for q in value):
            raise ValueError("refined queries must not be blank")
        return value
