"""A v2 navigation onto the classic site model: `to_classic` maps navbar, footer socials,
versions, tabs, anchors and dropdowns onto the `SiteConfig` templates read, and keeps the
whole tree in a `NavTree` (where each group sits, which anchors are dropdowns, and every
other language and product, at whatever level it sits, mapped the same way: `Translation`)."""

from __future__ import annotations

import dataclasses
import json
import posixpath
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from sitegen.config.model import DEFAULT_BG_DARK, DEFAULT_BG_LIGHT, NavGroup, SiteConfig
from sitegen.config.v2.model import (
    AnchorV2,
    ApiV2,
    Dropdown,
    Global,
    Group,
    Language,
    Level,
    MenuItem,
    NavigationV2,
    OpenApiSource,
    Section,
    SiteConfigV2,
    TabV2,
    icon_parts,
    source_names,
)

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
    # Every tab's `menu`, in order: the tab row shows it as that tab's dropdown. An item
    # with content is also a classic anchor of the same name (its pages' section).
    tab_menus: tuple[TabMenuEntry, ...] = ()
    # Each anchor, dropdown and menu item (a classic anchor) by name, with the JSON path
    # where docs.json writes it first: messages about it name that place.
    section_paths: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ProductEntry:
    """One entry of the product switcher."""

    name: str
    description: str | None
    icon: str | None
    icon_type: str | None
    href: str | None  # a product that lives on another site: a plain link
    json_path: str = ""  # "navigation.languages[0].products[1]", for warnings


@dataclass(frozen=True)
class TabMenuEntry:
    """One item of a tab's `menu` (v2): an entry of that tab's dropdown in the tab row."""

    tab: str  # the tab's name
    name: str
    description: str | None
    icon: str | None
    icon_type: str | None
    json_path: str  # "navigation.tabs[2].menu[0]", for warnings
    href: str | None  # an item that is only a link to another site
    # The classic anchors of its pages' sections, in order: its own name, and those of the
    # anchors or dropdowns it holds (Mintlify lets an item hold any level).
    sections: tuple[str, ...] = ()


@dataclass(frozen=True)
class Translation:
    """Another language's navigation, or another product's (of any language)."""

    language: str | None
    config: SiteConfig
    tree: NavTree
    product: str | None = None


@dataclass(frozen=True)
class _Context:
    """Where a level sits: its version, tab and anchor, and the nearest `openapi` above it."""

    version: str | None
    tab: str | None
    anchor: Section | None
    api: OpenApiSource | None
    directory: str | None = None  # the nearest `directory` above


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
    tab_menus: list[TabMenuEntry] = dataclasses.field(default_factory=list)
    section_paths: dict[str, str] = dataclasses.field(default_factory=dict)  # anchor name -> JSON path


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


def language_levels(config: SiteConfigV2) -> dict[str, tuple[str, Language]]:
    """Each language code's first `languages` entry and its JSON path, in reading order."""
    found: dict[str, tuple[str, Language]] = {}

    def walk(level: Level, where: str) -> None:
        for index, language in enumerate(level.languages):
            found.setdefault(language.language, (f"{where}.languages[{index}]", language))
            walk(language, f"{where}.languages[{index}]")
        for key in ("versions", "tabs", "anchors", "dropdowns", "products"):
            for index, child in enumerate(getattr(level, key)):
                walk(child, f"{where}.{key}[{index}]")
        for index, item in enumerate(level.menu_items):
            walk(item, f"{where}.menu[{index}]")

    walk(config.navigation, "navigation")
    return found


def in_language(config: SiteConfigV2, language: str | None) -> SiteConfigV2:
    """The settings as `language`'s pages see them: its own banner, footer and navbar, where
    its `languages` entry sets them, in place of the site's."""
    entry = language_levels(config).get(language) if language is not None else None
    own = entry[1].own_chrome() if entry is not None else {}
    return config.model_copy(update=own) if own else config


def language_site(config: SiteConfigV2, language: str) -> SiteConfig:
    """`language`'s classic settings with its own navbar and footer (the top bar's links and
    button, the footer's social links), for its pages to read in place of the site's."""
    found: dict[str, str] = {}
    _find_languages(config.navigation, "navigation", found, [])
    return _map_language(in_language(config, language), [], language, tuple(found))[0]


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
            icon, icon_type = icon_parts(product.icon)
            external = product.href if product.href and not product.has_content and product.openapi is None \
                and product.asyncapi is None else None
            entries.append(ProductEntry(product.product, product.description, icon, icon_type, external,
                                        paths[product.product]))
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
    raw = _classic_navigation(config, flat, placed, divisions, tab_names, anchors)
    _add_classic_looks(config, raw)
    openapi = source_names(config.api.openapi) + [s for s in flat.openapi if s not in source_names(config.api.openapi)]
    if openapi:
        raw["openapi"] = openapi
    raw["api"] = _classic_api(config.api)
    site = SiteConfig.model_validate(raw)
    dropdowns = frozenset(name for name, level in anchors.items() if isinstance(level, (Dropdown, MenuItem)))
    tree = NavTree(config.navigation, flat.language, flat.languages, divisions, tab_names[0] if tab_names else None,
                   dropdowns, pages_at=tuple(p.pages_at for p in placed), group_apis=tuple(p.api for p in placed),
                   product=product, directories=tuple(p.directory for p in placed),
                   tab_menus=_one_per_name(flat.tab_menus), section_paths=tuple(flat.section_paths.items()))
    return site, tree


