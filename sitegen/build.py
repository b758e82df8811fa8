"""The build: load everything, render every page in memory, then write the site atomically.

`build_site` produces a `BuiltSite` (file contents and files to copy) without touching
the output folder; `write_site` swaps it in. `build_site` is one full build of a
`SiteBuilder`, which the dev server keeps to rebuild only what a changed file affects.
"""

from __future__ import annotations

import copy
import dataclasses
import multiprocessing
import os
import shutil
import tempfile
import time
from collections.abc import Iterable
from html import escape
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sitegen.colors import theme_css
from sitegen.confine import inside_project
from sitegen.config import CONFIG_NAMES, ApiConfig, LoadedConfig, find_project_dir, load_config
from sitegen.errors import BuildError, ConfigError, ContentError, SitegenError
from sitegen.markdown import MISSING_SNIPPET, LinkResolver, RenderedMarkdown, make_markdown, render_markdown
from sitegen.markdown.code import MERMAID_ASSET, mermaid_script, pygments_css
from sitegen.markdown.components import ComponentRenderer
from sitegen.markdown.mdx import page_ids
from sitegen.nav import build_navigation, normalize_page_ref
from sitegen.pages import (
    PAGE_SUFFIXES, Page, content_root, find_pages, is_external, read_page, root_prefix, url_for,
)
from sitegen.render import Renderer, SiteContext
from sitegen.search import SearchIndex
from sitegen.theme import THEME_NAME, Theme, builtin_theme_dir, load_theme

