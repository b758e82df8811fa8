"""MDX components in real Chromium, with the mouse and with the keyboard.

Each test writes a small Mintlify-style project whose page is MDX source as an author writes
it, builds it with the real build (MDX parser, components, theme) and opens it over HTTP.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import build

pytestmark = pytest.mark.browser

NAV = [{"group": "Guides", "pages": ["demo"]}]


def open_page(make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str],
              body: str, files: dict[str, str | bytes] | None = None) -> Path:
    """Build a project whose demo.mdx holds BODY (MDX source) and open its page in Chromium."""
    source = "---\ntitle: Demo\n---\n\nIntro text.\n\n" + body.strip("\n") + "\n\nAfter.\n"
    project = make_project({"name": "Acme", "navigation": NAV}, {"demo.mdx": source, **(files or {})})
    assert build(project) == []
    page.goto(static_server(project / "site") + "demo/")
    return project


TABS = """
<Tabs>
  <Tab title="macOS">
    Install on macOS
  </Tab>
  <Tab title="Windows">
    Install on Windows
  </Tab>
  <Tab title="Linux">
    Install on Linux
  </Tab>
</Tabs>
"""


def test_tabs_switch_with_the_mouse(make_project, page, static_server) -> None:
    open_page(make_project, page, static_server, TABS)
    expect(page.get_by_text("Install on macOS")).to_be_visible()
    expect(page.get_by_text("Install on Windows")).to_be_hidden()
    page.get_by_role("tab", name="Windows").click()
    expect(page.get_by_text("Install on Windows")).to_be_visible()
    expect(page.get_by_text("Install on macOS")).to_be_hidden()
    expect(page.get_by_role("tab", name="Windows")).to_have_attribute("aria-selected", "true")


def test_tabs_move_with_arrow_keys_home_and_end(make_project, page, static_server) -> None:
    open_page(make_project, page, static_server, TABS)
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
        open_page(make_project, page, static_server, TABS)
        for name in ("macOS", "Windows", "Linux"):
            expect(page.get_by_text(f"Install on {name}")).to_be_visible()
            expect(page.locator(".tabs-panel-title", has_text=name)).to_be_visible()
        expect(page.locator(".tabs-list")).to_be_hidden()
    finally:
        context.close()


CODE_GROUP = """
<CodeGroup>

```bash npm
npm install acme
```

```bash pip
pip install acme
```

</CodeGroup>
"""


def test_code_group_tabs_and_copy_button_copy_the_visible_block(make_project, page, static_server) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(make_project, page, static_server, CODE_GROUP)
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


ACCORDIONS = """
<AccordionGroup>
  <Accordion title="Billing">
    Answer about Billing
  </Accordion>
  <Accordion title="Security">
    Answer about Security
  </Accordion>
</AccordionGroup>
"""


def test_accordion_opens_with_a_click_and_with_enter_and_space(make_project, page, static_server) -> None:
    open_page(make_project, page, static_server, ACCORDIONS)
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


NESTED_FIELDS = """
<ParamField body="customer" type="object">
  The customer placing the order.

  <Expandable title="properties">
    <ParamField body="address" type="object">
      Where the order ships.

      <Expandable title="address">
        <ParamField body="city" type="string">
          City name.
        </ParamField>
      </Expandable>
    </ParamField>
  </Expandable>
