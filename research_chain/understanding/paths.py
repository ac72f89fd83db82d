"""Inferring a typed relation path from a question and the graph's schema.

The path starts at the seed's type. Each step follows a predicate the question
mentions, in the direction that has the current type on the near side (the
schema says which types each predicate connects and which way). Every
type-consistent path up to a few hops is scored on how well it explains the
question: every mentioned relation used, the answer of the asked type
("who", "which companies"), few steps, and a back-and-forth through one relation
("companies that share a founder with X") only where a co-membership word or a
repeated mention asks for it.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import pairwise

from research_chain.graph.protocol import Direction, Step
from research_chain.understanding.analysis import (
    ARTICLES,
    COPULA,
    DO_FORMS,
    STRANDED,
    Analysis,
    RelationMention,
    Token,
    agent_readings,
    match_strength,
    rare_readings,
    readings_among,
    relation_phrase,
)
from research_chain.understanding.lexical import SYNONYM, packaged_lexicon
from research_chain.understanding.lexicon import CLOSE_LINK as _CLOSE
from research_chain.understanding.lexicon import (
    EMBEDDING_FLOOR,
    FAR_LINK,
    TIME_WORDS,
    VERB_FORMS,
    is_agent_noun,
    singular,
    vector_kinship,
)
from research_chain.understanding.lexicon import LIGHT_VERBS as _LIGHT
from research_chain.understanding.lexicon import NOISE_WORDS as _FUNCTION
from research_chain.understanding.relation_names import forward_name, read_relation
from research_chain.understanding.sentences import CLEAR_MARGIN, clear_winner, packaged_encoder
from research_chain.understanding.timeparse import is_time_value

__all__ = [
    "LITERAL",
    "PathChoice",
    "PathTree",
    "Signature",
    "infer_paths",
    "path_from_wire",
    "path_to_wire",
]

LITERAL = "literal"
NODE_MARK = "#"

# type -> (predicate, direction) -> types at the far side ("literal" for values)
Signature = Mapping[str, Mapping[tuple[str, Direction], AbstractSet[str]]]

_STEP_COST = 0.5
_BRIDGE = 1.5
_MAX_BRIDGES = 2
_MISSED_TYPE = 1.0
_MISSED_KIND = 2.0
_EXTRA_USE = 1.0
_ANCHORED_RETURN = 1.5
_ORDER_WEIGHT = 0.3
_CUE_WINDOW = 3
_ANSWER_CUE = 2.0
_SUBJECT_CUE = 0.5
_CUE_EXPLAINS = 0.25
_CUE_MET = 1.5
_SURE_NOUN = 0.9
_LOOSE_NOUN = 0.5
_STRONG = 0.5
_UNASKED_RETURN = 2.0
_UNSAID = 0.5
# Between two words of one mention: "place of birth", "the editor that edited", and the
# alternatives of "husband or wife", "sons and daughters" (one step, not two).
_JOINS_ONE_MENTION = frozenset({"of", "that", "who", "which", "whom", "or", "and"})
_UNJUSTIFIED = 2.0
_MISSING_HOP = 2.5
# Names read to judge what a step reaches, pooled over the nodes it reaches.
_KIND_SAMPLE = 32
# A reading weaker than this justifies no step ("city" read as a place of death).
_JUSTIFIES = 0.25
_ALIGNED = 0.5
_BACKWARD = 1.0
# What "where" asks for, as the WordNet nouns a name's kinds are checked against: a place,
# or an institution one studies or works at ("where did X qualify"; "where is the college X
# went to" asks for the college's place). People are left out: WordNet knows only famous
# ones (a bias, not a kind), and a "Russian" is a person as well as a language. Types a
# graph's relation names give (kb.person.*) have no bias.
_WH_KINDS = {"where": ("location", "institution", "facility", "structure")}
_WH_TYPES = {"where": "location", "who": "person", "whom": "person", "whose": "person"}
_WHO_ALSO = ("organization",)
# What a bare "who" may be answered by, as WordNet files names.
_WHO_KINDS = (_WH_TYPES["who"], *_WHO_ALSO)
_NAMES_TYPE = 0.8
# what a relation named by a group noun reaches, by WordNet's name for such nouns (ADR 0081)
_GROUP_KIND = "group"


class PathTree(dict[str, Mapping[tuple[str, Direction], AbstractSet[str]]]):
    """A signature grown from seeds that also keeps the names of a few entities each node
    reached: WordNet knows what many names are (a city, a country, a language), which
    says what a relation reaches when its own name does not."""

    def __init__(self, edges: Signature, labels: Mapping[str, tuple[str, ...]]) -> None:
        super().__init__(edges)
        self.labels = labels
        self.facts: _ReachFacts | None = None  # what its steps reach, read once per tree


# node -> the step into it; step -> names it reaches; step -> types of what it reaches;
# step -> the domains of those types; (step before, step) -> names the step reaches from
# where the step before led; node -> (the step into the node it was reached from, its step)
_Walked = tuple[Step | None, Step]
_Edge = tuple[str, Direction]
_ReachFacts = tuple[
    dict[str, Step],
    dict[Step, tuple[str, ...]],
    dict[Step, set[str]],
    dict[Step, set[str]],
    dict[_Walked, tuple[str, ...]],
    dict[str, _Walked],
]


def _reach_facts(signature: Signature) -> _ReachFacts:
    """What each step of a tree reaches: the names of the entities (pooled over every node
    the step reaches, up to a sample), their types by the relations they start and those
    relations' domains, and groups where they are what a relation named by a group noun
    reaches (ADR 0081). The same for every question and seed reading on this tree, so a
    PathTree keeps it.

    Read keyed by the tree's own ``(predicate, direction)`` pairs, each made a Step once
    at the end: a Step hashes and compares in Python, a tuple in C."""
    if isinstance(signature, PathTree) and signature.facts is not None:
        return signature.facts
    steps: dict[_Edge, Step] = {}
    into: dict[str, _Edge] = {}
    pools: dict[_Edge, dict[str, None]] = {}
    types_of: dict[_Edge, set[str]] = {}
    domains_of: dict[_Edge, set[str]] = {}
    said: dict[_Edge, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    labels = signature.labels if isinstance(signature, PathTree) else {}
    for edges in signature.values():
        for edge, far in edges.items():
            if edge not in steps:
                steps[edge] = step = Step(*edge)
                types_of[edge], domains_of[edge] = set(), set()
                if _as_named(step) is Direction.IN:
                    types_of[edge].update(_subject_type(step.predicate))
                    domains_of[edge].update(_domain(step.predicate))
            kinds, domains = types_of[edge], domains_of[edge]
            pool = pools.setdefault(edge, {}) if labels and far else {}
            for node in far:
                into[node] = edge
                if len(pool) < _KIND_SAMPLE:
                    pool.update(dict.fromkeys(labels.get(node, ())))
                for onward in signature.get(node, {}):
                    found = said.get(onward)
                    if found is None:
                        found = said[onward] = _said_of_subject(*onward)
                    kinds.update(found[0])
                    domains.update(found[1])
    pooled = {steps[edge]: tuple(pool) for edge, pool in pools.items()}
    lexicon = packaged_lexicon()
    for edge, kinds in types_of.items():
        # WordNet says better what names it knows are: countries are a ``nationality`` too
        if _GROUP_KIND in kinds:
            names = pooled.get(steps[edge], ())
            known = sum(1 for n in names if lexicon.names_a_kind(n) or lexicon.knows(n))
            if 2 * known >= max(len(names), 1):
                kinds.discard(_GROUP_KIND)
    incoming = {node: steps[edge] for node, edge in into.items()}
    walked_pools: dict[tuple[_Edge | None, _Edge], dict[str, None]] = {}
    walked_into: dict[str, _Walked] = {}
    for origin, edges in signature.items():
        before = into.get(origin)
        for edge, far in edges.items():
            walked = (incoming.get(origin), steps[edge])
            pool = walked_pools.setdefault((before, edge), {}) if labels and far else {}
            for node in far:
                walked_into[node] = walked
                if len(pool) < _KIND_SAMPLE:
                    pool.update(dict.fromkeys(labels.get(node, ())))
    walked_from = {
        (None if before is None else steps[before], steps[edge]): tuple(pool)
        for (before, edge), pool in walked_pools.items()
    }
    facts = (
        incoming,
        pooled,
        {steps[edge]: kinds for edge, kinds in types_of.items()},
        {steps[edge]: domains for edge, domains in domains_of.items()},
        walked_from,
        walked_into,
    )
    if isinstance(signature, PathTree):
        signature.facts = facts
    return facts


def _said_of_subject(
    predicate: str, direction: Direction
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a node's edge says the node is: the types and domains of its relation's
    subjects, or a group where it is what a relation named by a group noun reaches."""
    if _as_named(Step(predicate, direction)) is Direction.OUT:
        return _subject_type(predicate), _domain(predicate)
    if _names_group(predicate):
        return (_GROUP_KIND,), ()
    return (), ()


def _person_steps(
    signature: Signature, incoming: Mapping[str, Step]
) -> tuple[frozenset[Step], frozenset[Step]]:
    """Steps to persons, for a "who" where a graph's relation names type nothing, and steps
    surely to no person nor organisation. Persons: those a relation's name says are
    (``curator``, ``next_of_kin``, the doer of ``painted_by``), and those to what starts mostly
    the relations such persons start (a sitter, reached by ``portrays``, has a birthplace as a
    painter does). Others: the objects of a relation named by a noun of another kind
    (``home_town``, ``year_opened``)."""

    def starts(node: str) -> set[str]:
        return {
            predicate
            for (predicate, direction), far in signature.get(node, {}).items()
            if _as_named(Step(predicate, direction)) is Direction.OUT and not far <= {LITERAL}
        }

    said = {
        step: _names_persons(step)
        for edges in signature.values()
        for step in (Step(predicate, direction) for predicate, direction in edges)
    }
    found = {step for step, agent in said.items() if agent}
    named = [node for node, step in incoming.items() if step in found and node != LITERAL]
    theirs: set[str] = set().union(*map(starts, named)) if named else set()
    for node, step in incoming.items():
        own = starts(node)
        if own and 2 * len(own & theirs) > len(own):
            found.add(step)
    return frozenset(found), frozenset(s for s, agent in said.items() if agent is False) - found


@dataclass(frozen=True, slots=True)
class PathChoice:
    seed_type: str
    steps: tuple[Step, ...]
    final_type: str
    score: float
    types: tuple[str, ...] = ()
    # steps walked the way a noun of the question names them: breaks exact ties only
    named_forward: int = 0
    # the tree node the path ends at (its key in the signature)
    end: str = ""
    # it ends at the kind the question asks for ("where": a place)
    asked: bool = False

    @property
    def literal(self) -> bool:
        return self.final_type == LITERAL


def path_to_wire(steps: tuple[Step, ...] | list[Step]) -> list[dict[str, str]]:
    return [{"predicate": s.predicate, "direction": s.direction.value} for s in steps]


def path_from_wire(raw: object) -> tuple[Step, ...]:
    """The ``path`` arg of a walk_seeds decision; malformed entries are ignored."""
    if not isinstance(raw, list):
        return ()
    steps = []
    for item in raw:
        if isinstance(item, Mapping) and isinstance(item.get("predicate"), str):
            direction = str(item.get("direction", "out"))
            if direction in Direction._value2member_map_:
                steps.append(Step(item["predicate"], Direction(direction)))
    return tuple(steps)


def mention_count(analysis: Analysis, predicate: str) -> int:
    """Mentions of a relation, counting adjacent words ("release year", "place of birth")
    as one, and "the editor that edited" and "husband or wife" too, but not words a
    preposition sets apart ("books written by authors of X": two steps through one
    relation), weak ones (a type word read as a relation) not at all, and a word that names
    several relations alike ("work" beside ``works_at_company`` and ``works_in_city``) for
    none of them."""
    readings: dict[int, list[tuple[float, str]]] = {}
    for m in analysis.relations:
        name = forward_name(m.predicate) or m.predicate
        readings.setdefault(m.token, []).append((m.strength, name))
    own = forward_name(predicate) or predicate
    tokens = []
    for token, found in sorted(readings.items()):
        best = max(strength for strength, _ in found)
        top = {name for strength, name in found if strength >= best}
        if best >= 0.75 and top == {own}:
            tokens.append(token)
    words = analysis.tokens

    def joined(a: int, b: int) -> bool:  # "release year", "place of birth", "the one that"
        return b - a == 1 or (b - a == 2 and words[a + 1].text in _JOINS_ONE_MENTION)

    return sum(1 for i, t in enumerate(tokens) if i == 0 or not joined(tokens[i - 1], t))


_PASSIVE = frozenset({"by"})
_DOES = frozenset({"do", "does", "did", "has", "have", "had"})
_WHICH = frozenset({"which", "what"})
# Near paths read by the encoder, best by the old order first: a bound on one question's cost.
_MAX_NEAR = 8
# Paths within this of the best are reordered by the encoder's reading, weighted so: a
# clearly better reading (cosine ~0.1 apart) outweighs a step's cost.
_NEAR = 2.0
_READ_WEIGHT = 6.0
# What a near path gains when WordNet defines one of its relations with a word of the
# question nothing reads (ADR 0089): more than the encoder's reading of a phrase a tenth of
# cosine nearer, for a definition is WordNet's own word where the encoder is a guess.
_DEFINED = 1.0
# A person's lead in the encoder's reading of a "whose" question, in score points (a few
# hundredths of a cosine): the encoder hardly tells a novel's author from its publisher.
_WHOSE_PERSON = 0.3
# One- and two-letter words are abbreviations or stray letters, no evidence ("st", "jr").
_UNREAD_MIN = 3
# A best walk scoring below this explains the question worse than it ignores it; the
# encoder's reading of the whole question then picks a step of the seed on a thinner margin
# than its usual clear win (cosines a few hundredths apart: ``has_ceo`` over ``has_investor``
# for "which corporation does X run" beats a walk to launch years).
_HOPELESS = -1.0
_HOPELESS_MARGIN = 0.01
# a possessed phrase the encoder alone reads: surer than a loose link, less than a word's own
_POSSESSED_STRENGTH = 0.6
# Each step past the first of a walk answering a one-clause question ("what albums did X
# release"): enough to outweigh a word read by a relation the answer is not reached by.
_OVER_LONG = 4.5
# How well the asked noun names a relation's objects for its verb to go untold (ADR 0046).
_NAMES_OBJECTS = 0.8
# Opening a relative clause about the noun before them ("the band that made X").
_CLAUSE = frozenset({"that", "who", "which"})
# "the hometown of whoever started X": a clause whose noun is left unsaid
_FREE_RELATIVE = frozenset({"whoever", "whomever", "whatever", "whichever"})
_LINKS = ARTICLES | {"of"}
# Words opening a noun phrase: past the answer's own and the seed's, one names another thing.
_OPENS_PHRASE = (_LINKS - {"of"}) | {"whose"}


@functools.lru_cache(maxsize=4096)
def _nouns(words: tuple[str, ...]) -> tuple[str, ...]:
    lexicon = packaged_lexicon()
    return tuple(w for w in words if lexicon.is_noun(w))


