"""Prompts: markers, deterministic evidence order, trimming to the token allowance."""

from __future__ import annotations

import pytest

from research_chain.judges.base import SynthesisRequest
from research_chain.judges.prompts import (
    ASSESS_MARKER,
    ROUTE_MARKER,
    SYNTHESIZE_MARKER,
    TOPIC_MARKER,
    estimate_tokens,
    synthesis_prompt,
)
from research_chain.payloads import Evidence, Intent, RetrievalTier


def _evidence(count: int) -> list[Evidence]:
    return [
        Evidence(
            entity_id=f"test.kb.films.demo.movie.m{i:03d}",
            tier=RetrievalTier.RULES,
            source="predicate_walk",
            snippet_text=f"Film {i} | Film {i} --directed_by--> Someone {i}",
        )
        for i in range(count)
    ]


def test_markers_are_distinct_and_versioned() -> None:
    markers = [ROUTE_MARKER, ASSESS_MARKER, SYNTHESIZE_MARKER, TOPIC_MARKER]
    assert len(set(markers)) == 4 and all(m.endswith("/v1") for m in markers)


@pytest.mark.parametrize("budget", [600, 1000, 2000])
def test_evidence_is_trimmed_to_fit_highest_ranked_first(budget: int) -> None:
    evidence = _evidence(120)
    request = SynthesisRequest(intent=Intent(topic="who directed them"), topic="who directed them",
                               evidence=evidence)  # fmt: skip
    prompt = synthesis_prompt(request, budget)
    user = prompt.messages[1]["content"]
    assert prompt.messages[0]["content"].startswith(SYNTHESIZE_MARKER)
    assert 0 < prompt.shown < len(evidence) and prompt.left_out == len(evidence) - prompt.shown
    assert estimate_tokens(prompt.messages) <= budget
    shown = [e.entity_id for e in evidence if f"ref={e.entity_id} " in user]
    assert shown == [e.entity_id for e in evidence[: prompt.shown]]
    assert f"[{prompt.shown}] ref=" in user and f"({prompt.left_out} lower-ranked" in user
    assert synthesis_prompt(request, budget).messages == prompt.messages  # deterministic


def test_everything_fits_when_there_is_room() -> None:
    evidence = _evidence(5)
    request = SynthesisRequest(intent=Intent(topic="q"), topic="q", evidence=evidence)
    prompt = synthesis_prompt(request, 3000)
    assert prompt.shown == 5 and "left out" not in prompt.messages[1]["content"]
