"""Any graph, read generically: plain-name ingest, walks across shared names, relation
names of every shape, question words linked to relations through word knowledge, and
one everyday 2-hop question through the real chain over a freshly ingested file."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from research_chain.bus import Bus
from research_chain.bus.names import Stage, loop_entity_id
from research_chain.client import research
from research_chain.components import default_components, nl_classify, route_search
from research_chain.config import Settings
from research_chain.graph import EmbeddedGraph
from research_chain.graph.ingest.formats import Parsed, parse_delimited, triple_dict
from research_chain.graph.ingest.mapping import load_mapping
from research_chain.graph.ingest.run import IngestOptions, ingest_files
from research_chain.graph.protocol import Direction, NameMatch, Step
from research_chain.judges import HeuristicJudge
from research_chain.payloads import Intent, RouteAction, RouteDecision
from research_chain.payloads.constants import Predicate
from research_chain.payloads.graph import ENTITY_ID_PATTERN
from research_chain.retrieval.paths import path_tree
from research_chain.retrieval.reading import read_question
from research_chain.retrieval.subqueries import PathQuery
from research_chain.runtime import Chain
from research_chain.understanding.analysis import WHOLE_PHRASE, Analysis, analyse, match_strength
from research_chain.understanding.evidence import answer_labels
from research_chain.understanding.lexical import packaged_lexicon
from research_chain.understanding.paths import (
    PathChoice,
    PathTree,
    Signature,
    _defines,
    _domain,
    _possessed_reading,
    _read_defined,
    _Scorer,
    _wh_kinds,
    infer_paths,
    mention_count,
)
from research_chain.understanding.relation_names import read_relation
from tests.chain.helpers import serving
from tests.components.conftest import Contexts
from tests.graph.conftest import opened

# A made-up family and football graph, relations named in several common shapes.
ROWS: list[tuple[str, str, str]] = [
    ("anna_of_x", "spouse", "bert_y"),
    ("anna_of_x", "nationality", "Southland"),
    ("anna_of_x", "gender", "female"),
    ("bert_y", "place_of_birth", "Old_Town"),
    ("bert_y", "nationality", "Northland"),
    ("Old_Town", "located_in", "Northland"),
    ("carl_z", "people.person.gender", "male"),
    ("carl_z", "spouse", "dora_w"),
    ("dora_w", "birthPlace", "New_Harbour"),
    ("dora_w", "nationality", "Westland"),
    ("New_Harbour", "located_in", "Eastland"),
    ("frederica_of_mecklenburg-strelitz", "gender", "female"),
    ("frederica_of_mecklenburg-strelitz", "spouse", "carl_z"),
    ("Alan_PULIDO", "plays_in_club", "Tigres_UANL"),
    ("Alan_PULIDO", "plays_for_country", "Mexico"),
    # Two conditions: only Ben_ORTIZ is both a Forward and at Lions_FC.
    ("Ben_ORTIZ", "plays_in_club", "Lions_FC"),
    ("Ben_ORTIZ", "plays_position", "Forward"),
    ("Cal_REYES", "plays_in_club", "Lions_FC"),
    ("Cal_REYES", "plays_position", "Goalkeeper"),
    ("Dan_SOTO", "plays_in_club", "Bears_AFC"),
    ("Dan_SOTO", "plays_position", "Forward"),
]

WireTriple = dict[str, Any]


def _lines(sep: str) -> list[str]:
    return [sep.join(row) + "\n" for row in ROWS]


def _parse(sep: str) -> list[Parsed]:
    """The rows written with ``sep``, parsed with the separator left to detection."""
    records = list(parse_delimited(_lines(sep), load_mapping(None)))
    parsed = [r for r in records if isinstance(r, Parsed)]
    assert len(parsed) == len(records) == len(ROWS), records
    return parsed


def _records_of(rows: list[tuple[str, str, str]]) -> list[Parsed]:
    lines = ["\t".join(row) + "\n" for row in rows]
    return [r for r in parse_delimited(lines, load_mapping(None)) if isinstance(r, Parsed)]


def _ids_by_name(records: Sequence[Parsed]) -> dict[str, set[str]]:
    ids: dict[str, set[str]] = defaultdict(set)
    for record in records:
        for entity_id, name in record.names:
            ids[name].add(entity_id)
    return ids


def _one_id(records: Sequence[Parsed], name: str) -> str:
    (only,) = _ids_by_name(records)[name]
    return only


def _graph_triples(records: Sequence[Parsed]) -> list[WireTriple]:
    """Triples plus one ``name`` triple per entity, as bench/dev_sets.py load_graph does."""
    out: list[WireTriple] = []
    named: set[str] = set()
    for record in records:
        for entity_id, name in record.names:
            if entity_id not in named:
                named.add(entity_id)
                out.append(triple_dict(entity_id, "name", name, False, "family.tsv"))
        out.extend(record.triples)
    return out


@pytest.fixture(scope="module")
def records() -> list[Parsed]:
    return _parse("\t")


@pytest.fixture(scope="module")
def memory_graph(records: list[Parsed]) -> EmbeddedGraph:
    return EmbeddedGraph.from_triples(_graph_triples(records))


# --- 1. generic ingest: one entity per name ------------------------------------------


def test_a_name_reached_as_object_is_the_same_entity_as_subject(records: list[Parsed]) -> None:
    by_line = {r.line: r.triples[0] for r in records}
    # bert_y: object of line 1 (spouse), subject of lines 4 and 5.
    assert by_line[1]["object"] == by_line[4]["subject"] == by_line[5]["subject"]
    # Old_Town: object of line 4, subject of line 6; Northland: object of lines 5 and 6.
    assert by_line[4]["object"] == by_line[6]["subject"]
    assert by_line[5]["object"] == by_line[6]["object"]
    # carl_z: subject of lines 7 and 8, object of line 13.
    assert by_line[7]["subject"] == by_line[8]["subject"] == by_line[13]["object"]
    # Every name maps to exactly one id, and distinct names to distinct ids.
    ids = _ids_by_name(records)
    assert all(len(found) == 1 for found in ids.values()), ids
    assert len({next(iter(found)) for found in ids.values()}) == len(ids)


def test_every_id_is_typed_entity(records: list[Parsed]) -> None:
    ids = {e for r in records for e, _ in r.names}
    for triple in (t for r in records for t in r.triples):
        assert triple["kind"] == "entity", triple
        ids |= {triple["subject"], triple["object"]}
    assert ids
    for entity_id in ids:
        assert ENTITY_ID_PATTERN.match(entity_id), entity_id
        assert entity_id.split(".")[4] == "entity", entity_id


@pytest.mark.parametrize("sep", ["|", ","])
def test_pipe_and_comma_files_parse_like_the_tab_file(records: list[Parsed], sep: str) -> None:
    other = _parse(sep)
    assert [r.triples for r in other] == [r.triples for r in records]
    assert [r.names for r in other] == [r.names for r in records]


# --- 2. a 3-hop walk crosses the shared names ---------------------------------------


async def test_three_hop_walk_crosses_shared_names(
    records: list[Parsed], memory_graph: EmbeddedGraph
) -> None:
    anna, bert = _one_id(records, "anna_of_x"), _one_id(records, "bert_y")
    town, northland = _one_id(records, "Old_Town"), _one_id(records, "Northland")
    hits = await memory_graph.walk_path(
        [anna], [Step("spouse"), Step("place_of_birth"), Step("located_in")]
    )
    assert [h.entity_id for h in hits] == [northland]
    (hit,) = hits
    assert hit.seed == anna and hit.depth == 3
    assert [(t.subject, t.object) for t in hit.path] == [
        (anna, bert), (bert, town), (town, northland)
    ]  # fmt: skip


async def test_walk_back_along_the_same_path_returns_to_the_seed(
    records: list[Parsed], memory_graph: EmbeddedGraph
) -> None:
    anna, northland = _one_id(records, "anna_of_x"), _one_id(records, "Northland")
    steps = [
        Step("located_in", Direction.IN),
        Step("place_of_birth", Direction.IN),
        Step("spouse", Direction.IN),
    ]
    hits = await memory_graph.walk_path([northland], steps)
    assert {h.entity_id for h in hits} == {anna}


# --- 3. relation names of every shape ------------------------------------------------


@pytest.mark.parametrize(
    ("name", "words", "inverse"),
    [
        ("place_of_birth", ("place", "of", "birth"), False),
        ("birthPlace", ("birth", "place"), False),
        ("people.person.gender", ("gender",), False),
        ("__people__person__gender", ("gender",), False),
        ("http://schema.org/birthPlace", ("birth", "place"), False),
        ("foaf:knows", ("knows",), False),
        ("plays_in_club_inverse", ("plays", "in", "club"), True),
        ("reverse_spouse", ("spouse",), True),
        ("spouse_reverse", ("spouse",), True),
    ],
)
def test_relation_names_read_to_their_words(
    name: str, words: tuple[str, ...], inverse: bool
) -> None:
    read = read_relation(name)
    assert read.words == words
    assert read.inverse is inverse


@pytest.mark.parametrize("name", ["people.person.gender", "__people__person__gender"])
def test_namespace_segments_are_context_not_words(name: str) -> None:
    read = read_relation(name)
    assert read.context == ("people", "person")
    assert not set(read.context) & set(read.words)


# --- 4. packaged word knowledge links question words to relations ------------------

PREDICATES = [
    "spouse", "place_of_birth", "gender", "nationality",
    "plays_in_club", "plays_for_country", "plays_position", "is_aged",
]  # fmt: skip
SUBJECT = "anna_of_x"
SUBJECT_ID = "local.kb.ingest.default.entity.anna-of-x"


def _strengths(question: str) -> dict[str, float]:
    """The strongest mention of each predicate in ``question``."""
    start = question.index(SUBJECT)
    names = [NameMatch(SUBJECT, start, start + len(SUBJECT), (SUBJECT_ID,))]
    analysis = analyse(question, PREDICATES, ["entity"], names)
    best: dict[str, float] = {}
    for mention in analysis.relations:
        best[mention.predicate] = max(best.get(mention.predicate, 0.0), mention.strength)
    return best


def _word_strength(question: str, word: str, predicate: str) -> float:
    start = question.index(SUBJECT)
    names = [NameMatch(SUBJECT, start, start + len(SUBJECT), (SUBJECT_ID,))]
    analysis = analyse(question, PREDICATES, ["entity"], names)
    return max(
        (m.strength for m in analysis.relations if m.word == word and m.predicate == predicate),
        default=0.0,
    )


@pytest.mark.parametrize(
    ("question", "relation"),
    [
        ("who is the wife of anna_of_x", "spouse"),
        ("who is the partner of anna_of_x", "spouse"),
        ("who is the husband of anna_of_x", "spouse"),
        ("what sex is anna_of_x", "gender"),
        ("how old is anna_of_x", "is_aged"),
    ],
)
def test_question_word_names_its_relation_strongest(question: str, relation: str) -> None:
    best = _strengths(question)
    assert best, question
    top = max(best.values())
    assert best.get(relation) == top, best
    assert [p for p, s in best.items() if s == top] == [relation], best


def test_born_names_place_of_birth_among_the_strongest() -> None:
    best = _strengths("where was anna_of_x born")
    assert best.get("place_of_birth") == max(best.values()), best


def test_team_names_the_club_over_the_country() -> None:
    question = "which team does anna_of_x play for"
    club = _word_strength(question, "team", "plays_in_club")
    country = _word_strength(question, "team", "plays_for_country")
    assert club > country, (club, country)


# --- 5. lower-case underscored names link --------------------------------------------


@pytest.mark.parametrize(
    ("question", "surface", "name"),
    [
        (
            "what is the gender of frederica_of_mecklenburg-strelitz ?",
            "frederica_of_mecklenburg-strelitz",
            "frederica_of_mecklenburg-strelitz",
        ),
        ("which club does alan_pulido play for", "alan_pulido", "Alan_PULIDO"),
    ],
)
def test_underscored_names_match_whole(
    records: list[Parsed], memory_graph: EmbeddedGraph, question: str, surface: str, name: str
) -> None:
    entity = _one_id(records, name)
    start = question.index(surface)
    end = start + len(surface)
    matches = memory_graph.match_names(question)
    whole = [m for m in matches if (m.start, m.end) == (start, end)]
    assert whole, matches
    assert entity in whole[0].entity_ids
    # Nothing claims a piece of the name instead.
    inside = [m for m in matches if m.start < end and m.end > start]
    assert inside == whole, matches


# --- 6. an everyday 2-hop question through the real chain ---------------------------


@pytest.fixture
async def family_graph(
    bus: Bus, settings: Settings, tmp_path: Path
) -> AsyncIterator[EmbeddedGraph]:
    """The tab file ingested as ``research-chain ingest`` does by default, then opened."""
    kb = tmp_path / "family.tsv"
    kb.write_text("".join(_lines("\t")), encoding="utf-8")
    summary = await ingest_files(bus, settings, [kb], IngestOptions(mapping=load_mapping(None)))
    assert (summary.triples, summary.rejected) == (len(ROWS), 0)
    async with opened(bus, settings) as graph:
        # One stored entity per distinct name, whatever roles the name plays.
        assert len(graph) == len({name for row in ROWS for name in (row[0], row[2])})
        yield graph


@pytest.fixture
async def family_chain(
    bus: Bus, settings: Settings, family_graph: EmbeddedGraph
) -> AsyncIterator[Chain]:
    async with serving(
        bus, settings, default_components(), graph=family_graph, judge=HeuristicJudge()
    ) as running:
        yield running


@pytest.mark.parametrize(
    ("question", "gold"),
    [
        ("what is the nationality of the husband of anna_of_x ?", "Northland"),
        ("where was the wife of carl_z born ?", "New_Harbour"),
        ("what is the nationality of the wife of carl_z ?", "Westland"),
        ("name a player who plays at Forward position at the club Lions_FC ?", "Ben_ORTIZ"),
        # 3 hops: "country" names what a step of its own reaches (ADR 0098), so the wife's
        # own nationality (Westland) is only the near miss
        ("in which country is the birthplace of the wife of carl_z ?", "Eastland"),
    ],
)
async def test_everyday_multi_hop_question_through_the_chain(
    bus: Bus,
    settings: Settings,
    family_graph: EmbeddedGraph,
    family_chain: Chain,
    question: str,
    gold: str,
) -> None:
    result = await research(
        bus, question, parent_loop_id="any-graph-hops", timeout=30, names=settings.names()
    )
    labels = answer_labels(result.synthesis)
    assert labels, result.synthesis
    assert labels[0] == gold, result.synthesis
    assert set(labels) <= {gold}, result.synthesis


def _analysis(question: str, predicates: list[str]) -> Analysis:
    start = question.index(SUBJECT)
    names = [NameMatch(SUBJECT, start, start + len(SUBJECT), (SUBJECT_ID,))]
    return analyse(question, predicates, ["entity"], names)


def _ranked(question: str, predicates: list[str], tree: PathTree) -> list[PathChoice]:
    """The candidate paths for ``question`` from the subject at the tree's root, best first."""
    analysis = _analysis(question, predicates)
    span = analysis.entity_token_span(analysis.entities[0])
    return infer_paths(analysis, "entity", tree, span)


def test_a_closed_compound_names_the_relation_holding_both_its_parts() -> None:
    analysis = _analysis(f"what is the birthplace of {SUBJECT} ?", [*PREDICATES, "place_of_death"])
    strength = {m.predicate: m.strength for m in analysis.relations}
    assert strength["place_of_birth"] > strength.get("place_of_death", 0.0)


@pytest.mark.parametrize(
    ("question", "first"),
    [
        (f"what is the religion of the dad of {SUBJECT} ?", Direction.OUT),
        (f"what is the religion of {SUBJECT}'s father ?", Direction.OUT),
    ],
)
def test_a_noun_names_where_a_relation_leads(question: str, first: Direction) -> None:
    """``parents`` out reaches the dad; backwards it reaches the children: two paths that
    explain the same words alike, told apart by what the noun names."""
    signature: Signature = {
        "entity": {
            ("parents", Direction.OUT): frozenset({"entity"}),
            ("parents", Direction.IN): frozenset({"entity"}),
            ("religion", Direction.OUT): frozenset({"entity"}),
        }
    }
    analysis = _analysis(question, ["parents", "religion"])
    best = infer_paths(analysis, "entity", signature)[0]
    assert best.steps == (Step("parents", first), Step("religion", Direction.OUT))


FILM_RELATIONS = ["directed_by", "written_by", "starred_actors", "has_genre"]
FILM_SIGNATURE: Signature = {
    "entity": {(p, Direction.OUT): frozenset({"entity"}) for p in FILM_RELATIONS}
}


@pytest.mark.parametrize(
    "question",
    [
        f"what kind of film is {SUBJECT}",
        f"what sort of movie is {SUBJECT}",
        f"what type of film is {SUBJECT}",
    ],
)
def test_a_classified_noun_names_no_relation(question: str) -> None:
    """ "film" in "what kind of film is X" says what X is: it may not pull the walk
    towards directors. "type" is not a kind of "genre" as "kind" is, only its sibling
    in WordNet: as the answer's noun that is enough."""
    analysis = _analysis(question, FILM_RELATIONS)
    assert not [m for m in analysis.relations if m.word in ("film", "movie")]
    best = infer_paths(analysis, "entity", FILM_SIGNATURE)[0]
    assert best.steps == (Step("has_genre", Direction.OUT),)


def test_the_person_a_statement_points_at_is_its_answer() -> None:
    analysis = _analysis(f"{SUBJECT} is a film written by this person", FILM_RELATIONS)
    assert analysis.answer_words == ("person",)


def _node(*edges: tuple[str, Direction, str]) -> dict[tuple[str, Direction], frozenset[str]]:
    return {(p, d): frozenset({far}) for p, d, far in edges}


# From a person: where they died (cities), from there what contains it (countries) and
# who else was born there, and from those their nationality (countries as well).
KIND_TREE = PathTree(
    {
        "entity": _node(
            ("place_of_death", Direction.OUT, "entity#1"),
            ("nationality", Direction.OUT, "entity#2"),
        ),
        "entity#1": _node(
            ("containedby", Direction.OUT, "entity#3"),
            ("place_of_birth", Direction.IN, "entity#4"),
        ),
        "entity#4": _node(("nationality", Direction.OUT, "entity#5")),
    },
    {
        "entity#1": ("Vienna", "Munich"),
        "entity#2": ("Germany",),
        "entity#3": ("Austria", "Germany"),
        "entity#4": ("hans_of_x", "otto_of_y"),
        "entity#5": ("Germany", "France"),
    },
)


@pytest.mark.parametrize(
    "question",
    [f"what is the country of {SUBJECT}'s deathplace ?", f"in which country did {SUBJECT} die ?"],
)
def test_the_answer_noun_names_what_the_entities_reached_are(question: str) -> None:
    """WordNet knows Austria is a country and Vienna a city: "country" is answered by the
    relation reaching countries from the place of death, though ``containedby`` shares no
    word with the question, and not by the people born there and their nationality."""
    predicates = ["place_of_death", "place_of_birth", "nationality", "containedby"]
    best = infer_paths(_analysis(question, predicates), "entity", KIND_TREE)[0]
    assert best.steps == (
        Step("place_of_death", Direction.OUT),
        Step("containedby", Direction.OUT),
    ), best


GENEALOGY = ["place_of_death", "place_of_birth", "nationality", "containedby", "spouse", "parents"]


@pytest.mark.parametrize("verb", ["born", "buried", "known"])
def test_a_possessive_phrase_ends_before_its_verb(verb: str) -> None:
    """ "where was X's spouse born": the spouse is the hop; "born" is what is asked of
    them, a relation of its own, not a word of the possessive's noun phrase."""
    analysis = _analysis(f"where was {SUBJECT}'s spouse {verb} ?", [*GENEALOGY, "buried_in"])
    (mention,) = analysis.entities
    phrases = analysis.hop_phrases(analysis.entity_token_span(mention))
    assert [[analysis.tokens[t].text for t in phrase] for phrase in phrases] == [["spouse"]]


@pytest.mark.parametrize(
    ("question", "hops"),
    [
        (f"what is the location of the birth place of {SUBJECT} ?", 2),
        (f"what is the location of the place of birth of {SUBJECT} ?", 2),
        (f"what is the country of {SUBJECT}'s deathplace ?", 2),
        (f"{SUBJECT}'s spouse has what nationality ?", 2),
        (f"what is the nationality of the spouse of {SUBJECT}'s father ?", 3),
        (f"what is the place of death of the spouse of the father of {SUBJECT} ?", 3),
        (f"where was the spouse of {SUBJECT} born ?", 1),
        (f"who is the spouse of {SUBJECT} ?", 1),
    ],
)
def test_each_phrase_of_an_of_chain_is_one_hop(question: str, hops: int) -> None:
    """ "the A of the B of X", "X's B's A", "X's B has what A": one hop per phrase, and
    "place of birth" is one phrase because one relation is spelled by both its words."""
    analysis = _analysis(question, GENEALOGY)
    (mention,) = analysis.entities
    assert len(analysis.hop_phrases(analysis.entity_token_span(mention))) == hops


@pytest.mark.parametrize(
    "question",
    [
        f"what is the location of the place of death of {SUBJECT} ?",
        f"{SUBJECT}'s deathplace has what location ?",
    ],
)
def test_a_broad_answer_noun_is_one_more_hop(question: str) -> None:
    """Cities are locations too, but "the location of the place of death" names two
    phrases: the second hop is the one reaching what holds the city."""
    best = _ranked(question, GENEALOGY, KIND_TREE)[0]
    assert best.steps == (
        Step("place_of_death", Direction.OUT),
        Step("containedby", Direction.OUT),
    ), best


async def test_a_crowded_tree_grows_the_named_relations_first() -> None:
    """With the node budget spent, paths through relations the question names are the
    ones grown: a dense family must not crowd out "the country of the deathplace"."""
    rows = [("p0", "place_of_death", "Vienna"), ("Vienna", "containedby", "Austria")]
    rows += [("p0", f"knows_{i}", f"q{i}") for i in range(5)]
    rows += [(f"q{i}", f"knows_{j}", f"r{i}_{j}") for i in range(5) for j in range(10)]
    graph = EmbeddedGraph.from_triples(_graph_triples(_records_of(rows)))
    (seed,) = next(m.entity_ids for m in graph.match_names("p0") if m.surface == "p0")
    tree = await path_tree(graph, [seed], max_nodes=20, mentioned={"place_of_death"})
    death = next(iter(tree["entity"][("place_of_death", Direction.OUT)]))
    assert ("containedby", Direction.OUT) in tree[death]
    budget = await path_tree(graph, [seed], max_nodes=20, mentioned={"knows_0"})
    death = next(iter(budget["entity"][("place_of_death", Direction.OUT)]))
    assert ("containedby", Direction.OUT) not in budget.get(death, {})


def test_a_step_is_judged_by_everything_it_reaches() -> None:
    """X's own birthplace is a town WordNet does not know; the birthplaces of the people
    who died there are famous cities. The kind of a step is judged over every node it
    reaches, so the detour through other people wins nothing by its famous names."""
    tree = PathTree(
        {
            "entity": _node(("place_of_birth", Direction.OUT, "entity#1")),
            "entity#1": _node(("place_of_death", Direction.IN, "entity#2")),
            "entity#2": _node(("place_of_birth", Direction.OUT, "entity#3")),
        },
        {
            "entity#1": ("Old_Town",),
            "entity#2": ("hans_of_x", "otto_of_y"),
            "entity#3": ("Vienna", "Munich", "Paris"),
        },
    )
    question = f"in which city was {SUBJECT} born ?"
    best = _ranked(question, GENEALOGY, tree)[0]
    assert best.steps == (Step("place_of_birth", Direction.OUT),), best


async def test_a_walk_back_keeps_where_it_came_from_only_when_that_is_all() -> None:
    """ "the husband of X's wife" walks spouse and back and can only be X; "films
    directed by the director of F" walks back too, and means the other films."""
    rows = [
        ("carl_z", "spouse", "dora_w"),
        ("Film_A", "directed_by", "Ed_V"),
        ("Film_B", "directed_by", "Ed_V"),
    ]
    records = _records_of(rows)
    graph = EmbeddedGraph.from_triples(_graph_triples(records))
    carl, film_a, film_b = (_one_id(records, n) for n in ("carl_z", "Film_A", "Film_B"))
    spouse = (Step("spouse", Direction.OUT), Step("spouse", Direction.IN))
    found = await PathQuery((carl,), spouse).run(graph)
    assert [e.entity_id for e in found] == [carl]
    films = (Step("directed_by", Direction.OUT), Step("directed_by", Direction.IN))
    found = await PathQuery((film_a,), films).run(graph)
    assert [e.entity_id for e in found] == [film_b]


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        (f"which album is {SUBJECT} featured on ?", "album"),
        (f"which track is {SUBJECT} featured on ?", "track"),
    ],
)
def test_a_namespace_types_what_a_relation_reaches(question: str, kind: str) -> None:
    """ "featured" names both relations alike; ``music.album.*`` says the first one's
    subjects are albums, and the asked noun picks it."""
    tree = PathTree(
        {
            "entity": _node(
                ("music.album.featured_artists", Direction.IN, "entity#1"),
                ("music.track.featured_artists", Direction.IN, "entity#2"),
            ),
            "entity#1": _node(("music.album.release_year", Direction.OUT, "entity#3")),
            "entity#2": _node(("music.track.length", Direction.OUT, "entity#4")),
        },
        {"entity#1": ("Lost_Alpha",), "entity#2": ("Night_Drive",)},
    )
    predicates = ["music.album.featured_artists", "music.track.featured_artists"]
    best = _ranked(question, predicates, tree)[0]
    assert best.steps == (Step(f"music.{kind}.featured_artists", Direction.IN),), best


@pytest.mark.parametrize("noun", ["novel", "book"])
def test_a_namespace_domain_names_the_kind_when_its_types_do_not(noun: str) -> None:
    """No word reads ``source_material``, and WordNet has a novel as a book, not as a
    written work; the ``book.*`` domain of the relations the novels start says what they
    are. The domain is read only as a last resort: "people" would name a nation."""
    tree = PathTree(
        {
            "entity": _node(
                ("film.film.source_material", Direction.OUT, "entity#1"),
                ("film.film.cinematographer", Direction.OUT, "entity#2"),
            ),
            "entity#1": _node(("book.written_work.author", Direction.OUT, "entity#3")),
            "entity#2": _node(("people.person.nationality", Direction.OUT, "entity#4")),
        },
        {"entity#1": ("Quiet_Shore",), "entity#2": ("Ada_Kroll",)},
    )
    predicates = ["film.film.source_material", "film.film.cinematographer"]
    best = _ranked(f"which {noun} was {SUBJECT} made from ?", predicates, tree)[0]
    assert best.steps == (Step("film.film.source_material", Direction.OUT),), best


@pytest.mark.parametrize(
    ("predicate", "domain"),
    [
        ("book.written_work.author", ("book",)),
        ("visual_art.artwork.artist", ("art",)),
        ("music.group_member.membership", ("music",)),
        ("spouse", ()),
    ],
)
def test_a_namespace_domain_is_the_head_of_its_words(
    predicate: str, domain: tuple[str, ...]
) -> None:
    """``visual_art`` things are art: the domain is its last noun, not its first word."""
    assert _domain(predicate) == domain


