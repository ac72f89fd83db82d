"""Exactly once: replicas share durables, so no stage runs twice and every loop answers once."""

from __future__ import annotations

import asyncio
import uuid

from research_chain.bus import Bus, connect
from research_chain.bus.names import Stage
from research_chain.client import research
from research_chain.config import Settings
from research_chain.graph.writer import GraphWriter
from research_chain.runtime import start_chain
from tests.chain.helpers import results_stored
from tests.chain.standins import Recorder, standins

LOOPS = 200


async def test_two_engines_two_workers_per_stage_200_loops(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    other = await connect(settings)
    components = standins(recorder)
    chains = [
        await start_chain(bus, settings, components, workers_per_stage=2),
        await start_chain(other, settings, components, workers_per_stage=2),
    ]
    try:
        results = await asyncio.gather(
            *(
                research(
                    bus,
                    f"question {i}",
                    parent_loop_id=f"parent-{i}",
                    hints={"route": "walk_seeds"},
                    timeout=90,
                )
                for i in range(LOOPS)
            )
        )
    finally:
        for chain in chains:
            await chain.stop()
        await other.close()
    assert len(results) == LOOPS
    assert all(not r.degraded for r in results)
    assert sorted(r.synthesis for r in results) == sorted(
        f"answer about question {i}" for i in range(LOOPS)
    )
    assert recorder.duplicates() == {}
    assert len(recorder.inputs) == LOOPS
    assert all(len(stages) == 5 for stages in recorder.inputs.values())
    assert await results_stored(bus, settings.results_stream) == LOOPS


async def test_engine_restarted_mid_run_still_answers_every_loop_once(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    loops = 60
    workers = await start_chain(bus, settings, standins(recorder), run_engine=False)
    engine = await start_chain(bus, settings, None)
    ids = [str(uuid.uuid4()) for _ in range(loops)]
    pending = [
        asyncio.create_task(
            research(
                bus,
                f"q{i}",
                parent_loop_id=f"restart-{i}",
                loop_id=ids[i],
                hints={"route": "walk_seeds", "sufficient": "no"},
                max_iterations=2,
                timeout=90,
            )
        )
        for i in range(loops)
    ]
    try:
        while sum(recorder.runs.values()) < loops * 3:
            recorder.changed.clear()
            await asyncio.wait_for(recorder.changed.wait(), 30)
        await engine.stop()
        stalled = sum(recorder.runs.values())
        engine = await start_chain(bus, settings, None)
        results = await asyncio.gather(*pending)
    finally:
        await engine.stop()
        await workers.stop()
    assert stalled < loops * 9  # stopped before every stage of every loop had run
    assert all(not r.degraded for r in results)
    assert recorder.duplicates() == {}
    assert all(recorder.stages(i).count(Stage.EXECUTE_SUBQUERIES) == 3 for i in ids)
    assert await results_stored(bus, settings.results_stream) == loops


async def test_an_engine_that_crashes_mid_step_is_repaired_on_redelivery(
    bus: Bus, settings: Settings, writer: GraphWriter, recorder: Recorder
) -> None:
    """A crashed engine settles nothing: its in-flight triggers come back after ack_wait
    and the next engine finishes what was half done (state advanced, dispatch missing)."""
    loops = 40
    settings = settings.model_copy(update={"ack_wait_s": 1.0})
    workers = await start_chain(bus, settings, standins(recorder), run_engine=False)
    engine_bus = await connect(settings)
    engine = await start_chain(engine_bus, settings, None)
    ids = [str(uuid.uuid4()) for _ in range(loops)]
    pending = [
        asyncio.create_task(
            research(
                bus,
                f"q{i}",
                parent_loop_id=f"crash-{i}",
                loop_id=ids[i],
                hints={"route": "walk_seeds", "sufficient": "no"},
                max_iterations=2,
                timeout=90,
            )
        )
        for i in range(loops)
    ]
    try:
        while sum(recorder.runs.values()) < loops * 2:
            recorder.changed.clear()
            await asyncio.wait_for(recorder.changed.wait(), 30)
        await engine.abort()
        await engine_bus.nc.close()
        engine = await start_chain(bus, settings, None)
        results = await asyncio.gather(*pending)
    finally:
        await engine.stop()
        await workers.stop()
    assert all(not r.degraded for r in results)
    assert recorder.duplicates() == {}
    assert all(recorder.stages(i).count(Stage.EXECUTE_SUBQUERIES) == 3 for i in ids)
    assert await results_stored(bus, settings.results_stream) == loops
