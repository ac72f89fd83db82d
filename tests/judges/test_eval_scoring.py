"""The eval harness' reading of files and scoring of results (no chain needed)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import orjson
import pytest

from research_chain.errors import ResearchChainError, ValidationFailed
from research_chain.eval import (
    Question,
    format_summary,
    load_questions,
    run_eval,
    score,
    set_f1,
)
from research_chain.payloads import DecompTrace, Evidence, RetrievalTier, RouteAction, SearchResult

M = "t.kb.films.demo.movie.heat"
P = "t.kb.films.demo.person.michael-mann"
D = "t.kb.films.demo.person.dante-spinotti"


def _result(synthesis: str, *extra: Evidence) -> SearchResult:
    return SearchResult(
        synthesis=synthesis,
        evidence=[
            Evidence(entity_id=P, tier=RetrievalTier.RULES, source="predicate_walk",
                     snippet_text="Michael Mann | Heat --directed_by--> Michael Mann"),
            *extra,
            Evidence(entity_id=M, tier=RetrievalTier.RULES, source="entity_state",
                     snippet_text="Heat | Heat --release_year--> 1995"),
        ],
        decomp_trace=DecompTrace(router_action=RouteAction.WALK_SEEDS),
        iterations=1,
    )  # fmt: skip


def test_loads_json_lines_and_metaqa_text(tmp_path: Path) -> None:
    jsonl = tmp_path / "q.jsonl"
    jsonl.write_text('{"question": "who?", "answers": ["A"], "kind": "1-hop"}\n\n')
    assert load_questions(jsonl) == [Question("who?", ("A",), "1-hop")]
    hop = tmp_path / "2-hop"
    hop.mkdir()
    text = hop / "qa_dev.txt"
    text.write_text("what did [X] do\tA|B\nwho is [Y]\tC\n")
    assert load_questions(text, limit=1) == [Question("what did [X] do", ("A", "B"), "2-hop")]
    with pytest.raises(ValidationFailed):
        load_questions(tmp_path / "missing.txt")


def test_columns_after_the_answers_are_not_answers(tmp_path: Path) -> None:
    """A benchmark that writes its gold path after the answer (``X#spouse#Y#...``)."""
    text = tmp_path / "pq.txt"
    text.write_text("who is the wife of x_y ?\tanna_b\tx_y#spouse#anna_b\n")
    assert load_questions(text) == [Question("who is the wife of x_y ?", ("anna_b",), "")]


def test_scores_hits_recall_and_evidence_recall() -> None:
    result = _result(f"Answer: Michael Mann [{P}].")
    scored = score(Question("who directed Heat", ("Michael Mann", "1995"), "1-hop"), result, 12.0)
    assert scored.hit and scored.predicted == ["Michael Mann"]
    assert scored.set_f1 == round(2 / 3, 4) and not scored.exact_set  # one of two gold
    assert scored.answer_recall == 0.5
    assert scored.evidence_recall == 1.0
    assert scored.action == "walk_seeds"


def test_no_answer_questions_score_an_explicit_no_answer() -> None:
    question = Question("who is Nobody", (), "no-answer")
    said_none = score(question, _result("No answer: nothing."), 1.0)
    assert said_none.hit and said_none.set_f1 == 1.0 and said_none.exact_set
    answered = score(question, _result(f"Answer: Michael Mann [{P}]."), 1.0)
    assert not answered.hit and answered.set_f1 == 0.0 and not answered.exact_set


def test_an_exact_answer_set_scores_full_marks() -> None:
    result = _result(f"Answer: michael  mann [{P}].")  # normalised as Hits@1 is
    scored = score(Question("who directed Heat", ("Michael Mann",), "1-hop"), result, 1.0)
    assert scored.hit and scored.set_f1 == 1.0 and scored.exact_set


def test_an_extra_answer_outside_the_gold_set_is_wrong_though_first_is_right() -> None:
    """A list that adds entities outside the asked scope is wrong even when its first is right."""
    extra = Evidence(entity_id=D, tier=RetrievalTier.RULES, source="predicate_walk",
                     snippet_text="Dante Spinotti | Heat --shot_by--> Dante Spinotti")  # fmt: skip
    result = _result(f"Answer: Michael Mann [{P}]; Dante Spinotti [{D}].", extra)
    scored = score(Question("who directed Heat", ("Michael Mann",), "1-hop"), result, 1.0)
    assert scored.hit and scored.answer_recall == 1.0
    assert scored.set_f1 == round(2 / 3, 4) and scored.set_f1 < 1.0
    assert not scored.exact_set


def test_a_cut_short_answer_line_is_completed_from_the_answer_evidence() -> None:
    extra = Evidence(entity_id=D, tier=RetrievalTier.RULES, source="predicate_walk",
                     snippet_text="Dante Spinotti | Heat --shot_by--> Dante Spinotti")  # fmt: skip
    question = Question("who made Heat", ("Michael Mann", "Dante Spinotti"))
    cut = score(question, _result(f"Answer: Michael Mann [{P}] (and 1 more).", extra), 1.0)
    assert cut.set_f1 == 1.0 and cut.exact_set
    # Not cut short: answer evidence the synthesis left out is not part of the answer.
    listed = score(question, _result(f"Answer: Michael Mann [{P}].", extra), 1.0)
    assert listed.set_f1 == round(2 / 3, 4) and not listed.exact_set


def test_set_f1() -> None:
    assert set_f1({"a", "b"}, {"a", "b"}) == 1.0
    assert set_f1({"a", "b", "c"}, {"a"}) == 0.5
    assert set_f1(set(), {"a"}) == 0.0
    assert set_f1({"a"}, set()) == 0.0
    assert set_f1(set(), set()) == 1.0


async def test_run_eval_reports_figures() -> None:
    async def ask(topic: str) -> SearchResult:
        return _result(f"Answer: Michael Mann [{P}].")

    questions = [Question("q1", ("Michael Mann",), "1-hop"), Question("q2", ("Heat",), "2-hop")]
    summary = await run_eval(ask, questions, concurrency=2)
    figures = summary.to_dict()
    assert figures["overall"]["hits_at_1"] == 0.5
    assert figures["overall"]["set_f1"] == 0.5 and figures["overall"]["exact_set"] == 0.5
    assert figures["kind:1-hop"]["hits_at_1"] == 1.0
    assert figures["kind:1-hop"]["set_f1"] == 1.0 and figures["kind:1-hop"]["exact_set"] == 1.0
    assert figures["kind:2-hop"]["set_f1"] == 0.0 and figures["kind:2-hop"]["exact_set"] == 0.0
    assert figures["overall"]["routes"] == {"walk_seeds": 2}
    assert "questions_per_s" in figures["overall"]
    text = [line.split() for line in format_summary(summary).splitlines()]
    at = text.index(["hits_at_1", "0.5"])  # the set scores are printed next to Hits@1
    assert text[at + 1 : at + 3] == [["set_f1", "0.5"], ["exact_set", "0.5"]]


async def test_run_eval_reports_set_scores_per_row_and_for_errors() -> None:
    async def ask(topic: str) -> SearchResult:
        if topic == "q2":
            raise ResearchChainError("boom")
        return _result(f"Answer: Michael Mann [{P}]; Heat [{M}].")

    report = io.BytesIO()
    questions = [Question("q1", ("Michael Mann",), "1-hop"), Question("q2", ("Heat",), "1-hop")]
    summary = await run_eval(ask, questions, concurrency=2, report=report)
    rows = {row["question"]: row for row in map(orjson.loads, report.getvalue().splitlines())}
    assert rows["q1"]["hit"] and rows["q1"]["set_f1"] == round(2 / 3, 4)
    assert rows["q1"]["exact_set"] is False
    assert rows["q2"]["error"] and rows["q2"]["set_f1"] == 0.0 and rows["q2"]["exact_set"] is False
    assert summary.to_dict()["overall"]["set_f1"] == round(2 / 3 / 2, 4)


async def test_report_rows_follow_the_questions_order_whatever_finishes_first() -> None:
    second_done = asyncio.Event()

    async def ask(topic: str) -> SearchResult:
        if topic == "q1":
            await second_done.wait()  # the first question finishes last
        else:
            second_done.set()
        return _result(f"Answer: Heat [{M}].")

    report = io.BytesIO()
    questions = [Question(f"q{i}", ("Heat",), "1-hop") for i in (1, 2, 3)]
    await run_eval(ask, questions, concurrency=3, report=report)
    rows = [orjson.loads(line)["question"] for line in report.getvalue().splitlines()]
    assert rows == ["q1", "q2", "q3"]


def test_a_sample_is_drawn_across_the_file_in_file_order(tmp_path: Path) -> None:
    """Not the first lines: a seeded draw over the whole file, the same for one seed."""
    text = tmp_path / "q.jsonl"
    text.write_text("".join(f'{{"question": "q{i}", "answers": ["a"]}}\n' for i in range(200)))
    drawn = [q.text for q in load_questions(text, sample=20, seed=3)]
    numbers = [int(t[1:]) for t in drawn]
    assert len(drawn) == 20 and numbers == sorted(numbers) and max(numbers) >= 100
    assert drawn == [q.text for q in load_questions(text, sample=20, seed=3)]
    assert drawn != [q.text for q in load_questions(text, sample=20, seed=4)]
    assert len(load_questions(text, sample=500)) == 200
