"""``research-chain eval FILE``: score the running chain on a question set.

Questions are JSON Lines (``{"question", "answers", "kind"}``) or MetaQA text
(``question<TAB>answer1|answer2``). Each goes through the real chain as its
own parent loop, many at a time. The ranked answers of a result are read
from its synthesis' first line (see :mod:`research_chain.understanding.evidence`),
so scoring needs nothing but the ``SearchResult`` the parent receives.

Scores: Hits@1 (the top answer is gold; for a question with no gold answer,
that the chain answered "no answer"), set F1 and exact set (the answers are
judged as a set: a list that adds entities outside the asked scope is wrong
even when its first item is right), answer recall (gold found among all the
answers), evidence recall (gold present anywhere in the evidence), the route
action distribution, mean refine iterations, and p50/p95 latency.

The answer set is the synthesis' ranked answer labels; when that line is cut
short ("... (and N more)."), the answer evidence (same rank order) supplies
the rest, so a long list is not scored on the listed part alone.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import statistics
import time
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import orjson

from research_chain.errors import ResearchChainError, ValidationFailed
from research_chain.graph.text import normalise
from research_chain.payloads import SearchResult
from research_chain.progress import ProgressBar
from research_chain.understanding.evidence import (
    ANSWER_PREFIX,
    answer_labels,
    evidence_label,
    is_answer,
)

if TYPE_CHECKING:
    from research_chain.config import Settings

__all__ = [
    "EvalSummary",
    "Progress",
    "Question",
    "Scored",
    "eval_file",
    "format_summary",
    "load_questions",
    "run_eval",
    "score",
    "set_f1",
]


@dataclass(frozen=True, slots=True)
class Question:
    text: str
    answers: tuple[str, ...]
    kind: str = ""


@dataclass(slots=True)
class Scored:
    question: str
    kind: str
    gold: list[str]
    predicted: list[str]
    hit: bool
    set_f1: float
    exact_set: bool
    answer_recall: float
    evidence_recall: float | None
    action: str
    iterations: int
    latency_ms: float
    degraded: bool = False
    error: str = ""


def _kind_from_path(path: Path) -> str:
    for part in reversed(path.parts):
        if part.endswith("-hop"):
            return part
    return ""


def load_questions(
    path: Path, limit: int | None = None, sample: int | None = None, seed: int = 0
) -> list[Question]:
    """Questions from JSON Lines or ``question<TAB>a|b`` text (MetaQA's; later columns, such
    as a gold path, are not answers): the first ``limit``, or ``sample`` drawn at random
    (seeded) across the whole file, in file order. A file's first lines are often one
    template, so a figure from them says little about the rest."""
    if sample is not None:
        everything = load_questions(path)
        chosen = sorted(
            random.Random(seed).sample(range(len(everything)), min(sample, len(everything)))
        )
        return [everything[i] for i in chosen]
    if not path.is_file():
        raise ValidationFailed(f"{path}: no such question file")
    questions: list[Question] = []
    default_kind = _kind_from_path(path)
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("{"):
            data = orjson.loads(line)
            if not isinstance(data, dict) or not isinstance(data.get("question"), str):
                raise ValidationFailed(f"{path}:{number}: expected an object with 'question'")
            answers = tuple(str(a) for a in data.get("answers", []))
            questions.append(Question(data["question"], answers, str(data.get("kind", ""))))
        else:
            # Further columns (a benchmark's gold path, say) are not answers.
            text, sep, rest = line.partition("\t")
            if not sep:
                raise ValidationFailed(f"{path}:{number}: expected question<TAB>answers")
            answers = tuple(a for a in rest.split("\t", 1)[0].split("|") if a)
            questions.append(Question(text, answers, default_kind))
        if limit is not None and len(questions) >= limit:
            break
    return questions


def _found_anywhere(result: SearchResult) -> set[str]:
    found = set()
    for item in result.evidence:
        found.add(normalise(evidence_label(item)))
        for part in item.snippet_text.split(" | ", 1)[-1].split("; "):
            found.add(normalise(part.rsplit("--> ", 1)[-1]))
    return found


def _truncated(synthesis: str) -> bool:
    """Does the answer line end "(and N more)." (more answers than it lists)?"""
    first = synthesis.split("\n", 1)[0].strip().rstrip(".")
    return first.startswith(ANSWER_PREFIX) and first.endswith(" more)") and " (and " in first


def set_f1(answers: set[str], gold: set[str]) -> float:
    """F1 between two sets of normalised labels; two empty sets agree (1.0)."""
    if not answers or not gold:
        return float(answers == gold)
    return 2 * len(answers & gold) / (len(answers) + len(gold))


def score(question: Question, result: SearchResult, latency_ms: float) -> Scored:
    """One question's scores against the result the parent received."""
    gold = {normalise(a) for a in question.answers}
    ranked = answer_labels(result.synthesis)
    answers = [normalise(evidence_label(e)) for e in result.evidence if is_answer(e)]
    listed = [normalise(a) for a in ranked]
    answer_set = set(listed + answers) if ranked and _truncated(result.synthesis) else set(listed)
    answer_set.discard("")
    answers = list(dict.fromkeys(listed + answers))
    if gold:
        hit = bool(ranked) and normalise(ranked[0]) in gold
        f1, exact = set_f1(answer_set, gold), answer_set == gold
        recall = len(gold & set(answers)) / len(gold)
        evidence_recall: float | None = len(gold & _found_anywhere(result)) / len(gold)
    else:
        hit = not ranked
        f1, exact = float(hit), hit
        recall = 1.0 if not ranked else 0.0
        evidence_recall = None
    trace = result.decomp_trace
    return Scored(
        question=question.text,
        kind=question.kind,
        gold=list(question.answers),
        predicted=ranked[:10],
        hit=hit,
        set_f1=round(f1, 4),
        exact_set=exact,
        answer_recall=round(recall, 4),
        evidence_recall=None if evidence_recall is None else round(evidence_recall, 4),
        action=trace.router_action.value if trace and trace.router_action else "",
        iterations=result.iterations,
        latency_ms=round(latency_ms, 1),
        degraded=result.degraded,
    )


