"""``docs/configuration.md``, written from the settings model so it cannot drift.

Every field of :class:`~research_chain.config.Settings` is one row: its environment
variable, type, default, bounds and description (the field's docstring). Sections
start at the fields named in :data:`SECTIONS`; a new field joins the section of the
field before it. ``research-chain config --reference FILE --check`` and a test compare
the committed file with what this module writes.
"""

from __future__ import annotations

import types
import typing
from pathlib import Path
from typing import Any

import annotated_types
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from research_chain.config import Settings

__all__ = [
    "SECTIONS",
    "check_reference",
    "effective_settings",
    "render_reference",
    "write_reference",
]

# Settings printed as ``***`` by ``research-chain config`` (SecretStr ones are masked anyway).
SECRET_FIELDS = frozenset({"nats_password", "nats_token"})

# The first field of each section, in the model's order.
SECTIONS = {
    "nats_url": "Connection",
    "data_dir": "Embedded server",
    "loops_bucket": "Streams and buckets",
    "rules_dir": "Chain behaviour",
    "max_topic_chars": "Limits at the edge",
    "embedding_model": "Classifier",
    "llm_url": "LLM judges",
    "load_sample": "Sample graph, metrics and logs",
    "otlp_endpoint": "Tracing",
}

HEADER = """# Configuration reference

Generated from `research_chain/config.py` by
`research-chain config --reference docs/configuration.md`; do not edit by hand (a test
fails when this file and the settings model differ).

Every setting is an environment variable `RESEARCH_CHAIN_<NAME>`; command-line flags
(see each verb's `--help`) override the environment. Durations are seconds.
`research-chain config` prints the settings a process would run with."""


def _type_name(annotation: Any) -> str:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return " \\| ".join(_type_name(arg) for arg in typing.get_args(annotation))
    if origin is typing.Literal:
        return " \\| ".join(f"`{arg}`" for arg in typing.get_args(annotation))
    if origin is dict:
        return "JSON object"
    if annotation is type(None):
        return "unset"
    if getattr(annotation, "__name__", "") == "SecretStr":
        return "secret"
    return str(getattr(annotation, "__name__", annotation))


def _default(field: FieldInfo) -> str:
    if field.default_factory in (dict, list):
        return "`{}`" if field.default_factory is dict else "`[]`"
    if field.default_factory is not None:
        doc = (getattr(field.default_factory, "__doc__", "") or "").strip()
        return doc.splitlines()[0].rstrip(".").replace("``", "`") if doc else "computed"
    if field.default is PydanticUndefined or field.default is None:
        return "unset"
    if isinstance(field.default, bool):
        return f"`{str(field.default).lower()}`"
    return f"`{field.default}`"


def _bounds(field: FieldInfo) -> str:
    marks = {
        annotated_types.Gt: ("> ", "gt"),
        annotated_types.Ge: ("≥ ", "ge"),
        annotated_types.Lt: ("< ", "lt"),
        annotated_types.Le: ("≤ ", "le"),
    }
    out = []
    for meta in field.metadata:
        for kind, (sign, attr) in marks.items():
            if isinstance(meta, kind):
                out.append(f"{sign}{getattr(meta, attr)}")
    return ", ".join(out)


def render_reference() -> str:
    """The whole Markdown file."""
    prefix = str(Settings.model_config.get("env_prefix", ""))
    lines = [HEADER]
    for name, field in Settings.model_fields.items():
        if name in SECTIONS:
            lines += [
                f"\n## {SECTIONS[name]}\n",
                "| variable | type | default | bounds | what it sets |",
                "|---|---|---|---|---|",
            ]
        description = (field.description or "").replace("|", "\\|").replace("\n", " ")
        lines.append(
            f"| `{prefix}{name.upper()}` | {_type_name(field.annotation)} | {_default(field)} "
            f"| {_bounds(field)} | {description} |"
        )
    return "\n".join(lines) + "\n"


def effective_settings(settings: Settings) -> dict[str, Any]:
    """The settings as JSON-ready data, secrets masked."""
    data = settings.model_dump(mode="json")
    for name in SECRET_FIELDS:
        if data.get(name):
            data[name] = "**********"
    return data


def write_reference(path: Path) -> bool:
    """Write the reference; True when the file changed."""
    text = render_reference()
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def check_reference(path: Path) -> bool:
    """True when the committed file is what the model writes."""
    return path.is_file() and path.read_text(encoding="utf-8") == render_reference()