def test_a_noun_naming_a_domain_is_the_step_to_it() -> None:
    """ "the novel behind X" is one step, to what ``book.*`` relations start; without it
    "writer" reads the film's own writer."""
    tree = PathTree(
        {
            "entity": _node(
                ("film.film.source_material", Direction.OUT, "entity#1"),
                ("film.film.written_by", Direction.OUT, "entity#2"),
            ),
            "entity#1": _node(("book.written_work.author", Direction.OUT, "entity#3")),
            "entity#2": _node(("people.person.nationality", Direction.OUT, "entity#4")),
            "entity#3": _node(("people.person.nationality", Direction.OUT, "entity#5")),
        },
        {"entity#1": ("Quiet_Shore",), "entity#4": ("Norway",), "entity#5": ("Chile",)},
    )
    predicates = [
        "film.film.source_material",
        "film.film.written_by",
        "book.written_work.author",
        "people.person.nationality",
    ]
    question = f"what nationality is the writer of the novel behind {SUBJECT} ?"
    best = _ranked(question, predicates, tree)[0]
    assert best.steps == (
        Step("film.film.source_material", Direction.OUT),
        Step("book.written_work.author", Direction.OUT),
        Step("people.person.nationality", Direction.OUT),
    ), best


def test_an_answer_noun_reading_a_date_still_lets_the_domain_name_its_kind() -> None:
    """ "pamphlets" reads ``date_of_publication`` loosely (a pamphlet is a publication),
    which reaches years, not pamphlets; so the ``pamphlet.*`` domain still says which step
    reaches pamphlets, and "written" is not read as X's plays."""
    tree = PathTree(
        {
            "entity": _node(
                ("pamphlet.printed_work.author", Direction.IN, "entity#1"),
                ("play.play.written_by", Direction.IN, "entity#2"),
            ),
            "entity#1": _node(
                ("pamphlet.printed_work.date_of_publication", Direction.OUT, "entity#3")
            ),
            "entity#2": _node(("play.play.premiere_city", Direction.OUT, "entity#4")),
        },
        {
            "entity#1": ("Salt_and_Ash",),
            "entity#2": ("Low_Tide",),
            "entity#3": ("1871",),
            "entity#4": ("Bruges",),
        },
    )
    predicates = [
        "pamphlet.printed_work.author",
        "pamphlet.printed_work.date_of_publication",
        "play.play.written_by",
        "play.play.premiere_city",
    ]
    analysis = _analysis(f"which pamphlets has {SUBJECT} written ?", predicates)
    assert any(m.word == "pamphlets" for m in analysis.relations)
    span = analysis.entity_token_span(analysis.entities[0])
    best = infer_paths(analysis, "entity", tree, span)[0]
    assert best.steps == (Step("pamphlet.printed_work.author", Direction.IN),), best


def test_an_unsaid_qualifier_weighs_against_a_relation_no_word_reads() -> None:
    """No word reads X's ``crews`` or ``former_crews``; "the boat X rows in" is the one X is
    in now, so the walk through the qualified relation scores lower (before the encoder
    breaks what ties remain)."""
    tree = PathTree(
        {
            "entity": _node(
                ("rowing.oarsman.former_crews", Direction.OUT, "entity#1"),
                ("rowing.oarsman.crews", Direction.OUT, "entity#2"),
            ),
            "entity#1": _node(("rowing.crew.coach", Direction.OUT, "entity#3")),
            "entity#2": _node(("rowing.crew.coach", Direction.OUT, "entity#4")),
        },
        {
            "entity#1": ("Kestle_Eights",),
            "entity#2": ("Varrow_Fours",),
            "entity#3": ("Ines_Brauer",),
            "entity#4": ("Odo_Tamm",),
        },
    )
    predicates = ["rowing.oarsman.former_crews", "rowing.oarsman.crews", "rowing.crew.coach"]
    analysis = _analysis(f"who is the coach of the boat {SUBJECT} rows in ?", predicates)
    assert {m.predicate for m in analysis.relations} == {"rowing.crew.coach"}
    score = _Scorer(analysis, analysis.entity_token_span(analysis.entities[0]), tree)
    coach = Step("rowing.crew.coach", Direction.OUT)
    types = ("entity", "entity", "entity")
    current = score((Step("rowing.oarsman.crews", Direction.OUT), coach), types, "entity#4")
    former = score((Step("rowing.oarsman.former_crews", Direction.OUT), coach), types, "entity#3")
    assert current > former


def test_with_no_relation_word_the_one_step_to_the_asked_kind_answers() -> None:
    """ "where is X from" names no relation; of X's relations one reaches places."""
    tree = PathTree(
        {
            "entity": _node(
                ("origin", Direction.OUT, "entity#1"),
                ("label", Direction.OUT, "entity#2"),
                ("genre", Direction.OUT, "entity#3"),
            ),
        },
        {"entity#1": ("Vienna",), "entity#2": ("Rough_Trade",), "entity#3": ("Dub_Step",)},
    )
    best = _ranked(f"where is {SUBJECT} from ?", ["origin", "label", "genre"], tree)
    assert [c.steps for c in best] == [(Step("origin", Direction.OUT),)]


def test_the_answer_noun_reads_relations_through_their_nouns() -> None:
    """ "types" read as a verb is typing, i.e. writing; as the answer's noun it can only
    name the kind (genre) of the films."""
    question = f"what types are the movies written by {SUBJECT}"
    readings = {m.predicate for m in _analysis(question, FILM_RELATIONS).relations}
    assert readings == {"has_genre", "written_by"}
    types = [m for m in _analysis(question, FILM_RELATIONS).relations if m.word == "types"]
    assert [m.predicate for m in types] == ["has_genre"]


async def test_the_research_loops_stored_in_the_graph_are_not_its_vocabulary() -> None:
    """Every loop the chain runs is an entity of the graph with its request triples;
    "appears" once read ``research.requested`` as a relation, which hid the one relation
    the actor has ("[X] appears in which movies")."""
    rows = [("Film_A", "starred_actors", "Ada_V"), ("Film_A", "directed_by", "Ed_V")]
    records = _records_of(rows)
    loop = loop_entity_id("loop-1")
    triples = [
        *_graph_triples(records),
        triple_dict(loop, str(Predicate.RESEARCH_REQUESTED), "true", False),
        triple_dict(loop, str(Predicate.RESEARCH_TOPIC), "which movies appear here", False),
    ]
    graph = EmbeddedGraph.from_triples(triples)
    assert not set(graph.predicates()) & {str(p) for p in Predicate}
    assert "research_loop" not in graph.entity_types()
    analysis = read_question(graph, "[Ada_V] appears in which movies")
    assert not {m.predicate for m in analysis.relations} & {str(p) for p in Predicate}
    ada = _one_id(records, "Ada_V")
    tree = await path_tree(graph, [ada])
    span = analysis.entity_token_span(analysis.entities[0])
    best = infer_paths(analysis, "entity", tree, span)
    assert best[0].steps == (Step("starred_actors", Direction.IN),)


@pytest.mark.parametrize(
    ("question", "count"),
    [
        (f"what types are the movies starred by actors in {SUBJECT}", 2),
        (f"who is the director that directed {SUBJECT}", 1),
        (f"what is the release year of {SUBJECT}", 1),
    ],
)
def test_words_a_preposition_sets_apart_are_two_mentions(question: str, count: int) -> None:
    """ "movies starred by actors in X" walks ``starred_actors`` out of X and back in;
    "the director that directed X" names ``directed_by`` once."""
    relations = [*FILM_RELATIONS, "release_year"]
    analysis = _analysis(question, relations)
    named = max(relations, key=lambda p: mention_count(analysis, p))
    assert mention_count(analysis, named) == count


# A small library: Ann wrote three books and edited one of Bob's.
LIBRARY = [
    ("Book_0", "written_by", "Ann_V"),
    ("Book_0", "edited_by", "Eve_A"),
    ("Book_1", "written_by", "Ann_V"),
    ("Book_1", "edited_by", "Eve_B"),
    ("Book_2", "written_by", "Ann_V"),
    ("Book_2", "edited_by", "Eve_C"),
    ("Book_3", "written_by", "Bob_W"),
    ("Book_3", "edited_by", "Ann_V"),
    ("Book_4", "written_by", "Bob_W"),
    ("Book_4", "edited_by", "Eve_D"),
]


async def _best_steps(
    rows: list[tuple[str, str, str]], question: str, seed: str
) -> tuple[Step, ...]:
    """The best path for ``question`` over a tree grown from ``seed`` in a real graph."""
    return (await _candidates(rows, question, seed))[0]


async def _candidates(
    rows: list[tuple[str, str, str]], question: str, seed: str
) -> list[tuple[Step, ...]]:
    """Every candidate path for ``question`` from ``seed``, best first."""
    records = _records_of(rows)
    graph = EmbeddedGraph.from_triples(_graph_triples(records))
    analysis = read_question(graph, question)
    mention = next(m for m in analysis.entities if m.surface.casefold() == seed.casefold())
    tree = await path_tree(graph, [mention.entity_ids[0]])
    span = analysis.entity_token_span(mention)
    return [c.steps for c in infer_paths(analysis, "entity", tree, span)]


@pytest.mark.parametrize(
    "question",
    [
        "who edited books for the author of [Book_0]",
        "who edited the books by the author of [Book_0]",
    ],
)
async def test_things_for_an_agent_are_its_own_works(question: str) -> None:
    """ "books for the author of X" are the books the author wrote: ``written_by`` walked
    to the author and back, though the question says "author" once; and "who edited"
    asks for the editors, the far end of ``edited_by``, not the books the author edited."""
    assert await _best_steps(LIBRARY, question, "Book_0") == (
        Step("written_by", Direction.OUT),
        Step("written_by", Direction.IN),
        Step("edited_by", Direction.OUT),
    )


@pytest.mark.parametrize(
    "question",
    [
        "who edited the books of [Ann_V]",
        "which person edited the books of [Ann_V]",
        "who edited books written by [Ann_V]",
    ],
)
async def test_the_verb_after_who_says_what_the_answer_does(question: str) -> None:
    """The answer is who edited: the far end of ``edited_by`` from Ann's books, not the
    book Ann edited herself (one hop shorter) nor the authors of the books she edited."""
    assert await _best_steps(LIBRARY, question, "Ann_V") == (
        Step("written_by", Direction.IN),
        Step("edited_by", Direction.OUT),
    )


async def test_a_sparse_named_relation_is_found_beyond_the_sample() -> None:
    """One book of forty records its language: a node's sample of eight misses it, and
    the question names it, so the node reads more of its books for that relation."""
    rows = [(f"Book_{i}", "written_by", "Ann_V") for i in range(40)]
    rows.append(("Book_27", "in_language", "Latin"))
    records = _records_of(rows)
    graph = EmbeddedGraph.from_triples(_graph_triples(records))
    ann = _one_id(records, "Ann_V")
    named = {"written_by", "in_language"}
    sampled = await path_tree(graph, [ann], mentioned=named, probe=0)
    books = next(iter(sampled["entity"][("written_by", Direction.IN)]))
    assert ("in_language", Direction.OUT) not in sampled[books]
    tree = await path_tree(graph, [ann], mentioned=named)
    books = next(iter(tree["entity"][("written_by", Direction.IN)]))
    assert ("in_language", Direction.OUT) in tree[books]


async def test_the_same_thing_with_no_relation_word_is_walked_out_and_back() -> None:
    """No word names ``credits``; "the same song with" asks for the others it holds."""
    rows = [
        ("Song_1", "credits", "Lee_K"),
        ("Song_1", "credits", "Kim_J"),
        ("Song_2", "credits", "Lee_K"),
        ("Song_2", "credits", "Max_P"),
    ]
    assert await _best_steps(rows, "who appears on the same song with [Kim_J]", "Kim_J") == (
        Step("credits", Direction.IN),
        Step("credits", Direction.OUT),
    )


async def test_a_step_that_only_returns_to_the_seed_is_not_walked_back() -> None:
    """ "X's other half" reads no word but "other": walked out and back, ``spouse``
    returns to X alone, who is no answer; the spouse is."""
    rows = [
        ("Gunnar_L", "spouse", "Gaspard_J"),
        ("Gaspard_J", "spouse", "Gunnar_L"),
        ("Gunnar_L", "place_of_birth", "Rotterdam"),
        ("Gaspard_J", "place_of_birth", "Lyon"),
    ]
    steps = await _best_steps(rows, "who is Gunnar_L's other half?", "Gunnar_L")
    assert len(steps) == 1 and steps[0].predicate == "spouse"


async def test_a_long_name_is_one_word_between_a_mention_and_also() -> None:
    """ "the author of [a six-word title] also ...": "also" is next to "author" once the
    name counts as one word, so the author's other books are asked for."""
    title = "The Book of Many Long Words"
    rows = [*LIBRARY, (title, "written_by", "Ann_V")]
    question = f"the author of [{title}] also appears in which books"
    assert await _best_steps(rows, question, title) == (
        Step("written_by", Direction.OUT),
        Step("written_by", Direction.IN),
    )


async def test_where_is_not_answered_by_a_year_when_places_are_reached() -> None:
    """ "based" reads ``date_founded`` (to base is to found) but a year is no place, and
    the company's other relation reaches Vienna, a city WordNet knows."""
    rows = [
        ("Acme_Co", "date_founded", "1995"),
        ("Acme_Co", "headquarters", "Vienna"),
        ("Vienna", "containedby", "Austria"),
    ]
    assert await _best_steps(rows, "where is Acme_Co based?", "Acme_Co") == (
        Step("headquarters", Direction.OUT),
    )


@pytest.mark.parametrize(
    "question", ["when did Loud_Song come out?", "what year is Loud_Song from?"]
)
async def test_when_with_no_relation_word_asks_for_the_step_to_dates(question: str) -> None:
    """No word names ``issued``; of the song's relations one reaches years (and one a
    month), which is what "when" and "what year" ask for, whatever the relation is called."""
    rows = [
        ("Loud_Song", "issued", "1987"),
        ("Loud_Song", "credits", "Lee_K"),
        ("Loud_Song", "made_at", "Vienna"),
        ("Other_Song", "issued", "March 1990"),
        ("Other_Song", "credits", "Lee_K"),
    ]
    assert await _best_steps(rows, question, "Loud_Song") == (Step("issued", Direction.OUT),)


@pytest.mark.parametrize(
    ("relation", "question"),
    [
        # the founded things are the answer
        ("founded_by", "what company did Ann_V found?"),
        # the company is what ``has_ceo`` reaches back from Ann_V
        ("has_ceo", "Ann_V is CEO of which company?"),
    ],
)
async def test_the_answer_noun_of_a_verb_or_named_relation_adds_no_loose_step(
    relation: str, question: str
) -> None:
    """ "company" reads ``parent_organization`` only loosely (a company is an organization),
    which is no reason to walk on to the parents."""
    rows = [
        ("Acme_Co", relation, "Ann_V"),
        ("Acme_Co", "parent_organization", "Big_Co"),
        ("Big_Co", relation, "Bob_W"),
    ]
    assert await _best_steps(rows, question, "Ann_V") == (Step(relation, Direction.IN),)


async def test_a_path_crosses_a_year_only_through_one_relation() -> None:
    """A band that started in 1996 and an album released in 1996 share the year by
    chance: no path joins them there. Through one relation the tie is real ("released
    the same year as"), and an album called "1776" is an album, not a year."""
    rows = [
        ("Band_A", "active_start", "1996"),
        ("Album_X", "release_year", "1996"),
        ("Album_Y", "made_by", "Band_A"),
        ("Album_Y", "release_year", "2001"),
        ("Album_Z", "release_year", "2001"),
        ("1776", "made_by", "Band_B"),
        ("1776", "release_year", "1999"),
    ]
    for path in await _candidates(rows, "what albums did Band_A release?", "Band_A"):
        assert (Step("active_start", Direction.OUT), Step("release_year", Direction.IN)) != path[:2]
    same_year = "which albums were released in the same year as Album_Y?"
    assert await _best_steps(rows, same_year, "Album_Y") == (
        Step("release_year", Direction.OUT),
        Step("release_year", Direction.IN),
    )
    titled = await _candidates(rows, "when were the albums by Band_B released?", "Band_B")
    assert (Step("made_by", Direction.IN), Step("release_year", Direction.OUT)) in titled


PERSON_ROWS = [
    ("Ann_V", "profession", "Botanist"),
    ("Ann_V", "place_of_birth", "Old_Town"),
    ("Ann_V", "spouse", "Bert_Y"),
    ("Bert_Y", "profession", "Sailor"),
]


async def test_an_idiom_no_word_of_which_names_a_relation_is_read_whole() -> None:
    """ "do for a living": no word reads ``profession``, the whole question does."""
    question = "what does Ann_V do for a living ?"
    assert await _best_steps(PERSON_ROWS, question, "Ann_V") == (Step("profession", Direction.OUT),)


# "head" is `head_of`'s own word; "office" has to read `headquartered_in`.
FIRM_ROWS = [
    ("Acme_Works", "headquartered_in", "Old_Town"),
    ("Ann_V", "head_of", "Acme_Works"),
    ("Acme_Works", "sells_in", "New_Port"),
    ("Acme_Works", "factory_in", "Mill_Vale"),
    ("Ann_V", "place_of_birth", "New_Port"),
]


@pytest.mark.parametrize(
    "question",
    [
        "which city does Acme_Works have its head office in ?",
        "where is the head office of Acme_Works ?",
    ],
)
async def test_a_head_office_is_where_the_firm_is_headquartered(question: str) -> None:
    """ "headquartered" is made from "headquarters", an office, though WordNet links the verb
    to nothing but its hypernym."""
    assert await _best_steps(FIRM_ROWS, question, "Acme_Works") == (
        Step("headquartered_in", Direction.OUT),
    )


# "office" is `has_office_in`'s own word and one link from `headquartered_in`.
OFFICE_ROWS = [
    ("Acme_Works", "headquartered_in", "Old_Town"),
    ("Acme_Works", "has_office_in", "New_Port"),
    ("Acme_Works", "has_office_in", "Mill_Vale"),
    ("Acme_Works", "founded_by", "Ann_V"),
    ("Ann_V", "place_of_birth", "New_Port"),
]


@pytest.mark.parametrize(
    ("question", "relation"),
    [
        ("which city is Acme_Works's head office in ?", "headquartered_in"),
        ("where is the head office of Acme_Works ?", "headquartered_in"),
        ("which cities does Acme_Works have offices in ?", "has_office_in"),
        ("in which cities does Acme_Works have an office ?", "has_office_in"),
    ],
)
async def test_a_modifier_says_which_of_its_nouns_readings_is_meant(
    question: str, relation: str
) -> None:
    """ "head" reads ``headquartered_in`` (loosely) and "office" reads it as well as
    ``has_office_in``, its own word: the head office is the headquarters. An office alone
    is any office."""
    assert await _best_steps(OFFICE_ROWS, question, "Acme_Works") == (
        Step(relation, Direction.OUT),
    )


async def test_where_reads_its_verb_with_in() -> None:
    """ "where is X based" is "X is based in what place": to base is also to found (``founded_by``),
    but that sense takes "on", and a relation named with "by" means another sense."""
    rows = [
        ("Acme_Works", "headquartered_in", "Old_Town"),
        ("Acme_Works", "founded_by", "Ann_V"),
        ("Acme_Works", "year_founded", "1950"),
        ("Ann_V", "nationality", "Freeland"),
        ("Old_Town", "located_in", "Freeland"),
    ]
    steps = await _best_steps(rows, "where is Acme_Works based ?", "Acme_Works")
    assert steps[0] == Step("headquartered_in", Direction.OUT)


# Albums name their band and where they were recorded; nothing links the band to a place.
STUDIO_ROWS = [
    ("Dusk_Tapes", "album_artist", "Quill_Band"),
    ("Dusk_Tapes", "recorded_in", "Old_Town"),
    ("Noon_Tapes", "album_artist", "Quill_Band"),
    ("Noon_Tapes", "recorded_in", "New_Port"),
    ("Quill_Band", "genre", "Krautrock"),
]


@pytest.mark.parametrize(
    ("question", "steps"),
    [
        ("what did Quill_Band record ?", (Step("album_artist", Direction.IN),)),
        ("what has Quill_Band recorded ?", (Step("album_artist", Direction.IN),)),
        (
            "where did Quill_Band record ?",
            (Step("album_artist", Direction.IN), Step("recorded_in", Direction.OUT)),
        ),
    ],
)
async def test_what_a_verb_was_done_to_is_what_its_relation_starts_from(
    question: str, steps: tuple[Step, ...]
) -> None:
    """``recorded_in`` starts at what was recorded: "what did X record" asks for those
    albums, not where they were recorded; "where" asks for that."""
    assert await _best_steps(STUDIO_ROWS, question, "Quill_Band") == steps


# A club's and a museum's relations are nearer "hometown" than a person's birthplace is.
HOMETOWN_ROWS = [
    *PERSON_ROWS,
    ("Ann_V", "nationality", "Freeland"),
    ("Old_Town_Rovers", "home_city", "Old_Town"),
    ("Old_Town_Museum", "city", "Old_Town"),
]


@pytest.mark.parametrize(
    "question", ["what is Ann_V's hometown ?", "what is the hometown of Ann_V ?"]
)
async def test_a_phrase_no_word_of_which_reads_is_read_against_the_seeds_relations(
    question: str,
) -> None:
    """ "hometown" reads nothing, and read whole against every relation of the graph no
    relation stands out; against Ann's own it is where she was born."""
    assert await _best_steps(HOMETOWN_ROWS, question, "Ann_V") == (
        Step("place_of_birth", Direction.OUT),
    )


@pytest.mark.parametrize(
    ("question", "relation"),
    [
        (f"what is the citizenship of the spouse of {SUBJECT} ?", "__people__person__nationality"),
        (f"what is {SUBJECT}'s citizenship ?", "__people__person__nationality"),
    ],
)
def test_a_phrase_of_a_chain_no_word_of_which_reads_is_read_whole(
    question: str, relation: str
) -> None:
    """ "the citizenship of ...": the word reads the nationality and the ethnicity alike
    loosely, so neither; the phrase read whole by the sentence encoder names one."""
    predicates = [
        "__people__person__spouse_s",
        "__people__person__nationality",
        "__people__person__ethnicity",
        "__people__person__religion",
        "__people__person__profession",
        "__people__person__place_of_birth",
    ]
    analysis = _analysis(question, predicates)
    whole = [m.predicate for m in analysis.relations if m.strength == WHOLE_PHRASE]
    assert whole == [relation]


async def test_a_question_no_relation_answers_is_not_read_into_one() -> None:
    """Nothing of Ann's is a colour: the whole question is close to none of her relations,
    so no path is offered (the answer is "no answer", not her profession)."""
    assert await _candidates(PERSON_ROWS, "what is the paint color of Ann_V ?", "Ann_V") == []


async def test_function_words_do_not_part_a_mention_from_also() -> None:
    """ "the actors in their films also appear in X": "also" says the actors share X, though
    four tokens stand between; the films' directors are asked for, not those of the films
    starring X's director."""
    rows = [
        ("Film_0", "starred_actors", "Ann_A"),
        ("Film_0", "directed_by", "Dee_E"),
        ("Film_1", "starred_actors", "Ann_A"),
        ("Film_1", "directed_by", "Dan_D"),
        ("Film_2", "starred_actors", "Dee_E"),
        ("Film_2", "directed_by", "Zed_Z"),
    ]
    question = (
        "who are the directors that the actors in their films also appear in the film [Film_0]"
    )
    assert await _best_steps(rows, question, "Film_0") == (
        Step("starred_actors", Direction.OUT),
        Step("starred_actors", Direction.IN),
        Step("directed_by", Direction.OUT),
    )


@pytest.mark.parametrize(
    ("question", "first", "last"),
    [
        # the seed's own "of" phrase is walked first, whatever verb follows the name
        ("the books edited by the editor of [Book_0] wrote who", "edited_by", "written_by"),
        # "by who" asks for the one who edited
        (
            "the books written by the author of [Book_0] were edited by who",
            "written_by",
            "edited_by",
        ),
        # "who is listed as editor of ...": the editor is the answer
        (
            "who is listed as editor of the books written by the editor of [Book_0]",
            "edited_by",
            "edited_by",
        ),
    ],
)
async def test_what_the_question_asks_for_ends_the_path(
    question: str, first: str, last: str
) -> None:
    rows = [*LIBRARY, ("Book_5", "written_by", "Eve_A"), ("Book_5", "edited_by", "Eve_E")]
    steps = await _best_steps(rows, question, "Book_0")
    assert (steps[0], steps[-1]) == (Step(first, Direction.OUT), Step(last, Direction.OUT)), steps


@pytest.mark.parametrize(
    ("question", "seed", "relation"),
    [
        ("who is from Lions_FC ?", "Lions_FC", "plays_in_club"),
        ("who is from Southland ?", "Southland", "plays_for_country"),
    ],
)
async def test_who_with_no_relation_word_asks_for_those_who_act(
    question: str, seed: str, relation: str
) -> None:
    """No word names a relation; "who" asks for the ones that do what a name's verb says:
    the subjects of ``plays_*`` are players, those of ``is_in_country`` are not."""
    rows = [
        ("Ann_P", "plays_in_club", "Lions_FC"),
        ("Ann_P", "plays_for_country", "Southland"),
        ("Bob_Q", "plays_in_club", "Bears_AFC"),
        ("Bob_Q", "plays_for_country", "Southland"),
        ("Lions_FC", "is_in_country", "Southland"),
        ("Bears_AFC", "is_in_country", "Northland"),
    ]
    assert await _best_steps(rows, question, seed) == (Step(relation, Direction.IN),)


async def test_a_choice_is_answered_by_the_option_the_subject_reaches() -> None:
    """ "is X male or female": the options are names too, but not the subject; the answer
    is the one X's relations reach. "did A or B ..." offers no options: they are subjects."""
    rows = [
        ("Ann_V", "gender", "female"),
        ("Ann_V", "nationality", "Southland"),
        ("Bob_W", "gender", "male"),
        ("Bob_W", "nationality", "Northland"),
    ]
    assert await _best_steps(rows, "is ann_v male or female ?", "ann_v") == (
        Step("gender", Direction.OUT),
    )
    graph = EmbeddedGraph.from_triples(_graph_triples(_records_of(rows)))
    assert read_question(graph, "is ann_v male or female ?").choices()
    assert not read_question(graph, "did ann_v or bob_w have a nationality ?").choices()


@pytest.mark.parametrize(
    "question",
    [
        f"what country did {SUBJECT} form in",
        f"which firm did {SUBJECT} start",
    ],
)
def test_a_verb_reads_no_relation_through_its_noun_senses(question: str) -> None:
    """After a do-auxiliary and its subject, or as a participle, a word is a verb: forming
    a band names no genre, starting a firm no birth."""
    relations = ["genre", "place_of_birth", "founded"]
    verb = question.split(SUBJECT)[1].split()[0]
    readings = {m.predicate for m in _analysis(question, relations).relations if m.word == verb}
    assert not readings & {"genre", "place_of_birth"}, readings


def test_a_noun_keeps_its_noun_senses() -> None:
    readings = {m.predicate for m in _analysis(f"what form is {SUBJECT}", ["genre"]).relations}
    assert readings == {"genre"}


async def test_where_is_not_answered_by_the_year_its_verb_names() -> None:
    """ "started" names ``career_start`` by its own stem, but "where" asks for a place, and a
    year is surely none: the step to Vienna answers."""
    rows = [
        ("Loud_Band", "career_start", "1991"),
        ("Loud_Band", "home_base", "Vienna"),
        ("Loud_Band", "style", "Dub_Step"),
        ("Vienna", "containedby", "Austria"),
    ]
    assert await _best_steps(rows, "where did Loud_Band get started?", "Loud_Band") == (
        Step("home_base", Direction.OUT),
    )


