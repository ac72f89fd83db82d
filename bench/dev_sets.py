"""Dev loop for answer quality on any knowledge base: default ingest, in-process handlers.

Not the final figure (that goes through the real chain with ``research-chain eval``):
this skips NATS so a few hundred questions score in seconds while understanding is
tuned. Both development sets, always::

    .venv/bin/python bench/dev_sets.py metaqa wc2014 --limit 300 [--show-misses 10]
    .venv/bin/python bench/dev_sets.py --kb FILE --questions FILE...

``--limit N`` questions are drawn at random across each file with ``--seed``, the ones
``research-chain eval FILE --sample N --seed S`` asks the real chain and scored the way it
scores them; ``--limit 0`` asks the whole file.
Each question is first stored in the graph as a research loop, as the real chain stores
it (and keeps it: later questions meet earlier loops); ``--no-loops`` leaves them out.
``--order-check`` asks the drawn questions again in reverse order in the same process and
lists every answer that changed: a question's answer must not depend on what ran before.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import orjson
from metaqa_dev import ask

from research_chain.eval import Question, load_questions, score
from research_chain.graph.embedded import EmbeddedGraph
from research_chain.graph.ingest.formats import Parsed, parse_delimited, triple_dict
from research_chain.graph.ingest.mapping import load_mapping
from research_chain.payloads import SearchResult
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


async def answers(
    graph: EmbeddedGraph, rows: list[Question], label: str, as_loop: bool
) -> list[SearchResult]:
    """Each question's result, asked in order."""
    found = []
    with ProgressBar(label, len(rows)) as bar:
        for q in rows:
            result, _trail = await ask(graph, q.text, as_loop=as_loop)
            found.append(result)
            bar.advance()
    return found


async def score_file(
    graph: EmbeddedGraph,
    path: Path,
    limit: int,
    seed: int,
    misses: int,
    as_loop: bool,
    order_check: bool = False,
    dump: Path | None = None,
) -> None:
    """Scored as ``research-chain eval`` scores the results the parent receives."""
    rows = load_questions(path, sample=limit or None, seed=seed)
    t0 = time.perf_counter()
    found = await answers(graph, rows, path.name, as_loop)
    took = time.perf_counter() - t0
    scored = [score(q, result, 0.0) for q, result in zip(rows, found, strict=True)]
    n = len(rows)
    print(
        f"{path.parent.name}/{path.name}: Hits@1 {sum(s.hit for s in scored) / n:.3f}  "
        f"set-F1 {sum(s.set_f1 for s in scored) / n:.3f}  ({n} q, {n / took:.0f} q/s)",
        flush=True,
    )
    if dump is not None:
        with dump.open("ab") as out:
            for s in scored:
                line = {"file": f"{path.parent.name}/{path.name}", "question": s.question}
                line |= {"predicted": s.predicted, "hit": s.hit, "set_f1": s.set_f1}
                out.write(orjson.dumps(line) + b"\n")
    wrong = [(s, result) for s, result in zip(scored, found, strict=True) if not s.hit]
    for s, result in wrong[:misses]:
        print("   MISS", (s.question, s.predicted[:3], sorted(s.gold)[:3], result.synthesis[:200]))
    if order_check:
        again = await answers(graph, rows[::-1], f"{path.name}, reversed", as_loop)
        changed = [
            (q.text, answer_labels(first.synthesis), answer_labels(second.synthesis))
            for q, first, second in zip(rows, found, again[::-1], strict=True)
            if first.synthesis != second.synthesis
        ]
        print(f"   order check: {len(changed)} of {n} answers changed when asked again reversed")
        for text, first_labels, second_labels in changed:
            print("   CHANGED", (text, first_labels[:3], second_labels[:3]))


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sets", nargs="*", choices=[*SETS, []], default=[])
    parser.add_argument("--kb", type=Path)
    parser.add_argument("--questions", type=Path, nargs="*", default=[])
    parser.add_argument("--mapping", default=None)
    parser.add_argument(
        "--limit", type=int, default=300, help="questions drawn per file, as eval --sample"
    )
    parser.add_argument("--seed", type=int, default=0, help="seeds the draw, as eval --seed")
    parser.add_argument("--show-misses", type=int, default=0)
    parser.add_argument(
        "--no-loops", action="store_true", help="do not store the questions as research loops"
    )
    parser.add_argument(
        "--order-check", action="store_true", help="ask again in reverse order; list changes"
    )
    parser.add_argument(
        "--dump", type=Path, help="write one JSON line per question (predicted, hit) here"
    )
    args = parser.parse_args()
    if args.dump is not None:
        args.dump.write_bytes(b"")
    jobs = [SETS[name] for name in args.sets]
    if args.kb:
        jobs.append((args.kb, args.questions))
    for kb, files in jobs:
        started = time.perf_counter()
        graph = load_graph(kb, args.mapping)
        print(f"{kb.name}: {len(graph)} entities in {time.perf_counter() - started:.1f}s")
        for path in files:
            await score_file(
                graph, path, args.limit, args.seed, args.show_misses, not args.no_loops,
                args.order_check, args.dump,
            )  # fmt: skip


if __name__ == "__main__":
    asyncio.run(main())
