"""Question kinds on the sample graph: counts, a time scope on a walk, a superlative over dates.

The five real handlers run in sequence in-process (as ``bench/sample_dev.py`` runs
them); expected answers are computed here from ``graph.jsonl`` itself.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any, NotRequired, TypedDict

import orjson
import pytest

from research_chain.bus.names import Stage
from research_chain.components import default_components
from research_chain.components.base import LoopSnapshot, StageContext
from research_chain.graph.embedded import EmbeddedGraph
from research_chain.graph.memory import parse_time
from research_chain.graph.protocol import Direction, Step
from research_chain.judges import HeuristicJudge
from research_chain.payloads import (
    ClassifierOutput,
    Intent,
    RouteAction,
    RouteDecision,
    SearchResult,
    WireModel,
)
from research_chain.retrieval.subqueries import PathQuery
from research_chain.understanding.citations import extract_refs
from research_chain.understanding.evidence import (
    NO_ANSWER_PREFIX,
    answer_labels,
    evidence_facts,
    evidence_label,
)
from research_chain.understanding.timeparse import parse_time_range

SAMPLE = Path(__file__).resolve().parents[2] / "research_chain" / "sample" / "graph.jsonl"
SNAPSHOT_FIELD = {
    Stage.NL_CLASSIFY: "classifier_output",
    Stage.ROUTE_SEARCH: "route_decision",
    Stage.EXECUTE_SUBQUERIES: "execution_output",
    Stage.ASSESS_SUFFICIENCY: "assessment_output",
}


class _Row(TypedDict):
    """One triple of ``graph.jsonl``, as the sample generator writes it."""

    subject: str
    predicate: str
    object: str
    kind: str
    source: str
    confidence: float
    timestamp: NotRequired[str]


@cache
def _rows() -> tuple[_Row, ...]:
    return tuple(orjson.loads(line) for line in SAMPLE.read_text().splitlines())


@cache
def _graph() -> EmbeddedGraph:
    return EmbeddedGraph.from_triples(list(_rows()))


def _id(name: str) -> str:
    return next(r["subject"] for r in _rows() if r["predicate"] == "name" and r["object"] == name)


def _label(entity_id: str) -> str:
    return next(
        r["object"] for r in _rows() if r["subject"] == entity_id and r["predicate"] == "name"
    )


def _edges(subject: str, predicate: str) -> list[_Row]:
    return [r for r in _rows() if r["subject"] == subject and r["predicate"] == predicate]


def _subjects(predicate: str, obj: str) -> list[str]:
    """What points to ``obj`` by ``predicate``."""
    return [r["subject"] for r in _rows() if r["predicate"] == predicate and r["object"] == obj]


def _attribute(subject: str, predicate: str) -> str:
    return str(_edges(subject, predicate)[0]["object"])


async def _ask(question: str) -> SearchResult:
    """The five handlers in sequence, each output kept in the snapshot as the runner would."""
    graph, judge, components = _graph(), HeuristicJudge(), default_components()
    snap: dict[str, object] = {"intent": Intent(topic=question)}

    async def run(stage: Stage, payload: WireModel) -> Any:
        ctx = StageContext(
            loop_id="kinds", parent_loop_id="kinds", stage=stage, attempt=1, round=0,
            deadline=time.time() + 60, snapshot=LoopSnapshot(**snap),  # type: ignore[arg-type]
            graph=graph, judge=judge,
        )  # fmt: skip
        output = await components[stage].handle(ctx, payload)
        if stage in SNAPSHOT_FIELD:
            snap[SNAPSHOT_FIELD[stage]] = output
        return output

    classified: ClassifierOutput = await run(Stage.NL_CLASSIFY, snap["intent"])  # type: ignore[arg-type]
    route: RouteDecision = await run(Stage.ROUTE_SEARCH, classified)
    if route.action is RouteAction.SYNTHESIZE_DIRECTLY:
        result = await run(Stage.SYNTHESIZE_ANSWER, classified)
    else:
        payload: WireModel = route
        for refine in range(3):
            execution = await run(Stage.EXECUTE_SUBQUERIES, payload)
            assessment = await run(Stage.ASSESS_SUFFICIENCY, execution)
            if assessment.sufficient or refine == 2:
                break
            snap["refine_rounds"] = refine + 1
            payload = assessment
        result = await run(Stage.SYNTHESIZE_ANSWER, assessment)
    assert isinstance(result, SearchResult)
    return result


def _answer_line_refs(result: SearchResult) -> set[str]:
    return set(extract_refs(result.synthesis.split("\n", 1)[0]))


async def test_how_many_answers_with_the_count_citing_what_it_counted() -> None:
    drone = _id("Wren 63")
    sensors = {r["object"] for r in _edges(drone, "has_sensor")}
    result = await _ask("How many sensors does Wren 63 have?")
    labels = answer_labels(result.synthesis)
    assert labels[0] == str(len(sensors))
    assert _answer_line_refs(result) == sensors
    for sensor in sensors:  # each counted item is named on a line citing it
        assert any(
            _label(sensor) in line and sensor in line for line in result.synthesis.splitlines()[1:]
        )


async def test_a_question_about_a_numbered_attribute_is_not_counted() -> None:
    drone = _id("Wren 63")
    result = await _ask("What is the serial number of Wren 63?")
    assert answer_labels(result.synthesis)[0] == _attribute(drone, "serial_number")


def _faults_in(drone: str, start: datetime | None, end: datetime | None) -> set[str]:
    """Fault labels of the drone whose fault fact's time falls in [start, end)."""
    found = set()
    for edge in _edges(drone, "had_fault"):
        at = parse_time(edge.get("timestamp", "")) or parse_time(
            _attribute(edge["object"], "reported_on")
        )
        assert at is not None
        if (start is None or at >= start) and (end is None or at < end):
            found.add(_label(edge["object"]))
    return found