def test_a_loose_kin_of_the_answer_noun_needs_no_vectors_where_it_is_the_only_one() -> None:
    """ "type" is kin to "genre" in WordNet alone (both kinds of thing), and the vectors see
    no kinship; no other relation's noun is that near, so the answer noun reads the genre."""
    relations = [*FILM_RELATIONS, "release_year", "has_tags", "in_language"]
    readings = {
        m.predicate for m in _analysis(f"what type of film is {SUBJECT}", relations).relations
    }
    assert readings == {"has_genre"}


def test_a_loose_kin_of_the_answer_noun_needs_the_vectors_to_agree() -> None:
    """WordNet puts "terms" two links from tags (words) and from years (periods) alike; only
    the vectors see terms and tags as kin, so the answer noun reads the tags alone."""
    question = f"what terms are applicable to {SUBJECT}"
    readings = {m.predicate for m in _analysis(question, ["has_tags", "release_year"]).relations}
    assert readings == {"has_tags"}


async def test_a_noun_reads_the_step_to_the_type_the_relation_names_give() -> None:
    """No word of "X's group" names ``membership``, but the band it reaches starts
    ``music.group.*`` relations: it is a group, so the genre asked is the band's, not X's."""
    rows = [
        ("Ann_V", "music.group_member.membership", "Loud_Band"),
        ("Ann_V", "music.artist.genre", "Jazz_X"),
        ("Loud_Band", "music.group.genre", "Dub_Step"),
    ]
    assert await _best_steps(rows, "what genre is Ann_V's group?", "Ann_V") == (
        Step("music.group_member.membership", Direction.OUT),
        Step("music.group.genre", Direction.OUT),
    )


async def test_a_noun_loosely_kin_to_a_type_reads_the_step_to_it() -> None:
    """WordNet puts a band only loosely near a group, but of the graph's types ``group``
    is the one "band" names best: the band that made the album is its artist (a group),
    not its producer (a person), though "made" reads the producer."""
    rows = [
        ("Album_Q", "media.album.produced_by", "Pat_P"),
        ("Album_Q", "media.album.artist", "Loud_Band"),
        ("Loud_Band", "media.group.lead_vocalist", "Sal_S"),
        ("Pat_P", "people.person.place_of_birth", "Rome_X"),
        ("Sal_S", "people.person.place_of_birth", "Lima_X"),
    ]
    question = "where was the singer of the band that made Album_Q born?"
    assert await _best_steps(rows, question, "Album_Q") == (
        Step("media.album.artist", Direction.OUT),
        Step("media.group.lead_vocalist", Direction.OUT),
        Step("people.person.place_of_birth", Direction.OUT),
    )


async def test_a_verb_names_no_type_loosely() -> None:
    """ "form" is also a noun WordNet ties to organisations, but after "did X" it is a verb:
    the city a band formed in is its origin, not its label's city."""
    rows = [
        ("Loud_Band", "media.artist.origin", "Lima"),
        ("Loud_Band", "media.artist.label", "Disc_Co"),
        ("Disc_Co", "business.organization.headquarters", "Rome"),
    ]
    assert await _best_steps(rows, "which city did Loud_Band form in?", "Loud_Band") == (
        Step("media.artist.origin", Direction.OUT),
    )


async def test_the_answer_noun_fits_the_type_it_names_best() -> None:
    """No word of "which crew is X on" names a relation, and WordNet puts a crew only
    loosely near a team; of the graph's types ``team`` is still the one it names best, and
    only the step X plays for reaches a team."""
    rows = [
        ("Ann_V", "people.person.plays_for", "Red_Nine"),
        ("Ann_V", "people.person.employer", "Acme_Co"),
        ("Acme_Co", "business.company.sector", "Retail_X"),
        ("Red_Nine", "sport.team.city", "Lima_X"),
    ]
    assert await _best_steps(rows, "which crew is Ann_V on?", "Ann_V") == (
        Step("people.person.plays_for", Direction.OUT),
    )


def test_a_noun_collocation_is_one_word() -> None:
    """WordNet keeps "record company" as one noun: its "record" is not the verb of
    ``recorded_in``, though the stems agree, nor does the phrase read ``recorded_in`` for
    "recorded" being a word of its definition (a verb names no thing the phrase might
    be). It reads the ``label``: a company that produces musical recordings (ADR 0096)."""
    for question in (
        f"which city is the record company of {SUBJECT} in ?",
        f"which city is {SUBJECT}'s record company in?",
    ):
        analysis = _analysis(question, ["recorded_in", "label", "release_label", "city"])
        read = {m.predicate for m in analysis.relations}
        assert "label" in read
        assert "recorded_in" not in read


def test_a_collocation_names_the_kinds_it_is_a_kind_of() -> None:
    """WordNet has an "old man" as a father, a father as a parent: the collocation reads
    ``parents`` two links up its own kinds, as "record company" reads a company one link
    up; the spouse a husband is (an "old man" in no sense WordNet has) it does not read."""
    predicates = ["people.person.parents", "spouse", "place_of_death"]
    analysis = _analysis(f"where did {SUBJECT}'s old man die ?", predicates)
    read = {m.predicate for m in analysis.relations if m.word in ("old", "man", "old man")}
    assert read == {"people.person.parents"}


def test_a_verb_collocation_keeps_its_words() -> None:
    """ "fly by" is a WordNet verb (to pass by flying) and names nothing here, but "flown"
    in "flown by X" is still the relation's own word."""
    analysis = _analysis(f"what models are the drones flown by {SUBJECT} ?", ["flown_by", "model"])
    assert {(m.word, m.strength) for m in analysis.relations if m.predicate == "flown_by"} >= {
        ("flown", 1.0)
    }


async def test_a_relative_clause_is_one_step_to_what_its_noun_names() -> None:
    """ "made" reads the album's producer, but the clause's noun says the maker is a band:
    the label asked is the artist's, not that of a band the producer plays in."""
    rows = [
        ("Album_Q", "media.album.produced_by", "Pat_P"),
        ("Album_Q", "media.album.artist", "Loud_Band"),
        ("Pat_P", "media.group_member.membership", "Other_Band"),
        ("Other_Band", "media.artist.label", "Disc_A"),
        ("Loud_Band", "media.artist.label", "Disc_B"),
        ("Loud_Band", "media.group.lead_vocalist", "Sal_S"),
    ]
    question = "what label is the band that made Album_Q on?"
    assert await _best_steps(rows, question, "Album_Q") == (
        Step("media.album.artist", Direction.OUT),
        Step("media.artist.label", Direction.OUT),
    )


async def test_with_no_relation_word_a_short_path_reaches_the_asked_kind() -> None:
    """No word of "what country did X form in" names a relation and no step of X reaches a
    country, but two do: the band's home city, then the country holding it."""
    rows = [
        ("Loud_Band", "media.artist.origin", "Lima"),
        ("Lima", "location.location.containedby", "Peru"),
        ("Loud_Band", "media.artist.label", "Disc_Co"),
        ("Loud_Band", "media.artist.genre", "Dub_Step"),
    ]
    assert await _best_steps(rows, "what country did Loud_Band form in?", "Loud_Band") == (
        Step("media.artist.origin", Direction.OUT),
        Step("location.location.containedby", Direction.OUT),
    )


@pytest.mark.parametrize(
    ("rows", "question", "seed", "expected"),
    [
        (
            [
                ("Ann_V", "media.group_member.instruments_played", "Drums"),
                ("Ann_V", "media.group_member.membership", "Loud_Band"),
                ("Loud_Band", "media.group.genre", "Dub_Step"),
            ],
            "what band does Ann_V play in?",
            "Ann_V",
            (Step("media.group_member.membership", Direction.OUT),),
        ),
        (
            [
                ("Acme_Co", "headquarteredIn", "Lima"),
                ("Lima", "locatedIn", "Peru"),
                ("Acme_Co", "key_market", "Chile"),
            ],
            "which country is Acme_Co headquartered in?",
            "Acme_Co",
            (Step("headquarteredIn", Direction.OUT), Step("locatedIn", Direction.OUT)),
        ),
    ],
)
async def test_the_asked_kind_outweighs_a_verb_reading_that_cannot_reach_it(
    rows: list[tuple[str, str, str]], question: str, seed: str, expected: tuple[Step, ...]
) -> None:
    """ "play" reads the instruments X plays, but a band is asked, and only membership
    reaches one. A verb whose step leads on to the asked kind keeps its reading: the city
    a company is headquartered in is in the country asked, where a key market is not."""
    assert await _best_steps(rows, question, seed) == expected


def test_the_noun_a_named_subject_possesses_is_what_is_asked() -> None:
    """ "what is X's hometown" asks what "what is the hometown of X" asks: the hometown is
    the answer's noun, and reads what it reads there."""
    predicates = ["place_of_birth", "employer"]
    possessive = _analysis(f"what is {SUBJECT}'s hometown ?", predicates)
    of = _analysis(f"what is the hometown of {SUBJECT} ?", predicates)
    assert possessive.answer_words == of.answer_words == ("hometown",)
    assert {m.predicate for m in possessive.relations} == {m.predicate for m in of.relations}


async def test_paths_the_words_explain_alike_are_ordered_by_the_whole_question() -> None:
    """No word names where a child was born or died, and both are places: the sentence
    encoder reads "hometown" as the birthplace, where spelling put the death place first."""
    rows = [
        ("Ann_V", "__people__person__children", "Bob_W"),
        ("Bob_W", "__people__person__place_of_birth", "Vienna"),
        ("Bob_W", "__people__deceased_person__place_of_death", "Paris"),
    ]
    question = "what is the hometown of the child of Ann_V?"
    assert await _best_steps(rows, question, "Ann_V") == (
        Step("__people__person__children", Direction.OUT),
        Step("__people__person__place_of_birth", Direction.OUT),
    )


async def test_who_asks_for_no_year_though_the_verb_reads_one() -> None:
    """ "set up" reads the product's launch year as well as the maker's founder; "who" asks
    for someone, and a year is no one, so the walk goes on through the maker."""
    rows = [
        ("Gadget_Z", "launch_year", "2015"),
        ("Maker_Co", "makes_product", "Gadget_Z"),
        ("Maker_Co", "founded_by", "Pat_P"),
        ("Maker_Co", "year_founded", "1999"),
    ]
    assert await _best_steps(rows, "who set up the company behind Gadget_Z?", "Gadget_Z") == (
        Step("makes_product", Direction.IN),
        Step("founded_by", Direction.OUT),
    )


@pytest.mark.parametrize("noun", ["season", "year"])
async def test_a_noun_of_time_still_asks_for_years(noun: str) -> None:
    rows = [("Gadget_Z", "launch_year", "2015"), ("Maker_Co", "makes_product", "Gadget_Z")]
    question = f"in which {noun} was Gadget_Z launched?"
    assert await _best_steps(rows, question, "Gadget_Z") == (Step("launch_year", Direction.OUT),)


async def test_a_verb_may_mean_a_rare_sense_when_nothing_else_reads() -> None:
    """ "appear" in a film is the 6th of its verb senses; when no word names a relation
    and no noun names what a step reaches, it reads the relation of actors."""
    rows = [
        ("Film_A", "starred_actors", "Pat_P"),
        ("Film_B", "directed_by", "Pat_P"),
        ("Film_B", "release_year", "1999"),
    ]
    for question in ("what does Pat_P appear in?", "Pat_P appears in which movies"):
        assert await _best_steps(rows, question, "Pat_P") == (Step("starred_actors", Direction.IN),)


async def test_a_noun_after_what_names_where_its_step_leads() -> None:
    """ "X's dad has what kid": the kid is the dad's child, walked forward along
    ``children``, not the dad's own parent reached by walking it backwards."""
    parents, children = "__people__person__parents", "__people__person__children"
    rows = [
        ("Ann_A", parents, "Dan_D"),
        ("Bob_B", parents, "Dan_D"),
        ("Dan_D", parents, "Old_O"),
        ("Dan_D", children, "Ann_A"),
        ("Dan_D", children, "Bob_B"),
        ("Old_O", children, "Dan_D"),
    ]
    assert await _best_steps(rows, "Ann_A's dad has what kid ?", "Ann_A") == (
        Step(parents, Direction.OUT),
        Step(children, Direction.OUT),
    )


async def test_a_relation_named_twice_is_walked_twice() -> None:
    """ "the kid of the offspring of X" is X's grandchild: ``children`` twice in a row."""
    children, religion = "__people__person__children", "__people__person__religion"
    rows = [
        ("Ann_A", children, "Bob_B"),
        ("Bob_B", children, "Cy_C"),
        ("Ann_A", religion, "Faith_A"),
        ("Bob_B", religion, "Faith_B"),
        ("Cy_C", religion, "Faith_C"),
    ]
    question = "what is the religion of the kid of the offspring of Ann_A ?"
    assert await _best_steps(rows, question, "Ann_A") == (
        Step(children, Direction.OUT),
        Step(children, Direction.OUT),
        Step(religion, Direction.OUT),
    )


async def test_two_halves_of_one_name_walk_it_once() -> None:
    """ "what year was X released": "year" and "released" name ``release_year`` once, even
    where a year is also some film's title."""
    rows = [("Film_A", "release_year", "2010"), ("2010", "release_year", "1984")]
    twice = (Step("release_year", Direction.OUT),) * 2
    assert twice not in await _candidates(rows, "what year was Film_A released", "Film_A")


async def test_a_noun_naming_where_a_step_leads_is_not_walked_back() -> None:
    """ "Red_Hawks's sponsor" is the sponsor, reached along ``sponsor``; walked back from it,
    the step reaches the others it sponsors (an athlete with a nationality), which no word
    asks for. "Based in" then reads nothing, so the country is the sponsor's head office's."""
    sponsor, hq = "sports.competitor.sponsor", "__business__company__headquarters"
    within, nationality = "location.location.containedby", "people.person.nationality"
    rows = [
        ("Red_Hawks", sponsor, "Acme_Corp"),
        ("Jo_Jones", sponsor, "Acme_Corp"),
        ("Jo_Jones", nationality, "Kenya"),
        ("Acme_Corp", hq, "Leeds"),
        ("Leeds", within, "England"),
    ]
    question = "what country is Red_Hawks's sponsor based in?"
    assert await _best_steps(rows, question, "Red_Hawks") == (
        Step(sponsor, Direction.OUT),
        Step(hq, Direction.OUT),
        Step(within, Direction.OUT),
    )


async def test_an_answer_noun_naming_a_type_need_not_be_walked() -> None:
    """ "which films": the films ``film.film.*`` relations start, whatever step reaches them;
    ``featured_film_locations`` has the word too, but walking it out and back to films
    sharing a location answers nothing asked."""
    directed, locations = "film.film.directed_by", "film.film.featured_film_locations"
    rows = [
        ("Film_A", directed, "Hugo_H"),
        ("Film_A", locations, "Rome"),
        ("Film_B", directed, "Ann_A"),
        ("Film_B", locations, "Rome"),
    ]
    assert await _best_steps(rows, "which films did Hugo_H direct?", "Hugo_H") == (
        Step(directed, Direction.IN),
    )


async def test_where_one_studies_is_an_institution_where_it_is_a_place() -> None:
    """ "where did X study" asks for the school, an institution WordNet knows by the noun
    its name ends in, not for the only step to a place (the birthplace); "where is the
    university X works at" asks for the university's place."""
    education, employer = "people.person.education", "people.person.employment_history"
    born, city = "people.person.place_of_birth", "education.university.city"
    rows = [
        ("Ida_Moss", education, "Quayford_University"),
        ("Ida_Moss", employer, "Dunmore_University"),
        ("Ida_Moss", born, "Vienna"),
        ("Quayford_University", city, "Leeds"),
        ("Dunmore_University", city, "Boston"),
    ]
    assert await _best_steps(rows, "where did Ida_Moss study?", "Ida_Moss") == (
        Step(education, Direction.OUT),
    )
    question = "where is the university Ida_Moss works at?"
    assert await _best_steps(rows, question, "Ida_Moss") == (
        Step(employer, Direction.OUT),
        Step(city, Direction.OUT),
    )


async def test_a_relative_who_is_not_the_question_word() -> None:
    """ "the person who wrote X was born in which country": "who" opens a relative clause;
    the question asks "which country", so the answer is a country, not the people who
    lived in the writer's birthplace."""
    author, born = "book.written_work.author", "people.person.place_of_birth"
    lived, within = "people.person.places_lived", "location.location.containedby"
    rows = [
        ("Small_Hours", author, "Ida_Moss"),
        ("Ida_Moss", born, "Leeds"),
        ("Leeds", within, "England"),
        ("Ben_Cole", lived, "Leeds"),
        ("Ben_Cole", born, "Vienna"),
        ("Vienna", within, "Austria"),
    ]
    question = "the person who wrote Small_Hours was born in which country?"
    assert await _best_steps(rows, question, "Small_Hours") == (
        Step(author, Direction.OUT),
        Step(born, Direction.OUT),
        Step(within, Direction.OUT),
    )


async def test_an_ordering_word_reads_a_relation_named_by_it() -> None:
    """ "first" orders answers ("which came first"), but in "when was X first published"
    it is a word of ``date_of_first_publication``; without it "published" reads the
    publisher and the year the publisher was founded answers."""
    first, publisher = "book.written_work.date_of_first_publication", "book.edition.publisher"
    founded = "organization.organization.founded"
    rows = [
        ("Quiet_Seasons", first, "1972"),
        ("Quiet_Seasons", publisher, "Marrow_House"),
        ("Marrow_House", founded, "1912"),
    ]
    question = "when was Quiet_Seasons first published?"
    assert await _best_steps(rows, question, "Quiet_Seasons") == (Step(first, Direction.OUT),)


async def test_an_answer_noun_naming_a_kind_is_read_by_the_kind() -> None:
    """ "which city was X born in": Leeds is a city by WordNet; ``education.university.city``
    also has the word, but walking it back from Leeds reaches universities, not a city."""
    born, city = "people.person.place_of_birth", "education.university.city"
    rows = [
        ("Greta_Moss", born, "Leeds"),
        ("Greta_Moss", "people.person.education", "Brannock_College"),
        ("Brannock_College", city, "Boston"),
        ("Korvald_University", city, "Leeds"),
    ]
    question = "which city was Greta_Moss born in?"
    assert await _best_steps(rows, question, "Greta_Moss") == (Step(born, Direction.OUT),)


async def test_a_capitalised_word_english_knows_is_not_an_unknown_name() -> None:
    """Beside a name the graph holds, "PhD" (an acronym WordNet knows) is a word of the
    question, not a second name the graph lacks; a made-up capitalised word still is."""
    advisor = "doctoral_advisor"
    rows = [("Emil_Brandt", advisor, "Felix_Ames"), ("Emil_Brandt", "nationality", "Norway")]
    graph = EmbeddedGraph.from_triples(_graph_triples(_records_of(rows)))
    assert read_question(graph, "who was Emil_Brandt's Zorblat supervisor?").unknown_names == [
        "Zorblat"
    ]
    question = "who was Emil_Brandt's PhD supervisor?"
    assert read_question(graph, question).unknown_names == []
    assert await _best_steps(rows, question, "Emil_Brandt") == (Step(advisor, Direction.OUT),)


async def test_a_year_never_answers_an_asked_place_though_a_verb_reads_it() -> None:
    """ "based" reads ``founded`` (to base is to found) and ``based_on``, but "what country"
    asks for a place: a year is surely none, so the publisher's head office's country
    answers, two unnamed steps further."""
    publisher, founded = "book.book_edition.publisher", "organization.organization.founded"
    hq, within = "__book__publisher__headquarters", "location.location.containedby"
    rows = [
        ("Book_A", publisher, "House_H"),
        ("House_H", founded, "1977"),
        ("House_H", hq, "Leeds"),
        ("Leeds", within, "England"),
        ("Film_F", "film.film.based_on", "Book_B"),
        ("Book_B", publisher, "House_J"),
        ("Jo_Jones", "people.person.nationality", "Kenya"),
    ]
    question = "what country is the publisher of Book_A based in?"
    assert await _best_steps(rows, question, "Book_A") == (
        Step(publisher, Direction.OUT),
        Step(hq, Direction.OUT),
        Step(within, Direction.OUT),
    )


async def test_the_preposition_after_a_word_picks_the_relation_its_sense_names() -> None:
    """ "based in" reads ``locatedIn`` (to base: to situate) and not ``foundedBy`` (to base:
    to found), though the synonym is nearer: a relation named with the question's
    preposition is there, so one named with another means another sense."""
    located = "http://example.org/ontology/locatedIn"
    rows = [
        ("Gizmo_G", "madeBy", "Acme_Co"),
        ("Acme_Co", "foundedBy", "Jo_Jones"),
        ("Jo_Jones", "schema:nationality", "Kenya"),
        ("Acme_Co", "headquarteredIn", "Leeds"),
        ("Leeds", located, "England"),
    ]
    question = "Gizmo_G is made by a company based in which country?"
    assert await _best_steps(rows, question, "Gizmo_G") == (
        Step("madeBy", Direction.OUT),
        Step("headquarteredIn", Direction.OUT),
        Step(located, Direction.OUT),
    )


async def test_paths_the_words_explain_nearly_alike_are_ordered_by_the_whole_question() -> None:
    """ "chief executive" reads ``parentOrganization`` a little better than ``hasCEO``
    word by word (an executive runs an organisation); the whole question read by the
    sentence encoder says the CEO, and the two are near enough for that to decide."""
    rows = [
        ("Acme_Freight", "hasCEO", "Ada_Novak"),
        ("Acme_Freight", "schema:parentOrganization", "Acme_Holdings"),
        ("Acme_Freight", "boardMember", "Pavel_Ivanov"),
        ("Acme_Freight", "foundedBy", "Vera_Lind"),
        ("Acme_Freight", "competesWith", "Zenith_Cargo"),
        ("Acme_Freight", "headquarteredIn", "Bilbao"),
        ("Acme_Holdings", "hasCEO", "Tom_Berg"),
    ]
    question = "who is the chief executive of Acme_Freight?"
    assert await _best_steps(rows, question, "Acme_Freight") == (Step("hasCEO", Direction.OUT),)


async def test_a_relation_the_answer_noun_reads_loosely_is_no_cheaper_a_way_to_its_kind() -> None:
    """ "which country" loosely reads ``nationality``, but countries are also reached by the
    university's city and its containment: the students' nationalities are no cheaper a
    way there than the place the question asks about."""
    city, within = "education.university.city", "location.location.containedby"
    education, nationality = "people.person.education", "people.person.nationality"
    rows = [
        ("Acme_University", city, "Leeds"),
        ("Leeds", within, "England"),
        ("Jo_Jones", education, "Acme_University"),
        ("Jo_Jones", nationality, "Kenya"),
        ("Ann_Abel", education, "Acme_University"),
        ("Ann_Abel", nationality, "Peru"),
    ]
    question = "Acme_University is in which country?"
    assert await _best_steps(rows, question, "Acme_University") == (
        Step(city, Direction.OUT),
        Step(within, Direction.OUT),
    )


async def test_the_encoder_does_not_reorder_a_path_to_another_kind_ahead(
    tmp_path: Path,
) -> None:
    """ "in which city is X's stadium": the stadium's phrase reads closest to the question,
    but a stadium is no city, so it does not compete with the paths that reach one. On a
    generated proxy graph (``bench/proxies/sports_arts.py``), where the paths are as many
    and as near as in a real one."""
    from bench.proxies.sports_arts import generate

    generate(tmp_path)
    lines = (tmp_path / "kb.txt").read_text(encoding="utf-8").splitlines()
    rows = [(s, p, o) for s, p, o in (line.split("\t") for line in lines)]
    question = "in which city is Racing_Kessing's stadium?"
    best = await _best_steps(rows, question, "Racing_Kessing")
    assert best[-1] != Step("sports.sports_team.arena_stadium", Direction.OUT), best


async def test_two_words_for_one_relation_joined_by_or_are_one_step() -> None:
    """ "X's husband or wife" offers two words for ``spouse_s``; they are alternatives, not
    a chain, so X's spouse answers, not X again (the spouse's spouse)."""
    spouse = "people.person.spouse_s"
    rows = [("Petra_Kall", spouse, "Del_Cast"), ("Del_Cast", spouse, "Petra_Kall")]
    question = "who is Petra_Kall's husband or wife?"
    assert await _best_steps(rows, question, "Petra_Kall") == (Step(spouse, Direction.OUT),)


async def test_a_kind_noun_no_name_is_filed_under_reads_as_its_synonym_in_the_graph() -> None:
    """WordNet files Portugal under the country that is a territory, and "nation" names
    only the country that is a people under one government: no step seems to reach a
    nation. The graph calls them countries (``sports_league.country``), a synonym of
    "nation", so the city's containment answers, not the league whose country it is."""
    within, country = "location.location.containedby", "sports.sports_league.country"
    rows = [
        ("Porto", within, "Portugal"),
        ("Liga_Atlantica", country, "Portugal"),
        ("Dragoes_FC", "sports.sports_team.league", "Liga_Atlantica"),
        ("Dragoes_FC", "home_city", "Porto"),
        ("Liga_Boreal", country, "Norway"),
    ]
    question = "what nation is Porto part of?"
    assert await _best_steps(rows, question, "Porto") == (Step(within, Direction.OUT),)


async def test_a_preposition_fronted_with_which_is_the_one_the_verb_takes() -> None:
    """ "in which country is X based" is "X is based in which country": the fronted "in"
    picks the sense of "based" as it does after the verb, so the company's seat answers,
    not the nationality of its founder (to base: to found)."""
    located = "http://example.org/ontology/locatedIn"
    rows = [
        ("Acme_Co", "foundedBy", "Jo_Jones"),
        ("Jo_Jones", "schema:nationality", "Kenya"),
        ("Acme_Co", "headquarteredIn", "Leeds"),
        ("Leeds", located, "England"),
        ("Acme_Co", "year_founded", "1977"),
    ]
    question = "in which country is Acme_Co based?"
    assert await _best_steps(rows, question, "Acme_Co") == (
        Step("headquarteredIn", Direction.OUT),
        Step(located, Direction.OUT),
    )


def test_a_verb_after_what_is_no_answer_noun_and_a_collocation_is_one() -> None:
    """ "what killed X": "what" is the subject and "killed" the verb, not a kind of thing
    asked for; "what line of work is X in" asks for a line of work, not a line."""
    predicates = ["people.deceased_person.cause_of_death", "people.person.profession"]
    killed = _analysis(f"what killed {SUBJECT}?", predicates)
    assert killed.answer_words == ()
    work = _analysis(f"what line of work is {SUBJECT} in?", predicates)
    assert work.answer_words == ("line of work",)


@pytest.mark.parametrize(
    ("question", "noun"),
    [
        ("the country where Ilse_Varga was born?", "country"),
        ("the year in which Ilse_Varga was born?", "year"),
        ("the club that Ilse_Varga plays for?", "club"),
        ("the country of the club that Ilse_Varga plays for", "country"),
        ("the country of birth of Ilse_Varga", "country"),
        ("Ilse_Varga's club", "club"),
    ],
)
def test_a_question_put_as_a_noun_phrase_asks_for_its_head_noun(question: str, noun: str) -> None:
    """With no question word, "the N where/in which/that ..." asks for an N, as "the N of
    ..." and "X's N" do ("what is" before them would ask the same); "where" here opens the
    clause and asks nothing."""
    start = question.index("Ilse_Varga")
    names = [NameMatch("Ilse_Varga", start, start + len("Ilse_Varga"), ("p.ilse",))]
    analysis = analyse(question, ["place_of_birth", "containedby", "club"], ["entity"], names)
    assert analysis.answer_words == (noun,)
    assert analysis.wh_word != "where"


