"""Connecting to NATS, and every operation the package performs on it.

:class:`Bus` is the only handle the rest of the package holds: it publishes,
requests, subscribes, reads streams and hands out KV buckets and pull
subscriptions, each call translated by :func:`~research_chain.bus.errors.nats_errors`.
``nc`` and ``js`` stay reachable for tests that poke the server directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import nats
import nats.errors
import nats.js.errors
import orjson
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.api import RawStreamMsg

from research_chain.bus.consumers import (
    ConsumerSpec,
    PullSubscription,
    consumer_config,
    watch_stream,
)
from research_chain.bus.errors import nats_errors, waited_out
from research_chain.bus.kv import Bucket
from research_chain.bus.message import Handler, Message, Subscription, wrap
from research_chain.errors import BusRejected, BusUnavailable, NotFound, ValidationFailed

if TYPE_CHECKING:
    from research_chain.config import Settings

__all__ = ["Bus", "Published", "StreamState", "connect", "nats_errors"]


def _tls(settings: Settings) -> ssl.SSLContext | None:
    if not (settings.tls_ca or settings.tls_cert):
        return None
    ctx = ssl.create_default_context(cafile=str(settings.tls_ca) if settings.tls_ca else None)
    if settings.tls_cert and settings.tls_key:
        ctx.load_cert_chain(str(settings.tls_cert), str(settings.tls_key))
    return ctx


def _not_yet(exc: BusRejected | BusUnavailable) -> bool:
    """A timeout, or a server error while a cluster elects a stream's leader; not a closed
    connection nor a server without JetStream, which no wait mends."""
    cause = exc.__cause__
    if isinstance(cause, nats.js.errors.APIError):
        return cause.code in _ELECTING
    return isinstance(cause, TimeoutError)


def _stored(raw: RawStreamMsg, stream: str) -> Message:
    return Message(
        subject=raw.subject or "",
        data=raw.data or b"",
        headers=dict(raw.headers or {}),
        stream=stream,
        seq=int(raw.seq or 0),
    )


@dataclass(frozen=True, slots=True)
class Published:
    """Where a JetStream publish landed; ``duplicate`` when its ``Nats-Msg-Id`` was seen."""

    seq: int
    duplicate: bool


@dataclass(frozen=True, slots=True)
class StreamState:
    messages: int
    last_seq: int


# nats-py's own default for a JetStream call.
DEFAULT_TIMEOUT_S = 5.0
# How long a consumer request the bus cannot answer yet is asked again (``Bus.ensure_consumer``).
_CONSUMER_WAIT_S = 30.0
# What JetStream answers while a stream has no leader yet.
_ELECTING = frozenset({500, 503})
# How a server says nobody listens on a request's subject (no stream captures it).
_NO_RESPONDERS = "503"


def _expire(waiter: asyncio.Future[Msg]) -> None:
    if not waiter.done():
        waiter.set_exception(nats.errors.TimeoutError())


class _Replies:
    """Request/reply for the calls made per message (publish acks, KV writes): one
    wildcard inbox, a counter naming each request and one timer bounding it. nats-py's
    request draws random bytes, wraps every wait in ``wait_for`` and reads each ack with
    the stdlib json; on the chain's hot path that was a tenth of a worker's time."""

    def __init__(self, nc: Client) -> None:
        self._nc = nc
        self._prefix = ""
        self._pending: dict[str, asyncio.Future[Msg]] = {}
        self._count = 0
        self._opening = asyncio.Lock()

    async def _open(self) -> str:
        if not self._prefix:
            async with self._opening:
                if not self._prefix:
                    prefix = self._nc.new_inbox() + "."
                    await self._nc.subscribe(prefix + "*", cb=self._reply)
                    self._prefix = prefix
        return self._prefix

    async def _reply(self, msg: Msg) -> None:
        waiter = self._pending.pop(msg.subject[len(self._prefix) :], None)
        if waiter is not None and not waiter.done():
            waiter.set_result(msg)

    async def request(
        self, subject: str, data: bytes, headers: dict[str, str] | None, timeout_s: float
    ) -> Msg:
        prefix = await self._open()
        self._count += 1
        token = str(self._count)
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[Msg] = loop.create_future()
        self._pending[token] = waiter
        timer = loop.call_later(timeout_s, _expire, waiter)
        try:
            await self._nc.publish(subject, data, reply=prefix + token, headers=headers)
            return await waiter
        finally:
            timer.cancel()
            self._pending.pop(token, None)


@dataclass(slots=True)
class Bus:
    """One connection and its JetStream context, passed around explicitly."""

    nc: Client
    js: JetStreamContext
    timeout_s: float = DEFAULT_TIMEOUT_S
    _buckets: dict[str, Bucket] = field(default_factory=dict, repr=False)
    _replies: _Replies | None = field(default=None, repr=False)

    @property
    def is_connected(self) -> bool:
        """Up now (False while reconnecting or once closed); safe from any thread."""
        return bool(self.nc.is_connected)

    async def close(self) -> None:
        if self.nc.is_closed:
            return
        try:
            await self.nc.drain()
        except (nats.errors.Error, TimeoutError):
            await self.nc.close()

    # --- publishing -----------------------------------------------------------

    async def publish(
        self, subject: str, data: bytes, headers: dict[str, str] | None = None
    ) -> Published:
        """Publish into the stream that captures ``subject`` and wait for its ack."""
        with nats_errors(f"publish {subject}"):
            ack = await self.stored(subject, data, headers)
        return Published(seq=int(ack["seq"]), duplicate=bool(ack.get("duplicate", False)))

    async def stored(
        self, subject: str, data: bytes, headers: dict[str, str] | None = None
    ) -> dict[str, Any]:
        """The JetStream publish itself: its ack as sent, or nats-py's error for a refusal
        (for :func:`nats_errors` or a caller that acts on an error code to translate)."""
        if self._replies is None:
            self._replies = _Replies(self.nc)
        msg = await self._replies.request(subject, data, headers, self.timeout_s)
        if not msg.data and msg.headers and msg.headers.get("Status") == _NO_RESPONDERS:
            raise nats.js.errors.NoStreamResponseError
        ack: dict[str, Any] = orjson.loads(msg.data)
        if "error" in ack:
            nats.js.errors.APIError.from_error(ack["error"])
        return ack

    async def send(
        self, subject: str, data: bytes, headers: dict[str, str] | None = None, *, reply: str = ""
    ) -> None:
        """A core publish: no stream, no ack (events, pipelined ingest)."""
        with nats_errors(f"send {subject}"):
            await self.nc.publish(subject, data, reply=reply, headers=headers)

    async def request(self, subject: str, data: bytes, *, timeout_s: float) -> bytes:
        """Core request/reply; the reply's body."""
        with nats_errors(f"request {subject}"):
            msg = await self.nc.request(subject, data, timeout=timeout_s)
        return msg.data or b""

    @property
    def max_payload(self) -> int:
        """The largest message the server accepts (its advertised ``max_payload``)."""
        return int(self.nc.max_payload)

    def new_inbox(self) -> str:
        return self.nc.new_inbox()

    async def subscribe(self, subject: str, handler: Handler, *, queue: str = "") -> Subscription:
        """A core subscription calling ``handler`` per message (in the client's reader)."""
        with nats_errors(f"subscribe {subject}"):
            sub = await self.nc.subscribe(subject, queue=queue, cb=wrap(handler))
        return Subscription(sub)

    # --- streams and consumers ------------------------------------------------

    async def stream_state(self, stream: str) -> StreamState:
        with nats_errors(f"stream {stream} info"):
            info = await self.js.stream_info(stream)
        return StreamState(int(info.state.messages), int(info.state.last_seq))

    async def get_msg(self, stream: str, seq: int) -> Message | None:
        """A stored message by sequence, or None when it is gone."""
        try:
            with nats_errors(f"get {stream}#{seq}"):
                raw = await self.js.get_msg(stream, seq)
        except NotFound:
            return None
        return _stored(raw, stream)

    async def last_msg(self, stream: str, subject: str) -> Message | None:
        """The last stored message on ``subject``, or None when it has none.

        A direct get names the subject in its request subject, so a permission on that
        subject is all a reader needs: no stream info, no consumer.
        """
        try:
            with nats_errors(f"get last {subject} from {stream}"):
                raw = await self.js.get_last_msg(stream, subject, direct=True)
        except NotFound:
            return None
        return _stored(raw, stream)

    async def delete_msg(self, stream: str, seq: int) -> None:
        """Remove one stored message; one already gone is fine."""
        with contextlib.suppress(NotFound), nats_errors(f"delete {stream}#{seq}"):
            await self.js.delete_msg(stream, seq)

    async def purge_subject(self, stream: str, subject: str) -> None:
        with nats_errors(f"purge {subject} from {stream}"):
            await self.js.purge_stream(stream, subject=subject)

    async def ensure_consumer(self, stream: str, spec: ConsumerSpec) -> None:
        """Create or update; every replica calls this and they converge on one durable.

        Idempotent, so a request the bus cannot answer yet (it times out, or says 503 while
        a cluster elects the stream's leader) is asked again, for up to ``_CONSUMER_WAIT_S``.
        """
        what = f"consumer {spec.durable}"

        async def create() -> None:
            with nats_errors(what):
                await self.js.add_consumer(stream, consumer_config(spec))

        await waited_out(create, what, wait_s=_CONSUMER_WAIT_S, transient=_not_yet)

    async def pull(self, stream: str, durable: str) -> PullSubscription:
        with nats_errors(f"bind {durable}"):
            sub = await self.js.pull_subscribe_bind(durable, stream=stream)
        return PullSubscription(sub, durable)

    async def watch(
        self, stream: str, subject: str, handler: Handler, *, heartbeat_s: float
    ) -> Subscription:
        return await watch_stream(self.js, stream, subject, handler, heartbeat_s=heartbeat_s)

    # --- key-value and objects --------------------------------------------------

    def bucket(self, name: str) -> Bucket:
        """The bucket handle for ``name``, one per bus (opened on first use)."""
        found = self._buckets.get(name)
        if found is None:
            found = self._buckets[name] = Bucket(self.js, name, self.stored)
        return found

    async def put_object(self, store: str, name: str, data: bytes) -> None:
        with nats_errors(f"store object {name}"):
            obs = await self.js.object_store(store)
            await obs.put(name, data)

    async def get_object(self, store: str, name: str) -> bytes | None:
        """An object's bytes, or None when the store has no such object."""
        try:
            with nats_errors(f"read object {name}"):
                obs = await self.js.object_store(store)
                result = await obs.get(name)
        except NotFound:
            return None
        return result.data or b""


