"""Static word vectors distilled from all-MiniLM-L6-v2, for the default (torch-free) install.

Matching a question word against the relation and type names of an arbitrary graph ("boss" vs
``manager``, "firm" vs ``company``) needs general word knowledge, and a hand-written word table only
knows the graphs its author had in mind. ``scripts/distill_words.py`` encodes every WordPiece
token alone through the sentence encoder once and ships the reduced, quantised table as
``words.npz``; here it is only read with numpy, so no model runs at query time.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

Vector = NDArray[np.float32]

_RESOURCE = "words.npz"
_PIECE = "##"
_LETTERS = re.compile(r"[a-z]+")
# BERT gives up on longer words too; past this it is not a word but pasted junk.
_MAX_WORD = 100
# Words come from user questions, so the per-instance cache would otherwise grow without bound
# in a long-running worker; starting over when full keeps the hot words cheap enough.
_CACHE_LIMIT = 50_000


def read_arrays(path: Path | None, resource: str) -> dict[str, NDArray[Any]]:
    """The arrays of an ``.npz`` file, or of the package's own ``resource`` when no path
    is given (opened as a stream, not a filesystem path, so a zipped install reads it)."""
    if path is not None:
        with np.load(path, allow_pickle=False) as data:
            return dict(data.items())
    packaged = resources.files(__package__ or "research_chain.understanding") / resource
    with packaged.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
        return dict(data.items())


class WordVectors:
    """A read-only table of unit word vectors plus WordPiece pieces to compose unknown words."""

    def __init__(
        self,
        vocabulary: Sequence[str],
        vectors: NDArray[Any],
        scales: NDArray[np.float32] | None = None,
        meta: dict[str, Any] | None = None,
    ) -> None:
        if vectors.ndim != 2 or vectors.shape[0] != len(vocabulary):
            raise ValueError(
                f"word table has {vectors.shape} vectors for {len(vocabulary)} entries"
            )
        if scales is not None and scales.shape != (len(vocabulary),):
            raise ValueError(f"word table has {scales.shape} scales for {len(vocabulary)} rows")
        # Rows stay quantised in memory and are expanded on first use: loading stays a plain
        # decompress, and only the few words a process actually meets are ever widened.
        self._vectors = vectors
        self._scales = scales
        self._index = {token: row for row, token in enumerate(vocabulary)}
        self._cache: dict[str, Vector | None] = {}
        self.meta: dict[str, Any] = meta or {}
        self.dim = int(vectors.shape[1])

    @classmethod
    def load(cls, path: Path | None = None) -> WordVectors:
        """Read a table written by ``scripts/distill_words.py`` (default: the packaged one)."""
        return cls._from_arrays(read_arrays(path, _RESOURCE))

    @classmethod
    def _from_arrays(cls, arrays: dict[str, NDArray[Any]]) -> WordVectors:
        vocabulary = arrays["vocab"].tobytes().decode().split("\n")
        meta = json.loads(arrays["meta"].tobytes().decode()) if "meta" in arrays else {}
        scales = arrays.get("scales")
        return cls(
            vocabulary,
            arrays["vectors"],
            None if scales is None else scales.astype(np.float32),
            meta,
        )

    def __len__(self) -> int:
        return len(self._index)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and _normalise(word) in self._index

    def vector(self, word: str) -> Vector | None:
        """A unit vector, or ``None`` when no part of ``word`` can be spelled from the table.

        Words joined by anything but letters (``place_of_origin``, ``co-founder``) get the mean of
        their parts, since graph schemas name things that way; a part the table cannot spell
        is skipped rather than sinking the whole name.
        """
        if word in self._cache:
            return self._cache[word]
        parts = [v for p in _LETTERS.findall(_normalise(word)) if (v := self._part(p)) is not None]
        result = _unit(np.mean(parts, axis=0)) if parts else None
        if result is not None:
            result.flags.writeable = False  # shared by every caller through the cache
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()
        self._cache[word] = result
        return result

    def similarity(self, a: str, b: str) -> float:
        """Cosine of the two words; 0.0 (no evidence either way) when either has no vector."""
        va, vb = self.vector(a), self.vector(b)
        if va is None or vb is None:
            return 0.0
        return _clamp(float(va @ vb))

    def best(self, word: str, candidates: Sequence[str]) -> tuple[str, float] | None:
        """The candidate nearest ``word`` (first on a tie); ``None`` when nothing compares."""
        target = self.vector(word)
        if target is None:
            return None
        found: tuple[str, float] | None = None
        for candidate in candidates:
            vec = self.vector(candidate)
            if vec is None:
                continue
            score = _clamp(float(target @ vec))
            if found is None or score > found[1]:
                found = (candidate, score)
        return found

    def pieces(self, word: str) -> list[str] | None:
        """BERT's greedy longest-match WordPiece split, or ``None`` where BERT would say [UNK]."""
        word = _normalise(word)
        if not word or len(word) > _MAX_WORD:
            return None
        out: list[str] = []
        start = 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else _PIECE + word[start:end]
                if piece in self._index:
                    out.append(piece)
                    break
                end -= 1
            else:
                return None
            start = end
        return out

    def _part(self, part: str) -> Vector | None:
        row = self._index.get(part)
        if row is not None:
            return self._row(row)
        pieces = self.pieces(part)
        if pieces is None:
            return None
        return _unit(np.mean([self._row(self._index[p]) for p in pieces], axis=0))

    def _row(self, row: int) -> Vector:
        vec = self._vectors[row].astype(np.float32)
        if self._scales is not None:
            vec *= self._scales[row]
        unit = _unit(vec)
        return unit if unit is not None else vec


@functools.cache
def packaged_words() -> WordVectors:
    """The packaged table, loaded once per process.

    Caching at module level is deliberate here: the table is a read-only package resource, the
    same for every caller, and reading it again per request would only repeat the decompress.
    """
    return WordVectors.load()


def _normalise(word: str) -> str:
    """Fold case and strip accents, as the uncased BERT tokenizer the table came from does."""
    decomposed = unicodedata.normalize("NFD", word.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _unit(vec: NDArray[Any]) -> Vector | None:
    norm = float(np.linalg.norm(vec))
    if not np.isfinite(norm) or norm == 0.0:
        return None
    out: Vector = (vec / norm).astype(np.float32)
    return out


def _clamp(cosine: float) -> float:
    """Rounding in the quantised rows can step a cosine just past +-1."""
    return max(-1.0, min(1.0, cosine))
