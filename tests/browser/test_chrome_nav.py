"""tabs, anchors, topAnchor and versions in real Chromium: what the sidebar shows after
switching tab, anchor or version."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import anchor_names, computed, serve_project, sidebar_links

pytestmark = pytest.mark.browser


def page_md(title: str) -> str:
    return f"---\ntitle: {title}\n---\n\nText of {title}.\n"


PAGES = {f"{path}.md": page_md(title) for path, title in [
    ("intro", "Intro"), ("setup", "Setup"), ("api/overview", "API overview"), ("api/users", "Users"),
    ("server/run", "Run server"), ("changelog/v2", "Changelog v2"), ("old/migrate", "Migrate from v1"),
    ("new/feature", "New feature"),
]}


@pytest.fixture
def site(make_project: Callable[..., Path], static_server: Callable[[Path], str]) -> str:
    config = {
        "name": "Acme",
        "versions": ["v2", "v1"],
        "topAnchor": {"name": "Guides", "icon": "compass"},
        "tabs": [{"name": "API", "url": "api"}],
        "anchors": [
            {"name": "Server", "url": "server", "icon": "server", "iconType": "solid", "color": "#15803D"},
            {"name": "Changelog", "url": "changelog", "icon": "newspaper", "isDefaultHidden": True,
             "color": {"from": "#F59E0B", "to": "#D97706"}},
            {"name": "Migration", "url": "old", "icon": "clock-rotate-left", "version": "v1"},
            {"name": "Forum", "url": "https://forum.acme.example", "icon": "discourse", "iconType": "brands"},
        ],
        "navigation": [
            {"group": "Start", "pages": ["intro", "setup", {"group": "Since v2", "version": "v2", "pages": ["new/feature"]}]},
            {"group": "API", "pages": ["api/overview", "api/users"]},
            {"group": "Server", "pages": ["server/run"]},
            {"group": "Changes", "pages": ["changelog/v2"]},
            {"group": "Old", "version": "v1", "pages": ["old/migrate"]},
        ],
    }
    return serve_project(make_project(config, PAGES), static_server)


def test_tabs_partition_the_sidebar(site: str, page: Any) -> None:
    page.goto(site + "setup/")
    tabs = page.locator(".tabs a")
    assert tabs.all_inner_texts() == ["Guides", "API"]  # the primary tab first, named by topAnchor
    assert page.locator(".tabs a.active").inner_text() == "Guides"
    assert "API overview" not in sidebar_links(page)
    # The tab row sits under the top bar.
    top_bar = page.locator(".topbar-row").bounding_box()
    assert tabs.first.bounding_box()["y"] >= top_bar["y"] + top_bar["height"] - 1
    tabs.nth(1).click()  # a tab links to its first navigation page
    expect(page.locator("h1")).to_have_text("API overview")  # waits for the new page
    assert page.locator(".tabs a.active").inner_text() == "API"
    assert sidebar_links(page) == ["API overview", "Users"]
    page.locator(".tabs a", has_text="Guides").click()
    expect(page.locator("h1")).to_have_text("Intro")  # waits for the new page


def test_anchors_show_icons_partition_and_link_out(site: str, page: Any) -> None:
    page.goto(site + "intro/")
    assert anchor_names(page) == ["Guides", "Server", "Forum"]  # hidden: Changelog (default-hidden), Migration (v1)
    top = page.locator(".anchors a").first
    assert top.get_attribute("aria-current") == "true"
    # Icons are inline SVG from Font Awesome; colours paint the icon's background.
    server_icon = page.locator(".anchors a", has_text="Server").locator(".anchor-icon")
    assert server_icon.locator("svg path").count() == 1
    assert computed(page, ".anchors li:nth-child(2) .anchor-icon", "backgroundColor") == "rgb(21, 128, 61)"
    forum = page.locator(".anchors a", has_text="Forum")
    assert forum.get_attribute("href") == "https://forum.acme.example"
    assert forum.locator(".anchor-icon svg").count() == 1
    page.locator(".anchors a", has_text="Server").click()  # a relative anchor goes to its first page
    expect(page.locator("h1")).to_have_text("Run server")  # waits for the new page
    assert sidebar_links(page) == ["Run server"]  # and partitions the sidebar like a tab
    assert page.locator(".anchors a.active").inner_text().strip() == "Server"
    page.locator(".anchors a", has_text="Guides").click()  # the top anchor leads back
    expect(page.locator("h1")).to_have_text("Intro")  # waits for the new page
    assert sidebar_links(page) == ["Intro", "Setup", "New feature"]


def test_default_hidden_anchor_appears_only_on_its_pages(site: str, page: Any) -> None:
    page.goto(site + "intro/")
    assert "Changelog" not in anchor_names(page)
    page.goto(site + "changelog/v2/")  # someone linked directly to a page inside it
    assert "Changelog" in anchor_names(page)
    icon = page.locator(".anchors a", has_text="Changelog").locator(".anchor-icon")
    assert "linear-gradient" in icon.evaluate("el => getComputedStyle(el).backgroundImage")
    assert sidebar_links(page) == ["Changelog v2"]


def test_versions_filter_sidebar_and_anchors_and_survive_reload(site: str, page: Any) -> None:
    page.goto(site + "intro/")
    select = page.locator("select.version-select")
    assert select.is_visible()
    assert select.evaluate("s => [...s.options].map(o => o.text)") == ["v2", "v1"]
    assert select.input_value() == "v2"  # the first version by default
    assert "New feature" in sidebar_links(page)
    assert "Migration" not in anchor_names(page)
    select.select_option("v1")
    assert "New feature" not in sidebar_links(page)  # v2-only items go
    assert "Intro" in sidebar_links(page)  # unversioned ones stay
    assert "Migration" in anchor_names(page)  # anchors with a version follow the choice
    page.reload()
    assert page.locator("select.version-select").input_value() == "v1"
    assert "Migration" in anchor_names(page) and "New feature" not in sidebar_links(page)


def test_a_versioned_page_selects_its_version(site: str, page: Any) -> None:
    page.goto(site + "intro/")
    assert page.locator("select.version-select").input_value() == "v2"
    page.goto(site + "old/migrate/")
    assert page.locator("select.version-select").input_value() == "v1"
    assert page.locator(".nav-link[aria-current='page']").is_visible()
    assert sidebar_links(page) == ["Migrate from v1"]
    # Switching version from a page of another version moves to a page of the chosen one.
    page.locator("select.version-select").select_option("v2")
    page.wait_for_url(lambda url: "old/migrate" not in url)
    assert page.locator("select.version-select").input_value() == "v2"
    assert "Migrate from v1" not in sidebar_links(page)
