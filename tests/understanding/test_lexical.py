"""The packaged WordNet lexicon must link question words to schema words, and nothing else."""

from __future__ import annotations

from importlib import resources

import pytest

from research_chain.graph.protocol import NameMatch
from research_chain.understanding.analysis import analyse
from research_chain.understanding.lexical import WordNetLexicon, packaged_lexicon

# (question word, schema word it names). Each must score above zero and above every control.
RELATED = [
    ("wife", "spouse"),
    ("husband", "spouse"),
    ("partner", "spouse"),
    ("born", "birth"),
    ("sex", "gender"),
    ("old", "aged"),
    ("old", "age"),
    ("director", "directed"),
    ("director", "direct"),
    ("screenwriter", "written"),
    ("screenwriter", "write"),
    ("writer", "written"),
    ("writer", "write"),
    ("wrote", "written"),
    ("wrote", "write"),
    ("sort", "genre"),
    ("kind", "genre"),
    ("type", "genre"),
    ("film", "movie"),
    ("actor", "act"),
    ("actor", "actors"),
    ("acted", "act"),
    ("acted", "actors"),
    ("nationality", "country"),
    ("nationality", "nation"),
    ("released", "release"),
]

# Pairs a matcher must not confuse; all of them share no WordNet concept within two links.
UNRELATED = [
    ("wife", "nationality"),
    ("team", "gender"),
    ("director", "language"),
    ("wife", "gender"),
    ("film", "spouse"),
    ("director", "genre"),
    ("actor", "spouse"),
    ("sex", "country"),
    ("movie", "birth"),
    ("old", "language"),
]


# Links only through a rare sense of a busy word: "nationality" is a "status", the 5th sense of
# "position"; "base" as "radix" is a "number". The lexicon keeps each lemma's most frequent
# senses only, so these may at most share a distant concept, never look like one link.
RARE_SENSE_NOISE = [
    ("nationality", "position"),
    ("base", "number"),
    ("based", "number"),
    ("born", "film"),
    ("born", "directed"),
    ("acted", "killed"),
    ("age", "year"),
    ("play", "wears"),
    ("position", "country"),
]

# Pairs that must survive the cut to frequent senses as a synonym or one link.
CLOSE = [
    ("wife", "spouse"),
    ("husband", "spouse"),
    ("partner", "spouse"),
    ("born", "birth"),
    ("sex", "gender"),
    ("old", "aged"),
    ("director", "directed"),
    ("writer", "written"),
    ("wrote", "written"),
    ("sort", "genre"),
    ("kind", "genre"),
    ("film", "movie"),
    ("actor", "actors"),
    ("released", "release"),
]


@pytest.fixture(scope="module")
def lexicon() -> WordNetLexicon:
    return packaged_lexicon()


@pytest.mark.parametrize(("question", "schema"), RELATED)
def test_related_pairs_beat_unrelated(lexicon: WordNetLexicon, question: str, schema: str) -> None:
    score = lexicon.related(question, schema)
    assert score > 0.0, (question, schema)
    ceiling = max(lexicon.related(a, b) for a, b in UNRELATED)
    assert score > ceiling, (question, schema, score, ceiling)
    # Symmetric and case-insensitive, since callers pass schema names in either role.
    assert lexicon.related(schema.upper(), question) == score


@pytest.mark.parametrize(("a", "b"), UNRELATED)
def test_unrelated_pairs_score_zero(lexicon: WordNetLexicon, a: str, b: str) -> None:
    assert lexicon.related(a, b) == 0.0


@pytest.mark.parametrize(("a", "b"), RARE_SENSE_NOISE)
def test_rare_senses_do_not_make_one_link(lexicon: WordNetLexicon, a: str, b: str) -> None:
    assert lexicon.related(a, b) < 0.8, (a, b)


@pytest.mark.parametrize(("verb", "kin"), [("appear", "actor"), ("run", "executive")])
def test_a_verb_reaches_its_rare_senses_only_when_asked(
    lexicon: WordNetLexicon, verb: str, kin: str
) -> None:
    """ "appear" in a film (its 6th sense), "run" a business (its 4th): kept aside."""
    assert lexicon.related(verb, kin, verb=True) == 0.0
    assert lexicon.related(verb, kin, rare=True) >= 0.6


@pytest.mark.parametrize(
    ("form", "noun_kin"), [("born", "investor"), ("made", "brand"), ("ran", "tally")]
)
def test_an_irregular_verb_form_links_through_the_verb_only(
    lexicon: WordNetLexicon, form: str, noun_kin: str
) -> None:
    """ "born" is the verb "bear", never the noun (a pessimistic investor); "made" is not a
    make (a brand), "ran" not a run (a tally). The verb's own links stay."""
    assert lexicon.related(form, noun_kin) == 0.0
    assert lexicon.related(form, {"born": "birth", "made": "make", "ran": "run"}[form]) > 0.0


