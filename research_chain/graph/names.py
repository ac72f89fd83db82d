"""Spotting entity names in free text: longest match first, then leftmost."""

from __future__ import annotations

from research_chain.graph.memory import GraphMemory
from research_chain.graph.protocol import NameMatch
from research_chain.graph.text import STOPWORDS, token_spans

__all__ = ["MAX_NAME_TOKENS", "match_names"]

# Longer names are still indexed and resolvable, but not spotted in free text.
MAX_NAME_TOKENS = 12


def match_names(memory: GraphMemory, text: str) -> list[NameMatch]:
    """Non-overlapping name spans, scanning left to right and taking the longest at each point.

    A span made only of stop words (``"the"``, ``"who"``) is never reported: too
    many labels collide with them to be useful evidence of an entity.
    """
    spans = list(token_spans(text))
    words = [w for w, _, _ in spans]
    longest = min(memory.max_name_tokens, MAX_NAME_TOKENS)
    out: list[NameMatch] = []
    i = 0
    while i < len(spans):
        found = 0
        for size in range(min(longest, len(spans) - i), 0, -1):
            window = words[i : i + size]
            if all(w in STOPWORDS for w in window):
                continue
            ids = memory.names.get(" ".join(window))
            if ids:
                start, end = spans[i][1], spans[i + size - 1][2]
                surface = text[start:end]
                written = any(
                    surface in node.names() for node in map(memory.nodes.get, ids) if node
                )
                out.append(NameMatch(surface, start, end, ids, written))
                found = size
                break
        i += found or 1
    out.sort(key=lambda m: (-(m.end - m.start), m.start))
    return out
