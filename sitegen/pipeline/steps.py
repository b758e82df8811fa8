"""The whole-site steps of a build, each a function from typed inputs to a typed result.

The per-page step lives in `render_pages.py`; `builder.build_into` runs the steps in order.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import jinja2

from sitegen import nav
from sitegen.colors import theme_css
from sitegen.config import ApiConfig, LoadedConfig, Thumbnails
from sitegen.config import load_config as read_config
from sitegen.errors import BuildError, ConfigError, ContentError, SitegenError
from sitegen.javascript.browser import MODULE_DIR, react_files
from sitegen.llms import LLMS_FULL_TXT, LLMS_TXT, llms_full_txt, llms_txt, markdown_paths
from sitegen.markdown import FeedItem, LinkResolver, RenderedMarkdown
from sitegen.markdown.code import MERMAID_ASSET, mermaid_script, pygments_css
from sitegen.markdown.components import ComponentRenderer
from sitegen.markdown.links import fragment_problem
from sitegen.markdown.mdx import page_ids
from sitegen.markdown.mdx.islands import FEATURE as ISLANDS
from sitegen.nav import Navigation
from sitegen.pages import Body, Page, SiteFiles, find_pages_and_files
from sitegen.pipeline.files import CustomAssets, Files, Origin, add_project_files
from sitegen.pipeline.output import MARKER, Output
from sitegen.publish import Publishing, card_style, sitemap_files
from sitegen.publish.sitemap import with_modified_dates
from sitegen.publish.social import CACHE_SUBDIR, FONT_BOLD, FONT_REGULAR, RASTER_LOGOS
from sitegen.redirects import HOST_RULES, SiteRoutes, redirect_files
from sitegen.render import Renderer, SiteContext, robots_may_index
from sitegen.rss import feed_files
from sitegen.theme import CompiledTemplates, Theme, builtin_theme_dir, load_theme, template_failure
from sitegen.variables import substitute_pages

if TYPE_CHECKING:
    from sitegen.openapi import ApiCatalog, ApiView
    from sitegen.openapi.documents import CheckedDocuments, DocumentStore
    from sitegen.openapi.named import NamedFiles
    from sitegen.openapi.playground import ExampleOptions

ASSET_DIR = "_sitegen"  # theme assets live under this folder of the output
_FAVICON_TYPES = {".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon",
                  ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp"}


# --- load_config ------------------------------------------------------------------------

def load_config(project_dir: Path, base_urls: tuple[str, ...] = ()) -> LoadedConfig:
    """docs.json, with `base_urls` first in `api.baseUrl` (`sitegen serve --api` puts its
    local reference server there) without touching the file."""
    loaded = read_config(project_dir)
    if not base_urls:
        return loaded
    config = loaded.config
    api = config.api or ApiConfig()
    urls = list(base_urls) + [url for url in api.base_urls if url not in base_urls]
    api = api.model_copy(update={"base_url": urls})
    return dataclasses.replace(loaded, config=config.model_copy(update={"api": api}))


# --- read_pages, variables, git_dates ------------------------------------------------------

@dataclass(frozen=True)
class PagesRead:
    """The project's pages, and warnings about them (files linking out of the project,
    front matter values that fell back, undefined variables)."""

    pages: list[Page]
    warnings: list[str]
    # every other file of the project, published as it is
    files: SiteFiles = field(default_factory=lambda: SiteFiles({}))


def read_pages(project_dir: Path, exclude: tuple[Path, ...]) -> PagesRead:
    """Every page file under the content root, read, and the project's other files (one walk)."""
    pages, warnings, files = find_pages_and_files(project_dir, exclude)
    return PagesRead(pages, warnings + [warning for page in pages for warning in page.warnings], files)


def substitute_variables(loaded: LoadedConfig, read: PagesRead) -> PagesRead:
    """v2 `variables`: `{{name}}` replaced in each page's text, title and description."""
    if loaded.v2 is None or not loaded.v2.variables:
        return read
    pages, undefined = substitute_pages(read.pages, dict(loaded.v2.variables))
    return PagesRead(pages, read.warnings + undefined, read.files)


def git_dates(loaded: LoadedConfig, pages: list[Page], project_dir: Path) -> list[Page]:
    """The pages, with the date of their last change where they show a "Last modified" line
    (v2 `metadata.timestamp`, front matter `timestamp`): one `git log`, when any does."""
    return with_modified_dates(pages, loaded.v2 is not None and loaded.v2.timestamp, project_dir)