async def test_a_month_and_year_scope_keeps_only_the_faults_in_it() -> None:
    question = "Which faults did Kestrel 85 have in April 2025?"
    window = parse_time_range(question)
    assert window is not None and window.start == datetime(2025, 4, 1, tzinfo=UTC)
    assert window.end == datetime(2025, 5, 1, tzinfo=UTC)
    drone = _id("Kestrel 85")
    expected = _faults_in(drone, window.start, window.end)
    assert expected and expected != {_label(e["object"]) for e in _edges(drone, "had_fault")}
    result = await _ask(question)
    assert set(answer_labels(result.synthesis)) == expected


async def test_a_since_scope_keeps_only_the_faults_from_that_day_on() -> None:
    drone = _id("Kestrel 85")
    every = _faults_in(drone, None, None)
    cut = "2025-04-01"
    question = f"Which faults did Kestrel 85 have since {cut}?"
    window = parse_time_range(question)
    assert window is not None and window.start == datetime(2025, 4, 1, tzinfo=UTC)
    expected = _faults_in(drone, window.start, window.end)
    assert expected and expected != every
    result = await _ask(question)
    assert set(answer_labels(result.synthesis)) == expected


async def test_last_month_answers_only_what_falls_in_the_last_month() -> None:
    question = "Which faults did Wren 63 have last month?"
    window = parse_time_range(question)
    assert window is not None and window.start is not None and window.end is not None
    expected = _faults_in(_id("Wren 63"), window.start, window.end)
    result = await _ask(question)
    assert set(answer_labels(result.synthesis)) == expected
    if not expected:
        assert result.synthesis.startswith("No answer: ")


@pytest.mark.parametrize("when", ["this year", "two years ago"])
async def test_a_refined_round_keeps_to_the_time_scope(when: str) -> None:
    """Nothing in the window: the refine round's looser queries must not answer with
    missions from outside it."""
    question = f"Which missions has Tariq Lindqvist operated {when}?"
    window = parse_time_range(question)
    assert window is not None and window.start is not None and window.end is not None
    operator = _id("Tariq Lindqvist")
    missions = _subjects("operated_by", operator)
    assert missions
    expected = set()
    for mission in missions:
        at = parse_time(_attribute(mission, "started_on"))
        assert at is not None
        if window.start <= at < window.end:
            expected.add(_label(mission))
    result = await _ask(question)
    assert set(answer_labels(result.synthesis)) == expected
    if not expected:
        assert result.synthesis.startswith(NO_ANSWER_PREFIX), result.synthesis


async def test_a_walk_keeps_answers_whose_own_date_falls_in_the_window() -> None:
    """The walked facts carry no time: the answers' own date attributes decide."""
    site = _id("Pine Valley")
    start, end = datetime(2023, 1, 1, tzinfo=UTC), datetime(2024, 1, 1, tzinfo=UTC)
    drones = _subjects("located_at", site)
    expected = set()
    for drone in drones:
        at = parse_time(_attribute(drone, "commissioned_on"))
        assert at is not None
        if start <= at < end:
            expected.add(drone)
    assert expected and len(expected) < len(drones)
    query = PathQuery((site,), (Step("located_at", Direction.IN),), start=start, end=end)
    found = await query.run(_graph())
    assert {item.entity_id for item in found} == expected


