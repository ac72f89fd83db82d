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

__all__ = ["SEXES", "SexedStep", "sex_of", "sex_of_value", "sexes_along", "step_sexes"]

# The two kinds WordNet files sexed persons under, each with its plain noun.
SEXES: dict[str, tuple[str, str]] = {"male": ("male", "man"), "female": ("female", "woman")}


@dataclass(frozen=True, slots=True)
class SexedStep:
    """The ``occurrence``-th step along ``predicate`` (or the last step, for ``""``)
    reaches only those not recorded as other than ``sex``."""

    predicate: str
    occurrence: int
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


def step_sexes(analysis: Analysis, seed_ref: str = "") -> tuple[SexedStep, ...]:
    """The sex each sexed word asks of the step it reads: a predicate's sexed mentions, the
    one nearest the seed first, are its steps in walking order ("the nationality of X's
    father's wife": ``parents`` male, then ``spouse`` female). A sexed person noun reading
    no relation ("which of X's children were girls") speaks for the last step."""
    seed = _seed(analysis, seed_ref)
    spans = [(m.start, m.end) for m in analysis.entities]
    read = {m.token for m in analysis.relations}
    by_predicate: dict[str, list[tuple[int, str]]] = {}
    for mention in analysis.relations:
        token = analysis.tokens[mention.token]
        if sex := sex_of(token.text):
            near = _distance(token.start, token.end, seed)
            by_predicate.setdefault(mention.predicate, []).append((near, sex))
    out = [
        SexedStep(predicate, occurrence, sex)
        for predicate, found in by_predicate.items()
        for occurrence, (_, sex) in enumerate(sorted(set(found)))
    ]
    loose = {
        sex
        for token in analysis.tokens
        if token.index not in read
        and not any(start <= token.start < end for start, end in spans)
        and (sex := sex_of(token.text))
    }
    if len(loose) == 1:
        out.append(SexedStep("", 0, loose.pop()))
    return tuple(out)


def sexes_along(sexed: Sequence[SexedStep], steps: Sequence[Step]) -> tuple[str, ...]:
    """Each step's asked sex ("" for none) along one path."""
    seen: dict[str, int] = {}
    out = []
    for step in steps:
        occurrence = seen.get(step.predicate, 0)
        seen[step.predicate] = occurrence + 1
        sex = next(
            (s.sex for s in sexed if s.predicate == step.predicate and s.occurrence == occurrence),
            "",
        )
        out.append(sex)
    if out and not out[-1]:
        out[-1] = next((s.sex for s in sexed if not s.predicate), "")
    return tuple(out)
