"""The numbered relation paths an LLM router chooses from.

Each choice is one seed reading and one relation path that exists from it in
the graph (the same candidates the heuristic router scores), numbered from 1 in
a deterministic order: seed readings as :func:`seed_options` orders them, each
one's paths best first. The model answers with a number; the decision's ids
and predicates are taken from the choice, so a model can neither invent an
entity nor spell a relation that is not there.
"""

from __future__ import annotations

from dataclasses import dataclass

from research_chain.judges.base import RouteRequest
from research_chain.judges.routing import SeedOption, seed_options
from research_chain.understanding.paths import PathChoice, infer_paths, path_to_wire

__all__ = ["MAX_CHOICES", "RouteChoice", "route_choices"]

MAX_CHOICES = 12
PATHS_PER_SEED = 3


@dataclass(frozen=True, slots=True)
class RouteChoice:
    index: int
    option: SeedOption
    path: PathChoice

    def args(self) -> dict[str, object]:
        """The walk's typed args: the seed as read, its type and the path's steps."""
        return {
            "seeds": [{"ref": self.option.ref, "ref_type": self.option.ref_type.value}],
            "seed_type": self.option.type,
            "path": path_to_wire(self.path.steps),
        }

    def render(self) -> str:
        """``seed (type) --p--> type <--q-- type``: directions as arrows, types between."""
        parts = [f"({self.option.type})"]
        types = self.path.types[1:] or (self.path.final_type,) * len(self.path.steps)
        for step, far in zip(self.path.steps, types, strict=False):
            arrow = (
                f"--{step.predicate}-->"
                if step.direction.value == "out"
                else (f"<--{step.predicate}--")
            )
            parts.append(f"{arrow} ({far})")
        return " ".join(parts)


def route_choices(request: RouteRequest) -> list[RouteChoice]:
    """Up to :data:`MAX_CHOICES` (seed reading, path) pairs, numbered from 1."""
    choices: list[RouteChoice] = []
    seen: set[tuple[tuple[str, ...], str]] = set()
    for option in seed_options(request):
        if (option.ids, option.type) in seen:
            continue
        seen.add((option.ids, option.type))
        tree = request.paths.get(option.ids, {})
        paths = infer_paths(request.analysis, option.type, tree, option.span)
        for path in paths[:PATHS_PER_SEED]:
            choices.append(RouteChoice(len(choices) + 1, option, path))
            if len(choices) == MAX_CHOICES:
                return choices
    return choices
