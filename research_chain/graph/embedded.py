"""The embedded graph: the bucket is the truth, the indexes live in this process.

:func:`open_graph` loads the current bucket into memory and keeps following it,
so every worker answers from one graph and sees a write within a second.
Full-text (and, when an embedding model is configured, vector) commits are batched
on a short timer (``commit_interval_s``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import logging
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import orjson

from research_chain.bus.connection import Bus
from research_chain.config import Settings
from research_chain.errors import BusUnavailable
from research_chain.graph import seeds as seed_resolution
from research_chain.graph.codec import names_of
from research_chain.graph.follower import Change, KvFollower
from research_chain.graph.fulltext import FullText
from research_chain.graph.memory import GraphMemory, Node, node_from_wire
from research_chain.graph.names import match_names
from research_chain.graph.protocol import (
    Direction,
    EntityLookup,
    NameMatch,
    Step,
    TextHit,
    TimeHit,
    WalkHit,
)
from research_chain.graph.snippets import snippet_for
from research_chain.graph.temporal import temporal_range
from research_chain.graph.vectors import Embedder, VectorIndex, load_embedder
from research_chain.graph.walk import predicate_walk, walk_path
from research_chain.payloads import Candidate, SeedRefType, Triple
from research_chain.payloads.constants import Predicate
from research_chain.payloads.graph import entity_type

__all__ = ["UNSEARCHABLE_TYPES", "EmbeddedGraph", "open_graph"]

log = logging.getLogger(__name__)

DEFAULT_MAX_HITS = 5000
# Incoming facts read per entity for its relation list: a hub (a genre with thousands of
# films) is sampled, not scanned whole, on every question that passes it.
_SCAN_IN = 500
_INCOMING_CACHE = 50_000

# Entities that live in the bucket but are not knowledge: research loops carry a
# question as their topic, and finding it by name, text or time would answer a
# question with itself. They stay readable (entity_state) and walkable.
UNSEARCHABLE_TYPES = frozenset({"research_loop"})
# Their request triples are bookkeeping too: a question word must not read
# ``research.requested`` as a relation of the graph ("X appears in ...").
_REQUEST_PREDICATES = frozenset(Predicate)


class EmbeddedGraph:
    """:class:`~research_chain.graph.protocol.GraphBackend` over in-memory indexes."""

    def __init__(
        self,
        *,
        commit_interval_s: float = 0.1,
        unsearchable_types: frozenset[str] = UNSEARCHABLE_TYPES,
        embedder: Embedder | None = None,
    ) -> None:
        self.memory = GraphMemory(unsearchable_types=unsearchable_types)
        self.text = FullText()
        self.vectors = VectorIndex(embedder) if embedder is not None else None
        self._vector_lock = asyncio.Lock()
        self._unsearchable = unsearchable_types
        self._commit_interval_s = commit_interval_s
        self._dirty = asyncio.Event()
        self._committer: asyncio.Task[None] | None = None
        self._follower: KvFollower | None = None
        self._loading = True
        self._committed = asyncio.Condition()
        self.commits = 0
        # entity -> per_relation -> its sampled incoming edges; hubs (a genre, a year)
        # are met by most questions and scanning them each time dominated routing
        self._incoming: dict[str, dict[int, tuple[tuple[str, Direction, str], ...]]] = {}

    @classmethod
    def from_triples(
        cls, triples: Iterable[Triple | Mapping[str, Any]], *, embedder: Embedder | None = None
    ) -> EmbeddedGraph:
        """A graph built in memory from triples, with no bus: for offline tools and tests.

        Labels and aliases come from the naming predicates, as in the store.
        """
        grouped: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for triple in triples:
            wire = triple.to_wire() if isinstance(triple, Triple) else dict(triple)
            grouped[wire["subject"]].append(wire)
        graph = cls(embedder=embedder)
        for entity_id, facts in grouped.items():
            label, aliases = names_of(facts)
            payload = {"id": entity_id, "type": entity_type(entity_id), "label": label,
                       "aliases": aliases, "triples": facts}  # fmt: skip
            node = node_from_wire(payload)
            graph.memory.put(node)
            graph._index(node, fresh=True)
        graph.text.commit()
        if graph.vectors is not None:
            graph.vectors.commit()
        graph._loading = False
        return graph

    # --- keeping current ------------------------------------------------------

    def apply(self, change: Change) -> None:
        """Apply one bucket change (a stored entity envelope, or a deletion)."""
        _seq, key, value = change
        self._forget_incoming(key)
        if value is None:
            if self.memory.delete(key) is not None:
                self.text.delete(key)
                if self.vectors is not None:
                    self.vectors.delete(key)
        else:
            doc = orjson.loads(value)
            payload = doc.get("payload") if isinstance(doc, dict) else None
            if not isinstance(payload, dict) or payload.get("id") != key:
                log.warning("entity %s: not an entity_state envelope, skipped", key)
                return
            node = node_from_wire(payload)
            self._forget_incoming(key, node)
            replaced = self.memory.put(node)
            self._index(node, fresh=replaced is None and self._loading)
        if not self._loading:
            self._dirty.set()

    def _forget_incoming(self, key: str, new: Node | None = None) -> None:
        """Drop the incoming samples a change to ``key`` may alter: the ends of its old
        and new relations."""
        if not self._incoming:
            return
        old = self.memory.nodes.get(key)
        for node in (old, new):
            for fact in node.facts if node is not None else ():
                if fact.entity:
                    self._incoming.pop(fact.object, None)

    def _index(self, node: Node, *, fresh: bool) -> None:
        if node.type in self._unsearchable:
            return
        self.text.upsert(node, fresh=fresh)
        if self.vectors is not None:
            self.vectors.upsert(node)

    async def _commit_vectors(self) -> None:
        """Embed pending entities off the event loop (a model may take a while).

        Under the lock, so a caller of :meth:`sync` also waits for a batch another
        commit is embedding. A failing model is logged and its batch queued again:
        the text indexes keep committing either way.
        """
        if self.vectors is None:
            return
        async with self._vector_lock:
            if not self.vectors.pending:
                return
            batch = self.vectors.take_pending()
            ids, texts, deletes = batch
            try:
                encoded = await asyncio.to_thread(self.vectors.embedder.encode, texts)
            except Exception:
                log.exception("embedding %d entities failed; queued again", len(ids))
                self.vectors.requeue(batch)
                return
            self.vectors.apply(ids, encoded, deletes)

    async def _commit_loop(self) -> None:
        while True:
            await self._dirty.wait()
            await asyncio.sleep(self._commit_interval_s)
            self._dirty.clear()
            self.text.commit()
            await self._commit_vectors()
            async with self._committed:
                self.commits += 1
                self._committed.notify_all()

    async def follow(self, bus: Bus, settings: Settings, timeout_s: float | None = None) -> None:
        """Load the bucket, then keep following it in the background."""
        self._follower = KvFollower(bus, settings.names().entities_bucket, self.apply)
        # The initial load allocates millions of long-lived objects and no cycles:
        # collections during it only rescan them. Afterwards they are frozen out
        # of the collector's view for the same reason.
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            await self._follower.start()
            async with asyncio.timeout(timeout_s):
                await self._follower.loaded.wait()
        except TimeoutError as exc:
            await self.close()
            raise BusUnavailable(f"graph not loaded within {timeout_s}s") from exc
        finally:
            if gc_was_enabled:
                gc.enable()
        gc.freeze()
        self._loading = False
        self.text.commit()
        await self._commit_vectors()
        self._committer = asyncio.create_task(self._commit_loop(), name="graph-commit")

    async def sync(self, timeout_s: float = 5.0) -> None:
        """Read-your-writes: wait until every write made so far is indexed and searchable."""
        if self._follower is None:
            return
        target = await self._follower.last_seq()
        try:
            await self._follower.wait_applied(target, timeout_s)
        except TimeoutError as exc:
            raise BusUnavailable(f"graph index did not reach revision {target}") from exc
        self.text.commit()
        await self._commit_vectors()

    async def wait_commit(self, after: int, timeout_s: float = 1.0) -> int:
        """Until the index has committed more than ``after`` times; returns the count.

        Lets a caller wait on freshness without sleeping: read :attr:`commits`,
        check its condition, and wait for the next commit if it does not hold yet.
        """
        async with asyncio.timeout(timeout_s), self._committed:
            await self._committed.wait_for(lambda: self.commits > after)
        return self.commits

    @property
    def revision(self) -> int:
        return self._follower.applied_seq if self._follower else 0

    async def close(self) -> None:
        if self._committer is not None:
            self._committer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._committer
            self._committer = None
        if self._follower is not None:
            follower, self._follower = self._follower, None
            with contextlib.suppress(BusUnavailable):
                await follower.stop()

    # --- queries --------------------------------------------------------------

    async def entity_state(self, ids: Sequence[str]) -> EntityLookup:
        found = {}
        missing = []
        for entity_id in dict.fromkeys(ids):
            node = self.memory.nodes.get(entity_id)
            if node is None:
                missing.append(entity_id)
            else:
                found[entity_id] = node.to_state()
        return EntityLookup(found=found, missing=missing)

    async def predicate_walk(
        self,
        seeds: Sequence[str],
        predicates: Sequence[str] | None = None,
        direction: Direction = Direction.BOTH,
        max_hops: int = 1,
        max_fanout: int = 100,
        max_hits: int = DEFAULT_MAX_HITS,
    ) -> list[WalkHit]:
        return predicate_walk(
            self.memory, seeds, predicates, direction, max_hops, max_fanout, max_hits
        )

    async def walk_path(
        self,
        seeds: Sequence[str],
        steps: Sequence[Step],
        max_fanout: int = 100,
        max_hits: int = DEFAULT_MAX_HITS,
    ) -> list[WalkHit]:
        return walk_path(self.memory, seeds, steps, max_fanout, max_hits)

    async def edges(
        self, ids: Sequence[str], per_relation: int = 50
    ) -> dict[str, list[tuple[str, Direction, str]]]:
        out: dict[str, list[tuple[str, Direction, str]]] = {}
        for entity_id in dict.fromkeys(ids):
            node = self.memory.nodes.get(entity_id)
            found = [
                (f.predicate, Direction.OUT, f.object if f.entity else "")
                for f in (node.facts if node is not None else ())
            ]
            found.extend(self._incoming_sample(entity_id, per_relation))
            out[entity_id] = found
        return out

    async def attributes(self, ids: Sequence[str]) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for entity_id in dict.fromkeys(ids):
            node = self.memory.nodes.get(entity_id)
            facts = node.facts if node is not None else ()
            out[entity_id] = {f.predicate for f in facts if not f.entity}
        return out

    def _incoming_sample(
        self, entity_id: str, per_relation: int
    ) -> tuple[tuple[str, Direction, str], ...]:
        if per_relation <= 0:
            return ()
        by_size = self._incoming.get(entity_id)
        if by_size is not None and per_relation in by_size:
            return by_size[per_relation]
        taken: dict[str, int] = {}
        sample = []
        for fact in itertools.islice(self.memory.incoming.get(entity_id, ()), _SCAN_IN):
            count = taken.get(fact.predicate, 0)
            if count < per_relation:
                taken[fact.predicate] = count + 1
                sample.append((fact.predicate, Direction.IN, fact.subject))
        if len(self._incoming) >= _INCOMING_CACHE:
            self._incoming.clear()
        found = tuple(sample)
        self._incoming.setdefault(entity_id, {})[per_relation] = found
        return found

    async def bm25(self, query: str, k: int = 25) -> list[TextHit]:
        hits = []
        for entity_id, score in self.text.search(query, k):
            node = self.memory.nodes.get(entity_id)
            if node is None:
                continue
            hits.append(TextHit(entity_id, score, snippet_for(node, query)))
        return hits

    async def similar(self, query: str, k: int = 25) -> list[TextHit]:
        if self.vectors is None:
            return []
        if not query.strip() or k <= 0:
            return []
        embedder = self.vectors.embedder
        vector = (await asyncio.to_thread(embedder.encode, [query]))[0]
        hits = []
        for entity_id, score in self.vectors.nearest(vector, k):
            node = self.memory.nodes.get(entity_id)
            if node is not None:
                hits.append(TextHit(entity_id, score, snippet_for(node, query)))
        return hits

    async def temporal_range(
        self,
        start: datetime | None,
        end: datetime | None,
        limit: int = 100,
        topic: str | None = None,
    ) -> list[TimeHit]:
        return temporal_range(self.memory, start, end, limit, topic)

    async def resolve_seed(
        self, ref: str, ref_type: SeedRefType, candidates: Sequence[Candidate] = ()
    ) -> list[str]:
        return seed_resolution.resolve(self.memory, ref, ref_type, candidates)

    def match_names(self, text: str) -> list[NameMatch]:
        return match_names(self.memory, text)

    def label(self, entity_id: str) -> str:
        node = self.memory.nodes.get(entity_id)
        return node.label if node is not None else ""

    def predicates(self) -> dict[str, int]:
        counts = self.memory.predicate_counts
        return {p: n for p, n in counts.items() if p not in _REQUEST_PREDICATES}

    def entity_types(self) -> dict[str, int]:
        counts = self.memory.type_counts
        return {t: n for t, n in counts.items() if t not in self._unsearchable}

    def entities_of_type(self, type_name: str, limit: int = 1000) -> list[str]:
        return list(itertools.islice(self.memory.by_type.get(type_name, {}), limit))

    def __len__(self) -> int:
        return len(self.memory.nodes)


async def open_graph(
    bus: Bus, settings: Settings, *, timeout_s: float | None = 300.0
) -> EmbeddedGraph:
    """An :class:`EmbeddedGraph` with the bucket loaded and a watch keeping it current."""
    graph = EmbeddedGraph(embedder=load_embedder(settings.embedding_model))
    await graph.follow(bus, settings, timeout_s=timeout_s)
    log.info("graph loaded: %d entities, revision %d", len(graph), graph.revision)
    return graph