@functools.lru_cache(maxsize=4096)
def _ends(predicate: str) -> tuple[tuple[str, ...], tuple[str, ...], float]:
    """The words naming a relation's objects and its subjects, and how surely the
    subjects are named."""
    words = read_relation(predicate).words
    content = tuple(w for w in words if len(w) > 2 and w not in _FUNCTION)
    if len(content) < 2:
        return content, content, _SUBJECT_CUE
    if "of" in words:  # place_of_origin: the objects are places; its subjects unnamed
        head = tuple(w for w in words[: words.index("of")] if w in content)
        return head or content, (), _SUBJECT_CUE
    if words[-1] in _PASSIVE:
        return content[:1], content[-1:], 1.0
    if content[-1].endswith("ed") and _nouns(content[:-1]):
        # year_founded, date_released: the noun names the objects, the participle the event
        return _nouns(content[:-1])[-1:], (), _SUBJECT_CUE
    # ``scouted_film_sites``: the first noun, after a participle, names the subjects
    lead = content[:1] if _nouns(content[:1]) else _nouns(content[1:-1])[:1] or content[:1]
    return content[-1:], lead, 1.0


def _agent_step(predicate: str | None) -> Step | None:
    """The step reaching who does what a relation names, when its name says which end
    that is: the objects of a passive (``edited_by``) or of an agent noun
    (``band_members``, ``editor``). "Who edited the books ..." asks for them."""
    if predicate is None:
        return None
    words = read_relation(predicate).words
    if (words and words[-1] in _PASSIVE) or any(is_agent_noun(w) for w in _ends(predicate)[0]):
        return Step(predicate, _as_named(Step(predicate, Direction.OUT)))
    return None


@functools.lru_cache(maxsize=4096)
def _names_persons(step: Step) -> bool | None:
    """Does the relation's name say the step reaches persons: the doers of a passive
    (``painted_by``), or objects named by a noun WordNet files under persons (``curator``,
    ``next_of_kin``)? False where a noun of another kind names them (``serial_number``, though
    "number" ends as a doer's name does; ``home_town``); None where the name does not say
    (``portrays``, a ``club``, subjects)."""
    if _as_named(step) is not Direction.OUT:
        return None
    words = read_relation(step.predicate).words
    if words and words[-1] in _PASSIVE:
        return True
    if words and words[-1] == "of":
        return None  # ``alumniOf``, ``memberOf``: the noun is what the subject is
    lexicon = packaged_lexicon()
    whole = " ".join(words)
    if lexicon.is_noun(whole):  # ``head_of_household``: a person, though a head is not
        return lexicon.names_person(whole)
    noun = _ends(step.predicate)[0][-1:]
    # an adjective names no one though WordNet has "the retired" as persons: ``is_retired``
    if not noun or lexicon.is_modifier(noun[0]):
        return None
    found = lexicon.names_person(noun[0])
    # what "of" adds may make a person of the noun: ``head_of_department``
    return None if found is False and "of" in words else found


@functools.lru_cache(maxsize=4096)
def _names_group(predicate: str) -> bool:
    """Does the relation's name call its objects by a noun WordNet files under groups
    (``crew``, ``teams``, ``party``)? What is anyone's crew is a group, even in
    a graph whose relation names give no types."""
    noun = _ends(predicate)[0][-1:]
    lexicon = packaged_lexicon()
    # an adjective names no group though WordNet has "the retired" as one: ``is_retired``
    return bool(noun) and not lexicon.is_modifier(noun[0]) and lexicon.names_group(noun[0])


def _as_named(step: Step) -> Direction:
    """The step's direction as the relation's name reads: ``made_by_inverse`` is stored
    from maker to made, so walked out it goes where ``made_by`` walked in would."""
    if not read_relation(step.predicate).inverse:
        return step.direction
    return _flipped(step.direction)


def _flipped(direction: Direction) -> Direction:
    """The other way along a relation; both ways stays both."""
    if direction is Direction.BOTH:
        return direction
    return Direction.IN if direction is Direction.OUT else Direction.OUT


@functools.lru_cache(maxsize=4096)
def _subject_type(predicate: str) -> tuple[str, ...]:
    """The head word of the type a domain.type.property name gives its subjects."""
    return read_relation(predicate).subject_type[-1:]


@functools.lru_cache(maxsize=4096)
def _domain(predicate: str) -> tuple[str, ...]:
    """The domain of a domain.type.property name when it is a noun: ``book.written_work``
    things are books too. A domain is often a topic ("music", "people") rather than a kind,
    so it is read only when no type names what the question asks for."""
    name = read_relation(predicate)
    if not name.subject_type or len(name.context) <= len(name.subject_type):
        return ()
    # the head of the domain's words: ``fine_wine.vintage.*`` things are wine
    return _nouns(name.context[: len(name.context) - len(name.subject_type)][-1:])


def _walkable(analysis: Analysis, placed: bool = False) -> frozenset[str]:
    """The relations a question's words ask to walk. When the answer noun is what a verb
    does to the subject ("what charity did X found"), a loose reading of that noun alone
    is not one: the founded things are asked for, not a walk on to a
    ``parent_organization`` because "company" loosely reads "organization" (the cue on the
    last step still weighs it). So too when the noun is what a named relation reaches ("X
    is chair of which charity": the charity X chairs, not its parent). After a copula the noun
    is the relation asked for ("what types are the books of X"). With ``placed``, the noun
    is where something is and some step reaches its kind (:func:`_placed_in`)."""
    mentioned = frozenset(analysis.predicates(0.0))
    answer = analysis.answer_token
    tokens = analysis.tokens
    if answer is None:
        return mentioned
    done_by_verb = answer + 1 < len(tokens) and tokens[answer + 1].text in _DOES
    if not (done_by_verb or placed or _reached_by_named(analysis, answer)):
        return mentioned
    # the verb's object may still be what a close kin's relation reaches ("which school did
    # X go to": ``education``), though not an agent's, kin by what it does ("players": plays)
    close = done_by_verb and not placed and not is_agent_noun(tokens[answer].text)
    named = _CLOSE if close else 1.0
    others = {m.predicate for m in analysis.relations if m.token != answer}
    loose = {m.predicate for m in analysis.relations if m.token == answer and m.strength < named}
    return mentioned - (loose - others)


def _placed_in(analysis: Analysis) -> bool:
    """Is the answer noun the place something else the question reads is in ("in what
    country is the university where X works", "which city does X teach in")? Where a step
    reaches that kind, the noun names the answer's kind, not a relation: a person's
    ``nationality`` is no step to the university's country. ("What town is X in": the noun
    alone says where to go.)"""
    tokens, answer = analysis.tokens, analysis.answer_token
    if answer is None or answer < 1 or tokens[answer - 1].text not in _WHICH:
        return False
    if not any(m.token != answer for m in analysis.relations):
        return False
    if answer >= 2 and tokens[answer - 2].text == "in":
        return True
    last = len(tokens) - 1
    named = (range(*analysis.entity_token_span(m)) for m in analysis.entities)
    return answer == 1 and tokens[last].text == "in" and not any(last in r for r in named)


def _reached_by_named(analysis: Analysis, answer: int) -> bool:
    """Is the answer noun the object of a word that plainly names a relation ("CEO of which
    company", "member of what band")?"""
    tokens = analysis.tokens
    if answer < 3 or tokens[answer - 2].text != "of" or tokens[answer - 1].text not in _WHICH:
        return False
    return any(m.token == answer - 3 and m.strength >= _STRONG for m in analysis.relations)


def _kind_mentions(
    analysis: Analysis, signature: Signature, seed_type: str, seed_span: tuple[int, int]
) -> tuple[list[RelationMention], set[tuple[int, str]]]:
    """A noun that reads no relation (or only loosely) but names the type the graph's
    relation names give what a step reaches, reads that step: in "X's group" the step to
    entities that start ``ensemble.group.*`` relations. It names a type by its own stem or,
    where it surely is a noun, as the type it is nearest ("the band that made X"). The
    answer's noun is left to the cue. Where it names no type, it reads the seed's steps to
    entities titled as it ("X's hospital": Harrowfield General Hospital), unless the noun's
    own verb reads a step of the seed's surely (ADR 0131).

    Also returned: the readings of the verb of the noun's relative clause that reach no
    such type, by (token, predicate). The clause is one step to what the noun names: "the
    band that made X" is X's artist, though "made" also reads its producer; "the band X plays
    in" is X's band, though "plays" also reads the instruments X plays."""
    facts = _reach_facts(signature)
    pooled, types_of, domains_of = facts[1], facts[2], facts[3]
    dropped: set[tuple[int, str]] = set()
    if not any(types_of.values()) and not any(pooled.values()):
        return [], dropped
    own = {Step(p, d) for p, d in signature.get(seed_type, {})}
    own_edges = {step.predicate for step in own}
    surely_own = {
        m.token for m in analysis.relations if m.strength >= _STRONG and m.predicate in own_edges
    }
    skip = {m.token for m in analysis.relations if m.strength >= _STRONG} | analysis.name_kinds
    # a name's first token -> the token after it
    names = dict(analysis.entity_token_span(mention) for mention in analysis.entities)
    for start, end in names.items():
        skip.update(range(start, end))
    found = []
    tokens = analysis.tokens
    all_types, all_domains = _kinds(types_of), _kinds(domains_of)
    lexicon = packaged_lexicon()
    for tok in tokens:
        if tok.index in skip or tok.index == analysis.answer_token or tok.text in _FUNCTION:
            continue
        if not _nouns((tok.text,)):
            continue
        named_end = names.get(tok.index + 1)
        if named_end is not None and all(t.text in _FUNCTION for t in tokens[named_end:]):
            continue  # "who is in the band X": the noun says what X is
        # "did X form in" is a verb, though "form" is a noun WordNet ties to organisations
        loose = analysis.noun_slot(tok.index)
        # "the band that made X"; with no relative word, "the band X plays in"
        after = tok.index + 1
        clause = after < len(tokens) and tokens[after].text in _CLAUSE
        verb = after + 1 if clause else names.get(after, len(tokens))
        named_steps: set[Step] = set()
        if loose and seed_span[0] in (after, verb + 1) and not lexicon.names_a_top(tok.text):
            # "the university X went to": an alumnus is "a person who has received a degree
            # from a school (high school or college or university)", whatever it is called.
            # Only one step so defined: a person or a thing defines many
            forms = frozenset(lexicon.forms(tok.text))
            defined = {step for step in own if _defined_with((step.predicate,), forms)}
            named_steps = defined if len({step.predicate for step in defined}) == 1 else set()
        # types first; "the novel behind X" is the step to what ``book.*`` relations start
        for kinds_of, kinds in ((types_of, all_types), (domains_of, all_domains)):
            if named_steps:
                break
            if not kinds:
                continue
            # a domain is often a topic: an observatory is kin to astronomy, but none
            domain = kinds is all_domains
            said = _named_types((tok.text,), kinds, plain=1.0, loose=loose, kin_only=domain)
            named_steps = {step for step, k in kinds_of.items() if not said.isdisjoint(k)}
            if named_steps:
                break
        governing = tok.index - 1
        while governing >= 0 and tokens[governing].text in _FUNCTION:
            governing -= 1
        where = after < len(tokens) and tokens[after].text == "where"
        placing = names.get(after + 1) if where else None  # "the university where X works"
        if not named_steps and loose and not surely_own & {verb, governing, placing}:
            # "X's hospital": the step to entities titled as hospitals, unless the noun's
            # verb reads a step of the seed's surely ("the university X works at", "X works
            # at a hospital": where X works, whatever it is called)
            named_steps = _steps_to_titled(tok.text, signature, seed_type, pooled)
        named = {step.predicate for step in named_steps}
        if named and seed_span[0] in (after, verb + 1):
            # the clause says what the noun is to the seed: one step from it
            named = {step.predicate for step in named_steps if step in own} or named
        found += [RelationMention(p, tok.index, tok.text, _STRONG) for p in sorted(named)]
        if named and verb < len(tokens):
            dropped |= {
                (verb, m.predicate)
                for m in analysis.relations
                if m.token == verb and m.predicate not in named
            }
    return found, dropped


def _steps_to_titled(
    noun: str, signature: Signature, seed_type: str, pooled: Mapping[Step, Sequence[str]]
) -> set[Step]:
    """The seed's steps to entities that are all titled by what ``noun`` names ("X's
    hospital": Harrowfield General Hospital), else the steps most of whose names, two or
    more, are. The seed's own first: a step into hospitals is also one from their cities.
    A tree's names have few titles, so each title is judged against the noun once."""
    lexicon = packaged_lexicon()
    heads: dict[str | None, bool] = {None: False}

    def titled(name: str) -> bool:
        head = lexicon.title(name)
        if head not in heads:
            heads[head] = head is not None and lexicon.head_is(head, noun)
        return heads[head]

    labels = signature.labels if isinstance(signature, PathTree) else {}
    own = set()
    for edge, far in signature.get(seed_type, {}).items():
        reached = [n for node in far for n in labels.get(node, ())]
        if reached and all(map(titled, reached)):
            own.add(Step(*edge))
    if own:
        return own
    found = set()
    for step, names in pooled.items():
        kin = sum(1 for n in names if titled(n))
        if kin >= 2 and 2 * kin >= len(names):
            found.add(step)
    return found


def _off_kind_readings(
    analysis: Analysis, seed_type: str, signature: Signature, score: _Scorer
) -> set[tuple[int, str]]:
    """When a verb is the question's only relation word and reads only steps from the seed
    to things other than the asked kind, while another step reaches that kind, the verb's
    readings, by (token, predicate): "what orchestra does X play in" asks for an orchestra, not the
    instruments X plays. The step to the asked kind then answers alone."""
    answer = analysis.answer_token
    words = {m.token for m in analysis.relations if m.token != answer}
    if answer is None or len(words) != 1:
        return set()
    (verb,) = words
    if analysis.noun_slot(verb) or not packaged_lexicon().is_verb(analysis.tokens[verb].text):
        return set()
    steps = signature.get(seed_type, {})
    read = {m.predicate for m in analysis.relations if m.token == verb}
    if not read <= {p for p, _d in steps}:
        return set()
    # cheapest checks first: fitting is judged over the names a step reaches
    verb_ends = [n for (p, _d), far in steps.items() if p in read for n in far]
    if any(score.fits(n) for n in verb_ends):
        return set()
    others = (n for (p, _d), far in steps.items() if p not in read for n in far)
    if not any(score.fits(n) for n in others):
        return set()
    # "which country is X registered in": the city, then the country holding it
    onward = (n for near in verb_ends for far in signature.get(near, {}).values() for n in far)
    if any(score.fits(n) for n in onward):
        return set()
    return {(verb, p) for p in read}


