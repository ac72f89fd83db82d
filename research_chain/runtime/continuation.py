"""The end of every loop: exactly one ``SearchResult`` to the parent, kept for read-by-id.

``COMPLETE_<id>`` is created with a KV create, so the first finisher wins (the
synthesizer's answer, the deadline or a parked poison message). The winner
publishes, then marks the loop state done. A loser publishes nothing when the
state is (or within :data:`LOSER_WAIT_S` becomes) done: a parent subscribed to
its subject directly hears one message per loop. Only a winner that died between
its create and its mark (the state stays not done) is repaired by the loser
republishing the winner's bytes. Results go to the results stream's outbox,
which stores one copy per ``Nats-Msg-Id`` and only then republishes it to the
parent's subject, so even that repair is heard once.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time

from research_chain.bus import Bus
from research_chain.bus import names as n
from research_chain.errors import BusUnavailable, ResearchChainError
from research_chain.payloads import (
    DecompTrace,
    Evidence,
    ExecutionOutput,
    RouteAction,
    SearchResult,
    default_registry,
)
from research_chain.runtime.bulky import fit
from research_chain.runtime.hooks import Hook, LoopFinished
from research_chain.runtime.schedule import schedule_expiry
from research_chain.runtime.state import LoopState, LoopStatus, LoopStore, Mutation

__all__ = ["DEADLINE_EXCEEDED", "Continuation", "with_provenance"]

log = logging.getLogger(__name__)

DEADLINE_EXCEEDED = "deadline exceeded"
MAX_SUMMARY_ITEMS = 5
# How long a losing finisher waits for a live winner to mark the loop done.
LOSER_WAIT_S = 2.0
LOSER_POLL_S = 0.05


def with_provenance(result: SearchResult, state: LoopState, now: float) -> SearchResult:
    """The loop's counters and trace on the result; the stage's own flags are kept."""
    trace = DecompTrace(
        router_action=RouteAction(state.route_action) if state.route_action else None,
        sub_queries=list(state.sub_queries),
        seed_entities=list(state.seed_entities),
        retighten_rounds=state.retighten_rounds,
    )
    tiers = sorted({*state.tiers_used, *result.tiers_used}, key=lambda t: t.value)
    fallbacks = list(state.fallbacks_used)
    fallbacks += [f for f in result.fallbacks_used if f not in fallbacks]
    return result.model_copy(
        update={
            "decomp_trace": trace,
            "tokens_used": max(state.tokens_spent, result.tokens_used),
            "iterations": state.executions,
            "tiers_used": tiers,
            "fallbacks_used": fallbacks,
            "duration_ms": max(0, int((now - state.started_at) * 1000)),
        }
    )


def degraded_result(reason: str, evidence: list[Evidence]) -> SearchResult:
    """What the parent gets when there is no synthesis: the reason and any evidence found."""
    text = f"No synthesized answer: {reason}."
    if evidence:
        items = [e.snippet_text or e.entity_id for e in evidence[:MAX_SUMMARY_ITEMS]]
        text += f" {len(evidence)} evidence item(s) were gathered: " + "; ".join(items)
    return SearchResult(
        evidence=evidence,
        synthesis=text,
        tiers_used=sorted({e.tier for e in evidence}, key=lambda t: t.value),
        degraded=True,
        degraded_reason=reason,
    )


class Continuation:
    """Delivers results; shared by the engine, the deadline handler and the runner."""

    def __init__(
        self,
        bus: Bus,
        store: LoopStore,
        hooks: Hook,
        *,
        schedule_stream: str | None = None,
        retention_s: float = 0.0,
        evidence_store: str = n.Names().evidence_store,
    ) -> None:
        self._bus = bus
        self._evidence_store = evidence_store
        self._store = store
        self._hooks = hooks
        self._schedule_stream = schedule_stream
        self._retention_s = retention_s
        self._registry = default_registry()

    async def deliver(self, state: LoopState, result: SearchResult, *, revision: int = 0) -> bool:
        """Finish a loop with its answer; False if another finisher got there first.
        ``revision`` is the one ``state`` was read at, when the caller has it (marking
        the loop done then writes on it without reading the state again)."""
        final = with_provenance(result, state, time.time())
        reason = "synthesis-degraded" if final.degraded else "answered"
        return await self._finish(
            state.loop_id, state.parent_loop_id, final, state, reason, revision=revision
        )

    async def degrade(
        self,
        loop_id: str,
        reason: str,
        *,
        fallback: str,
        state: LoopState | None = None,
        parent: str = "",
    ) -> bool:
        """Finish a loop without an answer, naming why, with the evidence gathered so far."""
        if state is None:
            state, _ = await self._store.get(loop_id)
        if state is not None and state.finished:
            return False
        if state is None and not parent:
            log.warning("loop %s: no state and no parent to tell: %s", loop_id, reason)
            return False
        evidence = await self._evidence(loop_id) if state is not None else []
        result = degraded_result(reason, evidence)
        if state is not None:
            state.add_fallback(fallback)
            result = with_provenance(result, state, time.time())
            parent = parent or state.parent_loop_id
        else:
            result = result.model_copy(update={"fallbacks_used": [fallback]})
        return await self._finish(loop_id, parent, result, state, fallback)

    async def _cancel_deadline(self, loop_id: str) -> None:
        """A finished loop's deadline would only fire into a no-op: remove it unfired."""
        if self._schedule_stream is None:
            return
        try:
            await self._bus.purge_subject(
                self._schedule_stream, n.deadline_schedule_subject(loop_id)
            )
        except ResearchChainError as exc:
            log.debug("loop %s: deadline left to fire (%s)", loop_id, exc)

    async def _schedule_expiry(self, loop_id: str) -> None:
        """The loop's records go after ``retention_s``; a miss leaves them, never fails."""
        if self._schedule_stream is None or self._retention_s <= 0:
            return
        try:
            await schedule_expiry(self._bus, loop_id, time.time() + self._retention_s)
        except BusUnavailable as exc:
            log.warning("loop %s: expiry not scheduled (%s); records kept", loop_id, exc)

    async def _evidence(self, loop_id: str) -> list[Evidence]:
        raw = await self._store.kv.read(n.stage_key(n.Stage.EXECUTE_SUBQUERIES, loop_id))
        if raw is None:
            return []
        payload = self._registry.decode(raw).payload
        return list(payload.evidence) if isinstance(payload, ExecutionOutput) else []

    async def _finish(
        self,
        loop_id: str,
        parent: str,
        result: SearchResult,
        state: LoopState | None,
        reason: str,
        *,
        revision: int = 0,
    ) -> bool:
        result, data = await fit(
            self._bus, self._evidence_store, result, name=f"{loop_id}.result",
            encode=lambda payload: self._registry.encode(payload, id=loop_id),
        )  # fmt: skip
        key = n.complete_key(loop_id)
        won = await self._store.kv.create(key, data) is not None
        if not won:
            if state is None or await self._winner_finished(loop_id):
                return False
            data = await self._store.kv.read(key) or data
        headers: dict[str, str] = {
            n.Header.MSG_ID: n.result_msg_id(loop_id),
            n.Header.LOOP_ID: loop_id,
            n.Header.PARENT_LOOP_ID: parent,
        }
        await self._bus.publish(n.result_outbox_subject(parent, loop_id), data, headers=headers)
        if state is not None:
            known = (state, revision) if revision else None
            await self._store.update(loop_id, _mark_done(state, result), known=known)
            await self._cancel_deadline(loop_id)
        await self._schedule_expiry(loop_id)
        if won:
            await self._hooks.on_finish(
                LoopFinished(
                    loop_id,
                    parent,
                    result,
                    result.duration_ms,
                    traceparent=state.trace_context if state else "",
                    reason=reason,
                )
            )
        return won

    async def _winner_finished(self, loop_id: str) -> bool:
        """True once the loop's state is done (the winner published); False when it stays
        not done for :data:`LOSER_WAIT_S` (the winner died before publishing)."""
        waited = 0.0
        while True:
            current, _ = await self._store.get(loop_id)
            if current is None or current.finished:
                return True
            if waited >= LOSER_WAIT_S:
                return False
            await asyncio.sleep(LOSER_POLL_S)
            waited += LOSER_POLL_S

    async def refuse_unkeyed(self, loop_id: str, parent: str, reason: str) -> None:
        """A degraded result for a request whose loop id cannot key anything (not one
        subject token): published to the parent only, deduplicated by a digest of the id."""
        result = degraded_result(reason, []).model_copy(
            update={"fallbacks_used": ["invalid-request"]}
        )
        digest = hashlib.sha256(loop_id.encode()).hexdigest()[:32]
        headers: dict[str, str] = {
            n.Header.MSG_ID: n.result_msg_id(digest),
            n.Header.LOOP_ID: loop_id,
            n.Header.PARENT_LOOP_ID: parent,
        }
        data = self._registry.encode(result, id=digest)
        await self._bus.publish(n.result_outbox_subject(parent, digest), data, headers=headers)


def _mark_done(final: LoopState, result: SearchResult) -> Mutation:
    def mutate(current: LoopState) -> LoopState | None:
        if current.finished:
            return None
        current.status = LoopStatus.DONE
        current.outcome = result.degraded_reason or "answered"
        current.tokens_spent = max(current.tokens_spent, final.tokens_spent)
        current.add_tiers(list(final.tiers_used))
        for name in final.fallbacks_used:
            current.add_fallback(name)
        current.stage_times["done"] = time.time()
        return current

    return mutate
