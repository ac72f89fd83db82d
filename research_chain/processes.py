"""Child processes whose life is tied to this one: the embedded nats-server and the extra
stage workers ``up`` starts.

On Linux a child is asked to receive SIGTERM when its parent dies
(``prctl(PR_SET_PDEATHSIG)``), so a ``kill -9`` of ``up`` leaves no server holding the store
and the port, and no worker serving a chain nobody started. Children run in a process group
of their own, so a Ctrl-C in the terminal reaches only ``up``, which stops them in order:
its workers drain while the server is still there.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

__all__ = ["spawn_tied", "start_tied", "stop_spawned", "terminate", "usable_cpus"]

_PR_SET_PDEATHSIG = 1


def _tied() -> dict[str, Any]:
    """``Popen`` arguments for a child that does not outlive this process (on Linux) and
    gets no signal meant for this one's terminal."""
    if not sys.platform.startswith("linux"):
        return {"process_group": 0}
    parent = os.getpid()
    # Looked up here: after a fork only async-signal-safe work is safe, not a dlopen.
    prctl = ctypes.CDLL(None, use_errno=True).prctl

    def tie() -> None:
        # PDEATHSIG follows the forking *thread*: a child started from a short-lived thread
        # (``to_thread``) would be killed when that thread ends, so start children from the
        # main one.
        with contextlib.suppress(OSError, AttributeError):
            prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != parent:  # the parent died before the tie: do not outlive it
            os._exit(1)

    return {"process_group": 0, "preexec_fn": tie}


def start_tied(args: Sequence[str], *, stdout: IO[bytes]) -> subprocess.Popen[bytes]:
    """Start ``args`` as a tied child, its output (stderr with it) to ``stdout``."""
    return subprocess.Popen(list(args), stdout=stdout, stderr=subprocess.STDOUT, **_tied())


async def spawn_tied(args: Sequence[str], env: Mapping[str, str]) -> asyncio.subprocess.Process:
    """Start ``args`` as a tied child writing to this process's own output; awaited through
    the event loop's child watcher, so waiting on it holds no thread of the loop's pool."""
    return await asyncio.create_subprocess_exec(*args, env=dict(env), **_tied())


def terminate(proc: subprocess.Popen[bytes] | None, timeout_s: float) -> None:
    """SIGTERM a child and wait; kill it if it does not stop in time."""
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


async def stop_spawned(proc: asyncio.subprocess.Process, timeout_s: float) -> None:
    """:func:`terminate` for a child :func:`spawn_tied` started."""
    if proc.returncode is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        await asyncio.wait_for(proc.wait(), timeout_s)
    except TimeoutError:
        proc.kill()
        await proc.wait()


def usable_cpus() -> int:
    """The CPUs this process may compute on: its affinity, capped by a cgroup v2 quota (a
    container given one CPU of many sees all of them in its affinity)."""
    affinity: Callable[[int], set[int]] | None = getattr(os, "sched_getaffinity", None)
    cpus = len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    with contextlib.suppress(OSError, ValueError):
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()[:2]
        if quota != "max":
            cpus = min(cpus, max(1, -(-int(quota) // int(period))))
    return cpus
