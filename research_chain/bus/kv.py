"""A KV bucket with the answers callers act on: a value or None, a revision or None.

"Read a key or None" and "create / compare-and-set, or say it lost" are written
once here instead of a ``try/except KeyNotFoundError`` in every caller. The
bucket handle is opened on first use and kept by this object only.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

import nats.js.errors
from nats.js.kv import KeyValue

from research_chain.bus.errors import nats_errors

if TYPE_CHECKING:
    from nats.js import JetStreamContext

__all__ = ["Bucket", "Entry"]


@dataclass(frozen=True, slots=True)
class Entry:
    """A key's value (None once deleted or purged) and the revision to write on."""

    value: bytes | None
    revision: int


class Bucket:
    """One KV bucket by name."""

    def __init__(self, js: JetStreamContext, name: str) -> None:
        self._js = js
        self.name = name
        self._kv: KeyValue | None = None
        self._opening = asyncio.Lock()

    async def _open(self) -> KeyValue:
        if self._kv is None:
            async with self._opening:
                if self._kv is None:
                    with nats_errors(f"open bucket {self.name}"):
                        self._kv = await self._js.key_value(self.name)
        return self._kv

    async def open(self) -> None:
        """Fail now (NotFound, BusUnavailable) rather than on the first read."""
        await self._open()

    async def entry(self, key: str) -> Entry | None:
        """The key's entry; None when it never existed, ``value=None`` when deleted."""
        kv = await self._open()
        with nats_errors(f"read {key}"):
            try:
                got = await kv.get(key)
            except nats.js.errors.KeyDeletedError as exc:
                return Entry(None, int(exc.entry.revision or 0) if exc.entry else 0)
            except nats.js.errors.KeyNotFoundError:
                return None
        return Entry(got.value or None, int(got.revision or 0))

    async def read(self, key: str) -> bytes | None:
        """The key's value, or None when it is absent, deleted or empty."""
        found = await self.entry(key)
        return found.value if found is not None else None

    async def create(self, key: str, value: bytes) -> int | None:
        """Write a new key; its revision, or None when the key already holds a value."""
        kv = await self._open()
        with nats_errors(f"create {key}"):
            try:
                return int(await kv.create(key, value))
            except nats.js.errors.KeyWrongLastSequenceError:
                return None

    async def update(self, key: str, value: bytes, *, last: int) -> int | None:
        """Compare-and-set on ``last`` (0: the key must not exist); None when it lost."""
        kv = await self._open()
        with nats_errors(f"update {key}"):
            try:
                return int(await kv.update(key, value, last=last))
            except nats.js.errors.KeyWrongLastSequenceError:
                return None

    async def purge(self, key: str) -> None:
        """Remove the key and its history; a key that is not there is already gone."""
        kv = await self._open()
        with nats_errors(f"purge {key}"), contextlib.suppress(nats.js.errors.KeyNotFoundError):
            await kv.purge(key)
