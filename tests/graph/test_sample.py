from __future__ import annotations

import orjson

from research_chain.bus import Bus
from research_chain.config import Settings
from research_chain.graph import Direction, Step, open_graph
from research_chain.graph.sample import load_sample, sample_questions_path
from research_chain.payloads import SeedRefType


async def test_sample_loads_once_and_answers_by_walking(bus: Bus, settings: Settings) -> None:
    written = await load_sample(bus, settings)
    assert written > 10_000
    assert await load_sample(bus, settings) == 0
    graph = await open_graph(bus, settings, timeout_s=30)
    try:
        assert graph.entity_types()["drone"] == 300 and len(graph) == 3380
        questions = [
            orjson.loads(line) for line in sample_questions_path().read_bytes().splitlines()
        ]
        assert len(questions) >= 40
        assert {q["kind"] for q in questions} == {
            "1-hop", "2-hop", "3-hop", "temporal", "comparison", "no-answer"
        }  # fmt: skip
        first = next(q for q in questions if q["question"].startswith("Which drone was assigned"))
        mission = first["question"].removeprefix("Which drone was assigned to ").rstrip("?")
        (seed,) = await graph.resolve_seed(mission, SeedRefType.NAME)
        hits = await graph.walk_path([seed], [Step("assigned_to")])
        assert [graph.label(h.entity_id) for h in hits] == first["answers"]
        two = next(q for q in questions if q["question"].startswith("Which operators flew"))
        drone = two["question"].rsplit(" ", 2)[-2] + " " + two["question"].rsplit(" ", 1)[-1]
        (seed,) = await graph.resolve_seed(drone.rstrip("?"), SeedRefType.NAME)
        steps = [Step("assigned_to", Direction.IN), Step("operated_by")]
        operators = {graph.label(h.entity_id) for h in await graph.walk_path([seed], steps)}
        assert sorted(operators) == two["answers"]
        text_hits = await graph.bm25("motor overheating fault", k=25)
        assert len(text_hits) == 25 and "motor overheating" in text_hits[0].snippet
    finally:
        await graph.close()