</ParamField>
"""


def test_nested_expandable_fields_open_with_mouse_and_keyboard(make_project, page, static_server) -> None:
    open_page(make_project, page, static_server, NESTED_FIELDS)
    expect(page.get_by_text("City name.")).to_be_hidden()
    page.get_by_text("Show properties").click()
    expect(page.locator(".api-field-name", has_text="address")).to_be_visible()
    page.get_by_text("Show address").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("City name.")).to_be_visible()


def test_tooltip_shows_on_hover_and_on_keyboard_focus_and_escape_hides_it(make_project, page, static_server) -> None:
    open_page(make_project, page, static_server,
              'Call the <Tooltip tip="Application Programming Interface">API</Tooltip> today.')
    # The tooltip stays inside its sentence (the tip text is in the DOM, hidden until hover).
    expect(page.locator(".prose p", has=page.locator(".tooltip-trigger"))).to_have_text(
        re.compile(r"^Call the API.*today\.$"))
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


TREE = """
<Tree>
  <Tree.Folder name="src" defaultOpen>
    <Tree.Folder name="app">
      <Tree.File name="routes.py" />
    </Tree.Folder>
    <Tree.File name="main.py" />
  </Tree.Folder>
  <Tree.File name="README.md" />
</Tree>
"""


def test_tree_folders_open_and_close(make_project, page, static_server) -> None:
    open_page(make_project, page, static_server, TREE)
    expect(page.get_by_text("README.md")).to_be_visible()
    expect(page.get_by_text("main.py")).to_be_visible()  # inside the defaultOpen folder
    expect(page.get_by_text("routes.py")).to_be_hidden()
    page.get_by_text("app", exact=True).click()
    expect(page.get_by_text("routes.py")).to_be_visible()
    page.locator(".tree-folder summary", has_text="app").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("routes.py")).to_be_hidden()


def test_tree_moves_and_opens_with_the_keyboard(make_project, page, static_server) -> None:
    open_page(make_project, page, static_server, "[Orchard](https://example.com)\n" + TREE)
    item = lambda name: page.get_by_role("treeitem", name=name, exact=True)  # noqa: E731
    page.get_by_role("link", name="Orchard").focus()
    page.keyboard.press("Tab")  # one stop for the whole tree: its first item
    expect(item("src")).to_be_focused()
    expect(item("src")).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("ArrowDown")
    expect(item("app")).to_be_focused()
    expect(item("app")).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("ArrowRight")  # opens the folder
    expect(page.get_by_text("routes.py")).to_be_visible()
    expect(item("app")).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("ArrowRight")  # enters it
    expect(item("routes.py")).to_be_focused()
    page.keyboard.press("ArrowLeft")  # back to its folder
    expect(item("app")).to_be_focused()
    page.keyboard.press("ArrowLeft")  # closes it
    expect(page.get_by_text("routes.py")).to_be_hidden()
    page.keyboard.press("End")
    expect(item("README.md")).to_be_focused()
    page.keyboard.press("Home")
    expect(item("src")).to_be_focused()
    page.keyboard.press("m")  # the next item whose name starts with "m"
    expect(item("main.py")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(item("src")).to_have_attribute("aria-expanded", "false")
    expect(page.get_by_text("main.py")).to_be_hidden()
    page.keyboard.press("ArrowDown")
    expect(item("README.md")).to_be_focused()  # the closed folder's items are skipped
    page.keyboard.press("*")  # opens the folders beside it
    expect(page.get_by_text("main.py")).to_be_visible()
    page.keyboard.press("Shift+Tab")  # the tree is one stop: out of it
    expect(page.get_by_role("link", name="Orchard")).to_be_focused()


UPDATES = """
<Update label="March" tags={["Feature", "API"]}>
  Grafting API.
</Update>

<Update label="February" tags={["Fix"]}>
  Pruning fixed.
</Update>

<Update label="January" tags={["Feature"]}>
  Orchard maps.
