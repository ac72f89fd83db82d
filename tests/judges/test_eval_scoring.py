"""The eval harness' reading of files and scoring of results (no chain needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from research_chain.errors import ValidationFailed
from research_chain.eval import Question, format_summary, load_questions, run_eval, score
from research_chain.payloads import DecompTrace, Evidence, RetrievalTier, RouteAction, SearchResult

M = "t.kb.films.demo.movie.heat"
P = "t.kb.films.demo.person.michael-mann"


def _result(synthesis: str) -> SearchResult:
    return SearchResult(
        synthesis=synthesis,
        evidence=[
            Evidence(entity_id=P, tier=RetrievalTier.RULES, source="predicate_walk",
                     snippet_text="Michael Mann | Heat --directed_by--> Michael Mann"),
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


def test_scores_hits_recall_and_evidence_recall() -> None:
    result = _result(f"Answer: Michael Mann [{P}].")
    scored = score(Question("who directed Heat", ("Michael Mann", "1995"), "1-hop"), result, 12.0)
    assert scored.hit and scored.predicted == ["Michael Mann"]
    assert scored.answer_recall == 0.5
    assert scored.evidence_recall == 1.0
    assert scored.action == "walk_seeds"


def test_no_answer_questions_score_an_explicit_no_answer() -> None:
    question = Question("who is Nobody", (), "no-answer")
    assert score(question, _result("No answer: nothing."), 1.0).hit
    assert not score(question, _result(f"Answer: Michael Mann [{P}]."), 1.0).hit


async def test_run_eval_reports_figures() -> None:
    async def ask(topic: str) -> SearchResult:
        return _result(f"Answer: Michael Mann [{P}].")

    questions = [Question("q1", ("Michael Mann",), "1-hop"), Question("q2", ("Heat",), "2-hop")]
    summary = await run_eval(ask, questions, concurrency=2)
    figures = summary.to_dict()
    assert figures["overall"]["hits_at_1"] == 0.5
    assert figures["kind:1-hop"]["hits_at_1"] == 1.0
    assert figures["overall"]["routes"] == {"walk_seeds": 2}
    assert "questions_per_s" in figures["overall"]
    assert "hits_at_1" in format_summary(summary)
