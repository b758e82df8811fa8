"""Where a build puts its files: the `Output` protocol and its two implementations.

`StagingOutput` (`sitegen build`) writes every file to a folder beside the output as soon as
it exists (pages as they render, even from worker processes) and swaps the folder in at the
end; a failed build removes it and leaves the previous site as it was. It is told the search
shards before any page is written (`offer_search`), so each searchable page's index document
goes straight into its shard's folder: in the persistent cache (`search-input/<shard>/`, kept
between builds; see docs/architecture.md) or in the staging folder. `MemoryOutput`
(`sitegen serve`, `build_site`) collects the same files into a `BuiltSite`. The build steps
only see `Output`.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import tempfile
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Protocol

from sitegen.errors import BuildError
from sitegen.pages import content_root
from sitegen.search import (
    BUNDLE_DIR,
    JOBS,
    JOBS_WHILE_RENDERING,
    MANIFEST,
    SearchIndex,
    ShardIndexer,
    ShardJob,
    document_name,
    index_document,
    manifest,
)
from sitegen.uptodate import OutputState, output_state

Digest = str  # blake2b of a file's bytes, hex
# A page's bytes, or how to read them: a page from the build cache is read only when the
# output does not already hold it (a one-page rebuild reads one page, not a thousand).
PageBytes = bytes | Callable[[], bytes]


def bytes_of(content: PageBytes) -> bytes:
    return content if isinstance(content, bytes) else content()


class CacheChanged(OSError):
    """A build cache entry whose header was read at the start of the build no longer
    matches when its bytes are read (damaged or replaced meanwhile)."""

    def __init__(self, entry: str) -> None:
        super().__init__(f"{os.path.basename(entry)} changed while the build used it")
        self.filename = entry

MARKER = ".sitegen-build"
# In the staging folder, removed before the swap: the index documents, one flat folder per
# search shard, of a build without a persistent cache (or whose cache folder cannot be used).
_SEARCH_INPUT = ".sitegen-search-input"
# The search input's record, per document ("<shard>/<name>"): its hash ("" when a worker
# process wrote it), size and mtime, and the hash of the page HTML it was made from.
DocumentRecord = tuple[Digest, int, int, Digest]


@dataclass
class BuiltSite:
    """A whole site in memory: generated files plus files copied as they are."""

    files: dict[str, bytes] = field(default_factory=dict)  # output path -> content
    copies: dict[str, Path] = field(default_factory=dict)  # output path -> source file
    pages: int = 0
    warnings: list[str] = field(default_factory=list)


class Output(Protocol):
    # True when worker processes may write pages themselves (a folder); else they send the
    # HTML back to the parent, which writes it.
    shared_with_workers: bool

    def offer_search(self, shards: dict[str, list[str]] | None) -> None:
        """The search shards of this build's searchable pages (`search.plan_shards`), or None
        when it offers no search; said before any page is written."""
        ...

    def write(self, path: str, data: bytes) -> None: ...

    def write_page(self, path: str, html: PageBytes, searchable: bool, digest: str | None = None) -> None:
        """A page; `searchable` pages go into the search index. `digest`: `digest_of(html)`,
        when the caller knows it (a page from the build cache), so it is not computed again."""
        ...

    def copy(self, path: str, source: Path) -> None: ...

    def note_written(self, path: str, digest: Digest) -> None:
        """A worker process wrote `path` itself, with this content hash (`digest_of`): the
        output need not read it back to know what it holds."""
        ...

    def note_made(self, paths: Iterable[str]) -> None:
        """A worker process wrote these files, or found them equal to the last build's."""
        ...

    def read(self, path: str) -> bytes:
        """A file written earlier in this build (a page a worker wrote)."""
        ...

    def start_search(self, search: SearchIndex) -> None:
        """The search stage begins, before any page is written (after `offer_search`)."""
        ...

    def index_shard(self, name: str, reuse: Path | None = None) -> None:
        """Every page of search shard `name` is written: index it (in the background, while
        the other pages render) or, with `reuse` (the persistent cache's bundle of exactly
        this shard's pages), copy that in."""
        ...

    def search_may_run(self, beside_workers: bool) -> None:
        """Pagefind runs may start from now on: one at a time at a lower priority while
        `beside_workers` (worker processes render on every core), else JOBS at a time. None
        starts before the first call: a build that forks worker processes calls it after the
        fork (a thread must not exist then), and the shards ready before wait for it."""
        ...

    def finish_search(self) -> list[str]:
        """Wait for what is left of the search stage; its warnings."""
        ...

    def search_bundle(self) -> Path | None:
        """The folder the shards' bundles were written to, if this output has one on disk."""
        ...

    def prepare_for_workers(self) -> None:
        """Worker processes are about to write pages, and the index documents of the
        searchable ones, themselves (a staging folder must exist, and a folder per shard)."""
        ...

    def settle(self) -> None:
        """Everything but the search bundle is written (Pagefind runs): put in the files found
        equal to the previous build's output, and do whatever else can be done before the
        swap while the build waits for Pagefind."""
        ...


