"""Where a build puts its files: `Output` writes, copies, commits and aborts.

`FolderOutput` (`sitegen build`) writes every file into a staging folder beside the output
as soon as it exists (pages as they render, also from worker processes, which inherit it)
and renames that folder into place at `commit`; `abort` removes it, so a failed build leaves
the previous site byte for byte. `MemoryOutput` (the dev server, `build_site`, `sitegen
check`) collects the same files into a `BuiltSite`. Search indexing is no business of the
output: it listens for pages written (`search.SearchListener`).
"""

from __future__ import annotations

import os
import shutil
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from sitegen.errors import BuildError
from sitegen.pages import content_root

MARKER = ".sitegen-build"


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
    """A staging folder beside `out_dir`, renamed into its place at `commit`. Worker
    processes forked during the build write into it through their copy of this object."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        self.root = _new_folder(out_dir.parent, f".{out_dir.name}.new-")
        self._made: set[str] = {str(self.root)}  # folders known to exist: one mkdir per new folder

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
        try:
            shutil.copyfile(source, self._target(path))
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None

    def commit(self) -> None:
        _swap(self.root, self.out_dir)

    def abort(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


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
