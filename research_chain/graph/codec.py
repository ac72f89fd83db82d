"""Entity states as wire dicts: naming, merging and encoding without a model per triple.

The write API and bulk ingest both read an entity, merge triples into it and
write it back. Doing that on the wire dicts (already validated on the way in)
costs a fraction of rebuilding pydantic models, and produces exactly the bytes
``registry.encode(EntityState(...))`` would (a test holds the two together).
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Iterable
from typing import Any

import orjson

from research_chain.payloads import EntityState, default_registry
from research_chain.payloads.graph import entity_type
from research_chain.payloads.registry import now_rfc3339
from research_chain.payloads.wire import go_json

__all__ = [
    "ALIAS_PREDICATES",
    "LABEL_PREDICATES",
    "WireTriple",
    "decode_triples",
    "encode_state",
    "is_naming",
    "local_name",
    "merge_wire",
    "names_of",
    "remove_wire",
]

WireTriple = dict[str, Any]

# Naming predicates, by local name (an IRI's last segment), most preferred first.
LABEL_PREDICATES = ("label", "name", "preflabel", "title")
ALIAS_PREDICATES = ("alias", "aliases", "altlabel", "also_known_as", "nickname")


@functools.lru_cache(maxsize=4096)
def local_name(predicate: str) -> str:
    """``http://www.w3.org/2000/01/rdf-schema#label`` -> ``label``; ``rdfs:label`` -> ``label``."""
    for sep in ("#", "/", ":"):
        if sep in predicate:
            predicate = predicate.rsplit(sep, 1)[1]
    return predicate.casefold()


def is_naming(predicate: str) -> bool:
    """A label or alias predicate (its values are the entity's names)."""
    name = local_name(predicate)
    return name in LABEL_PREDICATES or name in ALIAS_PREDICATES


def names_of(triples: Iterable[WireTriple]) -> tuple[str, list[str]]:
    """Label and aliases from the naming predicates (literal objects only).

    The label is the first ``label``, else ``name``, else ``title`` value; every
    other naming value and every ``alias`` becomes an alias.
    """
    ranked: dict[int, list[str]] = {}
    aliases: list[str] = []
    for t in triples:
        if t["kind"] != "literal" or not t["object"].strip():
            continue
        name = local_name(t["predicate"])
        if name in LABEL_PREDICATES:
            ranked.setdefault(LABEL_PREDICATES.index(name), []).append(t["object"])
        elif name in ALIAS_PREDICATES:
            aliases.append(t["object"])
    ordered = [v for rank in sorted(ranked) for v in ranked[rank]]
    label = ordered[0] if ordered else ""
    return label, [a for a in dict.fromkeys([*ordered[1:], *aliases]) if a != label]


@functools.lru_cache(maxsize=1)
def _state_type() -> tuple[str, str, str]:
    domain, category, version = default_registry().type_of(EntityState)
    return domain, category, version


def encode_state(
    entity_id: str, triples: list[WireTriple], now: str | None = None, envelope_id: str = ""
) -> bytes:
    """The envelope of the entity's state, label and aliases derived from its triples."""
    label, aliases = names_of(triples)
    payload: dict[str, Any] = {"id": entity_id, "type": entity_type(entity_id)}
    if label:
        payload["label"] = label
    if aliases:
        payload["aliases"] = aliases
    if triples:
        payload["triples"] = triples
    now = now or now_rfc3339()
    payload["updated_at"] = now
    domain, category, version = _state_type()
    envelope = {
        "id": envelope_id or str(uuid.uuid4()),
        "type": {"domain": domain, "category": category, "version": version},
        "payload": payload,
        "created_at": now,
    }
    return go_json(envelope)


def decode_triples(value: bytes | None) -> list[WireTriple]:
    """The triples of a stored state (its envelope was validated when written)."""
    if not value:
        return []
    doc = orjson.loads(value)
    triples: list[WireTriple] = doc.get("payload", {}).get("triples", [])
    return triples


def _identity(t: WireTriple) -> tuple[str, str, str]:
    return t["subject"], t["predicate"], t["object"]


def merge_wire(
    current: list[WireTriple], new: Iterable[WireTriple]
) -> tuple[list[WireTriple], int]:
    """``current`` plus ``new``; a known fact takes the newer metadata.

    Returns the merged list and how many facts were new or changed.
    """
    index = {_identity(t): i for i, t in enumerate(current)}
    merged = list(current)
    changed = 0
    for t in new:
        at = index.get(_identity(t))
        if at is None:
            index[_identity(t)] = len(merged)
            merged.append(t)
            changed += 1
        elif merged[at] != t:
            merged[at] = t
            changed += 1
    return merged, changed


def remove_wire(
    current: list[WireTriple], drop: Iterable[WireTriple]
) -> tuple[list[WireTriple], int]:
    gone = {_identity(t) for t in drop}
    kept = [t for t in current if _identity(t) not in gone]
    return kept, len(current) - len(kept)
