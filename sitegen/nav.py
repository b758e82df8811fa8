"""Navigation: docs.json groups resolved to pages, split into sections by tabs and anchors.

A *section* is what one sidebar shows: the groups whose pages live under the same tab
and anchor URL prefix (Mintlify's classic rule). Sidebars are rendered once per
section, never once per page. Versions do not split sections: every item keeps its
`version` and the browser hides the ones of other versions.

A v2 site's languages and products are navigations of their own: `translations` holds
each other language's (its first product's), and each language's `products` its other
products'. A page belongs to the one that lists it (`owner`).
"""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, cast

from sitegen.config import Anchor, Gradient, LoadedConfig, NavGroup, SiteConfig, Tab
from sitegen.confine import is_script_url, script_url_warning
from sitegen.pages import PAGE_SUFFIXES, Page, content_root, ignored_page_file, is_external

if TYPE_CHECKING:  # v2 types only; a classic project never imports config.v2 (see _v2_group)
    from sitegen.config.v2 import Group, NavTree

_OPENAPI_METHOD = re.compile(r"(?:^|\s)(?:(get|post|put|patch|delete|head|options|trace)\s+/|(webhook)\s+\S)", re.I)


@dataclass(frozen=True)
class NavPage:
    page: Page
    version: str | None

    @property
    def title(self) -> str:
        return self.page.nav_title

    @property
    def method(self) -> str | None:
        """HTTP method of an API page (`openapi: POST /plants`; `WEBHOOK` for `webhook NAME`),
        for the sidebar badge."""
        if not self.page.openapi:
            return None
        match = _OPENAPI_METHOD.search(self.page.openapi)
        return (match.group(1) or match.group(2)).upper() if match else None


@dataclass(frozen=True)
class NavSection:
    """A sidebar: the groups of one (tab, anchor) pair."""

    key: str  # stable id, e.g. "tab:1/anchor:0", "primary", "fr:primary"
    tab: int | None  # index into config.tabs, None for the primary tab
    anchor: int | None  # index into config.anchors, None for the top anchor
    groups: tuple[NavGroupNode, ...]
    language: str | None = None  # a v2 language other than the default; None: the default one
    product: str | None = None  # the v2 product whose navigation this is (None: the site has none)

    def pages(self) -> list[NavPage]:
        return [item for group in self.groups for item in group.walk()]


@dataclass(frozen=True)
class NavGroupNode:
    title: str  # "" for a v2 run of pages outside any group
    items: tuple[NavPage | NavGroupNode, ...]
    version: str | None
    # v2 groups only (docs.json `navigation`).
    root: NavPage | None = None  # the page the group's title opens (listed first in the group)
    expanded: bool = False
    tag: str | None = None  # a badge beside the title
    icon: str | None = None
    icon_type: str | None = None
    open_by_default: bool = True  # a nested group's <details>: classic always, v2 when `expanded`
    directory: str | None = None  # v2 `directory`: "accordion"/"card" lists the group on its root page
    boost: float | None = None  # v2 `boost`: the search weight of the group's pages

    def walk(self) -> list[NavPage]:
        out: list[NavPage] = [self.root] if self.root is not None else []
        for item in self.items:
            out.extend(item.walk() if isinstance(item, NavGroupNode) else [item])
        return out


@dataclass(frozen=True)
class TabMenuLink:
    """One item of a tab's menu (v2 `tabs[].menu`): where choosing it leads."""

    name: str
    description: str | None
    icon: str | None
    icon_type: str | None
    json_path: str  # "navigation.tabs[2].menu[0]", for warnings
    # The classic anchors of its pages (None: the top anchor): its sections are (tab, anchor).
    anchors: tuple[int | None, ...]
    first_page: Page | None  # the item's first navigation page
    external_url: str | None  # an item that is only a link to another site


@dataclass(frozen=True)
class TabEntry:
    """One tab of the tab row; `index` None is the primary tab (pages outside every tab)."""

    name: str
    index: int | None
    first_page: Page | None  # where the tab links: its first navigation page
    menu: tuple[TabMenuLink, ...] = ()  # v2 `menu`: the tab is a dropdown of these items


