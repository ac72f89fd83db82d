"""Relation names of any common shape, read as the words a question would use.

Graphs name relations ``place_of_origin``, ``originPlace``, ``org.company.founder``,
``__org__company__founder``, ``http://schema.org/foundingDate``, ``foaf:knows`` or
``works_at_inverse``. The words that say what the relation is are the last
segment of a namespace or URI (the earlier segments name the domain and type it
belongs to); an ``_inverse`` / ``_reverse`` / ``reverse_`` marker says the same
relation is stored walked backwards, so it reads as the same words.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from research_chain.graph.text import tokens
from research_chain.understanding.lexical import packaged_lexicon

__all__ = ["RelationName", "forward_name", "read_relation"]

_INVERSE_SUFFIX = re.compile(r"(?i)[_\-.\s]*(inverse|reverse|inv|rev)$")
_INVERSE_PREFIX = re.compile(r"(?i)^(inverse|reverse|inv)[_\-.\s]+")
_GLUE = frozenset({"by", "of", "in", "on", "at", "to"})
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


@dataclass(frozen=True, slots=True)
class RelationName:
    """``words``: what the relation says; ``context``: the namespace words before it;
    ``inverse``: the name marks the relation walked backwards."""

    words: tuple[str, ...]
    context: tuple[str, ...] = ()
    inverse: bool = False
    # the type its subjects have, in a domain.type.property name (shop.book.author)
    subject_type: tuple[str, ...] = ()


def _local(name: str) -> tuple[str, list[str]]:
    """The local part of a URI or prefixed name, and the namespace segments before it."""
    raw = name.strip().strip("<>")
    if "://" in raw or raw.startswith("urn:"):
        raw = re.split(r"[#/]", raw.rstrip("/#"))[-1] or raw
    elif re.match(r"^[A-Za-z][\w\-]*:[^/]", raw):
        raw = raw.split(":", 1)[1]
    for sep in ("__", ".", "/"):
        parts = [p for p in raw.split(sep) if p]
        if len(parts) > 1:
            return parts[-1], parts[:-1]
    return raw, []


def _words(text: str) -> tuple[str, ...]:
    return tuple(w for word in tokens(_CAMEL.sub(" ", text)) for w in _split_closed(word))


def _split_closed(word: str) -> tuple[str, ...]:
    """A word glued from two ("locatedin", "startdate") as its parts, when the whole is
    not a word the lexicon knows and both parts are."""
    lexicon = packaged_lexicon()
    if len(word) < 6 or lexicon.base_forms(word):
        return (word,)
    for cut in range(len(word) - 2, 3, -1):
        head, tail = word[:cut], word[cut:]
        if lexicon.base_forms(head) and (tail in _GLUE or lexicon.base_forms(tail)):
            return (head, tail)
    return (word,)


@functools.lru_cache(maxsize=65536)
def read_relation(name: str) -> RelationName:
    """The words of a relation name, its namespace context and its direction marker."""
    local, namespace = _local(name)
    inverse = False
    stripped = _INVERSE_SUFFIX.sub("", local)
    if stripped != local and stripped:
        local, inverse = stripped, True
    stripped = _INVERSE_PREFIX.sub("", local)
    if stripped != local and stripped:
        local, inverse = stripped, True
    context = tuple(w for part in namespace for w in _words(part))
    subject = _words(namespace[-1]) if len(namespace) >= 2 else ()
    return RelationName(_words(local) or _words(name), context, inverse, subject)


def forward_name(name: str) -> str | None:
    """The name with its inverse marker cut off (``works_at_inverse`` ->
    ``works_at``), or None when the name carries no marker."""
    for pattern in (_INVERSE_SUFFIX, _INVERSE_PREFIX):
        stripped = pattern.sub("", name)
        if stripped != name and stripped:
            return stripped
    return None
