"""MDX components in real Chromium, with the mouse and with the keyboard.

Until the MDX parser (branch mdx) is merged, pages are made from the markup the real
ComponentRenderer produces, written into a Markdown page as raw HTML and built with the
real build and theme. Once the parser lands these pages can be written as MDX tags.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import build
from component_support import PageContext, child, element, fence_child, renderer
from sitegen.markdown.code import MERMAID_ASSET, mermaid_script, render_fence, render_mermaid

pytestmark = pytest.mark.browser

R = renderer()
NAV = [{"group": "Guides", "pages": ["demo"]}]


def raw(html: str) -> str:
    """Component HTML as one raw HTML block of a Markdown page (no blank lines inside)."""
    return "\n".join(line for line in html.split("\n") if line.strip())


def open_page(make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str],
              html: str, after_build: Callable[[Path], None] | None = None) -> Path:
    project = make_project({"name": "Acme", "navigation": NAV},
                           {"demo.md": "---\ntitle: Demo\n---\n\nIntro text.\n\n" + raw(html) + "\n\nAfter.\n"})
    assert build(project) == []
    if after_build:
        after_build(project / "site")
    page.goto(static_server(project / "site") + "demo/")
    return project


def tabs_html() -> str:
    ctx = PageContext()
    tabs = [element("Tab", {"title": t}, html=f"<p>Install on {t}</p>") for t in ("macOS", "Windows", "Linux")]
    return R.render(element("Tabs", children=[child(t, R, ctx) for t in tabs]), ctx)


def test_tabs_switch_with_the_mouse(make_project, page, static_server) -> None:
    open_page(make_project, page, static_server, tabs_html())
    expect(page.get_by_text("Install on macOS")).to_be_visible()
    expect(page.get_by_text("Install on Windows")).to_be_hidden()
    page.get_by_role("tab", name="Windows").click()
    expect(page.get_by_text("Install on Windows")).to_be_visible()
    expect(page.get_by_text("Install on macOS")).to_be_hidden()
    expect(page.get_by_role("tab", name="Windows")).to_have_attribute("aria-selected", "true")


def test_tabs_move_with_arrow_keys_home_and_end(make_project, page, static_server) -> None:
    open_page(make_project, page, static_server, tabs_html())
    page.get_by_role("tab", name="macOS").focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("tab", name="Windows")).to_be_focused()
    expect(page.get_by_role("tabpanel", name="Windows")).to_be_visible()
    page.keyboard.press("End")
    expect(page.get_by_role("tab", name="Linux")).to_be_focused()
    page.keyboard.press("ArrowRight")  # wraps around
    expect(page.get_by_role("tab", name="macOS")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_text("Install on Linux")).to_be_visible()
    page.keyboard.press("Tab")  # from the tab list into its panel, not to the other tabs
    expect(page.get_by_role("tabpanel", name="Linux")).to_be_focused()


def test_tabs_without_javascript_show_every_panel_under_its_title(make_project, browser, static_server) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        open_page(make_project, page, static_server, tabs_html())
        for name in ("macOS", "Windows", "Linux"):
            expect(page.get_by_text(f"Install on {name}")).to_be_visible()
            expect(page.locator(".tabs-panel-title", has_text=name)).to_be_visible()
        expect(page.locator(".tabs-list")).to_be_hidden()
    finally:
        context.close()


def code_group_html() -> str:
    ctx = PageContext()
    children = [fence_child("npm install acme\n", "bash npm"), fence_child("pip install acme\n", "bash pip")]
    return R.render(element("CodeGroup", children=children), ctx)


def test_code_group_tabs_and_copy_button_copy_the_visible_block(make_project, page, static_server) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(make_project, page, static_server, code_group_html())
    page.bring_to_front()
    expect(page.get_by_text("npm install acme")).to_be_visible()
    page.get_by_role("tab", name="npm").focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("tab", name="pip")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_text("pip install acme")).to_be_visible()
    expect(page.get_by_text("npm install acme")).to_be_hidden()
    panel = page.get_by_role("tabpanel", name="pip")
    panel.hover()
    button = panel.locator(".copy-code")
    button.click()
    expect(button).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == "pip install acme\n"
    page.get_by_role("tab", name="npm").click()
    expect(page.get_by_text("npm install acme")).to_be_visible()


def accordion_html() -> str:
    ctx = PageContext()
    items = [element("Accordion", {"title": t}, html=f"<p>Answer about {t}</p>") for t in ("Billing", "Security")]
    return R.render(element("AccordionGroup", children=[child(i, R, ctx) for i in items]), ctx)


def test_accordion_opens_with_a_click_and_with_enter_and_space(make_project, page, static_server) -> None:
    open_page(make_project, page, static_server, accordion_html())
    expect(page.get_by_text("Answer about Billing")).to_be_hidden()
    page.get_by_text("Billing", exact=True).click()
    expect(page.get_by_text("Answer about Billing")).to_be_visible()
    page.get_by_text("Billing", exact=True).click()
    expect(page.get_by_text("Answer about Billing")).to_be_hidden()
    page.locator("summary", has_text="Security").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Answer about Security")).to_be_visible()
    page.keyboard.press("Space")
    expect(page.get_by_text("Answer about Security")).to_be_hidden()


def test_nested_expandable_fields_open_with_mouse_and_keyboard(make_project, page, static_server) -> None:
    ctx = PageContext()
    city = element("ResponseField", {"name": "city", "type": "string"}, html="<p>City name.</p>")
    inner = element("Expandable", {"title": "address"}, children=[child(city, R, ctx)])
    address = element("ResponseField", {"name": "address", "type": "object"}, children=[child(inner, R, ctx)])
    outer = element("Expandable", {"title": "properties"}, children=[child(address, R, ctx)])
    top = element("ResponseField", {"name": "customer", "type": "object"}, children=[child(outer, R, ctx)])
    open_page(make_project, page, static_server, R.render(top, ctx))
    expect(page.get_by_text("City name.")).to_be_hidden()
    page.get_by_text("Show properties").click()
    expect(page.locator(".api-field-name", has_text="address")).to_be_visible()
    page.get_by_text("Show address").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("City name.")).to_be_visible()


def test_tooltip_shows_on_hover_and_on_keyboard_focus_and_escape_hides_it(make_project, page, static_server) -> None:
    html = R.render(element("Tooltip", {"tip": "Application Programming Interface"}, html="API", inline=True), PageContext())
    open_page(make_project, page, static_server, f"<p>Call the {html} today.</p>")
    tip = page.get_by_role("tooltip")
    expect(tip).to_be_hidden()
    page.locator(".tooltip-trigger").hover()
    expect(tip).to_be_visible()
    assert page.locator(".tooltip-trigger").get_attribute("aria-describedby") == tip.get_attribute("id")
    page.mouse.move(0, 0)
    expect(tip).to_be_hidden()
    page.locator(".tooltip-trigger").focus()
    expect(tip).to_be_visible()
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()


def test_tree_folders_open_and_close(make_project, page, static_server) -> None:
    ctx = PageContext()
    routes = element("Tree.File", {"name": "routes.py"}, html="")
    app = element("Tree.Folder", {"name": "app"}, children=[child(routes, R, ctx)])
    readme = element("Tree.File", {"name": "README.md"}, html="")
    html = R.render(element("Tree", children=[child(app, R, ctx), child(readme, R, ctx)]), ctx)
    open_page(make_project, page, static_server, html)
    expect(page.get_by_text("README.md")).to_be_visible()
    expect(page.get_by_text("routes.py")).to_be_hidden()
    page.get_by_text("app", exact=True).click()
    expect(page.get_by_text("routes.py")).to_be_visible()
    page.locator(".tree-folder summary").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("routes.py")).to_be_hidden()


def test_expandable_code_starts_collapsed_and_opens_with_show_more(make_project, page, static_server) -> None:
    code = "".join(f"print('row {n}')\n" for n in range(1, 41))
    open_page(make_project, page, static_server, render_fence(code, "python long.py expandable"))
    block = page.locator(".code-block")
    button = page.locator(".code-expand")
    expect(button).to_have_accessible_name(re.compile("^Show more"))
    expect(button).to_have_attribute("aria-expanded", "false")
    collapsed = block.locator("pre").bounding_box()["height"]
    assert collapsed < 400  # 40 lines would be far taller
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(button).to_contain_text("Show less")
    assert block.locator("pre").bounding_box()["height"] > collapsed * 2
    button.focus()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "false")


def test_code_line_numbers_are_shown_but_not_copied(make_project, page, static_server) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(make_project, page, static_server, render_fence("a = 1\nb = 2\n", "python lines {2}"))
    page.bring_to_front()
    gutter = page.evaluate("[...document.querySelectorAll('.line')].map(l => getComputedStyle(l, '::before'))"
                           ".map(s => [s.content, parseFloat(s.width) > 0])")
    assert gutter == [["counter(code-line)", True], ["counter(code-line)", True]]
    highlighted = page.locator(".line.highlighted")
    assert highlighted.inner_text() == "b = 2"
    assert computed_bg(page, ".line.highlighted") != computed_bg(page, ".line:not(.highlighted)")
    block = page.locator(".code-block")
    block.hover()
    block.locator(".copy-code").click()
    expect(block.locator(".copy-code")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == "a = 1\nb = 2\n"


def computed_bg(page: Any, selector: str) -> str:
    return page.eval_on_selector(selector, "el => getComputedStyle(el).backgroundColor")


def add_mermaid(site: Path) -> None:
    """What the build and base.html do for a page whose features hold "mermaid" (until the
    MDX parser sets features and the build copies the script): copy it, load it."""
    script = mermaid_script()
    assert script is not None
    (site / "_sitegen" / MERMAID_ASSET).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(script, site / "_sitegen" / MERMAID_ASSET)
    page_file = site / "demo" / "index.html"
    tags = ('<script src="../_sitegen/vendor/mermaid.min.js" defer></script>\n'
            '<script src="../_sitegen/features/mermaid.js" defer></script>\n')
    page_file.write_text(page_file.read_text(encoding="utf-8").replace("</body>", tags + "</body>"), encoding="utf-8")


def test_mermaid_draws_an_svg_in_the_page_mode(make_project, page, static_server) -> None:
    html, problem = render_mermaid("graph TD\n  Order[Order placed] --> Ship[Shipped]\n")
    assert problem is None
    open_page(make_project, page, static_server, html, after_build=add_mermaid)
    svg = page.locator("pre.mermaid svg")
    expect(svg).to_be_visible()
    expect(page.locator("pre.mermaid")).to_contain_text("Order placed")
    light_fill = page.eval_on_selector("pre.mermaid .node rect, pre.mermaid .node polygon", "el => getComputedStyle(el).fill")
    page.click(".mode-toggle")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.wait_for_function(
        "fill => { const el = document.querySelector('pre.mermaid .node rect, pre.mermaid .node polygon');"
        " return el && getComputedStyle(el).fill !== fill; }", arg=light_fill)
    expect(page.locator("pre.mermaid svg")).to_have_count(1)


def test_light_and_dark_image_pair_shows_exactly_one_in_each_mode(make_project, page, static_server) -> None:
    pixel = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
             b"\x00\x00\x00\rIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84\x00\x00\x00\x00IEND\xaeB`\x82")
    html = ('<img class="block dark:hidden" src="../light.png" alt="Diagram (light)">\n'
            '<img class="hidden dark:block" src="../dark.png" alt="Diagram (dark)">')
    project = make_project({"name": "Acme", "navigation": NAV},
                           {"demo.md": "---\ntitle: Demo\n---\n\n<div>\n" + html + "\n</div>\n",
                            "light.png": pixel, "dark.png": pixel})
    build(project)
    shutil.copy(project / "content" / "light.png", project / "site" / "light.png")
    shutil.copy(project / "content" / "dark.png", project / "site" / "dark.png")
    page.goto(static_server(project / "site") + "demo/")
    page.evaluate("document.documentElement.setAttribute('data-theme', 'light')")
    expect(page.get_by_alt_text("Diagram (light)")).to_be_visible()
    expect(page.get_by_alt_text("Diagram (dark)")).to_be_hidden()
    page.click(".mode-toggle")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.get_by_alt_text("Diagram (dark)")).to_be_visible()
    expect(page.get_by_alt_text("Diagram (light)")).to_be_hidden()
