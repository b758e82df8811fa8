"""The builder thread: takes bursts of changed paths, rebuilds, publishes, reports.

A burst (an editor's temp file + rename, a `git checkout`) becomes one rebuild: after the
first change the thread waits until no new change arrives for `DEBOUNCE` seconds.
"""

from __future__ import annotations

import functools
import queue
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from sitegen.errors import SitegenError
from sitegen.pipeline import BuiltSite
from sitegen.search import BUNDLE_DIR
from sitegen.serve.hub import Hub
from sitegen.serve.reuse import DevBuilder

DEBOUNCE = 0.03  # seconds of quiet that end a burst
MAX_WAIT = 0.5  # a steady stream of changes still rebuilds this often


class Rebuilder:
    def __init__(self, builder: DevBuilder, hub: Hub, log: Callable[[str], None]) -> None:
        self.builder = builder
        self.hub = hub
        self.log = log
        self.site: BuiltSite | None = None  # the last good build
        self._shown_errors: tuple[str, ...] = ()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        # Indexing 1,000 pages takes seconds: the search index is refreshed in the background
        # and picked up by a quiet rebuild (`_loop`), never between a save and its reload.
        builder.search.background = True

    def build_first(self) -> None:
        started = time.perf_counter()
        self._finish(lambda: self.builder.build(), set(), 0, started, "Built")

    def start(self, changes: queue.Queue[tuple[int, Path]]) -> None:
        self._thread = threading.Thread(target=self._loop, args=(changes,), name="sitegen-rebuild", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
        self.builder.search.close()

    def _loop(self, changes: queue.Queue[tuple[int, Path]]) -> None:
        while not self._stop.is_set():
            try:
                number, path = changes.get(timeout=0.2)
            except queue.Empty:
                if self.builder.search.take_refreshed():  # a new search bundle: serve it
                    self._finish(lambda: self.builder.rebuild(()), set(), 0, time.perf_counter(), "Indexed")
                continue
            paths, last = {path}, number
            started = time.perf_counter()
            deadline = started + MAX_WAIT
            while time.perf_counter() < deadline:
                try:
                    number, path = changes.get(timeout=DEBOUNCE)
                except queue.Empty:
                    break
                paths.add(path)
                last = max(last, number)
            self._finish(functools.partial(self.builder.rebuild, paths), paths, last, time.perf_counter(), "Rebuilt")

    def _finish(self, build: Callable[[], BuiltSite], paths: set[Path], done: int, started: float, verb: str) -> None:
        try:
            site = build()
        except SitegenError as exc:
            self._failed(tuple(exc.messages), done)
            return
        except Exception:  # a bug in sitegen must not stop the server either
            self._failed(("internal error while building (a sitegen bug):",
                          *traceback.format_exc().rstrip().splitlines()[-3:]), done)
            return
        seconds = time.perf_counter() - started
        # A new search bundle alone reloads no tab: pages load it when they next search.
        changed = [out for out in _changed_outputs(self.site, site, paths) if not out.startswith(BUNDLE_DIR + "/")]
        recovered = bool(self._shown_errors)
        # Each warning is printed once: when the build that first finds it happens.
        known = set(self.site.warnings) if self.site is not None else set()
        self.site = site
        self._shown_errors = ()
        self.hub.publish(site, (), new_epoch=bool(changed), done=done)
        for warning in site.warnings:
            if warning not in known:
                self.log(f"warning: {warning}")
        if changed or recovered:
            what = f"{site.pages} pages" if verb == "Built" else _describe(changed)
            self.log(f"{verb} {what} in {seconds * 1000:.0f} ms" + (" (errors fixed)" if recovered else ""))

    def _failed(self, messages: tuple[str, ...], done: int) -> None:
        # Each error is printed once: a rebuild that fails the same way stays quiet.
        for message in messages:
            if message not in self._shown_errors:
                self.log(f"error: {message}")
        self._shown_errors = messages
        self.hub.publish(self.site, messages, new_epoch=False, done=done)


def _changed_outputs(old: BuiltSite | None, new: BuiltSite, paths: set[Path]) -> list[str]:
    """Output paths whose content differs between two builds (copied files by their source)."""
    if old is None:
        return sorted(new.files) + sorted(new.copies)
    changed = [out for out, data in new.files.items() if (before := old.files.get(out)) is not data and before != data]
    changed += [out for out in old.files if out not in new.files]
    changed += [out for out, src in new.copies.items() if old.copies.get(out) != src or src in paths]
    changed += [out for out in old.copies if out not in new.copies]
    return changed


def _describe(changed: list[str]) -> str:
    pages = [out for out in changed if out.endswith(".html")]
    if len(pages) == 1 and len(changed) == 1:
        return "/" + pages[0].removesuffix("index.html")
    if pages:
        return f"{len(pages)} page{'s' if len(pages) != 1 else ''}" + (
            f" and {len(changed) - len(pages)} other files" if len(changed) > len(pages) else "")
    return f"{len(changed)} file{'s' if len(changed) != 1 else ''}"
