"""`Files`: every file of the output and where it comes from, assembled in one place.

Shaped like MkDocs' `structure.files.Files`: the build registers each destination once,
with its origin, before anything is copied: the pages (written as they render), the files
pages and docs.json reference (the link resolver records them per page), the theme's
assets, and the files the build generates (stylesheets, redirects, the 404 page, the search
bundle, and whatever the renderer adds). The write steps then work from this list only.

When two origins want the same destination, what the build writes (a page, a generated
file) wins over a copied file, and the first copy registered wins over later ones, except
theme files, which replace a project file of the same name (`_sitegen/` is ours).

Every project file that is not a page, a snippet or the config is published at its path
(`pages.find_site_files`: Mintlify serves the whole content folder), and its .css and .js
files are loaded by every page (`CustomAssets`). Built with `--no-scripts`, none of the
project's stylesheets, scripts or HTML documents is published or loaded
(`AUTHOR_CODE_SUFFIXES`), whether found by the walk or linked from a page.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from sitegen.pages import SiteFiles

# What a browser runs, or lets run, when it loads the file from the site: scripts, and
# documents that may hold scripts (SVG is kept: pages show it as an image, where its
# scripts never run). `--no-scripts` publishes none of the project's files of these kinds.
AUTHOR_CODE_SUFFIXES = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".css", ".html", ".htm", ".xhtml", ".shtml")


class Origin(Enum):
    PAGE = "page"  # a rendered page (or the root copy of the home page)
    GENERATED = "generated"  # written by the build: 404, redirects, CSS, search, renderer extras
    ASSET = "asset"  # a project file a page or docs.json references, copied as it is
    PROJECT = "project"  # any other project file, published at its path as Mintlify does
    THEME = "theme"  # a theme asset, copied as it is


@dataclass(frozen=True)
class SiteFile:
    dest: str  # output path, relative to the site root ("images/logo.svg")
    origin: Origin
    source: Path | None = None  # the file copied (None: the build writes it)


class Files:
    """The output's files by destination."""

    def __init__(self, author_code: bool = True) -> None:
        self._files: dict[str, SiteFile] = {}
        # False (`--no-scripts`): the project's scripts, stylesheets and HTML are never copied.
        self.author_code = author_code

    def add_written(self, dest: str, origin: Origin = Origin.GENERATED, replace: bool = True) -> bool:
        """A file the build writes; False (and nothing changes) when `replace` is off and a
        written file already has the destination (a redirect never hides a page)."""
        current = self._files.get(dest)
        if current is not None and current.source is None and not replace:
            return False
        self._files[dest] = SiteFile(dest, origin)
        return True

    def add_copy(self, dest: str, source: Path, origin: Origin = Origin.ASSET) -> None:
        if not self.author_code and origin is not Origin.THEME and dest.lower().endswith(AUTHOR_CODE_SUFFIXES):
            return
        current = self._files.get(dest)
        if current is None or (origin is Origin.THEME and current.source is not None):
            self._files[dest] = SiteFile(dest, origin, source)

    def __contains__(self, dest: object) -> bool:
        return dest in self._files

    def __iter__(self) -> Iterator[SiteFile]:
        return iter(self._files.values())

    def __len__(self) -> int:
        return len(self._files)

    def copies(self) -> dict[str, Path]:
        """Destination -> source of every file copied as it is."""
        return {file.dest: file.source for file in self._files.values() if file.source is not None}

    def sources(self) -> set[Path]:
        return {file.source for file in self._files.values() if file.source is not None}


@dataclass(frozen=True)
class CustomAssets:
    """The project's stylesheets and scripts every page loads, after the theme's own
    (output paths, relative to the site root): none under `--no-scripts`, which also
    leaves out the analytics loaders docs.json asks for (`author_code`)."""

    stylesheets: tuple[str, ...] = ()
    scripts: tuple[str, ...] = ()
    author_code: bool = True


def custom_assets(site_files: SiteFiles, author_code: bool) -> CustomAssets:
    if not author_code:
        return CustomAssets(author_code=False)
    return CustomAssets(site_files.stylesheets, site_files.scripts)


def add_project_files(files: Files, site_files: SiteFiles) -> None:
    """Every project file published as it is, at its path (after the pages, the generated
    files and what pages link to: those keep their place)."""
    for dest, source in site_files.files.items():
        files.add_copy(dest, source, Origin.PROJECT)