@pytest.mark.parametrize(("word", "latest"), [("first", False), ("most recently", True)])
async def test_a_superlative_over_dates_answers_the_one_extreme_entity(
    word: str, latest: bool
) -> None:
    site = _id("Pine Valley")
    drones = _subjects("located_at", site)
    dates = {drone: _attribute(drone, "commissioned_on") for drone in drones}
    extreme = (max if latest else min)(dates.values())
    expected = {_label(d) for d, at in dates.items() if at == extreme}
    result = await _ask(f"Which drone at Pine Valley was commissioned {word}?")
    labels = answer_labels(result.synthesis)
    assert set(labels) == expected
    answers = [e for e in result.evidence if evidence_label(e) in expected]
    assert answers and extreme in answers[0].snippet_text


@pytest.mark.parametrize(
    ("question", "latest"),
    [("Newest drone at Harbor Yard?", True), ("Oldest drone at Pine Valley?", False)],
)
async def test_an_ordering_word_asks_where_no_wh_word_does(question: str, latest: bool) -> None:
    """ "Newest drone at S?": the noun after the opening ordering word is what is asked."""
    site = _id(question.split(" at ")[1].rstrip("?"))
    dates = {d: _attribute(d, "commissioned_on") for d in _subjects("located_at", site)}
    extreme = (max if latest else min)(dates.values())
    result = await _ask(question)
    assert answer_labels(result.synthesis) == [
        _label(d) for d, at in dates.items() if at == extreme
    ]


@pytest.mark.parametrize(
    ("question", "latest"),
    [
        ("What was the latest fault reported for Wren 89?", True),
        ("What was the very first fault Wren 89 had?", False),
    ],
)
async def test_a_superlative_over_one_entitys_relation_picks_one_by_date(
    question: str, latest: bool
) -> None:
    """One step out of one entity would be read from its state; the order needs the walk."""
    faults = [e["object"] for e in _edges(_id("Wren 89"), "had_fault")]
    dates = {fault: _attribute(fault, "reported_on") for fault in faults}
    assert len(set(dates.values())) > 1
    extreme = (max if latest else min)(dates.values())
    result = await _ask(question)
    assert answer_labels(result.synthesis) == [
        _label(f) for f, at in dates.items() if at == extreme
    ]


async def test_a_type_named_entry_of_one_entity_is_walked_to_by_its_only_relation() -> None:
    """ "maintenance entry": "entry" is what the type's entities are called, no relation
    (it reads ``assigned_to`` loosely, which would walk through missions and operators)."""
    records = _subjects("serviced", _id("Harrier 48"))
    dates = {record: _attribute(record, "serviced_on") for record in records}
    assert len(set(dates.values())) > 1
    latest = max(dates.values())
    result = await _ask("What is the most recent maintenance entry for Harrier 48?")
    assert answer_labels(result.synthesis) == [_label(r) for r, at in dates.items() if at == latest]


@pytest.mark.parametrize(
    ("question", "predicate", "named"),
    [
        ("Count the maintenance jobs performed by Omar Park.", "performed_by", "Omar Park"),
        ("How often has Osprey 89 been serviced?", "serviced", "Osprey 89"),
        # "records" after the type's own name is what maintenance entries are called, not
        # ``serial_number`` (a record is also a number)
        ("How often has Osprey 89 been serviced? Give me the count of maintenance records.",
         "serviced", "Osprey 89"),
    ],
)  # fmt: skip
async def test_count_and_how_often_answer_with_the_number(
    question: str, predicate: str, named: str
) -> None:
    target = _id(named)
    done = set(_subjects(predicate, target))
    result = await _ask(question)
    assert answer_labels(result.synthesis)[0] == str(len(done))
    assert _answer_line_refs(result) == done


async def test_a_name_qualifying_the_asked_noun_is_a_second_condition() -> None:
    """No word names ``has_model``: it is the one relation from a model to drones."""
    model, site = _id("Swift Mini"), _id("Salt Flats")
    of_model = set(_subjects("has_model", model))
    at_site = set(_subjects("located_at", site))
    expected = {_label(d) for d in of_model & at_site}
    assert expected and expected != {_label(d) for d in at_site}
    result = await _ask("Which Swift Mini drones are located at Salt Flats?")
    assert set(answer_labels(result.synthesis)) == expected


