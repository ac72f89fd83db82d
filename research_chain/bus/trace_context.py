"""W3C trace context (``traceparent``) in NATS headers, made and read by hand.

No OpenTelemetry instrumentation exists for nats-py. A loop's context is minted once
at intake, kept in its state and carried on every message of the loop (the request
trigger, each dispatch, each completion), so any process recording a span for the
loop can join its trace.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from typing import NamedTuple

from research_chain.bus.names import Header

__all__ = ["TraceIds", "extract", "inject", "new_traceparent", "trace_ids"]

_TRACEPARENT = re.compile(r"^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$")


class TraceIds(NamedTuple):
    trace_id: int
    span_id: int
    flags: int


def new_traceparent() -> str:
    """A fresh sampled root context: ``00-<trace id>-<span id>-01``."""
    return f"00-{secrets.token_hex(16)}-{secrets.token_hex(8)}-01"


def trace_ids(traceparent: str) -> TraceIds | None:
    """The ids in a ``traceparent`` value; None when malformed or all-zero (invalid)."""
    match = _TRACEPARENT.match(traceparent or "")
    if match is None:
        return None
    trace_id, span_id = int(match.group(1), 16), int(match.group(2), 16)
    if not trace_id or not span_id:
        return None
    return TraceIds(trace_id, span_id, int(match.group(3), 16))


def inject(headers: dict[str, str], traceparent: str) -> dict[str, str]:
    """Add the context to outgoing headers (nothing when there is none); returns them."""
    if traceparent:
        headers[Header.TRACEPARENT] = traceparent
    return headers


def extract(headers: Mapping[str, str]) -> str:
    """The context an incoming message carries, or ``""``."""
    return headers.get(Header.TRACEPARENT, "")
