"""The persistent build cache of `sitegen build`: `.sitegen-cache/build/` in the project.

Each page's rendered HTML and Markdown (and the small data the build needs of it afterwards: warnings,
fragment links, ids, referenced files, features) is stored as one row of `pages.sqlite`
(`pagedb.py`: one database file, not a file per page), keyed by a hash of everything the
page's output depends on:

- the *site key*: sitegen's version and a hash of its own `.py` files, every theme file
  (built-in and project override), docs.json's bytes, the bytes of every YAML/JSON file in
  the project and of the downloaded OpenAPI documents, the site outline (every page's id and
  front matter, after OpenAPI summaries became titles), the set of file paths in the project
  (what links may resolve to), and whether pages offer search;
- the page's id and its text as read (its source bytes for a page generated from another file);
- the bytes of every snippet it inlined (stored in the entry and checked on every hit).

Correctness over hit rate: any change anywhere in the site key renders every page again.
A missing, corrupt or unreadable entry is a miss, never an error (a damaged database: every
page); workers write their pages a task at a time, each in one transaction, and every entry
the last build did not use is deleted (its space used again or given back), so the cache
never grows without bound. The search index is kept in files, one bundle
per search shard, keyed by the hash of the shard's pages' HTML (its files hard links to the
site's, checked by their stats). Parsed front matter is kept too (`front-matter.json`, by a
hash of the YAML text). The folder is safe to delete.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import sitegen
from sitegen.build.output import CacheChanged, RecycledScan, digest_of
from sitegen.build.pagedb import PageDatabase
from sitegen.build.render_pages import PageResult
from sitegen.cachedir import OPENAPI_SUBDIR, ensure_cache_dir, read_no_follow, write_atomic
from sitegen.confine import inside_project
from sitegen.markdown import MISSING_SNIPPET
from sitegen.pages import FileRecord, FrontMatterMemo, PageFiles
from sitegen.render import NAV_DIR
from sitegen.uptodate import is_racy, site_packages

BUILD_SUBDIR = "build"
_FORMAT = 6  # bump when the entry layout changes (5: entries in pages.sqlite; 6: Markdown in a column)
_DATABASE = "pages.sqlite"
_OLD_ENTRIES = "pages"  # format 4 and before: a file per page
_SEARCH = "search"
_INDEX = "index.json"
_FRONT_MATTER = "front-matter.json"
_PAGE_FILES = "page-files.json"
_NAV_SCRIPTS = "nav-scripts.json"


def _hash(*parts: bytes) -> str:
    digest = hashlib.blake2b(digest_size=20)
    for part in parts:
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()


def file_digest(path: Path) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "blake2b").hexdigest()[:40]


# Libraries whose version can change what a page looks like (parsing, highlighting, templates,
# math, diagrams, the search bundle's format, the icons in pages and navigation).
_LIBRARIES = ("markdown-it-py", "mdit-py-plugins", "pygments", "jinja2", "pydantic", "pyyaml",
              "latex2mathml", "diagram-renderer", "pagefind", "pagefind-bin", "mdformat", "fontawesomefree", "lucide")


_CODE_MEMO = "code-hash.json"  # in sitegen's own __pycache__/


@functools.cache
def code_hash() -> str:
    """A hash of sitegen's own source files (a code change, a developer's edit, invalidates
    everything) and of the versions of the libraries that shape its output. Once per process
    (see `package_hash`)."""
    return package_hash(Path(sitegen.__file__).parent)


def package_hash(package: Path) -> str:
    """A hash of the files of `package` (bytecode left out) and of the versions of the
    libraries that shape sitegen's output.

    Kept in the package's `__pycache__/` (where Python keeps its bytecode, and like it not
    under PYTHONDONTWRITEBYTECODE) with the stat of every file it hashes and of the
    site-packages folders (installing or upgrading a library changes its folder): a process that
    finds them all the same, none changed within the racy window before they were recorded
    (uptodate.is_racy), takes the hash from there instead of reading a megabyte of code and
    asking for the versions (10-15 ms of every build)."""
    seen = time.time_ns()
    files = _code_files(str(package))
    state = {"files": {rel: list(st) for rel, st in files.items()}, "path": _search_path_state()}
    memo_path = package / "__pycache__" / _CODE_MEMO
    try:
        memo = json.loads(read_no_follow(memo_path))
        if memo["state"] == state and not _racy_state(state, int(memo["seen"])) and isinstance(memo["hash"], str):
            return memo["hash"]
    except (OSError, ValueError, TypeError, KeyError):
        pass
    digest = hashlib.blake2b(digest_size=20)
    for library in _LIBRARIES:
        try:
            digest.update(f"{library}=={metadata.version(library)}\n".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{library} missing\n".encode())
    for rel in files:
        digest.update(rel.encode() + b"\0")
        digest.update((package / rel).read_bytes())
    found = digest.hexdigest()
    if not sys.dont_write_bytecode:
        try:
            memo_path.parent.mkdir(exist_ok=True)
            if not memo_path.parent.is_symlink():
                write_atomic(memo_path, json.dumps({"seen": seen, "state": state, "hash": found}).encode())
        except OSError:
            pass  # a read-only install hashes its code every time
    return found


def _code_files(package: str) -> dict[str, tuple[int, int, int, int]]:
    """Every file of the package but bytecode, in path order: its path and stat (size, mtime,
    ctime, inode)."""
    found: dict[str, tuple[int, int, int, int]] = {}

    def visit(folder: str, prefix: str) -> None:
        with os.scandir(folder) as scan:
            entries = sorted(scan, key=lambda entry: entry.name)
        for entry in entries:
            if entry.is_dir():
                if entry.name != "__pycache__":
                    visit(entry.path, f"{prefix}{entry.name}/")
            elif entry.is_file() and not entry.name.endswith(".pyc"):
                st = entry.stat()
                found[prefix + entry.name] = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
    visit(package, "")
    return found


def _search_path_state() -> list[list[object]]:
    """Each site-packages folder (uptodate.site_packages: where the libraries' versions are
    found, as the up-to-date check sees installs and upgrades) with its stat (mtime, ctime,
    inode; none when missing)."""
    state: list[list[object]] = []
    for entry in site_packages():
        try:
            st = os.stat(entry)
            state.append([entry, st.st_mtime_ns, st.st_ctime_ns, st.st_ino])
        except OSError:
            state.append([entry])
    return state


def _racy_state(state: dict[str, Any], seen: int) -> bool:
    """Whether a file or folder of a recorded state changed too close to when it was recorded."""
    times = [(st[1], st[2]) for st in state["files"].values()]
    times += [(entry[1], entry[2]) for entry in state["path"] if len(entry) == 4]
    return any(is_racy(int(mtime), int(ctime), seen) for mtime, ctime in times)


def _tree_digest(root: Path, skip: tuple[Path, ...] = ()) -> list[tuple[str, str]]:
    """(relative path, content hash) of every file under `root` (symlinks followed by name only)."""
    found: list[tuple[str, str]] = []
    if not root.is_dir():
        return found
    for folder, dirs, names in os.walk(root):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if here / d not in skip)
        for name in sorted(names):
            path = here / name
            try:
                found.append((path.relative_to(root).as_posix(), file_digest(path)))
            except OSError:
                found.append((path.relative_to(root).as_posix(), "unreadable"))
    return found


def _skipped(here: Path, name: str, skip: tuple[Path, ...]) -> bool:
    """The output and cache folders, the staging folders made beside an output (random
    names: `.site.new-…`, `.site.old-…`) and git's database are no inputs."""
    path = here / name
    return name == ".git" or any(
        path == skipped
        or (here == skipped.parent and name.startswith((f".{skipped.name}.new-", f".{skipped.name}.old-")))
        for skipped in skip)