</Update>
"""


def test_update_tags_filter_the_updates_from_the_right_column(make_project, page, static_server) -> None:
    open_page(make_project, page, static_server, UPDATES)
    filters = page.locator("aside.toc .update-filters button")
    expect(filters).to_have_text(["Feature", "API", "Fix"])  # every tag once, in page order
    toc = page.locator(".toc-nav li:visible")
    expect(toc).to_have_text(["March", "February", "January"])
    page.get_by_role("button", name="Feature").click()
    expect(page.get_by_role("button", name="Feature")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_text("Pruning fixed.")).to_be_hidden()
    expect(page.get_by_text("Grafting API.")).to_be_visible()
    expect(page.get_by_text("Orchard maps.")).to_be_visible()
    expect(toc).to_have_text(["March", "January"])
    page.get_by_role("button", name="Fix").click()  # any chosen tag shows an update
    expect(page.get_by_text("Pruning fixed.")).to_be_visible()
    page.get_by_role("button", name="Feature").click()
    expect(page.get_by_text("Orchard maps.")).to_be_hidden()
    page.get_by_role("button", name="Fix").click()  # nothing chosen: every update
    expect(page.get_by_text("Orchard maps.")).to_be_visible()
    expect(toc).to_have_text(["March", "February", "January"])


UPDATES_IN_VIEWS = """
<View title="JavaScript">
  <Update label="March" tags={["Feature"]}>
    Grafting from npm.
  </Update>
</View>

<View title="Python">
  <Update label="February" tags={["Feature"]}>
    Grafting from pip.
  </Update>
</View>

<Update label="January" tags={["Fix"]}>
  Pruning fixed.
</Update>
"""


def test_update_filters_and_views_each_keep_what_the_other_hid_out_of_the_toc(
        make_project, page, static_server) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(make_project, page, static_server, UPDATES_IN_VIEWS)
    toc = page.locator(".toc-nav li:visible")
    expect(toc).to_have_text(["March", "January"])  # February is in the Python view
    feature = page.get_by_role("button", name="Feature")
    feature.click()
    expect(toc).to_have_text(["March"])
    feature.click()  # nothing chosen: every update, but not the hidden view's
    expect(feature).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_text("Pruning fixed.")).to_be_visible()
    expect(toc).to_have_text(["March", "January"])
    page.get_by_role("button", name="Fix").click()
    expect(toc).to_have_text(["January"])
    page.get_by_label("View").select_option("Python")  # February shows, but the filter hides it
    expect(page.get_by_text("Grafting from pip.")).to_be_hidden()
    expect(toc).to_have_text(["January"])


def test_expandable_code_starts_collapsed_and_opens_with_show_more(make_project, page, static_server) -> None:
    code = "".join(f"print('row {n}')\n" for n in range(1, 41))
    open_page(make_project, page, static_server, f"```python long.py expandable\n{code}```\n")
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
    open_page(make_project, page, static_server, "```python lines {2}\na = 1\nb = 2\n```\n")
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


def test_mermaid_draws_an_svg_in_the_page_mode(make_project, page, static_server) -> None:
    project = open_page(make_project, page, static_server,
                        "```mermaid\ngraph TD\n  Order[Order placed] --> Ship[Shipped]\n```\n")
    # The build itself ships mermaid.js and the page loads it.
    assert (project / "site" / "_sitegen" / "vendor" / "mermaid.min.js").stat().st_size > 100_000
    expect(page.locator('script[src="../_sitegen/vendor/mermaid.min.js"]')).to_have_count(1)
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


MERMAID_CONTROLS = """
```mermaid placement="top-left"
graph TD
  Seed[Seed] --> Sprout[Sprout]
  Sprout --> Tree[Tree]
  Tree --> Fruit[Fruit]
```

```mermaid actions={false}
graph TD
  Bud[Bud] --> Flower[Flower]
  Flower --> Pear[Pear]
```

```mermaid
graph LR
  Small --> Diagram
```