async def test_the_country_of_the_body_that_hands_out_x_walks_on_to_the_country() -> None:
    rows = [
        ("Castellan_Award", "presented_by", "Heron_Institute"),
        ("Heron_Institute", "located_in", "Lyon"),
        ("Lyon", "containedby", "France"),
        ("Ada_Selford", "awards_won", "Castellan_Award"),
        ("Ada_Selford", "place_of_birth", "Berlin"),
        ("Berlin", "containedby", "Germany"),
    ]
    question = "the country of the body that hands out Castellan_Award"
    assert await _best_steps(rows, question, "Castellan_Award") == (
        Step("presented_by", Direction.OUT),
        Step("located_in", Direction.OUT),
        Step("containedby", Direction.OUT),
    )


async def test_the_country_where_x_was_born_walks_on_to_the_country() -> None:
    rows = [
        ("Ilse_Varga", "place_of_birth", "Linz"),
        ("Linz", "containedby", "Austria"),
        ("Bruno_Kell", "place_of_birth", "Graz"),
        ("Graz", "containedby", "Austria"),
    ]
    question = "the country where Ilse_Varga was born?"
    assert await _best_steps(rows, question, "Ilse_Varga") == (
        Step("place_of_birth", Direction.OUT),
        Step("containedby", Direction.OUT),
    )


async def test_a_line_of_work_is_asked_of_the_possessed_person() -> None:
    """The collocation is what the cue on the last step reads: "line" alone names no
    profession, so X's husband himself answered before."""
    spouse, profession = "__people__person__spouse_s", "__people__person__profession"
    rows = [
        ("anna_of_hesse_1", spouse, "karl_of_baden_2"),
        ("karl_of_baden_2", spouse, "anna_of_hesse_1"),
        ("karl_of_baden_2", profession, "composer"),
        ("anna_of_hesse_1", profession, "painter"),
    ]
    question = "what line of work is anna_of_hesse_1's husband in?"
    assert await _best_steps(rows, question, "anna_of_hesse_1") == (
        Step(spouse, Direction.OUT),
        Step(profession, Direction.OUT),
    )


async def test_the_verb_of_a_do_question_ends_the_possessed_noun_phrase() -> None:
    """ "in which town did X's daughter pass away": "pass away" is the verb, not part of
    the possessed phrase, so "daughter" is a hop of its own and X's own place of death
    does not answer."""
    children, died = "__people__person__children", "__people__deceased_person__place_of_death"
    rows = [
        ("albert_of_prussia_46", children, "charlotte_of_baden_37"),
        ("charlotte_of_baden_37", died, "kassel"),
        ("albert_of_prussia_46", died, "munich"),
        ("albert_of_prussia_46", "__people__deceased_person__cause_of_death", "stroke"),
    ]
    for question in (
        "in which town did albert_of_prussia_46's daughter pass away?",
        "in which city did albert_of_prussia_46's daughter die?",
    ):
        assert await _best_steps(rows, question, "albert_of_prussia_46") == (
            Step(children, Direction.OUT),
            Step(died, Direction.OUT),
        ), question


def test_a_verb_after_a_plural_noun_ends_the_answer_noun_phrase() -> None:
    """ "which companies compete with X": "compete" is the clause's verb, so the answer is
    companies; "which record label" keeps its compound head."""
    predicates = ["competesWith", "music.artist.label"]
    compete = _analysis(f"which companies compete with {SUBJECT}?", predicates)
    assert compete.answer_words == ("companies",)
    label = _analysis(f"which record label signed {SUBJECT}?", predicates)
    assert label.answer_words == ("label",)


@pytest.mark.parametrize(
    "question",
    ["who are Vitoria_Holmfirth's rivals?", "who are Vitoria_Holmfirth's arch rivals?"],
)
async def test_who_asks_for_what_the_possessed_noun_names(question: str) -> None:
    """ "who are X's rivals": "rivals" is ``rival_team``'s own word and names what is
    asked; "who" does not turn the answer into the people who own or play for them. An
    adjective before the noun ("arch rivals") leaves it the noun asked for."""
    owned, nationality = "sports.sports_team_owner.teams_owned", "people.person.nationality"
    rows = [
        ("Vitoria_Holmfirth", "rival_team", "Olympic_Kessing"),
        ("Ada_Novak", owned, "Olympic_Kessing"),
        ("Ada_Novak", nationality, "Kenya"),
        ("Tom_Berg", "played_for", "Olympic_Kessing"),
        ("Tom_Berg", nationality, "Peru"),
        ("Olympic_Kessing", "home_city", "Leeds"),
    ]
    assert await _best_steps(rows, question, "Vitoria_Holmfirth") == (
        Step("rival_team", Direction.OUT),
    )


def test_the_noun_after_did_is_the_subject_not_the_answer() -> None:
    """ "what did the director of X write": "what" is what was written; the director is
    who wrote it, not the kind of thing asked for."""
    predicates = ["film.film.directed_by", "film.film.written_by"]
    director = _analysis(f"what did the director of {SUBJECT} write?", predicates)
    assert director.answer_words == ()
    films = _analysis(f"what films did {SUBJECT} write?", predicates)
    assert films.answer_words == ("films",)


async def test_what_the_subject_of_a_do_question_thinks_is_named_by_the_verbs_kin() -> None:
    """ "what do people think of X": "what" is what they think, so the verb's kin nouns
    name the answer as an answer noun's would (to think, to judge: a rating)."""
    rows = [
        ("Film_F", "viewer_rating", "good"),
        ("Film_F", "directed_by", "Ann_Abel"),
        ("Film_F", "written_by", "Bo_Berg"),
        ("Film_F", "starred_actors", "Cy_Cole"),
        ("Film_F", "in_language", "French"),
        ("Film_F", "has_genre", "Drama"),
        ("Film_F", "has_tags", "friendship"),
        ("Film_F", "viewer_votes", "famous"),
        ("Film_F", "release_year", "1999"),
    ]
    for question in ("what do people think of Film_F?", "what did audiences think of Film_F?"):
        assert await _best_steps(rows, question, "Film_F") == (
            Step("viewer_rating", Direction.OUT),
        ), question


KIN = [
    ("Ida_K", "parent", "Jon_K"),
    ("Jon_K", "parent", "Ole_K"),
    ("Ida_K", "spouse", "Max_L"),
    ("Max_L", "parent", "Ned_L"),
    ("Ida_K", "place_of_birth", "Dunmore"),
    ("Ole_K", "children", "Jon_K"),
    ("Jon_K", "children", "Ida_K"),
    ("Ned_L", "children", "Max_L"),
]


@pytest.mark.parametrize(
    ("question", "seed", "steps"),
    [
        ("who is Ida_K's grandfather?", "Ida_K", ("parent", "parent")),
        ("who is the father-in-law of Ida_K?", "Ida_K", ("spouse", "parent")),
        ("who are the grandchildren of Ole_K?", "Ole_K", ("children", "children")),
        ("who are Ole_K's grandchildren?", "Ole_K", ("children", "children")),
    ],
)
async def test_a_word_no_relation_is_named_after_reads_as_its_definition(
    question: str, seed: str, steps: tuple[str, str]
) -> None:
    """WordNet defines a grandfather as "the father of your father or mother" and a
    father-in-law as "the father of your spouse": the two relations those words name are
    walked, though no relation is called either and no kinship is written in the code."""
    assert await _best_steps(KIN, question, seed) == tuple(Step(p) for p in steps)


def test_a_definition_is_not_read_over_a_relation_or_a_name_of_the_word() -> None:
    """A graph with a ``grandfather`` relation, or a film called "The Grandfather", keeps
    the word as it is."""
    own = _analysis(f"who is {SUBJECT}'s grandfather?", ["grandfather", "parent"])
    assert [t.text for t in own.tokens][-1] == "grandfather"
    question = "who directed The Grandfather?"
    start = question.index("The Grandfather")
    names = [NameMatch("The Grandfather", start, start + 15, ("film-1",))]
    film = analyse(question, ["directed_by", "parent"], ["entity"], names)
    assert film.text == question
    assert [m.surface for m in film.entities] == ["The Grandfather"]


async def test_a_verb_right_before_the_name_reads_what_it_causes() -> None:
    """ "what killed X": "killed" before the name is no descriptor of X but the verb, and
    to kill is to cause to die, so the cause of death is asked for, not the place."""
    rows = [
        ("Eve_P", "cause_of_death", "fever"),
        ("Eve_P", "place_of_death", "Rome"),
        ("Eve_P", "place_of_birth", "Oslo"),
        ("Eve_P", "spouse", "Tom_P"),
    ]
    assert await _best_steps(rows, "what killed Eve_P?", "Eve_P") == (Step("cause_of_death"),)


FIRMS = [
    ("Aster_Works", "produced_by_inverse", "Vela_One"),
    ("Aster_Works", "produced_by_inverse", "Vela_Two"),
    ("Borea_Labs", "produced_by_inverse", "Orbit_One"),
    ("Aster_Works", "competes_with", "Borea_Labs"),
    ("Dana_Holt", "works_for", "Aster_Works"),
]


@pytest.mark.parametrize(
    "question", ["which company produces Vela_One ?", "which firm makes Vela_One ?"]
)
async def test_a_relation_stored_backwards_is_read_backwards(question: str) -> None:
    """``produced_by_inverse`` holds (maker, made): its makers are its subjects, where
    ``produced_by``'s are its objects. The maker of a product is one step back; read as
    the name says, it would be a step on to the maker's other products. "produces" before
    its object is the asked firm's verb, not the head of "company produces"."""
    steps = await _best_steps(FIRMS, question, "Vela_One")
    assert steps == (Step("produced_by_inverse", Direction.IN),), steps


def test_an_asked_noun_before_a_verb_and_its_object_is_the_answer() -> None:
    analysis = _analysis(f"which university employs {SUBJECT} ?", ["employment", "education"])
    assert analysis.answer_words == ("university",)
    assert "employment" in analysis.predicates(0.5)


@pytest.mark.parametrize(
    ("question", "best"),
    [
        (f"who is the owner of {SUBJECT} ?", "owner"),
        (f"who was the former owner of {SUBJECT} ?", "former_owner"),
    ],
)
def test_a_qualifier_no_word_says_costs_its_relation(question: str, best: str) -> None:
    """ "owner" names both relations by their own word; only one is qualified, by
    "former", which the first question does not say (it asks for the owner, not a former
    one) and the second does."""
    tree = PathTree(
        {
            "entity": _node(
                ("owner", Direction.OUT, "entity#1"),
                ("former_owner", Direction.OUT, "entity#2"),
            ),
        },
        {"entity#1": ("Kell_Museum",), "entity#2": ("Vane_Museum",)},
    )
    first, second = _ranked(question, ["owner", "former_owner"], tree)[:2]
    assert first.steps == (Step(best, Direction.OUT),), first
    assert first.score > second.score


def test_a_modifier_is_an_adjective_or_an_adverb() -> None:
    lexicon = packaged_lexicon()
    assert [
        w for w in ("former", "previously", "featured", "team", "artist") if lexicon.is_modifier(w)
    ] == [
        "former",
        "previously",
        "featured",
    ]


ARENAS = [
    ("Kell_Dome", "capacity", "31000"),
    ("Kell_Dome", "opened", "1957"),
    ("Lions_FC", "home_ground", "Kell_Dome"),
    ("Bears_AFC", "home_ground", "Kell_Dome"),
]


@pytest.mark.parametrize(
    ("question", "steps"),
    [
        ("how many fans fit into Kell_Dome ?", (Step("capacity", Direction.OUT),)),
        ("how many spectators does Kell_Dome hold ?", (Step("capacity", Direction.OUT),)),
        ("how many clubs have Kell_Dome as home ground ?", (Step("home_ground", Direction.IN),)),
        ("how many clubs call Kell_Dome home ?", (Step("home_ground", Direction.IN),)),
    ],
)
async def test_how_many_of_nothing_the_graph_names_is_an_amount(
    question: str, steps: tuple[Step, ...]
) -> None:
    """Fans are no entities here and no other word reads a relation, so "how many fans"
    asks for a number the graph holds (not a year); "home" reads what clubs are counted by."""
    assert await _best_steps(ARENAS, question, "Kell_Dome") == steps


@pytest.mark.parametrize(
    ("question", "word", "slot"),
    [
        (f"which city is {SUBJECT}'s record company in ?", "company", True),
        (f"which city is the record company of {SUBJECT} in ?", "company", True),
        (f"what is {SUBJECT}'s home ground ?", "ground", True),
        (f"which company records {SUBJECT} ?", "records", False),
        (f"who are {SUBJECT}'s arch rivals ?", "rivals", True),
        (f"what is {SUBJECT}'s main stadium ?", "stadium", True),
        (f"which team does {SUBJECT} currently coach ?", "coach", False),
    ],
)
def test_the_head_of_a_known_compound_is_a_noun_slot(question: str, word: str, slot: bool) -> None:
    """ "X's record company": "company" closes a compound WordNet knows, started right after
    the possessive, so it is used as a noun as surely as "record" is; so does a noun after an
    adjective there ("X's arch rivals"), not a verb after an adverb ("currently coach")."""
    analysis = _analysis(question, ["label", "stadium", "rival_team", "coach"])
    index = next(t.index for t in analysis.tokens if t.text == word)
    assert analysis.noun_slot(index) is slot


STADIUMS = [
    ("Lions_FC", "arena_stadium", "Kell_Park"),
    ("Kell_Park", "location.location.containedby", "Philadelphia"),
    ("Philadelphia", "location.location.containedby", "United_States"),
    ("Lions_FC", "founded_in", "1894"),
    ("Lions_FC", "owner", "Ada_Kroll"),
    ("Ada_Kroll", "nationality", "Portugal"),
]


@pytest.mark.parametrize(
    ("question", "steps"),
    [
        (
            "which country is the stadium of Lions_FC in ?",
            (
                Step("arena_stadium", Direction.OUT),
                Step("location.location.containedby", Direction.OUT),
                Step("location.location.containedby", Direction.OUT),
            ),
        ),
        (
            "which city is the stadium of Lions_FC in ?",
            (
                Step("arena_stadium", Direction.OUT),
                Step("location.location.containedby", Direction.OUT),
            ),
        ),
    ],
)
async def test_containment_goes_on_to_the_asked_kind(
    question: str, steps: tuple[Step, ...]
) -> None:
    """The stadium is contained by a city, the city by a country: WordNet knows
    Philadelphia as a city and no country, so the walk goes on along the same relation to
    what it knows as one, and stops at the city when a city is asked."""
    assert await _best_steps(STADIUMS, question, "Lions_FC") == steps


STAGINGS = [
    ("Nina_Kett", "people.person.place_of_birth", "Lisbon"),
    ("Nina_Kett", "people.person.education", "Pemberly_College"),
    ("Lyric_Playhouse", "theater.theater.city", "Lisbon"),
    ("Old_Market_Stage", "theater.theater.city", "Lisbon"),
    ("Teatro_Ombrelli", "theater.theater.city", "Milan"),
    ("The_Crooked_Wedding", "theater.play.playwright", "Nina_Kett"),
    ("The_Crooked_Wedding", "theater.play.premiere_venue", "Teatro_Ombrelli"),
    ("The_Crooked_Wedding", "theater.play.date_of_first_performance", "1901"),
    ("Ivo_Reed", "theater.theater_director.plays_directed", "The_Crooked_Wedding"),
    ("Ben_Moss", "played_for", "Harbour_Lynx"),
]


async def test_a_free_last_step_to_the_asked_kind_is_walked_as_named() -> None:
    """No word reads ``premiere_venue``, and "plays" reads other relations than
    ``playwright``: the theatres of X's birthplace reach the asked kind in two steps too. But
    ``theater.city`` walked back from a city lists every theatre there, which no word asks for;
    only a step walked as its name reads goes on to the asked kind for free (ADR 0107)."""
    steps = await _best_steps(
        STAGINGS, "which theatres first staged plays by Nina_Kett?", "Nina_Kett"
    )
    assert steps == (
        Step("theater.play.playwright", Direction.IN),
        Step("theater.play.premiere_venue"),
    )


@pytest.mark.parametrize("kind", ["album", "track"])
def test_a_namespace_types_the_subjects_of_a_relation_stored_backwards(kind: str) -> None:
    """``music.album.featured_artists_inverse`` holds (artist, album): walked out from an
    artist it reaches albums, the subjects its namespace types, as the forward name walked
    in would."""
    album, track = (f"music.{k}.featured_artists_inverse" for k in ("album", "track"))
    tree = PathTree(
        {
            "entity": _node((album, Direction.OUT, "entity#1"), (track, Direction.OUT, "entity#2")),
            "entity#1": _node((album, Direction.IN, "entity#3")),
            "entity#2": _node((track, Direction.IN, "entity#4")),
        },
        {"entity#1": ("Lost_Alpha",), "entity#2": ("Night_Drive",)},
    )
    best = _ranked(f"which {kind} is {SUBJECT} featured on ?", [album, track], tree)[0]
    assert best.steps == (Step(f"music.{kind}.featured_artists_inverse", Direction.OUT),), best


FOUNDERS = [
    ("Tarn_Works", "founded_by", "Ilsa_Vorn"),
    ("Quill_Labs", "board_member", "Ilsa_Vorn"),
    ("Quill_Labs", "maker_of", "Glint_Pad"),
    ("Glint_Pad", "launch_year", "2014"),
    ("Ilsa_Vorn", "place_of_birth", "Graz"),
]


async def test_the_whole_question_reads_a_relation_no_word_reads_surely() -> None:
    """ "start" reads only ``launch_year``, and loosely: the walk it leads to ends at a
    year, which no enterprise is. The sentence encoder reads the whole question as
    ``founded_by``."""
    question = "what enterprise did Ilsa_Vorn start ?"
    steps = await _best_steps(FOUNDERS, question, "Ilsa_Vorn")
    assert steps == (Step("founded_by", Direction.IN),)


STATUES = [
    ("Iron_Bell", "art.statue.sculptor", "Ada_Moss"),
    ("Tom_Reed", "art.restorer.statues_restored", "Iron_Bell"),
    ("Ada_Moss", "place_of_birth", "Graz"),
]


async def test_a_noun_naming_the_name_that_ends_the_question_reads_no_relation() -> None:
    """ "statue" in "the statue X" says what X is, though it is ``statues_restored``'s own
    word: "crafted" is asked (loosely, the sculptor)."""
    steps = await _best_steps(STATUES, "who crafted the statue Iron_Bell ?", "Iron_Bell")
    assert steps == (Step("art.statue.sculptor", Direction.OUT),)


CITIES = [
    ("Graz", "location.location.containedby", "Austria"),
    ("Quern_Clinic", "branch_cities", "Graz"),
    ("Quern_Clinic", "branch_cities", "Lund"),
    ("Lund", "location.location.containedby", "Sweden"),
]


@pytest.mark.parametrize(
    ("question", "steps"),
    [
        (
            "in which country would I find the city of Graz ?",
            (Step("location.location.containedby", Direction.OUT),),
        ),
        ("which clinic has the cities of Graz ?", (Step("branch_cities", Direction.IN),)),
    ],
)
async def test_the_kind_of_a_name_in_the_n_of_x_reads_no_relation(
    question: str, steps: tuple[Step, ...]
) -> None:
    """WordNet files Graz under city, so "the city of Graz" says what Graz is, not that
    a relation named with cities is walked; a noun WordNet does not file the name under
    ("the cities of X" with its plural, no city being plural) still reads."""
    assert await _best_steps(CITIES, question, "Graz") == steps


def test_a_noun_before_a_name_a_clause_goes_on_from_keeps_its_reading() -> None:
    """ "the band X plays in" is the band: "band" reads its relation as before."""
    predicates = ["music.group_member.bands", "music.artist.origin"]
    analysis = _analysis(f"where is the band {SUBJECT} plays in from ?", predicates)
    assert any(m.word == "band" for m in analysis.relations)


IMPRINTS = [
    ("Salt_Vessel", "lit.edition.publisher", "Quern_House"),
    ("Quern_House", "org.organization.headquarters", "Graz"),
    ("Quern_House", "org.organization.founded", "1911"),
    ("Ada_Moss", "people.person.place_of_birth", "Graz"),
    ("Salt_Vessel", "lit.work.author", "Tom_Reed"),
    ("Tom_Reed", "people.person.place_of_birth", "Lund"),
    ("Eli_Varga", "people.person.place_of_birth", "Lund"),
]


@pytest.mark.parametrize(
    "question", ["who issued Salt_Vessel ?", "so who's Salt_Vessel's publisher ?"]
)
async def test_a_bare_who_may_ask_for_an_organization(question: str) -> None:
    """The publisher is a firm the graph types as an organization: "who" does not send the
    walk on to the people born where it is based."""
    steps = await _best_steps(IMPRINTS, question, "Salt_Vessel")
    assert steps == (Step("lit.edition.publisher", Direction.OUT),)


async def test_an_answer_noun_a_relation_calls_its_objects_by_outranks_a_synonym() -> None:
    """A position is also a location (WordNet), which the graph types Lyon as; nothing
    types "Small_Forward". The relation named by the noun itself still says what its
    objects are, so the two tie and the encoder may prefer it."""
    rows = [
        ("Rina_Osei", "__people__person__place_of_birth", "Lyon"),
        ("Rina_Osei", "__people__person__nationality", "France"),
        ("Rina_Osei", "sports.pro_athlete.teams", "Quarry_Owls"),
        ("Rina_Osei", "position_played", "Small_Forward"),
        ("Tom_Reed", "position_played", "Point_Guard"),
        ("Lyon", "location.location.containedby", "France"),
    ]
    steps = await _best_steps(rows, "what is Rina_Osei's position ?", "Rina_Osei")
    assert steps == (Step("position_played", Direction.OUT),)


async def test_whose_noun_names_the_seed_so_its_relation_is_walked_back() -> None:
    """ "whose kid is X": X is the kid; the answer is the parent."""
    children = "people.person.children"
    rows = [
        ("Ada_Moss", children, "Tom_Reed"),
        ("Tom_Reed", children, "Eli_Varga"),
        ("Tom_Reed", "place_of_birth", "Lund"),
    ]
    steps = await _best_steps(rows, "whose kid is Tom_Reed ?", "Tom_Reed")
    assert steps == (Step(children, Direction.IN),)


SCHOOLED = [
    ("Rina_Osei", "people.person.place_of_birth", "Graz"),
    ("Rina_Osei", "people.person.education", "Osterlind_University"),
    ("Rina_Osei", "people.person.employment_history", "Lindmoor_College"),
    ("Osterlind_University", "education.university.city", "Lund"),
    ("Osterlind_University", "organization.organization.founded", "1601"),
    ("Lindmoor_College", "education.university.city", "Graz"),
]


async def test_where_was_x_participle_may_ask_for_an_institution() -> None:
    """ "where was X schooled" asks where X studied: the university is an answer, not only
    the city it stands in (ADR 0041)."""
    steps = await _best_steps(SCHOOLED, "where was Rina_Osei schooled ?", "Rina_Osei")
    assert steps == (Step("people.person.education", Direction.OUT),)


VENTURES = [
    ("Tarn_Works", "founded_by", "Ilsa_Vorn"),
    ("Quill_Labs", "has_investor", "Ilsa_Vorn"),
    ("Brindle_Co", "has_ceo", "Ilsa_Vorn"),
    ("Tarn_Works", "maker_of", "Glint_Pad"),
    ("Glint_Pad", "launch_year", "2014"),
    ("Quill_Labs", "maker_of", "Dusk_Pen"),
    ("Dusk_Pen", "launch_year", "2019"),
    ("Ilsa_Vorn", "place_of_birth", "Graz"),
]


async def test_a_hopeless_walk_gives_way_to_the_whole_question_on_a_thin_margin() -> None:
    """ "run" reads only ``launch_year``, loosely, and every walk to a launch year scores far
    below zero; the encoder reads the whole question nearest ``has_ceo``, though not by its
    usual clear margin."""
    steps = await _best_steps(VENTURES, "which corporation does Ilsa_Vorn run ?", "Ilsa_Vorn")
    assert steps == (Step("has_ceo", Direction.IN),)


ENSEMBLES = [
    ("Ada_Moss", "music.group_member.membership", "Quill_Band"),
    ("Quill_Band", "music.artist.origin", "Bergen"),
    ("Bergen", "location.location.containedby", "Norway"),
    ("Quill_Band", "music.group.lead_vocalist", "Tom_Reed"),
    ("Tom_Reed", "music.group_member.membership", "Quill_Band"),
    ("Tom_Reed", "people.person.nationality", "Sweden"),
    ("Ada_Moss", "people.person.nationality", "Denmark"),
    ("Tom_Reed", "people.person.place_of_birth", "Lund"),
]


async def test_a_last_step_from_a_city_on_to_the_asked_country_is_no_bridge() -> None:
    """No word reads ``origin`` nor ``containedby``; the group's city is no country, and the
    step from it to one is what "what country" asks for, so the walk through the group's
    origin costs no more than the one through its singer's nationality, which "country"
    reads loosely."""
    question = "what country is the group of Ada_Moss from ?"
    steps = await _best_steps(ENSEMBLES, question, "Ada_Moss")
    assert steps == (
        Step("music.group_member.membership", Direction.OUT),
        Step("music.artist.origin", Direction.OUT),
        Step("location.location.containedby", Direction.OUT),
    )


PANTRY = [
    ("Saffron_Broth", "kitchen.dish.cook", "Odo_Brisk"),
    ("Ember_Stew", "kitchen.dish.cook", "Odo_Brisk"),
    ("Fig_Tart", "kitchen.dish.cook", "Lenna_Kove"),
    ("Plum_Loaf", "kitchen.dish.cook", "Lenna_Kove"),
    ("Saffron_Broth", "kitchen.dish.issue_imprint", "Copper_Ladle"),
    ("Ember_Stew", "kitchen.dish.issue_imprint", "Copper_Ladle"),
    ("Fig_Tart", "kitchen.dish.issue_imprint", "Copper_Ladle"),
    ("Plum_Loaf", "kitchen.dish.issue_imprint", "Copper_Ladle"),
    ("Odo_Brisk", "kitchen.cook.imprint", "Copper_Ladle"),
    ("Lenna_Kove", "kitchen.cook.imprint", "Copper_Ladle"),
    ("Copper_Ladle", "kitchen.imprint.seat", "Graz"),
    ("Graz", "lies_within", "Austria"),
    ("Copper_Ladle", "kitchen.imprint.export_market", "Chile"),
    ("Copper_Ladle", "kitchen.imprint.export_market", "Peru"),
]


@pytest.mark.parametrize(
    "question",
    [
        "which dishes did Odo_Brisk issue ?",
        "what kind of dishes did Odo_Brisk issue ?",
        "which sort of dish did Odo_Brisk issue ?",
    ],
)
async def test_a_one_clause_question_asks_for_one_step(question: str) -> None:
    """ "issue" reads ``issue_imprint`` by its own stem, but that reaches what the cook's
    imprint issued, every cook's dishes; the clause relates the cook to the dishes directly
    (ADR 0044). The asked noun's own "of" phrase ("kind of dishes") is part of the answer,
    not another noun phrase the seed is reached through."""
    steps = await _best_steps(PANTRY, question, "Odo_Brisk")
    assert steps == (Step("kitchen.dish.cook", Direction.IN),)


