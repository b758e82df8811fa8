"""Search in real Chromium: the top-bar button, the dialog, results from the Pagefind bundle."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from sitegen import search
from sitegen.colors import contrast
from sitegen.pipeline import build as sitegen_build
from sitegen.pipeline import build_site, write_site
from sitegen.search import plan_shards

from chrome_support import build, computed, rgb, serve_project

pytestmark = pytest.mark.browser


def options(page: Any) -> list[str]:
    return page.locator("#search-results [role=option]").all_inner_texts()


def selected(page: Any) -> str:
    return page.locator("#search-results [aria-selected=true]").inner_text()


def selected_page(page: Any) -> str:
    """The page title of the selected result."""
    return page.locator("#search-results [aria-selected=true] .search-result-page").inner_text()


def test_ctrl_k_bearer_enter_opens_authentication(example_project: Path, page: Any,
                                                  static_server: Callable[[Path], str]) -> None:
    base = serve_project(example_project, static_server)
    page.goto(base + "quickstart/")
    button = page.locator(".search-button")
    assert "Ctrl K" in " ".join(button.inner_text().split())  # the shortcut is advertised
    page.keyboard.press("Control+k")
    dialog = page.locator("#search-dialog")
    assert dialog.is_visible()
    assert page.evaluate("document.activeElement.classList.contains('search-input')")
    page.keyboard.type("bearer")
    page.locator("#search-results .search-result-page").get_by_text("Authentication", exact=True).wait_for()
    # Links are relative to this page, like every other link of the site.
    hrefs = page.locator("#search-results a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert all(href.startswith("../") for href in hrefs), hrefs
    assert page.locator("#search-results mark", has_text="bearer").count() > 0  # the match is highlighted
    for _ in range(len(options(page))):
        if selected_page(page) == "Authentication":
            break
        page.keyboard.press("ArrowDown")
    assert selected_page(page) == "Authentication"
    page.keyboard.press("Enter")
    page.wait_for_url(base + "authentication/**")
    assert page.locator("h1").inner_text() == "Authentication"


def test_gibberish_has_no_results_and_escape_closes(example_project: Path, page: Any,
                                                   static_server: Callable[[Path], str]) -> None:
    base = serve_project(example_project, static_server)
    page.goto(base)
    page.keyboard.press("/")
    page.keyboard.type("qzxwvjq")
    status = page.locator(".search-status")
    status.filter(has_text="No results").wait_for()
    assert status.inner_text() == "No results for “qzxwvjq”"
    assert options(page) == []
    page.keyboard.press("Escape")
    assert not page.locator("#search-dialog").is_visible()
    # Arrows wrap around the results; the selection follows the keyboard.
    page.click(".search-button")
    page.locator(".search-input").fill("plant")
    page.locator("#search-results [role=option]").first.wait_for()
    first = selected(page)
    page.keyboard.press("ArrowUp")
    assert selected(page) == options(page)[-1]
    page.keyboard.press("ArrowDown")
    assert selected(page) == first


def test_click_a_result_from_a_deep_page(example_project: Path, page: Any,
                                         static_server: Callable[[Path], str]) -> None:
    base = serve_project(example_project, static_server)
    page.goto(base + "api-reference/plants/create/")
    page.click(".search-button")
    page.locator(".search-input").fill("naming")
    page.locator("#search-results a", has_text="Naming plants").first.click()
    page.wait_for_url(base + "guides/naming-plants/**")
    assert page.locator("h1").inner_text() == "Naming plants"


@pytest.fixture
def dark_phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark", has_touch=True)
    yield context.new_page()
    context.close()


def test_phone_width_in_dark_mode(example_project: Path, dark_phone: Any, static_server: Callable[[Path], str]) -> None:
    page = dark_phone
    base = serve_project(example_project, static_server)
    page.goto(base + "authentication/")
    button = page.locator(".search-button")
    assert button.is_visible() and not page.locator(".search-button-label").is_visible()  # an icon
    button.click()
    page.keyboard.type("token")
    page.locator("#search-results [role=option]").first.wait_for()
    box = page.locator("#search-dialog").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    background = rgb(computed(page, "#search-dialog", "backgroundColor"))
    assert sum(background) / 3 < 60  # designed for dark mode, not a white box
    title = rgb(computed(page, "#search-results [role=option] .search-result-page", "color"))
    excerpt = rgb(computed(page, "#search-results [role=option] .search-result-excerpt", "color"))
    assert contrast(title, background) >= 4.5 and contrast(excerpt, background) >= 4.5


def test_from_disk_the_dialog_explains_instead_of_failing(example_project: Path, page: Any) -> None:
    build(example_project)
    page.goto((example_project / "site" / "index.html").as_uri())
    page.click(".search-button")
    assert "served over HTTP" in page.locator(".search-status").inner_text()
    assert page.locator(".search-input").is_disabled()


# --- shards: every shard is searched, and the best match comes first whichever shard it is in

def citrus_project(make_project: Callable[..., Path]) -> tuple[Path, str]:
    """Twelve pages that mention kumquats once, and one page all about them that lands in a
    shard other than the first (the shards of a 4-page shard size); returns the project and
    the page's output path."""
    pages = {f"fruit-{n}.md": (f"---\ntitle: Fruit {n}\n---\n\nOrchard note {n} about pruning, watering, "
                               "mulching, grafting and harvest timing; a kumquat tree grows nearby.\n")
             for n in range(12)}
    for name in ("kumquat-care", "kumquat-guide", "kumquats", "growing-kumquats", "kumquat-basics"):
        outputs = [f"fruit-{n}/index.html" for n in range(12)] + [f"{name}/index.html"]
        shards = plan_shards(outputs)
        if f"{name}/index.html" not in next(iter(shards.values())):
            break
    else:
        raise AssertionError("every name landed in the first shard")
    pages[f"{name}.md"] = ("---\ntitle: Kumquat care\n---\n\nKumquats like sun. Water a kumquat weekly.\n\n"
                           "## Pruning kumquats\n\nPrune the kumquat after harvest; a kumquat fruits on new wood. "
                           "The glimmerfruit variety is rare.\n")
    nav = [{"group": "Citrus", "pages": [page.removesuffix(".md") for page in pages]}]
    return make_project({"name": "Citrus Docs", "navigation": nav}, pages), f"{name}/index.html"


