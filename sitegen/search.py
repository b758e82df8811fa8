"""Full-text search: a Pagefind index of the rendered pages (the stage after render).

The index is split into *shards*: each searchable page goes, by a hash of its output path,
into one of a power-of-two number of shards (`plan_shards`), and each shard is its own
Pagefind bundle under `BUNDLE_DIR/<shard>/`. `BUNDLE_DIR/shards.json` lists them; the theme's
search script loads the first and merges the others into it (Pagefind's `mergeIndex`), and
Pagefind ranks the merged results by score. Why shards: Pagefind has no incremental mode and
holds the whole site in memory (~0.2 MB a page), so one bundle meant re-indexing every page
after a one-page edit and ~1 GB at 5,000 pages. With shards a changed page re-indexes only
its shard (the others come from a cache), and Pagefind's memory is bounded by a shard's size
times `JOBS`. Why by hash and not by section: a shard's term statistics then look like the
whole site's, so a page that matches best still ranks first (shards by section gave a page
that mentions a section's topic once in another section a far higher score).

`sitegen build` knows which pages are searchable (and so the shards) before they render:
each real page (not the 404 page, not the root copy of the home page) gets, as it renders,
an *index document* (`index_document`: the part of it Pagefind needs) written straight into
its shard's folder, under a flat name of its own (`document_name`: a hash of its output
path), so a thousand pages make a handful of folders, not a mirror of the site's tree.
Pagefind would make each result's URL from that name, so the document carries its page's
URL as Pagefind metadata (`url`), and the theme's search script links to it (adding a
sub-result's #anchor). A `ShardIndexer` runs Pagefind on each shard's folder, on disk, as
soon as the last of its pages is written (the other shards' pages still rendering), and
writes the bundles straight into the staging site.

The dev server keeps its site in memory: it hands each real page to `SearchIndex.add` and
`SearchIndex.finish` returns the bundle (output path -> bytes); a shard whose pages did not
change keeps its bundle. The dev server cannot wait on every save, so a `SearchIndex` made
with `background=True` answers every build with the bundle it has and refreshes it in one
worker thread (last request wins, after a short quiet spell, at low CPU priority);
`take_refreshed()` tells the server that a newer bundle waits for a (cheap) rebuild.

Pagefind comes from the PyPI `pagefind[bin]` package; we run its binary on a folder. Why not
`pagefind.index.PagefindIndex.add_html_file` and `get_files()`: its client polls for each
answer with a sleep, its `get_files()` hangs once the bundle passes 2 MiB, and the service
parses added files one at a time, where a folder is parsed on every core.
"""

from __future__ import annotations

import contextlib
import hashlib
import html
import importlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

BUNDLE_DIR = "_sitegen/search"  # where the shards live in the output; search.js expects them here
MANIFEST = "shards.json"  # in BUNDLE_DIR: the shard folders, the first one with Pagefind's code
# Pages per shard, up to MAX_SHARDS shards; past that, shards grow. Small shards make a
# one-page rebuild cheap (Pagefind's time grows with the pages of the shard); few shards keep a search
# cheap: each shard adds one ~25 KB index chunk per searched word, and two small files when
# search opens (measured in bench/search_bytes.py).
SHARD_PAGES = 128
MAX_SHARDS = 16
JOBS = 2  # Pagefind runs at once (each on every core): memory is JOBS shards' worth
# While a cold build's worker processes render (on every core), one Pagefind run at a time, at
# a lower priority: the workers come first, and memory holds them and one run. At the same
# priority, a run beside the workers slowed them more than it gained (bench/RESULTS.md).
JOBS_WHILE_RENDERING = 1
TIMEOUT = 300.0  # seconds Pagefind may take before we give up on search for this build
# Background refreshes start after this many seconds without a new request, and a new request
# stops a refresh under way: while someone saves page after page, indexing never competes with
# the rebuilds (2 cores: a refresh next to a rebuild doubled the p90 save-to-reload time).
QUIET = 1.5
# Parts of pages that are controls, or code samples in five languages, rather than what the page
# says (page.html marks its own with data-pagefind-ignore; these come from other templates).
# Pagefind skips <script> but not `hidden`. Each selector costs parse time, so only these.
EXCLUDE = (".header-anchor", ".copy-code", ".api-playground", ".api-examples", ".api-base-select")
# The bundle also carries Pagefind's own UIs; the theme has its own, so they are left out.
_UNUSED = ("pagefind-ui.", "pagefind-modular-ui.", "pagefind-component-ui.", "pagefind-highlight.", "playground/")
# Pagefind's code: a merged shard never loads it (the first shard's runs the search).
_RUNTIME = ("pagefind.js", "pagefind-worker.js", "wasm.")
_BODY = b"data-pagefind-body"
URL_META = "url"  # the Pagefind metadata key of a result's page URL (search.js reads it)


