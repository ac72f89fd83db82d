"""research-chain as one tool an agent's model can call: ``research_graph``.

The definition is a JSON Schema that strict tool calling on OpenAI-compatible servers
accepts (every property required, ``additionalProperties: false``, optional values as
``[type, "null"]`` unions, hints as a list of key/value pairs because strict mode allows
no free-form maps). A framework exposes research-chain in two lines::

    tools = [research_graph_tool()]
    messages.append(await execute_tool_call(client, tool_call))

The same definition and the same answer are what ``research-chain mcp`` serves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from research_chain.client import DEFAULT_TIMEOUT_S, ResearchClient
from research_chain.errors import ResearchChainError, ValidationFailed
from research_chain.payloads import SearchResult

__all__ = [
    "TOOL_NAME",
    "ResearchGraphArgs",
    "execute_tool_call",
    "parse_arguments",
    "research_graph_parameters",
    "research_graph_tool",
    "run_research_graph",
    "tool_answer",
]

TOOL_NAME = "research_graph"
TOOL_DESCRIPTION = (
    "Research a question against the knowledge graph: the graph is searched (multi-hop "
    "when needed) and the answer comes back with the entity ids it cites and the "
    "evidence behind it. Ask one self-contained question per call. When the graph does "
    "not hold the answer, the reply says so (degraded is true with a reason)."
)
# Sources in a tool answer: enough to check the cited ids, few enough for a context window.
MAX_SOURCES = 20


def research_graph_parameters() -> dict[str, Any]:
    """The JSON Schema of the tool's arguments (a fresh copy: callers may edit it)."""
    nullable_int = {"type": ["integer", "null"]}
    return {
        "type": "object",
        "properties": {
            "topic": {
                "type": "string",
                "description": "The question to research, in plain words.",
            },
            "hints": {
                "type": ["array", "null"],
                "description": "Optional key/value hints for the classifier, or null.",
                "items": {
                    "type": "object",
                    "properties": {"key": {"type": "string"}, "value": {"type": "string"}},
                    "required": ["key", "value"],
                    "additionalProperties": False,
                },
            },
            "budget_tokens": {
                **nullable_int,
                "description": "LLM token budget for this question (at least 1), or null "
                "for the chain's default.",
            },
            "max_iterations": {
                **nullable_int,
                "description": "Most refine rounds (at least 1), or null for the default.",
            },
        },
        "required": ["topic", "hints", "budget_tokens", "max_iterations"],
        "additionalProperties": False,
    }


def research_graph_tool() -> dict[str, Any]:
    """The tool definition in the chat-completions ``tools`` shape, strict mode on."""
    return {
        "type": "function",
        "function": {
            "name": TOOL_NAME,
            "description": TOOL_DESCRIPTION,
            "strict": True,
            "parameters": research_graph_parameters(),
        },
    }


class Hint(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str = Field(min_length=1)
    value: str


class ResearchGraphArgs(BaseModel):
    """The tool's arguments as the schema above allows them, with their bounds."""

    model_config = ConfigDict(extra="forbid")

    topic: str = Field(min_length=1)
    hints: list[Hint] | None = None
    budget_tokens: int | None = Field(default=None, ge=1)
    max_iterations: int | None = Field(default=None, ge=1)

    def hint_map(self) -> dict[str, str]:
        return {hint.key: hint.value for hint in self.hints or []}


def parse_arguments(arguments: str | bytes | Mapping[str, Any]) -> ResearchGraphArgs:
    """A tool call's arguments (the JSON text a model wrote, or a decoded mapping).

    Raises:
        ValidationFailed: not JSON, or not what the schema allows; names the field.
    """
    try:
        raw = orjson.loads(arguments) if isinstance(arguments, str | bytes) else dict(arguments)
        return ResearchGraphArgs.model_validate(raw)
    except orjson.JSONDecodeError as exc:
        raise ValidationFailed(f"{TOOL_NAME} arguments are not JSON: {exc}") from exc
    except ValidationError as exc:
        errors = [f"{'.'.join(map(str, e['loc'])) or '-'}: {e['msg']}" for e in exc.errors()]
        message = f"{TOOL_NAME} arguments: {'; '.join(errors)}"
        raise ValidationFailed(message, errors=errors) from exc


def tool_answer(result: SearchResult, loop_id: str) -> dict[str, Any]:
    """What the model reads back: the answer, the sources it can cite, and whether
    (and why) the chain could not answer."""
    return {
        "answer": result.synthesis,
        "sources": [
            {"id": item.entity_id, "text": item.snippet_text}
            for item in result.evidence[:MAX_SOURCES]
        ],
        "degraded": result.degraded,
        "degraded_reason": result.degraded_reason,
        "loop_id": loop_id,
    }


async def run_research_graph(
    client: ResearchClient,
    arguments: str | bytes | Mapping[str, Any],
    *,
    timeout_s: float = DEFAULT_TIMEOUT_S,
) -> dict[str, Any]:
    """Execute one ``research_graph`` call; a refusal or a timeout is an answer too
    (``{"error": ...}``), so the model can read it and decide what to do next."""
    try:
        args = parse_arguments(arguments)
        loop_id = await client.start(
            args.topic, args.hint_map(), args.budget_tokens, args.max_iterations
        )
        result = await client.result(loop_id, timeout=timeout_s)
    except ResearchChainError as exc:
        return {"error": type(exc).__name__, "message": str(exc)}
    return tool_answer(result, loop_id)


def _field(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, Mapping) else getattr(obj, name, None)


async def execute_tool_call(
    client: ResearchClient, call: Any, *, timeout_s: float = DEFAULT_TIMEOUT_S
) -> dict[str, str]:
    """Run a model's ``research_graph`` tool call and return the ``tool`` message that
    answers it. ``call`` is a chat-completions tool call, as a mapping or as an SDK
    object with the same fields (``id``, ``function.name``, ``function.arguments``).

    Raises:
        ValidationFailed: the call names another tool.
    """
    function = _field(call, "function")
    name = _field(function, "name") if function is not None else None
    if name != TOOL_NAME:
        raise ValidationFailed(f"tool call names {name!r}, not {TOOL_NAME!r}")
    content = await run_research_graph(
        client, _field(function, "arguments") or "{}", timeout_s=timeout_s
    )
    return {
        "role": "tool",
        "tool_call_id": str(_field(call, "id") or ""),
        "content": orjson.dumps(content).decode(),
    }