def project_paths(project_dir: Path, skip: tuple[Path, ...]) -> list[str]:
    """Every file and folder path in the project that a link could resolve to."""
    paths: list[str] = []
    for folder, dirs, names in os.walk(project_dir):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if not _skipped(here, d, skip))
        rel = here.relative_to(project_dir).as_posix()
        paths.append(rel + "/")
        paths.extend(f"{rel}/{name}" for name in sorted(names))
    return paths


@dataclass(frozen=True)
class SiteInputs:
    """What every page's output depends on besides its own source and snippets."""

    project_dir: Path
    skip: tuple[Path, ...]  # the output folder, the cache: never inputs
    theme_dirs: tuple[Path, ...]
    config_files: tuple[Path, ...]  # docs.json / mint.json (whichever exist)
    outline: object  # repr-able: every page's id and front matter (steps.page_outlines)
    extra: object  # repr-able: anything else the chrome shows (search on, home page copy...)


def site_key(inputs: SiteInputs) -> str:
    project = inputs.project_dir
    parts: list[bytes] = [f"format {_FORMAT}".encode(), sitegen.__version__.encode(), code_hash().encode()]
    for theme_dir in inputs.theme_dirs:
        parts.append(repr((str(theme_dir), _tree_digest(theme_dir))).encode())
    parts.append(repr(_tree_digest(project / "themes", inputs.skip)).encode())
    for config in inputs.config_files:
        try:
            parts.append(config.name.encode() + b"\0" + config.read_bytes())
        except OSError:
            parts.append(config.name.encode() + b"\0missing")
    paths = project_paths(project, inputs.skip)
    parts.append("\n".join(paths).encode())
    # OpenAPI documents (and anything else YAML/JSON a page may load): their bytes.
    for rel in paths:
        if rel.endswith((".yaml", ".yml", ".json")):
            try:
                parts.append(rel.encode() + b"\0" + file_digest(project / rel).encode())
            except OSError:
                parts.append(rel.encode() + b"\0unreadable")
    cache_root = project / ".sitegen-cache"
    parts.append(repr(_tree_digest(cache_root / OPENAPI_SUBDIR)).encode())  # downloaded OpenAPI documents
    parts.append(repr(inputs.outline).encode())
    parts.append(repr(inputs.extra).encode())
    return _hash(*parts)


