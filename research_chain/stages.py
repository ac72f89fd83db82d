"""The five stages of the chain, in flow order.

A vocabulary shared by the components (which declare the stage they run), the
rules (which name the stage they dispatch to) and the bus (which names the
subjects and consumers of each); it lives below all three so none depends on
another for it.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Stage"]


class Stage(StrEnum):
    """The five components, in flow order."""

    NL_CLASSIFY = "nl_classify"
    ROUTE_SEARCH = "route_search"
    EXECUTE_SUBQUERIES = "execute_subqueries"
    ASSESS_SUFFICIENCY = "assess_sufficiency"
    SYNTHESIZE_ANSWER = "synthesize_answer"
