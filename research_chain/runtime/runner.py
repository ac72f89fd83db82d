"""A stage worker: fetch -> decode -> hooks -> handle -> write completion -> settle.

Disposition lives in :meth:`StageRunner._dispose` only: success writes the
completion (deduplicated by loop, stage and step) and acks; a retryable failure
naks with the policy's backoff; a permanent failure or the last attempt parks
the message on the stage's dead-letter subject, terms it and ends the loop
degraded.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from research_chain.bus import Bus, Message
from research_chain.bus import names as n
from research_chain.bus.names import Stage
from research_chain.bus.trace_context import extract, inject
from research_chain.components.base import Component, LoopSnapshot, StageContext
from research_chain.errors import BusUnavailable, DecodeError, HandlerTimeout, ValidationFailed
from research_chain.payloads import (
    AssessmentOutput,
    ClassifierOutput,
    ExecutionOutput,
    RouteDecision,
    WireModel,
    default_registry,
)
from research_chain.retrieval.reading import Readings
from research_chain.runtime.bulky import fit
from research_chain.runtime.consume import settle
from research_chain.runtime.continuation import Continuation
from research_chain.runtime.hooks import Delivery, Hook
from research_chain.runtime.retry import RetryPolicy, compute_backoff, is_retryable
from research_chain.runtime.state import LoopState, LoopStore
from research_chain.runtime.transitions import provenance_headers

if TYPE_CHECKING:
    from research_chain.graph.protocol import GraphBackend

__all__ = ["StageRunner", "completion_id"]

log = logging.getLogger(__name__)

STATE_POLL_S = 0.005
STATE_CATCH_UP_S = 1.0

# Earlier payloads each stage's snapshot carries (route decisions come from loop state,
# where the engine keeps the one it acted on, forced or not).
NEEDS: dict[Stage, tuple[Stage, ...]] = {
    Stage.NL_CLASSIFY: (),
    Stage.ROUTE_SEARCH: (),
    Stage.EXECUTE_SUBQUERIES: (Stage.NL_CLASSIFY, Stage.EXECUTE_SUBQUERIES),
    Stage.ASSESS_SUFFICIENCY: (Stage.NL_CLASSIFY,),
    Stage.SYNTHESIZE_ANSWER: (
        Stage.NL_CLASSIFY,
        Stage.EXECUTE_SUBQUERIES,
        Stage.ASSESS_SUFFICIENCY,
    ),
}
STAGE_PAYLOAD: dict[Stage, type[WireModel]] = {
    Stage.NL_CLASSIFY: ClassifierOutput,
    Stage.EXECUTE_SUBQUERIES: ExecutionOutput,
    Stage.ASSESS_SUFFICIENCY: AssessmentOutput,
}


def completion_id(loop_id: str, stage: Stage, step: int) -> str:
    """The envelope id (and ``Nats-Msg-Id``) of one stage run's completion."""
    return "done:" + n.dispatch_msg_id(loop_id, stage, step)


class _Skip(Exception):
    """The dispatch is stale or already answered: ack it without running."""


