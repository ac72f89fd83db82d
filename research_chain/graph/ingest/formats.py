"""Line parsers for the three file formats; each line is accepted or rejected on its own.

Parsers yield wire-shaped triple dicts (what :class:`~research_chain.payloads.Triple`
serialises to) so the hot path never builds a model per triple, plus the plain
names of entities a line introduces (they become ``name`` triples once).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson

from research_chain.errors import ValidationFailed
from research_chain.graph.ingest.mapping import NameMapping, slug
from research_chain.payloads import Triple
from research_chain.payloads.graph import ENTITY_ID_PATTERN

__all__ = [
    "FORMATS",
    "Parsed",
    "Rejected",
    "detect_format",
    "detect_separator",
    "parse_delimited",
    "parse_jsonl",
    "parse_ntriples",
    "triple_dict",
]

FORMATS = ("jsonl", "nt", "delimited")

WireTriple = dict[str, Any]


@dataclass(slots=True)
class Parsed:
    line: int
    triples: list[WireTriple]
    names: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Rejected:
    line: int
    reason: str


def triple_dict(
    subject: str,
    predicate: str,
    obj: str,
    entity: bool,
    source: str = "",
    timestamp: str = "",
    confidence: float = 1.0,
) -> WireTriple:
    """A triple in exactly the shape ``Triple.to_wire()`` gives (omitempty included)."""
    out: WireTriple = {
        "subject": subject,
        "predicate": predicate,
        "object": obj,
        "kind": "entity" if entity else "literal",
    }
    if source:
        out["source"] = source
    if timestamp:
        out["timestamp"] = timestamp
    out["confidence"] = int(confidence) if float(confidence).is_integer() else confidence
    return out


def detect_format(name: str) -> str:
    lowered = name.lower()
    if lowered.endswith((".jsonl", ".ndjson", ".json")):
        return "jsonl"
    if lowered.endswith(".nt"):
        return "nt"
    return "delimited"


def _content(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            yield number, line


def _quick(doc: Any) -> WireTriple | None:
    """The wire triple when ``doc`` is plainly valid; None sends it to full validation."""
    if not isinstance(doc, dict):
        return None
    subject, predicate, obj = doc.get("subject"), doc.get("predicate"), doc.get("object")
    kind = doc.get("kind", "literal")
    source, stamp = doc.get("source", ""), doc.get("timestamp", "")
    confidence = doc.get("confidence", 1)
    if not (
        isinstance(subject, str)
        and ENTITY_ID_PATTERN.match(subject)
        and isinstance(predicate, str)
        and predicate.strip()
        and isinstance(obj, str)
        and kind in ("literal", "entity")
        and (kind == "literal" or ENTITY_ID_PATTERN.match(obj))
        and isinstance(source, str)
        and isinstance(stamp, str)
        and type(confidence) in (int, float)
        and 0 <= confidence <= 1
    ):
        return None
    return triple_dict(subject, predicate, obj, kind == "entity", source, stamp, confidence)


def _slow(doc: Any) -> WireTriple:
    """Full model validation: the error names the field and the rule."""
    if not isinstance(doc, dict):
        raise ValidationFailed("triple: must be a JSON object")
    if doc.get("kind") == "entity" and not ENTITY_ID_PATTERN.match(str(doc.get("object", ""))):
        raise ValidationFailed(f"triple.object: {doc.get('object')!r} is not a 6-part entity id")
    return Triple.from_wire(doc).to_wire()


def parse_jsonl(lines: Iterable[str], source: str = "") -> Iterator[Parsed | Rejected]:
    """One wire :class:`Triple` object per line, validated field by field."""
    for number, line in _content(lines):
        try:
            doc = orjson.loads(line)
            wire = _quick(doc) or _slow(doc)
        except (orjson.JSONDecodeError, ValidationFailed) as exc:
            yield Rejected(number, str(exc))
            continue
        if source and not wire.get("source"):
            wire = triple_dict(
                wire["subject"], wire["predicate"], wire["object"], wire["kind"] == "entity",
                source, wire.get("timestamp", ""), wire["confidence"],
            )  # fmt: skip
        yield Parsed(number, [wire])


SEPARATORS = ("\t", "|", ",")


def detect_separator(line: str) -> str:
    """The first of tab, ``|`` and comma that cuts ``line`` into three fields (else the
    first present at all, so the rejection names it)."""
    present = [sep for sep in SEPARATORS if sep in line]
    return next((sep for sep in present if len(line.split(sep)) == 3), (present or ["|"])[0])


def parse_delimited(
    lines: Iterable[str], mapping: NameMapping, sep: str | None = None, source: str = ""
) -> Iterator[Parsed | Rejected]:
    """``subject<sep>predicate<sep>object`` with plain names; ids come from ``mapping``.

    Without ``sep`` the separator is read off the first content line.
    """
    for number, line in _content(lines):
        if sep is None:
            sep = detect_separator(line)
        parts = [p.strip() for p in line.split(sep)]
        if len(parts) != 3:
            yield Rejected(number, f"expected 3 fields separated by {sep!r}, got {len(parts)}")
            continue
        name, predicate, obj = parts
        if not (name and predicate and obj):
            empty = ("subject", "predicate", "object")[parts.index("")]
            yield Rejected(number, f"{empty}: empty")
            continue
        subject = mapping.entity_id(name, mapping.subject_type)
        names = [(subject, name)]
        obj_type = mapping.object_type(predicate)
        if obj_type is None:
            triple = triple_dict(subject, predicate, obj, False, source)
        else:
            target = mapping.entity_id(obj, obj_type)
            names.append((target, obj))
            triple = triple_dict(subject, predicate, target, True, source)
        yield Parsed(number, [triple], names)


_NT = re.compile(
    r"^(?P<s><[^>]*>|_:\S+)\s+(?P<p><[^>]*>)\s+"
    r'(?P<o><[^>]*>|_:\S+|"(?P<lit>(?:[^"\\]|\\.)*)"(?:@(?P<lang>[A-Za-z0-9-]+)|\^\^<(?P<dt>[^>]*)>)?)'
    r"\s*\.\s*$"
)
_ESCAPE = re.compile(r"\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)")
_SIMPLE = {"t": "\t", "n": "\n", "r": "\r", "b": "\b", "f": "\f", '"': '"', "'": "'", "\\": "\\"}
_TIME_TYPES = ("#dateTime", "#date", "#dateTimeStamp")


def _unescape(text: str) -> str:
    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        if code[0] in "uU" and len(code) > 1:
            return chr(int(code[1:], 16))
        return _SIMPLE.get(code, code)

    return _ESCAPE.sub(one, text) if "\\" in text else text


def _node_id(term: str, mapping: NameMapping) -> tuple[str, str]:
    """(entity id, plain name) for an IRI or blank node."""
    raw = term[2:] if term.startswith("_:") else term[1:-1]
    tail = re.split(r"[#/]", raw.rstrip("/#"))[-1] or raw
    if ENTITY_ID_PATTERN.match(tail):
        return tail, tail.rsplit(".", 1)[1]
    name = tail.replace("_", " ")
    return mapping.template.format(type=mapping.subject_type, slug=slug(tail)), name


def parse_ntriples(
    lines: Iterable[str], mapping: NameMapping, source: str = ""
) -> Iterator[Parsed | Rejected]:
    """N-Triples: IRIs become ids (an IRI ending in a 6-part id keeps it), predicates
    their local name; ``xsd:date``/``dateTime`` literals also stamp the triple's time."""
    for number, line in _content(lines):
        m = _NT.match(line)
        if m is None:
            yield Rejected(number, "not an N-Triples statement '<s> <p> <o> .'")
            continue
        subject, subject_name = _node_id(m["s"], mapping)
        predicate = re.split(r"[#/]", m["p"][1:-1].rstrip("/#"))[-1]
        if not predicate:
            yield Rejected(number, "predicate: empty IRI")
            continue
        names = [(subject, subject_name)]
        if m["lit"] is not None:
            value = _unescape(m["lit"])
            stamp = value if (m["dt"] or "").endswith(_TIME_TYPES) else ""
            triple = triple_dict(subject, predicate, value, False, source, stamp)
        else:
            target, target_name = _node_id(m["o"], mapping)
            names.append((target, target_name))
            triple = triple_dict(subject, predicate, target, True, source)
        yield Parsed(number, [triple], names)
