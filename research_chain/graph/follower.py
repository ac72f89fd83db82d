"""Follow the ``ENTITY_STATES`` bucket: the current value of every key, then every change.

An ordered push consumer on the bucket's stream, applying each message in its
callback (no queue in between). It starts from the last value per key; when
the server restarts or a message is lost, nats-py re-creates the consumer from
the last stream sequence seen (resume by revision), which can take a few
heartbeats: until then the indexes serve what they have. Messages at or below
the applied sequence are ignored, so a resume never applies a change twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import nats.js.errors
from nats.aio.msg import Msg
from nats.js import api
from nats.js.client import JetStreamContext

from research_chain.bus.connection import Bus, nats_errors
from research_chain.errors import GraphError

__all__ = ["Change", "KvFollower"]

log = logging.getLogger(__name__)

_KV_OP = "KV-Operation"
_MARKER = "Nats-Marker-Reason"

# (stream sequence, key, value or None when the key was deleted or purged)
Change = tuple[int, str, bytes | None]


class KvFollower:
    """Calls ``apply`` for every change of a bucket, in stream order."""

    def __init__(
        self,
        bus: Bus,
        bucket: str,
        apply: Callable[[Change], None],
        *,
        heartbeat_s: float = 2.0,
    ) -> None:
        self._bus = bus
        self._bucket = bucket
        self._prefix = f"$KV.{bucket}."
        self._apply = apply
        self._heartbeat_s = heartbeat_s
        self._sub: JetStreamContext.PushSubscription | None = None
        self.applied_seq = 0
        self._load_target: int | None = None
        self.loaded = asyncio.Event()
        self._waiters: list[tuple[int, asyncio.Future[None]]] = []

    async def start(self) -> None:
        try:
            await self._subscribe()
        except nats.js.errors.NotFoundError as exc:
            raise GraphError(
                f"bucket {self._bucket} does not exist: provision the server first"
            ) from exc

    async def _subscribe(self) -> None:
        with nats_errors(f"watch bucket {self._bucket}"):
            self._sub = await self._bus.js.subscribe(
                f"{self._prefix}>",
                stream=f"KV_{self._bucket}",
                cb=self._on_msg,
                ordered_consumer=True,
                deliver_policy=api.DeliverPolicy.LAST_PER_SUBJECT,
                idle_heartbeat=self._heartbeat_s,
                inactive_threshold=300.0,
            )
        # Loaded once everything the bucket held when the watch began is applied. (The
        # consumer's pending count is no guide: the server may have pushed every message
        # before this process has applied any.)
        self._load_target = await self.last_seq()
        self._check_loaded()

    def _check_loaded(self) -> None:
        if self._load_target is not None and self.applied_seq >= self._load_target:
            self.loaded.set()

    async def _on_msg(self, msg: Msg) -> None:
        meta = msg.metadata
        seq = int(meta.sequence.stream)
        if seq > self.applied_seq:
            key = msg.subject[len(self._prefix) :]
            headers = msg.headers or {}
            deleted = _KV_OP in headers or _MARKER in headers
            try:
                self._apply((seq, key, None if deleted else msg.data))
            except Exception:  # one bad value must not stop the index
                log.exception("entity %s (revision %d) could not be indexed", key, seq)
            self.applied_seq = seq
        if meta.num_pending == 0:
            self.loaded.set()  # the last message the watch had (covers a target deleted since)
        self._check_loaded()
        if self._waiters:
            self._wake()

    def _wake(self) -> None:
        still = []
        for seq, future in self._waiters:
            if seq <= self.applied_seq:
                if not future.done():
                    future.set_result(None)
            elif not future.done():
                still.append((seq, future))
        self._waiters = still

    async def wait_applied(self, seq: int, timeout_s: float) -> None:
        """Until every change up to stream sequence ``seq`` has been applied."""
        if self.applied_seq >= seq:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append((seq, future))
        async with asyncio.timeout(timeout_s):
            await future

    async def last_seq(self) -> int:
        """The bucket stream's last sequence (0 when it holds nothing)."""
        with nats_errors(f"bucket {self._bucket} info"):
            info = await self._bus.js.stream_info(f"KV_{self._bucket}")
        if not info.state.messages:
            return 0
        return int(info.state.last_seq)

    async def stop(self) -> None:
        if self._sub is not None:
            sub, self._sub = self._sub, None
            with nats_errors("stop watch"):
                await sub.unsubscribe()