@pytest.mark.parametrize(("site", "kind"), [("Harbor Yard", "radar"), ("Pine Valley", "lidar")])
async def test_a_value_written_out_keeps_the_answers_that_hold_it_one_step_out(
    site: str, kind: str
) -> None:
    """ "drones at S that carry a radar": a sensor of theirs is of type radar."""
    at_site = set(_subjects("located_at", _id(site)))
    carrying = {
        drone
        for drone in at_site
        for sensor in _edges(drone, "has_sensor")
        if _attribute(sensor["object"], "sensor_type").casefold() == kind
    }
    assert carrying and carrying != at_site
    result = await _ask(f"Which drones at {site} carry a {kind}?")
    assert _answer_line_refs(result) == carrying
    assert all(
        any("sensor_type" in f for f in evidence_facts(e))
        for e in result.evidence
        if e.entity_id in carrying
    )


async def test_the_asked_type_is_the_answer_though_words_read_its_value() -> None:
    """ "jobs" and "carry out" read ``work_done``, a value of the maintenance entities the
    question asks for: the answer is the entities, not their values."""
    done = set(_subjects("performed_by", _id("Ines Lindqvist")))
    in_2025 = {m for m in done if _attribute(m, "serviced_on").startswith("2025")}
    assert in_2025
    result = await _ask("Which maintenance jobs did Ines Lindqvist carry out in 2025?")
    assert _answer_line_refs(result) == in_2025
    assert set(answer_labels(result.synthesis)) == {_label(m) for m in in_2025}


@pytest.mark.parametrize(
    ("question", "model", "site"),
    [
        ("List the drones at Wind Farm East whose model is Heron Pro.", "Heron Pro",
         "Wind Farm East"),
        ("Show me the Swift Mini drones located at Salt Flats.", "Swift Mini", "Salt Flats"),
    ],
)  # fmt: skip
async def test_an_asking_verb_asks_for_its_noun_under_two_conditions(
    question: str, model: str, site: str
) -> None:
    """ "List the drones ...": the verb asks as "which" does, so both names are conditions."""
    expected = set(_subjects("has_model", _id(model))) & set(_subjects("located_at", _id(site)))
    assert expected
    result = await _ask(question)
    assert _answer_line_refs(result) == expected


async def test_a_wh_clause_closed_by_a_comma_is_not_what_is_asked() -> None:
    """ "When X was last serviced, which record was that?": "which" asks, not "when"."""
    records = _subjects("serviced", _id("Osprey 89"))
    dates = {record: _attribute(record, "serviced_on") for record in records}
    latest = max(dates.values())
    question = "When Osprey 89 was last serviced, which maintenance record was that?"
    result = await _ask(question)
    assert answer_labels(result.synthesis) == [_label(r) for r, at in dates.items() if at == latest]


async def test_modifiers_joined_by_and_share_the_asked_noun() -> None:
    """ "search and rescue missions": "missions" is asked, "search and rescue" a value of
    theirs, not "search" the asked noun."""
    missions = _subjects("took_place_at", _id("Bay Terminal"))
    expected = {m for m in missions if _attribute(m, "mission_type") == "search and rescue"}
    assert expected and expected != set(missions)
    result = await _ask("Which search and rescue missions were carried out at Bay Terminal?")
    assert set(answer_labels(result.synthesis)) == {_label(m) for m in expected}


async def test_a_type_word_after_do_is_the_doer_and_the_verb_walks() -> None:
    """ "what did operator X fly": "operator" says what X is; what was flown is asked."""
    start, end = datetime(2025, 4, 1, tzinfo=UTC), datetime(2025, 5, 1, tzinfo=UTC)
    expected = set()
    for mission in _subjects("operated_by", _id("Nadia Tanaka")):
        at = parse_time(_attribute(mission, "started_on"))
        if at is not None and start <= at < end:
            expected.add(mission)
    assert expected
    result = await _ask("What did operator Nadia Tanaka fly in Apr 2025?")
    assert _answer_line_refs(result) == expected


async def test_a_relation_named_only_remotely_is_no_answer() -> None:
    """ "top speed" and ``max_flight_time_minutes`` are only associates (vectors, no
    WordNet link): answering 25 would answer another question."""
    model = _id("Swift Mini")
    remote = await _ask("What is the top speed of the Swift Mini?")
    assert remote.synthesis.startswith(NO_ANSWER_PREFIX), remote.synthesis
    named = await _ask("What is the maximum flight time of the Swift Mini?")
    assert answer_labels(named.synthesis)[0] == _attribute(model, "max_flight_time_minutes")
