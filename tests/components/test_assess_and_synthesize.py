"""assess_sufficiency and synthesize_answer: gaps, the short circuit, quote-back, grounding."""

from __future__ import annotations

from research_chain.bus.names import Stage
from research_chain.components import (
    assess_sufficiency,
    execute_subqueries,
    nl_classify,
    route_search,
    synthesize_answer,
)
from research_chain.graph import EmbeddedGraph
from research_chain.judges.base import Judgment, SynthesisRequest
from research_chain.judges.heuristic import HeuristicJudge, names
from research_chain.payloads import (
    AssessmentOutput,
    ClaimVerdict,
    ClassifierOutput,
    ExecutionOutput,
    Intent,
    RetrievalTier,
    RouteAction,
    RouteDecision,
    SearchResult,
)
from research_chain.understanding.citations import extract_refs
from research_chain.understanding.evidence import answer_labels, evidence_label
from tests.components.conftest import COLLATERAL, HEAT, MANN, Contexts


async def _through_execute(contexts: Contexts, topic: str) -> tuple[RouteDecision, ExecutionOutput]:
    intent = Intent(topic=topic)
    classified = await nl_classify.handle(contexts.make(Stage.NL_CLASSIFY, intent), intent)
    ctx = contexts.make(Stage.ROUTE_SEARCH, intent, classifier_output=classified)
    decision = await route_search.handle(ctx, classified)
    ctx = contexts.make(
        Stage.EXECUTE_SUBQUERIES, intent, classifier_output=classified, route_decision=decision
    )
    return decision, await execute_subqueries.handle(ctx, decision)


async def test_assess_is_sufficient_when_the_path_reached_answers(contexts: Contexts) -> None:
    decision, execution = await _through_execute(contexts, "which films did Michael Mann direct")
    ctx = contexts.make(Stage.ASSESS_SUFFICIENCY, execution.topic, route_decision=decision)
    out = await assess_sufficiency.handle(ctx, execution)
    assert out.sufficient and out.refined_queries == []
    assert out.evidence_count == len(execution.evidence)


async def test_assess_names_gaps_as_refined_queries(contexts: Contexts) -> None:
    decision = RouteDecision(
        action=RouteAction.WALK_SEEDS,
        args={"seeds": [{"ref": "Heat", "ref_type": "name"}],
              "path": [{"predicate": "release_year", "direction": "in"}]},
    )  # fmt: skip
    topic = "which actors starred in [Heat]"
    ctx = contexts.make(Stage.EXECUTE_SUBQUERIES, topic, route_decision=decision)
    execution = await execute_subqueries.handle(ctx, decision)
    ctx = contexts.make(Stage.ASSESS_SUFFICIENCY, topic, route_decision=decision)
    out = await assess_sufficiency.handle(ctx, execution)
    assert not out.sufficient
    assert out.refined_queries == ["Heat starred actors"]


async def test_short_circuit_hydrates_the_seed_and_answers(contexts: Contexts) -> None:
    intent = Intent(topic="who directed [Heat]")
    classified = await nl_classify.handle(contexts.make(Stage.NL_CLASSIFY, intent), intent)
    ctx = contexts.make(Stage.ROUTE_SEARCH, intent, classifier_output=classified)
    decision = await route_search.handle(ctx, classified)
    assert decision.action is RouteAction.SYNTHESIZE_DIRECTLY
    ctx = contexts.make(
        Stage.SYNTHESIZE_ANSWER, intent, classifier_output=classified, route_decision=decision,
        retighten_rounds=1, fallbacks_used=("retighten-cap",),
    )  # fmt: skip
    result = await synthesize_answer.handle(ctx, classified)
    assert answer_labels(result.synthesis) == ["Michael Mann"]
    assert result.synthesis.startswith(f"Answer: Michael Mann [{MANN}].")
    assert {e.entity_id for e in result.evidence} >= {MANN, HEAT}
    assert result.decomp_trace is not None
    assert result.decomp_trace.router_action is RouteAction.SYNTHESIZE_DIRECTLY
    assert result.decomp_trace.seed_entities == [HEAT]
    assert result.decomp_trace.retighten_rounds == 1
    assert result.fallbacks_used == ["retighten-cap"]
    assert result.tiers_used == [RetrievalTier.RULES]
    assert result.grounding is not None
    assert result.grounding.supported_ratio == 1.0
    assert not result.degraded


async def test_every_citation_resolves_to_evidence(contexts: Contexts) -> None:
    decision, execution = await _through_execute(contexts, "which films did Michael Mann direct")
    ctx = contexts.make(
        Stage.SYNTHESIZE_ANSWER, execution.topic, route_decision=decision,
        execution_output=execution,
    )  # fmt: skip
    result = await synthesize_answer.handle(ctx, execution)
    assert sorted(answer_labels(result.synthesis)) == ["Collateral", "Heat"]
    assert result.grounding is not None and result.grounding.dropped_refs == []
    cited = {ref for claim in result.grounding.claims for ref in claim.refs}
    assert cited and cited <= {e.entity_id for e in result.evidence}
    assert result.decomp_trace is not None
    assert [q["kind"] for q in result.decomp_trace.sub_queries][:2] == ["entity_state", "walk_path"]


class CitingJudge(HeuristicJudge):
    """Stands in for an LLM synthesizer that writes the given text."""

    def __init__(self, text: str) -> None:
        self.text = text

    async def synthesize(self, request: SynthesisRequest) -> Judgment[str]:
        return Judgment(self.text, tokens_used=50, judge="stand-in-llm")


FAKE = "test.kb.films.demo.person.nobody-real"


