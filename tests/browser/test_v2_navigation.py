"""Every level of a v2 docs.json navigation in real Chromium, on the Tidewater fixture (two
languages through `$ref`, two versions, tabs, anchors, dropdowns, global anchors, a group
root with a tag, a hidden page, an external tab): what a reader sees and where clicks lead."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import anchor_names, build, fixture_served, sidebar_links, text_contrast
from conftest import FIXTURES

pytestmark = pytest.mark.browser

TIDEWATER = FIXTURES / "mintlify" / "tidewater-v2"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fixture built once (without a warning) and served over HTTP for the whole module."""
    with fixture_served(tmp_path_factory, "tidewater-v2") as url:
        yield url


def switch_language(page: Any, name: str) -> None:
    page.locator(".language-menu > summary").click()
    page.locator(".language-list a", has_text=name).click()


def title(page: Any) -> str:
    return page.locator("h1.page-title").inner_text()


# --- languages -----------------------------------------------------------------------


def test_language_switch_lands_on_the_same_page(site: str, page: Any) -> None:
    page.goto(site + "bookings/overview/")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator(".language-menu > summary").inner_text().strip() == "English"
    switch_language(page, "Français")
    page.wait_for_url(site + "fr/bookings/overview/")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert title(page) == "Réservations : vue d'ensemble"
    assert page.locator(".language-menu > summary").inner_text().strip() == "Français"
    # The French sidebar lists the French pages only, and the French tabs.
    assert sidebar_links(page)[:2] == ["Démarrage rapide", "Bateaux"]
    assert "Quickstart" not in sidebar_links(page)
    assert page.locator(".tabs a").all_inner_texts() == ["Guides", "Référence API"]
    switch_language(page, "English")
    page.wait_for_url(site + "bookings/overview/")
    assert title(page) == "Bookings overview"


def test_a_page_without_a_translation_leads_to_the_languages_first_page(site: str, page: Any) -> None:
    page.goto(site + "changelog/")
    switch_language(page, "Français")
    page.wait_for_url(site + "fr/quickstart/")
    assert title(page) == "Démarrage rapide"


def test_prev_next_stay_in_the_language(site: str, page: Any) -> None:
    page.goto(site + "fr/quickstart/")
    assert page.locator(".pager-next .pager-title").inner_text() == "Bateaux"
    assert page.locator(".pager-prev").count() == 0


# --- versions, tabs, dropdowns, anchors ----------------------------------------------


def test_version_switch_goes_to_the_versions_page(site: str, page: Any) -> None:
    page.goto(site + "quickstart/")
    assert "Get started with v1" not in page.locator(".sidebar-nav").inner_text()
    page.select_option(".version-select", "v1")
    page.wait_for_url(site + "v1/quickstart/")
    assert title(page) == "Quickstart (v1)"
    assert sidebar_links(page) == ["Quickstart (v1)", "Boats (v1)"]
    page.select_option(".version-select", "v2")
    page.wait_for_url(site + "quickstart/")


def test_dropdown_menu_swaps_the_sidebar(site: str, page: Any) -> None:
    page.goto(site + "quickstart/")
    assert page.locator(".dropdown-menu").count() == 0  # the menu belongs to the API tab
    page.locator(".tabs a", has_text="API reference").click()
    page.wait_for_url(site + "api/boats/")
    menu = page.locator(".dropdown-menu > summary")
    assert menu.inner_text().strip() == "REST API"
    assert sidebar_links(page) == ["List boats", "Bookings endpoint"]
    assert not page.locator(".dropdown-list").is_visible()
    menu.click()
    assert page.locator(".dropdown-list a").all_inner_texts() == ["REST API", "Webhooks", "Marina API"]
    page.locator(".dropdown-list a", has_text="Webhooks").click()
    page.wait_for_url(site + "api/webhooks/events/")
    assert page.locator(".dropdown-menu > summary").inner_text().strip() == "Webhooks"
    assert sidebar_links(page) == ["Webhook events"]


