"""The `render_pages` step: every page's markdown, API view and HTML, written as it is made.

All per-page work (markdown-it, Pygments, the Jinja2 page template) happens in `render_page`.
A page whose inputs did not change since the last `sitegen build` comes from the persistent
cache (`pagecache.py`). The others render here, or, on a cold build of a large site, in
forked worker processes that inherit what they need (`RenderSetup`, the pages: tasks are
page numbers), write each page into the staging folder, its index document into its search
shard's folder and its cache entry themselves, and send back only the small data the build
needs afterwards (`PageResult`). How a page's markdown and HTML are made is `Reuse`'s
business: made fresh here; the dev server's reuses what did not change (serve/reuse.py).
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import gc
import multiprocessing
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import jinja2
from markdown_it import MarkdownIt

from sitegen.config import LoadedConfig
from sitegen.i18n.dates import load_date_locales
from sitegen.icons import IconLibrary
from sitegen.llms import markdown_files, page_markdown
from sitegen.markdown import FeedItem, LinkResolver, RenderedMarkdown, render_markdown
from sitegen.markdown.code import warm_lexers
from sitegen.markdown.components import ComponentRenderer
from sitegen.markdown.links import Resolved
from sitegen.markdown.mdx import page_ids
from sitegen.pages import Page
from sitegen.pipeline.output import FolderOutput, Output
from sitegen.pipeline.progress import Progress
from sitegen.pipeline.steps import PagesRead, handwritten_view, read_pages
from sitegen.publish import CardStyle, ensure_card
from sitegen.redirects import SiteRoutes
from sitegen.render import Renderer
from sitegen.search import DiskSearch, SearchListener, html_digest
from sitegen.theme import template_failure

if TYPE_CHECKING:
    from sitegen.openapi import ApiView
    from sitegen.pipeline.pagecache import PageCache

PAGES_PER_WORKER = 100  # below this, starting processes costs more than it saves
_PAGES_PER_TASK = 8  # pages a worker renders per message (small: the progress bar moves)
T = TypeVar("T")


class TrackingResolver(LinkResolver):
    """A LinkResolver that records each lookup, so that when files come and go a later build
    can tell whether a page's links still resolve the same way without rendering it again."""

    def __init__(self, project_dir: Path, pages: Iterable[Page], routes: SiteRoutes | None = None) -> None:
        super().__init__(project_dir, pages, routes)
        self.lookups: list[tuple[str, Page, bool, Resolved]] = []

    def resolve(self, target: str, page: Page, image: bool = False) -> Resolved:
        result = super().resolve(target, page, image)
        self.lookups.append((target, page, image, result))
        return result

    def fork(self) -> TrackingResolver:
        """The same pages and folders with its own assets and lookups (one per page)."""
        twin = copy.copy(self)
        twin.assets = {}
        twin.lookups = []
        return twin


@dataclass
class RenderedBody:
    """A page's markdown with the link lookups it made (and the files they found)."""

    page: Page
    body: RenderedMarkdown
    links: TrackingResolver
    generation: int  # the files generation its lookups were last checked against
    icon_library: IconLibrary = "fontawesome"  # components' icons were looked up there
    language: str | None = None  # the page's language, which components' words are in

    def links_hold(self, resolver: TrackingResolver, generation: int) -> bool:
        # New routes (redirects, the navigation's pages) can send a link elsewhere, as new files can.
        if self.generation != generation or self.links.routes is not resolver.routes:
            scratch = resolver.fork()
            if any(scratch.resolve(target, page, image) != result
                   for target, page, image, result in self.links.lookups):
                return False
            self.generation = generation
            self.links.routes = resolver.routes
        return True


@dataclass(frozen=True)
class RenderSetup:
    """What every page's work needs; built once per build by the parent (and inherited by
    the workers of a cold build)."""

    project_dir: Path
    loaded: LoadedConfig
    markdown: MarkdownIt
    components: ComponentRenderer
    renderer: Renderer
    resolver: TrackingResolver
    views: Mapping[str, ApiView]  # page id -> API view of its OpenAPI operation
    root_copy: str | None  # the page also written at the site root (the home page, when no page is "index")
    cards: CardStyle | None = None  # social cards to draw (a site with a URL, thumbnails on)
    author_code: bool = True  # False (--no-scripts): pages keep none of their own <style>