# --- attach_operations ------------------------------------------------------------------

@dataclass(frozen=True)
class Operations:
    """The pages with their OpenAPI operations attached (titles from summaries), and the
    pages a v2 navigation generates from its `openapi` levels (api_pages.py)."""

    pages: dict[str, Page]  # page id -> the page as updated (only pages with `openapi:`)
    views: Mapping[str, ApiView]  # page id -> what its template shows (`ApiViews`: made when asked for)
    warnings: list[str]
    loaded: LoadedConfig | None = None  # the config with generated pages in its navigation
    generated: tuple[Page, ...] = ()

    def apply(self, pages: list[Page]) -> list[Page]:
        return [self.pages.get(page.id, page) for page in pages] + [self.pages.get(page.id, page)
                                                                     for page in self.generated]


def attach_operations(
    project_dir: Path,
    loaded: LoadedConfig,
    api_pages: tuple[Page, ...],
    exclude: tuple[Path, ...] = (),
    *,
    cache_dir: Path | None = None,
    offline: bool = False,
    page_ids: frozenset[str] = frozenset(),
    checked: CheckedDocuments | None = None,
) -> Operations:
    """Pages with `openapi:` front matter get their API view; titles default to its summary.
    A v2 navigation's `openapi` levels and `"GET /path"` entries add pages (ids not among
    `page_ids`, the pages read from files).

    A page whose operation cannot be found is a warning and is built as a plain page (its
    own text), as Mintlify does."""
    if not api_pages and loaded.tree is None:
        return Operations({}, {}, [])  # only a v2 navigation generates API pages: no OpenAPI import
    generates = False
    if loaded.tree is not None:  # v2 (api_pages builds on config.v2, which classic projects never import)
        from sitegen.api_pages import has_api_levels

        generates = has_api_levels(loaded)
    if not api_pages and not generates:
        return Operations({}, {}, [])
    from sitegen.openapi.documents import DocumentStore
    from sitegen.openapi.named import NamedFiles

    warnings: list[str] = []
    updated: dict[str, Page] = {}
    channel_pages = tuple(page for page in api_pages if page.asyncapi)
    # One store for the AsyncAPI documents of both kinds of pages: each is read (or fetched) once.
    store = DocumentStore(project_dir, cache_dir=cache_dir, offline=offline, notes=warnings, checked=checked)
    if channel_pages:
        updated.update((page.id, attach_channel(page, loaded, store, warnings)) for page in channel_pages)
        api_pages = tuple(updated.get(page.id, page) for page in api_pages if page.openapi)
        if not api_pages and not generates:
            return Operations(updated, {}, warnings)
    examples, params_expanded = api_settings(loaded, warnings)
    catalog = _openapi_catalog(project_dir, loaded, exclude, cache_dir, offline, warnings, checked)
    generated: tuple[Page, ...] = ()
    if generates:
        from sitegen.api_pages import navigation_pages

        made = navigation_pages(project_dir, loaded, catalog, page_ids, store)
        loaded, generated = made.loaded, made.pages
        warnings.extend(made.warnings)
    # Files a page names that docs.json does not list; with a list, the project's other files
    # are searched too for an operation a page names without a file (Mintlify uploads them all).
    named_files = NamedFiles(catalog, store, unlisted=bool(loaded.config.openapi_sources), exclude=exclude)
    views = _operation_views(named_files, loaded, api_pages + tuple(page for page in generated if page.openapi),
                             examples, params_expanded, updated, warnings)
    return Operations(updated, views, warnings, loaded if generates else None, generated)


def _openapi_catalog(project_dir: Path, loaded: LoadedConfig, exclude: tuple[Path, ...], cache_dir: Path | None,
                     offline: bool, warnings: list[str], checked: CheckedDocuments | None) -> ApiCatalog:
    """The OpenAPI documents docs.json lists, or, like Mintlify without an `openapi` key,
    every OpenAPI file in the tree."""
    from sitegen.openapi import find_openapi_files, load_discovered, load_openapi

    if loaded.config.openapi_sources:
        # Remote documents come through the cache; a fallback to a cached copy is a warning.
        return load_openapi(project_dir, loaded.config.openapi_sources, cache_dir=cache_dir, offline=offline,
                            notes=warnings, checked=checked)
    catalog, discovered = load_discovered(project_dir, find_openapi_files(project_dir, exclude), checked)
    warnings.extend(discovered)  # after those of the channel pages and the API settings
    return catalog


