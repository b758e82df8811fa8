"""Where a build puts its files: `Output` writes, copies, commits and aborts.

`FolderOutput` (`sitegen build`) writes every file into a staging folder beside the output
as soon as it exists (pages as they render, also from worker processes, which inherit it);
`abort` removes it, so a failed build leaves the previous site byte for byte. At `commit`
the staging folder is renamed into place, unless the build kept files of the previous site:

With a record (`SiteRecord`, in the project's cache folder), a build may `keep` the files
the last build made from the same inputs instead of writing them again: a page's files
by its cache key, a search shard's by its key, a copied file by its source's stat. The
record trusts each file of the output folder by its stat, as git trusts its index: a file
changed, added or removed since counts as not kept. A build that kept files commits by
moving only its staged files into the output and removing the ones it no longer makes.
`MemoryOutput` (the dev server, `build_site`, `sitegen check`) collects the same files
into a `BuiltSite`. Search indexing is no business of the output: it listens for pages
written (`search.SearchListener`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import stat
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from sitegen.cachedir import BUILD_SUBDIR, write_atomic
from sitegen.errors import BuildError
from sitegen.pages import content_root
from sitegen.uptodate import OutputState, is_racy, output_state

MARKER = ".sitegen-build"
_RECORD_FORMAT = 1
SourceStat = list[int]  # size, mtime_ns, ctime_ns, inode of a copied file's source


@dataclass
class BuiltSite:
    """A whole site in memory: generated files plus files copied as they are."""

    files: dict[str, bytes] = field(default_factory=dict)  # output path -> content
    copies: dict[str, Path] = field(default_factory=dict)  # output path -> source file
    pages: int = 0
    warnings: list[str] = field(default_factory=list)


class Output(Protocol):
    def write(self, path: str, data: bytes) -> None:
        """Put `data` at `path` (relative to the site root)."""
        ...

    def copy(self, path: str, source: Path) -> None:
        """Put a copy of the file `source` at `path`."""
        ...

    def commit(self) -> None:
        """The build succeeded: its files become the site."""
        ...

    def abort(self) -> None:
        """The build failed: forget its files (the previous site stays as it was)."""
        ...


class MemoryOutput:
    """The site as a `BuiltSite` (`site`), complete once committed."""

    def __init__(self) -> None:
        self.site = BuiltSite()
        self.committed = False

    def write(self, path: str, data: bytes) -> None:
        self.site.files[path] = data

    def copy(self, path: str, source: Path) -> None:
        self.site.copies[path] = source

    def commit(self) -> None:
        self.committed = True

    def abort(self) -> None:
        self.site = BuiltSite()


class FolderOutput:
    """A staging folder beside `out_dir`, put in its place at `commit`. Worker processes
    forked during the build write into it through their copy of this object. With `record`
    (a file in the cache folder), files of the previous site can be kept (`keep`)."""

    def __init__(self, out_dir: Path, record: Path | None = None) -> None:
        self.out_dir = out_dir
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        self.root = _new_folder(out_dir.parent, f".{out_dir.name}.new-")
        self._made: set[str] = {str(self.root)}  # folders known to exist: one mkdir per new folder
        self.record = record
        self.previous = SiteRecord.load(record, out_dir) if record is not None else None
        self.site = SiteRecord(str(out_dir))  # what this build's site is made from
        self.kept: set[str] = set()  # files of the previous site this build keeps
        self.state: OutputState | None = None  # the output folder's files once committed with a record

    def _target(self, path: str) -> str:
        target = f"{self.root}/{path}"
        parent = os.path.dirname(target)
        if parent not in self._made:
            os.makedirs(parent, exist_ok=True)
            self._made.add(parent)
        return target

    def write(self, path: str, data: bytes) -> None:
        try:
            _write_bytes(self._target(path), data)
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None

    def copy(self, path: str, source: Path) -> None:
        """Copy `source` to `path`, or keep the previous site's copy of the same, unchanged, file."""
        found = _source_stat(source)
        if found is not None:
            self.site.copies[path] = [str(source), *found]
            if self.previous is not None and self.previous.has_copy(path, str(source), found):
                self.kept.add(path)
                return
        try:
            shutil.copyfile(source, self._target(path))
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None

    def keep(self, made_from: str) -> bool:
        """Whether the files the previous build made from `made_from` (a cache key) are in the
        output folder as it left them; if so they stay there, and the caller writes nothing."""
        paths = self.previous.unchanged(made_from) if self.previous is not None else None
        if paths is None:
            return False
        self.site.made[made_from] = paths
        self.kept.update(paths)
        return True

    def made(self, made_from: str, paths: Iterable[str]) -> None:
        """The files at `paths`, written by this build, were made from `made_from` (the next
        build may keep them)."""
        self.site.made[made_from] = list(paths)
        for path in self.site.made[made_from]:
            self.site.copies.pop(path, None)  # a file made from a key is kept by its key

    def commit(self) -> None:
        if self.record is not None:
            with contextlib.suppress(OSError):
                self.record.unlink(missing_ok=True)  # the output is about to change
        if self.kept and self.previous is not None:
            _move_in(self.root, self.out_dir, self.kept, self.previous.found)
        else:
            _swap(self.root, self.out_dir)
        if self.record is not None:
            self.state = output_state(self.out_dir)
            self.site.save(self.record, self.state)

    def abort(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


@dataclass
class SiteRecord:
    """What the files of a site folder were made from: for each cache key (a page's, a search
    shard's) the files made from it, for each copied file its source's path and stat; and,
    once saved, the state (size, mtime, inode, mode) of every file of the folder."""

    out_dir: str
    made: dict[str, list[str]] = field(default_factory=dict)
    copies: dict[str, list[str | int]] = field(default_factory=dict)
    saved_ns: int = 0
    state: OutputState = field(default_factory=dict)
    found: OutputState = field(default_factory=dict)  # when loaded: the folder's files now

    @classmethod
    def load(cls, path: Path, out_dir: Path) -> SiteRecord | None:
        """The record of the site now in `out_dir`, if any (a damaged record is none)."""
        try:
            data = json.loads(path.read_bytes())
            if data["format"] != _RECORD_FORMAT or data["out_dir"] != str(out_dir) or not out_dir.is_dir():
                return None
            record = cls(str(out_dir), dict(data["made"]), dict(data["copies"]), int(data["saved_ns"]),
                         dict(data["state"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None
        record.found = output_state(out_dir)
        return record

    def _intact(self, path: str) -> bool:
        known = self.found.get(path)
        return known is not None and known == self.state.get(path)

    def unchanged(self, made_from: str) -> list[str] | None:
        """The files made from `made_from`, if each is still as this record describes it."""
        paths = self.made.get(made_from)
        if not paths or not all(isinstance(p, str) and self._intact(p) for p in paths):
            return None
        return list(paths)

    def has_copy(self, path: str, source: str, now: SourceStat) -> bool:
        """Whether `path` holds a copy of `source` as it is now: the same stat as when copied,
        and not changed so close to the record that its stat cannot vouch for it."""
        known = self.copies.get(path)
        if known is None or known != [source, *now] or not self._intact(path):
            return False
        return not is_racy(now[1], now[2], self.saved_ns)

    def save(self, path: Path, state: OutputState) -> None:
        """Write the record (a record that cannot be written costs the next build only time)."""
        data = {"format": _RECORD_FORMAT, "out_dir": self.out_dir, "made": self.made, "copies": self.copies,
                "saved_ns": time.time_ns(), "state": state}
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, json.dumps(data).encode())


def record_path(cache_dir: Path, out_dir: Path) -> Path:
    """Where the record of the site in `out_dir` is kept (one per output folder)."""
    name = hashlib.blake2b(str(out_dir).encode(), digest_size=8).hexdigest()
    return cache_dir / BUILD_SUBDIR / f"site-{name}.json"


def _source_stat(source: Path) -> SourceStat | None:
    try:
        st = os.stat(source)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def _move_in(staging: Path, out_dir: Path, kept: set[str], found: OutputState) -> None:
    """Move every file of `staging` into `out_dir`, then remove the files of `out_dir` that
    are neither among them nor `kept` (`found`: the files `out_dir` held)."""
    staged: set[str] = set()
    made_dirs: set[str] = set()
    try:
        for folder, _, names in os.walk(staging):
            rel = os.path.relpath(folder, staging)
            prefix = "" if rel == "." else rel + "/"
            for name in names:
                path = prefix + name
                target = os.path.join(out_dir, path)
                _make_parents(out_dir, prefix.rstrip("/"), made_dirs)
                if os.path.isdir(target) and not os.path.islink(target):
                    shutil.rmtree(target)  # a folder where this build makes a file
                os.replace(os.path.join(folder, name), target)
                staged.add(path)
        for path in found:
            if path not in staged and path not in kept:
                _remove(out_dir, path)
    except OSError as exc:
        raise BuildError(f"cannot update {out_dir}: {exc}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _make_parents(out_dir: Path, rel: str, made: set[str]) -> None:
    """The folders of `rel` inside `out_dir` (a file in the way of one is removed)."""
    if not rel or rel in made:
        return
    _make_parents(out_dir, os.path.dirname(rel), made)
    folder = os.path.join(out_dir, rel)
    if (os.path.lexists(folder) and not os.path.isdir(folder)) or os.path.islink(folder):
        os.unlink(folder)
    with contextlib.suppress(FileExistsError):
        os.mkdir(folder)
    made.add(rel)


def _remove(out_dir: Path, path: str) -> None:
    """Remove the file `path` of `out_dir`, and the folders it leaves empty."""
    target = os.path.join(out_dir, path)
    try:
        if stat.S_ISDIR(os.lstat(target).st_mode):
            return  # a folder of the new site stands there now
    except (FileNotFoundError, NotADirectoryError):
        return  # gone with a folder the new site replaced by a file
    os.unlink(target)
    folder = os.path.dirname(path)
    while folder:
        try:
            os.rmdir(os.path.join(out_dir, folder))
        except OSError:
            return
        folder = os.path.dirname(folder)


def _write_bytes(target: str, data: bytes) -> None:
    """Write a new file; a symlink at `target` is an error, never followed."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _new_folder(parent: Path, prefix: str) -> Path:
    """A new folder with a unique name, made with the user's umask like any folder they make
    (mkdtemp's are private to their owner: a site swapped in from one was unreadable to a
    web server)."""
    while True:
        folder = parent / f"{prefix}{os.urandom(6).hex()}"
        try:
            os.mkdir(folder)
            return folder
        except FileExistsError:
            continue


def _swap(staging: Path, out_dir: Path) -> None:
    """Rename `staging` into place; the previous site is renamed aside, then removed."""
    old = None
    if out_dir.exists() or out_dir.is_symlink():
        old = _new_folder(out_dir.parent, f".{out_dir.name}.old-")
        os.rmdir(old)
        os.rename(out_dir, old)
    try:
        os.rename(staging, out_dir)
    except OSError as exc:
        if old is not None:
            os.rename(old, out_dir)  # put the previous site back
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"cannot replace {out_dir}: {exc}") from None
    if old is not None:
        if stat.S_ISDIR(os.lstat(old).st_mode):
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.unlink(old)


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
    output = FolderOutput(out_dir)
    try:
        for path, content in site.files.items():
            output.write(path, content)
        for path, source in site.copies.items():
            if path not in site.files:
                output.copy(path, source)
        output.commit()
    except BaseException:
        output.abort()
        raise
