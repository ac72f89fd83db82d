"""Structured replies: the JSON Schema a model is asked for, and reading what it sent back.

The schema is generated from the reply model and tightened the way strict
structured output requires (every property required, no extra properties, no
defaults, no string lengths). Reading is tolerant of the ways models wrap JSON (a fenced block,
prose around an object) but never of what is inside it: the object must
validate against the reply model, and the error names the fields that broke,
so a retry can feed it back.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

import orjson
from pydantic import BaseModel, ValidationError

from research_chain.errors import ValidationFailed

__all__ = ["extract_json", "parse_reply", "strict_schema"]

M = TypeVar("M", bound=BaseModel)

_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)
# Not accepted in strict mode by every server; the reply model still checks them.
_DROPPED = frozenset({"default", "title", "minLength", "maxLength"})


def _tighten(node: Any) -> Any:
    if isinstance(node, list):
        return [_tighten(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _tighten(value) for key, value in node.items() if key not in _DROPPED}
    if out.get("type") == "object" and isinstance(out.get("properties"), dict):
        out["required"] = list(out["properties"])
        out["additionalProperties"] = False
    return out


def strict_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON Schema in the shape strict ``json_schema`` output accepts."""
    tightened: dict[str, Any] = _tighten(model.model_json_schema())
    return tightened


def extract_json(text: str) -> Any:
    """The JSON object in a reply: the whole text, a fenced block, or the first object
    embedded in prose. Raises :class:`ValidationFailed` when there is none."""
    stripped = text.strip()
    with_fences = [stripped, *(m.group(1).strip() for m in _FENCE.finditer(stripped))]
    for candidate in with_fences:
        try:
            return orjson.loads(candidate)
        except orjson.JSONDecodeError:
            continue
    decoder = json.JSONDecoder()
    for match in re.finditer(r"\{", stripped):
        try:
            found, _ = decoder.raw_decode(stripped, match.start())
        except ValueError:
            continue
        if isinstance(found, dict):
            return found
    raise ValidationFailed(f"reply is not JSON: {stripped[:80]!r}")


def _where(error: Any) -> str:
    return ".".join(str(part) for part in error["loc"]) or "reply"


def parse_reply(text: str, model: type[M]) -> M:
    """The reply as ``model``; :class:`ValidationFailed` lists what broke it, field by field."""
    found = extract_json(text)
    if not isinstance(found, dict):
        raise ValidationFailed("reply: expected one JSON object")
    try:
        return model.model_validate(found)
    except ValidationError as exc:
        errors = [f"{_where(e)}: {e['msg']}" for e in exc.errors(include_url=False)]
        raise ValidationFailed("; ".join(errors), errors=errors) from exc
