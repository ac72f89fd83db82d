"""execute_subqueries: seeds of all three ref types, paths, refine rounds, a failing sub-query."""

from __future__ import annotations

from research_chain.bus.names import Stage
from research_chain.components import execute_subqueries
from research_chain.payloads import (
    AssessmentOutput,
    Candidate,
    ClassifierOutput,
    ExecutionOutput,
    Intent,
    RetrievalTier,
    RouteAction,
    RouteDecision,
)
from research_chain.understanding.evidence import evidence_label, is_answer
from tests.components.conftest import COLLATERAL, HEAT, KITE, MANN, PACINO, WREN, Contexts

DIRECTED_IN = [{"predicate": "directed_by", "direction": "in"}]


def _walk(seeds: list[dict[str, str]], path: list[dict[str, str]]) -> RouteDecision:
    return RouteDecision(action=RouteAction.WALK_SEEDS, args={"seeds": seeds, "path": path})


def _answers(out: ExecutionOutput) -> list[str]:
    return [evidence_label(e) for e in out.evidence if is_answer(e)]


async def _run(
    contexts: Contexts, topic: str, decision: RouteDecision, **snap: object
) -> ExecutionOutput:
    ctx = contexts.make(
        Stage.EXECUTE_SUBQUERIES, Intent(topic=topic), route_decision=decision, **snap
    )
    return await execute_subqueries.handle(ctx, decision)


async def test_name_seed_walks_the_path_and_ranks_answers_first(contexts: Contexts) -> None:
    decision = _walk([{"ref": "Michael Mann", "ref_type": "name"}], DIRECTED_IN)
    out = await _run(contexts, "which films did Michael Mann direct", decision)
    assert sorted(_answers(out)) == ["Collateral", "Heat"]
    assert all(is_answer(e) for e in out.evidence[:2])
    assert out.seed_entities == [MANN]
    assert out.evidence[0].snippet_text.endswith("--directed_by--> Michael Mann")
    kinds = [q["kind"] for q in out.sub_queries]
    assert kinds == ["entity_state", "walk_path", "bm25"]
    assert not out.degraded


async def test_partial_id_and_candidate_index_seeds_resolve(contexts: Contexts) -> None:
    partial = _walk([{"ref": "person.michael-mann", "ref_type": "partial_id"}], DIRECTED_IN)
    out = await _run(contexts, "films directed by him", partial)
    assert out.seed_entities == [MANN]
    assert sorted(_answers(out)) == ["Collateral", "Heat"]
    classified = ClassifierOutput(
        topic="films directed by him",
        candidates=[
            Candidate(entity_id=PACINO, tier=RetrievalTier.BM25, source="bm25_index"),
            Candidate(entity_id=MANN, tier=RetrievalTier.BM25, source="bm25_index"),
        ],
    )
    indexed = _walk([{"ref": "1", "ref_type": "candidate_index"}], DIRECTED_IN)
    out = await _run(contexts, "films directed by him", indexed, classifier_output=classified)
    assert out.seed_entities == [MANN]
    assert sorted(_answers(out)) == ["Collateral", "Heat"]


async def test_the_seed_reached_again_is_ranked_last(contexts: Contexts) -> None:
    path = [
        {"predicate": "directed_by", "direction": "out"},
        {"predicate": "directed_by", "direction": "in"},
    ]
    out = await _run(
        contexts,
        "films by the director of [Heat]",
        _walk([{"ref": "Heat", "ref_type": "name"}], path),
    )
    assert _answers(out) == ["Collateral"]
    assert HEAT not in {e.entity_id for e in out.evidence if is_answer(e)}


async def test_an_unresolvable_seed_is_recorded_not_fatal(contexts: Contexts) -> None:
    ctx = contexts.make(Stage.EXECUTE_SUBQUERIES, Intent(topic="films of Nobody"))
    decision = _walk([{"ref": "Nobody Atall", "ref_type": "name"}], DIRECTED_IN)
    out = await execute_subqueries.handle(ctx, decision)
    assert _answers(out) == []
    assert "seed-unresolved" in ctx.provenance.fallbacks_used


