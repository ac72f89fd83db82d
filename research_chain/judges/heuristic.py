"""The deterministic offline judge: the default, and the fallback when an LLM judge fails.

It reads the same requests an LLM judge would and spends no tokens. Routing
lives in :mod:`~research_chain.judges.routing`; this module assesses coverage
and writes the cited answer.
"""

from __future__ import annotations

import re
from datetime import datetime

from research_chain.graph.memory import parse_time
from research_chain.graph.text import predicate_words, tokens
from research_chain.judges.base import (
    AssessRequest,
    Judgment,
    RouteRequest,
    SynthesisRequest,
)
from research_chain.judges.routing import decide_route, rewrite_topic
from research_chain.payloads import AssessmentOutput, Evidence, RouteAction, RouteDecision
from research_chain.understanding.analysis import count_cues
from research_chain.understanding.citations import cite
from research_chain.understanding.evidence import (
    ANSWER_PREFIX,
    NO_ANSWER_PREFIX,
    evidence_facts,
    evidence_label,
    fact_time,
    is_answer,
    near_name_ids,
    render_fact,
)
from research_chain.understanding.timeparse import parse_time_range

__all__ = ["HeuristicJudge", "asks_count", "in_window"]

MAX_LISTED = 25
MAX_SUPPORT = 5
MAX_CONTEXT = 5
Window = tuple[datetime | None, datetime | None]


class HeuristicJudge:
    """Rules over the question analysis and the evidence; no model, no tokens."""

    name = "heuristic"

    async def route(self, request: RouteRequest) -> Judgment[RouteDecision]:
        return Judgment(decide_route(request), 0, self.name)

    async def assess(self, request: AssessRequest) -> Judgment[AssessmentOutput]:
        return Judgment(assess_coverage(request), 0, self.name)

    async def synthesize(self, request: SynthesisRequest) -> Judgment[str]:
        return Judgment(write_answer(request), 0, self.name)


def _tried(request: AssessRequest) -> set[str]:
    return {
        str(q["query"]) for q in request.execution.sub_queries if q.get("round") and "query" in q
    }


def _gaps(request: AssessRequest) -> list[str]:
    """What the question names or asks that the evidence does not cover, as queries."""
    analysis = request.analysis
    found = {item.entity_id for item in request.execution.evidence}
    found |= set(request.execution.seed_entities)
    answers = [item for item in request.execution.evidence if is_answer(item)]
    gaps: list[str] = []
    mentions = [m for m in analysis.entities if m.explicit] or analysis.entities
    for mention in mentions:
        if not found.intersection(mention.entity_ids):
            gaps.append(mention.surface)
    asks_relation = bool(analysis.relations) and request.execution.action in (
        RouteAction.WALK_SEEDS,
        RouteAction.DECOMPOSE,
    )
    if asks_relation and not answers:
        subject = mentions[0].surface if mentions else rewrite_topic(request.topic)
        for predicate in analysis.predicates():
            gaps.append(f"{subject} {predicate_words(predicate)}".strip())
    return gaps


def assess_coverage(request: AssessRequest) -> AssessmentOutput:
    """Sufficient unless a named entity, an asked relation or the time scope is uncovered."""
    tried = _tried(request)
    gaps = [g for g in dict.fromkeys(_gaps(request)) if g and g not in tried][:5]
    evidence = request.execution.evidence
    answers = sum(1 for item in evidence if is_answer(item))
    if gaps:
        rationale = f"Not yet covered: {', '.join(gaps)}."
        confidence = 0.3
    elif answers:
        rationale = f"{answers} answer item(s) reached along the asked relations."
        confidence = 0.9
    else:
        rationale = "No gap can be named from the question; the evidence is what the graph has."
        confidence = 0.5
    return AssessmentOutput(
        topic=request.topic,
        sufficient=not gaps,
        refined_queries=gaps,
        rationale=rationale,
        confidence=confidence,
        evidence_count=len(evidence),
        degraded=request.execution.degraded,
        degraded_reason=request.execution.degraded_reason,
    )


def names(prose: str, label: str) -> bool:
    """Does ``prose`` name ``label`` as a whole ("Wren 1" is not named by "Wren 10")?"""
    return bool(label) and re.search(rf"(?<!\w){re.escape(label)}(?!\w)", prose) is not None


def _answer_lines(answers: list[Evidence], context: list[Evidence]) -> list[str]:
    shown = answers[:MAX_LISTED]
    parts = [f"{evidence_label(item)}{cite([item.entity_id])}" for item in shown]
    more = f" (and {len(answers) - len(shown)} more)" if len(answers) > len(shown) else ""
    lines = [f"{ANSWER_PREFIX}{'; '.join(parts)}{more}."]
    for item in answers[:MAX_SUPPORT]:
        facts = evidence_facts(item)
        if facts:
            prose = ", and ".join(render_fact(f) for f in facts[:3])
            # The path's seed is cited too, when the facts name it.
            named = [c.entity_id for c in context[:MAX_CONTEXT] if names(prose, evidence_label(c))]
            lines.append(f"{prose}.{cite([item.entity_id, *named])}")
    return lines