def _front_matter_code() -> str:
    """What parsing front matter depends on: sitegen's code and YAML library (code_hash)."""
    return f"{_FORMAT} {sitegen.__version__} {code_hash()}"


def load_front_matter(cache_root: Path) -> FrontMatterMemo:
    """The front matter the last build parsed (pages.FrontMatterMemo); empty when there is
    none, it is damaged, or it was written by other code."""
    data = _read_build_json(cache_root, _FRONT_MATTER)
    if data.get("code") == _front_matter_code():
        entries = data.get("entries")
        if isinstance(entries, dict) and all(type(k) is str and type(v) is str for k, v in entries.items()):
            return FrontMatterMemo(entries)
    return FrontMatterMemo()


def save_front_matter(cache_root: Path, memo: FrontMatterMemo) -> None:
    """Keep the front matter this build read: only when it differs from what was loaded,
    so an unchanged site writes nothing."""
    if not memo.added and len(memo.used) == memo.known:
        return
    _write_build_json(cache_root, _FRONT_MATTER, {"code": _front_matter_code(), "entries": memo.used})


def _read_build_json(cache_root: Path, name: str) -> dict[str, Any]:
    """The JSON object in the build cache's file `name`; empty when there is none, it is
    damaged or not an object, or the cache (or its build folder) is a link."""
    try:
        if cache_root.is_symlink() or (cache_root / BUILD_SUBDIR).is_symlink():
            return {}
        data = json.loads(read_no_follow(cache_root / BUILD_SUBDIR / name))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_build_json(cache_root: Path, name: str, data: object) -> None:
    """Write `data` as JSON to the build cache's file `name`; never through a link, and not at
    all when the cache cannot be written (the next build then does without it)."""
    try:
        ensure_cache_dir(cache_root)
        if cache_root.is_symlink() or (cache_root / BUILD_SUBDIR).is_symlink():
            return
        (cache_root / BUILD_SUBDIR).mkdir(exist_ok=True)
        write_atomic(cache_root / BUILD_SUBDIR / name, json.dumps(data).encode())
    except OSError:
        return