@dataclass
class PageResult:
    """What the build needs of a page once it is written (small: sent back by workers)."""

    page_id: str
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    fragment_links: list[tuple[str, str, str]] = field(default_factory=list)
    external_links: list[tuple[str, str]] = field(default_factory=list)  # (where, http(s) URL)
    features: frozenset[str] = frozenset()
    ids: frozenset[str] | bytes = frozenset()  # the ids on the built page, or its HTML (read when needed)
    assets: dict[str, Path] = field(default_factory=dict)  # files its links reference -> copied
    files: dict[str, bytes] = field(default_factory=dict)  # output path -> HTML or Markdown, until written
    snippets: tuple[str, ...] = ()  # snippet files the page inlined (the persistent cache checks them)
    markdown: str = ""  # the page's Markdown with links relative to the site root (llms-full.txt)
    digest: bytes = b""  # from a worker: the hash of the page's HTML (its search shard's key is made of them)
    paths: tuple[str, ...] = ()  # from a worker: the output paths of the files it wrote
    feed_items: tuple[FeedItem, ...] = ()  # its <Update>s' RSS items (its feed is written from them)
    islands: dict[str, str] = field(default_factory=dict)  # its interactive components' module files: name -> text


class Reuse:
    """How a build gets each step's result: computed every time. The dev server's subclass
    (`serve.reuse.DevReuse`) keeps results and hands them out again while their inputs hold."""

    fresh = True  # nothing is kept: a cold build may render in worker processes

    def step(self, name: str, key: object, compute: Callable[[], T]) -> T:
        """The result of the whole-site step `name` for inputs `key`."""
        return compute()

    def read_pages(self, project_dir: Path, exclude: tuple[Path, ...]) -> PagesRead:
        """The project's pages."""
        return read_pages(project_dir, exclude)

    def body(self, setup: RenderSetup, page: Page) -> RenderedBody:
        """A page's markdown."""
        links = setup.resolver.fork()
        library = setup.loaded.chrome.icon_library
        language = setup.renderer.page_language(page)
        body = render_markdown(setup.markdown, page, links, setup.components, library, setup.author_code, language)
        return RenderedBody(page, body, links, 0, library, language)

    def html(self, setup: RenderSetup, page: Page, rendered: RenderedBody, view: ApiView | None) -> bytes:
        """A page's HTML."""
        return setup.renderer.render_page(page, rendered.body, api=view).encode()


def render_page(setup: RenderSetup, page: Page, reuse: Reuse) -> PageResult:
    """One page (and its root copy): markdown, API view, HTML and Markdown file, in
    `PageResult.files` for the caller to write."""
    result = PageResult(page.id)
    outputs = [page]
    if page.id == setup.root_copy:
        # The home page also answers at the site root, with links rebased to the root.
        outputs.append(dataclasses.replace(page, url="", output="index.html"))
    view = setup.views.get(page.id)
    for output in outputs:
        rendered = reuse.body(setup, output)
        body = rendered.body
        if body.errors:
            result.errors = list(body.errors)
            break  # the root copy of the home page would repeat its errors
        if view is None and output is page and isinstance(page.meta.get("api"), str):
            view = handwritten_view(setup.project_dir, setup.loaded, page, body, result.warnings)
        shown = view if view is None else described_links(view, rendered.links, output)
        try:
            html = reuse.html(setup, output, rendered, shown)
        except jinja2.TemplateError as exc:  # a project's page template override with a mistake
            result.errors = [f"{template_failure(exc, setup.project_dir)} (rendering the page /{output.url})"]
            break
        # The Markdown beside the HTML (what "Copy page" copies) and at the URL + .md: links
        # relative to each; an API page's words in the page's language, as its HTML has them.
        exported = page_markdown(output, body.markdown, view, rendered.language)
        result.files[output.output] = html
        result.files.update(markdown_files(output.output, exported))
        if output is page:  # the root copy would repeat the page's warnings
            result.markdown = exported.at_root()
            result.warnings += body.warnings
            result.fragment_links = body.fragment_links
            result.external_links = body.external_links
            result.features = body.features
            result.snippets = tuple(sorted(str(path) for path in body.snippets))
            result.feed_items = body.updates
            result.islands = body.islands
            result.ids = html  # read for ids only if some link has a #fragment to this page
        for asset, source in rendered.links.assets.items():
            result.assets.setdefault(asset, source)
    if setup.cards is not None and not result.errors:
        # Drawn here, in the worker, and copied from the card cache like any referenced file.
        card, cached = ensure_card(setup.cards, page)
        result.assets[card] = cached
    return result