class MemoryOutput:
    shared_with_workers = False

    def __init__(self) -> None:
        self.site = BuiltSite()
        self._searchable: dict[str, bytes] = {}
        self._search: SearchIndex | None = None

    def offer_search(self, shards: dict[str, list[str]] | None) -> None:
        pass  # SearchIndex keeps that state (and plans the shards) for the in-memory bundle

    def write(self, path: str, data: bytes) -> None:
        self.site.files[path] = data

    def write_page(self, path: str, html: PageBytes, searchable: bool, digest: str | None = None) -> None:
        page = self.site.files[path] = bytes_of(html)
        if searchable:
            self._searchable[path] = page

    def copy(self, path: str, source: Path) -> None:
        self.site.copies[path] = source

    def note_written(self, path: str, digest: Digest) -> None:
        pass  # workers never write into memory (shared_with_workers is False)

    def note_made(self, paths: Iterable[str]) -> None:
        pass

    def read(self, path: str) -> bytes:
        return self.site.files[path]

    def search_bundle(self) -> Path | None:
        return None

    def prepare_for_workers(self) -> None:
        pass

    def settle(self) -> None:
        pass  # nothing is kept from a previous build in memory

    def start_search(self, search: SearchIndex) -> None:
        self._search = search

    def index_shard(self, name: str, reuse: Path | None = None) -> None:
        pass  # the bundle is made in memory at the end (SearchIndex keeps each shard's)

    def search_may_run(self, beside_workers: bool) -> None:
        pass

    def finish_search(self) -> list[str]:
        # In memory and cheap to answer (the dev server's index refreshes in the background).
        search = self._search
        assert search is not None, "start_search came first"
        for path, html in self._searchable.items():
            search.add(path, html)
        bundle, warnings = search.finish()
        self.site.files.update(bundle)
        return warnings


def digest_of(data: bytes) -> Digest:
    return hashlib.blake2b(data, digest_size=20).hexdigest()


def file_digest(path: Path) -> Digest:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, lambda: hashlib.blake2b(digest_size=20)).hexdigest()


@dataclass(frozen=True)
class RecycledScan:
    """What is left in a recycled site once the files that are not the live site's own are
    removed (trash_worker.py): each kept file's inode, and the folders that still hold one
    (paths relative to the site)."""

    kept: dict[str, int]
    folders: list[str]

    @classmethod
    def from_json(cls, line: bytes) -> RecycledScan | None:
        try:
            data = json.loads(line)
            kept = {str(path): int(inode) for path, inode in dict(data["kept"]).items()}
            return cls(kept, [str(folder) for folder in data["folders"]])
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            return None


class PreviousOutput:
    """What the last build left in the output folder: each file's content hash and the
    stat (size, mtime, inode) it had right after the swap, saved at `manifest` (in the build
    cache). A file whose stat still matches holds that content; anything else is unknown."""

    def __init__(self, manifest: Path, out_dir: Path) -> None:
        self.manifest = manifest
        self.out_dir = out_dir
        self.files: dict[str, tuple[Digest, int, int, int]] = {}
        try:
            data = json.loads(manifest.read_bytes())
            if isinstance(data, dict) and data.get("out_dir") == str(out_dir) and out_dir.is_dir():
                self.files = {str(path): (str(d), int(size), int(mtime), int(ino))
                              for path, (d, size, mtime, ino) in dict(data["files"]).items()}
        except (OSError, ValueError, TypeError, KeyError):
            self.files = {}  # no manifest, or a damaged one: nothing is known to be there

    def holds(self, path: str, digest: Digest) -> bool:
        known = self.files.get(path)
        # The digest first: a file of other content is never stat'ed. A str path: pathlib
        # costs more than the stat.
        return known is not None and known[0] == digest \
            and self.digest_if_same(path, f"{self.out_dir}/{path}") is not None

    def digest_if_same(self, path: str, file: str | Path) -> Digest | None:
        """The hash `out_dir` had at `path` when `file` is that very file, unchanged (same
        inode, size and time: `out_dir`'s own, or a hard link of it), so it need not be read
        and hashed again."""
        known = self.files.get(path)
        if known is None:
            return None
        try:
            st = os.stat(file, follow_symlinks=False)
        except OSError:
            return None
        return known[0] if (st.st_size, st.st_mtime_ns, st.st_ino) == known[1:] else None

    def save(self, digests: dict[str, Digest], linked: set[str] | frozenset[str] = frozenset(),
             state: OutputState | None = None) -> OutputState | None:
        """After a swap: the manifest of what `out_dir` holds now (files workers or Pagefind
        wrote are hashed here). `linked`: files hard-linked from the previous site, whose
        entries still hold (same inode, size and time). A manifest that cannot be written
        costs the next build time. `state`: what `out_dir` holds (uptodate.output_state) when
        the caller took it already (walked here otherwise). Returns the state the manifest was
        made from (`uptodate.record` keeps it), None when the folder could not be read."""
        state = state if state is not None else output_state(self.out_dir)
        if state.get("?") == []:  # unreadable
            self.manifest.unlink(missing_ok=True)
            return None
        files: dict[str, tuple[Digest, int, int, int]] = {}
        try:
            for rel, (size, mtime, inode, mode) in state.items():
                if not stat.S_ISREG(mode):
                    continue  # a link (the build writes none): never taken for a file it would write
                known = self.files.get(rel) if rel in linked else None
                files[rel] = known if known is not None else (
                    digests.get(rel) or file_digest(Path(f"{self.out_dir}/{rel}")), size, mtime, inode)
            self.manifest.parent.mkdir(parents=True, exist_ok=True)
            scratch = self.manifest.with_name(f".{self.manifest.name}.tmp-{os.getpid()}")
            scratch.write_text(json.dumps({"out_dir": str(self.out_dir), "files": files}))
            os.replace(scratch, self.manifest)
        except OSError:
            self.manifest.unlink(missing_ok=True)
        return state


