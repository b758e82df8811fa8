"""The `render_pages` step: every page's markdown, API view and HTML, written as it is made.

All per-page work (markdown-it, Pygments, the Jinja2 page template) happens in `render_page`.
A cold `sitegen build` of a large site runs it in worker processes, which get what they need
once, through the pool's initializer (`RenderSetup`, the pages), and write each page into the
staging folder and its entry into the persistent cache themselves; the parent only hands out
page numbers and gets back the small data it needs afterwards (`PageResult`: warnings,
errors, fragment links, the ids on the page, the files the page references, its hash).
The dev server renders in its own process, reusing the markdown and HTML of pages whose
inputs did not change (`SiteBuilder` keeps them in `Cached`).
"""

from __future__ import annotations

import copy
import dataclasses
import gc
import hashlib
import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import jinja2
from markdown_it import MarkdownIt

from sitegen.build.output import Output
from sitegen.build.steps import handwritten_view
from sitegen.config import LoadedConfig
from sitegen.icons import IconLibrary
from sitegen.llms import markdown_files, page_markdown
from sitegen.markdown import LinkResolver, RenderedMarkdown, render_markdown
from sitegen.markdown.code import warm_lexers
from sitegen.markdown.components import ComponentRenderer
from sitegen.markdown.links import Resolved
from sitegen.markdown.mdx import page_ids
from sitegen.pages import Page
from sitegen.publish import CardStyle, ensure_card
from sitegen.render import Renderer
from sitegen.theme import template_failure

if TYPE_CHECKING:
    from sitegen.openapi import ApiView

PAGES_PER_WORKER = 100  # below this, starting processes costs more than it saves
_PAGES_PER_TASK = 8  # pages a worker renders per message (small: the progress bar moves)


class TrackingResolver(LinkResolver):
    """A LinkResolver that records each lookup, so that when files come and go a later build
    can tell whether a page's links still resolve the same way without rendering it again."""

    def __init__(self, project_dir: Path, pages: Iterable[Page]) -> None:
        super().__init__(project_dir, pages)
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

    def links_hold(self, resolver: TrackingResolver, generation: int) -> bool:
        if self.generation != generation:
            scratch = resolver.fork()
            if any(scratch.resolve(target, page, image) != result
                   for target, page, image, result in self.links.lookups):
                return False
            self.generation = generation
        return True


@dataclass(frozen=True)
class RenderSetup:
    """What every page's work needs; built once per build by the parent (and, for a cold
    build, given to each worker by the pool's initializer)."""

    project_dir: Path
    loaded: LoadedConfig
    markdown: MarkdownIt
    components: ComponentRenderer
    renderer: Renderer
    resolver: TrackingResolver
    views: dict[str, ApiView]  # page id -> API view of its OpenAPI operation
    output: Output
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
    html: dict[str, bytes] = field(default_factory=dict)  # from a worker that cannot write to the output
    snippets: tuple[str, ...] = ()  # snippet files the page inlined (the persistent cache checks them)
    markdown: str = ""  # the page's Markdown with links relative to the site root (llms-full.txt)
    digest: bytes = b""  # from a worker: the hash of the page's HTML (the search bundle's key is made of them)
    written: list[str] = field(default_factory=list)  # from a worker: the files it put in the output (not cached)


# The cache hooks of `render_page`: the dev server reuses bodies and HTML; workers make them.
BodyFor = Callable[[Page], RenderedBody]
HtmlFor = Callable[[Page, RenderedBody, "ApiView | None"], bytes]
# Keeps the pages of a task a worker rendered in the persistent build cache: (page, its HTML
# by output path, its result with the ids read) each, in one call (one transaction). Called in
# the worker, before it returns the task's results, so the parent never reads pages back.
StoreEntry = Callable[[list[tuple[Page, dict[str, bytes], PageResult]]], None]


def html_digest(html: bytes) -> bytes:
    return hashlib.blake2b(html, digest_size=20).digest()


def fresh_body(setup: RenderSetup) -> BodyFor:
    def body_for(page: Page) -> RenderedBody:
        links = setup.resolver.fork()
        body = render_markdown(setup.markdown, page, links, setup.components, setup.loaded.chrome.icon_library,
                               setup.author_code)
        return RenderedBody(page, body, links, 0, setup.loaded.chrome.icon_library)
    return body_for


def fresh_html(setup: RenderSetup) -> HtmlFor:
    def html_for(page: Page, rendered: RenderedBody, view: ApiView | None) -> bytes:
        return setup.renderer.render_page(page, rendered.body, api=view).encode()
    return html_for


