"""Full-text engines on our entity documents: tantivy vs bm25s vs SQLite FTS5 (ADR 0002).

    .venv/bin/python bench/graph_fulltext.py /tmp/g100k.jsonl --engine tantivy
    .venv/bin/python bench/graph_fulltext.py /tmp/g100k.jsonl --engine bm25s
    .venv/bin/python bench/graph_fulltext.py /tmp/g100k.jsonl --engine fts5

One engine per run so peak memory is the engine's own. Documents are built the
way the embedded graph builds them (names, literal objects, predicate words);
queries are 200 OR-queries of 2-4 words drawn from labels and literals.
"""

from __future__ import annotations

import argparse
import random
import resource
import sqlite3
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import orjson

from research_chain.graph.fulltext import FullText, document_text
from research_chain.graph.memory import Node, node_from_wire
from research_chain.graph.text import tokens


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def load_nodes(path: Path) -> list[Node]:
    grouped: dict[str, list[dict[str, object]]] = defaultdict(list)
    with path.open("rb") as handle:
        for line in handle:
            triple = orjson.loads(line)
            grouped[triple["subject"]].append(triple)
    nodes = []
    for entity_id, triples in grouped.items():
        label = next((str(t["object"]) for t in triples if t["predicate"] == "name"), "")
        payload = {"id": entity_id, "type": entity_id.split(".")[4], "label": label,
                   "triples": triples}  # fmt: skip
        nodes.append(node_from_wire(payload))
    return nodes


def make_queries(nodes: list[Node], n: int = 200) -> list[str]:
    rng = random.Random(3)
    queries = []
    for node in rng.sample(nodes, n):
        words = tokens(document_text(node))
        size = min(len(words), rng.randint(2, 4))
        queries.append(" ".join(rng.sample(words, size)))
    return queries


def timed(run: Callable[[str], object], queries: list[str]) -> tuple[float, float]:
    samples = []
    for q in queries:
        started = time.perf_counter()
        run(q)
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.99) - 1]


def bench_tantivy(nodes: list[Node], queries: list[str]) -> dict[str, float]:
    started = time.perf_counter()
    text = FullText()
    for node in nodes:
        text.upsert(node, fresh=True)
    text.commit()
    build = time.perf_counter() - started
    p50, p99 = timed(lambda q: text.search(q, 25), queries)
    update = []
    for node in nodes[:20]:
        t0 = time.perf_counter()
        text.upsert(node)
        text.commit()
        update.append((time.perf_counter() - t0) * 1000)
    print(f"tantivy segments after build: {text.num_segments()}")
    return {"build_s": build, "p50_ms": p50, "p99_ms": p99, "update_ms": statistics.median(update)}


def bench_bm25s(nodes: list[Node], queries: list[str]) -> dict[str, float]:
    import bm25s

    docs = [document_text(n) for n in nodes]
    started = time.perf_counter()
    retriever = bm25s.BM25()
    retriever.index(bm25s.tokenize(docs, stopwords=None, show_progress=False), show_progress=False)
    build = time.perf_counter() - started

    def search(q: str) -> object:
        toks = bm25s.tokenize([q], stopwords=None, show_progress=False)
        return retriever.retrieve(toks, k=25, show_progress=False)

    p50, p99 = timed(search, queries)
    # bm25s has no incremental add: a changed entity means a full re-index.
    return {"build_s": build, "p50_ms": p50, "p99_ms": p99, "update_ms": build * 1000}


def bench_fts5(nodes: list[Node], queries: list[str]) -> dict[str, float]:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, body)")
    started = time.perf_counter()
    db.executemany("INSERT INTO docs VALUES (?, ?)", ((n.id, document_text(n)) for n in nodes))
    db.commit()
    build = time.perf_counter() - started

    def search(q: str) -> object:
        match = " OR ".join(f'"{t}"' for t in tokens(q))
        sql = "SELECT id, bm25(docs) FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT 25"
        return db.execute(sql, (match,)).fetchall()

    p50, p99 = timed(search, queries)
    update = []
    for node in nodes[:20]:
        t0 = time.perf_counter()
        db.execute("DELETE FROM docs WHERE id = ?", (node.id,))
        db.execute("INSERT INTO docs VALUES (?, ?)", (node.id, document_text(node)))
        db.commit()
        update.append((time.perf_counter() - t0) * 1000)
    return {"build_s": build, "p50_ms": p50, "p99_ms": p99, "update_ms": statistics.median(update)}


ENGINES = {"tantivy": bench_tantivy, "bm25s": bench_bm25s, "fts5": bench_fts5}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("graph", type=Path)
    parser.add_argument("--engine", choices=sorted(ENGINES), default="tantivy")
    args = parser.parse_args()
    nodes = load_nodes(args.graph)
    queries = make_queries(nodes)
    before = rss_mb()
    figures = ENGINES[args.engine](nodes, queries)
    print(
        f"{args.engine}: {len(nodes):,} docs, build {figures['build_s']:.2f}s, "
        f"top-25 p50 {figures['p50_ms']:.2f} ms p99 {figures['p99_ms']:.2f} ms, "
        f"one update searchable in {figures['update_ms']:.1f} ms, "
        f"peak RSS +{rss_mb() - before:,.0f} MB"
    )


if __name__ == "__main__":
    main()
