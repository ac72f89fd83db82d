"""Ops events, Prometheus metrics and OpenTelemetry spans, each as one hook.

No OpenTelemetry instrumentation exists for nats-py, so the W3C ``traceparent``
header is made and read by hand: the loop's trace id is minted at intake, kept
in loop state and sent on every dispatch, so each stage's span joins the loop's
trace whichever process runs it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import orjson
from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.context import Context
from opentelemetry.trace import NonRecordingSpan, SpanContext, SpanKind, TraceFlags
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

from research_chain.bus import names as n
from research_chain.bus.trace_context import extract, trace_ids
from research_chain.payloads import RouteDecision
from research_chain.runtime.hooks import Delivery, Hook, LoopFinished, RuleFired
from research_chain.telemetry import Tracing, stage_context

if TYPE_CHECKING:
    from contextvars import Token

    from research_chain.bus import Bus
    from research_chain.bus.monitor import ConsumerLag
    from research_chain.components.base import StageContext
    from research_chain.payloads import WireModel

__all__ = [
    "EventPublisher",
    "JudgeMetricsHook",
    "MetricsHook",
    "TracingHook",
    "parse_traceparent",
]

log = logging.getLogger(__name__)


def parse_traceparent(value: str) -> SpanContext | None:
    """The remote span a ``traceparent`` names, to parent spans on."""
    ids = trace_ids(value)
    if ids is None:
        return None
    return SpanContext(
        trace_id=ids.trace_id, span_id=ids.span_id, is_remote=True,
        trace_flags=TraceFlags(ids.flags),
    )  # fmt: skip


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
    """Prometheus series, in a registry the caller owns, named by Prometheus conventions:
    the ``research_chain_`` namespace, ``_total`` counters, base units (seconds)."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry = registry or CollectorRegistry()
        self.stage_seconds = Histogram(
            "research_chain_stage_duration_seconds", "Stage handler time.",
            ["stage", "outcome"], registry=registry,
        )  # fmt: skip
        self.retries = Counter(
            "research_chain_stage_retries", "Stage deliveries retried.", ["stage"],
            registry=registry,
        )  # fmt: skip
        self.dead_letters = Counter(
            "research_chain_dead_letters", "Dispatches parked on the dead-letter subject.",
            ["stage"], registry=registry,
        )  # fmt: skip
        self.rules = Counter(
            "research_chain_rule_firings", "Rule branches fired.", ["rule"], registry=registry
        )
        self.route_actions = Counter(
            "research_chain_route_actions", "Router decisions by action.", ["action"],
            registry=registry,
        )  # fmt: skip
        self.rounds = Counter(
            "research_chain_rounds", "Retighten and refine rounds started.", ["kind"],
            registry=registry,
        )  # fmt: skip
        self.loops = Counter(
            "research_chain_loops_finished", "Loops ended, by outcome and reason.",
            ["outcome", "reason"], registry=registry,
        )  # fmt: skip
        self.loop_seconds = Histogram(
            "research_chain_loop_duration_seconds", "Request to result.",
            buckets=(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300),
            registry=registry,
        )  # fmt: skip
        self.in_flight = Gauge(
            "research_chain_loops_in_flight",
            "Loops started and not yet ended, deployment-wide (read by engines).",
            registry=registry,
        )
        lag_labels = ["stream", "consumer"]
        self.pending = Gauge(
            "research_chain_consumer_pending_messages",
            "Messages a durable consumer has not delivered yet.", lag_labels, registry=registry,
        )  # fmt: skip
        self.ack_pending = Gauge(
            "research_chain_consumer_ack_pending_messages",
            "Messages delivered and not yet acknowledged.", lag_labels, registry=registry,
        )  # fmt: skip
        self.redelivered = Gauge(
            "research_chain_consumer_redelivered_messages",
            "Messages delivered more than once and not yet acknowledged.", lag_labels,
            registry=registry,
        )  # fmt: skip

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
        if isinstance(result, RouteDecision):
            self.route_actions.labels(result.action.value).inc()

    async def on_retry(self, delivery: Delivery, error: BaseException, delay_s: float) -> None:
        self.retries.labels(delivery.stage.value).inc()

    async def on_dead_letter(self, delivery: Delivery, error: BaseException) -> None:
        self.dead_letters.labels(delivery.stage.value).inc()

    async def on_rule(self, fired: RuleFired) -> None:
        self.rules.labels(fired.rule).inc()
        if fired.counts:
            self.rounds.labels(fired.counts.removesuffix("_rounds")).inc()

    async def on_finish(self, finished: LoopFinished) -> None:
        outcome = "degraded" if finished.result.degraded else "answered"
        self.loops.labels(outcome, finished.reason).inc()
        self.loop_seconds.observe(finished.duration_ms / 1000)

    async def on_lag(self, lags: Sequence[ConsumerLag], loops_in_flight: int | None) -> None:
        for lag in lags:
            self.pending.labels(lag.stream, lag.consumer).set(lag.pending)
            self.ack_pending.labels(lag.stream, lag.consumer).set(lag.ack_pending)
            self.redelivered.labels(lag.stream, lag.consumer).set(lag.redelivered)
        if loops_in_flight is not None:
            self.in_flight.set(loops_in_flight)


