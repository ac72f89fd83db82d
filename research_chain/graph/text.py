"""Text normalisation shared by the name index, the full-text index and seed resolution.

Names are compared case-, accent- and punctuation-insensitively: ``"Spider-Man"``,
``"spider man"`` and ``"SPIDER MAN!"`` are the same name. Every index uses the same
tokeniser so a query is cut exactly like the documents were.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator

__all__ = [
    "STOPWORDS",
    "matches_partial_id",
    "normalise",
    "predicate_words",
    "token_spans",
    "tokens",
]

_WORD = re.compile(r"[^\W_]+")

# Words too common to be a name on their own in a question; a name made only of
# them is still indexed but never spotted alone in free text.
_STOPWORDS = """a an and are as at be by did do does for from had has have how i in is it its
    of on or the this that to was were what when where which who whom whose why will
    with me my you your"""
STOPWORDS = frozenset(_STOPWORDS.split())


def _fold(token: str) -> str:
    folded = unicodedata.normalize("NFKD", token.casefold())
    if folded.isascii():
        return folded
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


def tokens(text: str) -> list[str]:
    """Lower-cased, accent-folded word tokens; punctuation and ``_`` separate words."""
    return [_fold(m.group()) for m in _WORD.finditer(text)]


def token_spans(text: str) -> Iterator[tuple[str, int, int]]:
    """Tokens with their character offsets in ``text`` (for spotting names)."""
    for m in _WORD.finditer(text):
        yield _fold(m.group()), m.start(), m.end()


def normalise(text: str) -> str:
    """The key a name is indexed and looked up under."""
    return " ".join(tokens(text))


@functools.lru_cache(maxsize=4096)
def predicate_words(predicate: str) -> str:
    """``has_sensor`` / ``research.topic`` / ``directedBy`` as plain words."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", predicate)
    return " ".join(tokens(spaced))


def matches_partial_id(ref: str, entity_id: str) -> bool:
    """True when ``ref`` equals a dot-bounded run of the id's segments.

    ``robotics.gcs.drone`` matches ``acme.ops.robotics.gcs.drone.001``;
    ``drone`` does not match ``...octocopter-drone...``.
    """
    ref = ref.strip(".")
    if not ref:
        return False
    return f".{ref}." in f".{entity_id}."
