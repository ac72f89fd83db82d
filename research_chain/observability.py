"""Ops events, Prometheus metrics and OpenTelemetry spans, each as one hook.

No OpenTelemetry instrumentation exists for nats-py, so the W3C ``traceparent``
header is made and read by hand: the loop's trace id is minted at intake, kept
in loop state and sent on every dispatch, so each stage's span joins the loop's
trace whichever process runs it.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from typing import TYPE_CHECKING, Any

import orjson
from opentelemetry import trace
from opentelemetry.trace import NonRecordingSpan, SpanContext, SpanKind, TraceFlags
from prometheus_client import CollectorRegistry, Counter, Histogram

from research_chain.bus import names as n
from research_chain.runtime.hooks import Delivery, Hook, LoopFinished, RuleFired

if TYPE_CHECKING:
    from research_chain.bus import Bus
    from research_chain.components.base import StageContext
    from research_chain.payloads import WireModel

__all__ = [
    "EventPublisher",
    "JudgeMetricsHook",
    "MetricsHook",
    "TracingHook",
    "child_traceparent",
    "new_traceparent",
    "parse_traceparent",
]

log = logging.getLogger(__name__)

_TRACEPARENT = re.compile(r"^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$")


def new_traceparent() -> str:
    """A fresh sampled root context: ``00-<trace id>-<span id>-01``."""
    return f"00-{secrets.token_hex(16)}-{secrets.token_hex(8)}-01"


def parse_traceparent(value: str) -> SpanContext | None:
    match = _TRACEPARENT.match(value or "")
    if match is None or set(match.group(1)) == {"0"} or set(match.group(2)) == {"0"}:
        return None
    return SpanContext(
        trace_id=int(match.group(1), 16),
        span_id=int(match.group(2), 16),
        is_remote=True,
        trace_flags=TraceFlags(int(match.group(3), 16)),
    )


def child_traceparent(value: str) -> str:
    """The same trace with a new span id (what a dispatch carries onward)."""
    match = _TRACEPARENT.match(value or "")
    if match is None:
        return new_traceparent()
    return f"00-{match.group(1)}-{secrets.token_hex(8)}-{match.group(3)}"


class EventPublisher(Hook):
    """Every stage transition and rule firing on ``research.events.<loop_id>.<stage>``."""

    def __init__(self, bus: Bus) -> None:
        self._bus = bus

    async def _emit(self, loop_id: str, stage: str, event: dict[str, Any]) -> None:
        event = {"loop_id": loop_id, "stage": stage, "at": time.time(), **event}
        try:
            await self._bus.send(n.event_subject(loop_id, stage), orjson.dumps(event))
        except Exception as exc:
            log.debug("event for %s dropped: %s", loop_id, exc)

    async def before_handle(self, ctx: StageContext) -> None:
        await self._emit(
            ctx.loop_id, ctx.stage.value, {"kind": "stage.started", "attempt": ctx.attempt}
        )

    async def after_handle(
        self,
        ctx: StageContext,
        *,
        result: WireModel | None,
        error: BaseException | None,
        duration_s: float,
    ) -> None:
        event: dict[str, Any] = {
            "kind": "stage.failed" if error else "stage.completed",
            "attempt": ctx.attempt,
            "round": ctx.round,
            "duration_ms": round(duration_s * 1000, 3),
            "tokens": ctx.provenance.tokens_used,
        }
        if error is not None:
            event["error"] = f"{type(error).__name__}: {error}"
        await self._emit(ctx.loop_id, ctx.stage.value, event)
        reasons = ctx.provenance.fallback_reasons
        for name in ctx.provenance.fallbacks_used:
            fallback = {"kind": "stage.fallback", "name": name, "reason": reasons.get(name, "")}
            await self._emit(ctx.loop_id, ctx.stage.value, fallback)

    async def on_dead_letter(self, delivery: Delivery, error: BaseException) -> None:
        await self._emit(
            delivery.loop_id,
            delivery.stage.value,
            {"kind": "stage.dead_lettered", "attempt": delivery.attempt, "error": str(error)},
        )

    async def on_rule(self, fired: RuleFired) -> None:
        await self._emit(
            fired.loop_id,
            "rules",
            {
                "kind": "rule.fired",
                "rule": fired.rule,
                "trigger": fired.trigger,
                "dispatch": fired.stage,
                "step": fired.step,
                "fallback": fired.fallback,
                "duration_ms": round(fired.duration_ms, 3),
            },
        )

    async def on_finish(self, finished: LoopFinished) -> None:
        await self._emit(
            finished.loop_id,
            "result",
            {
                "kind": "loop.finished",
                "parent_loop_id": finished.parent_loop_id,
                "degraded": finished.result.degraded,
                "reason": finished.result.degraded_reason,
                "duration_ms": finished.duration_ms,
            },
        )


class MetricsHook(Hook):
    """Prometheus counters and histograms, in a registry the caller owns."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry or CollectorRegistry()
        self.stage_seconds = Histogram(
            "research_stage_seconds", "stage handler time", ["stage", "outcome"],
            registry=self.registry,
        )  # fmt: skip
        self.retries = Counter(
            "research_stage_retries", "retried deliveries", ["stage"], registry=self.registry
        )
        self.dead_letters = Counter(
            "research_dead_letters", "parked dispatches", ["stage"], registry=self.registry
        )
        self.rules = Counter(
            "research_rule_firings", "rule firings", ["rule"], registry=self.registry
        )
        self.loops = Counter(
            "research_loops_finished", "finished loops", ["outcome"], registry=self.registry
        )
        self.loop_seconds = Histogram(
            "research_loop_seconds", "request to result", registry=self.registry
        )

    async def after_handle(
        self,
        ctx: StageContext,
        *,
        result: WireModel | None,
        error: BaseException | None,
        duration_s: float,
    ) -> None:
        outcome = "error" if error else "ok"
        self.stage_seconds.labels(ctx.stage.value, outcome).observe(duration_s)

    async def on_retry(self, delivery: Delivery, error: BaseException, delay_s: float) -> None:
        self.retries.labels(delivery.stage.value).inc()

    async def on_dead_letter(self, delivery: Delivery, error: BaseException) -> None:
        self.dead_letters.labels(delivery.stage.value).inc()

    async def on_rule(self, fired: RuleFired) -> None:
        self.rules.labels(fired.rule).inc()

    async def on_finish(self, finished: LoopFinished) -> None:
        self.loops.labels("degraded" if finished.result.degraded else "answered").inc()
        self.loop_seconds.observe(finished.duration_ms / 1000)