def load_page_files(cache_root: Path) -> PageFiles:
    """The page files the last build read (pages.PageFiles); none when there is no record,
    it is damaged, or other code wrote it. A record of the wrong shape is left out (its
    file is read)."""
    records: dict[str, FileRecord] = {}
    data = _read_build_json(cache_root, _PAGE_FILES)
    if data.get("code") != _front_matter_code():
        return PageFiles()
    try:
        for display, row in dict(data["files"]).items():
            record = _file_record(row)
            if record is not None:
                records[str(display)] = record
    except (ValueError, TypeError, KeyError):
        return PageFiles()
    return PageFiles(records)


def _file_record(row: object) -> FileRecord | None:
    """A stored record, [size, mtime, ctime, inode, seen, front matter key, body line,
    {key: line}, digest]; None when it is anything else (damaged or planted)."""
    if not isinstance(row, list) or len(row) != 9:
        return None
    *numbers, front_matter, body_line, key_lines, digest = row
    if not all(type(n) is int for n in (*numbers, body_line)) or type(front_matter) is not str \
            or type(digest) is not str or not isinstance(key_lines, dict) \
            or not all(type(k) is str and type(v) is int for k, v in key_lines.items()):
        return None
    size, mtime, ctime, inode, seen = numbers
    return FileRecord((size, mtime, ctime, inode), seen, front_matter, body_line, key_lines, digest)


def save_page_files(cache_root: Path, files: PageFiles) -> None:
    """Keep the records of this build's page files, when they differ from the last build's."""
    if not files.changed and len(files.kept) == len(files.records()):
        return
    rows = {display: [*record.stat, record.seen_ns, record.front_matter, record.body_line, record.key_lines,
                      record.digest] for display, record in files.kept.items()}
    _write_build_json(cache_root, _PAGE_FILES, {"code": _front_matter_code(), "files": rows})


NavScripts = dict[str, tuple[str, bytes]]  # section key -> (output path, script): render.Renderer.nav_scripts
_NAV_SCRIPT_PATH = re.compile(re.escape(NAV_DIR) + r"/([0-9a-f]{16})\.js")


def load_nav_scripts(cache_root: Path, site: str) -> NavScripts:
    """The section nav scripts the last build made, if it built the same site (`site`: the
    site key, which covers the navigation, the chrome and the templates they are made of);
    empty otherwise, or when a script is not the one its name (its content's hash) says."""
    data = _read_build_json(cache_root, _NAV_SCRIPTS)
    if data.get("site") != site:
        return {}
    try:
        scripts: NavScripts = {}
        for key, (path, text) in dict(data["scripts"]).items():
            script = str(text).encode()
            name = _NAV_SCRIPT_PATH.fullmatch(str(path))
            if name is None or hashlib.sha256(script).hexdigest()[:16] != name.group(1):
                return {}
            scripts[str(key)] = (str(path), script)
        return scripts
    except (ValueError, TypeError, KeyError):
        return {}


def save_nav_scripts(cache_root: Path, site: str, scripts: NavScripts) -> None:
    """Keep this build's section nav scripts for the next build of the same site."""
    try:
        rows = {key: [path, script.decode()] for key, (path, script) in scripts.items()}
    except UnicodeDecodeError:
        return
    _write_build_json(cache_root, _NAV_SCRIPTS, {"site": site, "scripts": rows})


_TRASH = "trash"


def trash_folder(cache_root: Path) -> Path | None:
    """`.sitegen-cache/build/trash/`: previous sites a build swapped out, removed by the next
    build while it works (removing a thousand folders can take longer than the rest of a
    one-page rebuild). None when it cannot be used safely (a link planted on the way)."""
    try:
        ensure_cache_dir(cache_root)
        folder = cache_root / BUILD_SUBDIR / _TRASH
        folder.mkdir(parents=True, exist_ok=True)
        if any(path.is_symlink() for path in (cache_root, folder.parent, folder)):
            return None
        return folder
    except OSError:
        return None