def _near_readings(
    analysis: Analysis,
    seed_type: str,
    signature: Signature,
    seed_span: tuple[int, int],
    score: _Scorer,
) -> list[RelationMention]:
    """Readings among the seed's own relations, if clean ones, for words whose reading
    among all relations is lost: one clause relates the seed to the answer by one step
    ("what game is played in X") but a word reads best a relation no step from the seed
    walks (a theatre's ``plays``); a noun the seed hangs on ("X's club") reads nothing
    because a league is as loosely a club as a team is (ADR 0067); so may the asked noun of
    one clause where no step reaches its kind ("which club is X on", ADR 0079)."""
    own = {predicate for predicate, _direction in signature.get(seed_type, {})}
    read = {m.token for m in analysis.relations}
    elsewhere = {
        t
        for t in analysis.attached_nouns(seed_span)
        if t not in read and t != analysis.answer_token
    }
    if score.one_clause:
        elsewhere |= read - {m.token for m in analysis.relations if m.predicate in own}
        answer = analysis.answer_token
        if answer is not None and answer not in read and not score.kind_elsewhere():
            elsewhere.add(answer)  # "which club is X on": among X's own, its teams
    if not elsewhere:
        return []
    return [m for m in readings_among(analysis, own, elsewhere) if m.strength >= FAR_LINK]


def _verb_of_the_noun(
    analysis: Analysis, seed_type: str, signature: Signature, seed_span: tuple[int, int]
) -> tuple[set[tuple[int, str]], list[RelationMention]]:
    """ "who wrote the novel behind X": the verb is done to the noun X hangs on, not to X,
    so it reads among the relations of what X's steps reach (the novel's writer), not
    among X's own (the film's screenwriter)."""
    nouns = analysis.attached_nouns(seed_span)
    if not nouns:
        return set(), []
    tokens = analysis.tokens
    verb = min(nouns) - 1
    while verb >= 0 and tokens[verb].text in ARTICLES:
        verb -= 1
    if verb < 0 or tokens[verb].text in _FUNCTION or analysis.noun_slot(verb):
        return set(), []  # "who is the director of X": a copula reads nothing anywhere
    if not packaged_lexicon().is_verb(tokens[verb].text):
        return set(), []
    own = signature.get(seed_type, {})
    onward = {p for far in own.values() for n in far for p, _d in signature.get(n, {})}
    onward -= {p for p, _d in own}
    found = [m for m in readings_among(analysis, onward, {verb}) if m.strength >= FAR_LINK]
    if not found:
        return set(), []
    return {(m.token, m.predicate) for m in analysis.relations if m.token == verb}, found


def _clause_verb(
    analysis: Analysis, seed_span: tuple[int, int], near: Sequence[RelationMention]
) -> set[tuple[int, str]]:
    """ "the club X plays for": the noun read among X's relations names the step the verb
    names too; the verb's own readings are no further step."""
    start, end = seed_span
    if not analysis.hangs_by_clause(seed_span) or not any(m.token == start - 1 for m in near):
        return set()
    return {(m.token, m.predicate) for m in analysis.relations if m.token == end}


def _reread(
    analysis: Analysis,
    dropped: AbstractSet[tuple[int, str]],
    extra: Sequence[RelationMention] = (),
) -> Analysis:
    """The analysis without the readings ``dropped`` names by (token, predicate), and with
    ``extra``."""
    kept = [m for m in analysis.relations if (m.token, m.predicate) not in dropped]
    return dataclasses.replace(analysis, relations=[*kept, *extra])


def _wh_kinds(analysis: Analysis, seed_span: tuple[int, int]) -> tuple[str, ...]:
    """The kinds the wh-word asks for; after "where is" only places, unless a participle
    follows the name ("where was X schooled": a school is an answer)."""
    kinds = _WH_KINDS.get(analysis.wh_word, ())
    at = analysis.wh_index()
    tokens = analysis.tokens
    start, end = seed_span
    last = tokens[-1].text if tokens else ""
    passive = start == (at or 0) + 2 and end == len(tokens) - 1
    passive = passive and (last.endswith("ed") or last in VERB_FORMS)
    if kinds and at is not None and _copula_after(tokens, at) and not passive:
        return kinds[:1]
    return kinds


def _kinds(types_of: Mapping[Step, set[str]]) -> list[str]:
    """Every type the graph's relation names give what the tree's steps reach."""
    return sorted(set().union(*types_of.values())) if types_of else []


def _named_types(
    nouns: Sequence[str],
    kinds: Sequence[str],
    plain: float = _NAMES_TYPE,
    loose: bool = True,
    read: float = 0.0,
    kin_only: bool = False,
) -> frozenset[str]:
    """The graph's types the nouns name: those a noun plainly names, else (``loose``) the
    one it names best if it is at least loosely kin ("band": ``music.group``; WordNet has
    a band as a musical group) and no less nearly than the nouns read a relation (``read``:
    "which school did X go to" reads ``education``, where a theatre is a building too). A
    graph has few types, so the nearest is a reading, not a guess; a bare loose threshold
    would let one noun fit several. With ``kin_only``, a noun names loosely only a kind it
    is a kind of (a novel is a book)."""
    named: set[str] = set()
    lexicon = packaged_lexicon()
    heads = {kind: kind.split("_")[-1] for kind in kinds}
    for noun in nouns:
        scored = [(match_strength(noun, (kind,)), kind) for kind in kinds]
        # a person is no kind of thing WordNet files elsewhere, though the words are kin
        # ("astronomer": ``astronomy``); a painting is kin to a painter, but no artist: a
        # thing names no doer loosely
        person = lexicon.names_person(noun)
        barred = {kind for kind, head in heads.items() if person and _names_no_person(head)}
        doer = is_agent_noun(noun)
        named_plainly = {kind for score, kind in scored if score >= plain and kind not in barred}
        best = max(
            (
                pair
                for pair in scored
                if pair[1] not in barred and (doer or not is_agent_noun(heads[pair[1]]))
            ),
            default=(0.0, ""),
        )
        if named_plainly or not loose:
            named |= named_plainly
        elif best[0] >= (floor := max(FAR_LINK, read)):
            # of kinds named alike, the one the noun is a kind of: a club is a team
            kin = [
                pair
                for pair in scored
                if pair[0] >= floor and lexicon.is_kind_of(noun, heads[pair[1]])
            ]
            if kin or not kin_only:
                named.add(max(kin, default=best)[1])
    return frozenset(named)


@functools.lru_cache(maxsize=4096)
def _names_no_person(noun: str) -> bool:
    """Does WordNet file the noun as a kind of thing that is no person (a ``star``, an
    ``astronomy``), not one of its most general kinds (a ``person`` is a Top)?"""
    lexicon = packaged_lexicon()
    return lexicon.names_person(noun) is False and not lexicon.names_a_top(noun)


def _said_of_seed(analysis: Analysis, seed_span: tuple[int, int]) -> frozenset[int]:
    """The words of N in "whose N is X": they say what X is to the answer."""
    tokens = analysis.tokens
    start, end = seed_span
    if not tokens or tokens[0].text != "whose" or end != len(tokens) or start < 3:
        return frozenset()
    return frozenset(range(1, start - 1)) if tokens[start - 1].text in COPULA else frozenset()


def _not_in_place(
    analysis: Analysis, seed_type: str, signature: Signature, seed_span: tuple[int, int]
) -> set[tuple[int, str]]:
    """Readings of a left-over preposition (``STRANDED``) that say the seed is somewhere by
    a relation the seed does not hold that way: "Manchester is in what country" is no
    ``recorded_in``, which only albums hold, reaching Manchester."""
    tokens, (start, end) = analysis.tokens, seed_span
    if start == end:
        return set()
    root = signature.get(seed_type, {})
    off = set()
    for m in analysis.relations:
        if m.word not in STRANDED or tokens[m.token].text != m.word:
            continue
        at = m.token
        of_seed = at == end or (at == 0 and end == len(tokens))
        of_seed = of_seed or (at == end + 1 and tokens[end].text in COPULA)
        if of_seed and (m.predicate, Direction.OUT) not in root:
            off.add((at, m.predicate))
    return off


def _owned_noun(analysis: Analysis, seed_span: tuple[int, int]) -> int | None:
    """The asked noun when the seed owns it ("X's hub", "the hub of X", "who was X's
    mentor"): what a relation of the seed's reaches, whatever word the relation's name calls
    its subjects by (``hubAirport``: "hub"), unless that word is the namespace's type of its
    subjects (``education.academic_mentor.mentees``)."""
    (start, end), words = seed_span, [t.text for t in analysis.tokens]
    if start == end:
        return None
    answer = analysis.answer_token
    if answer is None and end + 2 == len(words) and words[end] == "s":
        return end + 1  # "who was X's mentor": "who" names no noun; the mentor is asked
    if answer is None:
        return None
    possessive = answer == end + 1 and end < len(words) and words[end] == "s"
    of_seed = answer + 1 < start and words[answer + 1] == "of"
    of_seed = of_seed and (
        answer + 2 == start or (answer + 3 == start and words[answer + 2] in ARTICLES)
    )
    return answer if possessive or of_seed else None


def _copula_after(tokens: Sequence[Token], at: int) -> bool:
    """Is the word after the wh-word at ``at`` a copula, "is" or the "'s" of "who's"?"""
    after = tokens[at + 1].text if at + 1 < len(tokens) else ""
    return after in COPULA or after == "s"


def _asked_types(
    nouns: Sequence[str], kinds: Sequence[str], bare_who: bool, read: float = 0.0
) -> frozenset[str]:
    """The graph's types the answer's nouns name (``read``: how nearly they read a relation).
    A bare "who" asks for a person or for what the graph plainly types as an organization:
    "who issued X" is its publisher, a firm that no step reaching persons (its authors, the
    people born where it is based) stands for."""
    named = _named_types(nouns, kinds, read=read)
    if bare_who:
        named |= _named_types(_WHO_ALSO, kinds, loose=False)
    return named


def _graph_synonyms(nouns: Sequence[str], types_of: Mapping[Step, set[str]]) -> tuple[str, ...]:
    """Nouns of the graph's relation names that share a WordNet synset with one of
    ``nouns`` (a sense of it, not a kin)."""
    lexicon = packaged_lexicon()
    words = {w for step in types_of for w in _nouns(read_relation(step.predicate).words)}
    return tuple(
        sorted(
            w for w in words - set(nouns) if any(lexicon.related(n, w) >= SYNONYM for n in nouns)
        )
    )


def _asks_for_the_noun(
    analysis: Analysis, seed_span: tuple[int, int], phrases: Sequence[Sequence[int]]
) -> bool:
    """ "who are X's rivals", "who is the publisher of X": a noun of the seed's chain that
    is a relation's own word names what is asked, so "who" does not ask for a person (a
    rival may be a team, a publisher a firm)."""
    if analysis.answer_token is not None or analysis.wh_word not in ("who", "whom"):
        return False
    tokens = analysis.tokens
    if tokens[0].text != analysis.wh_word or not _copula_after(tokens, 0):
        return False
    if not phrases:
        return False
    chain = {t for phrase in phrases for t in phrase}
    if any(t not in chain and tokens[t].text not in _LINKS for t in range(2, seed_span[0])):
        return False  # "who drills X's squad": the squad is no answer
    outer = set(phrases[-1])
    return any(
        m.token in outer and m.strength >= 1.0 and analysis.noun_slot(m.token)
        for m in analysis.relations
    )


def _answer_end(analysis: Analysis) -> int | None:
    """The last word of the asked noun's phrase: its own "of" phrase is part of it ("what
    sort of music")."""
    at = analysis.answer_token
    if at is None:
        return None
    tokens = analysis.tokens
    return at + 2 if at + 2 < len(tokens) and tokens[at + 1].text == "of" else at


def _returns(steps: tuple[Step, ...]) -> list[int]:
    """Indexes ``i`` where steps ``i`` and ``i+1`` go out and back through one predicate."""
    found: list[int] = []
    for i, (here, there) in enumerate(pairwise(steps)):
        overlaps = bool(found) and found[-1] == i - 1
        if here.predicate == there.predicate and here.direction != there.direction and not overlaps:
            found.append(i)
    return found