@dataclass(frozen=True)
class AnchorEntry:
    """One anchor at the top of the sidebar; `index` None is the implicit top anchor."""

    name: str
    index: int | None
    json_path: str  # "anchors[2]" or "topAnchor" (v2: "navigation.dropdowns[1]"), for warnings
    icon: str | None
    icon_type: str
    color: str | Gradient | None
    version: str | None
    is_default_hidden: bool
    external_url: str | None  # an absolute url: a plain outbound link
    first_page: Page | None  # a relative url: the anchor's first navigation page
    is_dropdown: bool = False  # a v2 dropdown: one entry of the menu at the top of the sidebar
    # A v2 dropdown menu belongs to its tab (shown only there); anchors, like classic ones
    # (global anchors among them), are shown in every section.
    in_every_tab: bool = True
    tab: int | None = None
    in_tab_menu: bool = False  # an item of a tab's `menu`: the tab row lists it, not the sidebar

    def shown_in(self, tab: int | None) -> bool:
        return self.in_every_tab or self.tab == tab


@dataclass(frozen=True)
class LanguageLink:
    """One entry of the language switcher of a page."""

    code: str  # as docs.json writes it ("fr", "zh-Hans"): the <html lang> of its pages
    name: str  # in its own language ("Français")
    page: Page | None  # the same page in that language, else its first page
    current: bool


@dataclass(frozen=True)
class ProductLink:
    """One entry of the product switcher of a section."""

    name: str
    description: str | None
    icon: str | None
    icon_type: str | None
    page: Page | None  # the product's first page
    href: str | None  # a product on another site
    current: bool
    json_path: str = ""  # where docs.json writes it, for warnings


@dataclass(frozen=True)
class VersionLink:
    """One entry of the version picker of a page."""

    version: str
    page: Page | None  # where choosing it leads; None: this page (it belongs to every version)
    url: str | None = None  # a version on another site (classic `{name, url}`, v2 `href`): a link there


