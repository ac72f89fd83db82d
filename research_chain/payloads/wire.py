"""The wire discipline shared by every payload model.

The Go reference system encodes with ``encoding/json``: struct fields in
declaration order, ``omitempty`` fields dropped when zero, map keys sorted,
whole floats printed without a fraction and ``<``, ``>``, ``&`` escaped. We
produce the same bytes so either side can decode the other's payloads and a
round trip through us is byte-stable.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from types import UnionType
from typing import Any, ClassVar, Self, Union, get_args, get_origin

import orjson
from pydantic import BaseModel, ConfigDict, ValidationError, model_serializer
from pydantic_core import ErrorDetails

from research_chain.errors import ValidationFailed

__all__ = ["WireModel", "dumps", "format_errors", "go_json", "translate_validation"]

_GO_ESCAPES = (
    (b"<", b"\\u003c"),
    (b">", b"\\u003e"),
    (b"&", b"\\u0026"),
    ("\u2028".encode(), b"\\u2028"),
    ("\u2029".encode(), b"\\u2029"),
)


def _normalise(value: Any, *, sort: bool) -> Any:
    """Whole floats become ints (Go prints ``1`` for 1.0); maps sorted when asked.

    Values come from ``model_dump(mode="json")``, so exact type checks suffice, and
    strings (most leaves) are passed over without a call."""
    kind = type(value)
    if kind is float:
        if math.isfinite(value) and value.is_integer() and abs(value) < 1e21:
            return int(value)
        return value
    if kind is dict:
        items = sorted(value.items()) if sort else value.items()
        return {k: v if type(v) is str else _normalise(v, sort=sort) for k, v in items}
    if kind is list:
        return [v if type(v) is str else _normalise(v, sort=sort) for v in value]
    return value


def go_json(data: Any) -> bytes:
    """Encode plain data the way Go's ``json.Marshal`` would."""
    raw = orjson.dumps(data)
    for needle, escaped in _GO_ESCAPES:
        if needle in raw:
            raw = raw.replace(needle, escaped)
    return raw


def dumps(data: Any) -> bytes:
    """Fast orjson encoding for internal values (no Go compatibility needed)."""
    return orjson.dumps(data)


def _only_models(annotation: Any) -> bool:
    """``Evidence``, ``list[Evidence]``, ``Evidence | None``: values that went through
    their own model's serializer already and need no second normalising pass."""
    if isinstance(annotation, type):
        return issubclass(annotation, WireModel)
    args = [a for a in get_args(annotation) if a is not type(None)]
    origin = get_origin(annotation)
    if origin in (list, tuple, Union, UnionType) and args:
        return all(a is not Ellipsis and _only_models(a) for a in args)
    return False


@cache
def _plan(model: type[WireModel]) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """A model's omitempty names, names holding models only, and Go map names."""
    nested = frozenset(
        info.alias or name
        for name, info in model.model_fields.items()
        if _only_models(info.annotation)
    )
    return model.__omitempty__, nested, model.__maps__


def _is_empty(value: Any) -> bool:
    return value is None or value is False or value == 0 or value == "" or value in ([], {})


class WireModel(BaseModel):
    """Base of every wire payload: strict input, Go-shaped output.

    ``__omitempty__`` lists JSON names the seed marks ``omitempty``;
    ``__maps__`` lists JSON names that are Go maps (keys sorted on output).
    ``__label__`` prefixes error messages ("intent.topic: ...").
    """

    model_config = ConfigDict(
        strict=True,
        extra="ignore",
        populate_by_name=True,
        frozen=False,
        validate_default=False,
    )

    __omitempty__: ClassVar[frozenset[str]] = frozenset()
    __maps__: ClassVar[frozenset[str]] = frozenset()
    __label__: ClassVar[str] = ""

    @model_serializer(mode="wrap")
    def _wire(self, handler: Any) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        out: dict[str, Any] = {}
        omitempty, nested, maps = _plan(type(self))
        for key, value in data.items():
            if value is None or (key in omitempty and _is_empty(value)):
                continue
            kind = type(value)
            if kind is str or kind is int or kind is bool or key in nested:
                out[key] = value
            else:
                out[key] = _normalise(value, sort=key in maps)
        return out

    def to_wire(self) -> dict[str, Any]:
        """The JSON-ready dict, exactly as it goes on the wire."""
        return self.model_dump(mode="json", by_alias=True)

    def to_json(self) -> bytes:
        """The payload's bytes, identical to what the Go system would send."""
        return go_json(self.to_wire())

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> Self:
        """Validate a decoded JSON object; errors name the field and the rule."""
        with translate_validation(cls.__label__ or cls.__name__):
            return cls.model_validate(data)

    @classmethod
    def from_json(cls, raw: bytes | str) -> Self:
        """Decode JSON bytes into this model; errors name the field and the rule."""
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise ValidationFailed(f"{cls.__label__}: invalid JSON: {exc}") from exc
        if not isinstance(data, dict):
            raise ValidationFailed(f"{cls.__label__}: must be a JSON object")
        return cls.from_wire(data)


_RULES: dict[str, str] = {
    "missing": "is required",
    "string_type": "must be a string",
    "int_type": "must be an integer",
    "float_type": "must be a number",
    "bool_type": "must be a boolean",
    "dict_type": "must be an object",
    "list_type": "must be an array",
    "model_type": "must be an object",
    "model_attributes_type": "must be an object",
    "greater_than_equal": "must be >= {ge}",
    "less_than_equal": "must be <= {le}",
}


def _loc(prefix: str, loc: tuple[int | str, ...]) -> str:
    path = prefix
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        elif part.startswith("function-") or part in ("str", "int", "float"):
            continue
        else:
            path += f".{part}" if path else str(part)
    return path


def _rule(err: ErrorDetails) -> str:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind == "enum":
        return f"must be one of {ctx.get('expected', '')}, got {err['input']!r}"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', '')}, got {err['input']!r}"
    template = _RULES.get(kind)
    if template is not None:
        return template.format(**ctx)
    return err["msg"][:1].lower() + err["msg"][1:]


def format_errors(prefix: str, exc: ValidationError) -> list[str]:
    """One line per failure: ``<prefix>.<field path>: <rule>``."""
    return [f"{_loc(prefix, err['loc'])}: {_rule(err)}" for err in exc.errors()]


@contextmanager
def translate_validation(prefix: str) -> Iterator[None]:
    """The pydantic seam: re-raise validation failures as :class:`ValidationFailed`."""
    try:
        yield
    except ValidationError as exc:
        errors = format_errors(prefix, exc)
        raise ValidationFailed("; ".join(errors), errors=errors) from exc