def _context_lines(context: list[Evidence]) -> list[str]:
    lines = []
    for item in context[:MAX_CONTEXT]:
        facts = evidence_facts(item)
        if facts:
            prose = "; ".join(render_fact(f) for f in facts[:4])
            lines.append(f"{prose}.{cite([item.entity_id])}")
    return lines


def _caveats(request: SynthesisRequest, answers: list[Evidence]) -> list[str]:
    caveats = []
    if request.degraded_reason:
        caveats.append(f"Caveat: retrieval was degraded ({request.degraded_reason}).")
    if request.gaps:
        caveats.append(f"Caveat: not covered by the graph: {'; '.join(request.gaps)}.")
    if len(answers) > MAX_LISTED:
        caveats.append(f"Note: {len(answers)} answers in all; the first {MAX_LISTED} are named.")
    return caveats


def _describe(request: SynthesisRequest, context: list[Evidence]) -> list[str]:
    """A topic that names an entity and asks no relation: the entity is the answer."""
    first = context[0]
    return [f"{ANSWER_PREFIX}{evidence_label(first)}{cite([first.entity_id])}."]


def asks_count(topic: str) -> bool:
    """Does the question ask for a number of things?"""
    return bool(count_cues(tokens(topic)))


def _is_number(text: str) -> bool:
    try:
        float(text.strip().rstrip("%"))
    except ValueError:
        return False
    return True


def _count_lines(answers: list[Evidence], context: list[Evidence]) -> list[str]:
    """The number of distinct answers first (citing what was counted), then the items."""
    distinct = list({item.entity_id: item for item in reversed(answers)}.values())[::-1]
    shown = distinct[:MAX_LISTED]
    lines = [f"{ANSWER_PREFIX}{len(distinct)}{cite(item.entity_id for item in shown)}."]
    items = _answer_lines(distinct, context)
    lines.append(f"Counted ({len(distinct)}): {items[0][len(ANSWER_PREFIX) :]}")
    return lines + items[1:]


def _window(request: SynthesisRequest) -> Window | None:
    """The question's time scope: the classifier's hint, else parsed from the topic."""
    if request.classifier is not None:
        hint = request.classifier.hints.get("time_range")
        if not isinstance(hint, dict):
            return None
        start, end = parse_time(str(hint.get("start", ""))), parse_time(str(hint.get("end", "")))
    else:
        parsed = parse_time_range(request.topic)
        if parsed is None:
            return None
        start, end = parsed.start, parsed.end
    return None if start is None and end is None else (start, end)


def in_window(item: Evidence, window: Window) -> bool:
    """Every timestamped fact of the item falls in the window (an untimed item passes)."""
    start, end = window
    for fact in evidence_facts(item):
        at = parse_time(fact_time(fact))
        if at is not None and not ((start is None or at >= start) and (end is None or at < end)):
            return False
    return True


def write_answer(request: SynthesisRequest) -> str:
    """Direct answer first, then the facts that support it, then caveats; every fact cited."""
    answers = [item for item in request.evidence if is_answer(item)]
    context = [item for item in request.evidence if not is_answer(item)]
    window = _window(request)
    if window is not None:
        answers = [item for item in answers if in_window(item, window)]
    counting = asks_count(request.topic) and not any(
        _is_number(evidence_label(item)) for item in answers
    )
    if answers and counting:
        lines = _count_lines(answers, context)
    elif answers:
        lines = _answer_lines(answers, context)
    elif context and _describes_entity(request):
        lines = _describe(request, context) + _context_lines(context)
    elif request.route is not None and request.route.args.get("unknown"):
        unknown = ", ".join(str(n) for n in request.route.args["unknown"])
        lines = [f"{NO_ANSWER_PREFIX}the graph holds no entity named {unknown}."]
        near = _near(request, context)
        if near:
            named = ", ".join(f"{evidence_label(i)}{cite([i.entity_id])}" for i in near)
            lines.append(f"Note: the closest names in the graph are {named}.")
    else:
        what = rewrite_topic(request.topic) or request.topic
        lines = [f"{NO_ANSWER_PREFIX}the graph holds nothing that answers {what!r}."]
        if context:
            lines.append("Note: related entities were found but none answers the question.")
            lines += _context_lines(context)
    return "\n".join(lines + _caveats(request, answers))


def _near(request: SynthesisRequest, context: list[Evidence]) -> list[Evidence]:
    """Entities whose names look like the unknown ones (the classifier's embedding tier)."""
    wanted = set(near_name_ids(request.classifier.hints)) if request.classifier else set()
    return [item for item in context if item.entity_id in wanted]


def _describes_entity(request: SynthesisRequest) -> bool:
    route = request.route
    if route is None or route.action is not RouteAction.SYNTHESIZE_DIRECTLY:
        return False
    args = route.args
    return not (args.get("path") or args.get("unmatched") or args.get("unknown"))