@dataclass(slots=True)
class EvalSummary:
    scored: list[Scored] = field(default_factory=list)
    wall_s: float = 0.0

    def rows(self, kind: str | None = None) -> list[Scored]:
        return [s for s in self.scored if kind is None or s.kind == kind]

    def to_dict(self) -> dict[str, Any]:
        return {"overall": _figures(self.rows(), self.wall_s)} | {
            f"kind:{kind}": _figures(self.rows(kind), None) for kind in self.kinds()
        }

    def kinds(self) -> list[str]:
        return sorted({s.kind for s in self.scored if s.kind})


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _figures(rows: list[Scored], wall_s: float | None) -> dict[str, Any]:
    ok = [s for s in rows if not s.error]
    answerable = [s for s in ok if s.gold]
    unanswerable = [s for s in ok if not s.gold]
    latencies = [s.latency_ms for s in ok]
    evidence = [s.evidence_recall for s in answerable if s.evidence_recall is not None]
    figures: dict[str, Any] = {
        "questions": len(rows),
        "errors": len(rows) - len(ok),
        "hits_at_1": round(sum(s.hit for s in ok) / len(rows), 4) if rows else 0.0,
        "set_f1": round(sum(s.set_f1 for s in ok) / len(rows), 4) if rows else 0.0,
        "exact_set": round(sum(s.exact_set for s in ok) / len(rows), 4) if rows else 0.0,
        "hits_at_1_answerable": _mean([float(s.hit) for s in answerable]),
        "no_answer_correct": _mean([float(s.hit) for s in unanswerable]),
        "answer_recall": _mean([s.answer_recall for s in answerable]),
        "evidence_recall": _mean(evidence),
        "routes": dict(Counter(s.action or "-" for s in ok).most_common()),
        "mean_iterations": _mean([float(s.iterations) for s in ok]),
        "p50_ms": _percentile(latencies, 0.5),
        "p95_ms": _percentile(latencies, 0.95),
        "degraded": sum(s.degraded for s in ok),
    }
    if wall_s:
        figures["wall_s"] = round(wall_s, 2)
        figures["questions_per_s"] = round(len(rows) / wall_s, 1)
    return figures


