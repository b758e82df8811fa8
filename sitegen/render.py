"""Render pages to HTML strings with the Jinja2 theme.

Everything that is the same for many pages (the sidebar and the tab row of a section) is
rendered once with a placeholder for the path back to the site root, then specialised
per page by string replacement: a site with thousands of pages does not pay for its
navigation thousands of times.

The full page list of a section is not in its pages at all: it is one shared script per
section (`nav_assets()`, `_sitegen/nav/<content hash>.js`) that each page loads where its
sidebar goes. A page carries only its own group in full and the other groups' titles, so
its size does not grow with the pages of other groups, and it stays navigable without
JavaScript.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

import jinja2
from markupsafe import Markup, escape

from sitegen.colors import on_color
from sitegen.config import ICON_TYPES, Gradient, LoadedConfig, SiteChrome, SiteConfig
from sitegen.i18n import UiStrings, ui_strings
from sitegen.i18n.dates import long_date
from sitegen.icons import ImageIcons, config_icon, icon
from sitegen.markdown import RenderedMarkdown
from sitegen.markdown.inline import inline_markdown
from sitegen.nav import (
    AnchorEntry,
    NavGroupNode,
    Navigation,
    NavPage,
    NavSection,
    ProductLink,
    TabMenuLink,
    normalize_page_ref,
)
from sitegen.pages import Page, content_root, is_external, root_prefix

ROOT_TOKEN = "@@sitegen-root@@/"
NAV_TOKEN = "@@sitegen-nav@@"  # where a page's own part of the section navigation goes
PAGE_TOKEN = "@@sitegen-page@@"  # the current page's id, for the section nav script
LANGUAGES_TOKEN = "@@sitegen-languages@@"  # where a page's language switcher goes
VERSIONS_TOKEN = "@@sitegen-versions@@"  # where a page's version picker goes
NAV_DIR = "_sitegen/nav"  # the shared section nav scripts, under the site root
_LAYOUT_SPACE = re.compile(r"\s*\n\s*")  # template indentation: one newline renders the same
_SVG = re.compile(r"<svg\b.*?</svg>", re.S)
_GITHUB_REPO = re.compile(r"^https?://(?:www\.)?github\.com/([\w.-]+)/([\w.-]+?)(?:\.git)?/?$")

# footerSocials keys -> (Font Awesome icon, style, label people hear).
SOCIALS: dict[str, tuple[str, str, str]] = {
    "website": ("globe", "solid", "Website"),
    "facebook": ("facebook", "brands", "Facebook"),
    "x": ("x-twitter", "brands", "X"),
    "discord": ("discord", "brands", "Discord"),
    "slack": ("slack", "brands", "Slack"),
    "github": ("github", "brands", "GitHub"),
    "linkedin": ("linkedin", "brands", "LinkedIn"),
    "instagram": ("instagram", "brands", "Instagram"),
    "hacker-news": ("hacker-news", "brands", "Hacker News"),
    "youtube": ("youtube", "brands", "YouTube"),
    "medium": ("medium", "brands", "Medium"),
    "telegram": ("telegram", "brands", "Telegram"),
    "bluesky": ("bluesky", "brands", "Bluesky"),
    "threads": ("threads", "brands", "Threads"),
    "reddit": ("reddit", "brands", "Reddit"),
    "podcast": ("podcast", "solid", "Podcast"),
    "x-twitter": ("x-twitter", "brands", "X"),  # Mintlify's other key for X, named after its icon
    "earth-americas": ("earth-americas", "solid", "Website"),  # likewise, a globe
    "twitter": ("x-twitter", "brands", "X"),  # only beside an `x` link (alone, it is read as `x`)
}


def github_repo(url: str | None) -> str | None:
    """'https://github.com/acme/docs' -> 'acme/docs'; None for anything else."""
    match = _GITHUB_REPO.match(url or "")
    return f"{match.group(1)}/{match.group(2)}" if match else None


@dataclass(frozen=True)
class SiteContext:
    """What every page of one build shares."""

    loaded: LoadedConfig
    navigation: Navigation
    # Output paths (relative to the site root) or external URLs of docs.json files.
    files: dict[str, str | None]  # None: docs.json does not name that file
    assets: list[str]  # theme stylesheet/script paths to link, relative to the site root
    extra: dict[str, Any] = field(default_factory=dict)  # for theme features to pass data

    # The theme's stylesheets and scripts, split once per build rather than by a filtered
    # loop in every page's <head> and <body>.
    @cached_property
    def stylesheets(self) -> list[str]:
        return [asset for asset in self.assets if asset.endswith(".css")]

    @cached_property
    def scripts(self) -> list[str]:
        return [asset for asset in self.assets if asset.endswith(".js")]

    @property
    def config(self) -> SiteConfig:
        return self.loaded.config

    @property
    def chrome(self) -> SiteChrome:
        return self.loaded.chrome

    @property
    def repository(self) -> str | None:
        """The GitHub repository behind the docs, for feedback links."""
        config = self.config
        if config.topbar_cta_button and config.topbar_cta_button.type == "github":
            repo = github_repo(config.topbar_cta_button.url)
            if repo:
                return repo
        return github_repo(config.footer_socials.get("github"))


@dataclass(frozen=True)
class AnchorView:
    entry: AnchorEntry
    svg: Markup | None
    background: str | None  # CSS for the icon's background (a colour or a gradient)

    def href(self, root: str) -> str:
        if self.entry.external_url:
            return self.entry.external_url
        page = self.entry.first_page
        return root + (page.url or "./") if page else root + "./"


@dataclass(frozen=True)
class TabMenuView:
    """One item of a tab's dropdown in the tab row (v2 `tabs[].menu`)."""

    link: TabMenuLink
    svg: Markup | None
    href: str  # under ROOT_TOKEN for the item's first page; an item elsewhere: its URL