@pytest.mark.parametrize(("a", "b"), CLOSE)
def test_frequent_senses_keep_close_pairs(lexicon: WordNetLexicon, a: str, b: str) -> None:
    assert lexicon.related(a, b) >= 0.8, (a, b)


def test_scores_follow_the_documented_ladder(lexicon: WordNetLexicon) -> None:
    same_base = lexicon.related("films", "film")
    synonym = lexicon.related("film", "movie")
    one_link = lexicon.related("wife", "spouse")  # direct hypernym
    two_links = lexicon.related("screenwriter", "write")  # compound head, then derivation
    assert same_base == 1.0
    assert same_base > synonym > one_link > two_links > 0.0


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("wrote", "write"),
        ("films", "film"),
        ("directed", "direct"),
        ("starring", "star"),
        ("born", "bear"),
        ("actors", "actor"),
        ("spoken", "speak"),
    ],
)
def test_base_forms(lexicon: WordNetLexicon, word: str, expected: str) -> None:
    assert expected in lexicon.base_forms(word)


def test_base_forms_respect_part_of_speech(lexicon: WordNetLexicon) -> None:
    # The word itself comes first when it is a lemma, and only real lemmas come back.
    assert lexicon.base_forms("film") == ("film",)
    assert lexicon.base_forms("directed")[0] == "directed"
    assert "bu" not in lexicon.base_forms("bus")
    assert "wrot" not in lexicon.base_forms("wrote")


@pytest.mark.parametrize("word", ["feed", "seed", "bed", "weed"])
def test_a_verb_of_its_own_inflects_no_other_verb(lexicon: WordNetLexicon, word: str) -> None:
    """WordNet's rule "-ed" -> "-e" would make "feed" a past of "fee" and "bed" of "be";
    a word that is a verb itself is that verb (morphy, too, puts the word first)."""
    assert lexicon.base_forms(word) == (word,)


@pytest.mark.parametrize(
    ("word", "noun"),
    [
        ("records", True),  # a record's plural
        ("plays", True),
        ("children", True),
        ("media", True),
        ("recorded", False),  # the verb's past; "record" the noun is not inflected so
        ("played", False),
        ("founded", False),
        ("made", False),  # an irregular verb form
        ("written", False),
    ],
)
def test_a_noun_is_a_noun_lemma_or_its_inflection(
    lexicon: WordNetLexicon, word: str, noun: bool
) -> None:
    assert lexicon.is_noun(word) is noun


@pytest.mark.parametrize("junk", ["xqzt", "", "spouse_of", "a" * 500, "zzwriter", "123"])
def test_unknown_words_score_zero(lexicon: WordNetLexicon, junk: str) -> None:
    assert lexicon.base_forms(junk) == ()
    assert lexicon.related(junk, "spouse") == 0.0
    assert lexicon.related("spouse", junk) == 0.0


def test_packaged_lexicon_is_small_and_is_shared() -> None:
    resource = resources.files("research_chain.understanding") / "wordnet.npz"
    assert len(resource.read_bytes()) < 6_000_000
    assert (resources.files("research_chain.understanding") / "WORDNET_LICENSE").is_file()
    fresh = WordNetLexicon.load()
    assert len(fresh) > 50_000
    assert packaged_lexicon() is packaged_lexicon()


def test_caches_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import research_chain.understanding.lexical as lexical

    monkeypatch.setattr(lexical, "_CACHE_LIMIT", 8)
    fresh = WordNetLexicon.load()
    words = [f"word{i}" for i in range(30)] + ["wife", "spouse"]
    for word in words:
        fresh.related(word, "spouse")
    assert len(fresh._words) <= 8
    assert len(fresh._pairs) <= 8
    # Still right after the caches were emptied and refilled.
    assert fresh.related("wife", "spouse") == lexicon_score("wife", "spouse")


def lexicon_score(a: str, b: str) -> float:
    return packaged_lexicon().related(a, b)