class _IndexSource:
    """A page's index document, made when first needed: from a page read from the build
    cache only if its HTML changed since the document in the search-input folder was made.
    `written`: a worker process wrote it into the build's document folder already."""

    def __init__(self, path: str, html_digest: Digest, html: PageBytes, written: bool = False) -> None:
        self.name, self.url = document_name(path)
        self.html_digest = html_digest
        self.written = written
        # The document of HTML at hand is made now: a page rendered by this build is not kept.
        self._made = index_document(html, self.url) if isinstance(html, bytes) else None
        self._read = None if isinstance(html, bytes) else html

    def document(self) -> bytes:
        if self._made is None:
            assert self._read is not None
            self._made = index_document(self._read(), self.url)
            self._read = None
        return self._made


class StagingOutput:
    """A folder beside `out_dir`; `commit()` swaps it in. Use as a context manager: leaving
    it without a commit (an error) removes the folder.

    With `previous` (the manifest of what the last build left in `out_dir`), files equal to
    what is already there are only noted, and no folder is made, until the first file that
    differs: then the staging folder is made and the noted files are hard-linked into it from
    `out_dir`. A build that wrote nothing new (and left nothing out) swaps nothing.

    With `recycle` (the site the last swap moved out, see `recyclable_site`), that folder
    becomes the staging folder instead of a new one: the files it shares with `out_dir` (the
    same inode: hard links the last build made) stay, everything else in it is removed first,
    and what this build neither keeps nor writes is removed before the swap. A one-page
    rebuild then makes no folders and links no files (on a disk where every new inode costs,
    making a thousand folders was most of such a rebuild). Files it keeps are shared with the
    live site, so nothing is ever written into one: a file is unlinked before it is written."""

    shared_with_workers = True

    def __init__(self, out_dir: Path, previous: PreviousOutput | None = None, search_input: Path | None = None,
                 trash: Path | None = None, code: str = "", recycle: Path | None = None,
                 recycled: Callable[[], RecycledScan | None] | None = None) -> None:
        self.out_dir = out_dir
        self._recycle = recycle
        # The scan of `recycle` another process made (persist.empty_trash), when there is one.
        self._recycled = recycled
        # Files of the recycled folder equal to out_dir's (output path -> inode) that this
        # build has not kept or replaced yet: removed at the commit.
        self._inherited: dict[str, int] = {}
        # Where the previous site goes at the swap, to be removed later (by the next build,
        # while it works) instead of now; None: removed in a thread before the build returns.
        self._trash = trash
        # With a persistent cache, the index documents are kept in `search_input` between
        # builds (only those that changed are written), and Pagefind reads them there.
        self._search_home = search_input if previous is not None else None
        # What made the index documents (sitegen's code): the search input's record says which
        # page HTML each document was made from, which says nothing once the code changed.
        self._code = code
        self._shards: dict[str, list[str]] | None = None  # the search plan (None: no search)
        self._shard_of: dict[str, str] = {}  # searchable output path -> its shard
        # With a persistent cache, the parent leaves the documents to `index_shard`, which
        # makes only those of changed pages; worker processes, and builds without that cache,
        # write each one as its page is written, into this folder (<folder>/<shard>/<name>).
        self._defer_documents = previous is not None
        self._documents_dir: str | None = None
        self._documents: dict[str, _IndexSource] = {}  # output path -> its index document (deferred)
        self._known: dict[str, DocumentRecord] | None = None  # the search input's record, once read and removed
        self._records: dict[str, DocumentRecord] = {}  # its record again, of the shards synced so far
        self._synced: set[str] = set()  # shards whose folder in the search input holds this build's documents
        self._home_failed = False  # the search input could not be used: shards went to the staging folder
        self._indexer: ShardIndexer | None = None  # Pagefind's runs (None: no search)
        self._search_index: SearchIndex | None = None
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        self._manifest = previous  # saved again after a swap
        self._previous = previous if previous is not None and previous.files else None
        self._root: Path | None = None
        self._kept: dict[str, Digest] = {}  # equal to out_dir's file, not written yet
        self.digests: dict[str, Digest] = {}  # files of this build the parent wrote or noted
        self._made: set[str] = set()  # folders of the staging folder known to exist
        self._linked: set[str] = set()  # files hard-linked in from out_dir (their manifest entries hold)
        # Pages from the build cache not yet compared with out_dir's (`_check_pending`): path ->
        # (how to read them, their hash).
        self._pending: dict[str, tuple[PageBytes, Digest]] = {}
        # A worker process (forked, with a copy of this object) cannot leave files for the
        # parent to link: it links at once.
        self._owner = os.getpid()
        self._removing: threading.Thread | None = None  # the previous site, removed after the swap
        self.unchanged = False  # after commit: out_dir already held exactly this build
        self.output_state: OutputState | None = None  # after commit: what out_dir holds (uptodate.output_state)
        self._changes = 0  # files placed in or removed from the staging folder so far
        # (changes then, the staging folder's state but for the bundle and index documents): `settle`
        self._settled: tuple[int, OutputState] | None = None
        if self._previous is None:
            self._materialize()

    @property
    def root(self) -> Path:
        if self._root is None:
            self._materialize()
        assert self._root is not None
        return self._root

    def _materialize(self) -> None:
        """Make the staging folder; the noted files are linked in later (`link_unchanged`)."""
        if self._root is not None:
            return
        self._root = self._adopt() or _new_folder(self.out_dir.parent, f".{self.out_dir.name}.new-")
        self._made.add(str(self._root))

    def _adopt(self) -> Path | None:
        """The recycled folder, renamed beside `out_dir` as the staging folder and cleared of
        every file that is not `out_dir`'s own (by inode: a file planted there, a link, a file
        of an older build); None when there is none or it cannot be used."""
        if self._recycle is None or self._previous is None:
            return None
        scan = self._recycled() if self._recycled is not None else None  # before the folder moves
        target = _new_folder(self.out_dir.parent, f".{self.out_dir.name}.new-")
        try:
            mode = os.stat(target).st_mode & 0o7777  # what the user's umask gives a new folder
            os.rmdir(target)  # the name only: the recycled folder takes it
            os.rename(self._recycle, target)
            os.chmod(target, mode)
        except OSError:
            return None
        try:
            if not self._take_scan(scan, str(target)):
                self._keep_shared(str(target), "")
        except OSError:
            shutil.rmtree(target, ignore_errors=True)
            self._inherited, self._made = {}, set()
            return None
        return target

    def _take_scan(self, scan: RecycledScan | None, target: str) -> bool:
        """Take what another process found left in the recycled folder (now `target`): only
        when every file it kept is the live site's own by this build's manifest too."""
        assert self._previous is not None
        known = self._previous.files
        if scan is None or any(known.get(path, ("", 0, 0, -1))[3] != inode for path, inode in scan.kept.items()):
            return False
        self._inherited = dict(scan.kept)
        self._made.update(f"{target}/{folder}" for folder in scan.folders)
        return True

    def _keep_shared(self, folder: str, prefix: str) -> bool:
        """Scan a recycled folder: keep the files that are out_dir's (`_inherited`), remove
        the rest, and the folders that leaves empty; True when `folder` kept something. One
        scandir a folder: the inode comes with the entry, no stat."""
        assert self._previous is not None
        known = self._previous.files
        kept = False
        with os.scandir(folder) as entries:
            for entry in entries:
                relative = prefix + entry.name
                if entry.is_dir(follow_symlinks=False):
                    if self._keep_shared(entry.path, relative + "/"):
                        self._made.add(entry.path)
                        kept = True
                    else:
                        os.rmdir(entry.path)
                    continue
                previous = known.get(relative)
                if previous is not None and entry.is_file(follow_symlinks=False) and entry.inode() == previous[3]:
                    self._inherited[relative] = previous[3]
                    kept = True
                else:
                    os.unlink(entry.path)  # a link is removed, never followed
        return kept

    def _drop_unclaimed(self) -> None:
        """Before the swap: remove the recycled files this build did not make (a page deleted
        since the last build), and the folders that leaves empty."""
        root = str(self.root)
        folders: set[str] = set()
        self._changes += len(self._inherited)
        for path in self._inherited:
            try:
                os.unlink(f"{root}/{path}")
            except FileNotFoundError:
                pass  # a bundle folder Pagefind's failure removed
            folder = os.path.dirname(path)
            while folder and folder not in folders:
                folders.add(folder)
                folder = os.path.dirname(folder)
        self._inherited = {}
        for folder in sorted(folders, key=len, reverse=True):  # the deepest first
            try:
                os.rmdir(f"{root}/{folder}")
            except OSError:
                pass  # not empty: it holds files of this build

    def link_unchanged(self) -> None:
        """Hard-link the files noted as equal to `out_dir`'s into the staging folder, once it
        exists (a build that changed nothing makes none). The build calls this while Pagefind
        runs; `commit` links any noted after that."""
        if self._root is None:
            return
        try:
            for path in self._kept:
                self._link_previous(path)
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None
        self._kept = {}

    def _link_previous(self, path: str) -> None:
        """`path` of `out_dir`, hard-linked into the staging folder (copied if it cannot be)."""
        # Strings, not Paths: thousands of files a one-page rebuild, and pathlib's parsing cost
        # more than the link itself.
        if self._inherited.pop(path, None) is not None:  # the recycled folder has this very file
            self._linked.add(path)
            return
        source, target = f"{self.out_dir}/{path}", self._place(f"{self.root}/{path}")
        try:
            try:
                os.link(source, target)  # same file system: the folders are siblings
            except FileExistsError:  # written before in this build (the same bytes)
                os.unlink(target)
                os.link(source, target)
            self._linked.add(path)
        except OSError:
            shutil.copyfile(source, target)

    def _replacing(self, path: str) -> None:
        """Before `path` is written: it is no longer to be linked from `out_dir`, and a file
        linked already is unlinked first, so that writing it never changes the live site's
        copy (the same inode)."""
        self._kept.pop(path, None)
        self._pending.pop(path, None)
        if path in self._linked or self._inherited.pop(path, None) is not None:
            self._changes += 1
            os.unlink(self.root / path)
            self._linked.discard(path)

    def _keep(self, path: str, digest: Digest) -> bool:
        """True when `path` is already in `out_dir` with this content: noted, to be linked in
        (`link_unchanged`); a page from the build cache is then never read."""
        self.digests[path] = digest
        if self._previous is None:
            return False
        if self._previous.holds(path, digest):
            if os.getpid() == self._owner:
                self._kept[path] = digest
            else:
                self._link_previous(path)
            return True
        self._materialize()
        return False

    def __enter__(self) -> StagingOutput:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self._indexer is not None:
            self._indexer.stop()  # after a failure: its Pagefind runs end before the folder goes
        if self._removing is not None:
            self._removing.join()
        if self._root is not None and self._root.exists():
            shutil.rmtree(self._root, ignore_errors=True)

    def offer_search(self, shards: dict[str, list[str]] | None) -> None:
        self._shards = shards
        self._shard_of = {path: name for name, paths in (shards or {}).items() for path in paths}
        if self._shard_of and not self._defer_documents:
            self._documents_dir = self._staged_documents()

    def prepare_for_workers(self) -> None:
        self._materialize()
        if self._shard_of and self._documents_dir is None:
            # Workers write the index documents of the pages they render straight into the
            # cache's folder (or the staging folder's, when that one cannot be used).
            home = None if self._home_failed else self._open_search_home()
            self._documents_dir = home or self._staged_documents()

    def _staged_documents(self) -> str:
        """The staging folder's folder of index documents, with a folder for each shard."""
        folder = f"{self.root}/{_SEARCH_INPUT}"
        try:
            for name in self._shards or {}:
                os.makedirs(f"{folder}/{name}", exist_ok=True)
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None
        return folder

    def _open_search_home(self) -> str | None:
        """The cache's search-input folder, ready for this build's index documents: its record
        read (into `_known`) and removed, to be written again once the folder holds exactly
        this build's documents; a folder for each shard. None when it cannot be used."""
        home = self._search_home
        if home is None:
            return None
        if self._known is not None:
            return str(home)  # opened already (a shard of pages from the cache was indexed)
        record_path = home.with_name(home.name + ".json")
        try:
            if home.is_symlink() or record_path.is_symlink():
                return None
            known = _read_record(record_path, self._code)
            record_path.unlink(missing_ok=True)  # never describes a half-done folder
            home.mkdir(parents=True, exist_ok=True)
            for name in self._shards or {}:
                _make_folder(f"{home}/{name}")
        except OSError:
            return None
        self._known = known
        return str(home)

    def _target(self, path: str) -> Path:
        return Path(self._place(f"{self.root}/{path}"))

    def _place(self, target: str) -> str:
        """`target` (a file path in the staging folder), its folder made if this build has not
        made it yet: one mkdir per new folder, none for the folders already made."""
        self._changes += 1
        parent = os.path.dirname(target)
        if parent not in self._made:
            os.makedirs(parent, exist_ok=True)
            self._made.add(parent)
        return target

    def write(self, path: str, data: bytes) -> None:
        if self._keep(path, digest_of(data)):
            return
        self._write(path, data)

    def _write(self, path: str, data: bytes) -> None:
        try:
            self._replacing(path)
            _write_bytes(self._place(f"{self.root}/{path}"), data)
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None

    def note_written(self, path: str, digest: Digest) -> None:
        self.digests[path] = digest  # the manifest saved after the swap reads it from here
        if self._defer_documents and path in self._shard_of:  # its index document is written too
            self._documents[path] = _IndexSource(path, digest, lambda: self.read(path), written=True)
        self._inherited.pop(path, None)

    def note_made(self, paths: Iterable[str]) -> None:
        for path in paths:
            self._inherited.pop(path, None)  # the worker kept or replaced it

    def write_page(self, path: str, html: PageBytes, searchable: bool, digest: str | None = None) -> None:
        if digest is None:
            html = bytes_of(html)
            digest = digest_of(html)
        if searchable and path in self._shard_of:
            if self._defer_documents and os.getpid() == self._owner:
                self._documents[path] = _IndexSource(path, digest, html)  # made at index_shard if needed
            else:
                self._write_document(path, bytes_of(html))
        if not isinstance(html, bytes) and self._previous is not None and os.getpid() == self._owner:
            # A page from the build cache: whether out_dir holds it already (a stat) is checked
            # later, while Pagefind runs (`_check_pending`); its hash is known now.
            self.digests[path] = digest
            self._pending[path] = (html, digest)
            return
        if self._keep(path, digest):
            return
        self._write(path, bytes_of(html))

    def _check_pending(self) -> None:
        """Note or write the pages from the build cache `write_page` left for later."""
        pending, self._pending = self._pending, {}
        for path, (html, digest) in pending.items():
            if not self._keep(path, digest):
                self._write(path, bytes_of(html))

    def _write_document(self, path: str, html: bytes) -> None:
        assert self._documents_dir is not None, "offer_search or prepare_for_workers chose the folder"
        name, url = document_name(path)
        try:
            _replace_file(f"{self._documents_dir}/{self._shard_of[path]}/{name}", index_document(html, url))
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None

    def _sync_shard(self, home: Path, shard: str) -> bool:
        """Make `home/<shard>` (the cache's search input) hold exactly this build's index
        documents of `shard`, writing only those that differ from what its record says (and
        their files' stats confirm); False when the folder cannot be used (then the staging
        folder gets them). A document the record says was made from the same HTML is not made
        again (its page is not even read); one a worker process wrote is recorded by its
        stat, without being read back. The record is written again once every shard is
        synced (`_finish_search_input`)."""
        try:
            if self._known is None and self._open_search_home() is None:
                return False
            known = self._known or {}
            base = str(home)
            for path in (self._shards or {})[shard]:
                source = self._documents[path]
                key = f"{shard}/{source.name}"
                target = f"{base}/{key}"  # a str: a thousand documents, pathlib cost more than the stat
                held = _file_stat(target)
                if source.written and held is not None:
                    self._records[key] = ("", *held, source.html_digest)
                    continue
                entry = known.get(key)
                if entry is not None and entry[3] and held is not None and entry[1:] == (*held, source.html_digest):
                    self._records[key] = entry
                    continue
                document = source.document()
                digest = digest_of(document)
                if entry is None or held is None or entry[:3] != (digest, *held):
                    _replace_file(target, document)
                    held = _file_stat(target)
                assert held is not None
                self._records[key] = (digest, *held, source.html_digest)
            # Documents of pages gone (and anything planted).
            _remove_all_but(f"{base}/{shard}", f"{shard}/", self._records)
        except CacheChanged:
            raise  # the build starts again without the entry (build.build)
        except OSError:
            return False
        self._synced.add(shard)
        return True

    def _finish_search_input(self, home: Path) -> None:
        """Once the search input was opened (its record removed): sync the shards not synced
        yet (copied from the cache, their documents written by workers or of changed pages),
        remove the folders of shards gone, and write the record again: the folder holds
        exactly this build's documents. Nothing when a shard could not be synced (the record
        stays removed: the next build makes every document again)."""
        if self._known is None or self._home_failed:
            return
        try:
            for shard in self._shards or {}:
                if shard not in self._synced and not self._sync_shard(home, shard):
                    return
            _remove_all_but(str(home), "", self._records)  # shards gone (and anything planted)
            record_path = home.with_name(home.name + ".json")
            scratch = record_path.with_name(f".{record_path.name}.tmp-{os.getpid()}")
            scratch.write_text(json.dumps({"code": self._code, "documents": self._records}))
            os.replace(scratch, record_path)
        except CacheChanged:
            raise  # the build starts again without the entry (build.build)
        except OSError:
            return

    def copy(self, path: str, source: Path) -> None:
        try:
            if self._previous is not None and self._root is None and self._keep(path, file_digest(source)):
                return
            self._replacing(path)
            shutil.copyfile(source, self._target(path))
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None

    def _copy_hashed(self, path: str, source: str) -> None:
        """Copy a file whose hash is worth knowing (a cached search shard): when `out_dir`
        holds it already it is linked from there, and the swap does not hash it again."""
        try:
            known = self._previous.digest_if_same(path, source) if self._previous is not None else None
            if self._keep(path, known or file_digest(Path(source))):
                return
            self._replacing(path)
            shutil.copyfile(source, self._target(path))
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None

    def read(self, path: str) -> bytes:
        self._check_pending()
        try:
            return (self.out_dir / path if path in self._kept else self.root / path).read_bytes()
        except OSError as exc:
            raise BuildError(f"cannot read the site being built: {exc}") from None

    def search_bundle(self) -> Path | None:
        if self._root is None:
            return None
        bundle = self._root / BUNDLE_DIR
        return bundle if bundle.is_dir() else None

    def start_search(self, search: SearchIndex) -> None:
        self._search_index = search
        if self._shards:
            self._indexer = search.on_disk()

    def index_shard(self, name: str, reuse: Path | None = None) -> None:
        """Copy in `reuse` (here: cheap), or hand the shard's documents to Pagefind, whose run
        starts at once if `search_may_run` lets it (in a thread), else as soon as it does."""
        plan = self._shards
        assert plan is not None and self._indexer is not None, "start_search with a plan came first"
        if reuse is not None:
            try:
                files = _files_under(str(reuse))
            except OSError:
                raise CacheChanged(str(reuse)) from None  # removed since it was found whole
            for relative, source in files:
                self._copy_hashed(f"{BUNDLE_DIR}/{name}/{relative}", source)
            return
        documents = self._shard_documents(name)
        # Pagefind writes into files it finds: never into the live site's.
        self._forget_inherited(f"{BUNDLE_DIR}/{name}/")
        number = list(plan).index(name)
        self._indexer.add(number, ShardJob(documents / name, self.root / BUNDLE_DIR / name, number == 0))

    def search_may_run(self, beside_workers: bool) -> None:
        if self._indexer is not None:
            self._indexer.allow(JOBS_WHILE_RENDERING if beside_workers else JOBS, low_priority=beside_workers)

    def finish_search(self) -> list[str]:
        """The shards' manifest and the search input's record (written while the last
        Pagefind runs go on), then wait for them. On Pagefind's failure there is no search at
        all: the bundle folder is removed, and so are the files noted to be linked into it."""
        search, plan = self._search_index, self._shards
        assert search is not None, "start_search came first"
        if plan is None:
            return search.why_not()  # warnings only: nothing is indexed
        if not plan:
            return []  # no page to index
        self.write(f"{BUNDLE_DIR}/{MANIFEST}", manifest(plan))
        if self._defer_documents and self._search_home is not None:
            self._finish_search_input(self._search_home)
        assert self._indexer is not None
        warnings = self._indexer.wait(self.root / BUNDLE_DIR if self._root is not None else None)
        if warnings:
            self._kept = {path: digest for path, digest in self._kept.items() if not path.startswith(f"{BUNDLE_DIR}/")}
        return warnings

    def _forget_inherited(self, prefix: str) -> None:
        """Remove the recycled files under `prefix` (a folder a program writes into)."""
        for path in [path for path in self._inherited if path.startswith(prefix)]:
            self._changes += 1
            os.unlink(f"{self.root}/{path}")
            del self._inherited[path]

    def _shard_documents(self, name: str) -> Path:
        """The folder holding a folder of index documents for each shard, whose folder for
        shard `name` holds exactly this build's: the cache's, or the staging folder's."""
        if not self._defer_documents:
            assert self._documents_dir is not None
            return Path(self._documents_dir)  # written as the pages were
        home = self._search_home
        if home is not None and not self._home_failed and self._documents_dir in (None, str(home)):
            if self._sync_shard(home, name):
                return home
            self._home_failed = True  # its record stays removed: the next build makes every document
        staged = self._staged_documents()
        try:
            for path in (self._shards or {})[name]:
                source = self._documents[path]
                if not (source.written and self._documents_dir == staged):
                    _replace_file(f"{staged}/{name}/{source.name}", source.document())
        except CacheChanged:
            raise  # the build starts again without the entry (build.build)
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None
        return Path(staged)

    def settle(self) -> None:
        """The build wrote everything but the search bundle, which Pagefind is writing: link
        the files noted as unchanged, remove the recycled files no one claimed, and take the
        state of the staging folder but for the bundle and the index documents, so that the
        swap walks only what Pagefind wrote (the build would otherwise wait for Pagefind
        doing nothing, then walk three thousand files). Anything placed or removed after it
        makes the swap walk the whole folder."""
        self._check_pending()
        self.link_unchanged()
        if self._root is None:
            return
        try:
            self._drop_unclaimed()
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None
        state = output_state(self._root, skip=frozenset({BUNDLE_DIR, _SEARCH_INPUT}))
        self._settled = (self._changes, state) if state.get("?") != [] else None

    def _settled_state(self, root: Path) -> OutputState | None:
        """The state of the staging folder `root` from `settle` and a walk of the bundle, if
        nothing else changed since; else None."""
        if self._settled is None or self._settled[0] != self._changes:
            return None
        bundle = root / BUNDLE_DIR
        found = output_state(bundle) if bundle.is_dir() and not bundle.is_symlink() else {}
        if found.get("?") == []:
            return None
        return {**self._settled[1], **{f"{BUNDLE_DIR}/{path}": entry for path, entry in found.items()}}

    def commit(self) -> None:
        """Swap the staging folder in for `out_dir` (the previous site is removed); or
        nothing at all when `out_dir` already holds exactly this build."""
        self._check_pending()
        if self._root is None and self._previous is not None and set(self._kept) == set(self._previous.files) \
                and set(self._kept) == _files_in(self.out_dir):  # no file added by hand either
            self.unchanged = True
            return
        root = self.root
        self.link_unchanged()
        self._drop_unclaimed()
        shutil.rmtree(root / _SEARCH_INPUT, ignore_errors=True)
        state = self._settled_state(root) if self._manifest is not None else None
        self._removing = _swap(root, self.out_dir, self._trash)
        if self._manifest is not None:
            self.output_state = self._manifest.save(self.digests, self._linked, state)

