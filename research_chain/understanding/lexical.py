"""WordNet relatedness between question words and a graph's relation and type names.

Graphs are user-supplied, so "boss" has to find ``manager`` and "founder" ``founded`` in
schemas nobody here has seen; a hand-written word table only knows the graphs its author had in
mind. Princeton WordNet is a curated, stable lexical resource, so ``scripts/distill_wordnet.py``
flattens it once into ``wordnet.npz`` (every lemma's reachable synsets with their distance) and
this module only reads that file with numpy: nothing is downloaded or parsed at run time.
Only each lemma's most frequent senses (three per part of speech) are kept, so a busy word's
rare senses do not link it to everything ("position" as "status", "base" as "radix"). A verb's
every sense is kept aside, read only when asked (``rare``): "appear" in a film is its 6th.
A verb with no noun of its own that is made from a noun only ever plural ("headquarter",
"headquarters") reaches what that noun reaches: WordNet gives such verbs no derivation link.
Collocations WordNet keeps as one lemma ("set up", "line of work", "place of birth") are
lemmas here too, written with spaces, and inflect by their first or last word ("sets up",
"record companies").

Scores (documented because callers threshold them; only the ordering is a contract):

* 1.0: the words share a base form ("films"/"film", "wrote"/"write");
* 0.9: they share a synset (synonyms: "film"/"movie", "sex"/"gender");
* 0.8: one link apart: derivation ("founder"/"found"), attribute ("old"/"age"),
  similar-to, pertainym, participle, also-see, or a direct hypernym ("daughter"/"child");
  for a word used as a verb, also what it causes or entails ("kill"/"die");
* 0.6: two links apart: both one link from the same synset (siblings, shared derivation), a
  hypernym of a hypernym, or a link of a hypernym ("screenwriter" -> writer -> "write");
  a closed compound counts as a hyponym of its head noun ("screen|writer" -> "writer");
* 0.0: anything further, and any word WordNet does not know.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from research_chain.understanding.words import read_arrays

_RESOURCE = "wordnet.npz"
_NOUN, _VERB, _ADJ = 1, 2, 4
# WordNet's own detachment rules (morphy), per part of speech: suffix -> replacement.
_RULES: tuple[tuple[int, tuple[tuple[str, str], ...]], ...] = (
    (
        _NOUN,
        (
            ("s", ""),
            ("ses", "s"),
            ("ves", "f"),
            ("xes", "x"),
            ("zes", "z"),
            ("ches", "ch"),
            ("shes", "sh"),
            ("men", "man"),
            ("ies", "y"),
        ),
    ),
    (
        _VERB,
        (
            ("s", ""),
            ("ies", "y"),
            ("es", "e"),
            ("es", ""),
            ("ed", "e"),
            ("ed", ""),
            ("ing", "e"),
            ("ing", ""),
        ),
    ),
    (_ADJ, (("er", ""), ("est", ""), ("er", "e"), ("est", "e"))),
)
# Suffixes after which English doubles a final consonant ("starring", "bigger"); morphy itself
# misses these, and without it "starring" would not reach "star".
_DOUBLING = ("ed", "ing", "er", "est")
_VOWELS = frozenset("aeiou")
# Score for the smallest summed distance over shared concepts; index = distance a + distance b.
_BY_DISTANCE = (0.9, 0.8, 0.6)
# What ``related`` gives two words that share a synset.
SYNONYM = _BY_DISTANCE[0]
# How far (in WordNet links) a name's head noun may be from the kind it is judged to be:
# "university" -> educational institution -> institution.
_HEAD_KIN = 2
# WordNet's lexicographer files of nouns naming persons and groups (firms, teams, parties),
# and of its most general kinds (``noun.Tops``: person, thing, entity).
_PERSON_FILE, _GROUP_FILE, _TOPS_FILE = 18, 14, 3
_NO_FILE = 255  # the lemma is no noun
_ARTICLES = frozenset({"the", "a", "an"})
_SAME_BASE = 1.0
# Shortest parts of a closed compound worth splitting off; shorter ones are chance matches
# ("pas|sword", "car|pet").
_MIN_MODIFIER, _MIN_HEAD = 4, 4
# Longer than any lemma; past this the "word" is pasted junk not worth a lookup.
_MAX_WORD = 64
# Question words are open-ended, so both caches would otherwise grow without bound in a
# long-running worker; starting over when full keeps the hot words cheap enough.
_CACHE_LIMIT = 50_000

_Entry = tuple[frozenset[str], dict[int, int]]
_Kinds = tuple[list[str], NDArray[np.int64], NDArray[np.uint32]]
_NO_KINDS: _Kinds = ([], np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.uint32))
_EMPTY: _Entry = (frozenset(), {})
# How a word links: all its senses, its verb senses, or every one of its verb senses.
_AS_VERB, _RARE = 1, 2
# Rows of lemmas whose verb senses reach less than all their senses, and those reaches.
_Verbs = tuple[NDArray[np.uint32], NDArray[np.int64], NDArray[np.uint32]]
_NO_VERBS: _Verbs = (
    np.zeros(0, dtype=np.uint32),
    np.zeros(1, dtype=np.int64),
    np.zeros(0, dtype=np.uint32),
)


class WordNetLexicon:
    """The distilled WordNet lemmas, their parts of speech, concepts and irregular forms."""

    def __init__(
        self,
        words: list[str],
        pos: bytes,
        offsets: NDArray[np.int64],
        deltas: NDArray[np.uint32],
        exceptions: dict[str, tuple[str, ...]],
        meta: dict[str, Any] | None = None,
        kinds: _Kinds | None = None,
        verbs: _Verbs | None = None,
        verb_forms: dict[str, tuple[str, ...]] | None = None,
        rare: _Verbs | None = None,
        acronyms: frozenset[str] = frozenset(),
        definitions: dict[str, tuple[str, ...]] | None = None,
        noun_files: bytes = b"",
        glosses: bytes = b"",
        states: dict[str, tuple[str, ...]] | None = None,
        converses: dict[str, tuple[str, ...]] | None = None,
    ) -> None:
        if len(pos) != len(words) or offsets.shape != (len(words) + 1,):
            raise ValueError(f"lexicon has {len(words)} words but {len(pos)} tags")
        self._row = {word: row for row, word in enumerate(words)}
        self._lemmas = words
        # concept -> the rows of the lemmas naming it, built on first use
        self._naming: dict[int, list[int]] | None = None
        self._pos = pos
        self._offsets = offsets
        # Kept as deltas and decoded on first use of a word: loading stays a plain decompress,
        # and only the few words a process actually meets are ever expanded.
        self._deltas = deltas
        self._exceptions = exceptions
        # Irregular forms of a verb only ("born": the verb "bear", not the noun).
        self._verb_forms = verb_forms or {}
        self.meta: dict[str, Any] = meta or {}
        rows, self._verb_offsets, self._verb_deltas = verbs or _NO_VERBS
        self._verb_row = {int(row): at for at, row in enumerate(rows.tolist())}
        rows, self._rare_offsets, self._rare_deltas = rare or _NO_VERBS
        self._rare_row = {int(row): at for at, row in enumerate(rows.tolist())}
        self._words: dict[tuple[str, int], _Entry] = {}
        self._pairs: dict[tuple[str, str, int], float] = {}
        self._compounds: dict[str, tuple[str, str] | None] = {}
        self._nouns: dict[str, bool] = {}
        self._defining: dict[str, frozenset[str]] = {}
        names, self._kind_offsets, self._kind_deltas = kinds or _NO_KINDS
        self._name_row = {name: row for row, name in enumerate(names)}
        self._kinds: dict[str, frozenset[int]] = {}
        self._named: dict[tuple[str, str], bool] = {}
        self._as_kind: dict[str, frozenset[int]] = {}
        self._titles: dict[str, str | None] = {}
        self._acronyms = acronyms
        self._definitions = definitions or {}
        self._states = states or {}
        self._converses = converses or {}
        self._noun_files = noun_files
        # Parsed on first use: only a phrase that reads nothing else asks for definitions.
        self._gloss_text = glosses
        self._glosses: dict[int, tuple[str, ...]] | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> WordNetLexicon:
        """Read a lexicon written by ``scripts/distill_wordnet.py`` (default: the packaged one)."""
        return cls._from_arrays(read_arrays(path, _RESOURCE))

    @classmethod
    def _from_arrays(cls, arrays: dict[str, NDArray[Any]]) -> WordNetLexicon:
        words = arrays["words"].tobytes().decode().split("\n")
        offsets = np.zeros(len(words) + 1, dtype=np.int64)
        np.cumsum(arrays["lengths"], out=offsets[1:])
        exceptions = _forms(arrays["exceptions"])
        verb_forms = _forms(arrays["verb_exceptions"]) if "verb_exceptions" in arrays else {}
        meta = json.loads(arrays["meta"].tobytes().decode()) if "meta" in arrays else {}
        kinds = None
        if "kind_names" in arrays:
            names = arrays["kind_names"].tobytes().decode().split("\n")
            kind_offsets = np.zeros(len(names) + 1, dtype=np.int64)
            np.cumsum(arrays["kind_lengths"], out=kind_offsets[1:])
            kinds = (names, kind_offsets, arrays["kind_deltas"].astype(np.uint32, copy=False))
        return cls(
            words,
            arrays["pos"].tobytes(),
            offsets,
            arrays["deltas"].astype(np.uint32, copy=False),
            exceptions,
            meta,
            kinds,
            _rows(arrays, "verb"),
            verb_forms,
            _rows(arrays, "rare"),
            frozenset(arrays["acronyms"].tobytes().decode().split("\n"))
            if "acronyms" in arrays
            else frozenset(),
            _forms(arrays["definitions"]) if "definitions" in arrays else None,
            arrays["noun_files"].tobytes() if "noun_files" in arrays else b"",
            arrays["glosses"].tobytes() if "glosses" in arrays else b"",
            _forms(arrays["states"]) if "states" in arrays else None,
            _forms(arrays["converses"]) if "converses" in arrays else None,
        )

    def __len__(self) -> int:
        return len(self._row)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self._row

    def knows(self, word: str) -> bool:
        """Whether English has ``word`` as a word: a form of a lemma or an acronym of a
        common noun ("PhDs", "CEO"). A made-up name ("Zorblat") is neither."""
        lowered = word.lower()
        plural = lowered.endswith("s") and lowered[:-1] in self._acronyms
        return lowered in self._acronyms or plural or bool(self._entry(lowered)[0])

    def base_forms(self, word: str) -> tuple[str, ...]:
        """The lemmas ``word`` may be an inflection of, itself first when it is one.

        Like WordNet's morphy: irregular forms from the exception lists, then the regular
        detachment rules, keeping a candidate only if it is a lemma of the part of speech whose
        rule produced it, so "films" gives "film" but "bus" never gives "bu".
        """
        return tuple(sorted(self._entry(word)[0], key=lambda base: (base != word.lower(), base)))

    def is_noun(self, word: str) -> bool:
        """Whether ``word`` is a noun or a noun's inflection ("colour", "owners"; not
        "written", nor "recorded", though "record" is a noun: only the noun rules of morphy
        and the irregular forms that are not a verb's lead to a noun)."""
        found = self._nouns.get(word)
        if found is None:
            if len(self._nouns) >= _CACHE_LIMIT:
                self._nouns.clear()
            lemmas = self._lemmatise(word.lower(), _NOUN)
            found = self._nouns[word] = any(self._is_lemma(base, _NOUN) for base in lemmas)
        return found

    def is_verb(self, word: str) -> bool:
        """Whether a form of ``word`` is a verb ("set up", "started"; not "team")."""
        return any(self._is_lemma(base, _VERB) for base in self._lemmatise(word.lower()))

    def is_modifier(self, word: str) -> bool:
        """Whether ``word`` may qualify what a relation name's last word names: an adjective
        ("former", "featured"; also one that is a noun too, "home", "first") or a word WordNet
        knows as no noun, verb nor adjective (an adverb: "previously")."""
        word = word.lower()
        if self.is_noun(word) and not self._is_lemma(word, _ADJ):
            return False
        return self._is_lemma(word, _ADJ) or (self.knows(word) and not self.is_verb(word))

    def defined_as(self, noun: str) -> tuple[str, tuple[str, ...]] | None:
        """The relations WordNet's definition of ``noun`` composes, when it defines it as
        one of another: the outer noun and the inner one or two ("grandfathers": the father
        of your father or mother -> ``("father", ("father", "mother"))``)."""
        for base in self._lemmatise(noun.lower(), only=_NOUN):
            found = self._definitions.get(base, ())
            if len(found) >= 2:
                return found[0], found[1:]
        return None

    def states_of(self, verb: str) -> tuple[str, ...]:
        """What WordNet defines the verb as being ("works": be employed -> ``employed``;
        "studied": be a student -> ``student``): a word for the state the verb puts its
        subject in, which no link of the verb's reaches. Empty for most verbs."""
        return tuple(
            dict.fromkeys(
                w
                for base in self._lemmatise(verb.lower(), only=_VERB)
                for w in self._states.get(base, ())
            )
        )

    def converses_of(self, noun: str) -> tuple[str, ...]:
        """The role across the tie the noun names ("parents": child; "boss": employee): a
        relation named by that role, walked backwards, reaches what the noun names."""
        return tuple(
            dict.fromkeys(
                w
                for base in self._lemmatise(noun.lower(), only=_NOUN)
                for w in self._converses.get(base, ())
            )
        )

    def defined_with(self, word: str) -> frozenset[str]:
        """The words WordNet defines the word's frequent noun and verb senses with, the
        commonest left out ("label": trade, name, company, produces, musical, recordings,
        ...). Empty for a word it does not know."""
        if self._glosses is None:
            self._glosses = {}
            for line in self._gloss_text.decode().split("\n"):
                ident, _, text = line.partition(" ")
                if text:
                    self._glosses[int(ident)] = tuple(text.split(" "))
        return frozenset(w for c in self._own(word.lower()) for w in self._glosses.get(c, ()))

    def definition_forms(self, word: str) -> frozenset[str]:
        """The base forms of the words ``defined_with`` gives ("coach": charge, team,
        train, ...): a definition's "trained" is the question's "train", not its "trainer"."""
        found = self._defining.get(word)
        if found is None:
            if len(self._defining) >= _CACHE_LIMIT:
                self._defining.clear()
            found = self._defining[word] = frozenset(
                form for w in self.defined_with(word) for form in self.forms(w)
            )
        return found

    def forms(self, word: str) -> tuple[str, ...]:
        """The word's base forms, or the word itself (lower-cased) when it has none."""
        return self.base_forms(word) or (word.lower(),)

    def names_person(self, noun: str) -> bool | None:
        """Does the noun's most frequent sense name a kind of person (WordNet files it under
        ``noun.person``: an ``author``, a ``spouse``, a ``curator``)? None where WordNet cannot
        say: an organisation (``noun.group``: a ``manufacturer``, a ``club``) acts as a person
        may, and a word that is no noun says nothing; False for any other noun (a ``number``,
        though it ends as a doer's name does, a ``city``)."""
        files = self._files(noun)
        if _PERSON_FILE in files:
            return True
        if not files or _GROUP_FILE in files:
            return None
        return False

    def names_group(self, noun: str) -> bool:
        """Does the noun's most frequent sense name a group (WordNet files it under
        ``noun.group``: a ``team``, a ``party``, a ``crew``)?"""
        return _GROUP_FILE in self._files(noun)

    def names_a_top(self, noun: str) -> bool:
        """Does the noun's most frequent sense name one of WordNet's most general kinds
        (``noun.Tops``: a ``person``, a ``thing``)? Such a noun says what an answer is, and
        many definitions use it, so it tells no relation from another."""
        return _TOPS_FILE in self._files(noun)

    def _files(self, noun: str) -> set[int]:
        return {
            self._noun_files[row]
            for base in self._lemmatise(noun.lower(), only=_NOUN)
            if (row := self._row.get(base)) is not None and row < len(self._noun_files)
        } - {_NO_FILE}

    def is_kind_of(self, noun: str, kind: str) -> bool:
        """Is a ``noun`` a ``kind`` in WordNet's own reach of it (a club is a team, a
        league is not; both are associations)? Siblings share a concept only above both."""
        wanted = self._own(kind.lower())
        return any(c in wanted for c in self._entry(noun.lower())[1])

    def _synonyms_own(self, noun: str) -> set[int]:
        """The concepts the noun's synonyms name: "nation" shares a sense with "country",
        whose other sense (the territory) is where WordNet files Norway. A name is judged
        by every sense of a word the asked noun is a synonym of."""
        naming = self._naming_rows()
        rows = {r for c in self._own(noun.lower()) for r in naming.get(c, ())}
        return {c for r in rows for c in self._own(self._lemmas[r])}

    def _naming_rows(self) -> dict[int, list[int]]:
        """The lemma rows naming each concept directly, built on first use."""
        if self._naming is None:
            self._naming = self._concept_lemmas()
        return self._naming

    def _concept_lemmas(self) -> dict[int, list[int]]:
        lengths = np.diff(self._offsets)
        codes = np.cumsum(self._deltas, dtype=np.uint64)
        starts = self._offsets[:-1]
        before = np.where(starts > 0, codes[np.maximum(starts - 1, 0)], 0).astype(np.uint64)
        codes = codes - np.repeat(before, lengths)
        rows = np.repeat(np.arange(len(lengths)), lengths)
        direct = (codes & np.uint64(3)) == 0
        naming: dict[int, list[int]] = {}
        for concept, row in zip(
            (codes[direct] >> np.uint64(2)).tolist(), rows[direct].tolist(), strict=True
        ):
            naming.setdefault(concept, []).append(row)
        return naming

    def _own(self, word: str) -> set[int]:
        """The concepts the word itself names: its kept senses' synsets."""
        return {c for c, d in self._entry(word)[1].items() if d == 0}

    def names_kind(self, name: str, noun: str) -> bool:
        """Is the proper name ``name`` ("vienna", "czech republic") a kind of thing ``noun``
        ("city", "country") names? WordNet files places, people, languages and faiths under
        their kinds, so a graph's entity names tell what a relation reaches even when the
        relation's own name does not say it (``within`` reaching countries)."""
        key = (_name_words(name), noun)
        found = self._named.get(key)
        if found is None:
            if len(self._named) >= _CACHE_LIMIT:
                self._named.clear()
            found = self._named[key] = self._judged_kind(*key)
        return found

    def _judged_kind(self, name: str, noun: str) -> bool:
        kinds = self._name_kinds(name)
        if kinds:
            return not self._kind_concepts(noun).isdisjoint(kinds)
        head = self._head_noun(name)
        return head is not None and self.head_is(head, noun)

    def _kind_concepts(self, noun: str) -> frozenset[int]:
        """The concepts a name filed under is of the noun's kind: the noun's own and its
        synonyms'. Kept per noun: a question asks one kind of every name its paths reach."""
        found = self._as_kind.get(noun)
        if found is None:
            if len(self._as_kind) >= _CACHE_LIMIT:
                self._as_kind.clear()
            found = self._as_kind[noun] = frozenset(self._own(noun) | self._synonyms_own(noun))
        return found

    def head_is(self, head: str, noun: str) -> bool:
        """Does a name titled by ``head`` name a kind of thing ``noun`` names ("university"
        and "institution")?"""
        wanted = self._own(noun)
        return any(c in wanted for c, d in self._entry(head)[1].items() if d <= _HEAD_KIN)

    def kin_kinds(self, head: str, noun: str) -> bool:
        """Are the two nouns kinds one link from a kind in common ("college" and "school":
        both educational institutions), one filed where the noun's first sense is? A school
        and a theatre are both buildings, but a school is first an institution."""
        near = {c for c, d in self._entry(head)[1].items() if d == 1}
        files = self._files(noun)
        naming = self._naming_rows()
        return any(
            d == 1
            and c in near
            and any(self._files(self._lemmas[r]) & files for r in naming.get(c, ()))
            for c, d in self._entry(noun)[1].items()
        )

    def title(self, name: str) -> str | None:
        """The common noun titling a proper name WordNet does not file ("Harrowfield General
        Hospital": hospital), if one does: the same for every noun a question asks it of."""
        words = _name_words(name)
        if words not in self._titles:
            if len(self._titles) >= _CACHE_LIMIT:
                self._titles.clear()
            self._titles[words] = None if self._name_kinds(words) else self._head_noun(words)
        return self._titles[words]

    def names_a_kind(self, name: str) -> bool:
        """Does WordNet file the proper name ``name`` under some kind ("Philadelphia": a
        city)? Then a kind it is not filed under is surely not what it is."""
        return bool(self._name_kinds(_name_words(name)))

    def tells_kind(self, name: str) -> bool:
        """Does WordNet say what the proper name is: it files the name ("Montreal": a city),
        or a common noun titles a proper name it does not know ("Corrigan Arena": an arena;
        "Street with a Parasol" is a title, not a parasol)?"""
        words = _name_words(name)
        if self._name_kinds(words):
            return True
        head = self._head_noun(words)
        return head is not None and all(w == head or w not in self for w in words.split(" "))

    def titled_as_group(self, name: str) -> bool:
        """Is a proper name WordNet does not know titled by a noun it files under groups
        ("Quayford University", "Institute of X": organisations)?"""
        head = self._head_noun(_name_words(name))
        return head is not None and self.names_group(head)

    def _head_noun(self, name: str) -> str | None:
        """The common noun a name WordNet does not know is titled by: "Quayford University",
        "University of Quayford" (the word before "of"). Not a word that is itself a
        name, as surnames often are ("Ann Lincoln", "Helena of Hanover"), and only after a
        proper name and with no possessive: "Silent Meadow", "Barney's Version" are titles,
        not a meadow or a version. Nor a plural: "Osier Books" is a publisher and "Osier
        Eagles" a team, not a book or an eagle."""
        words = [w for w in name.split(" ") if w not in _ARTICLES]
        if any("'" in w or "\u2019" in w for w in words):
            return None  # "Barney's Version", "Charlotte's Web": titles
        cut = words.index("of", 1) if "of" in words[1:] else len(words)
        if cut < 1:
            return None
        head, modifiers = words[cut - 1], words[: cut - 1] + words[cut + 1 :]
        if not any(m not in self or self._stored_kinds(m) for m in modifiers):
            return None
        if self._stored_kinds(head) or not self.is_noun(head) or self._plural(head):
            return None
        return head

    def _plural(self, noun: str) -> bool:
        """An "-s" form of a singular noun; invariant ones ("species", "corps") count too,
        which costs only the rare title headed by one."""
        return noun.endswith("s") and any(b != noun for b in self._lemmatise(noun, only=_NOUN))

    def _name_kinds(self, name: str) -> frozenset[int]:
        found = self._kinds.get(name)
        if found is None:
            found = self._stored_kinds(name)
            if not found and name.endswith("s"):  # "germans": a plural of a name WordNet knows
                found = self._stored_kinds(name[:-1])
            if len(self._kinds) >= _CACHE_LIMIT:
                self._kinds.clear()
            self._kinds[name] = found
        return found

    def _stored_kinds(self, name: str) -> frozenset[int]:
        row = self._name_row.get(name)
        if row is None:
            return frozenset()
        start, end = int(self._kind_offsets[row]), int(self._kind_offsets[row + 1])
        return frozenset(np.cumsum(self._kind_deltas[start:end], dtype=np.uint64).tolist())

    def related(self, a: str, b: str, verb: bool = False, rare: bool = False) -> float:
        """How closely WordNet links the two words, on the scale in the module docstring.

        Case-insensitive; 0.0 for a word WordNet does not know. With ``verb``, ``a`` is used
        as a verb and links through its verb senses only ("did X form" is not a genre);
        without, the score is symmetric. ``rare`` (implies ``verb``) links through all of
        ``a``'s verb senses, not only its most frequent ones.
        """
        mode = _RARE if rare else _AS_VERB if verb else 0
        key = (a, b, mode) if mode or a <= b else (b, a, mode)
        cached = self._pairs.get(key)
        if cached is not None:
            return cached
        score = self._score(self._entry(a, mode), self._entry(b))
        if len(self._pairs) >= _CACHE_LIMIT:
            self._pairs.clear()
        self._pairs[key] = score
        return score

    @staticmethod
    def _score(left: _Entry, right: _Entry) -> float:
        bases_a, concepts_a = left
        bases_b, concepts_b = right
        if not concepts_a or not concepts_b:
            return 0.0
        if not bases_a.isdisjoint(bases_b):
            return _SAME_BASE
        if len(concepts_a) > len(concepts_b):
            concepts_a, concepts_b = concepts_b, concepts_a
        best = len(_BY_DISTANCE)
        for concept, distance in concepts_a.items():
            other = concepts_b.get(concept)
            if other is not None and distance + other < best:
                best = distance + other
                if best == 0:
                    break
        return _BY_DISTANCE[best] if best < len(_BY_DISTANCE) else 0.0

    def _entry(self, word: str, mode: int = 0) -> _Entry:
        entry = self._words.get((word, mode))
        if entry is not None:
            return entry
        lowered = word.lower()
        entry = self._expand(lowered, mode) if 0 < len(lowered) <= _MAX_WORD else _EMPTY
        if len(self._words) >= _CACHE_LIMIT:
            self._words.clear()
        self._words[(word, mode)] = entry
        return entry

    def _expand(self, word: str, mode: int = 0) -> _Entry:
        bases = self._lemmatise(word)
        if mode:
            verbs = frozenset(b for b in bases if self._is_lemma(b, _VERB))
            if verbs:
                concepts: dict[int, int] = {}
                for base in verbs:
                    self._reach(base, 0, concepts, mode)
                return (bases, concepts)
        concepts = {}
        verb_only = self._verb_forms.get(word, ())
        for base in bases:
            self._reach(base, 0, concepts, _AS_VERB if base in verb_only else 0)
            plural = self._plural_noun(base)
            if plural is not None:
                self._reach(plural, 0, concepts)
        head = self._compound_head(word)
        if head is not None:
            # A closed compound is a kind of its head ("screenwriter" is a writer), which is
            # exactly a hypernym link; WordNet itself often files it two levels further away.
            for base in self._lemmatise(head):
                self._reach(base, 1, concepts)
        return (bases, concepts)

    def _reach(self, lemma: str, extra: int, concepts: dict[int, int], mode: int = 0) -> None:
        row = self._row[lemma]
        offsets, deltas = self._offsets, self._deltas
        if mode == _RARE and row in self._rare_row:
            row, offsets, deltas = self._rare_row[row], self._rare_offsets, self._rare_deltas
        elif mode and row in self._verb_row:
            row, offsets, deltas = self._verb_row[row], self._verb_offsets, self._verb_deltas
        start, end = int(offsets[row]), int(offsets[row + 1])
        for code in np.cumsum(deltas[start:end], dtype=np.uint64).tolist():
            concept, distance = code >> 2, (code & 3) + extra
            if distance < concepts.get(concept, len(_BY_DISTANCE)):
                concepts[concept] = distance

    def _plural_noun(self, verb: str) -> str | None:
        """The noun a verb with no noun of its own is made from, when that noun is only ever
        plural ("headquartered": headquarters, "clothed": clothes): WordNet files the verb with
        no link to it, though the two share a base form."""
        if self._is_lemma(verb, _NOUN) or not self._is_lemma(verb, _VERB):
            return None
        plural = verb + "s"
        return plural if self._is_lemma(plural, _NOUN) else None

    def _compound_head(self, word: str) -> str | None:
        """The longest noun ending ``word`` after a noun: "screen|writer", "birth|place"."""
        parts = self.compound_parts(word)
        return parts[1] if parts else None

    def compound_parts(self, word: str) -> tuple[str, str] | None:
        """A closed compound of two nouns as (modifier, head): "birthplace" -> birth, place."""
        if word in self._compounds:
            return self._compounds[word]
        if " " in word:
            return None
        found = None
        for cut in range(_MIN_MODIFIER, min(len(word), _MAX_WORD) - _MIN_HEAD + 1):
            modifier, head = word[:cut].rstrip("-"), word[cut:]
            if self._is_lemma(head, _NOUN) and self._is_lemma(modifier, _NOUN):
                found = (modifier, head)
                break
        if len(self._compounds) >= _CACHE_LIMIT:
            self._compounds.clear()
        self._compounds[word] = found
        return found

    def _lemmatise(self, word: str, only: int = 0) -> frozenset[str]:
        """The lemmas ``word`` may inflect; with ``only``, by that part of speech's rules
        alone (and, for nouns, no verb's irregular form: "made" is no noun's)."""
        if " " in word:
            return self._phrase_forms(word)
        verb_only = self._verb_forms.get(word, ()) if only == _NOUN else ()
        found = {
            base
            for base in self._exceptions.get(word, ())
            if base in self._row and base not in verb_only
        }
        if word in self._row:
            found.add(word)
        for pos, rules in _RULES:
            if (only and pos != only) or (pos == _VERB and self._is_lemma(word, _VERB)):
                continue  # a verb's own form inflects no other verb: "feed" is not "fee"+"d"
            for suffix, replacement in rules:
                if not word.endswith(suffix) or len(word) <= len(suffix):
                    continue
                stem = word[: -len(suffix)]
                candidates = [stem + replacement]
                if not replacement and suffix in _DOUBLING and _doubled(stem):
                    candidates.append(stem[:-1])
                found.update(c for c in candidates if self._is_lemma(c, pos))
        if not found and not only:
            found.update(self._agent_verbs(word))
        return frozenset(found)

    def _agent_verbs(self, word: str) -> set[str]:
        """The verb an agent noun WordNet lacks is made from ("funder": fund, "planners":
        plan), which says what it names as nearly as WordNet's own agent nouns' links do."""
        singular = word[:-1] if word.endswith("ers") else word
        if not singular.endswith("er") or len(singular) < 5:
            return set()
        stem = singular[:-2]
        candidates = [stem, stem + "e"] + ([stem[:-1]] if _doubled(stem) else [])
        return {c for c in candidates if self._is_lemma(c, _VERB)}

    def _phrase_forms(self, phrase: str) -> frozenset[str]:
        """Collocations a phrase may inflect: its first word as a verb ("sets up", "came
        from") or its last as a noun ("record companies"), as WordNet's morphy reads them."""
        first, *middle, last = phrase.split(" ")
        heads = {first, *self._lemmatise(first)}
        tails = {last, *self._lemmatise(last)}
        found = {" ".join((h, *middle, t)) for h in heads for t in tails}
        return frozenset(f for f in found if f in self._row)

    def _is_lemma(self, word: str, pos: int) -> bool:
        row = self._row.get(word)
        return row is not None and bool(self._pos[row] & pos)


