"""A periodic reading of this process's consumers' lag (and, on engines, the loops in
flight), handed to the hooks; a failed reading is skipped, never fatal."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence

from research_chain.bus.connection import Bus
from research_chain.bus.monitor import ConsumerLag, consumer_lag, loops_in_flight
from research_chain.bus.names import Names
from research_chain.errors import ResearchChainError
from research_chain.runtime.hooks import Hook

__all__ = ["LagMonitor"]

log = logging.getLogger(__name__)


class LagMonitor:
    """Reads every ``interval_s`` until stopped; the first reading is immediate."""

    def __init__(
        self,
        bus: Bus,
        hooks: Hook,
        consumers: Sequence[tuple[str, str]],
        *,
        names: Names,
        count_loops: bool,
        interval_s: float,
    ) -> None:
        self._bus = bus
        self._hooks = hooks
        self._consumers = sorted(set(consumers))
        self._names = names
        self._count_loops = count_loops
        self._interval_s = interval_s
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="lag-monitor")

    async def stop(self) -> None:
        """Cancel and wait; the flag ends the loop too, since a request cut short by the
        cancel can surface as a bus error rather than as the cancellation."""
        self._stopping.set()
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def read(self) -> None:
        lags: list[ConsumerLag] = []
        for stream, consumer in self._consumers:
            lag = await consumer_lag(self._bus, stream, consumer)
            if lag is not None:
                lags.append(lag)
        in_flight = await loops_in_flight(self._bus, self._names) if self._count_loops else None
        await self._hooks.on_lag(lags, in_flight)

    async def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                await self.read()
            except ResearchChainError as exc:
                log.debug("lag reading skipped: %s", exc)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self._interval_s)
