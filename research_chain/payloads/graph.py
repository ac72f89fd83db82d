"""Graph payloads: triples, entity states and the write requests of the ingest API."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Any

from pydantic import Field, Strict, field_validator

from research_chain.payloads.wire import WireModel

__all__ = [
    "ENTITY_ID_PATTERN",
    "EntityState",
    "GraphWrite",
    "GraphWriteOp",
    "GraphWriteReply",
    "ObjectKind",
    "Triple",
    "entity_type",
    "validate_entity_id",
]

GRAPH_DOMAIN = "graph"

# org.platform.domain.system.type.instance; every part a safe subject token.
ENTITY_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){5}$")


def validate_entity_id(value: str) -> str:
    if not ENTITY_ID_PATTERN.match(value):
        raise ValueError(
            f"{value!r} is not a 6-part entity id org.platform.domain.system.type.instance "
            "(letters, digits, '_' and '-' only)"
        )
    return value


def entity_type(entity_id: str) -> str:
    """The type segment (fifth part) of a 6-part entity id."""
    return entity_id.split(".")[4]


class ObjectKind(StrEnum):
    LITERAL = "literal"
    ENTITY = "entity"


class Triple(WireModel):
    """subject --predicate--> object, with where it came from and how sure it is."""

    __label__ = "triple"
    __omitempty__ = frozenset({"source", "timestamp"})

    subject: str
    predicate: str
    object: str
    kind: Annotated[ObjectKind, Strict(False)] = ObjectKind.LITERAL
    source: str = ""
    timestamp: str = ""
    confidence: Annotated[float, Field(ge=0.0, le=1.0)] = 1.0

    _subject = field_validator("subject")(validate_entity_id)

    @field_validator("predicate")
    @classmethod
    def _predicate(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be blank")
        return value

    @field_validator("object")
    @classmethod
    def _object(cls, value: str, info: Any) -> str:
        if info.data.get("kind") is ObjectKind.ENTITY:  # pragma: no cover - order guard
            validate_entity_id(value)
        return value

    def model_post_init(self, __context: Any) -> None:
        if self.kind is ObjectKind.ENTITY:
            validate_entity_id(self.object)

    def identity(self) -> tuple[str, str, str]:
        """What makes two triples the same fact (source and time are metadata)."""
        return (self.subject, self.predicate, self.object)


class EntityState(WireModel):
    """An entity as stored in ``ENTITY_STATES``: its id, type, names and triples."""

    __label__ = "entity_state"
    __omitempty__ = frozenset({"label", "aliases", "triples", "updated_at"})

    id: str
    type: str
    label: str = ""
    aliases: list[str] = Field(default_factory=list)
    triples: list[Triple] = Field(default_factory=list)
    updated_at: str = ""

    _id = field_validator("id")(validate_entity_id)


class GraphWriteOp(StrEnum):
    ADD = "add"
    ADD_BATCH = "add_batch"
    CREATE = "create"
    REMOVE = "remove"


class GraphWrite(WireModel):
    """A write request on the ingest subject; a batch is all-or-nothing."""

    __label__ = "graph_write"

    op: Annotated[GraphWriteOp, Strict(False)]
    triples: list[Triple]

    @field_validator("triples")
    @classmethod
    def _non_empty(cls, value: list[Triple]) -> list[Triple]:
        if not value:
            raise ValueError("must not be empty")
        return value


class GraphWriteReply(WireModel):
    """The outcome the writer learns: ok, or the bad triple and field."""

    __label__ = "graph_write_reply"
    __omitempty__ = frozenset({"error", "written", "entities"})

    ok: bool
    written: int = 0
    entities: list[str] = Field(default_factory=list)
    error: str = ""
