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
from research_chain.stages import Stage

__all__ = [
    "COMPLETE_PREFIX",
    "Header",
    "Names",
    "Stage",
    "check_token",
    "complete_key",
    "deadline_filter",
    "deadline_msg_id",
    "deadline_schedule_subject",
    "deadline_schedules_filter",
    "deadline_subject",
    "dispatch_msg_id",
    "dlq_subject",
    "event_subject",
    "events_filter",
    "expiry_filter",
    "expiry_msg_id",
    "expiry_schedule_subject",
    "expiry_subject",
    "graph_query_subject",
    "graph_write_subject",
    "intake_dlq_subject",
    "intake_filter",
    "kept_result_subject",
    "kept_results_filter",
    "kv_key_of",
    "loop_entity_id",
    "loop_key",
    "loop_keys_filter",
    "max_deliveries_advisory",
    "requested_key",
    "result_msg_id",
    "result_outbox_subject",
    "result_subject",
    "split_trigger_key",
    "stage_key",
    "stage_subject",
    "trigger_filters",
    "validate_loop_id",
]

_TOKEN = re.compile(r"^[A-Za-z0-9_-]{1,128}$")
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")

COMPLETE_PREFIX = "COMPLETE_"


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
        shown = value[:64] + "..." if isinstance(value, str) and len(value) > 64 else value
        raise InvalidName(
            f"{what}: {shown!r} is not a single subject token "
            "(1-128 of letters, digits, '_' and '-'; no '.', '*', '>' or spaces)"
        )
    return value


def validate_loop_id(value: str, *, require_uuid: bool = True, max_chars: int = 128) -> str:
    """A research loop id: one safe token of at most ``max_chars`` and, by default, a
    full UUID. The graph write and intake both ask this, so they agree."""
    if isinstance(value, str) and len(value) > max_chars:
        raise InvalidName(f"loop_id: {len(value)} characters, at most {max_chars} allowed")
    check_token(value, "loop_id")
    if require_uuid and not _UUID.match(value):
        raise InvalidName(f"loop_id: {value[:64]!r} is not a full UUID")
    return value


# --- subjects -------------------------------------------------------------


def stage_subject(stage: Stage, loop_id: str) -> str:
    """Where a stage's work is dispatched: ``component.<stage>.<loop_id>``."""
    return f"component.{Stage(stage).value}.{check_token(loop_id, 'loop_id')}"


def stage_filter(stage: Stage) -> str:
    return f"component.{Stage(stage).value}.*"


# Streams take exactly the subjects some consumer reads: a publish with an extra token
# (``component.nl_classify.a.b``) or an unknown stage finds no stream and fails at once
# instead of sitting in a stream no consumer will ever take it from.
DISPATCH_SUBJECTS = tuple(stage_filter(stage) for stage in Stage)


def dispatch_msg_id(loop_id: str, stage: Stage, round_: int) -> str:
    """``Nats-Msg-Id`` of a dispatch: a re-fired rule cannot dispatch twice."""
    return f"{check_token(loop_id, 'loop_id')}:{Stage(stage).value}:{round_}"


def dlq_subject(stage: Stage | str) -> str:
    return f"research.dlq.{check_token(str(stage), 'stage')}"


DLQ_SUBJECTS = "research.dlq.*"


def result_subject(parent_loop_id: str) -> str:
    """Where a parent loop's results arrive: ``research.result.<parent_loop_id>``."""
    return f"research.result.{check_token(parent_loop_id, 'parent_loop_id')}"


def result_outbox_subject(parent_loop_id: str, loop_id: str) -> str:
    """Where the chain publishes a result: ``research.outbox.<parent_loop_id>.<loop_id>``.

    Only the results stream listens here. It stores the result (once per
    ``Nats-Msg-Id``) under :func:`kept_result_subject` and republishes what it stored
    to :func:`result_subject`, so a second finisher's copy is dropped before any
    parent hears it.
    """
    return (
        f"research.outbox.{check_token(parent_loop_id, 'parent_loop_id')}."
        f"{check_token(loop_id, 'loop_id')}"
    )


def kept_result_subject(parent_loop_id: str, loop_id: str) -> str:
    """Where the results stream keeps a loop's result: ``research.kept.<parent>.<loop>``.

    Both ids are subject tokens so that a direct get names them in its request subject
    (``$JS.API.DIRECT.GET.<stream>.research.kept.<parent>.<loop>``), where a
    permission can allow one parent its own results and nothing else (ADR 0018).
    """
    return (
        f"research.kept.{check_token(parent_loop_id, 'parent_loop_id')}."
        f"{check_token(loop_id, 'loop_id')}"
    )


def kept_results_filter(parent_loop_id: str | None = None) -> str:
    """Every kept result, or one parent's."""
    parent = "*" if parent_loop_id is None else check_token(parent_loop_id, "parent_loop_id")
    return f"research.kept.{parent}.*"


RESULT_OUTBOX_SUBJECTS = "research.outbox.*.*"
# Every parent's result subject (watchers, the fault suite's tally).
EVERY_RESULT_SUBJECT = "research.result.*"
KEPT_RESULT_SUBJECTS = kept_results_filter()
# An outbox subject's two tokens carried to the kept subject, and the parent token from
# there to the parent's result subject.
KEPT_MAPPED = "research.kept.{{wildcard(1)}}.{{wildcard(2)}}"
RESULT_MAPPED = "research.result.{{wildcard(1)}}"


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


def expiry_schedule_subject(loop_id: str) -> str:
    """The scheduled message that expires a finished loop's records."""
    return f"research.schedule.expire.{check_token(loop_id, 'loop_id')}"


def expiry_subject(loop_id: str) -> str:
    """Where the scheduled expiry lands when it fires."""
    return f"research.expire.{check_token(loop_id, 'loop_id')}"