def _one_per_name(entries: list[TabMenuEntry]) -> tuple[TabMenuEntry, ...]:
    """Each tab's menu items once: a tab repeated in every version lists its items once."""
    seen: dict[tuple[str, str], TabMenuEntry] = {}
    for entry in entries:
        seen.setdefault((entry.tab, entry.name), entry)
    return tuple(seen.values())


def _classic_navigation(config: SiteConfigV2, flat: _Flat, placed: list[_Placed], divisions: tuple[Division, ...],
                        tab_names: list[str], anchors: dict[str, Section]) -> dict[str, Any]:
    """The classic docs.json keys of the navigation and the top bar: groups, versions, tabs,
    anchors (the first tab or anchor is the top anchor), redirects, links, socials."""
    anchor_names = list(anchors)
    classic_anchors: list[dict[str, Any]] = []
    for index, name in enumerate(anchor_names[1:]):
        anchor = anchors[name]
        versions = {p.version for p in placed if p.anchor is not None and _label(p.anchor) == name}
        classic_anchors.append(_classic_anchor(anchor, _common_prefix(_pages_where(placed, divisions, 1, index)),
                                               versions.pop() if len(versions) == 1 else None))
    classic_anchors += [_classic_anchor(anchor, href, None) for anchor, href in flat.external_anchors]
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
    top = _top_anchor(anchors, tab_names)
    if top:
        raw["topAnchor"] = top
    return raw


def _top_anchor(anchors: dict[str, Section], tab_names: list[str]) -> dict[str, Any]:
    """The classic top anchor: the first anchor, else the first tab (empty: neither)."""
    if anchors:
        first = next(iter(anchors.values()))
        top = {"name": _label(first)}
        icon, icon_type = icon_parts(first.icon)
        if icon:
            top.update(icon=icon, iconType=icon_type or "duotone")
        return top
    if tab_names:
        return {"name": tab_names[0]}
    return {}


def _add_classic_looks(config: SiteConfigV2, raw: dict[str, Any]) -> None:
    """The classic keys of how the site looks: logo, thumbnails, site URL, favicon, colors,
    background image and the top bar's call-to-action button."""
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


def _classic_anchor(anchor: Section, url: str, version: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"name": _label(anchor), "url": url, "isDefaultHidden": anchor.hidden}
    icon, icon_type = icon_parts(anchor.icon)
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


def _flatten(level: Level, where: str, at: _Context, flat: _Flat, notes: list[str]) -> None:
    """Every group of the tree the site shows, in reading order, with its version, tab and
    anchor; external tabs and anchors; at a level with `languages`, only `flat.language`'s entry.
    A level with an `openapi` document and nothing else gets an empty group holding that
    document: the build fills it with a page per operation (api_pages.py)."""
    flat.openapi += [s for s in source_names(level.openapi) if s not in flat.openapi]
    if level.openapi is not None:
        at = dataclasses.replace(at, api=level.openapi)
    if level.directory is not None:
        at = dataclasses.replace(at, directory=level.directory)
    if (level.openapi is not None or level.asyncapi is not None) and not level.has_content:
        _place(flat, at, Group(group="", openapi=level.openapi, asyncapi=level.asyncapi),
               f"{where}.openapi" if level.openapi is not None else f"{where}.asyncapi")
    _flatten_language(level, where, at, flat, notes)
    _flatten_versions(level, where, at, flat, notes)
    _flatten_tabs(level, where, at, flat, notes)
    _flatten_product(level, where, at, flat, notes)
    _flatten_sections(level, where, at, flat, notes)
    _place_groups(level, where, at, flat)
    _place_pages(level, where, at, flat)
    if level.global_ is not None:
        _flatten_global(level.global_, where, flat, notes)


def _place(flat: _Flat, at: _Context, group: Group, pages: str, first: int = 0) -> None:
    """Add a top-level group, with where it sits (`pages`: the JSON path of its `pages`
    array, `first`: the index of its first entry there)."""
    api = group.openapi if group.openapi is not None else at.api
    flat.placed.append(_Placed(group, at.version, at.tab, at.anchor, (pages, first), api,
                               group.directory or at.directory))


def _link_elsewhere(level: Level) -> str | None:
    """The `href` of a level that is only that: a link to another site, not a part of this one."""
    if level.href and not level.has_content and level.openapi is None and level.asyncapi is None:
        return level.href
    return None


def _flatten_language(level: Level, where: str, at: _Context, flat: _Flat, notes: list[str]) -> None:
    for index, language in enumerate(level.languages):
        if language.language == flat.language:  # the other languages are their own mapping
            _flatten(language, f"{where}.languages[{index}]", at, flat, notes)
            break


