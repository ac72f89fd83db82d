"""Child processes whose life is tied to this one: the embedded nats-server and the extra
stage workers ``up`` starts.

On Linux a child is asked to receive SIGTERM when its parent dies
(``prctl(PR_SET_PDEATHSIG)``), so a ``kill -9`` of ``up`` leaves no server holding the store
and the port, and no worker serving a chain nobody started.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import IO

__all__ = ["start_tied", "terminate"]

_PR_SET_PDEATHSIG = 1


def _tie_to_parent(parent: int) -> Callable[[], None]:
    """A ``preexec_fn`` for Linux: SIGTERM this child when ``parent`` dies. (The signal
    follows the forking *thread*, so children are started on the caller's.)"""

    def tie() -> None:
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != parent:  # the parent died before the tie: do not outlive it
            os._exit(1)

    return tie


def start_tied(
    args: Sequence[str],
    *,
    stdout: IO[bytes] | None = None,
    env: Mapping[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    """Start ``args`` as a child that does not outlive this process (on Linux); output
    goes to ``stdout`` (stderr with it), or to this process's own when None."""
    tie = _tie_to_parent(os.getpid()) if sys.platform.startswith("linux") else None
    return subprocess.Popen(
        list(args),
        stdout=stdout,
        stderr=subprocess.STDOUT if stdout is not None else None,
        env=None if env is None else dict(env),
        preexec_fn=tie,
    )


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
