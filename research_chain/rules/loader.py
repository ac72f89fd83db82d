"""Load the rule pack and refuse to start when any part of it could misfire.

Checks, each failing with a message that names the rule (and branch): the YAML
shape, a known trigger per rule and one rule per trigger, known components and
input builders, inputs the target stage accepts, CEL that compiles and reads
only real fields, every stage reachable from the request, every reachable
completion handled, and a continuation that finishes the loop.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from research_chain.bus.names import REQUESTED_KEY_PREFIX, Stage
from research_chain.errors import RuleViolation
from research_chain.payloads.wire import format_errors
from research_chain.rules.actions import INPUT_BUILDERS
from research_chain.rules.conditions import Condition, compile_condition
from research_chain.rules.spec import (
    COUNTERS,
    INTENT_FIELDS,
    LIMITS,
    STAGE_INPUTS,
    STATE_FIELDS,
    TRIGGER_PAYLOADS,
    Branch,
    Rule,
    completion_of,
)

__all__ = ["CompiledBranch", "RulePack", "load_pack", "parse_pack"]


@dataclass(frozen=True, slots=True)
class CompiledBranch:
    rule: str
    branch: Branch
    condition: Condition
    stage: Stage | None

    @property
    def label(self) -> str:
        return f"{self.rule}.{self.branch.name}"


@dataclass(frozen=True, slots=True)
class RulePack:
    """The checked rules, indexed by the trigger key prefix they fire on."""

    by_trigger: dict[str, tuple[CompiledBranch, ...]]
    rules: tuple[Rule, ...]

    def branches(self, trigger: str) -> tuple[CompiledBranch, ...]:
        return self.by_trigger.get(trigger, ())


def _where(rule: Rule, branch: Branch | None = None) -> str:
    return f"rule {rule.id}" + (f" branch {branch.name}" if branch else "")


def _compile_branch(rule: Rule, branch: Branch) -> CompiledBranch:
    where = _where(rule, branch)
    payload_model = TRIGGER_PAYLOADS[rule.trigger]
    fields = {
        "payload": frozenset(payload_model.model_fields),
        "state": STATE_FIELDS,
        "intent": INTENT_FIELDS,
        "limits": frozenset(LIMITS),
    }
    try:
        condition = compile_condition(branch.when, fields)
    except RuleViolation as exc:
        raise RuleViolation(f"{where}: {exc}") from exc
    if branch.finish == (branch.dispatch is not None):
        raise RuleViolation(f"{where}: needs exactly one of 'dispatch' or 'finish: true'")
    if branch.count is not None and branch.count not in COUNTERS:
        raise RuleViolation(
            f"{where}: unknown counter {branch.count!r} (known: {', '.join(sorted(COUNTERS))})"
        )
    stage: Stage | None = None
    if branch.dispatch is not None:
        try:
            stage = Stage(branch.dispatch)
        except ValueError:
            known = ", ".join(s.value for s in Stage)
            raise RuleViolation(
                f"{where}: unknown component {branch.dispatch!r} (known: {known})"
            ) from None
        builder = INPUT_BUILDERS.get(branch.input)
        if builder is None:
            known = ", ".join(sorted(INPUT_BUILDERS))
            raise RuleViolation(f"{where}: unknown input {branch.input!r} (known: {known})")
        produced = builder.output or payload_model
        if produced not in STAGE_INPUTS[stage]:
            raise RuleViolation(
                f"{where}: input {branch.input!r} is a {produced.__name__}, "
                f"which {stage.value} does not accept"
            )
    return CompiledBranch(rule.id, branch, condition, stage)


def _check_graph(rules: Iterable[Rule], by_trigger: dict[str, tuple[CompiledBranch, ...]]) -> None:
    """Walk from the request: every stage reachable, every reached completion handled."""
    owners = {rule.trigger: rule for rule in rules}
    seen_triggers: set[str] = set()
    reached: set[Stage] = set()
    finishes = False
    todo = [REQUESTED_KEY_PREFIX]
    while todo:
        trigger = todo.pop()
        if trigger in seen_triggers:
            continue
        seen_triggers.add(trigger)
        if trigger not in by_trigger:
            raise RuleViolation(f"no rule handles {trigger!r}: loops would stall there")
        for compiled in by_trigger[trigger]:
            finishes = finishes or compiled.branch.finish
            if compiled.stage is not None:
                reached.add(compiled.stage)
                todo.append(completion_of(compiled.stage))
    for stage in Stage:
        if stage not in reached:
            owner = owners.get(completion_of(stage))
            named = f"rule {owner.id} (on {owner.trigger})" if owner else "its completion"
            raise RuleViolation(
                f"stage {stage.value} is unreachable: no reachable rule dispatches it, "
                f"so {named} can never fire"
            )
    for trigger, rule in owners.items():
        if trigger not in seen_triggers:
            raise RuleViolation(f"rule {rule.id} (on {trigger}) is unreachable")
    if not finishes:
        raise RuleViolation("no rule finishes the loop (a continuation with 'finish: true')")


def parse_pack(documents: Iterable[tuple[str, Any]]) -> RulePack:
    """Check parsed YAML documents (``(source name, data)``) and compile them."""
    rules: list[Rule] = []
    for source, doc in documents:
        items = doc.get("rules") if isinstance(doc, dict) else None
        if not isinstance(items, list):
            raise RuleViolation(f"{source}: expected a mapping with a 'rules' list")
        for i, item in enumerate(items):
            name = item.get("id", f"#{i}") if isinstance(item, dict) else f"#{i}"
            try:
                rules.append(Rule.model_validate(item))
            except ValidationError as exc:
                detail = "; ".join(format_errors("", exc))
                raise RuleViolation(f"{source}: rule {name}: {detail}") from exc
    by_trigger: dict[str, tuple[CompiledBranch, ...]] = {}
    ids: set[str] = set()
    for rule in rules:
        if rule.id in ids:
            raise RuleViolation(f"rule {rule.id}: defined twice")
        ids.add(rule.id)
        if rule.trigger not in TRIGGER_PAYLOADS:
            known = ", ".join(TRIGGER_PAYLOADS)
            raise RuleViolation(
                f"rule {rule.id}: unknown trigger {rule.trigger!r} (known: {known})"
            )
        if rule.trigger in by_trigger:
            raise RuleViolation(f"rule {rule.id}: another rule already handles {rule.trigger!r}")
        by_trigger[rule.trigger] = tuple(_compile_branch(rule, b) for b in rule.branches)
    _check_graph(rules, by_trigger)
    return RulePack(by_trigger=by_trigger, rules=tuple(rules))


def load_pack(directory: Path) -> RulePack:
    """Every ``*.yaml`` in ``directory``, in name order, as one checked pack."""
    files = sorted(directory.glob("*.yaml"))
    if not files:
        raise RuleViolation(f"{directory}: no rule files (*.yaml)")
    documents = []
    for path in files:
        try:
            documents.append((path.name, yaml.safe_load(path.read_text())))
        except yaml.YAMLError as exc:
            raise RuleViolation(f"{path.name}: invalid YAML: {exc}") from exc
    return parse_pack(documents)
