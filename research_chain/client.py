"""The parent's side: start a research loop by writing its triples, await its result.

The loop is an entity in the graph like any other, written through the graph
write API. A :class:`ResearchClient` subscribes to its parent's result subject
*before* writing, so a fast chain cannot answer into the void. Every result is
also kept: in the results stream under its parent and loop, which a restarted
parent reads with a direct get its permissions can be limited to (ADR 0018), and
under ``COMPLETE_<loop_id>`` in the loop bucket until the loop's records expire,
which any process with JetStream access reads by loop id.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Mapping
from types import TracebackType
from typing import TYPE_CHECKING

from research_chain.bus import Bus, connect
from research_chain.bus import names as n
from research_chain.bus.names import Names
from research_chain.bus.results import ResultSubscription, first_value
from research_chain.errors import BusRejected, BusUnavailable, ResultTimeout, ValidationFailed
from research_chain.payloads import (
    DEFAULT_BUDGET_TOKENS,
    DEFAULT_MAX_ITERATIONS,
    PIPELINE_ROLE,
    TRIPLE_SOURCE,
    ClassifierOutput,
    Evidence,
    GraphWrite,
    GraphWriteOp,
    Predicate,
    SearchResult,
    Triple,
    default_registry,
)
from research_chain.payloads.registry import now_rfc3339

if TYPE_CHECKING:
    from research_chain.config import Settings

__all__ = [
    "ResearchClient",
    "evidence_body",
    "fetch_result",
    "request_triples",
    "research",
    "start_research",
]

DEFAULT_TIMEOUT_S = 60.0

log = logging.getLogger(__name__)


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
    data = await bus.request(n.graph_write_subject(), registry.encode(request), timeout_s=timeout_s)
    reply = registry.decode(data).payload
    if not getattr(reply, "ok", False):
        raise ValidationFailed(f"research request refused: {getattr(reply, 'error', reply)}")


class ResearchClient:
    """A parent's handle on a running chain, usable from any process.

    ``research()`` asks and waits; ``start()`` returns the loop id at once and
    ``result()`` waits for (or fetches) that loop's result later, from this client or
    from another one after a restart. Results of loops this client started arrive on
    its own result subject; any other loop's result is watched for by key.

    Example::

        async with await ResearchClient.connect(Settings()) as client:
            result = await client.research("Which drones did Yusuf Mensah fly?")
    """

    def __init__(
        self,
        bus: Bus,
        *,
        names: Names | None = None,
        parent_loop_id: str | None = None,
        owns_bus: bool = False,
    ) -> None:
        self.parent_loop_id = n.check_token(
            parent_loop_id or f"parent-{uuid.uuid4()}", "parent_loop_id"
        )
        self._bus = bus
        self._names = names or Names()
        self._owns_bus = owns_bus
        self._subscription: ResultSubscription | None = None
        self._started: set[str] = set()
        self._waiters: dict[str, asyncio.Future[bytes]] = {}

    @classmethod
    async def connect(
        cls,
        settings: Settings,
        *,
        parent_loop_id: str | None = None,
        name: str = "research-chain-client",
    ) -> ResearchClient:
        """Connect to the chain ``settings`` point at (the embedded server's address when
        no URL is set); the client owns the connection and closes it."""
        bus = await connect(settings, settings.client_url(), name=name)
        return cls(bus, names=settings.names(), parent_loop_id=parent_loop_id, owns_bus=True)

    async def __aenter__(self) -> ResearchClient:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def close(self) -> None:
        """Stop listening for results; close the connection if this client opened it."""
        if self._subscription is not None:
            await self._subscription.close()
            self._subscription = None
        for waiter in self._waiters.values():
            waiter.cancel()
        self._waiters.clear()
        if self._owns_bus:
            await self._bus.close()

    async def research(
        self,
        topic: str,
        hints: Mapping[str, str] | None = None,
        budget_tokens: int | None = None,
        max_iterations: int | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,  # noqa: ASYNC109 - the parent's contract names it so
        *,
        loop_id: str | None = None,
    ) -> SearchResult:
        """Ask one question and wait for its ``SearchResult``.

        Raises:
            ResultTimeout: no result within ``timeout`` seconds (it may still come:
                ``result()`` with the loop id fetches it later).
            ValidationFailed: the graph refused the request's triples.
            InvalidName: ``loop_id`` is not a UUID.
        """
        started = await self.start(
            topic, hints, budget_tokens, max_iterations, loop_id=loop_id,
            request_timeout_s=min(timeout, 10.0),
        )  # fmt: skip
        return await self.result(started, timeout=timeout)

    async def start(
        self,
        topic: str,
        hints: Mapping[str, str] | None = None,
        budget_tokens: int | None = None,
        max_iterations: int | None = None,
        *,
        loop_id: str | None = None,
        request_timeout_s: float = 10.0,
    ) -> str:
        """Start a research loop and return its id once the graph has taken the request."""
        loop_id = n.validate_loop_id(loop_id or str(uuid.uuid4()))
        await self._listen()
        triples = request_triples(
            loop_id, topic, parent_loop_id=self.parent_loop_id, hints=hints,
            budget_tokens=budget_tokens or 0, max_iterations=max_iterations or 0,
        )  # fmt: skip
        self._started.add(loop_id)
        try:
            await start_research(self._bus, triples, timeout_s=request_timeout_s)
        except BaseException:
            self._started.discard(loop_id)
            raise
        return loop_id

    async def result(
        self,
        loop_id: str,
        timeout: float = DEFAULT_TIMEOUT_S,  # noqa: ASYNC109 - as in research()
    ) -> SearchResult:
        """Wait for a loop's result: at once if it is kept, else as soon as it comes.

        A loop of this parent (started by this client, or by a process with the same
        ``parent_loop_id`` before it restarted) is found with what a least-privilege
        parent identity may do: hear its own result subject and fetch its own kept
        results. Any other loop is also looked for in the loop bucket, which takes
        JetStream access (no auth, or the worker identity).

        Raises:
            ResultTimeout: no result within ``timeout`` seconds.
        """
        loop_id = n.check_token(loop_id, "loop_id")
        data = await self._wait_for(loop_id, timeout)
        if data is None:
            raise ResultTimeout(f"loop {loop_id}: no result within {timeout}s")
        return default_registry().decode_as(data, SearchResult).payload

    async def fetch(self, loop_id: str) -> SearchResult | None:
        """A loop's result if it has one now, without waiting."""
        loop_id = n.check_token(loop_id, "loop_id")
        data = await self._kept(loop_id) or await self._in_loop_bucket(loop_id)
        return None if data is None else default_registry().decode_as(data, SearchResult).payload

    async def classification(self, loop_id: str) -> ClassifierOutput | None:
        """The classification that routed the loop (the last one, after a retighten)."""
        data = await self._bus.bucket(self._names.loops_bucket).read(
            n.stage_key(n.Stage.NL_CLASSIFY, n.check_token(loop_id, "loop_id")),
        )
        if data is None:
            return None
        return default_registry().decode_as(data, ClassifierOutput).payload

    async def _listen(self) -> None:
        if self._subscription is None:
            self._subscription = await ResultSubscription.open(
                self._bus, n.result_subject(self.parent_loop_id), self._on_result
            )

    async def _on_result(self, headers: Mapping[str, str], data: bytes) -> None:
        waiter = self._waiters.get(headers.get(n.Header.LOOP_ID, ""))
        if waiter is not None and not waiter.done():
            waiter.set_result(data)

    async def _kept(self, loop_id: str) -> bytes | None:
        """This parent's kept copy of the loop's result, by a direct get that names the
        parent and the loop in its subject (all a parent's permissions allow, ADR 0018)."""
        kept = await self._bus.last_msg(
            self._names.results_stream, n.kept_result_subject(self.parent_loop_id, loop_id)
        )
        return None if kept is None else kept.data

    async def _in_loop_bucket(self, loop_id: str, timeout_s: float = 0.0) -> bytes | None:
        """Any parent's loop, from the loop bucket (waiting up to ``timeout_s``); None also
        when this identity may not read the bucket, which leaves it its own loops."""
        try:
            if timeout_s <= 0:
                return await self._bus.bucket(self._names.loops_bucket).read(
                    n.complete_key(loop_id)
                )
            return await first_value(
                self._bus, self._names.loops_bucket, n.complete_key(loop_id), timeout_s
            )
        except (BusRejected, BusUnavailable) as exc:
            log.debug("loop %s: loop bucket not readable here: %s", loop_id, exc)
            return None

    async def _wait_for(self, loop_id: str, timeout_s: float) -> bytes | None:
        """Our subject delivers the result; the kept copy covers one that came before we
        waited, one lost in a reconnect (read again when the wait runs out) and one from
        before a restart. A loop this client did not start may be another parent's, so
        the loop bucket is watched for it too.

        The waiter is registered before the kept copy is read: the result is kept before
        it is published, so a miss here means the publish is still to come.
        """
        await self._listen()
        waiter = self._waiters.setdefault(loop_id, asyncio.get_running_loop().create_future())
        elsewhere: asyncio.Task[None] | None = None

        async def from_loop_bucket() -> None:
            data = await self._in_loop_bucket(loop_id, timeout_s)
            if data is not None and not waiter.done():
                waiter.set_result(data)

        try:
            kept = await self._kept(loop_id)
            if kept is not None:
                return kept
            if loop_id not in self._started:
                elsewhere = asyncio.create_task(from_loop_bucket())
            try:
                return await asyncio.wait_for(asyncio.shield(waiter), timeout_s)
            except TimeoutError:
                return await self._kept(loop_id)
        finally:
            if elsewhere is not None:
                elsewhere.cancel()
            self._waiters.pop(loop_id, None)
            self._started.discard(loop_id)


