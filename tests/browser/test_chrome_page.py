"""The rest of the chrome in real Chromium: footerSocials, feedback, backgroundImage, the
mobile drawer, keyboard focus, code copy buttons, "On this page" and the current page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from chrome_support import PAGES, build, computed, serve_project

pytestmark = pytest.mark.browser

NAV = [{"group": "Start", "pages": ["intro", "guide"]}]


def test_footer_socials_are_labelled_icon_links(make_project: Callable[..., Path], page: Any,
                                                static_server: Callable[[Path], str]) -> None:
    socials = {"website": "https://acme.example", "x": "https://x.com/acme", "github": "https://github.com/acme",
               "discord": "https://discord.gg/acme", "slack": "https://acme.slack.com", "facebook": "https://fb.com/acme",
               "linkedin": "https://linkedin.com/company/acme", "instagram": "https://instagram.com/acme",
               "hacker-news": "https://news.ycombinator.com/user?id=acme"}
    base = serve_project(make_project({"name": "Acme", "navigation": NAV, "footerSocials": socials}, PAGES), static_server)
    page.goto(base + "guide/")
    links = page.locator(".footer-socials a")
    assert links.count() == len(socials)
    labels = [links.nth(i).get_attribute("aria-label") for i in range(links.count())]
    assert labels == ["Website", "X", "GitHub", "Discord", "Slack", "Facebook", "LinkedIn", "Instagram", "Hacker News"]
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == list(socials.values())
    for i in range(links.count()):
        assert links.nth(i).locator("svg").is_visible()  # an icon, not a word
        assert links.nth(i).inner_text().strip() == ""


def test_feedback_links_name_the_page(make_project: Callable[..., Path], page: Any,
                                      static_server: Callable[[Path], str]) -> None:
    config = {"name": "Acme", "navigation": NAV, "feedback": {"suggestEdit": True, "raiseIssue": True},
              "footerSocials": {"github": "https://github.com/acme/docs"}}
    base = serve_project(make_project(config, PAGES), static_server)
    page.goto(base + "guide/")
    edit = page.get_by_role("link", name="Suggest edits")
    assert edit.get_attribute("href") == "https://github.com/acme/docs/edit/main/content/guide.md"
    issue = page.get_by_role("link", name="Raise issue")
    url = urlsplit(issue.get_attribute("href"))
    assert f"{url.scheme}://{url.netloc}{url.path}" == "https://github.com/acme/docs/issues/new"
    query = parse_qs(url.query)
    assert "Guide" in query["title"][0]
    assert "/guide/" in query["body"][0] and "content/guide.md" in query["body"][0]


def test_feedback_repository_prefers_the_github_cta_and_warns_without_one(
    make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]
) -> None:
    config = {"name": "Acme", "navigation": NAV, "feedback": {"suggestEdit": True},
              "topbarCtaButton": {"type": "github", "url": "https://github.com/acme/site"},
              "footerSocials": {"github": "https://github.com/acme/other"}}
    page.route("https://api.github.com/**", lambda route: route.fulfill(json={"stargazers_count": 1}))
    base = serve_project(make_project(config, PAGES), static_server)
    page.goto(base + "intro/")
    assert page.get_by_role("link", name="Suggest edits").get_attribute("href") == (
        "https://github.com/acme/site/edit/main/content/intro.md"
    )
    lonely = make_project({"name": "Acme", "navigation": NAV, "feedback": {"raiseIssue": True}}, PAGES, name="lonely")
    warnings = build(lonely)
    assert [w for w in warnings if "feedback" in w] == [
        "docs.json: feedback: no GitHub repository to link to; set a github topbarCtaButton or "
        "footerSocials.github to a repository url (https://github.com/owner/repo)"
    ]
    page.goto((lonely / "site" / "intro" / "index.html").as_uri())
    assert page.locator(".feedback").count() == 0


def test_background_image_is_fixed_behind_the_content(make_project: Callable[..., Path], page: Any,
                                                      static_server: Callable[[Path], str]) -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#f0f"/></svg>'
    long_page = "# Intro\n\n" + "\n\n".join(f"Paragraph {i}." for i in range(80))
    config = {"name": "Acme", "navigation": NAV, "backgroundImage": "/images/bg.svg"}
    base = serve_project(make_project(config, {**PAGES, "intro.md": long_page, "/images/bg.svg": svg}), static_server)
    for path in ("", "guide/"):  # every page, whatever its depth
        page.goto(base + path)
        layer = page.locator(".background-image")
        assert computed(page, ".background-image", "position") == "fixed"
        assert int(computed(page, ".background-image", "zIndex")) < 0
        image_url = layer.evaluate("el => getComputedStyle(el).backgroundImage")
        assert image_url == f'url("{base}images/bg.svg")'
    page.goto(base)
    page.mouse.wheel(0, 1500)
    page.wait_for_function("scrollY > 1000")
    assert page.locator(".background-image").bounding_box()["y"] == 0  # fixed: it does not scroll away
    # Under the content: the paragraph, not the background layer, is what a click hits.
    hit = page.evaluate("(() => { const p = document.querySelectorAll('.prose p')[30].getBoundingClientRect();"
                        " return document.elementFromPoint(p.x + 5, p.y + 5).tagName; })()")
    assert hit == "P"


def test_mobile_sidebar_is_a_drawer_behind_a_menu_button(make_project: Callable[..., Path], browser: Any,
                                                         static_server: Callable[[Path], str]) -> None:
    base = serve_project(make_project({"name": "Acme", "navigation": NAV}, PAGES), static_server)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    phone = context.new_page()
    try:
        phone.goto(base + "intro/")
        menu = phone.locator(".menu-button")
        guide_link = phone.locator(".sidebar a.nav-link", has_text="Guide")
        assert menu.is_visible() and not guide_link.is_visible()
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390  # nothing overflows sideways
        menu.click()
        assert menu.get_attribute("aria-expanded") == "true"
        phone.wait_for_function("getComputedStyle(document.querySelector('.sidebar')).transform === 'none'")
        assert guide_link.is_visible()
        phone.keyboard.press("Escape")
        assert menu.get_attribute("aria-expanded") == "false"
        menu.click()
        phone.wait_for_function("getComputedStyle(document.querySelector('.sidebar')).transform === 'none'")
        guide_link.click()
        expect(phone.locator("h1")).to_have_text("Guide")  # waits for the new page
    finally:
        context.close()


def test_keyboard_navigation_has_visible_focus(make_project: Callable[..., Path], page: Any,
                                               static_server: Callable[[Path], str]) -> None:
    base = serve_project(make_project({"name": "Acme", "navigation": NAV}, PAGES), static_server)
    page.goto(base + "intro/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Skip to content"
    assert page.locator(".skip-link").is_visible()
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#content"
    for _ in range(12):  # walk on until a sidebar link holds focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.nav-link')"):
            break
    focused = page.evaluate("document.activeElement.textContent.trim()")
    assert focused in ("Intro", "Guide")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"
    page.keyboard.press("Enter")
    assert page.locator("h1").inner_text() == focused


def test_code_blocks_have_a_working_copy_button(make_project: Callable[..., Path], page: Any,
                                                static_server: Callable[[Path], str]) -> None:
    code_page = "# Intro\n\n```bash install.sh\npip install acme\n```\n"
    base = serve_project(make_project({"name": "Acme", "navigation": NAV}, {**PAGES, "intro.md": code_page}), static_server)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(base + "intro/")
    page.bring_to_front()  # the async clipboard API needs a focused document
    block = page.locator(".code-block")
    button = block.locator(".copy-code")
    assert block.locator(".code-title").inner_text() == "install.sh"
    block.hover()
    assert button.is_visible()
    button.click()
    # The Clipboard API answers asynchronously: wait for the button to say so.
    expect(button).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == "pip install acme\n"


def test_on_this_page_highlights_the_section_in_view(make_project: Callable[..., Path], page: Any,
                                                     static_server: Callable[[Path], str]) -> None:
    filler = "\n\n".join(f"Line {i} of text." for i in range(30))
    body = "# Intro\n\n" + "\n\n".join(f"## Part {n}\n\n{filler}" for n in ("one", "two", "three"))
    base = serve_project(make_project({"name": "Acme", "navigation": NAV}, {**PAGES, "intro.md": body}), static_server)
    page.goto(base + "intro/")
    active = ".toc-nav a.active"
    page.locator("#part-two").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('part-two').scrollIntoView()")
    page.wait_for_function(f"document.querySelector({active!r})?.textContent === 'Part two'")
    page.evaluate("document.getElementById('part-three').scrollIntoView()")
    page.wait_for_function(f"document.querySelector({active!r})?.textContent === 'Part three'")
    assert page.locator(active).count() == 1


def test_current_page_is_marked_and_scrolled_into_view(make_project: Callable[..., Path], page: Any,
                                                       static_server: Callable[[Path], str]) -> None:
    names = [f"page{i:02}" for i in range(60)]
    pages = {f"{name}.md": f"# Page {name}\n" for name in names}
    config = {"name": "Acme", "navigation": [{"group": "Many", "pages": names}]}
    base = serve_project(make_project(config, pages), static_server)
    page.goto(base + "page55/")
    current = page.locator(".nav-link[aria-current='page']")
    assert current.count() == 1 and current.inner_text().strip() == "Page55"
    sidebar = page.locator(".sidebar").bounding_box()
    box = current.bounding_box()
    assert sidebar["y"] <= box["y"] and box["y"] + box["height"] <= sidebar["y"] + sidebar["height"]
