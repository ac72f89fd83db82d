"""A KV bucket with the answers callers act on: a value or None, a revision or None.

"Read a key or None" and "create / compare-and-set, or say it lost" are written
once here instead of a ``try/except KeyNotFoundError`` in every caller. The
bucket handle is opened on first use and kept by this object only.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import nats.js.errors
from nats.js.kv import KeyValue, _is_key_valid

from research_chain.bus.errors import nats_errors
from research_chain.bus.names import Header, Names

if TYPE_CHECKING:
    from nats.js import JetStreamContext

# A JetStream publish: the subject, the body and headers in, the ack out.
Store = Callable[[str, bytes, dict[str, str] | None], Awaitable[dict[str, Any]]]
# JetStream's codes for "the subject's last sequence is not the expected one".
_WRONG_LAST_SEQUENCE = frozenset({10071, 10164})

__all__ = ["Bucket", "Entry"]


@dataclass(frozen=True, slots=True)
class Entry:
    """A key's value (None once deleted or purged) and the revision to write on."""

    value: bytes | None
    revision: int


class Bucket:
    """One KV bucket by name."""

    def __init__(self, js: JetStreamContext, name: str, store: Store) -> None:
        self._js = js
        self.name = name
        self._store = store
        self._prefix = Names().kv_subject(name, "")
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
        revision = await self.update(key, value, last=0)
        if revision is not None:
            return revision
        # A deleted or purged key still has a marker: nats-py's create writes over it.
        kv = await self._open()
        with nats_errors(f"create {key}"):
            try:
                return int(await kv.create(key, value))
            except nats.js.errors.KeyWrongLastSequenceError:
                return None

    async def update(self, key: str, value: bytes, *, last: int) -> int | None:
        """Compare-and-set on ``last`` (0: the key must not exist); None when it lost."""
        headers: dict[str, str] = {Header.EXPECTED_LAST_SUBJECT_SEQUENCE: str(last)}
        with nats_errors(f"update {key}"):
            if not _is_key_valid(key):
                raise nats.js.errors.InvalidKeyError(key)
            try:
                ack = await self._store(self._prefix + key, value, headers)
            except nats.js.errors.APIError as exc:
                if exc.err_code in _WRONG_LAST_SEQUENCE:
                    return None
                raise
        return int(ack["seq"])

    async def purge(self, key: str) -> None:
        """Remove the key and its history; a key that is not there is already gone."""
        kv = await self._open()
        with nats_errors(f"purge {key}"), contextlib.suppress(nats.js.errors.KeyNotFoundError):
            await kv.purge(key)
