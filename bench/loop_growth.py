"""Does answering slow down as the graph fills with research loops?

Every question the chain answers stays in the graph as a ``research_loop`` entity with
its request triples, so a long-running store holds many more loops than knowledge. This
stores ``--steps`` loops (cumulative) and, at each level, asks one fixed draw of
questions in process as ``bench/dev_sets.py`` asks them (once unmeasured first: the
first questions load the word lists) and prints their rate; a read that scans the
loops shows as a falling rate::

    .venv/bin/python bench/loop_growth.py metaqa --steps 0 10000 40000
    .venv/bin/python bench/loop_growth.py sample --kind temporal --repeat 5

``--profile DIR`` writes a cProfile of each level's questions (``DIR/<set>-<loops>.prof``)
to compare the first and the last with pstats.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import sys
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dev_sets import SETS, load_graph
from metaqa_dev import ask, store_loop
from sample_dev import SAMPLE, load_sample

from research_chain.bus import names as n
from research_chain.eval import load_questions
from research_chain.graph.embedded import EmbeddedGraph


def questions(name: str, per_file: int, seed: int, kind: str) -> tuple[EmbeddedGraph, list[str]]:
    """The graph and a fixed draw of its questions (``kind`` filters the sample's)."""
    if name == "sample":
        lines = (SAMPLE / "questions.jsonl").read_text().splitlines()
        rows = [orjson.loads(line) for line in lines]
        return load_sample(), [r["question"] for r in rows if not kind or r["kind"] == kind]
    kb, files = SETS[name]
    drawn = [q.text for f in files for q in load_questions(f, sample=per_file, seed=seed)]
    return load_graph(kb), drawn


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("set", choices=[*SETS, "sample"])
    parser.add_argument("--steps", type=int, nargs="+", default=[0, 10_000, 40_000])
    parser.add_argument("--per-file", type=int, default=200, help="questions drawn per file")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--kind", default="", help="only the sample's questions of this kind")
    parser.add_argument("--repeat", type=int, default=1, help="ask the draw this many times")
    parser.add_argument("--profile", type=Path, default=None)
    args = parser.parse_args()
    graph, drawn = questions(args.set, args.per_file, args.seed, args.kind)
    asked = drawn * args.repeat
    for question in drawn:
        await ask(graph, question)
    filler = 0
    for target in args.steps:
        while graph.memory.type_counts[n.RESEARCH_LOOP_TYPE] < target:
            await store_loop(graph, f"filler question {filler}")
            filler += 1
        loops = graph.memory.type_counts[n.RESEARCH_LOOP_TYPE]
        profile = cProfile.Profile() if args.profile else None
        started = time.perf_counter()
        if profile is not None:
            profile.enable()
        for question in asked:
            await ask(graph, question)
        if profile is not None:
            profile.disable()
            args.profile.mkdir(parents=True, exist_ok=True)
            profile.dump_stats(args.profile / f"{args.set}-{loops}.prof")
        took = time.perf_counter() - started
        print(f"{loops:7d} loops stored: {len(asked) / took:6.1f} q/s ({len(asked)} q)", flush=True)


if __name__ == "__main__":
    asyncio.run(main())