def test_shards_are_all_searched_and_the_best_match_ranks_first(
        make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "SHARD_PAGES", 4)  # 13 pages: 4 shards
    project, best = citrus_project(make_project)
    # Served under a sub-path, like a project site on GitHub Pages.
    built = build_site(project)
    write_site(built, tmp_path / "host" / "docs")
    shards = json.loads(built.files[f"{search.BUNDLE_DIR}/{search.MANIFEST}"])["shards"]
    assert len(shards) == 4
    base = static_server(tmp_path / "host") + "docs/"
    page.goto(base + "fruit-3/")
    page.click(".search-button")
    page.locator(".search-input").fill("glimmerfruit")  # a word only the page in a later shard has
    page.locator("#search-results .search-result-page").first.wait_for()
    assert [title for title in page.locator("#search-results .search-result-page").all_inner_texts()] == [
        "Kumquat care"]
    page.locator(".search-input").fill("kumquat")
    page.locator("#search-results [role=option]").nth(9).wait_for()  # 13 pages match; 10 are shown
    titles = page.locator("#search-results .search-result-page").all_inner_texts()
    assert titles[0] == "Kumquat care", titles  # mentioned most, in the title and a heading
    assert len(titles) == 10 and len(set(titles)) == 10
    page.keyboard.press("Enter")
    page.wait_for_url(base + best.removesuffix("index.html") + "**")
    assert page.locator("h1").inner_text() == "Kumquat care"


# --- a result in a section of a page links to the page at that section's heading

@pytest.mark.parametrize("how", ["sitegen build", "in memory"])
def test_a_result_in_a_section_opens_its_page_at_the_heading(
        make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str], tmp_path: Path,
        how: str) -> None:
    """Pagefind indexes each page from a document with a flat name of its own; the result
    still leads to the page's own URL, with the #anchor of the heading whose section matched
    (from a page at another depth, the site served under a sub-path)."""
    pages = {
        "welcome.md": "---\ntitle: Welcome\n---\n\nThe orchard handbook.\n",
        "guides/citrus/kumquat-care.md": (
            "---\ntitle: Kumquat care\n---\n\nKumquats like sun and a weekly watering.\n\n"
            + "".join(f"## Step {n}\n\nMulch the young tree in spring, step {n}.\n\n" for n in range(1, 6))
            + "## Pruning kumquats\n\nPrune after harvest; the glimmerfruit variety fruits on new wood, "
              "so glimmerfruit branches are cut back lightly.\n"),
    }
    nav = [{"group": "Orchard", "pages": ["welcome", "guides/citrus/kumquat-care"]}]
    project = make_project({"name": "Orchard Handbook", "navigation": nav}, pages)
    out = tmp_path / "host" / "docs"
    if how == "sitegen build":
        sitegen_build(project, out_dir=out)  # the documents written by the build's output, on disk
    else:
        write_site(build_site(project), out)  # the dev server's in-memory bundle
    base = static_server(tmp_path / "host") + "docs/"
    page.goto(base + "welcome/")
    page.click(".search-button")
    page.locator(".search-input").fill("glimmerfruit")
    result = page.locator("#search-results a").first
    result.wait_for()
    assert result.locator(".search-result-page").inner_text() == "Kumquat care"
    assert result.locator(".search-result-section").inner_text() == "Pruning kumquats"
    assert result.get_attribute("href") == "../guides/citrus/kumquat-care/#pruning-kumquats"
    result.click()
    page.wait_for_url(base + "guides/citrus/kumquat-care/#pruning-kumquats")
    assert page.locator("h1").inner_text() == "Kumquat care"
    heading = page.locator("#pruning-kumquats")
    assert heading.evaluate("h => h.tagName") == "H2" and heading.inner_text().startswith("Pruning kumquats")
    assert heading.evaluate("h => h.getBoundingClientRect().top < innerHeight")  # scrolled to it
    # The page's own result (no section matched better) leads to the page itself.
    page.click(".search-button")
    page.locator(".search-input").fill("handbook")
    page.locator("#search-results a", has_text="Welcome").first.click()
    page.wait_for_url(base + "welcome/")
    assert page.locator("h1").inner_text() == "Welcome"
