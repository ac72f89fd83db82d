"""Dev loop for answer quality: MetaQA in an in-process graph, the five handlers in sequence.

Not a test and not the final figure (that goes through the real chain with
``research-chain eval``): this skips NATS so a few hundred questions per hop
score in seconds while the relation matching is tuned.

    .venv/bin/python bench/metaqa_dev.py --hops 1 2 3 --limit 300 [--show-misses 10]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from research_chain.bus import names as n
from research_chain.bus.names import Stage
from research_chain.client import request_triples
from research_chain.components import default_components
from research_chain.components.base import LoopSnapshot, StageContext
from research_chain.graph.codec import encode_state, merge_wire
from research_chain.graph.embedded import EmbeddedGraph
from research_chain.graph.ingest.formats import Parsed, parse_delimited, triple_dict
from research_chain.graph.ingest.mapping import load_mapping
from research_chain.judges import HeuristicJudge
from research_chain.payloads import (
    AssessmentOutput,
    ClassifierOutput,
    ExecutionOutput,
    Intent,
    RouteAction,
    RouteDecision,
    SearchResult,
    WireModel,
)
from research_chain.retrieval.reading import Readings
from research_chain.runtime.intake import RequestLimits, parse_request, request_intent
from research_chain.understanding.evidence import answer_labels

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "metaqa"


def load_graph(path: Path) -> EmbeddedGraph:
    return EmbeddedGraph.from_triples(metaqa_triples(path))


def metaqa_triples(path: Path) -> list[dict[str, Any]]:
    """The knowledge base as ``research-chain ingest`` maps it."""
    triples: list[dict[str, Any]] = []
    named: set[str] = set()
    with path.open(encoding="utf-8") as lines:
        for record in parse_delimited(lines, load_mapping("metaqa"), "|"):
            if not isinstance(record, Parsed):
                continue
            for entity_id, name in record.names:
                if entity_id not in named:
                    named.add(entity_id)
                    triples.append(triple_dict(entity_id, "name", name, False, "metaqa"))
            triples.extend(record.triples)
    return triples


SNAPSHOT_FIELD = {
    Stage.NL_CLASSIFY: "classifier_output",
    Stage.ROUTE_SEARCH: "route_decision",
    Stage.EXECUTE_SUBQUERIES: "execution_output",
    Stage.ASSESS_SUFFICIENCY: "assessment_output",
}


PARENT_LOOP = "dev-parent"
_LOOP_IDS = uuid.UUID("5b0c7a52-35c4-4d1e-9d55-6a8f1f1f0d3e")
# What intake holds a request to, read once: reading the settings costs about 2 ms.
_LIMITS = RequestLimits.of()


async def store_loop(graph: EmbeddedGraph, question: str) -> tuple[str, Intent]:
    """Store the question in the graph as the real chain does, and start its loop from it.

    Through the chain a parent's request is a ``research_loop`` entity written into the
    graph, and it stays there: every later question meets every earlier loop (their
    request predicates once read as the graph's relation words, a bug only the real chain
    showed). The same code builds the triples (the client), the stored state (the graph
    write API's create), applies it (as the graph's follower applies a bucket change) and
    reads the intent back from the stored entity (intake). Loop ids are derived from the
    question and the loops already stored, so a run is repeatable.
    """
    stored = graph.memory.type_counts[n.RESEARCH_LOOP_TYPE]
    loop_id = str(uuid.uuid5(_LOOP_IDS, f"{stored}:{question}"))
    subject = n.loop_entity_id(loop_id)
    triples = request_triples(loop_id, question, parent_loop_id=PARENT_LOOP)
    state, _changed = merge_wire([], [t.to_wire() for t in triples])
    graph.apply((stored + 1, n.entity_key(subject), encode_state(subject, state)))
    entity = (await graph.entity_state([subject])).found[subject]
    request = parse_request(entity, _LIMITS)
    if request.problems:
        raise ValueError(f"intake would refuse {question!r}: {request.problems}")
    return loop_id, request_intent(request)


async def ask(
    graph: EmbeddedGraph, question: str, *, as_loop: bool = True
) -> tuple[SearchResult, list[str]]:
    """One question through the five handlers in sequence; with ``as_loop`` (the default)
    it is first stored in the graph as a research loop, as through the real chain."""
    components = default_components()
    judge = HeuristicJudge()
    readings = Readings()  # one reading of the question for all five stages, as a worker's
    if as_loop:
        loop_id, intent = await store_loop(graph, question)
    else:
        loop_id, intent = "dev", Intent(topic=question)
    snap: dict[str, object] = {"intent": intent}
    trail: list[str] = []

    async def run(stage: Stage, payload: WireModel) -> Any:
        """One stage, its output kept in the snapshot as the runner's store would."""
        ctx = StageContext(
            loop_id=loop_id, parent_loop_id=PARENT_LOOP, stage=stage, attempt=1, round=0,
            deadline=time.time() + 60, snapshot=LoopSnapshot(**snap),  # type: ignore[arg-type]
            graph=graph, judge=judge, readings=readings,
        )  # fmt: skip
        trail.append(stage.value)
        output = await components[stage].handle(ctx, payload)
        if stage in SNAPSHOT_FIELD:
            snap[SNAPSHOT_FIELD[stage]] = output
        return output

    topic_intent = intent
    retightens = 0
    while True:
        classified: ClassifierOutput = await run(Stage.NL_CLASSIFY, topic_intent)
        route: RouteDecision = await run(Stage.ROUTE_SEARCH, classified)
        if route.action is not RouteAction.RETIGHTEN:
            break
        retightens += 1
        snap["retighten_rounds"] = retightens
        args = route.parse_retighten_args()
        topic_intent = Intent(topic=args.topic, hints=args.hints)
    trail.append(route.action.value)
    if route.action is RouteAction.SYNTHESIZE_DIRECTLY:
        result = await run(Stage.SYNTHESIZE_ANSWER, classified)
    else:
        payload: WireModel = route
        for refine in range(intent.resolved_max_iterations()):
            execution: ExecutionOutput = await run(Stage.EXECUTE_SUBQUERIES, payload)
            assessment: AssessmentOutput = await run(Stage.ASSESS_SUFFICIENCY, execution)
            if assessment.sufficient or refine + 1 >= intent.resolved_max_iterations():
                break
            snap["refine_rounds"] = refine + 1
            payload = assessment
        result = await run(Stage.SYNTHESIZE_ANSWER, assessment)
    assert isinstance(result, SearchResult)
    return result, trail


