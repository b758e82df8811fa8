"""`.sitegen-cache/` in the project: downloads (OpenAPI documents) and build results.

Safe to delete at any time, and ignored by git through a `.gitignore` it writes inside itself,
so nobody has to add it to the project's own ignore file.
"""

from __future__ import annotations

from pathlib import Path

CACHE_DIR = ".sitegen-cache"


def ensure_cache_dir(cache_root: Path) -> None:
    """Create `cache_root` with a `.gitignore` that ignores everything in it (never following
    a link a stranger may have planted there)."""
    cache_root.mkdir(parents=True, exist_ok=True)
    ignore = cache_root / ".gitignore"
    if not ignore.exists() and not ignore.is_symlink():
        ignore.write_text("# sitegen's caches (downloads, builds): safe to delete\n*\n", encoding="utf-8")
