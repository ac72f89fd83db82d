"""A question is read up to a bound, however long it is (issue 12, defect 2)."""

from __future__ import annotations

from research_chain.graph import EmbeddedGraph
from research_chain.retrieval.reading import MAX_READ_CHARS, read_question


async def test_only_the_first_characters_of_a_huge_question_are_read(
    graph: EmbeddedGraph,
) -> None:
    huge = "who directed Heat and " * 3_000
    analysis = read_question(graph, huge)
    assert analysis.text == huge[:MAX_READ_CHARS]
    assert analysis.entities  # the start is still read as a question
