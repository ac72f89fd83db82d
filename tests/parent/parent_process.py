"""A parent agent loop in a process of its own, driven by the tests.

    python -m tests.parent.parent_process research TOPIC   # prints the SearchResult
    python -m tests.parent.parent_process start TOPIC      # prints the loop id, exits
    python -m tests.parent.parent_process result LOOP_ID   # "kept" or "pending", then the result

It only knows the server's URL (``RESEARCH_CHAIN_NATS_URL``), like any parent.
"""

from __future__ import annotations

import asyncio
import sys

from research_chain.client import ResearchClient
from research_chain.config import Settings


async def main(verb: str, arg: str) -> int:
    async with await ResearchClient.connect(Settings()) as client:
        if verb == "research":
            result = await client.research(arg, timeout=30)
        elif verb == "start":
            print(await client.start(arg), flush=True)
            return 0
        else:
            print("kept" if await client.fetch(arg) is not None else "pending", flush=True)
            result = await client.result(arg, timeout=30)
    print(result.to_json().decode(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2])))
