"""Dev loop for answer quality on any knowledge base: default ingest, in-process handlers.

Not the final figure (that goes through the real chain with ``research-chain eval``):
this skips NATS so a few hundred questions score in seconds while understanding is
tuned. Both development sets, always::

    .venv/bin/python bench/dev_sets.py metaqa wc2014 --limit 300 [--show-misses 10]
    .venv/bin/python bench/dev_sets.py --kb FILE --questions FILE...

Each question is first stored in the graph as a research loop, as the real chain stores
it (and keeps it: later questions meet earlier loops); ``--no-loops`` leaves them out.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from metaqa_dev import ask

from research_chain.eval import load_questions, set_f1
from research_chain.graph.embedded import EmbeddedGraph
from research_chain.graph.ingest.formats import Parsed, parse_delimited, triple_dict
from research_chain.graph.ingest.mapping import load_mapping
from research_chain.graph.text import normalise
from research_chain.progress import ProgressBar
from research_chain.understanding.evidence import answer_labels

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
SETS = {
    "metaqa": (
        SHARED / "metaqa" / "kb.txt",
        [SHARED / "metaqa" / f"{h}-hop" / "qa_dev.txt" for h in (1, 2, 3)],
    ),
    "wc2014": (
        SHARED / "wc2014" / "kb.tsv",
        [SHARED / "wc2014" / f"questions-{k}.jsonl" for k in ("1hop", "2hop", "conjunctive")],
    ),
}


def load_graph(path: Path, mapping: str | None = None) -> EmbeddedGraph:
    """The knowledge base as ``research-chain ingest`` maps it by default."""
    chosen = load_mapping(mapping)
    triples: list[dict[str, Any]] = []
    named: set[str] = set()
    with path.open(encoding="utf-8") as lines:
        for record in parse_delimited(lines, chosen):
            if not isinstance(record, Parsed):
                continue
            for entity_id, name in record.names:
                if entity_id not in named:
                    named.add(entity_id)
                    triples.append(triple_dict(entity_id, "name", name, False, path.name))
            triples.extend(record.triples)
    return EmbeddedGraph.from_triples(triples)


async def score_file(
    graph: EmbeddedGraph, path: Path, limit: int, seed: int, misses: int, as_loop: bool
) -> None:
    rows = load_questions(path)
    random.Random(seed).shuffle(rows)
    rows = rows[:limit]
    hits, f1, actions = 0, 0.0, Counter()
    shown: list[Any] = []
    t0 = time.perf_counter()
    with ProgressBar(path.name, len(rows)) as bar:
        for done, q in enumerate(rows, 1):
            result, trail = await ask(graph, q.text, as_loop=as_loop)
            labels = [normalise(a) for a in answer_labels(result.synthesis)]
            gold = {normalise(a) for a in q.answers}
            ok = bool(labels) and labels[0] in gold if gold else not labels
            hits += ok
            f1 += set_f1(set(labels), gold)
            actions[trail[-1] if trail[-1] != "synthesize_answer" else trail[-2]] += 1
            if not ok and len(shown) < misses:
                shown.append((q.text, labels[:3], sorted(gold)[:3], result.synthesis[:200]))
            bar.advance(status=f"Hits@1 {hits / done:.3f}")
    took = time.perf_counter() - t0
    n = len(rows)
    print(
        f"{path.parent.name}/{path.name}: Hits@1 {hits / n:.3f}  set-F1 {f1 / n:.3f}  "
        f"({n} q, {n / took:.0f} q/s)",
        flush=True,
    )
    for miss in shown:
        print("   MISS", miss)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sets", nargs="*", choices=[*SETS, []], default=[])
    parser.add_argument("--kb", type=Path)
    parser.add_argument("--questions", type=Path, nargs="*", default=[])
    parser.add_argument("--mapping", default=None)
    parser.add_argument("--limit", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--show-misses", type=int, default=0)
    parser.add_argument(
        "--no-loops", action="store_true", help="do not store the questions as research loops"
    )
    args = parser.parse_args()
    jobs = [SETS[name] for name in args.sets]
    if args.kb:
        jobs.append((args.kb, args.questions))
    for kb, files in jobs:
        started = time.perf_counter()
        graph = load_graph(kb, args.mapping)
        print(f"{kb.name}: {len(graph)} entities in {time.perf_counter() - started:.1f}s")
        for path in files:
            await score_file(
                graph, path, args.limit, args.seed, args.show_misses, not args.no_loops
            )


if __name__ == "__main__":
    asyncio.run(main())