class ApiViews(Mapping[str, "ApiView"]):
    """Page id -> its API view, each made the first time it is asked for: a build whose API
    pages come from the persistent cache never makes them (highlighting every operation's
    samples is most of the work)."""

    def __init__(self) -> None:
        self._make: dict[str, Callable[[], ApiView]] = {}
        self._made: dict[str, ApiView] = {}

    def add(self, page_id: str, make: Callable[[], ApiView]) -> None:
        self._make[page_id] = make

    def __getitem__(self, page_id: str) -> ApiView:
        view = self._made.get(page_id)
        if view is None:
            view = self._made[page_id] = self._make[page_id]()
        return view

    def __iter__(self) -> Iterator[str]:
        return iter(self._make)

    def __len__(self) -> int:
        return len(self._make)


def _operation_views(named_files: NamedFiles, loaded: LoadedConfig, api_pages: tuple[Page, ...],
                     examples: ExampleOptions, params_expanded: bool, updated: dict[str, Page],
                     warnings: list[str]) -> ApiViews:
    """Each page's API view of the operation its `openapi:` names (its title and description
    default to the operation's, put into `updated`); a page whose operation cannot be found
    is a warning and stays a plain page."""
    from sitegen.openapi import build_api_view
    from sitegen.openapi.playground import FRONT_MATTER_VALUES, display_from_front_matter

    views = ApiViews()
    for page in api_pages:
        assert page.openapi is not None
        where = f"{page.display_path}:{page.line_of('openapi')}"
        try:
            operation, found_warnings = named_files.lookup(page.openapi, where, page.display_path)
        except SitegenError as exc:
            warnings.extend(f"{message}; built as a plain page" for message in exc.messages)
            updated[page.id] = dataclasses.replace(page, openapi=None)
            continue
        warnings.extend(found_warnings)
        if not page.has_explicit_title and operation.summary:
            page = dataclasses.replace(page, title=operation.summary)
        if page.description is None and operation.description:
            page = dataclasses.replace(page, description=operation.description)
        written = page.meta.get("playground")
        display = display_from_front_matter(written)
        if written is not None and display is None:
            warnings.append(f"{page.display_path}:{page.line_of('playground')}: front matter: playground: "
                            f"{written!r} is not one of {', '.join(map(repr, FRONT_MATTER_VALUES[:-1]))} or "
                            f"{FRONT_MATTER_VALUES[-1]!r}; using docs.json's")
        views.add(page.id, functools.partial(build_api_view, operation, loaded.config.api, display=display,
                                             examples=examples, params_expanded=params_expanded))
        updated[page.id] = page
    return views


def attach_channel(page: Page, loaded: LoadedConfig, store: DocumentStore, warnings: list[str]) -> Page:
    """A page with `asyncapi:` front matter: its text, then the channel's read-only page (the
    same Markdown a navigation `asyncapi` level generates); the title and description default
    to the channel's. A channel that cannot be found is a warning; the page keeps its text."""
    from sitegen.openapi.asyncapi import channel_markdown, frontmatter_channel

    assert page.asyncapi is not None
    sources = loaded.v2.asyncapi_sources if loaded.v2 is not None else ()
    where = f"{page.display_path}:{page.line_of('asyncapi')}"
    try:
        channel = frontmatter_channel(store, page.asyncapi, sources, where)
    except SitegenError as exc:
        warnings.extend(f"{message}; page built without it" for message in exc.messages)
        return dataclasses.replace(page, asyncapi=None)
    body = page.body.rstrip()
    return dataclasses.replace(
        page, body_text=Body((body + "\n\n" if body else "") + channel_markdown(channel)),
        title=page.title if page.has_explicit_title else channel.display_title,
        description=page.description if page.description is not None else channel.summary)


