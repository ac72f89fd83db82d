"""Questions over the generated sample graph, gold answers computed from its facts.

Every answer is read off the generated triples (entity labels or literal values),
so regenerating the graph regenerates correct answers. Kinds: 1-hop, 2-hop,
3-hop, temporal, comparison, no-answer (gold ``[]``).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from typing import Protocol, TypedDict


class Question(TypedDict):
    question: str
    answers: list[str]
    kind: str


# One question with its gold answers, as a builder produces it (before its kind is added).
Asked = tuple[str, list[str]]


class Facts(Protocol):
    labels: dict[str, str]
    edges: list[tuple[str, str, str]]
    values: dict[tuple[str, str], list[str]]


class Index:
    def __init__(self, g: Facts) -> None:
        self.g = g
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        for s, p, o in g.edges:
            self.out[(s, p)].append(o)
            self.inn[(o, p)].append(s)

    def of(self, kind: str) -> list[str]:
        return sorted(e for e in self.g.labels if e.split(".")[4] == kind)

    def name(self, e: str) -> str:
        return self.g.labels[e]

    def one(self, e: str, p: str) -> str:
        return self.g.values[(e, p)][0]

    def fwd(self, ids: list[str], p: str) -> list[str]:
        return [o for e in ids for o in self.out[(e, p)]]

    def back(self, ids: list[str], p: str) -> list[str]:
        return [s for e in ids for s in self.inn[(e, p)]]

    def labels(self, ids: list[str]) -> list[str]:
        return sorted({self.name(e) for e in ids})

    def lits(self, ids: list[str], p: str) -> list[str]:
        return sorted({v for e in ids for v in self.g.values.get((e, p), [])})


def _pick(rng: random.Random, pool: list[str], ok: Callable[[str], bool]) -> str:
    options = [e for e in pool if ok(e)]
    return rng.choice(options)


def hop1(ix: Index, rng: random.Random) -> list[Asked]:
    drones, missions, ops = ix.of("drone"), ix.of("mission"), ix.of("operator")
    d1, d2, d3, d4 = rng.sample(drones, 4)
    m1, m2 = rng.sample(missions, 2)
    op = rng.choice(ops)
    ev = rng.choice(ix.of("maintenance"))
    return [
        (f"Where is the drone {ix.name(d1)} located?", ix.labels(ix.fwd([d1], "located_at"))),
        (f"Which sensors does {ix.name(d2)} carry?", ix.labels(ix.fwd([d2], "has_sensor"))),
        (f"Who operated {ix.name(m1)}?", ix.labels(ix.fwd([m1], "operated_by"))),
        (f"Which drone was assigned to {ix.name(m2)}?", ix.labels(ix.fwd([m2], "assigned_to"))),
        (f"What model is the drone {ix.name(d3)}?", ix.labels(ix.fwd([d3], "has_model"))),
        (f"Who performed {ix.name(ev)}?", ix.labels(ix.fwd([ev], "performed_by"))),
        (f"What is the serial number of {ix.name(d4)}?", ix.lits([d4], "serial_number")),
        (f"Which site is {ix.name(op)} based at?", ix.labels(ix.fwd([op], "based_at"))),
    ]


def hop2(ix: Index, rng: random.Random) -> list[Asked]:
    flown = [d for d in ix.of("drone") if ix.inn[(d, "assigned_to")]]
    serviced = [d for d in ix.of("drone") if ix.inn[(d, "serviced")]]
    faulty_missions = [
        m for m in ix.of("mission") if ix.fwd(ix.fwd([m], "assigned_to"), "had_fault")
    ]
    d1 = rng.choice(flown)
    d2, d3 = rng.sample(serviced, 2)
    m1, m2 = rng.sample(ix.of("mission"), 2)
    m4 = rng.choice(faulty_missions)
    op2 = rng.choice(ix.of("operator"))
    based = {o2 for o in ix.of("operator") for o2 in ix.fwd([o], "based_at")}
    d4 = _pick(rng, ix.of("drone"), lambda d: ix.fwd([d], "located_at")[0] in based)
    return [
        (f"Which operators flew missions with the drone {ix.name(d1)}?",
         ix.labels(ix.fwd(ix.back([d1], "assigned_to"), "operated_by"))),
        (f"Where is the drone assigned to {ix.name(m1)} located?",
         ix.labels(ix.fwd(ix.fwd([m1], "assigned_to"), "located_at"))),
        (f"What sensors are on the drone used in {ix.name(m2)}?",
         ix.labels(ix.fwd(ix.fwd([m2], "assigned_to"), "has_sensor"))),
        (f"Which operators are based at the site where the drone {ix.name(d4)} is located?",
         ix.labels(ix.back(ix.fwd([d4], "located_at"), "based_at"))),
        (f"Who manufactures the drone {ix.name(d3)}?",
         ix.lits(ix.fwd([d3], "has_model"), "manufacturer")),
        (f"Which drones did {ix.name(op2)} fly?",
         ix.labels(ix.fwd(ix.back([op2], "operated_by"), "assigned_to"))),
        (f"What faults has the drone assigned to {ix.name(m4)} had?",
         ix.labels(ix.fwd(ix.fwd([m4], "assigned_to"), "had_fault"))),
        (f"Who serviced the drone {ix.name(d2)}?",
         ix.labels(ix.fwd(ix.back([d2], "serviced"), "performed_by"))),
    ]  # fmt: skip


def hop3(ix: Index, rng: random.Random) -> list[Asked]:
    def flew(op: str) -> list[str]:
        return ix.fwd(ix.back([op], "operated_by"), "assigned_to")

    def drone_of(m: str) -> list[str]:
        return ix.fwd([m], "assigned_to")

    ops = [o for o in ix.of("operator") if 0 < len(flew(o)) <= 20]
    techs = [o for o in ix.of("operator") if 0 < len(ix.back([o], "performed_by")) <= 25]
    looked_after = [m for m in ix.of("mission") if ix.back(drone_of(m), "serviced")]
    faulty = [m for m in ix.of("mission") if ix.fwd(drone_of(m), "had_fault")]
    op1, op2, op3 = rng.sample(ops, 3)
    tech = rng.choice(techs)
    m1, m2 = rng.sample(looked_after, 2)
    m3 = rng.choice(faulty)
    m4 = rng.choice(ix.of("mission"))
    return [
        (f"Which sites host the drones that {ix.name(op1)} flew?",
         ix.labels(ix.fwd(flew(op1), "located_at"))),
        (f"What models are the drones flown by {ix.name(op2)}?",
         ix.labels(ix.fwd(flew(op2), "has_model"))),
        (f"Who serviced the drone used in {ix.name(m1)}?",
         ix.labels(ix.fwd(ix.back(drone_of(m1), "serviced"), "performed_by"))),
        (f"What maintenance work was done on the drone assigned to {ix.name(m2)}?",
         ix.lits(ix.back(drone_of(m2), "serviced"), "work_done")),
        (f"Where are the drones that {ix.name(tech)} serviced located?",
         ix.labels(ix.fwd(ix.fwd(ix.back([tech], "performed_by"), "serviced"), "located_at"))),
        (f"What fault codes were reported for the drone used in {ix.name(m3)}?",
         ix.lits(ix.fwd(drone_of(m3), "had_fault"), "fault_code")),
        (f"Which types of sensors are on the drones {ix.name(op3)} flew?",
         ix.lits(ix.fwd(flew(op3), "has_sensor"), "sensor_type")),
        (f"In which region is the site where the drone used in {ix.name(m4)} is located?",
         ix.lits(ix.fwd(drone_of(m4), "located_at"), "region")),
    ]  # fmt: skip


def temporal(ix: Index, rng: random.Random) -> list[Asked]:
    events = ix.of("maintenance")

    def when(ev: str) -> str:
        return ix.one(ev, "serviced_on")

    serviced = [d for d in ix.of("drone") if len(ix.back([d], "serviced")) >= 2]
    d1, d2, d3 = rng.sample(serviced, 3)
    start = when(rng.choice(events))
    window = sorted({when(e) for e in events if when(e) >= start})[:3]
    in_window = [e for e in events if window[0] <= when(e) <= window[-1]]
    faults = ix.of("fault")
    fault_day = ix.one(rng.choice(faults), "reported_on")
    mission = rng.choice(ix.of("mission"))
    start_day = ix.one(rng.choice(ix.of("mission")), "started_on")
    month = when(rng.choice(ix.back([d3], "serviced")))[:7]
    return [
        (f"When was {ix.name(d1)} last serviced?",
         [max(when(e) for e in ix.back([d1], "serviced"))]),
        (f"When was the first maintenance of {ix.name(d2)}?",
         [min(when(e) for e in ix.back([d2], "serviced"))]),
        (f"Which drones were serviced between {window[0]} and {window[-1]}?",
         ix.labels(ix.fwd(in_window, "serviced"))),
        (f"Which drones had a fault reported on {fault_day}?",
         ix.labels(ix.back([f for f in faults if ix.one(f, "reported_on") == fault_day],
                           "had_fault"))),
        (f"When did {ix.name(mission)} start?", ix.lits([mission], "started_on")),
        (f"Which missions started on {start_day}?",
         ix.labels([m for m in ix.of("mission") if ix.one(m, "started_on") == start_day])),
        (f"What maintenance work was done on {ix.name(d3)} in {month}?",
         ix.lits([e for e in ix.back([d3], "serviced") if when(e).startswith(month)],
                 "work_done")),
        (f"Which maintenance events happened on {window[0]}?",
         ix.labels([e for e in events if when(e) == window[0]])),
    ]  # fmt: skip


def _versus(
    ix: Index, rng: random.Random, pool: list[str], key: Callable[[str], float], high: bool
) -> tuple[str, str, list[str]]:
    while True:
        a, b = rng.sample(pool, 2)
        if key(a) != key(b):
            win = max((a, b), key=key) if high else min((a, b), key=key)
            return ix.name(a), ix.name(b), [ix.name(win)]


def comparison(ix: Index, rng: random.Random) -> list[Asked]:
    drones, models, ops = ix.of("drone"), ix.of("model"), ix.of("operator")
    missions, sites = ix.of("mission"), ix.of("site")
    commissioned = {d: float(ix.one(d, "commissioned_on").replace("-", "")) for d in drones}
    started = {m: float(ix.one(m, "started_on").replace("-", "")) for m in missions}
    qs: list[Asked] = []
    a, b, w = _versus(ix, rng, drones, commissioned.__getitem__, high=False)
    qs.append((f"Which was commissioned earlier, {a} or {b}?", w))
    a, b, w = _versus(ix, rng, models, lambda m: float(ix.one(m, "max_flight_time_minutes")), True)
    qs.append((f"Which drone model has the longer maximum flight time, {a} or {b}?", w))
    a, b, w = _versus(ix, rng, drones, lambda d: len(ix.out[(d, "had_fault")]), True)
    qs.append((f"Which drone has had more faults, {a} or {b}?", w))
    a, b, w = _versus(ix, rng, models, lambda m: float(ix.one(m, "max_payload_kg")), True)
    qs.append((f"Which model can carry a heavier payload, {a} or {b}?", w))
    a, b, w = _versus(ix, rng, drones, lambda d: len(ix.inn[(d, "serviced")]), True)
    qs.append((f"Which drone has been serviced more often, {a} or {b}?", w))
    a, b, w = _versus(ix, rng, ops, lambda o: len(ix.inn[(o, "operated_by")]), True)
    qs.append((f"Who operated more missions, {a} or {b}?", w))
    a, b, w = _versus(ix, rng, sites, lambda s: len(ix.inn[(s, "located_at")]), True)
    qs.append((f"Which site has more drones located at it, {a} or {b}?", w))
    a, b, w = _versus(ix, rng, missions, started.__getitem__, high=False)
    qs.append((f"Which mission started first, {a} or {b}?", w))
    return qs


def no_answer(ix: Index, rng: random.Random) -> list[Asked]:
    drone = ix.name(rng.choice(ix.of("drone")))
    model = ix.name(rng.choice(ix.of("model")))
    op = ix.name(rng.choice(ix.of("operator")))
    asks = [
        "Where is the drone Albatross 7 located?",
        "Who operated Operation Velvet Thunder?",
        "Which sensors does the drone Phoenix 3 carry?",
        f"What is the paint color of {drone}?",
        "Which missions did Zara Whitfield fly?",
        "When was the drone Griffin 12 last serviced?",
        f"What is the top speed of the {model}?",
        f"Which drones are located at Lighthouse Point, where {op} trained?",
    ]
    names = {n.casefold() for n in ix.g.labels.values()}
    assert not {"albatross 7", "operation velvet thunder", "phoenix 3", "lighthouse point"} & names
    return [(q, []) for q in asks]


def questions(g: Facts, rng: random.Random) -> list[Question]:
    ix = Index(g)
    out: list[Question] = []
    for kind, build in (("1-hop", hop1), ("2-hop", hop2), ("3-hop", hop3),
                        ("temporal", temporal), ("comparison", comparison),
                        ("no-answer", no_answer)):  # fmt: skip
        for question, answers in build(ix, rng):
            if kind != "no-answer":
                assert answers, question
            out.append({"question": question, "answers": answers, "kind": kind})
    return out
