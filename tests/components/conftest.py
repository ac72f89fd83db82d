"""A small movie and fleet graph written through the real store, and stage contexts over it."""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from research_chain.bus import Bus
from research_chain.bus.names import Stage
from research_chain.components.base import LoopSnapshot, StageContext
from research_chain.config import Settings
from research_chain.graph import EmbeddedGraph
from research_chain.judges import HeuristicJudge
from research_chain.payloads import Intent, Triple
from tests.graph.conftest import lit, opened, rel

NS = "test.kb.films.demo"
FLEET = "test.kb.fleet.demo"


def mid(kind: str, slug: str, ns: str = NS) -> str:
    return f"{ns}.{kind}.{slug}"


HEAT, COLLATERAL, GODFATHER, TOPGUN = (
    mid("movie", s) for s in ("heat", "collateral", "the-godfather", "top-gun")
)
MANN, PACINO, DENIRO, CRUISE = (
    mid("person", s) for s in ("michael-mann", "al-pacino", "robert-de-niro", "tom-cruise")
)
COPPOLA, PUZO, SCOTT = (mid("person", s) for s in ("f-coppola", "mario-puzo", "tony-scott"))
CRIME, ACTION = mid("genre", "crime"), mid("genre", "action")
Y1995, Y2004, Y1972, Y1986 = (mid("year", y) for y in ("1995", "2004", "1972", "1986"))
WREN, KITE = mid("drone", "d1", FLEET), mid("drone", "d2", FLEET)
HARBOR = mid("site", "s1", FLEET)
FAULT1, FAULT2 = mid("fault", "f1", FLEET), mid("fault", "f2", FLEET)


def _names() -> list[Triple]:
    labels = {
        HEAT: "Heat", COLLATERAL: "Collateral", GODFATHER: "The Godfather", TOPGUN: "Top Gun",
        MANN: "Michael Mann", PACINO: "Al Pacino", DENIRO: "Robert De Niro",
        CRUISE: "Tom Cruise", COPPOLA: "Francis Ford Coppola", PUZO: "Mario Puzo",
        SCOTT: "Tony Scott", CRIME: "Crime", ACTION: "Action", Y1995: "1995", Y2004: "2004",
        Y1972: "1972", Y1986: "1986", WREN: "Wren 1", KITE: "Kite 2", HARBOR: "Harbor Yard",
        FAULT1: "Fault F-1 rotor crack", FAULT2: "Fault F-2 gps loss",
    }  # fmt: skip
    return [lit(entity, "name", label) for entity, label in labels.items()]


def movie_graph() -> list[Triple]:
    """Four films and a two-drone fleet: enough for every route and a few hops."""
    films = [
        rel(HEAT, "directed_by", MANN), rel(HEAT, "written_by", MANN),
        rel(HEAT, "starred_actors", PACINO), rel(HEAT, "starred_actors", DENIRO),
        rel(HEAT, "release_year", Y1995), rel(HEAT, "has_genre", CRIME),
        rel(COLLATERAL, "directed_by", MANN), rel(COLLATERAL, "starred_actors", CRUISE),
        rel(COLLATERAL, "release_year", Y2004), rel(COLLATERAL, "has_genre", CRIME),
        rel(GODFATHER, "directed_by", COPPOLA), rel(GODFATHER, "written_by", PUZO),
        rel(GODFATHER, "starred_actors", PACINO), rel(GODFATHER, "release_year", Y1972),
        rel(GODFATHER, "has_genre", CRIME),
        rel(TOPGUN, "directed_by", SCOTT), rel(TOPGUN, "starred_actors", CRUISE),
        rel(TOPGUN, "release_year", Y1986), rel(TOPGUN, "has_genre", ACTION),
    ]  # fmt: skip
    fleet = [
        rel(WREN, "located_at", HARBOR), lit(WREN, "battery_level", "87"),
        lit(KITE, "battery_level", "64"), rel(KITE, "located_at", HARBOR),
        rel(WREN, "had_fault", FAULT1, ts="2025-05-12T09:00:00Z"),
        rel(KITE, "had_fault", FAULT2, ts="2025-06-01T09:00:00Z"),
        rel(KITE, "had_fault", FAULT1, ts="2025-06-02T09:00:00Z"),
    ]  # fmt: skip
    return _names() + films + fleet


@pytest.fixture
async def graph(bus: Bus, settings: Settings) -> AsyncIterator[EmbeddedGraph]:
    """The test graph written through the store and read back through the KV watch."""
    async with opened(bus, settings, movie_graph()) as graph:
        yield graph


@pytest.fixture
async def hashed_graph(
    bus: Bus, settings: Settings, graph: EmbeddedGraph
) -> AsyncIterator[EmbeddedGraph]:
    """The same graph opened again with the embedding tier on (hashing vectors)."""
    async with opened(bus, settings.model_copy(update={"embedding_model": "hashing"})) as hashed:
        yield hashed


@dataclass
class Contexts:
    """Builds the context the runner would hand a stage (one per call)."""

    graph: EmbeddedGraph
    judge: Any = field(default_factory=HeuristicJudge)

    def make(self, stage: Stage, intent: Intent | str, **snapshot: Any) -> StageContext:
        if isinstance(intent, str):
            intent = Intent(topic=intent)
        return StageContext(
            loop_id=str(uuid.uuid4()),
            parent_loop_id="parent-test",
            stage=stage,
            attempt=1,
            round=snapshot.get("refine_rounds", 0),
            deadline=time.time() + 60,
            snapshot=LoopSnapshot(intent=intent, **snapshot),
            graph=self.graph,
            judge=self.judge,
        )


@pytest.fixture
def contexts(graph: EmbeddedGraph) -> Contexts:
    return Contexts(graph)
