"""The rule chain as data: YAML rules with CEL conditions, checked whole at start-up."""

from __future__ import annotations

from research_chain.rules.actions import (
    ActionContext,
    Decision,
    build_input,
    decide,
    recall,
)
from research_chain.rules.loader import RulePack, load_pack, parse_pack
from research_chain.rules.spec import Branch, Rule

__all__ = [
    "ActionContext",
    "Branch",
    "Decision",
    "Rule",
    "RulePack",
    "build_input",
    "decide",
    "load_pack",
    "parse_pack",
    "recall",
]