def handwritten_view(
    project_dir: Path, loaded: LoadedConfig, page: Page, body: RenderedMarkdown, warnings: list[str]
) -> ApiView | None:
    """The API view of a hand-written endpoint page (`api: "POST https://…/orders"`): endpoint
    bar and playground from its `<ParamField>`s. The fields themselves are already on the page,
    so the view lists none; an unreadable `api:` is a warning and the page stays plain."""
    from sitegen.openapi import build_api_view
    from sitegen.openapi.handwritten import handwritten_operation, parse_api_line
    from sitegen.openapi.playground import display_from_front_matter

    written = str(page.meta["api"])
    endpoint = parse_api_line(written)
    if endpoint is None:
        warnings.append(f"{page.display_path}:{page.line_of('api')}: api: {written!r} is not 'METHOD URL' "
                        "(such as 'POST https://api.example.com/orders'); built as a plain page")
        return None
    api = loaded.config.api
    auth_method = page.auth_method or (api.auth.method if api and api.auth else None)
    operation = handwritten_operation(project_dir, endpoint, body.param_fields, source=page.display_path,
                                      title=page.title, auth_method=auth_method)
    display = display_from_front_matter(page.meta.get("playground"))
    examples, params_expanded = api_settings(loaded, [])
    view = build_api_view(operation, loaded.config.api, display=display, examples=examples,
                          params_expanded=params_expanded)
    return dataclasses.replace(view, fields_on_page=True)


def api_settings(loaded: LoadedConfig, warnings: list[str]) -> tuple[ExampleOptions, bool]:
    """v2 `api.examples` and `api.params.expanded` as `build_api_view` takes them; a language
    without a sample generator is a warning with its JSON path."""
    from sitegen.openapi.playground import (
        LANGUAGE_ALIASES,
        SAMPLE_LANGUAGES,
        ExampleOptions,
        params_expanded_from_v2,
        sample_languages,
    )

    settings = loaded.v2
    if settings is None:
        return ExampleOptions(), False
    languages, unknown = sample_languages(settings.example_languages)
    requested = settings.example_languages or ()
    for name in unknown:
        index = requested.index(name)
        known = ", ".join([*SAMPLE_LANGUAGES, *LANGUAGE_ALIASES])
        warnings.append(f"{loaded.where(f'api.examples.languages[{index}]')}: {name!r} has no code sample generator "
                        f"(known: {known}); left out")
    return ExampleOptions(languages, settings.example_defaults), params_expanded_from_v2(settings.params_expanded)


# --- build_navigation -------------------------------------------------------------------

_PAGE_HEADER = tuple(f.name for f in dataclasses.fields(Page)
                     if f.name not in ("body_text", "body_line", "text_digest"))

Outline = tuple[object, ...]  # a comparable copy of the navigation (see `outline`)


@dataclass(frozen=True, eq=False)
class NavigationStep:
    """The navigation, compared by its outline: equal while every page shows the same of
    itself elsewhere (the dev server keeps the chrome, and every page's HTML, then)."""

    navigation: Navigation

    @functools.cached_property
    def outline(self) -> Outline:
        # Made when first compared: a single build (`sitegen build`) never compares it.
        return outline(self.navigation)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NavigationStep) and (self is other or self.outline == other.outline)


def build_navigation(loaded: LoadedConfig, pages: list[Page], project_dir: Path) -> NavigationStep:
    return NavigationStep(nav.build_navigation(loaded, pages, project_dir))


def page_outlines(pages: list[Page]) -> tuple[Outline, ...]:
    """What the navigation depends on: each page without its text."""
    return tuple(tuple(getattr(page, name) for name in _PAGE_HEADER) for page in pages)


def outline(value: object, memo: dict[int, object] | None = None) -> Outline:
    """A comparable copy of the navigation where each page is reduced to what other pages may
    show of it (everything but its text), so that editing a page's text leaves it equal."""
    # _outline returns a tuple for the Navigation it is given (object only for its leaves).
    return _outline(value, {} if memo is None else memo)  # type: ignore[return-value]


def _outline(value: object, memo: dict[int, object]) -> object:
    if isinstance(value, Page):
        return tuple(getattr(value, name) for name in _PAGE_HEADER)
    if isinstance(value, (list, tuple, dict)) or (dataclasses.is_dataclass(value) and not isinstance(value, type)):
        if id(value) not in memo:
            if isinstance(value, dict):
                memo[id(value)] = tuple((key, _outline(item, memo)) for key, item in value.items())
            elif isinstance(value, (list, tuple)):
                memo[id(value)] = tuple(_outline(item, memo) for item in value)
            else:
                memo[id(value)] = (
                    type(value).__name__,
                    *(_outline(getattr(value, f.name), memo) for f in dataclasses.fields(value)),
                )
        return memo[id(value)]
    return value