async def test_a_one_clause_question_may_roll_up_to_the_asked_kind() -> None:
    """ "sit" reads the imprint's seat, a city; the clause asks for a country, which the
    city's own forward relation reaches: that step is no step too many, though the
    imprint's export markets are countries one step away (ADR 0044)."""
    question = "what country does Copper_Ladle sit in ?"
    steps = await _best_steps(PANTRY, question, "Copper_Ladle")
    assert steps == (
        Step("kitchen.imprint.seat", Direction.OUT),
        Step("lies_within", Direction.OUT),
    )


WORKSHOP = [
    ("Glint_Pad", "maker", "Tarn_Works"),
    ("Dusk_Pen", "maker", "Tarn_Works"),
    ("Tarn_Works", "founded_by", "Ilsa_Vorn"),
    ("Tarn_Works", "chief_executive", "Ruth_Amsel"),
    ("Tarn_Works", "seat", "Graz"),
    ("Glint_Pad", "launch_year", "2014"),
]


async def test_a_relative_clause_about_another_noun_is_a_step_before_the_answer() -> None:
    """ "the firm that produces X" is X's maker; "who started" it asks one step further,
    though "started" reads no relation here surely (ADR 0045)."""
    question = "who started the firm that produces Glint_Pad ?"
    steps = await _best_steps(WORKSHOP, question, "Glint_Pad")
    assert steps == (Step("maker", Direction.OUT), Step("founded_by", Direction.OUT))


PROJECTS = [
    ("Reedkit", "maintained_by", "Ola_Brenn"),
    ("Reedkit", "sponsored_by", "Tarn_Works"),
    ("Ola_Brenn", "alumni_of", "Vesk_University"),
    ("Tarn_Works", "based_in", "Lund"),
    ("Tarn_Works", "founded_by", "Ruth_Amsel"),
    ("Ruth_Amsel", "alumni_of", "Graz_Institute"),
]


async def test_whoever_opens_a_clause_about_an_unsaid_noun() -> None:
    """ "the alma mater of whoever maintains X": "whoever" is "the person who", so the
    clause is a step to that person and the question's noun one from them."""
    question = "what's the alma mater of whoever maintains Reedkit ?"
    steps = await _best_steps(PROJECTS, question, "Reedkit")
    assert steps == (Step("maintained_by", Direction.OUT), Step("alumni_of", Direction.OUT))


def test_a_verb_reads_a_doer_through_the_doers_own_verb() -> None:
    """A ``manufacturer`` is one who manufactures, and to make is to manufacture: "makes"
    reads it though no link of "make" reaches the noun. Only a verb nothing reads surely is
    read so: "study" reads ``alumni_of``, not an ``investigator`` (to study: to investigate),
    and only a verb of content."""
    predicates = ["drug.manufacturer", "developed_by", "principal_investigator", "alumni_of"]
    makes = _analysis(f"which company makes {SUBJECT} ?", predicates)
    assert {m.predicate for m in makes.relations if m.word == "makes"} == {"drug.manufacturer"}
    study = _analysis(f"where did {SUBJECT} study ?", predicates)
    assert {m.predicate for m in study.relations} == {"alumni_of"}
    # nor is a copula anything's doer, though "be" and "run" share a sense
    copula = _analysis(f"who was victorious in {SUBJECT} ?", ["runner_up"])
    assert copula.relations == []


@pytest.mark.parametrize(
    ("question", "hops"),
    [
        (f"who started the firm that produces {SUBJECT} ?", 2),
        (f"what's the hometown of whoever started {SUBJECT} ?", 2),
        (f"who is the maker that made {SUBJECT} ?", 0),
    ],
)
def test_a_relative_clause_about_the_asked_noun_is_no_hop(question: str, hops: int) -> None:
    """ "who is the maker that made X": the copula says the maker is what is asked, so the
    clause is no step before the answer (ADR 0045)."""
    analysis = _analysis(question, ["maker", "founded_by"])
    span = analysis.entity_token_span(analysis.entities[0])
    assert _Scorer(analysis, span, PathTree({"entity": {}}, {})).hops == hops


@pytest.mark.parametrize(
    ("question", "kinds"),
    [
        (f"where's {SUBJECT} ?", ("location",)),
        (f"where is {SUBJECT} ?", ("location",)),
        (f"where did {SUBJECT} study ?", ("location", "institution", "facility", "structure")),
    ],
)
def test_where_s_is_where_is(question: str, kinds: tuple[str, ...]) -> None:
    """ "where's X" asks where X is, a place, as "where is X" does; only another verb may
    ask for an institution one studies at (ADR 0041) or a building (ADR 0116)."""
    analysis = _analysis(question, ["place_of_birth", "education"])
    assert _wh_kinds(analysis, analysis.entity_token_span(analysis.entities[0])) == kinds


ENSEMBLE = [
    ("Quill_Band", "performs_on", "Cello"),
    ("Quill_Band", "performs_on", "Oboe"),
    ("Quill_Band", "music_genre", "Baroque"),
    ("Quill_Band", "member", "Ada_Moss"),
    ("Ada_Moss", "performs_on", "Harp"),
    ("Dusk_Suite", "made_by", "Quill_Band"),
    ("Dusk_Suite", "recorded_at", "Abbey_Hall"),
    ("Abbey_Hall", "sits_in", "Leeds"),
]


@pytest.mark.parametrize(
    ("question", "seed", "steps"),
    [
        (
            "what sort of music does Quill_Band perform ?",
            "Quill_Band",
            (Step("music_genre", Direction.OUT),),
        ),
        (
            "what kind of music does the band Ada_Moss is in perform ?",
            "Ada_Moss",
            (Step("member", Direction.IN), Step("music_genre", Direction.OUT)),
        ),
        (
            "what style does the band that made Dusk_Suite perform ?",
            "Dusk_Suite",
            (Step("made_by", Direction.OUT), Step("music_genre", Direction.OUT)),
        ),
    ],
)
async def test_a_verb_the_asked_noun_is_the_object_of_goes_untold(
    question: str, seed: str, steps: tuple[Step, ...]
) -> None:
    """ "perform" reads ``performs_on`` by its own stem, but what is performed here is the
    asked noun, which names ``music_genre``'s objects: the walk it names needs no step the
    verb reads (ADR 0046)."""
    assert await _best_steps(ENSEMBLE, question, seed) == steps


@pytest.mark.parametrize(
    ("question", "one_clause"),
    [
        (f"what kind of dishes did {SUBJECT} issue ?", True),
        (f"which kinds of spices are in the dishes {SUBJECT} cooked ?", False),
    ],
)
def test_a_plural_before_the_name_is_the_object_of_a_clause(
    question: str, one_clause: bool
) -> None:
    """ "the album X" names X by its kind, but a plural before a name is what the name's
    clause is about ("the dishes X cooked"): the question relates X to the answer through
    them, not by one clause (ADR 0044)."""
    start = question.index(SUBJECT)
    names = [NameMatch(SUBJECT, start, start + len(SUBJECT), (SUBJECT_ID,))]
    analysis = analyse(question, ["cooked_by", "issued_by", "spice"], ["dish", "spice"], names)
    span = analysis.entity_token_span(analysis.entities[0])
    assert _Scorer(analysis, span, PathTree({"entity": {}}, {})).one_clause is one_clause


# A lecturer's universities and their cities; others studied there and have a nationality.
# Real place names: WordNet knows Lyon is a city and France a country.
CAMPUS_ROWS = [
    ("Ann_V", "people.person.employment_history", "Elm_University"),
    ("Ann_V", "people.person.nationality", "Italy"),
    ("Bo_W", "people.person.education", "Elm_University"),
    ("Bo_W", "people.person.nationality", "Japan"),
    ("Elm_University", "education.university.city", "Lyon"),
    ("Lyon", "location.location.containedby", "France"),
    ("Ann_V", "people.person.education", "Oak_University"),
    ("Oak_University", "education.university.city", "Turin"),
    ("Turin", "location.location.containedby", "Italy"),
]


@pytest.mark.parametrize(
    "question",
    [
        "in what country is the university where Ann_V works ?",
        "which country is the university where Ann_V works in ?",
    ],
)
async def test_the_place_something_is_in_names_a_kind_not_a_relation(question: str) -> None:
    """ "in what country" asks where the university is: "country" loosely reads
    ``nationality``, no step of the way there (its students' nationality)."""
    assert await _best_steps(CAMPUS_ROWS, question, "Ann_V") == (
        Step("people.person.employment_history", Direction.OUT),
        Step("education.university.city", Direction.OUT),
        Step("location.location.containedby", Direction.OUT),
    )


# A playwright's schooling beside the theatres of her home town.
STAGE_ROWS = [
    ("Silver_Crown", "theater.play.playwright", "Oona_B"),
    ("Silver_Crown", "theater.play.premiere_venue", "Empire_Stage"),
    ("Oona_B", "people.person.education", "Kallberg_University"),
    ("Oona_B", "people.person.place_of_birth", "Antwerp"),
    ("Gaslight_Stage", "theater.theater.city", "Antwerp"),
    ("Empire_Stage", "theater.theater.city", "Lyon"),
    ("Oona_B", "theater.theater_director.plays_directed", "Silver_Crown"),
    ("Kiran_C", "sports.pro_athlete.teams", "Granite_FC"),
    ("Granite_FC", "sports.sports_team.coach", "Dora_M"),
]


@pytest.mark.parametrize(
    ("question", "seed", "steps"),
    [
        (
            "which school did the playwright of Silver_Crown go to ?",
            "Silver_Crown",
            (
                Step("theater.play.playwright", Direction.OUT),
                Step("people.person.education", Direction.OUT),
            ),
        ),
        (
            "which school did Silver_Crown's playwright attend ?",
            "Silver_Crown",
            (
                Step("theater.play.playwright", Direction.OUT),
                Step("people.person.education", Direction.OUT),
            ),
        ),
        (
            "which players does Granite_FC have ?",
            "Granite_FC",
            (Step("sports.pro_athlete.teams", Direction.IN),),
        ),
    ],
)
async def test_a_noun_that_reads_a_relation_closely_names_no_type_loosely(
    question: str, seed: str, steps: tuple[Step, ...]
) -> None:
    """ "school" reads ``education`` closely (0.8) and names the graph's ``theater`` type only
    loosely (both are buildings): the schooling is asked for, not a theatre, though no step
    reaches names WordNet knows as schools. An agent noun is kin to what it does ("players":
    plays), which says nothing of what it is."""
    assert await _best_steps(STAGE_ROWS, question, seed) == steps


# An album's band and where the band started; "form" is also a noun kin to "genre".
FORMED_ROWS = [
    ("Dusk_Tapes", "music.album.artist", "Quill_Band"),
    ("Dusk_Tapes", "music.album.recorded_in", "Oslo"),
    ("Dusk_Tapes", "music.album.genre", "Krautrock"),
    ("Quill_Band", "music.group.lead_vocalist", "Ann_V"),
    ("Quill_Band", "music.artist.genre", "Krautrock"),
    ("Quill_Band", "music.artist.origin", "Lyon"),
    ("Lyon", "location.location.containedby", "France"),
    ("Oslo", "location.location.containedby", "Norway"),
]


async def test_a_closing_verb_after_a_long_subject_is_a_verb() -> None:
    """ "did the band that recorded X form": "form" closes a do-question whose subject ends in a
    name, so it is the verb (a band forms), not the noun kin to ``genre``."""
    question = "in which country did the band that recorded Dusk_Tapes form ?"
    assert await _best_steps(FORMED_ROWS, question, "Dusk_Tapes") == (
        Step("music.album.artist", Direction.OUT),
        Step("music.artist.origin", Direction.OUT),
        Step("location.location.containedby", Direction.OUT),
    )


# A gadget's maker, the maker's head office and offices, and the countries holding the cities.
MAKER_ROWS = [
    ("Pulse_Go", "manufacturer", "Ironbark_Works"),
    ("Ironbark_Works", "headquartered_in", "Gdansk"),
    ("Ironbark_Works", "has_office_in", "Lyon"),
    ("Gdansk", "located_in", "Poland"),
    ("Lyon", "located_in", "France"),
]


@pytest.mark.parametrize(
    ("question", "steps"),
    [
        (
            "where is Pulse_Go's maker based ?",
            (Step("manufacturer", Direction.OUT), Step("headquartered_in", Direction.OUT)),
        ),
        (
            "which country is Pulse_Go's maker based in ?",
            (
                Step("manufacturer", Direction.OUT),
                Step("headquartered_in", Direction.OUT),
                Step("located_in", Direction.OUT),
            ),
        ),
    ],
)
async def test_a_bare_where_does_not_walk_on_from_the_place(
    question: str, steps: tuple[Step, ...]
) -> None:
    """ "based" reads ``located_in`` (0.8) better than ``headquartered_in``: a city is based
    in a country too. A bare "where" is answered by the head office's city; only a country
    asked for walks on from it."""
    assert await _best_steps(MAKER_ROWS, question, "Pulse_Go") == steps


# A striker's club, its coach and a former player, each born somewhere.
CLUB_ROWS = [
    ("Osric_Z", "sports.pro_athlete.teams", "Granite_FC"),
    ("Osric_Z", "position_played", "Striker"),
    ("Osric_Z", "people.person.place_of_birth", "Amsterdam"),
    ("Granite_FC", "sports.sports_team.coach", "Dora_M"),
    ("Granite_FC", "sports.sports_team.arena_stadium", "Granite_Park"),
    ("Dora_M", "people.person.place_of_birth", "Seattle"),
    ("Vic_R", "played_for", "Granite_FC"),
    ("Vic_R", "people.person.place_of_birth", "Melbourne"),
]


async def test_a_noun_a_name_and_a_verb_make_one_step() -> None:
    """ "the club X plays for" is a relative clause with no relative word: one step from X
    to the club, so "plays" reads neither X's position nor who else played for the club, and
    the manager is the club's."""
    question = "which city does the manager of the club Osric_Z plays for come from ?"
    assert await _best_steps(CLUB_ROWS, question, "Osric_Z") == (
        Step("sports.pro_athlete.teams", Direction.OUT),
        Step("sports.sports_team.coach", Direction.OUT),
        Step("people.person.place_of_birth", Direction.OUT),
    )


# A painting's artist and owner; the artist's child was born elsewhere, in the owner's city.
PAINTER_ROWS = [
    ("Girl_in_Winter", "artwork.artist", "Kiran_M"),
    ("Girl_in_Winter", "artwork.owner", "Halvorsen_Gallery"),
    ("Halvorsen_Gallery", "museum.city", "Seattle"),
    ("Kiran_M", "person.place_of_birth", "Helsinki"),
    ("Kiran_M", "person.children", "Ada_M"),
    ("Ada_M", "person.place_of_birth", "Seattle"),
]


@pytest.mark.parametrize(
    "question",
    [
        "which city was the person who painted Girl_in_Winter born in ?",
        "which cities were the individuals who painted Girl_in_Winter born in ?",
    ],
)
async def test_a_word_for_anyone_reads_no_kind_of_person(question: str) -> None:
    """ "person" ("individuals") is kin to every relation to persons (a child, an owner is
    one), so it reads none of them: "the person who painted X" is X's artist, not the
    artist's child."""
    assert await _best_steps(PAINTER_ROWS, question, "Girl_in_Winter") == (
        Step("artwork.artist", Direction.OUT),
        Step("person.place_of_birth", Direction.OUT),
    )


# A painter's work and spouse, both painters; the relation names type artists and artworks.
SPOUSES_ROWS = [
    ("Girl_in_Winter", "visual_art.artwork.artist", "Kiran_M"),
    ("Girl_in_Winter", "visual_art.artwork.date_completed", "1936"),
    ("Kiran_M", "visual_art.visual_artist.movement", "Realism"),
    ("Kiran_M", "people.person.spouse_s", "Jo_R"),
    ("Jo_R", "visual_art.visual_artist.movement", "Cubism"),
]


async def test_a_thing_names_no_doer_loosely() -> None:
    """ "paintings" is kin to a painter, so to the graph's ``visual_artist`` type, but a
    painting is no artist: the spouse, a painter, is not a painting of X's."""
    question = "which paintings did Kiran_M make ?"
    assert await _best_steps(SPOUSES_ROWS, question, "Kiran_M") == (
        Step("visual_art.artwork.artist", Direction.IN),
    )


# A painting's painter (a person, by the graph's relation names) and its owner, a gallery.
BRUSH_ROWS = [
    ("Street_at_Noon", "visual_art.artwork.artist", "Tamsin_U"),
    ("Street_at_Noon", "visual_art.artwork.owner", "Halvorsen_Gallery"),
    ("Tamsin_U", "people.person.place_of_birth", "Lille"),
    ("Halvorsen_Gallery", "architecture.museum.city", "Seattle"),
]


async def test_whose_asks_for_a_person_as_who_does() -> None:
    """ "whose brush made X": nothing reads "brush", but "whose" asks for a person (or a
    body the graph types as an organization), as "who" does: the painter, not the gallery."""
    question = "whose brush made Street_at_Noon ?"
    assert await _best_steps(BRUSH_ROWS, question, "Street_at_Noon") == (
        Step("visual_art.artwork.artist", Direction.OUT),
    )


# Singers born in towns of the countries of their passports.
NATIVE_ROWS = [
    ("Glass_Owls", "group.lead_vocalist", "Mira_K"),
    ("Mira_K", "person.place_of_birth", "Oslo"),
    ("Mira_K", "person.nationality", "Norway"),
    ("Olle_P", "person.place_of_birth", "Bergen"),
    ("Olle_P", "person.nationality", "Norway"),
    ("Oslo", "located_in", "Norway"),
    ("Bergen", "located_in", "Norway"),
    ("Lund", "located_in", "Sweden"),
]


@pytest.mark.parametrize(
    ("question", "seed", "steps"),
    [
        (
            "where does Mira_K come from ?",
            "Mira_K",
            (Step("person.place_of_birth", Direction.OUT),),
        ),
        (
            "where does the singer of Glass_Owls come from ?",
            "Glass_Owls",
            (Step("group.lead_vocalist", Direction.OUT), Step("person.place_of_birth")),
        ),
    ],
)
async def test_a_bare_where_asks_for_the_finest_place(
    question: str, seed: str, steps: tuple[Step, ...]
) -> None:
    """No word reads "come from" (WordNet: "be a native of", as near a nationality as a
    birthplace): of the two places the words cannot tell apart, the town lies in the
    country, so it is the answer."""
    assert await _best_steps(NATIVE_ROWS, question, seed) == steps


# A band's record label and its head office, and where the band's singer was born.
LABEL_ROWS = [
    ("Glass_Owls", "music.artist.label", "Nordic_Sound"),
    ("Glass_Owls", "music.group.lead_vocalist", "Mira_K"),
    ("Nordic_Sound", "business.record_label.headquarters", "Oslo"),
    ("Mira_K", "people.person.place_of_birth", "Bergen"),
    ("Mira_K", "music.group_member.position_played", "Guitar"),
]


async def test_a_verb_reads_a_noun_of_a_name_only_as_itself() -> None:
    """ "located" is "placed" as a verb, but ``place_of_birth`` names a place, not a placing:
    the verb does not read it, so the label's head office is walked, not the singer's
    birthplace ("record company" reads nothing)."""
    question = "which city is the record company of Glass_Owls located in ?"
    assert await _best_steps(LABEL_ROWS, question, "Glass_Owls") == (
        Step("music.artist.label"),
        Step("business.record_label.headquarters"),
    )


async def _route_on(rows: list[tuple[str, str, str]], question: str) -> RouteDecision:
    """route_search's decision for ``question`` over a graph of ``rows``."""
    contexts = Contexts(EmbeddedGraph.from_triples(_graph_triples(_records_of(rows))))
    intent = Intent(topic=question)
    classified = await nl_classify.handle(contexts.make(Stage.NL_CLASSIFY, intent), intent)
    ctx = contexts.make(Stage.ROUTE_SEARCH, intent, classifier_output=classified)
    return await route_search.handle(ctx, classified)


@pytest.mark.parametrize(
    ("question", "unmatched"),
    [
        ("name the prizes of Kiran_M", ["prizes"]),
        ("what are the prizes of Kiran_M ?", ["prizes"]),
        ("give me details of Kiran_M", None),
        ("tell me about Kiran_M", None),
    ],
)
async def test_an_asking_verb_asks_as_a_question_word_does(
    question: str, unmatched: list[str] | None
) -> None:
    """No relation reads "prizes": "name the prizes of X" is then no answer, as "what are the
    prizes of X" is, not X described; asking for X's details, or about X, describes it."""
    decision = await _route_on([*PAINTER_ROWS, ("Kiran_M", "person.spouse", "Jo_R")], question)
    assert decision.action is RouteAction.SYNTHESIZE_DIRECTLY
    assert decision.args.get("unmatched") == unmatched


async def test_a_remote_word_still_walks_to_the_place_asked_for() -> None:
    """ "located" reads ``contained_by`` only remotely (word vectors), which alone would be
    no answer ("top speed" and a flight time); but the step reaches the place "where" asks
    for, so it is walked."""
    rows = [("Berlin", "location.contained_by", "Germany"), ("Berlin", "population", "3600000")]
    decision = await _route_on(rows, "where is berlin located ?")
    assert decision.args["path"] == [{"predicate": "location.contained_by", "direction": "out"}]


# An album's release year and its producer's birth year.
RELEASE_ROWS = [
    ("Blue_Hour", "music.album.release_year", "1989"),
    ("Blue_Hour", "music.album.produced_by", "Ursula_D"),
    ("Blue_Hour", "music.album.genre", "Synth-pop"),
    ("Ursula_D", "people.person.date_of_birth", "1950"),
    ("Ursula_D", "people.person.nationality", "Norway"),
]


async def test_a_time_asked_in_one_clause_is_the_seeds_own() -> None:
    """ "put out" is one phrase (reading ``produced_by``), so the question is one clause,
    whose time is the album's own: not its producer's birth year, reached by walking on
    from the producer as a town is walked on to its country."""
    question = "when was Blue_Hour put out ?"
    assert await _best_steps(RELEASE_ROWS, question, "Blue_Hour") == (
        Step("music.album.release_year"),
    )


# Bare relation names that type nothing: a race won by a rider, a gallery kept by a curator,
# a land with a head of government.
DOER_ROWS = [
    ("Grey_Cup_Race", "winner", "Ada_Vell"),
    ("Grey_Cup_Race", "venue", "Varna"),
    ("Grey_Cup_Race", "year_held", "2011"),
    ("Grey_Cup_Race", "entry_number", "7"),
    ("Ada_Vell", "nationality", "Bulgaria"),
    ("Ada_Vell", "place_of_birth", "Ruse"),
    ("Varna", "containedby", "Bulgaria"),
    ("Ruse", "containedby", "Bulgaria"),
    ("Harrow_Gallery", "curator", "Lene_Brandt"),
    ("Harrow_Gallery", "located_in", "Bergen"),
    ("Harrow_Gallery", "opened", "1921"),
    ("Harrow_Gallery", "collection", "Blue_Boats"),
    ("Blue_Boats", "year_painted", "1890"),
    ("Lene_Brandt", "place_of_birth", "Oslo"),
    ("Lene_Brandt", "nationality", "Norway"),
    ("Bergen", "containedby", "Norway"),
    ("Velmora", "head_of_government", "Ines_Dahl"),
    ("Velmora", "capital", "Orsk"),
    ("Velmora", "year_founded", "1820"),
    ("Ines_Dahl", "place_of_birth", "Orsk"),
    ("Ines_Dahl", "spouse", "Pavel_Dahl"),
]


@pytest.mark.parametrize(
    ("question", "seed", "step"),
    [
        ("who prevailed at Grey_Cup_Race ?", "Grey_Cup_Race", Step("winner")),
        ("who keeps Harrow_Gallery?", "Harrow_Gallery", Step("curator")),
        ("who runs Velmora?", "Velmora", Step("head_of_government")),
    ],
)
async def test_a_bare_who_asks_for_whom_a_relation_names_a_person(
    question: str, seed: str, step: Step
) -> None:
    """No word reads a relation surely and no namespace types anything; WordNet files a
    winner and a curator under persons (a number, though it ends as "winner" does, is none),
    and a head of government is no head, so "who" is answered by them, not by the year or
    the city the words happen to sit nearest."""
    assert await _best_steps(DOER_ROWS, question, seed) == (step,)


LEAGUES = [
    ("Fenwick_League", "governs_sport", "Curling"),
    ("Fenwick_League", "founded_in", "1921"),
    ("Holt_Rovers", "member_of", "Fenwick_League"),
    ("Holt_Rovers", "home_town", "Dunmere"),
    ("Ada_Wren", "supports", "Holt_Rovers"),
    ("Ada_Wren", "wrote_plays", "The_Glass_Door"),
]


async def test_one_clause_reads_a_word_among_the_seeds_own_relations() -> None:
    """One clause relates the league to the answer, so the answer is one step away: "game"
    reads a playwright's ``wrote_plays`` best among all relations, but the league's own
    ``governs_sport`` is what it means here."""
    question = "what game is played in Fenwick_League?"
    assert await _best_steps(LEAGUES, question, "Fenwick_League") == (
        Step("governs_sport", Direction.OUT),
    )


CLUBS = [
    ("Ines_Varo", "current_team", "Dunmere_Rovers"),
    ("Ines_Varo", "nationality", "Portugal"),
    ("Dunmere_Rovers", "league", "Northern_Premier"),
    ("Dunmere_Rovers", "based_in", "Dunmere"),
    ("Dunmere", "in_country", "Scotland"),
    ("Northern_Premier", "country", "Scotland"),
    ("Tam_Orr", "rival_team", "Dunmere_Rovers"),
    ("Dunmere_Rovers", "head_coach", "Bo_Lind"),
    ("Bo_Lind", "played_for", "Kelso_Town"),
]


async def test_a_noun_the_seed_hangs_on_reads_among_the_seeds_relations() -> None:
    """ "X's club": among all relations "club" reads a league as loosely as a team, so it
    reads neither; among X's own it reads only ``current_team``, the step it names, and the
    club's country is where it is based, not X's nationality."""
    question = "in which country is Ines_Varo's club based?"
    assert await _best_steps(CLUBS, question, "Ines_Varo") == (
        Step("current_team", Direction.OUT),
        Step("based_in", Direction.OUT),
        Step("in_country", Direction.OUT),
    )


BANDS = [
    ("Mira_Solberg", "membership", "Pale_Hounds"),
    ("Mira_Solberg", "instruments_played", "Cello"),
    ("Mira_Solberg", "place_of_birth", "Tromso"),
    ("Pale_Hounds", "label", "Grey_Owl_Records"),
    ("Pale_Hounds", "genre", "Shoegaze"),
    ("Pale_Hounds", "lead_vocalist", "Ivo_Brandt"),
    ("Ivo_Brandt", "instruments_played", "Guitar"),
    ("Night_Ferry", "featured_artists", "Mira_Solberg"),
    ("Night_Ferry", "release_label", "Grey_Owl_Records"),
    ("Night_Ferry", "artist", "Pale_Hounds"),
    ("Ivo_Brandt", "label", "Lantern_Records"),
]


@pytest.mark.parametrize(
    ("question", "last"),
    [
        ("what label is Mira_Solberg's band signed to?", "label"),
        ("what kind of music does Mira_Solberg's band play?", "genre"),
    ],
)
async def test_a_possessed_noun_that_reads_nothing_is_still_a_step(
    question: str, last: str
) -> None:
    """ "X's band": no relation name says "band" (it reads an instrument, a vocalist and a
    membership about equally, so none), yet the possessive says the answer hangs on
    something X reaches, not on X: not X's instrument, but the label of the group X is in."""
    assert await _best_steps(BANDS, question, "Mira_Solberg") == (
        Step("membership", Direction.OUT),
        Step(last, Direction.OUT),
    )


