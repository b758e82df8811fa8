"""docs.json (or mint.json): frozen Pydantic models and the loader.

The models follow Mintlify's classic mint.json schema (README.md, section docs.json; every key
is documented in content/reference/docs-json.mdx, which tests/test_docs_reference.py checks).
Attribute names are snake_case; the JSON keys are the camelCase aliases.

Two kinds of problems are reported:
- errors (wrong type, bad enum value, bad hex colour, missing required key): all of
  them at once, one line each, as ConfigError;
- warnings (unknown keys, which real Mintlify files carry; values
  Mintlify builds through, such as an unknown `iconType` or a `background` with one
  mode): returned beside the config, each saying what was used instead; `--strict`
  turns them into errors.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal
from urllib.parse import unquote

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    model_validator,
)
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

from sitegen.analytics import AnalyticsTag, analytics_tags
from sitegen.confine import OUTSIDE, inside_project, is_script_url, script_url_warning
from sitegen.errors import ConfigError, location, shortened
from sitegen.json_lines import json_lines
from sitegen.project_layout import CONFIG_FOLDERS, CONFIG_NAMES, is_v2
from sitegen.untrusted import (
    MAX_CONFIG_BYTES,
    first_control_character,
    json_nesting,
    nesting_message,
    read_text,
    without_control_characters,
)

if TYPE_CHECKING:
    from sitegen.config_v2 import NavTree, V2Settings


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


def _either(first: tuple[str, Any], second: tuple[str, Any], expected: str) -> Any:
    """A union whose branch is picked by the JSON type, so errors come from one branch only.

    Tags start with "~" so that error paths can drop them (see `_json_path`).
    mypy cannot use a call's result as a type, so the fields it annotates carry
    `# type: ignore[valid-type]`; pydantic reads the real union at run time.
    """
    (first_tag, first_type), (second_tag, second_type) = first, second
    kinds = {"string": str, "array": list, "object": dict, "boolean": bool}

    def pick(value: Any) -> str | None:
        if isinstance(value, BaseModel):  # already-built models (tests, defaults)
            return "~" + second_tag
        for tag in (first_tag, second_tag):
            if isinstance(value, kinds[tag]):
                return "~" + tag
        return None

    return Annotated[
        Annotated[first_type, Tag("~" + first_tag)] | Annotated[second_type, Tag("~" + second_tag)],
        Discriminator(pick, custom_error_type="wrong_kind", custom_error_message=f"is not {expected}"),
    ]


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
    anchors: _either(("string", HexColor), ("object", "Gradient"), "a hex color or an object {from, to}") = None  # type: ignore[valid-type]


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
    color: _either(("string", HexColor), ("object", Gradient), "a hex color or an object {from, to}") = None  # type: ignore[valid-type]
    version: str | None = None
    is_default_hidden: bool = False
    icon_type: IconType = "duotone"


class TopAnchor(Model):
    name: str = "Documentation"
    icon: str = "book-open"
    icon_type: IconType = "duotone"


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
    base_url: _either(("string", str), ("array", list[str]), "a string or an array of strings") = None  # type: ignore[valid-type]
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
    pages: list[_either(("string", str), ("object", "NavGroup"), "a page path or a group object")]  # type: ignore[valid-type]
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
    logo: _either(("string", str), ("object", LogoImages), "a string or an object {light, dark, href}") = None  # type: ignore[valid-type]
    favicon: str | None = None
    colors: Colors | None = None
    topbar_links: list[TopbarLink] = []
    topbar_cta_button: CtaButton | None = None
    # A version's name, or `{name, url}` for one on another site (a link in the version menu).
    versions: list[_either(("string", str), ("object", VersionElsewhere),  # type: ignore[valid-type]
                           "a version name or an object {name, url}")] = []
    anchors: list[Anchor] = []
    top_anchor: TopAnchor = TopAnchor.model_construct()
    tabs: list[Tab] = []
    api: ApiConfig | None = None
    openapi: _either(("string", str), ("array", list[str]), "a string or an array of strings") = None  # type: ignore[valid-type]
    footer_socials: dict[SocialKey, str] = {}
    feedback: Feedback = Feedback.model_construct()
    mode_toggle: ModeToggle = ModeToggle.model_construct()
    banner: Banner | None = None
    background_image: str | None = None
    redirects: list[Redirect] = []
    # sitegen's extensions (README, docs.json): the published site's URL, and social cards
    # (`false` turns them off; Mintlify's object form is read too).
    site_url: str | None = None
    thumbnails: _either(("boolean", bool), ("object", Thumbnails), "true, false or an object {appearance}") = True  # type: ignore[valid-type]
    # Mintlify's classic analytics providers, as v2 `integrations` (read by `analytics.analytics_tags`).
    analytics: dict[str, Any] = {}

    @property
    def version_names(self) -> list[str]:
        """The versions this site holds (groups and pages name them)."""
        return [version for version in self.versions if isinstance(version, str)]

    @property
    def versions_elsewhere(self) -> dict[str, str]:
        """Versions published on another site: name -> URL."""
        return {version.name: version.url for version in self.versions if isinstance(version, VersionElsewhere)}

    @property
    def openapi_sources(self) -> list[str]:
        if self.openapi is None:
            return []
        return [self.openapi] if isinstance(self.openapi, str) else list(self.openapi)


# --- chrome the classic schema has no key for (v2 docs.json fills it; see config_v2.py) ---


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


@dataclass(frozen=True)
class SiteChrome:
    """What every page shows beyond the classic SiteConfig: templates read this and
    `SiteConfig`, never the schema the project was written in."""

    banner: SiteBanner | None = None
    footer_columns: tuple[SiteFooterColumn, ...] = ()
    decoration: Literal["gradient", "grid", "windows"] | None = None
    icon_library: Literal["fontawesome", "lucide"] = "fontawesome"
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
class LoadedConfig:
    config: SiteConfig
    file: Path  # the docs.json / mint.json that was read
    warnings: tuple[str, ...]
    # A v2 docs.json's whole navigation tree (languages, versions, dropdowns…) and where each
    # of `config.navigation`'s groups sits; None for the classic schema (see config_v2.py).
    tree: NavTree | None = None
    chrome: SiteChrome = SiteChrome()
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


def find_config_file(project_dir: Path) -> Path:
    """The project's docs.json (else mint.json). One that is a link to a file outside the
    project is refused, not passed over: a stranger's pull request must not pick the config."""
    real_project = project_dir.resolve()
    for name in CONFIG_NAMES:
        candidate = project_dir / name
        if candidate.is_symlink() and inside_project(real_project, candidate) is None:
            raise ConfigError(f"{name}: links to a file {OUTSIDE}; not read")
        if candidate.is_file():
            return candidate
    raise ConfigError(f"{project_dir}: no docs.json or mint.json found")