# --- load_theme ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ThemeParts:
    """The theme, its page templates' environment and the component renderer."""

    theme: Theme
    env: jinja2.Environment
    components: ComponentRenderer


def load_theme_parts(project_dir: Path, author_code: bool = True, keep_compiled: bool = False) -> ThemeParts:
    """`keep_compiled`: the built-in templates' compiled form is kept in the user's cache folder."""
    # A theme override is the authors' code (its templates write every page's HTML): not under --no-scripts.
    theme = load_theme(project_dir) if author_code else Theme(dirs=(builtin_theme_dir(),))
    compiled = CompiledTemplates() if keep_compiled and theme.is_builtin else None
    return ThemeParts(theme, theme.environment(compiled), ComponentRenderer(theme, compiled))


# --- the chrome: what every page shows besides its own content --------------------------

@dataclass(frozen=True)
class Chrome:
    """Inputs every page's HTML depends on besides its own; a change re-renders every page."""

    loaded: LoadedConfig
    files: tuple[tuple[str, str | None], ...]  # docs.json logo, favicon… -> output path
    assets: tuple[str, ...]  # theme stylesheets and scripts every page links
    favicon_type: str | None
    search: bool  # pages show the search button
    env: jinja2.Environment
    navigation: NavigationStep  # compared by its outline
    publishing: Publishing | None = None  # the site URL and social cards (`sitegen build` with a URL)
    custom: CustomAssets = field(default_factory=CustomAssets)  # the project's own .css and .js files, on every page


def make_chrome(
    loaded: LoadedConfig, resolver: LinkResolver, theme_assets: Mapping[str, Path], env: jinja2.Environment,
    navigation: NavigationStep, search: bool, custom: CustomAssets | None = None,
) -> Chrome:
    return Chrome(loaded, tuple(config_files(loaded, resolver).items()), tuple(theme_asset_links(theme_assets)),
                  favicon_type(loaded), search, env, navigation, custom=custom or CustomAssets())


def with_publishing(
    chrome: Chrome, site_url: str, home_id: str | None, theme: Theme, resolver: LinkResolver, cache_dir: Path,
    warnings: list[str] | None = None,
) -> Chrome:
    """The chrome of a site with a URL: canonical links, social tags and (unless docs.json
    says `"thumbnails": false`) a social card per page, drawn with the theme's fonts and the
    logo (light or dark, as the card is; an SVG one rasterized here, once per build)."""
    config = chrome.loaded.config
    files = dict(chrome.files)
    logo = files.get("logo_light")
    logo_source = resolver.assets.get(logo) if logo else None
    raster_logo = logo if logo_source is not None and logo_source.suffix.lower() in RASTER_LOGOS else None
    cards = None
    if config.thumbnails is not False:
        fonts = (theme.file(FONT_BOLD), theme.file(FONT_REGULAR))
        if fonts[0] is None or fonts[1] is None:
            raise BuildError(f"theme: {FONT_BOLD} or {FONT_REGULAR} is missing; social cards need both "
                             '(or set "thumbnails": false in docs.json)')
        host = site_url.split("://", 1)[1].rstrip("/")
        logos = tuple(resolver.assets.get(path) if path else None
                      for path in (files.get("logo_light"), files.get("logo_dark")))
        cards = card_style(config, host, (logos[0], logos[1]), (fonts[0], fonts[1]), cache_dir / CACHE_SUBDIR,
                           warnings, card_background(chrome.loaded, resolver, warnings))
    publishing = Publishing(site_url, home_id, cards, raster_logo)
    return dataclasses.replace(chrome, publishing=publishing)


def card_background(loaded: LoadedConfig, resolver: LinkResolver,
                    warnings: list[str] | None) -> tuple[Path, str] | None:
    """The project file `thumbnails.background` names (None, with a warning, when it is
    remote, missing or outside the project: the cards are drawn without it)."""
    thumbnails = loaded.config.thumbnails
    written = thumbnails.background if isinstance(thumbnails, Thumbnails) else None
    if not written:
        return None
    resolved = resolver.config_asset(written)
    where = loaded.where("thumbnails.background")
    problem = resolved.error
    if problem is None and resolved.url is not None and resolved.url not in resolver.assets:
        problem = f"'{written}' is not a file of the project (nothing is downloaded)"
    if problem is not None or resolved.url is None:
        if warnings is not None:
            warnings.append(f"{where}: {problem}; the social cards have a plain background")
        return None
    return resolver.assets[resolved.url], where