def _mean(values: Sequence[float]) -> float | None:
    return round(statistics.fmean(values), 4) if values else None


class Progress:
    """The eval's progress bar: questions done, the rate and Hits@1 so far."""

    def __init__(self, total: int) -> None:
        self.done = self.hits = 0
        self._bar = ProgressBar("eval", total)

    def __enter__(self) -> Progress:
        self._bar.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._bar.close()

    def update(self, hit: bool) -> None:
        self.done += 1
        self.hits += hit
        self._bar.advance(status=f"Hits@1 {self.hits / self.done:.3f}")


async def run_eval(
    ask: Callable[[str], Any],
    questions: Sequence[Question],
    *,
    concurrency: int = 32,
    report: IO[bytes] | None = None,
    progress: Progress | None = None,
) -> EvalSummary:
    """Ask every question through ``ask`` (an async ``topic -> SearchResult``), many at once.

    Report rows come in the questions' order, each written as soon as every row before it
    is done: a report lines up with its questions file and still grows as the run goes."""
    gate = asyncio.Semaphore(concurrency)
    summary = EvalSummary()
    started = time.perf_counter()
    finished: dict[int, Scored] = {}
    written = 0

    async def one(at: int, question: Question) -> None:
        nonlocal written
        async with gate:
            t0 = time.perf_counter()
            try:
                result = await ask(question.text)
                scored = score(question, result, (time.perf_counter() - t0) * 1000)
            except ResearchChainError as exc:
                scored = Scored(
                    question.text, question.kind, list(question.answers), [], hit=False,
                    set_f1=0.0, exact_set=False, answer_recall=0.0, evidence_recall=None,
                    action="", iterations=0, latency_ms=(time.perf_counter() - t0) * 1000,
                    error=str(exc),
                )  # fmt: skip
        summary.scored.append(scored)
        if report is not None:
            finished[at] = scored
            while written in finished:
                report.write(orjson.dumps(asdict(finished.pop(written))) + b"\n")
                written += 1
        if progress is not None:
            progress.update(scored.hit)

    await asyncio.gather(*(one(at, q) for at, q in enumerate(questions)))
    summary.wall_s = time.perf_counter() - started
    return summary


def format_summary(summary: EvalSummary) -> str:
    """The figures as aligned text, overall first, then per kind."""
    lines = []
    for name, figures in summary.to_dict().items():
        lines.append(f"{name}:")
        for key, value in figures.items():
            lines.append(f"  {key:22s} {value}")
    return "\n".join(lines)


async def eval_file(
    settings: Settings,
    questions: Sequence[Question],
    *,
    url: str,
    concurrency: int = 32,
    timeout_s: float = 60.0,
    report: IO[bytes] | None = None,
) -> EvalSummary:
    """Ask the questions through the chain running at ``url``; one parent loop each."""
    from research_chain.bus import connect
    from research_chain.client import research

    run_id = uuid.uuid4().hex[:12]
    counter = itertools.count()
    bus = await connect(settings, url, name="research-chain-eval")

    async def ask(topic: str) -> SearchResult:
        parent = f"eval-{run_id}-{next(counter)}"
        return await research(
            bus, topic, parent_loop_id=parent, timeout=timeout_s, names=settings.names()
        )

    try:
        with Progress(len(questions)) as progress:
            return await run_eval(
                ask, questions, concurrency=concurrency, report=report, progress=progress
            )
    finally:
        await bus.close()