def find_project_dir(folder: Path) -> Path:
    """The folder holding the config: `folder` itself, else its `docs/` (where repositories
    that keep code and docs together put docs.json/mint.json). Page paths are relative to it."""
    for sub in CONFIG_FOLDERS:
        candidate = folder / sub
        if any((candidate / name).is_file() for name in CONFIG_NAMES):
            # A `docs/` that links elsewhere on the machine is not this repository's docs.
            if sub != "." and inside_project(folder.resolve(), candidate) is None:
                continue
            return candidate.resolve()
    return folder


def load_config(project_dir: Path) -> LoadedConfig:
    """Read and validate the project's docs.json (else mint.json)."""
    path = find_config_file(project_dir)  # refuses a link to a file outside the project
    name = path.name
    # Size, NUL bytes and UTF-8 first (a BOM from Windows editors is dropped), then nesting,
    # which json.loads and every later walk of the data would hit as RecursionError.
    text = read_text(path, name, limit=MAX_CONFIG_BYTES, kind="docs.json", error=ConfigError)
    deep = json_nesting(text)
    if deep is not None:
        raise ConfigError(f"{location(name, *deep)}: {nesting_message()}")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{location(name, exc.lineno, exc.colno)}: {exc.msg}") from None
    if not isinstance(raw, dict):
        raise ConfigError(f"{name}: the top level must be a JSON object, not {_json_kind(raw)}")
    if is_v2(raw):
        from sitegen import config_v2  # it builds on this module's models; only v2 projects load it

        # `text` gives messages about navigation entries their line (`LoadedConfig.where`).
        return _without_missing_logo(dataclasses.replace(config_v2.load_v2(raw, path, project_dir), text=text),
                                     project_dir)
    controls: list[str] = []
    raw = _without_control_characters(raw, "", controls)
    raw, lenient = _lenient(raw)
    try:
        config = SiteConfig.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError([f"{name}: {_describe(err)}" for err in exc.errors()]) from None
    warnings = [f"{name}: {path}: unknown key" for path in _unknown_keys(config, "")]
    warnings += [f"{name}: {text}" for text in lenient]
    warnings += [f"{name}: {text}" for text in controls]
    # The classic schema's own `banner` and `analytics` go where v2's do: templates read only the chrome.
    banner = config.banner
    shown = banner is not None and banner.content.strip()
    notes: list[str] = []
    chrome = SiteChrome(banner=SiteBanner(banner.content, banner.dismissible) if banner and shown else None,
                        analytics=analytics_tags(config.analytics, "analytics", notes))
    warnings += [f"{name}: {text}" for text in notes]
    return _without_missing_logo(
        LoadedConfig(config=config, file=path, warnings=tuple(warnings), text=text, chrome=chrome), project_dir)


