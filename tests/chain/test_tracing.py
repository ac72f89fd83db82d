"""One trace per loop: the loop span (with the ids intake minted), a span per stage run
and per rule firing under it, an LLM call's span under its stage's; text only when
content tracing is on."""

from __future__ import annotations

import uuid

import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from research_chain.bus import Bus
from research_chain.client import research
from research_chain.components.base import StageContext
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from research_chain.observability import TracingHook
from research_chain.payloads import ClassifierOutput, RouteAction, RouteDecision
from research_chain.runtime import start_chain
from research_chain.telemetry import llm_span, tracing_from_settings
from tests.chain.standins import Recorder, standins

STAGES = ("nl_classify", "route_search", "execute_subqueries", "assess_sufficiency",
          "synthesize_answer")  # fmt: skip


@pytest.mark.parametrize("content", [False, True], ids=["ids-only", "content"])
async def test_a_loop_is_one_trace_with_a_span_per_stage_rule_and_llm_call(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder, content: bool
) -> None:
    exporter = InMemorySpanExporter()
    tracing = tracing_from_settings(
        settings.with_overrides(trace_content=content), "test", exporter=exporter
    )
    assert tracing is not None

    async def route(ctx: StageContext, payload: ClassifierOutput) -> RouteDecision:
        with llm_span("route", "fake-model") as call:
            call.usage(input_tokens=120, output_tokens=30)
            call.content("prompt naming " + payload.topic, "walk the seeds")
        seeds = [{"ref": "0", "ref_type": "candidate_index"}]
        return RouteDecision(action=RouteAction.WALK_SEEDS, args={"seeds": seeds})

    chain = await start_chain(
        bus, settings, standins(recorder, route_search=route), hooks=[TracingHook(tracing)]
    )
    loop_id = str(uuid.uuid4())
    try:
        result = await research(
            bus, "secret question", parent_loop_id="p-trace", loop_id=loop_id, timeout=20
        )
    finally:
        await chain.stop()
        tracing.shutdown()
    assert not result.degraded
    spans = exporter.get_finished_spans()
    assert len({span.context.trace_id for span in spans}) == 1
    (root,) = [span for span in spans if span.name == "research loop"]
    assert root.parent is None
    assert root.attributes is not None and root.attributes["research.loop_id"] == loop_id
    root_id = root.context.span_id
    children = [span for span in spans if span.parent and span.parent.span_id == root_id]
    names = sorted(span.name for span in children)
    assert names == sorted(
        [f"{stage} process" for stage in STAGES]
        + [f"rule {rule}" for rule in ("R0.classify", "R1.route", "R2.execute", "R3.assess",
                                       "R4.sufficient", "continuation.deliver")]
    )  # fmt: skip
    (router,) = [span for span in children if span.name == "route_search process"]
    (llm,) = [span for span in spans if span.name == "chat fake-model"]
    assert llm.parent is not None and llm.parent.span_id == router.context.span_id
    assert llm.attributes is not None and llm.attributes["gen_ai.usage.input_tokens"] == 120
    texts = [
        str(value) for span in spans for value in (span.attributes or {}).values()
        if "secret question" in str(value)
    ]  # fmt: skip
    assert bool(texts) is content
    assert ("gen_ai.prompt" in llm.attributes) is content


def test_llm_span_outside_a_traced_stage_records_nothing() -> None:
    with llm_span("assess", "m") as call:
        call.usage(1, 2)
        assert not call.span.is_recording()


def test_no_endpoint_means_no_tracing(settings: Settings) -> None:
    assert settings.otlp_endpoint is None
    assert tracing_from_settings(settings, "test") is None
    configured = settings.with_overrides(otlp_endpoint="http://127.0.0.1:4318")
    tracing = tracing_from_settings(configured, "test")
    assert tracing is not None
    tracing.shutdown()