# Run by a separate interpreter (-I -S: no site-packages, nothing from the project's folder).
_TRASH_WORKER = Path(__file__).with_name("trash_worker.py")


class TrashEmptying:
    """The work `empty_trash` started in another process: `recycled()` gives the recycled
    site's scan (once, waiting for it), `join()` waits for the rest."""

    def __init__(self, process: subprocess.Popen[bytes] | None, recycling: bool = False) -> None:
        self._process = process
        self._recycling = recycling and process is not None
        self._scan: RecycledScan | None = None

    def recycled(self) -> RecycledScan | None:
        """What is left in the recycled site (trash_worker.py's line), None when it was not
        scanned there (the staging folder then scans it itself)."""
        if self._recycling:
            self._recycling = False
            assert self._process is not None and self._process.stdout is not None
            try:
                self._scan = RecycledScan.from_json(self._process.stdout.readline())
            except OSError:
                self._scan = None
        return self._scan

    def join(self) -> None:
        if self._process is not None:
            self.recycled()  # read, if the build did not: the process would wait to write it
            if self._process.stdout is not None:
                self._process.stdout.close()
            self._process.wait()


def empty_trash(folder: Path, keep: Path | None = None, manifest: Path | None = None,
                out_dir: Path | None = None) -> TrashEmptying:
    """Remove what is in the trash now but `keep` (a site the build reuses as its staging
    folder: with the output `manifest` of `out_dir`, the files in it that are not the live
    site's own are removed first, see trash_worker.py), in another process: removing or
    scanning a thousand folders is thousands of system calls, and a thread making them here
    would compete with the build for the interpreter lock; a process runs on the other core."""
    try:
        entries = [entry for entry in os.scandir(folder) if keep is None or entry.path != str(keep)]
    except OSError:
        return TrashEmptying(None)
    folders = []
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            folders.append(entry.path)
        else:
            Path(entry.path).unlink(missing_ok=True)
    recycling = keep is not None and manifest is not None and out_dir is not None
    if not folders and not recycling:
        return TrashEmptying(None)
    site = [str(keep), str(manifest), str(out_dir)] if recycling else ["-", "-", "-"]
    try:
        process = subprocess.Popen([sys.executable, "-I", "-S", str(_TRASH_WORKER), *site, *folders],
                                   stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE if recycling else subprocess.DEVNULL)
    except OSError:
        for path in folders:  # no second interpreter: removed here, before the build starts
            shutil.rmtree(path, ignore_errors=True)
        return TrashEmptying(None)
    return TrashEmptying(process, recycling)


@dataclass
class CachedPage:
    # output path -> how to read its HTML or Markdown (the page, and the root copy of the
    # home page): read only when the output does not already hold it
    html: dict[str, Callable[[], bytes]]
    result: PageResult
    digests: dict[str, str]  # output path -> hash of its bytes (output.digest_of), stored with them


def _entry_part(database: PageDatabase, key: str, offset: int, size: int, digest: str) -> Callable[[], bytes]:
    """Reads `size` bytes at `offset` of an entry's body, checked against their stored hash
    (the entry could have been replaced since its header was read)."""
    def read() -> bytes:
        data = database.body_part(key, offset, size)
        if data is None or digest_of(data) != digest:
            raise CacheChanged(f"{database.path.name}#{key}")
        return data
    return read


