"""How plain names in delimited text become entity ids.

A :class:`NameMapping` says which type the subjects have, which relations point
at other entities (and their type), and the id template. Nothing here knows a
particular dataset: presets for known formats are YAML files in ``presets/``
(loaded by name), and any mapping can be loaded from a small JSON or YAML file::

    subject_type: book
    template: example.library.catalogue.books.{type}.{slug}
    relations: {authored_by: person, published_in: year}
    default_object_type: entity   # null: unmapped relations keep literal objects;
                                  # "derive": an entity typed after the relation

The default (``generic``) makes every plain name one entity of type ``entity``
whatever role it plays, so a name reached as someone's employer is the same node
that has a location and a walk crosses it. A mapping that types names is a
choice its author makes; the default never splits a name into several ids.
"""

from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from research_chain.errors import GraphError
from research_chain.graph.text import tokens
from research_chain.payloads.graph import ENTITY_ID_PATTERN

__all__ = [
    "DEFAULT_TEMPLATE",
    "DERIVE",
    "GENERIC",
    "GENERIC_TYPE",
    "PRESET_DIR",
    "NameMapping",
    "derive_type",
    "load_mapping",
    "preset_names",
    "slug",
]

DEFAULT_TEMPLATE = "local.kb.ingest.default.{type}.{slug}"
GENERIC_TYPE = "entity"
DERIVE = "derive"
_AFFIXES = re.compile(r"^(has|in|is|of)_|_(by|of|in|on|at|to)$")


def derive_type(relation: str) -> str:
    """An entity type named after a relation, for data that comes without a mapping."""
    stem = _AFFIXES.sub("", relation.casefold())
    cleaned = re.sub(r"[^a-z0-9_-]+", "_", stem).strip("_-")
    return cleaned or "entity"


_SLUG_MAX = 80
_UNSAFE = re.compile(r"[^a-z0-9-]")


def slug(name: str) -> str:
    """An id segment for a plain name: ascii words joined by ``-``, hashed when lossy.

    Names that fold to the same words (``Spider-Man`` / ``spider man``) share a
    slug on purpose; names with nothing ascii get a short hash so they still
    have a stable, distinct id.
    """
    words = "-".join(tokens(name))
    clean = _UNSAFE.sub("", words).strip("-")
    if clean == words and 0 < len(clean) <= _SLUG_MAX:
        return clean
    digest = hashlib.blake2b(name.encode(), digest_size=5).hexdigest()
    head = re.sub(r"-+", "-", clean)[: _SLUG_MAX - 12].strip("-")
    return f"{head}-{digest}" if head else f"x{digest}"


@functools.lru_cache(maxsize=1 << 18)
def _entity_id(template: str, type_: str, name: str) -> str:
    return template.format(type=type_, slug=slug(name))


@dataclass(frozen=True, slots=True)
class NameMapping:
    """Subject type, relation -> object type, and the id template."""

    template: str = DEFAULT_TEMPLATE
    subject_type: str = GENERIC_TYPE
    relations: dict[str, str] = field(default_factory=dict)
    default_object_type: str | None = None
    label_predicate: str = "name"

    def __post_init__(self) -> None:
        probe = self.template.format(type="t", slug="s")
        if not ENTITY_ID_PATTERN.match(probe):
            raise GraphError(
                f"id template {self.template!r} does not make a 6-part id "
                "(org.platform.domain.system.{type}.{slug})"
            )

    def entity_id(self, name: str, type_: str) -> str:
        return _entity_id(self.template, type_, name)

    def object_type(self, relation: str) -> str | None:
        """The type of the relation's objects, or None when objects stay literals.

        ``default_object_type: derive`` names the type after the relation
        (``has_colour`` -> ``colour``, ``authored_by`` -> ``authored``).
        """
        found = self.relations.get(relation, self.default_object_type)
        if found == DERIVE:
            return derive_type(relation)
        return found

    def with_template(self, template: str | None) -> NameMapping:
        if not template:
            return self
        return NameMapping(
            template, self.subject_type, self.relations, self.default_object_type,
            self.label_predicate,
        )  # fmt: skip


GENERIC = NameMapping(default_object_type=GENERIC_TYPE)
PRESET_DIR = Path(__file__).with_name("presets")


def preset_names() -> list[str]:
    """``generic`` and the presets shipped as data in ``presets/``."""
    return ["generic", *sorted(p.stem for p in PRESET_DIR.glob("*.yaml"))]


def load_mapping(spec: str | Path | None) -> NameMapping:
    """A preset by name, a JSON/YAML mapping file, or the generic default."""
    if spec is None or str(spec) in ("", "generic"):
        return GENERIC
    preset = PRESET_DIR / f"{spec}.yaml"
    path = preset if preset.is_file() and "/" not in str(spec) else Path(spec)
    try:
        data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise GraphError(f"mapping {spec}: {exc}") from exc
    if not isinstance(data, dict):
        raise GraphError(f"mapping {spec}: expected a mapping object")
    relations = data.get("relations") or {}
    if not isinstance(relations, dict):
        raise GraphError(f"mapping {spec}: 'relations' must map relation to type")
    return NameMapping(
        template=str(data.get("template", DEFAULT_TEMPLATE)),
        subject_type=str(data.get("subject_type", GENERIC_TYPE)),
        relations={str(k): str(v) for k, v in relations.items()},
        default_object_type=data.get("default_object_type"),
        label_predicate=str(data.get("label_predicate", "name")),
    )