def questions(hop: int, limit: int, seed: int) -> list[tuple[str, set[str], str]]:
    base = DATA / f"{hop}-hop"
    qs = (base / "qa_dev.txt").read_text(encoding="utf-8").splitlines()
    types = (base / "qa_dev_qtype.txt").read_text(encoding="utf-8").splitlines()
    rows = [
        (q.split("\t")[0], set(q.split("\t")[1].split("|")), t)
        for q, t in zip(qs, types, strict=True)
    ]
    random.Random(seed).shuffle(rows)
    return rows[:limit]


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hops", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--limit", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--show-misses", type=int, default=0)
    parser.add_argument(
        "--no-loops", action="store_true", help="do not store the questions as research loops"
    )
    args = parser.parse_args()
    started = time.perf_counter()
    graph = load_graph(DATA / "kb.txt")
    print(f"graph: {len(graph)} entities in {time.perf_counter() - started:.1f}s", flush=True)
    for hop in args.hops:
        rows = questions(hop, args.limit, args.seed)
        hits, misses, actions, by_type = 0, [], Counter(), defaultdict(lambda: [0, 0])
        t0 = time.perf_counter()
        for question, gold, qtype in rows:
            result, trail = await ask(graph, question, as_loop=not args.no_loops)
            trail = [t for t in trail if t in RouteAction._value2member_map_]
            labels = answer_labels(result.synthesis)
            ok = bool(labels) and labels[0] in gold
            hits += ok
            by_type[qtype][0] += ok
            by_type[qtype][1] += 1
            actions[trail[0]] += 1
            if not ok:
                misses.append(
                    (qtype, question, labels[:3], sorted(gold)[:3], result.synthesis[:160])
                )
        took = time.perf_counter() - t0
        print(
            f"{hop}-hop Hits@1 {hits / len(rows):.3f} ({len(rows)} q, "
            f"{len(rows) / took:.0f} q/s) {dict(actions)}"
        )
        for qtype, (ok, total) in sorted(by_type.items(), key=lambda kv: kv[1][0] / kv[1][1]):
            print(f"   {qtype:45s} {ok}/{total}")
        for miss in misses[: args.show_misses]:
            print("   MISS", miss)


if __name__ == "__main__":
    asyncio.run(main())