GROUPS = [
    ("Ada_Quill", "music.group_member.membership", "Grey_Larks"),
    ("Ada_Quill", "people.person.nationality", "Norway"),
    ("Ada_Quill", "people.person.place_of_birth", "Bergen"),
    ("Bergen", "location.location.containedby", "Norway"),
    ("Grey_Larks", "music.group.lead_vocalist", "Ada_Quill"),
    ("Grey_Larks", "music.artist.origin", "Velmora"),
    ("Velmora", "location.location.containedby", "Ireland"),
    ("Grey_Larks", "music.artist.similar_artist", "Tin_Owls"),
    ("Tin_Owls", "music.artist.origin", "Dublin"),
    ("Dublin", "location.location.containedby", "Ireland"),
    ("Tin_Owls", "music.artist.similar_artist", "Salt_Crows"),
    ("Salt_Crows", "music.artist.origin", "Manchester"),
    ("Manchester", "location.location.containedby", "United_Kingdom"),
]


async def test_a_place_wordnet_does_not_know_is_judged_by_its_steps_other_places() -> None:
    """ "what country is X's group from": the group's origin, then the country holding it.
    WordNet does not know "Velmora", but the other places ``origin`` reaches are towns, so
    the step on to a country is no bridge, and the walk does not turn back to X, the
    group's singer, for X's own nationality."""
    steps = await _best_steps(GROUPS, "what country is Ada_Quill's group from?", "Ada_Quill")
    assert steps[-2:] == (
        Step("music.artist.origin", Direction.OUT),
        Step("location.location.containedby", Direction.OUT),
    )


SCHOOLS = [
    ("Quiet_Ledger", "author", "Ines_Marlow"),
    ("Quiet_Ledger", "publisher", "Fenwick_Press"),
    ("Fenwick_Press", "headquarters", "Leeds"),
    ("Ines_Marlow", "place_of_birth", "Lyon"),
    ("Ines_Marlow", "nationality", "France"),
    ("Ines_Marlow", "education", "Corvale_College"),
    ("Corvale_College", "city", "Uppsala"),
    ("Uppsala", "country", "Sweden"),
    ("Lyon", "country", "France"),
]


async def test_a_noun_heading_a_clause_about_the_seeds_possessive_is_read() -> None:
    """ "the school X's author attended": "school" comes right before the name, as "the
    book" does in "the book X", but it heads a clause whose subject is X's author; it is
    what the author attended (``education``), then where that lies, not the author's
    birthplace."""
    question = "where is the school Quiet_Ledger's author attended?"
    assert await _best_steps(SCHOOLS, question, "Quiet_Ledger") == (
        Step("author", Direction.OUT),
        Step("education", Direction.OUT),
        Step("city", Direction.OUT),
    )


async def test_a_clause_the_seed_is_subject_of_names_one_step() -> None:
    """ "the club X plays for": no "that" opens the clause; "club" reads X's ``current_team``
    among X's own relations, and "plays for" names that same step, not a further one to
    where the coach once played."""
    question = "who is the coach of the club Ines_Varo plays for?"
    assert await _best_steps(CLUBS, question, "Ines_Varo") == (
        Step("current_team", Direction.OUT),
        Step("head_coach", Direction.OUT),
    )


@pytest.mark.parametrize(
    ("question", "attached"),
    [
        (f"who coaches the club {SUBJECT} plays for?", ["club"]),
        (f"which city is the club {SUBJECT} plays in based in?", ["club"]),
        (f"the writer {SUBJECT} writes films with who?", []),
        (f"which city is the publisher {SUBJECT} headquartered in?", []),
        (f"what country is {SUBJECT}'s club based in?", ["club"]),
        (f"what is the home ground of {SUBJECT}?", ["home", "ground"]),
        (f"who wrote the book {SUBJECT} is based on?", ["book"]),
        (f"who wrote the novel behind {SUBJECT}?", ["novel"]),
        (f"which city is the publisher {SUBJECT} is owned by based in?", ["publisher"]),
    ],
)
def test_the_noun_a_seed_hangs_on(question: str, attached: list[str]) -> None:
    """A possessive, an "of" or "behind", or a clause with no "that" whose subject is the
    seed, active or passive ("the book X is based on"), hangs the seed on a noun; a name after
    its descriptor ("the writer X wrote") does not."""
    analysis = _analysis(question, ["current_team", "based_in"])
    mention = analysis.entities[0]
    found = analysis.attached_nouns(analysis.entity_token_span(mention))
    assert [analysis.tokens[t].text for t in found] == attached


MAKERS = [
    ("Tern_Works", "produced_by_inverse", "Tern_Drill"),
    ("Tern_Works", "produced_by_inverse", "Tern_Saw"),
    ("Tern_Works", "founded_by", "Oda_Brask"),
    ("Tern_Works", "chief_executive", "Lise_Varn"),
    ("Oda_Brask", "place_of_birth", "Aarhus"),
    ("Lise_Varn", "place_of_birth", "Odense"),
    ("Tern_Drill", "launch_year", "2019"),
]


@pytest.mark.parametrize(
    ("question", "seed", "step"),
    [
        ("who created Tern_Works?", "Tern_Works", Step("founded_by", Direction.OUT)),
        ("who created Tern_Drill?", "Tern_Drill", Step("produced_by_inverse", Direction.IN)),
    ],
)
async def test_a_verb_after_who_is_not_walked_to_what_the_seed_did(
    question: str, seed: str, step: Step
) -> None:
    """ "who created X": X was created, the answer created it. ``produced_by_inverse`` is
    stored from maker to made, so walked on from a firm it reaches what the firm made,
    which "created" reads but does not ask for; from a product it reaches the maker."""
    assert await _best_steps(MAKERS, question, seed) == (step,)


WARES = [
    ("Kite_Mills", "produced_by_inverse", "Kite_Loom"),
    ("Kite_Mills", "produced_by_inverse", "Kite_Spool"),
    ("Kite_Mills", "industry_sector", "Textiles"),
    ("Vega_Works", "supplier_of", "Kite_Mills"),
    ("Vega_Works", "produced_by_inverse", "Vega_Loom"),
    ("Kite_Loom", "product_category", "Looms"),
    ("Kite_Spool", "product_category", "Spools"),
    ("Vega_Loom", "product_category", "Looms"),
    ("Kite_Loom", "competing_product", "Vega_Loom"),
]


async def test_an_asked_noun_naming_a_relations_subjects_ends_where_it_starts() -> None:
    """ "which products does X sell": "products" reads ``product_category`` by the word its
    name calls its subjects, so the products are what that relation starts from (what X
    makes), not the categories it reaches nor the products' competitors."""
    question = "which products does Kite_Mills sell?"
    assert await _best_steps(WARES, question, "Kite_Mills") == (
        Step("produced_by_inverse", Direction.OUT),
    )


SERVICES = [
    ("Job_1", "serviced", "Kite_9"),
    ("Job_1", "work_done", "rotor swap"),
    ("Job_2", "serviced", "Kite_9"),
    ("Job_2", "work_done", "new battery"),
    ("Job_3", "serviced", "Wren_2"),
    ("Job_3", "work_done", "new battery"),
]


async def test_a_name_ending_in_a_participle_names_its_objects_whole() -> None:
    """``work_done`` is the work that was done, not a work's deed: "what work was done on
    X" asks for its values, not for the jobs that start it."""
    question = "what work was done on Kite_9?"
    assert await _best_steps(SERVICES, question, "Kite_9") == (
        Step("serviced", Direction.IN),
        Step("work_done", Direction.OUT),
    )


PRINTS = [
    ("Salt_Ledger", "publisher", "Harrow_Press"),
    ("Salt_Ledger", "date_of_first_publication", "1931"),
    ("Salt_Ledger", "author", "Mira_Voss"),
    ("Harrow_Press", "founded", "1890"),
    ("Harrow_Press", "headquarters", "Leeds"),
]


@pytest.mark.parametrize(
    ("question", "step"),
    [
        ("in what year was Salt_Ledger published?", Step("date_of_first_publication")),
        ("who published Salt_Ledger?", Step("publisher")),
    ],
)
async def test_a_verb_reads_its_own_derivation_next_to_its_stem(question: str, step: Step) -> None:
    """ "published" shares its stem with ``publisher`` and is derived as "publication"
    (publish, public: the suffixes cut differently). It reads both, the stem first: the
    year asked for is the publication's, not the publisher's founding."""
    assert await _best_steps(PRINTS, question, "Salt_Ledger") == (step,)


NOVELS = [
    ("Cold_Run", "film.film.written_by", "Ada_Pell"),
    ("Cold_Run", "film.film.based_on", "Grey_Tide"),
    ("Cold_Run", "film.film.release_year", "1999"),
    ("Grey_Tide", "book.written_work.author", "Ines_Marr"),
    ("Grey_Tide", "book.written_work.publisher", "Harrow_Press"),
    ("Ada_Pell", "people.person.place_of_birth", "Leeds"),
    ("Ines_Marr", "people.person.place_of_birth", "Lyon"),
]


@pytest.mark.parametrize(
    "question",
    ["who wrote the novel behind Cold_Run?", "who wrote the book Cold_Run is based on?"],
)
async def test_a_verb_done_to_the_noun_the_seed_hangs_on_reads_past_the_seed(
    question: str,
) -> None:
    """ "who wrote the novel behind X": the novel was written, not the film X, so "wrote"
    reads among the relations of what X's steps reach (the book's ``author``), not X's own
    ``written_by``, its screenwriter."""
    assert await _best_steps(NOVELS, question, "Cold_Run") == (
        Step("film.film.based_on", Direction.OUT),
        Step("book.written_work.author", Direction.OUT),
    )


# A graph whose relation names type nothing: persons are known only by what they start
DOERS = [
    ("Harbour_Dawn", "artist", "Lena_Moor"),
    ("Harbour_Dawn", "curated_by", "Tom_Ash"),
    ("Harbour_Dawn", "lent_by", "Ida_Crane"),
    ("Harbour_Dawn", "year_completed", "1911"),
    ("North_Stars", "coach", "Eve_Lund"),
    ("North_Stars", "owner", "Max_Ruud"),
    ("North_Stars", "home_city", "Bergen"),
    *((person, "place_of_birth", "Oslo") for person in ("Lena_Moor", "Tom_Ash", "Ida_Crane")),
    *((person, "place_of_birth", "Rome") for person in ("Eve_Lund", "Max_Ruud")),
]
REELS = [
    ("Quiet_Reel", "starring", "Ben_Holt"),
    ("Quiet_Reel", "directed_by", "Ann_Vale"),
    ("Quiet_Reel", "written_by", "Sam_Reid"),
    *((person, "place_of_birth", "Bonn") for person in ("Ben_Holt", "Ann_Vale", "Sam_Reid")),
]


@pytest.mark.parametrize(
    ("rows", "question", "seed", "step"),
    [
        (DOERS + REELS, "who painted Harbour_Dawn?", "Harbour_Dawn", Step("artist")),
        (DOERS, "who manages North_Stars?", "North_Stars", Step("coach")),
        (DOERS + REELS, "who acted in Quiet_Reel?", "Quiet_Reel", Step("starring")),
    ],
)
async def test_a_verb_after_who_reads_the_relation_its_doers_noun_names(
    rows: list[tuple[str, str, str]], question: str, seed: str, step: Step
) -> None:
    """ "who painted X" names no relation by "painted", but its doer, a painter, is an
    ``artist``; a manager is a ``coach``, an actor a ``starring`` one. Nouns a doer's suffix
    makes of the verb that WordNet derives from it read the relations the verb does not."""
    assert await _best_steps(rows, question, seed) == (step,)


async def test_a_rare_verb_sense_reads_where_several_steps_reach_persons() -> None:
    """ "who appears in X": the persons the film's director, writer and cast are do not say
    which is asked; the rarer sense of "appear" (in a film) does."""
    assert await _best_steps(REELS, "who appears in Quiet_Reel?", "Quiet_Reel") == (
        Step("starring"),
    )


COLLEGES = [
    ("Ana_Pike", "education", "Hollis_College"),
    ("Ana_Pike", "education", "Kallis_University"),
    ("Ana_Pike", "education", "Instituto_Verde"),
    ("Ana_Pike", "education", "Akademie_Rothwald"),
    ("Ana_Pike", "education", "Escola_Nova"),
    ("Ana_Pike", "place_of_birth", "Lisbon"),
    ("Hollis_College", "located_in", "Boston"),
]
# one school more named as universities are
UNIVERSITIES = [(s, p, "Tarvel_University" if o == "Escola_Nova" else o) for s, p, o in COLLEGES]


@pytest.mark.parametrize(
    ("rows", "question"),
    [
        (COLLEGES, "where did Ana_Pike study?"),
        (UNIVERSITIES, "which university did Ana_Pike attend?"),
    ],
)
async def test_names_wordnet_does_not_know_say_nothing_against_the_asked_kind(
    rows: list[tuple[str, str, str]], question: str
) -> None:
    """Some of the schools are named as colleges or universities are, the others in words
    WordNet does not know: they are no less schools for that, so the step reaching them
    reaches the asked kind ("where did X study" is not where X was born; "which university"
    is not left unanswered)."""
    assert await _best_steps(rows, question, "Ana_Pike") == (Step("education"),)


@pytest.mark.parametrize(
    ("question", "step"),
    [
        ("which actors were in Quiet_Reel?", Step("starring")),
        ("which directors made Quiet_Reel?", Step("directed_by")),
    ],
)
async def test_an_asked_noun_naming_doers_reads_relations_named_by_verbs(
    question: str, step: Step
) -> None:
    """ "which actors": the answer's noun reads relations by the nouns of their names (a
    noun names a kind, not a verb), but ``starring`` and ``directed_by`` have none; a noun
    naming doers reads them as "who acted", "who directed" would."""
    assert await _best_steps(REELS, question, "Quiet_Reel") == (step,)


SQUADS = [
    ("Pia_Holm", "teams", "Nordby_Stars"),
    ("Pia_Holm", "former_teams", "Bay_Hawks"),
    ("Pia_Holm", "place_of_birth", "Oslo"),
    ("Nordby_Stars", "league", "Fjord_League"),
    ("Bay_Hawks", "league", "Fjord_League"),
    ("Nordby_Stars", "rival_team", "Bay_Hawks"),
]


async def test_an_asked_noun_reading_nothing_is_read_among_the_seeds_relations() -> None:
    """ "which club is X on": among all the graph's relations "club" reads a team's
    ``league`` as loosely as a player's ``teams``, so it read nothing and nothing answered;
    among X's own relations it reads X's teams (both named by "teams")."""
    assert await _best_steps(SQUADS, "which club is Pia_Holm on?", "Pia_Holm") == (Step("teams"),)


SCOUTED = [
    ("Quiet_Reel", "starring", "Ben_Holt"),
    ("Quiet_Reel", "scouted_film_sites", "Oslo"),
    ("Quiet_Reel", "scouted_film_sites", "Bergen"),
    ("Ben_Holt", "place_of_birth", "Bonn"),
]


async def test_the_first_noun_after_a_participle_names_a_relations_subjects() -> None:
    """``scouted_film_sites`` reaches sites and starts at films: "which movies" reads it by
    "film", which names its subjects, so the movies are where it starts (ADR 0072), not the
    sites it reaches."""
    question = "which movies has Ben_Holt appeared in?"
    assert await _best_steps(SCOUTED, question, "Ben_Holt") == (Step("starring", Direction.IN),)


OWL_RECORDS = [
    ("Quiet_Tide", "performer", "Glass_Owls"),
    ("Quiet_Tide", "producer", "Ada_Lind"),
    ("Glass_Owls", "singer", "Mo_Vance"),
    ("Mo_Vance", "membership", "Glass_Owls"),
    ("Ada_Lind", "membership", "Paper_Kites"),
    ("Paper_Kites", "singer", "Ada_Lind"),
    ("Mo_Vance", "place_of_birth", "Oslo"),
    ("Ada_Lind", "place_of_birth", "Bergen"),
]


@pytest.mark.parametrize(
    ("question", "seed", "steps"),
    [
        (
            "who sings for the group that made Quiet_Tide?",
            "Quiet_Tide",
            (Step("performer"), Step("singer")),
        ),
        ("who sings for the band Glass_Owls?", "Glass_Owls", (Step("singer"),)),
    ],
)
async def test_what_is_anyones_membership_is_a_group(
    question: str, seed: str, steps: tuple[Step, ...]
) -> None:
    """No relation name here types a node, but what someone's ``membership`` reaches is a
    group (WordNet files the noun under groups): "the group that made X" is the one step
    from X to such a node, X's ``performer``, not its ``producer`` (a person, though "made"
    reads him) nor the producer's own group. "The band X" only says what X is."""
    assert await _best_steps(OWL_RECORDS, question, seed) == steps


SIDES = [
    ("Ola_Berg", "plays_in_club", "Fjord_FC"),
    ("Ola_Berg", "plays_for_nation", "Norway"),
    ("Fjord_FC", "located_in", "Norway"),
    ("Kari_Dahl", "plays_in_club", "Fjord_FC"),
    ("Kari_Dahl", "plays_for_nation", "Sweden"),
]


@pytest.mark.parametrize(
    ("question", "step"),
    [
        ("which national team does Ola_Berg play for?", Step("plays_for_nation")),
        ("which team does Ola_Berg play for?", Step("plays_in_club")),
    ],
)
async def test_an_adjective_before_the_asked_noun_says_which_of_its_kind(
    question: str, step: Step
) -> None:
    """Clubs are groups here (a ``club`` is one), and a team is a group, but "national"
    names what ``plays_for_nation`` reaches: the national team is the nation's."""
    assert await _best_steps(SIDES, question, "Ola_Berg") == (step,)


LARKS = [
    ("Mia_Roe", "membership", "Tin_Larks"),
    ("Mia_Roe", "instruments_played", "Cello"),
    ("Ben_Ash", "membership", "Tin_Larks"),
    ("Ben_Ash", "instruments_played", "Drums"),
    ("Tin_Larks", "origin", "Oslo"),
    ("Tin_Larks", "genre", "Folk"),
]


async def test_who_does_what_the_seed_has_no_relation_for_is_its_doer() -> None:
    """ "who plays in X": X, a band, plays nothing; ``instruments_played`` starts at its
    players, so the answer is one who starts it (X's members), not the instruments."""
    steps = await _best_steps(LARKS, "who plays in Tin_Larks?", "Tin_Larks")
    assert steps == (Step("membership", Direction.IN),)


CLUB_KINDS = [
    ("Ivo_Marsh", "sports.pro_athlete.teams", "Dunmore_Rovers"),
    ("Ivo_Marsh", "position_played", "Winger"),
    ("Dunmore_Rovers", "sports.sports_team.league", "Coastal_League"),
    ("Dunmore_Rovers", "sports.sports_team.coach", "Ada_Vell"),
    ("Pell_Town", "sports.sports_team.league", "Coastal_League"),
    ("Coastal_League", "sports.sports_league.country", "Erland"),
]


async def test_a_noun_naming_two_kinds_alike_names_the_one_it_is_a_kind_of() -> None:
    """A club is a team in WordNet, and a league an association as a club is: the words
    read both about as nearly, but what the clubs are is the ``sports_team``."""
    steps = await _best_steps(CLUB_KINDS, "which clubs did Ivo_Marsh play for?", "Ivo_Marsh")
    assert steps == (Step("sports.pro_athlete.teams"),)


RIVAL_GROUNDS = [
    ("Harbor_Owls", "rival_team", "Quarry_Foxes"),
    ("Quarry_Foxes", "sports.sports_team.arena_stadium", "Millbrook_Dome"),
    ("Millbrook_Dome", "location.location.containedby", "Lille"),
    ("Quarry_Foxes", "home_city", "Lyon"),
    ("Harbor_Owls", "home_city", "Porto"),
    ("Harbor_Owls", "sports.sports_team.arena_stadium", "Seaview_Park"),
    ("Seaview_Park", "location.location.containedby", "Porto"),
    ("Lille", "location.location.containedby", "France"),
    ("Lyon", "location.location.containedby", "France"),
    ("Porto", "location.location.containedby", "Portugal"),
    ("France", "location.location.containedby", "Europe"),
    ("Portugal", "location.location.containedby", "Europe"),
]


async def test_a_node_whose_names_are_all_of_the_asked_kind_may_end_the_walk() -> None:
    """``containedby`` reaches a stadium's city and the cities' countries and continents:
    over the whole tree few of its names are cities, but the rivals' stadium's are all
    cities, so the walk to it ends where asked (its city, not the rivals' home city)."""
    steps = await _best_steps(
        RIVAL_GROUNDS, "the stadium of Harbor_Owls's rivals is in what city?", "Harbor_Owls"
    )
    assert steps == (
        Step("rival_team"),
        Step("sports.sports_team.arena_stadium"),
        Step("location.location.containedby"),
    )


SIGNED = [
    ("Dim_Lanterns", "label", "Osprey_Records"),
    ("Dim_Lanterns", "origin", "Cork"),
    ("Dim_Lanterns", "genre", "Shoegaze"),
    ("Night_Ferns", "artist", "Dim_Lanterns"),
    ("Night_Ferns", "recorded_in", "Leeds"),
    ("Night_Ferns", "produced_by", "Ada_Quill"),
    ("Osprey_Records", "headquarters", "Bristol"),
]


async def test_a_collocation_no_link_reads_is_read_by_a_definition() -> None:
    """WordNet links "record company" to nothing a relation is named by, but defines a
    ``label`` as the trade name of a company that produces musical recordings."""
    steps = await _best_steps(SIGNED, "which record company is Dim_Lanterns on?", "Dim_Lanterns")
    assert steps == (Step("label"),)


WORKS = [
    ("Reed_Harbour", "visual_art.artwork.artist", "Ilse_Varga"),
    ("Reed_Harbour", "visual_art.artwork.media", "Gouache"),
    ("Moss_Garden", "visual_art.artwork.artist", "Ilse_Varga"),
    ("Ilse_Varga", "people.person.place_of_birth", "Lyon"),
]


async def test_a_noun_names_the_closed_compound_it_heads() -> None:
    """An artwork is a work (art + work), so "the works of X" are the things typed
    ``artwork`` that X is the artist of; nothing else in the question reads a relation."""
    steps = await _best_steps(WORKS, "name the works of Ilse_Varga", "Ilse_Varga")
    assert steps == (Step("visual_art.artwork.artist", Direction.IN),)


TRADES = [
    ("Tallow_Works", "industry", "Candlemaking"),
    ("Tallow_Works", "makes", "Beeswax_Taper"),
    ("Tallow_Works", "product_category", "Lighting"),
    ("Ember_Mill", "industry", "Milling"),
    ("Ember_Mill", "makes", "Rye_Flour"),
    ("Ember_Mill", "product_category", "Baking"),
]


async def test_the_noun_a_kind_of_question_classifies_names_a_relation_defined_as_kinds() -> None:
    """ "What kind of business is X" asks for X's industry: WordNet defines an industry as
    a kind of commercial enterprise, so the noun the question classifies ("business")
    names the relation, which the classifying word ("kind") reads no better."""
    steps = await _best_steps(TRADES, "what kind of business is Tallow_Works?", "Tallow_Works")
    assert steps == (Step("industry"),)


PLAYBILL = [
    ("The_Glass_Bell", "theater.play.genre", "Farce"),
    ("The_Glass_Bell", "theater.play.playwright", "Orla_Venn"),
    ("The_Tin_Crown", "theater.play.genre", "Tragedy"),
    ("The_Tin_Crown", "theater.play.playwright", "Orla_Venn"),
    ("Orla_Venn", "people.person.nationality", "Ireland"),
]


async def test_the_word_a_kind_of_question_classifies_with_names_no_kind_of_answer() -> None:
    """ "What sort of piece is X": "sort" classifies, it is no answer's kind, though WordNet
    also knows "a good sort" as a person; the playwright is not asked."""
    steps = await _best_steps(PLAYBILL, "what sort of piece is The_Glass_Bell?", "The_Glass_Bell")
    assert steps == (Step("theater.play.genre"),)


CANDLE_TRADE = [
    ("Beeswax_Taper", "producer", "Tallow_Works"),
    ("Beeswax_Taper", "product_category", "Lighting"),
    ("Rye_Flour", "producer", "Ember_Mill"),
    ("Rye_Flour", "product_category", "Baking"),
    ("Tallow_Works", "industry", "Candlemaking"),
    ("Ember_Mill", "industry", "Milling"),
]


async def test_a_collocation_reads_the_relation_whose_noun_is_defined_much_as_it() -> None:
    """WordNet defines a "line of business" as a particular kind of commercial enterprise,
    and an industry as the companies engaged in a particular kind of commercial enterprise:
    the definitions share most of their words, so the collocation reads ``industry``, though
    no synonym or hypernym link joins the two."""
    steps = await _best_steps(
        CANDLE_TRADE, "what line of business is the maker of Beeswax_Taper in?", "Beeswax_Taper"
    )
    assert steps == (Step("producer"), Step("industry"))


DUGOUT = [
    ("Harwick_Rovers", "sports.sports_team.coach", "Ola_Brenner"),
    ("Harwick_Rovers", "sports.sports_team.arena_stadium", "Quell_Park"),
    ("Harwick_Rovers", "sports.sports_team.league", "Northern_Cup"),
    ("Tomas_Vale", "sports.pro_athlete.teams", "Harwick_Rovers"),
    ("Tomas_Vale", "people.person.nationality", "Norway"),
    ("Ida_Quell", "sports.sports_team_owner.teams_owned", "Harwick_Rovers"),
    ("Ida_Quell", "people.person.nationality", "Norway"),
    ("Ola_Brenner", "people.person.nationality", "Sweden"),
    ("Kelso_Town", "sports.sports_team.league", "Northern_Cup"),
    ("Kelso_Town", "sports.sports_team.arena_stadium", "Orr_Ground"),
    ("Harwick_Rovers", "rival_team", "Kelso_Town"),
]


async def test_a_word_nothing_reads_picks_the_relation_whose_noun_it_defines() -> None:
    """ "Who is in charge of X": "charge" reads no relation, and the coach, the owner and
    the players are all persons tied to X; WordNet defines a coach as someone in charge of
    training a team, so the coach it is."""
    steps = await _best_steps(DUGOUT, "who is in charge of Harwick_Rovers?", "Harwick_Rovers")
    assert steps == (Step("sports.sports_team.coach"),)


async def test_a_question_nothing_reads_takes_the_relation_defined_with_its_words() -> None:
    """ "What side is X in charge of": no word reads any relation and "side" names no kind
    here; of X's relations WordNet defines only a coach with "charge" (someone in charge
    of training a team), so X is walked back along ``coach``."""
    found = await _candidates(DUGOUT, "what side is Ola_Brenner in charge of?", "Ola_Brenner")
    assert found[:1] == [(Step("sports.sports_team.coach", Direction.IN),)]


STAGED = [
    ("The_Tin_Bell", "theater.play.playwright", "Ana_Rusk"),
    ("The_Tin_Bell", "theater.play.premiere_venue", "Quay_Playhouse"),
    ("Quay_Playhouse", "theater.theater.city", "Bergen"),
    ("Ana_Rusk", "people.person.place_of_birth", "Bergen"),
    ("Bo_Tallis", "theater.theater_director.plays_directed", "The_Tin_Bell"),
    ("Bo_Tallis", "people.person.place_of_birth", "Oslo"),
]


