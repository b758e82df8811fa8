"""docs.json in Mintlify's current ("v2") schema: detection, `$ref`, models, and the
conversion into the one site model the rest of sitegen reads.

A v2 docs.json has `theme` and an object `navigation` (a tree: languages → versions → tabs
→ anchors → dropdowns → groups → pages, any level optional). It is read in four passes:

1. `$ref` objects are replaced by the JSON file they name (inside the project only, within
   the docs.json size and nesting limits; a cycle is an error naming the chain);
2. values Mintlify builds through (an unknown theme or enum value, script URLs, social
   links without an icon) become warnings with their JSON path, as for the classic schema;
3. the Pydantic models below validate the result, with the classic wording for errors and
   unknown keys (`config._describe`, `config._unknown_keys`);
4. `to_classic` maps it onto the classic `SiteConfig` the templates read (navbar → topbar
   links and button, footer.socials → footerSocials, versions → the version picker, tabs,
   anchors and dropdowns → tabs and anchors) and keeps the whole tree in a `NavTree`: which
   anchors are dropdowns, and every other language (at any level) mapped the same way;
   `to_chrome` fills `SiteChrome` (banner, footer link columns, background decoration, icon
   library, fonts), which has no classic equivalent.
"""

from __future__ import annotations

import dataclasses
import json
import posixpath
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias
from urllib.parse import quote, urlsplit

from pydantic import BaseModel, Discriminator, Field, Tag, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from sitegen.analytics import analytics_tags
from sitegen.config import (
    PAGE_ACTIONS,
    SOCIAL_KEYS,
    CustomPageAction,
    HexColor,
    LoadedConfig,
    LogoImages,
    Model,
    NavGroup,
    Redirect,
    SiteBanner,
    SiteChrome,
    SiteConfig,
    SiteFont,
    SiteFooterColumn,
    SiteFooterLink,
    Thumbnails,
    _describe,
    _unknown_keys,
    _walk_path,
    _without_control_characters,
)
from sitegen.confine import inside_project, is_script_url, refusal, script_url_warning
from sitegen.errors import ConfigError, location, shortened
from sitegen.untrusted import MAX_CONFIG_BYTES, MAX_NESTING, json_nesting, nesting_message, read_text, size_text

THEMES = ("mint", "maple", "palm", "willow", "linden", "almond", "aspen", "sequoia", "luma")
# More `$ref` expansions than any real site has; a file referring to another twice, which
# refers to a third twice, and so on would otherwise grow exponentially.
MAX_REF_EXPANSIONS = 2_000


def _quoted(value: object, limit: int = 40) -> str:
    """A docs.json value as a warning quotes it: its JSON, shortened."""
    return shortened(json.dumps(value), limit)


def _one_of(expected: str, **kinds: Any) -> Any:
    """A union whose branch is picked by the JSON type (string, array or object), so errors
    come from one branch only; like `config._either` for more than two branches."""
    python = {"string": str, "array": list, "object": dict, "boolean": bool}

    def pick(value: Any) -> str | None:
        if isinstance(value, BaseModel):
            return "~object"
        return next((f"~{kind}" for kind in kinds if isinstance(value, python[kind])), None)

    branches = tuple(Annotated[kind_type, Tag(f"~{kind}")] for kind, kind_type in kinds.items())
    union: Any = branches[0]
    for branch in branches[1:]:
        union = union | branch
    return Annotated[union, Discriminator(pick, custom_error_type="wrong_kind",
                                          custom_error_message=f"is not {expected}")]


# --- models --------------------------------------------------------------------------


class SourceObject(Model):
    source: str
    directory: str | None = None


if TYPE_CHECKING:  # mypy cannot read a call's result as a type; pydantic reads the real union
    OpenApiSource: TypeAlias = str | list[str] | SourceObject
else:
    OpenApiSource = _one_of("a string, an array of strings or an object {source, directory}",
                            string=str, array=list[str], object=SourceObject)


class IconObject(Model):
    name: str
    style: str | None = None
    library: str | None = None


if TYPE_CHECKING:
    Icon: TypeAlias = str | IconObject
else:
    Icon = _one_of("a string or an object {name, style, library}", string=str, object=IconObject)


class ModeImages(Model):
    light: str
    dark: str


class ModeColors(Model):
    light: HexColor | None = None
    dark: HexColor | None = None


class ColorsV2(Model):
    primary: HexColor
    light: HexColor | None = None
    dark: HexColor | None = None


class Appearance(Model):
    default: Literal["system", "light", "dark"] = "system"
    strict: bool = False


class BackgroundV2(Model):
    image: _one_of("a string or an object {light, dark}", string=str, object=ModeImages) = None  # type: ignore[valid-type]
    decoration: Literal["gradient", "grid", "windows"] | None = None
    color: ModeColors | None = None


class Icons(Model):
    library: Literal["fontawesome", "lucide"] = "fontawesome"


class NavbarLink(Model):
    label: str  # given a default for `github`/`discord` links by `_navbar_labels`
    href: str
    icon: Icon | None = None
    type: Literal["github", "discord"] | None = None  # Mintlify adds a star or online count (its API)


class NavbarPrimary(Model):
    type: Literal["button", "github", "discord"] = "button"
    href: str
    label: str | None = None

    @model_validator(mode="after")
    def _label_for_buttons(self) -> NavbarPrimary:
        if self.type == "button" and not self.label:
            raise PydanticCustomError("name_required", "label is required when type is 'button'")
        return self


class Navbar(Model):
    links: list[NavbarLink] = []
    primary: NavbarPrimary | None = None


class FooterItem(Model):
    label: str
    href: str


class FooterColumn(Model):
    header: str | None = None
    items: list[FooterItem]


class Footer(Model):
    socials: dict[str, str] = {}
    links: list[FooterColumn] = []


class Banner(Model):
    content: str
    dismissible: bool = False
    type: Literal["info", "warning", "critical"] = "info"
    color: _one_of("a hex color or an object {light, dark}", string=HexColor, object=ModeColors) = None  # type: ignore[valid-type]


class FontV2(Model):
    family: str
    weight: int | None = None
    source: str | None = None  # a project path or a URL (Mintlify: either)
    format: Literal["woff", "woff2"] | None = None


class Fonts(Model):
    """One font for the whole site, or one for headings and one for body text."""

    family: str | None = None
    weight: int | None = None
    source: str | None = None
    format: Literal["woff", "woff2"] | None = None
    heading: FontV2 | None = None
    body: FontV2 | None = None


class Playground(Model):
    display: Literal["interactive", "simple", "none"] = "interactive"
    proxy: bool = True


class MdxAuth(Model):
    method: Literal["bearer", "basic", "key", "cobo"] | None = None
    name: str | None = None


class Mdx(Model):
    auth: MdxAuth | None = None
    server: _one_of("a string or an array of strings", string=str, array=list[str]) = None  # type: ignore[valid-type]


class ApiParams(Model):
    expanded: str | bool = "closed"


class ApiExamples(Model):
    languages: list[str] | None = None
    defaults: Literal["required", "all"] = "required"
    prefill: bool = False  # known; samples always carry the spec's examples here
    autogenerate: bool = True  # known; samples are always generated when a spec has none


class ApiV2(Model):
    openapi: OpenApiSource | None = None
    asyncapi: OpenApiSource | None = None
    playground: Playground = Playground.model_construct()
    params: ApiParams = ApiParams.model_construct()
    examples: ApiExamples = ApiExamples.model_construct()
    mdx: Mdx | None = None


class Seo(Model):
    metatags: dict[str, Any] = {}  # values checked in `v2_settings` (a wrong one is a warning)
    indexing: Literal["navigable", "all"] | None = None  # None: sitegen's own default (see V2Settings)


class Search(Model):
    prompt: str | None = None