```mermaid actions
graph LR
  Shown --> Anyway
```
"""


def test_mermaid_zoom_and_pan_controls(make_project, page, static_server) -> None:
    open_page(make_project, page, static_server, MERMAID_CONTROLS)
    frames = page.locator(".mermaid-frame")
    expect(frames.locator("pre.mermaid svg")).to_have_count(4)
    tall, hidden, small, asked = (frames.nth(index) for index in range(4))
    expect(tall.locator(".mermaid-controls")).to_have_attribute("data-placement", "top-left")
    expect(hidden.locator(".mermaid-controls")).to_have_count(0)  # actions={false}, though tall
    expect(small.locator(".mermaid-controls")).to_have_count(0)  # 120px or less: none by default
    expect(asked.locator(".mermaid-controls")).to_have_attribute("data-placement", "bottom-right")
    assert hidden.bounding_box()["height"] > 120 and small.bounding_box()["height"] <= 120
    frame, controls = tall.bounding_box(), tall.locator(".mermaid-controls").bounding_box()
    assert controls["x"] - frame["x"] < 20 and controls["y"] - frame["y"] < 20  # in the top-left corner
    diagram = tall.locator("svg").first
    tall.get_by_role("button", name="Zoom in").click()
    tall.get_by_role("button", name="Move right").click()
    expect(diagram).to_have_attribute("style", re.compile(r"transform: translate\(40px, 0px\) scale\(1\.25\)"))
    tall.get_by_role("button", name="Reset view").click()
    assert "translate" not in (diagram.get_attribute("style") or "")


def svg(fill: str) -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120" viewBox="0 0 320 120">\n'
            f'  <rect width="320" height="120" rx="12" fill="{fill}"/>\n</svg>\n')


def test_light_and_dark_image_pair_shows_exactly_one_in_each_mode(make_project, page, static_server) -> None:
    images = {"images/hero-light.svg": svg("#f4f1ea"), "images/hero-dark.svg": svg("#1d232b")}
    project = open_page(make_project, page, static_server, """
<img className="block dark:hidden" src="/images/hero-light.svg" alt="Diagram (light)" />
<img className="hidden dark:block" src="/images/hero-dark.svg" alt="Diagram (dark)" />
""", files=images)
    # The build copied both images next to the page's links, byte for byte.
    for name, text in images.items():
        assert (project / "site" / name).read_text(encoding="utf-8") == text
    page.evaluate("document.documentElement.setAttribute('data-theme', 'light')")
    light, dark = page.get_by_alt_text("Diagram (light)"), page.get_by_alt_text("Diagram (dark)")
    expect(light).to_be_visible()
    expect(dark).to_be_hidden()
    assert page.eval_on_selector('img[alt="Diagram (light)"]', "el => el.complete && el.naturalWidth") == 320
    page.click(".mode-toggle")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(dark).to_be_visible()
    expect(light).to_be_hidden()
    assert page.eval_on_selector('img[alt="Diagram (dark)"]', "el => el.complete && el.naturalWidth") == 320


ORDERS_PAGE = """---
title: Create an order
api: "POST https://api.example.com/v1/orders"
---

Places an order for one customer.

<ParamField body="customer_id" type="string" required>
  The customer who pays for the order.
</ParamField>

<ParamField body="quantity" type="integer">
  How many items to ship.
</ParamField>

<RequestExample>

```bash cURL
curl -X POST https://api.example.com/v1/orders \\
  -d customer_id=cus_42 -d quantity=3
```

</RequestExample>

<ResponseExample>

```json 201
{ "id": "ord_981", "status": "pending" }
```

</ResponseExample>
"""


def open_orders_page(make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]) -> None:
    project = make_project({"name": "Acme", "navigation": [{"group": "API", "pages": ["orders"]}]},
                           {"orders.mdx": ORDERS_PAGE})
    assert build(project) == []
    page.goto(static_server(project / "site") + "orders/")


def test_request_and_response_examples_replace_the_generated_samples_on_an_api_page(
        make_project, page, static_server) -> None:
    open_orders_page(make_project, page, static_server)
    aside = page.locator("aside.api-examples")
    expect(aside.get_by_text("cURL", exact=True)).to_be_visible()
    expect(aside.get_by_text("-d customer_id=cus_42")).to_be_visible()
    expect(aside.get_by_text('"ord_981"')).to_be_visible()
    expect(page.locator(".api-samples")).to_have_count(0)  # the generated curl sample is not on the page
    expect(page.locator(".api-prose .request-example, .api-prose .response-example")).to_have_count(0)
    # The examples sit in the right-hand column, beside the reference and the page's fields.
    reference, column = page.locator(".api-reference").bounding_box(), aside.bounding_box()
    assert column["x"] >= reference["x"] + reference["width"]
    expect(page.locator(".api-reference .api-field-name", has_text="customer_id")).to_be_visible()


def test_playground_of_a_hand_written_api_page_has_an_input_per_param_field(make_project, page, static_server) -> None:
    open_orders_page(make_project, page, static_server)
    playground = page.locator(".api-playground")
    expect(playground).to_be_visible()
    for name in ("customer_id", "quantity"):
        expect(playground.locator(f'[data-field="body"][data-name="{name}"]')).to_be_visible()


EXAMPLES = """
## List plants

