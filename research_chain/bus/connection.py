"""Connecting to NATS, and the seam where nats-py errors become ours."""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import nats
import nats.errors
import nats.js.errors
from nats.aio.client import Client
from nats.js import JetStreamContext

from research_chain.errors import BusUnavailable

if TYPE_CHECKING:
    from research_chain.config import Settings

__all__ = ["Bus", "connect", "nats_errors"]


@contextmanager
def nats_errors(what: str) -> Iterator[None]:
    """Translate transport failures into :class:`BusUnavailable` (retryable).

    JetStream API errors that mean "the request was wrong" are left alone for
    the caller that knows what they mean (for example a stale KV revision).
    """
    try:
        yield
    except (
        nats.errors.TimeoutError,
        nats.errors.ConnectionClosedError,
        nats.errors.NoServersError,
        nats.errors.NoRespondersError,
        nats.js.errors.ServiceUnavailableError,
        TimeoutError,
        OSError,
    ) as exc:
        raise BusUnavailable(f"{what}: {type(exc).__name__}: {exc}") from exc


def _tls(settings: Settings) -> ssl.SSLContext | None:
    if not (settings.tls_ca or settings.tls_cert):
        return None
    ctx = ssl.create_default_context(cafile=str(settings.tls_ca) if settings.tls_ca else None)
    if settings.tls_cert and settings.tls_key:
        ctx.load_cert_chain(str(settings.tls_cert), str(settings.tls_key))
    return ctx


@dataclass(slots=True)
class Bus:
    """One connection and its JetStream context, passed around explicitly."""

    nc: Client
    js: JetStreamContext

    async def close(self) -> None:
        if self.nc.is_closed:
            return
        try:
            await self.nc.drain()
        except (nats.errors.Error, TimeoutError):
            await self.nc.close()


async def connect(
    settings: Settings, url: str | None = None, *, name: str = "research-chain"
) -> Bus:
    """Connect with reconnects that never give up (workers must outlive a server restart)."""
    target = url or settings.nats_url
    if not target:
        raise BusUnavailable("no NATS URL: start the embedded server or pass --nats-url")
    options: dict[str, Any] = {
        "servers": [url.strip() for url in target.split(",") if url.strip()],
        "name": name,
        "connect_timeout": settings.connect_timeout_s,
        "max_reconnect_attempts": -1,
        "reconnect_time_wait": 0.5,
        "allow_reconnect": True,
        # drain() waits this long for subscriptions to empty before close() gives up.
        "drain_timeout": settings.drain_timeout_s,
    }
    if settings.nats_user:
        options["user"] = settings.nats_user
        options["password"] = settings.nats_password
    if settings.nats_token:
        options["token"] = settings.nats_token
    if settings.nats_creds:
        options["user_credentials"] = str(settings.nats_creds)
    if settings.nats_nkey_seed:
        options["nkeys_seed"] = str(settings.nats_nkey_seed)
    tls = _tls(settings)
    if tls is not None:
        options["tls"] = tls

    async def _quiet(exc: Exception) -> None:
        return None

    options["error_cb"] = _quiet
    with nats_errors(f"connect {target}"):
        nc = await nats.connect(**options)
    return Bus(nc=nc, js=nc.jetstream(timeout=settings.request_timeout_s))


@asynccontextmanager
async def connected(settings: Settings, url: str | None = None) -> AsyncIterator[Bus]:
    bus = await connect(settings, url)
    try:
        yield bus
    finally:
        await bus.close()
