"""Snippet files: where an import points, and their text (cached per file version).

Paths resolve inside the project only: after symlinks are resolved the file must be
under the project folder, else nothing of it is read.
"""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass
from pathlib import Path

from sitegen.confine import inside_project
from sitegen.errors import location
from sitegen.pages import FRONT_MATTER  # one front matter syntax for pages and snippets
from sitegen.untrusted import MAX_PAGE_BYTES, normalized_text, read_limited, text_problem, too_large

__all__ = ["SnippetSource", "find_script", "find_snippet", "load_snippet", "snippet_component_path"]

_SUFFIXES = ("", ".mdx", ".md", "/index.mdx", "/index.md")


@dataclass(frozen=True)
class SnippetSource:
    path: Path
    display: str  # "snippets/greeting.mdx"
    text: str  # without front matter
    first_line: int  # 1-based line of the file where `text` starts
    mdx: bool
    problem: str | None = None  # a warning about the file (invalid UTF-8, binary, too large)


class OutsideProject(Exception):
    pass


def find_snippet(written: str, importer: Path, project_dir: Path, content_dir: Path) -> Path | None:
    """The file an import path names; raises OutsideProject for paths leaving the project."""
    return _find(written, importer, project_dir, content_dir, _SUFFIXES, (".mdx", ".md"))


# Where `<Snippet file="x.mdx" />` looks: Mintlify's component first read `_snippets/`, then
# `snippets/`; projects written for either still use it (a file in both: `snippets/` wins).
SNIPPET_COMPONENT_FOLDERS = ("/snippets/", "/_snippets/")


def snippet_component_path(file: str, importer: Path, project_dir: Path, content_dir: Path) -> str:
    """The import path `<Snippet file>` names: under the first of SNIPPET_COMPONENT_FOLDERS
    holding the file, else under `snippets/` (the caller's lookup then reports it missing)."""
    relative = file.lstrip("/")
    for folder in SNIPPET_COMPONENT_FOLDERS:
        try:
            if find_snippet(folder + relative, importer, project_dir, content_dir) is not None:
                return folder + relative
        except OutsideProject:
            return folder + relative  # the caller's lookup refuses it with its own message
    return SNIPPET_COMPONENT_FOLDERS[0] + relative


def find_script(written: str, importer: Path, project_dir: Path, content_dir: Path) -> Path | None:
    """The JavaScript file an import path names (`/snippets/hero.jsx`, `./chart`)."""
    return _find(written, importer, project_dir, content_dir, _SCRIPT_NAME_SUFFIXES, _SCRIPT_SUFFIXES)


_SCRIPT_SUFFIXES = (".jsx", ".tsx", ".js", ".ts")
_SCRIPT_NAME_SUFFIXES = ("", *_SCRIPT_SUFFIXES, *(f"/index{suffix}" for suffix in _SCRIPT_SUFFIXES))


def _find(written: str, importer: Path, project_dir: Path, content_dir: Path, name_suffixes: tuple[str, ...],
          file_suffixes: tuple[str, ...]) -> Path | None:
    if written.startswith("/"):
        bases = [content_dir, project_dir]
        relative = written.lstrip("/")
    else:
        bases = [importer.parent]
        relative = written
    for base in bases:
        for suffix in name_suffixes:
            candidate = Path(posixpath.normpath(str(base / (relative + suffix))))
            resolved = inside_project(project_dir, candidate)
            if resolved is None:
                # `../x.mdx` leaving the project, or a link inside it pointing out.
                if os.path.exists(candidate) or not candidate.is_relative_to(project_dir):
                    raise OutsideProject(written)
                continue
            if os.path.isfile(resolved) and resolved.suffix in file_suffixes:
                return resolved
    return None


_CACHE: dict[Path, tuple[tuple[int, int], SnippetSource]] = {}


def load_snippet(path: Path, project_dir: Path) -> SnippetSource:
    """The snippet's text; read again only when the file changed (one read per build)."""
    stat = path.stat()
    key = (stat.st_mtime_ns, stat.st_size)
    cached = _CACHE.get(path)
    if cached is not None and cached[0] == key:
        return cached[1]
    display = path.relative_to(project_dir).as_posix()
    text, problem = _read(path, display)
    text = text.replace("\r\n", "\n")
    first_line = 1
    match = FRONT_MATTER.match(text)
    if match:
        first_line += text.count("\n", 0, match.end())
        text = text[match.end() :]
    source = SnippetSource(path, display, text, first_line, path.suffix == ".mdx", problem)
    _CACHE[path] = (key, source)
    return source


def _read(path: Path, display: str) -> tuple[str, str | None]:
    """(text, warning): a snippet that is too large, binary or unreadable is left out; invalid
    UTF-8 is shown replaced (U+FFFD), as Mintlify builds it, and named with its byte offset."""
    try:
        data, size = read_limited(path, MAX_PAGE_BYTES)
    except OSError as exc:
        return "", f"{display}: cannot read: {exc.strerror or exc}; left out"
    if size is not None:
        return "", f"{display}: {too_large(size, MAX_PAGE_BYTES, 'a snippet')}; left out"
    problem = text_problem(data)
    text = normalized_text(data.decode("utf-8", errors="replace"))
    if problem is None:
        return text, None
    if problem.line is None:  # a NUL byte: not a text file at all
        return "", f"{display}: {problem.message}; left out"
    return text, f"{location(display, problem.line)}: {problem.message}; shown with U+FFFD in its place"
