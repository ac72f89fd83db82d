"""``ask`` as a parent's CLI: output formats and exit codes that mean something."""

from __future__ import annotations

import socket

import orjson
import pytest

from research_chain.cli import ExitCode, main
from research_chain.config import Settings
from research_chain.runtime import Chain
from research_chain.service import run_ask
from research_chain.understanding.evidence import answer_labels


async def test_ask_prints_the_query_router_view(
    settings: Settings, chain: Chain, capsys: pytest.CaptureFixture[str]
) -> None:
    code = await run_ask(settings, "who directed [Top Gun]", hints={}, output="query-router")
    assert code == ExitCode.OK
    view = orjson.loads(capsys.readouterr().out)
    assert set(view) >= {"answer", "classification", "sources", "durationMs", "tiersUsed",
                         "fallbacksUsed", "grounding"}  # fmt: skip
    assert answer_labels(view["answer"])[0] == "Tony Scott"
    assert view["classification"]["candidateCount"] >= 1
    assert {"entityId", "tier", "source", "score"} <= set(view["sources"][0])
    assert view["grounding"]["totalClaims"] >= 1


def test_exit_codes_say_what_went_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        url = f"nats://127.0.0.1:{probe.getsockname()[1]}"
    assert main(["ask", "--nats-url", url, "anything"]) == ExitCode.UNAVAILABLE
    assert "research-chain:" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        main(["ask", "--format", "yaml", "anything"])
    assert info.value.code == ExitCode.USAGE
    with pytest.raises(SystemExit) as info:
        main(["watch", "--help"])
    assert info.value.code == ExitCode.OK
    assert "exit codes: 0 ok, 1 failed, 2 usage, 3 degraded" in capsys.readouterr().out