def test_global_anchors_are_in_every_section_and_language(site: str, page: Any) -> None:
    for path in ("quickstart/", "changelog/", "api/boats/", "fr/quickstart/", "fr/api/webhooks/events/"):
        page.goto(site + path)
        names = anchor_names(page)
        assert names[-2:] == ["Status", "Blog"], path
        assert page.locator(".anchors a", has_text="Status").get_attribute("href") == "https://status.tidewater.example"
    # The external tab is a plain link out.
    assert page.locator("a", has_text="Forum").first.get_attribute("href") == "https://forum.tidewater.example"


def test_group_root_tag_icon_and_collapsed_nested_group(site: str, page: Any) -> None:
    page.goto(site + "bookings/create/")
    group = page.locator(".nav-group-title", has=page.locator("a", has_text="Bookings"))
    root = group.locator("a.nav-group-root")
    assert root.inner_text() == "Bookings"
    assert group.locator(".nav-group-tag").inner_text() == "New"
    assert group.locator(".nav-icon svg").count() == 1
    # "Payments" is not `expanded`: closed until the reader is on one of its pages.
    assert not page.locator(".sidebar-nav a", has_text="Refunds").is_visible()
    page.locator(".sidebar-nav summary", has_text="Payments").click()
    page.locator(".sidebar-nav a", has_text="Refunds").click()
    page.wait_for_url(site + "bookings/refunds/")
    assert page.locator(".sidebar-nav a", has_text="Refunds").is_visible()
    root = page.locator("a.nav-group-root", has_text="Bookings")
    root.click()
    page.wait_for_url(site + "bookings/overview/")
    assert page.locator("a.nav-group-root").get_attribute("aria-current") == "page"
    # The root page is listed once: as the title, not again among the links.
    assert "Bookings overview" not in sidebar_links(page)


def test_hidden_page_is_built_but_not_listed(site: str, page: Any) -> None:
    page.goto(site + "legacy-pricing/")
    assert title(page) == "Legacy pricing"
    for path in ("quickstart/", "legacy-pricing/"):
        page.goto(site + path)
        assert "Legacy pricing" not in page.locator(".sidebar").inner_text()


# --- small screens, dark mode, no JavaScript -------------------------------------------