class JudgeMetricsHook(Hook):
    """Model calls and tokens per judgment point, and fallbacks by name (stages' and rules')."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.calls = Counter(
            "research_chain_llm_calls", "LLM chat completions made", ["judge"], registry=registry
        )
        self.tokens = Counter(
            "research_chain_llm_tokens", "LLM tokens used (server usage)", ["judge"],
            registry=registry,
        )  # fmt: skip
        self.fallbacks = Counter(
            "research_chain_fallbacks", "fallbacks taken", ["name"], registry=registry
        )

    async def after_handle(
        self,
        ctx: StageContext,
        *,
        result: WireModel | None,
        error: BaseException | None,
        duration_s: float,
    ) -> None:
        prov = ctx.provenance
        for judge, calls in prov.judge_calls.items():
            self.calls.labels(judge).inc(calls)
        for judge, tokens in prov.judge_tokens.items():
            self.tokens.labels(judge).inc(tokens)
        for name in prov.fallbacks_used:
            self.fallbacks.labels(name).inc()

    async def on_rule(self, fired: RuleFired) -> None:
        if fired.fallback:
            self.fallbacks.labels(fired.fallback).inc()


class TracingHook(Hook):
    """One span per stage run, child of the loop's trace carried in ``traceparent``."""

    def __init__(self, tracer: trace.Tracer | None = None) -> None:
        self._tracer = tracer or trace.get_tracer("research_chain")
        self._spans: dict[int, trace.Span] = {}

    async def before_handle(self, ctx: StageContext) -> None:
        parent = parse_traceparent(ctx.headers.get(n.Header.TRACEPARENT, ""))
        context = trace.set_span_in_context(NonRecordingSpan(parent)) if parent else None
        span = self._tracer.start_span(
            f"{ctx.stage.value} process",
            context=context,
            kind=SpanKind.CONSUMER,
            attributes={
                "messaging.system": "nats",
                "messaging.operation.type": "process",
                "messaging.destination.name": n.stage_subject(ctx.stage, ctx.loop_id),
                "research.loop_id": ctx.loop_id,
                "research.attempt": ctx.attempt,
                "research.round": ctx.round,
            },
        )
        self._spans[id(ctx)] = span

    async def after_handle(
        self,
        ctx: StageContext,
        *,
        result: WireModel | None,
        error: BaseException | None,
        duration_s: float,
    ) -> None:
        span = self._spans.pop(id(ctx), None)
        if span is None:
            return
        span.set_attribute("research.tokens", ctx.provenance.tokens_used)
        if error is not None:
            span.record_exception(error)
            span.set_status(trace.Status(trace.StatusCode.ERROR, str(error)))
        span.end()
