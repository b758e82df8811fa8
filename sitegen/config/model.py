"""docs.json (or mint.json) as frozen Pydantic models: Mintlify's classic schema, which a v2
docs.json is mapped onto (`v2.navigation.to_classic`), and `SiteChrome`, what the pages show
that the classic schema has no key for. `LoadedConfig` is what the loader hands the build.

The models follow Mintlify's classic mint.json schema (every key is documented in
content/reference/docs-json.mdx, which tests/test_docs_reference.py checks).
Attribute names are snake_case; the JSON keys are the camelCase aliases.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

from sitegen.analytics import AnalyticsTag
from sitegen.config.validation import either
from sitegen.errors import location
from sitegen.json_lines import json_lines

if TYPE_CHECKING:
    from sitegen.config.v2.navigation import NavTree
    from sitegen.config.v2.settings import V2Settings

# The theme's colours where docs.json sets none (both loaders fill in a missing background
# mode with them; colors.py and the social cards draw with them).
DEFAULT_PRIMARY = "#16A34A"
DEFAULT_PRIMARY_DARK_MODE = "#4ADE80"
DEFAULT_BG_LIGHT = "#FFFFFF"
DEFAULT_BG_DARK = "#0D1117"

_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def _check_hex(value: str) -> str:
    if not _HEX.fullmatch(value):
        raise PydanticCustomError("hex_color", "is not a hex color (#RGB or #RRGGBB)")
    return value


HexColor = Annotated[str, AfterValidator(_check_hex)]

ICON_TYPES = ("brands", "duotone", "light", "regular", "sharp-solid", "solid", "thin")
IconType = Literal["brands", "duotone", "light", "regular", "sharp-solid", "solid", "thin"]
# Mintlify's footer.socials keys (its settings reference lists these; `twitter` is read as `x`
# unless `x` is there too, when it is a link of its own).
SOCIAL_KEYS = ("website", "facebook", "x", "discord", "slack", "github", "linkedin", "instagram", "hacker-news",
               "youtube", "medium", "telegram", "bluesky", "threads", "reddit", "podcast", "x-twitter",
               "earth-americas", "twitter")
SocialKey = Literal[
    "website", "facebook", "x", "discord", "slack", "github", "linkedin", "instagram", "hacker-news",
    "youtube", "medium", "telegram", "bluesky", "threads", "reddit", "podcast", "x-twitter", "earth-americas",
    "twitter",
]
_SOCIAL_ALIASES = {"twitter": "x"}  # Mintlify's older name for the same link


def known_socials(socials: dict[str, Any], where: str, warnings: list[str]) -> None:
    """Footer social links as both schemas read them, in place: an older platform name
    renamed, a platform with no icon left out with a warning (`where`: its JSON path)."""
    for key in list(socials):
        if key in _SOCIAL_ALIASES and _SOCIAL_ALIASES[key] not in socials:
            socials[_SOCIAL_ALIASES[key]] = socials.pop(key)
        elif key not in SOCIAL_KEYS:
            warnings.append(f"{where}.{key}: no icon for '{key}' (known: {', '.join(SOCIAL_KEYS)}); "
                            "left out of the footer")
            del socials[key]


class Model(BaseModel):
    # strict: "true" is not a boolean and 1 is not a string; extra="allow" keeps unknown
    # keys so they can be reported as warnings instead of failing the build.
    # defer_build: a model's validator is built when it first validates, not on import: a
    # build validates one root model (SiteConfig or SiteConfigV2), so the validators of every
    # nested model and of the other schema are never built. Defaults that are models are
    # therefore made with `model_construct()` (the same value, without building a validator).
    model_config = ConfigDict(
        strict=True, frozen=True, extra="allow", alias_generator=to_camel, populate_by_name=True,
        defer_build=True,
    )


class LogoImages(Model):
    light: str
    dark: str
    href: str = "/"


class Background(Model):
    light: HexColor
    dark: HexColor


class Colors(Model):
    primary: HexColor
    light: HexColor | None = None
    dark: HexColor | None = None
    background: Background | None = None
    # Not in the written spec but in Mintlify's own schema and in most classic mint.json
    # files: the icon background of anchors that set no `color` of their own.
    anchors: either(("string", HexColor), ("object", "Gradient"), "a hex color or an object {from, to}") = None  # type: ignore[valid-type]


class TopbarLink(Model):
    name: str
    url: str


class CtaButton(Model):
    type: Literal["link", "github"] = "link"
    url: str
    name: str | None = None

    @model_validator(mode="after")
    def _name_for_links(self) -> CtaButton:
        if self.type == "link" and not self.name:
            raise PydanticCustomError("name_required", "name is required when type is 'link'")
        return self


class Gradient(Model):
    from_: HexColor = Field(alias="from")
    to: HexColor


class Anchor(Model):
    name: str
    url: str
    icon: str | None = None
    color: either(("string", HexColor), ("object", Gradient), "a hex color or an object {from, to}") = None  # type: ignore[valid-type]
    version: str | None = None
    is_default_hidden: bool = False
    icon_type: IconType = "duotone"


class TopAnchor(Model):
    name: str = "Documentation"
    icon: str = "book-open"
    icon_type: IconType = "duotone"


class ClassicFooterLink(Model):
    label: str
    url: str


class ClassicFooterColumn(Model):
    title: str | None = None
    links: list[ClassicFooterLink] = []


class ClassicFooter(Model):
    """mint.json's later `footer`: social links and columns of links (v2's `footer` in the
    classic schema's words)."""

    socials: dict[str, str] = {}  # the platforms of `footerSocials` (the loader drops the others)
    links: list[ClassicFooterColumn] = []