async def test_a_failing_sub_query_degrades_the_output_not_the_stage(contexts: Contexts) -> None:
    too_long = [{"predicate": "directed_by", "direction": d} for d in ("in", "out") * 3]
    ctx = contexts.make(Stage.EXECUTE_SUBQUERIES, Intent(topic="who directed [Heat]"))
    decision = _walk([{"ref": "Heat", "ref_type": "name"}], too_long)
    out = await execute_subqueries.handle(ctx, decision)
    assert out.degraded
    assert "walk_path" in out.degraded_reason
    failed = [q for q in out.sub_queries if "error" in q]
    assert [q["kind"] for q in failed] == ["walk_path"]
    assert any(e.entity_id == HEAT for e in out.evidence)  # the other sub-queries still count
    assert "subquery-failed" in ctx.provenance.fallbacks_used


async def test_refine_round_runs_the_refined_queries_and_merges(contexts: Contexts) -> None:
    decision = _walk(
        [{"ref": "Heat", "ref_type": "name"}], [{"predicate": "written_by", "direction": "out"}]
    )
    first = await _run(contexts, "who acted in [Heat]", decision)
    assessment = AssessmentOutput(
        topic="who acted in [Heat]", sufficient=False, refined_queries=["Heat starred actors"]
    )
    ctx = contexts.make(
        Stage.EXECUTE_SUBQUERIES, Intent(topic="who acted in [Heat]"),
        route_decision=decision, execution_output=first, assessment_output=assessment,
        refine_rounds=1,
    )  # fmt: skip
    second = await execute_subqueries.handle(ctx, assessment)
    assert second.round == 1
    before = {e.entity_id for e in first.evidence}
    after = {e.entity_id for e in second.evidence}
    assert before <= after
    assert PACINO in after - before
    refined = [q for q in second.sub_queries if q.get("round") == 1]
    assert refined == [
        {"kind": "predicate_walk", "seeds": [HEAT], "predicates": ["starred_actors"],
         "query": "Heat starred actors", "round": 1, "found": 2},
    ]  # fmt: skip
    assert _answers(second)[0] == "Michael Mann"  # the first round's answer keeps its rank


async def test_decompose_runs_a_time_window_parsed_from_the_topic(contexts: Contexts) -> None:
    topic = "which drones had a fault between 2025-06-01 and 2025-06-30"
    decision = RouteDecision(
        action=RouteAction.DECOMPOSE,
        args={"axes": ["entity_type", "time"], "focus": "drone fault", "scope": "narrow"},
    )
    out = await _run(contexts, topic, decision)
    assert _answers(out) == ["Kite 2"]
    # drones hold no date of their own, so the type scan hands over to the facet queries
    (scan,) = [q for q in out.sub_queries if q["kind"] == "type_scan"]
    assert scan["found"] == 1
    timed = [q for q in scan["otherwise"] if q["kind"] == "temporal_range"]
    assert timed[0]["start"].startswith("2025-06-01")


async def test_comparison_counts_relations_when_there_is_no_value(contexts: Contexts) -> None:
    decision = RouteDecision(
        action=RouteAction.DECOMPOSE,
        args={"axes": ["comparison"], "focus": "faults", "seeds": [
            {"ref": "Wren 1", "ref_type": "name"}, {"ref": "Kite 2", "ref_type": "name"}]},
    )  # fmt: skip
    out = await _run(contexts, "which drone had more faults, Wren 1 or Kite 2", decision)
    assert [e.entity_id for e in out.evidence if is_answer(e)][:2] == [KITE, WREN]
    lower = await _run(contexts, "which has the lower battery level, Wren 1 or Kite 2", decision)
    assert next(e.entity_id for e in lower.evidence if is_answer(e)) == KITE
    higher = await _run(contexts, "which has the higher battery level, Wren 1 or Kite 2", decision)
    assert next(e.entity_id for e in higher.evidence if is_answer(e)) == WREN


async def test_fusion_keeps_every_source_and_respects_the_budget(contexts: Contexts) -> None:
    decision = _walk([{"ref": "Michael Mann", "ref_type": "name"}], DIRECTED_IN)
    out = await _run(contexts, "Collateral films directed by Michael Mann", decision)
    collateral = next(e for e in out.evidence if e.entity_id == COLLATERAL)
    assert set(collateral.source.split("+")) == {"predicate_walk", "bm25_index"}
    assert collateral.tier is RetrievalTier.RULES
    ctx = contexts.make(
        Stage.EXECUTE_SUBQUERIES, Intent(topic="films by Michael Mann", budget_tokens=30)
    )
    small = await execute_subqueries.handle(ctx, decision)
    assert len(small.evidence) == 1
    assert small.budget_tokens_used <= 30 or len(small.evidence) == 1
