"""``research-chain watch``: loops in flight, live, and one loop's trajectory.

The live view reads loop states (``loop.<id>`` in the loop bucket) through a KV watch,
not the ops events: a watch starts with every state the bucket holds, so loops that
began before the watcher are shown too, and nothing is lost while it reconnects. One
loop's trajectory is its stored state (the last time each step happened) followed by
its ops events as they come, until the loop ends.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from typing import IO, Any

import orjson
from pydantic import BaseModel

from research_chain.bus import Bus
from research_chain.bus import names as n
from research_chain.bus.message import Message
from research_chain.bus.results import watch_keys
from research_chain.errors import DecodeError
from research_chain.runtime.state import LoopState

__all__ = [
    "LoopTable",
    "LoopView",
    "follow_loop",
    "format_event",
    "loop_views",
    "watch_json",
    "watch_table",
]

# Finished loops stay on the live table this long, so an outcome can be read.
FINISHED_SHOWN = 8


class LoopView(BaseModel):
    """One loop as the watcher shows it: a table row, or one ``--json`` line."""

    loop_id: str
    parent_loop_id: str
    status: str
    stage: str
    round: int
    step: int
    age_s: float
    tokens: int
    route_action: str
    retighten_rounds: int
    refine_rounds: int
    outcome: str

    @classmethod
    def of(cls, state: LoopState, now: float) -> LoopView:
        ended = state.stage_times.get("done") if state.finished else None
        return cls(
            loop_id=state.loop_id,
            parent_loop_id=state.parent_loop_id,
            status=state.status.value,
            stage=state.stage,
            round=state.round,
            step=state.step,
            age_s=round(max(0.0, (ended or now) - state.started_at), 3),
            tokens=state.tokens_spent,
            route_action=state.route_action,
            retighten_rounds=state.retighten_rounds,
            refine_rounds=state.refine_rounds,
            outcome=state.outcome,
        )


async def loop_views(
    bus: Bus, bucket: str, on_ready: Callable[[], None] | None = None
) -> AsyncIterator[LoopView]:
    """Each loop state as it changes: those in flight when the watch starts, then every
    change live (finished loops once, with their outcome). ``on_ready`` runs once the
    watch is in place: from then on no change can be missed."""
    async with watch_keys(bus, bucket, n.loop_keys_filter()) as updates:
        if on_ready is not None:
            on_ready()
        async for update in updates:
            if update.value is None:
                continue
            try:
                state = LoopState.decode(update.value)
            except DecodeError:
                continue
            if update.initial and state.finished:
                continue
            yield LoopView.of(state, time.time())


class LoopTable:
    """The rows rich renders on every refresh (so ages tick without new states)."""

    def __init__(self) -> None:
        self.running: dict[str, tuple[LoopView, float]] = {}
        self.finished: deque[LoopView] = deque(maxlen=FINISHED_SHOWN)
        self.counts = {"answered": 0, "degraded": 0}

    def add(self, view: LoopView) -> None:
        if view.status == "done":
            self.running.pop(view.loop_id, None)
            self.finished.appendleft(view)
            self.counts["answered" if view.outcome == "answered" else "degraded"] += 1
        else:
            self.running[view.loop_id] = (view, time.time() - view.age_s)

    def __rich__(self) -> Any:
        from rich.table import Table

        now = time.time()
        table = Table(
            title=f"{len(self.running)} in flight, {self.counts['answered']} answered, "
            f"{self.counts['degraded']} degraded since watching",
            expand=False,
        )
        for column in ("loop", "stage", "round", "age", "tokens", "route", "outcome"):
            table.add_column(column, justify="right" if column in ("round", "tokens") else "left")
        rows = [(view, now - since) for view, since in self.running.values()]
        rows += [(view, view.age_s) for view in self.finished]
        for view, age in rows:
            table.add_row(
                view.loop_id[:8], view.stage or "-", str(view.round), f"{age:.1f}s",
                str(view.tokens), view.route_action or "-", view.outcome or view.status,
            )  # fmt: skip
        return table


async def watch_table(views: AsyncIterator[LoopView], stop: asyncio.Event) -> None:
    """The live table until ``stop`` is set (Ctrl-C)."""
    from rich.live import Live

    table = LoopTable()

    async def fill() -> None:
        async for view in views:
            table.add(view)

    with Live(table, refresh_per_second=4):
        await _until(fill(), stop)


async def watch_json(views: AsyncIterator[LoopView], stop: asyncio.Event, out: IO[str]) -> None:
    """One JSON line per loop state change until ``stop`` is set."""

    async def emit() -> None:
        async for view in views:
            out.write(view.model_dump_json() + "\n")
            out.flush()

    await _until(emit(), stop)


async def _until(work: Any, stop: asyncio.Event) -> None:
    task = asyncio.ensure_future(work)
    stopped = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({task, stopped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for pending in (task, stopped):
            pending.cancel()
        await asyncio.gather(task, stopped, return_exceptions=True)
    error = task.exception() if task.done() and not task.cancelled() else None
    if error is not None:
        raise error


def format_event(event: bytes | dict[str, Any]) -> str:
    """One ops event as a line: time, loop, stage, kind and the rest as key=value."""
    event = orjson.loads(event) if isinstance(event, bytes) else dict(event)
    stamp = time.strftime("%H:%M:%S", time.localtime(float(event.pop("at", 0.0))))
    head = f"{stamp} {event.pop('loop_id', '?')} {event.pop('stage', '?'):<18} "
    head += f"{event.pop('kind', '?'):<18}"
    rest = " ".join(f"{k}={v}" for k, v in event.items() if v not in (None, ""))
    return f"{head} {rest}".rstrip()


def trajectory(state: LoopState) -> list[dict[str, Any]]:
    """The steps the stored state remembers, in order, as events (the last time of each)."""
    steps = sorted(state.stage_times.items(), key=lambda item: item[1])
    return [
        {
            "at": at,
            "loop_id": state.loop_id,
            "stage": "state",
            "kind": "step",
            "step": name,
            "after_ms": round((at - state.started_at) * 1000, 1),
        }
        for name, at in steps
    ]


async def follow_loop(
    bus: Bus, bucket: str, loop_id: str, stop: asyncio.Event, show: Callable[[dict[str, Any]], None]
) -> LoopView | None:
    """Show a loop's trajectory so far, then its events until it ends (or ``stop``).

    The event subscription starts before the state is read, so a step taken in between
    is shown (perhaps twice), never lost. Returns the loop's last view, None if unknown.
    """
    events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def on_event(msg: Message) -> None:
        events.put_nowait(orjson.loads(msg.data))

    sub = await bus.subscribe(n.events_filter(loop_id), on_event)
    try:
        raw = await bus.bucket(bucket).read(n.loop_key(loop_id))
        state = LoopState.decode(raw) if raw is not None else None
        if state is not None:
            show({"kind": "loop", **LoopView.of(state, time.time()).model_dump()})
            for step in trajectory(state):
                show(step)
            if state.finished:
                return LoopView.of(state, time.time())
        finished = asyncio.ensure_future(_events_until_finished(events, show))
        await _until(finished, stop)
    finally:
        await sub.unsubscribe()
    raw = await bus.bucket(bucket).read(n.loop_key(loop_id))
    return LoopView.of(LoopState.decode(raw), time.time()) if raw is not None else None


async def _events_until_finished(
    events: asyncio.Queue[dict[str, Any]], show: Callable[[dict[str, Any]], None]
) -> None:
    while True:
        event = await events.get()
        show(event)
        if event.get("kind") == "loop.finished":
            return
