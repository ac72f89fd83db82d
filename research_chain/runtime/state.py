"""Loop state in ``AGENT_LOOPS`` under ``loop.<id>``, changed only by compare-and-set.

Every writer (rule engine replicas, the deadline, a worker parking a poison
message) reads the state with its revision, applies a pure mutation and writes
it back with ``last=revision``; a stale revision re-reads and re-applies, so
concurrent writers never lose each other's changes.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from research_chain.bus import Bucket, Bus
from research_chain.bus import names as n
from research_chain.errors import DecodeError, RevisionConflict
from research_chain.payloads import Intent, RetrievalTier, RouteDecision, WireModel

__all__ = ["LoopState", "LoopStatus", "LoopStore", "Mutation"]

CAS_ATTEMPTS = 50
CACHE_SIZE = 20_000
# Stage payloads kept by (key, revision): a few per loop in flight.
PAYLOAD_CACHE_SIZE = 2_048


class LoopStatus(StrEnum):
    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"


class LoopState(BaseModel):
    """Everything the chain knows about one loop between stages."""

    model_config = ConfigDict(extra="ignore")

    loop_id: str
    parent_loop_id: str
    status: LoopStatus = LoopStatus.PENDING
    intent: Intent
    current: Intent
    stage: str = ""
    awaiting: str = n.REQUESTED_KEY_PREFIX
    step: int = 0
    round: int = 0
    retighten_rounds: int = 0
    refine_rounds: int = 0
    executions: int = 0
    firings: dict[str, int] = Field(default_factory=dict)
    candidates: int = 0
    deadline: float = 0.0
    started_at: float = 0.0
    tokens_spent: int = 0
    tiers_used: list[RetrievalTier] = Field(default_factory=list)
    fallbacks_used: list[str] = Field(default_factory=list)
    stage_times: dict[str, float] = Field(default_factory=dict)
    trace_context: str = ""
    route_action: str = ""
    route: RouteDecision | None = None
    # The revision of each completion the engine folded in, by trigger: a stage's
    # snapshot is exactly those payloads, found by revision in this process when kept.
    revisions: dict[str, int] = Field(default_factory=dict)
    fired_by: str = ""
    fired_rule: str = ""
    seed_entities: list[str] = Field(default_factory=list)
    sub_queries: list[dict[str, Any]] = Field(default_factory=list)
    outcome: str = ""

    @property
    def finished(self) -> bool:
        return self.status is LoopStatus.DONE

    def encode(self) -> bytes:
        # pydantic-core's own JSON path: the state is internal, and this is the hot loop.
        return self.model_dump_json().encode()

    @classmethod
    def decode(cls, raw: bytes) -> LoopState:
        try:
            return cls.model_validate_json(raw)
        except ValueError as exc:
            raise DecodeError(f"loop state: {exc}", raw=raw) from exc

    def add_fallback(self, name: str) -> None:
        if name not in self.fallbacks_used:
            self.fallbacks_used.append(name)

    def add_tiers(self, tiers: list[RetrievalTier]) -> None:
        for tier in tiers:
            if tier not in self.tiers_used:
                self.tiers_used.append(tier)

    def cel_view(self) -> dict[str, Any]:
        return {
            "retighten_rounds": self.retighten_rounds,
            "refine_rounds": self.refine_rounds,
            "executions": self.executions,
            "tokens_spent": self.tokens_spent,
            # A judge skipped a model call that would have passed the budget.
            "budget_exhausted": "budget-exhausted" in self.fallbacks_used,
            "candidates": self.candidates,
            "firings": dict(self.firings),
            "step": self.step,
            "elapsed_s": max(0.0, time.time() - self.started_at),
        }


# A mutation returns the new state, or None to leave the stored one alone.
Mutation = Callable[[LoopState], LoopState | None]


class LoopStore:
    """Reads and CAS-writes loop states; one per process, sharing the bucket handle."""

    def __init__(self, bus: Bus, bucket: str) -> None:
        self._bucket = bucket
        self.kv: Bucket = bus.bucket(bucket)
        self._cache: OrderedDict[str, tuple[LoopState, int]] = OrderedDict()
        self._payloads: OrderedDict[tuple[str, int], WireModel] = OrderedDict()

    def kv_subject(self, key: str) -> str:
        return n.Names().kv_subject(self._bucket, key)

    async def get(self, loop_id: str) -> tuple[LoopState | None, int]:
        entry = await self.kv.entry(n.loop_key(loop_id))
        if entry is None or entry.value is None:
            return None, 0
        return LoopState.decode(entry.value), entry.revision

    async def create(self, state: LoopState) -> bool:
        """Write a new loop's state; False when the loop already exists (a duplicate)."""
        revision = await self.kv.create(n.loop_key(state.loop_id), state.encode())
        if revision is None:
            return False
        self._remember(state.model_copy(deep=True), revision)
        return True

    def take_cached(self, loop_id: str) -> tuple[LoopState, int] | None:
        """The state this process last wrote for ``loop_id`` with its revision, handed over
        (removed) so no two handlers share the object. A stale entry is harmless: the
        compare-and-set that follows fails on its revision and the caller re-reads."""
        return self._cache.pop(loop_id, None)

    def peek(self, loop_id: str) -> LoopState | None:
        """The state this process last wrote for ``loop_id``, left in place, for readers
        that only look (a stage's first delivery, dispatched right after that write); the
        caller must not change it."""
        found = self._cache.get(loop_id)
        return found[0] if found is not None else None

    def keep_payload(self, key: str, revision: int, payload: WireModel) -> None:
        """Remember the payload stored under ``key`` at ``revision`` (written or decoded
        here), so the engine and the next stages in this process need not decode it again.
        A key's revision names one value for good, so a kept entry is never stale."""
        self._payloads[(key, revision)] = payload
        while len(self._payloads) > PAYLOAD_CACHE_SIZE:
            self._payloads.popitem(last=False)

    def kept_payload(self, key: str, revision: int) -> WireModel | None:
        """The payload kept for ``key`` at ``revision``; callers must not change it."""
        return self._payloads.get((key, revision)) if revision else None

    def _remember(self, state: LoopState, revision: int) -> None:
        if state.finished:
            self._cache.pop(state.loop_id, None)
            return
        self._cache[state.loop_id] = (state, revision)
        self._cache.move_to_end(state.loop_id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    async def update(
        self, loop_id: str, mutate: Mutation, *, known: tuple[LoopState, int] | None = None
    ) -> LoopState | None:
        """Apply ``mutate`` by compare-and-set until it sticks; None if there was no state
        or the mutation declined. ``known`` is a state just read (saves one read)."""
        for _ in range(CAS_ATTEMPTS):
            current, revision = known if known is not None else await self.get(loop_id)
            known = None
            if current is None:
                return None
            changed = mutate(current)
            if changed is None:
                return None
            new_revision = await self.kv.update(
                n.loop_key(loop_id), changed.encode(), last=revision
            )
            if new_revision is None:
                continue
            self._remember(changed, new_revision)
            return changed
        raise RevisionConflict(
            f"loop {loop_id}: state kept changing under {CAS_ATTEMPTS} CAS tries"
        )