@functools.cache
def packaged_lexicon() -> WordNetLexicon:
    """The packaged lexicon, loaded once per process.

    Caching at module level is deliberate: the lexicon is a read-only package resource, the same
    for every caller, and reading it again per request would only repeat the decompress. The
    per-word caches live on the instance, so a test can still load a private copy.
    """
    return WordNetLexicon.load()


def _name_words(name: str) -> str:
    """An entity name as WordNet spells its lemmas: lower case, spaces for underscores."""
    return " ".join(name.lower().replace("_", " ").split())


def _rows(arrays: dict[str, NDArray[Any]], name: str) -> _Verbs | None:
    """A table of extra rows (``verb_*``, ``rare_*``): which lemmas, their offsets, codes."""
    if f"{name}_rows" not in arrays:
        return None
    offsets = np.zeros(len(arrays[f"{name}_rows"]) + 1, dtype=np.int64)
    np.cumsum(arrays[f"{name}_lengths"], out=offsets[1:])
    return (arrays[f"{name}_rows"], offsets, arrays[f"{name}_deltas"].astype(np.uint32))


def _forms(text: NDArray[Any]) -> dict[str, tuple[str, ...]]:
    """Irregular forms and their bases, from the ``form base base`` lines of the file."""
    found: dict[str, tuple[str, ...]] = {}
    for line in text.tobytes().decode().split("\n"):
        form, *bases = line.split(" ")
        if bases:
            found[form] = tuple(bases)
    return found


def _doubled(stem: str) -> bool:
    """Whether the suffix doubled the final consonant, as in "starr" from "starring"."""
    return len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS
