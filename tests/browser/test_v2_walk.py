"""One reader's walk through every level of a v2 docs.json navigation, in real Chromium, on
the Tidewater fixture (tests/fixtures/mintlify/tidewater-v2: two languages through `$ref`,
two versions, tabs, anchors, dropdowns, global anchors, an `openapi` dropdown, a group root
and tag, a hidden page, external links, redirects, navbar and footer columns).

The same walk runs in light and dark mode on a desktop and on a 390 px phone, where the
sidebar is reached through the menu button."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import fixture_served, sidebar_links, text_contrast
from conftest import FIXTURES

pytestmark = pytest.mark.browser

TIDEWATER = FIXTURES / "mintlify" / "tidewater-v2"
PHONE = 390


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fixture built once (without a warning) and served over HTTP for the whole module."""
    with fixture_served(tmp_path_factory, "tidewater-v2") as url:
        yield url


class Reader:
    """A reader on one page: what they see and the clicks they make (opening the phone's
    menu first whenever what they want is in the sidebar)."""

    def __init__(self, page: Any, site: str, width: int) -> None:
        self.page, self.site, self.phone = page, site, width <= PHONE

    def arrive(self, path: str) -> None:
        self.page.wait_for_url(self.site + path)

    def title(self) -> str:
        return str(self.page.locator("h1.page-title").inner_text())

    def sidebar(self) -> Any:
        """The sidebar, with the phone's drawer opened once it has slid in."""
        sidebar = self.page.locator(".sidebar")
        if self.phone and "nav-open" not in (self.page.locator("body").get_attribute("class") or ""):
            assert not sidebar.locator(".sidebar-nav").is_visible()  # closed until asked for
            self.page.locator(".menu-button").click()
            expect(sidebar.locator(".sidebar-nav")).to_be_in_viewport()
        return sidebar

    def switch_language(self, name: str) -> None:
        self.sidebar().locator(".language-menu > summary").click()
        self.page.locator(".language-list a", has_text=name).click()

    def choose_version(self, version: str) -> None:
        self.sidebar().locator(".version-select").select_option(version)

    def versions(self) -> list[str]:
        return list(self.sidebar().locator(".version-select option").all_inner_texts())


@pytest.mark.parametrize(("mode", "width"), [("light", 1280), ("dark", 1280), ("light", PHONE), ("dark", PHONE)],
                         ids=["light-desktop", "dark-desktop", "light-phone", "dark-phone"])
def test_walk_every_level(site: str, browser: Any, mode: str, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 844}, color_scheme=mode)
    page = context.new_page()
    reader = Reader(page, site, width)
    try:
        # A redirect lands on its target; the page is English, in the reader's colour mode.
        page.goto(site + "getting-started/")
        reader.arrive("quickstart/")
        assert reader.title() == "Quickstart"
        assert page.evaluate("[document.documentElement.lang, document.documentElement.dataset.theme]") == ["en", mode]

        # Navbar links (in the drawer on a phone), the navbar button and the footer columns.
        links = page.locator(".sidebar-links a" if reader.phone else ".topbar-links a")
        if reader.phone:
            reader.sidebar()
        expect(links.filter(has_text="Support")).to_have_attribute("href", "https://tidewater.example/support")
        expect(links.filter(has_text="Forum")).to_have_attribute("href", "https://forum.tidewater.example")
        expect(page.locator(".cta-button")).to_have_attribute("href", "https://app.tidewater.example")
        assert page.locator(".footer-column-header").all_inner_texts() == ["Marina", "Company"]
        expect(page.locator(".footer-column a", has_text="Harbour map")).to_have_attribute(
            "href", "https://tidewater.example/map")
        page.locator(".footer-column a", has_text="Careers").scroll_into_view_if_needed()
        assert text_contrast(page, ".footer-column a") >= 4.5

        # The version picker keeps the reader on the same page in the other version (not
        # on that version's first page).
        reader.sidebar().locator(".sidebar-nav").get_by_role("link", name="Boats", exact=True).click()
        reader.arrive("boats/")
        assert reader.versions() == ["v2", "v1"]
        reader.choose_version("v1")
        reader.arrive("v1/boats/")
        assert reader.title() == "Boats (v1)"
        reader.sidebar()
        assert sidebar_links(page) == ["Quickstart (v1)", "Boats (v1)"]
        reader.choose_version("v2")
        reader.arrive("boats/")

        # The group root opens from the group's title, its tag beside it; a hidden page is not listed.
        sidebar = reader.sidebar()
        assert "Legacy pricing" not in sidebar.inner_text()
        group = sidebar.locator(".nav-group-title", has=page.locator("a.nav-group-root", has_text="Bookings"))
        expect(group.locator(".nav-group-tag")).to_have_text("New")
        assert text_contrast(page, ".sidebar-nav a.nav-link") >= 4.5
        group.locator("a.nav-group-root").click()
        reader.arrive("bookings/overview/")
        expect(page.locator("a.nav-group-root[aria-current=page]")).to_have_text("Bookings")

        # The language switch keeps the page; French has v2 only, so its picker lists v2 alone.
        reader.switch_language("Français")
        reader.arrive("fr/bookings/overview/")
        assert page.evaluate("document.documentElement.lang") == "fr"
        assert reader.title() == "Réservations : vue d'ensemble"
        assert reader.versions() == ["v2"]
        reader.switch_language("English")
        reader.arrive("bookings/overview/")

        # The hidden page is there for whoever has its URL.
        page.goto(site + "legacy-pricing/")
        assert reader.title() == "Legacy pricing"
        assert "Legacy pricing" not in reader.sidebar().inner_text()

        # An anchor, and a global anchor: an external link opening in a new tab.
        reader.sidebar().locator(".anchors a", has_text="Changelog").click()
        reader.arrive("changelog/")
        status = reader.sidebar().locator(".anchors a", has_text="Status")
        expect(status).to_have_attribute("href", "https://status.tidewater.example")
        expect(status).to_have_attribute("target", "_blank")

        # A tab, then the dropdown swaps the sidebar for the section generated from OpenAPI.
        page.locator(".tabs a", has_text="API reference").click()
        reader.arrive("api/boats/")
        sidebar = reader.sidebar()
        sidebar.locator(".dropdown-menu > summary").click()
        assert sidebar.locator(".dropdown-list a").all_inner_texts() == ["REST API", "Webhooks", "Marina API"]
        sidebar.locator(".dropdown-list a", has_text="Marina API").click()
        reader.arrive("api-reference/slips/list-slips/")
        sidebar = reader.sidebar()
        expect(sidebar.locator(".dropdown-menu > summary")).to_have_text("Marina API")
        # One page per operation, its method as a badge before the summary.
        assert sidebar_links(page) == ["GET\nList slips", "GET\nGet a slip"]

        # A generated API page reached from the sidebar: its operation, nothing written by hand.
        sidebar.locator(".sidebar-nav a.nav-link", has_text="Get a slip").click()
        reader.arrive("api-reference/slips/get-a-slip/")
        assert reader.title() == "Get a slip"
        expect(page.locator(".api-method").first).to_have_text("GET")
        expect(page.locator(".api-path").first).to_contain_text("/slips/{slipId}")

        # The other redirect, through the permanent entry.
        page.goto(site + "reservations/new/")
        reader.arrive("bookings/create/")
        assert reader.title() == "Create a booking"
    finally:
        context.close()