@dataclass
class Navigation:
    sections: list[NavSection]
    ordered: list[NavPage]  # every navigation page, in reading order (prev/next)
    tabs: list[TabEntry] = field(default_factory=list)  # empty when docs.json has no tabs
    anchors: list[AnchorEntry] = field(default_factory=list)  # empty when docs.json has no anchors
    warnings: list[str] = field(default_factory=list)  # entries left out (missing pages, empty groups)
    # v2 docs.json: the whole tree (languages, versions, dropdowns…) for what the theme does
    # not show yet; the sections above are its default language, versions merged.
    tree: NavTree | None = None
    versions: list[str] = field(default_factory=list)  # the version picker's entries
    versions_elsewhere: dict[str, str] = field(default_factory=dict)  # more entries: links to other sites
    language: str | None = None  # this navigation's language (v2 `navigation.languages`)
    # The other languages, each a whole Navigation of its own (the default one is this one).
    translations: dict[str, Navigation] = field(default_factory=dict)
    product: str | None = None  # this navigation's product (v2 `products`)
    # The other products of this language, each a whole Navigation (this one is the first).
    products: dict[str, Navigation] = field(default_factory=dict)
    _section_by_page: dict[str, NavSection] = field(default_factory=dict)
    _nav_by_page: dict[str, NavPage] = field(default_factory=dict)
    _position: dict[str, int] = field(default_factory=dict)
    _group_by_page: dict[str, str] = field(default_factory=dict)
    _outside: dict[str, Page] = field(default_factory=dict)  # pages it does not list, by id

    def variants(self) -> list[Navigation]:
        """This language's navigations: this one, then its other products'."""
        return [self, *self.products.values()]

    def all_variants(self) -> list[Navigation]:
        """Every language's and product's navigation."""
        return [variant for language in [self, *self.translations.values()] for variant in language.variants()]

    def all_sections(self) -> list[NavSection]:
        """The sections of every language and product."""
        return [section for variant in self.all_variants() for section in variant.sections]

    def all_ordered(self) -> list[NavPage]:
        """The listed pages of every language and product."""
        return [item for variant in self.all_variants() for item in variant.ordered]

    def for_language(self, language: str | None) -> Navigation:
        """The navigation of one language (this one for None or the default language)."""
        return self.translations.get(language or "", self)

    def for_section(self, section: NavSection | None) -> Navigation:
        """The navigation (language and product) a section belongs to."""
        navigation = self.for_language(section.language if section else None)
        return navigation.products.get(section.product or "", navigation) if section else navigation

    def owner(self, page: Page) -> Navigation:
        """The navigation of the language and product a page belongs to: the one that lists
        it, else the language whose folder it is in (`fr/…`), else the default one."""
        for variant in self.all_variants():
            if page.id in variant._nav_by_page:
                return variant
        return self.translations.get(page.id.split("/", 1)[0], self)

    def language_root(self, navigation: Navigation) -> Navigation:
        """The navigation of `navigation`'s language whose `products` hold the others."""
        for language in [self, *self.translations.values()]:
            if navigation in language.variants():
                return language
        return self

    def product_links(self, section: NavSection | None) -> list[ProductLink]:
        """The product switcher of a section: its language's products, in order."""
        here = self.for_section(section)
        if here.tree is None or not here.tree.products:
            return []
        by_name = {variant.product: variant for variant in self.language_root(here).variants()}
        links = []
        for entry in here.tree.products:
            target = by_name.get(entry.name)
            if target is None and entry.href is None:
                continue  # lists nothing (said when the config was read)
            links.append(ProductLink(entry.name, entry.description, entry.icon, entry.icon_type,
                                     target.first_page() if target is not None else None, entry.href,
                                     target is here, entry.json_path))
        return links

    def page_language(self, page: Page) -> str | None:
        return self.owner(page).language

    def language_links(self, page: Page) -> list[LanguageLink]:
        """The language switcher of a page. The same page in another language is the one
        whose id is this page's minus its language folder, in the other language's folder
        (`fr/quickstart` ↔ `quickstart` or `en/quickstart`), when that language lists it or
        has it in its folder; otherwise the other language's first page."""
        if not self.translations:
            return []
        here = self.owner(page)
        rest = page.id
        if here.language and rest.startswith(here.language + "/"):
            rest = rest[len(here.language) + 1:]
        links = []
        for navigation in [self, *self.translations.values()]:
            code = navigation.language or ""
            candidates = [f"{code}/{rest}" if rest else code, rest]
            target = next((variant._nav_by_page[c].page for variant in navigation.variants()
                           for c in candidates if c in variant._nav_by_page), None)
            if target is None:
                target = next((navigation._outside[c] for c in candidates if c in navigation._outside), None)
            links.append(LanguageLink(code, language_name(code), target or navigation.first_page(),
                                      here in navigation.variants()))
        return links

    def version_links(self, page: Page) -> list[VersionLink]:
        """The version picker of a page: its language's versions. A page of one version
        leads to the same page in each other version, the one whose id is this page's with
        the version folder swapped (`v1/quickstart` ↔ `quickstart` or `v2/quickstart`, after
        the language folder), else to that version's first page."""
        here = self.owner(page)
        elsewhere = [VersionLink(name, None, url) for name, url in here.versions_elsewhere.items()]
        version = here.page_version(page)
        if version is None:
            return [VersionLink(name, None) for name in here.versions] + elsewhere
        folder = f"{here.language}/" if here.language and page.id.startswith(f"{here.language}/") else ""
        rest = page.id[len(folder):]
        rest = rest[len(version) + 1:] if rest.startswith(f"{version}/") else rest
        links = []
        for name in here.versions:
            target: Page | None = page
            if name != version:
                twins = (here._nav_by_page.get(candidate) for candidate in (f"{folder}{name}/{rest}", folder + rest))
                target = next((twin.page for twin in twins if twin is not None and twin.version in (name, None)), None)
                target = target or next((item.page for item in here.ordered if item.version in (name, None)), None)
            links.append(VersionLink(name, target))
        return links + elsewhere

    def _tab_of(self, page: Page | None) -> int | None:
        section = self._section_by_page.get(page.id) if page else None
        return section.tab if section else None

    def section_for(self, page: Page) -> NavSection | None:
        return self.owner(page)._section_by_page.get(page.id)

    def nav_page(self, page: Page) -> NavPage | None:
        return self.owner(page)._nav_by_page.get(page.id)

    def first_page(self) -> Page | None:
        return self.ordered[0].page if self.ordered else None

    def group_title(self, page: Page) -> str | None:
        """Title of the top-level group a page is listed in (the eyebrow above its title)."""
        return self.owner(page)._group_by_page.get(page.id)

    def page_version(self, page: Page) -> str | None:
        """The docs version a page belongs to (its group's or its front matter's)."""
        item = self.owner(page)._nav_by_page.get(page.id)
        return item.version if item else page.version

    def first_page_where(self, tab: int | str | None = "any", anchor: int | str | None = "any") -> Page | None:
        """The first navigation page of a tab and/or anchor ("any": do not filter)."""
        for item in self.ordered:
            section = self._section_by_page[item.page.id]
            if (tab == "any" or section.tab == tab) and (anchor == "any" or section.anchor == anchor):
                return item.page
        return None

    def neighbours(self, page: Page) -> tuple[NavPage | None, NavPage | None]:
        """(previous, next) in reading order; (None, None) for pages outside the navigation."""
        navigation = self.owner(page)
        if navigation is not self:
            return navigation.neighbours(page)
        index = self._position.get(page.id)
        if index is None:
            return None, None
        previous = self.ordered[index - 1] if index > 0 else None
        following = self.ordered[index + 1] if index + 1 < len(self.ordered) else None
        return previous, following


