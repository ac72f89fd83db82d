"""Running ``research-chain`` verbs as real child processes, as an operator would."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


@dataclass
class Proc:
    """A running verb and every line it printed so far."""

    process: asyncio.subprocess.Process
    lines: list[str] = field(default_factory=list)

    async def read_until(self, needle: str, within_s: float = 90.0) -> str:
        assert self.process.stdout is not None
        async with asyncio.timeout(within_s):
            while True:
                raw = await self.process.stdout.readline()
                if not raw:
                    raise AssertionError(f"process ended before {needle!r}: {self.lines}")
                line = raw.decode().rstrip()
                self.lines.append(line)
                if needle in line:
                    return line


def clean_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """This environment without any RESEARCH_CHAIN_* the developer may have set."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESEARCH_CHAIN_")}
    return {**env, **(extra or {})}


@asynccontextmanager
async def running(
    *args: str, ready: str, env: Mapping[str, str] | None = None
) -> AsyncIterator[Proc]:
    """Start ``research-chain ARGS``, wait for its ready line, stop it with SIGTERM after;
    a clean exit (0) is part of what the caller asserts."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "research_chain.cli", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=clean_env(env),
    )  # fmt: skip
    proc = Proc(process)
    try:
        await proc.read_until(ready)
        yield proc
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(process.wait(), 60)
        assert process.stdout is not None
        proc.lines += (await process.stdout.read()).decode().splitlines()
    assert code == 0, proc.lines


async def gone(pid: int, within_s: float = 15.0) -> None:
    """Until ``pid`` has exited. It is not our child, so there is no wait() to call; a
    pidfd becomes readable when the process ends, which is the event to wait on."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return
    loop = asyncio.get_running_loop()
    ended = asyncio.Event()
    loop.add_reader(fd, ended.set)
    try:
        async with asyncio.timeout(within_s):
            await ended.wait()
    finally:
        loop.remove_reader(fd)
        os.close(fd)
