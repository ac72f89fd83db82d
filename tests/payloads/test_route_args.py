"""The typed views of RouteDecision.args, with the seed's error cases."""

from __future__ import annotations

from typing import Any

import pytest

from research_chain.errors import ValidationFailed
from research_chain.payloads import DecomposeScope, RouteAction, RouteDecision, SeedRefType
from research_chain.payloads.constants import (
    is_valid_decompose_scope,
    is_valid_route_action,
    is_valid_seed_ref_type,
)


def _decision(action: str, args: dict[str, Any]) -> RouteDecision:
    return RouteDecision.from_wire({"action": action, "args": args})


def test_walk_seeds_args_parse_all_ref_types() -> None:
    args = _decision(
        "walk_seeds",
        {
            "seeds": [
                {"ref": "Falcon-7", "ref_type": "name"},
                {"ref": "robotics.gcs.drone", "ref_type": "partial_id"},
                {"ref": "0", "ref_type": "candidate_index"},
            ],
            "path": [{"predicate": "has_sensor", "direction": "out"}],
        },
    ).parse_walk_seeds_args()
    assert [s.ref_type for s in args.seeds] == list(SeedRefType)


def test_decompose_scope_resolves_to_medium_when_empty() -> None:
    args = _decision("decompose", {"axes": ["time"], "focus": "faults"}).parse_decompose_args()
    assert args.scope is None and args.resolved_scope() is DecomposeScope.MEDIUM
    args = _decision(
        "decompose", {"axes": ["time"], "focus": "f", "scope": ""}
    ).parse_decompose_args()
    assert args.resolved_scope() is DecomposeScope.MEDIUM


def test_retighten_args() -> None:
    args = _decision("retighten", {"topic": "drone faults", "hints": {"domain": "ops"}})
    assert args.parse_retighten_args().hints == {"domain": "ops"}
    assert _decision("retighten", {"topic": "t"}).parse_retighten_args().hints == {}


@pytest.mark.parametrize(
    ("action", "args", "parser", "message"),
    [
        ("walk_seeds", {}, "parse_decompose_args", "expected 'decompose'"),
        ("decompose", {}, "parse_walk_seeds_args", "expected 'walk_seeds'"),
        ("decompose", {}, "parse_retighten_args", "expected 'retighten'"),
        ("decompose", {"focus": "f"}, "parse_decompose_args", "args.axes: is required"),
        ("decompose", {"axes": [], "focus": "f"}, "parse_decompose_args", "axes: must not be"),
        ("decompose", {"axes": ["t"]}, "parse_decompose_args", "args.focus: is required"),
        ("decompose", {"axes": ["t"], "focus": " "}, "parse_decompose_args", "focus: must not"),
        (
            "decompose",
            {"axes": ["t"], "focus": "f", "scope": "huge"},
            "parse_decompose_args",
            "args.scope: must be one of",
        ),
        ("walk_seeds", {}, "parse_walk_seeds_args", "args.seeds: is required"),
        ("walk_seeds", {"seeds": []}, "parse_walk_seeds_args", "args.seeds: must not be empty"),
        (
            "walk_seeds",
            {"seeds": [{"ref": "", "ref_type": "name"}]},
            "parse_walk_seeds_args",
            "args.seeds[0].ref: must not be blank",
        ),
        (
            "walk_seeds",
            {"seeds": [{"ref": "x", "ref_type": "label"}]},
            "parse_walk_seeds_args",
            "args.seeds[0].ref_type: must be one of",
        ),
        ("retighten", {}, "parse_retighten_args", "args.topic: is required"),
        ("retighten", {"topic": ""}, "parse_retighten_args", "args.topic: must not be blank"),
        (
            "retighten",
            {"topic": "t", "hints": {"k": ""}},
            "parse_retighten_args",
            "hint 'k' must not be empty",
        ),
    ],
)
def test_parse_args_error_cases(
    action: str, args: dict[str, Any], parser: str, message: str
) -> None:
    with pytest.raises(ValidationFailed) as info:
        getattr(_decision(action, args), parser)()
    assert message in str(info.value)


def test_enum_predicates_match_the_seed() -> None:
    assert all(is_valid_route_action(a.value) for a in RouteAction)
    assert not is_valid_route_action("Synthesize_Directly")
    assert is_valid_seed_ref_type("partial_id") and not is_valid_seed_ref_type("id")
    assert is_valid_decompose_scope("") and is_valid_decompose_scope("narrow")
    assert not is_valid_decompose_scope("Narrow")