def shard_count(pages: int) -> int:
    """The number of shards for `pages` searchable pages: a power of two, so that it changes
    (and every shard is indexed again) only when the site doubles or halves."""
    count = 1
    while count < MAX_SHARDS and pages > count * SHARD_PAGES:
        count *= 2
    return count


def plan_shards(outputs: Iterable[str]) -> dict[str, list[str]]:
    """The shards of these page output paths: shard name -> its pages (sorted), non-empty
    shards only, in order (the first is the one whose Pagefind code runs the search). A page
    stays in its shard whatever else changes, until the shard count does."""
    paths = sorted(outputs)
    count = shard_count(len(paths))
    shards: list[list[str]] = [[] for _ in range(count)]
    for path in paths:
        digest = hashlib.blake2b(path.encode(), digest_size=8).digest()
        shards[int.from_bytes(digest, "big") % count].append(path)
    return {str(number): pages for number, pages in enumerate(shards) if pages}


def manifest(names: Iterable[str]) -> bytes:
    """`BUNDLE_DIR/shards.json`: the shard folders search.js loads, the first one first."""
    return json.dumps({"shards": list(names)}).encode()


def shipped(path: str, first: bool) -> bool:
    """Whether a file of a shard's Pagefind output (`path` relative to it) goes in the site."""
    return not path.startswith(_UNUSED) and (first or not path.startswith(_RUNTIME))


class SearchError(Exception):
    """Pagefind is missing or failed: the site is built without search."""


def pagefind_binary() -> Path | None:
    """The Pagefind executable: PAGEFIND_BINARY_PATH, the pagefind_bin_extended or pagefind_bin
    package, or PATH (the order of `pagefind.service.get_executable`, which is not called:
    importing it imports asyncio, a noticeable part of a one-page rebuild)."""
    path: str | Path | None = os.getenv("PAGEFIND_BINARY_PATH")
    if path is None:
        for package in ("pagefind_bin_extended", "pagefind_bin"):
            try:
                module = importlib.import_module(package)
            except ImportError:
                continue
            try:
                path = module.get_executable()
            except Exception:  # a broken pagefind_bin install counts as missing: never crash the build
                return None
            break
        else:
            path = shutil.which("pagefind_extended") or shutil.which("pagefind")
    return Path(path) if path is not None and Path(path).is_file() and os.access(path, os.X_OK) else None