def _flatten_versions(level: Level, where: str, at: _Context, flat: _Flat, notes: list[str]) -> None:
    shown = [(i, v) for i, v in enumerate(level.versions) if not v.hidden]
    for index, release in sorted(shown, key=lambda item: not item[1].default):  # the default version first
        if href := _link_elsewhere(release):
            flat.versions_elsewhere.append({"name": release.version, "url": href})  # a link in the menu
            continue
        position, before = len(flat.versions), len(flat.placed)
        _flatten(release, f"{where}.versions[{index}]", dataclasses.replace(at, version=release.version), flat, notes)
        # A version that lists nothing in this language (its `languages` lack it) is not in its picker.
        if len(flat.placed) > before and release.version not in flat.versions:
            flat.versions.insert(position, release.version)


def _flatten_tabs(level: Level, where: str, at: _Context, flat: _Flat, notes: list[str]) -> None:
    for index, section in enumerate(level.tabs):
        if section.hidden:
            continue
        if href := _link_elsewhere(section):
            flat.external_tabs.append((section.tab, href))
        else:
            _flatten(section, f"{where}.tabs[{index}]", dataclasses.replace(at, tab=section.tab), flat, notes)


def _flatten_product(level: Level, where: str, at: _Context, flat: _Flat, notes: list[str]) -> None:
    for index, product in enumerate(level.products):  # the other products are their own mapping
        if product.product == flat.product and not product.hidden:
            _flatten(product, f"{where}.products[{index}]", at, flat, notes)
            break


def _flatten_sections(level: Level, where: str, at: _Context, flat: _Flat, notes: list[str]) -> None:
    """Anchors, dropdowns and menu items, each with its own sidebar."""
    # A menu item is a part of its tab with its own sidebar, like a dropdown's entry.
    sections = [("anchors", item) for item in level.anchors] + [("dropdowns", item) for item in level.dropdowns] \
        + [("menu", item) for item in level.menu_items]
    numbers: dict[str, int] = {}
    for key, item in sections:
        index = numbers[key] = numbers.get(key, -1) + 1
        if item.hidden and isinstance(item, MenuItem):
            continue
        flat.section_paths.setdefault(_label(item), f"{where}.{key}[{index}]")
        href = _link_elsewhere(item)
        tab_item = item if isinstance(item, MenuItem) and isinstance(level, TabV2) else None
        if href and tab_item is None:
            flat.external_anchors.append((item, href))
            continue
        before = len(flat.placed)
        if not href:
            _flatten(item, f"{where}.{key}[{index}]", dataclasses.replace(at, anchor=item), flat, notes)
        if tab_item is not None and at.tab is not None:
            # The tab's dropdown in the tab row lists it (an item that is only a link too). Its
            # pages sit in its own section, or in those of the anchors or dropdowns it holds.
            icon, icon_type = icon_parts(tab_item.icon)
            owned = tuple(dict.fromkeys(_label(placed.anchor) for placed in flat.placed[before:]
                                        if placed.anchor is not None))
            flat.tab_menus.append(TabMenuEntry(at.tab, tab_item.item, tab_item.description, icon, icon_type,
                                               f"{where}.{key}[{index}]", href, owned))


def _place_groups(level: Level, where: str, at: _Context, flat: _Flat) -> None:
    for index, group in enumerate(level.groups):
        if not group.hidden:
            _place(flat, at, group, f"{where}.groups[{index}].pages")


def _place_pages(level: Level, where: str, at: _Context, flat: _Flat) -> None:
    """A level's `pages`: its groups, and each run of pages outside any group as one group
    without a title."""
    loose: list[str] = []
    first_loose = 0
    for index, entry in enumerate([*level.pages, None]):  # None: flush the last run of loose pages
        if isinstance(entry, str):
            if not loose:
                first_loose = index
            loose.append(entry)
            continue
        if loose:
            _place(flat, at, Group(group="", pages=loose), f"{where}.pages", first_loose)
            loose = []
        if isinstance(entry, Group) and not entry.hidden:
            _place(flat, at, entry, f"{where}.pages[{index}].pages")


def _flatten_global(entries: Global, where: str, flat: _Flat, notes: list[str]) -> None:
    """`global` anchors, dropdowns and tabs: links shown with every language and version."""
    for key in ("anchors", "dropdowns"):
        for index, item in enumerate(getattr(entries, key)):
            if item.href:
                flat.external_anchors.append((item, item.href))
                flat.section_paths.setdefault(_label(item), f"{where}.global.{key}[{index}]")
            else:
                notes.append(f"{where}.global.{key}[{index}]: a global entry needs an href; left out")
    for index, tab_entry in enumerate(entries.tabs):
        if tab_entry.href:
            flat.external_tabs.append((tab_entry.tab, tab_entry.href))
        else:
            notes.append(f"{where}.global.tabs[{index}]: a global entry needs an href; left out")
    # Global languages and versions link to another site's language or version; the
    # language menu and version picker list only this site's own.
    for key in ("languages", "versions"):
        for index, _ in enumerate(getattr(entries, key)):
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
