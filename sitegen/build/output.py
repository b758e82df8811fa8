"""Where a build puts its files: the `Output` protocol and its two implementations.

`StagingOutput` (`sitegen build`) writes every file to a folder beside the output as soon as
it exists (pages as they render, even from worker processes) and swaps the folder in at the
end; a failed build removes it and leaves the previous site as it was. `MemoryOutput`
(`sitegen serve`, `build_site`) collects the same files into a `BuiltSite`. The build steps
only see `Output`.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Protocol

from sitegen.errors import BuildError
from sitegen.pages import content_root
from sitegen.search import BUNDLE_DIR, SearchIndex, index_document

MARKER = ".sitegen-build"
_SEARCH_INPUT = ".sitegen-search-input"  # in the staging folder: what Pagefind reads; removed before the swap


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

    def offer_search(self, enabled: bool) -> None:
        """Whether this build's pages are indexed (said before they are written)."""
        ...

    def write(self, path: str, data: bytes) -> None: ...

    def write_page(self, path: str, html: bytes, searchable: bool) -> None:
        """A page; `searchable` pages go into the search index."""
        ...

    def copy(self, path: str, source: Path) -> None: ...

    def read(self, path: str) -> bytes:
        """A file written earlier in this build (a page a worker wrote)."""
        ...

    def start_search(self, search: SearchIndex, reuse: Path | None = None) -> Future[list[str]]:
        """Start indexing the searchable pages written so far; the future gives warnings.
        `reuse`: a bundle folder made from exactly these pages (the persistent cache), copied
        instead of running Pagefind."""
        ...

    def search_bundle(self) -> Path | None:
        """The folder the bundle was written to, if this output has one on disk."""
        ...


class MemoryOutput:
    shared_with_workers = False

    def __init__(self) -> None:
        self.site = BuiltSite()
        self._searchable: dict[str, bytes] = {}

    def offer_search(self, enabled: bool) -> None:
        pass  # SearchIndex keeps that state for the in-memory bundle

    def write(self, path: str, data: bytes) -> None:
        self.site.files[path] = data

    def write_page(self, path: str, html: bytes, searchable: bool) -> None:
        self.site.files[path] = html
        if searchable:
            self._searchable[path] = html

    def copy(self, path: str, source: Path) -> None:
        self.site.copies[path] = source

    def read(self, path: str) -> bytes:
        return self.site.files[path]

    def search_bundle(self) -> Path | None:
        return None

    def start_search(self, search: SearchIndex, reuse: Path | None = None) -> Future[list[str]]:
        # In memory and cheap to answer (the dev server's index refreshes in the background).
        for path, html in self._searchable.items():
            search.add(path, html)
        bundle, warnings = search.finish()
        self.site.files.update(bundle)
        done: Future[list[str]] = Future()
        done.set_result(warnings)
        return done


class StagingOutput:
    """A folder beside `out_dir`; `commit()` swaps it in. Use as a context manager: leaving
    it without a commit (an error) removes the folder."""

    shared_with_workers = True

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        self.root = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.new-", dir=out_dir.parent))
        self.index_input: Path | None = None  # set when the build offers search
        self._made: set[Path] = {self.root}
        self._search: ThreadPoolExecutor | None = None

    def __enter__(self) -> StagingOutput:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self._search is not None:
            self._search.shutdown(wait=True)
        if self.root.exists():
            shutil.rmtree(self.root, ignore_errors=True)

    def offer_search(self, enabled: bool) -> None:
        self.index_input = self.root / _SEARCH_INPUT if enabled else None

    def _target(self, path: str) -> Path:
        target = self.root / path
        parent = target.parent
        if parent not in self._made:
            parent.mkdir(parents=True, exist_ok=True)
            self._made.add(parent)
        return target

    def write(self, path: str, data: bytes) -> None:
        try:
            self._target(path).write_bytes(data)
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None

    def write_page(self, path: str, html: bytes, searchable: bool) -> None:
        self.write(path, html)
        if searchable and self.index_input is not None:
            target = self.index_input / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(index_document(html))

    def copy(self, path: str, source: Path) -> None:
        try:
            shutil.copyfile(source, self._target(path))
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None

    def read(self, path: str) -> bytes:
        try:
            return (self.root / path).read_bytes()
        except OSError as exc:
            raise BuildError(f"cannot read the site being built: {exc}") from None

    def search_bundle(self) -> Path | None:
        bundle = self.root / BUNDLE_DIR
        return bundle if bundle.is_dir() else None

    def start_search(self, search: SearchIndex, reuse: Path | None = None) -> Future[list[str]]:
        """Pagefind on the index documents, in a thread (it waits on a subprocess), so that
        the build copies files meanwhile; or a copy of `reuse`."""
        self._search = ThreadPoolExecutor(1, thread_name_prefix="sitegen-search")
        if reuse is not None and self.index_input is not None:
            return self._search.submit(self._copy_bundle, reuse)
        if self.index_input is not None and not self.index_input.is_dir():
            return self._search.submit(list)  # no page to index
        # Without search, finish_on_disk only says why (and runs nothing).
        return self._search.submit(search.finish_on_disk, self.root / _SEARCH_INPUT, self.root / BUNDLE_DIR)

    def _copy_bundle(self, bundle: Path) -> list[str]:
        try:
            shutil.copytree(bundle, self.root / BUNDLE_DIR, dirs_exist_ok=True)
        except OSError as exc:
            raise BuildError(f"cannot write the site: {exc}") from None
        return []

    def commit(self) -> None:
        """Swap the staging folder in for `out_dir` (the previous site is removed)."""
        if self.index_input is not None:
            shutil.rmtree(self.index_input, ignore_errors=True)
        _swap(self.root, self.out_dir)


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


def _swap(staging: Path, out_dir: Path) -> None:
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
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