async def fetch_result(
    bus: Bus, loop_id: str, *, names: Names | None = None
) -> SearchResult | None:
    """A loop's result by id from the loop bucket, or None while it has none."""
    names = names or Names()
    data = await bus.bucket(names.loops_bucket).read(n.complete_key(loop_id))
    return None if data is None else default_registry().decode_as(data, SearchResult).payload


async def evidence_body(bus: Bus, item: Evidence, *, names: Names | None = None) -> str:
    """An evidence item's whole snippet: inline, or from the object store when the chain
    moved a bulky body there (``objectstore_ref``) and kept only a preview."""
    if not item.objectstore_ref:
        return item.snippet_text
    body = await bus.get_object((names or Names()).evidence_store, item.objectstore_ref)
    return item.snippet_text if body is None else body.decode()


async def research(
    bus: Bus,
    topic: str,
    *,
    parent_loop_id: str,
    hints: Mapping[str, str] | None = None,
    budget_tokens: int = 0,
    max_iterations: int = 0,
    timeout: float = DEFAULT_TIMEOUT_S,  # noqa: ASYNC109 - the parent's contract names it so
    loop_id: str | None = None,
    names: Names | None = None,
) -> SearchResult:
    """One loop for ``parent_loop_id`` on an existing connection (a one-shot client).

    Raises:
        ResultTimeout: nothing arrived (or was stored) within ``timeout`` seconds.
        ValidationFailed: the graph refused the request's triples.
    """
    client = ResearchClient(bus, names=names, parent_loop_id=parent_loop_id)
    try:
        return await client.research(
            topic, hints, budget_tokens, max_iterations, timeout, loop_id=loop_id
        )
    finally:
        await client.close()
