"""What a build tells the person waiting: time per step (`--profile`) and a progress bar.

Both are passed in by the command; the steps only call `step()` and `advance()`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO, TypeVar

T = TypeVar("T")

DELAY = 1.0  # seconds before the bar appears: short builds stay silent
_EVERY = 0.1  # seconds between redraws


class Progress:
    """Pages rendered so far, as a bar on a terminal; silent elsewhere (`enabled=False`)."""

    def __init__(self, enabled: bool = False, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self._started = time.monotonic()
        self._drawn_at = 0.0
        self._shown = False
        self.total = 0
        self.done = 0

    @classmethod
    def for_terminal(cls, quiet: bool) -> Progress:
        """A bar on stderr when it is a terminal and the user did not ask for quiet."""
        return cls(enabled=not quiet and sys.stderr.isatty())

    def start(self, total: int) -> None:
        self.total, self.done = total, 0

    def advance(self, count: int = 1) -> None:
        self.done += count
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._started < DELAY or now - self._drawn_at < _EVERY:
            return
        self._drawn_at = now
        width = 30
        filled = width * self.done // max(self.total, 1)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} pages")
        self.stream.flush()
        self._shown = True

    def close(self) -> None:
        """Take the bar off the line (before any warning is printed)."""
        if self._shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self._shown = False


class StepTimes:
    """Seconds per named build step, in the order they ran."""

    def __init__(self) -> None:
        self.steps: list[tuple[str, float]] = []
        self.notes: list[str] = []  # what a step did, beside its time ("search shards: 1 of 8 indexed")

    def note(self, text: str) -> None:
        if text:
            self.notes.append(text)

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - started)

    def run(self, name: str, compute: Callable[[], T]) -> T:
        """`compute()`, timed as step `name`."""
        with self.step(name):
            return compute()

    def add(self, name: str, seconds: float) -> None:
        """A step timed by the caller (one that ends in another block's exit)."""
        self.steps.append((name, seconds))

    def table(self) -> str:
        total = sum(seconds for _, seconds in self.steps) or 1.0
        width = max((len(name) for name, _ in self.steps), default=4)
        lines = [f"{'step':<{width}}  {'seconds':>8}  {'share':>6}"]
        for name, seconds in self.steps:
            lines.append(f"{name:<{width}}  {seconds:8.3f}  {seconds / total:6.1%}")
        lines.append(f"{'total':<{width}}  {sum(s for _, s in self.steps):8.3f}")
        return "\n".join(lines + self.notes)
