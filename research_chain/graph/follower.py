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

from research_chain.bus import Bus, Message, Subscription
from research_chain.errors import GraphError, NotFound

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
        self._sub: Subscription | None = None
        self.applied_seq = 0
        self._load_target: int | None = None
        self.loaded = asyncio.Event()
        self._waiters: list[tuple[int, asyncio.Future[None]]] = []

    async def start(self) -> None:
        try:
            await self._subscribe()
        except NotFound as exc:
            raise GraphError(
                f"bucket {self._bucket} does not exist: provision the server first"
            ) from exc

    async def _subscribe(self) -> None:
        self._sub = await self._bus.watch(
            f"KV_{self._bucket}", f"{self._prefix}>", self._on_msg, heartbeat_s=self._heartbeat_s
        )
        # Loaded once everything the bucket held when the watch began is applied. (The
        # consumer's pending count is no guide: the server may have pushed every message
        # before this process has applied any.)
        self._load_target = await self.last_seq()
        self._check_loaded()

    def _check_loaded(self) -> None:
        if self._load_target is not None and self.applied_seq >= self._load_target:
            self.loaded.set()

    async def _on_msg(self, msg: Message) -> None:
        seq = msg.seq
        if seq > self.applied_seq:
            key = msg.subject[len(self._prefix) :]
            headers = msg.headers
            deleted = _KV_OP in headers or _MARKER in headers
            try:
                self._apply((seq, key, None if deleted else msg.data))
            except Exception:  # one bad value must not stop the index
                log.exception("entity %s (revision %d) could not be indexed", key, seq)
            self.applied_seq = seq
        if msg.pending == 0:
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
        state = await self._bus.stream_state(f"KV_{self._bucket}")
        return state.last_seq if state.messages else 0

    async def stop(self) -> None:
        if self._sub is not None:
            sub, self._sub = self._sub, None
            await sub.unsubscribe()