<RequestExample>
```bash cURL
curl https://api.acme.dev/plants
```
</RequestExample>

<ResponseExample>
```json 200
{"id": 1}
```
</ResponseExample>
"""


def test_request_and_response_examples_sit_in_the_right_column_on_wide_screens(
    make_project, page, static_server
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(make_project, page, static_server, EXAMPLES)
    expect(page.locator("aside.toc .request-example")).to_be_visible()
    expect(page.locator("aside.toc .response-example")).to_be_visible()
    assert page.locator(".prose .request-example").count() == 0
    page.set_viewport_size({"width": 700, "height": 800})
    expect(page.locator(".prose .request-example")).to_be_visible()
    expect(page.locator(".prose .response-example")).to_be_visible()
    # Back in the text where they were written: after the heading, before "After."
    order = page.evaluate("[...document.querySelectorAll('.prose h2, .prose .code-group, .prose p')]"
                          ".map(e => e.classList.contains('code-group') ? e.className : e.textContent)")
    requests = [i for i, text in enumerate(order) if "request-example" in text]
    responses = [i for i, text in enumerate(order) if "response-example" in text]
    assert requests[0] < responses[0] < order.index("After.")


PROMPT = """
<Prompt description="Plan a **vegetable bed**." actions={["copy", "cursor"]}>
  You are a gardening assistant.

  - Ask which vegetables the reader likes.
</Prompt>
"""


def test_prompt_copy_button_copies_the_prompt_text(make_project, page, static_server) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(make_project, page, static_server, PROMPT)
    page.bring_to_front()
    expect(page.locator(".prompt-description strong")).to_have_text("vegetable bed")
    expect(page.get_by_role("link", name="Open in Cursor")).to_have_attribute(
        "href", re.compile(r"^cursor://anysphere\.cursor-deeplink/prompt\?text=You%20are%20a%20gardening"))
    button = page.locator(".prompt-copy")
    expect(button).to_have_accessible_name("Copy prompt")
    button.click()
    expect(button).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == (
        "You are a gardening assistant.\n\nAsk which vegetables the reader likes.\n")


VIEWS = """
<View title="JavaScript" icon="js">
  ## Install with npm

  Run npm install acme.
</View>

<View title="Python" icon="python">
  ## Install with pip

  Run pip install acme.
</View>

## Shared step

Both need an API key.

<View title="Python">
  Python reads ACME_KEY.