class _Scorer:
    """Scores candidate paths against one question; what depends only on the question is
    computed once here, not once per path."""

    def __init__(
        self, analysis: Analysis, seed_span: tuple[int, int], signature: Signature
    ) -> None:
        self.analysis = analysis
        facts = _reach_facts(signature)
        self.incoming, self.pooled, self.types_of, domains_of, self._walked, self._into = facts
        self.signature = signature
        self.labels = signature.labels if isinstance(signature, PathTree) else {}
        # "where" with no noun saying what kind of place (ADR 0055, 0060)
        self.bare_where = analysis.wh_word == "where" and analysis.answer_token is None
        self._short: dict[str, float] = {}
        self.kind_nouns = (
            tuple(w for w in analysis.answer_words if _nouns((w,)) and not is_agent_noun(w))
            if analysis.answer_token is not None
            else _wh_kinds(analysis, seed_span)
        )
        # "when", "which year": values that are points in time, whatever reaches them
        self.times = any(w == "when" or singular(w) in TIME_WORDS for w in analysis.answer_words)
        # "how many fans does X hold", counting nothing the graph names: an amount
        self._fits: dict[Step, bool] = {}
        self._fits_after: dict[_Walked, bool] = {}
        self._other: dict[str, bool] = {}
        self._asked: dict[str, bool] = {}
        self._elsewhere: bool | None = None
        self._no_person: bool | None = None
        self._kin_titles = False
        self._free: frozenset[str] | None = None
        self.type_nouns = (
            tuple(w for w in analysis.answer_words if _nouns((w,)))
            if analysis.answer_token is not None
            else tuple(_WH_TYPES[w] for w in (analysis.wh_word,) if w in _WH_TYPES)
        )
        self.phrases = analysis.hop_phrases(
            seed_span,
            lambda word: _defined_with(
                {p for edges in signature.values() for p, _ in edges},
                frozenset(packaged_lexicon().forms(word)),
            ),
        )
        self.amount = _asks_amount(analysis, self.phrases)
        bare_who = analysis.answer_token is None and analysis.wh_word in ("who", "whom", "whose")
        # an agent noun reads relations by what it does ("players": plays), not by what it is
        read = max(
            (
                m.strength
                for m in analysis.relations
                if m.token == analysis.answer_token and not is_agent_noun(m.word)
            ),
            default=0.0,
        )
        self.named_types = _asked_types(self.type_nouns, _kinds(self.types_of), bare_who, read)
        asks_noun = _asks_for_the_noun(analysis, seed_span, self.phrases)
        if asks_noun:
            self.named_types = frozenset()  # "who are X's rivals": teams, not persons
        # a bare "who" where no relation name types anything: persons by their names (ADR 0065)
        self.persons, self.others = (
            _person_steps(signature, self.incoming)
            if bare_who and not (asks_noun or self.named_types)
            else (frozenset(), frozenset())
        )
        self.bare_who = bare_who
        # does a relation the words read take the seed to persons (ADR 0145)? Read once
        self._reads_persons: bool | None = None
        self._no_one: dict[Step, bool] = {}
        # "which shop did X open", "who": no point in time, though a verb may read a year
        self.timeless = bool(self.type_nouns) and not (
            self.times or any(map(_names_time, self.type_nouns))
        )
        # a relative clause about another noun is a step to it and at least one from it
        self.hops = len(self.phrases) + 2 * self._relative_clause(seed_span)
        if self._asked_step_apart():
            self.hops += 1  # "what nationality is the writer of the novel behind X": three
        self.mentioned = _walkable(analysis, _placed_in(analysis) and self.kind_elsewhere())
        self.groups: dict[int, dict[str, float]] = {}
        for m in analysis.relations:
            self.groups.setdefault(m.token, {})[m.predicate] = m.strength
        readers: dict[str, list[int]] = {}
        for token, group in self.groups.items():
            for predicate, strength in group.items():
                if strength > 0.0:
                    readers.setdefault(predicate, []).append(token)
        # relations only one word reads, and surely: that word's step (``_read_by_one``)
        self._sole_reader = {
            p: ts[0]
            for p, ts in readers.items()
            if len(ts) == 1 and self.groups[ts[0]][p] >= _SURE_NOUN
        }
        self.type_tokens: dict[int, set[str]] = {}
        for type_name, positions in analysis.types.items():
            for position in positions:
                self.type_tokens.setdefault(position, set()).add(type_name)
        self.tokens = sorted(set(self.groups) | set(self.type_tokens))
        self.answer_end = _answer_end(analysis)
        self.one_clause = self._one_clause(seed_span)
        self.object_verb = self._object_verb()
        self.done_by = self._done_by()
        self.done_to = self._done_to() | self.done_by
        owned = _owned_noun(analysis, seed_span)
        self.asked_noun = analysis.answer_token if owned is None else owned
        self.typed_subjects = self._typed_subjects()
        self.subjects_asked = self._subjects_asked(owned is not None)
        self.phrase_readings = self._chain_readings()
        self.units = self._units()
        self.count = {p: mention_count(analysis, p) for p in self.mentioned}
        # two words name it by the same word of its name: it may be walked twice in a row
        self.repeated = frozenset(p for p in self.mentioned if _named_twice(analysis, p))
        self.cued = {p: self._cued(p) for p in self.mentioned}
        self.distance = {p: self._distance(p, seed_span) for p in self.mentioned}
        for rank, phrase in enumerate(self.phrases):
            # the seed's own "of" chain binds tighter than any verb around it ("the books
            # edited by the editor of X were written by who": the editor first)
            if analysis.answer_token in phrase:
                continue
            for p in {m.predicate for m in analysis.relations if m.token in phrase}:
                self.distance[p] = min(self.distance[p], rank - len(analysis.tokens))
        self._cues: dict[Step, float] = {}
        self._backward: dict[Step, bool] = {}
        self.of_seed = _said_of_seed(analysis, seed_span)
        self._unsaid: dict[str, bool] = {}
        self._described: dict[Step, bool] = {}
        self._lies: dict[tuple[Step, Step], bool] = {}
        self.agent = _agent_step(analysis.answer_relation)
        self.undone = self._undone() | {
            Step(p, _as_named(Step(p, Direction.OUT))) for p in self.done_by
        }
        # "X is in which city": ``locatedIn`` from X, not to it
        self.undone |= {
            Step(p, _flipped(_as_named(Step(p, Direction.OUT)))) for p in self.stranded_only()
        }
        if self.kind_nouns and not self.kind_elsewhere():
            widened = _graph_synonyms(self.kind_nouns, self.types_of)
            if widened:
                # "what nation": WordNet files countries under the territory, not the nation,
                # but the graph calls them countries, a synonym of "nation"
                self.kind_nouns = (*self.kind_nouns, *widened)
                self._refit()
        if self.kind_nouns and not self.kind_elsewhere():
            # "which school did X go to": no name is titled as one, but "Kalvik College" is
            # titled by a kin kind (ADR 0149)
            self._kin_titles = True
            self._refit()
        # "which books": a reading of a publication date is no relation a book is reached by
        answer_reads = any(
            m.token == analysis.answer_token and not (self.timeless and self._dated_by(m.predicate))
            for m in analysis.relations
        )
        if self.type_nouns and not (
            self.named_types or answer_reads or asks_noun or self.kind_elsewhere()
        ):
            # "which novel": the graph types books as written works, its domain as books
            self.named_types = _asked_types(self.type_nouns, _kinds(domains_of), bare_who)
            if self.named_types:
                self.types_of = domains_of
                self._refit()

    def _refit(self) -> None:
        """Forget what was judged to fit, once the asked kinds are widened."""
        self._fits.clear()
        self._fits_after.clear()
        self._asked.clear()
        self._elsewhere = None

    def stranded_only(self) -> set[str]:
        """Relations only a left-over preposition reads (``STRANDED``)."""
        words: dict[str, set[str]] = {}
        for m in self.analysis.relations:
            words.setdefault(m.predicate, set()).add(m.word)
        return {p for p, read in words.items() if read <= STRANDED}

    def _undone(self) -> frozenset[Step]:
        """Steps to what the verb right after the wh-word was done to, where a relation it
        reads names its doer (``made_by``, ``maker``): "who created X" asks for whoever
        X was made by, not for what X made."""
        tokens = self.analysis.tokens
        wh = self.analysis.wh_index()
        if wh is None or wh + 1 >= len(tokens) or self.analysis.noun_slot(wh + 1):
            return frozenset()
        if not packaged_lexicon().is_verb(tokens[wh + 1].text):
            return frozenset()
        found = set()
        for m in self.analysis.relations:
            agent = _agent_step(m.predicate) if m.token == wh + 1 else None
            if agent is not None:
                found.add(Step(agent.predicate, _flipped(agent.direction)))
        return frozenset(found)

    def _dated_by(self, predicate: str) -> bool:
        """Is the relation a date: one way, it reaches points in time and nothing else?"""
        return any(
            _all_times(names) for step, names in self.pooled.items() if step.predicate == predicate
        )

    def _cued(self, predicate: str) -> bool:
        """A co-membership word ("share", "also", "same") next to a mention of ``predicate``,
        or the mention names whose works a noun before it means ("books by the author")."""
        tokens = [m.token for m in self.analysis.relations if m.predicate == predicate]
        cues = self.analysis.comember_tokens
        if any(self.analysis.names_owner(t) for t in tokens):
            return True
        return any(self._gap(cue, t) <= _CUE_WINDOW for cue in cues for t in tokens)

    def _relative_clause(self, seed_span: tuple[int, int]) -> bool:
        """Is the seed in a relative clause about a noun that is not the answer ("who
        started the firm that produces X"), or one whose noun is unsaid ("whoever started
        X", "who makes what treats X", ADR 0132)? Then the answer is at least two steps
        away: the clause's to that noun, the question's from it (ADR 0045)."""
        tokens = self.analysis.tokens
        start = seed_span[0]
        # "who is the director that directed X": the noun is what is asked
        said = _copula_after(tokens, 0) and tokens[0].text == self.analysis.wh_word

        def names_another(at: int) -> bool:
            if at == self.analysis.answer_token or tokens[at].text in _FUNCTION:
                return False
            if said and all(tokens[i].text in _LINKS for i in range(2, at)):
                return False
            return bool(_nouns((tokens[at].text,)))

        def frees(at: int) -> bool:
            # "who manufactures what's prescribed for X": the asking verb's object is a
            # clause; not "do you know what X wrote", where the clause is what is asked
            if tokens[at].text != "what" or at < 2 or tokens[0].text != self.analysis.wh_word:
                return False
            verb = at - 1
            return not self.analysis.noun_slot(verb) and packaged_lexicon().is_verb(
                tokens[verb].text
            )

        return any(
            0 < t.index < start
            and (
                (t.text in _CLAUSE and names_another(t.index - 1))
                or t.text in _FREE_RELATIVE
                or frees(t.index)
            )
            for t in tokens
        )

    def _asked_step_apart(self) -> bool:
        """Is the asked noun, before the seed and outside its chain of phrases, a step of its
        own: the objects of a relation it reads ("what nationality is the writer of X": a
        ``nationality``)? "which films were made of X" names films, no relation's objects."""
        analysis = self.analysis
        asked = analysis.answer_token
        if not self.phrases or asked is None or any(asked in p for p in self.phrases):
            return False
        noun = analysis.tokens[asked].text
        return any(
            m.token == asked
            and m.strength >= _STRONG
            and match_strength(noun, _ends(m.predicate)[0]) >= _SURE_NOUN
            for m in analysis.relations
        )

    def _one_clause(self, seed_span: tuple[int, int]) -> bool:
        """Does the question relate the seed to the answer by one clause and nothing else:
        no "of" chain or possessive, no co-member cue, no other noun phrase ("the band
        that made X", "paintings by X") and at most one word reading a relation besides the
        answer's noun ("what albums did X release", "who recorded X", "which band made the
        album X")? Then the answer is one step from the seed, though a word may read a
        relation two steps away (``issuing_imprint``: the books X's imprint issued)."""
        analysis = self.analysis
        start, end = seed_span
        if self.hops or analysis.comember_tokens or end <= start:
            return False
        if any(
            t != analysis.answer_token and _nouns((analysis.tokens[t].text,))
            for t in analysis.possessed_nouns(seed_span)
        ):
            return False  # "X's band", though "band" reads nothing: a possessive is a step
        tokens = analysis.tokens
        asked = set(analysis.answer_words)
        answer = (analysis.answer_token, self.answer_end)

        def the_answer_or_seed(at: int) -> bool:
            # "the album X"; a plural is a clause's object ("the drones X flew")
            named_type = at + 1 == start and at in self.type_tokens
            named_type = named_type and singular(tokens[at].text) == tokens[at].text
            return at in (*answer, start) or tokens[at].text in asked or named_type

        if any(
            t.text in _OPENS_PHRASE and not the_answer_or_seed(t.index + 1) for t in tokens[:-1]
        ):
            return False
        before = start - 1
        while before > 0 and tokens[before].text in _LINKS:
            before -= 1
        head = before - 1
        if (
            before > 0
            and tokens[before].text in _FUNCTION
            and head in self.tokens
            and not the_answer_or_seed(head)
            and _nouns((tokens[head].text,))
        ):
            return False  # "paintings by X": X is in another thing the answer is reached by
        words = {
            t
            for t in self.tokens
            if not (start <= t < end or t == analysis.answer_token)
            and not (t < start and the_answer_or_seed(t))
            and max(self.groups.get(t, {}).values(), default=1.0) >= _STRONG
        }
        # two words side by side are one phrase ("put out", "set up")
        return len({t for t in words if t - 1 not in words}) <= 1

    def _object_verb(self) -> int | None:
        """The verb the asked noun is the object of ("what style does X play"). The noun
        names what is asked more narrowly than a verb that takes many objects (one plays a
        style, an instrument, a position), so a walk the noun names leaves the verb told."""
        tokens = self.analysis.tokens
        if self.answer_end is None:
            return None
        after = self.answer_end + 1
        if after >= len(tokens) or tokens[after].text not in DO_FORMS:
            return None
        last = tokens[-1]
        if last.index not in self.groups or last.index <= after + 1:
            return None
        lexicon = packaged_lexicon()
        # after "does" the verb is bare: "... play their home games" ends with no verb
        bare = lexicon.base_forms(last.text)[:1] == (last.text,) and lexicon.is_verb(last.text)
        return last.index if bare else None

    def _done_to(self) -> frozenset[str]:
        """For "what did X record" (no noun asked, the verb last): the relations the verb
        reads by its own word whose names start with it as a participle (``recorded_in``),
        so whose subjects are what the verb was done to: the answer is those subjects, not
        where the relation leads. With a noun asked ("what albums did X release"), every
        relation the verb reads by its own word whose objects the noun does not name
        (``release_label``: labels): the albums are what was released (ADR 0095)."""
        tokens = self.analysis.tokens
        asked = self.analysis.answer_token
        if len(tokens) < 4 or tokens[0].text not in _WHICH:
            return frozenset()
        does = 1 if asked is None else (self.answer_end or asked) + 1
        if does >= len(tokens) or tokens[does].text not in _DOES:
            return frozenset()
        noun = "" if asked is None else tokens[asked].text
        found = set()
        for predicate, strength in self.groups.get(tokens[-1].index, {}).items():
            name = read_relation(predicate)
            words = [w for w in name.words if w not in _FUNCTION]
            if strength < 1.0 or name.inverse or not words:
                continue
            if noun:
                # "what albums did X release": the albums were released, not their labels;
                # but "what label did X release on" asks for the object the name names
                if match_strength(noun, _ends(predicate)[0]) < FAR_LINK:
                    found.add(predicate)
            elif words[0].endswith(("ed", "en")) or words[0] in VERB_FORMS:
                found.add(predicate)
        return frozenset(found)

    def _done_by(self) -> frozenset[str]:
        """ "who plays in X", X a band: the relations the verb after "who" (and before a
        preposition) reads that X has none of (``plays_instrument`` starts at players).
        Their doers are their subjects, so the answer is one who starts them, reached from X
        by another step, not where they lead. Not where a relation the verb reads names its
        doers as its objects (``filmed_by``, ``trainer``) (ADR 0082)."""
        analysis = self.analysis
        at = analysis.wh_index()
        if analysis.answer_token is not None or analysis.wh_word not in ("who", "whom"):
            return frozenset()
        verb = -1 if at is None else at + 1
        tokens = analysis.tokens
        after = tokens[verb + 1].text if 0 <= verb < len(tokens) - 1 else ""
        if after not in _FUNCTION or after in ARTICLES:
            return frozenset()  # "who founded the party of ...": it names what was done to
        read = [p for p, w in self.groups.get(verb, {}).items() if w >= _STRONG]
        own = {s.predicate for s in self._seed_steps()}
        if not read or own.intersection(read):
            return frozenset()
        forward = [Step(p, _as_named(Step(p, Direction.OUT))) for p in read]
        if any(_agent_step(s.predicate) or _names_persons(s) for s in forward):
            return frozenset()  # "who founded the maker of X": ``founded_by`` is walked to them
        return frozenset(read)

    def _typed_subjects(self) -> frozenset[str]:
        """Relations whose namespace types their subjects by the asked noun
        (``education.academic_mentor.mentees``: "X's mentor")."""
        token = self.asked_noun
        if token is None:
            return frozenset()
        word = self.analysis.tokens[token].text
        return frozenset(
            predicate
            for predicate in self.groups.get(token, {})
            if (typed := _nouns(read_relation(predicate).subject_type))
            and match_strength(word, typed[-1:]) >= _SURE_NOUN
        )

    def _subjects_asked(self, owned: bool) -> frozenset[str]:
        """Relations the asked noun reads by the word their name calls their subjects
        (``engine_type``: "which engines"; the namespace's type of
        ``education.academic_mentor.mentees``: "X's mentor"): the answer is what they start
        from. Only the namespace's type names them for a noun the seed owns (``_owned_noun``)."""
        token = self.asked_noun
        if token is None:
            return frozenset()
        word = self.analysis.tokens[token].text
        found = set(self.typed_subjects)
        for predicate in self.groups.get(token, {}):
            if owned or predicate in found:
                continue
            objects, subjects, weight = _ends(predicate)
            # ``goods_sold`` is the goods sold: a participle last names no second thing
            if weight < 1.0 or not _nouns(objects) or match_strength(word, objects) >= _SURE_NOUN:
                continue
            if match_strength(word, _nouns(subjects)) >= _SURE_NOUN:
                found.add(predicate)
        return frozenset(found)

    def ends_at_done(self, end: str) -> frozenset[str]:
        """The relations of ``done_to`` the node starts, walked as named."""
        return self._started(end, self.done_to)

    def starts_asked(self, end: str) -> frozenset[str]:
        """The relations of ``subjects_asked`` the node starts, walked as named."""
        return self._started(end, self.subjects_asked)

    def _started(self, end: str, predicates: frozenset[str]) -> frozenset[str]:
        if not predicates or not end:
            return frozenset()
        return frozenset(
            predicate
            for (predicate, direction) in self.signature.get(end, {})
            if predicate in predicates and _as_named(Step(predicate, direction)) is Direction.OUT
        )

    def _rolled_up(self, steps: tuple[Step, ...], end: str, before: str) -> int:
        """How many of the walk's last steps go on, forward as its relations are named, from
        what the asked kind is not to it ("which country is X seated in": its city, the
        city's country), each from places to those they lie in ("which country does X start
        in": its first station's city, the city's country)? A one-clause question may ask
        for that much."""
        if not (
            len(steps) > 1
            and not self.times  # a time is the seed's own, not a thing's the seed is in
            and self.fits(end)
            and not self.fits(before)
            and all(_as_named(s) is Direction.OUT for s in steps)
        ):
            return 0
        rolled = 1
        while rolled + 1 < len(steps) and self._nested(steps[-rolled - 2], steps[-rolled - 1]):
            rolled += 1
        return rolled

    def _nested(self, inner: Step, outer: Step) -> bool:
        """Do the places ``inner`` reaches lie in those ``outer`` reaches? Persons are no
        places, though each has one workplace as a town has one country."""
        found = self._lies.get((inner, outer))
        if found is None:
            persons = _names_persons(inner) or _names_persons(outer)
            found = not persons and self.lies_in(inner, outer, True)
            self._lies[inner, outer] = found
        return found

    def _gap(self, a: int, b: int) -> int:
        """How far apart two tokens are in words that carry meaning: a name counts as one
        ("the author of [The Long Title] also wrote"), function words not at all ("the
        authors of their books also wrote")."""
        low, high = sorted((a, b))
        names = [self.analysis.entity_token_span(m) for m in self.analysis.entities]
        between = {
            next((start for start, end in names if start <= i < end), i)
            for i in range(low + 1, high)
            if self.analysis.tokens[i].text not in _FUNCTION
        }
        return len(between) + 1

    def _distance(self, predicate: str, seed_span: tuple[int, int]) -> float:
        """Tokens between the seed and the nearest mention; on a tie the left one is nearer,
        except after a possessive ("the father of X's wife": the wife is walked first)."""
        start, end = seed_span
        tokens = self.analysis.tokens
        possessive = end < len(tokens) and tokens[end].text == "s"
        after = -0.5 if possessive else 1.5
        return min(
            float(start - m.token) if m.token < start else m.token - end + after
            for m in self.analysis.relations
            if m.predicate == predicate
        )

    def coverage(
        self,
        uses: Counter[str],
        types: tuple[str, ...],
        untold: int | None = None,
        told: frozenset[str] = frozenset(),
    ) -> float:
        """+2 per question word the path explains, -2 per relation word it ignores, but
        for the ``untold`` one; the relations in ``told`` explain their words though not
        walked (the walk ends at what they start from).

        A relation word is explained by walking a predicate it names (scaled by how
        strongly it names it; a word naming several predicates needs one of them);
        a type word ("site", "companies") by the path passing through that type.
        """
        visited = set(types)
        score = 0.0
        for token in self.tokens:
            options = self.groups.get(token, {})
            if token == self.analysis.answer_token and (
                self.named_types or max(options.values(), default=0) < 1.0 or self.kind_elsewhere()
            ):
                # what the answer is, read by the cue on the last step or by the type or
                # kind it names ("which films": ``film.film``, though
                # ``featured_film_locations`` has the word too; "which city": Leeds)
                continue
            best = max((w for p, w in options.items() if p in uses or p in told), default=0.0)
            if self.type_tokens.get(token, set()) & visited:
                best = 1.0
            strongest = max(options.values(), default=0.0)
            if best:
                score += 2.0 * best
            elif not options:
                score -= _MISSED_TYPE
            elif strongest >= _STRONG and token != untold:
                score -= 2.0 * strongest
        return score

    def fits(self, node: str) -> bool:
        """Are the entities the step into a tree node reaches of the kind the question asks
        for? Either the graph's relation names type them (they start ``shop.book.*``
        relations: books), or WordNet knows most of their names as that kind ("which
        country": Austria, Germany), or two or more and no fewer than it files under other
        kinds (ADR 0077); for "when" points in time, for an amount plain numbers.
        Judged over every node the step reaches, so a node holding one name WordNet happens
        not to know is no worse an end than one holding famous names."""
        step = self.incoming.get(node)
        if step is None or not (self.kind_nouns or self.type_nouns or self.times or self.amount):
            return False
        found = self._fits.get(step)
        if found is None and (self.times or self.amount):
            names = self.pooled.get(step, ())
            kind = is_time_value if self.times else _is_amount
            hits = sum(1 for n in names if kind(n))
            found = self._fits[step] = hits > 0 and 2 * hits >= len(names)
        if found is None:
            found = self._typed(step) or self._organisations(step)
            if not found and self.kind_nouns:
                names = self.pooled.get(step, ())
                asked = [self._named_as_asked(n) for n in names]
                hits = sum(asked)
                found = hits > 0 and 2 * hits >= len(names)
                if not found and hits > 1:
                    # a name WordNet knows nothing of says nothing against ("Accademia_X"
                    # among colleges), as in ``short_of``; one hit alone may be chance
                    lexicon = packaged_lexicon()
                    known = (n for n, a in zip(names, asked, strict=True) if not a)
                    found = hits >= sum(1 for n in known if lexicon.names_a_kind(n))
            self._fits[step] = found
        if found and not self._typed(step) and self._other_here(node):
            found = False
        return found or self._fits_where_walked(node, step)

    def _seed_steps(self) -> list[Step]:
        """The steps out of the tree's root, the seed's own relations."""
        root = next((node for node in self.signature if node not in self.incoming), None)
        return [Step(*edge) for edge in self.signature.get(root, {})] if root is not None else []

    def _organisations(self, step: Step) -> bool:
        """For a bare "who", along a relation its words read: are most names the step
        reaches, two or more, titled by a noun WordNet files under groups ("Kaimana Institute of
        Medicine", "Royal Aldermoor University")? An organisation does what a person may,
        where none of the relations the words read reaches persons."""
        if not self.bare_who or step.predicate not in self.mentioned:
            return False
        if self._reads_persons is None:
            self._reads_persons = any(
                s.predicate in self.mentioned and self._typed(s) for s in self._seed_steps()
            )
        if self._reads_persons:
            return False  # the words read a relation to persons: "who earned a PhD under X"
        names = self.pooled.get(step, ())
        lexicon = packaged_lexicon()
        hits = sum(1 for n in names if lexicon.titled_as_group(n))
        return hits > 1 and 2 * hits >= len(names)

    def _typed(self, step: Step) -> bool:
        """Does the graph itself say the step reaches the asked kind (persons, or types)?"""
        return step in self.persons or not self.named_types.isdisjoint(self.types_of.get(step, ()))

    def _other_here(self, node: str) -> bool:
        """Does WordNet tell what each of the node's own names is, two or more, none of the
        asked kind? A step judged by its names over the whole tree may fit where it reaches
        cities yet not here, where it reaches a city's arenas."""
        found = self._other.get(node)
        if found is None:
            names = self.labels.get(node, ())
            lexicon = packaged_lexicon()
            found = self._other[node] = (
                len(names) >= 2
                and bool(self.kind_nouns)
                and not any(map(self._named_as_asked, names))
                and all(lexicon.tells_kind(n) for n in names)
            )
        return found

    def _fits_where_walked(self, node: str, step: Step) -> bool:
        """Do the names the step reaches from where the step before it led fit, two or more
        and most of them? One relation may reach several kinds (``lies_within``: a stadium's
        city, a city's country); from stadiums it reaches cities."""
        if not self.kind_nouns:
            return False
        key = self._into.get(node, (None, step))
        found = self._fits_after.get(key)
        if found is None:
            names = self._walked.get(key, ())
            hits = sum(1 for n in names if self._named_as_asked(n))
            found = self._fits_after[key] = hits > 1 and 2 * hits >= len(names)
        return found

    def short_of(self, node: str, mostly: bool = False) -> bool:
        """Is the node known to hold something other than the asked kind: WordNet files
        all its names, none under that kind (a stadium's city, when a country is asked)?
        A step its relation reaches such nodes by may be walked again, to the kind.
        ``mostly``: most of its names will do, so that one name WordNet does not know among
        a walk's cities leaves it no dearer than a parallel walk (ADR 0043). A node whose
        names WordNet knows none of ("Cork") is judged by the names its step reaches
        elsewhere in the tree (ADR 0069)."""
        share = self._short.get(node)
        if share is None:
            share = self._known_share(self.labels.get(node, ()))
            step = self.incoming.get(node)
            if share is None and step is not None:
                share = self._known_share(self.pooled.get(step, ()))
            self._short[node] = share = share or 0.0
        return share >= 0.5 if mostly else share == 1.0

    def _known_share(self, names: Sequence[str]) -> float | None:
        """The share of ``names`` WordNet files under some kind, when none is of the asked
        kind; None when it knows none of them."""
        if not names or not self.kind_nouns or any(map(self._named_as_asked, names)):
            return 0.0
        known = sum(1 for n in names if packaged_lexicon().names_a_kind(n))
        return known / len(names) if known else None

    def _continued(self, steps: tuple[Step, ...]) -> bool:
        """Is the last step the one before walked again, though it is not ``repeated`` (two
        words naming it by the same word of its name)?"""
        return (
            len(steps) > 1 and steps[-1] == steps[-2] and steps[-1].predicate not in self.repeated
        )

    def goes_on(self, node: str, last: Step) -> bool:
        """Is the node short of the asked kind while the same step from it reaches names
        WordNet files under that kind ("which country is the arena of X in": the
        stadium's ``lies_within`` is a city, the city's a country)?"""
        if not self.short_of(node):
            return False
        return any(
            self._named_as_asked(n)
            for far in self.signature.get(node, {}).get((last.predicate, last.direction), ())
            for n in self.labels.get(far, ())
        )

    def _named_as_asked(self, name: str) -> bool:
        """Does WordNet file the entity name under a kind the question's noun names? Kept
        per name: a tree's names recur in every pool and walk that reaches them."""
        found = self._asked.get(name)
        if found is None:
            lexicon = packaged_lexicon()
            found = any(lexicon.names_kind(name, w) for w in self.kind_nouns)
            if not found and self._kin_titles:
                head = lexicon.title(name)
                found = head is not None and any(
                    lexicon.kin_kinds(head, w) for w in self.kind_nouns
                )
            self._asked[name] = found
        return found

    def reaches_no_one(self, node: str) -> bool:
        """Does WordNet file most names the step into the node reaches, two or more, under
        kinds that are no person nor organisation (cities, countries)? As surely as a year,
        that is no answer to a bare "who" ("who recorded X": not where it was recorded)."""
        step = self.incoming.get(node)
        if step is None:
            return False
        found = self._no_one.get(step)
        if found is None:
            lexicon = packaged_lexicon()
            names = self.pooled.get(step, ())
            hits = sum(
                1
                for n in names
                if lexicon.names_a_kind(n)
                and not any(lexicon.names_kind(n, kind) for kind in _WHO_KINDS)
            )
            found = self._no_one[step] = hits > 1 and 2 * hits >= len(names)
        return found

    def reaches_times(self, node: str) -> bool:
        """Does the step into the node reach points in time and nothing else?"""
        step = self.incoming.get(node)
        return step is not None and _all_times(self.pooled.get(step, ()))

    def _read_by_one(self, steps: tuple[Step, ...], free: frozenset[str]) -> int:
        """How many of the walk's relations only one word surely reads, a word another of
        them takes too: one word is one step ("the city where the stadium of X's team is"
        reads no rival's team through "team" twice). Weak readings are no such claim."""
        sure = [
            self._sole_reader[p]
            for p in {s.predicate for s in steps}
            if p in free and p in self._sole_reader
        ]
        return len(sure) - len(set(sure))

    def walked_free(self) -> frozenset[str]:
        """Relations a step may walk without paying for a bridge: those some word reads,
        but not those only the answer noun reads loosely where what it names is reached by
        some step ("X lies in which country": ``nationality`` is no cheaper a way to a country
        than the city's containment; "which city" still reads a relation named "city")."""
        if self._free is None:
            answer = self.analysis.answer_token
            self._free = self.mentioned
            if answer is not None and (self.kind_elsewhere() or self.analysis.answer_types):
                loose = {p for p, w in self.groups.get(answer, {}).items() if w < 1.0}
                others = {p for t, g in self.groups.items() if t != answer for p in g}
                self._free = frozenset(p for p in self.mentioned if p in others or p not in loose)
        return self._free

    def may_end(self, node: str) -> bool:
        """Could a path end at the node, by the kind the question's noun asks for? A bare
        "who" narrows nothing here: it may ask for a team ("who did X beat in the final")."""
        if self.timeless and self.reaches_times(node):
            return False
        bare = self.analysis.answer_token is None
        if bare or self.fits(node):
            return True
        step = self.incoming.get(node)
        return not self.kind_elsewhere() and not (step and self.persons_unasked(step))

    def persons_unasked(self, step: Step) -> bool:
        """Does the step reach what the graph types as persons, where the asked noun names
        no person ("which company": an organisation may act as a person does, but is none)?
        Whether or not some step reaches the asked kind, these surely do not (ADR 0148)."""
        if self._no_person is None:
            lexicon = packaged_lexicon()
            self._no_person = bool(self.kind_nouns) and all(
                lexicon.is_noun(n) and not lexicon.names_person(n) for n in self.kind_nouns
            )
        return self._no_person and _WH_TYPES["who"] in self.types_of.get(step, ())

    def kind_elsewhere(self) -> bool:
        """Does some step of the tree reach what the answer noun names?"""
        if self._elsewhere is None:
            self._elsewhere = any(self.fits(node) for node in self.incoming)
        return self._elsewhere

    def _units(self) -> list[dict[str, float]]:
        """Relation words grouped into the phrases they form ("birth place", "place of
        birth"), each with its summed reading of every relation: first the phrases of the
        seed's "of" chain, then the other words."""
        chained = {t for phrase in self.phrases for t in phrase}
        units: list[list[int]] = []
        last = -9
        tokens = self.analysis.tokens
        for token in sorted(set(self.groups) - chained):
            between = {t.text for t in tokens[last + 1 : token]}
            if not units or not between <= {"of"} or token - last > 2:
                units.append([])
            units[-1].append(token)
            last = token
        return self.phrase_readings + [self._reading(unit) for unit in units]

    def _reading(self, phrase: list[int]) -> dict[str, float]:
        reading: dict[str, float] = {}
        for token in phrase:
            for predicate, strength in self.groups.get(token, {}).items():
                reading[predicate] = reading.get(predicate, 0.0) + strength
        return reading

    def _chain_readings(self) -> list[dict[str, float]]:
        """Each phrase of the chain's reading of every relation, nearest the seed first.
        A relation a nearer phrase reads is taken: "the location of the birth place" asks
        for something beyond the birth place, though "location" loosely reads it too."""
        readings: list[dict[str, float]] = []
        taken: set[str] = set()
        for phrase in self.phrases:
            reading = self._reading(phrase)
            readings.append({p: w for p, w in reading.items() if p not in taken})
            taken |= set(reading)
        return readings

    def justified(self, steps: tuple[Step, ...]) -> bool:
        """Can every mentioned relation walked be paired with its own phrase that reads it
        best among the relations walked? One phrase ("deathplace", "place of birth",
        "located") read as two relations justifies one step."""
        uses = {s.predicate for s in steps}
        needed = sorted(uses & self.mentioned)
        offers: list[set[str]] = []
        for unit in self.units:
            walked = {p: w for p, w in unit.items() if p in uses and w >= _JUSTIFIES}
            if walked:
                best = max(walked.values())
                offers.append({p for p, w in walked.items() if w >= best})
        return _matched(needed, offers)

    def aligned(self, steps: tuple[Step, ...]) -> int:
        """Steps walking the relation their phrase of the chain names best, in the chain's
        order from the seed ("X's birthplace's location": the birthplace first)."""
        count = 0
        for step, reading in zip(steps, self.phrase_readings, strict=False):
            if reading and reading.get(step.predicate, 0.0) >= max(reading.values()):
                count += 1
        return count

    def named_forward(self, step: Step) -> bool:
        """Does a noun of the question name where this step leads ("the dad of X" and
        ``parents`` walked forward; backwards it would reach the children)?"""
        if not _nouns(_ends(step.predicate)[0]):
            return False
        return any(
            m.predicate == step.predicate
            and self.analysis.noun_slot(m.token)
            and _as_named(step) is (Direction.IN if m.converse else Direction.OUT)
            for m in self.analysis.relations
        )

    def named_backward(self, step: Step) -> bool:
        """Is this step walked away from where a noun of the question says it leads? "the
        singer of the band" names ``front_singer``'s singers; walked back from a singer it
        reaches bands, which no word asks for. A verb reading the relation may go either way.
        In "whose kid is X" the noun names X itself: walked on from X, ``children`` reaches
        X's children, and walked back, the one whose kid X is."""
        if self.cued.get(step.predicate):
            return False
        found = self._backward.get(step)
        if found is None:
            objects = _nouns(_ends(step.predicate)[0])
            mentions = [m for m in self.analysis.relations if m.predicate == step.predicate]
            of_seed = bool(mentions) and all(m.token in self.of_seed for m in mentions)
            away = Direction.OUT if of_seed else Direction.IN
            # "X's mentor" names the subjects of ``education.academic_mentor.mentees`` by its
            # namespace's type, as "parents" names those of ``children``
            subjects = step.predicate in self.typed_subjects
            found = self._backward[step] = (
                bool((objects or subjects) and mentions)
                and all(self.analysis.noun_slot(m.token) for m in mentions)
                and any(
                    _as_named(step) is _flipped(away)
                    if m.converse or (subjects and m.token == self.asked_noun)
                    else _as_named(step) is away and match_strength(m.word, objects) >= _SURE_NOUN
                    for m in mentions
                )
            )
        return found

    def unsaid(self, predicate: str) -> bool:
        """Does the relation's name qualify what it names in a way no word of the question
        does? "which collector owns X" is its ``owner``, not its ``previously_owned``; "X's
        albums" those X is the artist of, not ``featured`` on; "the crew X rows in" is not
        among X's ``former_crews``, though no word reads either relation."""
        found = self._unsaid.get(predicate)
        if found is None:
            lexicon = packaged_lexicon()
            words = [w for w in read_relation(predicate).words if w not in _FUNCTION]
            qualifiers = [w for w in words[:-1] if lexicon.is_modifier(w)]
            said = [t.text for t in self.analysis.tokens]
            found = self._unsaid[predicate] = any(
                all(match_strength(t, (q,)) < SYNONYM for t in said) for q in qualifiers
            )
        return found

    def explains(self, choice: PathChoice) -> bool:
        """Does the path walk every relation word by its strongest reading and no relation
        for nothing, pass every type word and end at the asked type (or kind)?"""
        if not self.justified(choice.steps) or len(choice.steps) < self.hops:
            return False
        if not self.fits(choice.end) and self.kind_elsewhere():
            return False
        if self.timeless and self.reaches_times(choice.end):
            return False
        uses = {s.predicate for s in choice.steps}
        for options in self.groups.values():
            strongest = max(options.values())
            if strongest < _STRONG:
                continue
            if not any(options[p] >= strongest for p in uses.intersection(options)):
                return False
        visited = set(choice.types)
        if any(not kinds & visited for kinds in self.type_tokens.values()):
            return False
        for i in _returns(choice.steps):
            predicate = choice.steps[i].predicate
            if self.count.get(predicate, 0) < 2 and not self.cued.get(predicate):
                return False  # an unasked out-and-back: a bridge may read it better
        if self.analysis.answer_words and self.cue(choice.steps[-1]) < _CUE_EXPLAINS:
            return False
        answer = self.analysis.answer_types
        return not answer or choice.final_type in answer

    def cue(self, last: Step) -> float:
        """How well the last relation names what the question asks for ("where" and
        ``located_in_city``). A name like ``works_at_company`` names its objects by its last
        word and its subjects by its first ("worker"); a passive ``founded_by`` the other
        way round; a one-word name (``partner``) both, its subjects less surely."""
        words = self.analysis.answer_words
        if not words:
            return 0.0
        found = self._cues.get(last)
        if found is None:
            found = self._cues[last] = self._cue(last, words)
        return found

    def _cue(self, last: Step, words: tuple[str, ...]) -> float:
        objects, subjects, weight = _ends(last.predicate)
        forward = _as_named(last) is Direction.OUT
        names = objects if forward else subjects
        context = read_relation(last.predicate).context
        if not forward and len(context) > 1:
            # shop.book.author walked back reaches books: a namespace's last segment
            # names the type its relations start from
            names, weight = (*names, context[-1]), 1.0
        if self.analysis.answer_token is not None:
            # a noun asks for what a noun of the name calls the answer ("colour"), not
            # for a verb's other senses ("type" as in typing is not "written")
            names = _nouns(names)
            if not names:
                return 0.0
        found = max(match_strength(w, names) for w in words)
        return found if forward else found * weight

    def _past_the_place(self, steps: tuple[Step, ...], before: str, free: frozenset[str]) -> bool:
        """Does a bare "where" walk on from a place, reached by a step no word reads? "where
        is X's maker based": the head office's city is the place asked for; the step on to
        its country reads "based" (``located_in``) only because a city is based in one."""
        if len(steps) < 2 or not self.bare_where or steps[-2].predicate in free:
            return False
        return self.fits(before)

    def lies_in(self, inner: Step, outer: Step, one_each: bool = False) -> bool:
        """Do the places ``inner`` reaches lie in those ``outer`` reaches (a town in a
        country)? A step on from the first, as its relation is named ("X located in Y"),
        reaches names the second does, no more than it leaves (a town lies in one country),
        and walked back it reaches more (a country holds towns) or as many, where the first
        reaches more names than the second (towns outnumber countries). With ``one_each``,
        one place in one holder each is enough (a university in its town)."""
        signature, labels = self.signature, self.labels

        def names(nodes: set[str]) -> set[str]:
            return {name for node in nodes for name in labels.get(node, ())}

        def spread(nodes: set[str], step: tuple[str, Direction]) -> tuple[set[str], float]:
            """The names the step reaches from the nodes, per name it leaves."""
            left = {node for node in nodes if step in signature.get(node, {})}
            far = names({n for node in left for n in signature[node][step]})
            return far, len(far) / max(1, len(names(left)))

        inside = {n for n, step in self.incoming.items() if step == inner and n != LITERAL}
        outside = {n for n, step in self.incoming.items() if step == outer and n != LITERAL}
        holders = names(outside)
        outnumbered = len(names(inside)) > len(holders)
        for step in {step for node in inside for step in signature.get(node, {})}:
            if _as_named(Step(*step)) is not Direction.OUT:
                continue  # a university is in its town: the town is not in the university
            up, per_place = spread(inside, step)
            if not up & holders or per_place > 1.0:
                continue
            per_holder = spread(outside, (step[0], _flipped(step[1])))[1]
            if per_holder > per_place or (per_holder == per_place and (outnumbered or one_each)):
                return True
        return False

    def described(self, last: Step) -> bool:
        """Does an adjective before the asked noun name what the last step reaches ("which
        national team": ``plays_for_nation``, a nation's)? It says which of the noun's kind
        is asked, whatever else the noun alone would fit."""
        found = self._described.get(last)
        if found is None:
            at = self.analysis.answer_token
            word = self.analysis.tokens[at - 1].text if at else ""
            found = self._described[last] = (
                _as_named(last) is Direction.OUT
                and word not in _FUNCTION
                and bool(word)
                and packaged_lexicon().is_modifier(word)
                and match_strength(word, _nouns(_ends(last.predicate)[0])) >= _CLOSE
            )
        return found

    def names_its_objects(self, last: Step, floor: float = 1.0) -> bool:
        """Is the answer noun the word the relation calls its objects by, walked forward
        ("what is X's position": ``position_played``)? Its objects are that, whether or not
        WordNet knows their names as such."""
        return _as_named(last) is Direction.OUT and self.cue(last) >= floor

    def order(self, steps: tuple[Step, ...]) -> float:
        """The relation named nearest the seed is walked first ("films written by the
        writer of X")."""
        firsts = [p for p in dict.fromkeys(s.predicate for s in steps) if p in self.distance]
        distances = [self.distance[p] for p in firsts]
        return sum(
            _ORDER_WEIGHT if near <= far else -_ORDER_WEIGHT for near, far in pairwise(distances)
        )

    def __call__(
        self, steps: tuple[Step, ...], types: tuple[str, ...], end: str = "", before: str = ""
    ) -> float:
        analysis = self.analysis
        # a step walked again only to go on to the asked kind (``_extend``'s ``short_of``)
        # is the same relation continued: no second use, no second bridge
        named = steps[:-1] if self._continued(steps) else steps
        uses = Counter(s.predicate for s in named if s not in self.undone)
        # the walk ends where the asked noun names it: the noun's verb need not be read
        untold = self.object_verb
        if untold is not None and not self.names_its_objects(steps[-1], _NAMES_OBJECTS):
            untold = None
        starts_asked = self.starts_asked(end)
        if steps[-1].predicate in self.subjects_asked and _as_named(steps[-1]) is Direction.IN:
            starts_asked |= {steps[-1].predicate}  # walked back to what starts it
        score = self.coverage(uses, types, untold, self.ends_at_done(end) | starts_asked)
        if analysis.answer_types:
            score += 3.0 if types[-1] in analysis.answer_types else -3.0
        cue = self.cue(steps[-1])
        # persons read from relation names: only what a name says is no person misses
        described = self.described(steps[-1])
        missed = (
            steps[-1] in self.others
            if self.persons
            else not (self.fits(end) or described) and self.kind_elsewhere()
        )
        # nor is a city anyone: "who heads up X" is not where X is headquartered
        no_one = self.bare_who and self.reaches_no_one(end)
        unasked = self.persons_unasked(steps[-1]) and not (self.fits(end) or described)
        if missed or self.goes_on(end, steps[-1]):
            score -= _MISSED_KIND  # "where is X settled": not a year, when places are reached
            if (not self.times and self.reaches_times(end)) or no_one or unasked:
                # WordNet may not know a name, but a year is surely no place nor person:
                # "where did X get going" is not when it did, though "going" may name that,
                # nor "which nation is X based in" when it was founded (to base: to found)
                score -= 2 * _MISSED_KIND
        elif (self.timeless and self.reaches_times(end)) or no_one or unasked:
            # as surely as above, though no step is known to fit ("which university did X's
            # editor go to": not the editor, a person)
            score -= 2 * _MISSED_KIND
        if steps[-1].predicate == analysis.answer_relation and self.agent in (None, steps[-1]):
            score += 1.0
            cue = 1.0 if self.agent is not None else cue  # "who edited": the editor end
        if steps[-1] in self.undone:
            score -= _MISSED_KIND  # "who created X": not what X created
        if (
            (self.fits(end) and not self.persons)
            or described
            or types[-1] in analysis.answer_types
            or starts_asked
        ):
            cue = 1.0  # the end is what the answer's noun names (a bare "who" names none)
        if self.analysis.answer_token is None:
            met = cue >= _CUE_EXPLAINS
        else:
            # A noun names the answer's kind surely only when it is the relation's own
            # word or its synonym; "person" is only loosely "engineers" (so are managers).
            # or when it is what the question's verb is done to ("what style does the band
            # that made X perform"): the noun is the narrower word (ADR 0046)
            met = cue >= _SURE_NOUN or untold is not None
            cue = cue if met else cue * _LOOSE_NOUN
        score += _ANSWER_CUE * cue + (_CUE_MET if met else 0.0)
        score -= _STEP_COST * len(steps)
        free = self.walked_free()
        # the last step goes on from what the asked kind is not to it ("what country is the
        # group of X from": the group's city, then its country): the answer noun asks for it.
        # Walked against its name it lists all that points there ("the theatres in X's
        # birthplace"), which no noun asks for (ADR 0107)
        onward = (
            len(steps) > 1
            and _as_named(steps[-1]) is Direction.OUT
            and self.fits(end)
            and self.short_of(before, mostly=True)
        )
        bridged = named[:-1] if onward else named
        score -= _BRIDGE * sum(1 for s in bridged if s.predicate not in free)
        score -= _BRIDGE * self._read_by_one(steps, free)
        if self._past_the_place(steps, before, free):
            score -= _OVER_LONG
        if not self.justified(steps):
            score -= _UNJUSTIFIED
        score -= _MISSING_HOP * max(0, self.hops - len(steps))
        if self.one_clause:
            allowed = 1 + self._rolled_up(steps, end, before) + self._continued(steps)
            score -= _OVER_LONG * max(0, len(steps) - allowed)
        score += _ALIGNED * self.aligned(steps)
        score -= _BACKWARD * sum(1 for s in steps if self.named_backward(s))
        score -= _UNSAID * sum(1 for s in steps if self.unsaid(s.predicate))
        explained = [
            i
            for i in _returns(steps)
            if self.count.get(steps[i].predicate, 0) >= 2 or self.cued.get(steps[i].predicate)
        ]
        for predicate, count in self.count.items():
            if count >= 2 and uses.get(predicate, 0) == 1:
                score -= _EXTRA_USE  # named twice apart ("directed by the director of X")
        for predicate, used in uses.items():
            extra = used - max(1, self.count.get(predicate, 0))
            covered = sum(1 for i in explained if steps[i].predicate == predicate)
            score -= _EXTRA_USE * max(0, extra - covered)
        if explained and explained[0] == 0 and self.cued.get(steps[0].predicate):
            score += _ANCHORED_RETURN
        score -= _UNASKED_RETURN * (len(_returns(steps)) - len(explained))
        return score + self.order(steps)