def _without_missing_logo(loaded: LoadedConfig, project_dir: Path) -> LoadedConfig:
    """Mintlify builds a site whose logo file does not exist: the site's name is shown in its
    place (one missing side of a light/dark pair: the other side for both). Only a missing
    file is forgiven; one outside the project stays the build's error."""
    logo = loaded.config.logo
    if logo is None:
        return loaded
    sides = [("logo", logo)] if isinstance(logo, str) else [("logo.light", logo.light), ("logo.dark", logo.dark)]
    missing = [(where, ref) for where, ref in sides if not _exists_for_config(project_dir, ref)]
    if not missing:
        return loaded
    notes = []
    if len(missing) == len(sides):
        notes = [f"{where}: file '{ref}' not found (looked in content/ and the project root); the site's name is "
                 "shown instead" for where, ref in missing]
        config = loaded.config.model_copy(update={"logo": None})
    else:
        (where, ref), = missing
        other = "logo.dark" if where == "logo.light" else "logo.light"
        notes = [f"{where}: file '{ref}' not found (looked in content/ and the project root); using {other} "
                 "in both modes"]
        assert isinstance(logo, LogoImages)
        kept = logo.dark if where == "logo.light" else logo.light
        config = loaded.config.model_copy(update={"logo": logo.model_copy(update={"light": kept, "dark": kept})})
    return dataclasses.replace(loaded, config=config,
                               warnings=(*loaded.warnings, *(f"{loaded.file_name}: {note}" for note in notes)))


def _exists_for_config(project_dir: Path, ref: str) -> bool:
    """Whether a file docs.json names exists where the build looks for it (a URL: yes)."""
    if "://" in ref or ref.startswith("//") or ref.startswith("data:"):
        return True
    path = unquote(ref.split("#", 1)[0].split("?", 1)[0]).lstrip("/")
    if not path:
        return False
    return any((base / path).exists() for base in (project_dir / "content", project_dir))


def _without_control_characters(node: Any, here: str, found: list[str]) -> Any:
    """`node` with control characters such as NUL (JSON allows them escaped, as \\u0000)
    taken out of every string and key, one warning each: they would break the HTML, and a
    browser ignores them inside URLs (`java\\u0001script:` is still a script URL, which the
    URL check then sees). Nesting is bounded (checked before parsing), so this recursion is too."""
    if isinstance(node, str):
        control = first_control_character(node)
        if control is None:
            return node
        found.append(f"{here or '(top level)'}: contains the control character {control}; removed")
        return without_control_characters(node)
    if isinstance(node, list):
        return [_without_control_characters(item, f"{here}[{index}]", found) for index, item in enumerate(node)]
    if isinstance(node, dict):
        cleaned: dict[str, Any] = {}
        for key, value in node.items():
            control = first_control_character(key)
            if control is not None:
                found.append(f"{f'{here}.{key!r}' if here else repr(key)}: key contains the control character "
                             f"{control}; removed")
                key = without_control_characters(key)
            cleaned[key] = _without_control_characters(value, f"{here}.{key}" if here else key, found)
        return cleaned
    return node


# --- values Mintlify builds through ----------------------------------------------------

