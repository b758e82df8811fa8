"""`.sitegen-cache/` in the project: downloads (OpenAPI documents) and build results.

Safe to delete at any time, and ignored by git through a `.gitignore` it writes inside itself,
so nobody has to add it to the project's own ignore file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

CACHE_DIR = ".sitegen-cache"
OPENAPI_SUBDIR = "openapi"  # downloaded OpenAPI documents (openapi/fetch.py)
BUILD_SUBDIR = "build"  # what `sitegen build` keeps (pipeline/pagecache.py, output.py, checked.py, uptodate.py)


def ensure_cache_dir(cache_root: Path) -> None:
    """Create `cache_root` with a `.gitignore` that ignores everything in it (never following
    a link a stranger may have planted there)."""
    cache_root.mkdir(parents=True, exist_ok=True)
    ignore = cache_root / ".gitignore"
    if not ignore.exists() and not ignore.is_symlink():
        ignore.write_text("# sitegen's caches (downloads, builds): safe to delete\n*\n", encoding="utf-8")


def read_no_follow(path: Path) -> bytes:
    """A cache file's bytes; a symlink planted in the cache is refused (OSError), never followed."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def write_atomic(path: Path, data: bytes) -> None:
    """Write via a temporary file and rename, so an interrupted build leaves no torn entry
    (and a planted symlink is replaced, not written through)."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
