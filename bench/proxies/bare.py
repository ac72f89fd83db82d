"""A proxy set with bare relation names: each name cut to its last segment in snake_case.

``people.person.place_of_birth``, ``__people__person__place_of_birth`` and
``http://example.org/ontology/placeOfBirth`` all become ``place_of_birth``. A namespace
says what a relation's subjects are (``music.group.*``: groups), which is knowledge a graph
with plain names does not give; the same questions over the bare KB show how much of a
set's figure leans on it. Run: ``python -m bench.proxies.bare SRC DST``.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

_SEGMENT = re.compile(r"__|[./#:]")
_HUMP = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def bare(relation: str) -> str:
    """The relation's last segment, snake_case: what a graph without namespaces would say."""
    last = [part for part in _SEGMENT.split(relation.strip("_")) if part][-1]
    return _HUMP.sub("_", last).lower()


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    src, dst = Path(argv[0]), Path(argv[1])
    dst.mkdir(parents=True, exist_ok=True)
    with (src / "kb.txt").open() as kb, (dst / "kb.txt").open("w") as out:
        for line in kb:
            subject, relation, obj = line.rstrip("\n").split("\t")
            out.write(f"{subject}\t{bare(relation)}\t{obj}\n")
    for questions in sorted(src.glob("q*.jsonl")):
        shutil.copy(questions, dst / questions.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