def _all_times(names: Sequence[str]) -> bool:
    """Some names, all of them points in time."""
    return bool(names) and all(map(is_time_value, names))


def _named_twice(analysis: Analysis, predicate: str) -> bool:
    """Do two words of the question each name the relation by the same word of its name
    ("kid" and "offspring" for ``children``)? Two halves of one name ("year" ... "issued"
    for ``year_issued``) name it once."""
    words = [w for w in read_relation(predicate).words if w not in _FUNCTION]
    if not words or analysis.mention_count(predicate) < 2:
        return False
    named: Counter[str] = Counter()
    for m in analysis.relations:
        if m.predicate == predicate:
            named[max(words, key=lambda w: match_strength(m.word, (w,)))] += 1
    return max(named.values(), default=0) >= 2


def _asks_amount(analysis: Analysis, phrases: Sequence[Sequence[int]]) -> bool:
    """Does "how many" / "how much" ask for an amount rather than a count? Only when the
    counted noun reads no relation and names no type, and no other word but those of the
    seed's own phrases ("X's hall") reads a relation surely: "how many spectators fit into X"
    asks for a number, "how many clubs call X home" counts what "home" reads."""
    if analysis.answer_words not in (("many",), ("much",)):
        return False
    at = next((t.index for t in analysis.tokens if t.text in ("many", "much")), None)
    if at is None:
        return False
    counted = at + 1
    if any(counted in positions for positions in analysis.types.values()):
        return False
    chain = {t for phrase in phrases for t in phrase}
    return not any(
        m.token == counted or (m.token not in chain and m.strength >= _STRONG)
        for m in analysis.relations
    )


