"""General English for reading questions: function words, inflections, word similarity.

Relation matching never looks a phrasing up in a table. A relation name is read
as words (``works_at_company`` -> ``works``, ``company``); a question word names
the relation when it shares a stem with one of them or when packaged word
knowledge (:func:`similarity`) says it means nearly the same. The small sets
below are closed-class English (function words, irregular verb forms, what
"who", "where" and "when" ask for), not the vocabulary of any graph.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from research_chain.understanding.lexical import packaged_lexicon
from research_chain.understanding.words import packaged_words


def words(text: str) -> frozenset[str]:
    """A word set written as one whitespace-separated string."""
    return frozenset(text.split())


__all__ = [
    "AGENT_SUFFIXES",
    "ANY_PERSON",
    "ASKING_VERBS",
    "COMEMBER_WORDS",
    "EMBEDDING_FLOOR",
    "LIGHT_VERBS",
    "NOISE_WORDS",
    "PERSON_WORDS",
    "PLACE_WORDS",
    "TIME_WORDS",
    "UNCONFIRMED",
    "VERB_FORMS",
    "is_agent_noun",
    "phrases",
    "similarity",
    "singular",
    "stem",
    "words",
]

# Words that ask for an entity that shares a relation with the seed ("other
# books by the same author", "co-founders", "also founded").
COMEMBER_WORDS = words("share shared sharing same also other others together co fellow")

# Verbs that open a request for a list ("name a bridge in Spain", "list the books ...").
ASKING_VERBS = words("name list give show find tell identify")

# Types a "who" question can be about.
PERSON_WORDS = words("""person people human pilot operator technician engineer actor director writer
    user employee staff member crew owner author agent individual""")

# Irregular verb forms: they end a noun phrase like "-ed" and "-ing" forms do.
VERB_FORMS = words(
    """wrote written spoke spoken flew flown made built took taken gave given ran did done
    saw seen went gone held kept led met paid said sent sold stood told won born begun
    grown known shown drawn sung brought bought fought taught caught chosen driven"""
)

# Nouns that say only that something is a person: every relation to persons (``children``,
# ``owner``) names a kind of one, so through kinship they read them all alike.
ANY_PERSON = words(
    "person persons people individual individuals human humans someone somebody man men woman women"
)

# Types a "where" question can be about.
PLACE_WORDS = words("site location place base station area region city country address")

# Types or values a "when" question can be about.
TIME_WORDS = words("year date time day month timestamp period")

# Words that carry no meaning for retrieval; dropped when a topic is rewritten.
NOISE_WORDS = words(
    """a an the of in on at to for by with from about is are was were be been being do
    does did can could would should will shall may might please tell me us show give
    list find name some any few what which who whom whose when where how why this that
    these those there here it its and or but as into than then so such very just
    really know want like i you we they he she has have had get got been"""
)

# Light verbs carry little meaning of their own ("took place", "made by", "used in"):
# as relation words they would match every synonym of "take" or "use". A question's own
# light verb still reads relations ("what did X make last year").
LIGHT_VERBS = words("take takes took taken make makes made use uses used give gives gave given")

AGENT_SUFFIXES = ("or", "er", "ist", "ess", "ant")

_SUFFIXES = (
    "ational",
    "ations",
    "ation",
    "ness",
    "ments",
    "ment",
    "ings",
    "ing",
    "ies",
    "ied",
    "er",
    "or",
    "ed",
    "ly",
    "e",
    "y",
)

_IRREGULAR = {
    "wrote": "writ",
    "written": "writ",
    "spoke": "spoken",
    "flew": "fly",
    "flown": "fly",
    "flies": "fly",
    "made": "made",
    "built": "built",
    "people": "people",
    "when": "when",
    "was": "was",
    "is": "is",
    "has": "has",
    "this": "this",
}


def singular(word: str) -> str:
    """Plural to singular, so "sensors" and "sensor" share every later cut."""
    if word.endswith("ss") or not word.endswith("s") or len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        if word[:-1] in packaged_lexicon().base_forms(word):
            return word[:-1]  # "movies", "cookies": the singular ends in -ie
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses", "zes")):
        return word[:-2]
    return word[:-1]


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light suffix-stripping stemmer: good enough to join inflections of one word."""
    word = word.casefold()
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) <= 3:
        return word
    word = singular(word)
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if len(base) >= 2 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]
            return base
    return word


