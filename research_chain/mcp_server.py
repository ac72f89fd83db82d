"""``research-chain mcp``: the ``research_graph`` tool over the Model Context Protocol.

Agent hosts attach tools as MCP servers they spawn and talk to over stdio. This one
serves exactly the tool of :mod:`research_chain.tool` (same input schema, same answer),
through a :class:`ResearchClient` connected to the running chain. The ``mcp`` package
is an optional extra (``pip install 'research-chain[mcp]'``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import orjson

from research_chain import __version__
from research_chain.client import ResearchClient
from research_chain.errors import ValidationFailed
from research_chain.tool import (
    TOOL_DESCRIPTION,
    TOOL_NAME,
    research_graph_parameters,
    run_research_graph,
)

if TYPE_CHECKING:
    from mcp.server.lowlevel import Server

    from research_chain.config import Settings

__all__ = ["build_server", "run_mcp"]

log = logging.getLogger(__name__)


def build_server(client: ResearchClient, *, timeout_s: float) -> Server[Any]:
    """An MCP server with one tool, answered through ``client``."""
    import mcp_types as types
    from mcp.server.context import ServerRequestContext
    from mcp.server.lowlevel import Server

    tool = types.Tool(
        name=TOOL_NAME, description=TOOL_DESCRIPTION, input_schema=research_graph_parameters()
    )

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[tool])

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        if params.name != TOOL_NAME:
            answer: dict[str, Any] = {
                "error": ValidationFailed.__name__,
                "message": f"no tool {params.name!r}; this server has {TOOL_NAME!r}",
            }
        else:
            answer = await run_research_graph(client, params.arguments or {}, timeout_s=timeout_s)
        return types.CallToolResult(
            content=[types.TextContent(text=orjson.dumps(answer).decode())],
            structured_content=answer,
            is_error="error" in answer,
        )

    return Server(
        "research-chain",
        version=__version__,
        instructions="research_graph answers questions from the knowledge graph, with sources.",
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


async def run_mcp(settings: Settings, *, timeout_s: float) -> int:
    """Serve MCP on stdin/stdout until the host closes the pipe."""
    try:
        from mcp.server.stdio import stdio_server
    except ImportError as exc:
        raise ValidationFailed(
            "the MCP server needs the mcp extra: pip install 'research-chain[mcp]'"
        ) from exc
    async with await ResearchClient.connect(settings, name="research-chain-mcp") as client:
        server = build_server(client, timeout_s=timeout_s)
        log.info("MCP server on stdio, chain at %s", settings.client_url())
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())
    return 0
