"""The sidebar's full page list is one shared script per section (_sitegen/nav/<hash>.js):
in real Chromium every page shows the complete sidebar with itself marked, from file:// and
under a sub-path over HTTP; with JavaScript off a page still shows its own group and the
other groups' titles; and a page's HTML does not grow with the pages of other groups."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from sitegen.pipeline import build_site, write_site

from chrome_support import sidebar_links

pytestmark = pytest.mark.browser


def page_md(title: str, extra: str = "") -> str:
    return f"---\ntitle: {title}\n{extra}---\n\nText of {title}.\n"


# Three groups, one with a nested group; in reading order.
TITLES = {
    "introduction": "Introduction",
    "quickstart": "Quickstart",
    "guides/deploy": "Deploy an app",
    "guides/databases/connect": "Connect a database",
    "guides/databases/backups": "Back up a database",
    "guides/monitor": "Monitor usage",
    "reference/cli": "CLI",
    "reference/config": "Configuration file",
}
PAGES = {f"{path}.md": page_md(title) for path, title in TITLES.items()}
PAGES["guides/monitor.md"] = page_md("Monitor usage", "tag: \"BETA\"\n")
PAGES["reference/cli.md"] = page_md("CLI", "icon: terminal\n")
PAGES["reference/config.md"] = page_md("Configuration file", "icon: terminal\n")
CONFIG = {
    "name": "Aurora",
    "navigation": [
        {"group": "Get started", "pages": ["introduction", "quickstart"]},
        {"group": "Guides", "pages": [
            "guides/deploy",
            {"group": "Databases", "pages": ["guides/databases/connect", "guides/databases/backups"]},
            "guides/monitor",
        ]},
        {"group": "Reference", "pages": ["reference/cli", "reference/config"]},
    ],
}
GROUPS = ["Get started", "Guides", "Reference"]
ALL_LINKS = list(TITLES.values())


def build_into(project: Path, out: Path) -> None:
    built = build_site(project)
    assert built.warnings == []
    write_site(built, out)


def current_link(page: Any) -> str:
    current = page.locator(".sidebar-nav a[aria-current='page']")
    expect(current).to_have_count(1)
    return current.inner_text().split("\n")[0].strip()


def assert_complete_sidebar(page: Any, title: str) -> None:
    """All groups and links are there, `title` is the current page and is in view (its
    <details> parents open)."""
    assert page.locator(".sidebar-nav .nav-group-title").all_inner_texts() == GROUPS
    assert page.locator(".sidebar-nav .nav-group.nested summary").all_inner_texts() == ["Databases"]
    assert [t.split("\n")[0] for t in sidebar_links(page)] == ALL_LINKS
    assert current_link(page) == title
    current = page.locator(".sidebar-nav a[aria-current='page']")
    assert current.is_visible()
    assert current.evaluate("a => { for (let d = a.closest('details'); d; d = d.parentElement.closest('details'))"
                            " if (!d.open) return false; return true; }")


def test_every_page_has_the_whole_sidebar_under_a_sub_path(
    make_project: Callable[..., Path], static_server: Callable[[Path], str], page: Any, tmp_path: Path
) -> None:
    project = make_project(CONFIG, PAGES)
    build_into(project, tmp_path / "www" / "docs" / "aurora")
    site = static_server(tmp_path / "www") + "docs/aurora/"
    scripts = list((tmp_path / "www" / "docs" / "aurora" / "_sitegen" / "nav").glob("*.js"))
    assert len(scripts) == 1  # one section, one shared script
    for path, title in TITLES.items():
        page.goto(site + path + "/")
        assert page.locator("h1").inner_text() == title
        assert_complete_sidebar(page, title)
    assert page.locator(".sidebar-nav a", has_text="BETA").count() == 1  # badges come along
    for name in ("CLI", "Configuration file"):  # and icons (kept once in the script)
        link = page.locator(".sidebar-nav a.nav-link", has_text=name)
        assert link.locator(".nav-icon svg path").count() == 1
    # Links from a nested page lead where they should under the sub-path.
    page.goto(site + "guides/databases/backups/")
    page.locator(".sidebar-nav a.nav-link", has_text="Configuration file").click()
    expect(page.locator("h1")).to_have_text("Configuration file")
    assert page.url == site + "reference/config/"
    assert_complete_sidebar(page, "Configuration file")


def test_the_sidebar_works_opened_from_disk(make_project: Callable[..., Path], page: Any, tmp_path: Path) -> None:
    project = make_project(CONFIG, PAGES)
    build_into(project, tmp_path / "site")
    page.goto((tmp_path / "site" / "guides" / "databases" / "connect" / "index.html").as_uri())
    assert_complete_sidebar(page, "Connect a database")
    page.locator(".sidebar-nav a.nav-link", has_text="Quickstart").click()
    expect(page.locator("h1")).to_have_text("Quickstart")
    assert page.url == (tmp_path / "site" / "quickstart" / "index.html").as_uri()
    assert_complete_sidebar(page, "Quickstart")
    page.goto((tmp_path / "site" / "index.html").as_uri())  # the home page, also at the root
    assert_complete_sidebar(page, "Introduction")


def test_without_javascript_a_page_shows_its_group_and_the_other_groups_titles(
    make_project: Callable[..., Path], static_server: Callable[[Path], str], browser: Any, tmp_path: Path
) -> None:
    project = make_project(CONFIG, PAGES)
    build_into(project, tmp_path / "www" / "docs")
    site = static_server(tmp_path / "www") + "docs/"
    context = browser.new_context(viewport={"width": 1280, "height": 800}, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site + "guides/databases/connect/")
        assert page.locator(".sidebar-nav .nav-group-title").all_inner_texts() == GROUPS
        assert sidebar_links(page) == ["Deploy an app", "Connect a database", "Back up a database", "Monitor usage\nBETA"]
        assert current_link(page) == "Connect a database"
        # Another group's title leads to its first page, whose own group is then listed.
        page.locator(".sidebar-nav .nav-group-title a", has_text="Reference").click()
        expect(page.locator("h1")).to_have_text("CLI")
        assert sidebar_links(page) == ["CLI", "Configuration file"]
        assert current_link(page) == "CLI"
        page.locator(".sidebar-nav .nav-group-title a", has_text="Get started").click()
        expect(page.locator("h1")).to_have_text("Introduction")
        assert sidebar_links(page) == ["Introduction", "Quickstart"]
    finally:
        context.close()


def test_a_page_carries_only_its_own_group(make_project: Callable[..., Path], tmp_path: Path) -> None:
    build_into(make_project(CONFIG, PAGES), tmp_path / "site")
    html = (tmp_path / "site" / "quickstart" / "index.html").read_text()
    assert 'data-page="introduction"' in html and 'data-page="quickstart" aria-current="page"' in html
    for other in ("guides/deploy", "guides/databases/connect", "guides/monitor", "reference/cli", "reference/config"):
        assert f'data-page="{other}"' not in html
    assert "Configuration file" not in html and "Databases" not in html
    assert '<a class="nav-group-link" href="../reference/cli/">Reference</a>' in html
    # The section's script loads in <head> (render-blocking: complete at first paint) ...
    script = re.search(r'<script src="\.\./(_sitegen/nav/[0-9a-f]{16}\.js)"></script>', html)
    assert script is not None and html.index(script.group(0)) < html.index("</head>")
    # ... and a one-line call right after the page's own <nav> puts the section in.
    assert ('</nav>\n<script data-root="../" data-current="quickstart">window.sitegenNav && '
            'sitegenNav(document.currentScript)</script>') in html
    shared = (tmp_path / "site" / script.group(1)).read_text()
    assert 'data-page=\\"reference/config\\"' in shared and "Configuration file" in shared


def test_page_size_does_not_grow_with_other_groups(make_project: Callable[..., Path], tmp_path: Path) -> None:
    def build_with(others: int, name: str) -> tuple[int, int]:
        pages = {"intro.md": page_md("Intro"), "setup.md": page_md("Setup")}
        navigation: list[dict[str, Any]] = [{"group": "Start", "pages": ["intro", "setup"]}]
        for group in ("guides", "reference"):
            names = [f"{group}/page-{i:03}" for i in range(others // 2)]
            pages.update({f"{n}.md": page_md(f"Page {n}") for n in names})
            navigation.append({"group": group.title(), "pages": names})
        built = build_site(make_project({"name": "Aurora", "navigation": navigation}, pages, name=name))
        nav = [content for path, content in built.files.items() if path.startswith("_sitegen/nav/")]
        assert len(nav) == 1
        return len(built.files["setup/index.html"]), len(nav[0])

    small_page, small_nav = build_with(10, "small")
    large_page, large_nav = build_with(200, "large")
    assert abs(large_page - small_page) <= 4
    assert large_nav > small_nav + 190 * 100  # the shared script holds every link


def test_the_script_is_named_by_its_content(make_project: Callable[..., Path], tmp_path: Path) -> None:
    project = make_project(CONFIG, PAGES)
    before = {p for p in build_site(project).files if p.startswith("_sitegen/nav/")}
    (project / "content" / "reference" / "cli.md").write_text(page_md("Command line"))
    built = build_site(project)
    after = {p for p in built.files if p.startswith("_sitegen/nav/")}
    assert len(before) == len(after) == 1 and before != after
    assert f'src="../{after.pop()}"' in built.files["quickstart/index.html"].decode()