class JudgeMetricsHook(Hook):
    """Model calls and tokens per judgment point, and fallbacks by name (stages' and rules')."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.calls = Counter(
            "research_chain_llm_calls", "LLM chat completions made.", ["judge"], registry=registry
        )
        self.tokens = Counter(
            "research_chain_llm_tokens", "LLM tokens used, as the servers report them.", ["judge"],
            registry=registry,
        )  # fmt: skip
        self.fallbacks = Counter(
            "research_chain_fallbacks", "Fallbacks taken, by name.", ["name"], registry=registry
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
    """A span per stage run and per rule firing, and the loop's own span when it ends,
    all in the loop's trace (its ``traceparent``, minted at intake and carried in every
    dispatch's headers, so the spans join whichever process records them)."""

    def __init__(self, tracing: Tracing) -> None:
        self._tracing = tracing
        self._tracer = tracing.tracer
        self._open: dict[int, tuple[trace.Span, Token[Context]]] = {}

    async def before_handle(self, ctx: StageContext) -> None:
        span = self._tracer.start_span(
            f"{ctx.stage.value} process",
            context=_parent(extract(ctx.headers)),
            kind=SpanKind.CONSUMER,
            attributes={
                "messaging.system": "nats",
                "messaging.operation.type": "process",
                "messaging.destination.name": n.stage_subject(ctx.stage, ctx.loop_id),
                "research.loop_id": ctx.loop_id,
                "research.parent_loop_id": ctx.parent_loop_id,
                "research.stage": ctx.stage.value,
                "research.attempt": ctx.attempt,
                "research.round": ctx.round,
            },
        )
        if self._tracing.content and ctx.snapshot.intent is not None:
            span.set_attribute("research.topic", ctx.snapshot.intent.topic)
        # Attached for the handler's run (same task): an LLM call inside opens its span
        # as this one's child.
        token = otel_context.attach(stage_context(span, self._tracing))
        self._open[id(ctx)] = (span, token)

    async def after_handle(
        self,
        ctx: StageContext,
        *,
        result: WireModel | None,
        error: BaseException | None,
        duration_s: float,
    ) -> None:
        opened = self._open.pop(id(ctx), None)
        if opened is None:
            return
        span, token = opened
        otel_context.detach(token)
        span.set_attribute("research.tokens", ctx.provenance.tokens_used)
        if error is not None:
            span.record_exception(error)
            span.set_status(trace.Status(trace.StatusCode.ERROR, str(error)))
        span.end()

    async def on_rule(self, fired: RuleFired) -> None:
        end = time.time_ns()
        attributes: dict[str, str | int] = {
            "research.loop_id": fired.loop_id,
            "research.rule": fired.rule,
            "research.trigger": fired.trigger,
            "research.step": fired.step,
        }
        if fired.stage:
            attributes["research.dispatch"] = fired.stage
        if fired.fallback:
            attributes["research.fallback"] = fired.fallback
        span = self._tracer.start_span(
            f"rule {fired.rule}",
            context=_parent(fired.traceparent),
            kind=SpanKind.INTERNAL,
            attributes=attributes,
            start_time=end - int(fired.duration_ms * 1_000_000),
        )
        span.end(end_time=end)

    async def on_finish(self, finished: LoopFinished) -> None:
        """The loop span, with the ids intake minted: the root every other span names."""
        ids = parse_traceparent(finished.traceparent)
        if ids is None:
            return
        end = time.time_ns()
        result = finished.result
        with self._tracing.ids.fixed(ids.trace_id, ids.span_id):
            span = self._tracer.start_span(
                "research loop",
                context=Context(),  # a root, whatever is current
                kind=SpanKind.SERVER,
                attributes={
                    "research.loop_id": finished.loop_id,
                    "research.parent_loop_id": finished.parent_loop_id,
                    "research.outcome": "degraded" if result.degraded else "answered",
                    "research.reason": finished.reason,
                    "research.iterations": result.iterations,
                    "research.tokens": result.tokens_used,
                    "research.evidence": len(result.evidence),
                },
                start_time=end - finished.duration_ms * 1_000_000,
            )
        if result.degraded:
            span.set_status(trace.Status(trace.StatusCode.ERROR, finished.reason))
        span.end(end_time=end)


def _parent(traceparent: str) -> Context | None:
    parent = parse_traceparent(traceparent)
    return trace.set_span_in_context(NonRecordingSpan(parent)) if parent else None