@dataclass(frozen=True)
class ProductView:
    """One entry of the product switcher, as the sidebar shows it."""

    link: ProductLink
    svg: Markup | None
    href: str  # under ROOT_TOKEN for the product's first page; a product elsewhere: its URL


@dataclass(frozen=True)
class DirectoryEntry:
    """One entry of a group root page's listing (v2 `directory`): a page, or a group with its
    pages (`page` is where its title leads: its root page, else its first page)."""

    title: str
    page: Page | None
    description: str | None
    pages: tuple[NavPage, ...] = ()


@dataclass(frozen=True)
class Directory:
    style: str  # "accordion" or "card"
    title: str
    entries: tuple[DirectoryEntry, ...]


def operation_description(page: Page, api: Any) -> Any:
    """The API view's description (an `openapi.text.Described`) when the page's description
    is the operation's, which is Markdown; else None."""
    described = getattr(api, "description", None)
    if described and page.description is not None and page.description == getattr(described, "source", None):
        return described
    return None


def directory_of(group: NavGroupNode) -> Directory | None:
    """The listing a group's root page shows below its text (v2 `directory`)."""
    if group.root is None or group.directory not in ("accordion", "card"):
        return None
    entries = []
    for item in group.items:
        if isinstance(item, NavGroupNode):
            inner = item.walk()
            entries.append(DirectoryEntry(item.title, inner[0].page if inner else None, None,
                                          tuple(page for page in inner if page is not item.root)))
        else:
            description = item.page.description
            if description and item.page.openapi:  # an operation's Markdown: its text
                from sitegen.openapi.text import plain_text

                description = plain_text(description)
            entries.append(DirectoryEntry(item.title, item.page, description))
    return Directory(group.directory, group.title, tuple(entries))


def _each_group(groups: Iterable[NavGroupNode]) -> Iterable[NavGroupNode]:
    for group in groups:
        yield group
        yield from _each_group(item for item in group.items if isinstance(item, NavGroupNode))


@dataclass(frozen=True)
class FeedbackLink:
    label: str
    url: str
    icon: str  # Font Awesome solid icon name


def robots_may_index(page: Page, navigation: Navigation, indexing: str | None) -> bool:
    """Whether search engines are invited to index `page` (its robots tag, the sitemap): never
    a `noindex` page; with v2 `seo.indexing: "all"` every other one, with "navigable" only
    pages the navigation lists, else (sitegen's default) every page but hidden ones."""
    if page.noindex:
        return False
    if indexing == "all":
        return True
    if indexing == "navigable":
        return not page.hidden and navigation.nav_page(page) is not None
    return not page.hidden


def breadcrumbs(navigation: Navigation, page: Page) -> list[str]:
    """The tab and the groups (outermost first) a page sits in: v2 `styling.eyebrows:
    "breadcrumbs"` above its title."""
    section = navigation.section_for(page)
    if section is None:
        return []
    trail = [tab.name for tab in navigation.owner(page).tabs if tab.index == section.tab][:1]

    def chain(group: NavGroupNode) -> list[str] | None:
        if group.root is not None and group.root.page.id == page.id:
            return [group.title]
        for item in group.items:
            below = chain(item) if isinstance(item, NavGroupNode) else [] if item.page.id == page.id else None
            if below is not None:
                return [group.title, *below]
        return None

    for group in section.groups:
        found = chain(group)
        if found is not None:
            return trail + [title for title in found if title]
    return []  # not listed: no trail, as no group shows above an unlisted page


def css_string(value: str) -> Markup:
    """A CSS string literal (for attribute selectors built from docs.json values)."""
    escaped = "".join(ch if ch.isalnum() or ch in " ._-" else f"\\{ord(ch):x} " for ch in value)
    return Markup(f'"{escaped}"')