async def _synthesize_with(contexts: Contexts, text: str) -> SearchResult:
    decision, execution = await _through_execute(contexts, "which films did Michael Mann direct")
    contexts.judge = CitingJudge(text)
    ctx = contexts.make(
        Stage.SYNTHESIZE_ANSWER, execution.topic, route_decision=decision,
        execution_output=execution, tokens_spent=100,
    )  # fmt: skip
    result = await synthesize_answer.handle(ctx, execution)
    assert result.tokens_used == 150
    return result


async def test_quote_back_drops_a_fabricated_reference(contexts: Contexts) -> None:
    text = f"Answer: Heat [{HEAT}]; Thief [{FAKE}].\nHeat directed by Michael Mann. [{HEAT}]"
    result = await _synthesize_with(contexts, text)
    assert FAKE not in result.synthesis
    assert HEAT in result.synthesis
    assert result.grounding is not None and result.grounding.dropped_refs == [FAKE]
    assert "quote-back-dropped" in result.fallbacks_used
    assert not result.degraded


async def test_no_surviving_citation_is_said_in_the_result_not_the_prose(
    contexts: Contexts,
) -> None:
    result = await _synthesize_with(contexts, f"Answer: Thief [{FAKE}].")
    assert result.degraded
    assert "quote-back" in result.degraded_reason
    assert result.synthesis == "Answer: Thief."
    assert result.grounding is not None and result.grounding.dropped_refs == [FAKE]


async def test_grounding_verdicts_per_claim(contexts: Contexts) -> None:
    text = "\n".join(
        [
            f"Heat directed by Michael Mann. [{HEAT}]",
            f"Heat directed by Michael Mann in a famous year. [{HEAT}]",
            f"Heat was directed by Steven Spielberg. [{HEAT}]",
            "Michael Mann likes films.",
            "Caveat: the graph is small.",
        ]
    )
    result = await _synthesize_with(contexts, text)
    assert result.grounding is not None
    verdicts = [c.verdict for c in result.grounding.claims]
    assert verdicts == [
        ClaimVerdict.SUPPORTED,
        ClaimVerdict.WEAK,
        ClaimVerdict.CONTRADICTED,
        ClaimVerdict.UNVERIFIABLE,
    ]
    assert result.grounding.total_claims == 4
    assert result.grounding.supported_ratio == 0.25


async def _directly(contexts: Contexts, topic: str) -> tuple[ClassifierOutput, SearchResult]:
    """Classify, route, and synthesize from the classifier's output (the short circuit)."""
    intent = Intent(topic=topic)
    classified = await nl_classify.handle(contexts.make(Stage.NL_CLASSIFY, intent), intent)
    ctx = contexts.make(Stage.ROUTE_SEARCH, intent, classifier_output=classified)
    decision = await route_search.handle(ctx, classified)
    assert decision.action is RouteAction.SYNTHESIZE_DIRECTLY
    ctx = contexts.make(
        Stage.SYNTHESIZE_ANSWER, intent, classifier_output=classified, route_decision=decision
    )
    return classified, await synthesize_answer.handle(ctx, classified)


async def test_no_answer_is_explicit(contexts: Contexts) -> None:
    _, result = await _directly(contexts, "who directed Operation Velvet Thunder?")
    assert result.synthesis.startswith("No answer: ")
    assert "Operation Velvet Thunder" in result.synthesis
    assert answer_labels(result.synthesis) == []


async def test_synthesis_from_an_assessment_reads_the_execution_snapshot(
    contexts: Contexts,
) -> None:
    decision, execution = await _through_execute(contexts, "which films did Michael Mann direct")
    assessment = AssessmentOutput(
        topic=execution.topic, sufficient=False, refined_queries=["Michael Mann awards"]
    )
    ctx = contexts.make(
        Stage.SYNTHESIZE_ANSWER, execution.topic, route_decision=decision,
        execution_output=execution, assessment_output=assessment, refine_rounds=2,
    )  # fmt: skip
    result = await synthesize_answer.handle(ctx, assessment)
    assert sorted(answer_labels(result.synthesis)) == ["Collateral", "Heat"]
    assert "Caveat: not covered by the graph: Michael Mann awards." in result.synthesis
    assert result.iterations == 2
    assert result.evidence == execution.evidence


async def test_a_misspelt_name_gets_no_answer_and_the_closest_names(
    hashed_graph: EmbeddedGraph,
) -> None:
    classified, result = await _directly(Contexts(hashed_graph), "who directed Collaterall?")
    assert classified.hints["near_names"] == {"Collaterall": [COLLATERAL]}
    first, note = result.synthesis.splitlines()[:2]
    assert first == "No answer: the graph holds no entity named Collaterall."
    assert note == f"Note: the closest names in the graph are Collateral [{COLLATERAL}]."
    assert answer_labels(result.synthesis) == []
    assert RetrievalTier.NEURAL in result.tiers_used
    assert not result.grounding or not result.grounding.dropped_refs


async def test_support_lines_cite_only_what_they_talk_about(contexts: Contexts) -> None:
    decision, execution = await _through_execute(
        contexts, "which has the higher battery level, Wren 1 or Kite 2?"
    )
    assert decision.action is RouteAction.DECOMPOSE
    ctx = contexts.make(
        Stage.SYNTHESIZE_ANSWER, execution.topic, route_decision=decision,
        execution_output=execution,
    )  # fmt: skip
    result = await synthesize_answer.handle(ctx, execution)
    labels = {e.entity_id: evidence_label(e) for e in result.evidence}
    support = result.synthesis.splitlines()[1:]
    assert support
    for line in support:
        for ref in extract_refs(line):
            assert names(line, labels[ref]), (ref, line)
