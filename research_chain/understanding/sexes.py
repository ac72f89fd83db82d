"""The sex a question's person nouns ask for: "father", "wife", "sons", "mum".

Graphs often record kinship without sex (``parents``, ``children``, ``spouse``, ``sibling``)
and sex as a value of its own (``gender: male``), so "X's father" walks ``parents`` and
reaches both parents, and whichever comes first is half the time the mother. WordNet says
which nouns name a male or a female person (a son is "a male human offspring", a wife is a
woman), so a step a sexed noun reads keeps those it reaches that are not recorded as the
other sex. Nothing here names a relation: the sex values are found in the graph, as the
words WordNet files under male and female persons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from research_chain.graph.protocol import Step
from research_chain.understanding.analysis import Analysis, EntityMention
from research_chain.understanding.lexical import packaged_lexicon

__all__ = ["SEXES", "SexedWord", "sex_of", "sex_of_value", "sexes_along", "step_sexes"]

# The two kinds WordNet files sexed persons under, each with its plain noun.
SEXES: dict[str, tuple[str, str]] = {"male": ("male", "man"), "female": ("female", "woman")}


@dataclass(frozen=True, slots=True)
class SexedWord:
    """A sexed word of the question: the relations it reads (none for a noun reading no
    relation), how far it stands from the seed, the sex it asks for."""

    predicates: frozenset[str]
    distance: int
    sex: str


def _filed_under(word: str) -> str | None:
    lexicon = packaged_lexicon()
    found = {sex for sex, kinds in SEXES.items() if any(lexicon.is_kind_of(word, k) for k in kinds)}
    return found.pop() if len(found) == 1 else None


def sex_of_value(label: str) -> str | None:
    """The sex a graph value names ("male", "Female", "woman"), if it is one word WordNet
    files under one sex."""
    word = label.strip().lower()
    if not word.isalpha():
        return None
    return _filed_under(word)


def sex_of(word: str, depth: int = 1) -> str | None:
    """The sex a person noun asks for: filed under one sex by WordNet ("wife", "son"), or
    defined with one ("father": a male parent), or as one of another ("uncle": the brother
    of a parent), or by a noun that is ("mum": informal for mother)."""
    lexicon = packaged_lexicon()
    word = word.lower()
    if not lexicon.is_noun(word):
        return None
    if found := _filed_under(word):
        return found
    if composed := lexicon.defined_as(word):
        return sex_of(composed[0], depth)
    defining = lexicon.definition_forms(word)
    said = {sex for sex, kinds in SEXES.items() if not defining.isdisjoint(kinds)}
    if len(said) == 1:
        return said.pop()
    if said or depth == 0:
        return None
    inner = {
        sex
        for w in defining
        if w != word and lexicon.names_person(w) and (sex := sex_of(w, depth - 1))
    }
    return inner.pop() if len(inner) == 1 else None


def _distance(token_start: int, token_end: int, seed: EntityMention | None) -> int:
    if seed is None:
        return token_start
    return min(abs(token_start - seed.end), abs(seed.start - token_end))


def _seed(analysis: Analysis, ref: str) -> EntityMention | None:
    folded = ref.casefold()
    for mention in analysis.entities:
        if mention.surface.casefold() == folded:
            return mention
    return analysis.entities[0] if analysis.entities else None


def step_sexes(analysis: Analysis, seed_ref: str = "") -> tuple[SexedWord, ...]:
    """The question's sexed person nouns, nearest the seed first."""
    seed = _seed(analysis, seed_ref)
    spans = [(m.start, m.end) for m in analysis.entities]
    reads: dict[int, set[str]] = {}
    for mention in analysis.relations:
        reads.setdefault(mention.token, set()).add(mention.predicate)
    found = []
    for token in analysis.tokens:
        if any(start <= token.start < end for start, end in spans):
            continue
        if sex := sex_of(token.text):
            near = _distance(token.start, token.end, seed)
            found.append(SexedWord(frozenset(reads.get(token.index, ())), near, sex))
    return tuple(sorted(found, key=lambda w: w.distance))


def sexes_along(words: Sequence[SexedWord], steps: Sequence[Step]) -> tuple[str, ...]:
    """Each step's asked sex ("" for none) along one path. A predicate's sexed words,
    nearest the seed first, are its steps in walking order ("the nationality of X's
    father's wife": ``parents`` male, then ``spouse`` female). A word reading none of the
    path's relations ("which of X's children were girls"; "brother" read as a member of an
    order while the path walks ``sibling``) speaks for the last step, if alone in that."""
    sexes = [""] * len(steps)
    placed: set[int] = set()
    for index, step in enumerate(steps):
        for number, word in enumerate(words):
            if number not in placed and step.predicate in word.predicates:
                sexes[index] = word.sex
                placed.add(number)
                break
    walked = {step.predicate for step in steps}
    loose = {w.sex for w in words if not w.predicates & walked}
    if sexes and not sexes[-1] and len(loose) == 1:
        sexes[-1] = loose.pop()
    return tuple(sexes)
