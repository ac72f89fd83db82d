"""Sexed person nouns over a graph that records kinship without sex and sex as a value:
WordNet says which nouns ask for which sex, the walk keeps whom the graph does not record
as the other, through the real chain over a freshly ingested file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from research_chain.bus import Bus
from research_chain.client import research
from research_chain.components import default_components
from research_chain.config import Settings
from research_chain.graph.ingest.mapping import load_mapping
from research_chain.graph.ingest.run import IngestOptions, ingest_files
from research_chain.graph.protocol import Direction, Step
from research_chain.judges import HeuristicJudge
from research_chain.runtime import Chain
from research_chain.understanding.evidence import answer_labels
from research_chain.understanding.sexes import SexedWord, sex_of, sex_of_value, sexes_along
from tests.chain.helpers import serving
from tests.graph.conftest import opened

# Parents and children under one relation, written child -> parent; spouse and sibling
# say no sex; sex is a value of its own. Names are sorted so that the wrong sex comes
# first wherever a walk reaches both.
ROWS: list[tuple[str, str, str]] = [
    ("carla_of_q", "people.person.parents", "anna_of_q"),
    ("carla_of_q", "people.person.parents", "zeno_of_q"),
    ("bruno_of_q", "people.person.parents", "anna_of_q"),
    ("bruno_of_q", "people.person.parents", "zeno_of_q"),
    ("carla_of_q", "people.person.sibling_s", "bruno_of_q"),
    ("anna_of_q", "people.person.spouse_s", "zeno_of_q"),
    ("anna_of_q", "people.person.gender", "female"),
    ("zeno_of_q", "people.person.gender", "male"),
    ("carla_of_q", "people.person.gender", "female"),
    ("bruno_of_q", "people.person.gender", "male"),
    ("anna_of_q", "people.person.nationality", "Austria"),
    ("zeno_of_q", "people.person.nationality", "Spain"),
    ("bruno_of_q", "people.person.place_of_birth", "Graz"),
    ("carla_of_q", "people.person.place_of_birth", "Avila"),
]


@pytest.mark.parametrize(
    ("noun", "sex"),
    [
        ("father", "male"),
        ("sons", "male"),
        ("husband", "male"),
        ("dad", "male"),
        ("uncle", "male"),
        ("mother", "female"),
        ("wife", "female"),
        ("daughters", "female"),
        ("mum", "female"),
        ("girls", "female"),
        ("parent", None),
        ("children", None),
        ("spouse", None),
        ("nationality", None),
    ],
)
def test_wordnet_says_which_sex_a_person_noun_asks_for(noun: str, sex: str | None) -> None:
    assert sex_of(noun) == sex


@pytest.mark.parametrize(
    ("value", "sex"),
    [("male", "male"), ("Female", "female"), ("woman", "female"), ("Spain", None), ("m", None)],
)
def test_a_sex_value_is_one_word_wordnet_files_under_a_sex(value: str, sex: str | None) -> None:
    assert sex_of_value(value) == sex


@pytest.fixture
async def kin_chain(bus: Bus, settings: Settings, tmp_path: Path) -> AsyncIterator[Chain]:
    kb = tmp_path / "kin.tsv"
    kb.write_text("".join("\t".join(row) + "\n" for row in ROWS), encoding="utf-8")
    summary = await ingest_files(bus, settings, [kb], IngestOptions(mapping=load_mapping(None)))
    assert (summary.triples, summary.rejected) == (len(ROWS), 0)
    async with (
        opened(bus, settings) as graph,
        serving(bus, settings, default_components(), graph=graph, judge=HeuristicJudge()) as chain,
    ):
        yield chain


@pytest.mark.parametrize(
    ("question", "gold"),
    [
        ("who is the father of carla_of_q ?", {"zeno_of_q"}),
        ("who was bruno_of_q's mum?", {"anna_of_q"}),
        ("name the sons of anna_of_q", {"bruno_of_q"}),
        ("which of zeno_of_q's children are girls ?", {"carla_of_q"}),
        ("who is carla_of_q's brother ?", {"bruno_of_q"}),
        ("what is the nationality of bruno_of_q's father ?", {"Spain"}),
        ("where was zeno_of_q's daughter born ?", {"Avila"}),
        ("who is the husband of carla_of_q's mother ?", {"zeno_of_q"}),
        # no sex asked: both parents
        ("who are the parents of carla_of_q ?", {"anna_of_q", "zeno_of_q"}),
    ],
)
async def test_a_sexed_noun_keeps_whom_the_graph_records_as_that_sex(
    bus: Bus, settings: Settings, kin_chain: Chain, question: str, gold: set[str]
) -> None:
    result = await research(
        bus, question, parent_loop_id="kin-sexes", timeout=30, names=settings.names()
    )
    assert set(answer_labels(result.synthesis)) == gold, result.synthesis


def test_a_sexed_word_reading_none_of_the_walked_relations_speaks_for_the_last_step() -> None:
    """ "X's brother" may read a members relation (a brother of an order) while the path
    walks ``sibling``: the word still asks the sibling reached to be male."""
    brother = SexedWord(frozenset({"members"}), 2, "male")
    assert sexes_along([brother], [Step("sibling", Direction.IN)]) == ("male",)
    mother = SexedWord(frozenset({"parents"}), 2, "female")
    man = SexedWord(frozenset(), 9, "male")
    steps = [Step("parents"), Step("spouse")]
    assert sexes_along([mother, man], steps) == ("female", "male")
    father, wife = SexedWord(frozenset({"parents"}), 2, "male"), SexedWord(frozenset(), 5, "female")
    assert sexes_along([father, wife, man], steps) == ("male", "")
