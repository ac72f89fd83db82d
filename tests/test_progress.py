"""Progress bars: drawn by rich on a terminal, silent in a pipe."""

from __future__ import annotations

import io

from research_chain.eval import Progress as EvalProgress
from research_chain.progress import ProgressBar


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_draws_on_a_terminal_and_stays_silent_in_a_pipe() -> None:
    screen, pipe = Terminal(), io.StringIO()
    with ProgressBar("ingest kb.tsv", 200, stream=screen) as bar:
        bar.update(completed=150, status="6,482 triples")
    with ProgressBar("ingest kb.tsv", 200, stream=pipe) as quiet:
        quiet.advance(50)
    assert "ingest kb.tsv" in screen.getvalue() and "150/200" in screen.getvalue()
    assert "6,482 triples" in screen.getvalue()
    assert not quiet.enabled and pipe.getvalue() == ""


def test_the_eval_bar_counts_questions_and_hits() -> None:
    with EvalProgress(4) as progress:
        for hit in (True, False, True):
            progress.update(hit)
    assert (progress.done, progress.hits) == (3, 2)