class Styling(Model):
    eyebrows: Literal["section", "breadcrumbs"] = "section"
    codeblocks: Any = "system"  # "system", "dark", or Mintlify's Shiki theme object (a warning)
    latex: bool | None = None  # known: math is rendered where a page has it


class Metadata(Model):
    timestamp: bool = False


class Interaction(Model):
    drilldown: bool | None = None  # None: the theme's default (expand only)


class NotFound(Model):
    redirect: bool = True
    title: str | None = None
    description: str | None = None


class Errors(Model):
    not_found: NotFound | None = Field(default=None, alias="404")


Directory = Literal["none", "accordion", "card"]


class Group(NavGroup):
    """A v2 group: the classic one (so navigation reads both) with v2's extra keys."""

    pages: list[_one_of("a page path or a group object", string=str, object="Group")] = []  # type: ignore[valid-type]
    icon: Icon | None = None  # type: ignore[assignment]  # v2 icons may be {name, style}
    root: str | None = None  # the page the group's title opens
    expanded: bool = False
    tag: str | None = None
    hidden: bool = False
    openapi: OpenApiSource | None = None
    asyncapi: OpenApiSource | None = None
    # A root page's listing of the group's pages ("accordion" or "card"; inherited from above).
    directory: Directory | None = None
    boost: float | None = None  # search ranking factor of the group's pages (Pagefind weight)
    searchable: bool | None = None  # known: pages of hidden levels are in search already


class Level(Model):
    """What every navigation level may hold: the levels below it, groups or pages, and the
    keys each level shares (its own OpenAPI document, icon, hidden, an external href)."""

    languages: list[Language] = []
    versions: list[Version] = []
    tabs: list[TabV2] = []
    anchors: list[AnchorV2] = []
    dropdowns: list[Dropdown] = []
    products: list[Product] = []
    groups: list[Group] = []
    pages: list[_one_of("a page path or a group object", string=str, object=Group)] = []  # type: ignore[valid-type]
    openapi: OpenApiSource | None = None
    asyncapi: OpenApiSource | None = None
    icon: Icon | None = None
    hidden: bool = False
    href: str | None = None
    global_: Global | None = Field(default=None, alias="global")
    directory: Directory | None = None  # inherited by the groups below (see Group.directory)
    searchable: bool | None = None  # known: pages of hidden levels are in search already

    @property
    def has_content(self) -> bool:
        return bool(self.languages or self.versions or self.tabs or self.anchors or self.dropdowns
                    or self.products or self.groups or self.pages or self.menu_items)

    @property
    def menu_items(self) -> list[MenuItem]:
        """A tab's or product's `menu` (other levels have none)."""
        return []


class Language(Level):
    language: str
    default: bool = False


class Version(Level):
    version: str
    default: bool = False
    tag: str | None = None  # known: Mintlify's badge in the version menu, which lists names only here


class MenuItem(Level):
    """One entry of a tab's or product's `menu`: a part of that tab with its own sidebar."""

    item: str
    description: str | None = None


class TabV2(Level):
    tab: str
    menu: list[MenuItem] = []

    @property
    def menu_items(self) -> list[MenuItem]:
        return self.menu


class Product(Level):
    """A product: a whole navigation of its own, picked in the product switcher."""

    product: str
    description: str | None = None
    color: ModeColors | None = None
    default: bool = False
    menu: list[MenuItem] = []

    @property
    def menu_items(self) -> list[MenuItem]:
        return self.menu


class AnchorV2(Level):
    anchor: str
    color: ModeColors | None = None


class Dropdown(Level):
    dropdown: str
    description: str | None = None
    color: ModeColors | None = None


class Global(Model):
    """Entries shown on every page (Mintlify: in every language and version)."""

    languages: list[Language] = []
    versions: list[Version] = []
    tabs: list[TabV2] = []
    anchors: list[AnchorV2] = []
    dropdowns: list[Dropdown] = []
    products: list[Product] = []


class NavigationV2(Level):
    pass


# What gets its own sidebar inside a tab: an anchor, a dropdown's entry, a tab's menu item.
Section: TypeAlias = "AnchorV2 | Dropdown | MenuItem"


class SiteConfigV2(Model):
    schema_url: str | None = Field(default=None, alias="$schema")
    theme: str
    name: str
    colors: ColorsV2
    navigation: NavigationV2
    description: str | None = None
    logo: _one_of("a string or an object {light, dark, href}", string=str, object=LogoImages) = None  # type: ignore[valid-type]
    favicon: _one_of("a string or an object {light, dark}", string=str, object=ModeImages) = None  # type: ignore[valid-type]
    appearance: Appearance = Appearance.model_construct()
    background: BackgroundV2 = BackgroundV2.model_construct()
    icons: Icons = Icons.model_construct()
    navbar: Navbar = Navbar.model_construct()
    footer: Footer = Footer.model_construct()
    banner: Banner | None = None
    redirects: list[Redirect] = []
    api: ApiV2 = ApiV2.model_construct()
    fonts: Fonts = Fonts.model_construct()
    styling: Styling = Styling.model_construct()
    seo: Seo = Seo.model_construct()
    search: Search = Search.model_construct()
    contextual: dict[str, Any] | None = None  # read by `_page_actions` (Mintlify adds options often)
    errors: Errors = Errors.model_construct()
    # Analytics and chat widgets, per provider: `analytics.analytics_tags` picks what loads.
    integrations: dict[str, Any] = {}
    # Social cards, as in the classic schema: `false` turns them off, Mintlify's object picks
    # a light or dark card.
    thumbnails: _one_of("true, false or an object {appearance}", boolean=bool, object=Thumbnails) = True  # type: ignore[valid-type]
    # sitegen's extension, as in the classic schema: the URL the site is published at.
    site_url: str | None = None
    metadata: Metadata = Metadata.model_construct()
    interaction: Interaction = Interaction.model_construct()
    variables: dict[str, Any] = {}


# --- the whole tree, kept for what the theme cannot show yet -----------------------------

Division = tuple[int | None, int | None]  # (tab index, anchor index) in the classic SiteConfig


@dataclass(frozen=True)
class NavTree:
    """A v2 docs.json's navigation as written (every language, version, tab, anchor,
    dropdown and global entry), with how it was mapped onto the classic site model.

    `divisions[i]` is where `config.navigation[i]` sits: v2 tabs and anchors hold their
    groups, so sections come from here instead of from URL prefixes."""

    navigation: NavigationV2
    language: str | None  # the language whose navigation the site shows (None: no languages)
    languages: tuple[str, ...]
    divisions: tuple[Division, ...]
    primary_tab: str | None  # the first tab's name (the classic "primary" tab)
    dropdowns: frozenset[str] = frozenset()  # classic anchors that are v2 dropdowns (a menu, not a list)
    # The other languages (of `navigation.languages` or of any level below), each mapped like
    # the default one: its own tabs, anchors, versions and groups (`global` joins every language).
    translations: tuple[Translation, ...] = ()
    # Per group of `config.navigation`, like `divisions`: the JSON path of its `pages` array
    # with the index of its first entry there (messages), and the nearest `openapi` on or
    # above it (the document its "GET /path" entries and generated pages use).
    pages_at: tuple[tuple[str, int], ...] = ()
    group_apis: tuple[OpenApiSource | None, ...] = ()
    # `products`: the one this navigation shows (None: the tree has none) and the product
    # switcher's entries of its language, in order (other products are `translations`).
    product: str | None = None
    products: tuple[ProductEntry, ...] = ()
    # Per group, like `divisions`: the `directory` listing its root page shows (inherited).
    directories: tuple[str | None, ...] = ()


@dataclass(frozen=True)
class ProductEntry:
    """One entry of the product switcher."""

    name: str
    description: str | None
    icon: str | None
    icon_type: str | None
    href: str | None  # a product that lives on another site: a plain link


