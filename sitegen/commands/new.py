"""`sitegen new DIR`: write a starter project (docs.json, two pages, an API page and the
OpenAPI file it comes from) into a new or empty folder, as `mkdocs new` does.

The starter ships inside the package (`sitegen/starter/`) and builds with no warning, so a
first `sitegen build --strict` succeeds.
"""

from __future__ import annotations

import argparse
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from sitegen.errors import SitegenError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", metavar="DIR", type=Path,
                        help="where to write the project (created if missing; must be empty)")


def run(args: argparse.Namespace) -> int:
    folder: Path = args.folder
    written = write_starter(folder)
    print(f"wrote a starter project into {folder}: {', '.join(written)}")
    print(f"build it with `sitegen build {folder}`, or preview it with `sitegen serve {folder}`")
    return 0


def write_starter(folder: Path) -> list[str]:
    """Copy the starter project into `folder`; the paths written, relative to it. A folder that
    holds anything but dot files (a fresh `.git/` is fine) is refused, so nothing is overwritten."""
    if folder.exists() and not folder.is_dir():
        raise SitegenError(f"{folder} is a file; sitegen new writes a project into a new or empty folder")
    if folder.is_dir() and any(not entry.name.startswith(".") for entry in folder.iterdir()):
        raise SitegenError(f"{folder} is not empty; sitegen new writes a project into a new or empty folder")
    written: list[str] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _copy(files("sitegen") / "starter", folder, "", written)
    except OSError as exc:
        raise SitegenError(f"{folder}: cannot write the project ({exc.strerror or exc})") from exc
    return written


def _copy(source: Traversable, target: Path, relative: str, written: list[str]) -> None:
    for entry in sorted(source.iterdir(), key=lambda entry: entry.name):
        if entry.name.startswith((".", "__")):  # a build's .sitegen-cache, __pycache__
            continue
        if entry.is_dir():
            (target / entry.name).mkdir()
            _copy(entry, target / entry.name, f"{relative}{entry.name}/", written)
        else:
            (target / entry.name).write_bytes(entry.read_bytes())
            written.append(relative + entry.name)