def css_url(path: str) -> Markup:
    return Markup("url('{}')".format(quote(path, safe="/:.-_~%?=&#")))


def _background(color: str | Gradient | None) -> str | None:
    if color is None:
        return None
    if isinstance(color, Gradient):
        return f"linear-gradient(135deg, {color.from_}, {color.to})"
    return color


_DETAILS_TAG = re.compile(r"<details\b[^>]*>|</details>")


def _open_around(html: str, position: int) -> str:
    """`html` with every <details> that encloses `position` open: the current page's nested
    groups show it without JavaScript, as the section script does with it."""
    if position < 0:
        return html
    enclosing: list[re.Match[str]] = []
    for tag in _DETAILS_TAG.finditer(html, 0, position):
        if tag.group(0) != "</details>":
            enclosing.append(tag)
        elif enclosing:
            enclosing.pop()
    for tag in reversed(enclosing):  # from the end, so earlier offsets stay valid
        if " open" not in tag.group(0):
            html = html[: tag.start()] + "<details open" + html[tag.start() + len("<details"):]
    return html


@dataclass(frozen=True)
class LanguageLook:
    """What the pages of one language show around their content (`Renderer.look`)."""

    config: SiteConfig
    chrome: SiteChrome
    topbar_icons: list[Markup | None]


