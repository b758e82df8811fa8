"""`.sitegen-cache/build/pages.sqlite`: the persistent build cache's page entries, one row each.

One SQLite database instead of a file per page: a build writes one file, not two per page.
What a row holds is `pagecache.py`'s business (a header, the page's files one after another,
and the page's Markdown for llms-full.txt); this module only keeps the rows safe to use:

- every process opens its own connection (workers are forked: a connection must never be
  used across a fork), keyed by the process id, with a busy timeout; writes come in batches,
  one transaction each;
- the repository may have committed anything in `.sitegen-cache/`: a symlink (or anything
  but a regular file) at the database's path or its journal's is removed before SQLite opens
  them, never followed; a file that is no database of this format (damaged, another schema,
  another format number) is replaced by an empty one, by the process that owns the cache;
- free pages are reused by later rows and given back to the file system when they make up
  much of the file (`auto_vacuum = INCREMENTAL`), so the file does not grow without bound.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import stat
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

# "SGPC": marks the file as sitegen's page cache (a database of some other program is no entry).
_APPLICATION_ID = 0x53475043
_SCHEMA = ("CREATE TABLE pages (key TEXT PRIMARY KEY, header BLOB NOT NULL, markdown BLOB NOT NULL,"
           " body BLOB NOT NULL)")
# The rollback journal, truncated (not deleted) after each transaction: one journal file,
# made once; unlike OFF an interrupted transaction is rolled back, not left half-written.
# No fsync (`synchronous = OFF`): a cache may lose its last writes in a power cut; damage
# found later is a miss.
_JOURNAL_MODE = "TRUNCATE"
_SIDECARS = ("-journal", "-wal", "-shm")  # every file SQLite may open beside the database
_BUSY_SECONDS = 60.0  # another process's transaction: a batch of pages, or `keep_only`
# Free pages are given back once they are a quarter of the file (and more than a megabyte):
# reclaiming on every build would move pages for no gain.
_RECLAIM_SHARE = 4
_RECLAIM_MIN_PAGES = 256


def _close_before_fork() -> None:
    """No connection of this process is open across a fork: SQLite's per-process state of
    an open file (its locks, the WAL index) would be copied into the child with it."""
    for database in list(_OPEN):
        database.close()


_OPEN: weakref.WeakSet[PageDatabase] = weakref.WeakSet()  # databases with a connection open
os.register_at_fork(before=_close_before_fork)


def _is_damage(exc: sqlite3.Error) -> bool:
    """The file is no database or a damaged one (not: busy, locked, read-only, full disk)."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    return code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