class ClassicFont(Model):
    family: str
    weight: int | None = None
    url: str | None = None  # a project path or a URL
    format: Literal["woff", "woff2"] | None = None


class ClassicFonts(Model):
    """mint.json's later `font`: one font for the whole site (its own keys), or one for
    headings and one for body text."""

    family: str | None = None
    weight: int | None = None
    url: str | None = None
    format: Literal["woff", "woff2"] | None = None
    headings: ClassicFont | None = None
    body: ClassicFont | None = None


class ClassicBackground(Model):
    """mint.json's later `background`: the decoration behind the page (v2 `background.decoration`)."""

    style: Literal["gradient", "grid", "windows"] | None = None


class PrimaryTab(Model):
    """The first tab, which holds every page outside the other tabs (mint.json `primaryTab`)."""

    name: str


class Tab(Model):
    name: str
    url: str


class ApiAuth(Model):
    method: Literal["bearer", "basic", "key"] | None = None
    name: str | None = None
    input_prefix: str | None = None


class ApiPlayground(Model):
    mode: Literal["show", "simple", "hide"] = "show"


class ApiConfig(Model):
    base_url: either(("string", str), ("array", list[str]), "a string or an array of strings") = None  # type: ignore[valid-type]
    auth: ApiAuth | None = None
    playground: ApiPlayground = ApiPlayground.model_construct()
    maintain_order: bool = False

    @property
    def base_urls(self) -> list[str]:
        if self.base_url is None:
            return []
        return [self.base_url] if isinstance(self.base_url, str) else list(self.base_url)


class Feedback(Model):
    suggest_edit: bool = False
    raise_issue: bool = False
    # Mintlify's thumbs up/down needs its servers to collect votes: known, warned about, not shown.
    thumbs_rating: bool = False


class Banner(Model):
    """docs.json `banner`: one Markdown line above the top bar of every page."""

    content: str
    dismissible: bool = False


class ModeToggle(Model):
    default: Literal["light", "dark"] | None = None
    is_hidden: bool = False


class Redirect(Model):
    source: str
    destination: str
    permanent: bool = True  # Mintlify: 308 unless `false` (307)


class Thumbnails(Model):
    """Mintlify's social card settings; `appearance` picks a light or dark card."""

    appearance: Literal["light", "dark"] | None = None
    background: str | None = None  # an image of the project drawn behind the card text
    fonts: dict[str, str] | None = None  # Mintlify's Google Font: not fetched


class NavGroup(Model):
    group: str
    pages: list[either(("string", str), ("object", "NavGroup"), "a page path or a group object")]  # type: ignore[valid-type]
    version: str | None = None
    icon: str | None = None  # Mintlify allows them on groups; kept so they do not warn
    icon_type: IconType | None = None


class VersionElsewhere(Model):
    """A classic `versions` entry `{name, url}`: a version published on another site."""

    name: str
    url: str