</View>
"""


def test_view_selector_shows_one_view_and_its_headings_in_the_toc(make_project, page, static_server) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(make_project, page, static_server, VIEWS)
    select = page.get_by_label("View")
    expect(select).to_have_value("JavaScript")
    expect(page.get_by_text("Run npm install acme.")).to_be_visible()
    expect(page.get_by_text("Run pip install acme.")).to_be_hidden()
    expect(page.get_by_text("Python reads ACME_KEY.")).to_be_hidden()
    toc = page.locator("aside.toc")
    expect(toc.get_by_role("link", name="Install with npm")).to_be_visible()
    expect(toc.get_by_role("link", name="Install with pip")).to_be_hidden()
    select.select_option("Python")
    expect(page.get_by_text("Run pip install acme.")).to_be_visible()
    expect(page.get_by_text("Python reads ACME_KEY.")).to_be_visible()  # every Python view on the page
    expect(page.get_by_text("Run npm install acme.")).to_be_hidden()
    expect(page.get_by_text("Both need an API key.")).to_be_visible()
    expect(toc.get_by_role("link", name="Install with pip")).to_be_visible()
    expect(toc.get_by_role("link", name="Install with npm")).to_be_hidden()
    page.reload()  # the choice is remembered
    expect(page.get_by_label("View")).to_have_value("Python")
    expect(page.get_by_text("Run npm install acme.")).to_be_hidden()


def test_views_without_javascript_show_every_view_under_its_title(make_project, browser, static_server) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        open_page(make_project, page, static_server, VIEWS)
        expect(page.get_by_text("Run npm install acme.")).to_be_visible()
        expect(page.get_by_text("Run pip install acme.")).to_be_visible()
        expect(page.locator(".view-title", has_text="JavaScript")).to_be_visible()
    finally:
        context.close()


COLORS = """
<Color variant="table">
  <Color.Row title="Primary">
    <Color.Item name="leaf" value="#22C55E" />
    <Color.Item name="page" value={{ light: "#FFFFFF", dark: "#18181B" }} />
  </Color.Row>
</Color>
"""


def test_color_swatches_follow_the_mode_and_copy_their_value(make_project, page, static_server) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(make_project, page, static_server, COLORS)
    page.bring_to_front()
    page.evaluate("document.documentElement.setAttribute('data-theme', 'light')")
    swatch = page.locator(".color-item", has_text="page").locator(".color-swatch")
    assert computed_bg(page, ".color-item:nth-child(2) .color-swatch") == "rgb(255, 255, 255)"
    page.locator(".color-item", has_text="leaf").click()
    assert page.evaluate("navigator.clipboard.readText()") == "#22C55E"
    page.click(".mode-toggle")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert computed_bg(page, ".color-item:nth-child(2) .color-swatch") == "rgb(24, 24, 27)"
    expect(page.locator(".color-item", has_text="page").get_by_text("#18181B")).to_be_visible()
    expect(page.locator(".color-item", has_text="page").get_by_text("#FFFFFF")).to_be_hidden()
    swatch.click()
    assert page.evaluate("navigator.clipboard.readText()") == "#18181B"


PANEL = """
## First

<Panel>
  <Info>Pinned beside the page.</Info>
</Panel>

## Second
"""


def test_panel_replaces_on_this_page_on_wide_screens_and_stays_in_the_text_on_phones(
    make_project, page, static_server
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(make_project, page, static_server, PANEL)
    expect(page.locator("aside.toc").get_by_text("Pinned beside the page.")).to_be_visible()
    expect(page.locator("aside.toc").get_by_role("link", name="Second")).to_be_hidden()
    page.set_viewport_size({"width": 390, "height": 800})
    expect(page.locator(".prose").get_by_text("Pinned beside the page.")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") == 390


TILES = """
<Columns cols={2}>
  <Tile href="/demo#second" title="Accordion" description="Two variants">
    <img src="/images/a.svg" alt="Accordion preview" />
  </Tile>
  <Tile title="Cards" description="Soon" />
</Columns>

## Second
"""


def test_the_whole_tile_is_its_link(make_project, page, static_server) -> None:
    page.set_viewport_size({"width": 390, "height": 800})
    open_page(make_project, page, static_server, TILES, files={"images/a.svg": svg("#a78bfa")})
    expect(page.get_by_alt_text("Accordion preview")).to_be_visible()
    expect(page.get_by_text("Two variants")).to_be_visible()
    box = page.get_by_alt_text("Accordion preview").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # on the preview, not the title
    expect(page).to_have_url(re.compile(r"/demo/#second$"))
    assert page.evaluate("document.documentElement.scrollWidth") == 390
