"""``research-chain mcp`` as an agent host meets it: spawned, spoken to in JSON-RPC over
stdio, listing the tool and answering a ``tools/call`` through the running chain."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson

from research_chain.config import Settings
from research_chain.runtime import Chain
from research_chain.tool import TOOL_NAME, research_graph_parameters
from research_chain.understanding.evidence import answer_labels
from tests.parent.conftest import ROOT, child_env, console_script


class Host:
    """The host's side of the stdio transport: one JSON-RPC message per line."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stdin is not None and proc.stdout is not None
        self.proc, self.stdin, self.stdout = proc, proc.stdin, proc.stdout
        self.next_id = 0

    async def send(self, method: str, params: dict[str, Any] | None = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.stdin.write(orjson.dumps(message) + b"\n")
        await self.stdin.drain()

    async def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.stdin.write(orjson.dumps(message) + b"\n")
        await self.stdin.drain()
        while True:
            line = await asyncio.wait_for(self.stdout.readline(), 60)
            assert line, "the MCP server closed its stdout"
            reply = orjson.loads(line)
            if reply.get("id") == self.next_id:
                assert "error" not in reply, reply
                result: dict[str, Any] = reply["result"]
                return result


async def test_the_mcp_server_answers_a_tools_call_over_stdio(
    settings: Settings, chain: Chain
) -> None:
    proc = await asyncio.create_subprocess_exec(
        *console_script(), "mcp", "--timeout", "30",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        env=child_env(settings), cwd=ROOT,
    )  # fmt: skip
    host = Host(proc)
    try:
        hello = await host.request(
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "test-host", "version": "1"},
            },
        )
        assert hello["serverInfo"]["name"] == "research-chain"
        await host.send("notifications/initialized")
        listed = await host.request("tools/list", {})
        assert [t["name"] for t in listed["tools"]] == [TOOL_NAME]
        assert listed["tools"][0]["inputSchema"] == research_graph_parameters()
        called = await host.request(
            "tools/call",
            {
                "name": TOOL_NAME,
                "arguments": {"topic": "which films share the same director as [Heat]",
                              "hints": None, "budget_tokens": None, "max_iterations": None},
            },
        )  # fmt: skip
        assert called["isError"] is False
        answer = orjson.loads(called["content"][0]["text"])
        assert answer == called["structuredContent"]
        assert answer_labels(answer["answer"])[0] == "Collateral"
        refused = await host.request("tools/call", {"name": TOOL_NAME, "arguments": {}})
        assert refused["isError"] is True
        assert "topic" in orjson.loads(refused["content"][0]["text"])["message"]
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        assert await asyncio.wait_for(proc.wait(), 30) == 0
