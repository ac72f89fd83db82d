"""Assembling the Intent from a research-loop entity's triples."""

from __future__ import annotations

import uuid

from research_chain.bus import names as n
from research_chain.client import request_triples
from research_chain.payloads import EntityState
from research_chain.runtime.intake import parse_request


def _entity(**kwargs: object) -> EntityState:
    loop_id = str(kwargs.pop("loop_id", uuid.uuid4()))
    triples = request_triples(loop_id, **kwargs)  # type: ignore[arg-type]
    return EntityState(id=n.loop_entity_id(loop_id), type="research_loop", triples=triples)


def test_a_full_request_parses() -> None:
    request = parse_request(
        _entity(
            topic="who directed Alien",
            parent_loop_id="parent-1",
            hints={"domain": "movies", "deadline_s": "12.5"},
            budget_tokens=900,
            max_iterations=3,
        )
    )
    assert request.problems == []
    assert request.topic == "who directed Alien"
    assert request.hints == {"domain": "movies"}
    assert (request.budget_tokens, request.max_iterations, request.deadline_s) == (900, 3, 12.5)
    assert request.parent == "parent-1"


def test_every_problem_is_named() -> None:
    entity = _entity(topic=" ", parent_loop_id="parent-1", hints={"deadline_s": "soon"})
    triples = [
        t.model_copy(update={"object": "-3"}) if t.predicate == "research.max_iterations" else t
        for t in entity.triples
    ]
    request = parse_request(entity.model_copy(update={"triples": triples}))
    assert request.problems == [
        "research.topic: must not be blank",
        "research.max_iterations: must be 0..20, got -3",
        "research.hint: deadline_s='soon' must be seconds in 1..86400",
    ]


def test_loop_id_must_be_a_uuid_and_parent_must_be_present() -> None:
    entity = _entity(loop_id="not-a-uuid", topic="t", parent_loop_id="p")
    no_parent = [t for t in entity.triples if t.predicate != "research.parent_loop"]
    request = parse_request(entity.model_copy(update={"triples": no_parent}))
    assert "loop_id: 'not-a-uuid' is not a full UUID" in request.problems
    assert "research.parent_loop: missing" in request.problems
