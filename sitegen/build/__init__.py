"""The build: docs project in, static site out, as a short list of named steps.

    load_config → read_pages → attach_operations → build_navigation → load_theme
      → render_pages → check_links → write_extras → copy_files → index_search
        (index_search begins during render_pages: each search shard as soon as its pages are written)

`sitegen build` (`build`) writes every page into a staging folder as it renders (in worker
processes on big sites), runs Pagefind on each search shard's pages on disk as soon as they
are all written (while the others render, and the assets are copied), and swaps the folder
in only when everything succeeded. `build_site` and the dev server build into
memory (`BuiltSite`). Modules:

- `builder.py`: `SiteBuilder`, the order of the steps and their caches (the dev server's rebuilds)
- `steps.py`: the whole-site steps, each a function of typed inputs
- `render_pages.py`: the per-page step and its worker processes
- `files.py`: `Files`, every file of the output and where it comes from
- `output.py`: `Output` (staging folder or memory), `write_site`, the atomic swap
- `cache.py`: `Cached`, the one way a step reuses an earlier result
- `persist.py`: `BuildCache`, `sitegen build`'s cache of pages and search bundle on disk
- `pagedb.py`: `PageDatabase`, the cache's pages as rows of one SQLite file
- `progress.py`: the progress bar and time per step (`--profile`)
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sitegen import uptodate
from sitegen.build.builder import CACHE_DIR, BuildResult, SiteBuilder
from sitegen.build.output import (
    MARKER,
    BuiltSite,
    CacheChanged,
    PreviousOutput,
    RecycledScan,
    StagingOutput,
    check_output_dir,
    recyclable_site,
    write_site,
)
from sitegen.build.persist import code_hash, empty_trash, trash_folder
from sitegen.build.progress import Progress, StepTimes
from sitegen.build.steps import ASSET_DIR, config_css, fragment_warnings
from sitegen.cachedir import OPENAPI_SUBDIR
from sitegen.config import find_project_dir
from sitegen.errors import BuildError
from sitegen.pages import SourceChanged
from sitegen.publish import SiteUrlSetting
from sitegen.search import pagefind_binary

__all__ = [
    "ASSET_DIR", "CACHE_DIR", "MARKER", "BuildReport", "BuiltSite", "SiteBuilder", "build", "build_site",
    "check_output_dir", "config_css", "fragment_warnings", "write_site",
]


@dataclass(frozen=True)
class BuildReport:
    pages: int
    seconds: float
    out_dir: Path
    warnings: list[str]
    steps: list[tuple[str, float]] = field(default_factory=list)  # (step, seconds), in order
    site_url: str | None = None  # the URL the site was built for (None: relative only, no sitemap)
    left_out: tuple[str, ...] = ()  # page menu assistants left out for want of a site URL


def build(
    project_dir: Path,
    out_dir: Path | None = None,
    strict: bool = False,
    offline: bool = False,
    progress: Progress | None = None,
    times: StepTimes | None = None,
    cache: bool = True,
    site_url: SiteUrlSetting | None = None,
    checked: bool = False,
    snapshot: uptodate.Snapshot | None = None,
    author_scripts: bool = True,
) -> BuildReport:
    """`sitegen build`: write the site into a staging folder, then swap it in for `out_dir`
    (default PROJECT/site); on any error the previous site stays as it was.

    PROJECT may hold its config in `docs/` (see `find_project_dir`); the default output
    stays PROJECT/site, where the user ran the command. With `cache` (the default) pages
    and the search bundle come from `.sitegen-cache/build/` when nothing they depend on
    changed, and are kept there for the next build (see persist.py). `site_url` comes from
    --site-url or SITEGEN_SITE_URL; without a value docs.json's `siteUrl` is used, if any.

    With `cache`, a build whose inputs did not change since the last one leaves the output
    as it is and repeats that build's report (uptodate.py), unless `checked` says the
    caller (`sitegen build`) just found that out itself; `snapshot` is the one that check
    took of the inputs, recorded (when it fits this build) instead of taking another.
    Without `author_scripts` (`--no-scripts`) the site holds none of the project's own
    code (see `SiteBuilder`)."""
    started = time.perf_counter()
    times = times or StepTimes()
    out_dir = (out_dir or project_dir.resolve() / "site").resolve()
    key = uptodate.settings(project_dir, out_dir, strict, offline, not author_scripts)
    if cache and not checked and (site_url is None or site_url.value is None):
        with times.step("up_to_date"):
            replay = uptodate.check(project_dir, key, out_dir)
        if replay is not None:
            return BuildReport(replay.pages, time.perf_counter() - started, out_dir, replay.warnings,
                               times.steps, replay.site_url, replay.left_out)
    project = find_project_dir(project_dir.resolve())
    if not project.is_dir():
        raise BuildError(f"{project}: no such folder")
    check_output_dir(project, out_dir)
    builder = SiteBuilder(project, strict=strict, exclude=(out_dir,), processes=os.cpu_count() or 1, offline=offline,
                          persistent=cache, site_url=site_url or SiteUrlSetting(), author_scripts=author_scripts)
    # The manifest of what the last cached build left in out_dir: files still equal to it are
    # not written again (and nothing is swapped when nothing changed).
    manifest = builder.cache_dir / "build" / f"output-{_name_hash(out_dir)}.json"
    previous = PreviousOutput(manifest, out_dir) if cache else None
    search_input = builder.cache_dir / "build" / "search-input" if cache else None
    trash = trash_folder(builder.cache_dir) if cache else None
    # The site the last build swapped out becomes this build's staging folder; any other
    # folder in the trash is removed meanwhile.
    recycle = recyclable_site(trash, out_dir) if trash is not None and previous is not None else None
    emptying = empty_trash(trash, keep=recycle, manifest=manifest, out_dir=out_dir) if trash is not None else None
    if cache:
        uptodate.forget(project, key)  # the output is about to change
        pagefind = _pagefind_files()
        before = snapshot if snapshot is not None and snapshot.is_of(project_dir, project, out_dir, pagefind) \
            else uptodate.snapshot(project_dir, project, out_dir, pagefind)
    try:
        try:
            result, state = _build_and_swap(builder, out_dir, previous, search_input, trash, progress, times,
                                            recycle, emptying.recycled if emptying is not None else None)
        except (CacheChanged, SourceChanged):
            # A cache entry's HTML (read only when needed) did not match its header: damaged,
            # or replaced during the build; or a page file taken as unchanged by its stat
            # held other text when its page rendered. Once more, reading every entry whole
            # and checked (a damaged one is a miss: its page renders again) and every page file.
            builder.read_cache_lazily(False)
            previous = PreviousOutput(manifest, out_dir) if cache else None
            try:
                result, state = _build_and_swap(builder, out_dir, previous, search_input, trash, progress, times)
            except (CacheChanged, SourceChanged) as exc:  # changing under the build all the while
                raise BuildError(f"{exc}, and again when it started over; the previous site is kept: "
                                 "build again") from None
        if cache and _replayable(builder, result.site_url, offline):
            replay = uptodate.Replay(result.pages, result.warnings, result.site_url, result.left_out)
            uptodate.record(before, project, key, out_dir, replay, pagefind, state)
    finally:
        if emptying is not None:
            emptying.join()
    return BuildReport(result.pages, time.perf_counter() - started, out_dir, result.warnings, times.steps,
                       result.site_url, result.left_out)


def _build_and_swap(builder: SiteBuilder, out_dir: Path, previous: PreviousOutput | None,
                    search_input: Path | None, trash: Path | None, progress: Progress | None,
                    times: StepTimes, recycle: Path | None = None,
                    recycled: Callable[[], RecycledScan | None] | None = None
                    ) -> tuple[BuildResult, uptodate.OutputState | None]:
    """One build into a staging folder (`recycle`, when given and usable), swapped in for
    `out_dir`; the staging folder is removed if the build fails (the previous site stays as
    it was). With the result, the state of `out_dir` the output manifest was made from
    (None when none was made)."""
    with StagingOutput(out_dir, previous, search_input, trash, code=code_hash(), recycle=recycle,
                       recycled=recycled) as output:
        result = builder.build_into(output, progress, times)
        swap_started = time.perf_counter()
        output.commit()
    times.add("swap", time.perf_counter() - swap_started)
    return result, output.output_state


def _pagefind_files() -> list[Path]:
    """The Pagefind executable the build runs (its version shapes the search bundle)."""
    binary = pagefind_binary()
    return [binary] if binary is not None else []


def _replayable(builder: SiteBuilder, site_url: str | None, offline: bool) -> bool:
    """Whether a later build with the same files may repeat this one: not when its output
    depends on git history (a site URL: the sitemap's dates; "Last modified" lines) or on
    remote OpenAPI documents that an online build revalidates."""
    if site_url is not None or builder.dated_pages:
        return False
    downloads = builder.cache_dir / OPENAPI_SUBDIR
    return offline or not (downloads.is_dir() and any(downloads.iterdir()))


def _name_hash(path: Path) -> str:
    return hashlib.blake2b(str(path).encode(), digest_size=8).hexdigest()


def build_site(
    project_dir: Path,
    strict: bool = False,
    exclude: tuple[Path, ...] = (),
    base_urls: tuple[str, ...] = (),
) -> BuiltSite:
    """The whole site in memory: one full build of a fresh SiteBuilder.

    `base_urls` go first in docs.json `api.baseUrl` (`sitegen serve --api` puts its local
    reference server there) without touching the file.
    """
    return SiteBuilder(project_dir, strict=strict, exclude=exclude, base_urls=base_urls).build()