def _write_bytes(target: str, data: bytes) -> None:
    """`Path(target).write_bytes(data)` without pathlib's and the buffered file object's
    overhead: a cold build writes three files per page (HTML, Markdown, index document).
    A symlink at `target` is an error, never followed."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _replace_file(target: str, data: bytes) -> None:
    """Write `target` in a folder a stranger may have planted files in (the cache): a plain
    file of its own is rewritten in place (no new inode); anything else there (a symlink, a
    hard link, a folder) is removed first, never written through."""
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        st = None
    if st is not None and not (stat.S_ISREG(st.st_mode) and st.st_nlink == 1):
        if stat.S_ISDIR(st.st_mode):
            shutil.rmtree(target)
        else:
            os.unlink(target)
    _write_bytes(target, data)


def _file_stat(path: str) -> tuple[int, int] | None:
    """(size, mtime) of the plain file at `path`; None when there is none (or a link, a folder...)."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns) if stat.S_ISREG(st.st_mode) and st.st_nlink == 1 else None


def _make_folder(path: str) -> None:
    """A folder at `path`, replacing anything else there (a symlink is removed, not followed)."""
    try:
        os.mkdir(path)
    except FileExistsError:
        if stat.S_ISDIR(os.lstat(path).st_mode):
            return
        os.unlink(path)
        os.mkdir(path)