# Language names in their own language, for the switcher (others show their code).
_LANGUAGE_NAMES = {
    "en": "English", "fr": "Français", "de": "Deutsch", "es": "Español", "it": "Italiano", "pt": "Português",
    "pt-BR": "Português (Brasil)", "nl": "Nederlands", "sv": "Svenska", "no": "Norsk", "pl": "Polski",
    "tr": "Türkçe", "ru": "Русский", "uk": "Українська", "ar": "العربية", "he": "עברית", "hi": "हिन्दी",
    "id": "Bahasa Indonesia", "vi": "Tiếng Việt", "ja": "日本語", "ko": "한국어", "cn": "简体中文",
    "zh": "中文", "zh-Hans": "简体中文", "zh-Hant": "繁體中文",
    "ca": "Català", "cs": "Čeština", "da": "Dansk", "fa": "فارسی", "hu": "Magyar", "lv": "Latviešu",
    "ro": "Română", "ur": "اردو", "uz": "O\u2018zbekcha",  # U+2018, the mark uz.json writes after o and g
    "fr-CA": "Français (Canada)", "jp": "日本語", "ja-JP": "日本語", "zh-CN": "简体中文", "zh-TW": "繁體中文",
}


def language_name(code: str) -> str:
    return _LANGUAGE_NAMES.get(code, code)


def build_navigation(loaded: LoadedConfig, pages: list[Page], project_dir: Path) -> Navigation:
    navigation = _build_one(loaded, pages, project_dir)
    if loaded.tree is None or not loaded.tree.translations:
        if loaded.tree is not None:
            navigation.product = loaded.tree.product
        return navigation
    navigation.language = loaded.tree.language
    navigation.product = loaded.tree.product
    for translation in loaded.tree.translations:
        language = translation.language if translation.language != loaded.tree.language else None
        other = _build_one(dataclasses.replace(loaded, config=translation.config, tree=translation.tree),
                           pages, project_dir, language=language, product=translation.product)
        other.language = translation.language
        other.product = translation.product
        # A group every language shares is checked once per language: say so once.
        navigation.warnings += [warning for warning in other.warnings if warning not in navigation.warnings]
        home = navigation if language is None else navigation.translations.get(language)
        if home is None:  # the language's first product (or the language, without products)
            navigation.translations[language or ""] = other
        else:
            home.products[translation.product or ""] = other
    # A page outside every navigation belongs to the language whose folder it is in.
    for code, other in navigation.translations.items():
        other._outside = {key: page for key, page in other._outside.items() if key.startswith(code + "/")}
    navigation._outside = {key: page for key, page in navigation._outside.items()
                           if key.split("/", 1)[0] not in navigation.translations}
    return navigation