async def test_a_plain_verb_after_who_reads_a_nouns_slot_only_as_itself() -> None:
    """ "Who put X on stage": "put" right after "who" is a verb though it has no "-ed",
    so it does not read ``place_of_birth`` through "place" (to put is to place): the
    director who staged X is asked, not anyone's birthplace."""
    steps = await _best_steps(STAGED, "who put The_Tin_Bell on stage?", "The_Tin_Bell")
    assert steps == (Step("theater.theater_director.plays_directed", Direction.IN),)


def test_a_verb_between_the_asked_noun_and_a_placed_name_is_no_noun() -> None:
    """ "Which team plays at X": "plays" is the team's verb, not a plural noun after "team"
    (as "labels" is in "record labels"), when only a preposition and a name follow it."""
    predicates = ["sports.sports_team.arena_stadium", "sports.pro_athlete.teams"]
    plays = _analysis(f"which team plays at {SUBJECT}?", predicates)
    assert plays.answer_words == ("team",)
    labels = _analysis(f"what record labels in Spain signed {SUBJECT}?", predicates)
    assert labels.answer_words == ("labels",)


def test_an_adverb_between_the_asked_noun_and_its_verb_is_no_noun() -> None:
    """ "Which theatres first staged X": "first" qualifies the verb after it; the asked
    noun is "theatres", not "theatres first" read as a compound headed by "first"."""
    predicates = ["theater.play.premiere_venue", "theater.play.date_of_first_performance"]
    analysis = _analysis(f"which theatres first staged {SUBJECT}?", predicates)
    assert analysis.answer_words == ("theatres",)


TAPES = [
    ("Quiet_Tide", "music.album.recorded_in", "Bergen"),
    ("Quiet_Tide", "music.album.recorded_in", "Oslo"),
    ("Quiet_Tide", "music.album.produced_by", "Ada_Finch"),
    ("Quiet_Tide", "music.album.release_year", "1994"),
    ("Ada_Finch", "people.person.place_of_birth", "Oslo"),
]


async def test_a_bare_who_is_answered_by_no_city() -> None:
    """ "Who recorded X": "recorded" reads ``recorded_in`` by its own word, but WordNet
    files Bergen and Oslo as cities, surely no one, so the album's producer is asked."""
    steps = await _best_steps(TAPES, "who recorded Quiet_Tide?", "Quiet_Tide")
    assert steps == (Step("music.album.produced_by"),)


PRESSINGS = [
    ("Gold_Summer", "artist", "Paper_Rivers"),
    ("Gold_Summer", "release_label", "Sub_Pop"),
    ("Gold_Summer", "release_year", "1999"),
    ("Lost_Paradise", "artist", "Paper_Rivers"),
    ("Lost_Paradise", "release_label", "Warp_Records"),
    ("Paper_Rivers", "label", "Sub_Pop"),
]


async def test_the_asked_noun_of_a_verb_reading_a_relation_is_what_starts_it() -> None:
    """ "What albums did X release": "release" reads ``release_label`` and
    ``release_year`` by its own word, and "albums" names neither a label nor a year, so
    the albums are what those relations start from: X's works, not their labels."""
    steps = await _best_steps(PRESSINGS, "what albums did Paper_Rivers release?", "Paper_Rivers")
    assert steps == (Step("artist", Direction.IN),)


def test_a_word_ending_in_a_relation_word_after_stray_letters_is_no_compound() -> None:
    """ "credit" ends with the stem of "editor", but "cr" is no word: a credit is no kind
    of editor, as a screenwriter is a kind of writer, a co-founder a founder, and "movies
    starred" a phrase ending in the relation's own word."""
    analysis = _analysis(f"who has the writing credit on {SUBJECT}?", ["editor", "written_by"])
    assert not [m for m in analysis.relations if m.predicate == "editor"]
    assert match_strength("credit", ["editor"]) == 0.0
    for word, head in (
        ("screenwriter", "writer"),
        ("co-founder", "founder"),
        ("movies starred", "starred"),
    ):
        assert match_strength(word, [head]) >= 0.9


ADAPTED = [
    ("Night_Heat", "based_on", "A_Winter_Seasons"),
    ("Night_Heat", "written_by", "Hugo_Ashdown"),
    ("Night_Heat", "directed_by", "Hugo_Ashdown"),
    ("A_Winter_Seasons", "author", "Maud_Ueda"),
    ("A_Winter_Seasons", "publisher", "Osier_Books"),
    ("Maud_Ueda", "nationality", "Italy"),
    ("Hugo_Ashdown", "nationality", "Germany"),
]


async def test_a_noun_nothing_reads_behind_the_seed_is_a_step_of_its_own() -> None:
    """ "What nationality is the writer of the novel behind X": no relation's name says
    what a novel is, yet "behind" makes it a thing of its own between X and the writer, and
    "nationality" names the last step's objects: three steps, the novel's author's, not
    the film's screenwriter's two."""
    question = "what nationality is the writer of the novel behind Night_Heat?"
    steps = await _best_steps(ADAPTED, question, "Night_Heat")
    assert steps == (Step("based_on"), Step("author"), Step("nationality"))


GROUNDS = [
    ("Jolanda_Lisowski", "teams", "Redwater_Falcons"),
    ("Redwater_Falcons", "home_city", "Montreal"),
    ("Redwater_Falcons", "arena_stadium", "Whitlock_Arena"),
    ("Corrigan_Arena", "containedby", "Montreal"),
    ("Ingvarsson_Stadium", "containedby", "Montreal"),
    ("Jolanda_Lisowski", "nationality", "Canada"),
    ("Montreal", "containedby", "Canada"),
    ("Winnipeg", "containedby", "Canada"),
    ("Toronto", "containedby", "Canada"),
]


async def test_a_step_that_reaches_cities_elsewhere_reaches_arenas_here() -> None:
    """ "The city where the stadium of X's team is": three nouns, but the graph says
    nowhere where the stadium lies. ``containedby`` walked back reaches cities from
    countries, yet from the team's city it reaches arenas, which WordNet reads in their
    names: no city. The team's own city answers."""
    question = "the city where the stadium of Jolanda_Lisowski's team is?"
    steps = await _best_steps(GROUNDS, question, "Jolanda_Lisowski")
    assert steps == (Step("teams"), Step("home_city"))


RIVALS = [
    ("Yelena_Lisowski", "sports.pro_athlete.teams", "Ridgeway_Stallions"),
    ("Ridgeway_Stallions", "home_city", "Philadelphia"),
    ("Ridgeway_Stallions", "rival_team", "Lakeshore_Falcons"),
    ("Ridgeway_Stallions", "sports.sports_team.arena_stadium", "Corrigan_Arena"),
    ("Lakeshore_Falcons", "home_city", "Seattle"),
    ("Lakeshore_Falcons", "sports.sports_team.arena_stadium", "Whitlock_Arena"),
    ("Corrigan_Arena", "capacity", "30000"),
]


async def test_one_word_is_one_step() -> None:
    """ "The city where the stadium of X's team is": "team" surely reads both the
    player's ``teams`` and a club's ``rival_team``, but it is one word, so it is one step;
    the rival's city is no answer, the team's own is."""
    question = "the city where the stadium of Yelena_Lisowski's team is?"
    steps = await _best_steps(RIVALS, question, "Yelena_Lisowski")
    assert steps == (Step("sports.pro_athlete.teams"), Step("home_city"))


CAMPUSES = [
    ("Zeno_Achterberg", "people.person.education", "Korvald_University"),
    ("Zeno_Achterberg", "people.person.employment_history", "Dunmore_University"),
    ("Korvald_University", "education.university.city", "Krakow"),
    ("Dunmore_University", "education.university.city", "Barcelona"),
    ("Zeno_Achterberg", "people.person.place_of_birth", "Oslo"),
]


async def test_a_namespace_every_walk_shares_tells_no_walk_from_another() -> None:
    """ "In what city did X go to university": both walks pass universities and their
    ``education.university.city``, so the encoder reads "education" against "employment
    history" without the "person" and "university" both carry, and going to university
    is an education."""
    question = "in what city did Zeno_Achterberg go to university?"
    steps = await _best_steps(CAMPUSES, question, "Zeno_Achterberg")
    assert steps == (Step("people.person.education"), Step("education.university.city"))


BENCHES = [
    ("Silvan_Corrigan", "teams", "Lakeshore_Falcons"),
    ("Silvan_Corrigan", "place_of_birth", "Lisbon"),
    ("Lakeshore_Falcons", "coach", "Cosmin_Ulloa"),
    ("Lakeshore_Falcons", "home_city", "Seattle"),
    ("Lakeshore_Falcons", "rival_team", "Ridgeway_Stallions"),
    ("Ridgeway_Stallions", "coach", "Dorota_Jessup"),
    ("Cosmin_Ulloa", "place_of_birth", "Porto"),
]


async def test_a_noun_nothing_reads_but_a_definition_is_a_hop() -> None:
    """ "Who is in charge of X's team": no relation is named "charge", but WordNet defines a
    coach as someone in charge of training a team, so "charge" is a step past the team, not
    the team itself (a team may well answer a bare "who")."""
    question = "who is in charge of Silvan_Corrigan's team?"
    steps = await _best_steps(BENCHES, question, "Silvan_Corrigan")
    assert steps == (Step("teams"), Step("coach"))


PREMIERES = [
    ("The_Painted_Kingdom", "date_of_first_performance", "1993"),
    ("The_Painted_Wedding", "date_of_first_performance", "1993"),
    ("The_Painted_Bargain", "date_of_first_performance", "1993"),
    ("The_Painted_Kingdom", "premiere_venue", "Kammerspiele_Voss"),
    ("The_Painted_Kingdom", "playwright", "Rhea_Corrigan"),
    ("Kammerspiele_Voss", "city", "Zurich"),
    ("Rhea_Corrigan", "place_of_birth", "Geneva"),
]


async def test_a_time_is_crossed_by_one_relation_only_when_a_tie_is_asked() -> None:
    """ "Which city saw the first performance of X": the plays first performed on X's day
    share a date with it by chance; without "same" or "also" nothing asks for them, so the
    walk does not go out to the date and back."""
    question = "which city saw the first performance of The_Painted_Kingdom?"
    candidates = await _candidates(PREMIERES, question, "The_Painted_Kingdom")
    out_and_back = (
        Step("date_of_first_performance"),
        Step("date_of_first_performance", Direction.IN),
    )
    assert all(steps[:2] != out_and_back for steps in candidates)
    same_day = "which plays were first performed on the same day as The_Painted_Kingdom?"
    assert out_and_back in await _candidates(PREMIERES, same_day, "The_Painted_Kingdom")


WORKPLACES = [
    ("Ada_Lark", "spouse", "Ben_Lark"),
    ("Ada_Lark", "employer", "Quayford_Labs"),
    ("Ada_Lark", "place_of_birth", "Bristol"),
    ("Ada_Lark", "nationality", "United_Kingdom"),
    ("Quayford_Labs", "headquarters", "Manchester"),
    ("Quayford_Labs", "industry", "Biotechnology"),
]


@pytest.mark.parametrize("question", ["who does Ada_Lark work for?", "where does Ada_Lark work?"])
async def test_a_verb_reads_the_relation_its_definition_names(question: str) -> None:
    """No WordNet link ties "work" to ``employer``, but WordNet defines working as being
    employed, and that names the relation: X's employer (or where it is), not where X was
    born."""
    steps = await _best_steps(WORKPLACES, question, "Ada_Lark")
    assert steps[0] == Step("employer")


async def test_a_possessed_noun_is_the_subject_of_the_closing_verb() -> None:
    """ "Where does X's husband work": "work" closes the question after its subject, the
    husband, so it is a verb, and WordNet's "be employed" reads ``employer``: not the
    husband's nationality."""
    rows = [
        *WORKPLACES,
        ("Ben_Lark", "employer", "Harbor_Bank"),
        ("Ben_Lark", "nationality", "Ireland"),
        ("Harbor_Bank", "headquarters", "Dublin"),
    ]
    steps = await _best_steps(rows, "where does Ada_Lark's husband work?", "Ada_Lark")
    assert steps[:2] == (Step("spouse"), Step("employer"))


FAMILY_TIES = [
    ("Carl_Lark", "people.person.children", "Ada_Lark"),
    ("Dora_Lark", "people.person.children", "Ada_Lark"),
    ("Ada_Lark", "people.person.children", "Eve_Lark"),
    ("Carl_Lark", "people.person.place_of_birth", "Leeds"),
    ("Dora_Lark", "people.person.place_of_birth", "Leeds"),
    ("Ada_Lark", "people.person.place_of_birth", "Bristol"),
    ("Eve_Lark", "people.person.place_of_birth", "York"),
    ("Ivo_Reed", "employee", "Ada_Lark"),
    ("Ada_Lark", "employee", "Gus_Reed"),
]


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("who are Ada_Lark's parents?", Step("people.person.children", Direction.IN)),
        ("who is the mother of Ada_Lark?", Step("people.person.children", Direction.IN)),
        ("where were Ada_Lark's parents born?", Step("people.person.children", Direction.IN)),
        ("who is Ada_Lark's boss?", Step("employee", Direction.IN)),
        ("who are Ada_Lark's children?", Step("people.person.children")),
        ("who are Ada_Lark's employees?", Step("employee")),
    ],
)
async def test_a_role_reads_the_relation_named_by_its_converse_backwards(
    question: str, first: Step
) -> None:
    """A graph that records only ``children`` answers "X's parents" by walking it back:
    WordNet gives child as the antonym of parent. Walked on, it would answer X's children."""
    steps = await _best_steps(FAMILY_TIES, question, "Ada_Lark")
    assert steps[0] == first


ADAPTATIONS = [
    ("Blue_Station", "film.film.based_on", "Quiet_Republic"),
    ("Blue_Station", "film.film.directed_by", "Ivo_Reed"),
    ("Quiet_Republic", "book.written_work.author", "Ada_Lark"),
    ("Quiet_Republic", "book.written_work.editor", "Ben_Moss"),
    ("Quiet_Republic", "book.book_edition.publisher", "Marrow_House"),
    ("Marrow_House", "organization.organization.founded", "1897"),
    ("Ada_Lark", "people.person.nationality", "France"),
]


async def test_whose_thing_is_a_persons_before_a_firms() -> None:
    """No word reads the step past the novel; the encoder alone would take its publisher.
    "Whose" asks whose the novel is: its author, a person, where the words tie."""
    steps = await _best_steps(
        ADAPTATIONS, "whose novel was Blue_Station adapted from?", "Blue_Station"
    )
    assert steps == (Step("film.film.based_on"), Step("book.written_work.author"))


AIRLINES = [
    ("Saffron_Sky", "hubAirport", "Bramble_Field"),
    ("Saffron_Sky", "focusAirports", "Hollow_Field"),
    ("Austral_Jet", "hubAirport", "East_Field"),
    ("Austral_Jet", "focusAirports", "Bramble_Field"),
]


@pytest.mark.parametrize(
    "question", ["what is Saffron_Sky's hub?", "what is the hub of Saffron_Sky?"]
)
async def test_a_noun_the_seed_owns_is_what_its_relation_reaches(question: str) -> None:
    """``hubAirport`` calls its subjects hubs by its name's first word, but X's hub is what
    X's relation reaches, not an airline whose focus airport X's hub is."""
    steps = await _best_steps(AIRLINES, question, "Saffron_Sky")
    assert steps == (Step("hubAirport"),)


GRANTS = [
    ("Open_Door_Grant", "schema:funder", "Quorum_Biotech"),
    ("Open_Door_Grant", "principal_investigator", "Liesel_Thorne"),
    ("Open_Door_Grant", "awarded_year", "2019"),
]


async def test_an_agent_noun_wordnet_lacks_reads_as_its_verb() -> None:
    """ "funder" is no WordNet word; its verb is ("fund": to pay for)."""
    assert packaged_lexicon().base_forms("funder") == ("fund",)
    steps = await _best_steps(GRANTS, "who is paying for Open_Door_Grant?", "Open_Door_Grant")
    assert steps == (Step("schema:funder"),)


HOSPITALS = [
    ("Meadowlark_Centre", "http://example.org/onto/locatedIn", "Turin"),
    ("Meadowlark_Centre", "facility_cities", "Seattle"),
    ("Turin", "location.location.containedby", "Italy"),
    ("Seattle", "location.location.containedby", "United_States"),
    ("Liesel_Thorne", "schema:worksFor", "Meadowlark_Centre"),
    ("Liesel_Thorne", "people.person.nationality", "Germany"),
    ("Blue_Album", "music.album.recorded_in", "Turin"),
]


@pytest.mark.parametrize(
    ("question", "seed", "expected"),
    [
        ("which city is Meadowlark_Centre in?", "Meadowlark_Centre",
         ("http://example.org/onto/locatedIn",)),
        ("in which city is Meadowlark_Centre?", "Meadowlark_Centre",
         ("http://example.org/onto/locatedIn",)),
        # albums are recorded in Turin; Turin is in no album
        ("Turin is in what country?", "Turin", ("location.location.containedby",)),
        ("Liesel_Thorne works at a hospital in which country?", "Liesel_Thorne",
         ("schema:worksFor", "http://example.org/onto/locatedIn", "location.location.containedby")),
    ],
)  # fmt: skip
async def test_a_preposition_left_over_reads_the_relation_named_for_it(
    question: str, seed: str, expected: tuple[str, ...]
) -> None:
    """ "city" is ``facility_cities``' own word; "is X in" says where X is: ``locatedIn``."""
    steps = await _best_steps(HOSPITALS, question, seed)
    assert tuple(s.predicate for s in steps) == expected


MENTORS = [
    ("Sunniva_Beaumont", "education.academic_mentor.mentees", "Rosalind_Tremaine"),
    ("Rosalind_Tremaine", "education.academic_mentor.mentees", "Nikolai_Dunmore"),
    ("Rosalind_Tremaine", "people.person.nationality", "Norway"),
]


@pytest.mark.parametrize(
    "question", ["who was Rosalind_Tremaine's mentor?", "who is the mentor of Rosalind_Tremaine?"]
)
async def test_a_namespace_type_names_the_subjects_the_seed_is_owned_by(question: str) -> None:
    """``education.academic_mentor.mentees`` runs from mentors: X's mentor is walked back to,
    not X's own mentee (and "mentees" is no "men" and "tees")."""
    assert read_relation("education.academic_mentor.mentees").words == ("mentees",)
    steps = await _best_steps(MENTORS, question, "Rosalind_Tremaine")
    assert steps == (Step("education.academic_mentor.mentees", Direction.IN),)


CAREERS = [
    ("Liesel_Thorne", "people.person.place_of_birth", "Turin"),
    ("Liesel_Thorne", "people.person.places_lived", "Lyon"),
    ("Liesel_Thorne", "visiting_consultant_at", "Harbour_Clinic"),
    ("Liesel_Thorne", "honorary_degree_from", "Pelling_College"),
    ("Liesel_Thorne", "schema:worksFor", "Meadowlark_Centre"),
    ("Liesel_Thorne", "schema:alumniOf", "Ashgrove_University"),
]


@pytest.mark.parametrize(
    ("question", "relation"),
    [("which hospital employs Liesel_Thorne?", "schema:worksFor"),
     ("where did Liesel_Thorne study?", "schema:alumniOf")],
)  # fmt: skip
async def test_a_verb_reads_the_relation_its_state_names(question: str, relation: str) -> None:
    """WordNet defines working as being employed (so "employs" reads ``worksFor``) and
    studying as being a student (a kin of an alumnus): no link of the verbs reaches either."""
    start = question.index("Liesel_Thorne")
    names = [NameMatch("Liesel_Thorne", start, start + len("Liesel_Thorne"), ("x",))]
    verb = question.split()[-2] if "employs" in question else "study"
    analysis = analyse(question, [p for _, p, _ in CAREERS], ["entity"], names)
    assert {m.predicate for m in analysis.relations if m.word == verb} == {relation}
    assert await _best_steps(CAREERS, question, "Liesel_Thorne") == (Step(relation),)


async def test_where_is_answered_by_a_facility_the_verb_names() -> None:
    """ "where does X hub?": its hub airport, a facility to WordNet, not its head office's
    city, though a city is the plainer place."""
    rows = [
        ("Condessa_Air", "hubAirport", "Bramblecross_Airport"),
        ("Condessa_Air", "organization.organization.headquarters", "Lisbon"),
        ("Bramblecross_Airport", "http://example.org/onto/servesCity", "Porto"),
    ]
    steps = await _best_steps(rows, "where does Condessa_Air hub?", "Condessa_Air")
    assert steps == (Step("hubAirport"),)


@pytest.mark.parametrize(
    ("question", "kept"),
    [
        # "food" reads the diet: "kind" only sorts it, and a genus is "a general kind"
        ("what kind of food does Ann_V eat ?", {"diet"}),
        ("what sort of diet does Ann_V have ?", {"diet"}),
        # "music" reads the genre as "kind" does: both stay
        ("what kind of music does Ann_V play ?", {"genre"}),
    ],
)
def test_a_sorting_word_reads_only_what_its_noun_reads(question: str, kept: set[str]) -> None:
    analysis = _analysis(question.replace("Ann_V", SUBJECT), ["genus", "diet", "genre"])
    sorter = next(t.index for t in analysis.tokens if t.text in ("kind", "sort"))
    assert {m.predicate for m in analysis.relations if m.token == sorter} <= kept
    assert {m.predicate for m in analysis.relations} & kept


# the subject's relations to entities; none named with a word of "alma mater" or "hubby"
OWN_STEPS: Signature = {
    "entity": {
        (p, Direction.OUT): {"entity"}
        for p in (
            "people.person.education",
            "people.person.spouse_s",
            "people.person.place_of_birth",
            "people.person.nationality",
        )
    }
}


@pytest.mark.parametrize(
    ("question", "read"),
    [
        (f"what is {SUBJECT}'s alma mater ?", ["people.person.education"]),
        (f"where does {SUBJECT}'s hubby work ?", ["people.person.spouse_s"]),
        # not owned with "'s"
        (f"what is the alma mater of {SUBJECT} ?", []),
        # a word that is no noun
        (f"where did {SUBJECT}'s go ?", []),
    ],
)
def test_a_possessed_noun_no_word_reads_is_read_whole(question: str, read: list[str]) -> None:
    """ "X's alma mater": where no word of the phrase reads a relation (in a large graph
    others stand as near), the phrase read whole by the encoder against X's own relations
    names one, a step of its own (ADR 0119)."""
    analysis = _analysis(question, [])
    span = analysis.entity_token_span(analysis.entities[0])
    found = _possessed_reading(analysis, "entity", OWN_STEPS, span)
    assert [m.predicate for m in found] == read


def test_a_word_nothing_reads_names_the_relation_its_definition_names() -> None:
    """WordNet defines "prescribe" as to recommend as a treatment, and "treatment" is
    derived from ``treats``: the word names that relation. "Issue", in the same
    definitions, is a synonym of "distribute" only in a sense the word vectors do not
    share, so ``distributed_by`` is not named."""
    unread = frozenset({"prescribe", "prescribed"})
    assert _defines(unread, "treats_inverse")
    assert not _defines(unread, "distributed_by")
    assert not _defines(unread, "pharma.drug.maker")


RIVER_STEPS: Signature = {
    "entity": {
        ("flows_into_inverse", Direction.IN): {"entity"},
        ("flows_into_inverse", Direction.OUT): {"entity"},
        ("passes_through", Direction.OUT): {"entity"},
        ("location.location.containedby", Direction.OUT): {"entity"},
    }
}


@pytest.mark.parametrize(
    ("question", "steps"),
    [
        (f"what are the tributaries of {SUBJECT} ?", [Step("flows_into_inverse", Direction.OUT)]),
        (f"what is the paint color of {SUBJECT} ?", []),
    ],
)
def test_the_asked_noun_names_the_relation_its_definition_names(
    question: str, steps: list[Step]
) -> None:
    """Nothing reads "tributaries": WordNet defines a tributary as a branch that flows
    into the main stream, so they are what flows into the river (those doing it, not where
    it flows; the relation is stored the other way round). The asked noun is held to the
    relation's own word, and the words before it say which of it is asked: "paint" fills a
    space, which is no place to walk."""
    analysis = _analysis(question, [p for p, _ in RIVER_STEPS["entity"]])
    analysis.relations = []  # the last resort's case: nothing reads (the vectors, weakly, here)
    span = analysis.entity_token_span(analysis.entities[0])
    found = _read_defined(analysis, "entity", RIVER_STEPS, span, lambda _: True, defining=True)
    assert [s for choice in found for s in choice.steps] == steps


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        (f"what is {SUBJECT}'s motto ?", "motto"),
        (f"what are {SUBJECT}'s focus airports ?", "airports"),
        (f"what is {SUBJECT}'s home ground ?", "ground"),
        # a verb after the noun: the noun is the subject, not what is asked
        (f"what did {SUBJECT}'s father do ?", None),
    ],
)
def test_a_copula_asks_for_the_head_of_the_noun_phrase_it_possesses(
    question: str, asked: str | None
) -> None:
    """ "what are X's focus airports": the last noun of the possessed phrase is the asked
    one, as in "which focus airports"; the words before it say which of them (ADR 0126)."""
    analysis = _analysis(question, ["hub_airport", "focus_cities", "home_venue"])
    token = analysis.answer_token
    assert (None if token is None else analysis.tokens[token].text) == asked


@pytest.mark.parametrize(
    ("question", "words"),
    [
        (f"how old is {SUBJECT} , what year did it come out ?", ("year",)),
        (f"how far back does {SUBJECT} go , what year ?", ("year",)),
        (f"how old is {SUBJECT} ?", ("old",)),
    ],
)
def test_a_noun_asked_after_a_how_says_what_is_asked(question: str, words: tuple[str, ...]) -> None:
    """ "how old is X, what year did it come out": the question asks twice, and the noun of
    the second says the kind ("year") where the first only says how ("old") (ADR 0127)."""
    analysis = _analysis(question, ["initial_release", "first_ascent_year"])
    assert analysis.answer_words == words


# A route's first stop, the stop's city, the city's country; and the route's operator.
ROUTE_TREE = PathTree(
    {
        "entity": _node(
            ("route_origin", Direction.OUT, "entity#1"),
            ("operated_by", Direction.OUT, "entity#4"),
        ),
        "entity#1": _node(("town", Direction.OUT, "entity#2")),
        "entity#2": _node(("containedby", Direction.OUT, "entity#3")),
    },
    {
        "entity#1": ("Weavers_Cross_Station",),
        "entity#2": ("Utrecht",),
        "entity#3": ("Netherlands",),
        "entity#4": ("Coastline_Rail",),
    },
)


def test_a_word_read_as_a_relation_out_of_reach_reads_nothing() -> None:
    """ "first" is the name's own word of ``first_described_by`` and "country" loosely
    reads ``nationality``, neither of which the route has: the question then reads no
    relation within reach, and any walk that ends at a country answers it, three steps long
    where no shorter one reaches one (ADR 0128)."""
    predicates = ["route_origin", "operated_by", "town", "containedby"]
    question = f"what country is the first stop of {SUBJECT} in ?"
    analysis = _analysis(question, [*predicates, "first_described_by", "nationality"])
    assert {m.predicate for m in analysis.relations} == {"first_described_by", "nationality"}
    best = infer_paths(analysis, "entity", ROUTE_TREE)[0]
    assert best.end == "entity#3", best


