"""`build_into`: the build as a list of named, timed steps, each a function from typed
inputs to a typed result (steps.py, render_pages.py); `--profile` prints each one's time.

Where the files go is the `Output`'s business (a staging folder or memory); what a step may
reuse from an earlier build is `Reuse`'s (nothing, unless the dev server passes its own).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from sitegen.cachedir import CACHE_DIR
from sitegen.config import PAGE_ASSISTANTS, LoadedConfig
from sitegen.errors import BuildError, ContentError
from sitegen.llms import LLMS_FULL_TXT, LLMS_TXT
from sitegen.markdown import make_markdown
from sitegen.mintignore import IGNORE_FILE
from sitegen.nav import Navigation
from sitegen.pages import Page, SiteFiles
from sitegen.pipeline import steps
from sitegen.pipeline.checked import ValidatorFindings
from sitegen.pipeline.files import custom_assets
from sitegen.pipeline.output import FolderOutput, Output
from sitegen.pipeline.pagecache import PageCache, SiteInputs, code_hash, site_key
from sitegen.pipeline.progress import Progress, StepTimes
from sitegen.pipeline.render_pages import (
    PageResult,
    PageSink,
    RenderSetup,
    Reuse,
    TrackingResolver,
    render_pages,
    searchable,
)
from sitegen.project_layout import CONFIG_NAMES
from sitegen.publish import SiteUrlSetting, prune_cards, resolve_site_url
from sitegen.publish.social import CARD_DIR
from sitegen.redirects import site_routes
from sitegen.search import DiskSearch, MemorySearch, SearchIndex, SearchListener
from sitegen.theme import THEME_NAME

if TYPE_CHECKING:
    from sitegen.openapi import ApiView

T = TypeVar("T")


@dataclass(frozen=True)
class BuildOptions:
    """What a build is asked for, besides where its files go."""

    project_dir: Path  # found by config.find_project_dir
    strict: bool = False
    exclude: tuple[Path, ...] = ()  # folders that hold no pages (the output)
    base_urls: tuple[str, ...] = ()  # put first in api.baseUrl (`sitegen serve --api`)
    processes: int = 1  # render workers for a cold build into a folder
    offline: bool = False  # remote OpenAPI documents only from the cache
    site_url: SiteUrlSetting | None = None  # `sitegen build`'s (None: relative pages only)
    cache: bool = False  # pages and search shards from .sitegen-cache/build/
    compiled_templates: bool = True  # the built-in templates' compiled form from the user's cache folder
    search: SearchIndex = field(default_factory=SearchIndex)
    # False (`--no-scripts`): no code of the project's authors reaches the site: no custom
    # .js/.css files, no <style> from pages, no analytics loaders, no theme override.
    author_scripts: bool = True

    @property
    def cache_dir(self) -> Path:
        return self.project_dir / CACHE_DIR


@dataclass(frozen=True)
class BuildResult:
    pages: int
    warnings: list[str]
    external_links: list[tuple[str, str]] = field(default_factory=list)  # (where, http(s) URL) on the pages
    site_url: str | None = None  # the URL the site was built for (None: relative only)
    # Page menu entries (v2 contextual.options) left out for want of a site URL: the assistants.
    left_out: tuple[str, ...] = ()
    dated: bool = False  # pages show "Last modified" dates (from git: a later build may differ)


def build_into(opts: BuildOptions, output: Output, reuse: Reuse | None = None, times: StepTimes | None = None,
               progress: Progress | None = None) -> BuildResult:
    """One build, writing into `output` (committed by the caller). Raises SitegenError."""
    reuse, times, project = reuse or Reuse(), times or StepTimes(), opts.project_dir
    if not project.is_dir():
        raise BuildError(f"{project}: no such folder")

    def step(name: str, compute: Callable[[], T], key: object = None) -> T:
        return times.run(name, lambda: reuse.step(name, key, compute) if key is not None else compute())

    loaded = step("load_config", lambda: steps.load_config(project, opts.base_urls), key=opts.base_urls)
    read = step("read_pages", lambda: reuse.read_pages(project, opts.exclude))
    read = step("variables", lambda: steps.substitute_variables(loaded, read))
    pages = step("git_dates", lambda: steps.git_dates(loaded, read.pages, project))
    if not pages:
        raise ContentError(f"{project}: no .md or .mdx pages found")
    api_pages, ids = tuple(page for page in pages if page.openapi or page.asyncapi), frozenset(p.id for p in pages)
    checked = ValidatorFindings(opts.cache_dir) if opts.cache else None
    operations = step("attach_operations", lambda: steps.attach_operations(
        project, loaded, api_pages, opts.exclude, cache_dir=opts.cache_dir, offline=opts.offline, page_ids=ids,
        checked=checked), key=(loaded, api_pages, ids))
    pages, loaded = operations.apply(pages), operations.loaded or loaded
    navigation = step("build_navigation", lambda: steps.build_navigation(loaded, pages, project),
                      key=(loaded, steps.page_outlines(pages)))
    theme = step("load_theme", lambda: steps.load_theme_parts(project, opts.author_scripts, opts.compiled_templates),
                 key=(project, opts.author_scripts))
    theme_assets = step("theme_assets", theme.theme.assets, key=theme)
    setup, site_url, chrome_warnings = step("make_chrome", lambda: _setup(
        opts, loaded, pages, navigation, theme, theme_assets, operations.views, read.files, reuse))
    cache = step("open_cache", lambda: _open_cache(opts, setup, pages, theme)) if opts.cache else None
    search = step("plan_search", lambda: _start_search(opts, pages, output, cache))
    try:
        results = step("render_pages", lambda: _render(setup, pages, PageSink(output, search, cache), reuse,
                                                       opts.processes, progress or Progress()))
        link_warnings = step("check_links", lambda: _check_links(results))
        generated = step("generate_files", lambda: _generate(opts, setup, pages, navigation.navigation, results,
                                                             reuse))
        mermaid = step("write_files", lambda: _write(output, setup, pages, results, theme_assets, generated,
                                                     read.files))
        search_warnings = step("index_search", lambda: _finish_search(opts, search, output, times))
    finally:
        _stop_search(search)
    step("clean_caches", lambda: _clean(cache, checked, setup, results))
    warnings = [*loaded.warnings, *read.warnings, *operations.warnings, *navigation.navigation.warnings,
                *chrome_warnings, *(w for result in results for w in result.warnings), *link_warnings,
                *generated.warnings, *search_warnings, *theme.theme.refusals, *mermaid]
    return _result(opts, loaded, pages, results, site_url, list(dict.fromkeys(warnings)))


def _setup(opts: BuildOptions, loaded: LoadedConfig, pages: list[Page], navigation: steps.NavigationStep,
           theme: steps.ThemeParts, theme_assets: dict[str, Path], views: Mapping[str, ApiView],
           project_files: SiteFiles, reuse: Reuse) -> tuple[RenderSetup, str | None, list[str]]:
    """What every page shows besides its own content (the chrome, the renderer) and what
    rendering a page needs; the site URL; warnings."""
    warnings: list[str] = []
    site_url = resolve_site_url(opts.site_url, loaded) if opts.site_url is not None else None
    # Kept while its inputs are the same, so the dev server rechecks a page's links only when they change.
    routes_key = (tuple(loaded.config.redirects), tuple(page.id for page in pages),
                  tuple(item.page.id for item in navigation.navigation.all_ordered()))
    routes = reuse.step("site_routes", routes_key, lambda: site_routes(loaded, pages, navigation.navigation,
                                                                       (LLMS_TXT, LLMS_FULL_TXT)))
    resolver = TrackingResolver(opts.project_dir, pages, routes)
    home = navigation.navigation.first_page()
    root_copy = home.id if home is not None and not any(page.id == "index" for page in pages) else None
    chrome = steps.make_chrome(loaded, resolver, theme_assets, theme.env, navigation, opts.search.begin(),
                               custom_assets(project_files, opts.author_scripts))
    if site_url is not None:
        chrome = steps.with_publishing(chrome, site_url, root_copy, theme.theme, resolver, opts.cache_dir, warnings)
    # Kept while the chrome is the same: it renders each sidebar once.
    renderer = reuse.step("make_renderer", chrome,
                          lambda: steps.make_renderer(chrome, navigation.navigation, opts.project_dir))
    warnings += renderer.warnings  # icons that fell back, feedback without a repository
    if not opts.author_scripts and (opts.project_dir / "themes" / THEME_NAME).is_dir():
        warnings.append(f"themes/{THEME_NAME}/: theme override not used (--no-scripts: its templates and "
                        "assets are the project's code); the built-in theme is used")
    cards = chrome.publishing.cards if chrome.publishing else None
    setup = RenderSetup(opts.project_dir, loaded, make_markdown(), theme.components, renderer, resolver,
                        views, root_copy, cards, author_code=opts.author_scripts)
    return setup, site_url, warnings


def _open_cache(opts: BuildOptions, setup: RenderSetup, pages: list[Page], theme: steps.ThemeParts) -> PageCache:
    """The persistent cache, with the key of everything every page's HTML depends on."""
    inputs = SiteInputs(
        project_dir=opts.project_dir, skip=(*opts.exclude, opts.cache_dir), theme_dirs=theme.theme.dirs,
        # .mintignore too: what it leaves out changes which links find a file.
        config_files=tuple(opts.project_dir / name for name in (*CONFIG_NAMES, IGNORE_FILE)),
        outline=steps.page_outlines(pages),
        extra=(setup.renderer.site.extra.get("search"), setup.root_copy, opts.base_urls, opts.offline,
               setup.loaded.file_name, setup.renderer.site.extra.get("publishing"), opts.author_scripts),
    )
    return PageCache(opts.cache_dir, opts.project_dir, site_key(inputs))


