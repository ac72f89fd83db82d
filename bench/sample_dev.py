"""Dev loop for the sample drone-fleet graph: in-process graph, the five handlers in sequence.

.venv/bin/python bench/sample_dev.py [-v] [--with-metaqa] [--no-loops]

``--with-metaqa`` adds the MetaQA movie graph beside the fleet, as a user who
ingested both has it: names from one domain must not capture the other's questions.
``--no-loops`` does not store the questions in the graph as research loops first.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import orjson
from metaqa_dev import DATA, ask, metaqa_triples  # type: ignore[import-not-found]

from research_chain.graph.embedded import EmbeddedGraph
from research_chain.payloads import RouteAction
from research_chain.understanding.evidence import answer_labels

SAMPLE = Path(__file__).resolve().parent.parent / "research_chain" / "sample"


def load_sample(with_metaqa: bool = False) -> EmbeddedGraph:
    lines = (SAMPLE / "graph.jsonl").read_text().splitlines()
    triples = [orjson.loads(line) for line in lines]
    if with_metaqa:
        triples += metaqa_triples(DATA / "kb.txt")
    return EmbeddedGraph.from_triples(triples)


async def main() -> None:
    verbose = "-v" in sys.argv
    graph = load_sample(with_metaqa="--with-metaqa" in sys.argv)
    rows = [orjson.loads(x) for x in (SAMPLE / "questions.jsonl").read_text().splitlines()]
    ok_total = 0
    for row in rows:
        result, trail = await ask(graph, row["question"], as_loop="--no-loops" not in sys.argv)
        trail = [t for t in trail if t in RouteAction._value2member_map_] + [str(len(trail))]
        labels = answer_labels(result.synthesis)
        gold = set(row["answers"])
        ok = (not labels) if not gold else (bool(labels) and labels[0] in gold)
        ok_total += ok
        mark = "ok " if ok else "BAD"
        print(f"{mark} {row['kind']:10s} {trail[0]:20s} {trail[1]:3s} {row['question']}")
        if not ok or verbose:
            print(f"      gold {sorted(gold)[:4]} got {labels[:4]}")
            print("      " + result.synthesis[:300].replace("\n", "\n      "))
    print(f"{ok_total}/{len(rows)}")


if __name__ == "__main__":
    asyncio.run(main())