EMBEDDING_FLOOR = 0.25


UNCONFIRMED = 0.6
# WordNet links one step apart (synonym, derivation, hypernym) are clean; two steps
# also join many unrelated senses of busy verbs ("born" and "film"), so they count
# only as a loose reading, and only where the vectors see some kinship too.
CLOSE_LINK = 0.8
FAR_LINK = 0.35
FAR_SUPPORT = 0.2


def _names_a_kind_of(phrase: str, other: str) -> bool:
    """Is ``phrase`` a noun collocation (and no verb's: "put up", "dates back") that WordNet
    files as a kind of what ``other`` names?"""
    lexicon = packaged_lexicon()
    return (
        " " in phrase
        and lexicon.is_noun(phrase)
        and not lexicon.is_verb(phrase)
        and lexicon.is_kind_of(phrase, other)
    )


@lru_cache(maxsize=1 << 18)
def similarity(word: str, other: str, verb: bool = False) -> float:
    """How nearly two words mean the same, from 0 to 1, from packaged word knowledge.
    With ``verb``, ``word`` is used as a verb and WordNet reads only its verb senses.

    WordNet (shared base form, synonyms, derivations, hypernyms) speaks first. Where
    it links nothing, the distilled sentence-encoder vectors may (cosine, counted from
    ``EMBEDDING_FLOOR`` so unrelated words score 0): they know topical kinship WordNet
    lacks ("where" and ``located``), but also pair words that only share a topic
    ("films" and ``actors``), so when WordNet knows both words and links them not,
    the vectors' word counts for less.
    """
    a, b = word.casefold(), other.casefold()
    if a == b:
        return 1.0
    lexicon = packaged_lexicon()
    linked = lexicon.related(a, b, verb)
    if " " in a or " " in b:
        # A collocation is read by WordNet alone: its vector is a mean of its words'
        # ("put" + "out"), which would only repeat what the words read by themselves. Two
        # links up its own kinds it still names what it is ("old man": a father, a parent).
        if linked >= CLOSE_LINK or (linked and _names_a_kind_of(a, b)):
            return linked
        return 0.0
    cosine = vector_kinship(a, b)
    if linked >= CLOSE_LINK:
        return max(linked, cosine)
    if linked > 0 and cosine >= FAR_SUPPORT:
        return max(FAR_LINK, cosine)
    if cosine < EMBEDDING_FLOOR:
        return 0.0
    known = lexicon.base_forms(a) and lexicon.base_forms(b)
    return cosine * UNCONFIRMED if known else cosine


def vector_kinship(word: str, other: str) -> float:
    """The distilled vectors' cosine of two words, the best over their first base forms."""
    lexicon = packaged_lexicon()
    vectors = packaged_words()
    return max(
        vectors.similarity(x, y)
        for x in (word, *lexicon.base_forms(word)[:2])
        for y in (other, *lexicon.base_forms(other)[:2])
    )


# Longest collocation looked for; the lexicon keeps none longer.
_PHRASE_WORDS = 3


def phrases(texts: Sequence[str], blocked: frozenset[int] = frozenset()) -> dict[int, str]:
    """The runs of question words that WordNet knows as one lemma, left to right and
    longest first, by position: "who put up X", "what line of work is X in". Each covered
    position maps to the phrase; positions in ``blocked`` (a name) are never part of one,
    nor is a run of function words alone. (Relation names are not read this way: ADR
    0021.)"""
    lexicon = packaged_lexicon()
    found: dict[int, str] = {}
    at = 0
    while at < len(texts):
        for size in range(min(_PHRASE_WORDS, len(texts) - at), 1, -1):
            span = range(at, at + size)
            words_here = [texts[i].casefold() for i in span]
            if any(i in blocked for i in span) or all(w in NOISE_WORDS for w in words_here):
                continue
            phrase = " ".join(words_here)
            if lexicon.base_forms(phrase):
                found.update(dict.fromkeys(span, phrase))
                at += size
                break
        else:
            at += 1
    return found


def is_agent_noun(word: str) -> bool:
    """ "founder", "writer", "actress", "pilot": a word naming who does something."""
    word = word.casefold().removesuffix("s")
    return word in PERSON_WORDS or (len(word) > 4 and word.endswith(AGENT_SUFFIXES))