class StageRunner:
    """Runs one stage's component for every dispatch its durable delivers."""

    def __init__(
        self,
        bus: Bus,
        component: Component[Any, Any],
        store: LoopStore,
        continuation: Continuation,
        hooks: Hook,
        policy: RetryPolicy,
        *,
        graph: GraphBackend | None = None,
        judge: Any = None,
        evidence_store: str = n.Names().evidence_store,
        readings: Readings | None = None,
    ) -> None:
        self._bus = bus
        self._evidence_store = evidence_store
        self._component = component
        self._stage = component.stage
        self._store = store
        self._continuation = continuation
        self._hooks = hooks
        self._policy = policy
        self._graph = graph
        self._judge = judge
        self._readings = readings
        self._registry = default_registry()

    async def handle(self, msg: Message) -> None:
        headers = dict(msg.headers)
        delivery = Delivery(
            loop_id=msg.subject.rpartition(".")[2],
            stage=self._stage,
            step=int(headers.get(n.Header.STEP, "0") or 0),
            attempt=msg.attempt,
            headers=headers,
        )
        try:
            await self._run(msg, delivery)
        except _Skip:
            await settle(msg.ack())
        except Exception as exc:
            await self._dispose(msg, delivery, exc)
        else:
            await settle(msg.ack())

    async def _run(self, msg: Message, delivery: Delivery) -> None:
        n.check_token(delivery.loop_id, "loop_id")
        envelope = self._registry.decode(msg.data)
        if not isinstance(envelope.payload, self._component.inputs):
            raise DecodeError(
                f"{self._stage.value} does not accept {envelope.type.key}", raw=msg.data
            )
        state, payloads = await self._load(delivery, envelope.payload)
        ctx = StageContext(
            loop_id=delivery.loop_id,
            parent_loop_id=state.parent_loop_id,
            stage=self._stage,
            attempt=delivery.attempt,
            round=int(delivery.headers.get(n.Header.ROUND, "0") or 0),
            deadline=state.deadline,
            snapshot=_snapshot(state, payloads),
            graph=self._graph,  # type: ignore[arg-type]
            judge=self._judge,
            headers=delivery.headers,
            readings=self._readings,
            log=logging.LoggerAdapter(
                log, {"loop_id": delivery.loop_id, "stage": self._stage.value}
            ),
        )
        await self._hooks.before_handle(ctx)
        started = time.perf_counter()
        try:
            result = await self._handle_in_time(ctx, envelope.payload)
            if not isinstance(result, self._component.output):
                raise ValidationFailed(
                    f"{self._stage.value} returned {type(result).__name__}, "
                    f"expected {self._component.output.__name__}"
                )
            await self._write_completion(ctx, delivery, result)
        except Exception as exc:
            await self._hooks.after_handle(
                ctx, result=None, error=exc, duration_s=time.perf_counter() - started
            )
            raise
        await self._hooks.after_handle(
            ctx, result=result, error=None, duration_s=time.perf_counter() - started
        )

    async def _handle_in_time(self, ctx: StageContext, payload: WireModel) -> WireModel:
        """Run the component within the policy's time limit. The consumer's heartbeats keep
        a live handler's message, so this limit, not ``ack_wait``, is what ends a hang: the
        attempt fails as retryable and the next delivery runs it afresh."""
        limit = self._policy.handler_timeout_s
        try:
            async with asyncio.timeout(limit):
                result: WireModel = await self._component.handle(ctx, payload)
        except TimeoutError as exc:
            raise HandlerTimeout(f"{self._stage.value} ran past its {limit:g}s limit") from exc
        return result

    async def _load(
        self, delivery: Delivery, payload: WireModel
    ) -> tuple[LoopState, dict[Stage, WireModel]]:
        """The loop state and the earlier payloads this stage reads, all at once.

        The dispatch body is itself the latest payload of its type, so it is not
        read back; on a redelivery the stage's own key is read too, to skip a run
        whose completion was already written. A payload this process kept at the
        revision the state folded in is taken as it is (no read, no decode).
        """
        wanted = [s for s in NEEDS[self._stage] if not isinstance(payload, STAGE_PAYLOAD[s])]
        if delivery.attempt > 1:
            wanted.append(self._stage)
        payloads: dict[Stage, WireModel] = {}
        written = self._written_state(delivery)
        if written is not None:
            for stage in list(wanted):
                revision = written.revisions.get(n.STAGE_KEY_PREFIX[stage], 0)
                kept = self._store.kept_payload(n.stage_key(stage, delivery.loop_id), revision)
                if kept is not None:
                    payloads[stage] = kept
                    wanted.remove(stage)
        reads = [self._store.kv.read(n.stage_key(s, delivery.loop_id)) for s in wanted]
        if written is None:
            results = await asyncio.gather(self._current_state(delivery), *reads)
            state = cast(LoopState, results[0])
            raws = cast(list[bytes | None], results[1:])
        else:
            state, raws = written, list(await asyncio.gather(*reads))
        for stage, raw in zip(wanted, raws, strict=True):
            if raw is None:
                continue
            envelope = self._registry.decode(raw)
            if stage is self._stage and delivery.attempt > 1:
                if envelope.id == completion_id(delivery.loop_id, stage, delivery.step):
                    raise _Skip
                if stage not in NEEDS[self._stage]:
                    continue
            payloads[stage] = envelope.payload
        for stage, model in STAGE_PAYLOAD.items():
            if isinstance(payload, model):
                payloads[stage] = payload
        if state.route is not None:
            payloads[Stage.ROUTE_SEARCH] = state.route
        return state, payloads

    def _written_state(self, delivery: Delivery) -> LoopState | None:
        """On a first delivery, the state the engine in this process wrote just before it
        dispatched: no read needed (None on a redelivery, which may be stale, or when the
        state is not here)."""
        if delivery.attempt != 1:
            return None
        cached = self._store.peek(delivery.loop_id)
        if cached is None or cached.step != delivery.step or cached.finished:
            return None
        return cached

    async def _current_state(self, delivery: Delivery) -> LoopState:
        """The loop state at this dispatch's step; stale or finished dispatches are skipped.

        The engine records the step before it dispatches, so the state is normally
        there already; after a crash-repair redispatch it may lag for a moment.
        """
        waited = 0.0
        while True:
            state, _ = await self._store.get(delivery.loop_id)
            if state is None or state.finished or state.step > delivery.step:
                raise _Skip
            if state.step == delivery.step:
                return state
            if waited >= STATE_CATCH_UP_S:
                raise BusUnavailable(
                    f"loop {delivery.loop_id}: state at step {state.step}, "
                    f"dispatch at {delivery.step}",
                    delay=STATE_CATCH_UP_S,
                )
            await asyncio.sleep(STATE_POLL_S)
            waited += STATE_POLL_S

    async def _write_completion(
        self, ctx: StageContext, delivery: Delivery, result: WireModel
    ) -> None:
        cid = completion_id(delivery.loop_id, self._stage, delivery.step)
        prov = ctx.provenance
        headers: dict[str, str] = {
            n.Header.MSG_ID: cid,
            n.Header.STEP: str(delivery.step),
            n.Header.ATTEMPT: str(delivery.attempt),
            **provenance_headers(prov.tokens_used, prov.tiers_used, prov.fallbacks_used),
        }
        inject(headers, extract(delivery.headers))
        key = n.stage_key(self._stage, delivery.loop_id)
        stored, data = await fit(
            self._bus, self._evidence_store, result,
            name=f"{delivery.loop_id}.{self._stage.value}.{delivery.step}",
            encode=lambda payload: self._registry.encode(payload, id=cid),
        )  # fmt: skip
        published = await self._bus.publish(self._store.kv_subject(key), data, headers=headers)
        if not published.duplicate:
            self._store.keep_payload(key, published.seq, stored)

    async def _dispose(self, msg: Message, delivery: Delivery, error: Exception) -> None:
        last = delivery.attempt >= self._policy.max_attempts
        if is_retryable(self._policy, error) and not last:
            delay = compute_backoff(
                self._policy, delivery.attempt, override_s=getattr(error, "delay", None)
            )
            await self._hooks.on_retry(delivery, error, delay)
            log.info(
                "loop %s %s attempt %d failed (%s: %s); retry in %.3fs",
                delivery.loop_id, self._stage.value, delivery.attempt,
                type(error).__name__, error, delay,
            )  # fmt: skip
            await settle(msg.nak(delay=delay))
            return
        await self._park(msg, delivery, error)

    async def _park(self, msg: Message, delivery: Delivery, error: Exception) -> None:
        headers: dict[str, str] = {
            n.Header.ERROR_TYPE: type(error).__name__,
            n.Header.ERROR_MESSAGE: str(error)[:1000] or type(error).__name__,
            n.Header.ATTEMPT: str(delivery.attempt),
            n.Header.LOOP_ID: delivery.loop_id,
            n.Header.STAGE: self._stage.value,
            n.Header.MSG_ID: f"dlq:{msg.seq}",
        }
        try:
            await self._bus.publish(n.dlq_subject(self._stage), msg.data, headers=headers)
        except Exception as exc:
            log.warning("loop %s: could not park (%s); retrying", delivery.loop_id, exc)
            await settle(msg.nak(delay=self._policy.max_delay_s))
            return
        await settle(msg.term())
        await self._hooks.on_dead_letter(delivery, error)
        reason = (
            f"{self._stage.value} failed after {delivery.attempt} attempt(s): "
            f"{type(error).__name__}: {error}"
        )
        log.warning("loop %s: parked: %s", delivery.loop_id, reason)
        try:
            await self._continuation.degrade(
                delivery.loop_id, reason, fallback=f"{self._stage.value}-dead-lettered"
            )
        except Exception:
            log.exception("loop %s: could not end degraded after parking", delivery.loop_id)


def _snapshot(state: LoopState, payloads: Mapping[Stage, WireModel]) -> LoopSnapshot:
    def typed(stage: Stage, model: type[WireModel]) -> Any:
        found = payloads.get(stage)
        return found if isinstance(found, model) else None

    return LoopSnapshot(
        intent=state.current,
        classifier_output=typed(Stage.NL_CLASSIFY, ClassifierOutput),
        route_decision=typed(Stage.ROUTE_SEARCH, RouteDecision),
        execution_output=typed(Stage.EXECUTE_SUBQUERIES, ExecutionOutput),
        assessment_output=typed(Stage.ASSESS_SUFFICIENCY, AssessmentOutput),
        retighten_rounds=state.retighten_rounds,
        refine_rounds=state.refine_rounds,
        tokens_spent=state.tokens_spent,
        tiers_used=frozenset(state.tiers_used),
        fallbacks_used=tuple(state.fallbacks_used),
        started_at=state.started_at,
    )