class SiteConfig(Model):
    # The editor's JSON Schema pointer Mintlify writes into every docs.json: known, unused.
    schema_url: str | None = Field(default=None, alias="$schema")
    name: str
    navigation: list[NavGroup]
    logo: either(("string", str), ("object", LogoImages), "a string or an object {light, dark, href}") = None  # type: ignore[valid-type]
    favicon: str | None = None
    colors: Colors | None = None
    topbar_links: list[TopbarLink] = []
    topbar_cta_button: CtaButton | None = None
    # A version's name, or `{name, url}` for one on another site (a link in the version menu).
    versions: list[either(("string", str), ("object", VersionElsewhere),  # type: ignore[valid-type]
                           "a version name or an object {name, url}")] = []
    anchors: list[Anchor] = []
    top_anchor: TopAnchor = TopAnchor.model_construct()
    primary_tab: PrimaryTab | None = None
    tabs: list[Tab] = []
    api: ApiConfig | None = None
    openapi: either(("string", str), ("array", list[str]), "a string or an array of strings") = None  # type: ignore[valid-type]
    footer_socials: dict[SocialKey, str] = {}
    footer: ClassicFooter = ClassicFooter.model_construct()
    font: ClassicFonts = ClassicFonts.model_construct()
    background: ClassicBackground = ClassicBackground.model_construct()
    feedback: Feedback = Feedback.model_construct()
    mode_toggle: ModeToggle = ModeToggle.model_construct()
    banner: Banner | None = None
    background_image: str | None = None
    redirects: list[Redirect] = []
    # sitegen's extensions (README, docs.json): the published site's URL, and social cards
    # (`false` turns them off; Mintlify's object form is read too).
    site_url: str | None = None
    thumbnails: either(("boolean", bool), ("object", Thumbnails), "true, false or an object {appearance}") = True  # type: ignore[valid-type]
    # Mintlify's classic analytics providers, as v2 `integrations` (read by `analytics.analytics_tags`).
    analytics: dict[str, Any] = {}

    @property
    def version_names(self) -> list[str]:
        """The versions this site holds (groups and pages name them)."""
        return [version for version in self.versions if isinstance(version, str)]

    @property
    def primary_tab_name(self) -> str:
        """The first tab's label: `primaryTab.name`, else the top anchor's name."""
        return self.primary_tab.name if self.primary_tab is not None else self.top_anchor.name

    @property
    def versions_elsewhere(self) -> dict[str, str]:
        """Versions published on another site: name -> URL."""
        return {version.name: version.url for version in self.versions if isinstance(version, VersionElsewhere)}

    @property
    def openapi_sources(self) -> list[str]:
        if self.openapi is None:
            return []
        return [self.openapi] if isinstance(self.openapi, str) else list(self.openapi)


# --- chrome the classic schema has no key for (v2 docs.json fills it; see v2/chrome.py) ---


@dataclass(frozen=True)
class SiteBanner:
    content: str  # Markdown (inline: links, emphasis, code)
    dismissible: bool = False
    kind: Literal["info", "warning", "critical"] = "info"  # v2 `banner.type`: its background
    # v2 `banner.color`: the background per mode (#RRGGBB), over `kind`'s; None: `kind`'s.
    color_light: str | None = None
    color_dark: str | None = None


@dataclass(frozen=True)
class SiteFooterLink:
    label: str
    href: str


@dataclass(frozen=True)
class SiteFooterColumn:
    header: str | None
    links: tuple[SiteFooterLink, ...]


@dataclass(frozen=True)
class SiteFont:
    """A font the theme uses: a declared family (CSS only), or a file inside the project."""

    family: str
    weight: int | None = None
    source: str | None = None  # a project path ("/fonts/Inter.woff2"); remote URLs never get here
    format: str | None = None  # "woff2", "woff"
    json_path: str = "fonts"  # where docs.json sets it, for messages
    source_key: str = "source"  # the key of its file there (mint.json: "url")


def site_font(family: str, weight: int | None, source: str | None, file_format: str | None, where: str,
              source_key: str, notes: list[str]) -> SiteFont:
    """A declared family (the reader's installed font of that name), or a file inside the
    project; a remote file is never fetched, at build time or by the site's readers (a note
    says so, naming `where`.`source_key`)."""
    source = source.strip() if source else None
    if source and ("://" in source or source.startswith("//")):
        note = (f"{where}.{source_key}: {source!r} is a remote font file; the site loads nothing from other hosts, "
                f"so '{family}' is used only if the reader has it installed (put the file in the project "
                "to ship it)")
        if note not in notes:
            notes.append(note)
        source = None
    if source and file_format is None:
        suffix = posixpath.splitext(source)[1].lower().lstrip(".")
        file_format = suffix if suffix in ("woff", "woff2") else None
    return SiteFont(family, weight, source or None, file_format, where, source_key)


