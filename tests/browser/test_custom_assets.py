"""A project's own CSS and JavaScript in real Chromium, as Mintlify applies them: every .css
file styles every page (rules written for Mintlify's #navbar work), every .js file runs on
every page, a page's <style> applies; `--no-scripts` shows none of it; and `sitegen serve`
reloads the open tab when a stylesheet is saved."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from conftest import FIXTURES, DevServer, run_sitegen, serving

pytestmark = pytest.mark.browser

WAIT = 60_000  # ms: generous, the tests never depend on how fast it is
TEAL = "rgb(14, 116, 144)"  # the fixture's style.css and its page's <style>
HERO = "rgb(8, 51, 68)"


def style_of(page: Any, selector: str, prop: str) -> str:
    return str(page.eval_on_selector(selector, "(el, prop) => getComputedStyle(el)[prop]", prop))


def copy_lanternfish(parent: Path) -> Path:
    project = parent / "lanternfish"
    shutil.copytree(FIXTURES / "mintlify" / "lanternfish-v2", project)
    return project


def built(parent: Path, *args: str) -> Path:
    project = copy_lanternfish(parent)
    result = run_sitegen("build", project, "--out", parent / "site", *args)
    assert result.returncode == 0, result.stderr
    return parent / "site"


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(built(tmp_path_factory.mktemp("custom"))) as url:
        yield url


@pytest.fixture(scope="module")
def bare_site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(built(tmp_path_factory.mktemp("bare"), "--no-scripts")) as url:
        yield url


def test_custom_css_styles_every_page_through_mintlify_ids(site_url: str, page: Any) -> None:
    page.goto(site_url)
    expect(page.locator(".hero-banner")).to_contain_text("Lanternfish finds what your logs hide.")
    assert style_of(page, ".hero-banner", "backgroundColor") == HERO
    assert style_of(page, ".hero-banner", "borderTopLeftRadius") == "12px"
    assert style_of(page, "#navbar", "borderBottomColor") == TEAL  # `#navbar { … }` from style.css
    assert style_of(page, "#navbar", "borderBottomWidth") == "3px"
    # The image nothing but the CSS uses is published: the browser loaded it.
    image = style_of(page, ".hero-banner", "backgroundImage")
    assert image.endswith('/images/hero-glow.png")')
    assert page.request.get(site_url + "images/hero-glow.png").status == 200
    page.goto(site_url + "guides/embedding/")  # another page, two folders down
    assert style_of(page, "#navbar", "borderBottomColor") == TEAL


def test_custom_js_runs_on_every_page(site_url: str, page: Any) -> None:
    for path in ("", "quickstart/", "api-reference/list-lights/"):
        page.goto(site_url + path)
        expect(page.locator("#lanternfish-chat-badge")).to_have_text("Chat with Lanternfish")
        assert page.locator("#lanternfish-chat-badge").count() == 1  # run once


def test_a_style_element_in_a_page_applies(site_url: str, page: Any) -> None:
    page.goto(site_url + "guides/styling/")
    expect(page.locator(".tinted-note")).to_be_visible()
    assert style_of(page, ".tinted-note", "borderLeftColor") == TEAL
    assert style_of(page, ".tinted-note", "borderLeftWidth") == "4px"


def test_a_script_element_in_a_page_does_not_run(site_url: str, page: Any) -> None:
    page.goto(site_url + "guides/embedding/")
    expect(page.locator("h1")).to_have_text("Embedding the chat widget")
    expect(page.locator("#lanternfish-chat-badge")).to_have_count(1)  # the page is interactive: widget.js ran
    assert page.evaluate("window.lanternfishChat") is None
    assert "lanternfishChat" not in page.locator("main").inner_text()  # and its code is not shown as text


def test_no_scripts_shows_neither_the_custom_css_nor_the_js(bare_site_url: str, page: Any) -> None:
    page.goto(bare_site_url)
    expect(page.locator(".hero-banner")).to_contain_text("Lanternfish finds what your logs hide.")
    # The theme's own scripts ran (the search button works), the project's did not.
    page.locator("#search-bar-entry").click()
    expect(page.locator("#search-input")).to_be_focused()
    expect(page.locator("#lanternfish-chat-badge")).to_have_count(0)
    assert style_of(page, ".hero-banner", "backgroundColor") != HERO
    assert style_of(page, "#navbar", "borderBottomColor") != TEAL
    page.goto(bare_site_url + "guides/styling/")
    assert style_of(page, ".tinted-note", "borderLeftWidth") == "0px"


def test_saving_a_stylesheet_reloads_the_open_tab(tmp_path: Path, dev_server: Callable[..., DevServer],
                                                  page: Any) -> None:
    project = copy_lanternfish(tmp_path)
    server = dev_server(project)
    page.goto(server.url + "quickstart/")
    expect(page.locator("#lanternfish-chat-badge")).to_have_count(1)
    assert style_of(page, "#navbar", "borderBottomColor") == TEAL
    page.evaluate("window.__beforeReload = true")
    (project / "style.css").write_text("#navbar { border-bottom: 5px solid rgb(190, 18, 60); }\n")
    page.wait_for_function("() => !window.__beforeReload && document.querySelector('#navbar')"
                           " && getComputedStyle(document.querySelector('#navbar')).borderBottomWidth === '5px'",
                           timeout=WAIT)
    assert style_of(page, "#navbar", "borderBottomColor") == "rgb(190, 18, 60)"


def test_serve_no_scripts_runs_no_custom_js(tmp_path: Path, dev_server: Callable[..., DevServer], page: Any) -> None:
    server = dev_server(copy_lanternfish(tmp_path), "--no-scripts")
    page.goto(server.url)
    expect(page.locator("#page-title")).to_have_text("Welcome to Lanternfish")
    page.locator("#search-bar-entry").click()  # the theme's scripts ran
    expect(page.locator("#search-input")).to_be_focused()
    expect(page.locator("#lanternfish-chat-badge")).to_have_count(0)
    assert page.request.get(server.url + "widget.js").status == 404