@pytest.mark.parametrize(
    ("name", "noun", "expected"),
    [
        ("vienna", "city", True),
        ("Czech_Republic", "countries", True),
        ("united kingdom", "country", True),
        ("lutheranism", "religion", True),
        ("english", "language", True),
        ("germany", "city", False),
        # "nation" shares a sense with "country", whose territory sense files Norway (ADR 0120)
        ("norway", "nation", True),
        ("vienna", "nation", False),
        ("vienna", "religion", False),
        ("old_town_of_x", "city", False),
        # a name WordNet does not know, by the common noun it is titled by
        ("Quayford_University", "institution", True),
        ("university of quayford", "institution", True),
        ("Pemberton_School_of_Economics", "institution", True),
        ("Quayford_University", "location", False),
        # titles of works and surnames that are names themselves are no such thing
        ("Silent_Meadow", "location", False),
        ("Barney's Version", "type", False),
        ("The_Quiet_Witness", "person", False),
        ("Ann_Lincoln", "location", False),
        ("helena_of_hanover_84", "location", False),
        # a plural title names a firm or a team, not one of the things: a publisher, a club
        ("Quayside_Books", "book", False),
        ("Quayside Eagles", "bird", False),
        ("Quayside_Bookshop", "shop", True),
    ],
)
def test_proper_names_are_known_by_their_kinds(
    lexicon: WordNetLexicon, name: str, noun: str, expected: bool
) -> None:
    assert lexicon.names_kind(name, noun) is expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Montreal", True),
        ("Corrigan_Arena", True),
        ("Quayford University", True),
        # a title made of common words says what it shows, not what it is
        ("Street_with_a_Parasol", False),
        ("Garden at Noon", False),
        ("Pemberton_School_of_Economics", False),
        ("Zorblat", False),
    ],
)
def test_a_name_tells_its_kind_when_wordnet_files_it_or_a_noun_titles_it(
    lexicon: WordNetLexicon, name: str, expected: bool
) -> None:
    assert lexicon.tells_kind(name) is expected


@pytest.mark.parametrize(
    ("noun", "expected"),
    [
        ("author", True),
        ("spouses", True),
        ("children", True),
        ("curator", True),
        # an organisation may act as a person does; a word that is no noun says nothing
        ("manufacturer", None),
        ("clubs", None),
        ("starring", None),
        ("zorblat", None),
        # "-er" and "-or" make no person of a thing
        ("number", False),
        ("corridor", False),
        ("city", False),
        ("genre", False),
    ],
)
def test_a_noun_names_a_person_by_its_most_frequent_sense(
    lexicon: WordNetLexicon, noun: str, expected: bool | None
) -> None:
    assert lexicon.names_person(noun) is expected


@pytest.mark.parametrize(
    ("words", "lemma"),
    [
        ("set up", "set up"),
        ("sets up", "set up"),
        ("line of work", "line of work"),
        ("record companies", "record company"),
        ("chief executive officer", "chief executive officer"),
    ],
)
def test_collocations_are_lemmas(lexicon: WordNetLexicon, words: str, lemma: str) -> None:
    assert lexicon.base_forms(words) == (lemma,)


def test_collocations_link_like_words(lexicon: WordNetLexicon) -> None:
    assert lexicon.related("set up", "founded") == 0.9  # {establish, set up, found}
    assert lexicon.related("line of work", "occupation") == 0.9
    assert lexicon.related("place of birth", "birthplace") == 0.9
    assert lexicon.related("set up", "spouse") == 0.0
    assert lexicon.base_forms("set of") == ()


# Relations of one small graph; no test pair below is spelled in research_chain/.
_GRAPH = ["founded_by", "place_of_birth", "occupation", "spouse", "located_in", "produced_by"]


def _readings(question: str, seed: str) -> dict[str, set[str]]:
    start = question.index(seed)
    names = [NameMatch(seed, start, start + len(seed), ("t.kb.x.y.entity.seed",))]
    found: dict[str, set[str]] = {}
    for mention in analyse(question, _GRAPH, [], names).relations:
        found.setdefault(mention.word, set()).add(mention.predicate)
    return found


@pytest.mark.parametrize(
    ("question", "seed", "word", "relation"),
    [
        ("who set up Acme?", "Acme", "set", "founded_by"),
        ("which business was set up by Ada Lind?", "Ada Lind", "set", "founded_by"),
        ("what line of work is Ada Lind in?", "Ada Lind", "line", "occupation"),
        # closing the question right after the name, a verb is not a word describing it
        ("when was Acme set up?", "Acme", "up", "founded_by"),
        # a light verb is read in a question; after "who" or "that", the word right before
        # a name is the verb, not a kind of the named thing
        ("what does Acme make?", "Acme", "make", "produced_by"),
        ("who makes Widget One?", "Widget One", "makes", "produced_by"),
        ("where is the firm that makes Widget One?", "Widget One", "makes", "produced_by"),
    ],
)
def test_everyday_phrasings_read_the_relation_they_mean(
    question: str, seed: str, word: str, relation: str
) -> None:
    readings = _readings(question, seed)
    assert readings.get(word) == {relation}
    # "set" alone is "place" (put, set, place): inside "set up" it is not read that way
    assert all("place_of_birth" not in found for found in readings.values())


