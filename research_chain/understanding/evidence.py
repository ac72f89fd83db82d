"""The evidence conventions every stage and the eval harness share.

Every snippet is ``"<label> | <why>"``: the entity's display label, then the
facts that made it evidence (triples written ``A --predicate--> B`` and joined
with ``"; "``; an answer's timestamped fact ends ``@ <timestamp>``). Answer items
are the evidence whose source is one of :data:`ANSWER_SOURCES`; they come first in
the evidence, in rank order.
The synthesis' first line is the direct answer:
``Answer: <label> [<id>]; <label> [<id>]; ...`` or ``No answer: <why>``; a count
question's first label is the count (``Answer: 2 [<id>] [<id>].``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from research_chain.graph.memory import parse_time
from research_chain.graph.text import predicate_words
from research_chain.payloads import Evidence, Triple

__all__ = [
    "ANSWER_PREFIX",
    "ANSWER_SOURCES",
    "NO_ANSWER_PREFIX",
    "SEP",
    "answer_labels",
    "evidence_facts",
    "evidence_label",
    "fact_time",
    "is_answer",
    "near_name_ids",
    "render_fact",
    "triple_text",
]

SEP = " | "
AT = " @ "
ANSWER_SOURCES = frozenset(
    {"predicate_walk", "attribute", "aggregate", "temporal_range", "type_scan"}
)
ANSWER_PREFIX = "Answer: "
NO_ANSWER_PREFIX = "No answer: "


def near_name_ids(hints: Mapping[str, Any]) -> list[str]:
    """The entities nl_classify offers for names the graph does not hold (``near_names``)."""
    return [i for ids in hints.get("near_names", {}).values() for i in ids]


def is_answer(item: Evidence) -> bool:
    return any(part in ANSWER_SOURCES for part in item.source.split("+"))


def evidence_label(item: Evidence) -> str:
    label, sep, _ = item.snippet_text.partition(SEP)
    return label if sep else item.entity_id.rsplit(".", 1)[-1]


def evidence_facts(item: Evidence) -> list[str]:
    _, sep, facts = item.snippet_text.partition(SEP)
    return [f for f in facts.split("; ") if f] if sep else []


def triple_text(triple: Triple, label_of: dict[str, str], *, timed: bool = False) -> str:
    """``A --predicate--> B``; with ``timed``, a timestamped fact ends ``@ <timestamp>``."""
    subject = label_of.get(triple.subject) or triple.subject
    obj = label_of.get(triple.object) or triple.object
    at = f"{AT}{triple.timestamp}" if timed and triple.timestamp else ""
    return f"{subject} --{triple.predicate}--> {obj}{at}"


def fact_time(fact: str) -> str:
    """The timestamp a fact carries (``A --p--> B @ <timestamp>``), or ``""``."""
    _, at, when = fact.rpartition(AT)
    when = when.strip()
    return when if at and "--> " in fact and parse_time(when) is not None else ""


def render_fact(fact: str) -> str:
    """``A --founded_by--> B`` as prose: ``A founded by B`` (``... on <time>`` when timed)."""
    head, arrow, rest = fact.partition(" --")
    if not arrow:
        return fact
    predicate, arrow, tail = rest.partition("--> ")
    if not arrow:
        return fact
    when = fact_time(fact)
    if when:
        tail = tail[: tail.rfind(AT)]
        if not when.startswith(tail):  # a date value says its own time
            return f"{head} {predicate_words(predicate)} {tail} on {when}"
    return f"{head} {predicate_words(predicate)} {tail}"


def answer_labels(synthesis: str) -> list[str]:
    """The ranked answer labels of a synthesis' first line (empty for "No answer")."""
    first = synthesis.split("\n", 1)[0].strip()
    if not first.startswith(ANSWER_PREFIX):
        return []
    body = first[len(ANSWER_PREFIX) :].rstrip(".")
    labels = []
    for part in body.split("; "):
        label = part.split(" [", 1)[0].strip()
        if label.startswith("(and "):
            break
        if label:
            labels.append(label)
    return labels


def join_sources(sources: Iterable[str]) -> str:
    return "+".join(dict.fromkeys(s for source in sources for s in source.split("+")))


def snippet(label: str, facts: Sequence[str]) -> str:
    return f"{label}{SEP}{'; '.join(facts)}" if facts else f"{label}{SEP}"
