"""Timestamped triples in a time window, optionally about a topic."""

from __future__ import annotations

import bisect
from datetime import UTC, datetime

from research_chain.graph.memory import Fact, GraphMemory
from research_chain.graph.protocol import TimeHit
from research_chain.graph.text import predicate_words, tokens

__all__ = ["temporal_range"]


def _aware(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


def _about(memory: GraphMemory, fact: Fact, topic: str, words: set[str]) -> bool:
    """A fact is about ``topic`` when it is an id at either end, or all its words occur."""
    if topic in (fact.subject, fact.object):
        return True
    subject = memory.nodes.get(fact.subject)
    text = [predicate_words(fact.predicate), subject.label if subject else ""]
    if fact.entity:
        other = memory.nodes.get(fact.object)
        text.append(other.label if other else "")
    else:
        text.append(fact.object)
    return words <= set(tokens(" ".join(text)))


def temporal_range(
    memory: GraphMemory,
    start: datetime | None,
    end: datetime | None,
    limit: int,
    topic: str | None,
) -> list[TimeHit]:
    """Oldest first, in ``[start, end)``; at most ``limit`` hits."""
    times = memory.times()
    lo = 0 if start is None else bisect.bisect_left(times, _aware(start), key=lambda t: t[0])
    hi = len(times) if end is None else bisect.bisect_left(times, _aware(end), key=lambda t: t[0])
    words = set(tokens(topic)) if topic else set()
    hits: list[TimeHit] = []
    for index in range(lo, hi):
        at, fact = times[index]
        if len(hits) >= limit:
            break
        if topic and not _about(memory, fact, topic, words):
            continue
        hits.append(TimeHit(entity_id=fact.subject, triple=fact.to_triple(), at=at))
    return hits
