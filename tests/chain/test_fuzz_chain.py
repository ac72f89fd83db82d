"""Fuzzing the running chain (issue 12): hostile requests through the graph write API, raw
bytes at the write API and in the entity bucket. Each ends in a refusal, exactly one
result for its parent, or a dead letter; afterwards a plain request is still answered.

Cases are drawn by hypothesis (derandomized, so CI sees the same ones) and then sent to
one running chain, which keeps the test to a few seconds.
"""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from research_chain.bus import Bus, Message
from research_chain.bus import names as n
from research_chain.client import request_triples, start_research
from research_chain.config import Settings
from research_chain.errors import ResearchChainError
from research_chain.payloads import (
    GraphWriteReply,
    Predicate,
    SearchResult,
    Triple,
    default_registry,
)
from tests.chain.helpers import decode_result
from tests.chain.standins import Recorder

T = TypeVar("T")
PARENT = "parent-fuzz"
TOKEN = "abcdefXYZ0123456789_-"


def drawn(strategy: st.SearchStrategy[T], count: int) -> list[T]:
    """Up to ``count`` distinct values of ``strategy``, the same ones on every run."""
    found: list[T] = []

    @settings(
        max_examples=count, database=None, derandomize=True, deadline=None,
        suppress_health_check=list(HealthCheck),
    )  # fmt: skip
    @given(strategy)
    def collect(value: T) -> None:
        found.append(value)

    collect()
    return found


hostile = st.one_of(
    st.text(max_size=30),
    st.text(alphabet=".*> \t=" + TOKEN, max_size=30),
    st.sampled_from(["inf", "nan", "1e12", "-1", str(2**70), "x" * 1_001, "x" * 999]),
)


@st.composite
def requests(draw: st.DrawFn) -> tuple[str, list[tuple[str, str]]]:
    loop_id = draw(
        st.one_of(
            st.just(""),  # a fresh UUID when sent: most requests reach intake
            st.just(""),
            st.just(""),
            st.text(alphabet=TOKEN + ".*> ", min_size=1, max_size=140),
        )
    )
    extra = draw(
        st.lists(
            st.tuples(
                st.sampled_from(
                    [Predicate.RESEARCH_HINT, Predicate.RESEARCH_BUDGET_TOKENS,
                     Predicate.RESEARCH_MAX_ITERATIONS, Predicate.RESEARCH_TOPIC]
                ),
                hostile,
            ),
            max_size=6,
        )
    )  # fmt: skip
    return loop_id, [(str(p), v) for p, v in extra]


def _triples(loop_id: str, extra: list[tuple[str, str]]) -> list[Triple]:
    subject = f"{n.RESEARCH_LOOP_PREFIX}.{n.RESEARCH_LOOP_TYPE}.{loop_id}"
    base = request_triples(str(uuid.uuid4()), "which drone flew", parent_loop_id=PARENT)
    triples = [t.model_copy(update={"subject": subject}) for t in base]
    for predicate, value in extra:
        triples.append(triples[0].model_copy(update={"predicate": predicate, "object": value}))
    return triples


@dataclass
class Collected:
    """Messages on one subject, with an event per arrival to wait on."""

    messages: list[Message] = field(default_factory=list)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)

    async def on_msg(self, msg: Message) -> None:
        self.messages.append(msg)
        self.arrived.set()

    async def until(self, done: Callable[[list[Message]], bool], within_s: float = 30) -> None:
        async with asyncio.timeout(within_s):
            while not done(self.messages):
                self.arrived.clear()
                await self.arrived.wait()


@asynccontextmanager
async def collecting(bus: Bus, subject: str) -> AsyncIterator[Collected]:
    got = Collected()
    sub = await bus.subscribe(subject, got.on_msg)
    try:
        yield got
    finally:
        await sub.unsubscribe()


async def _settled(bus: Bus, got: Collected, subject: str, expected: int) -> None:
    """Until ``expected`` messages arrived, then a sentinel from this connection: anything
    else the chain published before it would have arrived first."""
    await got.until(lambda msgs: len(msgs) >= expected)
    await bus.send(subject, b"sentinel")
    await got.until(lambda msgs: msgs[-1].data == b"sentinel")
    got.messages.pop()


async def test_hostile_requests_each_end_once_and_the_worker_lives(
    bus: Bus, settings: Settings, chain: Any, recorder: Recorder
) -> None:
    cases = drawn(requests(), 40)
    refused = accepted = 0
    loop_ids: list[str] = []
    async with collecting(bus, n.result_subject(PARENT)) as got:
        for drawn_id, extra in cases:
            loop_id = drawn_id or str(uuid.uuid4())
            try:
                await start_research(bus, _triples(loop_id, extra))
            except ResearchChainError:
                refused += 1
                continue
            accepted += 1
            loop_ids.append(loop_id)
        await _settled(bus, got, n.result_subject(PARENT), accepted)
    per_loop = Counter(msg.headers[n.Header.LOOP_ID] for msg in got.messages)
    assert per_loop == Counter(loop_ids), "exactly one result per accepted request"
    degraded = sum(decode_result(msg).degraded for msg in got.messages)
    print(
        f"\nfuzz: {len(cases)} requests, {refused} refused at the write, {accepted} answered "
        f"({degraded} degraded)"
    )
    await _still_answers(bus)


async def test_raw_bytes_at_the_write_api_and_in_the_bucket_end_cleanly(
    bus: Bus, settings: Settings, chain: Any
) -> None:
    blobs = [*drawn(st.binary(max_size=300), 25), b"\xff\xfe" * 10, b"{" * 5000]
    registry = default_registry()
    for blob in blobs:
        raw = await bus.request(n.graph_write_subject(), blob, timeout_s=5)
        reply = registry.decode_as(raw, GraphWriteReply)
        assert not reply.payload.ok and reply.payload.error
    kv = await bus.js.key_value(settings.entities_bucket)
    async with collecting(bus, n.intake_dlq_subject()) as parked:
        for i, blob in enumerate(blobs[:10]):
            await kv.put(f"{n.RESEARCH_LOOP_PREFIX}.{n.RESEARCH_LOOP_TYPE}.raw{i}", blob)
        await _settled(bus, parked, n.intake_dlq_subject(), 10)
    assert {msg.headers[n.Header.ERROR_TYPE] for msg in parked.messages} == {"DecodeError"}
    await _still_answers(bus)


async def _still_answers(bus: Bus) -> None:
    loop_id = str(uuid.uuid4())
    triples = request_triples(loop_id, "a plain question", parent_loop_id=PARENT)

    def mine(msgs: list[Message]) -> list[Message]:
        return [m for m in msgs if m.headers.get(n.Header.LOOP_ID) == loop_id]

    async with collecting(bus, n.result_subject(PARENT)) as got:
        await start_research(bus, triples)
        await got.until(lambda msgs: bool(mine(msgs)))
    result = default_registry().decode_as(mine(got.messages)[0].data, SearchResult).payload
    assert not result.degraded
