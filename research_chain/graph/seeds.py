"""Seed references (``name``, ``partial_id``, ``candidate_index``) to full entity ids."""

from __future__ import annotations

from collections.abc import Sequence

from research_chain.graph.memory import GraphMemory
from research_chain.graph.names import match_names
from research_chain.graph.text import matches_partial_id, normalise
from research_chain.payloads import Candidate, SeedRefType

__all__ = ["MAX_SEED_IDS", "resolve"]

MAX_SEED_IDS = 100


def _by_name(memory: GraphMemory, ref: str, candidates: Sequence[Candidate]) -> list[str]:
    ids = memory.lookup_name(ref)
    if ids:
        return list(ids)
    if ref in memory.nodes:
        return [ref]
    key = normalise(ref)
    named = [c.entity_id for c in candidates if c.label and normalise(c.label) == key]
    if named:
        return list(dict.fromkeys(named))
    # A name inside a longer phrase ("the drone Falcon 7"): the longest span wins.
    spotted = match_names(memory, ref)
    return list(spotted[0].entity_ids) if spotted else []


def _by_partial_id(memory: GraphMemory, ref: str, candidates: Sequence[Candidate]) -> list[str]:
    ref = ref.strip()
    if ref in memory.nodes:
        return [ref]
    among = [c.entity_id for c in candidates if matches_partial_id(ref, c.entity_id)]
    if among:
        return list(dict.fromkeys(among))[:MAX_SEED_IDS]
    found: list[str] = []
    for entity_id in memory.nodes:
        if matches_partial_id(ref, entity_id):
            found.append(entity_id)
            if len(found) >= MAX_SEED_IDS:
                break
    return found


def _by_index(ref: str, candidates: Sequence[Candidate]) -> list[str]:
    text = ref.strip().lstrip("#")
    if not text.isdigit():
        return []
    index = int(text)
    return [candidates[index].entity_id] if index < len(candidates) else []


def resolve(
    memory: GraphMemory, ref: str, ref_type: SeedRefType, candidates: Sequence[Candidate]
) -> list[str]:
    """Full ids for a seed reference; empty when it names nothing in the graph.

    ``candidate_index`` is 0-based into the classifier's candidate list.
    """
    if not ref.strip():
        return []
    kind = SeedRefType(ref_type)
    if kind is SeedRefType.NAME:
        return _by_name(memory, ref, candidates)
    if kind is SeedRefType.PARTIAL_ID:
        return _by_partial_id(memory, ref, candidates)
    return _by_index(ref, candidates)
