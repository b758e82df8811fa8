"""Snippet files: where an import points, and their text (cached per file version).

Paths resolve inside the project only: after symlinks are resolved the file must be
under the project folder, else nothing of it is read.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path

from sitegen.confine import inside_project
from sitegen.pages import _FRONT_MATTER  # one front matter syntax for pages and snippets

__all__ = ["SnippetSource", "find_snippet", "load_snippet"]

_SUFFIXES = ("", ".mdx", ".md", "/index.mdx", "/index.md")


@dataclass(frozen=True)
class SnippetSource:
    path: Path
    display: str  # "snippets/greeting.mdx"
    text: str  # without front matter
    first_line: int  # 1-based line of the file where `text` starts
    mdx: bool


class OutsideProject(Exception):
    pass


def find_snippet(written: str, importer: Path, project_dir: Path, content_dir: Path) -> Path | None:
    """The file an import path names; raises OutsideProject for paths leaving the project."""
    if written.startswith("/"):
        bases = [content_dir, project_dir]
        relative = written.lstrip("/")
    else:
        bases = [importer.parent]
        relative = written
    for base in bases:
        for suffix in _SUFFIXES:
            candidate = Path(posixpath.normpath(str(base / (relative + suffix))))
            resolved = inside_project(project_dir, candidate)
            if resolved is None:
                # `../x.mdx` leaving the project, or a link inside it pointing out.
                if candidate.exists() or not candidate.is_relative_to(project_dir):
                    raise OutsideProject(written)
                continue
            if resolved.is_file() and resolved.suffix in (".mdx", ".md"):
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
    text = path.read_text(encoding="utf-8-sig", errors="replace").replace("\r\n", "\n")
    first_line = 1
    match = _FRONT_MATTER.match(text)
    if match:
        first_line += text.count("\n", 0, match.end())
        text = text[match.end() :]
    source = SnippetSource(path, path.relative_to(project_dir).as_posix(), text, first_line, path.suffix == ".mdx")
    _CACHE[path] = (key, source)
    return source