ASSET_DIR = "_sitegen"  # theme assets live under this folder of the output
MARKER = ".sitegen-build"
CACHE_DIR = ".sitegen-cache"  # written into every output so we only ever replace our own folders
_FAVICON_TYPES = {".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon",
                  ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp"}


@dataclass
class BuiltSite:
    """A whole site in memory: generated files plus files copied as they are."""

    files: dict[str, bytes] = field(default_factory=dict)  # output path -> content
    copies: dict[str, Path] = field(default_factory=dict)  # output path -> source file
    pages: int = 0
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class BuildReport:
    pages: int
    seconds: float
    out_dir: Path
    warnings: list[str]


def build(project_dir: Path, out_dir: Path | None = None, strict: bool = False, offline: bool = False) -> BuildReport:
    """`sitegen build`: build in memory, then replace `out_dir` (default PROJECT/site).

    PROJECT may hold its config in `docs/` (see `find_project_dir`); the default output
    stays PROJECT/site, where the user ran the command."""
    started = time.perf_counter()
    out_dir = (out_dir or project_dir.resolve() / "site").resolve()
    project_dir = find_project_dir(project_dir.resolve())
    check_output_dir(project_dir, out_dir)
    site = SiteBuilder(project_dir, strict=strict, exclude=(out_dir,), processes=os.cpu_count() or 1,
                       offline=offline).build()
    write_site(site, out_dir)
    return BuildReport(site.pages, time.perf_counter() - started, out_dir, site.warnings)


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


class SiteBuilder:
    """Builds a site and keeps what it loaded and rendered, so that `rebuild(changed_paths)`
    redoes only the work those files affect (the dev server calls it on every save).

    Correctness first: every cached result is stored with the inputs it came from and reused
    only while they compare equal; `_invalidate` maps a changed path to the caches it can
    affect and drops all of them when it cannot tell. Caches are only filled by steps that
    succeed, so after a failed build the next `rebuild` retries whatever is still pending.
    """

    def __init__(
        self,
        project_dir: Path,
        strict: bool = False,
        exclude: tuple[Path, ...] = (),
        base_urls: tuple[str, ...] = (),
        processes: int = 1,
        search: SearchIndex | None = None,
        offline: bool = False,
    ) -> None:
        self.project_dir = find_project_dir(project_dir.resolve())
        self.strict = strict
        self.offline = offline  # remote OpenAPI documents only from the cache
        # Worker processes for the markdown of a cold build. Forking is only safe before the
        # caller starts threads, so only `sitegen build` asks for more than one.
        self.processes = processes
        self.exclude = tuple(path.resolve() for path in exclude) + (self.project_dir / "site", self.cache_dir)
        self.base_urls = tuple(base_urls)
        self._markdown = make_markdown()
        self._components: tuple[Theme, ComponentRenderer] | None = None  # per theme
        self.search = search or SearchIndex()  # kept across builds: it reuses an unchanged bundle
        self._reset()

    @property
    def cache_dir(self) -> Path:
        """`.sitegen-cache/` in the project: safe to delete, ignored by git (it says so itself)."""
        return self.project_dir / CACHE_DIR

    def _reset(self) -> None:
        self._loaded: LoadedConfig | None = None
        self._sources: dict[Path, Page] | None = None  # pages as read, by source file (None: discover)
        self._discovery_warnings: list[str] = []  # page files and folders linking out of the project
        self._stale: set[Path] = set()  # known page files to read again
        self._theme: Theme | None = None
        self._env: Any = None  # the theme's Jinja2 environment (None: templates changed)
        self._theme_assets: dict[str, Path] | None = None
        # Bumped whenever a file or page appears or disappears: link lookups must be checked again.
        self._files_generation = 0
        self._specs_generation = 0  # bumped when a YAML/JSON file (maybe an OpenAPI file) changes
        self._operations: tuple[tuple[Any, ...], dict[str, Page], dict[str, Any], list[str]] | None = None
        self._bodies: dict[str, _RenderedBody] = {}  # output path -> markdown of that page
        self._nav: tuple[Any, Any, Any] | None = None  # (inputs, Navigation, its outline)
        self._chrome: tuple[Any, ...] | None = None  # what every page shows besides its own content
        self._renderer: Renderer | None = None
        self._html: dict[str, tuple[tuple[Any, ...], bytes]] = {}  # output -> (inputs, html)
        self._copied: set[Path] = set()  # files the last build copies as they are

    def build(self) -> BuiltSite:
        """A full build: forget every cache."""
        self._reset()
        return self._build()

    def rebuild(self, changed: Iterable[Path]) -> BuiltSite:
        """Build again after `changed` files were created, modified, moved or deleted."""
        for path in changed:
            self._invalidate(Path(os.path.abspath(path)))
        return self._build()

    # --- what a changed path affects ----------------------------------------------------

    def _invalidate(self, path: Path) -> None:
        # The build reads pages, docs.json, OpenAPI files (YAML/JSON) and theme files; any
        # other file is only looked up (links, docs.json logo/favicon) and copied as it is.
        if any(path == excluded or path.is_relative_to(excluded) for excluded in self.exclude):
            return
        if path.parent == self.project_dir and path.name in CONFIG_NAMES:
            self._loaded = None
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
        if exists and path in self._copied:
            return  # a copied file changed: it is served and copied from disk as it is now
        self._files_generation += 1  # a file appeared or went away: links may resolve differently
        if path.is_dir() or (not exists and self._sources is not None
                             and any(source.is_relative_to(path) for source in self._sources)):
            self._forget_pages()  # a folder moved or was deleted with pages in it

    def _forget_snippet_users(self, path: Path) -> None:
        """Pages that inline the snippet `path` (or looked for a snippet that was missing)
        render again: their cached HTML holds the snippet's old text."""
        real = Path(os.path.realpath(path))
        for output, cached in list(self._bodies.items()):
            if real in cached.body.snippets or MISSING_SNIPPET in cached.body.snippets:
                del self._bodies[output]

    def _invalidate_theme(self, path: Path) -> bool:
        dirs = self._theme.dirs if self._theme else (self.project_dir / "themes" / THEME_NAME, builtin_theme_dir())
        if any(path.is_relative_to(theme_dir / "assets") for theme_dir in dirs):
            self._theme_assets = None  # assets are served and copied from disk; only the list can change
            return True
        if any(path.is_relative_to(theme_dir) for theme_dir in (*dirs, self.project_dir / "themes")):
            self._theme = self._env = self._theme_assets = self._components = None
            return True
        return False

    def _forget_pages(self) -> None:
        self._sources = None
        self._stale.clear()
        self._files_generation += 1

    # --- the steps, each cached -----------------------------------------------------------

    def _config(self) -> LoadedConfig:
        if self._loaded is None:
            self._loaded = _with_base_urls(load_config(self.project_dir), self.base_urls)
        return self._loaded

    def _pages(self) -> list[Page]:
        if any(inside_project(self.project_dir, source) is None for source in self._stale):
            self._forget_pages()  # an edit made a page a link out of the project: discovery refuses it
        if self._sources is None:
            pages, self._discovery_warnings = find_pages(self.project_dir, exclude=self.exclude)
            self._sources = {page.source: page for page in pages}
            self._files_generation += 1
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

    def _attach(self, loaded: LoadedConfig, pages: list[Page]) -> tuple[list[Page], dict[str, Any], list[str]]:
        api_pages = tuple(page for page in pages if page.openapi)
        key = (loaded, api_pages, self._specs_generation)
        if self._operations is None or self._operations[0] != key:
            updated, views, warnings = _attach_operations(
                self.project_dir, loaded, list(api_pages), self.exclude, cache_dir=self.cache_dir, offline=self.offline
            )
            self._operations = (key, {page.id: page for page in updated}, views, warnings)
        _, attached, views, warnings = self._operations
        return [attached.get(page.id, page) for page in pages], views, warnings

    def _navigation(self, loaded: LoadedConfig, pages: list[Page]) -> tuple[Any, Any]:
        """The navigation and its outline; they depend on docs.json and on what each page
        shows of itself elsewhere (title, icon...), not on the pages' text."""
        key = (loaded, [_outline(page) for page in pages])
        if self._nav is None or self._nav[0] != key:
            navigation = build_navigation(loaded, pages, self.project_dir)
            self._nav = (key, navigation, _outline(navigation))
        return self._nav[1], self._nav[2]

    def _theme_parts(self) -> tuple[Any, dict[str, Path]]:
        if self._theme is None:
            self._theme = load_theme(self.project_dir)
        if self._env is None:
            self._env = self._theme.environment()
        if self._theme_assets is None:
            self._theme_assets = self._theme.assets()
        return self._env, self._theme_assets

    def _component_renderer(self) -> ComponentRenderer:
        """The theme's component templates; made again whenever the theme is reloaded."""
        theme = self._theme or load_theme(self.project_dir)
        if self._components is None or self._components[0] is not theme:
            self._components = (theme, ComponentRenderer(theme))
        return self._components[1]

    def _body(self, page: Page, resolver: _TrackingResolver) -> _RenderedBody:
        """A page's markdown, rendered again only when the page or what its links found changed."""
        cached = self._bodies.get(page.output)
        if cached is not None and (cached.page is page or cached.page == page) and cached.links_hold(resolver, self._files_generation):
            return cached
        links = resolver.fork()
        body = render_markdown(self._markdown, page, links, self._component_renderer())
        rendered = _RenderedBody(page, body, links, self._files_generation)
        if rendered.body.errors:
            self._bodies.pop(page.output, None)  # never reuse a failure: the cause may be anywhere
        else:
            self._bodies[page.output] = rendered
        return rendered

    def _prerender(self, pages: list[Page], resolver: _TrackingResolver) -> None:
        """Render the markdown of pages not in the cache in worker processes (cold builds of
        large sites: markdown-it and Pygments are pure Python and take most of the time)."""
        todo = [page for page in pages if page.output not in self._bodies]
        workers = min(self.processes, len(todo) // _PAGES_PER_WORKER)
        if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
            return
        global _FORK_STATE
        _FORK_STATE = (self._markdown, resolver, todo, self._component_renderer())  # inherited by the forked workers
        try:
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                chunks = [list(range(start, len(todo), workers)) for start in range(workers)]
                for chunk, results in zip(chunks, pool.map(_render_chunk, chunks)):
                    for index, (body, lookups, assets) in zip(chunk, results):
                        page = todo[index]
                        links = resolver.fork()
                        links.lookups = [(target, page, image, result) for target, image, result in lookups]
                        links.assets = assets
                        if not body.errors:
                            self._bodies[page.output] = _RenderedBody(page, body, links, self._files_generation)
        finally:
            _FORK_STATE = None

    def _build(self) -> BuiltSite:
        if not self.project_dir.is_dir():
            raise BuildError(f"{self.project_dir}: no such folder")
        loaded = self._config()
        pages = self._pages()
        if not pages:
            raise ContentError(f"{self.project_dir}: no .md or .mdx pages found")
        warnings = list(loaded.warnings) + self._discovery_warnings + [w for page in pages for w in page.warnings]
        pages, cached_views, api_warnings = self._attach(loaded, pages)
        api_views = dict(cached_views)  # hand-written endpoint pages add theirs as they render
        warnings += api_warnings
        navigation, outline = self._navigation(loaded, pages)
        warnings += navigation.warnings

        env, theme_assets = self._theme_parts()
        resolver = _TrackingResolver(self.project_dir, pages)
        built = BuiltSite()
        context = SiteContext(
            loaded=loaded,
            navigation=navigation,
            files=_config_files(loaded, resolver),
            assets=_theme_asset_links(theme_assets),
            extra={"favicon_type": _favicon_type(loaded), "search": self.search.begin()},
        )
        # Every page shows the navigation (sidebar, tabs, prev/next), so a change to it
        # re-renders every page; an edit to one page's text does not change it.
        chrome = (loaded, context.files, context.assets, context.extra, env, outline)
        if chrome != self._chrome or self._renderer is None:
            renderer = Renderer(context, env)
            self._chrome, self._html, self._renderer = chrome, {}, renderer
        renderer = self._renderer  # kept while the chrome is the same: it renders each sidebar once
        warnings += renderer.warnings  # icons that fell back, feedback without a repository

        errors: list[str] = []
        html: dict[str, tuple[tuple[Any, ...], bytes]] = {}
        bodies: dict[str, RenderedMarkdown] = {}  # page id -> its markdown
        page_html: dict[str, bytes] = {}  # page id -> the built page (for #fragment checks)
        home = navigation.first_page()
        has_index_page = any(page.id == "index" for page in pages)
        self._prerender(pages, resolver)
        for page in pages:
            outputs = [page]
            if home is not None and page.id == home.id and not has_index_page:
                # The home page also answers at the site root, with links rebased to the root.
                outputs.append(dataclasses.replace(page, url="", output="index.html"))
            for output in outputs:
                rendered = self._body(output, resolver)
                if rendered.body.errors:
                    errors.extend(rendered.body.errors)
                    break  # the root copy of the home page would repeat its errors
                view = api_views.get(page.id)
                if view is None and isinstance(page.meta.get("api"), str) and output is page:
                    view = _handwritten_view(self.project_dir, loaded, page, rendered.body, warnings)
                    if view is not None:
                        api_views[page.id] = view  # the root copy of the home page shows it too
                inputs = (output, rendered.body, view)
                cached = self._html.get(output.output)
                if cached is None or cached[0] != inputs:
                    cached = (inputs, renderer.render_page(output, rendered.body, api=view).encode())
                html[output.output] = cached
                built.files[output.output] = cached[1]
                if output is page:  # the root copy of the home page would repeat the page's warnings
                    bodies[page.id] = rendered.body
                    page_html[page.id] = cached[1]
                    warnings += rendered.body.warnings
                    if not (page.hidden or page.noindex):
                        self.search.add(page.output, cached[1])
                for asset_output, source in rendered.links.assets.items():
                    built.copies.setdefault(asset_output, source)
        if errors:
            raise ContentError(errors)
        warnings += fragment_warnings(
            [link for body in bodies.values() for link in body.fragment_links], page_html
        )
        html["404.html"] = self._html.get("404.html") or ((), renderer.render_not_found().encode())
        built.files["404.html"] = html["404.html"][1]
        built.files.update(renderer.nav_assets())  # the section nav scripts the pages load
        self._html = html
        built.pages = len(pages)
        redirects, redirect_warnings = redirect_pages(loaded, pages)
        warnings += redirect_warnings
        for output, content in redirects.items():
            built.files.setdefault(output, content)
        search_files, search_warnings = self.search.finish()
        built.files.update(search_files)
        warnings += search_warnings
        for name, source in theme_assets.items():
            built.copies[f"{ASSET_DIR}/{name}"] = source
        warnings += self._theme.refusals if self._theme else []
        if any("mermaid" in body.features for body in bodies.values()):
            script = mermaid_script()
            if script is None:
                warnings.append("mermaid diagrams: the diagram-renderer package that ships mermaid.js is not "
                                "installed; diagrams are shown as their source")
            else:
                built.copies[f"{ASSET_DIR}/{MERMAID_ASSET}"] = script
        built.files[f"{ASSET_DIR}/pygments.css"] = pygments_css().encode()
        built.files[f"{ASSET_DIR}/config.css"] = config_css(loaded).encode()
        built.files[MARKER] = b"This folder is written by sitegen and replaced on every build.\n"
        built.files[".nojekyll"] = b""  # GitHub Pages would otherwise hide the _sitegen/ folder
        for output, source in resolver.assets.items():  # docs.json logo, favicon, ...
            built.copies.setdefault(output, source)
        self._copied = set(built.copies.values())
        built.warnings = list(dict.fromkeys(warnings))  # a warning found twice is shown once
        if self.strict and built.warnings:
            raise ContentError([f"{w} (--strict)" for w in built.warnings])
        return built


def fragment_warnings(links: list[tuple[str, str, str]], page_html: dict[str, bytes]) -> list[str]:
    """`page#fragment` links whose fragment is no id on the target page (the link is kept).

    `links` are (where, target page id, fragment). The ids are read from the built pages, so
    anchors the theme writes (an API page's `#playground`) count too; the check waits until
    every page is built because a link may point to any page."""
    ids: dict[str, frozenset[str]] = {}
    warnings: list[str] = []
    for where, target, fragment in links:
        if target not in page_html:
            continue
        if target not in ids:
            ids[target] = page_ids(page_html[target].decode())
        if fragment not in ids[target]:
            shown = f"{target}#{fragment}"
            warnings.append(f"{where}: link to '{shown}': no heading '{fragment}' on that page; link kept")
    return warnings


_REDIRECT_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Redirecting…</title>
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url={url}">
<link rel="canonical" href="{url}">
</head>
<body>
<p>This page has moved to <a href="{url}">{url}</a>.</p>
</body>
</html>
"""


def redirect_pages(loaded: LoadedConfig, pages: list[Page]) -> tuple[dict[str, bytes], list[str]]:
    """A static page at each docs.json redirect `source` that sends visitors on (meta refresh,
    canonical link, a visible link), with relative URLs so it works under any sub-path."""
    by_id = {page.id: page for page in pages}
    files: dict[str, bytes] = {}
    warnings: list[str] = []
    name = loaded.file_name
    for index, redirect in enumerate(loaded.config.redirects):
        here = f"{name}: redirects[{index}]"
        source_path, _, _ = redirect.source.partition("#")
        source_id = normalize_page_ref(source_path.partition("?")[0]) or "index"
        if "*" in source_id or ":" in source_id:
            warnings.append(f"{here}.source: '{redirect.source}' has a wildcard or parameter, which a static "
                            "site cannot serve; no redirect written")
            continue
        if source_id in by_id:
            warnings.append(f"{here}.source: '{redirect.source}' is also a page; the page is kept")
            continue
        source_url = url_for(source_id)
        destination = redirect.destination.strip()
        if is_external(destination) and not destination.startswith("#"):
            url = destination
        else:
            path, sep, fragment = destination.partition("#")
            target = by_id.get(normalize_page_ref(path) or "index")
            if target is None:
                target = by_id.get(normalize_page_ref(path) + "/index") if normalize_page_ref(path) else None
            if target is None:
                warnings.append(f"{here}.destination: '{redirect.destination}' is no page; "
                                "the redirect points there anyway")
                url = root_prefix(source_url) + path.strip("/") + sep + fragment
            else:
                url = (root_prefix(source_url) + target.url or "./") + sep + fragment
        files[source_url + "index.html"] = _REDIRECT_PAGE.format(url=escape(url)).encode()
    return files, warnings


_PAGES_PER_WORKER = 100  # below this, starting processes costs more than it saves
_FORK_STATE: tuple[Any, _TrackingResolver, list[Page], ComponentRenderer] | None = None


def _render_chunk(indices: list[int]) -> list[tuple[RenderedMarkdown, list[tuple[str, bool, Any]], dict[str, Path]]]:
    """In a forked worker: render these pages' markdown; pages are sent back by index."""
    assert _FORK_STATE is not None
    markdown, resolver, todo, components = _FORK_STATE
    results = []
    for index in indices:
        links = resolver.fork()
        body = render_markdown(markdown, todo[index], links, components)
        results.append((body, [(target, image, result) for target, _, image, result in links.lookups], links.assets))
    return results


class _TrackingResolver(LinkResolver):
    """A LinkResolver that records each lookup, so that when files come and go a later build
    can tell whether a page's links still resolve the same way without rendering it again."""

    def __init__(self, project_dir: Path, pages: Iterable[Page]) -> None:
        super().__init__(project_dir, pages)
        self.lookups: list[tuple[str, Page, bool, Any]] = []

    def resolve(self, target: str, page: Page, image: bool = False) -> Any:
        result = super().resolve(target, page, image)
        self.lookups.append((target, page, image, result))
        return result

    def fork(self) -> _TrackingResolver:
        """The same pages and folders with its own assets and lookups (one per page)."""
        twin = copy.copy(self)
        twin.assets = {}
        twin.lookups = []
        return twin


@dataclass
class _RenderedBody:
    page: Page
    body: RenderedMarkdown
    links: _TrackingResolver  # the lookups it made and the assets it registered
    generation: int  # the files generation its lookups were last checked against

    def links_hold(self, resolver: _TrackingResolver, generation: int) -> bool:
        if self.generation != generation:
            scratch = resolver.fork()
            if any(scratch.resolve(target, page, image) != result
                   for target, page, image, result in self.links.lookups):
                return False
            self.generation = generation
        return True


_PAGE_HEADER = tuple(f.name for f in dataclasses.fields(Page) if f.name not in ("body", "body_line"))


def _outline(value: Any, memo: dict[int, Any] | None = None) -> Any:
    """A comparable copy of the navigation where each page is reduced to what other pages may
    show of it (everything but its text), so that editing a page's text leaves it equal."""
    memo = {} if memo is None else memo
    if isinstance(value, Page):
        return tuple(getattr(value, name) for name in _PAGE_HEADER)
    if isinstance(value, (list, tuple, dict)) or (dataclasses.is_dataclass(value) and not isinstance(value, type)):
        if id(value) not in memo:
            if isinstance(value, dict):
                memo[id(value)] = tuple((key, _outline(item, memo)) for key, item in value.items())
            elif isinstance(value, (list, tuple)):
                memo[id(value)] = tuple(_outline(item, memo) for item in value)
            else:
                memo[id(value)] = (type(value).__name__,) + tuple(
                    _outline(getattr(value, f.name), memo) for f in dataclasses.fields(value)
                )
        return memo[id(value)]
    return value


def _with_base_urls(loaded: LoadedConfig, base_urls: tuple[str, ...]) -> LoadedConfig:
    """docs.json with `base_urls` first in `api.baseUrl` (the file is left as it is)."""
    if not base_urls:
        return loaded
    config = loaded.config
    api = config.api or ApiConfig()
    urls = list(base_urls) + [url for url in api.base_urls if url not in base_urls]
    api = api.model_copy(update={"base_url": urls})
    return dataclasses.replace(loaded, config=config.model_copy(update={"api": api}))


def _attach_operations(
    project_dir: Path,
    loaded: LoadedConfig,
    pages: list[Page],
    exclude: tuple[Path, ...] = (),
    *,
    cache_dir: Path | None = None,
    offline: bool = False,
) -> tuple[list[Page], dict[str, Any], list[str]]:
    """Pages with `openapi:` front matter get their API view; titles default to its summary.

    A page whose operation cannot be found is a warning and is built as a plain page (its
    own text), as Mintlify does."""
    api_pages = [page for page in pages if page.openapi]
    if not api_pages:
        return pages, {}, []
    from sitegen.openapi import build_api_view, find_openapi_files, load_discovered, load_openapi

    warnings: list[str] = []
    if loaded.config.openapi_sources:
        # Remote documents come through the cache; a fallback to a cached copy is a warning.
        catalog = load_openapi(project_dir, loaded.config.openapi_sources,
                               cache_dir=cache_dir, offline=offline, notes=warnings)
    else:
        # Like Mintlify: without an `openapi` key every OpenAPI file in the tree is loaded.
        catalog, warnings = load_discovered(project_dir, find_openapi_files(project_dir, exclude))
    views: dict[str, Any] = {}
    updated: list[Page] = []
    for page in pages:
        if page.openapi:
            where = f"{page.display_path}:{page.line_of('openapi')}"
            try:
                operation, found_warnings = catalog.lookup(page.openapi, where)
            except SitegenError as exc:
                warnings.extend(f"{message}; built as a plain page" for message in exc.messages)
                updated.append(dataclasses.replace(page, openapi=None))
                continue
            warnings.extend(found_warnings)
            if not page.has_explicit_title and operation.summary:
                page = dataclasses.replace(page, title=operation.summary)
            if page.description is None and operation.description:
                page = dataclasses.replace(page, description=operation.description)
            playground = page.meta.get("playground")
            if playground not in (None, "show", "simple", "hide"):
                warnings.append(f"{page.display_path}:{page.line_of('playground')}: front matter: playground: "
                                f"{playground!r} is not one of 'show', 'simple' or 'hide'; using docs.json's")
                playground = None
            views[page.id] = build_api_view(operation, loaded.config.api, playground=playground)
        updated.append(page)
    return updated, views, warnings


def _handwritten_view(
    project_dir: Path, loaded: LoadedConfig, page: Page, body: RenderedMarkdown, warnings: list[str]
) -> Any:
    """The API view of a hand-written endpoint page (`api: "POST https://…/orders"`): endpoint
    bar and playground from its `<ParamField>`s. The fields themselves are already on the page,
    so the view lists none; an unreadable `api:` is a warning and the page stays plain."""
    from sitegen.openapi import build_api_view
    from sitegen.openapi.handwritten import handwritten_operation, parse_api_line

    written = str(page.meta["api"])
    endpoint = parse_api_line(written)
    if endpoint is None:
        warnings.append(f"{page.display_path}:{page.line_of('api')}: api: {written!r} is not 'METHOD URL' "
                        "(such as 'POST https://api.example.com/orders'); built as a plain page")
        return None
    auth_method = page.auth_method or (loaded.config.api.auth.method if loaded.config.api and loaded.config.api.auth else None)
    operation = handwritten_operation(project_dir, endpoint, body.param_fields, source=page.display_path,
                                      title=page.title, auth_method=auth_method)
    playground = page.meta.get("playground") if page.meta.get("playground") in ("show", "simple", "hide") else None
    view = build_api_view(operation, loaded.config.api, playground=playground)
    return dataclasses.replace(view, fields_on_page=True)


def _config_files(loaded: LoadedConfig, resolver: LinkResolver) -> dict[str, str | None]:
    """Output paths of the files docs.json names; every role is present (None when unset)."""
    config = loaded.config
    wanted: dict[str, tuple[str, str]] = {}  # role -> (json path, reference)
    if isinstance(config.logo, str):
        wanted["logo_light"] = wanted["logo_dark"] = ("logo", config.logo)
    elif config.logo is not None:
        wanted["logo_light"] = ("logo.light", config.logo.light)
        wanted["logo_dark"] = ("logo.dark", config.logo.dark)
    if config.favicon:
        wanted["favicon"] = ("favicon", config.favicon)
    if config.background_image:
        wanted["background_image"] = ("backgroundImage", config.background_image)
    found: dict[str, str | None] = dict.fromkeys(("logo_light", "logo_dark", "favicon", "background_image"))
    errors: list[str] = []
    for role, (json_path, reference) in wanted.items():
        # Missing and outside-the-project files are both errors: the chrome of every page
        # would show a broken image, and a site without its logo is not the one asked for.
        resolved = resolver.config_asset(reference)
        if resolved.error is not None:
            message = f"{loaded.file_name}: {json_path}: {resolved.error}"
            if message not in errors:
                errors.append(message)
        else:
            found[role] = resolved.url
    if errors:
        raise ConfigError(errors)
    return found


def _favicon_type(loaded: LoadedConfig) -> str | None:
    favicon = loaded.config.favicon
    return _FAVICON_TYPES.get(Path(favicon).suffix.lower()) if favicon else None


def _theme_asset_links(assets: dict[str, Path]) -> list[str]:
    """Stylesheets and scripts every page links, in a fixed order (site first)."""
    generated = [f"{ASSET_DIR}/pygments.css", f"{ASSET_DIR}/config.css"]
    names = sorted(name for name in assets if name.endswith((".css", ".js")) and "/" not in name)
    names.sort(key=lambda name: (not name.startswith("site."), name))
    css = [f"{ASSET_DIR}/{n}" for n in names if n.endswith(".css")]
    js = [f"{ASSET_DIR}/{n}" for n in names if n.endswith(".js")]
    return css[:1] + generated + css[1:] + js


def config_css(loaded: LoadedConfig) -> str:
    """docs.json colours (and readable text colours derived from them) as the custom
    properties site.css reads."""
    return theme_css(loaded.config)


# --- writing ----------------------------------------------------------------------------

def check_output_dir(project_dir: Path, out_dir: Path) -> None:
    """Refuse an output folder whose replacement would destroy the project's sources."""
    content_dir = content_root(project_dir).resolve()
    protected = {project_dir, content_dir}
    if out_dir in protected or any(p.is_relative_to(out_dir) for p in protected):
        raise BuildError(f"refusing to write the site to {out_dir}: it is or contains the project's sources")
    if content_dir != project_dir and out_dir.is_relative_to(content_dir):
        raise BuildError(f"refusing to write the site to {out_dir}: it is inside the content folder")
    if out_dir.exists() and not out_dir.is_dir():
        raise BuildError(f"refusing to write the site to {out_dir}: it is a file")
    if out_dir.is_dir() and any(out_dir.iterdir()) and not (out_dir / MARKER).exists():
        raise BuildError(
            f"refusing to replace {out_dir}: it is not empty and was not written by sitegen "
            f"(no {MARKER} file); remove it or choose another --out"
        )


def write_site(site: BuiltSite, out_dir: Path) -> None:
    """Write into a temporary folder beside `out_dir`, then swap it in.

    If anything fails before the swap, the previous site is untouched.
    """
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.new-", dir=out_dir.parent))
    try:
        for output, content in site.files.items():
            target = staging / output
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        for output, source in site.copies.items():
            target = staging / output
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"cannot write the site: {exc}") from None
    _swap(staging, out_dir)


def _swap(staging: Path, out_dir: Path) -> None:
    old = None
    if out_dir.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.old-", dir=out_dir.parent))
        os.rmdir(old)
        os.rename(out_dir, old)
    try:
        os.rename(staging, out_dir)
    except OSError as exc:
        if old is not None:
            os.rename(old, out_dir)  # put the previous site back
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"cannot replace {out_dir}: {exc}") from None
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
