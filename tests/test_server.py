"""The embedded nats-server never outlives ``up`` and never shares a store (issue 12, defect 1)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from research_chain.bus import EmbeddedServer
from research_chain.bus.server import live_server_pid
from research_chain.errors import BusUnavailable
from tests.procs import Proc, clean_env, gone


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
async def test_kill_9_of_up_takes_its_server_along_and_the_next_up_starts(
    tmp_path: Path,
) -> None:
    store = tmp_path / "data"
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "research_chain.cli", "up", "--no-sample", "--port", "0",
        "--data-dir", str(store),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=clean_env(),
    )  # fmt: skip
    proc = Proc(process)
    try:
        listening = await proc.read_until("embedded nats-server listening on")
        await proc.read_until("research-chain ready")
    finally:
        process.kill()  # kill -9: no handler of up runs
        await process.wait()
    ports = list((store / "nats" / "ports").glob("*.ports"))
    assert len(ports) == 1
    server_pid = live_server_pid(ports[0])
    assert server_pid is not None
    await gone(server_pid)
    port = int(listening.rsplit(":", 1)[1].split()[0])
    again = EmbeddedServer(store_dir=store / "nats", port=port)
    try:
        assert again.start().endswith(f":{port}")
    finally:
        again.stop()


def test_a_store_held_by_a_live_server_is_refused_not_shared(tmp_path: Path) -> None:
    first = EmbeddedServer(store_dir=tmp_path / "nats")
    first.start()
    try:
        with pytest.raises(BusUnavailable, match="still running on the store"):
            EmbeddedServer(store_dir=tmp_path / "nats").start()
        assert first.url  # still serving: its ports file was not deleted
        assert list((tmp_path / "nats" / "ports").glob("*.ports"))
    finally:
        first.stop()
    second = EmbeddedServer(store_dir=tmp_path / "nats")
    second.start()
    second.stop()


def test_a_stale_ports_file_is_removed(tmp_path: Path) -> None:
    ports = tmp_path / "nats" / "ports"
    ports.mkdir(parents=True)
    (ports / f"nats-server_{2**22 + 17}.ports").write_text("{}")
    server = EmbeddedServer(store_dir=tmp_path / "nats")
    server.start()
    try:
        assert len(list(ports.glob("*.ports"))) == 1
    finally:
        server.stop()