def _read_record(path: Path, code: str) -> dict[str, DocumentRecord]:
    """The search input's record at `path`; the page HTML each document was made from is
    forgotten ("") when other code made it. Empty when there is none or it is damaged."""
    try:
        record = dict(json.loads(path.read_bytes()))
        same_code = bool(code) and record["code"] == code
        return {str(k): (str(d), int(size), int(mtime), str(html) if same_code else "")
                for k, (d, size, mtime, html) in dict(record["documents"]).items()}
    except (OSError, ValueError, TypeError, KeyError):
        return {}


def _remove_all_but(folder: str, prefix: str, keep: Mapping[str, object]) -> bool:
    """Remove every file under `folder` whose relative path (after `prefix`) is not in `keep`,
    and the folders that leaves empty; links are removed, never followed. True when `folder`
    is left empty. One scandir a folder, its entries' types without a stat each."""
    empty = True
    with os.scandir(folder) as entries:
        for entry in entries:
            relative = prefix + entry.name
            if entry.is_dir(follow_symlinks=False):
                if _remove_all_but(entry.path, relative + "/", keep):
                    os.rmdir(entry.path)
                else:
                    empty = False
            elif relative in keep and not entry.is_symlink():
                empty = False
            else:
                os.unlink(entry.path)
    return empty