def render_page(setup: RenderSetup, page: Page, body_for: BodyFor, html_for: HtmlFor, write: bool,
                kept: dict[str, bytes] | None = None) -> PageResult:
    """One page (and its root copy): markdown, API view, HTML; written to the output when
    `write`, else returned in `PageResult.html`. `kept` also receives the Markdown files
    written (the HTML reaches the caller through `html_for`), for the persistent cache."""
    result = PageResult(page.id)
    outputs = [page]
    if page.id == setup.root_copy:
        # The home page also answers at the site root, with links rebased to the root.
        outputs.append(dataclasses.replace(page, url="", output="index.html"))
    view = setup.views.get(page.id)
    for output in outputs:
        rendered = body_for(output)
        body = rendered.body
        if body.errors:
            result.errors = list(body.errors)
            break  # the root copy of the home page would repeat its errors
        if view is None and output is page and isinstance(page.meta.get("api"), str):
            view = handwritten_view(setup.project_dir, setup.loaded, page, body, result.warnings)
        try:
            html = html_for(output, rendered, view)
        except jinja2.TemplateError as exc:  # a project's page template override with a mistake
            result.errors = [f"{template_failure(exc, setup.project_dir)} (rendering the page /{output.url})"]
            break
        searchable = output is page and page.in_search
        # The Markdown beside the HTML (what "Copy page" copies) and at the URL + .md: links
        # relative to each.
        exported = page_markdown(output, body.markdown, view)
        markdown = markdown_files(output.output, exported)
        if write:
            digest = html_digest(html)  # hashed once: the output keeps it, a worker sends it back
            setup.output.write_page(output.output, html, searchable, digest.hex())
            if output is page:
                result.digest = digest
            result.written.append(output.output)
            for path, text in markdown:
                setup.output.write(path, text)
                result.written.append(path)
                if kept is not None:
                    kept[path] = text
        else:
            result.html[output.output] = html
            result.html.update(markdown)
        if output is page:
            result.markdown = exported.at_root()
        if output is page:  # the root copy would repeat the page's warnings
            result.warnings += body.warnings
            result.fragment_links = body.fragment_links
            result.external_links = body.external_links
            result.features = body.features
            result.snippets = tuple(sorted(str(path) for path in body.snippets))
            result.ids = html  # read for ids only if some link has a #fragment to this page
        for asset, source in rendered.links.assets.items():
            result.assets.setdefault(asset, source)
    if setup.cards is not None and not result.errors:
        # Drawn here, in the worker, and copied from the card cache like any referenced file.
        card, cached = ensure_card(setup.cards, page)
        result.assets[card] = cached
    return result


# --- worker processes ---------------------------------------------------------------------

_setup: RenderSetup | None = None  # in a worker process only: set once by the pool's initializer
_store: StoreEntry | None = None  # likewise: the persistent cache's writer (None without one)
_pages: list[Page] = []  # likewise: the pages to render (inherited, so tasks are page numbers only)


def _start_worker(setup: RenderSetup, store: StoreEntry | None, pages: list[Page]) -> None:
    global _setup, _store, _pages
    _setup, _store, _pages = setup, store, pages
    # Rendering a page allocates hundreds of thousands of short-lived objects (tokens, spans)
    # and makes little cyclic garbage: collecting the young generation every 700 allocations
    # (the default) cost a worker about 5% of its time.
    gc.set_threshold(20_000, 10, 10)


def _render_in_worker(numbers: list[int]) -> list[tuple[int, PageResult]]:
    assert _setup is not None, "called outside a worker started by render_in_workers"
    pages = [_pages[number] for number in numbers]
    write = _setup.output.shared_with_workers
    made_html = fresh_html(_setup)
    results = []
    kept: list[tuple[Page, dict[str, bytes], PageResult]] = []
    for number, page in zip(numbers, pages, strict=True):
        made: dict[str, bytes] = {}

        def html_for(output: Page, rendered: RenderedBody, view: ApiView | None,
                     made: dict[str, bytes] = made) -> bytes:
            html = made[output.output] = made_html(output, rendered, view)
            return html
        result = render_page(_setup, page, fresh_body(_setup), html_for, write, kept=made)
        if isinstance(result.ids, bytes):
            result.ids = page_ids(result.ids.decode())  # the ids, not the page, travel back
        if not result.errors and page.output in made:
            if not result.digest:  # not written here (the parent writes it)
                result.digest = html_digest(made[page.output])
            kept.append((page, made, result))
        results.append((number, result))
    if _store is not None and kept:
        _store(kept)  # stored before the parent hears of these pages
    return results


def _load_before_fork(setup: RenderSetup, pages: list[Page]) -> None:
    """What every worker would otherwise load on its own, once, in the parent: the Pygments
    lexers of the pages' fences, the compiled theme and component templates and the
    navigation fragments the pages show."""
    warm_lexers(page.body for page in pages)
    setup.renderer.render_navigation(pages)
    for env in (setup.renderer.env, setup.components.env):
        for name in env.list_templates():
            try:
                env.get_template(name)
            except (jinja2.TemplateError, UnicodeDecodeError, OSError):
                pass  # a broken template is reported where a page uses it, as without this


def can_use_workers(processes: int, pages: int) -> int:
    """How many worker processes a cold build of `pages` pages should use (0: none)."""
    workers = min(processes, pages // PAGES_PER_WORKER)
    return workers if workers >= 2 and "fork" in multiprocessing.get_all_start_methods() else 0


def render_in_workers(
    setup: RenderSetup, pages: list[Page], workers: int, store: StoreEntry | None = None,
    forked: Callable[[], None] | None = None,
) -> Iterator[tuple[int, PageResult]]:
    """(page number, result) for every page, in the order workers finish them (handed out
    in the order of `pages`); with `store`, each worker also keeps the pages it renders in
    the persistent cache.

    Workers are forked (the parsers, templates and Renderer are not picklable, and forking
    shares them for free); the caller must not have started threads that hold locks. Once
    they are, `forked` is called: from then on the caller may start threads."""
    # Page numbers only: the workers inherit the pages themselves (no pickling of page texts).
    tasks = [list(range(start, min(start + _PAGES_PER_TASK, len(pages))))
             for start in range(0, len(pages), _PAGES_PER_TASK)]
    context = multiprocessing.get_context("fork")
    _load_before_fork(setup, pages)
    # Everything alive now (config, pages, parsers, templates) is the workers' read-only
    # inheritance: frozen, the garbage collector never walks it in a worker, so it is neither
    # scanned again nor copied page by page into each worker by the collector's writes.
    gc.freeze()
    try:
        with context.Pool(workers, initializer=_start_worker, initargs=(setup, store, pages)) as pool:
            if forked is not None:
                forked()  # every worker exists (Pool forks them all at its start)
            for results in pool.imap_unordered(_render_in_worker, tasks):
                yield from results
    finally:
        gc.unfreeze()