class PageDatabase:
    """The rows of `path`: `rows()` (all but the bodies), `body`, `put`, `keep_only`. Every
    method returns nothing useful (empty, None, False) rather than raise when the database
    cannot be used; `owner_pid` is the process that may replace it."""

    def __init__(self, path: Path, format_number: int) -> None:
        self.path = path
        self.format_number = format_number
        self.owner_pid = os.getpid()
        # Per process: a connection (None when the database cannot be used) and the lock that
        # lets threads of that process share it. A forked child leaves its parent's untouched.
        self._connections: dict[int, tuple[sqlite3.Connection | None, threading.Lock]] = {}
        # Damage this process met after opening (a row that cannot be read): the owner
        # replaces the database at `keep_only`, the end of the build.
        self._damaged = False

    # --- opening ---------------------------------------------------------------------------

    def _connection(self) -> tuple[sqlite3.Connection | None, threading.Lock]:
        pid = os.getpid()
        found = self._connections.get(pid)
        if found is None:
            found = self._connections[pid] = (self._open(), threading.Lock())
            _OPEN.add(self)
        return found

    def close(self) -> None:
        """Close this process's connection (opened again when next needed)."""
        found = self._connections.pop(os.getpid(), None)
        if found is not None and found[0] is not None:
            with found[1]:  # a thread's query ends first
                found[0].close()

    def _open(self) -> sqlite3.Connection | None:
        try:
            connection = self._connect()
            if self._valid(connection):
                return connection
            connection.close()
        except sqlite3.Error as exc:
            if not _is_damage(exc):
                return None  # busy, read-only, ...: this build goes without the cache
        except OSError:
            return None
        if os.getpid() != self.owner_pid:
            return None  # a worker never replaces the file the others may be writing
        try:
            self._remove_files(everything=True)
            connection = self._connect()
            return connection if self._valid(connection) else None
        except (sqlite3.Error, OSError):
            return None

    def _connect(self) -> sqlite3.Connection:
        self._remove_files(everything=False)
        connection = sqlite3.connect(self.path, timeout=_BUSY_SECONDS, isolation_level=None,
                                     check_same_thread=False)
        try:
            # Before anything writes the file (a journal mode may): it is fixed once a table
            # is made, and ignored inside a transaction. A no-op on an existing database.
            connection.execute("PRAGMA auto_vacuum = INCREMENTAL")
            connection.execute(f"PRAGMA journal_mode = {_JOURNAL_MODE}")
            connection.execute("PRAGMA synchronous = OFF")
        except sqlite3.Error:
            connection.close()
            raise
        return connection

    def _remove_files(self, everything: bool) -> None:
        """Remove what SQLite must not open: anything but a regular file at the database's
        path or a journal's (a planted symlink is removed, not followed); with `everything`,
        the files themselves too (a database to replace)."""
        for path in [str(self.path)] + [f"{self.path}{suffix}" for suffix in _SIDECARS]:
            try:
                mode = os.lstat(path).st_mode
            except FileNotFoundError:
                continue
            if stat.S_ISDIR(mode):
                shutil.rmtree(path)
            elif everything or not stat.S_ISREG(mode):
                os.unlink(path)

    def _valid(self, connection: sqlite3.Connection) -> bool:
        """Whether the database is one of ours, of this format (an empty one is made so)."""
        if self._is_ours(connection):
            return True
        connection.execute("BEGIN IMMEDIATE")  # two processes must not both set it up
        try:
            tables = connection.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
            if tables == 0:
                connection.execute(_SCHEMA)
                connection.execute(f"PRAGMA application_id = {_APPLICATION_ID}")
                connection.execute(f"PRAGMA user_version = {int(self.format_number)}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        return self._is_ours(connection)

    def _is_ours(self, connection: sqlite3.Connection) -> bool:
        row = connection.execute(
            "SELECT (SELECT application_id FROM pragma_application_id),"
            " (SELECT user_version FROM pragma_user_version),"
            " (SELECT auto_vacuum FROM pragma_auto_vacuum),"
            " (SELECT group_concat(sql, ';') FROM sqlite_schema)").fetchone()
        return tuple(row) == (_APPLICATION_ID, self.format_number, 2, _SCHEMA)

    # --- reading ---------------------------------------------------------------------------

    def rows(self) -> Iterator[tuple[str, bytes, bytes]]:
        """Every row's (key, header, Markdown), one at a time (a site's pages are more than
        memory should hold at once); none when the database cannot be read."""
        connection, lock = self._connection()
        if connection is None:
            return
        try:
            with lock:
                cursor = connection.execute("SELECT key, header, markdown FROM pages")
            while True:
                with lock:
                    row = cursor.fetchone()
                if row is None:
                    return
                key, header, markdown = row
                if isinstance(key, str) and isinstance(header, bytes) and isinstance(markdown, bytes):
                    yield key, header, markdown
        except sqlite3.Error as exc:
            self._damaged = self._damaged or _is_damage(exc)

    def body(self, key: str) -> bytes | None:
        """The body of the row `key`, or None."""
        connection, lock = self._connection()
        if connection is None:
            return None
        try:
            with lock:
                row = connection.execute("SELECT body FROM pages WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error as exc:
            self._damaged = self._damaged or _is_damage(exc)
            return None
        return row[0] if row is not None and isinstance(row[0], bytes) else None

    # --- writing ---------------------------------------------------------------------------

    def put(self, rows: Iterable[tuple[str, bytes, bytes, bytes]]) -> bool:
        """Store (key, header, body, markdown) rows in one transaction: a worker's task, not a page."""
        rows = list(rows)
        if not rows:
            return True
        connection, lock = self._connection()
        if connection is None:
            return False
        with lock:
            return self._write(connection, lambda: connection.executemany(
                "INSERT OR REPLACE INTO pages (key, header, body, markdown) VALUES (?, ?, ?, ?)", rows))

    def keep_only(self, keys: set[str]) -> None:
        """Delete every row not in `keys`; give free pages back when they are many."""
        if self._damaged:
            self.replace()
            return
        connection, lock = self._connection()
        if connection is None:
            return
        with lock:
            try:
                stored = {str(key) for (key,) in connection.execute("SELECT key FROM pages")}
            except sqlite3.Error as exc:
                self._damaged = _is_damage(exc)
                stored = None
        if stored is None:
            if self._damaged:
                self.replace()
            return
        with lock:
            gone = [(key,) for key in stored - keys]
            if gone and not self._write(connection, lambda: connection.executemany(
                    "DELETE FROM pages WHERE key = ?", gone)):
                return
            try:
                free = connection.execute("PRAGMA freelist_count").fetchone()[0]
                total = connection.execute("PRAGMA page_count").fetchone()[0]
                if free > _RECLAIM_MIN_PAGES and free * _RECLAIM_SHARE > total:
                    # A page a step: executescript steps it to the end (execute would free one).
                    connection.executescript("PRAGMA incremental_vacuum;")
            except sqlite3.Error:
                return

    def _write(self, connection: sqlite3.Connection, change: Callable[[], object]) -> bool:
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error:
            return False
        try:
            change()
            connection.execute("COMMIT")
            return True
        except sqlite3.Error as exc:
            self._damaged = self._damaged or _is_damage(exc)
            with contextlib.suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
            return False

    def replace(self) -> None:
        """Start over with an empty database (this process only, and only its owner)."""
        if os.getpid() != self.owner_pid:
            return
        self.close()
        with contextlib.suppress(OSError):
            self._remove_files(everything=True)