def _files_under(folder: str, prefix: str = "") -> list[tuple[str, str]]:
    """(path relative to `folder`, path) of every file under `folder`; links are not followed.
    Strings and one scandir a folder: a thousand files of stored search bundles a rebuild."""
    found: list[tuple[str, str]] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                found.extend(_files_under(entry.path, f"{prefix}{entry.name}/"))
            elif entry.is_file(follow_symlinks=False):
                found.append((prefix + entry.name, entry.path))
    return found


def _files_in(folder: Path) -> set[str]:
    found: set[str] = set()
    for parent, dirs, names in os.walk(folder):
        here = Path(parent).relative_to(folder).as_posix()
        prefix = "" if here == "." else here + "/"
        found.update(prefix + name for name in names)
        found.update(prefix + name for name in dirs if os.path.islink(os.path.join(parent, name)))
    return found


def check_output_dir(project_dir: Path, out_dir: Path) -> None:
    """Refuse an output folder whose replacement would destroy the project's sources."""
    content_dir = content_root(project_dir).resolve()
    protected = {project_dir, content_dir}
    if out_dir in protected or any(p.is_relative_to(out_dir) for p in protected):
        raise BuildError(f"refusing to write the site to {out_dir}: it is or contains the project's sources")
    if content_dir != project_dir and out_dir.is_relative_to(content_dir):
        raise BuildError(f"refusing to write the site to {out_dir}: it is inside the content folder")
    if out_dir.exists() and not out_dir.is_dir():
        raise BuildError(f"refusing to write the site to {out_dir}: it is a file")
    if out_dir.is_dir() and any(out_dir.iterdir()) and not (out_dir / MARKER).exists():
        raise BuildError(
            f"refusing to replace {out_dir}: it is not empty and was not written by sitegen "
            f"(no {MARKER} file); remove it or choose another --out"
        )


