"""What a rule file may say, and the static contract the loader checks it against."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from research_chain.bus.names import REQUESTED_KEY_PREFIX, STAGE_KEY_PREFIX, Stage
from research_chain.payloads import (
    MAX_RETIGHTEN_ROUNDS,
    AssessmentOutput,
    ClassifierOutput,
    ExecutionOutput,
    Intent,
    RouteDecision,
    SearchResult,
    WireModel,
)

__all__ = [
    "COUNTERS",
    "INTENT_FIELDS",
    "LIMITS",
    "STAGE_INPUTS",
    "STATE_FIELDS",
    "TRIGGER_PAYLOADS",
    "Branch",
    "Rule",
    "completion_of",
]

# The payload each trigger key carries.
TRIGGER_PAYLOADS: dict[str, type[WireModel]] = {
    REQUESTED_KEY_PREFIX: Intent,
    STAGE_KEY_PREFIX[Stage.NL_CLASSIFY]: ClassifierOutput,
    STAGE_KEY_PREFIX[Stage.ROUTE_SEARCH]: RouteDecision,
    STAGE_KEY_PREFIX[Stage.EXECUTE_SUBQUERIES]: ExecutionOutput,
    STAGE_KEY_PREFIX[Stage.ASSESS_SUFFICIENCY]: AssessmentOutput,
    STAGE_KEY_PREFIX[Stage.SYNTHESIZE_ANSWER]: SearchResult,
}

# What each stage accepts as its dispatch body (the components declare the same).
STAGE_INPUTS: dict[Stage, tuple[type[WireModel], ...]] = {
    Stage.NL_CLASSIFY: (Intent,),
    Stage.ROUTE_SEARCH: (ClassifierOutput,),
    Stage.EXECUTE_SUBQUERIES: (RouteDecision, AssessmentOutput),
    Stage.ASSESS_SUFFICIENCY: (ExecutionOutput,),
    Stage.SYNTHESIZE_ANSWER: (ClassifierOutput, ExecutionOutput, AssessmentOutput),
}

# Loop-state counters a branch may bump, and everything ``state.*`` exposes to CEL.
COUNTERS = frozenset({"retighten_rounds", "refine_rounds"})
STATE_FIELDS = frozenset(
    {
        *COUNTERS,
        "executions",
        "tokens_spent",
        "budget_exhausted",
        "candidates",
        "firings",
        "step",
        "elapsed_s",
    }
)
INTENT_FIELDS = frozenset(Intent.model_fields)
LIMITS: dict[str, int] = {"max_retighten_rounds": MAX_RETIGHTEN_ROUNDS}


def completion_of(stage: Stage) -> str:
    return STAGE_KEY_PREFIX[stage]


class Branch(BaseModel):
    """One guarded action of a rule; the first branch whose ``when`` holds fires."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    when: str = "true"
    dispatch: str | None = None
    input: str = "payload"
    count: str | None = None
    fallback: str | None = None
    finish: bool = False


class Rule(BaseModel):
    """A trigger key prefix and its ordered branches."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    description: str = ""
    trigger: str
    branches: list[Branch] = Field(min_length=1)
