"""Every subject, stream, consumer, bucket and key name, and nowhere else.

Names keyed by a loop id go through :func:`check_token` first, so a loop id
can never add a subject token (``.``), a wildcard (``*``, ``>``) or whitespace.
Stream and bucket names come from settings (:class:`Names`); subject shapes
are fixed by the design and live here as functions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from research_chain.errors import InvalidName

__all__ = [
    "COMPLETE_PREFIX",
    "Names",
    "Stage",
    "check_token",
    "complete_key",
    "deadline_schedule_subject",
    "deadline_subject",
    "dispatch_msg_id",
    "dlq_subject",
    "event_subject",
    "events_filter",
    "graph_query_subject",
    "graph_write_subject",
    "loop_key",
    "requested_key",
    "result_subject",
    "stage_key",
    "stage_subject",
    "validate_loop_id",
]

_TOKEN = re.compile(r"^[A-Za-z0-9_-]{1,128}$")
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")

COMPLETE_PREFIX = "COMPLETE_"


class Stage(StrEnum):
    """The five components, in flow order."""

    NL_CLASSIFY = "nl_classify"
    ROUTE_SEARCH = "route_search"
    EXECUTE_SUBQUERIES = "execute_subqueries"
    ASSESS_SUFFICIENCY = "assess_sufficiency"
    SYNTHESIZE_ANSWER = "synthesize_answer"


# The KV key each stage's completion is written under (``<prefix>.<loop_id>``).
STAGE_KEY_PREFIX: dict[Stage, str] = {
    Stage.NL_CLASSIFY: "classify.complete",
    Stage.ROUTE_SEARCH: "route.complete",
    Stage.EXECUTE_SUBQUERIES: "execute.complete",
    Stage.ASSESS_SUFFICIENCY: "assess.complete",
    Stage.SYNTHESIZE_ANSWER: "synthesize.complete",
}
REQUESTED_KEY_PREFIX = "research.requested"
LOOP_KEY_PREFIX = "loop"


def check_token(value: str, what: str = "token") -> str:
    """Return ``value`` if it is one safe subject token, else raise :class:`InvalidName`."""
    if not isinstance(value, str) or not _TOKEN.match(value):
        raise InvalidName(
            f"{what}: {value!r} is not a single subject token "
            "(1-128 of letters, digits, '_' and '-'; no '.', '*', '>' or spaces)"
        )
    return value


def validate_loop_id(value: str, *, require_uuid: bool = True) -> str:
    """A research loop id: one safe token and, by default, a full UUID."""
    check_token(value, "loop_id")
    if require_uuid and not _UUID.match(value):
        raise InvalidName(f"loop_id: {value!r} is not a full UUID")
    return value


# --- subjects -------------------------------------------------------------


def stage_subject(stage: Stage, loop_id: str) -> str:
    """Where a stage's work is dispatched: ``component.<stage>.<loop_id>``."""
    return f"component.{Stage(stage).value}.{check_token(loop_id, 'loop_id')}"


def stage_filter(stage: Stage) -> str:
    return f"component.{Stage(stage).value}.*"


DISPATCH_SUBJECTS = "component.>"


def dispatch_msg_id(loop_id: str, stage: Stage, round_: int) -> str:
    """``Nats-Msg-Id`` of a dispatch: a re-fired rule cannot dispatch twice."""
    return f"{check_token(loop_id, 'loop_id')}:{Stage(stage).value}:{round_}"


def dlq_subject(stage: Stage | str) -> str:
    return f"research.dlq.{check_token(str(stage), 'stage')}"


DLQ_SUBJECTS = "research.dlq.>"


def result_subject(parent_loop_id: str) -> str:
    """Where a parent loop's results arrive: ``research.result.<parent_loop_id>``."""
    return f"research.result.{check_token(parent_loop_id, 'parent_loop_id')}"


RESULT_SUBJECTS = "research.result.>"


def event_subject(loop_id: str, stage: str) -> str:
    """Ops events: ``research.events.<loop_id>.<stage>``."""
    return f"research.events.{check_token(loop_id, 'loop_id')}.{check_token(stage, 'stage')}"


def events_filter(loop_id: str | None = None) -> str:
    return "research.events.>" if loop_id is None else f"research.events.{check_token(loop_id)}.>"


def deadline_schedule_subject(loop_id: str) -> str:
    """The scheduled message that fires a loop's deadline."""
    return f"research.schedule.deadline.{check_token(loop_id, 'loop_id')}"


def deadline_subject(loop_id: str) -> str:
    """Where the scheduled deadline lands when it fires."""
    return f"research.deadline.{check_token(loop_id, 'loop_id')}"


SCHEDULE_SUBJECTS = ("research.schedule.>", "research.deadline.>")
DEADLINE_SUBJECTS = "research.deadline.>"


def graph_write_subject() -> str:
    """Request/reply subject of the triple ingest API."""
    return "graph.write"


def graph_query_subject(query: str) -> str:
    """Request/reply subject of one graph query type (``entity_state``, ``bm25``...)."""
    return f"graph.query.{check_token(query, 'query')}"


# --- KV keys --------------------------------------------------------------


def loop_key(loop_id: str) -> str:
    return f"{LOOP_KEY_PREFIX}.{check_token(loop_id, 'loop_id')}"


def requested_key(loop_id: str) -> str:
    """The R0 trigger key: ``research.requested.<loop_id>``."""
    return f"{REQUESTED_KEY_PREFIX}.{check_token(loop_id, 'loop_id')}"


def stage_key(stage: Stage, loop_id: str) -> str:
    """A stage's completion key, e.g. ``classify.complete.<loop_id>``."""
    return f"{STAGE_KEY_PREFIX[Stage(stage)]}.{check_token(loop_id, 'loop_id')}"


def complete_key(loop_id: str) -> str:
    """Where the final result is kept for read-by-id: ``COMPLETE_<loop_id>``."""
    return f"{COMPLETE_PREFIX}{check_token(loop_id, 'loop_id')}"


def entity_key(entity_id: str) -> str:
    """An entity's key in ``ENTITY_STATES``: the 6-part id itself."""
    return entity_id


@dataclass(frozen=True, slots=True)
class Names:
    """Stream, bucket and consumer names; configurable so deployments can share a server."""

    loops_bucket: str = "AGENT_LOOPS"
    entities_bucket: str = "ENTITY_STATES"
    evidence_store: str = "RESEARCH_EVIDENCE"
    dispatch_stream: str = "RESEARCH_DISPATCH"
    results_stream: str = "RESEARCH_RESULTS"
    dlq_stream: str = "RESEARCH_DLQ"
    schedule_stream: str = "RESEARCH_SCHEDULES"
    engine_consumer: str = "rule-engine"

    def stage_consumer(self, stage: Stage) -> str:
        """The one durable consumer per stage that every worker shares."""
        return f"stage-{Stage(stage).value}".replace("_", "-")

    def kv_subject(self, bucket: str, key: str) -> str:
        """The stream subject a KV put lands on (``$KV.<bucket>.<key>``)."""
        return f"$KV.{bucket}.{key}"
