"""JSON Schemas of the registered payloads, for the language-neutral contract in ``payloads/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from research_chain.payloads.registry import Registry

__all__ = ["render_schemas", "write_schemas"]


def render_schemas(registry: Registry) -> dict[str, bytes]:
    """File name to schema bytes, one per registered type (stable output for drift checks)."""
    files: dict[str, bytes] = {}
    for ptype, model in registry:
        schema: dict[str, Any] = model.model_json_schema(by_alias=True, mode="validation")
        schema = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"{ptype.key}.json",
            "x-payload-type": {
                "domain": ptype.domain,
                "category": ptype.category,
                "version": ptype.version,
            },
            **schema,
        }
        files[f"{ptype.key}.json"] = (
            orjson.dumps(schema, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n"
        )
    return files


def write_schemas(registry: Registry, out: Path, *, check: bool = False) -> list[str]:
    """Write (or with ``check`` compare) the schema files; returns the names that differ."""
    out.mkdir(parents=True, exist_ok=True)
    drift: list[str] = []
    for name, body in render_schemas(registry).items():
        path = out / name
        if path.exists() and path.read_bytes() == body:
            continue
        drift.append(name)
        if not check:
            path.write_bytes(body)
    return drift
