"""Whole-question similarity from a small sentence encoder, run in numpy.

Word links (WordNet, distilled word vectors) read a question word by word, so an idiom whose
words name nothing ("what does X do for a living", "who is X contracted to", "the citizenship
of X") reads no relation at all. A sentence encoder reads the phrase as a whole: all-MiniLM-L6-v2
puts "do for a living" nearest ``profession``. Its weights ship with the package
(``sentences.npz``, packed once by ``scripts/distill_sentences.py``: int8 matrices, 21 MB) and
its forward pass is a few numpy matrix products, so neither torch nor a download is needed.
A pass costs 10-20 ms, so callers use it only where the word links found nothing.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Self

import numpy as np
from numpy.typing import NDArray
from threadpoolctl import ThreadpoolController

from research_chain.understanding.words import read_arrays

__all__ = ["CLEAR_MARGIN", "SentenceEncoder", "clear_winner", "packaged_encoder"]

_RESOURCE = "sentences.npz"
_LAYERS = 6
_HEADS = 12
_EPSILON = 1e-12
_MAX_TOKENS = 128
# A sentence names one of several phrases only this clearly: this close, and this much closer
# than to any other (unrelated questions score up to ~0.26 against a person's relations).
_CLEAR_FLOOR = 0.3
CLEAR_MARGIN = 0.05
# Relation and path phrases recur from question to question; a question is read by several
# stages and seed readings, so the last few are kept too.
_CACHE_LIMIT = 4096
_TEXT_LIMIT = 64
# BERT's basic tokenizer: runs of letters and digits, every other symbol on its own.
_PIECES = re.compile(r"[^\W_]+|[^\w\s]|_")

Vector = NDArray[np.float32]


class SentenceEncoder:
    """all-MiniLM-L6-v2 (uncased BERT, 6 layers, 384 wide, mean pooled). Its int8 matrices
    are widened to float32 once, at load (90 MB per process that uses it): numpy multiplies
    float32 through BLAS, integers not."""

    def __init__(self, arrays: Mapping[str, NDArray[Any]]) -> None:
        self._weights: dict[str, Vector] = {}
        for key, array in arrays.items():
            kind, _, name = key.partition(":")
            if kind == "q":
                scale = arrays[f"s:{name}"].astype(np.float32)
                self._weights[name] = array.astype(np.float32) * scale[:, None]
            elif kind == "f":
                self._weights[name] = array.astype(np.float32)
        lines = arrays["vocab"].tobytes().decode("utf-8").splitlines()
        self._vocab = {token: i for i, token in enumerate(lines) if token}
        self._phrases: dict[str, Vector] = {}
        self._texts: OrderedDict[str, Vector] = OrderedDict()
        # A sentence is a few dozen rows: BLAS threads buy nothing on matrices this small,
        # and beside a busy event loop or another worker they spin against each other
        # (16 ms a pass alone, 380 ms with two other processes on two cores).
        self._threads = ThreadpoolController()

    @classmethod
    def load(cls, path: Path | None = None) -> Self:
        """The packaged encoder, or one packed to ``path``."""
        return cls(read_arrays(path, _RESOURCE))

    def token_ids(self, text: str) -> list[int]:
        """Lower-cased, accents stripped, split at symbols, then WordPiece longest-first."""
        text = unicodedata.normalize("NFD", text.lower())
        text = "".join(c for c in text if unicodedata.category(c) != "Mn")
        ids = [self._vocab["[CLS]"]]
        for word in _PIECES.findall(text):
            ids.extend(self._wordpiece(word))
        return [*ids[: _MAX_TOKENS - 1], self._vocab["[SEP]"]]

    def _wordpiece(self, word: str) -> list[int]:
        pieces: list[int] = []
        start = 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in self._vocab:
                    pieces.append(self._vocab[piece])
                    break
                end -= 1
            if end == start:
                return [self._vocab["[UNK]"]]
            start = end
        return pieces

    def encode(self, text: str) -> Vector:
        """The unit-length sentence vector, as sentence-transformers computes it."""
        with self._threads.limit(limits=1, user_api="blas"):
            return self._forward(text)

    def _forward(self, text: str) -> Vector:
        w = self._weights
        ids = self.token_ids(text)
        n = len(ids)
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][:n]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = _norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        width = x.shape[1] // _HEADS
        for layer in range(_LAYERS):
            p = f"encoder.layer.{layer}."

            def dense(name: str, h: Vector, p: str = p) -> Vector:
                out: Vector = h @ w[p + name + ".weight"].T + w[p + name + ".bias"]
                return out

            q, k, v = (
                dense(f"attention.self.{part}", x).reshape(n, _HEADS, width).transpose(1, 0, 2)
                for part in ("query", "key", "value")
            )
            scores = q @ k.transpose(0, 2, 1) / np.float32(np.sqrt(width))
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(1, 0, 2).reshape(n, -1)
            x = _norm(
                x + dense("attention.output.dense", context),
                w[p + "attention.output.LayerNorm.weight"],
                w[p + "attention.output.LayerNorm.bias"],
            )
            inner = _gelu(dense("intermediate.dense", x))
            x = _norm(
                x + dense("output.dense", inner),
                w[p + "output.LayerNorm.weight"],
                w[p + "output.LayerNorm.bias"],
            )
        pooled = x.mean(axis=0)
        result: Vector = (pooled / np.linalg.norm(pooled)).astype(np.float32)
        return result

    def similarities(self, text: str, phrases: Sequence[str]) -> list[float]:
        """Cosine of ``text`` with each phrase; the phrases' vectors are kept."""
        if not phrases:
            return []
        if len(self._phrases) + len(phrases) > _CACHE_LIMIT:
            self._phrases.clear()
        rows = []
        for phrase in phrases:
            vector = self._phrases.get(phrase)
            if vector is None:
                vector = self._phrases[phrase] = self.encode(phrase)
            rows.append(vector)
        vector = self._texts.pop(text, None)
        if vector is None:
            vector = self.encode(text)
        self._texts[text] = vector
        if len(self._texts) > _TEXT_LIMIT:
            self._texts.popitem(last=False)
        # one dot product per phrase: a matrix product's kernel depends on how many rows it
        # has, so a phrase's cosine would change in its last bits with the phrases beside it
        return [float(row @ vector) for row in rows]