# Tries per server before the first connect gives up (a CLI verb then exits 69).
FIRST_CONNECT_ATTEMPTS = 3
_CREDS_MARKERS = ("BEGIN NATS USER JWT", "BEGIN USER NKEY SEED")
# What nats-server says when it refuses a login (wrong password, token, key or JWT).
_REFUSED = ("authorization violation", "authentication")


def _creds(path: Path) -> str:
    """A credentials file checked before nats-py reads it: a missing or malformed one
    otherwise surfaces as a retried connect failure or an exception from deep inside."""
    try:
        text = path.read_text()
    except OSError as exc:
        raise ValidationFailed(f"credentials file {path}: {exc.strerror or exc}") from exc
    missing = [marker for marker in _CREDS_MARKERS if marker not in text]
    if missing:
        raise ValidationFailed(
            f"credentials file {path}: not a NATS .creds file (no {' and no '.join(missing)})"
        )
    return str(path)


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
        # nats-py uses this bound for the first connect too, where -1 would retry an
        # unreachable server forever: bounded here, unbounded once connected (below).
        "max_reconnect_attempts": FIRST_CONNECT_ATTEMPTS,
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
        options["user_credentials"] = _creds(settings.nats_creds)
    if settings.nats_nkey_seed:
        options["nkeys_seed"] = str(settings.nats_nkey_seed)
    tls = _tls(settings)
    if tls is not None:
        options["tls"] = tls

    # nats-py reports a refused login to the error callback and then only says that no
    # server was available; the refusal is kept to say why.
    refusals: list[str] = []
    connecting = True

    async def _note_refusals(exc: Exception) -> None:
        # Reconnects report through here too: only the first connect's refusals count.
        if connecting and any(word in str(exc).lower() for word in _REFUSED):
            refusals.append(str(exc))

    options["error_cb"] = _note_refusals
    try:
        with nats_errors(f"connect {target}"):
            nc = await nats.connect(**options)
    except BusUnavailable as exc:
        if refusals:
            raise BusRejected(
                f"connect {target}: the server refused these credentials ({refusals[-1]})"
            ) from exc
        raise
    connecting = False
    nc.options["max_reconnect_attempts"] = -1
    timeout_s = settings.request_timeout_s
    return Bus(nc=nc, js=nc.jetstream(timeout=timeout_s), timeout_s=timeout_s)


@asynccontextmanager
async def connected(settings: Settings, url: str | None = None) -> AsyncIterator[Bus]:
    bus = await connect(settings, url)
    try:
        yield bus
    finally:
        await bus.close()
