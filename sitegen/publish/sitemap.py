"""`sitemap.xml` and `robots.txt` of a site with a URL.

The sitemap lists the pages search engines may index (by default every built page, in the
navigation or not, except `hidden` and `noindex` ones; v2 `seo.indexing` changes that; redirect
pages are not pages). `lastmod` is the date of the last commit that touched
the page's file when the project is in a git repository (one `git log` for all files), else
the file's modification time.
"""

from __future__ import annotations

import dataclasses
import html
import subprocess
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from sitegen.pages import Page
from sitegen.publish.tags import Publishing

SITEMAP = "sitemap.xml"
ROBOTS = "robots.txt"
_GIT_TIMEOUT = 60  # seconds: a huge history must not hang the build (mtimes are used then)


def sitemap_files(publishing: Publishing, pages: Iterable[Page], project_dir: Path) -> dict[str, bytes]:
    """Output path -> content of sitemap.xml and robots.txt; `pages` are those search
    engines may index (`render.robots_may_index`)."""
    listed = list(pages)
    dates = git_dates(project_dir)
    entries: dict[str, str | None] = {}  # URL -> lastmod; the home page's root copy is the same URL
    for page in sorted(listed, key=publishing.canonical):
        url = publishing.canonical(page)
        if url not in entries:
            entries[url] = dates.get(page.source.resolve()) or _mtime(page.source)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    for url, lastmod in entries.items():
        lastmod_tag = f"<lastmod>{lastmod}</lastmod>" if lastmod else ""
        # html.escape without quotes is XML's escape of text (xml.sax.saxutils imports urllib.request:
        # 7 ms of every build).
        lines.append(f"  <url><loc>{html.escape(url, quote=False)}</loc>{lastmod_tag}</url>")
    lines.append("</urlset>")
    robots = f"User-agent: *\nAllow: /\n\nSitemap: {publishing.site_url}{SITEMAP}\n"
    return {SITEMAP: ("\n".join(lines) + "\n").encode(), ROBOTS: robots.encode()}


def with_modified_dates(pages: list[Page], default: bool, project_dir: Path) -> list[Page]:
    """`pages` with `modified` set where they show a "Last modified" line: every page when
    `default` (v2 `metadata.timestamp`), front matter `timestamp: true/false` overriding it.
    The date is the last commit's (one `git log`), else the file's modification time."""
    shown = [page.meta.get("timestamp", default) is True for page in pages]
    if not any(shown):
        return pages
    dates = git_dates(project_dir)
    return [dataclasses.replace(page, modified=(dates.get(page.source.resolve()) or _mtime(page.source) or "")[:10]
                                or None) if show else page
            for page, show in zip(pages, shown, strict=True)]


def git_dates(project_dir: Path) -> dict[Path, str]:
    """Each file's last commit date (ISO 8601) from one `git log` over the project folder;
    empty when it is not in a git repository (or git is missing)."""
    try:
        run = subprocess.run(
            ["git", "-c", "core.quotePath=false", "log", "--no-renames", "--relative",
             "--format=%x1e%cI", "--name-only", "--", "."],
            cwd=project_dir, capture_output=True, timeout=_GIT_TIMEOUT, check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return {}
    if run.returncode != 0:
        return {}
    dates: dict[Path, str] = {}
    base = project_dir.resolve()
    for commit in run.stdout.decode("utf-8", "replace").split("\x1e")[1:]:
        date, *names = commit.strip("\n").split("\n")
        for name in names:
            if name and not name.startswith('"'):  # a quoted (unusual) name: its mtime is used
                dates.setdefault(base / name, date)  # newest commit first: the first date wins
    return dates


def _mtime(path: Path) -> str | None:
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return None
    return datetime.fromtimestamp(stamp, UTC).isoformat(timespec="seconds")