def write_site(site: BuiltSite, out_dir: Path) -> None:
    """Write a site built in memory into a staging folder beside `out_dir`, then swap it in.

    If anything fails before the swap, the previous site is untouched."""
    with StagingOutput(out_dir) as output:
        for path, content in site.files.items():
            output.write(path, content)
        for path, source in site.copies.items():
            if path not in site.files:
                output.copy(path, source)
        output.commit()


def _new_folder(parent: Path, prefix: str) -> Path:
    """A new folder with a unique name, made like any folder the user makes (mkdtemp's are
    private to their owner: a site swapped in from one was unreadable to a web server)."""
    while True:
        folder = parent / f"{prefix}{os.urandom(6).hex()}"
        try:
            os.mkdir(folder)
            return folder
        except FileExistsError:
            continue


def recyclable_site(trash: Path, out_dir: Path) -> Path | None:
    """The site of `out_dir` the last swap moved into `trash` (the newest such folder), for
    the next build's staging folder; None when there is none."""
    newest: tuple[int, str] | None = None
    try:
        with os.scandir(trash) as entries:
            for entry in entries:
                if entry.name.startswith(f".{out_dir.name}.old-") and entry.is_dir(follow_symlinks=False):
                    moved = entry.stat(follow_symlinks=False).st_ctime_ns  # a rename sets it
                    if newest is None or moved > newest[0]:
                        newest = (moved, entry.path)
    except OSError:
        return None
    return Path(newest[1]) if newest is not None else None


def _swap(staging: Path, out_dir: Path, trash: Path | None = None) -> threading.Thread | None:
    """Rename `staging` into place; the previous site is moved into `trash` (when it can
    be: the same file system), else removed by the thread returned (joined when the
    StagingOutput is left) while the build records what it wrote."""
    old = None
    if out_dir.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.old-", dir=out_dir.parent))
        os.rmdir(old)
        os.rename(out_dir, old)
    try:
        os.rename(staging, out_dir)
    except OSError as exc:
        if old is not None:
            os.rename(old, out_dir)  # put the previous site back
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"cannot replace {out_dir}: {exc}") from None
    if old is None:
        return None
    if trash is not None:
        try:
            os.rename(old, trash / old.name)
            return None
        except OSError:
            pass  # another file system: removed here
    remover = threading.Thread(target=shutil.rmtree, args=(old,), kwargs={"ignore_errors": True},
                               name="sitegen-remove-old-site")
    remover.start()
    return remover