def _build_one(loaded: LoadedConfig, pages: list[Page], project_dir: Path, language: str | None = None,
               product: str | None = None) -> Navigation:
    config = loaded.config
    warnings: list[str] = []
    by_id = {page.id: _without_script_link(page, warnings) for page in pages}
    buckets: dict[tuple[int | None, int | None], list[NavGroupNode]] = {}
    for index, spec in enumerate(config.navigation):
        directory = loaded.tree.directories[index] if loaded.tree is not None and index < len(
            loaded.tree.directories) else None
        group = _resolve_group(spec, f"navigation[{index}]", None, by_id, loaded.where, project_dir, warnings,
                               (directory, None))
        if group is None:
            continue
        first = group.walk()
        if loaded.tree is not None:  # v2: tabs and anchors hold their groups
            key = loaded.tree.divisions[index]
        else:  # classic: a group sits in the tab and anchor its first page's URL falls under
            key = division(first[0].page.id, config) if first else (None, None)
        buckets.setdefault(key, []).append(group)
    prefix = "".join(f"{part}:" for part in (language, product) if part)
    sections = [
        NavSection(key=prefix + _section_key(tab, anchor), tab=tab, anchor=anchor, groups=tuple(groups),
                   language=language, product=product)
        for (tab, anchor), groups in buckets.items()
    ]
    navigation = Navigation(sections=sections, ordered=[], warnings=warnings, tree=loaded.tree,
                            versions=config.version_names, versions_elsewhere=config.versions_elsewhere)
    for section in sections:
        for group in section.groups:
            for item in group.walk():
                navigation._group_by_page.setdefault(item.page.id, group.title)
        for item in section.pages():
            # A page listed twice keeps its first place (and its first section).
            if item.page.id not in navigation._nav_by_page:
                navigation._nav_by_page[item.page.id] = item
                navigation._section_by_page[item.page.id] = section
                navigation._position[item.page.id] = len(navigation.ordered)
                navigation.ordered.append(item)
    # Pages outside the navigation still get the sidebar of the section their path falls in.
    by_key = {(s.tab, s.anchor): s for s in sections}
    for page in pages:
        if page.id not in navigation._section_by_page:
            navigation._outside[page.id] = page
            home = by_key.get(division(page.id, config))
            if home is not None:
                navigation._section_by_page[page.id] = home
    navigation.tabs = _tab_entries(config, navigation, loaded.tree)
    navigation.anchors = _anchor_entries(config, navigation, loaded.tree)
    return navigation


def _without_script_link(page: Page, warnings: list[str]) -> Page:
    """The page, without its front matter `url` when that is a script URL (its sidebar
    entry then links to the page itself)."""
    if page.link_out is None or not is_script_url(page.link_out):
        return page
    warnings.append(script_url_warning(f"{page.display_path}:{page.line_of('url')}: front matter: url", page.link_out))
    return dataclasses.replace(page, link_out=None)


def _tab_entries(config: SiteConfig, navigation: Navigation, tree: NavTree | None) -> list[TabEntry]:
    if not config.tabs and not (tree is not None and tree.tab_menus):
        return []
    # The primary tab holds every page outside the tabs; classic: named by `primaryTab`, else
    # like the top anchor (v2: it is the first tab, with its own name).
    primary_name = tree.primary_tab if tree is not None else None
    primary = TabEntry(primary_name or config.primary_tab_name, None, navigation.first_page_where(tab=None),
                       _tab_menu(config, navigation, tree, primary_name, None))
    return [primary] + [
        TabEntry(tab.name, index, navigation.first_page_where(tab=index),
                 _tab_menu(config, navigation, tree, tab.name, index))
        for index, tab in enumerate(config.tabs)
    ]


def _tab_menu(config: SiteConfig, navigation: Navigation, tree: NavTree | None, name: str | None,
              index: int | None) -> tuple[TabMenuLink, ...]:
    """A tab's menu items, each leading to its first page in that tab (an item whose pages
    are all missing or hidden is left out, as Mintlify lists nothing of it)."""
    if tree is None or name is None:
        return ()
    # The tree's first section is the classic top anchor (None), whether or not others follow.
    anchor_index: dict[str, int | None] = {config.top_anchor.name: None}
    for position, anchor in enumerate(config.anchors):
        anchor_index.setdefault(anchor.name, position)
    links = []
    for entry in tree.tab_menus:
        if entry.tab != name:
            continue
        anchors = tuple(anchor_index[name] for name in entry.sections if name in anchor_index)
        first = next((page for page in (navigation.first_page_where(tab=index, anchor=anchor) for anchor in anchors)
                      if page is not None), None)
        if first is None and entry.href is None:
            continue
        links.append(TabMenuLink(entry.name, entry.description, entry.icon, entry.icon_type, entry.json_path,
                                 anchors, first, entry.href))
    return tuple(links)


