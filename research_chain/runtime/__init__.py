"""The chain at run time: loop state, rule engine, stage runners, intake, deadlines.

``start_chain`` and ``Chain`` are imported on first use, so a module that only needs
:mod:`research_chain.runtime.hooks` (observability) does not import the whole runtime
and, with it, itself.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from research_chain.runtime.retry import RetryPolicy, compute_backoff

if TYPE_CHECKING:
    from research_chain.runtime.chain import Chain, start_chain

__all__ = ["Chain", "RetryPolicy", "compute_backoff", "start_chain"]


def __getattr__(name: str) -> Any:
    if name in ("Chain", "start_chain"):
        return getattr(importlib.import_module("research_chain.runtime.chain"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