@dataclass(frozen=True)
class Translation:
    """Another language's navigation, or another product's (of any language)."""

    language: str | None
    config: SiteConfig
    tree: NavTree
    product: str | None = None


@dataclass(frozen=True)
class NotFoundPage:
    """`errors.404`: the 404 page's heading and text (Markdown), or a redirect home."""

    redirect: bool = False
    title: str | None = None
    description: str | None = None


@dataclass(frozen=True)
class V2Settings:
    """v2 settings the later stages read that the classic model has no place for."""

    variables: tuple[tuple[str, str], ...] = ()  # `{{name}}` -> value (nested objects as dotted names)
    not_found: NotFoundPage = NotFoundPage()
    example_languages: tuple[str, ...] | None = None  # `api.examples.languages` as written
    example_defaults: Literal["required", "all"] = "required"
    params_expanded: str | bool = "closed"
    # Where `asyncapi: CHANNEL` front matter looks: `api.asyncapi`, else the navigation's documents.
    asyncapi_sources: tuple[str, ...] = ()
    metatags: tuple[tuple[str, str], ...] = ()  # `seo.metatags`: (name, content) on every page
    # `seo.indexing`: "navigable" asks robots not to index pages outside the navigation (and
    # hidden ones) and leaves them out of the sitemap; "all" lists hidden pages too; None:
    # sitegen's default (every page but hidden and `noindex` ones).
    indexing: Literal["navigable", "all"] | None = None
    search_prompt: str | None = None  # `search.prompt`: the search box's placeholder
    eyebrows: Literal["section", "breadcrumbs"] = "section"  # `styling.eyebrows`: above the page title
    dark_code: bool = False  # `styling.codeblocks: "dark"`: code blocks dark in both modes
    timestamp: bool = False  # `metadata.timestamp`: "Last modified" on every page
    # Top-level `description`: the meta description of pages without their own, and llms.txt's summary.
    description: str | None = None
    theme: str = "mint"  # `theme`: one of THEMES (themes/default/assets/themes.css draws each)
    # `interaction.drilldown: true`: opening a nested sidebar group also opens its first page.
    drilldown: bool = False


@dataclass(frozen=True)
class _Context:
    """Where a level sits: its version, tab and anchor, and the nearest `openapi` above it."""

    version: str | None
    tab: str | None
    anchor: Section | None
    api: OpenApiSource | None
    directory: str | None = None  # the nearest `directory` above


# --- loading -------------------------------------------------------------------------


def resolve_refs(raw: dict[str, Any], path: Path, project_dir: Path) -> dict[str, Any]:
    """`raw` with every `$ref` replaced by its file's JSON (ConfigError when one cannot be)."""
    return _RefResolver(project_dir.resolve(), path).resolve(raw)


def load_v2(raw: dict[str, Any], path: Path, project_dir: Path) -> LoadedConfig:
    name = path.name
    resolver = _RefResolver(project_dir.resolve(), path)
    raw = resolver.resolve(raw)
    controls: list[str] = []
    raw = _without_control_characters(raw, "", controls)
    lenient: list[str] = []
    raw = _lenient(raw, lenient)
    try:
        config = SiteConfigV2.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError([f"{name}: {resolver.origin(_describe(err))}" for err in exc.errors()]) from None
    warnings = [f"{name}: {resolver.origin(f'{where}: unknown key')}" for where in _unknown_keys(config, "")]
    warnings += [f"{name}: {resolver.origin(text)}" for text in lenient + controls]
    notes: list[str] = []
    site, tree = to_classic(config, notes)
    canonical = _canonical_base(config.seo.metatags, notes)
    if canonical is not None and config.site_url is None:  # Mintlify's way to name the published URL
        site = site.model_copy(update={"site_url": canonical})
    chrome = to_chrome(config, notes)
    settings = v2_settings(config, notes)
    warnings += [f"{name}: {resolver.origin(text)}" for text in notes]
    return LoadedConfig(config=site, file=path, warnings=tuple(warnings), tree=tree, chrome=chrome, v2=settings)