def _start_search(opts: BuildOptions, pages: list[Page], output: Output,
                  cache: PageCache | None) -> SearchListener | None:
    """The search stage, listening to the pages as they are written (None: no search)."""
    binary = opts.search.binary()
    if binary is None:
        return None
    if not isinstance(output, FolderOutput):
        return MemorySearch(opts.search)
    # Beside the output, on its file system, named as a staging folder (no input of a build).
    work = Path(tempfile.mkdtemp(prefix=f".{output.out_dir.name}.new-search-", dir=output.out_dir.parent))
    return DiskSearch(binary, (page.output for page in pages if searchable(page)), work, cache, code_hash(),
                      keeper=output)


def _finish_search(opts: BuildOptions, search: SearchListener | None, output: Output, times: StepTimes) -> list[str]:
    """Wait for what is left of the search stage; its warnings."""
    if search is None:
        return opts.search.why_not()
    if isinstance(search, DiskSearch):
        times.note(search.summary())
    return search.finish(output)


def _stop_search(search: SearchListener | None) -> None:
    if isinstance(search, DiskSearch):
        search.stop()  # the Pagefind runs still going after a failure
        shutil.rmtree(search.work, ignore_errors=True)


def _render(setup: RenderSetup, pages: list[Page], sink: PageSink, reuse: Reuse, processes: int,
            progress: Progress) -> list[PageResult]:
    """Every page, written as it is made; a page's errors stop the build."""
    results = render_pages(setup, pages, sink, reuse, processes, progress)
    errors = [error for result in results for error in result.errors]
    if errors:
        raise ContentError(errors)
    return results


