"""The chain at run time: loop state, rule engine, stage runners, intake, deadlines."""

from __future__ import annotations

from research_chain.runtime.chain import Chain, start_chain
from research_chain.runtime.retry import RetryPolicy, compute_backoff

__all__ = ["Chain", "RetryPolicy", "compute_backoff", "start_chain"]