def make_renderer(chrome: Chrome, navigation: Navigation, project_dir: Path) -> Renderer:
    """The page renderer; a project's template override that does not compile stops the build
    with its file and line."""
    context = SiteContext(
        loaded=chrome.loaded,
        navigation=navigation,
        files=dict(chrome.files),
        assets=list(chrome.assets),
        extra={"favicon_type": chrome.favicon_type, "search": chrome.search, "publishing": chrome.publishing,
               "custom_stylesheets": chrome.custom.stylesheets, "custom_scripts": chrome.custom.scripts,
               "author_code": chrome.custom.author_code},
    )
    try:
        return Renderer(context, chrome.env)
    except jinja2.TemplateError as exc:
        raise ContentError(template_failure(exc, project_dir)) from None


def config_files(loaded: LoadedConfig, resolver: LinkResolver) -> dict[str, str | None]:
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
    for role, font in (("font_heading", loaded.chrome.heading_font), ("font_body", loaded.chrome.body_font)):
        if font is not None and font.source:
            wanted[role] = (f"{font.json_path}.{font.source_key}", font.source)
    for role, json_path, reference in loaded.chrome.dark_files:  # v2 favicon.dark, background.image.dark
        wanted[role] = (json_path, reference)
    found: dict[str, str | None] = dict.fromkeys(
        ("logo_light", "logo_dark", "favicon", "background_image", "font_heading", "font_body",
         *(role for role, _, _ in loaded.chrome.dark_files)))
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


def favicon_type(loaded: LoadedConfig) -> str | None:
    favicon = loaded.config.favicon
    return _FAVICON_TYPES.get(Path(favicon).suffix.lower()) if favicon else None


def theme_asset_links(assets: Mapping[str, Path]) -> list[str]:
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


# --- check_links ------------------------------------------------------------------------

def fragment_warnings(
    links: list[tuple[str, str, str, str]], pages: Mapping[str, bytes | frozenset[str]]
) -> list[str]:
    """`page#fragment` links whose fragment is no id on the target page (the link is kept).

    `links` are (where, linking page id, target page id, fragment); `pages` gives each built
    page's HTML or the ids on it. The ids come from the built pages, so anchors the theme
    writes (an API page's `#playground`) count too; the check waits until every page is built
    because a link may point to any page."""
    ids: dict[str, frozenset[str]] = {}
    warnings: list[str] = []
    for where, linking, target, fragment in links:
        if target not in pages:
            continue
        if target not in ids:
            built = pages[target]
            ids[target] = page_ids(built.decode()) if isinstance(built, bytes) else built
        problem = fragment_problem(fragment, ids[target], target, linking, where)
        if problem is not None:
            warnings.append(f"{where}: {problem}")
    return warnings


# --- generate_files -----------------------------------------------------------------------

class PageOutcome(Protocol):
    """What generated files need of a rendered page (render_pages.PageResult)."""

    page_id: str
    markdown: str
    feed_items: tuple[FeedItem, ...]
    islands: dict[str, str]


@dataclass
class Generated:
    """Files the build generates besides the pages, by output path."""

    files: dict[str, bytes] = field(default_factory=dict)
    redirects: dict[str, bytes] = field(default_factory=dict)  # never in place of a page
    warnings: list[str] = field(default_factory=list)


def generate_files(loaded: LoadedConfig, pages: list[Page], navigation: Navigation, renderer: Renderer,
                   not_found: bytes, results: Sequence[PageOutcome], publishing: Publishing | None,
                   project_dir: Path, routes: SiteRoutes) -> Generated:
    """Everything generated that is not a page: the one place to add a generated file.
    The 404 page, each section's shared sidebar, redirects, stylesheets, llms.txt and
    llms-full.txt, the RSS feeds of changelog pages, and with a site URL sitemap.xml and
    robots.txt."""
    generated = Generated()
    generated.files["404.html"] = not_found
    generated.files.update(renderer.nav_assets())  # the shared sidebar of each section
    redirects = redirect_files(loaded, routes, renderer.page_language)
    generated.redirects, generated.warnings = redirects.pages, redirects.warnings
    host_rules = redirects.host_file()
    if host_rules is not None:
        generated.files[HOST_RULES] = host_rules
    generated.files[f"{ASSET_DIR}/pygments.css"] = pygments_css(loaded.v2 is not None and loaded.v2.dark_code).encode()
    generated.files[f"{ASSET_DIR}/config.css"] = config_css(loaded).encode()
    generated.files[MARKER] = b"This folder is written by sitegen and replaced on every build.\n"
    generated.files[".nojekyll"] = b""  # GitHub Pages would otherwise hide the _sitegen/ folder
    generated.files.update(llms_files(loaded, navigation, results))
    if publishing is not None:
        seo_indexing = loaded.v2.indexing if loaded.v2 is not None else None
        indexed = [page for page in pages if robots_may_index(page, navigation, seo_indexing)]
        generated.files.update(sitemap_files(publishing, indexed, project_dir))
    feeds, feed_warnings = changelog_feeds(pages, renderer, publishing, results)
    generated.files.update(feeds)
    # The modules of authors' interactive components, one file each, shared by the pages using it.
    generated.files.update((f"{ASSET_DIR}/{MODULE_DIR}/{name}", text.encode())
                           for result in results for name, text in result.islands.items())
    generated.warnings += feed_warnings
    return generated