@pytest.mark.parametrize(
    ("verb", "noun_only_kin"),
    [("form", "genre"), ("started", "birth")],
)
def test_a_word_used_as_a_verb_links_through_its_verb_senses(
    lexicon: WordNetLexicon, verb: str, noun_only_kin: str
) -> None:
    """The noun "form" is a kind (a genre) and the noun "start" a beginning (a birth); the
    verbs mean to create and to begin, which neither word is."""
    assert lexicon.related(verb, noun_only_kin) >= 0.8
    assert lexicon.related(verb, noun_only_kin, verb=True) < 0.8


@pytest.mark.parametrize(
    ("verb", "kin"),
    [("directed", "director"), ("wrote", "writer"), ("founded", "founder"), ("born", "birth")],
)
def test_verb_senses_keep_their_derived_nouns(lexicon: WordNetLexicon, verb: str, kin: str) -> None:
    assert lexicon.related(verb, kin, verb=True) >= 0.8


def test_a_kinship_noun_is_defined_as_two_relations(lexicon: WordNetLexicon) -> None:
    assert lexicon.defined_as("grandfathers") == ("father", ("father", "mother"))
    assert lexicon.defined_as("Father-in-law") == ("father", ("spouse",))
    assert lexicon.defined_as("grandson") == ("child", ("son", "daughter"))
    assert lexicon.defined_as("father") is None


def test_a_verb_links_to_what_it_causes_only_as_a_verb(lexicon: WordNetLexicon) -> None:
    """To kill is to cause to die: "what killed X" asks for a cause of death. A noun is
    not read through its verb senses' causes ("the cast of a film" is not "to feature")."""
    assert lexicon.related("killed", "die", verb=True) >= 0.8
    assert lexicon.related("killed", "death", verb=True) >= 0.6
    assert lexicon.related("killed", "die") == 0.0


def test_a_verb_made_from_a_plural_noun_links_like_the_noun(lexicon: WordNetLexicon) -> None:
    """WordNet files "to headquarter" with no link to "headquarters" (an office) though the
    two share a base form: "head office" has to find ``headquartered_in``."""
    assert lexicon.related("headquartered", "office") >= 0.8
    assert lexicon.related("headquartered", "headquarters") == 1.0


def test_a_word_is_defined_with_its_senses_uncommon_words(lexicon: WordNetLexicon) -> None:
    """What WordNet says a thing is, for a phrase no link reads: a label is a company's
    trade name; a word too common in definitions ("person", "used") is left out."""
    assert {"company", "recordings"} <= lexicon.defined_with("labels")
    assert {"company", "recordings"} <= lexicon.defined_with("record company")
    assert "person" not in lexicon.defined_with("teacher")
    assert lexicon.defined_with("Quayford") == frozenset()


@pytest.mark.parametrize(
    ("verb", "state"),
    [("works", "employed"), ("studied", "student"), ("hails", "native"), ("heads", "charge")],
)
def test_a_verb_defined_as_being_something_names_that_state(
    lexicon: WordNetLexicon, verb: str, state: str
) -> None:
    """WordNet defines "work" as "be employed": no link of the verb reaches ``employer``,
    but the state it puts its subject in does."""
    assert state in lexicon.states_of(verb)


def test_most_verbs_are_defined_as_doing_not_being(lexicon: WordNetLexicon) -> None:
    assert lexicon.states_of("write") == ()
    assert lexicon.states_of("zorblat") == ()


@pytest.mark.parametrize(
    ("noun", "other"),
    [("parents", "child"), ("children", "parent"), ("mother", "child"), ("employees", "employer"),
     ("boss", "employee")],
)  # fmt: skip
def test_a_role_knows_the_role_across_its_tie(
    lexicon: WordNetLexicon, noun: str, other: str
) -> None:
    """WordNet's antonyms of person nouns, or of their hypernyms ("mother", a parent):
    a relation named by the other role, walked backwards, reaches this one."""
    assert other in lexicon.converses_of(noun)


@pytest.mark.parametrize("noun", ["husband", "brother", "teacher", "Quayford"])
def test_a_role_for_another_sex_is_no_converse(lexicon: WordNetLexicon, noun: str) -> None:
    """ "husband" and "wife" are WordNet antonyms defined alike (a married man, a married
    woman): the same role for another sex, so walking ``wife`` backwards is not implied."""
    assert lexicon.converses_of(noun) == ()