class BuildCache:
    """`.sitegen-cache/build/`: page entries (`pages.sqlite`) and the search bundle of the last build."""

    def __init__(self, cache_root: Path, project_dir: Path) -> None:
        self.cache_root = cache_root
        self.root = cache_root / BUILD_SUBDIR
        self.project_dir = project_dir
        self._used: set[str] = set()
        self._search_used: set[str] = set()  # the search shards' bundles this build uses
        self.hits = 0
        self.misses = 0
        # Read an entry's HTML only when it is needed (a one-page rebuild then reads one
        # page, not a thousand); off, each entry is read whole and checked when it is loaded.
        self.read_lazily = True
        self._pages = PageDatabase(self.root / _DATABASE, _FORMAT)
        self._headers: dict[str, tuple[bytes, int]] | None = None  # every entry's header, read at the first load
        # The Markdown of the entries loaded lazily, read by `fill_markdown`: key -> (their
        # result, the Markdown's size and hash).
        self._markdown_due: dict[str, tuple[PageResult, int, str]] = {}
        self._markdowns: dict[str, bytes] | None = None  # not lazily: every entry's, read at the first load
        self._prepared = False  # the build folder was made and checked (`_prepare`)

    # --- keys ------------------------------------------------------------------------------

    def page_key(self, site: str, page_id: str, source: Path, text_digest: str = "") -> str | None:
        """`text_digest`: the hash of the page's text as it was read (Page.text_digest);
        without one the source file's bytes are read and hashed."""
        if text_digest:
            return _hash(site.encode(), page_id.encode(), b"text\0" + text_digest.encode())
        try:
            text = source.read_bytes()
        except OSError:
            return None
        return _hash(site.encode(), page_id.encode(), text)

    # --- pages -----------------------------------------------------------------------------

    def _usable(self) -> bool:
        return not self.cache_root.is_symlink() and not self.root.is_symlink()

    def load(self, key: str) -> CachedPage | None:
        """The entry for `key` if it is whole and its snippets did not change; else None.
        Only its header is read: the HTML is read when it is needed (`CachedPage.html`)."""
        self._used.add(key)
        if self._headers is None:
            # Every header in one query: a one-page rebuild loads them all, and a query per
            # page cost more (see the commit message). Opening the database here, before any
            # worker is forked, also replaces a damaged one before workers write to it.
            self._headers = self._pages.headers() if self._prepare() else {}
        stored = self._headers.get(key)
        entry = None
        if stored is not None:
            header, size = stored
            try:
                blob = None if self.read_lazily else self._pages.body(key)
                if not self.read_lazily and self._markdowns is None:
                    self._markdowns = self._pages.markdowns()
                if self.read_lazily or blob is not None:
                    entry = self._decode(key, header, size, blob)
            except (ValueError, TypeError, KeyError, AttributeError, OSError):
                entry = None  # damaged: rendered again
        if entry is None:
            self.misses += 1
        else:
            self.hits += 1
        return entry

    def _decode(self, key: str, header: bytes, body_size: int, blob: bytes | None = None) -> CachedPage | None:
        # A header of JSON, then the pages' HTML bytes one after another in the body (lengths
        # in the JSON): decoding megabytes of HTML out of JSON strings cost more than the rest
        # of a warm build.
        data = json.loads(header)
        if not isinstance(data, dict) or data.get("key") != key or data.get("format") != _FORMAT:
            return None
        snippets = data["snippets"]
        assert isinstance(snippets, dict)
        for name, digest in snippets.items():
            snippet = self._inside(name)
            if snippet is None or file_digest(snippet) != digest:
                return None
        assets: dict[str, Path] = {}
        for dest, source in dict(data["assets"]).items():
            asset = self._inside(str(source))
            if asset is None:
                return None  # a planted entry never copies a file from outside the project
            assets[str(dest)] = asset
        html: dict[str, Callable[[], bytes]] = {}
        digests: dict[str, str] = {}
        start = 0  # of each file in the body
        for output, size, digest in data["html"]:
            end = start + int(size)
            if blob is None:
                html[str(output)] = _entry_part(self._pages, key, start, int(size), str(digest))
            else:
                part = blob[start:end]
                if digest_of(part) != digest:
                    return None  # damaged: rendered again
                html[str(output)] = functools.partial(bytes, part)
            digests[str(output)] = str(digest)
            start = end
        if start != body_size or (blob is not None and start != len(blob)):
            return None  # cut short or padded
        markdown_size, markdown_digest = data["markdown"]
        if type(markdown_size) is not int or type(markdown_digest) is not str:
            return None
        markdown = ""
        if blob is not None:  # read whole now: a damaged entry is a miss
            stored = (self._markdowns or {}).get(key)
            if stored is None or len(stored) != markdown_size or digest_of(stored) != markdown_digest:
                return None
            markdown = stored.decode("utf-8")
        result = PageResult(
            page_id=str(data["page_id"]),
            warnings=list(map(str, data["warnings"])),
            fragment_links=[(str(a), str(b), str(c)) for a, b, c in data["fragment_links"]],
            external_links=[(str(a), str(b)) for a, b in data["external_links"]],
            features=frozenset(map(str, data["features"])),
            ids=frozenset(map(str, data["ids"])),  # map: a thousand pages' ids, in C
            assets=assets,
            snippets=tuple(snippets),
            markdown=markdown,
        )
        if blob is None:
            self._markdown_due[key] = (result, markdown_size, markdown_digest)
        return CachedPage(html, result, digests)

    def fill_markdown(self) -> None:
        """Put their Markdown into the results of the entries loaded lazily (for llms-full.txt:
        megabytes the steps before it never need), read in one query and checked against
        their headers; an entry that no longer matches raises CacheChanged, as its HTML would."""
        if not self._markdown_due:
            return
        stored = self._pages.markdowns()
        for key, (result, size, digest) in self._markdown_due.items():
            text = stored.get(key)
            if text is None or len(text) != size or digest_of(text) != digest:
                raise CacheChanged(f"{self._pages.path.name}#{key}")
            try:
                result.markdown = text.decode("utf-8")
            except UnicodeDecodeError:
                raise CacheChanged(f"{self._pages.path.name}#{key}") from None
        self._markdown_due = {}

    def _inside(self, name: str) -> Path | None:
        path = Path(name)
        if not path.is_absolute():
            return None
        return inside_project(self.project_dir, path)

    def store_pages(self, pages: Iterable[tuple[str, dict[str, bytes], PageResult]]) -> None:
        """Keep the pages that rendered without errors, in one transaction (a worker's task,
        not a page: a transaction per page cost more). A cache that cannot be written costs
        only the next build's time."""
        rows: list[tuple[str, bytes, bytes, bytes]] = []
        for key, html, result in pages:
            if result.errors or isinstance(result.ids, bytes):
                continue
            snippets: dict[str, str] = {}
            try:
                for name in result.snippets:
                    path = Path(name)
                    if path == MISSING_SNIPPET:
                        continue  # a snippet that was missing: the file paths are in the site key
                    snippets[name] = file_digest(path)
            except OSError:
                continue
            markdown = result.markdown.encode()
            data = {
                "format": _FORMAT, "key": key, "page_id": result.page_id,
                "html": [[path, len(text), digest_of(text)] for path, text in html.items()],
                "warnings": result.warnings, "fragment_links": result.fragment_links,
                "external_links": result.external_links,
                "features": sorted(result.features), "ids": sorted(result.ids),
                "assets": {dest: str(source) for dest, source in result.assets.items()},
                "snippets": snippets, "markdown": [len(markdown), digest_of(markdown)],
            }
            rows.append((key, json.dumps(data).encode(), b"".join(html.values()), markdown))
        if rows and self._prepare():
            self._pages.put(rows)

    def _prepare(self) -> bool:
        # Once a build (each worker's copy once too): checking the folders before each of a
        # thousand entries was half a dozen system calls a page.
        if not self._prepared:
            try:
                ensure_cache_dir(self.cache_root)
                if not self._usable():
                    return False
                self.root.mkdir(exist_ok=True)
                self._prepared = self._usable()
            except OSError:
                return False
        return self._prepared

    # --- the search bundle -----------------------------------------------------------------

    def search_key(self, pages: Iterable[tuple[str, bytes]], first: bool) -> str:
        """A search shard's key: its pages (output path, hash of the HTML), and whether it is
        the first shard (the only one that keeps Pagefind's code)."""
        parts = [sitegen.__version__.encode(), code_hash().encode(), b"first" if first else b"merged"]
        for path, html in sorted(pages):
            parts.append(path.encode() + b"\0" + hashlib.blake2b(html, digest_size=20).digest())
        return _hash(*parts)

    def search_bundle(self, key: str) -> Path | None:
        """The stored bundle folder for `key` (whole: it was renamed into place, and every
        file still has the stat it was stored with), or None."""
        self._search_used.add(key)
        folder = self.root / _SEARCH / key
        if self._usable() and not (self.root / _SEARCH).is_symlink() and folder.is_dir() \
                and not folder.is_symlink() and (folder / "pagefind-entry.json").is_file() \
                and _bundle_stats(folder) == _stored_stats(folder.with_name(f"{key}.json")):
            return folder
        return None

    def store_search_bundle(self, key: str, bundle: Path) -> None:
        """Keep a shard's bundle: its files hard-linked from the site being built when they
        can be (the same file system; copied otherwise), with their stats, so that a file
        changed later through the site's link (same inode) makes the bundle a miss."""
        self._search_used.add(key)
        try:
            if not self._prepare() or not bundle.is_dir():
                return
            target = self.root / _SEARCH / key
            target.parent.mkdir(exist_ok=True)
            if target.exists():
                if self.search_bundle(key) is not None:
                    return
                shutil.rmtree(target)  # changed since it was stored: store it again
            scratch = Path(tempfile.mkdtemp(prefix=".new-", dir=target.parent))
            for source in sorted(bundle.rglob("*")):
                copy = scratch / source.relative_to(bundle)
                if source.is_symlink():
                    raise OSError(f"{source}: a link")  # Pagefind writes none: not kept
                if source.is_dir():
                    copy.mkdir()
                    continue
                try:
                    os.link(source, copy)
                except OSError:
                    shutil.copyfile(source, copy)
            write_atomic(target.with_name(f"{key}.json"), json.dumps(_bundle_stats(scratch)).encode())
            os.rename(scratch, target)
        except OSError:
            return

    # --- the end of a build ----------------------------------------------------------------

    def finish(self) -> None:
        """Remove every entry the build did not use, and write the index of what is kept."""
        if not self._usable() or not self.root.is_dir():
            return
        try:
            self._pages.keep_only(self._used)
            self._pages.close()
            _remove_old_entries(self.root / _OLD_ENTRIES)
            searches = self.root / _SEARCH
            if searches.is_dir() and not searches.is_symlink():
                for path in searches.iterdir():
                    if path.name.removesuffix(".json") not in self._search_used:
                        shutil.rmtree(path, ignore_errors=True) if path.is_dir() and not path.is_symlink() \
                            else path.unlink(missing_ok=True)
            index = {"format": _FORMAT, "sitegen": sitegen.__version__, "pages": sorted(self._used),
                     "search": sorted(self._search_used)}
            write_atomic(self.root / _INDEX, json.dumps(index, indent=1).encode())
        except OSError:
            return


