"""The five components of the chain, one module each; the runner dispatches to them by stage."""

from __future__ import annotations

from research_chain.components import (
    assess_sufficiency,
    execute_subqueries,
    nl_classify,
    route_search,
    synthesize_answer,
)
from research_chain.components.base import Component, LoopSnapshot, Provenance, StageContext
from research_chain.stages import Stage

__all__ = ["Component", "LoopSnapshot", "Provenance", "StageContext", "default_components"]


def default_components() -> dict[Stage, Component]:  # type: ignore[type-arg]
    """Every stage's component, keyed by stage."""
    modules = (nl_classify, route_search, execute_subqueries, assess_sufficiency, synthesize_answer)
    return {module.COMPONENT.stage: module.COMPONENT for module in modules}