# A species' discoverer (a person) and what the graph says of them.
DISCOVERER_TREE = PathTree(
    {
        "entity": _node(
            ("reverse_discovered_by", Direction.IN, "entity#1"),
            ("habitat", Direction.OUT, "entity#5"),
        ),
        "entity#1": _node(
            ("nationality", Direction.OUT, "entity#2"),
            ("place_of_birth", Direction.OUT, "entity#3"),
            ("gender", Direction.OUT, "entity#4"),
            ("alma_mater", Direction.OUT, "entity#6"),
        ),
    },
    {
        "entity#1": ("Bartholomew_Quennell",),
        "entity#2": ("Erewhon_Republic",),
        "entity#3": ("Lowmarsh",),
        "entity#4": ("male",),
        "entity#5": ("reed_bed",),
        "entity#6": ("Quennell_College",),
    },
)


@pytest.mark.parametrize(
    ("question", "steps"),
    [
        (f"what citizenship did {SUBJECT}'s discoverer have ?", 2),
        # the verb says what the answer is to the seed: the asked noun is where it ends
        (f"what people did {SUBJECT} discover ?", 1),
        # a copula: the discoverer is the man asked for, not one step past him
        (f"which man is {SUBJECT}'s discoverer ?", 1),
    ],
)
def test_an_asked_noun_past_the_seed_phrase_is_one_more_step(question: str, steps: int) -> None:
    """ "what citizenship did X's discoverer have": "discoverer" walks to the discoverer;
    "citizenship" reads no relation surely and names no kind there, so the sentence encoder reads
    it against the discoverer's own relations, and the one that stands out is one more
    step. Where a verb reads the walk, or a copula joins the two, the asked noun is what
    the walk reaches (ADR 0129)."""
    relations = [p for edges in DISCOVERER_TREE.values() for p, _ in edges]
    best = _ranked(question, relations, DISCOVERER_TREE)[0]
    assert best.steps[0] == Step("reverse_discovered_by", Direction.IN), best
    assert len(best.steps) == steps, best
    if steps == 2:
        assert best.steps[1] == Step("nationality", Direction.OUT), best


# A game, the studio that made it and its publisher, the studio's founder; and a mountain,
# whose first ascent a game cannot reach.
GAME_ROWS = [
    ("Hollow_Lantern", "http://example.org/onto/developedBy", "Isilla_Games"),
    ("Isir_Interactive", "cvg.game_publisher.games_published", "Hollow_Lantern"),
    ("Isilla_Games", "schema:founder", "Amara_Lunmoto"),
    ("Isilla_Games", "__organization__organization__date_founded", "1993"),
    ("Isir_Interactive", "__organization__organization__date_founded", "2003"),
    ("Amara_Lunmoto", "__people__person__places_lived", "Seattle"),
    ("Oreth-dake", "first_ascent_year", "1931"),
]


async def test_who_did_a_verb_out_of_reach_may_mean_a_rarer_sense() -> None:
    """ "who started the outfit behind X": "started" reads a mountain's first ascent through
    "first", which a game cannot reach, and "outfit" names nothing. A bare "who" names no
    kind to walk to instead, so the verb's rarer senses are read, as for a verb that reads
    nothing here (ADR 0130): starting is founding."""
    decision = await _route_on(GAME_ROWS, "who started the outfit behind Hollow_Lantern?")
    assert decision.args["path"] == [
        {"predicate": "http://example.org/onto/developedBy", "direction": "out"},
        {"predicate": "schema:founder", "direction": "out"},
    ]


# A physician who works at a hospital in one country and holds another's passport.
HOSPITAL_ROWS = [
    ("Odile_Marrin", "nationality", "France"),
    ("Odile_Marrin", "place_of_birth", "Lyon"),
    ("Lyon", "containedby", "France"),
    ("Odile_Marrin", "works_for", "Harrowfield_General_Hospital"),
    ("Harrowfield_General_Hospital", "located_in", "Hamburg"),
    ("Hamburg", "containedby", "Germany"),
    ("Harrowfield_General_Hospital", "year_founded", "1915"),
]


@pytest.mark.parametrize(
    ("question", "path"),
    [
        (
            "what country is Odile_Marrin's hospital in?",
            [("works_for", "out"), ("located_in", "out"), ("containedby", "out")],
        ),
        # no hospital asked: the passport's country
        ("what country is Odile_Marrin from?", [("nationality", "out")]),
    ],
)
async def test_a_noun_titling_what_a_step_reaches_reads_that_step(
    question: str, path: list[tuple[str, str]]
) -> None:
    """ "X's hospital": no relation's name says hospital, but the entity X works for is
    titled one ("Harrowfield General Hospital"), so the noun reads that step and the
    country asked for is the hospital's, not X's own (ADR 0131)."""
    decision = await _route_on(HOSPITAL_ROWS, question)
    assert decision.args["path"] == [{"predicate": p, "direction": d} for p, d in path]


# An astronomer who found a moon, studied at two universities and works at an observatory.
ASTRONOMER_ROWS = [
    ("Quillon", "discovered_by", "Annelie_Sundqvist"),
    ("Annelie_Sundqvist", "alma_mater", "Halvard_University"),
    ("Annelie_Sundqvist", "alma_mater", "Tessel_University"),
    ("Halvard_University", "located_in", "Leiden"),
    ("Tessel_University", "located_in", "Uppsala"),
    ("Annelie_Sundqvist", "employer", "Kahlenberg_Observatory"),
    ("Kahlenberg_Observatory", "located_in", "Vienna"),
    ("Annelie_Sundqvist", "place_of_birth", "Lund"),
]


async def test_a_noun_titling_what_a_later_step_reaches_reads_that_step() -> None:
    """ "the university attended by the astronomer who found X": "found" reads X's own
    step surely, but it is no verb of the university's; the universities are two steps
    from X, and "university" reads the step into them by their titles (ADR 0131)."""
    decision = await _route_on(
        ASTRONOMER_ROWS, "Where is the university attended by the astronomer who found Quillon?"
    )
    assert [s["predicate"] for s in decision.args["path"]] == [
        "discovered_by",
        "alma_mater",
        "located_in",
    ]


# A condition, the drug that treats it and the drug's maker; the doctor who described it.
CONDITION_ROWS = [
    ("Winterglass_Asthma", "treats_inverse", "Quelymex"),
    ("Quelymex", "medicine.drug.manufacturer", "Quorum_Biotech"),
    ("Winterglass_Asthma", "treats_inverse", "Dorazine"),
    ("Dorazine", "medicine.drug.manufacturer", "Astera_Biologics"),
    ("Seridone", "medicine.drug.side_effects", "Winterglass_Asthma"),
    ("Seridone", "medicine.drug.manufacturer", "Astera_Biologics"),
    ("Winterglass_Asthma", "first_described_by", "Dmitri_Aldana"),
    ("Dmitri_Aldana", "__people__person__place_of_birth", "Lisbon"),
    ("Quorum_Biotech", "organization.organization.headquarters", "Boston"),
    ("Osprey_Jet_90", "aviation.aircraft_model.manufacturer", "Valkyr_Aerospace"),
]


@pytest.mark.parametrize(
    ("question", "path"),
    [
        (
            "who manufactures what's prescribed for Winterglass_Asthma?",
            [("treats_inverse", "out"), ("medicine.drug.manufacturer", "out")],
        ),
        # the clause is what is asked, not the object of the question's own verb
        ("do you know what Winterglass_Asthma is treated with?", [("treats_inverse", "out")]),
    ],
)
async def test_what_after_the_asking_verb_opens_a_clause(
    question: str, path: list[tuple[str, str]]
) -> None:
    """ "who manufactures what's prescribed for X": "what" after the question's own verb
    is that verb's object, a clause of its own about X, so the answer is at least two steps
    away: the drugs' makers, not the one step that reads no word (ADR 0132)."""
    decision = await _route_on(CONDITION_ROWS, question)
    assert decision.args["path"] == [{"predicate": p, "direction": d} for p, d in path]


# A line whose first station is in a city of a country; a university in the same city.
LINE_ROWS = [
    ("Northern_Arrow_Line", "origin", "Tanner_Row_Station"),
    ("Tanner_Row_Station", "station_city", "Manchester"),
    ("Piccadilly_Station", "station_city", "Manchester"),
    ("Kelder_Station", "station_city", "Utrecht"),
    ("Southern_Line", "origin", "Kelder_Station"),
    ("Manchester", "containedby", "United_Kingdom"),
    ("Utrecht", "containedby", "Netherlands"),
    ("Northern_Arrow_Line", "operated_by", "Brightrail"),
    ("Halden_University", "located_in", "Manchester"),
]


@pytest.mark.parametrize(
    "question",
    [
        "in which country does Northern_Arrow_Line start?",
        "which country does Northern_Arrow_Line start in?",
    ],
)
async def test_places_within_places_roll_up_to_the_asked_kind(question: str) -> None:
    """ "in which country does X start": no word reads a step, and no step from X reaches a
    country; its first station lies in a city, the city in a country. A one-clause question
    may walk from place to place it lies in up to the kind it asks for, not stop at the
    station. The "in" before "which" reads ``located_in`` weakly: no walk need take it, so
    it does not keep the walk to those that do (what lies in the station's city)
    (ADR 0133)."""
    decision = await _route_on(LINE_ROWS, question)
    assert [s["predicate"] for s in decision.args["path"]] == [
        "origin",
        "station_city",
        "containedby",
    ]


# A moon named with an English word, in a graph that writes its names in lower case; a
# film whose title is one.
MOON_ROWS = [
    ("larkspur", "orbits", "quillon"),
    ("quillon", "constellation", "perseus"),
    ("Drones", "directed_by", "Ines_Corva"),
    ("Vela_Survey", "observed", "larkspur"),
]


@pytest.mark.parametrize(
    ("question", "names"),
    [
        ("What constellation is larkspur's star in?", ["larkspur"]),
        # "Drones" is the film's name as the graph writes it, not "drones"
        ("Which drones orbit quillon?", ["quillon"]),
        # a writer who capitalises a name writes "larkspur" as a word
        ("Did Vela_Survey observe larkspur?", ["Vela_Survey"]),
    ],
)
def test_a_name_the_graph_writes_in_lower_case_is_a_name_in_sentence_case(
    question: str, names: list[str]
) -> None:
    """In a sentence-case question a lower-case word is taken for a word, not a name: but
    a graph may write its names in lower case, and a writer who capitalises no other word
    and copies one as the graph writes it ("larkspur") names it (ADR 0134)."""
    graph = EmbeddedGraph.from_triples(_graph_triples(_records_of(MOON_ROWS)))
    assert [m.surface for m in read_question(graph, question).entities] == names


# Freebase-style names: an astronomy domain, a planet found by one astronomer, its moon by
# another.
DISCOVERY_ROWS = [
    ("Cadenza", "astronomy.celestial_object.discovered_by", "Annelie_Strandberg"),
    ("Cadenza", "__astronomy__planet__moons", "Little_Tam"),
    ("Cadenza", "astronomy.orbital_relationship.orbits", "Veyra_Major"),
    ("Little_Tam", "astronomy.celestial_object.discovered_by", "Magnus_Ehrenborg"),
    ("Annelie_Strandberg", "schema:worksFor", "Kahlenberg_Observatory"),
    ("Magnus_Ehrenborg", "schema:worksFor", "Karoo_Plains_Observatory"),
]


async def test_a_person_names_no_kind_of_thing_its_word_is_kin_to() -> None:
    """ "the astronomer who discovered X": "astronomer" is kin to the ``astronomy`` domain
    the relation names give their planets and moons, but an astronomer is a person, no
    celestial body: the noun reads no step into those, and the walk is X's discoverer's
    employer, not its moon's discoverer's (ADR 0135)."""
    decision = await _route_on(
        DISCOVERY_ROWS, "Where did the astronomer who discovered Cadenza work?"
    )
    assert [s["predicate"] for s in decision.args["path"]] == [
        "astronomy.celestial_object.discovered_by",
        "schema:worksFor",
    ]


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # a plural's verb takes no -s: "circle" is the verb, not the name's descriptor
        ("What worlds circle Dulcanth?", True),
        # one world's verb would: "circle" before the name describes it
        ("What world circle Dulcanth?", False),
    ],
)
def test_a_verb_after_a_plural_asked_noun_is_read_as_one(question: str, read: bool) -> None:
    """ "what worlds circle X": "circle", right before the name, could be a descriptor of it
    ("the book X"), whose loose readings are dropped; after a plural asked noun, a word in
    its own form is the plural's verb, and reads ``orbits`` through WordNet's verb senses
    (ADR 0136)."""
    start = question.index("Dulcanth")
    names = [NameMatch("Dulcanth", start, start + len("Dulcanth"), ("x",))]
    analysis = analyse(question, ["orbits", "discovered_by"], ["entity"], names)
    readings = {m.predicate for m in analysis.relations if m.word == "circle"}
    assert (readings == {"orbits"}) is read


# A moon seen first from an observatory in one country, by an astronomer of another.
SIGHTING_ROWS = [
    ("Little_Tam", "astronomy.celestial_object.discovered_by", "Kaspar_Lindenhahn"),
    ("Kaspar_Lindenhahn", "__people__person__nationality", "Germany"),
    ("Little_Tam", "discoverySite", "Kahlenberg_Observatory"),
    ("Kahlenberg_Observatory", "schema:location", "Vienna"),
    ("Vienna", "location.location.containedby", "Austria"),
    ("Thalassa_Nova", "__astronomy__planet__moons", "Little_Tam"),
]


async def test_a_noun_kin_to_a_domain_names_no_kind_it_is_not() -> None:
    """ "seen from an observatory in which country": an observatory is kin to the
    ``astronomy`` domain of the relation names, but no kind of it, so the noun names no
    celestial body; it reads the step into entities titled as observatories, and the
    country is the observatory's, not the discoverer's (ADR 0137)."""
    decision = await _route_on(
        SIGHTING_ROWS, "Little_Tam was first seen from an observatory in which country?"
    )
    assert [s["predicate"] for s in decision.args["path"]] == [
        "discoverySite",
        "schema:location",
        "location.location.containedby",
    ]


# A scientist who studied at an institute alone in its town, born in another country.
STUDY_ROWS = [
    ("Jonas_Pelldottir", "schema:alumniOf", "Thistle_Institute_of_Technology"),
    ("Thistle_Institute_of_Technology", "locatedIn", "Leiden"),
    ("Leiden", "location.location.containedby", "Netherlands"),
    ("Jonas_Pelldottir", "people.person.place_of_birth", "Cordoba"),
    ("Cordoba", "location.location.containedby", "Argentina"),
]


async def test_a_place_alone_in_its_town_rolls_up_to_the_asked_kind() -> None:
    """ "in which country did X study": the institute X studied at, its town, the town's
    country. ``alumniOf`` names what its subject is, not that its objects are persons, and
    one institute in one town lies in it as surely as many would (ADR 0138)."""
    decision = await _route_on(STUDY_ROWS, "in which country did Jonas_Pelldottir study?")
    assert [s["predicate"] for s in decision.args["path"]] == [
        "schema:alumniOf",
        "locatedIn",
        "location.location.containedby",
    ]


# Two godparents of one child, one the chair of a company (a group: an heir inherited it).
GODPARENT_ROWS = [
    ("Franziska_Eskel", "http://example.org/kin/godparentOf", "Kerstin_Ekenstam"),
    ("Gustav_Lindqvist", "http://example.org/kin/godparentOf", "Kerstin_Ekenstam"),
    ("Franziska_Eskel", "people.person.profession", "lady-in-waiting"),
    ("Gustav_Lindqvist", "people.person.profession", "landowner"),
    ("Ashby_Ironstone_Company", "hasChairman", "Franziska_Eskel"),
    ("Ashby_Ironstone_Company", "organization.organization.headquarters", "Leeds"),
    ("Kerstin_Ekenstam", "people.person.profession", "writer"),
    ("Kerstin_Ekenstam", "people.person.parents", "Fredrik_Ekenstam"),
    ("Fredrik_Ekenstam", "schema:worksFor", "Ashby_Ironstone_Company"),
    ("Rowena_Ashby", "inheritedCompany", "Ashby_Ironstone_Company"),
]


async def test_people_are_persons_not_a_group() -> None:
    """ "the people who stood godparent to X": WordNet files "people" as a group whose
    members are persons and marks it plural, so it is the plural of "person" and names no
    company, though a company is a group too."""
    assert "person" in packaged_lexicon().base_forms("people")
    decision = await _route_on(
        GODPARENT_ROWS, "What jobs did the people who stood godparent to Kerstin_Ekenstam have?"
    )
    assert [s["predicate"] for s in decision.args["path"]] == [
        "http://example.org/kin/godparentOf",
        "people.person.profession",
    ]


async def test_a_crowded_graph_still_offers_three_steps() -> None:
    """Twelve neighbours with forty relations each: the node budget still grows the third
    step of every second-level node, so "the country of the town of X's hospital" exists."""
    rows = [
        ("p0", "works_for", "Harrow_Hospital"),
        ("Harrow_Hospital", "located_in", "Hamburg"),
        ("Hamburg", "containedby", "Germany"),
    ]
    rows += [("p0", f"knows_{i:02}", f"q{i}") for i in range(12)]
    rows += [(f"q{i}", f"rel_{j:02}", f"r{i}_{j}") for i in range(12) for j in range(40)]
    rows += [(f"r{i}_{j}", "near", f"s{i}_{j}") for i in range(12) for j in range(40)]
    graph = EmbeddedGraph.from_triples(_graph_triples(_records_of(rows)))
    (seed,) = next(m.entity_ids for m in graph.match_names("p0") if m.surface == "p0")
    tree = await path_tree(graph, [seed])
    (hospital,) = tree["entity"][("works_for", Direction.OUT)]
    (town,) = tree[hospital][("located_in", Direction.OUT)]
    assert ("containedby", Direction.OUT) in tree.get(town, {})


# A scientist who studied at a polytechnic, born in another country that a congress governs.
ALUMNA_ROWS = [
    ("Odile_Lindley", "schema:alumniOf", "Halden_Polytechnic"),
    ("Halden_Polytechnic", "locatedIn", "Cordoba"),
    ("Cordoba", "location.location.containedby", "Argentina"),
    ("Odile_Lindley", "people.person.place_of_birth", "Mumbai"),
    ("Mumbai", "location.location.containedby", "India"),
    ("Congress_of_Lumen", "government.governmental_body.jurisdiction", "India"),
]


async def test_a_noun_a_relation_is_defined_with_reads_its_step() -> None:
    """ "the university X went to": no word reads ``alumniOf`` and the polytechnic is not
    titled a university, but WordNet defines an alumnus as "a person who has received a
    degree from a school (high school or college or university)": the noun of a clause
    about X reads X's step whose relation is defined with it."""
    decision = await _route_on(
        ALUMNA_ROWS, "which country is the university Odile_Lindley went to in?"
    )
    assert [s["predicate"] for s in decision.args["path"]] == [
        "schema:alumniOf",
        "locatedIn",
        "location.location.containedby",
    ]


@pytest.mark.parametrize(
    ("word", "read"),
    [
        ("workplace", {"schema:worksFor"}),
        ("birthplace", {"place_of_birth"}),
        ("deathplace", {"place_of_death"}),
    ],
)
def test_a_closed_compound_reads_by_both_its_parts(word: str, read: set[str]) -> None:
    """A workplace is a place, but not the ``place_of_birth`` nor ``place_of_death``: the
    relation qualifies its place by a noun the compound's own "work" is no kin to. It is
    where one works, what ``worksFor`` reaches, as a birthplace is what ``born_in`` does."""
    predicates = ["place_of_birth", "place_of_death", "schema:worksFor", "born_in"]
    analysis = _analysis(f"where is {SUBJECT}'s {word} ?", predicates)
    assert {m.predicate for m in analysis.relations if m.word == word} == read
    assert match_strength("screenwriter", ("film", "writer")) >= 0.9  # one WordNet synset


HONORARY_ROWS = [
    ("Priya_Dunmore", "honoraryDoctorateFrom", "Veraine_School_of_Medicine"),
    ("Priya_Dunmore", "schema:alumniOf", "Thessaly_Institute_of_Health"),
    ("Priya_Dunmore", "people.person.place_of_birth", "Lyon"),
    ("Mateo_Petrakis", "honoraryDoctorateFrom", "Royal_Aldermoor_University"),
    ("Mateo_Petrakis", "schema:alumniOf", "Veraine_School_of_Medicine"),
    ("Mateo_Petrakis", "people.person.place_of_birth", "Porto"),
    ("Grete_Zeller", "honoraryDoctorateFrom", "Kaimana_Institute_of_Medicine"),
    ("Grete_Zeller", "schema:alumniOf", "Royal_Aldermoor_University"),
    ("Grete_Zeller", "people.person.place_of_birth", "Bergen"),
    ("Ines_Arrow", "schema:alumniOf", "Veraine_School_of_Medicine"),
    ("Ines_Arrow", "people.person.place_of_birth", "Lyon"),
    ("Veraine_School_of_Medicine", "organization.organization.headquarters", "Lyon"),
]


async def test_a_bare_who_may_be_answered_by_an_institution_its_name_says_is_one() -> None:
    """ "who awarded X an honorary degree": the schools X's relation reaches are named as
    WordNet files organisations ("School of Medicine", "University"), and an organisation
    does what a person may, so that step is the answer, not the alumni of the school."""
    steps = await _best_steps(
        HONORARY_ROWS, "who awarded Priya_Dunmore an honorary degree?", "Priya_Dunmore"
    )
    assert [s.predicate for s in steps] == ["honoraryDoctorateFrom"]


MAKERS_ROWS = [
    ("Frozen_Reach", "http://example.org/onto/developedBy", "Halekworks"),
    ("Tessane_Interactive", "cvg.game_publisher.games_published", "Frozen_Reach"),
    ("Frozen_Reach", "gameEngine", "Kalilla_Engine"),
    ("Frozen_Reach", "cvg.computer_videogame.release_date", "2003"),
    ("Kalilla_Engine", "original_author", "Ana_Voss"),
    ("Halekworks", "http://example.org/onto/headquarteredIn", "Wellington"),
    ("Halekworks", "schema:founder", "Hana_Zelton"),
    ("Wellington", "__location__location__containedby", "New_Zealand"),
    ("Ana_Voss", "people.person.place_of_birth", "Wellington"),
    ("Lake_Taupo", "dbo:country", "New_Zealand"),
]


async def test_three_unnamed_steps_reach_the_asked_kind_where_nothing_else_does() -> None:
    """ "what country do the makers of X come from": "country" names only a lake's relation
    and "makers" nothing of X's, so no walk of two unnamed steps reaches a country; three do
    (the developer's head office's country), and with nothing else reaching one they are
    walked."""
    steps = await _best_steps(
        MAKERS_ROWS, "what country do the makers of Frozen_Reach come from?", "Frozen_Reach"
    )
    assert [s.predicate for s in steps] == [
        "http://example.org/onto/developedBy",
        "http://example.org/onto/headquarteredIn",
        "__location__location__containedby",
    ]


async def test_what_the_graph_types_as_persons_is_no_university() -> None:
    """No name says which of the editor's links is a university ("Greyling School of
    Science" is titled as a school), but the graph types the editor as a person, and a
    university is none: the walk goes on to where the editor studied."""
    rows = [
        ("The_Amber_Journal", "journal.journal.papers", "Drift_Lens"),
        ("The_Amber_Journal", "editorInChief", "Emil_Ostley"),
        ("Emil_Ostley", "people.person.place_of_birth", "Mumbai"),
        ("Emil_Ostley", "alumniOf", "Greyling_School_of_Science"),
        ("Emil_Ostley", "employedBy", "Crane_Foundation"),
        ("Crane_Foundation", "located_in", "Porto"),
    ]
    question = "which university did the person editing the journal Drift_Lens appeared in go to?"
    assert await _best_steps(rows, question, "Drift_Lens") == (
        Step("journal.journal.papers", Direction.IN),
        Step("editorInChief", Direction.OUT),
        Step("alumniOf", Direction.OUT),
    )


async def test_a_school_may_be_a_college_where_no_name_is_titled_as_one() -> None:
    """No name is filed or titled as a school; "Kalvik College" is titled by a kin kind (both
    are educational institutions), so the walk goes on to it."""
    rows = [
        ("Rookfs", "computer.software.languages_used", "Halcyon_Lisp"),
        ("Tomas_Dradottir", "reverse_designer", "Halcyon_Lisp"),
        ("Tomas_Dradottir", "schema:alumniOf", "Kalvik_College"),
    ]
    question = "the person who came up with Rookfs's programming language went to which school?"
    assert await _best_steps(rows, question, "Rookfs") == (
        Step("computer.software.languages_used", Direction.OUT),
        Step("reverse_designer", Direction.IN),
        Step("schema:alumniOf", Direction.OUT),
    )


async def test_a_founder_the_graph_types_as_a_person_is_no_country() -> None:
    """ "based" reads `founded_party` (to base: to found), but its founder is a person and a
    country is none, as surely as a year is no place: the party's head office's country."""
    rows = [
        ("Katja_Halberg", "founded_party", "Social_Beacon"),
        ("Katja_Halberg", "people.person.place_of_birth", "Rio_de_Janeiro"),
        ("Social_Beacon", "headquarteredIn", "Sao_Paulo"),
        ("Sao_Paulo", "location.location.containedby", "Brazil"),
    ]
    question = "which country is Social_Beacon based in?"
    assert await _best_steps(rows, question, "Social_Beacon") == (
        Step("headquarteredIn", Direction.OUT),
        Step("location.location.containedby", Direction.OUT),
    )


@pytest.mark.parametrize(
    ("question", "noun"),
    [
        ("where was Ilse_Varga born, country-wise?", "country"),
        ("where did the person who took Ilse_Varga under their wing practise, which city?", "city"),
    ],
)
def test_a_noun_asked_after_the_question_says_what_kind_is_asked(question: str, noun: str) -> None:
    """ "where ..., which city?", "..., country-wise": the noun said after the question
    narrows the place it asks for."""
    start = question.index("Ilse_Varga")
    names = [NameMatch("Ilse_Varga", start, start + len("Ilse_Varga"), ("p.ilse",))]
    analysis = analyse(question, ["place_of_birth", "containedby"], ["entity"], names)
    assert analysis.answer_words == (noun,)


async def test_where_country_wise_walks_on_to_the_country() -> None:
    rows = [
        ("Far_Cressida", "named_after", "Takeshi_Onodera"),
        ("Takeshi_Onodera", "people.person.place_of_birth", "Sendai"),
        ("Sendai", "location.location.containedby", "Japan"),
        ("Far_Cressida", "discovered_by", "Kaspar_Lindenhahn"),
        ("Kaspar_Lindenhahn", "people.person.place_of_birth", "Dresden"),
        ("Dresden", "location.location.containedby", "Germany"),
    ]
    question = "Where was the person Far_Cressida is named after born, country-wise?"
    assert await _best_steps(rows, question, "Far_Cressida") == (
        Step("named_after", Direction.OUT),
        Step("people.person.place_of_birth", Direction.OUT),
        Step("location.location.containedby", Direction.OUT),
    )


async def test_which_countrys_parliament_walks_on_to_the_country() -> None:
    """ "which N's M" asks which N: the parliament is the way to it."""
    rows = [
        ("Zofia_Bravsen", "sitsIn", "Parliament_Hall_Tamsin"),
        ("Parliament_Hall_Tamsin", "government.governmental_body.jurisdiction", "Canada"),
        ("Zofia_Bravsen", "people.person.place_of_birth", "Toronto"),
    ]
    question = "which country's parliament does Zofia_Bravsen sit in?"
    assert await _best_steps(rows, question, "Zofia_Bravsen") == (
        Step("sitsIn", Direction.OUT),
        Step("government.governmental_body.jurisdiction", Direction.OUT),
    )
