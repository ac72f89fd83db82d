"""Trace export: a tracer provider per process (OTLP over HTTP, off by default) and the
span an LLM call opens inside a stage's span.

Nothing here is global: the provider is built by the composition root and handed to
the tracing hook; code that runs inside a stage (a judge calling an LLM) finds the
tracer in the OpenTelemetry context the hook attached, so it needs no handle of its own
and opens nothing when tracing is off.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import orjson
from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter
from opentelemetry.sdk.trace.id_generator import RandomIdGenerator
from opentelemetry.trace import SpanKind

if TYPE_CHECKING:
    from research_chain.config import Settings

__all__ = [
    "LlmSpan",
    "LoopIds",
    "Tracing",
    "llm_span",
    "stage_context",
    "tracing_from_settings",
]

TRACER_NAME = "research_chain"
_TRACER_KEY = otel_context.create_key("research_chain.tracer")
_CONTENT_KEY = otel_context.create_key("research_chain.trace_content")


class LoopIds(RandomIdGenerator):
    """Random ids, except for the one span whose ids intake already minted.

    A loop's trace id and root span id are chosen at intake and travel in
    ``traceparent`` before any span exists; the loop span is recorded when the loop
    ends (in whichever process ends it) and must carry exactly those ids, so the
    stage and rule spans that named it as parent hang under it.
    """

    def __init__(self) -> None:
        self._trace_id: int | None = None
        self._span_id: int | None = None

    @contextmanager
    def fixed(self, trace_id: int, span_id: int) -> Iterator[None]:
        """The next span started (synchronously, inside this block) gets these ids."""
        self._trace_id, self._span_id = trace_id, span_id
        try:
            yield
        finally:
            self._trace_id = self._span_id = None

    def generate_trace_id(self) -> int:
        fixed, self._trace_id = self._trace_id, None
        return fixed or super().generate_trace_id()

    def generate_span_id(self) -> int:
        fixed, self._span_id = self._span_id, None
        return fixed or super().generate_span_id()


@dataclass(slots=True)
class Tracing:
    """One process's tracer, what it may record, and how to flush it on the way out."""

    provider: TracerProvider
    ids: LoopIds
    content: bool = False

    @property
    def tracer(self) -> trace.Tracer:
        return self.provider.get_tracer(TRACER_NAME)

    def shutdown(self) -> None:
        """Flush what is batched and stop exporting (blocking: run it off the loop)."""
        self.provider.shutdown()


def traces_url(endpoint: str) -> str:
    """A collector's base URL (``http://collector:4318``) or its full traces URL."""
    endpoint = endpoint.rstrip("/")
    return endpoint if endpoint.endswith("/v1/traces") else f"{endpoint}/v1/traces"


def tracing_from_settings(
    settings: Settings, role: str, *, exporter: SpanExporter | None = None
) -> Tracing | None:
    """The process's tracing, or None when no OTLP endpoint (nor exporter) is configured."""
    if exporter is None:
        if not settings.otlp_endpoint:
            return None
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        exporter = OTLPSpanExporter(
            endpoint=traces_url(settings.otlp_endpoint),
            headers=dict(settings.otlp_headers),
            timeout=settings.otlp_timeout_s,
        )
    resource = Resource.create(
        {
            "service.name": settings.service_name,
            "service.instance.id": f"{role}-{socket.gethostname()}-{os.getpid()}",
            "research.role": role,
        }
    )
    ids = LoopIds()
    provider = TracerProvider(resource=resource, id_generator=ids)
    provider.add_span_processor(BatchSpanProcessor(exporter))
    return Tracing(provider=provider, ids=ids, content=settings.trace_content)


def stage_context(span: trace.Span, tracing: Tracing) -> otel_context.Context:
    """A context with ``span`` current and the tracer where code inside the stage (a judge
    calling an LLM) finds it; the tracing hook attaches it for the stage's run."""
    ctx = trace.set_span_in_context(span)
    ctx = otel_context.set_value(_TRACER_KEY, tracing.tracer, ctx)
    return otel_context.set_value(_CONTENT_KEY, tracing.content, ctx)


class LlmSpan:
    """What an LLM call may record on its span: counts always, text only when allowed."""

    def __init__(self, span: trace.Span, content: bool) -> None:
        self.span = span
        self._content = content

    def usage(self, input_tokens: int, output_tokens: int) -> None:
        self.span.set_attribute("gen_ai.usage.input_tokens", input_tokens)
        self.span.set_attribute("gen_ai.usage.output_tokens", output_tokens)

    def attempt(self, number: int) -> None:
        self.span.set_attribute("research.llm.attempt", number)

    def content(self, prompt: str | Sequence[Mapping[str, str]], completion: str) -> None:
        """Prompt (text or chat messages) and completion, recorded only when content
        tracing is on (and only then serialised)."""
        if self._content:
            text = prompt if isinstance(prompt, str) else orjson.dumps(list(prompt)).decode()
            self.span.set_attribute("gen_ai.prompt", text)
            self.span.set_attribute("gen_ai.completion", completion)


@contextmanager
def llm_span(judge: str, model: str) -> Iterator[LlmSpan]:
    """A client span for one chat-completions call, child of the running stage's span.

    Outside a traced stage (tracing off, or a plain ``await handle(...)`` in a unit
    test) the span records nothing and costs next to nothing. An exception leaving the
    block marks the span as failed and propagates.
    """
    tracer = otel_context.get_value(_TRACER_KEY)
    content = bool(otel_context.get_value(_CONTENT_KEY))
    if not isinstance(tracer, trace.Tracer):
        yield LlmSpan(trace.INVALID_SPAN, False)
        return
    with tracer.start_as_current_span(
        f"chat {model}",
        kind=SpanKind.CLIENT,
        attributes={
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": model,
            "research.judge": judge,
        },
    ) as span:
        yield LlmSpan(span, content)
