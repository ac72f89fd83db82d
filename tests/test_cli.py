"""The CLI as a user meets it: --help lists the verbs, `up` reaches ready and serves NATS."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import nats
import pytest

from research_chain.bus import EmbeddedServer
from research_chain.cli import main
from research_chain.config import Settings

VERBS = (
    "up", "worker", "engine", "ask", "ingest", "watch", "eval", "bench", "schema", "mcp",
    "config",
)  # fmt: skip


def test_help_lists_every_verb(capsys: pytest.CaptureFixture[str]) -> None:

    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for verb in VERBS:
        assert f"    {verb} " in out


def test_environment_configures_and_flags_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RESEARCH_CHAIN_NATS_URL", "nats://10.0.0.1:4222")
    monkeypatch.setenv("RESEARCH_CHAIN_LOOP_DEADLINE_S", "7.5")
    settings = Settings()
    assert settings.nats_url == "nats://10.0.0.1:4222"
    assert settings.loop_deadline_s == 7.5
    overridden = settings.with_overrides(nats_url="nats://127.0.0.1:1", log_level=None)
    assert overridden.nats_url == "nats://127.0.0.1:1"
    assert overridden.log_level == settings.log_level


def test_schema_check_passes_on_the_committed_contract(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[1]
    assert main(["schema", "--check", "--out", str(root / "payloads")]) == 0
    assert main(["schema", "--check", "--out", str(tmp_path)]) == 4  # ExitCode.DRIFT
    assert main(["schema", "--out", str(tmp_path)]) == 0
    assert main(["schema", "--check", "--out", str(tmp_path)]) == 0


async def _read_until(stream: asyncio.StreamReader, needle: str, lines: list[str]) -> str:
    while True:
        raw = await stream.readline()
        if not raw:
            raise AssertionError(f"process ended before {needle!r}: {lines}")
        line = raw.decode().strip()
        lines.append(line)
        if needle in line:
            return line


async def test_up_starts_an_embedded_server_that_clients_reach(tmp_path: Path) -> None:
    env = {**os.environ, "RESEARCH_CHAIN_LOAD_SAMPLE": "false"}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "research_chain.cli", "up", "--port", "0",
        "--data-dir", str(tmp_path), "--no-sample",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env,
    )  # fmt: skip
    assert proc.stdout is not None
    lines: list[str] = []
    try:
        ready = await asyncio.wait_for(
            _read_until(proc.stdout, "research-chain ready on", lines), 60
        )
        url = ready.rsplit(" ", 1)[-1]
        nc = await nats.connect(url)
        js = nc.jetstream()
        kv = await js.key_value("AGENT_LOOPS")
        await kv.put("probe", b"1")
        assert (await kv.get("probe")).value == b"1"
        await nc.close()
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGINT)
        code = await asyncio.wait_for(proc.wait(), 30)
        rest = await proc.stdout.read()
    assert code == 0, (lines, rest)
    assert (tmp_path / "nats" / "jetstream").is_dir()


async def test_up_loads_the_sample_and_prints_a_first_grounded_answer(tmp_path: Path) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "research_chain.cli", "up", "--port", "0",
        "--data-dir", str(tmp_path), "--once", "--log-level", "WARNING",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(proc.communicate(), 90)
    text = out.decode()
    assert proc.returncode == 0, text
    assert "sample graph loaded: 16276 triples" in text
    answer = next(line for line in text.splitlines() if line.startswith("Answer: "))
    # The gold set of the sample question, as scripts/sample_questions.py computes it.
    for operator in ("Rosa Novak", "Tariq Schmidt", "Ximena Mensah"):
        assert operator in answer
    route = next(line for line in text.splitlines() if line.startswith("-- route "))
    assert "walk_seeds" in route and "DEGRADED" not in route


def test_bench_names_the_harnesses_it_has(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "no_such_harness"]) == 2
    err = capsys.readouterr().err
    assert "chain_bench" in err and "graph_queries" in err


async def test_up_joining_a_server_never_loads_the_sample_unasked(
    nats_server: EmbeddedServer, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESEARCH_CHAIN_")}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "research_chain.cli", "up", "--nats-url", nats_server.url,
        "--data-dir", str(tmp_path), "--once", "--log-level", "WARNING",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(proc.communicate(), 90)
    text = out.decode()
    assert proc.returncode == 0, text
    assert "ready" in text and "sample graph" not in text and "Answer:" not in text
    nc = await nats.connect(nats_server.url)
    try:
        info = await nc.jetstream().stream_info("KV_ENTITY_STATES")
    finally:
        await nc.close()
    assert info.state.messages == 0


def test_every_verb_has_help_that_lists_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:

    for verb in VERBS:
        with pytest.raises(SystemExit) as info:
            main([verb, "--help"])
        assert info.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith(f"usage: research-chain {verb}")
        assert "exit codes: 0 ok" in out and "69 unavailable" in out


def test_up_says_it_joins_the_server_a_url_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A ``RESEARCH_CHAIN_NATS_URL`` exported for ``ingest`` or ``eval`` makes ``up`` join
    that server rather than start one; when nobody listens there, the error says why."""
    import socket

    from research_chain.cli import ExitCode

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        url = f"nats://127.0.0.1:{probe.getsockname()[1]}"
    code = main(["up", "--once", "--nats-url", url, "--data-dir", str(tmp_path)])
    assert code == ExitCode.UNAVAILABLE
    err = capsys.readouterr().err
    assert url in err and "RESEARCH_CHAIN_NATS_URL" in err
