"""`SiteBuilder`: runs the build steps in order and keeps what each made for the next build.

    load_config → read_pages → attach_operations → build_navigation → load_theme
      → render_pages (workers on a cold build) → check_links → write_extras → copy_files
      → index_search (waits for what is left of it: each search shard's Pagefind started as
        soon as the last of its pages was written, while the other pages rendered)

Every step is a function of typed inputs (steps.py, render_pages.py); each result the dev
server reuses sits in a `Cached` keyed by the inputs it came from, or by a generation number
that `_invalidate` bumps when a file those inputs were read from changes. Caches are filled
only by steps that succeed, so after a failed build the next `rebuild` retries whatever is
still pending. Where the files go is the `Output`'s business (a staging folder or memory).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import jinja2

from sitegen.build import steps
from sitegen.build.cache import Cached
from sitegen.build.files import Files, Origin, add_project_files, custom_assets
from sitegen.build.output import BuiltSite, MemoryOutput, Output, PageBytes, bytes_of
from sitegen.build.persist import (
    BuildCache,
    SiteInputs,
    load_front_matter,
    load_nav_scripts,
    load_page_files,
    save_front_matter,
    save_nav_scripts,
    save_page_files,
    site_key,
)
from sitegen.build.progress import Progress, StepTimes
from sitegen.build.render_pages import (
    PageResult,
    RenderedBody,
    RenderSetup,
    TrackingResolver,
    can_use_workers,
    html_digest,
    render_in_workers,
    render_page,
)
from sitegen.cachedir import CACHE_DIR
from sitegen.config import CONFIG_NAMES, PAGE_ASSISTANTS, LoadedConfig, find_project_dir
from sitegen.confine import inside_project
from sitegen.errors import BuildError, ContentError
from sitegen.llms import markdown_paths
from sitegen.markdown import MISSING_SNIPPET, make_markdown, render_markdown
from sitegen.markdown.components import ComponentRenderer
from sitegen.markdown.mdx import page_ids
from sitegen.mintignore import IGNORE_FILE
from sitegen.pages import (
    PAGE_SUFFIXES,
    Page,
    PageFiles,
    SiteFiles,
    find_pages_and_files,
    find_site_files,
    read_page,
)
from sitegen.publish import SiteUrlSetting, prune_cards, resolve_site_url, sitemap_files
from sitegen.publish.sitemap import with_modified_dates
from sitegen.publish.social import CARD_DIR
from sitegen.render import Renderer, robots_may_index
from sitegen.search import SearchIndex, plan_shards
from sitegen.theme import THEME_NAME, Theme, builtin_theme_dir, load_theme
from sitegen.variables import substitute_pages

if TYPE_CHECKING:
    from sitegen.openapi import ApiView



@dataclass(frozen=True)
class BuildResult:
    pages: int
    warnings: list[str]
    external_links: list[tuple[str, str]] = field(default_factory=list)  # (where, http(s) URL) on the pages
    site_url: str | None = None  # the URL the site was built for (None: relative only)
    # Page menu entries (v2 contextual.options) left out for want of a site URL: the assistants.
    left_out: tuple[str, ...] = ()


class _ShardStarts:
    """Starts each search shard's indexing as soon as the last of its pages is written, while
    the other pages still render: its bundle from the persistent cache when it holds one of
    exactly those pages (`disk`), else Pagefind on its index documents (`Output.index_shard`)."""

    def __init__(self, plan: dict[str, list[str]] | None, output: Output, disk: BuildCache | None,
                 digests: dict[str, bytes]) -> None:
        self._plan = plan or {}
        self._output = output
        self._disk = disk
        self._digests = digests  # searchable output path -> hash of its HTML (filled as pages are written)
        self._left = {name: set(paths) for name, paths in self._plan.items()}  # shards not started: pages not written
        self._shard_of = {path: name for name, paths in self._plan.items() for path in paths}
        self._order = {name: number for number, name in enumerate(self._plan)}
        self.keys: dict[str, str] = {}  # shard -> its persistent-cache key
        self.reused: set[str] = set()  # shards copied from the persistent cache
        self.halted = False

    def rank(self, page: Page) -> int:
        """Where the page's shard comes in the plan (pages of no shard last): pages rendered
        in this order complete the shards one after another, the first one early."""
        name = self._shard_of.get(page.output)
        return self._order[name] if name is not None else len(self._plan)

    def halt(self) -> None:
        """A page failed (the build will): no shard starts from now on."""
        self.halted = True

    def written(self, path: str) -> None:
        """The searchable page at `path` is written (its hash noted)."""
        name = self._shard_of.get(path)
        left = self._left.get(name) if name is not None else None
        if left is None or name is None:
            return  # not searchable, or its shard started already
        left.discard(path)
        if left or self.halted:
            return
        del self._left[name]
        reuse = None
        if self._disk is not None:
            first = name == next(iter(self._plan))  # the only shard that keeps Pagefind's code
            key = self.keys[name] = self._disk.search_key(((path, self._digests[path]) for path in self._plan[name]),
                                                         first)
            reuse = self._disk.search_bundle(key)
            if reuse is not None:
                self.reused.add(name)
        self._output.index_shard(name, reuse)


@dataclass(frozen=True)
class _ThemeParts:
    theme: Theme
    env: jinja2.Environment
    components: ComponentRenderer


class SiteBuilder:
    """Builds a site and keeps what it loaded and rendered, so that `rebuild(changed_paths)`
    redoes only the work those files affect (the dev server calls it on every save)."""

    def __init__(
        self,
        project_dir: Path,
        strict: bool = False,
        exclude: tuple[Path, ...] = (),
        base_urls: tuple[str, ...] = (),
        processes: int = 1,
        search: SearchIndex | None = None,
        offline: bool = False,
        persistent: bool = False,
        site_url: SiteUrlSetting | None = None,
        author_scripts: bool = True,
    ) -> None:
        self.project_dir = find_project_dir(project_dir.resolve())
        # False (`--no-scripts`): no code of the project's authors reaches the site: no custom
        # .js/.css files, no <script>/<style> from pages, no theme override (see files.py).
        self.author_scripts = author_scripts
        self.strict = strict
        self.offline = offline  # remote OpenAPI documents only from the cache
        # `sitegen build`'s site URL (flag or environment; docs.json's `siteUrl` otherwise).
        # None: the dev server, whose pages stay relative (no canonical links, cards, sitemap).
        self.site_url = site_url
        # Worker processes for the pages of a cold build. Forking is only safe before the
        # caller starts threads, so only `sitegen build` asks for more than one.
        self.processes = processes
        self.exclude = tuple(path.resolve() for path in exclude) + (self.project_dir / "site", self.cache_dir)
        self.base_urls = tuple(base_urls)
        self._markdown = make_markdown()
        self.search = search or SearchIndex()  # kept across builds: it reuses an unchanged bundle
        # `sitegen build` (without --no-cache): pages and the search bundle from .sitegen-cache/build/
        self.persistent = persistent
        self._disk: BuildCache | None = None  # this build's, when persistent
        self._read_lazily = True  # see BuildCache.read_lazily
        self._digests: dict[str, bytes] = {}  # searchable output path -> hash of its HTML (this build)
        self._shard_starts: _ShardStarts | None = None  # this build's, while its pages are written
        self.dated_pages = False  # the last build showed "Last modified" dates (from git: not replayable)
        self._reset()

    @property
    def cache_dir(self) -> Path:
        """`.sitegen-cache/` in the project: safe to delete, ignored by git (it says so itself)."""
        return self.project_dir / CACHE_DIR

    def _reset(self) -> None:
        # Generations stand for the state of the files a cached result was read from:
        # `_invalidate` bumps the one a changed file belongs to.
        self._config_generation = 0
        self._theme_generation = 0
        self._theme_assets_generation = 0
        self._files_generation = 0  # a file or page appeared or disappeared: links may resolve differently
        self._specs_generation = 0  # a YAML/JSON file (maybe an OpenAPI document) changed
        self._sources: dict[Path, Page] | None = None  # pages as read, by source file (None: discover)
        self._discovery_warnings: list[str] = []  # page files and folders linking out of the project
        self._stale: set[Path] = set()  # known page files to read again
        self._config: Cached[int, LoadedConfig] = Cached()
        self._theme: Cached[int, _ThemeParts] = Cached()
        self._theme_assets: Cached[tuple[int, int], dict[str, Path]] = Cached()
        self._site_files: Cached[int, SiteFiles] = Cached()  # by files generation
        # by (config, pages with `openapi:`, specs generation, every page id: generated pages avoid them)
        self._operations: Cached[tuple[LoadedConfig, tuple[Page, ...], int, frozenset[str]], steps.Operations] = (
            Cached())
        self._navigation: Cached[tuple[LoadedConfig, tuple[steps.Outline, ...]], steps.NavigationStep] = Cached()
        self._renderer: Cached[steps.Chrome, Renderer] = Cached()
        self._bodies: Cached[Page, RenderedBody] = Cached()  # by output path: each page's markdown
        self._html: Cached[tuple[object, ...], bytes] = Cached()  # by output path: each page's HTML
        self._copied: set[Path] = set()  # files the last build copies as they are

    def build(self) -> BuiltSite:
        """A full build into memory: forget every cache."""
        self._reset()
        return self._into_memory()

    def rebuild(self, changed: Iterable[Path]) -> BuiltSite:
        """Build again after `changed` files were created, modified, moved or deleted."""
        for path in changed:
            self._invalidate(Path(os.path.abspath(path)))
        return self._into_memory()

    def _into_memory(self) -> BuiltSite:
        output = MemoryOutput()
        result = self.build_into(output)
        output.site.pages, output.site.warnings = result.pages, result.warnings
        return output.site

    # --- what a changed path affects ----------------------------------------------------

    def _invalidate(self, path: Path) -> None:
        # The build reads pages, docs.json, OpenAPI files (YAML/JSON) and theme files; any
        # other file is only looked up (links, docs.json logo/favicon) and copied as it is.
        if any(path == excluded or path.is_relative_to(excluded) for excluded in self.exclude):
            return
        if path == self.project_dir / IGNORE_FILE:
            self._forget_pages()  # pages and files may be ignored, or no longer
            return
        if path.parent == self.project_dir and path.name in CONFIG_NAMES:
            self._config_generation += 1
            self._forget_pages()  # the navigation decides the content root (pages.content_root)
            return
        if self._invalidate_theme(path):
            return
        exists = path.is_file()
        if path.suffix in PAGE_SUFFIXES:
            self._forget_snippet_users(path)
            if exists and self._sources is not None and path in self._sources:
                self._stale.add(path)  # an edit: read just this page again
            else:
                self._forget_pages()  # a page appeared or disappeared (or moved)
            return
        if path.suffix in (".yaml", ".yml", ".json"):
            self._specs_generation += 1
        if path.suffix == ".json":
            # It may be a part of a v2 docs.json (`$ref`): reading the config again is cheap,
            # and an equal result leaves every later cached step as it was.
            self._config_generation += 1
        if exists and path in self._copied:
            return  # a copied file changed: it is served and copied from disk as it is now
        self._files_generation += 1
        if path.is_dir() or (not exists and self._sources is not None
                             and any(source.is_relative_to(path) for source in self._sources)):
            self._forget_pages()  # a folder moved or was deleted with pages in it

    def _forget_snippet_users(self, path: Path) -> None:
        """Pages that inline the snippet `path` (or looked for a snippet that was missing)
        render again: their cached HTML holds the snippet's old text."""
        real = Path(os.path.realpath(path))
        for slot, (_, cached) in self._bodies.items():
            if real in cached.body.snippets or MISSING_SNIPPET in cached.body.snippets:
                self._bodies.drop(slot)

    def _invalidate_theme(self, path: Path) -> bool:
        parts = self._theme.peek()
        dirs = parts[1].theme.dirs if parts else (self.project_dir / "themes" / THEME_NAME, builtin_theme_dir())
        if any(path.is_relative_to(theme_dir / "assets") for theme_dir in dirs):
            self._theme_assets_generation += 1  # assets are served and copied from disk; only the list can change
            return True
        if any(path.is_relative_to(theme_dir) for theme_dir in (*dirs, self.project_dir / "themes")):
            self._theme_generation += 1
            return True
        return False

    def _forget_pages(self) -> None:
        self._sources = None
        self._stale.clear()
        self._files_generation += 1

    # --- the steps ------------------------------------------------------------------------

    def _read_pages(self) -> list[Page]:
        if any(inside_project(self.project_dir, source) is None for source in self._stale):
            self._forget_pages()  # an edit made a page a link out of the project: discovery refuses it
        # `sitegen build` keeps parsed front matter in its cache, and what it read of each page
        # file: a file whose stat did not change is not read again, unless its page renders
        # (the dev server reads a page once, then only the pages that change).
        memo = load_front_matter(self.cache_dir) if self.persistent and self._sources is None else None
        if self._sources is None:
            files = None
            if memo is not None:
                files = load_page_files(self.cache_dir) if self._read_lazily else PageFiles()
            pages, self._discovery_warnings, site_files = find_pages_and_files(
                self.project_dir, exclude=self.exclude, memo=memo, files=files)
            self._sources = {page.source: page for page in pages}
            self._files_generation += 1
            self._site_files.store(self._files_generation, site_files)  # one walk for pages and files
            if memo is not None:
                save_front_matter(self.cache_dir, memo)
            if files is not None:
                save_page_files(self.cache_dir, files)
        errors: list[str] = []
        for source in sorted(self._stale):
            try:
                self._sources[source] = read_page(self.project_dir, source, self._sources[source].id)
            except ContentError as exc:
                errors.extend(exc.messages)
            else:
                self._stale.discard(source)
        if errors:
            raise ContentError(errors)
        return list(self._sources.values())

    def _load_theme(self) -> tuple[_ThemeParts, dict[str, Path]]:
        def load() -> _ThemeParts:
            # A theme override is the authors' code (templates write every page's HTML).
            theme = load_theme(self.project_dir) if self.author_scripts else Theme(dirs=(builtin_theme_dir(),))
            return _ThemeParts(theme, theme.environment(), ComponentRenderer(theme))
        parts = self._theme.get_or_compute(self._theme_generation, load)
        assets = self._theme_assets.get_or_compute(
            (self._theme_generation, self._theme_assets_generation), parts.theme.assets)
        return parts, assets

    def _body(self, setup: RenderSetup, page: Page) -> RenderedBody:
        """A page's markdown, rendered again only when the page or what its links found changed."""
        entry = self._bodies.peek(page.output)
        if entry is not None:
            cached = entry[1]
            same_page = cached.page is page or cached.page == page
            same_icons = cached.icon_library == setup.loaded.chrome.icon_library
            if same_page and same_icons and cached.links_hold(setup.resolver, self._files_generation):
                return cached
        links = setup.resolver.fork()
        library = setup.loaded.chrome.icon_library
        body = render_markdown(setup.markdown, page, links, setup.components, library, setup.author_code)
        rendered = RenderedBody(page, body, links, self._files_generation, library)
        if body.errors:
            self._bodies.drop(page.output)  # never reuse a failure: the cause may be anywhere
        else:
            self._bodies.store(page, rendered, page.output)
        return rendered

    def _html_for(self, setup: RenderSetup) -> Callable[[Page, RenderedBody, ApiView | None], bytes]:
        renderer = setup.renderer

        def html_for(page: Page, rendered: RenderedBody, view: ApiView | None) -> bytes:
            # The renderer stands for the chrome: a new one (new navigation...) renders every page again.
            return self._html.get_or_compute(
                (page, rendered.body, view, renderer),
                lambda: renderer.render_page(page, rendered.body, api=view).encode(), slot=page.output)
        return html_for

    def _render_pages(
        self, setup: RenderSetup, pages: list[Page], progress: Progress, site: str | None,
        shards: dict[str, list[str]] | None,
    ) -> tuple[list[PageResult], _ShardStarts]:
        """Every page, written to the output as it is rendered (or taken from the persistent
        cache when `site`, the site key, is given), results in page order; each search shard
        starts indexing (`shards`, the plan) as soon as its pages are written."""
        progress.start(len(pages))
        results: list[PageResult | None] = [None] * len(pages)
        disk = self._disk if site is not None else None
        self._digests = {}
        starts = self._shard_starts = _ShardStarts(shards, setup.output, self._disk, self._digests)
        todo = list(range(len(pages)))
        keys: dict[int, str] = {}
        if disk is not None and site is not None:
            todo = []
            for number, page in enumerate(pages):
                key = disk.page_key(site, page.id, page.source, page.text_digest)
                entry = disk.load(key) if key is not None else None
                if entry is not None and not all(source.is_file() for source in entry.result.assets.values()):
                    entry = None  # a file it copies is gone (a card deleted from the cache): render again
                if entry is None:
                    todo.append(number)
                    if key is not None:
                        keys[number] = key
                    continue
                for path, read in entry.html.items():
                    self._write_page(setup, page, path, read, entry.digests.get(path))
                results[number] = entry.result
                progress.advance()
        todo.sort(key=lambda number: (starts.rank(pages[number]), number))  # shard by shard
        missing = [pages[number] for number in todo]
        workers = can_use_workers(self.processes, len(missing)) if not self._bodies.items() else 0
        written: dict[int, dict[str, bytes]] = {}  # page number -> its HTML by output path (to keep)
        if workers:
            setup.output.prepare_for_workers()
            store = None
            if disk is not None:
                key_of = {pages[number].id: key for number, key in keys.items()}

                def store(done: list[tuple[Page, dict[str, bytes], PageResult]]) -> None:
                    # Runs in a worker: the parent never reads the pages back.
                    disk.store_pages((key_of[page.id], html, result) for page, html, result in done
                                     if page.id in key_of)
            def forked() -> None:  # Pagefind's threads start once the workers are forked
                setup.output.search_may_run(beside_workers=True)
            for index, finished in render_in_workers(setup, missing, workers, store, forked):
                page = pages[todo[index]]
                results[todo[index]] = finished
                if finished.errors:
                    starts.halt()
                if finished.digest and not finished.html:  # the worker wrote the page itself
                    setup.output.note_written(page.output, finished.digest.hex())
                    self._note_digest(page, page.output, finished.digest)
                setup.output.note_made(finished.written)
                progress.advance()
            setup.output.search_may_run(beside_workers=False)  # the workers are gone: their cores are free
            for number in sorted(todo):  # pages a worker could not write (memory): in page order
                page, done = pages[number], results[number]
                assert done is not None
                for path, html in done.html.items():
                    self._write_page(setup, page, path, html)
                done.html = {}
        else:
            setup.output.search_may_run(beside_workers=False)  # no worker process is forked in this build
            html_for = self._html_for(setup)
            for number in todo:
                page = pages[number]
                made: dict[str, bytes] = {}

                def keep(output: Page, rendered: RenderedBody, view: ApiView | None,
                         made: dict[str, bytes] = made) -> bytes:
                    html = made[output.output] = html_for(output, rendered, view)
                    return html
                done = results[number] = render_page(setup, page, lambda output: self._body(setup, output), keep, True,
                                                     kept=made)
                if done.errors:
                    starts.halt()
                for path, html in made.items():
                    self._note(page, path, html)
                if number in keys:
                    written[number] = made
                progress.advance()
            outputs = [page.output for page in pages] + ["index.html", "404.html"]
            self._bodies.keep_only(outputs)
            self._html.keep_only(outputs)
        if disk is not None:
            stored = []
            for number, html_by_path in written.items():
                kept = results[number]
                assert kept is not None
                if isinstance(kept.ids, bytes):
                    kept.ids = page_ids(kept.ids.decode())
                stored.append((keys[number], html_by_path, kept))
            disk.store_pages(stored)
        progress.close()
        self._shard_starts = None
        return [result for result in results if result is not None], starts

    def _write_page(self, setup: RenderSetup, page: Page, path: str, html: PageBytes,
                    digest: str | None = None) -> None:
        """`digest`: the hash of `html` (hex), when the cache entry has it: hashing every
        page's HTML was a good part of a rebuild that takes most pages from the cache."""
        known = bytes.fromhex(digest) if digest is not None else html_digest(bytes_of(html))
        setup.output.write_page(path, html, path == page.output and page.in_search, known.hex())
        self._note_digest(page, path, known)

    def _note(self, page: Page, path: str, html: bytes) -> None:
        """Remember a searchable page's HTML hash: the search bundle is kept by them all."""
        self._note_digest(page, path, html_digest(html))

    def _note_digest(self, page: Page, path: str, digest: bytes) -> None:
        """A page's file is written: a searchable page's hash is noted, and its shard may be
        complete (then it starts indexing)."""
        if path != page.output or not page.in_search:
            return
        if self._disk is not None:
            self._digests[path] = digest
        if self._shard_starts is not None:
            self._shard_starts.written(path)

    def _site_key(self, loaded: LoadedConfig, pages: list[Page], theme: Theme, setup: RenderSetup, search: bool) -> str:
        """The hash of everything every page's HTML depends on (see persist.py)."""
        inputs = SiteInputs(
            project_dir=self.project_dir, skip=self.exclude, theme_dirs=theme.dirs,
            # .mintignore too: what it leaves out changes which links find a file.
            config_files=tuple(self.project_dir / name for name in (*CONFIG_NAMES, IGNORE_FILE)),
            outline=steps.page_outlines(pages),
            extra=(search, setup.root_copy, self.base_urls, self.offline, loaded.file_name,
                   setup.renderer.site.extra.get("publishing"), self.author_scripts),
        )
        return site_key(inputs)

    def read_cache_lazily(self, lazily: bool) -> None:
        """Whether the next builds read cached pages' HTML only when needed, and page files
        only when they changed (the default); not lazily, every page file is read again."""
        self._read_lazily = lazily
        if not lazily:
            self._forget_pages()

    def build_into(
        self, output: Output, progress: Progress | None = None, times: StepTimes | None = None
    ) -> BuildResult:
        """One build: every step, writing into `output`. Raises SitegenError (nothing is
        committed then: the caller drops the output)."""
        progress = progress or Progress()
        times = times or StepTimes()
        if not self.project_dir.is_dir():
            raise BuildError(f"{self.project_dir}: no such folder")
        with times.step("load_config"):
            loaded = self._config.get_or_compute(
                self._config_generation, lambda: steps.load_config(self.project_dir, self.base_urls))
            site_url = resolve_site_url(self.site_url, loaded) if self.site_url is not None else None
        with times.step("read_pages"):
            pages = self._read_pages()
        if not pages:
            raise ContentError(f"{self.project_dir}: no .md or .mdx pages found")
        warnings = list(loaded.warnings) + self._discovery_warnings + [w for page in pages for w in page.warnings]
        site_files = self._site_files.get_or_compute(
            self._files_generation, lambda: find_site_files(self.project_dir, self.exclude))
        warnings += site_files.warnings
        if loaded.v2 is not None and loaded.v2.variables:  # v2 `variables`: {{name}} in the pages' text
            pages, undefined = substitute_pages(pages, dict(loaded.v2.variables))
            warnings += undefined
        # "Last modified" lines (v2 metadata.timestamp, front matter `timestamp`): one `git log`.
        pages = with_modified_dates(pages, loaded.v2 is not None and loaded.v2.timestamp, self.project_dir)
        self.dated_pages = any(page.modified for page in pages)
        with times.step("attach_operations"):
            api_pages = tuple(page for page in pages if page.openapi or page.asyncapi)
            page_ids = frozenset(page.id for page in pages)
            operations = self._operations.get_or_compute(
                (loaded, api_pages, self._specs_generation, page_ids),
                lambda: steps.attach_operations(self.project_dir, loaded, api_pages, self.exclude,
                                                cache_dir=self.cache_dir, offline=self.offline, page_ids=page_ids))
            pages = operations.apply(pages)
            loaded = operations.loaded or loaded  # a v2 navigation with its generated API pages
        warnings += operations.warnings
        with times.step("build_navigation"):
            # The navigation depends on docs.json and on what each page shows of itself
            # elsewhere (title, icon...), not on the pages' text.
            navigation = self._navigation.get_or_compute(
                (loaded, steps.page_outlines(pages)), lambda: steps.build_navigation(loaded, pages, self.project_dir))
        warnings += navigation.navigation.warnings

        with times.step("load_theme"):
            theme, theme_assets = self._load_theme()
            resolver = TrackingResolver(self.project_dir, pages)
            search = self.search.begin()
            # The shards are known before the pages render: each page's index document is
            # written straight into its shard's folder.
            shards = plan_shards(page.output for page in pages if page.in_search) if search else None
            output.offer_search(shards)
            home = navigation.navigation.first_page()
            root_copy = home.id if home is not None and not any(page.id == "index" for page in pages) else None
            chrome = steps.make_chrome(loaded, resolver, theme_assets, theme.env, navigation, search,
                                       custom_assets(site_files, self.author_scripts))
            if site_url is not None:
                chrome = steps.with_publishing(chrome, site_url, root_copy, theme.theme, resolver, self.cache_dir,
                                              warnings)
            # Kept while the chrome is the same: it renders each sidebar once.
            renderer = self._renderer.get_or_compute(
                chrome, lambda: steps.make_renderer(chrome, navigation.navigation, self.project_dir))
        warnings += renderer.warnings  # icons that fell back, feedback without a repository
        if not self.author_scripts and (self.project_dir / "themes" / THEME_NAME).is_dir():
            warnings.append(f"themes/{THEME_NAME}/: theme override not used (--no-scripts: its templates and "
                            "assets are the project's code); the built-in theme is used")

        setup = RenderSetup(
            project_dir=self.project_dir, loaded=loaded, markdown=self._markdown, components=theme.components,
            renderer=renderer, resolver=resolver, views=operations.views, output=output,
            root_copy=root_copy, cards=chrome.publishing.cards if chrome.publishing else None,
            author_code=self.author_scripts,
        )
        files = Files(author_code=self.author_scripts)
        for page in pages:
            files.add_written(page.output, Origin.PAGE)
            for path in markdown_paths(page.output):
                files.add_written(path, Origin.PAGE)
        if setup.root_copy is not None:
            files.add_written("index.html", Origin.PAGE)
            files.add_written("index.md", Origin.PAGE)
        self._disk = BuildCache(self.cache_dir, self.project_dir) if self.persistent else None
        if self._disk is not None:
            self._disk.read_lazily = self._read_lazily
        output.start_search(self.search)
        with times.step("render_pages"):  # each search shard starts indexing once its pages are written
            site = self._site_key(loaded, pages, theme.theme, setup, search) if self._disk is not None else None
            # The section nav scripts of the last build of the same site (the site key covers
            # what they are made of): a rebuild renders no section's whole navigation.
            nav_scripts = load_nav_scripts(self.cache_dir, site) if site is not None else {}
            renderer.use_nav_scripts(nav_scripts)
            results, starts = self._render_pages(setup, pages, progress, site, shards)
        errors = [error for result in results for error in result.errors]
        if errors:
            raise ContentError(errors)
        for result in results:
            warnings += result.warnings
            for path, source in result.assets.items():
                files.add_copy(path, source)

        with times.step("check_links"):
            links = [(where, result.page_id, target, fragment)
                     for result in results for where, target, fragment in result.fragment_links]
            warnings += steps.fragment_warnings(links, {result.page_id: result.ids for result in results})
        # The Pagefind runs started while the pages rendered go on while the extras are made
        # and the files copied.
        with times.step("write_extras"):
            uses_mermaid = any("mermaid" in result.features for result in results)
            not_found = self._html.get_or_compute(
                (renderer,), lambda: renderer.render_not_found().encode(), slot="404.html"
            )
            extras = steps.generate_extras(loaded, pages, not_found, renderer)
            if site is not None and renderer.nav_scripts() != nav_scripts:
                save_nav_scripts(self.cache_dir, site, renderer.nav_scripts())
            if self._disk is not None:
                self._disk.fill_markdown()  # of the pages from the cache: only llms-full.txt needs it
            extras.files.update(steps.llms_files(loaded, navigation.navigation, results))
            if chrome.publishing is not None:
                seo_indexing = loaded.v2.indexing if loaded.v2 is not None else None
                extras.files.update(sitemap_files(
                    chrome.publishing, [page for page in pages
                                        if robots_may_index(page, navigation.navigation, seo_indexing)],
                    self.project_dir))
            steps.write_extras(output, files, extras)
            mermaid_warnings = steps.add_theme_files(files, theme_assets, uses_mermaid)
            for path, source in resolver.assets.items():  # docs.json logo, favicon, ...
                files.add_copy(path, source)
            add_project_files(files, site_files)  # every other file of the project, at its path
        with times.step("copy_files"):
            steps.copy_files(output, files)
            output.settle()  # the pages and files the last build made the same linked, while Pagefind runs
        with times.step("index_search"):  # what is left of it
            search_warnings = output.finish_search()
            bundle = output.search_bundle() if self._disk is not None and not search_warnings else None
            if self._disk is not None and bundle is not None:
                for name, key in starts.keys.items():
                    if name not in starts.reused and (bundle / name).is_dir():
                        self._disk.store_search_bundle(key, bundle / name)
            keys = starts.keys
            times.note(f"search shards: {len(keys) - len(starts.reused)} of {len(keys)} indexed" if keys else "")
        self._copied = files.sources()
        if self._disk is not None:
            self._disk.finish()  # drop what this build did not use
        if setup.cards is not None:
            used_cards = {Path(path).name for path in files.copies() if path.startswith(CARD_DIR)}
            prune_cards(setup.cards.cache_dir, used_cards)
        warnings += extras.warnings + search_warnings + theme.theme.refusals + mermaid_warnings
        warnings = list(dict.fromkeys(warnings))  # a warning found twice is shown once
        if self.strict and warnings:
            raise ContentError([f"{w} (--strict)" for w in warnings])
        left_out = () if site_url else tuple(a for a in loaded.chrome.page_actions if a in PAGE_ASSISTANTS)
        return BuildResult(len(pages), warnings, [link for result in results for link in result.external_links],
                           site_url, left_out)
