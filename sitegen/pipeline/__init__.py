"""The build: docs project in, static site out, as a short list of named steps.

    load_config → read_pages → variables → git_dates → attach_operations → build_navigation
      → load_theme → theme_assets → make_chrome → open_cache → plan_search
      → render_pages → check_links → generate_files → write_files → index_search → clean_caches
        (index_search begins during render_pages: each search shard as soon as its pages are written)

`sitegen build` (`build`) writes every page into a staging folder as it renders (in worker
processes on big sites), runs Pagefind on each search shard as soon as its pages are all
written, and puts the folder's files in place only when everything succeeded (keeping the
previous site's files whose inputs did not change: `output.SiteRecord`). `build_site` builds into
memory (`BuiltSite`); the dev server (serve/) does too, reusing what did not change.
Modules:

- `builder.py`: `build_into`, the steps in order, each timed
- `steps.py`: the whole-site steps, each a function of typed inputs
- `render_pages.py`: the per-page step, its worker processes, `Reuse`
- `files.py`: `Files`, every file of the output and where it comes from
- `output.py`: `Output` (staging folder or memory), `write_site`, the commit, `SiteRecord`
- `pagecache.py`, `pagedb.py`: `sitegen build`'s persistent cache of pages and search shards
- `progress.py`: the progress bar and time per step (`--profile`)
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from sitegen import uptodate
from sitegen.cachedir import CACHE_DIR, OPENAPI_SUBDIR
from sitegen.config import find_project_dir
from sitegen.errors import BuildError
from sitegen.pipeline.builder import BuildOptions, BuildResult, build_into
from sitegen.pipeline.output import (
    MARKER,
    BuiltSite,
    FolderOutput,
    MemoryOutput,
    check_output_dir,
    record_path,
    write_site,
)
from sitegen.pipeline.progress import Progress, StepTimes
from sitegen.pipeline.steps import ASSET_DIR, config_css, fragment_warnings
from sitegen.publish import SiteUrlSetting
from sitegen.search import pagefind_binary

__all__ = [
    "ASSET_DIR", "CACHE_DIR", "MARKER", "BuildOptions", "BuildReport", "BuildResult", "BuiltSite", "FolderOutput",
    "MemoryOutput", "build", "build_into", "build_site", "check_output_dir", "config_css", "fragment_warnings",
    "write_site",
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
    lasting: bool = True,
) -> BuildReport:
    """`sitegen build`: write the site into a staging folder, then put it in place of `out_dir`
    (default PROJECT/site); on any error the previous site stays as it was.

    With `cache` (the default), pages and search shards come from `.sitegen-cache/build/`
    when nothing they depend on changed (pagecache.py), and a build whose inputs did not
    change since the last one leaves the output as it is and repeats that build's report
    (uptodate.py), unless `checked` says the caller just found out itself; `snapshot` is
    the one that check took of the inputs, recorded instead of taking another. Without
    `author_scripts` (`--no-scripts`) the site holds none of the project's own code. An
    output folder that is not `lasting` (`gh-deploy`'s temporary one) gets no records."""
    started = time.perf_counter()
    times = times or StepTimes()
    out_dir = (out_dir or project_dir.resolve() / "site").resolve()
    key = uptodate.settings(project_dir, out_dir, strict, offline, not author_scripts)
    if cache and not checked and (site_url is None or site_url.value is None):
        replay = times.run("up_to_date", lambda: uptodate.check(project_dir, key, out_dir))
        if replay is not None:
            return BuildReport(replay.pages, time.perf_counter() - started, out_dir, replay.warnings,
                               times.steps, replay.site_url, replay.left_out)
    project = find_project_dir(project_dir.resolve())
    if not project.is_dir():
        raise BuildError(f"{project}: no such folder")
    check_output_dir(project, out_dir)
    opts = BuildOptions(project, strict=strict, exclude=(out_dir, project / "site", project / CACHE_DIR),
                        processes=os.cpu_count() or 1,
                        offline=offline, site_url=site_url or SiteUrlSetting(), cache=cache,
                        compiled_templates=cache, author_scripts=author_scripts)
    pagefind = [binary] if (binary := pagefind_binary()) is not None else []
    before = None
    if cache and lasting:
        uptodate.forget(project, key)  # the output is about to change
        before = snapshot if snapshot is not None and snapshot.is_of(project_dir, project, out_dir, pagefind) \
            else uptodate.snapshot(project_dir, project, out_dir, pagefind)
    output = FolderOutput(out_dir, record_path(opts.cache_dir, out_dir) if cache and lasting else None)
    try:
        result = build_into(opts, output, times=times, progress=progress)
        times.run("commit", output.commit)
    except BaseException:
        output.abort()
        raise
    if before is not None and _replayable(opts, result):
        replay = uptodate.Replay(result.pages, result.warnings, result.site_url, result.left_out)
        times.run("record", lambda: uptodate.record(before, project, key, out_dir, replay, pagefind, output.state))
    return BuildReport(result.pages, time.perf_counter() - started, out_dir, result.warnings, times.steps,
                       result.site_url, result.left_out)


def _replayable(opts: BuildOptions, result: BuildResult) -> bool:
    """Whether a later build with the same files may repeat this one: not when its output
    depends on git history (a site URL: the sitemap's dates; "Last modified" lines) or on
    remote OpenAPI documents that an online build revalidates."""
    if result.site_url is not None or result.dated:
        return False
    downloads = opts.cache_dir / OPENAPI_SUBDIR
    return opts.offline or not (downloads.is_dir() and any(downloads.iterdir()))


def build_site(
    project_dir: Path,
    strict: bool = False,
    exclude: tuple[Path, ...] = (),
    base_urls: tuple[str, ...] = (),
    site_url: SiteUrlSetting | None = None,
) -> BuiltSite:
    """The whole site in memory, built once. `base_urls` go first in docs.json `api.baseUrl`
    (`sitegen serve --api` puts its local reference server there) without touching the file."""
    project = find_project_dir(project_dir.resolve())
    opts = BuildOptions(project, strict=strict, exclude=(
        *(path.resolve() for path in exclude), project / "site", project / CACHE_DIR),
        base_urls=tuple(base_urls), site_url=site_url)
    output = MemoryOutput()
    result = build_into(opts, output)
    output.commit()
    output.site.pages, output.site.warnings = result.pages, result.warnings
    return output.site
