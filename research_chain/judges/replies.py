"""What an LLM judge may answer, and how an answer becomes a payload.

Each reply model is the JSON Schema the model is asked for (closed enums, typed
fields, no free-form args). A reply that parses is then held to the payload
models and to the request: a chosen path index must be one of the numbered
choices, a retighten needs rounds left, an answer must cite an id that is in
the evidence. Any breach raises :class:`ValidationFailed` naming the field, and
that message is what the retry feeds back to the model.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from research_chain.errors import ValidationFailed
from research_chain.graph.memory import parse_time
from research_chain.judges.base import AssessRequest, RouteRequest, SynthesisRequest
from research_chain.judges.choices import RouteChoice
from research_chain.judges.routing import seed_options
from research_chain.payloads import (
    AssessmentOutput,
    DecomposeScope,
    RouteAction,
    RouteDecision,
)
from research_chain.understanding.citations import extract_refs
from research_chain.understanding.evidence import ANSWER_PREFIX, NO_ANSWER_PREFIX

__all__ = [
    "AssessReply",
    "RouteReply",
    "SynthesisReply",
    "TopicReply",
    "to_assessment",
    "to_decision",
    "to_hints",
    "to_synthesis",
]

MAX_REFINED = 5
Short = Annotated[str, Field(max_length=200)]


class _Reply(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RouteReply(_Reply):
    """``path``: a numbered choice (0 for none); ``also``: choices from other seeds the
    answer must also reach; ``topic`` for retighten; ``axes``/``focus``/``scope`` for
    decompose."""

    action: RouteAction
    path: int = Field(ge=0)
    also: list[int]
    topic: Short
    axes: list[Short]
    focus: Short
    scope: DecomposeScope
    rationale: Short


class AssessReply(_Reply):
    sufficient: bool
    refined_queries: list[Short] = Field(max_length=MAX_REFINED)
    rationale: Short
    confidence: float = Field(ge=0.0, le=1.0)


class SynthesisReply(_Reply):
    """``answer`` is the direct answer with its citations; ``support`` one cited sentence
    each; ``gaps`` what the evidence does not cover."""

    answered: bool
    answer: Annotated[str, Field(max_length=2000)]
    support: list[Annotated[str, Field(max_length=600)]] = Field(max_length=8)
    gaps: list[Short] = Field(max_length=5)


class TopicReply(_Reply):
    """Tier 3 of the classifier: names, relation phrases, types and a time range, as read."""

    entities: list[Short] = Field(max_length=10)
    relations: list[Short] = Field(max_length=10)
    types: list[Short] = Field(max_length=10)
    time_start: Short
    time_end: Short


def _choice(index: int, choices: list[RouteChoice], field: str) -> RouteChoice:
    if not 1 <= index <= len(choices):
        raise ValidationFailed(f"{field}: {index} is not a numbered path (1..{len(choices)})")
    return choices[index - 1]


def _seed_list(request: RouteRequest) -> list[dict[str, str]]:
    refs: dict[str, dict[str, str]] = {}
    for option in seed_options(request):
        refs.setdefault(option.ref, {"ref": option.ref, "ref_type": option.ref_type.value})
    return list(refs.values())


def _walk_args(reply: RouteReply, choices: list[RouteChoice]) -> dict[str, Any]:
    chosen = _choice(reply.path, choices, "path")
    args: dict[str, Any] = chosen.args()
    constraints = []
    for index in dict.fromkeys(reply.also):
        other = _choice(index, choices, "also")
        if other.option.ref == chosen.option.ref:
            raise ValidationFailed(f"also: path {index} starts from the same seed as path")
        if other.path.final_type != chosen.path.final_type:
            raise ValidationFailed(f"also: path {index} does not end where path {reply.path} ends")
        constraints.append(other.args())
    if constraints:
        args["constraints"] = constraints
    return args


def _direct_args(
    reply: RouteReply, request: RouteRequest, choices: list[RouteChoice]
) -> dict[str, Any]:
    if reply.path:
        return _choice(reply.path, choices, "path").args()
    if request.analysis.unknown_names:
        return {"unknown": list(request.analysis.unknown_names)}
    seeds = _seed_list(request)
    return {"seeds": seeds[:1], "path": []} if seeds else {}


def _args(reply: RouteReply, request: RouteRequest, choices: list[RouteChoice]) -> dict[str, Any]:
    if reply.action is RouteAction.WALK_SEEDS:
        return _walk_args(reply, choices)
    if reply.action is RouteAction.SYNTHESIZE_DIRECTLY:
        return _direct_args(reply, request, choices)
    if reply.action is RouteAction.RETIGHTEN:
        if request.retighten_rounds >= request.max_retighten:
            raise ValidationFailed("action: retighten has no rounds left; choose another action")
        topic = " ".join(reply.topic.split())
        if not topic or topic.lower() == request.topic.strip().lower():
            raise ValidationFailed("topic: retighten needs a rewritten topic")
        return {"topic": topic, "hints": dict(request.intent.hints)}
    args: dict[str, Any] = {
        "axes": [a.strip() for a in reply.axes if a.strip()],
        "focus": reply.focus.strip(),
        "scope": reply.scope.value,
    }
    seeds = _seed_list(request)
    if seeds:
        args["seeds"] = seeds
    return args


def to_decision(
    reply: RouteReply, request: RouteRequest, choices: list[RouteChoice]
) -> RouteDecision:
    """The decision the reply names, with ids and predicates taken from the choices."""
    decision = RouteDecision(
        action=reply.action,
        args=_args(reply, request, choices),
        rationale=reply.rationale.strip(),
    )
    parse = {
        RouteAction.WALK_SEEDS: decision.parse_walk_seeds_args,
        RouteAction.DECOMPOSE: decision.parse_decompose_args,
        RouteAction.RETIGHTEN: decision.parse_retighten_args,
    }.get(decision.action)
    if parse is not None:
        parse()
    return decision


def to_assessment(reply: AssessReply, request: AssessRequest) -> AssessmentOutput:
    queries = list(dict.fromkeys(" ".join(q.split()) for q in reply.refined_queries if q.strip()))
    if not reply.sufficient and not queries:
        raise ValidationFailed(
            "refined_queries: name at least one missing piece as a short query, or say sufficient"
        )
    execution = request.execution
    try:
        return AssessmentOutput(
            topic=request.topic,
            sufficient=reply.sufficient,
            refined_queries=[] if reply.sufficient else queries,
            rationale=reply.rationale.strip(),
            confidence=reply.confidence,
            evidence_count=len(execution.evidence),
            degraded=execution.degraded,
            degraded_reason=execution.degraded_reason,
        )
    except ValidationError as exc:
        raise ValidationFailed(f"assessment: {exc}") from exc


def _line(text: str) -> str:
    return " ".join(text.split())


def to_synthesis(reply: SynthesisReply, request: SynthesisRequest) -> str:
    """The answer in the chain's convention: ``Answer:``/``No answer:`` first, then one
    cited sentence per line, then caveats. Refs not in the evidence are left for
    quote-back to drop and report; an answer citing none of the evidence is refused."""
    answer = _line(reply.answer)
    known = {item.entity_id for item in request.evidence}
    if reply.answered:
        if not request.evidence:
            raise ValidationFailed("answered: there is no evidence, so say it is not answered")
        if not known.intersection(extract_refs(answer)):
            raise ValidationFailed(
                "answer: cite at least one evidence ref, exactly as given, in [brackets]"
            )
    if not answer:
        raise ValidationFailed("answer: must not be blank")
    lines = [f"{ANSWER_PREFIX if reply.answered else NO_ANSWER_PREFIX}{answer}"]
    lines += [_line(s) for s in reply.support if s.strip()]
    if request.degraded_reason:
        lines.append(f"Caveat: retrieval was degraded ({request.degraded_reason}).")
    gaps = [_line(g) for g in reply.gaps if g.strip()]
    if gaps:
        lines.append(f"Caveat: not covered by the graph: {'; '.join(gaps)}.")
    return "\n".join(lines)


def to_hints(reply: TopicReply) -> dict[str, Any]:
    """The model's reading as classifier hints (under ``llm``, plus a time range)."""
    for field in ("time_start", "time_end"):
        value = getattr(reply, field).strip()
        if value and parse_time(value) is None:
            raise ValidationFailed(f"{field}: {value!r} is not an ISO 8601 date or time")
    hints: dict[str, Any] = {
        "llm": {
            "entities": [_line(e) for e in reply.entities if e.strip()],
            "relations": [_line(r) for r in reply.relations if r.strip()],
            "types": [_line(t) for t in reply.types if t.strip()],
        }
    }
    start, end = reply.time_start.strip(), reply.time_end.strip()
    if start or end:
        window = {"text": "model reading"}
        if start:
            window["start"] = start
        if end:
            window["end"] = end
        hints["time_range"] = window
    return hints