def _anchor_entries(config: SiteConfig, navigation: Navigation, tree: NavTree | None) -> list[AnchorEntry]:
    """The sidebar's anchors and dropdowns. A v2 tab's menu item with pages is a dropdown
    too (its pages' section), marked `in_tab_menu`: the tab row lists it, not the sidebar."""
    if not config.anchors:
        return []
    dropdowns = tree.dropdowns if tree is not None else frozenset()
    menu_items = frozenset(entry.name for entry in tree.tab_menus) if tree is not None else frozenset()
    written_at = dict(tree.section_paths) if tree is not None else {}  # v2: where docs.json writes each
    top = config.top_anchor
    # The top anchor leads to the primary tab's un-anchored pages when there are any.
    top_page = navigation.first_page_where(tab=None, anchor=None) or navigation.first_page_where(anchor=None)
    if top.name in dropdowns and config.anchors and config.anchors[0].name in dropdowns:
        # A v2 dropdown menu (or a tab's `menu`) whose first entry is the top anchor: that entry
        # sits in the tab of the menu's other entries, not in the first tab with un-anchored pages.
        menu_tab = navigation._tab_of(navigation.first_page_where(anchor=0))
        top_page = navigation.first_page_where(tab=menu_tab, anchor=None) or top_page
    entries = [AnchorEntry(top.name, None, written_at.get(top.name, "topAnchor"), top.icon, top.icon_type, None, None,
                           False, None, top_page, top.name in dropdowns, top.name not in dropdowns,
                           navigation._tab_of(top_page), top.name in dropdowns and top.name in menu_items)]
    for index, anchor in enumerate(config.anchors):
        # "" is a v2 anchor whose pages share no folder: still a part of the site.
        prefix = url_prefix(anchor.url) if anchor.url.strip() else ""
        entries.append(AnchorEntry(
            name=anchor.name,
            index=index,
            json_path=written_at.get(anchor.name, f"anchors[{index}]"),
            icon=anchor.icon,
            icon_type=anchor.icon_type,
            color=anchor.color,
            version=anchor.version,
            is_default_hidden=anchor.is_default_hidden,
            external_url=anchor.url if prefix is None else None,
            first_page=navigation.first_page_where(anchor=index) if prefix is not None else None,
            is_dropdown=anchor.name in dropdowns and prefix is not None,
            in_every_tab=anchor.name not in dropdowns or prefix is None,
            tab=navigation._tab_of(navigation.first_page_where(anchor=index)) if prefix is not None else None,
            in_tab_menu=anchor.name in dropdowns and prefix is not None and anchor.name in menu_items,
        ))
    return entries


def _v2_group(group: NavGroup) -> Group | None:
    """`group` when it is a v2 group (`hidden`, `root`, `tag`, `expanded`), else None. Only a
    v2 project imports config.v2, so a classic one never pays for importing it here."""
    module = sys.modules.get("sitegen.config.v2.model")
    return cast("Group", group) if module is not None and isinstance(group, module.Group) else None