_AMOUNT = re.compile(r"\d[\d,]*(\.\d+)?")


def _is_amount(name: str) -> bool:
    """A plain number that is no year: a capacity, a population, a height."""
    return _AMOUNT.fullmatch(name.strip()) is not None and not is_time_value(name)


def _names_time(noun: str) -> bool:
    """Is the noun a span of time ("season", "decade", "birthday") by WordNet?"""
    lexicon = packaged_lexicon()
    return any(lexicon.related(noun, word) >= _NAMES_TYPE for word in TIME_WORDS)


def _matched(needed: list[str], offers: list[set[str]]) -> bool:
    """Can each needed relation get an offer of its own (a tiny bipartite matching)?"""
    owner: dict[int, str] = {}

    def place(predicate: str, seen: set[int]) -> bool:
        for i, offer in enumerate(offers):
            if predicate in offer and i not in seen:
                seen.add(i)
                if i not in owner or place(owner[i], seen):
                    owner[i] = predicate
                    return True
        return False

    return all(place(p, set()) for p in needed)


def _extend(
    signature: Signature,
    mentioned: frozenset[str],
    types: tuple[str, ...],
    steps: tuple[Step, ...],
    max_len: int,
    out: list[tuple[tuple[Step, ...], tuple[str, ...]]],
    max_bridges: int,
    score: _Scorer,
) -> None:
    """Depth-first over the schema; unmentioned predicates only as a few bridging hops, and
    a path of bridges alone only to where the answer noun names what it reaches or to what
    the question's verb was done to (``_done_to``). A step
    follows itself only along a relation the question names twice ("the kid of the
    offspring of X"), or to go on from a node known to fall short of the asked kind to one
    of it (a stadium's city, then the country containing the city)."""
    current = types[-1]
    if len(steps) >= max_len or current == LITERAL:
        return
    bridges = sum(1 for s in steps if s.predicate not in mentioned)
    for (predicate, direction), far in sorted(signature.get(current, {}).items()):
        is_bridge = predicate not in mentioned
        if is_bridge and (bridges >= max_bridges or LITERAL in far):
            continue
        step = Step(predicate, direction)
        again = bool(steps) and steps[-1] == step and predicate not in score.repeated
        if again and not score.short_of(current):
            continue
        for far_type in sorted(far):
            path = (*steps, step)
            reached = (*types, far_type)
            if again and not score.fits(far_type):
                continue
            if (
                any(s.predicate in mentioned for s in path)
                or score.fits(far_type)
                or score.ends_at_done(far_type)
                or score.starts_asked(far_type)
            ):
                out.append((path, reached))
            _extend(signature, mentioned, reached, path, max_len, out, max_bridges, score)