def clear_winner(
    scores: Sequence[float], groups: Sequence[str], margin: float = CLEAR_MARGIN
) -> int | None:
    """The index of the score that stands out (see ``_CLEAR_FLOOR``), if one does; entries
    of one group (one relation walked either way) are no rivals of each other."""
    if not scores:
        return None
    best = max(range(len(scores)), key=scores.__getitem__)
    rival = max((v for v, g in zip(scores, groups, strict=True) if g != groups[best]), default=-1.0)
    if scores[best] < _CLEAR_FLOOR or scores[best] - rival < margin:
        return None
    return best


def _norm(x: Vector, gain: Vector, bias: Vector) -> Vector:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    out: Vector = (x - mean) / np.sqrt(var + _EPSILON) * gain + bias
    return out


def _gelu(x: Vector) -> Vector:
    """Exact (erf) GELU; erf by Abramowitz and Stegun 7.1.26, good to 1.5e-7."""
    z = np.abs(x) / np.float32(np.sqrt(2.0))
    t = 1.0 / (1.0 + 0.3275911 * z)
    poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t) * t
    erf = 1.0 - (poly + 0.254829592 * t) * np.exp(-z * z)
    out: Vector = (0.5 * x * (1.0 + np.sign(x) * erf)).astype(np.float32)
    return out


@functools.cache
def packaged_encoder() -> SentenceEncoder:
    """The packaged encoder, loaded once per process on first use (a read-only resource,
    as the lexicon is)."""
    return SentenceEncoder.load()
