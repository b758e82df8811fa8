"""The hand-over point between the builder thread and the web server.

The builder publishes a new immutable `Snapshot` after every rebuild; request handlers and
live-reload streams only ever read the current snapshot, so a page is never served from a
half-finished build.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass

from sitegen.pipeline import BuiltSite


@dataclass(frozen=True)
class Snapshot:
    site: BuiltSite | None  # the last good build; None until the first one succeeds
    version: str  # changes whenever `site` does (and on every server start)
    errors: tuple[str, ...] = ()  # the last build's messages; () when it succeeded
    builds: int = 0  # builds finished so far, failed ones included

    def state(self) -> dict[str, object]:
        """What the browser (and /__sitegen/status) is told."""
        return {"version": self.version, "errors": list(self.errors), "site": self.site is not None,
                "builds": self.builds}


class Hub:
    """Holds the current snapshot and wakes the async waiters when it changes.

    `saw_change`, `publish` and `close` may be called from any thread; everything else runs on the
    server's event loop.
    """

    def __init__(self) -> None:
        self._server_id = secrets.token_hex(4)  # a restarted server makes every open tab reload
        self._epoch = 0
        self._builds = 0
        self.snapshot = Snapshot(site=None, version=self._version())
        # Changes are numbered as they are seen; a rebuild reports the last number it
        # included. While some seen change is not published yet, pages wait for it.
        self._numbers = itertools.count(1)
        self._seen = 0
        self._done = 0
        self._lock = threading.Lock()
        self.closing = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed = asyncio.Event()

    def _version(self) -> str:
        return f"{self._server_id}-{self._epoch}"

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Called once the server's loop runs; from then on changes are delivered through it."""
        self._loop = loop
        self._changed = asyncio.Event()

    # --- any thread ----------------------------------------------------------------------

    def saw_change(self) -> int:
        """Number a change as the watcher sees it (before it is queued for the builder)."""
        with self._lock:
            self._seen = next(self._numbers)
            return self._seen

    def publish(self, site: BuiltSite | None, errors: tuple[str, ...], new_epoch: bool, done: int = 0) -> None:
        """A rebuild that included the changes numbered up to `done` finished: `site` is the
        site to serve (the last good one after a failure)."""
        if new_epoch:
            self._epoch += 1
        self._builds += 1
        snapshot = Snapshot(site=site, version=self._version(), errors=errors, builds=self._builds)
        self._call(self._set, snapshot, done)

    @property
    def pending(self) -> bool:
        """A change was seen whose rebuild is not published yet."""
        return self._seen > self._done

    def close(self) -> None:
        """Ends the live-reload streams so the server can stop at once."""
        self._call(self._set_closing)

    # --- event loop ------------------------------------------------------------------------

    def _call(self, function: Callable[..., object], *args: object) -> None:
        if self._loop is None or self._loop.is_closed():
            function(*args)
        else:
            self._loop.call_soon_threadsafe(function, *args)

    def _set(self, snapshot: Snapshot, done: int) -> None:
        self.snapshot = snapshot
        with self._lock:
            self._done = max(self._done, done)
        self._wake()

    def _set_closing(self) -> None:
        self.closing = True
        self._wake()

    def _wake(self) -> None:
        # Waiters hold the old event; a fresh one serves the next change.
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def changed(self) -> asyncio.Event:
        """An event set at the next change (capture it before reading `snapshot`)."""
        return self._changed

    async def settled(self, timeout: float) -> Snapshot:
        """The snapshot once no rebuild is pending (or after `timeout` seconds), so a page
        requested right after a save is never the one from before it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.pending and not self.closing:
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            try:
                await asyncio.wait_for(self.changed().wait(), remaining)
            except TimeoutError:
                break
        return self.snapshot
