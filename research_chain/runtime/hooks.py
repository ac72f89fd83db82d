"""Cross-cutting concerns (events, metrics, tracing, logging) as hooks, not inline calls.

The runner and the engine call a :class:`HookSet`; a failing hook is logged and
never fails the message it observes.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from research_chain.bus.monitor import ConsumerLag
    from research_chain.bus.names import Stage
    from research_chain.components.base import StageContext
    from research_chain.payloads import SearchResult, WireModel

__all__ = ["Delivery", "Hook", "HookSet", "LoopFinished", "RuleFired"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Delivery:
    """One dispatch as the runner received it, before or without a StageContext."""

    loop_id: str
    stage: Stage
    step: int
    attempt: int
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RuleFired:
    loop_id: str
    rule: str
    trigger: str
    stage: str | None
    step: int
    duration_ms: float
    fallback: str | None = None
    traceparent: str = ""
    # The loop counter the branch advanced (a retighten or refine round), if any.
    counts: str | None = None


@dataclass(frozen=True, slots=True)
class LoopFinished:
    loop_id: str
    parent_loop_id: str
    result: SearchResult
    duration_ms: int
    traceparent: str = ""
    # Why it ended, from a closed set: "answered", "synthesis-degraded" or the
    # fallback that ended it (deadline-exceeded, <stage>-dead-lettered, ...).
    reason: str = "answered"


class Hook:
    """No-op base: override what you observe."""

    async def before_handle(self, ctx: StageContext) -> None:
        return None

    async def after_handle(
        self,
        ctx: StageContext,
        *,
        result: WireModel | None,
        error: BaseException | None,
        duration_s: float,
    ) -> None:
        return None

    async def on_retry(self, delivery: Delivery, error: BaseException, delay_s: float) -> None:
        return None

    async def on_dead_letter(self, delivery: Delivery, error: BaseException) -> None:
        return None

    async def on_rule(self, fired: RuleFired) -> None:
        return None

    async def on_finish(self, finished: LoopFinished) -> None:
        return None

    async def on_lag(self, lags: Sequence[ConsumerLag], loops_in_flight: int | None) -> None:
        """A periodic reading of this process's consumers (and, on engines, of the
        loops in flight across the whole deployment)."""
        return None


class HookSet(Hook):
    """Fans each call out to every hook, isolating their failures."""

    def __init__(self, hooks: Sequence[Hook] = ()) -> None:
        self.hooks = list(hooks)

    async def _each(self, name: str, call: Callable[[Hook], Awaitable[None]]) -> None:
        for hook in self.hooks:
            try:
                await call(hook)
            except Exception:
                log.exception("hook %s.%s failed", type(hook).__name__, name)

    async def before_handle(self, ctx: StageContext) -> None:
        await self._each("before_handle", lambda h: h.before_handle(ctx))

    async def after_handle(
        self,
        ctx: StageContext,
        *,
        result: WireModel | None,
        error: BaseException | None,
        duration_s: float,
    ) -> None:
        await self._each(
            "after_handle",
            lambda h: h.after_handle(ctx, result=result, error=error, duration_s=duration_s),
        )

    async def on_retry(self, delivery: Delivery, error: BaseException, delay_s: float) -> None:
        await self._each("on_retry", lambda h: h.on_retry(delivery, error, delay_s))

    async def on_dead_letter(self, delivery: Delivery, error: BaseException) -> None:
        await self._each("on_dead_letter", lambda h: h.on_dead_letter(delivery, error))

    async def on_rule(self, fired: RuleFired) -> None:
        await self._each("on_rule", lambda h: h.on_rule(fired))

    async def on_finish(self, finished: LoopFinished) -> None:
        await self._each("on_finish", lambda h: h.on_finish(finished))

    async def on_lag(self, lags: Sequence[ConsumerLag], loops_in_flight: int | None) -> None:
        await self._each("on_lag", lambda h: h.on_lag(lags, loops_in_flight))
