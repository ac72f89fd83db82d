"""Progress bars for long work (ingest, eval, bench), drawn by rich on a terminal.

Off a terminal (a pipe, CI's log) nothing is drawn: the summary each verb prints at the
end is the record, and a log full of redraws helps nobody.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import IO, Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

__all__ = ["ProgressBar"]


class ProgressBar:
    """One bar: ``advance``/``update`` it, read ``status`` beside it; a context manager."""

    def __init__(
        self, description: str, total: float | None, *, stream: IO[str] | None = None
    ) -> None:
        console = Console(file=stream or sys.stderr)
        self._progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            TextColumn("{task.fields[status]}"),
            console=console,
            disable=not console.is_terminal,
        )
        self._task: TaskID = self._progress.add_task(description, total=total, status="")

    @property
    def enabled(self) -> bool:
        return not self._progress.disable

    def __enter__(self) -> ProgressBar:
        self._progress.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._progress.stop()

    def advance(self, amount: float = 1, *, status: str | None = None) -> None:
        self._progress.update(self._task, advance=amount, **_status(status))

    def update(
        self,
        *,
        completed: float | None = None,
        total: float | None = None,
        description: str | None = None,
        status: str | None = None,
    ) -> None:
        self._progress.update(
            self._task, completed=completed, total=total, description=description,
            **_status(status),
        )  # fmt: skip


def _status(status: str | None) -> dict[str, Any]:
    return {} if status is None else {"status": status}
