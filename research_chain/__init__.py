"""research-chain: a NATS worker that answers agent loops' research requests from a
knowledge graph, through a rule-driven chain of five components."""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["__version__"]
