"""Navigation divisions (tabs, anchors, topAnchor, versions), icons, readable colours, and the
rule that navigation HTML is rendered once per section, not once per page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sitegen.colors import AA, contrast, parse_hex, theme_properties
from sitegen.config import SiteConfig, load_config
from sitegen.icons import find_icon
from sitegen.markdown import RenderedMarkdown
from sitegen.nav import build_navigation
from sitegen.pages import discover_pages
from sitegen.pipeline import build_site
from sitegen.pipeline.steps import attach_operations
from sitegen.render import Renderer, SiteContext
from sitegen.theme import load_theme

CONFIG: dict[str, Any] = {
    "name": "Acme",
    "versions": ["v2", "v1"],
    "tabs": [{"name": "API", "url": "api"}],
    "anchors": [
        {"name": "Server", "url": "server", "icon": "server"},
        {"name": "Old", "url": "/old/", "icon": "clock", "version": "v1"},
        {"name": "Forum", "url": "https://forum.example", "icon": "github"},
    ],
    "navigation": [
        {"group": "Start", "pages": ["intro", {"group": "New", "version": "v2", "pages": ["new"]}]},
        {"group": "API", "pages": ["api/users"]},
        {"group": "Server", "pages": ["server/run"]},
        {"group": "Old", "version": "v1", "pages": ["old/migrate"]},
    ],
}
PAGES = {f"{name}.md": f"# {name}\n" for name in ["intro", "new", "api/users", "server/run", "old/migrate", "loose"]}
PAGES["versioned.md"] = "---\nversion: v1\n---\n# Versioned\n"


def navigation_of(project: Path) -> Any:
    loaded = load_config(project)
    return build_navigation(loaded, discover_pages(project), project)


def test_tabs_and_anchors_link_to_their_first_pages(make_project: Callable[..., Path]) -> None:
    nav = navigation_of(make_project(CONFIG, PAGES))
    assert [(t.name, t.index, t.first_page.id) for t in nav.tabs] == [
        ("Documentation", None, "intro"), ("API", 0, "api/users")
    ]
    assert [(a.name, a.json_path, a.first_page.id if a.first_page else a.external_url) for a in nav.anchors] == [
        ("Documentation", "topAnchor", "intro"),
        ("Server", "anchors[0]", "server/run"),
        ("Old", "anchors[1]", "old/migrate"),
        ("Forum", "anchors[2]", "https://forum.example"),
    ]
    assert nav.anchors[0].icon == "book-open"  # topAnchor defaults
    assert [(s.key, [g.title for g in s.groups]) for s in nav.sections] == [
        ("primary", ["Start"]), ("tab:0", ["API"]), ("anchor:0", ["Server"]), ("anchor:1", ["Old"])
    ]


def test_no_tabs_or_anchors_means_no_rows(make_project: Callable[..., Path]) -> None:
    nav = navigation_of(make_project({"name": "A", "navigation": [{"group": "G", "pages": ["intro"]}]}, PAGES))
    assert nav.tabs == [] and nav.anchors == []


def test_page_versions_come_from_groups_and_front_matter(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, PAGES)
    nav = navigation_of(project)
    by_id = {page.id: page for page in discover_pages(project)}
    assert nav.page_version(by_id["new"]) == "v2"  # inherited from its group
    assert nav.page_version(by_id["old/migrate"]) == "v1"
    assert nav.page_version(by_id["intro"]) is None
    assert nav.page_version(by_id["versioned"]) == "v1"  # outside the navigation: front matter


def test_icons_come_from_the_free_package_with_closest_styles() -> None:
    assert find_icon("book-open", "duotone").exact  # a Pro style maps silently to solid
    assert find_icon("fa-server", "sharp-solid").style == "solid"
    assert find_icon("github", "brands").style == "brands"
    fallback = find_icon("github", "solid")
    assert fallback.style == "brands" and not fallback.exact
    assert find_icon("no-such-icon").kind == "placeholder"
    svg = str(find_icon("star").svg)
    assert svg.startswith('<svg class="icon" viewBox="0 0 576 512"') and "<!--" not in svg


def test_pro_only_icons_fall_back_to_the_free_icon_their_name_contains(make_project: Callable[..., Path]) -> None:
    # Mintlify ships Font Awesome Pro; its starter kit uses these.
    for pro, free in (("square-code", "code"), ("book-open-cover", "book-open"),
                      ("rectangle-terminal", "terminal"), ("stars", "star")):
        found = find_icon(pro)
        assert (found.name, found.svg) == (free, find_icon(free).svg)
    config = {**CONFIG, "anchors": [{"name": "Guides", "url": "guides", "icon": "book-open-cover"}]}
    assert build_site(make_project(config, PAGES)).warnings == [
        "docs.json: anchors[0].icon: 'book-open-cover' is not a free Font Awesome icon; using 'book-open'"]


def test_unknown_and_fallback_icons_warn_once_naming_the_json_path(make_project: Callable[..., Path]) -> None:
    config = {**CONFIG, "topAnchor": {"icon": "not-an-icon"}, "anchors": [
        {"name": "Server", "url": "server", "icon": "server"},
        {"name": "Old", "url": "old", "icon": "github", "iconType": "solid"},
        {"name": "Forum", "url": "https://forum.example", "icon": "not-an-icon"},
    ]}
    warnings = build_site(make_project(config, PAGES)).warnings
    assert warnings == [
        "docs.json: topAnchor.icon: unknown Font Awesome icon 'not-an-icon' (or Pro-only, with no free counterpart); using the placeholder 'circle'",
        "docs.json: anchors[2].icon: unknown Font Awesome icon 'not-an-icon' (or Pro-only, with no free counterpart); using the placeholder 'circle'",
    ]


@pytest.mark.parametrize("colors", [
    None,
    {"primary": "#FDE047"},
    {"primary": "#000000", "light": "#111111", "background": {"light": "#000000", "dark": "#FFFFFF"}},
    {"primary": "#808080", "background": {"light": "#777777", "dark": "#888888"}},
])
def test_theme_text_colours_meet_wcag_aa(colors: dict[str, Any] | None) -> None:
    config = SiteConfig.model_validate({"name": "A", "navigation": [], **({"colors": colors} if colors else {})})
    props = theme_properties(config)
    for mode in ("light", "dark"):
        background = parse_hex(props[f"--bg-{mode}"])
        for role in ("text", "muted", "link"):
            ratio = contrast(parse_hex(props[f"--{role}-{mode}"]), background)
            assert ratio >= AA, f"{role} in {mode} mode: {ratio:.2f}"
    cta = parse_hex(props["--cta"])
    assert contrast(parse_hex(props["--on-cta"]), cta) >= 3  # large bold button text


def test_navigation_is_rendered_once_per_section_on_a_large_site(make_project: Callable[..., Path]) -> None:
    # 2,000 pages in four sections (primary, a tab, two anchors).
    folders = {"": None, "api/": "tab", "server/": "anchor", "ops/": "anchor"}
    pages: dict[str, str] = {}
    navigation = []
    for folder in folders:
        names = [f"{folder}p{i:03}" for i in range(500)]
        pages.update({f"{name}.md": f"# {name}\n" for name in names})
        navigation.append({"group": folder or "Start", "pages": names})
    config = {"name": "Big", "navigation": navigation, "tabs": [{"name": "API", "url": "api"}],
              "anchors": [{"name": "Server", "url": "server"}, {"name": "Ops", "url": "ops"}]}
    project = make_project(config, pages)
    loaded = load_config(project)
    all_pages = discover_pages(project)
    nav = build_navigation(loaded, all_pages, project)
    site = SiteContext(loaded=loaded, navigation=nav, files={}, assets=[])
    renderer = Renderer(site, load_theme(project).environment())
    body = RenderedMarkdown(html="<p>x</p>", toc=[])
    html = {page.id: renderer.render_page(page, body) for page in all_pages}
    assert len(html) == 2000 and len(nav.sections) == 4
    # The section groups: once per section for its shared nav script, once per group for
    # the part its pages carry themselves (here one group per section).
    assert renderer.fragment_renders == {"partials/sidebar.html": 4, "partials/tabs.html": 4,
                                         "partials/sidebar_nav.html": 8}
    assert len(renderer.nav_assets()) == 4
    # Each page still gets its own current item and relative links.
    assert html["server/p007"].count('aria-current="page"') == 1
    assert 'href="../../server/p008/" data-page="server/p008"' in html["server/p007"]


def test_page_icons_show_in_the_sidebar_and_unknown_ones_warn(make_project: Callable[..., Path]) -> None:
    pages = {"intro.md": "---\nicon: seedling\n---\n# Intro\n", "odd.md": "---\nicon: no-such-icon\n---\n# Odd\n"}
    built = build_site(make_project({"name": "A", "navigation": [{"group": "G", "pages": ["intro", "odd"]}]}, pages))
    html = built.files["intro/index.html"].decode()
    link = html[html.index('data-page="intro"'):html.index("</a>", html.index('data-page="intro"'))]
    assert '<span class="nav-icon"><svg class="icon"' in link
    assert built.warnings == ["content/odd.md:2: front matter: icon: unknown Font Awesome icon 'no-such-icon' (or Pro-only, with no free counterpart); using the placeholder 'circle'"]


# --- v2 languages (tests/fixtures/mintlify/tidewater-v2) -------------------------------

TIDEWATER = Path(__file__).resolve().parent / "fixtures" / "mintlify" / "tidewater-v2"


def test_each_language_has_its_own_sections_and_the_switcher_matches_by_path() -> None:
    files = discover_pages(TIDEWATER)
    # The build's API step first: the "Marina API" dropdown's pages come from its `openapi`.
    operations = attach_operations(TIDEWATER, load_config(TIDEWATER), (), page_ids=frozenset(p.id for p in files))
    assert operations.loaded is not None
    pages = operations.apply(files)
    navigation = build_navigation(operations.loaded, pages, TIDEWATER)
    by_id = {page.id: page for page in pages}
    assert [s.key for s in navigation.all_sections()] == [
        "primary", "anchor:0", "tab:0/anchor:1", "tab:0/anchor:2", "tab:0/anchor:3",
        "fr:primary", "fr:tab:0/anchor:0", "fr:tab:0/anchor:1"]

    def targets(page_id: str) -> list[tuple[str, str, bool]]:
        return [(link.code, link.page.id if link.page else "", link.current)
                for link in navigation.language_links(by_id[page_id])]

    assert targets("bookings/overview") == [("en", "bookings/overview", True), ("fr", "fr/bookings/overview", False)]
    # French has no v1: its v1 page's twin is missing, so the French first page.
    assert targets("v1/quickstart") == [("en", "v1/quickstart", True), ("fr", "fr/quickstart", False)]
    # No French changelog: the French first page; a hidden page keeps its language.
    assert targets("changelog") == [("en", "changelog", True), ("fr", "fr/quickstart", False)]
    assert navigation.page_language(by_id["legacy-pricing"]) == "en"

    # Each language has its own versions; a version's entry is the same page in it, else its first page.
    def versions(page_id: str) -> list[tuple[str, str | None]]:
        return [(link.version, link.page.id if link.page else None)
                for link in navigation.version_links(by_id[page_id])]

    assert versions("quickstart") == [("v2", "quickstart"), ("v1", "v1/quickstart")]
    assert versions("v1/quickstart") == [("v2", "quickstart"), ("v1", "v1/quickstart")]
    assert versions("boats") == [("v2", "boats"), ("v1", "v1/boats")]
    assert versions("bookings/create") == [("v2", "bookings/create"), ("v1", "v1/quickstart")]
    assert versions("fr/quickstart") == [("v2", None)]  # French has v2 only: its pages are in every one of its versions
    assert navigation.page_language(by_id["fr/boats"]) == "fr"
    # Prev/next stay in the language; the home page is the default version's first page.
    assert navigation.neighbours(by_id["fr/boats"])[0].page.id == "fr/quickstart"  # type: ignore[union-attr]
    assert navigation.first_page() is by_id["quickstart"]
    # Dropdowns belong to the API tab; anchors (the global ones too) are in every tab.
    assert [(a.name, a.is_dropdown) for a in navigation.anchors if a.shown_in(0)] == [
        ("Documentation", False), ("Changelog", False), ("REST API", True), ("Webhooks", True),
        ("Marina API", True), ("Status", False), ("Blog", False)]
    assert [a.name for a in navigation.anchors if a.shown_in(None)] == ["Documentation", "Changelog", "Status", "Blog"]
    assert [a.name for a in navigation.for_language("fr").anchors if a.shown_in(None)] == [
        "Documentation", "Status", "Blog"]
