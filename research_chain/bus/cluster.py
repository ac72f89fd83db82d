"""The shipped nats-server configs, run as processes on loopback: one node or a cluster.

Tests, ``bench/`` harnesses and anyone trying a cluster on one machine start the
configs in ``deploy/nats/`` themselves, so the configuration that is shipped is
the one that is tested. Only the lines that name a place are rewritten (listen
addresses and ports, the monitoring port, the store directory and the route
URLs; the accounts file is copied beside each rendered config, since nats-server
resolves includes relative to the including file); everything else (server and cluster names,
JetStream limits, payload limits, accounts and permissions) runs as written.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from research_chain.bus.server import find_nats_server
from research_chain.errors import BusUnavailable
from research_chain.processes import terminate

__all__ = ["DEPLOY_NATS", "LocalCluster", "NodeProcess", "free_ports", "render_config"]

DEPLOY_NATS = Path(__file__).resolve().parents[2] / "deploy" / "nats"

_ROUTE = re.compile(r"nats-route://nats-(\d+):6222")


def free_ports(count: int, host: str = "127.0.0.1") -> list[int]:
    """Ports the kernel just handed out; held open together so they are distinct.

    Route ports must be known before any node starts (each node lists the others),
    so they cannot come from the server's own ``-1`` choice.
    """
    with contextlib.ExitStack() as stack:
        ports = []
        for _ in range(count):
            sock = stack.enter_context(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
            sock.bind((host, 0))
            ports.append(int(sock.getsockname()[1]))
        return ports


def _replace(text: str, old: str, new: str, what: str) -> str:
    if old not in text:
        raise BusUnavailable(f"config: expected {what} line {old!r} is missing")
    return text.replace(old, new)


def render_config(
    text: str,
    *,
    host: str,
    client_port: int,
    http_port: int,
    store_dir: Path,
    route_port: int | None = None,
    route_ports: Sequence[int] = (),
) -> str:
    """A shipped config with its places replaced; raises if a place is not where expected.

    ``nats-route://nats-K:6222`` (the compose service of node K) becomes node K's
    loopback route port.
    """
    text = _replace(text, "listen: 0.0.0.0:4222", f"listen: {host}:{client_port}", "client")
    text = _replace(text, "http: 0.0.0.0:8222", f"http: {host}:{http_port}", "monitoring")
    text = _replace(
        text, "store_dir: /data/jetstream", f'store_dir: "{store_dir}"', "JetStream store"
    )
    if route_port is not None:
        text = _replace(text, "listen: 0.0.0.0:6222", f"listen: {host}:{route_port}", "route")

        def route(match: re.Match[str]) -> str:
            return f"nats-route://{host}:{route_ports[int(match.group(1)) - 1]}"

        text, count = _ROUTE.subn(route, text)
        if count != len(route_ports):
            raise BusUnavailable(f"config: {count} routes, expected {len(route_ports)}")
    return text


@dataclass
class NodeProcess:
    """One nats-server started from a rendered config; restarts on the same ports."""

    name: str
    config: Path
    host: str
    client_port: int
    http_port: int
    env: Mapping[str, str]
    log: Path
    _proc: subprocess.Popen[bytes] | None = field(default=None, init=False, repr=False)

    @property
    def url(self) -> str:
        return f"nats://{self.host}:{self.client_port}"

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self._proc = subprocess.Popen(
                [str(find_nats_server()), "-c", str(self.config)],
                stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **self.env},
            )  # fmt: skip

    def kill(self) -> None:
        """SIGKILL: the node vanishes without a goodbye to its peers or clients."""
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()

    def stop(self, timeout_s: float = 10.0) -> None:
        proc, self._proc = self._proc, None
        terminate(proc, timeout_s)

    def monitor(self, path: str) -> tuple[int, Any]:
        """GET a monitoring endpoint: (HTTP status, decoded JSON); (0, None) when down."""
        url = f"http://{self.host}:{self.http_port}{path}"
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                return int(reply.status), json.loads(reply.read() or b"null")
        except urllib.error.HTTPError as exc:
            return int(exc.code), None
        except (OSError, ValueError):
            return 0, None

    def healthy(self) -> bool:
        """``/healthz``: the node serves clients and its JetStream assets are current."""
        if self._proc is not None and self._proc.poll() is not None:
            raise BusUnavailable(f"{self.name} exited with {self._proc.returncode}; see {self.log}")
        return self.monitor("/healthz")[0] == 200


@dataclass
class LocalCluster:
    """Nodes from ``deploy/nats/`` on loopback: ``cluster-1..N.conf``, or ``single.conf``.

    Args:
        base_dir: where rendered configs, stores and logs go (one folder per node).
        size: 1 runs ``single.conf``; 3 runs the three cluster configs.
        env: the variables the configs read (the accounts' passwords).
        accounts: the accounts file to include (default: the shipped one).
    """

    base_dir: Path
    size: int = 3
    env: Mapping[str, str] = field(default_factory=dict)
    config_dir: Path = DEPLOY_NATS
    accounts: Path | None = None
    host: str = "127.0.0.1"
    start_timeout_s: float = 30.0
    nodes: list[NodeProcess] = field(default_factory=list, init=False)

    @property
    def urls(self) -> list[str]:
        return [node.url for node in self.nodes]

    @property
    def url(self) -> str:
        """Every node, comma-separated: what ``--nats-url`` takes for a cluster."""
        return ",".join(self.urls)

    def _configs(self) -> list[Path]:
        if self.size == 1:
            return [self.config_dir / "single.conf"]
        return [self.config_dir / f"cluster-{i}.conf" for i in range(1, self.size + 1)]

    def start(self) -> str:
        configs = self._configs()
        ports = free_ports(3 * len(configs), self.host)
        routes = ports[2 * len(configs) :] if self.size > 1 else []
        accounts = (self.accounts or self.config_dir / "accounts.conf").resolve()
        for i, config in enumerate(configs):
            folder = self.base_dir / config.stem
            folder.mkdir(parents=True, exist_ok=True)
            rendered = folder / config.name
            shutil.copyfile(accounts, folder / "accounts.conf")
            rendered.write_text(
                render_config(
                    config.read_text(),
                    host=self.host,
                    client_port=ports[2 * i],
                    http_port=ports[2 * i + 1],
                    store_dir=folder / "jetstream",
                    route_port=routes[i] if routes else None,
                    route_ports=routes,
                )
            )
            self.nodes.append(
                NodeProcess(
                    name=config.stem, config=rendered, host=self.host,
                    client_port=ports[2 * i], http_port=ports[2 * i + 1],
                    env=dict(self.env), log=folder / "nats-server.log",
                )
            )  # fmt: skip
        try:
            for node in self.nodes:
                node.start()
            self.wait_healthy()
        except BaseException:
            self.stop()
            raise
        return self.url

    def wait_healthy(self, nodes: Sequence[NodeProcess] | None = None) -> None:
        """Until every (given) node reports healthy: a server gives a parent process no
        event for "JetStream is current", so its health endpoint is polled."""
        pending = list(self.nodes if nodes is None else nodes)
        deadline = time.monotonic() + self.start_timeout_s
        while pending or not self._meta_current():
            pending = [node for node in pending if not node.healthy()]
            if time.monotonic() > deadline:
                names = ", ".join(node.name for node in pending) or "the meta group"
                raise BusUnavailable(f"{names} not healthy within {self.start_timeout_s}s")
            time.sleep(0.05)

    def _meta_current(self) -> bool:
        """A node leads the JetStream meta group and sees every other node current (until
        then, placing an R3 stream fails with "no suitable peers")."""
        if len(self.nodes) < 2:
            return True
        for node in self.nodes:
            _, jsz = node.monitor("/jsz")
            meta = (jsz or {}).get("meta_cluster") or {}
            peers = meta.get("replicas") or []
            names = {peer.get("name") for peer in peers}
            if (
                meta.get("leader")
                and meta["leader"] not in names
                and len(peers) == len(self.nodes) - 1
                and all(peer.get("current") for peer in peers)
            ):
                return True
        return False

    def kill(self, index: int) -> NodeProcess:
        node = self.nodes[index]
        node.kill()
        return node

    def restart(self, index: int) -> NodeProcess:
        """Start a killed or stopped node again on its ports and store; wait until current."""
        node = self.nodes[index]
        node.stop()
        node.start()
        self.wait_healthy([node])
        return node

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def __enter__(self) -> LocalCluster:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