@dataclass(frozen=True)
class SiteChrome:
    """What every page shows beyond the classic SiteConfig: templates read this and
    `SiteConfig`, never the schema the project was written in."""

    banner: SiteBanner | None = None
    footer_columns: tuple[SiteFooterColumn, ...] = ()
    decoration: Literal["gradient", "grid", "windows"] | None = None
    icon_library: Literal["fontawesome", "lucide", "tabler"] = "fontawesome"
    heading_font: SiteFont | None = None
    body_font: SiteFont | None = None
    # Icons of the first `SiteConfig.topbar_links` (v2 navbar.links): (name, style or None) or None.
    topbar_link_icons: tuple[tuple[str, str | None] | None, ...] = ()
    # What the page header offers for the page's Markdown, in order (v2 `contextual.options`):
    # "copy" is the Copy page button; "view" and the assistants (PAGE_ASSISTANTS) are a menu
    # beside it. The classic schema has no such key: the Copy page button alone.
    page_actions: tuple[str, ...] = ("copy",)
    # v2 `contextual.options` objects: links in the same menu, after the built-in entries.
    custom_page_actions: tuple[CustomPageAction, ...] = ()
    # Files for dark mode (v2 `favicon.dark`, `background.image.dark`) when they differ from
    # the light ones: (role, JSON path, reference); the build resolves them as `SiteConfig`'s.
    dark_files: tuple[tuple[str, str, str], ...] = ()
    # The analytics and chat providers every page loads (v2 `integrations`, classic `analytics`).
    analytics: tuple[AnalyticsTag, ...] = ()


@dataclass(frozen=True)
class CustomPageAction:
    """A custom entry of the page menu: `href` may hold `$path` (the page's path) and `$page`
    (its Markdown's address), filled in per page."""

    title: str
    description: str | None
    href: str
    icon: tuple[str, str | None] | None  # (name, style), resolved by the renderer
    json_path: str


PAGE_ASSISTANTS = ("chatgpt", "claude", "perplexity", "cursor")  # page actions that need the site URL
PAGE_ACTIONS = ("copy", "view", *PAGE_ASSISTANTS)


@dataclass(frozen=True)
class LanguageChrome:
    """What one language's pages show instead of the site's chrome: its v2 `languages` entry's
    own navbar, footer or banner (the keys it leaves out are the site's)."""

    json_path: str  # "navigation.languages[2]": where its settings are written, for messages
    chrome: SiteChrome
    # The classic settings its navbar and footer give (the top bar's links and button, the
    # footer's social links), read in place of SiteConfig's.
    topbar_links: tuple[TopbarLink, ...]
    topbar_cta_button: CtaButton | None
    footer_socials: dict[SocialKey, str]


@dataclass(frozen=True)
class LoadedConfig:
    config: SiteConfig
    file: Path  # the docs.json / mint.json that was read
    warnings: tuple[str, ...]
    # A v2 docs.json's whole navigation tree (languages, versions, dropdowns…) and where each
    # of `config.navigation`'s groups sits; None for the classic schema (see v2/navigation.py).
    tree: NavTree | None = None
    chrome: SiteChrome = SiteChrome()
    # v2: the languages whose `languages` entry sets its own navbar, footer or banner, by code.
    language_chrome: dict[str, LanguageChrome] = dataclasses.field(default_factory=dict)
    v2: V2Settings | None = None  # v2 settings with no place in SiteConfig (variables, errors.404, api.examples)
    text: str = dataclasses.field(default="", repr=False)  # as read: the lines of JSON paths (a moved line is a change)
    _lines: dict[str, int] = dataclasses.field(default_factory=dict, compare=False, repr=False)  # filled on first use

    @property
    def file_name(self) -> str:
        return self.file.name

    def where(self, json_path: str) -> str:
        """`docs.json:14: navigation[1].pages[2]`, the start of a message about that value
        (without the line when it cannot be found)."""
        if not self._lines and self.text:
            self._lines.update(json_lines(self.text))
        return f"{location(self.file_name, self._lines.get(json_path))}: {json_path}"
