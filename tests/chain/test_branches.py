"""One end-to-end test per branch of the rule chain, on a real nats-server."""

from __future__ import annotations

from typing import cast

import pytest

from research_chain.bus import Bus
from research_chain.bus.names import Stage
from research_chain.client import research
from research_chain.payloads import ClassifierOutput, Intent, RouteAction
from research_chain.runtime import Chain
from tests.chain.standins import Recorder

PARENT = "parent-loop-1"


async def test_synthesize_directly_produces_an_answer(
    bus: Bus, chain: Chain, recorder: Recorder
) -> None:
    result = await research(
        bus,
        "who directed Alien",
        parent_loop_id=PARENT,
        hints={"route": "synthesize_directly"},
        timeout=20,
    )
    assert not result.degraded
    assert result.synthesis == "answer about who directed Alien"
    assert result.decomp_trace is not None
    assert result.decomp_trace.router_action is RouteAction.SYNTHESIZE_DIRECTLY
    (loop_id,) = recorder.inputs
    assert recorder.stages(loop_id) == [
        Stage.NL_CLASSIFY,
        Stage.ROUTE_SEARCH,
        Stage.SYNTHESIZE_ANSWER,
    ]
    _, payload = recorder.inputs[loop_id][-1]
    assert isinstance(payload, ClassifierOutput)
    assert result.iterations == 0


@pytest.mark.parametrize(
    ("candidates", "forced", "last_stage"),
    [
        ("2", "retighten-cap-walk", Stage.SYNTHESIZE_ANSWER),
        ("0", "retighten-cap-decompose", Stage.SYNTHESIZE_ANSWER),
    ],
)
async def test_retighten_twice_then_a_forced_action(
    bus: Bus, chain: Chain, recorder: Recorder, candidates: str, forced: str, last_stage: Stage
) -> None:
    result = await research(
        bus,
        "films",
        parent_loop_id=PARENT,
        hints={"route": "retighten", "candidates": candidates},
        timeout=20,
    )
    (loop_id,) = recorder.inputs
    # nl_classify's input is the intent (checked just below).
    classify_topics = [
        cast(Intent, p).topic for s, p in recorder.inputs[loop_id] if s is Stage.NL_CLASSIFY
    ]
    assert classify_topics == ["films", "films refined", "films refined refined"]
    assert all(
        isinstance(p, Intent) and p.hints["route"] == "retighten"
        for s, p in recorder.inputs[loop_id]
        if s is Stage.NL_CLASSIFY
    )
    assert "retighten-cap" in result.fallbacks_used
    assert result.decomp_trace is not None
    assert result.decomp_trace.retighten_rounds == 2
    expected = RouteAction.WALK_SEEDS if candidates != "0" else RouteAction.DECOMPOSE
    assert result.decomp_trace.router_action is expected
    assert recorder.stages(loop_id)[-3:] == [
        Stage.EXECUTE_SUBQUERIES,
        Stage.ASSESS_SUFFICIENCY,
        last_stage,
    ]
    assert not result.degraded


async def test_retighten_cap_with_no_candidates_and_no_tokens_synthesizes(
    bus: Bus, chain: Chain, recorder: Recorder
) -> None:
    result = await research(
        bus,
        "films",
        parent_loop_id=PARENT,
        budget_tokens=10,
        hints={"route": "retighten", "candidates": "0", "tokens": "5"},
        timeout=20,
    )
    (loop_id,) = recorder.inputs
    assert recorder.stages(loop_id)[-1] is Stage.SYNTHESIZE_ANSWER
    assert Stage.EXECUTE_SUBQUERIES not in recorder.stages(loop_id)
    assert "retighten-cap" in result.fallbacks_used
    assert result.synthesis.startswith("answer about films refined refined")


@pytest.mark.parametrize("max_iterations", [1, 2, 5])
async def test_refine_rounds_are_capped_by_the_intent(
    bus: Bus, chain: Chain, recorder: Recorder, max_iterations: int
) -> None:
    result = await research(
        bus,
        "long question",
        parent_loop_id=PARENT,
        max_iterations=max_iterations,
        hints={"route": "walk_seeds", "sufficient": "no"},
        timeout=30,
    )
    (loop_id,) = recorder.inputs
    stages = recorder.stages(loop_id)
    assert stages.count(Stage.EXECUTE_SUBQUERIES) == max_iterations + 1
    assert stages.count(Stage.ASSESS_SUFFICIENCY) == max_iterations + 1
    assert stages[-1] is Stage.SYNTHESIZE_ANSWER
    assert "refine-cap" in result.fallbacks_used
    assert result.iterations == max_iterations + 1
    refined = [
        p.refined_queries
        for s, p in recorder.inputs[loop_id]
        if s is Stage.EXECUTE_SUBQUERIES and hasattr(p, "refined_queries")
    ]
    assert refined == [[f"refined {r}"] for r in range(1, max_iterations + 1)]
    assert result.decomp_trace is not None
    assert [q["query"] for q in result.decomp_trace.sub_queries] == [
        f"refined {r}" for r in range(1, max_iterations + 1)
    ]
    assert result.tiers_used == ["1"]


async def test_token_budget_exhausted_goes_to_synthesis(
    bus: Bus, chain: Chain, recorder: Recorder
) -> None:
    result = await research(
        bus,
        "expensive question",
        parent_loop_id=PARENT,
        budget_tokens=100,
        hints={"route": "decompose", "sufficient": "no", "tokens": "30"},
        timeout=20,
    )
    (loop_id,) = recorder.inputs
    stages = recorder.stages(loop_id)
    # 30 tokens a stage: classify, route, execute, assess = 120 >= 100 after one round.
    assert stages == [
        Stage.NL_CLASSIFY,
        Stage.ROUTE_SEARCH,
        Stage.EXECUTE_SUBQUERIES,
        Stage.ASSESS_SUFFICIENCY,
        Stage.SYNTHESIZE_ANSWER,
    ]
    assert "budget-exhausted" in result.fallbacks_used
    assert result.tokens_used == 150
    assert not result.degraded