# (path, allowed values, value used instead, how the fallback reads). "*" is any list index;
# a None fallback removes the key, so the model's own default applies.
_ENUMS: tuple[tuple[tuple[str | int, ...], tuple[str, ...], str | None, str], ...] = (
    (("topAnchor", "iconType"), ICON_TYPES, "solid", "using 'solid'"),
    (("anchors", "*", "iconType"), ICON_TYPES, "solid", "using 'solid'"),
    (("navigation", "*", "iconType"), ICON_TYPES, "solid", "using 'solid'"),
    (("api", "playground", "mode"), ("show", "simple", "hide"), "show", "using 'show'"),
    (("api", "auth", "method"), ("bearer", "basic", "key"), None, "no auth input is shown"),
    (("modeToggle", "default"), ("light", "dark"), None, "following the visitor's system setting"),
)
_SOCIAL_ALIASES = {"twitter": "x"}  # Mintlify's older name for the same link


def _lenient(raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """`raw` with values Mintlify accepts (or builds through) turned into ones the models
    take, and a warning (JSON path first) for each change a user would want to know about."""
    raw = copy.deepcopy(raw)
    warnings: list[str] = []
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
    colors = raw.get("colors")
    background = colors.get("background") if isinstance(colors, dict) else None
    if isinstance(background, dict) and ("light" in background) != ("dark" in background):
        from sitegen.colors import DEFAULT_BG_DARK, DEFAULT_BG_LIGHT  # colors imports this module

        missing, default = ("dark", DEFAULT_BG_DARK) if "light" in background else ("light", DEFAULT_BG_LIGHT)
        warnings.append(f"colors.background.{missing}: not set; using the theme's {default}")
        background[missing] = default
    socials = raw.get("footerSocials")
    if isinstance(socials, list):  # the older [{type, url}] form
        socials = raw["footerSocials"] = {
            item["type"]: item["url"] for item in socials
            if isinstance(item, dict) and isinstance(item.get("type"), str) and "url" in item
        }
    if isinstance(socials, dict):
        for key in list(socials):
            if key in _SOCIAL_ALIASES and _SOCIAL_ALIASES[key] not in socials:
                socials[_SOCIAL_ALIASES[key]] = socials.pop(key)
            elif key not in SOCIAL_KEYS:
                warnings.append(f"footerSocials.{key}: no icon for '{key}' (known: {', '.join(SOCIAL_KEYS)}); "
                                "left out of the footer")
                del socials[key]
    warnings += _drop_script_urls(raw)
    warnings += _versions_elsewhere(raw)
    return raw, warnings


def _versions_elsewhere(raw: dict[str, Any]) -> list[str]:
    """Mintlify builds a `versions` entry `{name, url}` (a version on another site): it becomes
    a link in the version menu. One without a name or URL is left out."""
    versions = raw.get("versions")
    if not isinstance(versions, list):
        return []
    warnings: list[str] = []
    kept: list[Any] = []
    for index, version in enumerate(versions):
        if not isinstance(version, dict):
            kept.append(version)
            continue
        name, url = version.get("name"), version.get("url")
        if not isinstance(name, str) or not name.strip() or not isinstance(url, str) or not url.strip():
            warnings.append(f"versions[{index}]: {shortened(json.dumps(version), 60)} is not a version name or "
                            "{name, url}; left out of the version menu")
            continue
        if is_script_url(url):
            warnings.append(script_url_warning(f"versions[{index}].url", url, "the version is left out"))
            continue
        warnings.append(f"versions[{index}]: '{name}' is on another site ({shortened(url, 60)}); the version menu "
                        "links there")
        kept.append({"name": name.strip(), "url": url.strip()})
    raw["versions"] = kept
    return warnings


def _drop_script_urls(raw: dict[str, Any]) -> list[str]:
    """Take every javascript:/vbscript:/data: URL out of `raw`, with a warning naming its
    JSON path: a stranger's pull request must not publish a link that runs script. The list
    item (or button, social link, logo…) holding one is dropped, so nothing renders it."""
    warnings: list[str] = []

    def script(where: str, value: Any, effect: str = "the link is left out", image: bool = False) -> bool:
        if isinstance(value, str) and is_script_url(value, image=image):
            warnings.append(script_url_warning(where, value, effect))
            return True
        return False

    for key, url_key in (("topbarLinks", "url"), ("anchors", "url"), ("tabs", "url"), ("redirects", "destination")):
        items = raw.get(key)
        if isinstance(items, list):
            raw[key] = [item for index, item in enumerate(items)
                        if not (isinstance(item, dict) and script(f"{key}[{index}].{url_key}", item.get(url_key)))]
    button = raw.get("topbarCtaButton")
    if isinstance(button, dict) and script("topbarCtaButton.url", button.get("url"), "the button is left out"):
        del raw["topbarCtaButton"]
    socials = raw.get("footerSocials")
    if isinstance(socials, dict):
        for name in [name for name in socials if script(f"footerSocials.{name}", socials[name])]:
            del socials[name]
    logo = raw.get("logo")
    if script("logo", logo, "no logo is shown", image=True):
        del raw["logo"]
    elif isinstance(logo, dict):
        if script("logo.href", logo.get("href"), "the logo links to the home page"):
            del logo["href"]
        if any([script(f"logo.{side}", logo.get(side), "no logo is shown", image=True) for side in ("light", "dark")]):
            del raw["logo"]
    for key, effect in (("favicon", "no favicon is set"), ("backgroundImage", "no background image is shown")):
        if script(key, raw.get(key), effect, image=True):
            del raw[key]
    return warnings


def _walk_path(node: Any, path: tuple[str | int, ...], here: str) -> list[tuple[str, dict[str, Any], str]]:
    """(json path, parent, key) of every value at `path` ("*": each item of a list)."""
    if not path:
        return []
    head, rest = path[0], path[1:]
    if head == "*":
        if not isinstance(node, list):
            return []
        return [hit for index, item in enumerate(node) for hit in _walk_path(item, rest, f"{here}[{index}]")]
    if not isinstance(node, dict) or head not in node:
        return []
    where = f"{here}.{head}" if here else str(head)
    if not rest:
        return [(where, node, str(head))]
    return _walk_path(node[head], rest, where)


# --- error wording -----------------------------------------------------------------

_EXPECTED = {
    "string_type": "a string",
    "bool_type": "a boolean (true or false)",
    "int_type": "an integer",
    "list_type": "an array",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
}


def _describe(err: Any) -> str:
    path = _json_path(err["loc"])
    kind = err["type"]
    value = err.get("input")
    if kind == "missing":
        return f"{path}: required key is missing"
    if kind in _EXPECTED:
        return f"{path}: {_show(value)} is not {_EXPECTED[kind]}"
    if kind == "literal_error":
        return f"{path}: {_show(value)} is not one of {err['ctx']['expected']}"
    if kind == "name_required":
        return f"{path}: {err['msg']}"
    if kind in ("hex_color", "wrong_kind"):
        return f"{path}: {_show(value)} {err['msg']}"
    return f"{path}: {_show(value)}: {err['msg']}"


def _json_path(loc: tuple[Any, ...]) -> str:
    """('navigation', 1, 'pages', 3) -> 'navigation[1].pages[3]'; union tags are dropped."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and (part.startswith("~") or part == "[key]"):
            continue
        else:
            out += ("." if out else "") + part
    return out


def _show(value: Any) -> str:
    # Strings as 'text' (the form the issue tracker and users quote), everything else as JSON.
    if isinstance(value, str):
        return repr(value)
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def _json_kind(value: Any) -> str:
    return {list: "an array", str: "a string", bool: "a boolean", type(None): "null"}.get(
        type(value), "a number"
    )


def _unknown_keys(model: BaseModel, prefix: str) -> list[str]:
    found: list[str] = []
    for key in model.model_extra or {}:
        found.append(f"{prefix}.{key}" if prefix else key)
    for field_name, field in type(model).model_fields.items():
        key = field.alias or field_name
        here = f"{prefix}.{key}" if prefix else key
        found.extend(_unknown_in_value(getattr(model, field_name), here))
    return found


def _unknown_in_value(value: Any, here: str) -> list[str]:
    if isinstance(value, BaseModel):
        return _unknown_keys(value, here)
    if isinstance(value, list):
        found: list[str] = []
        for index, item in enumerate(value):
            found.extend(_unknown_in_value(item, f"{here}[{index}]"))
        return found
    return []
