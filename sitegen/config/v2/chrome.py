"""`to_chrome`: what a v2 docs.json sets that every page shows beyond the classic model (the
banner, footer columns, background decoration, icon library, fonts, the page menu's actions),
as the `SiteChrome` templates read."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from sitegen.analytics import analytics_tags
from sitegen.config.model import (
    PAGE_ACTIONS,
    CustomPageAction,
    SiteBanner,
    SiteChrome,
    SiteFont,
    SiteFooterColumn,
    SiteFooterLink,
    site_font,
)
from sitegen.config.v2.model import Banner, FontV2, ModeImages, SiteConfigV2, icon_parts
from sitegen.config.validation import quoted
from sitegen.confine import is_script_url, script_url_warning


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
                                for name, style in (icon_parts(link.icon) for link in config.navbar.links)),
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
        notes.append(f"contextual.options: {quoted(options)} is not an array; "
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
            notes.append(f"{where}: {quoted(option)} is not a string; left out")
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
        notes.append(f"{where}.href: {quoted(href, 60)} is not a URL or {{base, query: [{{key, value}}]}}; "
                     "left out")
        return None
    if is_script_url(base):
        notes.append(script_url_warning(f"{where}.href.base", base, "the entry is left out"))
        return None
    joined = "&".join(f"{quote(key, safe='')}={quote(value, safe='$')}" for key, value in pairs)
    return base + ("&" if "?" in base else "?") + joined if joined else base


def _font(font: FontV2 | None, where: str, notes: list[str]) -> SiteFont | None:
    """A v2 font as the theme uses it (`site_font`)."""
    if font is None:
        return None
    return site_font(font.family, font.weight, font.source, font.format, where, "source", notes)
