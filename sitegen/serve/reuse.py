"""What the dev server reuses between rebuilds, keyed by what changed (as Zola's serve does).

`DevBuilder` runs the same build as `sitegen build` (`pipeline.build_into`) into memory, with a
`DevReuse`: each whole-site step's result is kept in a `Cached` with its inputs and a
generation number standing for the files it was read from; `rebuild(changed_paths)` maps
each changed file to the generations it bumps (a snippet edit re-renders the pages that
inline it), and a result is handed out again only while its inputs and generation hold.
Pages are read once, then only those that changed; each page's markdown is kept with the
link lookups it made (checked again when files come and go), and its HTML with everything
it was made from. Caches are filled only by steps that succeed, so after a failed build the
next rebuild retries whatever is still pending.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from sitegen.cachedir import CACHE_DIR
from sitegen.config import find_project_dir
from sitegen.confine import inside_project
from sitegen.errors import ContentError
from sitegen.markdown import MISSING_SNIPPET, render_markdown
from sitegen.mintignore import IGNORE_FILE
from sitegen.pages import PAGE_SUFFIXES, Page, SiteFiles, find_pages_and_files, read_page
from sitegen.pipeline import BuildOptions, BuiltSite, MemoryOutput, build_into
from sitegen.pipeline.render_pages import RenderedBody, RenderSetup, Reuse
from sitegen.pipeline.steps import PagesRead
from sitegen.project_layout import CONFIG_NAMES
from sitegen.search import SearchIndex
from sitegen.serve.cache import Cached
from sitegen.theme import THEME_NAME, builtin_theme_dir

if TYPE_CHECKING:
    from sitegen.openapi import ApiView

T = TypeVar("T")

# Which generations each whole-site step's result stands on (see DevReuse._generations).
_STEP_FILES = {
    "load_config": ("config",),
    "attach_operations": ("specs",),
    "load_theme": ("theme",),
    "theme_assets": ("theme", "theme_assets"),
}


class DevReuse(Reuse):
    """Results kept between the dev server's builds (in memory only)."""

    fresh = False

    def __init__(self, project_dir: Path, exclude: tuple[Path, ...]) -> None:
        self.project_dir = project_dir
        self.exclude = exclude
        self.generations = {"config": 0, "specs": 0, "theme": 0, "theme_assets": 0, "files": 0}
        self._steps: Cached[object, object] = Cached()  # by step name
        self._sources: dict[Path, Page] | None = None  # pages as read, by source file (None: discover)
        self._discovery_warnings: list[str] = []  # page files and folders linking out of the project
        self._files = SiteFiles({})  # the project's other files, found with the pages
        self._stale: set[Path] = set()  # known page files to read again
        self._bodies: Cached[Page, RenderedBody] = Cached()  # by output path: each page's markdown
        self._html: Cached[tuple[object, ...], bytes] = Cached()  # by output path: each page's HTML
        self.copied: set[Path] = set()  # files the last build copies as they are
        self.theme_dirs = (project_dir / "themes" / THEME_NAME, builtin_theme_dir())

    # --- the build's questions ------------------------------------------------------------

    def step(self, name: str, key: object, compute: Callable[[], T]) -> T:
        generations = tuple(self.generations[kind] for kind in _STEP_FILES.get(name, ()))
        return self._steps.get_or_compute((generations, key), compute, slot=name)  # type: ignore[return-value]

    def read_pages(self, project_dir: Path, exclude: tuple[Path, ...]) -> PagesRead:
        """Every page once, then only the pages whose files changed."""
        if any(inside_project(self.project_dir, source) is None for source in self._stale):
            self.forget_pages()  # an edit made a page a link out of the project: discovery refuses it
        if self._sources is None:
            pages, self._discovery_warnings, self._files = find_pages_and_files(project_dir, exclude)
            self._sources = {page.source: page for page in pages}
            self.generations["files"] += 1
        errors: list[str] = []
        for source in sorted(self._stale):
            try:
                self._sources[source] = read_page(project_dir, source, self._sources[source].id)
            except ContentError as exc:
                errors.extend(exc.messages)
            else:
                self._stale.discard(source)
        if errors:
            raise ContentError(errors)
        pages = list(self._sources.values())
        return PagesRead(pages, self._discovery_warnings + [w for page in pages for w in page.warnings], self._files)

    def body(self, setup: RenderSetup, page: Page) -> RenderedBody:
        """A page's markdown, rendered again only when the page or what its links found changed."""
        files = self.generations["files"]
        entry = self._bodies.peek(page.output)
        language = setup.renderer.page_language(page)  # components' words are in it
        if entry is not None:
            cached = entry[1]
            same_page = cached.page is page or cached.page == page
            same_icons = cached.icon_library == setup.loaded.chrome.icon_library
            if same_page and same_icons and cached.language == language and cached.links_hold(setup.resolver, files):
                return cached
        links = setup.resolver.fork()
        library = setup.loaded.chrome.icon_library
        body = render_markdown(setup.markdown, page, links, setup.components, library, setup.author_code, language)
        rendered = RenderedBody(page, body, links, files, library, language)
        if rendered.body.errors:
            self._bodies.drop(page.output)  # never reuse a failure: the cause may be anywhere
        else:
            self._bodies.store(page, rendered, page.output)
        return rendered

    def html(self, setup: RenderSetup, page: Page, rendered: RenderedBody, view: ApiView | None) -> bytes:
        # The renderer stands for the chrome: a new one (new navigation...) renders every page again.
        renderer = setup.renderer
        return self._html.get_or_compute((page, rendered.body, view, renderer),
                                         lambda: renderer.render_page(page, rendered.body, api=view).encode(),
                                         slot=page.output)

    def built(self, site: BuiltSite) -> None:
        """After a build: forget the pages that went away; note what is copied as it is."""
        self._bodies.keep_only(site.files)
        self._html.keep_only(site.files)
        self.copied = set(site.copies.values())

    # --- what a changed path affects ------------------------------------------------------

    def changed(self, path: Path) -> None:
        # The build reads pages, docs.json, OpenAPI files (YAML/JSON) and theme files; any
        # other file is only looked up (links, docs.json logo/favicon) and copied as it is.
        if any(path == excluded or path.is_relative_to(excluded) for excluded in self.exclude):
            return
        if path == self.project_dir / IGNORE_FILE:
            self.forget_pages()  # pages and files may be ignored, or no longer
            return
        if path.parent == self.project_dir and path.name in CONFIG_NAMES:
            self.generations["config"] += 1
            self.forget_pages()  # the navigation decides the content root (pages.content_root)
            return
        if self._theme_changed(path):
            return
        exists = path.is_file()
        if path.suffix in PAGE_SUFFIXES:
            self._forget_snippet_users(path)
            if exists and self._sources is not None and path in self._sources:
                self._stale.add(path)  # an edit: read just this page again
            else:
                self.forget_pages()  # a page appeared or disappeared (or moved)
            return
        if path.suffix in (".yaml", ".yml", ".json"):
            self.generations["specs"] += 1
        if path.suffix == ".json":
            # It may be a part of a v2 docs.json (`$ref`): reading the config again is cheap,
            # and an equal result leaves every later cached step as it was.
            self.generations["config"] += 1
        if exists and path in self.copied:
            return  # a copied file changed: it is served and copied from disk as it is now
        self.forget_pages()  # a file appeared or went away: it is published (or no longer)
        if path.is_dir() or (not exists and self._sources is not None
                             and any(source.is_relative_to(path) for source in self._sources)):
            self.forget_pages()  # a folder moved or was deleted with pages in it

    def _forget_snippet_users(self, path: Path) -> None:
        """Pages that inline the snippet `path` (or looked for a snippet that was missing)
        render again: their cached HTML holds the snippet's old text."""
        real = Path(os.path.realpath(path))
        for slot, (_, cached) in self._bodies.items():
            if real in cached.body.snippets or MISSING_SNIPPET in cached.body.snippets:
                self._bodies.drop(slot)

    def _theme_changed(self, path: Path) -> bool:
        if any(path.is_relative_to(theme_dir / "assets") for theme_dir in self.theme_dirs):
            self.generations["theme_assets"] += 1  # assets are served and copied from disk; only the list can change
            return True
        if any(path.is_relative_to(theme_dir) for theme_dir in (*self.theme_dirs, self.project_dir / "themes")):
            self.generations["theme"] += 1
            return True
        return False

    def forget_pages(self) -> None:
        self._sources = None
        self._stale.clear()
        self.generations["files"] += 1