def v2_settings(config: SiteConfigV2, notes: list[str]) -> V2Settings:
    variables: list[tuple[str, str]] = []

    def collect(value: Any, name: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                collect(item, f"{name}.{key}" if name else str(key))
        elif isinstance(value, bool):
            variables.append((name, "true" if value else "false"))
        elif isinstance(value, (str, int, float)):
            variables.append((name, str(value)))
        else:
            notes.append(f"variables.{name}: {_quoted(value)} is not a string; left out (`{{{{{name}}}}}` "
                         "stays as written)")

    collect(config.variables, "")
    page = config.errors.not_found
    # Mintlify redirects a missing page home unless told not to; a static host's 404 page
    # that silently redirects hides broken links, so only an explicit `true` does here.
    redirect = page is not None and "redirect" in page.model_fields_set and page.redirect
    not_found = NotFoundPage(redirect, page.title, page.description) if page is not None else NotFoundPage()
    examples = config.api.examples
    asyncapi = _sources(config.api.asyncapi) or list(dict.fromkeys(_level_asyncapi(config.navigation)))
    codeblocks = config.styling.codeblocks
    if not isinstance(codeblocks, str):
        notes.append(f"styling.codeblocks: {_quoted(codeblocks, 60)} is a Shiki theme, which this theme has not "
                     "(code is coloured by Pygments); using 'system'")
    return V2Settings(tuple(variables), not_found,
                      tuple(examples.languages) if examples.languages is not None else None,
                      examples.defaults, config.api.params.expanded, tuple(asyncapi),
                      metatags=_metatags(config.seo.metatags, notes), indexing=config.seo.indexing,
                      search_prompt=(config.search.prompt or "").strip() or None, eyebrows=config.styling.eyebrows,
                      dark_code=codeblocks == "dark", timestamp=config.metadata.timestamp,
                      description=" ".join((config.description or "").split()) or None, theme=config.theme,
                      drilldown=config.interaction.drilldown is True)


# Tags every page already has (charset, viewport, the title's): `seo.metatags` cannot replace them.
_OWN_TAGS = frozenset({"charset", "viewport", "title"})


def _metatags(metatags: dict[str, Any], notes: list[str]) -> tuple[tuple[str, str], ...]:
    tags: list[tuple[str, str]] = []
    for name, content in metatags.items():
        where = f"seo.metatags.{name}"
        if name.strip().lower() == "canonical":
            continue  # the site's URL, not a meta tag (`_canonical_base`)
        if name.strip().lower() in _OWN_TAGS or not name.strip():
            notes.append(f"{where}: every page sets this itself; left out")
        elif isinstance(content, bool) or not isinstance(content, (str, int, float)):
            notes.append(f"{where}: {_quoted(content)} is not a string; left out")
        else:
            tags.append((name.strip(), str(content)))
    return tuple(tags)


def _canonical_base(metatags: dict[str, Any], notes: list[str]) -> str | None:
    """`seo.metatags.canonical`: the URL the site is published at (Mintlify appends each page's
    path to it), used as `siteUrl` when that is not set; anything but a plain http(s) URL is a warning."""
    name = next((key for key in metatags if key.strip().lower() == "canonical"), None)
    if name is None:
        return None
    value = metatags[name]
    text = value.strip() if isinstance(value, str) else ""
    parts = urlsplit(text)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
            or "?" in text or "#" in text or "@" in parts.netloc or any(ch.isspace() for ch in text):
        notes.append(f"seo.metatags.{name}: {_quoted(value, 60)} is not an http(s) URL; pages get no canonical link "
                     "from it")
        return None
    return text


def _level_asyncapi(level: Level | Group) -> Iterator[str]:
    """The AsyncAPI documents named anywhere in a navigation level, in order."""
    yield from _sources(level.asyncapi)
    children: list[Any] = list(level.pages) + (list(level.groups) if isinstance(level, Level) else [])
    if isinstance(level, Level):
        children += [*level.languages, *level.versions, *level.tabs, *level.anchors, *level.dropdowns,
                     *level.products, *level.menu_items]
    for child in children:
        if isinstance(child, (Level, Group)):
            yield from _level_asyncapi(child)


class _RefResolver:
    """Replaces every `{"$ref": "file.json"}` by that file's JSON (sibling keys are laid
    over it), relative to the file holding the reference, never outside the project."""

    def __init__(self, project_dir: Path, config_file: Path) -> None:
        self.project_dir = project_dir
        self.top = config_file
        self.expansions = 0
        try:
            self.total_bytes = config_file.stat().st_size  # docs.json itself counts toward the limit
        except OSError:
            self.total_bytes = 0
        self.origins: dict[str, str] = {}  # JSON path in the composed config -> file it came from

    def display(self, path: Path) -> str:
        real = inside_project(self.project_dir, path)
        return real.relative_to(self.project_dir).as_posix() if real else path.name

    def resolve(self, raw: dict[str, Any]) -> dict[str, Any]:
        resolved = self._walk(raw, "", self.top, (self.display(self.top),), (self.top.resolve(),), 0)
        assert isinstance(resolved, dict)
        return resolved

    def origin(self, message: str) -> str:
        """`message` with the file its JSON path came from, when that is a `$ref`'d file."""
        where = message.split(":", 1)[0]
        best = max((p for p in self.origins if where == p or where.startswith((p + ".", p + "["))),
                   key=len, default=None)
        return message if best is None else f"{message} (from {self.origins[best]})"

    def _error(self, where: str, text: str) -> ConfigError:
        return ConfigError(f"{self.top.name}: {where or '(top level)'}: {text}")

    def _walk(self, node: Any, where: str, file: Path, chain: tuple[str, ...],
              real_chain: tuple[Path, ...], depth: int, start: str | None = None) -> Any:
        """`start`: where in docs.json the chain of `$ref`s leading here began (None: in
        docs.json itself), the spot messages name; `where` is the path in the composed JSON."""
        if depth > MAX_NESTING:
            raise self._error(start or where, nesting_message())
        if isinstance(node, list):
            return [self._walk(item, f"{where}[{index}]", file, chain, real_chain, depth + 1, start)
                    for index, item in enumerate(node)]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            return self._expand(node, where, file, chain, real_chain, depth, start)
        return {key: self._walk(value, f"{where}.{key}" if where else key, file, chain, real_chain, depth + 1, start)
                for key, value in node.items()}

    def _expand(self, node: dict[str, Any], where: str, file: Path, chain: tuple[str, ...],
                real_chain: tuple[Path, ...], depth: int, start: str | None) -> Any:
        spot = start if start is not None else where
        via = "" if start is None else f" (in {chain[-1]})"
        reference = node["$ref"]
        if not isinstance(reference, str):
            raise self._error(spot, f"$ref {json.dumps(reference)} is not a string{via}")
        self.expansions += 1
        if self.expansions > MAX_REF_EXPANSIONS:
            raise self._error(spot, f"more than {MAX_REF_EXPANSIONS} $ref expansions; not read further")
        target = file.parent / reference
        real = inside_project(self.project_dir, target)
        if real is None:
            raise ConfigError(refusal(f"{self.top.name}: {spot + '.' if spot else ''}$ref", reference) + via)
        shown = self.display(target)
        if real in real_chain:
            raise self._error(spot, "$ref cycle: " + " -> ".join((*chain, shown)))
        if not real.is_file():
            raise self._error(spot, f"$ref '{reference}': no such file{via}")
        text = read_text(real, shown, limit=MAX_CONFIG_BYTES, kind="docs.json", error=ConfigError)
        self.total_bytes += len(text)
        if self.total_bytes > MAX_CONFIG_BYTES:  # the same file may be named many times
            raise self._error(spot, f"docs.json and its $ref files add up to more than {size_text(MAX_CONFIG_BYTES)} "
                              "(the limit for docs.json); not read further")
        deep = json_nesting(text)
        if deep is not None:
            raise ConfigError(f"{location(shown, *deep)}: {nesting_message()}")
        try:
            content = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{location(shown, exc.lineno, exc.colno)}: {exc.msg}") from None
        if where not in self.origins:
            self.origins[where] = shown
        content = self._walk(content, where, real, (*chain, shown), (*real_chain, real), depth + 1, spot)
        siblings = {key: value for key, value in node.items() if key != "$ref"}
        if not siblings:
            return content
        if not isinstance(content, dict):
            raise self._error(spot, f"$ref '{reference}' holds {_kind(content)}, so the keys beside "
                              f"$ref ({', '.join(siblings)}) cannot be laid over it{via}")
        laid = {key: self._walk(value, f"{where}.{key}" if where else key, file, chain, real_chain, depth + 1, start)
                for key, value in siblings.items()}
        return {**content, **laid}


def _kind(value: Any) -> str:
    return {list: "an array", str: "a string", bool: "a boolean", type(None): "null", dict: "an object"}.get(
        type(value), "a number")


# --- values Mintlify builds through ----------------------------------------------------

_ENUMS: tuple[tuple[tuple[str, ...], tuple[str, ...], str | None, str], ...] = (
    (("theme",), THEMES, "mint", "using 'mint'"),
    (("appearance", "default"), ("system", "light", "dark"), None, "following the visitor's system setting"),
    (("background", "decoration"), ("gradient", "grid", "windows"), None, "no decoration"),
    (("icons", "library"), ("fontawesome", "lucide"), None, "using Font Awesome"),
    (("api", "playground", "display"), ("interactive", "simple", "none"), "interactive", "using 'interactive'"),
    (("api", "mdx", "auth", "method"), ("bearer", "basic", "key", "cobo"), None, "no auth input is shown"),
    (("navbar", "primary", "type"), ("button", "github", "discord"), "button", "using 'button'"),
    *((("fonts", *where, "format"), ("woff", "woff2"), None, "taking the format from the file name")
      for where in ((), ("heading",), ("body",))),
    (("api", "examples", "defaults"), ("required", "all"), "required", "using 'required'"),
    (("api", "params", "expanded"), ("all", "closed"), "closed", "using 'closed'"),
    (("seo", "indexing"), ("navigable", "all"), None, "indexing as if it were not set"),
    (("styling", "eyebrows"), ("section", "breadcrumbs"), "section", "using 'section'"),
    (("styling", "codeblocks"), ("system", "dark"), "system", "using 'system'"),
    (("banner", "type"), ("info", "warning", "critical"), "info", "using 'info'"),
)
_SOCIAL_ALIASES = {"twitter": "x"}


def _lenient(raw: dict[str, Any], warnings: list[str]) -> dict[str, Any]:
    """`raw` (already a fresh copy from `$ref` resolution) with values Mintlify builds
    through made acceptable, one warning each."""
    for path, allowed, fallback, effect in _ENUMS:
        for where, parent, key in _walk_path(raw, path, ""):
            value = parent[key]
            if isinstance(value, str) and value not in allowed:
                shown = ", ".join(repr(a) for a in allowed[:-1]) + f" or {allowed[-1]!r}"
                warnings.append(f"{where}: {value!r} is not one of {shown}; {effect}")
                if fallback is None:
                    del parent[key]
                else:
                    parent[key] = fallback
    footer = raw.get("footer")
    socials = footer.get("socials") if isinstance(footer, dict) else None
    if isinstance(socials, dict):
        for key in list(socials):
            if key in _SOCIAL_ALIASES and _SOCIAL_ALIASES[key] not in socials:
                socials[_SOCIAL_ALIASES[key]] = socials.pop(key)
            elif key not in SOCIAL_KEYS:
                warnings.append(f"footer.socials.{key}: no icon for '{key}' (known: {', '.join(SOCIAL_KEYS)}); "
                                "left out of the footer")
                del socials[key]
    _drop_script_urls(raw, "", warnings)
    _navbar_labels(raw, warnings)
    return raw


_COUNTED_LINKS = {"github": "GitHub", "discord": "Discord"}


def _navbar_labels(raw: dict[str, Any], warnings: list[str]) -> None:
    """A `github`/`discord` navbar link may leave out its label: Mintlify writes the repository's
    star count or the server's online count there, from its API. Here: the repository's
    name (`owner/repo`) or "Discord", with the brand's icon."""
    navbar = raw.get("navbar")
    links = navbar.get("links") if isinstance(navbar, dict) else None
    for index, link in enumerate(links if isinstance(links, list) else []):
        kind = link.get("type") if isinstance(link, dict) else None
        if kind not in _COUNTED_LINKS or (isinstance(link.get("label"), str) and link["label"].strip()):
            continue
        href = link.get("href")
        label = _COUNTED_LINKS[kind]
        if kind == "github" and isinstance(href, str):
            parts = [part for part in urlsplit(href).path.split("/") if part]
            label = "/".join(parts[:2]) if len(parts) >= 2 else label
        link["label"] = label
        link.setdefault("icon", {"name": kind, "style": "brands"})
        warnings.append(f"navbar.links[{index}]: a {kind} link without a label; labelled '{label}' (Mintlify's "
                        f"{'star' if kind == 'github' else 'online'} count needs its API)")


_LINK_KEYS = ("href", "destination")
_IMAGE_KEYS = {"logo": "no logo is shown", "favicon": "no favicon is set", "image": "no background image is shown"}


def _drop_script_urls(node: Any, where: str, warnings: list[str]) -> bool:
    """Take every javascript:/vbscript:/data: URL out of `node`, with a warning naming its
    JSON path; returns whether `node` itself must go (an entry whose only job is the link)."""
    if isinstance(node, list):
        keep = [item for index, item in enumerate(node) if not _drop_script_urls(item, f"{where}[{index}]", warnings)]
        node[:] = keep
        return False
    if not isinstance(node, dict):
        return False
    for key in list(node):
        value = node[key]
        here = f"{where}.{key}" if where else key
        if key in _LINK_KEYS and isinstance(value, str) and is_script_url(value):
            warnings.append(script_url_warning(here, value, "the entry is left out"))
            return True
        if key in _IMAGE_KEYS and where in ("", "background"):
            images = [(here, value)] if isinstance(value, str) else [
                (f"{here}.{side}", value.get(side)) for side in ("light", "dark") if isinstance(value, dict)]
            bad = [(spot, url) for spot, url in images if isinstance(url, str) and is_script_url(url, image=True)]
            if bad:
                warnings.extend(script_url_warning(spot, url, _IMAGE_KEYS[key]) for spot, url in bad)
                del node[key]
                continue
        if where == "footer.socials" and isinstance(value, str) and is_script_url(value):
            warnings.append(script_url_warning(here, value))
            del node[key]
            continue
        if key == "logo" and where == "" and isinstance(value, dict) and isinstance(value.get("href"), str) \
                and is_script_url(value["href"]):
            warnings.append(script_url_warning("logo.href", value["href"], "the logo links to the home page"))
            del value["href"]
            continue
        if here == "contextual":  # `_page_actions` checks its links, keeping the options' indexes for messages
            continue
        if isinstance(value, (dict, list)) and _drop_script_urls(value, here, warnings):
            del node[key]
    return False


# --- onto the classic site model -------------------------------------------------------


@dataclass
class _Placed:
    """A top-level group with where the navigation tree put it."""

    group: Group
    version: str | None
    tab: str | None
    anchor: Section | None
    pages_at: tuple[str, int] = ("", 0)  # the JSON path of its `pages` array, where its first entry sits
    api: OpenApiSource | None = None  # the nearest `openapi` above or on it
    directory: str | None = None  # the nearest `directory` above or on it


@dataclass
class _Flat:
    placed: list[_Placed]
    versions: list[str]
    external_tabs: list[tuple[str, str]]  # (name, href): shown as top bar links
    external_anchors: list[tuple[Section, str]]
    openapi: list[str]
    language: str | None = None
    languages: tuple[str, ...] = ()
    product: str | None = None
    versions_elsewhere: list[dict[str, str]] = dataclasses.field(default_factory=list)  # {name, url}


def to_classic(config: SiteConfigV2, notes: list[str]) -> tuple[SiteConfig, NavTree]:
    """The classic SiteConfig the templates read (the default language's), and the tree it
    came from, with every other language mapped the same way (`NavTree.translations`).

    Languages may sit at any level (`navigation.versions[0].languages`…): a language's
    navigation is the tree with, at each level that has `languages`, only that language's
    entry followed; levels without `languages` are shared by every language, and a level
    whose `languages` lack it (and that holds nothing else) is not in that language."""
    found: dict[str, str] = {}  # code -> JSON path where it first appears
    defaults: list[str] = []
    _find_languages(config.navigation, "navigation", found, defaults)
    codes = tuple(found)
    default = defaults[0] if defaults else (codes[0] if codes else None)
    first: tuple[SiteConfig, NavTree] | None = None
    translations: list[Translation] = []
    for code in (default, *(c for c in codes if c != default)):
        entries, shown, product_paths = _products(config.navigation, code)
        products: list[str | None] = [*shown] or [None]
        for product in products:
            own: list[str] = []
            site, tree = _map_language(config, own, code, codes, product)
            notes += [note for note in own if note not in notes]
            tree = replace(tree, products=entries)
            if first is None:
                first = site, tree
            elif not site.navigation:
                if product is not None and product != shown[0]:
                    notes.append(f"{product_paths[product]}: product '{product}' lists no page (all it holds is "
                                 "hidden or external); left out of the product switcher, its pages are still built")
                elif code is not None:
                    notes.append(f"{found[code]}: language '{code}' lists no page (it sits inside another language, "
                                 "or all it holds is hidden or external); left out of the language menu, its pages "
                                 "are still built")
            else:
                translations.append(Translation(code, site, tree, product))
    assert first is not None
    site, tree = first
    # One catalog for the whole site: the documents every language and product names.
    documents = list(dict.fromkeys(source for config_ in (site, *(t.config for t in translations))
                                   for source in config_.openapi_sources))
    if documents != site.openapi_sources:
        site = site.model_copy(update={"openapi": documents})
    return site, replace(tree, translations=tuple(translations))


def _products(level: Level, language: str | None) -> tuple[tuple[ProductEntry, ...], list[str], dict[str, str]]:
    """The product switcher of one language (its entries, in order), the names of the
    products that hold pages (the default one first), and where each product is written."""
    entries: list[ProductEntry] = []
    shown: list[str] = []
    paths: dict[str, str] = {}
    defaults: list[str] = []

    def walk(here: Level, where: str) -> None:
        for index, product in enumerate(here.products):
            if product.hidden or product.product in paths:
                continue
            paths[product.product] = f"{where}.products[{index}]"
            icon, icon_type = _icon(product.icon)
            external = product.href if product.href and not product.has_content and product.openapi is None \
                and product.asyncapi is None else None
            entries.append(ProductEntry(product.product, product.description, icon, icon_type, external))
            if external is None:
                shown.append(product.product)
                if product.default:
                    defaults.append(product.product)
        for index, entry in enumerate(here.languages):
            if entry.language == language:
                walk(entry, f"{where}.languages[{index}]")
        for key in ("versions", "tabs", "anchors", "dropdowns"):
            for index, child in enumerate(getattr(here, key)):
                walk(child, f"{where}.{key}[{index}]")

    walk(level, "navigation")
    if defaults:
        shown.remove(defaults[0])
        shown.insert(0, defaults[0])
    return tuple(entries), shown, paths


def _find_languages(level: Level, where: str, found: dict[str, str], defaults: list[str]) -> None:
    """Every language code of the tree in reading order, and those marked `default`."""
    for index, language in enumerate(level.languages):
        here = f"{where}.languages[{index}]"
        found.setdefault(language.language, here)
        if language.default:
            defaults.append(language.language)
        _find_languages(language, here, found, defaults)
    for key in ("versions", "tabs", "anchors", "dropdowns", "products"):
        for index, child in enumerate(getattr(level, key)):
            _find_languages(child, f"{where}.{key}[{index}]", found, defaults)
    for index, item in enumerate(level.menu_items):
        _find_languages(item, f"{where}.menu[{index}]", found, defaults)


def _map_language(config: SiteConfigV2, notes: list[str], language: str | None,
                  languages: tuple[str, ...], product: str | None = None) -> tuple[SiteConfig, NavTree]:
    """One language's (and product's) classic SiteConfig and tree (`language` None: the tree
    has none; `product` None: it has no products)."""
    flat = _Flat([], [], [], [], [], language, languages, product)
    _flatten(config.navigation, "navigation", _Context(None, None, None, None), flat, notes)
    placed = _merge_versions(flat.placed, flat.versions)
    tab_names = list(dict.fromkeys(p.tab for p in placed if p.tab is not None))
    anchors: dict[str, Section] = {}
    for item in placed:
        if item.anchor is not None:
            anchors.setdefault(_label(item.anchor), item.anchor)
    anchor_names = list(anchors)
    # The first tab and the first anchor are the classic "primary" tab and top anchor.
    divisions = tuple(
        (_index_after_first(tab_names, p.tab), _index_after_first(anchor_names, _label(p.anchor) if p.anchor else None))
        for p in placed
    )
    classic_anchors: list[dict[str, Any]] = []
    for index, name in enumerate(anchor_names[1:]):
        anchor = anchors[name]
        versions = {p.version for p in placed if p.anchor is not None and _label(p.anchor) == name}
        classic_anchors.append(_classic_anchor(anchor, _common_prefix(_pages_where(placed, divisions, 1, index)),
                                               versions.pop() if len(versions) == 1 else None))
    classic_anchors += [_classic_anchor(anchor, href, None) for anchor, href in flat.external_anchors]
    top: dict[str, Any] = {}
    if anchor_names:
        first = anchors[anchor_names[0]]
        top = {"name": _label(first)}
        icon, icon_type = _icon(first.icon)
        if icon:
            top.update(icon=icon, iconType=icon_type or "duotone")
    elif tab_names:
        top = {"name": tab_names[0]}
    classic_tabs = [{"name": name, "url": _common_prefix(_pages_where(placed, divisions, 0, index))}
                    for index, name in enumerate(tab_names[1:])]
    raw: dict[str, Any] = {
        "name": config.name,
        "navigation": [p.group for p in placed],
        "versions": [*flat.versions, *flat.versions_elsewhere],
        "tabs": classic_tabs,
        "anchors": classic_anchors,
        "redirects": list(config.redirects),
        "topbarLinks": [{"name": link.label, "url": link.href} for link in config.navbar.links]
        + [{"name": name, "url": href} for name, href in flat.external_tabs],
        "footerSocials": dict(config.footer.socials),
        "modeToggle": {"isHidden": config.appearance.strict}
        | ({"default": config.appearance.default} if config.appearance.default != "system" else {}),
    }
    if top:
        raw["topAnchor"] = top
    if config.logo is not None:
        raw["logo"] = config.logo
    raw["thumbnails"] = config.thumbnails
    if config.site_url is not None:
        raw["siteUrl"] = config.site_url
    if config.favicon is not None:
        raw["favicon"] = config.favicon if isinstance(config.favicon, str) else config.favicon.light
    colors: dict[str, Any] = {"primary": config.colors.primary}
    colors |= {key: value for key in ("light", "dark") if (value := getattr(config.colors, key))}
    background = config.background.color
    if background is not None and (background.light or background.dark):
        from sitegen.colors import DEFAULT_BG_DARK, DEFAULT_BG_LIGHT  # colors imports config

        colors["background"] = {"light": background.light or DEFAULT_BG_LIGHT,
                                "dark": background.dark or DEFAULT_BG_DARK}
    raw["colors"] = colors
    image = config.background.image
    if image is not None:
        raw["backgroundImage"] = image if isinstance(image, str) else image.light
    primary = config.navbar.primary
    if primary is not None:
        raw["topbarCtaButton"] = {"type": "github" if primary.type == "github" else "link", "url": primary.href}
        if primary.label:
            raw["topbarCtaButton"]["name"] = primary.label
        elif primary.type == "discord":
            raw["topbarCtaButton"]["name"] = "Discord"
    openapi = _sources(config.api.openapi) + [s for s in flat.openapi if s not in _sources(config.api.openapi)]
    if openapi:
        raw["openapi"] = openapi
    raw["api"] = _classic_api(config.api)
    site = SiteConfig.model_validate(raw)
    dropdowns = frozenset(name for name, level in anchors.items() if isinstance(level, (Dropdown, MenuItem)))
    tree = NavTree(config.navigation, flat.language, flat.languages, divisions, tab_names[0] if tab_names else None,
                   dropdowns, pages_at=tuple(p.pages_at for p in placed), group_apis=tuple(p.api for p in placed),
                   product=product, directories=tuple(p.directory for p in placed))
    return site, tree


def _label(level: Section) -> str:
    if isinstance(level, MenuItem):
        return level.item
    return level.anchor if isinstance(level, AnchorV2) else level.dropdown


def _index_after_first(names: list[str], name: str | None) -> int | None:
    """The classic index of a tab or anchor: the first is the primary one (None)."""
    if name is None:
        return None
    index = names.index(name)
    return None if index == 0 else index - 1


def _icon(icon: str | IconObject | None) -> tuple[str | None, str | None]:
    if isinstance(icon, IconObject):
        return icon.name, icon.style
    return icon, None


def _classic_anchor(anchor: Section, url: str, version: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"name": _label(anchor), "url": url, "isDefaultHidden": anchor.hidden}
    icon, icon_type = _icon(anchor.icon)
    if icon:
        out["icon"] = icon
    if icon_type:
        out["iconType"] = icon_type
    color = anchor.color if isinstance(anchor, (AnchorV2, Dropdown)) else None
    if color is not None and (color.light or color.dark):
        out["color"] = color.light or color.dark
    if version is not None:
        out["version"] = version
    return out


def _classic_api(api: ApiV2) -> dict[str, Any]:
    out: dict[str, Any] = {"playground": {"mode": {"interactive": "show", "simple": "simple", "none": "hide"}[
        api.playground.display]}}
    if api.mdx is not None:
        if api.mdx.server is not None:
            out["baseUrl"] = api.mdx.server
        auth = api.mdx.auth
        if auth is not None and (auth.method != "cobo" or auth.name):
            out["auth"] = {key: value for key, value in (("method", auth.method if auth.method != "cobo" else None),
                                                         ("name", auth.name)) if value is not None}
    return out


def _sources(source: str | list[str] | SourceObject | None) -> list[str]:
    if source is None:
        return []
    if isinstance(source, SourceObject):
        return [source.source]
    return [source] if isinstance(source, str) else list(source)


def _flatten(level: Level, where: str, at: _Context, flat: _Flat, notes: list[str]) -> None:
    """Every group of the tree the site shows, in reading order, with its version, tab and
    anchor; external tabs and anchors; at a level with `languages`, only `flat.language`'s entry.
    A level with an `openapi` document and nothing else gets an empty group holding that
    document: the build fills it with a page per operation (openapi/navpages.py)."""
    flat.openapi += [s for s in _sources(level.openapi) if s not in flat.openapi]
    if level.openapi is not None:
        at = dataclasses.replace(at, api=level.openapi)
    if level.directory is not None:
        at = dataclasses.replace(at, directory=level.directory)

    def place(group: Group, pages: str, first: int = 0) -> None:
        api = group.openapi if group.openapi is not None else at.api
        flat.placed.append(_Placed(group, at.version, at.tab, at.anchor, (pages, first), api,
                                   group.directory or at.directory))

    if (level.openapi is not None or level.asyncapi is not None) and not level.has_content:
        place(Group(group="", openapi=level.openapi, asyncapi=level.asyncapi),
              f"{where}.openapi" if level.openapi is not None else f"{where}.asyncapi")
    for index, language in enumerate(level.languages):
        if language.language == flat.language:  # the other languages are their own mapping
            _flatten(language, f"{where}.languages[{index}]", at, flat, notes)
            break
    shown = [(i, v) for i, v in enumerate(level.versions) if not v.hidden]
    for index, release in sorted(shown, key=lambda item: not item[1].default):  # the default version first
        if release.href and not release.has_content and release.openapi is None and release.asyncapi is None:
            flat.versions_elsewhere.append({"name": release.version, "url": release.href})  # a link in the menu
            continue
        position, before = len(flat.versions), len(flat.placed)
        _flatten(release, f"{where}.versions[{index}]", dataclasses.replace(at, version=release.version), flat, notes)
        # A version that lists nothing in this language (its `languages` lack it) is not in its picker.
        if len(flat.placed) > before and release.version not in flat.versions:
            flat.versions.insert(position, release.version)
    for index, section in enumerate(level.tabs):
        if section.hidden:
            continue
        if section.href and not section.has_content and section.openapi is None and section.asyncapi is None:
            flat.external_tabs.append((section.tab, section.href))
        else:
            _flatten(section, f"{where}.tabs[{index}]", dataclasses.replace(at, tab=section.tab), flat, notes)
    for index, product in enumerate(level.products):  # the other products are their own mapping
        if product.product == flat.product and not product.hidden:
            _flatten(product, f"{where}.products[{index}]", at, flat, notes)
            break
    # A menu item is a part of its tab with its own sidebar, like a dropdown's entry.
    sections = [("anchors", item) for item in level.anchors] + [("dropdowns", item) for item in level.dropdowns] \
        + [("menu", item) for item in level.menu_items]
    numbers: dict[str, int] = {}
    for key, item in sections:
        index = numbers[key] = numbers.get(key, -1) + 1
        if item.hidden and isinstance(item, MenuItem):
            continue
        if item.href and not item.has_content and item.openapi is None and item.asyncapi is None:
            flat.external_anchors.append((item, item.href))
        else:
            _flatten(item, f"{where}.{key}[{index}]", dataclasses.replace(at, anchor=item), flat, notes)
    for index, group in enumerate(level.groups):
        if not group.hidden:
            place(group, f"{where}.groups[{index}].pages")
    loose: list[str] = []
    first_loose = 0
    for index, entry in enumerate([*level.pages, None]):  # None: flush the last run of loose pages
        if isinstance(entry, str):
            if not loose:
                first_loose = index
            loose.append(entry)
            continue
        if loose:  # pages outside any group: one group without a title
            place(Group(group="", pages=loose), f"{where}.pages", first_loose)
            loose = []
        if isinstance(entry, Group) and not entry.hidden:
            place(entry, f"{where}.pages[{index}].pages")
    if level.global_ is not None:
        for key in ("anchors", "dropdowns"):
            for index, item in enumerate(getattr(level.global_, key)):
                if item.href:
                    flat.external_anchors.append((item, item.href))
                else:
                    notes.append(f"{where}.global.{key}[{index}]: a global entry needs an href; left out")
        for index, tab_entry in enumerate(level.global_.tabs):
            if tab_entry.href:
                flat.external_tabs.append((tab_entry.tab, tab_entry.href))
            else:
                notes.append(f"{where}.global.tabs[{index}]: a global entry needs an href; left out")
        # Global languages and versions link to another site's language or version; the
        # language menu and version picker list only this site's own.
        for key in ("languages", "versions"):
            for index, _ in enumerate(getattr(level.global_, key)):
                notes.append(f"{where}.global.{key}[{index}]: the {key[:-1]} menu lists only this site's own "
                             f"{key}; left out")


def _merge_versions(placed: list[_Placed], versions: list[str]) -> list[_Placed]:
    """One list for the version picker: a group every version lists the same way is shown
    for all (version None); the others are tagged with their version. Order follows each
    version's own order (a group only one version has comes after its predecessor there)."""
    if not versions:
        return placed
    keyed: dict[str, list[_Placed]] = {}
    order: list[str] = []
    for version in versions:
        previous: str | None = None
        mine = [p for p in placed if p.version == version]
        keys = [json.dumps([item.tab, _label(item.anchor) if item.anchor else None,
                            item.group.model_dump(mode="json", by_alias=True, warnings=False)], sort_keys=True)
                for item in mine]
        for position, (item, key) in enumerate(zip(mine, keys, strict=True)):
            if key not in keyed:
                if previous is not None:
                    order.insert(order.index(previous) + 1, key)
                else:  # before the first group it shares with the versions before (the default one first)
                    shared = next((k for k in keys[position + 1:] if k in keyed), None)
                    order.insert(order.index(shared) if shared is not None else len(order), key)
                keyed[key] = []
            keyed[key].append(item)
            previous = key
    merged: list[_Placed] = []
    unversioned = [p for p in placed if p.version is None]
    for key in order:
        items = keyed[key]
        if {item.version for item in items} == set(versions):
            merged.append(dataclasses.replace(items[0], version=None))
        else:
            for item in items:
                merged.append(dataclasses.replace(item, group=item.group.model_copy(update={"version": item.version})))
    return unversioned + merged


def _pages_where(placed: list[_Placed], divisions: tuple[Division, ...], axis: int, index: int) -> list[str]:
    """The pages of every group in tab (axis 0) or anchor (axis 1) `index`."""
    return [page for item, division in zip(placed, divisions, strict=True) if division[axis] == index
            for page in _group_pages(item.group)]


def _group_pages(group: NavGroup) -> Iterator[str]:
    for entry in group.pages:
        if isinstance(entry, NavGroup):
            yield from _group_pages(entry)
        else:
            yield entry


def _common_prefix(pages: list[str]) -> str:
    """The folder every page of a tab or anchor lives in ("" when they share none): pages
    outside the navigation under it get its sidebar, as with classic URL prefixes."""
    folders = [posixpath.dirname(page.strip().strip("/")) for page in pages]
    if not folders or any(not folder for folder in folders):
        return ""
    return posixpath.commonpath(folders)


# --- chrome the classic schema has no key for ------------------------------------------


def to_chrome(config: SiteConfigV2, notes: list[str]) -> SiteChrome:
    """The banner, footer columns, background decoration, icon library and fonts."""
    banner = config.banner
    actions, custom_actions = _page_actions(config.contextual, notes)
    columns = tuple(SiteFooterColumn(column.header, tuple(SiteFooterLink(item.label, item.href)
                                                          for item in column.items))
                    for column in config.footer.links)
    fonts = config.fonts
    whole = FontV2(family=fonts.family, weight=fonts.weight, source=fonts.source, format=fonts.format) \
        if fonts.family else None
    if fonts.family is None and (fonts.source or fonts.weight is not None or fonts.format):
        notes.append("fonts: a font needs a family; the theme's own font is used")
    return SiteChrome(
        banner=_banner(banner),
        footer_columns=tuple(column for column in columns if column.links),
        decoration=config.background.decoration,
        icon_library=config.icons.library,
        heading_font=_font(fonts.heading or whole, "fonts.heading" if fonts.heading else "fonts", notes),
        body_font=_font(fonts.body or whole, "fonts.body" if fonts.body else "fonts", notes),
        topbar_link_icons=tuple((name, style) if name else None
                                for name, style in (_icon(link.icon) for link in config.navbar.links)),
        page_actions=actions,
        custom_page_actions=custom_actions,
        dark_files=_dark_files(config),
        analytics=analytics_tags(config.integrations, "integrations", notes),
    )


def _dark_files(config: SiteConfigV2) -> tuple[tuple[str, str, str], ...]:
    """The dark favicon and background image, where they are not the light ones."""
    found: list[tuple[str, str, str]] = []
    for role, json_path, images in (("favicon_dark", "favicon.dark", config.favicon),
                                    ("background_image_dark", "background.image.dark", config.background.image)):
        if isinstance(images, ModeImages) and images.dark.strip() and images.dark != images.light:
            found.append((role, json_path, images.dark))
    return tuple(found)


def _banner(banner: Banner | None) -> SiteBanner | None:
    """The banner with its `type` and `color` (a hex string is both modes'; an object's one
    mode alone serves both, as a single colour would)."""
    if banner is None or not banner.content.strip():
        return None
    color = banner.color
    light: str | None
    dark: str | None
    if isinstance(color, str):
        light, dark = color, color
    elif color is not None:
        light, dark = color.light or color.dark, color.dark or color.light
    else:
        light = dark = None
    return SiteBanner(banner.content, banner.dismissible, banner.type, light, dark)


# Mintlify's options that need what sitegen does not make: an MCP server (one warning for all
# of them: they fail for one reason), its hosted assistant, a PDF of the page.
_MCP_ACTIONS = ("mcp", "add-mcp", "vscode", "devin-mcp")
_UNSUPPORTED_ACTIONS = {"assistant": "opens Mintlify's hosted assistant, which a static site has not",
                        "download-pdf": "needs a PDF of each page, which sitegen does not make",
                        "download-spec": "downloads Mintlify's copy of the OpenAPI documents, which sitegen does "
                                         "not offer"}


def _page_actions(contextual: dict[str, Any] | None, notes: list[str]
                  ) -> tuple[tuple[str, ...], tuple[CustomPageAction, ...]]:
    """`contextual.options` -> SiteChrome.page_actions and custom_page_actions; without
    `contextual`, the Copy page button alone (as for the classic schema). `cursor` opens
    Cursor with a prompt to read the page (Mintlify installs its MCP server there instead)."""
    if contextual is None:
        return ("copy",), ()
    options = contextual.get("options", [])
    if not isinstance(options, list):
        notes.append(f"contextual.options: {_quoted(options)} is not an array; "
                     "the Copy page button alone is shown")
        return ("copy",), ()
    actions: list[str] = []
    custom: list[CustomPageAction] = []
    needs_mcp: list[str] = []
    for index, option in enumerate(options):
        where = f"contextual.options[{index}]"
        if isinstance(option, dict):
            made = _custom_action(option, where, notes)
            if made is not None:
                custom.append(made)
        elif not isinstance(option, str):
            notes.append(f"{where}: {_quoted(option)} is not a string; left out")
        elif option in _MCP_ACTIONS:
            needs_mcp.append(option)
        elif option in _UNSUPPORTED_ACTIONS:
            notes.append(f"{where}: '{option}' {_UNSUPPORTED_ACTIONS[option]}; left out")
        elif option not in PAGE_ACTIONS:
            known = ", ".join((*PAGE_ACTIONS, *_MCP_ACTIONS, *_UNSUPPORTED_ACTIONS))
            notes.append(f"{where}: '{option}' is not one of {known} or an object {{title, description, icon, href}}; "
                         "left out")
        elif option not in actions:
            actions.append(option)
    if needs_mcp:
        names = ", ".join(f"'{name}'" for name in dict.fromkeys(needs_mcp))
        notes.append(f"contextual.options: {names} {'needs' if len(set(needs_mcp)) == 1 else 'need'} an MCP server "
                     "of the docs, which sitegen does not make; left out")
    return tuple(actions), tuple(custom)


def _custom_action(option: dict[str, Any], where: str, notes: list[str]) -> CustomPageAction | None:
    """A custom option `{title, description, icon, iconType, href}`; `href` a URL, or
    `{base, query: [{key, value}]}` (Mintlify's dynamic link) made into one."""
    title, href = option.get("title"), option.get("href")
    if not isinstance(title, str) or not title.strip():
        notes.append(f"{where}.title: a custom option needs a title; left out")
        return None
    if isinstance(href, dict):
        href = _dynamic_href(href, where, notes)
        if href is None:
            return None
    if not isinstance(href, str) or not href.strip():
        notes.append(f"{where}.href: a custom option needs an href; left out")
        return None
    if is_script_url(href):
        notes.append(script_url_warning(f"{where}.href", href, "the entry is left out"))
        return None
    description = option.get("description")
    icon = option.get("icon")
    wanted: tuple[str, str | None] | None = None
    if isinstance(icon, str) and icon.strip():
        if any(mark in icon for mark in ("/", "<", ".")):
            notes.append(f"{where}.icon: only icon names are drawn in the page menu (not an image or SVG); "
                         "shown without an icon")
        else:
            icon_type = option.get("iconType")
            wanted = (icon.strip(), icon_type if isinstance(icon_type, str) else None)
    for key in sorted(set(option) - {"title", "description", "icon", "iconType", "href"}):
        notes.append(f"{where}.{key}: unknown key")
    return CustomPageAction(title.strip(), description.strip() if isinstance(description, str) else None,
                            href.strip(), wanted, where)


def _dynamic_href(href: dict[str, Any], where: str, notes: list[str]) -> str | None:
    """Mintlify's `{base, query: [{key, value}]}` as one URL (values keep `$path`/`$page`)."""
    base, query = href.get("base"), href.get("query", [])
    pairs: list[tuple[str, str]] = []
    for item in query if isinstance(query, list) else [None]:
        key, value = (item.get("key"), item.get("value")) if isinstance(item, dict) else (None, None)
        if not isinstance(key, str) or not isinstance(value, str):
            base = None
            break
        pairs.append((key, value))
    if not isinstance(base, str) or not base.strip():
        notes.append(f"{where}.href: {_quoted(href, 60)} is not a URL or {{base, query: [{{key, value}}]}}; "
                     "left out")
        return None
    if is_script_url(base):
        notes.append(script_url_warning(f"{where}.href.base", base, "the entry is left out"))
        return None
    joined = "&".join(f"{quote(key, safe='')}={quote(value, safe='$')}" for key, value in pairs)
    return base + ("&" if "?" in base else "?") + joined if joined else base


def _font(font: FontV2 | None, where: str, notes: list[str]) -> SiteFont | None:
    """A declared family (the reader's installed font of that name), or a file inside the
    project; a remote file is never fetched, at build time or by the site's readers."""
    if font is None:
        return None
    source = font.source.strip() if font.source else None
    if source and ("://" in source or source.startswith("//")):
        note = (f"{where}.source: {source!r} is a remote font file; the site loads nothing from other hosts, "
                f"so '{font.family}' is used only if the reader has it installed (put the file in the project "
                "to ship it)")
        if note not in notes:
            notes.append(note)
        source = None
    file_format: str | None = font.format
    if source and file_format is None:
        suffix = posixpath.splitext(source)[1].lower().lstrip(".")
        file_format = suffix if suffix in ("woff", "woff2") else None
    return SiteFont(font.family, font.weight, source or None, file_format, where)
