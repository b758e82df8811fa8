"""The top bar in real Chromium: logo, favicon, topbarLinks, topbarCtaButton (link and github)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import PAGES, serve_project

pytestmark = pytest.mark.browser

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="{}"/></svg>'
NAV = [{"group": "Start", "pages": ["intro", "guide"]}]


def test_logo_light_and_dark_images_swap_and_link_home(make_project: Callable[..., Path], page: Any,
                                                       static_server: Callable[[Path], str]) -> None:
    project = make_project(
        {"name": "Acme", "navigation": NAV, "logo": {"light": "/img/light.svg", "dark": "/img/dark.svg"}},
        {**PAGES, "/img/light.svg": SVG.format("#000"), "/img/dark.svg": SVG.format("#fff")},
    )
    base = serve_project(project, static_server)
    page.goto(base + "guide/")
    light, dark = page.locator("img.logo-light"), page.locator("img.logo-dark")
    assert light.is_visible() and not dark.is_visible()
    assert light.evaluate("img => img.naturalWidth") == 10  # the image really loaded
    assert light.get_attribute("alt") == "Acme"
    page.click(".mode-toggle")
    assert dark.is_visible() and not light.is_visible()
    assert dark.evaluate("img => img.currentSrc").endswith("/img/dark.svg")
    page.click(".brand")  # default href: the site's home
    assert page.url == base
    assert page.locator("h1").inner_text() == "Intro"


def test_logo_string_with_custom_href_and_no_logo_shows_name(make_project: Callable[..., Path], page: Any,
                                                             static_server: Callable[[Path], str]) -> None:
    project = make_project(
        {"name": "Acme", "navigation": NAV, "logo": "/logo.svg"}, {**PAGES, "/logo.svg": SVG.format("#123")}
    )
    base = serve_project(project, static_server)
    page.goto(base + "guide/")
    assert page.locator("img.logo:visible").get_attribute("src") == "../logo.svg"
    # An object logo's href may point at an outside site.
    logo = {"light": "/logo.svg", "dark": "/logo.svg", "href": "https://acme.example"}
    linked = make_project({"name": "Acme", "navigation": NAV, "logo": logo}, {**PAGES, "/logo.svg": SVG}, name="linked")
    page.goto(serve_project(linked, static_server) + "guide/")
    assert page.get_attribute(".brand", "href") == "https://acme.example"
    # No logo at all: the site name as text.
    plain = make_project({"name": "Acme", "navigation": NAV}, PAGES, name="plain")
    page.goto(serve_project(plain, static_server) + "guide/")
    assert page.locator(".brand img").count() == 0
    assert page.locator(".brand").inner_text().strip() == "Acme"


@pytest.mark.parametrize(("name", "mime"), [("icon.svg", "image/svg+xml"), ("icon.png", "image/png"),
                                            ("favicon.ico", "image/x-icon")])
def test_favicon_link_has_the_type_of_its_file(make_project: Callable[..., Path], page: Any,
                                               static_server: Callable[[Path], str], name: str, mime: str) -> None:
    project = make_project({"name": "Acme", "navigation": NAV, "favicon": f"/{name}"}, {**PAGES, f"/{name}": b"\x00icon"})
    base = serve_project(project, static_server)
    page.goto(base + "guide/")
    link = page.locator('link[rel="icon"]')
    assert link.get_attribute("type") == mime
    # The href resolves to the copied file from a nested page.
    status = page.evaluate("href => fetch(href).then(r => r.status)", link.evaluate("l => l.href"))
    assert status == 200


def test_topbar_links_and_link_cta(make_project: Callable[..., Path], page: Any,
                                   static_server: Callable[[Path], str]) -> None:
    project = make_project({
        "name": "Acme", "navigation": NAV,
        "topbarLinks": [{"name": "Blog", "url": "https://blog.acme.example"}, {"name": "Guide", "url": "/guide"}],
        "topbarCtaButton": {"name": "Get started", "url": "https://app.acme.example/signup"},
        "colors": {"primary": "#0A66C2", "dark": "#7C2D12"},
    }, PAGES)
    base = serve_project(project, static_server)
    page.goto(base + "intro/")
    links = page.locator(".topbar-links a")
    assert links.all_inner_texts() == ["Blog", "Guide"]
    assert links.nth(0).get_attribute("href") == "https://blog.acme.example"
    links.nth(1).click()  # a site path in topbarLinks works from any page
    expect(page.locator("h1")).to_have_text("Guide")  # waits for the new page
    cta = page.locator(".cta-button")
    assert cta.is_visible() and cta.inner_text().strip() == "Get started"
    assert cta.get_attribute("href") == "https://app.acme.example/signup"
    # colors.dark is the colour of important buttons.
    assert cta.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(124, 45, 18)"


def _github_project(make_project: Callable[..., Path], url: str, name: str = "project") -> Path:
    return make_project(
        {"name": "Acme", "navigation": NAV, "topbarCtaButton": {"type": "github", "url": url}}, PAGES, name=name
    )


def test_github_cta_shows_repo_and_star_count_without_moving(make_project: Callable[..., Path], page: Any,
                                                             static_server: Callable[[Path], str]) -> None:
    base = serve_project(_github_project(make_project, "https://github.com/acme/widgets"), static_server)
    requested: list[str] = []
    release: list[Any] = []  # hold the API answer until the button has been measured

    def answer(route: Any) -> None:
        requested.append(route.request.url)
        release.append(route)

    page.route("https://api.github.com/**", answer)
    page.goto(base + "intro/")
    button = page.locator(".github-button")
    assert button.get_attribute("href") == "https://github.com/acme/widgets"
    assert button.locator(".github-name").inner_text() == "acme/widgets"
    assert button.locator("svg").first.is_visible()  # the GitHub mark
    page.wait_for_function("() => document.readyState === 'complete'")
    before = button.bounding_box()
    assert requested == ["https://api.github.com/repos/acme/widgets"]
    release[0].fulfill(json={"full_name": "acme/widgets", "stargazers_count": 1234})
    page.wait_for_function("document.querySelector('.github-stars-count').textContent !== ''")
    assert button.locator(".github-stars-count").inner_text() == "1.2k"
    assert button.bounding_box() == before  # space was reserved: nothing jumped


def _answer_stars(count: int) -> Callable[[Any], None]:
    return lambda route: route.fulfill(json={"stargazers_count": count})


def test_star_counts_are_abbreviated(make_project: Callable[..., Path], page: Any,
                                     static_server: Callable[[Path], str]) -> None:
    base = serve_project(_github_project(make_project, "https://github.com/acme/widgets"), static_server)
    for count, shown in [(7, "7"), (999, "999"), (1000, "1k"), (15420, "15.4k"), (250300, "250k"), (2_400_000, "2.4M")]:
        page.unroute("https://api.github.com/**")
        page.route("https://api.github.com/**", _answer_stars(count))
        page.goto(base + "intro/")
        page.evaluate("sessionStorage.clear()")  # the count is cached per tab; ask again
        page.reload()
        page.wait_for_function("document.querySelector('.github-stars-count').textContent !== ''")
        assert page.locator(".github-stars-count").inner_text() == shown


def test_github_cta_survives_api_failure_and_non_repository_urls(make_project: Callable[..., Path], page: Any,
                                                                 static_server: Callable[[Path], str]) -> None:
    base = serve_project(_github_project(make_project, "https://github.com/acme/widgets"), static_server)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route("https://api.github.com/**", lambda route: route.fulfill(status=403, json={"message": "rate limited"}))
    page.goto(base + "intro/")
    page.wait_for_selector(".github-button[data-stars='failed']", state="attached")
    button = page.locator(".github-button")
    assert button.is_visible() and button.locator(".github-name").inner_text() == "acme/widgets"
    assert not page.locator(".github-stars").is_visible()
    assert errors == []

    # An organisation url is not a repository: the button stays a plain link and asks nothing.
    requested: list[str] = []
    page.route("https://api.github.com/**", lambda route: (requested.append(route.request.url), route.abort()))
    other = serve_project(_github_project(make_project, "https://github.com/acme", "org"), static_server)
    page.goto(other + "intro/")
    page.wait_for_timeout(100)
    assert page.locator(".github-button").get_attribute("href") == "https://github.com/acme"
    assert page.locator(".github-stars").count() == 0
    assert requested == [] and errors == []
