"""Intake: research-loop entities in the graph become running loops.

A durable consumer on the entity bucket's stream, filtered to ``research_loop``
entities and shared by every replica, reads each write, assembles the
:class:`Intent` from its triples, creates the loop state once (a repeat for the
same loop id starts nothing), schedules the deadline and writes the R0 trigger.
A request that cannot run still gets a degraded result naming the problem; one
with no parent to answer is parked on the intake dead-letter subject.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass, field

from research_chain.bus import Bus, Message
from research_chain.bus import names as n
from research_chain.bus.trace_context import inject, new_traceparent
from research_chain.config import Settings
from research_chain.errors import BusUnavailable, InvalidName, RetryableError
from research_chain.payloads import (
    PIPELINE_ROLE,
    EntityState,
    Intent,
    Predicate,
    default_registry,
)
from research_chain.payloads.graph import Triple
from research_chain.runtime.consume import settle
from research_chain.runtime.continuation import Continuation
from research_chain.runtime.parking import park
from research_chain.runtime.schedule import schedule_deadline
from research_chain.runtime.state import LoopState, LoopStatus, LoopStore

__all__ = [
    "DEADLINE_HINT",
    "Intake",
    "Request",
    "RequestLimits",
    "parse_request",
    "request_intent",
]

log = logging.getLogger(__name__)

DEADLINE_HINT = "deadline_s"
RETRY_DELAY_S = 0.25


@dataclass(frozen=True, slots=True)
class RequestLimits:
    """The bounds a request must keep; their defaults live in :class:`Settings` only."""

    max_topic_chars: int
    max_hints: int
    max_hint_key_chars: int
    max_hint_value_chars: int
    require_uuid: bool
    max_loop_id_chars: int
    max_budget_tokens: int
    max_iterations: int
    min_deadline_s: float
    max_deadline_s: float

    @classmethod
    def of(cls, settings: Settings | None = None) -> RequestLimits:
        settings = settings or Settings()
        return cls(
            max_topic_chars=settings.max_topic_chars,
            max_hints=settings.max_hints,
            max_hint_key_chars=settings.max_hint_key_chars,
            max_hint_value_chars=settings.max_hint_value_chars,
            require_uuid=settings.loop_id_format == "uuid",
            max_loop_id_chars=settings.max_loop_id_chars,
            max_budget_tokens=settings.max_budget_tokens,
            max_iterations=settings.max_iterations_cap,
            min_deadline_s=settings.min_deadline_s,
            max_deadline_s=settings.max_deadline_s,
        )


@dataclass(slots=True)
class Request:
    """What the triples said, with every problem found (empty when runnable)."""

    loop_id: str
    parent: str = ""
    topic: str = ""
    hints: dict[str, str] = field(default_factory=dict)
    budget_tokens: int = 0
    max_iterations: int = 0
    deadline_s: float | None = None
    problems: list[str] = field(default_factory=list)


def _cut(text: str) -> str:
    return text if len(text) <= 40 else text[:40] + "..."


def _shown(text: str) -> str:
    return repr(_cut(text))


def _count(request: Request, triple: Triple, most: int) -> int:
    try:
        value = int(triple.object.strip())
    except ValueError:
        request.problems.append(f"{triple.predicate}: {_shown(triple.object)} is not an integer")
        return 0
    if not 0 <= value <= most:
        request.problems.append(f"{triple.predicate}: must be 0..{most}, got {_cut(str(value))}")
        return 0
    return value


def _hint(request: Request, triple: Triple, limits: RequestLimits) -> None:
    key, sep, value = triple.object.partition("=")
    key, value = key.strip(), value.strip()
    if not sep or not key or not value:
        request.problems.append(
            f"{triple.predicate}: {_shown(triple.object)} is not key=value (omit blank hints)"
        )
    elif len(key) > limits.max_hint_key_chars or len(value) > limits.max_hint_value_chars:
        request.problems.append(
            f"{triple.predicate}: {_shown(key)} longer than {limits.max_hint_key_chars} "
            f"(key) or {limits.max_hint_value_chars} (value) characters"
        )
    elif key not in request.hints and len(request.hints) >= limits.max_hints:
        request.problems.append(f"{triple.predicate}: more than {limits.max_hints} hints")
    else:
        request.hints[key] = value


def _deadline(request: Request, limits: RequestLimits) -> None:
    raw = request.hints.pop(DEADLINE_HINT, None)
    if raw is None:
        return
    try:
        seconds = float(raw)
    except ValueError:
        seconds = math.nan
    if not limits.min_deadline_s <= seconds <= limits.max_deadline_s:  # NaN and inf fail too
        request.problems.append(
            f"research.hint: {DEADLINE_HINT}={_shown(raw)} must be seconds in "
            f"{limits.min_deadline_s:g}..{limits.max_deadline_s:g}"
        )
        return
    request.deadline_s = seconds


def parse_request(entity: EntityState, limits: RequestLimits | None = None) -> Request:
    """The request a research-loop entity carries; ``problems`` says why it cannot run,
    each naming its field."""
    limits = limits or RequestLimits.of()
    request = Request(loop_id=entity.id.rpartition(".")[2])
    role, requested = "", ""
    for triple in entity.triples:
        match triple.predicate:
            case Predicate.LOOP_ROLE:
                role = triple.object
            case Predicate.RESEARCH_REQUESTED:
                requested = triple.object
            case Predicate.RESEARCH_TOPIC:
                request.topic = triple.object
            case Predicate.RESEARCH_HINT:
                _hint(request, triple, limits)
            case Predicate.RESEARCH_BUDGET_TOKENS:
                request.budget_tokens = _count(request, triple, limits.max_budget_tokens)
            case Predicate.RESEARCH_MAX_ITERATIONS:
                request.max_iterations = _count(request, triple, limits.max_iterations)
            case Predicate.RESEARCH_PARENT_LOOP:
                request.parent = triple.object.strip()
    request.topic = request.topic or requested
    _deadline(request, limits)
    if role != PIPELINE_ROLE:
        request.problems.insert(0, f"loop.role: must be {PIPELINE_ROLE!r}, got {_shown(role)}")
    if not request.topic.strip():
        request.problems.insert(0, "research.topic: must not be blank")
    elif len(request.topic) > limits.max_topic_chars:
        request.problems.insert(
            0,
            f"research.topic: {len(request.topic)} characters, "
            f"at most {limits.max_topic_chars} allowed",
        )
    try:
        n.validate_loop_id(
            request.loop_id,
            require_uuid=limits.require_uuid,
            max_chars=limits.max_loop_id_chars,
        )
    except InvalidName as exc:
        request.problems.insert(0, str(exc))
    if request.parent:
        try:
            n.check_token(request.parent, "research.parent_loop")
        except InvalidName as exc:
            request.problems.append(str(exc))
            request.parent = ""
    else:
        request.problems.append("research.parent_loop: missing")
    return request


def request_intent(request: Request) -> Intent:
    """The intent a runnable request's loop starts with, its budgets resolved: what the
    loop state keeps and the first stage reads (the in-process dev loop takes it too)."""
    asked = Intent(
        topic=request.topic,
        hints=request.hints,
        budget_tokens=request.budget_tokens,
        max_iterations=request.max_iterations,
    )
    return asked.model_copy(
        update={
            "budget_tokens": asked.resolved_budget_tokens(),
            "max_iterations": asked.resolved_max_iterations(),
        }
    )


class Intake:
    """Handles entity-bucket messages; run it under a :class:`PullLoop` on the intake durable."""

    def __init__(
        self,
        bus: Bus,
        store: LoopStore,
        continuation: Continuation,
        *,
        entities_bucket: str,
        default_deadline_s: float,
        limits: RequestLimits | None = None,
        max_attempts: int = 50,
    ) -> None:
        self._bus = bus
        self._store = store
        self._continuation = continuation
        self._bucket = entities_bucket
        self._default_deadline_s = default_deadline_s
        self._limits = limits or RequestLimits.of()
        self._max_attempts = max_attempts
        self._registry = default_registry()

    async def handle(self, msg: Message) -> None:
        """Start the loop; a transient failure is retried, anything else (or the last
        attempt) is parked with its reason and, when the parent is known, answered."""
        if msg.headers.get(n.Header.KV_OPERATION) in ("DEL", "PURGE"):
            await settle(msg.ack())
            return
        request: Request | None = None
        try:
            entity = self._registry.decode_as(msg.data, EntityState).payload
            request = parse_request(entity, self._limits)
            if request.problems:
                await self._refuse(request, msg)
            else:
                await self.start(request)
        except RetryableError as exc:
            if msg.attempt < self._max_attempts:
                log.warning("intake of %s failed (%s); retrying", msg.subject, exc)
                await settle(msg.nak(delay=RETRY_DELAY_S))
                return
            if not await self._give_up(msg, request, exc):
                return
        except Exception as exc:  # permanent, or a bug: it must still end somewhere
            if not await self._give_up(msg, request, exc):
                return
        await settle(msg.ack())

    async def _give_up(self, msg: Message, request: Request | None, error: Exception) -> bool:
        """Park and tell the parent; False (after a nak) when not even parking worked."""
        loop_id = request.loop_id if request else msg.subject.rpartition(".")[2]
        if not await park(self._bus, "intake", msg, error, loop_id=loop_id):
            await settle(msg.nak(delay=RETRY_DELAY_S))
            return False
        if request is not None and request.parent:
            reason = f"intake failed: {type(error).__name__}: {error}"
            try:
                await self._answer_refusal(request, reason)
            except Exception:
                log.exception("loop %s: parked, but the parent could not be told", loop_id)
        return True

    async def start(self, request: Request) -> None:
        """Create the loop (once), schedule its deadline and write the R0 trigger."""
        now = time.time()
        intent = request_intent(request)
        state = LoopState(
            loop_id=request.loop_id,
            parent_loop_id=request.parent,
            intent=intent,
            current=intent,
            deadline=now + (request.deadline_s or self._default_deadline_s),
            started_at=now,
            trace_context=new_traceparent(),
        )
        if not await self._store.create(state):
            existing, _ = await self._store.get(request.loop_id)
            if existing is None or existing.status is not LoopStatus.PENDING:
                log.info("loop %s: duplicate request ignored", request.loop_id)
                return
            state = existing
        await schedule_deadline(self._bus, state.loop_id, state.deadline)
        headers = inject(
            {n.Header.MSG_ID: "requested:" + state.loop_id, n.Header.STEP: "0"},
            state.trace_context,
        )
        subject = self._store.kv_subject(n.requested_key(state.loop_id))
        data = self._registry.encode(state.intent, id=n.requested_key(state.loop_id))
        await self._bus.publish(subject, data, headers=headers)
        log.info("loop %s: started for parent %s", state.loop_id, state.parent_loop_id)

    async def _refuse(self, request: Request, msg: Message) -> None:
        reason = "invalid request: " + "; ".join(request.problems)
        if not request.parent:
            if not await park(self._bus, "intake", msg, reason, loop_id=request.loop_id):
                raise BusUnavailable(f"loop {request.loop_id[:64]}: could not park the refusal")
            return
        await self._answer_refusal(request, reason)
        log.info("loop %s: refused: %s", request.loop_id[:64], reason)

    async def _answer_refusal(self, request: Request, reason: str) -> None:
        """A degraded result to the parent; kept by loop id when the id can key it."""
        try:
            n.check_token(request.loop_id, "loop_id")
        except InvalidName:
            await self._continuation.refuse_unkeyed(request.loop_id, request.parent, reason)
            return
        if await self._store.kv.read(n.complete_key(request.loop_id)) is not None:
            return
        await self._continuation.degrade(
            request.loop_id, reason, fallback="invalid-request", parent=request.parent
        )
