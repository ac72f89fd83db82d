"""route_search: every action, the inferred relation path, and a bad judge decision."""

from __future__ import annotations

from research_chain.bus.names import Stage
from research_chain.components import nl_classify, route_search
from research_chain.judges.base import AssessRequest, Judgment, RouteRequest, SynthesisRequest
from research_chain.payloads import (
    AssessmentOutput,
    ClassifierOutput,
    Intent,
    RouteAction,
    RouteDecision,
)
from tests.components.conftest import Contexts


async def _route(contexts: Contexts, topic: str, **snapshot: object) -> RouteDecision:
    intent = Intent(topic=topic)
    classified = await nl_classify.handle(contexts.make(Stage.NL_CLASSIFY, intent), intent)
    ctx = contexts.make(Stage.ROUTE_SEARCH, intent, classifier_output=classified, **snapshot)
    return await route_search.handle(ctx, classified)


async def test_relation_from_a_named_entity_walks_the_inferred_path(contexts: Contexts) -> None:
    decision = await _route(contexts, "which films did Michael Mann direct")
    assert decision.action is RouteAction.WALK_SEEDS
    assert decision.parse_walk_seeds_args().seeds[0].ref == "Michael Mann"
    assert decision.args["path"] == [{"predicate": "directed_by", "direction": "in"}]
    assert decision.rationale


async def test_co_membership_walks_out_and_back_through_one_relation(contexts: Contexts) -> None:
    decision = await _route(contexts, "which films share the same director as [Heat]")
    assert decision.action is RouteAction.WALK_SEEDS
    assert decision.args["path"] == [
        {"predicate": "directed_by", "direction": "out"},
        {"predicate": "directed_by", "direction": "in"},
    ]


async def test_three_hops_in_the_order_the_question_nests_them(contexts: Contexts) -> None:
    decision = await _route(contexts, "what genres are the films starred by the actors of [Heat]")
    steps = [(s["predicate"], s["direction"]) for s in decision.args["path"]]
    assert steps == [("starred_actors", "out"), ("starred_actors", "in"), ("has_genre", "out")]


async def test_an_entitys_own_attribute_is_answered_directly(contexts: Contexts) -> None:
    decision = await _route(contexts, "who directed [Top Gun]")
    assert decision.action is RouteAction.SYNTHESIZE_DIRECTLY
    assert decision.args["path"] == [{"predicate": "directed_by", "direction": "out"}]


async def test_comparison_of_two_entities_decomposes(contexts: Contexts) -> None:
    decision = await _route(contexts, "which has the higher battery level, Wren 1 or Kite 2?")
    assert decision.action is RouteAction.DECOMPOSE
    args = decision.parse_decompose_args()
    assert "comparison" in args.axes
    assert {s["ref"] for s in decision.args["seeds"]} == {"Wren 1", "Kite 2"}


async def test_no_usable_candidate_retightens_then_decomposes(contexts: Contexts) -> None:
    decision = await _route(contexts, "tell me about whatever is happening")
    assert decision.action is RouteAction.RETIGHTEN
    refined = decision.parse_retighten_args()
    assert refined.topic == "whatever happening"
    capped = await _route(contexts, "tell me about whatever is happening", retighten_rounds=2)
    assert capped.action is RouteAction.DECOMPOSE


class WrongArgsJudge:
    """Stands in for an LLM that returns a walk without seeds."""

    name = "stand-in-llm"

    async def route(self, request: RouteRequest) -> Judgment[RouteDecision]:
        bad = RouteDecision(action=RouteAction.WALK_SEEDS, args={"seeds": []})
        return Judgment(bad, tokens_used=120, judge=self.name)

    async def assess(self, request: AssessRequest) -> Judgment[AssessmentOutput]:
        raise NotImplementedError

    async def synthesize(self, request: SynthesisRequest) -> Judgment[str]:
        raise NotImplementedError


async def test_a_decision_that_breaks_its_args_falls_back_to_the_heuristic(
    contexts: Contexts,
) -> None:
    intent = Intent(topic="who starred in [Heat]")
    classified: ClassifierOutput = await nl_classify.handle(
        contexts.make(Stage.NL_CLASSIFY, intent), intent
    )
    contexts.judge = WrongArgsJudge()
    ctx = contexts.make(Stage.ROUTE_SEARCH, intent, classifier_output=classified)
    decision = await route_search.handle(ctx, classified)
    assert decision.action is RouteAction.SYNTHESIZE_DIRECTLY
    assert ctx.provenance.fallbacks_used == ["route-invalid"]
    assert ctx.provenance.tokens_used == 120
