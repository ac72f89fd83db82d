"""Why a text hit matched: the name or fact that shares most words with the query."""

from __future__ import annotations

from collections.abc import Iterator

from research_chain.graph.memory import Node
from research_chain.graph.text import predicate_words, tokens

__all__ = ["SNIPPET_CHARS", "snippet_for"]

SNIPPET_CHARS = 160


def _parts(node: Node) -> Iterator[str]:
    yield from node.names()
    for fact in node.facts:
        if not fact.entity:
            yield f"{predicate_words(fact.predicate)}: {fact.object}"


def _clip(text: str, first_word: str) -> str:
    if len(text) <= SNIPPET_CHARS:
        return text
    at = max(text.casefold().find(first_word), 0)
    start = max(0, min(at - SNIPPET_CHARS // 3, len(text) - SNIPPET_CHARS))
    head = "…" if start else ""
    tail = "…" if start + SNIPPET_CHARS < len(text) else ""
    return f"{head}{text[start : start + SNIPPET_CHARS]}{tail}"


def snippet_for(node: Node, query: str) -> str:
    """The part of ``node`` with most query words, clipped around the first one."""
    wanted = set(tokens(query))
    best, best_score, best_word = node.label or node.id, 0, ""
    for part in _parts(node):
        words = [w for w in tokens(part) if w in wanted]
        score = len(set(words))
        if score > best_score:
            best, best_score, best_word = part, score, words[0]
    return _clip(best, best_word)