def described_links(view: ApiView, links: LinkResolver, page: Page) -> ApiView:
    """`view` with the links of its OpenAPI descriptions resolved like the page's own: one
    to a page or file of the site becomes relative to `page` (the site works under any
    path); any other is kept as written, without a warning (the spec is often shared by
    several sites or languages)."""
    from sitegen.openapi.view import rebase_links

    def rebase(target: str, image: bool) -> str | None:
        found = links.resolve(target, page, image=image)
        return found.url if found.url and found.error is None else None

    return rebase_links(view, rebase)


def searchable(page: Page) -> bool:
    """Whether a page goes into the search index (the root copy of the home page does not)."""
    return page.in_search


@dataclass
class PageSink:
    """Where each rendered page goes: the output, the search stage, the persistent cache."""

    output: Output
    search: SearchListener | None
    cache: PageCache | None
    keys: dict[str, str] = field(default_factory=dict)  # page id -> its cache key (pages to keep)

    def made(self, page: Page, paths: Iterable[str]) -> None:
        """The files at `paths` were written for `page`: a folder output records them under the
        page's cache key, so that the next build into it can keep them."""
        key = self.keys.get(page.id)
        if key is not None and isinstance(self.output, FolderOutput):
            self.output.made(key, paths)


def render_pages(setup: RenderSetup, pages: list[Page], sink: PageSink, reuse: Reuse, processes: int,
                 progress: Progress) -> list[PageResult]:
    """Every page, written as it is made (or taken from the persistent cache), results in page
    order; the search stage hears of each searchable page as it is written."""
    progress.start(len(pages))
    results: list[PageResult | None] = [None] * len(pages)
    todo = _from_cache(pages, sink, results, progress) if sink.cache is not None else list(range(len(pages)))
    search = sink.search
    if isinstance(search, DiskSearch):  # pages shard by shard: each shard is indexed once complete
        rank = {path: number for number, paths in enumerate(search.plan.values()) for path in paths}
        todo.sort(key=lambda number: (rank.get(pages[number].output, len(rank)), number))
    workers = can_use_workers(processes, len(todo)) if reuse.fresh and isinstance(sink.output, FolderOutput) else 0
    if workers and (search is None or isinstance(search, DiskSearch)):
        for number, result in render_in_workers(setup, pages, todo, workers, sink, search):
            results[number] = result
            progress.advance()
    else:
        if isinstance(search, DiskSearch):
            search.allow_all()
        for number in todo:
            result = results[number] = render_page(setup, pages[number], reuse)
            _written(pages[number], result, sink, search)
            progress.advance()
    progress.close()
    return [result for result in results if result is not None]


def _from_cache(pages: list[Page], sink: PageSink, results: list[PageResult | None],
                progress: Progress) -> list[int]:
    """Write the pages the persistent cache holds (or keep them where the output folder still
    has them as the last build wrote them); the numbers of the others."""
    assert sink.cache is not None
    number_of = {}
    for number, page in enumerate(pages):
        key = sink.keys[page.id] = sink.cache.page_key(page.id, page.text_digest)
        number_of[key] = number
    search = sink.search
    folder = sink.output if isinstance(sink.output, FolderOutput) else None
    for key, entry in sink.cache.hits(number_of):
        page = pages[number_of[key]]
        kept = folder is not None and folder.keep(key)
        files = {} if kept else entry.files()
        if files is None:
            continue  # its stored files are damaged: rendered again
        for path, data in files.items():
            sink.output.write(path, data)
        if not kept:
            sink.made(page, files)
        if searchable(page) and search is not None and page.output in entry.paths:
            html = _html_of(page.output, files, folder)
            if isinstance(search, DiskSearch) and page.output in entry.digests:
                search.page_cached(page.output, entry.digests[page.output], html)
            else:
                search.page_written(page.output, html())
        results[number_of.pop(key)] = entry.result
        progress.advance()
    return sorted(number_of.values())


def _html_of(path: str, files: dict[str, bytes], folder: FolderOutput | None) -> Callable[[], bytes]:
    """How to get a cached page's HTML when its search document is needed: from the files
    just read, else from the output folder that kept it."""
    if path in files:
        return lambda: files[path]
    assert folder is not None
    return lambda: (folder.out_dir / path).read_bytes()