def changelog_feeds(pages: list[Page], renderer: Renderer, publishing: Publishing | None,
                    results: Iterable[PageOutcome]) -> tuple[dict[str, bytes], list[str]]:
    """The RSS feed of each page with <Update> components or `rss: true` (rss.py), from the
    items each page's render found; warnings."""
    items = {result.page_id: result.feed_items for result in results if result.feed_items}
    listed = [page for page in pages if page.rss or page.id in items]
    if not listed:
        return {}, []
    languages = {page.id: renderer.page_language(page) for page in listed}
    return feed_files(listed, items, languages, publishing.site_url if publishing is not None else None)


def llms_files(loaded: LoadedConfig, navigation: Navigation, results: Iterable[PageOutcome]) -> dict[str, bytes]:
    """llms.txt (the navigation with descriptions) and llms-full.txt (every listed page's
    Markdown); `results` are the rendered pages (render_pages.PageResult)."""
    markdown = {result.page_id: result.markdown for result in results}
    return {LLMS_TXT: llms_txt(loaded, navigation).encode(),
            LLMS_FULL_TXT: llms_full_txt(navigation, markdown).encode()}


# --- write_files ----------------------------------------------------------------------------

def site_files(pages: list[Page], root_copy: str | None, assets: Iterable[tuple[str, Path]],
               theme_assets: Mapping[str, Path], features: Set[str], project_files: SiteFiles,
               author_code: bool = True) -> tuple[Files, list[str]]:
    """Every file of the site but the generated ones: the pages (written already), the files
    they and docs.json reference, the theme's assets (and mermaid.js when a page draws a
    diagram, React when a page has an interactive component: `features` of the pages), every
    other file of the project at its path; warnings."""
    files = Files(author_code=author_code)
    for page in pages:
        for path in (page.output, *markdown_paths(page.output)):
            files.add_written(path, Origin.PAGE)
    if root_copy is not None:
        files.add_written("index.html", Origin.PAGE)
        files.add_written("index.md", Origin.PAGE)
    for path, source in assets:
        files.add_copy(path, source)
    for name, source in theme_assets.items():
        files.add_copy(f"{ASSET_DIR}/{name}", source, Origin.THEME)
    add_project_files(files, project_files)
    if ISLANDS in features:
        # Pages have islands only when the files were there as they rendered (mdx/islands.py).
        for name, source in (react_files() or {}).items():
            files.add_copy(f"{ASSET_DIR}/{name}", source, Origin.THEME)
    if "mermaid" not in features:
        return files, []
    script = mermaid_script()
    if script is None:
        return files, ["mermaid diagrams: the diagram-renderer package that ships mermaid.js is not "
                       "installed; diagrams are shown as their source"]
    files.add_copy(f"{ASSET_DIR}/{MERMAID_ASSET}", script, Origin.THEME)
    return files, []


def write_files(output: Output, files: Files, generated: Generated) -> None:
    """Write the generated files (a page keeps its place over a redirect) and copy every file
    copied as it is (assets, theme files)."""
    for path, data in generated.redirects.items():
        if files.add_written(path, Origin.GENERATED, replace=False):
            output.write(path, data)
    for path, data in generated.files.items():
        files.add_written(path, Origin.GENERATED)
        output.write(path, data)
    for path, source in files.copies().items():
        if path not in generated.files:
            output.copy(path, source)
