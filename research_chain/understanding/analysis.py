"""Reading a question against a graph's vocabulary: entities, relations, types, cues.

Everything here is pure: the caller passes the graph's predicates, entity types
and name matches, so the same analysis runs in the classifier, the router and
the tests without a graph at hand.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from itertools import pairwise

from research_chain.graph.protocol import NameMatch
from research_chain.graph.text import normalise, predicate_words, token_spans
from research_chain.understanding.lexical import SYNONYM, packaged_lexicon
from research_chain.understanding.lexicon import (
    AGENT_SUFFIXES,
    ANY_PERSON,
    ASKING_VERBS,
    CLOSE_LINK,
    COMEMBER_WORDS,
    FAR_LINK,
    FAR_SUPPORT,
    LIGHT_VERBS,
    NOISE_WORDS,
    PERSON_WORDS,
    PLACE_WORDS,
    TIME_WORDS,
    VERB_FORMS,
    is_agent_noun,
    phrases,
    similarity,
    stem,
    vector_kinship,
    words,
)
from research_chain.understanding.relation_names import forward_name, read_relation
from research_chain.understanding.sentences import clear_winner, packaged_encoder

__all__ = [
    "STRANDED",
    "Analysis",
    "EntityMention",
    "RelationMention",
    "Token",
    "analyse",
    "count_cues",
    "explicit_spans",
    "type_matches",
    "word_matches",
]

SYNONYM_CAP = 0.95
LOOSE = 0.5
# A rare verb sense counts when WordNet links it within two steps (its 0.6).
RARE_LINK = 0.6
# WordNet links a doer's noun to its verb by derivation, one link (its 0.8).
_DERIVED = 0.8
READING_MARGIN = 0.1
# A derivation shares this much of its root with its word: "publi" of "publish".
_ROOT_MIN = 5
_ROOT_SLACK = 2
LOOSE_AMBIGUITY = 1
# What a phrase read whole by the sentence encoder counts as: a one-link reading.
WHOLE_PHRASE = 0.8
COMPOUND_HEAD = 0.9
FAR_KIN = 0.6
_HEAD_MIN = 4
TYPE_WORD_STRENGTH = 0.5
TYPE_SIMILARITY = 0.6
_LATEST = words("last latest recent recently newest")
_EARLIEST = words("first earliest oldest")
# Words that order, compare or join rather than name a relation.
_NOT_RELATION_WORDS = (NOISE_WORDS | COMEMBER_WORDS | _LATEST | _EARLIEST) - {"about"}
_SPAN_UNITS = words("minute minutes hour hours day days week weeks month months year years")
_CALENDAR = words(
    """january february march april may june july august september october november
    december jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday
    thursday friday saturday sunday"""
)
_EXPLICIT = re.compile(r"\[([^\[\]]+)\]|\"([^\"]+)\"|“([^”]+)”")
_WH = words("who whom whose what which when where how")
_DETERMINERS = words("the a an s his her their its my your our")
_WH_DETERMINERS = words("what which whose")
COPULA = words("is are was were")
_DEMONSTRATIVES = words("this these")
ARTICLES = words("the a an")
_RELATIVE = words("who that")
DO_FORMS = words("do does did")
_OWNED_BY = words("by for from")
# Prepositions that place or attach ("based in", "founded by", "based on"); not "of", which
# any relation noun takes ("founder of" is ``founded_by``).
_PLACING = words("in on at by from with for to into")
_OTHER_PREPOSITION = 0.5
_FRONTING = words("which what whom")
# The prepositions of being somewhere, read when a question leaves one over (``_stranded``),
# below what a walk is faulted for leaving unread
STRANDED = words("in at on")
_STRANDED_LINK = 0.45
_JOINERS = frozenset("-/:_")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_SKIP_AFTER_WH = words("is are was were be the a an do does did has have had some all me us")
_SKIP_AFTER_WH |= frozenset({"s"})
_JOINING = words("and or")  # "search and rescue missions": modifiers sharing one head
# Words between a wh-word and its noun that order or pick rather than name ("what was the
# latest fault", "which of the drones"): the noun after them is still what is asked.
_ORDERING = _LATEST | _EARLIEST | words("most very of")
_OPENING_ORDER = _LATEST | _EARLIEST | words("most")
_COUNT_CUES = (("how", "many"), ("how", "much"), ("how", "often"))
_NUMBER_OF_AFTER = words("the a total what whats s") | {""}
_BEFORE_NOUN = _SKIP_AFTER_WH | _ORDERING


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    start: int
    end: int
    index: int


@dataclass(frozen=True, slots=True)
class EntityMention:
    surface: str
    start: int
    end: int
    entity_ids: tuple[str, ...]
    explicit: bool


@dataclass(frozen=True, slots=True)
class RelationMention:
    """A question word naming a predicate: 1.0 by its own stem, less through a synonym."""

    predicate: str
    token: int
    word: str
    strength: float = 1.0
    # the word names the relation's other end: "parents" reads ``children`` walked backwards
    converse: bool = False


@dataclass(slots=True)
class Analysis:
    """What a question names and asks for, positioned by token index."""

    text: str
    tokens: list[Token]
    entities: list[EntityMention] = field(default_factory=list)
    explicit: list[tuple[int, int, str]] = field(default_factory=list)
    relations: list[RelationMention] = field(default_factory=list)
    types: dict[str, list[int]] = field(default_factory=dict)
    answer_types: frozenset[str] = frozenset()
    answer_relation: str | None = None
    comember_tokens: list[int] = field(default_factory=list)
    wh_word: str = ""
    unknown_names: list[str] = field(default_factory=list)
    order: str = ""
    answer_words: tuple[str, ...] = ()
    answer_token: int | None = None
    # "city" in "the city of Valencia": what the name is, no relation and no hop
    name_kinds: frozenset[int] = frozenset()

    def predicates(self, floor: float = LOOSE) -> list[str]:
        """Mentioned predicates, each once, in order of first mention; loose readings
        (below ``floor``) only help rank paths and are left out by default."""
        return list(dict.fromkeys(m.predicate for m in self.relations if m.strength >= floor))

    def mention_count(self, predicate: str) -> int:
        return sum(1 for m in self.relations if m.predicate == predicate)

    def wh_index(self) -> int | None:
        """Where the wh-word stands, if the question has one."""
        return next((t.index for t in self.tokens if t.text == self.wh_word), None)

    def noun_slot(self, index: int) -> bool:
        """Is the word used as a noun: after an article, a possessive or "what"/"which"
        when WordNet knows it as a noun, before "of" ("the location of X", "X's
        mother", "has what kid"), or closing a compound noun that starts in such a slot
        ("X's record company")? "plays" in "who plays X" is not."""
        before = self.tokens[index - 1].text if index > 0 else ""
        after = self.tokens[index + 1].text if index + 1 < len(self.tokens) else ""
        if before in _WH_DETERMINERS:
            return packaged_lexicon().is_noun(self.tokens[index].text)
        if before in _DETERMINERS or after == "of":
            return True
        lexicon = packaged_lexicon()
        word = self.tokens[index].text
        # "X's arch rivals": a noun after an adjective standing in a noun's slot
        if before and lexicon.is_modifier(before) and lexicon.is_noun(word):
            return self.noun_slot(index - 1)
        # "X's record company": the head of a compound WordNet knows, after a noun
        pair = f"{before} {word}" if index > 0 else ""
        return bool(pair) and lexicon.is_noun(pair) and self.noun_slot(index - 1)

    def choices(self) -> dict[tuple[int, int], str]:
        """Names a yes/no-shaped question offers as its answer's options ("is X male or
        female"): the mentions either side of an "or", by token span. Not "did A or B
        direct ...": there the two are its subjects."""
        if not self.tokens or self.tokens[0].text not in COPULA:
            return {}
        spans = {self.entity_token_span(m): m.surface.casefold() for m in self.entities}
        offered: dict[tuple[int, int], str] = {}
        for (start, end), name in spans.items():
            joined = end < len(self.tokens) and self.tokens[end].text == "or"
            for (other_start, other_end), other in spans.items():
                if joined and other_start == end + 1 and start > 1:
                    offered[(start, end)] = name
                    offered[(other_start, other_end)] = other
        return offered

    def names_owner(self, index: int) -> bool:
        """Is this agent noun the owner of the things a noun before it names ("records for
        the producer of X", "books by the author of X")? They are the agent's own works:
        its relation, walked back from it."""
        if not is_agent_noun(self.tokens[index].text):
            return False
        i = index - 1
        while i >= 0 and self.tokens[i].text in ARTICLES:
            i -= 1
        if i < 1 or i == index - 1 or self.tokens[i].text not in _OWNED_BY:
            return False
        thing = self.tokens[i - 1].text
        plain = thing not in NOISE_WORDS and not _is_verb(thing)
        return plain and packaged_lexicon().is_noun(thing)

    def hop_phrases(
        self, seed_span: tuple[int, int], defines: Callable[[str], bool] = lambda _: False
    ) -> list[list[int]]:
        """The noun phrases naming relations that hang on the seed through "of" and
        possessives, nearest the seed first ("the country of the birthplace of X", "X's
        wife's religion", "X's wife has what religion"): each is one hop. Two that spell
        one relation between them ("place of birth") are one phrase. A noun nothing reads
        is a hop too when it ``defines`` a relation ("who is in charge of X's team": a coach
        is someone in charge of training a team)."""
        start, end = seed_span
        if end <= start:
            return []
        tokens = self.tokens
        left = self._of_runs(start)
        right: list[list[int]] = []
        verb = _main_verb(tokens, self._entity_tokens())
        i = end
        while i < len(tokens) and tokens[i].text == "s":
            run, i = self._words_from(i + 1, verb)
            while run and i < len(tokens) and tokens[i].text == "of":
                more, after = self._words_from(i + 1, verb)
                if not more or not self._spell_one(run + more):
                    break
                run, i = run + more, after
            if not run:
                break
            right.append(run)
        chain = right + left
        answer = self.answer_token
        if answer is not None and answer >= end and all(answer not in run for run in chain):
            chain.append([answer])
        read = {m.token for m in self.relations} | {t for ts in self.types.values() for t in ts}
        lexicon = packaged_lexicon()

        def behind(run: list[int]) -> bool:
            # "the writer of the novel behind X": a noun nothing reads is still a thing
            # passed on the way, when "behind" makes it X's source
            after = run[-1] + 1
            return after < len(tokens) and tokens[after].text == "behind"

        chain = [
            run
            for run in chain
            if read.intersection(run)
            or answer in run
            or (
                lexicon.is_noun(tokens[run[-1]].text)
                and (behind(run) or defines(tokens[run[-1]].text))
            )
        ]
        merged: list[list[int]] = []
        for run in chain:
            if merged and self._spell_one(run + merged[-1]):
                merged[-1] = sorted(merged[-1] + run)
            else:
                merged.append(run)
        return merged

    def attached_nouns(self, seed_span: tuple[int, int]) -> list[int]:
        """The words of the noun phrase the seed hangs on, read or not: "X's club", "the
        club of X", "the club X plays for" (a clause with no "that", the seed its subject)."""
        if self.hangs_by_clause(seed_span):
            return [seed_span[0] - 1]
        return self.possessed_nouns(seed_span)

    def possessed_nouns(self, seed_span: tuple[int, int]) -> list[int]:
        """The words of the noun phrase the seed owns: "X's club", "the club of X"."""
        start, end = seed_span
        tokens = self.tokens
        if end < len(tokens) and tokens[end].text == "s":
            return self._words_from(end + 1, _main_verb(tokens, self._entity_tokens()))[0]
        return next(iter(self._of_runs(start)), [])

    def _entity_tokens(self) -> set[int]:
        return {t for m in self.entities for t in range(*self.entity_token_span(m))}

    def _of_runs(self, start: int) -> list[list[int]]:
        """The runs of words before the seed joined to it by "of" (or "behind": "the novel
        behind X"), nearest first ("the country of the birthplace of X")."""
        tokens = self.tokens
        runs: list[list[int]] = []
        i = start - 1
        while i >= 0 and tokens[i].text in ARTICLES:
            i -= 1
        while i > 0 and tokens[i].text in ("of", "behind"):
            i -= 1
            run: list[int] = []
            while i >= 0 and tokens[i].text not in NOISE_WORDS and tokens[i].text not in _WH:
                run.insert(0, i)
                i -= 1
            if not run:
                break
            if not self.name_kinds.issuperset(run):
                runs.append(run)
            while i >= 0 and tokens[i].text in ARTICLES:
                i -= 1
        return runs

    def hangs_by_clause(self, seed_span: tuple[int, int]) -> bool:
        """Is the word before the seed the head of a clause the seed is subject of: a noun,
        then a present-tense verb right after the name with nothing after it but a stranded
        preposition ("the club X plays for ?", "plays in come from"), or a passive ("the
        book X is based on")? Not a descriptor before a name ("the writer X writes films",
        "the publisher X headquartered in")."""
        start, end = seed_span
        tokens = self.tokens
        if start == 0 or end >= len(tokens):
            return False
        head, verb = tokens[start - 1].text, tokens[end].text
        if verb == "s" or not verb.endswith("s") or head in NOISE_WORDS:
            return False
        lexicon = packaged_lexicon()
        rest = [t.text for t in tokens[end + 1 : end + 3]]
        if verb in COPULA and rest and rest[0].endswith("ed") and lexicon.is_verb(rest[0]):
            rest = rest[1:]  # "the book X is based on": a passive clause
        stranded = not rest or (
            rest[0] in NOISE_WORDS and (len(rest) < 2 or lexicon.is_verb(rest[1]))
        )
        return stranded and lexicon.is_verb(verb) and lexicon.is_noun(head)

    def _words_from(self, i: int, verb: int | None) -> tuple[list[int], int]:
        """The run of content words starting at token ``i`` and stopping at a verb (the
        question's main one at ``verb``), and the index after it."""
        run: list[int] = []
        while i < len(self.tokens) and self.tokens[i].text not in NOISE_WORDS | {"s"}:
            if run and (_is_verb(self.tokens[i].text) or i == verb):
                break  # "X's maker born": the verb is no part of the noun phrase
            run.append(i)
            i += 1
        return run, i

    def _spell_one(self, run: list[int]) -> bool:
        """Do these words all name one relation whose name joins its parts with "of"?"""
        common: set[str] | None = None
        for token in run:
            full = {m.predicate for m in self.relations if m.token == token and m.strength >= 1.0}
            common = full if common is None else common & full
        return any("of" in read_relation(p).words for p in common or ())

    def entity_token_span(self, mention: EntityMention) -> tuple[int, int]:
        inside = [t.index for t in self.tokens if mention.start <= t.start < mention.end]
        if not inside:
            return (0, 0)
        return (inside[0], inside[-1] + 1)


def explicit_spans(text: str) -> list[tuple[int, int, str]]:
    """Bracketed or quoted spans: strong entity mentions (start, end, inner text)."""
    spans = []
    for match in _EXPLICIT.finditer(text):
        group = next(i for i in (1, 2, 3) if match.group(i) is not None)
        spans.append((match.start(group), match.end(group), match.group(group)))
    return spans


def match_strength(word: str, targets: Iterable[str], verb: bool = False) -> float:
    """1.0 when ``word`` shares a stem with a target or is a closed compound of two of
    them ("workplace" and ``place_of_work``), else how nearly it means one (below
    1.0, so a word's own relation always outranks a synonym's); ``verb``: as a verb."""
    word_stem = stem(word)
    targets = tuple(targets)
    parts = packaged_lexicon().compound_parts(word) if len(targets) > 1 else None
    if parts is not None and all(stem(p) in {stem(t) for t in targets} for p in parts):
        return 1.0
    if parts is not None and _qualified_otherwise(word, parts, targets):
        return 0.0
    # "workplace": where one works, what ``works_for`` reaches; "birthplace": ``born_in``
    best = CLOSE_LINK if parts is not None and _names_its_modifier(parts, targets) else 0.0
    for target in targets:
        target_stem = stem(target)
        if target_stem == word_stem:
            return 1.0
        if _derived(word_stem, target_stem, word, target):
            best = max(best, SYNONYM_CAP)  # its own word, but a shared stem still ranks first
        if len(target_stem) >= _HEAD_MIN and _closed_compound(word_stem, target_stem):
            best = max(best, COMPOUND_HEAD)  # a closed compound names its head: "screenwriter"
        elif _names_its_head(word_stem, target_stem, target):
            best = max(best, CLOSE_LINK)  # "works" for ``artwork``: a kind of work
        best = max(best, min(SYNONYM_CAP, similarity(word, target, verb)))
    return best


def _doer_readings(
    tokens: Sequence[Token],
    verbs: AbstractSet[int],
    predicates: Iterable[str],
    found: Sequence[RelationMention],
    answer: int | None,
) -> list[RelationMention]:
    """Verbs no relation of the graph reads surely, read through the verbs of the relations'
    doer nouns ("the company that makes X": a ``manufacturer`` is who manufactures, and to
    make is to manufacture), as closely as the two verbs are linked."""
    sure = {m.token for m in found if m.strength >= LOOSE}
    unread = [
        t for t in verbs if t not in sure and t != answer and tokens[t].text not in NOISE_WORDS
    ]
    if not unread:
        return []
    doing = {p: [v for w in _content_words(p) for v in _doer_verbs(w)] for p in predicates}
    readings = []
    for at in unread:
        word = tokens[at].text
        for predicate, candidates in doing.items():
            strength = max((similarity(word, v, True) for v in candidates), default=0.0)
            if strength >= LOOSE:
                readings.append(RelationMention(predicate, at, word, min(strength, CLOSE_LINK)))
    return readings


@functools.lru_cache(maxsize=4096)
def _doer_verbs(noun: str) -> tuple[str, ...]:
    """The verbs an agent noun is made from, where WordNet links the two ("manufacturer":
    manufacture; "operator": operate)."""
    lexicon = packaged_lexicon()
    found: list[str] = []
    for suffix in AGENT_SUFFIXES:
        root = noun.removesuffix(suffix)
        if root == noun or len(root) < 3:
            continue
        for verb in (root, root + "e", root[:-1]):
            if (
                lexicon.is_verb(verb)
                and verb in lexicon.base_forms(verb)
                and lexicon.related(verb, noun, verb=True) >= CLOSE_LINK
            ):
                found.append(verb)
    return tuple(dict.fromkeys(found))


def _qualified_otherwise(word: str, parts: tuple[str, str], targets: Sequence[str]) -> bool:
    """Does the relation qualify the compound's head by a noun the compound's own modifier is
    not kin to? A workplace is a place, but no ``place_of_birth``; a screenwriter is a
    ``film_writer`` all the same, as WordNet has the two for one."""
    modifier, head = parts
    lexicon = packaged_lexicon()
    if stem(head) not in {stem(t) for t in targets}:
        return False
    qualifiers = [t for t in _content(targets) if stem(t) != stem(head) and lexicon.is_noun(t)]
    if not qualifiers or any(similarity(modifier, q) >= LOOSE for q in qualifiers):
        return False
    return lexicon.related(word, " ".join(targets)) < SYNONYM


def _names_its_modifier(parts: tuple[str, str], targets: Sequence[str]) -> bool:
    """Is the relation named by the compound's modifier alone ("workplace": ``works_for``)?
    A relation with a noun of its own ("home_city") says what it reaches, which the
    compound's head must name."""
    lexicon = packaged_lexicon()
    content = _content(targets)
    kin = [t for t in content if similarity(parts[0], t) >= SYNONYM]
    return bool(kin) and not any(t not in kin and lexicon.is_noun(t) for t in content)


def _content(targets: Sequence[str]) -> list[str]:
    return [t for t in targets if t not in NOISE_WORDS]


def _closed_compound(word_stem: str, head_stem: str) -> bool:
    """Does the word (or phrase: "movies starred") end with the head after a word of its
    own ("screen|writer") or a hyphened prefix ("co-founder")? Not after stray letters:
    "credit" is no kind of ``editor``."""
    if not word_stem.endswith(head_stem):
        return False
    before = word_stem[: -len(head_stem)]
    if not before or before.endswith(("-", " ")):
        return True  # "co-founder", "movies starred"
    return len(before) >= 3 and packaged_lexicon().knows(before.rsplit(" ", 1)[-1])


def _names_its_head(word_stem: str, target_stem: str, target: str) -> bool:
    """Is ``target`` a closed compound of a noun and the word ("artwork": art, work)? The
    word then names what the compound is a kind of, as a hypernym does."""
    if len(word_stem) < _HEAD_MIN or not target_stem.endswith(word_stem):
        return False
    modifier = target_stem[: -len(word_stem)].rstrip("-")
    lexicon = packaged_lexicon()
    return len(modifier) >= 3 and lexicon.is_noun(modifier) and lexicon.is_noun(target)


def _derived(word_stem: str, target_stem: str, word: str, target: str) -> bool:
    """Is one word the other's own derivation, spelt with the same root though the suffixes
    cut differently ("published" and "publication": publish, public)? Then it is as near as
    a word gets without sharing the stem: nearer than a derivation through another root."""
    if word_stem[:_ROOT_MIN] != target_stem[:_ROOT_MIN]:
        return False  # most pairs: checked first, as this runs for every word and name
    shorter = min(len(word_stem), len(target_stem))
    root = shorter - _ROOT_SLACK
    if root > _ROOT_MIN and word_stem[:root] != target_stem[:root]:
        return False
    return packaged_lexicon().related(word, target) >= CLOSE_LINK


def word_matches(word: str, targets: Iterable[str], floor: float = 0.0) -> bool:
    """A question word matches a vocabulary word by stem or by meaning."""
    return match_strength(word, targets) > floor


def type_matches(word: str, type_name: str) -> bool:
    """Does a question word name an entity type ("films" names ``movie``)?"""
    return word_matches(word, predicate_words(type_name).split(), TYPE_SIMILARITY)


def _content_words(predicate: str) -> list[str]:
    words = read_relation(predicate).words
    return [w for w in words if w not in NOISE_WORDS | LIGHT_VERBS and len(w) > 1]


def _unnamed_converses(word: str, nouns: Mapping[str, Sequence[str]]) -> tuple[str, ...]:
    """The roles across the tie from the word's ("parents": child), when no relation of the
    graph names the word's own side of it: where ``parents`` is there beside ``children``,
    "the mother of X" is read by it, and ``children`` walked back only blurs the steps."""
    lexicon = packaged_lexicon()
    others = lexicon.converses_of(word)
    own = {w for other in others for w in lexicon.converses_of(other)}
    if own and any(_names_the_other_end(tuple(own), names) for names in nouns.values()):
        return ()
    return others


def _names_the_other_end(converses: Sequence[str], nouns: Sequence[str]) -> bool:
    """Is the relation's last noun the role across the tie from the question word's
    (``children`` for "parents")?"""
    if not converses or not nouns:
        return False
    return not set(converses).isdisjoint(packaged_lexicon().forms(nouns[-1]))


@functools.lru_cache(maxsize=4096)
def _noun_slots(predicate: str) -> frozenset[str]:
    """The words of a relation's name that stand as nouns there though they are verbs too:
    before "of" or a participle (``place_of_work``, ``role_played``)."""
    words = read_relation(predicate).words
    lexicon = packaged_lexicon()
    return frozenset(
        word
        for word, following in pairwise(words)
        if (following == "of" or (following.endswith("ed") and lexicon.is_verb(following)))
        and lexicon.is_verb(word)
    )


@functools.lru_cache(maxsize=4096)
def _prepositions(predicate: str) -> frozenset[str]:
    return frozenset(read_relation(predicate).words) & _PLACING


def _placed_otherwise(predicate: str, preposition: str) -> bool:
    """Is the relation named with a preposition, and not this one?"""
    placed = _prepositions(predicate)
    return bool(placed) and preposition not in placed


@functools.lru_cache(maxsize=4096)
def _defined_alike(phrase: str, word: str) -> bool:
    """Does WordNet define one of the two with every content word of the other? A word
    that is no noun names no thing the phrase might be: a record company is defined with
    "recordings", but is no ``recorded``."""

    def within(these: str, other: str) -> bool:
        wanted = [w for w in these.split(" ") if w not in NOISE_WORDS]
        defined = _definition_stems(other)
        return bool(wanted) and all(stem(w) in defined for w in wanted)

    return within(phrase, word) or (packaged_lexicon().is_noun(word) and within(word, phrase))


def _definition_stems(word: str) -> set[str]:
    return {stem(w) for w in packaged_lexicon().defined_with(word)}


def _defined_much_as(mine: AbstractSet[str], word: str) -> bool:
    """Do WordNet's definitions of a phrase (``mine``, stemmed) and of ``word`` share two
    content words or more, half of the phrase's at least (a Lesk overlap)?"""
    shared = mine & _definition_stems(word)
    return len(shared) >= 2 and 2 * len(shared) >= len(mine)


def names_type_exactly(word: str, types: Iterable[str]) -> bool:
    """ "sites" names the type ``site`` by its own stem (not through a synonym)."""
    return any(match_strength(word, predicate_words(t).split()) == 1.0 for t in types)


def count_cues(words: Sequence[str]) -> set[int]:
    """Where the question asks for a number of things ("how many", "how often", "number
    of", "count the ..."; not "serial number of"): those words name no relation."""
    found: set[int] = set()
    for at, word in enumerate(words):
        before = words[at - 1] if at else ""
        nxt = words[at + 1] if at + 1 < len(words) else ""
        if (word, nxt) in _COUNT_CUES:
            found.update((at, at + 1))
        elif (word in ("number", "count") and nxt == "of" and before in _NUMBER_OF_AFTER) or (
            word == "count" and not before
        ):
            found.add(at)
    return found


def _relation_mentions(
    tokens: Sequence[Token],
    blocked: set[int],
    predicates: Iterable[str],
    types: list[str],
    answer: int | None = None,
    verbs: set[int] | None = None,
) -> list[RelationMention]:
    vocab = {p: _content_words(p) for p in predicates}
    lexicon = packaged_lexicon()
    nouns = {p: [w for w in words if lexicon.is_noun(w)] for p, words in vocab.items()}
    # A word of a collocation ("set up", "line of work") reads as the whole when the whole
    # names a relation and the word itself names none by its own stem: "set" in "who set up
    # X" is not "place", but "place" in "place of origin" stays ``place_of_origin``'s own word.
    # A noun collocation that names nothing is still one word: "record company" is not
    # ``recorded_in``. (Verbs keep their words: "flown by" is ``flown_by``.)
    read_as = {}
    for at, phrase in phrases([t.text for t in tokens], frozenset(blocked)).items():
        if not any(match_strength(phrase, v) for v in vocab.values() if v):
            if lexicon.is_noun(phrase) and not lexicon.is_verb(phrase):
                read_as[at] = phrase
        elif not any(match_strength(tokens[at].text, v) >= 1.0 for v in vocab.values() if v):
            read_as[at] = phrase
    if verbs is None:
        verbs = _verb_uses(tokens, blocked)
    relation_states = {
        p: tuple(state for w in words for state in lexicon.states_of(w))
        for p, words in vocab.items()
    }
    # "in which country is X situated" is "X is situated in which country": the fronted
    # preposition is the one the question's last word takes, when a verb
    fronted = ""
    if len(tokens) > 2 and tokens[0].text in _PLACING and tokens[1].text in _FRONTING:
        fronted = tokens[0].text
    elif tokens and tokens[0].text == "where":
        fronted = "in"  # "where is X based" is "X is based in what place"
    # "what do people think of X": "what" is what they think, which the verb's kin nouns
    # name as the answer's noun would ("think" and ``rating``); not where X itself is the
    # subject ("what does X appear in": the verb's rarer senses say that, ADR 0028)
    done = None
    if (
        answer is None
        and len(tokens) > 2
        and tokens[0].text == "what"
        and tokens[1].text in DO_FORMS
        and 2 not in blocked
    ):
        done = _main_verb(tokens, blocked)
    counting = count_cues([t.text for t in tokens])
    found = []
    before: set[str] = set()
    for tok in tokens:
        modifier, before = before, set()
        if tok.index in blocked:
            continue
        after = tokens[tok.index + 1].text if tok.index + 1 < len(tokens) else ""
        if not after and tok.index in verbs:
            after = fronted
        if tok.text in _NOT_RELATION_WORDS:
            # an ordering or joining word names only a relation that has it in its name
            # ("first published": ``date_of_first_publication``; "last name")
            if tok.text not in NOISE_WORDS:
                found += [
                    RelationMention(p, tok.index, tok.text, 1.0)
                    for p, vocabulary in vocab.items()
                    if tok.text in vocabulary
                ]
            continue
        # The answer's noun ("what types are ...") reads a relation through the nouns of its
        # name only: "type" the verb is not "written".
        words_of = nouns if tok.index == answer else vocab
        # A word that is a type's own name ("site") is first a type mention; through
        # a synonym it names a relation only weakly.
        is_type = names_type_exactly(tok.text, types)
        names_a_type = any(type_matches(tok.text, t) for t in types)
        # "maintenance records", "fault entries": after a type's own name (singular, as a
        # noun modifying another is), a noun only loosely a relation's word is what the
        # type's entities are called ("drones flew" is a verb)
        typed = False
        if tok.index > 0 and tok.index - 1 not in blocked and not _is_verb(tok.text):
            modifier_word = tokens[tok.index - 1].text
            typed = modifier_word == _singular_of(modifier_word)
            typed = typed and names_type_exactly(modifier_word, types)
        readings: list[RelationMention] = []
        text = read_as.get(tok.index, tok.text)
        kin = _kin_nouns(text, nouns) if tok.index in (answer, done) else set()
        verb = tok.index in verbs and tok.index != answer
        states = packaged_lexicon().states_of(text) if verb else ()
        others = () if verb else _unnamed_converses(text, nouns)
        across: list[RelationMention] = []
        for predicate, vocabulary in words_of.items():
            strength = match_strength(text, vocabulary, verb) if vocabulary else 0.0
            if verb and strength < 1.0 and (slots := _noun_slots(predicate)):
                # a verb reads a noun of the name only as itself: "located" is "placed",
                # but ``place_of_work`` names a place, not a placing
                rest = [w for w in vocabulary if w not in slots]
                strength = match_strength(text, rest, verb) if rest else 0.0
            if strength < CLOSE_LINK and (
                any(match_strength(w, vocabulary) >= 1.0 for w in states)
                or match_strength(text, relation_states[predicate]) >= SYNONYM_CAP
            ):
                # "where does X work": WordNet defines working as being employed, which no
                # link of "work" reaches, so the state reads as one link would; so does
                # "which hospital employs X" read ``worksFor``
                strength = CLOSE_LINK
            elif strength < LOOSE and any(
                match_strength(w, vocabulary) >= CLOSE_LINK for w in states
            ):
                strength = LOOSE  # "where did X study": a student, a kin of ``alumniOf``'s
            if strength < CLOSE_LINK and _names_the_other_end(others, nouns[predicate]):
                across.append(RelationMention(predicate, tok.index, tok.text, CLOSE_LINK, True))
                continue
            if not strength and predicate in kin:
                strength = FAR_LINK
            if is_type and strength < 1.0:
                strength = min(strength, TYPE_WORD_STRENGTH)
            if strength < 1.0 and text in ANY_PERSON and after not in _PLACING:
                # "the person who painted X" reads no ``children``; "the people in X" is
                # what the noun itself names (its members)
                continue
            if (names_a_type and strength < LOOSE) or (
                strength < 1.0 and (typed or tok.index in counting)
            ):
                continue  # "films" in a graph of movies, "maintenance records": the type
            if strength:
                readings.append(RelationMention(predicate, tok.index, tok.text, strength))
        if not any(r.strength >= CLOSE_LINK for r in readings):
            readings += across
        if not readings and " " in text and not (names_a_type or is_type):
            # a collocation no link reads ("record company") may be what a relation's noun
            # is defined as ("label": a company that produces musical recordings)
            readings = [
                RelationMention(predicate, tok.index, tok.text, FAR_LINK)
                for predicate, vocabulary in words_of.items()
                if any(_defined_alike(text, w) for w in vocabulary if w not in NOISE_WORDS)
            ]
        if " " in text and not (names_a_type or is_type):
            # a collocation may be defined much as a relation's noun is ("line of business",
            # a kind of commercial enterprise, as an ``industry`` is)
            read = {r.predicate for r in readings}
            mine = _definition_stems(text)
            readings += [
                RelationMention(predicate, tok.index, tok.text, CLOSE_LINK)
                for predicate, vocabulary in words_of.items()
                if predicate not in read
                and any(_defined_much_as(mine, w) for w in vocabulary if w not in NOISE_WORDS)
            ]
        before = {r.predicate for r in readings}
        if modifier and readings and not verbs.intersection((tok.index - 1, tok.index)):
            # a noun's modifier that reads one of the noun's own readings too ("head office":
            # ``headquartered_in`` as well as ``has_office_in``) says which the two words mean
            best = max(r.strength for r in readings)
            readings = [
                dataclasses.replace(r, strength=best)
                if r.predicate in modifier and r.strength >= LOOSE
                else r
                for r in readings
            ]
        if after in _PLACING and any(after in _prepositions(r.predicate) for r in readings):
            # "based in" is ``located_in``, not ``founded_by`` (to base: to found): where
            # some relation's name puts the question's preposition after the word, a
            # relation only a synonym reads that puts another one there means another sense
            readings = [
                dataclasses.replace(r, strength=r.strength * _OTHER_PREPOSITION)
                if r.strength < 1.0 and _placed_otherwise(r.predicate, after)
                else r
                for r in readings
            ]
        found.extend(_best_readings(readings))
    return found


def readings_among(
    analysis: Analysis, predicates: Iterable[str], tokens: AbstractSet[int]
) -> list[RelationMention]:
    """The words at ``tokens`` read again against ``predicates`` alone: a word's best
    reading among a few relations, where its best among all the graph's may lie elsewhere."""
    found = _relation_mentions(
        analysis.tokens,
        _named_tokens(analysis),
        predicates,
        list(analysis.types),
        analysis.answer_token,
    )
    return [m for m in found if m.token in tokens]


def _named_tokens(analysis: Analysis) -> set[int]:
    """The words inside a linked name or a quoted span."""
    spans = [(m.start, m.end) for m in analysis.entities]
    spans += [(start, end) for start, end, _ in analysis.explicit]
    return {t.index for t in analysis.tokens if any(s <= t.start < e for s, e in spans)}


def rare_readings(
    analysis: Analysis, predicates: Iterable[str], past_reach: bool = False
) -> list[RelationMention]:
    """Verbs whose frequent senses name no relation here may mean one of their rarer ones
    ("appear" in a film is the 6th sense). Such a reading is loose, and looser for a
    relation only some of whose words the verb reaches; a link the frequent senses make
    too was already weighed (and found wanting) by ``similarity``. A last resort, so it is
    read only when asked, against the relations the seed has; with ``past_reach`` also for a
    word all of whose readings are out of the seed's reach."""
    lexicon = packaged_lexicon()
    vocab = {p: _content_words(p) for p in predicates}
    named = _named_tokens(analysis)
    taken = {m.token for m in analysis.relations if not past_reach or m.predicate in vocab}
    found = []
    for tok in analysis.tokens:
        word = tok.text
        if tok.index in taken or tok.index == analysis.answer_token or tok.index in named:
            continue
        if word in _NOT_RELATION_WORDS or not lexicon.is_verb(word):
            continue
        readings = []
        for predicate, names in vocab.items():
            linked = sum(
                1
                for w in names
                if lexicon.related(word, w, rare=True)
                >= RARE_LINK
                > lexicon.related(word, w, verb=True)
            )
            if linked:
                strength = FAR_LINK * linked / len(names)
                readings.append(RelationMention(predicate, tok.index, word, strength))
        found.extend(_best_readings(readings))
    return found


def agent_readings(analysis: Analysis, predicates: Iterable[str]) -> list[RelationMention]:
    """The verb right after "who" read through the noun naming its doer ("who painted X":
    a painter, who is an ``artist``; "who acted in X": an actor, a ``featuring`` one), and an
    asked noun naming doers read by all the words of relation names ("which actors": the
    verb-named ``featuring`` too), where neither reads a relation here but loosely. As loose
    as a rare sense."""
    tokens = analysis.tokens
    asked = analysis.answer_token
    if asked is not None:
        at = asked
    elif analysis.wh_word in ("who", "whom") and (wh := analysis.wh_index()) is not None:
        at = wh + 1
    else:
        return []
    if at >= len(tokens) or any(m.token == at and m.strength >= LOOSE for m in analysis.relations):
        return []  # cheapest first: most such words read a relation by themselves
    lexicon = packaged_lexicon()
    word = tokens[at].text
    if asked is not None:
        if not (is_agent_noun(word) and lexicon.names_person(word)):
            return []
        nouns: tuple[str, ...] = (word,)
    else:
        if word in _SKIP_AFTER_WH or word in LIGHT_VERBS or at in _named_tokens(analysis):
            return []  # "who did X wed": the auxiliary has no doer
        if not lexicon.is_verb(word):
            return []
        nouns = _agent_nouns(word)
    readings = []
    for predicate in predicates if nouns else ():
        strength = max(
            (
                max(match_strength(n, (w,)), lexicon.related(n, w))
                for n in nouns
                for w in _content_words(predicate)
            ),
            default=0.0,
        )
        if strength >= RARE_LINK:
            readings.append(RelationMention(predicate, at, word, strength))
    # the nearest doer's relations, no surer than a rare sense
    return [dataclasses.replace(m, strength=FAR_LINK) for m in _best_readings(readings)]


def _agent_nouns(verb: str) -> tuple[str, ...]:
    """Nouns naming who does what the verb says ("painted": painter; "acted": actor): English
    makes them with a doer's suffix, and WordNet says which such words are persons derived
    from the verb."""
    lexicon = packaged_lexicon()
    found = []
    for base in lexicon.base_forms(verb):
        # "paint|er", "writ|er", "sing|er"; "run|ner"
        for root in dict.fromkeys((base, base.removesuffix("e"), base + base[-1:])):
            for suffix in AGENT_SUFFIXES:
                noun = root + suffix
                # an organisation does as a person may: a publisher
                if noun in found or lexicon.names_person(noun) is False:
                    continue
                if not lexicon.is_noun(noun):
                    continue
                if lexicon.related(verb, noun, verb=True) >= _DERIVED:
                    found.append(noun)
    return tuple(found)


def _verb_uses(tokens: Sequence[Token], blocked: set[int]) -> set[int]:
    """Words used as verbs where English leaves no doubt: after a do-auxiliary and its named
    subject ("what nation did X form in"; a longer subject ending in a name, or in a name's
    possessed noun, when the verb closes the question: "did the group that recorded X form",
    "where does X's husband work"), an inflected verb right
    after "who" or a relative "that" ("who runs X", "the firm that makes X"), any verb
    right after an opening "who" ("who put X on stage": "put" has no "-ed" to show its
    tense), after an asked noun and before its object ("which firm makes X"), and past
    participles ("founded"). Such a word reads relations through its verb senses only:
    forming a band is not a genre."""
    lexicon = packaged_lexicon()
    found = set()
    # the question's first do-auxiliary after its first word, and where its closing verb may be
    first_do = next((t.index for t in tokens[1:] if t.text in DO_FORMS), len(tokens))
    last = len(tokens) - 1
    closing = {last, last - 1} if tokens and tokens[-1].text in _PLACING else {last}
    for tok in tokens:
        at = tok.index
        if at in blocked or not lexicon.is_verb(tok.text):
            continue
        before = tokens[at - 1].text if at else ""
        inflected = tok.text.endswith(("s", "ed")) or tok.text in VERB_FORMS
        participle = tok.text.endswith("ed") and before not in _DETERMINERS
        start = at
        while start - 1 in blocked:
            start -= 1
        after_subject = 0 < start < at and tokens[start - 1].text in DO_FORMS
        after_subject = after_subject or (start < at and at in closing and first_do < start - 1)
        # "where does X's husband work": the subject is a name's possessed noun
        possessed = _owned_by_a_name(tokens, blocked, at - 1)
        after_subject = after_subject or (possessed and at in closing and first_do < at - 3)
        # "which hospital employs X": the asked noun is its subject
        asked_subject = at > 1 and tokens[at - 2].text in _WH_DETERMINERS
        after_asked = asked_subject and _verb_before_object(tokens, blocked, at)
        if (
            after_subject
            or after_asked
            or participle
            or (inflected and (not at or before in _RELATIVE))
            or (at == 1 and before == "who")
        ):
            found.add(at)
    return found


def _kin_nouns(word: str, nouns: Mapping[str, Sequence[str]]) -> set[str]:
    """The relations the answer's noun names through a looser WordNet kinship alone ("type"
    and "genre" are both kinds of thing): the question asks for that sort of thing, so a
    sibling noun is a weak reading of it, where other words' readings need the vectors to
    confirm it. Two links join many senses: where several relations are kin ("terms" are
    words and periods, as tags and years are), those the vectors see as kin too win."""
    lexicon = packaged_lexicon()
    kin = {
        p: [n for n in names if lexicon.related(word, n) >= FAR_KIN] for p, names in nouns.items()
    }
    kin = {p: names for p, names in kin.items() if names}
    if len(kin) > 1:
        confirmed = {
            p
            for p, names in kin.items()
            if any(vector_kinship(word, n) >= FAR_SUPPORT for n in names)
        }
        return confirmed or set(kin)
    return set(kin)


def _best_readings(readings: list[RelationMention]) -> list[RelationMention]:
    """A word's readings close to its best one; a loose best reading that several
    relations share about equally ("films" in a movie graph) says nothing, so none."""
    if not readings:
        return []
    best = max(m.strength for m in readings)
    kept = [m for m in readings if m.strength >= best - READING_MARGIN]
    shared = set.intersection(*(set(_content_words(m.predicate)) for m in kept))
    relations = {forward_name(m.predicate) or m.predicate for m in kept}
    if best < LOOSE and len(relations) > LOOSE_AMBIGUITY and not shared:
        return []
    return kept


def _of_name(tokens: Sequence[Token], blocked: set[int], end: int) -> bool:
    """Is the name ending at ``end`` the object of "of" ("the record company of X"), so not
    what the words after it are said of?"""
    start = end
    while start - 1 in blocked:
        start -= 1
    return start > 0 and tokens[start - 1].text == "of"


def _stranded(
    tokens: Sequence[Token],
    blocked: set[int],
    predicates: Iterable[str],
    read: Sequence[RelationMention],
) -> list[RelationMention]:
    """ "which city is X in?", "in which city does X work?", "X works at a hospital in which
    country?": a place's preposition left at the end after a copula and a name, or put before
    the wh-word, says that something is in the answer, as a relation named for being somewhere
    by it says (``locatedIn``, ``lives_in``), where the asked noun alone ("city") may read
    another (``facility_cities``); not where a word already reads a relation named with that
    preposition ("based in": ``locatedIn``, "recorded in"). Read weakly: a walk that does not
    take such a relation is not faulted for it; one that takes it must walk it as named
    (``paths``)."""
    if len(tokens) < 3:
        return []
    copula = any(t.text in COPULA for t in tokens)
    taken = {read_relation(m.predicate).words[-1:] for m in read}
    found = []
    for tok in tokens:
        if tok.text not in STRANDED or tok.index in blocked or (tok.text,) in taken:
            continue
        at = tok.index
        before = tokens[at - 1] if at else None
        after = tokens[at + 1] if at + 1 < len(tokens) else None
        # said of a name ("X is in", "in which city is X"): as surely as a word would say it
        if before is None:
            named = copula and tokens[-1].index in blocked
        else:
            name_end = at - 2 if before.text in COPULA else at - 1
            named = name_end in blocked and not _of_name(tokens, blocked, name_end)
        if after is None:
            asks = copula and named
        else:
            asks = after.text in _FRONTING and after.index not in blocked
        if asks:
            found += [
                RelationMention(p, at, tok.text, CLOSE_LINK if named else _STRANDED_LINK)
                for p in predicates
                if len(words := read_relation(p).words) > 1 and words[-1] == tok.text
            ]
    return found


def _without_descriptors(
    found: list[RelationMention],
    tokens: Sequence[Token],
    blocked: set[int],
    verbs: set[int],
) -> list[RelationMention]:
    """Drop loose readings of the word right before a name ("the book [Emma]"; after "who"
    or "that", or inflected as a verb, it is one: "who governs [X]", "what killed [X]"; nor is
    the head of a clause about the name's possessive, "the school [X]'s author attended") and of a
    run of words closing the question right after one ("the Germany national football
    team"): they say what the named thing is, not a relation to walk. Where the name ends
    the question, a noun after an article before it drops every reading, even a relation's
    own word ("who sculpted the statue [X]?" with ``statues_restored``)."""
    descriptors = {
        t.index
        for t in tokens
        if t.index not in blocked | verbs
        and t.index + 1 < len(tokens)
        and t.index + 1 in blocked
        and (t.index == 0 or tokens[t.index - 1].text not in _RELATIVE)
        and not _heads_a_clause(tokens, blocked, t.index)
    }
    if tokens and blocked:
        tail = []
        for tok in reversed(tokens):
            if tok.index in blocked or tok.text in NOISE_WORDS:
                break
            tail.append(tok.index)
        first = min(tail, default=0)
        closing = " ".join(tokens[i].text for i in sorted(tail))
        # "when was X laid out", "what has X flown since 2025": a verb, no kind
        verb = packaged_lexicon().is_verb(closing) or _is_verb(tokens[first].text)
        if len(tail) >= 2 and first - 1 in blocked and tokens[first].text != "s" and not verb:
            descriptors.update(tail)
    # not before a name a clause goes on from: "the band [X] plays in" is the band
    naming = {
        i
        for i in descriptors
        if i > 0
        and tokens[i - 1].text in ARTICLES
        and all(t.index in blocked or t.text in ("?", ".") for t in tokens[i + 1 :])
    }
    return [
        m
        for m in found
        if m.token not in naming and (m.strength >= 1.0 or m.token not in descriptors)
    ]


def _kind_of_name(tokens: Sequence[Token], blocked: set[int]) -> frozenset[int]:
    """The noun of "the N of X" closing the question where WordNet files X under N ("the
    city of Valencia"): it says what X is, as "the city Valencia" would, and reads no
    relation; "the capital of France" still asks for one, France being no capital."""
    found = set()
    for at in range(1, len(tokens) - 2):
        if tokens[at - 1].text not in ARTICLES or tokens[at + 1].text != "of":
            continue
        name = []
        for tok in tokens[at + 2 :]:
            if tok.index not in blocked:
                break
            name.append(tok.text)
        rest = tokens[at + 2 + len(name) :]
        if (
            at not in blocked
            and name
            and all(t.text in ("?", ".") for t in rest)
            and packaged_lexicon().names_kind(" ".join(name), _singular_of(tokens[at].text))
        ):
            found.add(at)
    return frozenset(found)


def _heads_a_clause(tokens: Sequence[Token], blocked: set[int], at: int) -> bool:
    """Is the noun before a name the head of a clause with no "that" whose subject is the
    name's possessive ("the school [X]'s author attended")? Then it is what the clause's verb
    is done to, not a word saying what X is."""
    i = at + 1
    while i < len(tokens) and i in blocked:
        i += 1
    if i >= len(tokens) or tokens[i].text != "s":
        return False
    rest = [t.text for t in tokens[i + 1 :] if t.text not in ("?", ".")]
    lexicon = packaged_lexicon()
    while rest and rest[-1] in NOISE_WORDS:
        rest.pop()  # a stranded preposition: "played for"
    return (
        len(rest) >= 2
        and _is_verb(rest[-1])
        and lexicon.is_verb(rest[-1])
        and all(lexicon.is_noun(w) and not _is_verb(w) for w in rest[:-1])
    )


def _answer_cue(
    tokens: Sequence[Token],
    blocked: set[int],
    types: Iterable[str],
    relations: list[RelationMention],
    answer: int | None,
    relative: AbstractSet[int],
) -> tuple[str, frozenset[str], str | None]:
    """The wh-word and what it asks for: entity types and/or a relation's agent."""
    type_list = list(types)
    for tok in tokens:
        asking = _asks_first(tokens, tok)  # "list the drones at S"
        if (tok.text not in _WH and not asking) or tok.index in blocked or tok.index in relative:
            continue
        relation = None
        run = _noun_run(tokens[tok.index + 1 : tok.index + 6], blocked, type_list, relations)
        head = run[-1] if run else None
        if head is not None and not names_type_exactly(head.text, type_list):
            relation = _clear_reading(relations, head.index)
        # "who directed ...", "which person directed ...": the verb says what the answer
        # does ("which books featured X": books do not act; their authors do)
        noun = head.index if head is not None else answer
        person = noun is not None and is_agent_noun(tokens[noun].text)
        for verb in (tok.index + 1, noun + 1 if noun is not None and person else None):
            if relation is None and verb is not None and _verb_at(tokens, blocked, verb):
                relation = _clear_reading(relations, verb)
        if relation is None and tok.text in ("who", "whom"):
            relation = _agent_named(tokens[tok.index + 1 :], blocked, relations)
        by = tok.index >= 2 and tokens[tok.index - 1].text == "by"
        if relation is None and by and _verb_at(tokens, blocked, tok.index - 2):
            relation = _clear_reading(relations, tok.index - 2)  # "edited by who": the editor
        # "who", "when", "where" name the answer's kind themselves; the words after
        # them are the question's subject ("where is the drone ..."), not its answer.
        if tok.text in ("who", "whom", "whose"):
            return tok.text, frozenset(t for t in type_list if _is_kind(t, PERSON_WORDS)), relation
        if tok.text == "when":
            times = {t for t in type_list if _is_kind(t, TIME_WORDS)} | {"literal"}
            return tok.text, frozenset(times), None
        if tok.text == "where":
            return tok.text, frozenset(t for t in type_list if _is_kind(t, PLACE_WORDS)), None
        wanted: set[str] = set()
        if head is not None:
            if relation is not None and is_agent_noun(head.text):
                wanted |= {t for t in type_list if _is_kind(t, PERSON_WORDS)}
            wanted |= {t for t in type_list if type_matches(head.text, t)}
            if relation is None:
                for other in reversed(run[:-1]):
                    wanted = wanted or {t for t in type_list if type_matches(other.text, t)}
        return tok.text, frozenset(wanted), relation
    return "", frozenset(), None


def _relative_wh(
    text: str, tokens: Sequence[Token], blocked: set[int], fronted: tuple[int, int] | None
) -> set[int]:
    """Wh-words that open a relative clause, not the question: right after a noun, with
    another wh-word asking later ("the person who illustrated X grew up in which country"),
    after the noun a question put as a noun phrase opens with ("the city where ..."), or
    opening a clause a comma closes before the asking one ("when X was last serviced,
    which record was that?")."""
    asking = [t.index for t in tokens if t.text in _WH and t.index not in blocked]
    found = {
        i
        for i in asking[:-1]
        if i > 0 and i - 1 not in blocked and tokens[i - 1].text not in NOISE_WORDS | _WH
    }
    subordinate = len(asking) > 1 and asking[0] == 0 and tokens[0].text in ("when", "where")
    if subordinate and "," in text[tokens[0].end : tokens[asking[1]].start]:
        found.add(0)
    return found if fronted is None else found | {fronted[1]}


def _asks_first(tokens: Sequence[Token], tok: Token) -> bool:
    """An opening word that asks as "which" does: an asking verb ("list the drones at S"),
    or an ordering word where no wh-word asks ("newest drone at S?")."""
    if tok.index != 0:
        return False
    if tok.text in ASKING_VERBS:
        return True
    return tok.text in _OPENING_ORDER and not any(t.text in _WH for t in tokens)


def _fronted_noun(tokens: Sequence[Token], blocked: set[int]) -> tuple[int, int] | None:
    """ "the town where the arena of X's club stands", "the year in which X opened": a
    question put as a noun phrase asks for what its head noun names. The head's token and
    that of the relative word opening its clause."""
    if len(tokens) < 4 or tokens[0].text not in ARTICLES or {0, 1} & blocked:
        return None  # "the Ring where X fought": a name, not a noun asked for
    for tok in tokens[2:6]:
        if tok.index in blocked:
            return None
        if tok.text in _WH or tok.text == "that":
            head = tok.index - 1
            if tokens[head].text in _PLACING and head > 1:
                head -= 1  # "the year in which"
            noun = tokens[head].text
            if head in blocked or not packaged_lexicon().is_noun(noun):
                return None
            return head, tok.index
        if tok.text in NOISE_WORDS - _PLACING:
            return None
    return None


def _answer_words(
    tokens: Sequence[Token],
    blocked: set[int],
    relative: AbstractSet[int],
    fronted: tuple[int, int] | None,
) -> tuple[tuple[str, ...], int | None]:
    """The words that say what kind of thing the answer is, and the token of a noun among
    them: "where" and "when" themselves, the adjective after "how" ("how old") unless a
    later "what" names a noun ("how old is X, what year": ADR 0127, 0150), or the head of the
    noun phrase after "which" and "what" ("which football team" -> "team"; "which country's
    parliament" -> "country": ADR 0151). "N-wise" closing a question asks for an N; a
    question put as a noun phrase ("the country of ...") asks for its head (ADR 0147)."""
    if (
        len(tokens) > 2
        and tokens[-1].text == "wise"
        and tokens[-2].index not in blocked
        and packaged_lexicon().is_noun(tokens[-2].text)
    ):
        return (tokens[-2].text,), tokens[-2].index  # "where was X born, country-wise?"
    for tok in tokens:
        asking = _asks_first(tokens, tok)  # "name a club in Spain"
        if tok.index in blocked or tok.index in relative or (tok.text not in _WH and not asking):
            continue
        if tok.text in ("where", "when"):
            later = _asked_after(tokens, blocked, relative, tok.index)
            return later if later[1] is not None else ((tok.text,), None)
        after = list(tokens[tok.index + 1 : tok.index + 6])
        if tok.text == "how":
            nxt = after[0] if after else None
            if nxt is None or nxt.index in blocked or nxt.text in NOISE_WORDS:
                return (), None
            # "how old is X, what year did it come out": the noun asked after says more
            later = _asked_after(tokens, blocked, relative, nxt.index)
            return later if later[1] is not None else ((nxt.text,), None)
        if tok.text not in ("which", "what") and not asking:
            return (), None
        run: list[Token] = []
        subject = False
        joined: int | None = None
        for word in after:
            if run and joined is None and word.text in _JOINING:
                joined = len(run)  # "which search and rescue missions": one head, shared
                continue
            if run and word.text == "s":
                return (run[-1].text,), run[-1].index  # "which country's parliament": a country
            skip = word.text in (_BEFORE_NOUN if not run else _SKIP_AFTER_WH)
            if word.index in blocked and not run:
                return _possessed(tokens, blocked, word.index)
            if subject and not skip:
                return (), None  # "what did audiences think of X": they are the subject
            subject = subject or (word.text in DO_FORMS and not run)
            if word.index in blocked or (word.text in NOISE_WORDS and (run or not skip)):
                break
            if skip:
                continue
            if _is_verb(word.text) and (run or not packaged_lexicon().is_noun(word.text)):
                break  # "what killed X": "what" is the subject, the verb no answer noun
            if run and _plural_then_verb(run[-1].text, word.text):
                break  # "which companies compete with X": the plural noun is the subject
            if run and _verb_before_object(tokens, blocked, word.index):
                break  # "which hospital employs X": not employs that are a hospital's
            if (
                run
                and _verb_at(tokens, blocked, word.index + 1)
                and packaged_lexicon().is_modifier(word.text)
            ):
                break  # "which theatres first staged X": the verb's adverb, no noun
            run.append(word)
        if joined is not None and len(run) - joined < 2:
            run = run[:joined]  # "which actors and directors": the first noun, as before
        if not run:
            return (), None
        head = run[-1]
        # "what line of work": the collocation the head starts says what is asked
        phrase = phrases([t.text for t in tokens], frozenset(blocked)).get(head.index, "")
        if phrase.startswith(head.text) and packaged_lexicon().is_noun(phrase):
            return (phrase,), head.index
        return (head.text,), head.index
    if fronted is not None:
        return (tokens[fronted[0]].text,), fronted[0]
    if tokens and not any(t.text in _WH for t in tokens):
        # a question put as a noun phrase asks what "what is" before it would
        possessed = _possessed(tokens, blocked, 0) if tokens[0].index in blocked else ((), None)
        if possessed[1] is not None:
            return possessed  # "X's mentor"
        if (
            len(tokens) > 3
            and tokens[0].text in ARTICLES
            and tokens[2].text == "of"
            and 1 not in blocked
            and packaged_lexicon().is_noun(tokens[1].text)
        ):
            return (tokens[1].text,), 1  # "the country of the body that hands out X"
    for tok, nxt in pairwise(tokens):
        # "[X] is a film written by this person": the noun the statement points at
        if tok.text in _DEMONSTRATIVES and nxt.index not in blocked and nxt.text not in NOISE_WORDS:
            return (nxt.text,), nxt.index
    return (), None


def _asked_after(
    tokens: Sequence[Token], blocked: set[int], relative: AbstractSet[int], after: int
) -> tuple[tuple[str, ...], int | None]:
    """The noun a later "what" or "which" asks for ("where did X practise, which city?"),
    if one does: it says more than the word before it."""
    later = next(
        (
            t.index
            for t in tokens[after + 1 :]
            if t.text in ("what", "which") and t.index not in blocked | relative
        ),
        None,
    )
    if later is None:
        return (), None
    return _answer_words(tokens, blocked | set(range(later)), relative, None)


def _possessed(
    tokens: Sequence[Token], blocked: set[int], name: int
) -> tuple[tuple[str, ...], int | None]:
    """ "what is X's motto": the noun a copula's named subject possesses, when it ends
    the question, is what is asked, as in "what is the hometown of X". Of a phrase ("X's
    focus airports"), its last word, as after "which" (ADR 0126)."""
    end = name
    while end < len(tokens) and end in blocked:
        end += 1
    rest = [t for t in tokens[end:] if t.text not in ("?", ".")]
    if (
        2 <= len(rest) <= 3
        and rest[0].text == "s"
        and not any(t.text in NOISE_WORDS for t in rest[1:])
    ):
        return (rest[-1].text,), rest[-1].index
    return (), None


def _classified(tokens: Sequence[Token], blocked: set[int], answer: int | None) -> int | None:
    """The noun a "what kind of N is X" question classifies: it says what X is, so
    it names no relation (only its own relation's exact name counts)."""
    if answer is None or answer + 3 > len(tokens) or tokens[answer + 1].text != "of":
        return None
    noun = tokens[answer + 2]
    after = tokens[answer + 3] if answer + 3 < len(tokens) else None
    if noun.index in blocked or after is None:
        return None
    return noun.index if after.index in blocked or after.text in COPULA else None


def _sorting_noun(tokens: Sequence[Token], blocked: set[int], answer: int | None) -> int | None:
    """The asked noun K of "what K of N does X eat" when WordNet files K as a kind (a sort,
    a type, a style): K sorts N, so it reads only what N reads, where N reads anything
    ("what kind of food": the diet, not a genus, "a general kind of something"; "what kind
    of music": ``genre``, read by both). "what kind of N is X" classifies X instead
    (``_classified``)."""
    if answer is None or answer + 2 >= len(tokens) or tokens[answer + 1].text != "of":
        return None
    noun = tokens[answer + 2]
    after = tokens[answer + 3] if answer + 3 < len(tokens) else None
    if noun.index in blocked or noun.text in NOISE_WORDS or (after and after.text in COPULA):
        return None
    lexicon = packaged_lexicon()
    word = tokens[answer].text
    if not lexicon.is_noun(noun.text) or not lexicon.is_kind_of(word, "kind"):
        return None
    return answer


def _defined_as_kinds(predicate: str, kind: Sequence[str]) -> bool:
    """Is the relation's noun defined as a kind of something ("industry": a particular kind
    of commercial enterprise), by the word a "what kind of N" question classifies with?
    Then N names it: the kinds of business are industries."""
    lexicon = packaged_lexicon()
    return any(
        lexicon.related(k, w) >= CLOSE_LINK
        for word in _content_words(predicate)
        for w in lexicon.defined_with(word)
        for k in kind
    )


def _agent_named(
    after: Sequence[Token], blocked: set[int], relations: list[RelationMention]
) -> str | None:
    """ "who is listed as editor of ...": the agent noun the "who" clause names,
    before the phrase it hangs on."""
    for tok in after:
        if tok.index in blocked or tok.text == "of":
            return None
        if is_agent_noun(tok.text):
            return _clear_reading(relations, tok.index)
    return None


def _clear_reading(relations: list[RelationMention], token: int) -> str | None:
    """The relation a word names more strongly than any other, if one does."""
    here = sorted((m for m in relations if m.token == token), key=lambda m: -m.strength)
    if not here or here[0].strength < COMPOUND_HEAD:
        return None  # "which person": a kind of answer, not a relation it names
    if len(here) > 1 and here[1].strength >= here[0].strength:
        return None
    return here[0].predicate


def _noun_run(
    window: Sequence[Token],
    blocked: set[int],
    types: list[str],
    relations: list[RelationMention],
) -> list[Token]:
    """The noun phrase after a wh-word ("what film genre"): its words that name a type
    or relation, in order; the last is its head."""
    named = {m.token for m in relations}

    def noun(tok: Token) -> bool:
        return tok.index in named or any(type_matches(tok.text, t) for t in types)

    run: list[Token] = []
    for at, tok in enumerate(window):
        verb = _is_verb(tok.text)
        if not run and tok.index in blocked and all(t.text in _SKIP_AFTER_WH for t in window[:at]):
            # "which Swift Mini drones", "show me the Swift Mini drones": a name right before
            # the noun qualifies it
            rest = [t for t in window[at:] if t.index not in blocked][:1]
            if rest and rest[0].index - 1 in blocked and not _is_verb(rest[0].text):
                return _noun_run(rest, blocked, types, relations)
            return []
        if tok.index in blocked or (run and verb):
            break  # a name, or a verb form after the noun: "which person directed"
        if not run and tok.text in _ORDERING:
            continue  # "the most recent maintenance": "most" names no relation here
        if not run and tok.text in DO_FORMS:
            return []  # "what did operator X fly": the noun is the doer, not the answer
        is_relation = tok.index in named
        is_type = any(type_matches(tok.text, t) for t in types)
        if run and run[-1].index in named and is_type and not is_relation:
            break  # a type word modifies a relation head ("film genre"), never follows it
        if is_relation or is_type:
            run.append(tok)
            if tok.text != _singular_of(tok.text):
                break  # a plural noun ends the phrase: "which operators flew missions"
        elif run and (
            tok.text in _JOINING or _modifier(tok, window[at + 1 : at + 2], blocked, noun)
        ):
            continue  # "which site survey missions": the head comes after a modifier
        elif run or tok.text not in _SKIP_AFTER_WH:
            break
    return run


def _modifier(
    tok: Token, following: Sequence[Token], blocked: set[int], noun: Callable[[Token], bool]
) -> bool:
    """A plain word between two nouns of one phrase, neither a stop word nor a verb."""
    if tok.text in NOISE_WORDS or tok.text in VERB_FORMS or not tok.text.isalpha():
        return False
    return bool(following) and following[0].index not in blocked and noun(following[0])


def _main_verb(tokens: Sequence[Token], blocked: AbstractSet[int] = frozenset()) -> int | None:
    """In a question asked with "do" ("where did X's daughter pass away", "what did X's
    father die of"), the verb is its last content word outside the names, or the
    collocation that word ends."""
    if not any(t.text in DO_FORMS for t in tokens):
        return None
    last = len(tokens) - 1
    while last >= 0 and (tokens[last].text in NOISE_WORDS or last in blocked):
        last -= 1
    if last < 0:
        return None
    texts = [t.text for t in tokens]
    phrase = phrases(texts).get(last)
    if phrase is not None:
        size = phrase.count(" ") + 1
        start = last - size + 1
        if start >= 0 and " ".join(texts[start : last + 1]) == phrase:
            return start
    return last


def _plural_then_verb(noun: str, word: str) -> bool:
    """Is ``word`` a verb's plain form right after a plural noun ("companies compete",
    "films star"), so the verb of a clause and not the head of a compound noun ("record
    label", "sales figures")?"""
    lexicon = packaged_lexicon()
    plural = any(base != noun for base in lexicon.base_forms(noun)) and lexicon.is_noun(noun)
    return plural and lexicon.is_verb(word) and word in lexicon.base_forms(word)


def _verb_before_object(tokens: Sequence[Token], blocked: set[int], index: int) -> bool:
    """Is the word a verb's -s form with its object right after it, a name or an article
    ("employs X", "makes the ..."), or with a preposition and a name closing the question
    ("plays at X")? A noun's plural is not followed by its object. After a plural, whose
    verb takes no -s, a word in its own form is the verb ("what worlds circle X"): a plural
    modifies no noun."""
    word = tokens[index].text
    if index + 1 >= len(tokens) or index == 0:
        return False
    lexicon = packaged_lexicon()
    if not lexicon.is_verb(word):
        return False
    subject = tokens[index - 1].text
    if word in lexicon.base_forms(word):
        if subject in lexicon.base_forms(subject) or not lexicon.is_noun(subject):
            return False
    elif not word.endswith("s"):
        return False
    nxt = tokens[index + 1]
    if nxt.text in _PLACING and index + 2 < len(tokens):
        return all(t.index in blocked for t in tokens[index + 2 :])
    return nxt.index in blocked or nxt.text in _DETERMINERS


def _is_verb(word: str) -> bool:
    return word.endswith(("ed", "ing")) or word in VERB_FORMS


def _verb_at(tokens: Sequence[Token], blocked: set[int], index: int) -> bool:
    return index < len(tokens) and index not in blocked and _is_verb(tokens[index].text)


def _singular_of(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 3 else word


def _is_kind(type_name: str, words: frozenset[str]) -> bool:
    return any(w in words or stem(w) in {stem(x) for x in words} for w in type_name.split("_"))


def analyse(
    text: str,
    predicates: Iterable[str],
    types: Iterable[str],
    names: Sequence[NameMatch],
) -> Analysis:
    """Entities, relation words, type words and cues of a question, by position.

    Explicit spans (``[...]`` or quotes) are strong entity mentions; other
    names come from the graph's name index (``names``), longest first.
    Relation and type words are never read inside an entity mention, so a
    film called "The Director" does not ask for a director.
    """
    predicates = list(predicates)
    text, names = _by_definition(text, names, predicates)
    tokens = [Token(t, s, e, i) for i, (t, s, e) in enumerate(token_spans(text))]
    analysis = Analysis(text=text, tokens=tokens, explicit=explicit_spans(text))
    explicit_norm = {normalise(inner) for _, _, inner in analysis.explicit}
    cased = _carries_case(text)
    starts = {m.start for m in names}
    for match in names:
        is_explicit = normalise(match.surface) in explicit_norm or any(
            s <= match.start and match.end <= e for s, e, _ in analysis.explicit
        )
        if not is_explicit and not _reads_as_name(text, tokens, match, cased, starts):
            continue
        analysis.entities.append(
            EntityMention(match.surface, match.start, match.end, match.entity_ids, is_explicit)
        )
    blocked = _named_tokens(analysis)
    type_list = list(types)
    fronted = _fronted_noun(tokens, blocked)
    relative = _relative_wh(text, tokens, blocked, fronted)
    analysis.answer_words, analysis.answer_token = _answer_words(tokens, blocked, relative, fronted)
    sorter = _sorting_noun(tokens, blocked, analysis.answer_token)
    verbs = _verb_uses(tokens, blocked)
    found = _relation_mentions(tokens, blocked, predicates, type_list, analysis.answer_token, verbs)
    found += _doer_readings(tokens, verbs, predicates, found, analysis.answer_token)
    if sorter is not None and not any(m.token == sorter + 2 for m in found):
        sorter = None  # N reads nothing: K may ("what kind of music": ``genre``)
    analysis.name_kinds = kinds = _kind_of_name(tokens, blocked)
    analysis.relations = [
        m for m in _without_descriptors(found, tokens, blocked, verbs) if m.token not in kinds
    ]
    analysis.relations += _phrases_read_whole(
        tokens, blocked | kinds, predicates, analysis.relations
    )
    analysis.relations += _stranded(tokens, blocked, predicates, analysis.relations)
    if sorter is not None:
        sorted_reads = {m.predicate for m in analysis.relations if m.token == sorter + 2}
        analysis.relations = [
            m for m in analysis.relations if m.token != sorter or m.predicate in sorted_reads
        ]
    for tok in tokens:
        if tok.index in blocked:
            continue
        for type_name in type_list:
            if type_matches(tok.text, type_name):
                analysis.types.setdefault(type_name, []).append(tok.index)
        if tok.text in COMEMBER_WORDS:
            analysis.comember_tokens.append(tok.index)
    analysis.wh_word, analysis.answer_types, analysis.answer_relation = _answer_cue(
        tokens, blocked, type_list, analysis.relations, analysis.answer_token, relative
    )
    classified = _classified(tokens, blocked, analysis.answer_token)
    kind = analysis.answer_words
    if classified is not None and not any(" " in w for w in kind):
        # "what sort of piece is X": "sort" classifies, it is no kind of answer (ADR 0087)
        analysis.answer_words = ()
        analysis.relations = [
            m
            for m in analysis.relations
            if m.token != classified or m.strength >= 1.0 or _defined_as_kinds(m.predicate, kind)
        ]
    named = blocked | {m.token for m in analysis.relations if m.strength >= 1.0}
    named |= {i for positions in analysis.types.values() for i in positions}
    analysis.unknown_names = _unknown_names(text, tokens, named, bool(analysis.entities))
    analysis.order = _order(tokens)
    return analysis


def _by_definition(
    text: str, names: Sequence[NameMatch], predicates: Sequence[str]
) -> tuple[str, Sequence[NameMatch]]:
    """The question with each word no relation is named after, but which WordNet defines
    as one relation of another, written as that definition: "X's grandfather" is "X's
    father's father" and "the father-in-law of X" "the father of the spouse of X", so the
    graph's ``parents`` and ``spouse`` are walked. Names and quoted spans are left alone."""
    lexicon = packaged_lexicon()
    taken = [(m.start, m.end) for m in names] + [(s, e) for s, e, _ in explicit_spans(text)]
    defined = [
        (word, parts)
        for word in _WORD.finditer(text)
        if (parts := lexicon.defined_as(word[0])) is not None
        and not any(s < word.end() and word.start() < e for s, e in taken)
    ]
    if not defined:
        return text, names
    vocab = [words for words in map(_content_words, predicates) if words]

    def read(word: str) -> float:
        return max((match_strength(word, words) for words in vocab), default=0.0)

    edits: list[tuple[int, int, str]] = []
    for word, (outer, inners) in defined:
        inner = max(inners, key=read)
        if read(word[0]) >= 1.0 or min(read(outer), read(inner)) < LOOSE:
            continue  # the graph has a relation of that name ("uncle"), or none of its parts
        if text[: word.start()].rstrip().lower().endswith(("'s", "\u2019s", "whose")):
            edits.append((word.start(), word.end(), f"{inner}'s {outer}"))
        else:
            edits.append((word.start(), word.end(), f"{outer} of the {inner}"))
    for start, end, written in reversed(edits):
        shift = len(written) - (end - start)
        text = text[:start] + written + text[end:]
        names = [
            dataclasses.replace(m, start=m.start + shift, end=m.end + shift)
            if m.start >= end
            else m
            for m in names
        ]
    return text, names


def _phrases_read_whole(
    tokens: Sequence[Token],
    blocked: set[int],
    predicates: Iterable[str],
    found: Sequence[RelationMention],
) -> list[RelationMention]:
    """A noun phrase that says what is asked of a name ("the citizenship of X", "X's
    citizenship") and whose words read no relation: the sentence encoder reads it whole, and a
    relation it names clearly counts as a one-link reading."""
    read = {m.token for m in found}
    runs: list[list[int]] = []
    for i in range(len(tokens)):
        possessed = _owned_by_a_name(tokens, blocked, i)
        if not possessed and not (i + 1 < len(tokens) and tokens[i + 1].text == "of"):
            continue
        run = [i]
        if possessed:
            while run[-1] + 1 < len(tokens) and _plain(tokens[run[-1] + 1], blocked):
                run.append(run[-1] + 1)
        else:
            while run[0] > 0 and _plain(tokens[run[0] - 1], blocked):
                run.insert(0, run[0] - 1)
            if run[0] > 0 and tokens[run[0] - 1].text in _PLACING:
                continue  # "in charge of X", "on behalf of X": a preposition, no noun of X
        if all(_plain(tokens[t], blocked) and t not in read for t in run):
            runs.append(run)
    if not runs:
        return []
    encoder = packaged_encoder()
    names = {relation_phrase(p): p for p in predicates}
    phrases = list(names)
    readings = []
    for run in runs:
        words = " ".join(tokens[t].text for t in run)
        best = clear_winner(encoder.similarities(words, phrases), phrases)
        if best is not None:
            readings.append(RelationMention(names[phrases[best]], run[-1], words, WHOLE_PHRASE))
    return readings


def _owned_by_a_name(tokens: Sequence[Token], blocked: set[int], at: int) -> bool:
    """Is the word at ``at`` a name's possessed noun ("X's wife": "wife")?"""
    return at > 1 and tokens[at - 1].text == "s" and at - 2 in blocked


def _plain(tok: Token, blocked: set[int]) -> bool:
    return tok.index not in blocked and tok.text not in NOISE_WORDS and tok.text not in _WH


def relation_phrase(predicate: str, without: AbstractSet[str] = frozenset()) -> str:
    """A relation as words for the sentence encoder: its own words and the type its
    namespace gives ("person profession"), but for the namespace words ``without``; the
    whole namespace only dilutes them."""
    name = read_relation(predicate)
    return " ".join((*(w for w in name.context[-1:] if w not in without), *name.words))


@functools.lru_cache(maxsize=1024)
def _capitalises_past_the_first(text: str) -> bool:
    """Does a word past the question's first start with a capital ("... of Zookeeper")?"""
    return any(w[0].isupper() for w in re.findall(r"[^\W\d_]+", text)[1:])


def _carries_case(text: str) -> bool:
    """Whether capitals mean something here: they do in sentence case, not in a question
    typed all in lower case, all in upper case, or In Title Case."""
    initials = [w[0] for w in re.findall(r"[^\W\d_]+", text)]
    return any(c.isupper() for c in initials) and any(c.islower() for c in initials)


def _joined(text: str, at: int, step: int) -> bool:
    """Is ``text[at]`` a joiner between two word characters ("05-12", "MX-00174")?"""
    beyond = at + step
    return (
        0 <= at < len(text)
        and text[at] in _JOINERS
        and 0 <= beyond < len(text)
        and text[beyond].isalnum()
    )


def _reads_as_name(
    text: str, tokens: Sequence[Token], match: NameMatch, cased: bool, starts: set[int]
) -> bool:
    """An unmarked name match is taken for a name only as the writer wrote one: not a
    piece of a date or code ("12" in 2025-05-12); in a sentence-case question, a single
    word only when capitalised, written as an identifier, or as the graph writes it by a
    writer who capitalises no other word ("which drones" is not the film "Drones";
    "factory_records" and the moon "larkspur" are names; a sentence's first capital says
    nothing); and
    not cut short of the name the writer wrote
    ("Albatross 7" is not the film "Albatross"). ``starts``: where names begin."""
    if _joined(text, match.start - 1, -1) or _joined(text, match.end, 1):
        return False
    surface = text[match.start : match.end]
    first_word = match.start == len(text) - len(text.lstrip())
    lower = not (surface[:1].isupper() or surface[:1].isdigit())
    # a name written as an identifier ("factory_records") is no word of the sentence; nor
    # one the graph writes so, where the writer capitalises no name ("What orbits larkspur?")
    one_word = len(surface.split()) == 1 and "_" not in surface
    unmarked = not match.as_written or _capitalises_past_the_first(text)
    if cased and lower and one_word and not first_word and unmarked:
        return False
    after = next((t for t in tokens if t.start >= match.end), None)
    if after is None or after.start in starts or text[match.end : after.start].strip():
        return True
    raw = text[after.start : after.end]
    capitalised = cased and raw[:1].isupper() and not raw.isupper()
    return not ((raw.isdigit() and len(raw) <= 3) or capitalised)


def _order(tokens: Sequence[Token]) -> str:
    """ "last serviced" asks for the latest value, "first maintenance" for the earliest."""
    for i, tok in enumerate(tokens):
        window = {t.text for t in tokens[i + 1 : i + 3]}
        span = tok.text in _LATEST and (window & _SPAN_UNITS or any(t.isdigit() for t in window))
        if tok.text in _LATEST and not span:
            return "latest"
        if tok.text in _EARLIEST:
            return "earliest"
    return ""


def _unknown_names(text: str, tokens: Sequence[Token], named: set[int], linked: bool) -> list[str]:
    """Proper names the graph does not know: capitalised runs no entity, type or relation
    word explains ("Albatross 7", "Operation Velvet Thunder"). Beside a name the graph does
    know, one capitalised word English knows is a word ("X's PhD supervisor"), not a name."""
    runs: list[list[Token]] = []
    current: list[Token] = []
    for tok in tokens:
        raw = text[tok.start : tok.end]
        acronym = raw.isupper() and len(raw) > 1  # "GPS": a feature more often than a name
        capital = raw[:1].isupper() and not acronym and tok.index > 0 and tok.text not in _CALENDAR
        follows = bool(current) and (raw[:1].isupper() or raw.isdigit())
        if tok.index not in named and tok.text not in NOISE_WORDS and (capital or follows):
            current.append(tok)
            continue
        if current:
            runs.append(current)
        current = []
    if current:
        runs.append(current)
    if linked:
        lexicon = packaged_lexicon()
        runs = [run for run in runs if len(run) > 1 or not lexicon.knows(run[0].text)]
    return [text[run[0].start : run[-1].end] for run in runs]
