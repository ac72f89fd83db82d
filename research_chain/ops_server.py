"""``/metrics``, ``/livez`` and ``/readyz`` on one port, served from a thread.

Liveness means the event loop still turns: a heartbeat task stamps the time and the
probe fails once the stamp is older than ``stall_s`` (a loop blocked that long is
stuck, and a restart is the cure). Readiness means this process serves: its chain is
started and its NATS connection is up; a reconnecting process is live but not ready.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any
from wsgiref.simple_server import WSGIRequestHandler, make_server

from prometheus_client import make_wsgi_app
from prometheus_client.exposition import ThreadingWSGIServer

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIEnvironment

    from prometheus_client import CollectorRegistry

__all__ = ["OpsServer"]

HEARTBEAT_S = 1.0


class _Quiet(WSGIRequestHandler):
    """No access log line per scrape or probe."""

    def log_message(self, format: str, *args: Any) -> None:
        return None


class OpsServer:
    """Start it when the process starts; :meth:`ready` once the chain serves."""

    def __init__(
        self, host: str, port: int, registry: CollectorRegistry, *, stall_s: float = 30.0
    ) -> None:
        self._metrics = make_wsgi_app(registry)
        self._stall_s = stall_s
        self._beat = time.monotonic()
        self._is_ready: Callable[[], bool] = lambda: False
        self._server = make_server(
            host, port, self._app, server_class=ThreadingWSGIServer, handler_class=_Quiet
        )
        self._thread = threading.Thread(
            target=self._server.serve_forever, name="ops-http", daemon=True
        )
        self._heartbeat: asyncio.Task[None] | None = None

    @property
    def port(self) -> int:
        return int(self._server.server_port)

    async def start(self) -> None:
        self._heartbeat = asyncio.create_task(self._beating(), name="ops-heartbeat")
        self._thread.start()

    def ready(self, check: Callable[[], bool]) -> None:
        """From now on, ready whenever ``check()`` holds (called from the HTTP thread)."""
        self._is_ready = check

    async def stop(self) -> None:
        self._is_ready = lambda: False
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._heartbeat
        await asyncio.to_thread(self._server.shutdown)
        self._server.server_close()

    async def _beating(self) -> None:
        while True:
            self._beat = time.monotonic()
            await asyncio.sleep(HEARTBEAT_S)

    def _app(self, environ: WSGIEnvironment, start: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == "/livez":
            stalled = time.monotonic() - self._beat > self._stall_s
            return _probe(start, not stalled, "event loop stalled")
        if path == "/readyz":
            return _probe(start, self._is_ready(), "not serving")
        body: Iterable[bytes] = self._metrics(environ, start)
        return body


def _probe(start: StartResponse, ok: bool, why: str) -> list[bytes]:
    body = b"ok\n" if ok else why.encode() + b"\n"
    start(
        "200 OK" if ok else "503 Service Unavailable",
        [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))],
    )
    return [body]