def _check(binary: Path) -> str | None:
    """Why `binary` cannot index (it does not run), or None. Costs a few milliseconds."""
    try:
        result = subprocess.run([str(binary), "--version"], capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"cannot run {binary}: {exc}"
    if result.returncode != 0 or not result.stdout.startswith(b"pagefind"):
        detail = (result.stderr or result.stdout).decode("utf-8", "replace").strip()[-300:]
        return f"{binary} --version failed (exit code {result.returncode})" + (f": {detail}" if detail else "")
    return None


_PRE = re.compile(rb"<pre\b[^>]*>.*?</pre>", re.S)
_SPAN_TAG = re.compile(rb"</?span\b[^>]*>")
_SVG = re.compile(rb"<svg\b.*?</svg>", re.S)
_HEAD_ONLY = re.compile(rb"<script\b.*?</script>|<link\b[^>]*>", re.S)


def document_name(output: str) -> tuple[str, str]:
    """The flat file name of the index document of the page at `output` (its output path),
    and the URL its search results link to: the URL Pagefind would derive from the page's
    own path, root-relative, "index.html" dropped, not percent-encoded."""
    name = hashlib.blake2b(output.encode(), digest_size=10).hexdigest() + ".html"
    folder, _, file = output.rpartition("/")
    url = "/" + (f"{folder}/" if folder else "") + ("" if file == "index.html" else file)
    return name, url


def url_meta(url: str) -> bytes:
    """The tag in an index document's <head> that gives Pagefind the page's URL."""
    return f'<meta data-pagefind-meta="{URL_META}[content]" content="{html.escape(url)}">'.encode()


def index_document(page: bytes, url: str) -> bytes:
    """The part of a page Pagefind needs, with the page's `url` as metadata (the document has
    a name of its own): <head> (language, title, meta) and the element marked
    `data-pagefind-body`, up to </main>. On big sites the sidebar is most of each page's
    bytes, and Pagefind would parse it only to skip it. Pages without the marker go whole.
    Within what is kept, markup Pagefind reads only to skip is dropped too: the head's
    scripts and stylesheets, icons (<svg>) and the highlighting spans of code blocks, half
    of a typical page's bytes; the text, and so the index, stay the same, and Pagefind takes
    a quarter less time."""
    meta = url_meta(url)
    marker = page.find(_BODY)
    head_end = page.find(b"</head>")
    start = page.rfind(b"<", 0, marker)
    if marker < 0 or head_end < 0 or start < head_end:
        return page[:head_end] + meta + page[head_end:] if head_end >= 0 else meta + page
    end = page.find(b"</main>", marker)
    body = _SVG.sub(b"", page[start:end if end > 0 else len(page)])
    body = _PRE.sub(lambda block: _SPAN_TAG.sub(b"", block.group(0)), body)
    return _HEAD_ONLY.sub(b"", page[:head_end]) + meta + b"</head><body>" + body + b"</body></html>"


def _run_pagefind(
    binary: Path,
    site: Path,
    bundle: Path,
    low_priority: bool = False,
    started: Callable[[subprocess.Popen[bytes]], None] | None = None,
) -> str:
    """Pagefind on the pages in `site`, writing its bundle to `bundle`; its output text."""
    _list_in_name_order(site)
    with tempfile.TemporaryDirectory(prefix="sitegen-pagefind-") as folder:
        # Options go in pagefind.json (read from the working folder): no quoting of selectors.
        (Path(folder) / "pagefind.json").write_text(json.dumps(
            {"site": str(site), "output_path": str(bundle), "exclude_selectors": list(EXCLUDE)}))
        try:
            process = subprocess.Popen([str(binary), "--silent"], cwd=folder, stdin=subprocess.DEVNULL,
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        except OSError as exc:
            raise SearchError(f"cannot run {binary}: {exc}") from None
        if started is not None:
            started(process)
        if low_priority:  # a background refresh must not slow down the rebuilds a developer waits for
            with contextlib.suppress(AttributeError, OSError):
                os.setpriority(os.PRIO_PROCESS, process.pid, 10)
        try:
            output, _ = process.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise SearchError(f"pagefind took more than {TIMEOUT:.0f} s") from None
    detail = output.decode("utf-8", "replace").strip()
    if process.returncode != 0:
        raise SearchError(f"pagefind failed (exit code {process.returncode})"
                          + (f": {detail[-300:]}" if detail else ""))
    if not (bundle / "pagefind.js").is_file():
        raise SearchError("pagefind wrote no pagefind.js" + (f": {detail[-300:]}" if detail else ""))
    _sort_languages(bundle / "pagefind-entry.json")
    return detail


def _list_in_name_order(site: Path) -> None:
    """Make the folder `site` list its files in name order. Pagefind numbers pages in the
    order it lists them, and its file names follow: where a folder lists files in the order
    they were made (tmpfs, btrfs), the render workers' race gave every build other search
    file names, so an unchanged site redeployed all of them. Files moved out and back one by
    one, in name order, list in that order wherever listing order is creation order;
    elsewhere (ext4's hashed folders) it was already the same on every build. The files wait
    in a folder inside `site`, so that nothing appears beside it (another shard's Pagefind may
    be reading the folder next to it)."""
    waiting = site / ".ordering"
    waiting.mkdir()
    names = sorted(path.name for path in site.iterdir() if path != waiting)
    for name in names:
        (site / name).rename(waiting / name)
    for name in names:
        (waiting / name).rename(site / name)
    waiting.rmdir()


def _sort_languages(entry: Path) -> None:
    """Pagefind lists a multi-language site's languages in a different order on every run;
    sorted, the same pages give the same bytes (rebuilds are compared byte for byte). The
    file is left as Pagefind wrote it when it is already in order."""
    try:
        data = json.loads(entry.read_bytes())
    except (OSError, ValueError):
        return
    languages = data.get("languages") if isinstance(data, dict) else None
    if not isinstance(languages, dict) or list(languages) == sorted(languages):
        return
    data["languages"] = dict(sorted(languages.items()))
    entry.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


@dataclass(frozen=True)
class ShardJob:
    """One shard to index on disk: its index documents in `site`, its bundle to `bundle`."""

    site: Path
    bundle: Path
    first: bool  # the shard whose Pagefind code the site loads


def _index_shard(binary: Path, job: ShardJob, low_priority: bool = False,
                 started: Callable[[subprocess.Popen[bytes]], None] | None = None) -> None:
    _run_pagefind(binary, job.site, job.bundle, low_priority=low_priority, started=started)
    for path in sorted(job.bundle.rglob("*"), reverse=True):  # files before their folders
        if not shipped(path.relative_to(job.bundle).as_posix(), job.first):
            if path.is_dir():
                if not any(path.iterdir()):
                    path.rmdir()
            else:
                path.unlink()


class ShardIndexer:
    """`sitegen build`'s Pagefind runs, one per shard, each started as soon as its shard's
    index documents are complete (`add`), while the build goes on rendering the other
    shards' pages; each in a thread that waits on its process, as many at once (and at the
    priority) `allow` said last. None starts before the first `allow`: a build that forks
    worker processes calls it after the fork (a thread holding a lock across a fork leaves
    that lock held in every child); shards added before wait for it."""

    def __init__(self, binary: Path) -> None:
        self._binary = binary
        self._lock = threading.Lock()
        self._at_once = 0  # runs allowed at once (0: no thread may start yet)
        self._low_priority = False  # runs start niced (beside the render workers)
        self._running = 0
        self._queue: deque[tuple[ShardJob, Future[None]]] = deque()  # added, not started
        self._runs: list[tuple[int, Future[None]]] = []  # (shard number, its run)
        self._threads: list[threading.Thread] = []
        self._processes: list[subprocess.Popen[bytes]] = []  # every Pagefind started (to stop them)
        self._stopped = False

    def allow(self, at_once: int, low_priority: bool = False) -> None:
        """From now on up to `at_once` runs at a time (never more than the cores), those that
        start from now on niced when `low_priority`."""
        with self._lock:
            self._at_once = min(at_once, os.cpu_count() or 1)
            self._low_priority = low_priority
        self._dispatch()

    def add(self, number: int, job: ShardJob) -> None:
        """Index shard `number` (its place in the plan): now if a run may start, else next."""
        run: Future[None] = Future()
        with self._lock:
            self._queue.append((job, run))
            self._runs.append((number, run))
        self._dispatch()

    def wait(self, bundle: Path | None) -> list[str]:
        """Wait for every shard added (JOBS at a time from now on); warnings: on a failure (the
        first shard's in plan order, once every run ended) there is no search at all, and
        `bundle` (the folder of the shards' bundles) is removed."""
        self.allow(JOBS)
        failure: Exception | None = None
        for _, run in sorted(self._runs, key=lambda entry: entry[0]):
            try:
                run.result()
            except Exception as exc:  # re-raised below unless it is Pagefind's failure
                failure = failure or exc
        for thread in self._threads:
            thread.join()
        if isinstance(failure, (SearchError, OSError)):
            if bundle is not None:
                shutil.rmtree(bundle, ignore_errors=True)
            return [f"search: {failure}; the site is built without search"]
        if failure is not None:
            raise failure
        return []

    def stop(self) -> None:
        """The build failed: kill the Pagefind processes under way, drop the shards not
        started, and wait for the threads (each removes its temporary folder)."""
        with self._lock:
            self._stopped = True
            self._queue.clear()
            processes = list(self._processes)
        for process in processes:
            if process.poll() is None:
                process.kill()
        for thread in list(self._threads):
            thread.join()

    def _dispatch(self) -> None:
        with self._lock:
            while self._queue and self._running < self._at_once and not self._stopped:
                job, run = self._queue.popleft()
                self._running += 1
                thread = threading.Thread(target=self._run, args=(job, run, self._low_priority),
                                          name="sitegen-pagefind")
                self._threads.append(thread)
                thread.start()

    def _run(self, job: ShardJob, run: Future[None], low_priority: bool) -> None:
        try:
            _index_shard(self._binary, job, low_priority, started=self._track)
        except Exception as exc:
            run.set_exception(exc)
        else:
            run.set_result(None)
        finally:
            with self._lock:
                self._running -= 1
            self._dispatch()

    def _track(self, process: subprocess.Popen[bytes]) -> None:
        with self._lock:
            self._processes.append(process)
            stopped = self._stopped
        if stopped:  # started while `stop` was killing the others
            process.kill()


def build_bundle(
    binary: Path,
    pages: dict[str, bytes],
    first: bool = True,
    low_priority: bool = False,
    started: Callable[[subprocess.Popen[bytes]], None] | None = None,
) -> dict[str, bytes]:
    """Index `pages` (output path -> HTML), one shard, with Pagefind; its bundle as path
    (relative to the shard's folder) -> bytes. `started` is given the Pagefind process (so
    that a server shutting down can stop it)."""
    if not pages:
        return {}
    # A RAM-backed folder when there is one: the copy is written and read once, right away.
    shm = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="sitegen-search-", dir=shm) as folder:
        root = Path(folder)
        (root / "site").mkdir()
        for output, page in pages.items():
            name, url = document_name(output)
            (root / "site" / name).write_bytes(index_document(page, url))
        bundle_dir = root / "bundle"
        _run_pagefind(binary, root / "site", bundle_dir, low_priority=low_priority, started=started)
        files = {path.relative_to(bundle_dir).as_posix(): path for path in sorted(bundle_dir.rglob("*"))
                 if path.is_file()}
        return {name: path.read_bytes() for name, path in files.items() if shipped(name, first)}


class SearchIndex:
    """The search stage of one DevBuilder (or build), kept across its builds.

    Per build: `begin()` (does the site offer search?), `add(output, html)` for each real
    page, then `finish()` for the bundle. The last bundle is kept with the pages it was made
    from, so a build whose pages did not change reuses it without running Pagefind; and each
    shard's with its pages, so a build re-indexes only the shards whose pages changed.
    """

    def __init__(self, enabled: bool = True, background: bool = False) -> None:
        self.enabled = enabled
        self.background = background
        self._binary: Path | None = None
        self._checked: Path | None = None  # the binary `_check` ran (once, not on every rebuild)
        self._problem: str | None = None  # what `_check` found wrong with it
        self._pages: dict[str, bytes] = {}  # this build's pages
        self._lock = threading.Condition()
        self._indexed: dict[str, bytes] | None = None  # the pages `_bundle` was made from
        self._bundle: dict[str, bytes] = {}
        # shard name -> (first?, its pages, its files): only the thread that makes bundles uses it
        self._shards: dict[str, tuple[bool, dict[str, bytes], dict[str, bytes]]] = {}
        self._wanted: dict[str, bytes] | None = None  # pages waiting for the background worker
        self._wanted_at = 0.0
        self._refreshed = False
        self._failure: str | None = None  # why the last background refresh failed (told once)
        self._worker: threading.Thread | None = None
        self._running: subprocess.Popen[bytes] | None = None  # the worker's Pagefind, while it runs
        self._closed = False

    def begin(self) -> bool:
        """Start a build; True when its pages should offer search (Pagefind is installed and
        runs). Decided before the pages render, because they show the search button or not."""
        self._pages = {}
        binary = pagefind_binary() if self.enabled else None
        if binary is not None and binary != self._checked:
            self._problem = _check(binary)
            self._checked = binary
        self._binary = binary if binary is not None and self._problem is None else None
        return self._binary is not None

    def binary(self) -> Path | None:
        """The Pagefind executable this build runs (`begin()` said it does), or None."""
        return self._binary

    def add(self, output: str, html: bytes) -> None:
        """A page to index, by its output path (its document's name and URL come from it)."""
        self._pages[output] = html

    def finish(self) -> tuple[dict[str, bytes], list[str]]:
        """The bundle for this build's pages, and warnings (on failure: no bundle)."""
        pages, self._pages = self._pages, {}
        unavailable = self._unavailable()
        if unavailable is not None:
            return {}, unavailable
        with self._lock:
            # Dict equality checks identity first: pages taken from the render cache compare in no time.
            if pages == self._indexed:
                return self._bundle, []
            if self.background:
                self._request(pages)
                failure, self._failure = self._failure, None
                # The previous bundle until the worker has a new one.
                return self._bundle, [f"search: {failure}; search results may be out of date"] if failure else []
        assert self._binary is not None  # _unavailable() returned None: there is a binary
        try:
            bundle = self._make_bundle(self._binary, pages)
        except (SearchError, OSError) as exc:
            return {}, [f"search: {exc}; the site is built without search"]
        with self._lock:
            self._indexed, self._bundle = pages, bundle
        return bundle, []

    def _make_bundle(
        self,
        binary: Path,
        pages: dict[str, bytes],
        low_priority: bool = False,
        started: Callable[[subprocess.Popen[bytes]], None] | None = None,
    ) -> dict[str, bytes]:
        """The sharded bundle of `pages` (output path -> bytes); Pagefind runs only for the
        shards whose pages differ from the last bundle's."""
        plan = plan_shards(pages)
        bundle = {f"{BUNDLE_DIR}/{MANIFEST}": manifest(plan)} if plan else {}
        for name in set(self._shards) - set(plan):
            del self._shards[name]
        for number, (name, paths) in enumerate(plan.items()):
            mine = {path: pages[path] for path in paths}
            known = self._shards.get(name)
            if known is not None and known[0] == (number == 0) and known[1] == mine:
                files = known[2]
            else:
                files = build_bundle(binary, mine, number == 0, low_priority=low_priority, started=started)
                self._shards[name] = (number == 0, mine, files)
            bundle.update({f"{BUNDLE_DIR}/{name}/{path}": data for path, data in files.items()})
        return bundle

    def on_disk(self) -> ShardIndexer:
        """`sitegen build`: Pagefind on each shard's folder of index documents (`begin()`
        said this build indexes)."""
        assert self._binary is not None
        return ShardIndexer(self._binary)

    def why_not(self) -> list[str]:
        """The warnings of a build that does not index (none when search is off)."""
        return self._unavailable() or []

    def _unavailable(self) -> list[str] | None:
        """None when this build indexes; else its warnings (none when search is off)."""
        if not self.enabled:
            return []
        if self._binary is None:
            problem = self._problem if self._checked is not None and pagefind_binary() == self._checked else (
                "the pagefind binary was not found (pip install 'pagefind[bin]')")
            return [f"search: {problem}; the site is built without search"]
        return None

    def take_refreshed(self) -> bool:
        """True (once) when the background worker made a bundle no build has returned yet."""
        with self._lock:
            refreshed, self._refreshed = self._refreshed, False
        return refreshed

    def close(self) -> None:
        """Stop the background worker (and its Pagefind) for good: the server is stopping."""
        with self._lock:
            self._closed = True
            self._wanted = None
            running, worker = self._running, self._worker
            self._lock.notify_all()
        if running is not None and running.poll() is None:
            running.kill()
        if worker is not None:
            worker.join(timeout=10)  # lets it remove its temporary folder

    def _track(self, process: subprocess.Popen[bytes]) -> None:
        with self._lock:
            self._running = process
        if self._closed:
            process.kill()

    def _request(self, pages: dict[str, bytes]) -> None:
        """Ask the worker for a bundle of `pages` (the lock is held)."""
        if self._closed or pages is self._wanted or pages == self._wanted:
            return
        self._wanted, self._wanted_at = pages, time.monotonic()
        if self._running is not None and self._running.poll() is None:
            self._running.kill()  # its pages are out of date already
        if self._worker is None:
            self._worker = threading.Thread(target=self._work, name="sitegen-search", daemon=True)
            self._worker.start()
        self._lock.notify_all()

    def _work(self) -> None:
        while True:
            with self._lock:
                # Wait for a request, then for a quiet spell: in a burst of saves only the last
                # version is worth indexing.
                while not self._closed and (self._wanted is None or time.monotonic() - self._wanted_at < QUIET):
                    self._lock.wait(None if self._wanted is None else QUIET - (time.monotonic() - self._wanted_at))
                if self._closed:
                    return
                pages, binary = self._wanted, self._binary
            assert pages is not None  # the wait above ends on a request (or on close, returned)
            failure = None
            try:
                bundle = self._make_bundle(binary, pages, low_priority=True, started=self._track) if binary else {}
            except (SearchError, OSError) as exc:
                bundle, failure = None, str(exc)  # keep the previous bundle; the next change tries again
            with self._lock:
                self._running = None
                if self._closed:
                    return
                if bundle is None and self._wanted is not None and self._wanted is not pages:
                    continue  # stopped for newer pages: not a failure
                self._failure = failure
                if self._wanted is pages:
                    self._wanted = None
                if bundle is not None:  # newer than what builds have, even if another request waits
                    self._indexed, self._bundle, self._refreshed = pages, bundle, True


# --- listening to a build: each page as it is written ---------------------------------------

class Destination(Protocol):
    """Where the bundle goes (a build's `Output`)."""

    def write(self, path: str, data: bytes) -> None: ...

    def copy(self, path: str, source: Path) -> None: ...


class Keeper(Protocol):
    """An output that can keep the files the previous build made from the same key
    (`pipeline.output.FolderOutput`)."""

    def keep(self, made_from: str) -> bool: ...

    def made(self, made_from: str, paths: Iterable[str]) -> None: ...


class SearchListener(Protocol):
    """What a build tells its search stage: each searchable page as it is written, then the
    end, when the bundle goes into the output."""

    def page_written(self, path: str, html: bytes) -> None: ...

    def finish(self, output: Destination) -> list[str]: ...


class MemorySearch:
    """The dev server's search (and `build_site`'s): pages handed to its `SearchIndex`, which
    keeps each shard's bundle between builds."""

    def __init__(self, index: SearchIndex) -> None:
        self._index = index

    def page_written(self, path: str, html: bytes) -> None:
        self._index.add(path, html)

    def finish(self, output: Destination) -> list[str]:
        bundle, warnings = self._index.finish()
        for path, data in bundle.items():
            output.write(path, data)
        return warnings


class BundleStore(Protocol):
    """Shard bundles kept between builds, by `shard_key`."""

    def bundle(self, key: str) -> Path | None: ...

    def keep(self, key: str, bundle: Path) -> None: ...


def shard_key(pages: Iterable[tuple[str, bytes]], first: bool, code: str) -> str:
    """A shard's key: its pages (output path, hash of the HTML), whether it is the first
    shard (the only one that keeps Pagefind's code) and the code that made it."""
    digest = hashlib.blake2b(digest_size=20)
    digest.update(f"{code}\0{'first' if first else 'merged'}\0".encode())
    for path, html_digest in sorted(pages):
        digest.update(path.encode() + b"\0" + html_digest)
    return digest.hexdigest()


def html_digest(html: bytes) -> bytes:
    return hashlib.blake2b(html, digest_size=20).digest()


class DiskSearch:
    """`sitegen build`'s search: each searchable page's index document is written into its
    shard's folder as the page is written (`write_document`, also in a render worker), and a
    shard is indexed as soon as its last page is written (`page_done`), while the other pages
    render: its bundle from `store` when it holds one of exactly those pages, else Pagefind in
    a thread (`ShardIndexer`). `finish` waits and copies every bundle into the output."""

    def __init__(self, binary: Path, pages: Iterable[str], work: Path, store: BundleStore | None,
                 code: str, keeper: Keeper | None = None) -> None:
        self.plan = plan_shards(pages)
        self._shard_of = {path: name for name, paths in self.plan.items() for path in paths}
        self._left = {name: set(paths) for name, paths in self.plan.items()}
        self._digests: dict[str, bytes] = {}
        # Pages from the cache: their HTML read and their documents made only if their shard runs.
        self._pending: dict[str, Callable[[], bytes]] = {}
        self.work = work
        self._store = store
        self._code = code
        self._indexer = ShardIndexer(binary)
        self._bundles: dict[str, tuple[Path, str, bool]] = {}  # shard -> its bundle, its key, whether new
        self._keeper = keeper
        self._halted = False
        for name in self.plan:
            (work / "documents" / name).mkdir(parents=True, exist_ok=True)

    def write_document(self, path: str, html: bytes) -> bytes:
        """Write the index document of the page at `path` (if it is searchable); the HTML's hash."""
        shard = self._shard_of.get(path)
        if shard is not None:
            name, url = document_name(path)
            (self.work / "documents" / shard / name).write_bytes(index_document(html, url))
        return html_digest(html)

    def page_written(self, path: str, html: bytes) -> None:
        self.page_done(path, self.write_document(path, html))

    def page_cached(self, path: str, digest: bytes, html: Callable[[], bytes]) -> None:
        """A page from the persistent cache, with its HTML's hash as stored: its HTML is read
        and its document made only if its shard is indexed (a shard whose bundle is stored
        needs none)."""
        if path in self._shard_of:
            self._pending[path] = html
        self.page_done(path, digest)

    def page_done(self, path: str, digest: bytes) -> None:
        """The page at `path` and its index document are written: its shard may be complete."""
        shard = self._shard_of.get(path)
        left = self._left.get(shard) if shard is not None else None
        if shard is None or left is None:
            return
        self._digests[path] = digest
        left.discard(path)
        if left or self._halted:
            return
        del self._left[shard]
        first = shard == next(iter(self.plan))
        key = shard_key(((page, self._digests[page]) for page in self.plan[shard]), first, self._code)
        stored = self._store.bundle(key) if self._store is not None else None
        pending = {page: self._pending.pop(page) for page in self.plan[shard] if page in self._pending}
        if stored is not None:
            self._bundles[shard] = (stored, key, False)
            return
        for page, read_html in pending.items():
            self.write_document(page, read_html())
        bundle = self.work / "bundles" / shard
        self._bundles[shard] = (bundle, key, True)
        self._indexer.add(list(self.plan).index(shard), ShardJob(self.work / "documents" / shard, bundle, first))

    def allow_beside_workers(self) -> None:
        """Render workers use every core: one Pagefind run at a time, niced (none runs before
        this or `allow_all`: a thread must not exist when the workers are forked)."""
        self._indexer.allow(JOBS_WHILE_RENDERING, low_priority=True)

    def allow_all(self) -> None:
        """No render worker runs: `JOBS` Pagefind runs at a time."""
        self._indexer.allow(JOBS)

    def summary(self) -> str:
        """How many shards Pagefind indexed (the others came from the store)."""
        indexed = sum(1 for _, _, new in self._bundles.values() if new)
        return f"search shards: {indexed} of {len(self.plan)} indexed" if self.plan else ""

    def halt(self) -> None:
        """A page failed (so will the build): no shard starts from now on."""
        self._halted = True

    def stop(self) -> None:
        """The build failed: end the Pagefind runs under way."""
        self._indexer.stop()

    def finish(self, output: Destination) -> list[str]:
        """Wait for the Pagefind runs; put every shard's bundle and `shards.json` into the
        output and keep the new bundles in the store. On Pagefind's failure: no search at all."""
        warnings = self._indexer.wait(None)
        if warnings:
            return warnings
        output.write(f"{BUNDLE_DIR}/{MANIFEST}", manifest(self.plan))
        for shard, (bundle, key, new) in self._bundles.items():
            made_from = f"search:{shard}:{key}"  # the same bundle in another shard's place is other files
            if self._keeper is not None and self._keeper.keep(made_from):
                continue
            paths = []
            for source in sorted(bundle.rglob("*")):
                if source.is_file() and not source.is_symlink():
                    paths.append(f"{BUNDLE_DIR}/{shard}/{source.relative_to(bundle).as_posix()}")
                    output.copy(paths[-1], source)
            if self._keeper is not None:
                self._keeper.made(made_from, paths)
            if new and self._store is not None:
                self._store.keep(key, bundle)
        return []
