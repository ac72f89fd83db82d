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
import time
from dataclasses import dataclass, field

from research_chain.bus import Bus, Message
from research_chain.bus import names as n
from research_chain.errors import InvalidName, PermanentError, RetryableError
from research_chain.observability import new_traceparent
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
from research_chain.runtime.schedule import schedule_deadline
from research_chain.runtime.state import LoopState, LoopStatus, LoopStore

__all__ = ["DEADLINE_HINT", "Intake", "Request", "parse_request"]

log = logging.getLogger(__name__)

DEADLINE_HINT = "deadline_s"
RETRY_DELAY_S = 0.25


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


def _count(request: Request, triple: Triple) -> int:
    try:
        value = int(triple.object.strip())
    except ValueError:
        request.problems.append(f"{triple.predicate}: {triple.object!r} is not an integer")
        return 0
    if value < 0:
        request.problems.append(f"{triple.predicate}: must be >= 0, got {value}")
        return 0
    return value


def _hint(request: Request, triple: Triple) -> None:
    key, sep, value = triple.object.partition("=")
    if not sep or not key.strip() or not value.strip():
        request.problems.append(f"{triple.predicate}: {triple.object!r} is not key=value")
        return
    request.hints[key.strip()] = value.strip()


def _deadline(request: Request) -> None:
    raw = request.hints.pop(DEADLINE_HINT, None)
    if raw is None:
        return
    try:
        request.deadline_s = float(raw)
    except ValueError:
        request.deadline_s = -1.0
    if not request.deadline_s > 0:
        request.problems.append(f"research.hint: {DEADLINE_HINT}={raw!r} must be seconds > 0")
        request.deadline_s = None


def parse_request(entity: EntityState) -> Request:
    """The request a research-loop entity carries; ``problems`` says why it cannot run."""
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
                _hint(request, triple)
            case Predicate.RESEARCH_BUDGET_TOKENS:
                request.budget_tokens = _count(request, triple)
            case Predicate.RESEARCH_MAX_ITERATIONS:
                request.max_iterations = _count(request, triple)
            case Predicate.RESEARCH_PARENT_LOOP:
                request.parent = triple.object.strip()
    request.topic = request.topic or requested
    _deadline(request)
    if role != PIPELINE_ROLE:
        request.problems.insert(0, f"loop.role: must be {PIPELINE_ROLE!r}, got {role!r}")
    if not request.topic.strip():
        request.problems.insert(0, "research.topic: must not be blank")
    try:
        n.validate_loop_id(request.loop_id)
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
    ) -> None:
        self._bus = bus
        self._store = store
        self._continuation = continuation
        self._bucket = entities_bucket
        self._default_deadline_s = default_deadline_s
        self._registry = default_registry()

    async def handle(self, msg: Message) -> None:
        headers = msg.headers
        if headers.get(n.Header.KV_OPERATION) in ("DEL", "PURGE"):
            await settle(msg.ack())
            return
        try:
            entity = self._registry.decode_as(msg.data, EntityState).payload
            await self.start(parse_request(entity))
        except RetryableError as exc:
            log.warning("intake of %s failed (%s); retrying", msg.subject, exc)
            await settle(msg.nak(delay=RETRY_DELAY_S))
            return
        except PermanentError as exc:
            await self._park(msg, f"{type(exc).__name__}: {exc}")
        await settle(msg.ack())

    async def start(self, request: Request) -> None:
        if request.problems:
            await self._refuse(request)
            return
        now = time.time()
        asked = Intent(
            topic=request.topic,
            hints=request.hints,
            budget_tokens=request.budget_tokens,
            max_iterations=request.max_iterations,
        )
        intent = asked.model_copy(
            update={
                "budget_tokens": asked.resolved_budget_tokens(),
                "max_iterations": asked.resolved_max_iterations(),
            }
        )
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
        headers: dict[str, str] = {
            n.Header.MSG_ID: "requested:" + state.loop_id,
            n.Header.STEP: "0",
            n.Header.TRACEPARENT: state.trace_context,
        }
        subject = self._store.kv_subject(n.requested_key(state.loop_id))
        data = self._registry.encode(state.intent, id=n.requested_key(state.loop_id))
        await self._bus.publish(subject, data, headers=headers)
        log.info("loop %s: started for parent %s", state.loop_id, state.parent_loop_id)

    async def _refuse(self, request: Request) -> None:
        reason = "invalid request: " + "; ".join(request.problems)
        if not request.parent:
            await self._park_reason(request.loop_id, reason)
            return
        if await self._store.kv.read(n.complete_key(request.loop_id)) is not None:
            return
        await self._continuation.degrade(
            request.loop_id, reason, fallback="invalid-request", parent=request.parent
        )
        log.info("loop %s: refused: %s", request.loop_id, reason)

    async def _park(self, msg: Message, reason: str) -> None:
        await self._park_reason(msg.subject.rpartition(".")[2], reason, msg.data)

    async def _park_reason(self, loop_id: str, reason: str, data: bytes = b"") -> None:
        log.warning("loop %s: parked at intake: %s", loop_id, reason)
        headers: dict[str, str] = {
            n.Header.REASON: reason[:1000],
            n.Header.ERROR_MESSAGE: reason[:1000],
            n.Header.ERROR_TYPE: "InvalidRequest",
            n.Header.LOOP_ID: loop_id,
        }
        await self._bus.publish(n.intake_dlq_subject(), data, headers=headers)