def _order(choice: PathChoice) -> tuple[float, int, int, list[tuple[str, str]]]:
    return (
        -choice.score,
        len(choice.steps),
        -choice.named_forward,
        [(s.predicate, s.direction.value) for s in choice.steps],
    )


def _entity_steps(seed_type: str, signature: Signature) -> dict[Step, str]:
    """The seed's steps to other entities (not to plain values), each with a node it reaches."""
    return {
        Step(predicate, direction): min(node for node in far if node != LITERAL)
        for (predicate, direction), far in signature.get(seed_type, {}).items()
        if any(node != LITERAL for node in far)
    }


def _one_step(seed_type: str, step: Step, node: str) -> list[PathChoice]:
    kind = _type_of(node)
    types = (_type_of(seed_type), kind)
    return [PathChoice(_type_of(seed_type), (step,), kind, 0.0, types, 0, node)]


def _only_relation(seed_type: str, signature: Signature) -> list[PathChoice]:
    """With no relation word in the question ("what does [X] appear in"), the one
    relation the seed has to other entities, if it has exactly one."""
    linked = _entity_steps(seed_type, signature)
    if len(linked) != 1:
        return []
    ((step, node),) = linked.items()
    return _one_step(seed_type, step, node)


def _only_step(
    seed_type: str, signature: Signature, chosen: Callable[[Step, str], bool]
) -> list[PathChoice]:
    """With no relation word, the one relation from the seed whose steps ``chosen`` keeps,
    if exactly one has any."""
    found = {
        Step(predicate, direction): node
        for (predicate, direction), far in signature.get(seed_type, {}).items()
        for node in far
        if chosen(Step(predicate, direction), node)
    }
    if len({step.predicate for step in found}) != 1:
        return []
    step, node = next(iter(found.items()))
    return _one_step(seed_type, step, node)


def _kept_steps(
    seed_type: str, signature: Signature, keep: Callable[[str], bool]
) -> dict[Step, str]:
    """The seed's steps to entities, with the node each reaches, where ``keep`` allows it."""
    return {s: n for s, n in _entity_steps(seed_type, signature).items() if keep(n)}


def _read_whole(
    analysis: Analysis,
    seed_type: str,
    signature: Signature,
    seed_span: tuple[int, int],
    keep: Callable[[str], bool],
    margin: float = CLEAR_MARGIN,
    text: str = "",
) -> list[PathChoice]:
    """Where words read no relation (or read loosely one that leads nowhere), the seed's
    relation the whole question (or ``text``, a phrase of it) names, read by a sentence
    encoder ("what does X do for a living": ``profession``), if one stands out among the
    steps to nodes ``keep`` allows. The seed is written as "X" so its name does not pull."""
    ends = _kept_steps(seed_type, signature, keep)
    if not ends:
        return []
    order = list(ends)
    found = packaged_encoder().similarities(
        text or _masked(analysis, seed_span), [relation_phrase(s.predicate) for s in order]
    )
    best = clear_winner(found, [s.predicate for s in order], margin)
    if best is None:
        return []
    return _one_step(seed_type, order[best], ends[order[best]])


def _read_defined(
    analysis: Analysis,
    seed_type: str,
    signature: Signature,
    seed_span: tuple[int, int],
    keep: Callable[[str], bool],
    defining: bool = False,
) -> list[PathChoice]:
    """Where no word reads a relation and the encoder sees none clearly, the seed's one
    relation WordNet defines with a word of the question ("what side is X in charge of": a
    coach is someone in charge of training a team). Two or more so defined say nothing.
    With ``defining``, the relation a word of the question is defined with instead ("what
    is X prescribed for?": recommended as a treatment, ``treats``): common verbs'
    definitions use many words ("attend": take, charge, service), so that is read only
    where the only other answer is none (ADR 0121)."""
    if defining:
        modifiers = _modifiers_of_asked(analysis)
        unread = _unread_forms(analysis, seed_span, modifiers)
        asked = _unread_forms(analysis, seed_span, modifiers, asked=True) - unread
    else:
        unread, asked = _unread_forms(analysis, seed_span), frozenset()
    if not unread | asked:
        return []
    ends = _kept_steps(seed_type, signature, keep)
    defined = [
        s
        for s in ends
        if (
            _defines(unread, s.predicate) or _defines(asked, s.predicate, 1.0)
            if defining
            else _defined_with((s.predicate,), unread)
        )
    ]
    if len({s.predicate for s in defined}) != 1:
        return []
    if asked and not _defines(unread, defined[0].predicate):
        # the asked noun is the doer of its definition's verb: a tributary "flows into"
        defined = [s for s in defined if _reaches_agents(s)] or defined
    return _one_step(seed_type, defined[0], ends[defined[0]])


def _possessed_reading(
    analysis: Analysis, seed_type: str, signature: Signature, seed_span: tuple[int, int]
) -> list[RelationMention]:
    """The seed's possessed noun phrase no word of which reads a relation ("X's mentor",
    "X's alma mater": against the whole graph's relations others stand as near), read whole
    by the sentence encoder against the seed's own relations to entities: one that stands
    out is what the phrase names, a step of its own though other words read the rest
    ("where does X's mentor work": the advisor's employer, not X's)."""
    end = seed_span[1]
    if end >= len(analysis.tokens) or analysis.tokens[end].text != "s":
        return []  # "the studio behind X" names what X came from, not what X has
    owned = analysis.possessed_nouns(seed_span)
    if not owned or {m.token for m in analysis.relations}.intersection(owned):
        return []
    words = [analysis.tokens[t].text for t in owned]
    lexicon = packaged_lexicon()
    if words[-1] in _FUNCTION or (lexicon.knows(words[-1]) and not lexicon.is_noun(words[-1])):
        return []  # a noun, or a word WordNet does not know ("hubby")
    predicates = list(dict.fromkeys(s.predicate for s in _entity_steps(seed_type, signature)))
    if len(predicates) < 2:
        return []
    text = " ".join(words)
    best = _stands_out(text, predicates)
    if best is None:
        return []
    return [RelationMention(predicates[best], owned[-1], text, _POSSESSED_STRENGTH)]


def _stands_out(text: str, predicates: Sequence[str]) -> int | None:
    """The relation the sentence encoder reads a phrase as, if one stands out; namespace
    words all the relations share are left out of their phrases, as they tell none apart."""
    shared = set.intersection(*({*read_relation(p).context[-1:]} for p in predicates))
    found = packaged_encoder().similarities(text, [relation_phrase(p, shared) for p in predicates])
    return clear_winner(found, predicates)


def _unread_phrase(analysis: Analysis, phrases: Sequence[Sequence[int]]) -> str:
    """The one noun phrase asked of the seed ("X's hometown"), if none of its words reads a
    relation: read alone against the seed's relations, where against the whole graph's
    another may be as near (a city's ``contained by``), it may name one clearly."""
    if len(phrases) != 1:
        return ""
    read = {m.token for m in analysis.relations}
    if read.intersection(phrases[0]):
        return ""
    return " ".join(analysis.tokens[t].text for t in phrases[0])


def _masked(analysis: Analysis, seed_span: tuple[int, int]) -> str:
    """The question with the seed written as "X", so its name does not pull the encoder."""
    start, end = seed_span
    words = [t.text for t in analysis.tokens]
    return " ".join([*words[:start], "X", *words[end:]])


def _read_near(
    choices: list[PathChoice], analysis: Analysis, seed_span: tuple[int, int], score: _Scorer
) -> list[PathChoice]:
    """Paths the words explain (nearly) alike are put in the order the scores and the
    sentence encoder's reading of the whole question as their relations give together.
    Word links miss what a phrase means ("who fronts the group": its lead vocalist; "the
    hometown of X": where X was born, not where X died); the encoder reads it but not how
    many steps a question asks for nor what kind it asks for, so only paths within
    ``_NEAR`` of the best, no longer than it, and ending at the asked kind where it does,
    are reordered ("in which city is X's arena" is not the arena). A word nothing reads
    that WordNet defines one of their relations with speaks for that path too (ADR 0089)."""
    top = choices[0]
    kind = score.fits(top.end)
    near = [
        c
        for c in choices
        if c.score >= top.score - _NEAR
        and len(c.steps) <= len(top.steps)
        and (score.fits(c.end) or not kind or score.names_its_objects(c.steps[-1]))
    ][:_MAX_NEAR]
    # One phrase per set of relations: the encoder hardly reads order, so paths walking
    # the same relations in another order keep theirs ("edited by the editor ... wrote").
    walks: dict[frozenset[str], tuple[Step, ...]] = {}
    for c in near:
        walks.setdefault(frozenset(s.predicate for s in c.steps), c.steps)
    if len(walks) < 2:
        return choices
    # a namespace word every walk passes ("person", "university") tells none from another
    # and only dilutes what does ("education" against "employment history")
    shared = set.intersection(
        *(
            {w for s in steps for w in read_relation(s.predicate).context[-1:]}
            for steps in walks.values()
        )
    )
    kinds = {
        walked: ", ".join(relation_phrase(s.predicate, shared) for s in steps)
        for walked, steps in walks.items()
    }
    # a word of one of these relations' own names would read it, not define it
    lexicon = packaged_lexicon()
    unread = _unread_forms(analysis, seed_span) - {
        form
        for walked in kinds
        for p in walked
        for w in read_relation(p).words
        for form in lexicon.forms(w)
    }
    encoded = packaged_encoder().similarities(_masked(analysis, seed_span), list(kinds.values()))
    read = {
        walked: _READ_WEIGHT * cosine + (_DEFINED if _defined_with(walked, unread) else 0.0)
        for walked, cosine in zip(kinds, encoded, strict=True)
    }
    # "whose N": N's owner or maker, a person before a firm when nothing else tells them apart
    whose = analysis.wh_word == "whose" and analysis.answer_token is None
    ranked = sorted(
        near,
        key=lambda c: (
            -(
                c.score
                + read[frozenset(s.predicate for s in c.steps)]
                + (_WHOSE_PERSON if whose and _names_persons(c.steps[-1]) else 0.0)
            ),
            len(c.steps),
            -c.named_forward,
        ),
    )
    taken = {id(c) for c in near}
    return ranked + [c for c in choices if id(c) not in taken]


def _modifiers_of_asked(analysis: Analysis) -> frozenset[int]:
    """The words before the asked noun in its phrase: they say which of it is asked ("the
    paint color of X"), no relation of their own."""
    at = analysis.answer_token
    if at is None:
        return frozenset()
    found = set()
    while at > 0 and analysis.tokens[at - 1].text not in _FUNCTION:
        at -= 1
        found.add(at)
    return frozenset(found)


