"""A small general English lexicon: word families that name relations and types.

Relation matching never looks a phrasing up in a table. A predicate is split
into its words (``starred_actors`` -> ``starred``, ``actors``); each word is
stemmed; a question word mentions the predicate when its stem is one of those
stems or shares a family with one. The families below are ordinary English
synonym sets (what a thesaurus gives for "act", "write", "kind", ...), so a new
graph whose predicates use ordinary words is matched without new entries.
"""

from __future__ import annotations

from functools import lru_cache


def words(text: str) -> frozenset[str]:
    """A word set written as one whitespace-separated string."""
    return frozenset(text.split())


__all__ = [
    "AGENT_SUFFIXES",
    "COMEMBER_WORDS",
    "FAMILIES",
    "NOISE_WORDS",
    "PERSON_WORDS",
    "PLACE_WORDS",
    "TIME_WORDS",
    "VERB_FORMS",
    "family_of",
    "is_agent_noun",
    "singular",
    "stem",
    "words",
]

# Each set is one meaning; members are stems (see :func:`stem`).
_FAMILY_TEXT = """
act actor actress star appear cast play perform lead role
direct director helm filmmak
writ write wrote writer author screenplay screenwriter script story pen penn
languag spoken speak tongu dialect
genr kind sort categori style type typ
movi movie film pictur cinema featur
tag term keyword topic about describ word subject theme label
year releas date premier debut came
rate rating score good opinion think review reception audienc
vote popular popularity famou
locat where site place base station posit situat
operat operator pilot fly flown flew control
maintain maintenanc servic repair inspect overhaul
sensor camera payload instrument detector
batteri power charg energi
mission flight sorti task job trip
own owner belong part member unit fleet assign
manufactur made maker build built vendor produc brand
model variant version
statu state condition health
alert alarm warn incid anomali fault failur error
fir firmwar softwar
speed veloc fast slow
max maximum peak
altitud height elev
temperatur temp heat hot cold
weight mass heavi
capac capabl
"""

FAMILIES: tuple[frozenset[str], ...] = tuple(
    frozenset(line.split()) for line in _FAMILY_TEXT.strip().splitlines() if line.strip()
)

# Words that ask for an entity that shares a relation with the seed ("other
# films by the same director", "co-stars", "also directed").
COMEMBER_WORDS = words("share shared sharing same also other others together co fellow")

# Types a "who" question can be about.
PERSON_WORDS = words("""person people human pilot operator technician engineer actor director writer
    user employee staff member crew owner author agent individual""")

# Irregular verb forms: they end a noun phrase like "-ed" and "-ing" forms do.
VERB_FORMS = words(
    """wrote written spoke spoken flew flown made built took taken gave given ran did done
    saw seen went gone held kept led met paid said sent sold stood told won"""
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
    "starring": "star",
    "starred": "star",
    "stars": "star",
    "films": "film",
    "movies": "movi",
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


_BY_STEM: dict[str, int] = {}
for _index, _family in enumerate(FAMILIES):
    for _member in _family:
        _BY_STEM.setdefault(_member, _index)
        _BY_STEM.setdefault(stem(_member), _index)


@lru_cache(maxsize=65536)
def family_of(word: str) -> int | None:
    """Index of the family a word belongs to (by its stem or the raw word), if any."""
    stemmed = stem(word)
    found = _BY_STEM.get(stemmed)
    if found is None:
        found = _BY_STEM.get(word.casefold())
    return found


def is_agent_noun(word: str) -> bool:
    """ "director", "writer", "actress", "pilot": a word naming who does something."""
    word = word.casefold().removesuffix("s")
    return word in PERSON_WORDS or (len(word) > 4 and word.endswith(AGENT_SUFFIXES))
