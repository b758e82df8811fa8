"""The v2 docs.json schema as frozen Pydantic models (`SiteConfigV2` and the navigation
levels: languages, versions, tabs, anchors, dropdowns, products, groups), with the classic
wording for errors (`validation.describe`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias

from pydantic import BaseModel, Discriminator, Field, Tag, model_validator
from pydantic_core import PydanticCustomError

from sitegen.config.model import HexColor, LogoImages, Model, NavGroup, Redirect, Thumbnails

THEMES = ("mint", "maple", "palm", "willow", "linden", "almond", "aspen", "sequoia", "luma")
# More `$ref` expansions than any real site has; a file referring to another twice, which


def _one_of(expected: str, **kinds: Any) -> Any:
    """A union whose branch is picked by the JSON type (string, array or object), so errors
    come from one branch only; like `validation.either` for more than two branches."""
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
    library: Literal["fontawesome", "lucide", "tabler"] = "fontawesome"


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
    links: list[NavbarLink] = Field(default_factory=list)
    primary: NavbarPrimary | None = None


class FooterItem(Model):
    label: str
    href: str


class FooterColumn(Model):
    header: str | None = None
    items: list[FooterItem]


class Footer(Model):
    socials: dict[str, str] = Field(default_factory=dict)
    links: list[FooterColumn] = Field(default_factory=list)


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
    metatags: dict[str, Any] = Field(default_factory=dict)  # values checked in `v2_settings` (a wrong one is a warning)
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

    pages: list[_one_of("a page path or a group object", string=str, object="Group")] = Field(default_factory=list)  # type: ignore[valid-type]
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

    languages: list[Language] = Field(default_factory=list)
    versions: list[Version] = Field(default_factory=list)
    tabs: list[TabV2] = Field(default_factory=list)
    anchors: list[AnchorV2] = Field(default_factory=list)
    dropdowns: list[Dropdown] = Field(default_factory=list)
    products: list[Product] = Field(default_factory=list)
    groups: list[Group] = Field(default_factory=list)
    pages: list[_one_of("a page path or a group object", string=str, object=Group)] = Field(default_factory=list)  # type: ignore[valid-type]
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
    # Shown on this language's pages instead of the site's (Mintlify's language-specific
    # banner, footer and navbar); None: the site's.
    banner: Banner | None = None
    footer: Footer | None = None
    navbar: Navbar | None = None

    def own_chrome(self) -> dict[str, Banner | Footer | Navbar]:
        """The site-wide settings this language replaces, by their docs.json key."""
        return {key: value for key in ("banner", "footer", "navbar") if (value := getattr(self, key)) is not None}


class Version(Level):
    version: str
    default: bool = False
    tag: str | None = None  # known: Mintlify's badge in the version menu, which lists names only here


class MenuItem(Level):
    """One entry of a tab's or product's `menu`: a part of that tab with its own sidebar."""

    item: str
    description: str | None = None


class _WithMenu(Level):
    """A level whose `menu` splits it into items, each with its own sidebar (tabs, products)."""

    menu: list[MenuItem] = Field(default_factory=list)

    @property
    def menu_items(self) -> list[MenuItem]:
        return self.menu


class TabV2(_WithMenu):
    tab: str


class Product(_WithMenu):
    """A product: a whole navigation of its own, picked in the product switcher."""

    product: str
    description: str | None = None
    color: ModeColors | None = None
    default: bool = False


class AnchorV2(Level):
    anchor: str
    color: ModeColors | None = None


class Dropdown(Level):
    dropdown: str
    description: str | None = None
    color: ModeColors | None = None


class Global(Model):
    """Entries shown on every page (Mintlify: in every language and version)."""

    languages: list[Language] = Field(default_factory=list)
    versions: list[Version] = Field(default_factory=list)
    tabs: list[TabV2] = Field(default_factory=list)
    anchors: list[AnchorV2] = Field(default_factory=list)
    dropdowns: list[Dropdown] = Field(default_factory=list)
    products: list[Product] = Field(default_factory=list)


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
    redirects: list[Redirect] = Field(default_factory=list)
    api: ApiV2 = ApiV2.model_construct()
    fonts: Fonts = Fonts.model_construct()
    styling: Styling = Styling.model_construct()
    seo: Seo = Seo.model_construct()
    search: Search = Search.model_construct()
    contextual: dict[str, Any] | None = None  # read by `_page_actions` (Mintlify adds options often)
    errors: Errors = Errors.model_construct()
    # Analytics and chat widgets, per provider: `analytics.analytics_tags` picks what loads.
    integrations: dict[str, Any] = Field(default_factory=dict)
    # Social cards, as in the classic schema: `false` turns them off, Mintlify's object picks
    # a light or dark card.
    thumbnails: _one_of("true, false or an object {appearance}", boolean=bool, object=Thumbnails) = True  # type: ignore[valid-type]
    # sitegen's extension, as in the classic schema: the URL the site is published at.
    site_url: str | None = None
    metadata: Metadata = Metadata.model_construct()
    interaction: Interaction = Interaction.model_construct()
    variables: dict[str, Any] = Field(default_factory=dict)


def source_names(source: str | list[str] | SourceObject | None) -> list[str]:
    """The documents an `openapi` or `asyncapi` setting names (a path, a list, or `{source, directory}`)."""
    if source is None:
        return []
    if isinstance(source, SourceObject):
        return [source.source]
    return [source] if isinstance(source, str) else list(source)


def icon_parts(icon: str | IconObject | None) -> tuple[str | None, str | None]:
    """An icon setting as (name, style): a string names the icon alone."""
    if isinstance(icon, IconObject):
        return icon.name, icon.style
    return icon, None
