"""Generate the drone-fleet sample graph and its questions, deterministically.

    .venv/bin/python scripts/gen_sample.py                      # research_chain/sample/
    .venv/bin/python scripts/gen_sample.py --entities 100000 --out /tmp/g100k.jsonl
    .venv/bin/python scripts/gen_sample.py --entities 1000000 --out /tmp/g1m.jsonl

The default size writes ``graph.jsonl`` (JSON Lines triples) and
``questions.jsonl`` (gold answers computed from the generated facts, never
typed in by hand). Larger sizes scale every entity kind and write the graph only.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import IO

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sample_questions import questions

PREFIX = "acme.fleet.robotics.ops"


def _words(text: str) -> list[str]:
    return text.split()


SOURCE = "sample-generator"
BASE_DAY = date(2025, 1, 1)
DEFAULT_ENTITIES = 3380

BIRDS = _words("""Kestrel Falcon Heron Osprey Swift Harrier Merlin Condor Raven Egret Ibis Plover
Curlew Petrel Tern Gannet Shrike Warbler Wren Finch Lark Robin Hawk Kite Eagle Owl Crane Stork
Pelican Puffin""")
FIRST = _words("""Ana Ben Carla Dmitri Elena Farid Grace Hiro Ines Jonas Kofi Lena Mateo Nadia Omar
Priya Quentin Rosa Sven Tariq Uma Victor Wei Ximena Yusuf Zoe""")
LAST = _words("""Souza Okafor Lindqvist Tanaka Moreau Haddad Novak Reyes Schmidt Kowalski Mensah
Duarte Ivanova Park Rossi Nakamura""")
SITE_NAMES = """North Field|Harbor Yard|Quarry Ridge|Pine Valley|Salt Flats|Riverside Depot|
Cedar Hill|Bay Terminal|Copper Mine|Wind Farm East|Solar Park West|Dam Overlook""".replace(
    "\n", ""
).split("|")
REGIONS = ["Northern", "Coastal", "Central", "Southern"]
ADJECTIVES = _words("""Silent Amber Broad Crimson Distant Early Frozen Golden Hidden Iron Jade Keen
Lunar Misty Northern Open Patient Quiet Rapid Silver Tall Urban Vivid Wide Young Zealous Bright
Calm Dusty Eager Fading Gentle Hollow Icy Jolly Kind Lively Mellow Noble Proud""")
NOUNS = _words("""Harbor Pipeline Ridge Canopy Delta Ember Fjord Glacier Horizon Inlet Junction
Keystone Lagoon Meadow Nexus Orchard Prairie Quarry Rapids Summit Tundra Upland Valley Willow
Bridge Canyon Dune Estuary Forest Grove Highland Island Jetty Lake Marsh Oasis Peak Reef Shore
Trail""")
MODELS = [  # name, manufacturer, max flight minutes, max payload kg
    ("Falcon X2", "AeroNova", 38, 2.5), ("Heron Pro", "SkyForge", 55, 4.0),
    ("Swift Mini", "AeroNova", 25, 0.8), ("Condor Heavy", "Vantage Robotics", 42, 12.0),
    ("Osprey VTOL", "SkyForge", 95, 6.5), ("Merlin S", "Kite Dynamics", 31, 1.2),
    ("Petrel Marine", "Vantage Robotics", 48, 3.0), ("Raven Scout", "Kite Dynamics", 29, 0.5),
]  # fmt: skip
SENSORS = [("thermal camera", "TC"), ("lidar", "LD"), ("rgb camera", "RC"),
           ("multispectral camera", "MS"), ("gas sensor", "GS"), ("radar", "RD")]  # fmt: skip
MISSION_TYPES = ["pipeline inspection", "site survey", "search and rescue", "crop monitoring",
                 "perimeter patrol", "powerline inspection"]  # fmt: skip
WORK = ["replaced rotor blade", "battery replacement", "firmware update", "gimbal calibration",
        "motor bearing replaced", "compass recalibration", "landing gear repair"]  # fmt: skip
FAULTS = [
    ("GPS signal loss", "F-101", "high"), ("motor overheating", "F-204", "critical"),
    ("battery cell imbalance", "F-310", "medium"), ("sensor dropout", "F-415", "medium"),
    ("compass interference", "F-122", "low"), ("propeller vibration", "F-233", "low"),
]  # fmt: skip


def eid(kind: str, instance: str) -> str:
    return f"{PREFIX}.{kind}.{instance}"


def day(offset: int) -> str:
    return (BASE_DAY + timedelta(days=offset)).isoformat()


@dataclass
class Graph:
    """The generated facts, kept for the question builder (default size only)."""

    keep: bool
    labels: dict[str, str] = field(default_factory=dict)
    edges: list[tuple[str, str, str]] = field(default_factory=list)
    values: dict[tuple[str, str], list[str]] = field(default_factory=dict)


class Writer:
    def __init__(self, out: IO[bytes], graph: Graph) -> None:
        self.out = out
        self.graph = graph
        self.triples = 0
        self.entities = 0

    def entity(self, entity_id: str, name: str) -> None:
        self.entities += 1
        self.lit(entity_id, "name", name)
        if self.graph.keep:
            self.graph.labels[entity_id] = name

    def lit(self, s: str, p: str, o: str, stamp: str = "") -> None:
        self._emit({"subject": s, "predicate": p, "object": o, "kind": "literal"}, stamp)
        if self.graph.keep:
            self.graph.values.setdefault((s, p), []).append(o)

    def rel(self, s: str, p: str, o: str, stamp: str = "") -> None:
        self._emit({"subject": s, "predicate": p, "object": o, "kind": "entity"}, stamp)
        if self.graph.keep:
            self.graph.edges.append((s, p, o))

    def _emit(self, triple: dict[str, object], stamp: str) -> None:
        triple["source"] = SOURCE
        if stamp:
            triple["timestamp"] = stamp
        triple["confidence"] = 1
        self.out.write(orjson.dumps(triple) + b"\n")
        self.triples += 1


def unique_names(rng: random.Random, left: list[str], right: list[str], n: int) -> Iterator[str]:
    """``n`` distinct "left right" names; numbered beyond the pairs available."""
    pairs = [f"{a} {b}" for a in left for b in right]
    rng.shuffle(pairs)
    for i in range(n):
        yield pairs[i] if i < len(pairs) else f"{pairs[i % len(pairs)]} {i // len(pairs) + 1}"


def generate(out: IO[bytes], entities: int, seed: int, keep: bool) -> Writer:
    rng = random.Random(seed)
    scale = entities / DEFAULT_ENTITIES
    count = {k: max(1, round(v * scale)) for k, v in dict(
        site=12, operator=60, drone=300, sensor=600, mission=800, maintenance=1200, fault=400
    ).items()}  # fmt: skip
    w = Writer(out, Graph(keep))
    sites = [eid("site", f"s{i:03d}") for i in range(count["site"])]
    for i, site in enumerate(sites):
        name = SITE_NAMES[i] if i < len(SITE_NAMES) else f"{SITE_NAMES[i % 12]} {i // 12 + 1}"
        w.entity(site, name)
        w.lit(site, "region", REGIONS[i % len(REGIONS)])
    models = [eid("model", f"m{i}") for i in range(len(MODELS))]
    for model, (name, maker, minutes, payload) in zip(models, MODELS, strict=True):
        w.entity(model, name)
        w.lit(model, "manufacturer", maker)
        w.lit(model, "max_flight_time_minutes", str(minutes))
        w.lit(model, "max_payload_kg", str(payload))
    operators = [eid("operator", f"op{i:05d}") for i in range(count["operator"])]
    for op, name in zip(operators, unique_names(rng, FIRST, LAST, len(operators)), strict=True):
        w.entity(op, name)
        w.rel(op, "based_at", rng.choice(sites))
    drones = _drones(w, rng, count, sites, models)
    missions = [eid("mission", f"ms{i:06d}") for i in range(count["mission"])]
    names = unique_names(rng, ADJECTIVES, NOUNS, len(missions))
    for mission, name in zip(missions, names, strict=True):
        start = rng.randrange(0, 365)
        w.entity(mission, f"Operation {name}")
        w.rel(mission, "assigned_to", rng.choice(drones))
        w.rel(mission, "operated_by", rng.choice(operators))
        w.rel(mission, "took_place_at", rng.choice(sites))
        w.lit(mission, "mission_type", rng.choice(MISSION_TYPES))
        w.lit(mission, "started_on", day(start), stamp=day(start) + "T08:00:00Z")
    _maintenance_and_faults(w, rng, count, drones, operators)
    return w


def _drones(
    w: Writer, rng: random.Random, count: dict[str, int], sites: list[str], models: list[str]
) -> list[str]:
    drones = [eid("drone", f"d{i:06d}") for i in range(count["drone"])]
    numbers = [str(n) for n in range(1, 100)]
    sensor_i = 0
    per_drone = max(1, round(count["sensor"] / len(drones)))
    for drone, name in zip(drones, unique_names(rng, BIRDS, numbers, len(drones)), strict=True):
        w.entity(drone, name)
        w.rel(drone, "has_model", rng.choice(models))
        w.rel(drone, "located_at", rng.choice(sites))
        w.lit(drone, "serial_number", f"SN-{rng.randrange(10**7):07d}")
        w.lit(drone, "commissioned_on", day(-rng.randrange(30, 900)))
        for kind, code in rng.sample(SENSORS, per_drone):
            sensor = eid("sensor", f"sn{sensor_i:06d}")
            w.entity(sensor, f"{kind.title()} {code}-{sensor_i:04d}")
            w.lit(sensor, "sensor_type", kind)
            w.rel(drone, "has_sensor", sensor)
            sensor_i += 1
    return drones


def _maintenance_and_faults(
    w: Writer, rng: random.Random, count: dict[str, int], drones: list[str], operators: list[str]
) -> None:
    events = [eid("maintenance", f"mx{i:06d}") for i in range(count["maintenance"])]
    for i, event in enumerate(events):
        when = day(rng.randrange(0, 365))
        drone = rng.choice(drones)
        w.entity(event, f"Maintenance MX-{i:05d}")
        w.rel(event, "serviced", drone, stamp=when + "T09:00:00Z")
        w.rel(event, "performed_by", rng.choice(operators))
        w.lit(event, "work_done", rng.choice(WORK))
        w.lit(event, "serviced_on", when, stamp=when + "T09:00:00Z")
    for i in range(count["fault"]):
        fault = eid("fault", f"ft{i:06d}")
        label, code, severity = rng.choice(FAULTS)
        when = day(rng.randrange(0, 365))
        drone = rng.choice(drones)
        w.entity(fault, f"Fault FT-{i:05d} {label}")
        w.lit(fault, "fault_code", code)
        w.lit(fault, "severity", severity)
        w.lit(fault, "reported_on", when, stamp=when + "T12:00:00Z")
        w.rel(drone, "had_fault", fault, stamp=when + "T12:00:00Z")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    here = Path(__file__).resolve().parent.parent / "research_chain" / "sample"
    parser.add_argument("--entities", type=int, default=DEFAULT_ENTITIES)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=here / "graph.jsonl")
    parser.add_argument("--questions", type=Path, default=here / "questions.jsonl")
    args = parser.parse_args()
    keep = args.entities == DEFAULT_ENTITIES
    with args.out.open("wb") as out:
        w = generate(out, args.entities, args.seed, keep)
    print(f"{args.out}: {w.entities} entities, {w.triples} triples")
    if keep:
        qs = questions(w.graph, random.Random(args.seed + 1))
        with args.questions.open("wb") as out:
            for q in qs:
                out.write(orjson.dumps(q) + b"\n")
        print(f"{args.questions}: {len(qs)} questions")


if __name__ == "__main__":
    main()
