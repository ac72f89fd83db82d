"""The pure text logic: relation words, path inference, time ranges, citations, grounding."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from research_chain.graph.protocol import Direction, NameMatch
from research_chain.payloads import ClaimVerdict, Evidence, RetrievalTier
from research_chain.understanding.analysis import analyse
from research_chain.understanding.citations import extract_refs, ground, quote_back, split_claims
from research_chain.understanding.evidence import answer_labels
from research_chain.understanding.lexicon import stem
from research_chain.understanding.paths import LITERAL, infer_paths
from research_chain.understanding.timeparse import parse_time_range

PREDICATES = ["directed_by", "written_by", "starred_actors", "release_year", "has_genre",
              "in_language", "has_tags", "serial_number"]  # fmt: skip
TYPES = ["movie", "person", "year", "genre", "language", "tag", "drone"]
OUT, IN = Direction.OUT, Direction.IN
SCHEMA = {
    "movie": {
        ("directed_by", OUT): frozenset({"person"}), ("written_by", OUT): frozenset({"person"}),
        ("starred_actors", OUT): frozenset({"person"}), ("release_year", OUT): frozenset({"year"}),
        ("has_genre", OUT): frozenset({"genre"}), ("in_language", OUT): frozenset({"language"}),
        ("has_tags", OUT): frozenset({"tag"}),
    },
    "person": {
        ("directed_by", IN): frozenset({"movie"}), ("written_by", IN): frozenset({"movie"}),
        ("starred_actors", IN): frozenset({"movie"}),
    },
    "year": {("release_year", IN): frozenset({"movie"})},
    "genre": {("has_genre", IN): frozenset({"movie"})},
    "language": {("in_language", IN): frozenset({"movie"})},
    "tag": {("has_tags", IN): frozenset({"movie"})},
    "drone": {("serial_number", OUT): frozenset({LITERAL})},
}  # fmt: skip


def _read(question: str, seed: str, seed_id: str) -> list[tuple[str, str]]:
    start = question.index(seed)
    names = [NameMatch(seed, start, start + len(seed), (seed_id,))]
    analysis = analyse(question, PREDICATES, TYPES, names)
    seed_type = seed_id.split(".")[4]
    best = infer_paths(
        analysis, seed_type, SCHEMA, analysis.entity_token_span(analysis.entities[0])
    )
    return [(s.predicate, s.direction.value) for s in best[0].steps]


@pytest.mark.parametrize(
    ("question", "seed", "kind", "path"),
    [
        ("what films did [Al Pacino] act in", "Al Pacino", "person", [("starred_actors", "in")]),
        ("who is the author of [Heat]", "Heat", "movie", [("written_by", "out")]),
        ("what sort of film is [Heat]", "Heat", "movie", [("has_genre", "out")]),
        ("the actor [Al Pacino] starred together with who", "Al Pacino", "person",
         [("starred_actors", "in"), ("starred_actors", "out")]),
        ("when were the movies written by [Mario Puzo] released", "Mario Puzo", "person",
         [("written_by", "in"), ("release_year", "out")]),
        ("who directed the films written by the writer of [Heat]", "Heat", "movie",
         [("written_by", "out"), ("written_by", "in"), ("directed_by", "out")]),
        ("the films that share directors with the film [Heat] are written by who", "Heat",
         "movie", [("directed_by", "out"), ("directed_by", "in"), ("written_by", "out")]),
        ("What is the serial number of Wren 1?", "Wren 1", "drone", [("serial_number", "out")]),
    ],
)  # fmt: skip
def test_relation_paths_from_general_relation_matching(
    question: str, seed: str, kind: str, path: list[tuple[str, str]]
) -> None:
    assert _read(question, seed, f"t.kb.films.demo.{kind}.x") == path


def test_stems_join_inflections_and_plurals() -> None:
    assert stem("sensors") == stem("sensor")
    assert stem("writers") == stem("wrote") == stem("written")
    assert stem("directed") == stem("directs")


def test_names_inside_a_mention_are_not_relation_words() -> None:
    question = "who directed [The Director]"
    names = [NameMatch("The Director", 14, 26, ("t.kb.films.demo.movie.the-director",))]
    analysis = analyse(question, PREDICATES, TYPES, names)
    assert [m.word for m in analysis.relations] == ["directed"]
    assert analysis.answer_types == frozenset({"person"})


def test_unknown_proper_names_are_noticed() -> None:
    analysis = analyse("Who operated Operation Velvet Thunder?", ["operated_by"], ["drone"], [])
    assert analysis.unknown_names == ["Operation Velvet Thunder"]


NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("faults in the last 24 hours", datetime(2026, 11, 21, 12, tzinfo=UTC), NOW),
        ("since 2026-11-01", datetime(2026, 11, 1, tzinfo=UTC), None),
        ("what happened in March", datetime(2026, 3, 1, tzinfo=UTC),
         datetime(2026, 4, 1, tzinfo=UTC)),
        ("in December", datetime(2025, 12, 1, tzinfo=UTC), datetime(2026, 1, 1, tzinfo=UTC)),
        ("between 2025-01-24 and 2025-01-27", datetime(2025, 1, 24, tzinfo=UTC),
         datetime(2025, 1, 28, tzinfo=UTC)),
        ("work done in 2025-05", datetime(2025, 5, 1, tzinfo=UTC),
         datetime(2025, 6, 1, tzinfo=UTC)),
        ("on 2025-05-12", datetime(2025, 5, 12, tzinfo=UTC), datetime(2025, 5, 13, tzinfo=UTC)),
        ("yesterday", datetime(2026, 11, 21, tzinfo=UTC), datetime(2026, 11, 22, tzinfo=UTC)),
        ("faults in Sep 2025", datetime(2025, 9, 1, tzinfo=UTC), datetime(2025, 10, 1, tzinfo=UTC)),
        ("during June of 2025", datetime(2025, 6, 1, tzinfo=UTC),
         datetime(2025, 7, 1, tzinfo=UTC)),
        ("before 10 April 2025", None, datetime(2025, 4, 10, tzinfo=UTC)),
        ("after Apr 7 2025", datetime(2025, 4, 8, tzinfo=UTC), None),
        ("on May 3rd, 2025", datetime(2025, 5, 3, tzinfo=UTC), datetime(2025, 5, 4, tzinfo=UTC)),
        ("since 2025-12", datetime(2025, 12, 1, tzinfo=UTC), None),
        ("faults from Dec 2025", datetime(2025, 12, 1, tzinfo=UTC),
         datetime(2026, 1, 1, tzinfo=UTC)),
        ("from 2025-12 on", datetime(2025, 12, 1, tzinfo=UTC), None),
        ("between March and December 2025", datetime(2025, 3, 1, tzinfo=UTC),
         datetime(2026, 1, 1, tzinfo=UTC)),
        ("between Sep 8 2025 and Jan 16 2026", datetime(2025, 9, 8, tzinfo=UTC),
         datetime(2026, 1, 17, tzinfo=UTC)),
        ("between 2024 and 2025", datetime(2024, 1, 1, tzinfo=UTC),
         datetime(2026, 1, 1, tzinfo=UTC)),
        ("last month", datetime(2026, 10, 1, tzinfo=UTC), datetime(2026, 11, 1, tzinfo=UTC)),
        ("last year", datetime(2025, 1, 1, tzinfo=UTC), datetime(2026, 1, 1, tzinfo=UTC)),
        ("this year", datetime(2026, 1, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC)),
        ("two years ago", datetime(2024, 1, 1, tzinfo=UTC), datetime(2025, 1, 1, tzinfo=UTC)),
        ("last December", datetime(2025, 12, 1, tzinfo=UTC), datetime(2026, 1, 1, tzinfo=UTC)),
        ("since the start of last year", datetime(2025, 1, 1, tzinfo=UTC), None),
        ("in the last 12 months", datetime(2025, 11, 22, 12, tzinfo=UTC), NOW),
        ("over the past week", datetime(2026, 11, 15, 12, tzinfo=UTC), NOW),
    ],
)  # fmt: skip
def test_time_expressions_become_ranges(
    text: str, start: datetime | None, end: datetime | None
) -> None:
    found = parse_time_range(text, now=NOW)
    assert found is not None
    assert (found.start, found.end) == (start, end)


def test_no_time_expression_is_none() -> None:
    assert parse_time_range("who directed Heat", now=NOW) is None
    # a bare month or year is a time only after a word that asks for one
    assert parse_time_range("what may X be", now=NOW) is None
    assert parse_time_range("who flew Falcon 2025", now=NOW) is None


def test_a_month_abbreviation_is_no_unknown_name() -> None:
    analysis = analyse("Which faults did Shrike 19 have in Sep 2025?", ["had_fault"], ["fault"], [])
    assert analysis.unknown_names == ["Shrike 19"]


A = "t.kb.films.demo.movie.heat"
B = "t.kb.films.demo.person.michael-mann"
FAKE = "t.kb.films.demo.person.nobody"


def _evidence() -> list[Evidence]:
    return [
        Evidence(entity_id=A, tier=RetrievalTier.RULES, source="entity_state",
                 snippet_text="Heat | Heat --directed_by--> Michael Mann"),
        Evidence(entity_id=B, tier=RetrievalTier.RULES, source="predicate_walk",
                 snippet_text="Michael Mann | Heat --directed_by--> Michael Mann"),
    ]  # fmt: skip


def test_quote_back_keeps_known_refs_and_drops_the_rest() -> None:
    checked = quote_back(f"Answer: Michael Mann [{B}] [{FAKE}].", _evidence())
    assert checked.kept == [B] and checked.dropped == [FAKE]
    assert checked.text == f"Answer: Michael Mann [{B}]."
    assert extract_refs(checked.text) == [B]


def test_claims_are_lines_and_sentences_without_caveats() -> None:
    text = f"Answer: Michael Mann [{B}].\nHeat directed by Michael Mann. [{A}] It won. \nCaveat: x."
    assert split_claims(text) == [
        f"Answer: Michael Mann [{B}].",
        f"Heat directed by Michael Mann. [{A}]",
        "It won.",
    ]


def test_grounding_counts_each_verdict() -> None:
    text = "\n".join([
        f"Heat directed by Michael Mann. [{A}]",
        f"Heat was directed by Ridley Scott. [{A}]",
        "Heat is long.",
    ])  # fmt: skip
    report = ground(text, _evidence(), dropped=[FAKE])
    assert [c.verdict for c in report.claims] == [
        ClaimVerdict.SUPPORTED, ClaimVerdict.CONTRADICTED, ClaimVerdict.UNVERIFIABLE,
    ]  # fmt: skip
    assert (report.supported_count, report.contradicted_count, report.unverifiable_count) == (
        1,
        1,
        1,
    )
    assert report.dropped_refs == [FAKE]


def test_answer_labels_read_the_first_line() -> None:
    text = f"Answer: Say Anything... [{A}]; After Dark, My Sweet [{B}] (and 3 more).\nmore"
    assert answer_labels(text) == ["Say Anything...", "After Dark, My Sweet"]
    assert answer_labels("No answer: nothing.") == []


def _names(question: str, *surfaces: str) -> list[NameMatch]:
    return [
        NameMatch(s, question.index(s), question.index(s) + len(s), (f"x.y.z.w.movie.{i}",))
        for i, s in enumerate(surfaces)
    ]


@pytest.mark.parametrize(
    ("question", "spotted", "kept", "unknown"),
    [
        # A film called "Drones" and one called "12" do not capture a fleet question.
        ("Which drones had a fault reported on 2025-05-12?", ["drones", "12"], [], []),
        # "Albatross 7" is a name the graph does not hold, not the film "Albatross".
        ("Where is the drone Albatross 7 located?", ["Albatross"], [], ["Albatross 7"]),
        # Names side by side are each kept.
        ("Heat Collateral Top Gun", ["Heat", "Collateral", "Top Gun"],
         ["Heat", "Collateral", "Top Gun"], []),
        # A sentence's first word may be a name; a question all in lower case says nothing.
        ("Heat starred actors", ["Heat"], ["Heat"], []),
        ("which films did michael mann direct", ["michael mann"], ["michael mann"], []),
        # An acronym, Title Case, a colon, or a lower-case name of several words.
        ("Is Wren 1 GPS enabled?", ["Wren 1"], ["Wren 1"], []),
        ("Did Michael Mann Direct Heat?", ["Michael Mann", "Heat"], ["Michael Mann", "Heat"], []),
        ("Heat: who directed it?", ["Heat"], ["Heat"], []),
        ("Films by michael mann", ["michael mann"], ["michael mann"], []),
        # A name written as an identifier is no word, whatever case the sentence is in.
        ("Which city is factory_records based in?", ["factory_records"], ["factory_records"], []),
    ],
)  # fmt: skip
def test_unmarked_names_are_read_as_the_writer_wrote_them(
    question: str, spotted: list[str], kept: list[str], unknown: list[str]
) -> None:
    analysis = analyse(question, PREDICATES, TYPES, _names(question, *spotted))
    assert [m.surface for m in analysis.entities] == kept
    assert analysis.unknown_names == unknown


def test_when_asks_for_a_time_entity_or_a_literal() -> None:
    question = "When was Wren 1 last serviced?"
    analysis = analyse(question, [*PREDICATES, "serviced_on"], TYPES, _names(question, "Wren 1"))
    assert analysis.answer_types == {"year", "literal"}


@pytest.mark.parametrize("scope", ["", " since 2025-12", " since December 2025"])
def test_a_verb_closing_the_question_after_a_name_is_read_with_or_without_a_time(
    scope: str,
) -> None:
    """The words after a name that end a question describe it ("the Germany national
    team"); a verb among them does not, whatever time follows it."""
    question = f"What has Owl 90 flown{scope}?"
    analysis = analyse(
        question, ["operated_by", "serial_number"], TYPES, _names(question, "Owl 90")
    )
    assert [(m.word, m.predicate) for m in analysis.relations] == [("flown", "operated_by")]
