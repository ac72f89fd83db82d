"""The rule engine: one durable consumer of trigger keys, shared by every replica.

Per trigger: ignore it if the loop finished or the trigger is stale, end the
loop if its deadline passed, otherwise fold the completion into the state,
pick the rule's branch, build the next input, advance the state by
compare-and-set and only then dispatch (deduplicated by loop, stage and step).
A replica that dies between the two leaves a state that names the trigger which
advanced it (``fired_by``); whichever replica gets the trigger again re-sends the
dispatch, whether it sees the advanced state at once or only after its own
compare-and-set is refused.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

from research_chain.bus import Bus, Message
from research_chain.bus import names as n
from research_chain.bus.names import Stage
from research_chain.errors import (
    BusUnavailable,
    InvalidName,
    PermanentError,
    RetryableError,
)
from research_chain.payloads import SearchResult, WireModel, default_registry
from research_chain.rules import (
    ActionContext,
    Decision,
    RulePack,
    build_input,
    decide,
    recall,
)
from research_chain.rules.spec import LIMITS, TRIGGER_PAYLOADS
from research_chain.runtime.consume import settle
from research_chain.runtime.continuation import DEADLINE_EXCEEDED, Continuation
from research_chain.runtime.dispatch import dispatch
from research_chain.runtime.hooks import Hook, RuleFired
from research_chain.runtime.parking import park
from research_chain.runtime.state import LoopState, LoopStore
from research_chain.runtime.transitions import advance, apply_completion

__all__ = ["RuleEngine"]

log = logging.getLogger(__name__)

CATCH_UP_DELAY_S = 0.02
RETRY_DELAY_S = 0.25


def _variables(state: LoopState, payload: WireModel) -> dict[str, object]:
    intent = state.current
    return {
        "payload": payload,
        "state": state.cel_view(),
        "intent": {
            "topic": intent.topic,
            "hints": dict(intent.hints),
            "budget_tokens": intent.resolved_budget_tokens(),
            "max_iterations": intent.resolved_max_iterations(),
        },
        "limits": dict(LIMITS),
    }


class RuleEngine:
    """Handles trigger messages; run it under a :class:`PullLoop` on the engine durable."""

    def __init__(
        self,
        bus: Bus,
        pack: RulePack,
        store: LoopStore,
        continuation: Continuation,
        hooks: Hook,
        *,
        loops_bucket: str,
        max_attempts: int = 50,
    ) -> None:
        self._bus = bus
        self._max_attempts = max_attempts
        self._pack = pack
        self._store = store
        self._continuation = continuation
        self._hooks = hooks
        self._bucket = loops_bucket
        self._registry = default_registry()

    async def handle(self, msg: Message) -> None:
        headers = msg.headers
        if headers.get(n.Header.KV_OPERATION) in ("DEL", "PURGE"):
            await settle(msg.ack())
            return
        try:
            trigger, loop_id = n.split_trigger_key(n.kv_key_of(self._bucket, msg.subject))
        except InvalidName as exc:
            log.warning("engine: ignoring %s: %s", msg.subject, exc)
            await settle(msg.term())
            return
        try:
            action = await self._fire(msg, trigger, loop_id, headers)
        except RetryableError as exc:
            if msg.attempt < self._max_attempts:
                log.debug("loop %s: %s on %s; retrying", loop_id, exc, trigger)
                delay = RETRY_DELAY_S if exc.delay is None else exc.delay
                action = msg.nak(delay=delay)
            else:
                action = await self._give_up(msg, loop_id, trigger, exc)
        except Exception as exc:  # permanent, or a bug: the loop must still end
            action = await self._give_up(msg, loop_id, trigger, exc)
        await settle(action)

    async def _give_up(
        self, msg: Message, loop_id: str, trigger: str, error: Exception
    ) -> Awaitable[None]:
        """Park the trigger with its reason and end the loop degraded; a nak when not even
        parking worked (the trigger comes back)."""
        if not await park(self._bus, "engine", msg, error, loop_id=loop_id):
            return msg.nak(delay=RETRY_DELAY_S)
        try:
            await self._continuation.degrade(
                loop_id,
                f"rule chain failed on {trigger}: {type(error).__name__}: {error}",
                fallback="rule-failure",
            )
        except Exception:
            log.exception("loop %s: parked, but it could not be ended degraded", loop_id)
        return msg.ack()

    async def _fire(
        self, msg: Message, trigger: str, loop_id: str, headers: dict[str, str]
    ) -> Awaitable[None]:
        """Returns the settle action: ack when handled or ignored, a short nak to wait."""
        step = int(headers.get(n.Header.STEP, "0") or 0)
        state: LoopState | None
        cached = self._store.take_cached(loop_id)
        if cached is not None and cached[0].step == step and cached[0].awaiting == trigger:
            state, revision = cached
        else:
            state, revision = await self._store.get(loop_id)
        if state is None or state.finished:
            return msg.ack()
        if step < state.step:
            await self._redispatch(state, trigger, step, msg)
            return msg.ack()
        if step > state.step:
            raise BusUnavailable(
                f"loop {loop_id}: trigger at step {step}, state at {state.step}",
                delay=CATCH_UP_DELAY_S,
            )
        if trigger != state.awaiting:
            log.warning(
                "loop %s: %s at step %d, awaiting %s", loop_id, trigger, step, state.awaiting
            )
            return msg.ack()
        if time.time() > state.deadline:
            await self._continuation.degrade(
                loop_id, DEADLINE_EXCEEDED, fallback="deadline-exceeded", state=state
            )
            return msg.ack()
        await self._apply(msg, trigger, step, headers, state, revision)
        return msg.ack()

    async def _apply(
        self,
        msg: Message,
        trigger: str,
        step: int,
        headers: dict[str, str],
        state: LoopState,
        revision: int,
    ) -> None:
        """Fold the completion in, decide, and finish or advance-then-dispatch."""
        started = time.perf_counter()
        payload = self._completion(msg, trigger)
        applied = apply_completion(state, trigger, payload, headers, msg.seq)
        decision = decide(self._pack, trigger, _variables(applied, payload))
        if decision.finish:
            if not isinstance(payload, SearchResult):
                raise PermanentError(f"rule {decision.label} finishes without a SearchResult")
            await self._continuation.deliver(applied, payload, revision=revision)
        else:
            body = await build_input(decision, self._action_context(applied, payload))

            def mutate(current: LoopState) -> LoopState | None:
                if current.finished or current.step != step or current.awaiting != trigger:
                    return None
                if current is not applied:  # a re-read after a lost compare-and-set
                    current = apply_completion(current, trigger, payload, headers, msg.seq)
                return advance(current, payload, decision, body, f"{trigger}:{step}")

            # State first, then the dispatch: a worker never sees work its loop state does
            # not know about; a crash in between is repaired by _redispatch on redelivery.
            advanced = await self._store.update(state.loop_id, mutate, known=(applied, revision))
            if advanced is not None:
                await self._send(advanced, decision, body)
            else:
                # Refused: the stored state had moved on, under this process's cached copy
                # or a concurrent replica. If this trigger moved it, the replica that did
                # may have died before its dispatch went out.
                fresh, _ = await self._store.get(state.loop_id)
                if fresh is not None:
                    await self._redispatch(fresh, trigger, step, msg)
        await self._hooks.on_rule(
            RuleFired(
                loop_id=state.loop_id,
                rule=decision.label,
                trigger=trigger,
                stage=decision.stage.value if decision.stage else None,
                step=step + (0 if decision.finish else 1),
                duration_ms=(time.perf_counter() - started) * 1000,
                fallback=decision.fallback,
                traceparent=state.trace_context,
                counts=decision.count,
            )
        )

    def _completion(self, msg: Message, trigger: str) -> WireModel:
        """The trigger's payload: the one a stage in this process kept when it wrote it,
        else decoded (and kept for the stages after it)."""
        model = TRIGGER_PAYLOADS[trigger]
        key = n.kv_key_of(self._bucket, msg.subject)
        kept = self._store.kept_payload(key, msg.seq)
        if isinstance(kept, model):
            return kept
        payload = self._registry.decode_as(msg.data, model).payload
        self._store.keep_payload(key, msg.seq, payload)
        return payload

    def _action_context(self, state: LoopState, payload: WireModel) -> ActionContext:
        return ActionContext(
            payload=payload,
            intent=state.current,
            candidates=state.candidates,
            load=self._loader(state.loop_id),
        )

    async def _send(self, state: LoopState, decision: Decision, body: WireModel) -> bool:
        """False when the stream had this dispatch already."""
        assert decision.stage is not None
        return await dispatch(
            self._bus,
            decision.stage,
            state.loop_id,
            step=state.step,
            round_=state.round,
            body=body,
            parent_loop_id=state.parent_loop_id,
            traceparent=state.trace_context,
        )

    async def _redispatch(self, state: LoopState, trigger: str, step: int, msg: Message) -> None:
        """When this trigger advanced the loop before, send its dispatch again: the stream
        drops it if the first one was stored, and a worker skips it if already answered."""
        if state.finished or state.fired_by != f"{trigger}:{step}":
            return
        payload = self._registry.decode_as(msg.data, TRIGGER_PAYLOADS[trigger]).payload
        decision = recall(self._pack, trigger, state.fired_rule)
        if decision.stage is None:
            return
        body = await build_input(decision, self._action_context(state, payload))
        if await self._send(state, decision, body):
            log.info(
                "loop %s: %s dispatch at step %d re-sent: the stream did not have it",
                state.loop_id, decision.stage.value, state.step,
            )  # fmt: skip

    def _loader(self, loop_id: str) -> Callable[[Stage], Awaitable[WireModel | None]]:
        async def load(stage: Stage) -> WireModel | None:
            raw = await self._store.kv.read(n.stage_key(stage, loop_id))
            return self._registry.decode(raw).payload if raw else None

        return load