class DevBuilder:
    """Builds a site into memory and keeps what it loaded and rendered, so that
    `rebuild(changed_paths)` redoes only the work those files affect."""

    def __init__(self, project_dir: Path, strict: bool = False, exclude: tuple[Path, ...] = (),
                 base_urls: tuple[str, ...] = (), search: SearchIndex | None = None, offline: bool = False,
                 author_scripts: bool = True) -> None:
        project = find_project_dir(project_dir.resolve())
        exclude = (*(path.resolve() for path in exclude), project / "site", project / CACHE_DIR)
        self.search = search or SearchIndex()  # kept across builds: it reuses unchanged shards
        self.options = BuildOptions(project, strict=strict, exclude=exclude, base_urls=tuple(base_urls),
                                    offline=offline, search=self.search, author_scripts=author_scripts)
        self.reuse = DevReuse(project, exclude)

    @property
    def project_dir(self) -> Path:
        return self.options.project_dir

    @property
    def exclude(self) -> tuple[Path, ...]:
        return self.options.exclude

    def build(self) -> BuiltSite:
        """A full build: forget everything kept."""
        self.reuse = DevReuse(self.project_dir, self.exclude)
        return self._build()

    def rebuild(self, changed: Iterable[Path]) -> BuiltSite:
        """Build again after `changed` files were created, modified, moved or deleted."""
        for path in changed:
            self.reuse.changed(Path(os.path.abspath(path)))
        return self._build()

    def _build(self) -> BuiltSite:
        output = MemoryOutput()
        result = build_into(self.options, output, self.reuse)
        output.commit()
        output.site.pages, output.site.warnings = result.pages, result.warnings
        self.reuse.built(output.site)
        return output.site