DEADLINE_SUBJECTS = "research.deadline.*"
EXPIRY_SUBJECTS = "research.expire.*"
SCHEDULE_SUBJECTS = (
    "research.schedule.deadline.*",
    "research.schedule.expire.*",
    DEADLINE_SUBJECTS,
    EXPIRY_SUBJECTS,
)


def graph_write_subject() -> str:
    """Request/reply subject of the triple ingest API."""
    return "graph.write"


def graph_query_subject(query: str) -> str:
    """Request/reply subject of one graph query type (``entity_state``, ``bm25``...)."""
    return f"graph.query.{check_token(query, 'query')}"


# --- KV keys --------------------------------------------------------------


def loop_key(loop_id: str) -> str:
    return f"{LOOP_KEY_PREFIX}.{check_token(loop_id, 'loop_id')}"


def loop_keys_filter() -> str:
    """Every loop's state key: what ``watch`` follows."""
    return f"{LOOP_KEY_PREFIX}.*"


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


# --- the rule chain (intake, triggers, headers) -----------------------------

RESEARCH_LOOP_TYPE = "research_loop"
RESEARCH_LOOP_PREFIX = "local.research-chain.agentic.loops"

# Trigger key prefixes the rule engine consumes, with the payload each carries.
TRIGGER_PREFIXES: tuple[str, ...] = (REQUESTED_KEY_PREFIX, *STAGE_KEY_PREFIX.values())


def loop_entity_id(loop_id: str) -> str:
    """The graph entity of a research loop: ``...loops.research_loop.<loop_id>``."""
    return f"{RESEARCH_LOOP_PREFIX}.{RESEARCH_LOOP_TYPE}.{check_token(loop_id, 'loop_id')}"


def intake_filter(entities_bucket: str) -> str:
    """Every research-loop entity written to the entity bucket (6-part keys, type 5th)."""
    return f"$KV.{entities_bucket}.*.*.*.*.{RESEARCH_LOOP_TYPE}.*"


def trigger_filters(loops_bucket: str) -> list[str]:
    """The trigger keys of the loop bucket: the R0 request and every stage completion."""
    return [f"$KV.{loops_bucket}.{prefix}.*" for prefix in TRIGGER_PREFIXES]


def split_trigger_key(key: str) -> tuple[str, str]:
    """``classify.complete.<id>`` -> (``classify.complete``, ``<id>``)."""
    prefix, _, loop_id = key.rpartition(".")
    if prefix not in TRIGGER_PREFIXES:
        raise InvalidName(f"trigger key {key!r}: unknown prefix {prefix!r}")
    return prefix, check_token(loop_id, "loop_id")


def kv_key_of(bucket: str, subject: str) -> str:
    """The key of a KV stream subject (``$KV.<bucket>.<key>``)."""
    head = f"$KV.{bucket}."
    if not subject.startswith(head):
        raise InvalidName(f"subject {subject!r} is not in bucket {bucket}")
    return subject[len(head) :]


def deadline_filter() -> str:
    return DEADLINE_SUBJECTS


def expiry_filter() -> str:
    return EXPIRY_SUBJECTS


def deadline_schedules_filter() -> str:
    """Every pending (unfired, uncancelled) deadline: one per loop in flight."""
    return "research.schedule.deadline.*"


def intake_dlq_subject() -> str:
    """Where a request with no parent to answer is parked."""
    return dlq_subject("intake")


def result_msg_id(loop_id: str) -> str:
    """``Nats-Msg-Id`` of a loop's one result: stored once however often it is sent."""
    return f"result:{check_token(loop_id, 'loop_id')}"


def deadline_msg_id(loop_id: str) -> str:
    return f"deadline:{check_token(loop_id, 'loop_id')}"


def expiry_msg_id(loop_id: str) -> str:
    return f"expire:{check_token(loop_id, 'loop_id')}"


def max_deliveries_advisory(stream: str, consumer: str) -> str:
    return f"$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.{stream}.{consumer}"


class Header(StrEnum):
    """NATS header names the chain reads and writes."""

    MSG_ID = "Nats-Msg-Id"
    SCHEDULE = "Nats-Schedule"
    SCHEDULE_TARGET = "Nats-Schedule-Target"
    KV_OPERATION = "KV-Operation"
    EXPECTED_LAST_SUBJECT_SEQUENCE = "Nats-Expected-Last-Subject-Sequence"
    STREAM = "Nats-Stream"
    SEQUENCE = "Nats-Sequence"
    LOOP_ID = "Research-Loop-Id"
    PARENT_LOOP_ID = "Research-Parent-Loop-Id"
    STAGE = "Research-Stage"
    STEP = "Research-Step"
    ROUND = "Research-Round"
    ATTEMPT = "Research-Attempt"
    TOKENS = "Research-Tokens"
    TIERS = "Research-Tiers"
    FALLBACKS = "Research-Fallbacks"
    ERROR_TYPE = "Research-Error-Type"
    ERROR_MESSAGE = "Research-Error"
    REASON = "Research-Reason"
    TRACEPARENT = "traceparent"


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
    intake_consumer: str = "research-intake"
    deadline_consumer: str = "loop-deadlines"
    expiry_consumer: str = "loop-expiry"
    in_flight_consumer: str = "loops-in-flight"

    def stage_consumer(self, stage: Stage) -> str:
        """The one durable consumer per stage that every worker shares."""
        return f"stage-{Stage(stage).value}".replace("_", "-")

    def kv_subject(self, bucket: str, key: str) -> str:
        """The stream subject a KV put lands on (``$KV.<bucket>.<key>``)."""
        return f"$KV.{bucket}.{key}"