class Renderer:
    def __init__(self, site: SiteContext, env: jinja2.Environment) -> None:
        self.site = site
        self.env = env
        self.warnings: list[str] = []  # build warnings found while preparing the chrome
        self.fragment_renders: Counter[str] = Counter()  # template -> renders (tests check: once per section)
        self._fragments: dict[tuple[str, str], str] = {}
        self._page_navs: dict[tuple[str, int | None], str] = {}  # (section key, open group) -> its HTML
        self._nav_scripts: dict[str, tuple[str, bytes]] = {}  # section key -> (output path, script)
        self._open_group: dict[str, int] = {}  # page id -> index of its group in its section
        for section in site.navigation.all_sections():
            for index, group in enumerate(section.groups):
                for item in group.walk():
                    self._open_group.setdefault(item.page.id, index)
        self._page_urls = {item.page.id: item.page.url for item in site.navigation.all_ordered()}
        # v2 group `directory` (a root page's listing) and `boost` (its pages' search weight).
        self._directories: dict[str, Directory] = {}
        self._search_weights: dict[str, float] = {}
        for group in _each_group(group for section in site.navigation.all_sections() for group in section.groups):
            listing = directory_of(group)
            if listing is not None and group.root is not None:
                self._directories.setdefault(group.root.page.id, listing)
            if group.boost is not None:  # nested groups carry their own (inherited or not)
                own = [item for item in group.items if isinstance(item, NavPage)]
                for item in ([group.root] if group.root is not None else []) + own:
                    # Pagefind weighs text 0-10 (1 by default): the boost, within that range.
                    self._search_weights.setdefault(item.page.id, round(min(max(group.boost, 0.0), 10.0), 2))
        env.globals.update(
            icon=icon, href=self.href, file_url=self.file_url, css_string=css_string, css_url=css_url,
            socials=SOCIALS, github_repo=github_repo, page_icon=self.page_icon, group_icon=self.group_icon,
            banner_html=self.banner_html, banner_key=self.banner_key(), banner_style=self.banner_style(),
        )
        self._banners: dict[tuple[str, str], Markup] = {}  # (root, Markdown) -> the banner's HTML from a page there
        # The sidebar's icons may be image files of the project, published at their path.
        self._image_icons = ImageIcons(content_root(site.loaded.file.parent).resolve(), ROOT_TOKEN)
        self._page_icons: dict[str, Markup | None] = {}
        self._group_icons: dict[tuple[str, str | None], Markup | None] = {}
        for item in site.navigation.all_ordered():  # resolved now so their warnings join the build's
            self.page_icon(item.page)
        for section in site.navigation.all_sections():
            for group in section.groups:
                self._resolve_group_icons(group)
        self._product_icons: dict[str, Markup | None] = {}
        self._resolve_product_icons()
        # Each language and product has its own anchors (global anchors are in every list).
        self.anchors_by_navigation = {id(navigation): self._anchor_views(navigation)
                                      for navigation in site.navigation.all_variants()}
        self.anchors = self.anchors_by_navigation[id(site.navigation)]
        # Each language and product has its own tabs: tab index -> its menu's items.
        self.tab_menus_by_navigation = {id(navigation): self._tab_menu_views(navigation)
                                        for navigation in site.navigation.all_variants()}
        # Each language has its own versions: the picker is rendered per page, like the language menu.
        self._has_versions = any(navigation.versions or navigation.versions_elsewhere
                                 for navigation in site.navigation.all_variants())
        self.topbar_icons = self._topbar_icons(site.chrome, site.config, "")
        env.globals["topbar_icons"] = self.topbar_icons
        env.globals["chrome"] = site.chrome  # a page in a language with its own: that one's
        # Languages with their own navbar, footer or banner: what their pages read instead.
        self._language_looks = {code: self._language_look(code) for code in site.loaded.language_chrome}
        env.globals["page_action_icons"] = self._page_action_icons()
        v2 = site.loaded.v2
        seo_tags = v2.metatags if v2 is not None else ()  # docs.json seo.metatags
        env.globals["seo_tags"] = seo_tags
        env.globals["seo_names"] = frozenset(name for name, _ in seo_tags)
        # v2 `description`: what a page without its own description says it is about.
        env.globals["site_description"] = v2.description if v2 is not None else None
        self._check_feedback()
        self._page_template = env.get_template("page.html")

    # --- prepared once per build -------------------------------------------------------

    def _config_icon(self, name: str, icon_type: str, place: str, *, images: bool = True,
                     type_given: bool = True) -> Markup | None:
        """An icon docs.json or front matter names (`images`: an image URL or file may stand
        for it), its warning, starting with `place`, kept with the renderer's."""
        svg, warning = config_icon(name, icon_type, place, self.site.chrome.icon_library,
                                   self._image_icons if images else None, type_given=type_given)
        if warning:
            self.warnings.append(warning)
        return svg

    def _anchor_views(self, navigation: Navigation) -> list[AnchorView]:
        views = []
        for entry in navigation.anchors:
            if entry.in_tab_menu:  # the tab row shows it (_tab_menu_views), not the sidebar
                continue
            svg = None
            if entry.icon:
                svg = self._config_icon(entry.icon, entry.icon_type,
                                        f"{self.site.loaded.file_name}: {entry.json_path}.icon")
            color = entry.color if entry.color is not None else self._default_anchor_color()
            views.append(AnchorView(entry, svg, _background(color)))
        return views

    def _tab_menu_views(self, navigation: Navigation) -> dict[int | None, list[TabMenuView]]:
        menus: dict[int | None, list[TabMenuView]] = {}
        for tab in navigation.tabs:
            for link in tab.menu:
                svg = None
                if link.icon:  # in the style anchors have unless it names one
                    svg = self._config_icon(link.icon, link.icon_type or "duotone",
                                            self.site.loaded.where(f"{link.json_path}.icon"),
                                            type_given=link.icon_type is not None)
                page = link.first_page
                href = link.external_url or ROOT_TOKEN + ((page.url or "./") if page else "./")
                menus.setdefault(tab.index, []).append(TabMenuView(link, svg, href))
        return menus

    def _topbar_icons(self, chrome: SiteChrome, config: SiteConfig, json_path: str) -> list[Markup | None]:
        """The icon of each top-bar link (v2 navbar.links[].icon, under `json_path`: a
        language's own navbar), None where there is none."""
        icons: list[Markup | None] = []
        for index, wanted in enumerate(chrome.topbar_link_icons):
            svg = None
            if wanted is not None:
                svg = self._config_icon(wanted[0], wanted[1] or "solid",
                                        f"{self.site.loaded.file_name}: {json_path}navbar.links[{index}].icon",
                                        images=False)
            icons.append(svg)
        return icons + [None] * (len(config.topbar_links) - len(icons))

    def _language_look(self, code: str) -> LanguageLook:
        """A language's own chrome, and the site's settings with its top bar and footer links."""
        own = self.site.loaded.language_chrome[code]
        config = self.site.config.model_copy(update={
            "topbar_links": list(own.topbar_links), "topbar_cta_button": own.topbar_cta_button,
            "footer_socials": own.footer_socials})
        return LanguageLook(config, own.chrome, self._topbar_icons(own.chrome, config, f"{own.json_path}."))

    def look(self, language: str | None) -> LanguageLook:
        """What a page in `language` shows around its content: the site's settings and chrome,
        or its language's own navbar, footer and banner."""
        own = self._language_looks.get(language) if language is not None else None
        return own or LanguageLook(self.site.config, self.site.chrome, self.topbar_icons)

    def _page_action_icons(self) -> list[Markup | None]:
        """The icon of each custom page menu entry (v2 contextual.options[i].icon)."""
        icons: list[Markup | None] = []
        for action in self.site.chrome.custom_page_actions:
            svg = None
            if action.icon is not None:
                svg = self._config_icon(action.icon[0], action.icon[1] or "solid",
                                        f"{self.site.loaded.file_name}: {action.json_path}.icon", images=False)
            icons.append(svg)
        return icons

    def _default_anchor_color(self) -> str | Gradient | None:
        colors = self.site.config.colors
        return colors.anchors if colors is not None else None

    def _check_feedback(self) -> None:
        feedback = self.site.config.feedback
        if feedback.thumbs_rating:
            self.warnings.append(f"{self.site.loaded.file_name}: feedback.thumbsRating: page ratings need a server "
                                 "to collect the votes; a static site shows no rating buttons")
        if (feedback.suggest_edit or feedback.raise_issue) and not self.site.repository:
            self.warnings.append(
                f"{self.site.loaded.file_name}: feedback: no GitHub repository to link to; set a github "
                "topbarCtaButton or footerSocials.github to a repository url (https://github.com/owner/repo)"
            )

    # --- helpers for templates ---------------------------------------------------------

    def href(self, url: str, root: str) -> str:
        """A docs.json link as written in a page: external ones unchanged, site paths
        ("/", "/quickstart") relative to the page so the site works under any sub-path."""
        if is_external(url):
            return url
        path, sep, fragment = url.partition("#")
        page_id = normalize_page_ref(path)
        if not page_id:
            target = "" if root else "./"
        else:
            target = self._page_urls.get(page_id, path.strip("/") + ("/" if path.endswith("/") else ""))
        return root + target + (sep + fragment)

    def banner_key(self, chrome: SiteChrome | None = None) -> str | None:
        """Names the banner's content: a dismissed banner stays hidden until its text changes."""
        banner = (chrome or self.site.chrome).banner
        return hashlib.sha256(banner.content.encode()).hexdigest()[:16] if banner else None

    def banner_style(self, chrome: SiteChrome | None = None) -> str | None:
        """v2 `banner.color` as the banner's CSS properties: the background of each mode it
        sets, and a text colour readable on it (Mintlify writes white text whatever the colour)."""
        banner = (chrome or self.site.chrome).banner
        if banner is None:
            return None
        parts = [f"--banner-bg{suffix}: {color}; --on-banner{suffix}: {on_color(color)}"
                 for suffix, color in (("", banner.color_light), ("-dark", banner.color_dark)) if color]
        return "; ".join(parts) or None

    def banner_html(self, root: str, chrome: SiteChrome | None = None) -> Markup:
        """The banner's Markdown as HTML, its site links relative to a page under `root`."""
        banner = (chrome or self.site.chrome).banner
        if banner is None:
            return Markup("")
        key = (root, banner.content)
        if key not in self._banners:  # inline only (links, emphasis, code), as Mintlify allows
            self._banners[key] = inline_markdown(banner.content.strip(), lambda url: self.href(url, root),
                                                 strikethrough=True)
        return self._banners[key]

    def page_icon(self, page: Page) -> Markup | None:
        """The front-matter `icon` of a page, for its sidebar link; warns once per page."""
        if not page.icon:
            return None
        if page.id not in self._page_icons:
            icon_type = page.icon_type or "solid"
            where = f"{page.display_path}:{page.line_of('icon')}: front matter: icon"
            if icon_type not in ICON_TYPES:
                self.warnings.append(f"{page.display_path}:{page.line_of('iconType')}: front matter: iconType: "
                                     f"{icon_type!r} is not one of {', '.join(ICON_TYPES)}; using 'solid'")
                icon_type = "solid"
            self._page_icons[page.id] = self._config_icon(page.icon, icon_type, where)
        return self._page_icons[page.id]

    def _resolve_group_icons(self, group: NavGroupNode) -> None:
        self.group_icon(group)
        for item in group.items:
            if isinstance(item, NavGroupNode):
                self._resolve_group_icons(item)

    def group_icon(self, group: NavGroupNode) -> Markup | None:
        """A v2 group's `icon`, beside its title; warns once per icon."""
        if not group.icon:
            return None
        key = (group.icon, group.icon_type)
        if key not in self._group_icons:
            self._group_icons[key] = self._config_icon(group.icon, group.icon_type or "solid",
                                                       f"{self.site.loaded.file_name}: group '{group.title}': icon")
        return self._group_icons[key]

    def file_url(self, role: str, root: str) -> str | None:
        """URL of a file docs.json names (logo_light, favicon, …) from a page; None when unset."""
        output = self.site.files.get(role)
        if not output:
            return None
        return output if is_external(output) else root + output

    def feedback_links(self, page: Page, ui: UiStrings | None = None) -> list[FeedbackLink]:
        ui = ui or ui_strings(None)
        repo = self.site.repository
        feedback = self.site.config.feedback
        if not repo:
            return []
        links = []
        if feedback.suggest_edit:
            edit_url = f"https://github.com/{repo}/edit/main/{quote(page.display_path)}"
            links.append(FeedbackLink(ui.suggest_edits, edit_url, "pen"))
        if feedback.raise_issue:
            query = urlencode({
                "title": f"Issue on docs: {page.title}",
                "body": f"Page: {page.title} (/{page.url})\nSource: {page.display_path}\n\nWhat is wrong or missing?\n",
            })
            issue_url = f"https://github.com/{repo}/issues/new?{query}"
            links.append(FeedbackLink(ui.raise_issue, issue_url, "circle-exclamation"))
        return links

    # --- navigation fragments, rendered once per section ---------------------------------

    def fragment(self, template: str, section: NavSection | None) -> str:
        key = (template, section.key if section else "")
        if key not in self._fragments:
            self.fragment_renders[template] += 1
            navigation = self.site.navigation.for_section(section)
            self._fragments[key] = self.env.get_template(template).render(
                site=self.site, config=self.look(section.language if section else None).config, section=section,
                root=ROOT_TOKEN,
                anchors=self._sidebar_anchors(navigation, section),
                nav_tabs=navigation.tabs, tab_menus=self.tab_menus_by_navigation[id(navigation)],
                products=self.product_views(section),
                languages=Markup(LANGUAGES_TOKEN) if self.site.navigation.translations else None,
                versions=Markup(VERSIONS_TOKEN) if self._has_versions else None,
                active_tab=section.tab if section else None,
                active_anchor=section.anchor if section else None,
                nav=Markup(NAV_TOKEN), current_page=Markup(PAGE_TOKEN),
                nav_script=self.nav_script(section)[0] if section and section.groups else None,
                ui=self.section_ui(section),
            )
        return self._fragments[key]

    def section_ui(self, section: NavSection | None) -> UiStrings:
        """The words of a section's language (a sidebar's, its tabs')."""
        return ui_strings((section.language if section else None) or self.page_language(None))

    def _sidebar_anchors(self, navigation: Navigation, section: NavSection | None) -> list[AnchorView]:
        """The anchors and dropdowns a section's sidebar shows: those of every tab and its tab's
        own; of the dropdowns a tab's menu items hold, only its own item's."""
        tab = section.tab if section else None
        shown = [anchor for anchor in self.anchors_by_navigation[id(navigation)] if anchor.entry.shown_in(tab)]
        menu = next((entry.menu for entry in navigation.tabs if entry.index == tab), ())
        if section is None or not menu:
            return shown
        own = next((set(link.anchors) for link in menu if section.anchor in link.anchors), set())
        others = {anchor for link in menu for anchor in link.anchors} - own
        return [anchor for anchor in shown if not (anchor.entry.is_dropdown and anchor.entry.index in others)]

    def sidebar(self, section: NavSection | None) -> str:
        return self.fragment("partials/sidebar.html", section)

    def section_nav(self, section: NavSection, open_group: int | None) -> str:
        """The groups of a section: all in full (open_group None), or only one in full and
        the others as titles; rendered once per (section, open_group)."""
        key = (section.key, open_group)
        if key not in self._page_navs:
            self.fragment_renders["partials/sidebar_nav.html"] += 1
            html = self.env.get_template("partials/sidebar_nav.html").render(
                site=self.site, config=self.site.config, section=section, root=ROOT_TOKEN, open_group=open_group,
                ui=self.section_ui(section),
            )
            # Indentation is a third of a long nav's bytes; the nav has no <pre> to keep it for.
            self._page_navs[key] = _LAYOUT_SPACE.sub("\n", html)
        return self._page_navs[key]

    def nav_script(self, section: NavSection) -> tuple[str, bytes]:
        """(output path, content) of the section's shared nav script; named by a hash of
        its content, so a browser never keeps a stale copy of a changed navigation."""
        if section.key not in self._nav_scripts:
            # The same few icons recur on hundreds of links (most of a long nav's bytes):
            # the script holds each once and puts them back in the browser.
            icons: dict[str, int] = {}

            def icon_ref(match: re.Match[str]) -> str:
                return f"@@sitegen-icon{icons.setdefault(match.group(0), len(icons))}@@"

            html = _SVG.sub(icon_ref, self.section_nav(section, None))
            script = self.env.get_template("partials/sidebar_nav.js").render(
                root_token=ROOT_TOKEN, nav_json=Markup(json.dumps(html)), icons_json=Markup(json.dumps(list(icons))),
            ).encode()
            digest = hashlib.sha256(script).hexdigest()[:16]
            self._nav_scripts[section.key] = (f"{NAV_DIR}/{digest}.js", script)
        return self._nav_scripts[section.key]

    def nav_scripts(self) -> dict[str, tuple[str, bytes]]:
        """Every section's nav script: section key -> (output path, content). Made here from
        the navigation, not from what this renderer rendered, because pages may render in
        worker processes."""
        return {section.key: self.nav_script(section)
                for section in self.site.navigation.all_sections() if section.groups}

    def nav_assets(self) -> dict[str, bytes]:
        """Every section's nav script: output path -> content."""
        return dict(self.nav_scripts().values())

    def use_nav_scripts(self, scripts: Mapping[str, tuple[str, bytes]]) -> None:
        """Section nav scripts (as `nav_scripts` gives them) that an earlier renderer made of
        the same navigation, chrome and templates: not made again (the build cache keeps them
        by its site key, which covers all of these)."""
        for key, script in scripts.items():
            self._nav_scripts.setdefault(key, script)

    def render_navigation(self, pages: Iterable[Page]) -> None:
        """Render now every navigation fragment these pages show (each section's sidebar and
        tabs, its groups with each page's group open): done before a build forks its worker
        processes, so that they inherit them instead of each rendering them again."""
        for page in pages:
            section = self.site.navigation.section_for(page)
            if section is not None and section.groups:
                self.section_nav(section, self._open_group.get(page.id, -1))
                self.nav_script(section)
            self.sidebar(section)
            self.page_tabs(section, "")

    def page_sidebar(self, page: Page, root: str) -> Markup:
        section = self.site.navigation.section_for(page)
        own = ""
        if section is not None and section.groups:
            # A page outside every group of its section (-1) shows only the groups' titles.
            own = self.section_nav(section, self._open_group.get(page.id, -1))
        marker = f'data-page="{escape(page.id)}"'
        own = _open_around(own.replace(marker, f'{marker} aria-current="page"', 1), own.find(marker))
        html = self.sidebar(section).replace(NAV_TOKEN, own).replace(PAGE_TOKEN, str(escape(page.id)))
        if self.site.navigation.translations:
            html = html.replace(LANGUAGES_TOKEN, self.language_switcher(page), 1)
        if self._has_versions:
            html = html.replace(VERSIONS_TOKEN, self.version_picker(page), 1)
        return Markup(html.replace(ROOT_TOKEN, root))

    def version_picker(self, page: Page) -> str:
        """The page's version picker: its language's versions, each option leading to the
        same page in that version (see `Navigation.version_links`); empty without versions."""
        links = self.site.navigation.version_links(page)
        if not links:
            return ""
        return self.env.get_template("partials/version_picker.html").render(
            links=links, page=page, root=ROOT_TOKEN, ui=ui_strings(self.page_language(page)))

    def product_views(self, section: NavSection | None) -> list[ProductView]:
        """The product switcher of a section (v2 `products`; `Navigation.product_links`)."""
        views = []
        for link in self.site.navigation.product_links(section):
            href = link.href or ROOT_TOKEN + ((link.page.url or "./") if link.page else "./")
            views.append(ProductView(link, self._product_icon(link.icon, link.icon_type, link.json_path), href))
        return views

    def _resolve_product_icons(self) -> None:
        """Every product's icon: the product switcher is rendered with each sidebar, after the
        build has read this renderer's warnings."""
        for variant in self.site.navigation.all_variants():
            for product in variant.tree.products if variant.tree is not None else ():
                self._product_icon(product.icon, product.icon_type, product.json_path)

    def _product_icon(self, name: str | None, icon_type: str | None, json_path: str) -> Markup | None:
        """A product's icon in the switcher, resolved once per place docs.json writes it."""
        if not name:
            return None
        if json_path not in self._product_icons:
            self._product_icons[json_path] = self._config_icon(name, icon_type or "solid",
                                                               f"{self.site.loaded.file_name}: {json_path}.icon")
        return self._product_icons[json_path]

    def language_switcher(self, page: Page) -> str:
        """The page's language menu (each entry: the same page in that language, see
        `Navigation.language_links`); rendered per page, it is a few links."""
        return self.env.get_template("partials/language_switcher.html").render(
            links=self.site.navigation.language_links(page), root=ROOT_TOKEN, ui=ui_strings(self.page_language(page)))

    def page_tabs(self, section: NavSection | None, root: str) -> Markup:
        if not self.site.navigation.for_section(section).tabs:
            return Markup("")
        return Markup(self.fragment("partials/tabs.html", section).replace(ROOT_TOKEN, root))

    # --- pages -------------------------------------------------------------------------

    def render_page(self, page: Page, body: RenderedMarkdown, api: Any = None) -> str:
        """One page. `body.features` are what its markdown uses (e.g. "mermaid"): the
        template loads the matching scripts only where they are needed."""
        root = root_prefix(page.url)
        v2 = self.site.loaded.v2
        previous, following = self.site.navigation.neighbours(page)
        section = self.site.navigation.section_for(page)
        language = self.page_language(page)
        ui = ui_strings(language)
        spec_description = operation_description(page, api)
        look = self.look(language)
        return self._page_template.render(
            site=self.site,
            config=look.config,
            chrome=look.chrome,
            topbar_icons=look.topbar_icons,
            banner_key=self.banner_key(look.chrome),
            banner_style=self.banner_style(look.chrome),
            banner_html=lambda root: self.banner_html(root, look.chrome),
            page=page,
            root=root,
            body=Markup(body.html),
            toc=body.toc,
            previous=previous,
            next=following,
            section=section,
            sidebar=self.page_sidebar(page, root),
            tabs=self.page_tabs(section, root),
            page_version=self.site.navigation.page_version(page),
            versions=self.site.navigation.owner(page).versions,
            feedback=self.feedback_links(page, ui),
            api=api,
            # The operation's description is Markdown (OpenAPI's CommonMark): the header shows
            # its HTML, the description tags its text.
            page_description_html=spec_description,
            page_summary=spec_description.plain if spec_description is not None else page.description,
            page_features=body.features,
            page_islands=list(body.islands),
            page_nav_script=self.nav_script(section)[0] if section and section.groups else None,
            page_language=language,
            ui=ui,
            search_versions=self.search_versions(page),
            eyebrow=self.eyebrow(page),
            directory=self._directories.get(page.id),
            search_weight=self._search_weights.get(page.id),
            robots_noindex=not robots_may_index(page, self.site.navigation, v2.indexing if v2 else None)
            and (page.noindex or (v2 is not None and v2.indexing is not None)),
            # front matter lastUpdatedDate is the date, where the page shows one (metadata.timestamp, timestamp:)
            last_modified=long_date(page.last_updated or page.modified, language) if page.modified else None,
            page_tag_names=frozenset(name for name, _ in page.metatags),
        )

    def page_language(self, page: Page | None) -> str | None:
        """The language a page is in (None: the default one, of the 404 page): its
        navigation's, else the one a v2 docs.json with a single language names; a page the
        default language owns only because its own language has no navigation (`ja/…` of a
        language the navigation left out) is in its folder's language."""
        language = self.site.navigation.page_language(page) if page is not None else self.site.navigation.language
        tree = self.site.loaded.tree
        if tree is None:
            return language
        if page is not None and "/" in page.id:
            folder = page.id.split("/", 1)[0]
            navigation = self.site.navigation
            if folder in tree.languages and folder not in navigation.translations \
                    and navigation.owner(page) is navigation and navigation.nav_page(page) is None:
                return folder
        return language or tree.language

    def eyebrow(self, page: Page) -> str | None:
        """What the page header shows above the title: its group, or (v2 `styling.eyebrows:
        "breadcrumbs"`) its tab and groups."""
        v2 = self.site.loaded.v2
        if v2 is not None and v2.eyebrows == "breadcrumbs":
            return " / ".join(breadcrumbs(self.site.navigation, page)) or None
        return self.site.navigation.group_title(page)

    def search_versions(self, page: Page) -> list[str]:
        """The versions search finds a page in: its own, or every version of its language
        when it belongs to all of them."""
        version = self.site.navigation.page_version(page)
        if version is not None:
            return [version]
        return list(self.site.navigation.owner(page).versions)

    def render_not_found(self) -> str:
        settings = self.site.loaded.v2.not_found if self.site.loaded.v2 is not None else None
        return self.env.get_template("404.html").render(
            site=self.site, config=self.site.config, root="", section=None, page=None,
            sidebar=Markup(""), tabs=self.page_tabs(None, ""), toc=[], api=None, previous=None, next=None,
            page_version=None, versions=self.site.navigation.versions, feedback=[], page_features=frozenset(),
            page_islands=[],
            page_nav_script=None,
            page_language=self.page_language(None), search_versions=[], page_tag_names=frozenset(),
            ui=ui_strings(self.page_language(None)),
            not_found_title=settings.title if settings else None,
            not_found_text=not_found_markdown(settings.description) if settings and settings.description else None,
            redirect_home=bool(settings and settings.redirect),
        )


def not_found_markdown(text: str) -> Markup:
    """docs.json v2 `errors.404.description`: inline Markdown (no HTML). The 404 page's links
    are relative to the site root (it sets its base there), so `/quickstart` becomes
    `quickstart/`."""
    return inline_markdown(text, _from_site_root)


def _from_site_root(href: str) -> str:
    """A site path (`/quickstart`) as a link from the site root (`quickstart/`); others unchanged."""
    if not href.startswith("/") or href.startswith("//"):
        return href
    parts = urlsplit(href)
    path = parts.path.lstrip("/")
    if path and not path.endswith("/") and "." not in path.rsplit("/", 1)[-1]:
        path += "/"
    query = f"?{parts.query}" if parts.query else ""
    return (path or "./") + query + (f"#{parts.fragment}" if parts.fragment else "")
