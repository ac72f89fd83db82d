"""The rule loader refuses a broken pack with a message naming the rule; the real pack loads."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from research_chain.config import default_rules_dir
from research_chain.errors import RuleViolation
from research_chain.rules import decide, load_pack, parse_pack
from research_chain.rules.spec import LIMITS

PACK: dict[str, Any] = yaml.safe_load((default_rules_dir() / "chain.yaml").read_text())


def _rule(doc: dict[str, Any], rule_id: str) -> dict[str, Any]:
    return next(r for r in doc["rules"] if r["id"] == rule_id)


def _broken(edit: Any) -> dict[str, Any]:
    doc = copy.deepcopy(PACK)
    edit(doc)
    return doc


def _check(doc: dict[str, Any], *fragments: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        parse_pack([("chain.yaml", doc)])
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_the_shipped_pack_loads() -> None:
    pack = load_pack(default_rules_dir())
    assert [r.id for r in pack.rules] == ["R0", "R1", "R2", "R3", "R4", "continuation"]


def test_bad_cel_is_refused_naming_the_rule_and_branch() -> None:
    def edit(doc: dict[str, Any]) -> None:
        _rule(doc, "R4")["branches"][0]["when"] = "payload.sufficient &&"

    _check(_broken(edit), "rule R4 branch sufficient", "CEL does not compile")


def test_unknown_field_is_refused() -> None:
    def edit(doc: dict[str, Any]) -> None:
        _rule(doc, "R2")["branches"][0]["when"] = 'payload.actoin == "retighten"'

    _check(_broken(edit), "rule R2 branch synthesize_directly", "payload.actoin is not a field")


def test_unknown_variable_is_refused() -> None:
    def edit(doc: dict[str, Any]) -> None:
        _rule(doc, "R4")["branches"][2]["when"] = "loop_state.refine_rounds > 2"

    _check(_broken(edit), "rule R4 branch refine-cap", "unknown variable")


def test_unknown_stage_is_refused() -> None:
    def edit(doc: dict[str, Any]) -> None:
        _rule(doc, "R1")["branches"][0]["dispatch"] = "route_serch"

    _check(_broken(edit), "rule R1 branch route", "unknown component 'route_serch'")


def test_unreachable_stage_is_refused() -> None:
    def edit(doc: dict[str, Any]) -> None:
        _rule(doc, "R3")["branches"][0] = {"name": "skip", "dispatch": "synthesize_answer"}

    _check(_broken(edit), "stage assess_sufficiency is unreachable", "rule R4")


def test_wrong_input_type_is_refused() -> None:
    def edit(doc: dict[str, Any]) -> None:
        _rule(doc, "R3")["branches"][0]["input"] = "classifier_output"

    _check(_broken(edit), "rule R3 branch assess", "assess_sufficiency does not accept")


def test_unknown_key_and_missing_continuation_are_refused() -> None:
    def typo(doc: dict[str, Any]) -> None:
        _rule(doc, "R0")["branches"][0]["dispach"] = "nl_classify"

    _check(_broken(typo), "rule R0", "dispach")

    def no_finish(doc: dict[str, Any]) -> None:
        doc["rules"] = [r for r in doc["rules"] if r["id"] != "continuation"]

    _check(_broken(no_finish), "no rule handles 'synthesize.complete'")


def test_caps_come_from_the_intent_not_the_pack() -> None:
    pack = parse_pack([("chain.yaml", PACK)])
    conditions = [b["when"] for r in PACK["rules"] for b in r["branches"] if "when" in b]
    assert conditions and not any(re.search(r"[1-9]", when) for when in conditions)

    def variables(refine_rounds: int, max_iterations: int) -> dict[str, Any]:
        return {
            "payload": {"sufficient": False, "topic": "t", "refined_queries": ["q"]},
            "state": {"refine_rounds": refine_rounds, "tokens_spent": 0, "budget_exhausted": False},
            "intent": {"max_iterations": max_iterations, "budget_tokens": 4000},
            "limits": LIMITS,
        }

    assert decide(pack, "assess.complete", variables(1, 1)).branch == "refine-cap"
    assert decide(pack, "assess.complete", variables(1, 3)).branch == "refine"


def test_a_skipped_model_call_sends_r4_to_synthesis() -> None:
    """A judge that skipped a call for the budget records ``budget-exhausted``; R4 then
    synthesizes instead of refining, though the tokens spent are under the budget."""
    pack = parse_pack([("chain.yaml", PACK)])

    def variables(exhausted: bool) -> dict[str, Any]:
        return {
            "payload": {"sufficient": False, "topic": "t", "refined_queries": ["q"]},
            "state": {"refine_rounds": 0, "tokens_spent": 120, "budget_exhausted": exhausted},
            "intent": {"max_iterations": 5, "budget_tokens": 4000},
            "limits": LIMITS,
        }

    assert decide(pack, "assess.complete", variables(True)).branch == "budget-exhausted"
    assert decide(pack, "assess.complete", variables(False)).branch == "refine"


def test_pack_directory_without_rules_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RuleViolation, match="no rule files"):
        load_pack(tmp_path)


def test_a_condition_converts_only_the_fields_it_reads() -> None:
    from research_chain.payloads import AssessmentOutput
    from research_chain.rules.conditions import compile_condition

    fields = {"payload": frozenset(AssessmentOutput.model_fields), "state": frozenset({"n"})}
    condition = compile_condition("payload . sufficient || state.n > 2", fields)
    assert dict(condition.reads) == {
        "payload": frozenset({"sufficient"}),
        "state": frozenset({"n"}),
    }
    heavy = AssessmentOutput(topic="t", sufficient=False)
    assert condition.holds({"payload": heavy, "state": {"n": 3}})
    assert not condition.holds({"payload": heavy, "state": {"n": 1}})
    with pytest.raises(RuleViolation, match="KeyError"):
        condition.holds({"payload": heavy})  # a variable the engine failed to bind
