from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from research_chain.bus import Bus
from research_chain.config import Settings
from research_chain.graph import Direction, open_graph
from research_chain.graph.codec import encode_state
from research_chain.graph.ingest import IngestOptions, ingest_files, load_mapping
from research_chain.graph.store import EntityStore
from research_chain.payloads import EntityState, SeedRefType, default_registry
from tests.graph.conftest import DRONE, lit, rel

METAQA_LINES = """\
Kismet|directed_by|William Dieterle
Kismet|starred_actors|Marlene Dietrich
The Devil's Brother|directed_by|Hal Roach
Kismet|release_year|1944
Kismet|has_tags|desert
bad line without separators
Kismet||1944
The Devil's Brother|written_by|William Dieterle
"""


async def test_delimited_with_metaqa_preset(bus: Bus, settings: Settings, tmp_path: Path) -> None:
    path = tmp_path / "kb.txt"
    path.write_text(METAQA_LINES)
    options = IngestOptions(mapping=load_mapping("metaqa"), window=2)
    summary = await ingest_files(bus, settings, [path], options)
    assert summary.triples == 6 and summary.rejected == 2
    assert [(line, reason.split(":")[0]) for _, line, reason in summary.rejects] == [
        (6, "expected 3 fields separated by '|', got 1"),
        (7, "predicate"),
    ]
    graph = await open_graph(bus, settings, timeout_s=10)
    try:
        assert graph.entity_types() == {"movie": 2, "person": 3, "year": 1, "tag": 1}
        (person,) = await graph.resolve_seed("william dieterle", SeedRefType.NAME)
        hits = await graph.predicate_walk([person], ["directed_by"], Direction.IN)
        assert [graph.label(h.entity_id) for h in hits] == ["Kismet"]
        both = await graph.predicate_walk([person], None, Direction.IN)
        assert sorted(graph.label(h.entity_id) for h in both) == ["Kismet", "The Devil's Brother"]
    finally:
        await graph.close()


async def test_jsonl_and_reingest_merges(bus: Bus, settings: Settings, tmp_path: Path) -> None:
    path = tmp_path / "triples.jsonl"
    good = [
        lit(DRONE, "name", "Falcon 7"),
        rel(DRONE, "located_at", DRONE.replace("drone", "site")),
    ]
    lines = [orjson.dumps(t.to_wire()).decode() for t in good]
    lines.insert(1, '{"subject": "not-an-id", "predicate": "x", "object": "y"}')
    lines.append("{not json")
    path.write_text("\n".join(lines) + "\n")
    summary = await ingest_files(bus, settings, [path], IngestOptions())
    assert summary.triples == 2 and summary.rejected == 2
    assert summary.rejects[0][1] == 2 and "triple.subject" in summary.rejects[0][2]
    assert summary.rejects[1][1] == 4
    extra = tmp_path / "more.jsonl"
    extra.write_text(orjson.dumps(lit(DRONE, "serial_number", "SN-1").to_wire()).decode())
    await ingest_files(bus, settings, [extra], IngestOptions())
    state, _ = await EntityStore(bus, settings).get(DRONE)
    assert state is not None and state.label == "Falcon 7"
    assert {t.predicate for t in state.triples} == {"name", "located_at", "serial_number"}


async def test_ntriples(bus: Bus, settings: Settings, tmp_path: Path) -> None:
    path = tmp_path / "data.nt"
    path.write_text(
        "<http://ex.org/Falcon_7> <http://ex.org/locatedAt> <http://ex.org/North_Field> .\n"
        "<http://ex.org/Falcon_7> <http://www.w3.org/2000/01/rdf-schema#label> "
        '"Falcon \\"7\\""@en .\n'
        '<http://ex.org/Falcon_7> <http://ex.org/servicedOn> "2025-03-01"'
        "^^<http://www.w3.org/2001/XMLSchema#date> .\n"
        "<http://ex.org/a> <http://ex.org/b> .\n"
    )
    summary = await ingest_files(bus, settings, [path], IngestOptions())
    assert summary.triples == 3 and [r[1] for r in summary.rejects] == [4]
    graph = await open_graph(bus, settings, timeout_s=10)
    try:
        (falcon,) = await graph.resolve_seed('Falcon "7"', SeedRefType.NAME)
        state = (await graph.entity_state([falcon])).found[falcon]
        serviced = next(t for t in state.triples if t.predicate == "servicedOn")
        assert serviced.timestamp == "2025-03-01"
        hits = await graph.predicate_walk([falcon], ["locatedAt"], Direction.OUT)
        assert [graph.label(h.entity_id) for h in hits] == ["North Field"]
        assert len(await graph.temporal_range(None, None)) == 1
    finally:
        await graph.close()


def test_fast_encoding_matches_the_model() -> None:
    triples = [lit(DRONE, "name", "Falcon 7"), lit(DRONE, "alias", "F7")]
    raw = encode_state(DRONE, [t.to_wire() for t in triples])
    env = default_registry().decode_as(raw, EntityState)
    expected = EntityState(
        id=DRONE, type="drone", label="Falcon 7", aliases=["F7"], triples=triples,
        updated_at=env.payload.updated_at,
    )  # fmt: skip
    assert env.payload.to_json() == expected.to_json()
    assert orjson.loads(raw)["payload"] == expected.to_wire()


def test_mapping_file_slugs_and_derived_types(tmp_path: Path) -> None:
    from research_chain.errors import GraphError
    from research_chain.graph.ingest import slug
    from research_chain.graph.ingest.formats import Parsed, parse_delimited

    spec = tmp_path / "mapping.yaml"
    spec.write_text(
        "subject_type: drone\ntemplate: acme.ops.robotics.gcs.{type}.{slug}\n"
        "relations: {located_at: site}\n"
    )
    mapping = load_mapping(spec)
    lines = ["Falcon 7\tlocated_at\tNorth Field", "Falcon 7\tcolour\tred"]
    records = [r for r in parse_delimited(lines, mapping, sep="\t") if isinstance(r, Parsed)]
    assert records[0].triples[0]["object"] == "acme.ops.robotics.gcs.site.north-field"
    assert records[1].triples[0]["kind"] == "literal"
    generic = load_mapping("generic")
    (plain,) = parse_delimited(["A|has_genre|Drama"], generic)
    assert isinstance(plain, Parsed)
    assert plain.triples[0]["object"] == "local.kb.ingest.default.entity.drama"
    derive = tmp_path / "derive.yaml"
    derive.write_text("default_object_type: derive\n")
    (derived,) = parse_delimited(["A|has_genre|Drama"], load_mapping(derive))
    assert isinstance(derived, Parsed)
    assert derived.triples[0]["object"] == "local.kb.ingest.default.genre.drama"
    assert slug("Spider-Man") == slug("spider man") == "spider-man"
    assert slug("東京物語") != slug("七人の侍") and slug("東京物語").startswith("x")
    assert len(slug("word " * 40)) <= 80
    with pytest.raises(GraphError, match="6-part"):
        load_mapping("metaqa").with_template("too.few.{slug}")