def _check_links(results: list[PageResult]) -> list[str]:
    """#fragment links against the ids of the target pages."""
    links = [(where, result.page_id, target, fragment)
             for result in results for where, target, fragment in result.fragment_links]
    return steps.fragment_warnings(links, {result.page_id: result.ids for result in results})


def _generate(opts: BuildOptions, setup: RenderSetup, pages: list[Page], navigation: Navigation,
              results: list[PageResult], reuse: Reuse) -> steps.Generated:
    renderer = setup.renderer
    not_found = reuse.step("render_404", renderer, lambda: renderer.render_not_found().encode())
    publishing = renderer.site.extra.get("publishing")
    return steps.generate_files(setup.loaded, pages, navigation, renderer, not_found, results,
                                publishing, opts.project_dir, setup.resolver.routes)


def _write(output: Output, setup: RenderSetup, pages: list[Page], results: list[PageResult],
           theme_assets: dict[str, Path], generated: steps.Generated, project_files: SiteFiles) -> list[str]:
    """Write the generated files and copy the others; warnings."""
    assets = [item for result in results for item in result.assets.items()] + list(setup.resolver.assets.items())
    features = {feature for result in results for feature in result.features}
    files, warnings = steps.site_files(pages, setup.root_copy, assets, theme_assets, features, project_files,
                                       setup.author_code)
    steps.write_files(output, files, generated)
    return warnings


def _clean(cache: PageCache | None, checked: ValidatorFindings | None, setup: RenderSetup,
           results: list[PageResult]) -> None:
    """Drop what this build did not use from the persistent cache and the card cache."""
    if cache is not None:
        cache.finish()
    if checked is not None:
        checked.save()
    if setup.cards is not None:
        used = {Path(path).name for result in results for path in result.assets if path.startswith(CARD_DIR)}
        prune_cards(setup.cards.cache_dir, used)


def _result(opts: BuildOptions, loaded: LoadedConfig, pages: list[Page], results: list[PageResult],
            site_url: str | None, warnings: list[str]) -> BuildResult:
    if opts.strict and warnings:
        raise ContentError([f"{w} (--strict)" for w in warnings])
    left_out = () if site_url else tuple(a for a in loaded.chrome.page_actions if a in PAGE_ASSISTANTS)
    return BuildResult(len(pages), warnings, [link for result in results for link in result.external_links],
                       site_url, left_out, any(page.modified for page in pages))