def test_language_switch_in_the_mobile_menu_in_dark_mode(site: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    page = context.new_page()
    try:
        page.goto(site + "boats/")
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        assert not page.locator(".language-menu > summary").is_visible()  # in the closed drawer
        page.locator(".menu-button").click()
        summary = page.locator(".language-menu > summary")
        expect(summary).to_be_visible()  # once the drawer has slid in
        expect(summary).to_be_in_viewport(ratio=1)
        box = summary.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 40
        assert text_contrast(page, ".language-menu > summary") >= 4.5
        switch_language(page, "Français")
        page.wait_for_url(site + "fr/boats/")
        assert title(page) == "Bateaux"
    finally:
        context.close()


def test_without_javascript_every_level_is_reachable(site: str, browser: Any) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(site + "api/boats/")
        page.locator(".dropdown-menu > summary").click()  # <details> opens without scripts
        page.locator(".dropdown-list a", has_text="Webhooks").click()
        page.wait_for_url(site + "api/webhooks/events/")
        switch_language(page, "Français")
        page.wait_for_url(site + "fr/api/webhooks/events/")
        assert title(page) == "Événements webhook"
        page.locator(".tabs a", has_text="Guides").click()
        page.wait_for_url(site + "fr/quickstart/")
        page.locator(".nav-group-link", has_text="Réservations").click()  # the group's root page
        page.wait_for_url(site + "fr/bookings/overview/")
        # A page in a closed nested group: the group is open on that page.
        page.goto(site + "bookings/refunds/")
        assert page.locator(".sidebar-nav a", has_text="Refunds").is_visible()
        page.goto(site + "bookings/create/")
        assert not page.locator(".sidebar-nav a", has_text="Refunds").is_visible()
    finally:
        context.close()


# --- search ---------------------------------------------------------------------------


def search_titles(page: Any, text: str) -> list[str]:
    page.keyboard.press("Control+k")
    page.keyboard.type(text)
    results = page.locator("#search-results .search-result-page")
    results.first.wait_for()
    return sorted(set(results.all_inner_texts()))


def test_search_is_scoped_to_the_language(site: str, page: Any) -> None:
    page.goto(site + "fr/quickstart/")
    assert search_titles(page, "confirmed") == ["Événements webhook"]
    page.goto(site + "quickstart/")  # English stems "confirmed" like "confirms"
    assert search_titles(page, "confirmed") == ["Bookings overview", "Create a booking", "Webhook events"]


def test_search_is_scoped_to_the_version(site: str, page: Any) -> None:
    page.goto(site + "bookings/overview/")
    assert search_titles(page, "reserve") == ["Create a booking"]
    page.goto(site + "v1/quickstart/")
    assert search_titles(page, "reserve") == ["Quickstart (v1)"]


def test_switcher_matches_by_path_without_the_language_folder(site: str, page: Any) -> None:
    # The same rule for every page: each English page with a French twin links to it.
    for path, french in [("quickstart/", "fr/quickstart/"), ("api/webhooks/events/", "fr/api/webhooks/events/"),
                         ("v1/quickstart/", "fr/quickstart/"), ("api/bookings/", "fr/quickstart/")]:
        page.goto(site + path)
        href = page.locator(".language-list a[hreflang=fr]").evaluate("a => a.href")
        assert href == site + french, path


# --- languages below the top of `navigation` ---------------------------------------------


def test_languages_inside_versions_switch_within_the_version(
        make_project: Callable[..., Path], static_server: Callable[[Path], str], page: Any) -> None:
    # French exists in v2 only: its version picker lists v2 alone, its pages are <html lang="fr">.
    config = {"theme": "mint", "name": "Harbour", "colors": {"primary": "#0E7490"}, "navigation": {"versions": [
        {"version": "v2", "default": True, "languages": [
            {"language": "en", "groups": [{"group": "Start", "pages": ["intro", "moor"]}]},
            {"language": "fr", "groups": [{"group": "Démarrer", "pages": ["fr/intro", "fr/moor"]}]}]},
        {"version": "v1", "languages": [{"language": "en", "groups": [{"group": "Old", "pages": ["v1/intro"]}]}]},
    ]}}
    pages = {f"{name}.mdx": f"---\ntitle: {title}\n---\n\n{title}: Tidewater marina.\n" for name, title in [
        ("intro", "Welcome"), ("moor", "Mooring"), ("fr/intro", "Bienvenue"), ("fr/moor", "Amarrage"),
        ("v1/intro", "Welcome (v1)")]}
    project = make_project(config, pages)
    assert build(project) == []
    site = static_server(project / "site")
    page.goto(site + "moor/")
    assert page.locator(".version-select option").all_inner_texts() == ["v2", "v1"]
    switch_language(page, "Français")
    page.wait_for_url(site + "fr/moor/")
    assert (page.evaluate("document.documentElement.lang"), title(page)) == ("fr", "Amarrage")
    assert sidebar_links(page) == ["Bienvenue", "Amarrage"]
    assert page.locator(".version-select option").all_inner_texts() == ["v2"]
    assert search_titles(page, "marina") == ["Amarrage", "Bienvenue"]  # French pages only
    page.keyboard.press("Escape")
    switch_language(page, "English")
    page.wait_for_url(site + "moor/")
    assert search_titles(page, "marina") == ["Mooring", "Welcome"]  # English, v2 only
    page.keyboard.press("Escape")
    page.select_option(".version-select", "v1")
    page.wait_for_url(site + "v1/intro/")  # no v1 "moor": v1's first page
    assert page.evaluate("document.documentElement.lang") == "en"
