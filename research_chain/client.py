"""The parent's side: start a research loop by writing its triples, await its result.

The loop is an entity in the graph like any other, written through the graph
write API. The caller subscribes to its own result subject *before* writing,
so a fast chain cannot answer into the void; if the wait times out the
stored result (``COMPLETE_<loop_id>``) is checked once before giving up.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Mapping

import nats.js.errors
from nats.aio.msg import Msg

from research_chain.bus import names as n
from research_chain.bus.connection import Bus, nats_errors
from research_chain.bus.names import Names
from research_chain.errors import ResultTimeout, ValidationFailed
from research_chain.payloads import (
    DEFAULT_BUDGET_TOKENS,
    DEFAULT_MAX_ITERATIONS,
    PIPELINE_ROLE,
    TRIPLE_SOURCE,
    GraphWrite,
    GraphWriteOp,
    Predicate,
    SearchResult,
    Triple,
    default_registry,
)
from research_chain.payloads.registry import now_rfc3339

__all__ = ["fetch_result", "request_triples", "research", "start_research"]


def request_triples(
    loop_id: str,
    topic: str,
    *,
    parent_loop_id: str,
    hints: Mapping[str, str] | None = None,
    budget_tokens: int = 0,
    max_iterations: int = 0,
) -> list[Triple]:
    """The triples that describe a research request (one per hint, ``key=value``)."""
    subject = n.loop_entity_id(loop_id)
    stamp = now_rfc3339()

    def triple(predicate: Predicate, value: str) -> Triple:
        return Triple(
            subject=subject,
            predicate=predicate.value,
            object=value,
            source=TRIPLE_SOURCE,
            timestamp=stamp,
        )

    triples = [
        triple(Predicate.LOOP_ROLE, PIPELINE_ROLE),
        triple(Predicate.RESEARCH_REQUESTED, topic),
        triple(Predicate.RESEARCH_TOPIC, topic),
    ]
    triples += [triple(Predicate.RESEARCH_HINT, f"{k}={v}") for k, v in (hints or {}).items()]
    # The seed stores budgets after defaulting; a negative value is passed through so the
    # chain can refuse it with a reason.
    triples += [
        triple(Predicate.RESEARCH_BUDGET_TOKENS, str(budget_tokens or DEFAULT_BUDGET_TOKENS)),
        triple(Predicate.RESEARCH_MAX_ITERATIONS, str(max_iterations or DEFAULT_MAX_ITERATIONS)),
        triple(Predicate.RESEARCH_PARENT_LOOP, parent_loop_id),
    ]
    return triples


async def start_research(bus: Bus, triples: list[Triple], *, timeout_s: float = 10.0) -> None:
    """Write a request's triples through the graph write API; refusals raise."""
    registry = default_registry()
    request = GraphWrite(op=GraphWriteOp.CREATE, triples=triples)
    with nats_errors("graph write"):
        msg = await bus.nc.request(
            n.graph_write_subject(), registry.encode(request), timeout=timeout_s
        )
    reply = registry.decode(msg.data).payload
    if not getattr(reply, "ok", False):
        raise ValidationFailed(f"research request refused: {getattr(reply, 'error', reply)}")


async def fetch_result(
    bus: Bus, loop_id: str, *, names: Names | None = None
) -> SearchResult | None:
    """A loop's result by id from the loop bucket, or None while it has none."""
    names = names or Names()
    with nats_errors("open loop bucket"):
        kv = await bus.js.key_value(names.loops_bucket)
    try:
        with nats_errors("read result"):
            entry = await kv.get(n.complete_key(loop_id))
    except nats.js.errors.KeyNotFoundError:
        return None
    if entry.value is None:
        return None
    return default_registry().decode_as(entry.value, SearchResult).payload


async def research(
    bus: Bus,
    topic: str,
    *,
    parent_loop_id: str,
    hints: Mapping[str, str] | None = None,
    budget_tokens: int = 0,
    max_iterations: int = 0,
    timeout: float = 60.0,  # noqa: ASYNC109 - the parent's contract names it so
    loop_id: str | None = None,
    names: Names | None = None,
) -> SearchResult:
    """Start one research loop for ``parent_loop_id`` and wait for its ``SearchResult``.

    Raises:
        ResultTimeout: nothing arrived (or was stored) within ``timeout`` seconds.
        ValidationFailed: the graph refused the request's triples.
    """
    loop_id = n.validate_loop_id(loop_id or str(uuid.uuid4()))
    registry = default_registry()
    arrived: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()

    async def on_result(msg: Msg) -> None:
        if (msg.headers or {}).get(n.Header.LOOP_ID) == loop_id and not arrived.done():
            arrived.set_result(msg.data)

    with nats_errors("subscribe to results"):
        sub = await bus.nc.subscribe(n.result_subject(parent_loop_id), cb=on_result)
    try:
        triples = request_triples(
            loop_id, topic, parent_loop_id=parent_loop_id, hints=hints,
            budget_tokens=budget_tokens, max_iterations=max_iterations,
        )  # fmt: skip
        await start_research(bus, triples, timeout_s=min(timeout, 10.0))
        try:
            data = await asyncio.wait_for(asyncio.shield(arrived), timeout)
        except TimeoutError:
            stored = await fetch_result(bus, loop_id, names=names)
            if stored is None:
                raise ResultTimeout(f"loop {loop_id}: no result within {timeout}s") from None
            return stored
    finally:
        with nats_errors("unsubscribe"):
            await sub.unsubscribe()
    return registry.decode_as(data, SearchResult).payload
