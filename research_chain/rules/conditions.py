"""CEL ``when`` conditions: compiled once, checked against the fields they may read.

The CEL library reports an unknown field only when evaluation reaches it, so a
typo in a rarely taken branch would surface in production. The loader instead
reads every ``payload.x`` / ``state.x`` / ``intent.x`` / ``limits.x`` path out of
the source and checks its first field against the models before anything runs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

import cel
from pydantic import BaseModel

from research_chain.errors import RuleViolation

__all__ = ["Condition", "compile_condition", "view"]

VARIABLES = ("payload", "state", "intent", "limits")
_PATH = re.compile(r"(?<![\w.])(payload|state|intent|limits)\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)")


@dataclass(frozen=True, slots=True)
class Condition:
    source: str
    program: Any
    # Per variable, the fields the expression reads (None: the whole value). Only
    # those are converted for CEL: a payload's evidence list never is.
    reads: Mapping[str, frozenset[str] | None]

    def holds(self, variables: Mapping[str, Any]) -> bool:
        """Evaluate; anything but a boolean ``true`` is false, errors name the expression.

        Values may be models or mappings; a model is viewed field by field, on demand.
        """
        try:
            scoped = {var: _scoped(variables[var], f) for var, f in self.reads.items()}
            result = self.program.execute(scoped)
        except (KeyError, AttributeError, RuntimeError, ValueError, TypeError) as exc:
            raise RuleViolation(f"when {self.source!r}: {type(exc).__name__}: {exc}") from exc
        return result is True


def _scoped(value: Any, fields: frozenset[str] | None) -> Any:
    if fields is None:
        return view(value)
    if isinstance(value, BaseModel):
        return {name: view(getattr(value, name)) for name in fields}
    if isinstance(value, Mapping):
        return {name: view(value[name]) for name in fields if name in value}
    return view(value)


def _reads(source: str, variables: list[str]) -> dict[str, frozenset[str] | None]:
    paths = _PATH.findall(source)
    reads: dict[str, frozenset[str] | None] = {}
    for var in variables:
        whole = re.search(rf"(?<![\w.]){var}\b(?!\s*\.)", source)
        reads[var] = None if whole else frozenset(name for v, name in paths if v == var)
    return reads


def compile_condition(source: str, fields: Mapping[str, frozenset[str]]) -> Condition:
    """Compile and check one expression; ``fields`` maps each variable to its field names."""
    try:
        program = cel.compile(source)
    except (ValueError, RuntimeError) as exc:
        first = str(exc).splitlines()[0]
        raise RuleViolation(f"CEL does not compile: {first}") from exc
    unknown = sorted(set(program.variables()) - set(VARIABLES))
    if unknown:
        raise RuleViolation(
            f"CEL {source!r} reads unknown variable(s) {', '.join(unknown)} "
            f"(available: {', '.join(VARIABLES)})"
        )
    for var, name in _PATH.findall(source):
        known = fields.get(var, frozenset())
        if name not in known:
            raise RuleViolation(
                f"CEL {source!r}: {var}.{name} is not a field "
                f"(known: {', '.join(sorted(known)) or 'none'})"
            )
    return Condition(source, program, _reads(source, sorted(program.variables())))


def view(value: Any) -> Any:
    """Plain CEL values of a model: every field present (no omitempty), enums as strings."""
    if isinstance(value, BaseModel):
        return {name: view(getattr(value, name)) for name in type(value).model_fields}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): view(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [view(v) for v in value]
    return value
