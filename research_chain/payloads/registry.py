"""The payload registry and the one envelope every message and KV value wears.

An envelope is ``{"id", "type": {"domain", "category", "version"}, "payload",
"created_at"}``. The type triple selects the model; :meth:`Registry.decode` is
the single place bytes become typed payloads, and every failure comes out as
:class:`~research_chain.errors.DecodeError` naming what was wrong.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, Generic, NamedTuple, TypeVar

import orjson

from research_chain.errors import DecodeError, RegistryError, ValidationFailed
from research_chain.payloads.wire import WireModel, go_json

__all__ = ["Envelope", "PayloadType", "Registry", "default_registry", "now_rfc3339"]

P = TypeVar("P", bound=WireModel)


class PayloadType(NamedTuple):
    domain: str
    category: str
    version: str

    @property
    def key(self) -> str:
        return f"{self.domain}.{self.category}.{self.version}"

    @classmethod
    def parse(cls, key: str) -> PayloadType:
        parts = key.split(".")
        if len(parts) != 3 or not all(parts):
            raise RegistryError(f"payload type {key!r}: expected domain.category.version")
        return cls(*parts)


def now_rfc3339() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


@dataclass(frozen=True, slots=True)
class Envelope(Generic[P]):
    """A typed payload with its identity; what goes on the wire and into KV."""

    type: PayloadType
    payload: P
    id: str = field(default_factory=lambda: str(uuid.uuid4()))
    created_at: str = field(default_factory=now_rfc3339)

    def to_wire(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": {
                "domain": self.type.domain,
                "category": self.type.category,
                "version": self.type.version,
            },
            "payload": self.payload.to_wire(),
            "created_at": self.created_at,
        }

    def encode(self) -> bytes:
        return go_json(self.to_wire())


class Registry:
    """Maps ``(domain, category, version)`` to a payload model, one model per type."""

    def __init__(self, entries: Iterable[tuple[PayloadType, type[WireModel]]] = ()) -> None:
        self._by_type: dict[PayloadType, type[WireModel]] = {}
        self._by_model: dict[type[WireModel], PayloadType] = {}
        for ptype, model in entries:
            self.register(ptype, model)

    def register(self, ptype: PayloadType, model: type[WireModel]) -> None:
        if ptype in self._by_type:
            raise RegistryError(
                f"payload type {ptype.key} already registered to "
                f"{self._by_type[ptype].__name__}; refusing {model.__name__}"
            )
        if model in self._by_model:
            raise RegistryError(
                f"model {model.__name__} already registered as {self._by_model[model].key}"
            )
        self._by_type[ptype] = model
        self._by_model[model] = ptype

    def __iter__(self) -> Iterator[tuple[PayloadType, type[WireModel]]]:
        return iter(sorted(self._by_type.items(), key=lambda item: item[0].key))

    def __contains__(self, ptype: object) -> bool:
        return ptype in self._by_type

    def model_for(self, ptype: PayloadType) -> type[WireModel]:
        try:
            return self._by_type[ptype]
        except KeyError:
            raise DecodeError(f"envelope.type: unknown payload type {ptype.key!r}") from None

    def type_of(self, model: type[WireModel]) -> PayloadType:
        try:
            return self._by_model[model]
        except KeyError:
            raise RegistryError(f"model {model.__name__} is not registered") from None

    def wrap(self, payload: P, *, id: str | None = None) -> Envelope[P]:
        """Put a payload in a fresh envelope (``id`` for an idempotent one)."""
        ptype = self.type_of(type(payload))
        if id is None:
            return Envelope(ptype, payload)
        return Envelope(ptype, payload, id=id)

    def encode(self, payload: WireModel, *, id: str | None = None) -> bytes:
        return self.wrap(payload, id=id).encode()

    def decode(self, raw: bytes | str) -> Envelope[WireModel]:
        """Bytes to a typed envelope; every failure is a :class:`DecodeError`."""
        data = raw.encode() if isinstance(raw, str) else raw
        try:
            doc = orjson.loads(data)
        except orjson.JSONDecodeError as exc:
            raise DecodeError(f"envelope: invalid JSON: {exc}", raw=data) from exc
        if not isinstance(doc, dict):
            raise DecodeError("envelope: must be a JSON object", raw=data)
        ptype = self._envelope_type(doc, data)
        model = self._by_type.get(ptype)
        if model is None:
            raise DecodeError(f"envelope.type: unknown payload type {ptype.key!r}", raw=data)
        payload = doc.get("payload")
        if not isinstance(payload, dict):
            raise DecodeError(f"envelope.payload: must be a {ptype.key} object", raw=data)
        try:
            typed = model.from_wire(payload)
        except ValidationFailed as exc:
            raise DecodeError(str(exc), raw=data, errors=exc.errors) from exc
        env_id = doc.get("id")
        created = doc.get("created_at")
        if not isinstance(env_id, str) or not env_id:
            raise DecodeError("envelope.id: must be a non-empty string", raw=data)
        if not isinstance(created, str):
            raise DecodeError("envelope.created_at: must be a string", raw=data)
        return Envelope(ptype, typed, id=env_id, created_at=created)

    def decode_as(self, raw: bytes | str, model: type[P]) -> Envelope[P]:
        """Decode and insist on one model; a different type is a :class:`DecodeError`."""
        env = self.decode(raw)
        if not isinstance(env.payload, model):
            raise DecodeError(
                f"envelope.type: expected {self.type_of(model).key}, got {env.type.key}",
                raw=raw.encode() if isinstance(raw, str) else raw,
            )
        return env  # type: ignore[return-value]

    @staticmethod
    def _envelope_type(doc: dict[str, Any], raw: bytes) -> PayloadType:
        spec = doc.get("type")
        if not isinstance(spec, dict):
            raise DecodeError("envelope.type: must be an object", raw=raw)
        parts = []
        for name in ("domain", "category", "version"):
            value = spec.get(name)
            if not isinstance(value, str) or not value:
                raise DecodeError(f"envelope.type.{name}: must be a non-empty string", raw=raw)
            parts.append(value)
        return PayloadType(*parts)


@lru_cache(maxsize=1)
def default_registry() -> Registry:
    """Every payload type this package knows, registered once."""
    from research_chain.payloads import registered_types

    return Registry(registered_types())
