"""Mintlify's classic schema (mint.json, or a docs.json without `theme`): values Mintlify
builds through turned into warnings, then the `SiteConfig` model, its unknown keys as
warnings, and the chrome its own `banner` and `analytics` give."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from sitegen.analytics import analytics_tags
from sitegen.config.model import (
    DEFAULT_BG_DARK,
    DEFAULT_BG_LIGHT,
    ICON_TYPES,
    ClassicFont,
    LoadedConfig,
    SiteBanner,
    SiteChrome,
    SiteConfig,
    SiteFont,
    SiteFooterColumn,
    SiteFooterLink,
    known_socials,
    site_font,
)
from sitegen.config.validation import EnumRule, describe, replace_enums, strip_control_characters, unknown_keys
from sitegen.confine import is_script_url, script_url_warning
from sitegen.errors import ConfigError, shortened


def load_classic(raw: dict[str, Any], path: Path, text: str) -> LoadedConfig:
    """The classic config in `raw` (parsed from `text`, read from `path`)."""
    name = path.name
    controls: list[str] = []
    raw = strip_control_characters(raw, "", controls)
    raw, lenient = _lenient(raw)
    try:
        config = SiteConfig.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError([f"{name}: {describe(err)}" for err in exc.errors()]) from None
    warnings = [f"{name}: {where}: unknown key" for where in unknown_keys(config, "")]
    warnings += [f"{name}: {note}" for note in lenient]
    warnings += [f"{name}: {note}" for note in controls]
    # The classic schema's own `banner` and `analytics` go where v2's do: templates read only the chrome.
    banner = config.banner
    shown = banner is not None and banner.content.strip()
    notes: list[str] = []
    chrome = SiteChrome(banner=SiteBanner(banner.content, banner.dismissible) if banner and shown else None,
                        footer_columns=_footer_columns(config),
                        decoration=config.background.style,
                        heading_font=_font(config, "headings", notes), body_font=_font(config, "body", notes),
                        analytics=analytics_tags(config.analytics, "analytics", notes))
    if config.footer.socials and not config.footer_socials:  # `footerSocials` is the older key
        config = config.model_copy(update={"footer_socials": dict(config.footer.socials)})
    warnings += [f"{name}: {note}" for note in notes]
    return LoadedConfig(config=config, file=path, warnings=tuple(warnings), text=text, chrome=chrome)


def _font(config: SiteConfig, role: str, notes: list[str]) -> SiteFont | None:
    """`font.headings` or `font.body`, else `font`'s own family for both."""
    fonts = config.font
    own: ClassicFont | None = getattr(fonts, role)
    if own is not None:
        return site_font(own.family, own.weight, own.url, own.format, f"font.{role}", "url", notes)
    if fonts.family is None:
        if fonts.weight is not None or fonts.url or fonts.format:
            note = "font: a font needs a family; the theme's own font is used"
            if note not in notes:
                notes.append(note)
        return None
    return site_font(fonts.family, fonts.weight, fonts.url, fonts.format, "font", "url", notes)


def _footer_columns(config: SiteConfig) -> tuple[SiteFooterColumn, ...]:
    """`footer.links` as the footer's columns (one without links is not shown)."""
    return tuple(SiteFooterColumn(column.title, tuple(SiteFooterLink(link.label, link.url) for link in column.links))
                 for column in config.footer.links if column.links)


# --- values Mintlify builds through ----------------------------------------------------

# (path, allowed values, value used instead, how the fallback reads). "*" is any list index;
# a None fallback removes the key, so the model's own default applies.
_ENUMS: tuple[EnumRule, ...] = (
    (("topAnchor", "iconType"), ICON_TYPES, "solid", "using 'solid'"),
    (("anchors", "*", "iconType"), ICON_TYPES, "solid", "using 'solid'"),
    (("navigation", "*", "iconType"), ICON_TYPES, "solid", "using 'solid'"),
    (("api", "playground", "mode"), ("show", "simple", "hide"), "show", "using 'show'"),
    (("api", "auth", "method"), ("bearer", "basic", "key"), None, "no auth input is shown"),
    (("modeToggle", "default"), ("light", "dark"), None, "following the visitor's system setting"),
    (("background", "style"), ("gradient", "grid", "windows"), None, "no decoration is drawn"),
)