def _remove_old_entries(folder: Path) -> None:
    """The one-file-per-page entries of sitegen before `pages.sqlite`: moved to the trash
    (emptied by the next build, in another process), or removed here."""
    if folder.is_symlink():
        folder.unlink()
    elif folder.is_dir():
        trash = trash_folder(folder.parent.parent)
        try:
            if trash is None:
                raise OSError("no trash")
            os.rename(folder, tempfile.mkdtemp(prefix="pages-", dir=trash))
        except OSError:
            shutil.rmtree(folder, ignore_errors=True)


def _bundle_stats(folder: Path) -> dict[str, list[int]] | None:
    """(size, mtime, inode) of every file in a stored bundle (kept beside it, `<key>.json`)."""
    stats: dict[str, list[int]] = {}

    def visit(here: str, prefix: str) -> None:
        with os.scandir(here) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    visit(entry.path, f"{prefix}{entry.name}/")
                else:
                    st = entry.stat(follow_symlinks=False)
                    stats[prefix + entry.name] = [st.st_size, st.st_mtime_ns, st.st_ino]
    try:
        visit(str(folder), "")
    except OSError:
        return None
    return stats


def _stored_stats(path: Path) -> dict[str, list[int]] | None:
    try:
        stored = json.loads(read_no_follow(path))
    except (OSError, ValueError):
        return None
    return stored if isinstance(stored, dict) else None