def _unread_forms(
    analysis: Analysis,
    seed_span: tuple[int, int],
    skip: AbstractSet[int] = frozenset(),
    asked: bool = False,
) -> frozenset[str]:
    """The base forms of the question's words that read no relation and say nothing of
    the answer's kind: not a name, the asked noun (unless ``asked``: "what are the
    tributaries of X", where nothing names a kind), a person ("the man or woman in
    charge"), nor one of WordNet's top kinds ("the person who")."""
    lexicon = packaged_lexicon()
    read = {m.token for m in analysis.relations}
    read_forms = {f for m in analysis.relations for w in m.word.split() for f in lexicon.forms(w)}
    names = [(m.start, m.end) for m in analysis.entities]
    plain = _FUNCTION | _LIGHT
    found: set[str] = set()
    for token in analysis.tokens:
        word = token.text.lower()
        if (
            token.index in read | skip
            or seed_span[0] <= token.index < seed_span[1]
            or any(start <= token.start < end for start, end in names)
            or word in plain
            or (word in analysis.answer_words and not asked)
            or len(word) < _UNREAD_MIN
        ):
            continue
        forms = lexicon.forms(word)
        if read_forms.intersection(forms) or not lexicon.knows(word):
            continue
        if lexicon.names_person(word) or lexicon.names_a_top(word):
            continue
        found.update(forms)
    return frozenset(found)


def _defined_with(predicates: Iterable[str], unread: AbstractSet[str]) -> bool:
    """Does WordNet define a word of one of the relations with a word the question says and
    nothing reads ("in charge": a coach is someone in charge of training a team)?"""
    lexicon = packaged_lexicon()
    return bool(unread) and any(
        not unread.isdisjoint(lexicon.definition_forms(word))
        for predicate in predicates
        for word in read_relation(predicate).words
        if word not in _FUNCTION
    )


def _defines(unread: AbstractSet[str], predicate: str, link: float = _CLOSE) -> bool:
    """Does WordNet define a word the question says and nothing reads with a word of the
    relation, or one derived from it ("prescribed": recommended as a treatment, ``treats``)?
    The link must be one the word vectors see too: "issue" defines it as well, and is a
    synonym of "distribute" in a sense far from this one. The asked noun's many senses are
    held to the relation's own word (``link`` 1.0: a tributary "flows into" a stream)."""
    lexicon = packaged_lexicon()
    words = [w for w in read_relation(predicate).words if w not in _FUNCTION]
    return any(
        lexicon.related(defining, word) >= link
        and vector_kinship(defining, word) >= EMBEDDING_FLOOR
        for form in unread
        for defining in lexicon.definition_forms(form)
        for word in words
    )


def _reaches_agents(step: Step, _node: str = "") -> bool:
    """Does the step reach those who do what the relation's name says: the subjects of a
    name starting with a verb (``works_at_firm``: workers; not ``is_in_region``, a state),
    the agent end of a passive or agent-noun name (``edited_by``: editors)?"""
    if _agent_step(step.predicate) is not None:
        return _as_named(step) is Direction.OUT
    words = [w for w in read_relation(step.predicate).words if w not in _FUNCTION]
    doing = bool(words) and packaged_lexicon().is_verb(words[0]) and words[0] not in _LIGHT
    return doing and _as_named(step) is Direction.IN


def _and_back(choice: PathChoice, signature: Signature, root: str) -> PathChoice:
    """The step out and back: what shares it with the seed ("who sang on the same
    record as X"), where that reaches anyone but the seed. Walked back, a step that only
    returns to the seed shares nothing: "X's other half" is X's spouse, not X."""
    (step,) = choice.steps
    back = Step(step.predicate, _flipped(step.direction))
    labels = signature.labels if isinstance(signature, PathTree) else {}
    own = set(labels.get(root, ()))
    returned = {
        name
        for far in signature.get(root, {}).get((step.predicate, step.direction), ())
        for near in signature.get(far, {}).get((back.predicate, back.direction), ())
        for name in labels.get(near, ())
    }
    if own and returned and returned <= own:
        return choice
    types = (*choice.types, choice.seed_type)
    return PathChoice(choice.seed_type, (step, back), choice.seed_type, choice.score, types)


def _crosses_a_time(
    steps: tuple[Step, ...], keys: tuple[str, ...], signature: Signature, tied: bool
) -> bool:
    """Does the path pass through a point in time by two different relations? An artist
    who started in 1996 and the albums released in 1996 share a year by chance, which
    answers nothing; through one relation it is a real tie ("films released the same
    year as X"), but only when the question asks for one (``tied``): "which city saw the
    first performance of X" is not the plays first performed on X's day. A time is a value:
    named like one, and the subject of no relation (a film called "1776" is not a year)."""
    labels = signature.labels if isinstance(signature, PathTree) else {}
    for i in range(1, len(steps)):
        if tied and steps[i - 1].predicate == steps[i].predicate:
            continue
        names = labels.get(keys[i], ())
        if not names or not all(is_time_value(n) for n in names):
            continue
        edges = signature.get(keys[i], {}).items()
        if all(_as_named(Step(p, d)) is Direction.IN or far <= {LITERAL} for (p, d), far in edges):
            return True
    return False


def _type_of(key: str) -> str:
    """A signature node's entity type: a tree node (``type#n``) names its type first."""
    return key.split(NODE_MARK, 1)[0]


def infer_paths(
    analysis: Analysis,
    seed_type: str,
    signature: Signature,
    seed_span: tuple[int, int] = (0, 0),
    max_len: int = 4,
) -> list[PathChoice]:
    """Every type-consistent path over mentioned relations, best explanation first.

    Paths through unmentioned predicates ("bridges") are only tried when the
    mentioned relations alone leave a relation word or the asked type unexplained.
    """
    present = {p for edges in signature.values() for p, _ in edges}
    if offered := analysis.choices():
        # "is X male or female": an option is not the subject; the answer is the option
        # one of X's relations reaches
        if seed_span in offered:
            return []
        labels = signature.labels if isinstance(signature, PathTree) else {}
        names = set(offered.values())
        only = _only_step(
            seed_type,
            signature,
            lambda _step, node: any(n.casefold() in names for n in labels.get(node, ())),
        )
        if only:
            return only
    extra, dropped = _kind_mentions(analysis, signature, seed_type, seed_span)
    extra += _possessed_reading(analysis, seed_type, signature, seed_span)
    dropped |= _not_in_place(analysis, seed_type, signature, seed_span)
    # "who painted X": the painter, an ``artist``; "which actors": ``featuring``
    extra += agent_readings(analysis, present)
    if extra or dropped:
        analysis = _reread(analysis, dropped, extra)
    score = _Scorer(analysis, seed_span, signature)
    if off_kind := _off_kind_readings(analysis, seed_type, signature, score):
        analysis = _reread(analysis, off_kind)
        score = _Scorer(analysis, seed_span, signature)
    if near := _near_readings(analysis, seed_type, signature, seed_span, score):
        analysis = _reread(analysis, _clause_verb(analysis, seed_span, near), near)
        score = _Scorer(analysis, seed_span, signature)
    dropped, onward = _verb_of_the_noun(analysis, seed_type, signature, seed_span)
    if onward:
        analysis = _reread(analysis, dropped, onward)
        score = _Scorer(analysis, seed_span, signature)
    mentioned = score.mentioned
    # No relation word that any relation here answers to
    if not mentioned & present and not (analysis.types and analysis.answer_types):
        # "where is X originally from": the only step to places; "who is from X": to its members
        only = _only_step(seed_type, signature, lambda _step, node: score.fits(node))
        if analysis.wh_word in ("who", "whom"):
            only = only or _only_step(seed_type, signature, _reaches_agents)
        only = only or _only_relation(seed_type, signature)
        if not only and (phrase := _unread_phrase(analysis, score.phrases)):
            only = _read_whole(
                analysis, seed_type, signature, seed_span, score.may_end, text=phrase
            )
        only = only or _read_whole(analysis, seed_type, signature, seed_span, score.may_end)
        only = only or _read_defined(analysis, seed_type, signature, seed_span, score.may_end)
        if analysis.comember_tokens:
            only = [_and_back(choice, signature, seed_type) for choice in only]
        if only:
            return only
        # "who started the outfit behind X": "started" reads only a mountain's first
        # ascent, out of reach, and a bare "who" names no kind to walk to instead
        past_reach = score.bare_who and any(m.predicate not in present for m in analysis.relations)
        rare = (
            rare_readings(analysis, present, past_reach)
            if not score.kind_elsewhere() or score.persons or past_reach
            else []
        )
        if rare:
            # nothing else says where to go: a verb's rarer senses may
            analysis = _reread(analysis, set(), rare)
            score = _Scorer(analysis, seed_span, signature)
            mentioned = score.mentioned
        if not mentioned and not score.kind_elsewhere():
            return _read_defined(
                analysis, seed_type, signature, seed_span, score.may_end, defining=True
            )
    if not (mentioned - score.stranded_only()) & present:
        # but the kinds of things it passes and asks for ("when was the first
        # maintenance of X", "what nation did X form in"): any short path that passes
        # and ends there. A reading of a relation out of reach is none (ADR 0128), and
        # the walk may take a third step where two reach nothing of the asked kind
        # ("what country is the first stop of X in": its station's city's country).
        mentioned = frozenset(present)
        reached = _reaches_within(signature, seed_type, 2, score.fits)
        max_len = min(max_len, 2 if reached else 3)
    choices: list[PathChoice] = []
    for bridges in (0, _MAX_BRIDGES, _MAX_BRIDGES + 1):
        if bridges > _MAX_BRIDGES and (
            not score.kind_elsewhere() or any(c.asked and c.score >= _HOPELESS for c in choices)
        ):
            break  # three unnamed steps only to the asked kind, where nothing else reaches it
        found: list[tuple[tuple[Step, ...], tuple[str, ...]]] = []
        _extend(signature, mentioned, (seed_type,), (), max_len, found, bridges, score)
        choices = []
        for steps, keys in found:
            if _crosses_a_time(steps, keys, signature, bool(analysis.comember_tokens)):
                continue
            types = tuple(_type_of(k) for k in keys)
            forward = sum(1 for step in steps if score.named_forward(step))
            value = score(steps, types, keys[-1], keys[-2] if len(keys) > 1 else "")
            choices.append(
                PathChoice(
                    _type_of(seed_type),
                    steps,
                    types[-1],
                    value,
                    types,
                    forward,
                    keys[-1],
                    score.fits(keys[-1]),
                )
            )
        choices.sort(key=_order)
        if choices and score.explains(choices[0]):
            break
    hopeless = bool(choices) and choices[0].score < _HOPELESS
    if (
        choices
        and not score.may_end(choices[0].end)
        and not any(m.strength >= _STRONG for m in analysis.relations)
    ) or hopeless:
        # no word reads surely and what they read ends where the question cannot, or the best
        # walk is hopeless: the whole question may ("what enterprise did X start":
        # ``founded_by``, not the launch year of a product). It stands no higher than the
        # words' walk did against another seed reading.
        margin = _HOPELESS_MARGIN if hopeless else CLEAR_MARGIN
        whole = _read_whole(analysis, seed_type, signature, seed_span, score.may_end, margin)
        if analysis.comember_tokens:
            whole = [_and_back(choice, signature, seed_type) for choice in whole]
        if whole:
            first = dataclasses.replace(whole[0], score=choices[0].score)
            return [first, *(c for c in choices if c.steps != first.steps)]
    if len(choices) < 2:
        return _asked_past_the_end(choices, analysis, signature, score)
    ranked = _finest_first(_read_near(choices, analysis, seed_span, score), score)
    return _asked_past_the_end(ranked, analysis, signature, score)


def _asked_past_the_end(
    choices: list[PathChoice], analysis: Analysis, signature: Signature, score: _Scorer
) -> list[PathChoice]:
    """ "what citizenship did X's discoverer have": the other words walk to the discoverer,
    and the asked noun, which reads no relation surely, names no kind and does not fit where
    the walk ends, is read whole by the sentence encoder against that end's own relations:
    one that stands out is one more step, the asked one (ADR 0129)."""
    asked = analysis.answer_token
    if asked is None or not choices:
        return choices
    best = choices[0]
    if best.asked or score.fits(best.end):
        return choices
    if any(m.token == asked and m.strength >= _STRONG for m in analysis.relations):
        return choices
    if any(asked in positions for positions in analysis.types.values()):
        return choices
    if _copula_after(analysis.tokens, asked):
        return choices  # "which side is X's biggest rival": the rival is the side
    noun = analysis.tokens[asked].text
    lexicon = packaged_lexicon()
    if noun in _FUNCTION or not lexicon.is_noun(noun) or lexicon.names_a_top(noun):
        return choices
    last = best.steps[-1]
    # the walk is the seed's own noun phrases, a step each ("X's discoverer"), not what a verb
    # says of the answer ("what films did X star in": the films are what "star" reaches) nor
    # a walk out and back ("the films with the same director as X")
    own = [phrase for phrase in score.phrases if asked not in phrase]
    readers = {m.token for m in analysis.relations if m.predicate == last.predicate}
    if len(own) != len(best.steps) or not readers <= {t for phrase in own for t in phrase}:
        return choices
    onward = {
        step: node
        for step, node in _entity_steps(best.end, signature).items()
        if step.predicate != last.predicate
    }
    if len(onward) < 2:
        return choices
    pick = _stands_out(noun, [step.predicate for step in onward])
    if pick is None:
        return choices
    step, node = list(onward.items())[pick]
    kind = _type_of(node)
    longer = dataclasses.replace(
        best, steps=(*best.steps, step), final_type=kind, types=(*best.types, kind), end=node
    )
    return [longer, *choices]


def _reaches_within(
    signature: Signature, root: str, steps: int, fits: Callable[[str], bool]
) -> bool:
    """Does a walk of at most ``steps`` from the root reach a node that fits? Where none
    does, the last resort's walks need one step more to end at the asked kind."""
    frontier = {root}
    for _ in range(steps):
        frontier = {n for node in frontier for far in signature.get(node, {}).values() for n in far}
        if any(map(fits, frontier)):
            return True
    return False


def _finest_first(choices: list[PathChoice], score: _Scorer) -> list[PathChoice]:
    """A bare "where" asks for the finest place the words allow. Of two walks they explain
    equally well, parting only at the last step, the one whose places lie in the other's
    comes first ("where does X come from": the town X was born in, not the country of X's
    passport), whatever the encoder prefers; the graph says which lies in which."""
    if not score.bare_where:
        return choices
    top = choices[0]
    for choice in choices[1:]:
        if (
            choice.score == top.score
            and choice.steps[:-1] == top.steps[:-1]
            and choice.steps[-1].predicate != top.steps[-1].predicate
            and score.fits(choice.end)
            and score.lies_in(choice.steps[-1], top.steps[-1])
        ):
            return [choice, *(c for c in choices if c is not choice)]
    return choices
