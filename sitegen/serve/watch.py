"""File events: watchdog observers feeding one queue of changed paths.

Only events that can change the site are kept: reads (watchdog 7 reports opens and
closes) and editor scratch files are dropped here, so the builder's own reads never
trigger a rebuild.
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Iterable
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver
from watchdog.observers.polling import PollingObserver

from sitegen.mintignore import IGNORE_FILE

_WRITES = frozenset({"created", "deleted", "modified", "moved", "closed"})
_SKIPPED_DIRS = frozenset({"__pycache__", "node_modules"})
_SCRATCH_SUFFIXES = (".swp", ".swx", ".swo", ".tmp", ".part", ".crdownload")


def is_noise(path: Path, root: Path) -> bool:
    """Dot folders (.git), editor backups and swap files, caches."""
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        parts = path.parts
    name = path.name
    # .mintignore (beside docs.json) decides which pages and files are published.
    folders = parts[:-1] if name == IGNORE_FILE else parts
    return (
        any(part.startswith(".") or part in _SKIPPED_DIRS for part in folders)
        or name.endswith("~")
        or name.endswith(_SCRATCH_SUFFIXES)
        or (name.startswith("#") and name.endswith("#"))  # Emacs auto-save
        or name == "4913"  # Vim probes whether it may write a folder with this name
    )


class _Handler(FileSystemEventHandler):
    def __init__(self, root: Path, ignore: tuple[Path, ...], on_change: Callable[[Path], None]) -> None:
        self.root = root
        self.ignore = ignore
        self.on_change = on_change

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type not in _WRITES or (event.is_directory and event.event_type == "modified"):
            return  # a folder's own time stamp changes with every file written in it
        paths = [event.src_path] + ([event.dest_path] if event.event_type == "moved" else [])
        for raw in paths:
            path = Path(raw.decode() if isinstance(raw, bytes) else raw)
            if is_noise(path, self.root) or any(path == d or path.is_relative_to(d) for d in self.ignore):
                continue
            self.on_change(path)


class Watcher:
    """Watches folders recursively; `changes` receives (change number, path) items."""

    def __init__(self, roots: Iterable[Path], ignore: tuple[Path, ...], number: Callable[[], int], poll: bool) -> None:
        self.changes: queue.Queue[tuple[int, Path]] = queue.Queue()
        self._number = number
        self._observer: BaseObserver = PollingObserver(timeout=0.25) if poll else Observer()
        unique = list(dict.fromkeys(roots))
        for root in unique:
            if any(root != other and root.is_relative_to(other) for other in unique):
                continue  # already watched through its parent
            self._observer.schedule(_Handler(root, ignore, self._queue), str(root), recursive=True)

    def _queue(self, path: Path) -> None:
        # Numbered before it is queued: the server knows a rebuild is coming before the
        # builder can take it (see Hub.pending).
        self.changes.put((self._number(), path))

    def start(self) -> None:
        self._observer.start()

    def stop(self) -> None:
        self._observer.stop()
        self._observer.join(timeout=5)