def _written(page: Page, result: PageResult, sink: PageSink, search: SearchListener | None) -> None:
    """Write a page rendered in this process (and keep it in the cache)."""
    if result.errors and isinstance(search, DiskSearch):
        search.halt()
    for path, data in result.files.items():
        sink.output.write(path, data)
        if path == page.output and searchable(page) and search is not None:
            search.page_written(path, data)
    if sink.cache is not None and page.id in sink.keys and not result.errors:
        if isinstance(result.ids, bytes):
            result.ids = page_ids(result.ids.decode())
        sink.cache.store_pages([(sink.keys[page.id], result.files, result)])
        sink.made(page, result.files)
    result.files = {}


# --- worker processes ---------------------------------------------------------------------

_setup: RenderSetup | None = None  # in a worker process only: inherited from the parent
_sink: PageSink | None = None  # likewise
_search: DiskSearch | None = None  # likewise
_pages: list[Page] = []  # likewise: the pages (tasks are page numbers)


def _render_in_worker(numbers: list[int]) -> list[tuple[int, PageResult]]:
    """Render, write and keep a task's pages; their results without their files."""
    assert _setup is not None and _sink is not None, "called outside a worker started by render_in_workers"
    results = []
    kept: list[tuple[str, dict[str, bytes], PageResult]] = []
    reuse = Reuse()
    for number in numbers:
        page = _pages[number]
        result = render_page(_setup, page, reuse)
        if isinstance(result.ids, bytes):
            result.ids = page_ids(result.ids.decode())  # the ids, not the page, travel back
        for path, data in result.files.items():
            _sink.output.write(path, data)
            if path == page.output:
                result.digest = _search.write_document(path, data) if _search is not None and searchable(page) \
                    else html_digest(data)
        if not result.errors and page.id in _sink.keys:
            kept.append((_sink.keys[page.id], result.files, result))
        results.append((number, result))
    if _sink.cache is not None and kept:
        _sink.cache.store_pages(kept)  # stored before the parent hears of these pages
    for _, result in results:
        result.paths, result.files = tuple(result.files), {}
    return results


def _load_before_fork(setup: RenderSetup, pages: list[Page]) -> None:
    """What every worker would otherwise load on its own, once, in the parent: the Pygments
    lexers of the pages' fences, the compiled theme and component templates, the
    navigation fragments the pages show and the locale data of their "Last modified" dates."""
    warm_lexers(page.body for page in pages)
    load_date_locales(setup.renderer.page_language(page) for page in pages if page.modified)
    setup.renderer.render_navigation(pages)
    for env in (setup.renderer.env, setup.components.env):
        for name in env.list_templates():
            # a broken template is reported where a page uses it, as without this
            with contextlib.suppress(jinja2.TemplateError, UnicodeDecodeError, OSError):
                env.get_template(name)


def can_use_workers(processes: int, pages: int) -> int:
    """How many worker processes a cold build of `pages` pages should use (0: none)."""
    workers = min(processes, pages // PAGES_PER_WORKER)
    return workers if workers >= 2 and "fork" in multiprocessing.get_all_start_methods() else 0


def render_in_workers(setup: RenderSetup, pages: list[Page], todo: list[int], workers: int, sink: PageSink,
                      search: DiskSearch | None) -> Iterator[tuple[int, PageResult]]:
    """(page number, result) of the pages `todo`, in the order workers finish them (handed
    out in the order of `todo`).

    Workers are forked (the parsers, templates and Renderer are not picklable, and forking
    shares them for free); no thread may run then, so Pagefind's runs start once they exist:
    one at a time, niced, beside the workers (the workers come first), as many as allowed
    once the workers are done."""
    global _setup, _sink, _search, _pages
    tasks = [todo[start:start + _PAGES_PER_TASK] for start in range(0, len(todo), _PAGES_PER_TASK)]
    _load_before_fork(setup, [pages[number] for number in todo])
    _setup, _sink, _search, _pages = setup, sink, search, pages
    # Everything alive now is the workers' read-only inheritance: frozen, the collector never
    # walks it in a worker, so its memory stays shared with the parent.
    gc.freeze()
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            if search is not None:
                search.allow_beside_workers()
            for results in pool.imap_unordered(_render_in_worker, tasks):
                for number, result in results:
                    if result.errors and search is not None:
                        search.halt()
                    page = pages[number]
                    if search is not None and searchable(page):
                        search.page_done(page.output, result.digest)
                    if not result.errors:
                        sink.made(page, result.paths)
                    yield number, result
    finally:
        gc.unfreeze()
        _setup, _sink, _search, _pages = None, None, None, []
        if search is not None:
            search.allow_all()