def _resolve_group(
    group: NavGroup,
    path: str,
    inherited_version: str | None,
    by_id: dict[str, Page],
    where: Callable[[str], str],
    project_dir: Path,
    warnings: list[str],
    inherited: tuple[str | None, float | None] = (None, None),
) -> NavGroupNode | None:
    """The group with its pages; None when none of its entries is left (Mintlify drops it too).
    `inherited`: the v2 `directory` and `boost` of the levels above.

    Missing pages are warnings and left out; hidden pages are left out silently."""
    version = group.version or inherited_version
    own = _v2_group(group)
    if own is not None:
        inherited = (own.directory or inherited[0], own.boost if own.boost is not None else inherited[1])
    items: list[NavPage | NavGroupNode] = []
    for index, entry in enumerate(group.pages):
        here = f"{path}.pages[{index}]"
        if isinstance(entry, NavGroup):
            v2_entry = _v2_group(entry)
            if v2_entry is not None and v2_entry.hidden:
                continue  # a hidden v2 group: its pages are built, not listed
            node = _resolve_group(entry, here, version, by_id, where, project_dir, warnings, inherited)
            if node is not None:
                items.append(node)
            continue
        page = _find_page(entry, here, by_id, where, project_dir, warnings)
        if page is None:
            continue
        if page.hidden:  # a `noindex` page stays listed: it only keeps robots and search away (Mintlify)
            continue
        items.append(NavPage(page=page, version=page.version or version))
    v2_group = _v2_group(group)
    if not items and (v2_group is None or not v2_group.root):
        return None  # its missing pages were reported above
    if v2_group is None:
        return NavGroupNode(title=group.group, items=tuple(items), version=version, icon=group.icon,
                            icon_type=group.icon_type)
    group = v2_group
    root = _find_page(group.root, f"{path}.root", by_id, where, project_dir, warnings) if group.root else None
    if root is not None:  # listed once, as the group's title
        items = [item for item in items if not (isinstance(item, NavPage) and item.page.id == root.id)]
    elif not items:
        return None  # a root page alone, and it is missing (reported above)
    icon, icon_type = (group.icon, None) if isinstance(group.icon, str) or group.icon is None else (
        group.icon.name, group.icon.style)
    return NavGroupNode(title=group.group, items=tuple(items), version=version,
                        root=NavPage(root, root.version or version) if root else None,
                        expanded=group.expanded, tag=group.tag, icon=icon, icon_type=icon_type,
                        open_by_default=group.expanded,
                        directory=inherited[0] if inherited[0] != "none" else None, boost=inherited[1])


def _find_page(
    entry: str, here: str, by_id: dict[str, Page], where: Callable[[str], str], project_dir: Path, warnings: list[str]
) -> Page | None:
    page = by_id.get(normalize_page_ref(entry))
    if page is None and (ignored := ignored_page_file(project_dir, normalize_page_ref(entry))) is not None:
        warnings.append(f"{where(here)}: page '{entry}' is ignored by .mintignore ({ignored}); "
                        "left out of the navigation")
    elif page is None:
        looked = content_root(project_dir).relative_to(project_dir).as_posix()
        prefix = "" if looked == "." else looked + "/"
        stem = normalize_page_ref(entry)
        warnings.append(
            f"{where(here)}: page '{entry}' not found "
            f"(looked for {prefix}{stem}.md, .mdx); left out of the navigation"
        )
    return page


def normalize_page_ref(ref: str) -> str:
    """'/guides/setup.mdx' -> 'guides/setup' (docs.json page references)."""
    ref = ref.strip().strip("/")
    for suffix in PAGE_SUFFIXES:
        if ref.endswith(suffix):
            return ref[: -len(suffix)]
    return ref


def url_prefix(url: str) -> str | None:
    """A tab/anchor url as a page-id prefix, or None when it is an external link."""
    if is_external(url.strip()):
        return None
    return url.strip().strip("/")


def _matches(page_id: str, prefix: str | None) -> bool:
    if not prefix:
        return False
    return page_id == prefix or page_id.startswith(prefix + "/")


def division(page_id: str, config: SiteConfig) -> tuple[int | None, int | None]:
    """(tab index, anchor index) a classic page id falls under by URL prefix (None: primary/top)."""
    return _match_index(page_id, config.tabs), _match_index(page_id, config.anchors)


def _match_index(page_id: str, entries: Sequence[Tab | Anchor]) -> int | None:
    # The longest matching prefix wins, so "api/v2" beats "api".
    best: tuple[int, int] | None = None
    for index, entry in enumerate(entries):
        prefix = url_prefix(entry.url)
        if prefix and _matches(page_id, prefix) and (best is None or len(prefix) > best[0]):
            best = (len(prefix), index)
    return best[1] if best else None


def _section_key(tab: int | None, anchor: int | None) -> str:
    parts = [f"tab:{tab}" if tab is not None else "", f"anchor:{anchor}" if anchor is not None else ""]
    return "/".join(p for p in parts if p) or "primary"