def _lenient(raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """`raw` with values Mintlify accepts (or builds through) turned into ones the models
    take, and a warning (JSON path first) for each change a user would want to know about."""
    raw = copy.deepcopy(raw)
    warnings: list[str] = []
    replace_enums(raw, _ENUMS, warnings)
    colors = raw.get("colors")
    background = colors.get("background") if isinstance(colors, dict) else None
    if isinstance(background, dict) and ("light" in background) != ("dark" in background):
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
        known_socials(socials, "footerSocials", warnings)
    footer = raw.get("footer")
    if isinstance(footer, dict) and isinstance(footer.get("socials"), dict):
        known_socials(footer["socials"], "footer.socials", warnings)
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
    _drop_script_list_items(raw, warnings)
    _drop_script_button_and_socials(raw, warnings)
    _drop_script_logo(raw, warnings)
    _drop_script_images(raw, warnings)
    return warnings


def _is_script(warnings: list[str], where: str, value: Any, effect: str = "the link is left out",
               image: bool = False) -> bool:
    """Whether `value` is a script URL; if so, a warning about `where` is added to `warnings`."""
    if isinstance(value, str) and is_script_url(value, image=image):
        warnings.append(script_url_warning(where, value, effect))
        return True
    return False


def _drop_script_list_items(raw: dict[str, Any], warnings: list[str]) -> None:
    """Top-bar links, anchors, tabs and redirects whose URL is a script URL."""
    for key, url_key in (("topbarLinks", "url"), ("anchors", "url"), ("tabs", "url"), ("redirects", "destination")):
        items = raw.get(key)
        if isinstance(items, list):
            raw[key] = [item for index, item in enumerate(items)
                        if not (isinstance(item, dict)
                                and _is_script(warnings, f"{key}[{index}].{url_key}", item.get(url_key)))]


def _drop_script_button_and_socials(raw: dict[str, Any], warnings: list[str]) -> None:
    """The top-bar call-to-action button and the footer social links."""
    button = raw.get("topbarCtaButton")
    if isinstance(button, dict) and _is_script(warnings, "topbarCtaButton.url", button.get("url"),
                                               "the button is left out"):
        del raw["topbarCtaButton"]
    _drop_script_socials(raw.get("footerSocials"), "footerSocials", warnings)
    footer = raw.get("footer")
    if not isinstance(footer, dict):
        return
    _drop_script_socials(footer.get("socials"), "footer.socials", warnings)
    columns = footer.get("links")
    for index, column in enumerate(columns if isinstance(columns, list) else []):
        links = column.get("links") if isinstance(column, dict) else None
        if isinstance(links, list):
            column["links"] = [link for number, link in enumerate(links) if not (
                isinstance(link, dict)
                and _is_script(warnings, f"footer.links[{index}].links[{number}].url", link.get("url")))]


def _drop_script_socials(socials: Any, json_path: str, warnings: list[str]) -> None:
    """The social links (platform -> URL) at `json_path` whose URL is a script."""
    if isinstance(socials, dict):
        for name in [name for name in socials if _is_script(warnings, f"{json_path}.{name}", socials[name])]:
            del socials[name]


def _drop_script_logo(raw: dict[str, Any], warnings: list[str]) -> None:
    """The logo (a URL, or {light, dark, href}): a script image drops the logo, a script
    `href` only the link."""
    logo = raw.get("logo")
    if _is_script(warnings, "logo", logo, "no logo is shown", image=True):
        del raw["logo"]
    elif isinstance(logo, dict):
        if _is_script(warnings, "logo.href", logo.get("href"), "the logo links to the home page"):
            del logo["href"]
        # a list, not a generator: both sides get their warning
        if any([_is_script(warnings, f"logo.{side}", logo.get(side), "no logo is shown", image=True)
                for side in ("light", "dark")]):
            del raw["logo"]


def _drop_script_images(raw: dict[str, Any], warnings: list[str]) -> None:
    """The favicon and the background image."""
    for key, effect in (("favicon", "no favicon is set"), ("backgroundImage", "no background image is shown")):
        if _is_script(warnings, key, raw.get(key), effect, image=True):
            del raw[key]
