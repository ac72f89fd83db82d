"""The ``research_graph`` tool: a definition strict tool calling accepts, and a call run
end to end through the real chain."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import httpx
import jsonschema
import orjson
import pytest

from research_chain.bus import Bus
from research_chain.client import ResearchClient
from research_chain.config import Settings
from research_chain.errors import ValidationFailed
from research_chain.runtime import Chain
from research_chain.tool import (
    TOOL_NAME,
    execute_tool_call,
    parse_arguments,
    research_graph_parameters,
    research_graph_tool,
)
from research_chain.understanding.evidence import answer_labels
from tests.fake_llm import FakeLLM, Step

# What strict mode on OpenAI-compatible servers allows in a schema (no defaults, no
# free-form maps, no bounds a grammar backend may not know).
STRICT_KEYWORDS = {
    "type", "properties", "required", "additionalProperties", "items", "description",
    "enum", "anyOf",
}  # fmt: skip


def _strict_problems(schema: dict[str, Any], path: str = "$") -> list[str]:
    problems = [f"{path}: {key}" for key in schema if key not in STRICT_KEYWORDS]
    types = schema.get("type")
    if types == "object" or (isinstance(types, list) and "object" in types):
        if schema.get("additionalProperties") is not False:
            problems.append(f"{path}: additionalProperties is not false")
        if set(schema.get("required", [])) != set(schema.get("properties", {})):
            problems.append(f"{path}: not every property is required")
    for name, sub in schema.get("properties", {}).items():
        problems += _strict_problems(sub, f"{path}.{name}")
    if "items" in schema:
        problems += _strict_problems(schema["items"], f"{path}[]")
    return problems


def test_the_definition_is_a_strict_tool_schema() -> None:
    tool = research_graph_tool()
    assert tool["type"] == "function"
    assert tool["function"]["name"] == TOOL_NAME and tool["function"]["strict"] is True
    schema = tool["function"]["parameters"]
    jsonschema.Draft202012Validator.check_schema(schema)
    assert _strict_problems(schema) == []


@pytest.mark.parametrize(
    "arguments",
    [
        {"topic": "who directed Heat", "hints": None, "budget_tokens": None,
         "max_iterations": None},
        {"topic": "who directed Heat", "hints": [{"key": "domain", "value": "films"}],
         "budget_tokens": 2000, "max_iterations": 2},
    ],
)  # fmt: skip
def test_what_the_schema_accepts_the_executor_accepts(arguments: dict[str, Any]) -> None:
    jsonschema.Draft202012Validator(research_graph_parameters()).validate(arguments)
    args = parse_arguments(orjson.dumps(arguments))
    assert args.topic == "who directed Heat"


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"topic": "x", "hints": None, "budget_tokens": None}, "max_iterations"),
        ({"topic": "x", "hints": None, "budget_tokens": None, "max_iterations": None,
          "deadline": 3}, "deadline"),
        ({"topic": "x", "hints": [{"key": "k"}], "budget_tokens": None,
          "max_iterations": None}, "value"),
        ({"topic": 7, "hints": None, "budget_tokens": None, "max_iterations": None}, "topic"),
    ],
)  # fmt: skip
def test_what_the_schema_refuses_the_executor_refuses(
    arguments: dict[str, Any], field: str
) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(research_graph_parameters()).validate(arguments)
    # The executor is lenient only about omitted optional values (null by default).
    if field != "max_iterations":
        with pytest.raises(ValidationFailed, match=field):
            parse_arguments(arguments)


async def test_a_model_tool_call_runs_through_the_chain(
    bus: Bus, settings: Settings, chain: Chain
) -> None:
    arguments = {"topic": "who directed [Top Gun]", "hints": None, "budget_tokens": None,
                 "max_iterations": 2}  # fmt: skip
    function = {"name": TOOL_NAME, "arguments": orjson.dumps(arguments).decode()}
    as_dict = {"id": "call_1", "type": "function", "function": function}
    as_object = SimpleNamespace(id="call_2", function=SimpleNamespace(**function))
    async with ResearchClient(bus, names=settings.names()) as client:
        for call, call_id in ((as_dict, "call_1"), (as_object, "call_2")):
            message = await execute_tool_call(client, call)
            assert message["role"] == "tool" and message["tool_call_id"] == call_id
            answer = orjson.loads(message["content"])
            assert answer_labels(answer["answer"])[0] == "Tony Scott"
            assert answer["degraded"] is False
            cited = {source["id"] for source in answer["sources"]}
            assert "test.kb.films.demo.person.tony-scott" in cited
            kept = await client.fetch(answer["loop_id"])
            assert kept is not None and kept.synthesis == answer["answer"]
        refused = await execute_tool_call(
            client, {"id": "call_3", "function": {"name": TOOL_NAME, "arguments": "{"}}
        )
        assert orjson.loads(refused["content"])["error"] == "ValidationFailed"
        with pytest.raises(ValidationFailed, match="other_tool"):
            await execute_tool_call(client, {"function": {"name": "other_tool"}})


async def test_an_agent_loop_gives_the_tool_to_a_model_and_runs_its_call(
    bus: Bus, settings: Settings, chain: Chain
) -> None:
    """The two lines in a plain chat-completions loop, against a model server on loopback
    that asks for the tool once and then answers from what the tool returned."""
    arguments = {"topic": "which films share the same director as [Heat]", "hints": None,
                 "budget_tokens": None, "max_iterations": None}  # fmt: skip
    model = FakeLLM()
    model.script(
        "",
        Step(kind="tool_calls", content=[{"id": "call_9", "type": "function", "function": {
            "name": TOOL_NAME, "arguments": orjson.dumps(arguments).decode()}}]),
        Step(kind="reply", content="Collateral, by the same director."),
    )  # fmt: skip
    url = await model.start()
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": "What else did Heat's director make?"}
    ]
    try:
        async with (
            httpx.AsyncClient(base_url=url) as http,
            ResearchClient(bus, names=settings.names()) as client,
        ):
            tools = [research_graph_tool()]
            while True:
                reply = await http.post(
                    "/chat/completions", json={"model": "m", "messages": messages, "tools": tools}
                )
                message = reply.json()["choices"][0]["message"]
                messages.append(message)
                if not message.get("tool_calls"):
                    break
                for call in message["tool_calls"]:
                    messages.append(await execute_tool_call(client, call))
    finally:
        await model.stop()
    sent = model.requests[0]["tools"][0]["function"]
    assert sent["strict"] is True and _strict_problems(sent["parameters"]) == []
    tool_message = model.requests[1]["messages"][-1]
    assert tool_message["role"] == "tool" and tool_message["tool_call_id"] == "call_9"
    assert answer_labels(orjson.loads(tool_message["content"])["answer"])[0] == "Collateral"
    assert messages[-1]["content"].startswith("Collateral")
