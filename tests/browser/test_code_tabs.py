"""Tabs and code groups as Mintlify does them, in real Chromium: groups with the same titles
switch together and the choice survives a reload; defaultTabIndex; the dropdown; Shiki's
`[!code ++]` lines. Each test builds a small Mintlify-style project and opens it over HTTP."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import build, rgb

pytestmark = pytest.mark.browser

NAV = [{"group": "Guides", "pages": ["install", "usage"]}]
INSTALL = '''---
title: Install
---

<CodeGroup>

```bash JavaScript
npm install acme-sdk
```

```bash Python
pip install acme-sdk
```

</CodeGroup>

Some words between the groups.

<Tabs>
  <Tab title="JavaScript">
    The JavaScript client reads `ACME_KEY`.
  </Tab>
  <Tab title="Python">
    The Python client reads `ACME_KEY` too.
  </Tab>
</Tabs>

<CodeGroup>

```js JavaScript
acme.connect();
```

```python Python
acme.connect()
```

</CodeGroup>

<Tabs sync={false}>
  <Tab title="JavaScript">
    Independent JavaScript panel.
  </Tab>
  <Tab title="Python">
    Independent Python panel.
  </Tab>
</Tabs>
'''
USAGE = '''---
title: Usage
---

<Tabs defaultTabIndex={1}>
  <Tab title="Cloud">
    Hosted by Acme.
  </Tab>
  <Tab title="Self-hosted" icon="server">
    Run it yourself.
  </Tab>
</Tabs>

<CodeGroup dropdown>

```javascript hello.js
console.log("hello from js");
```

```python hello.py
print("hello from python")
```

</CodeGroup>

```js Changed code
const greeting = "Hi"; // [!code ++]
console.log("Hello"); // [!code --]
console.log(greeting);
```
'''


def open_site(make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str], path: str) -> str:
    project = make_project({"name": "Acme", "navigation": NAV}, {"install.mdx": INSTALL, "usage.mdx": USAGE})
    assert build(project) == []
    base = static_server(project / "site")
    page.goto(base + path)
    return base


def test_same_titles_switch_together_and_the_choice_survives_a_reload(make_project, page, static_server) -> None:
    open_site(make_project, page, static_server, "install/")
    expect(page.get_by_text("npm install acme-sdk")).to_be_visible()
    expect(page.get_by_text("The JavaScript client reads")).to_be_visible()
    expect(page.get_by_text("acme.connect();")).to_be_visible()

    page.locator(".code-group").first.get_by_role("tab", name="Python").click()

    expect(page.get_by_text("pip install acme-sdk")).to_be_visible()
    expect(page.get_by_text("The Python client reads")).to_be_visible()  # a <Tabs> of the same titles
    expect(page.get_by_text("acme.connect()", exact=True)).to_be_visible()  # the second code group
    expect(page.get_by_text("acme.connect();")).to_be_hidden()
    expect(page.get_by_text("Independent JavaScript panel.")).to_be_visible()  # sync={false} stays

    page.reload()
    expect(page.get_by_text("pip install acme-sdk")).to_be_visible()
    expect(page.get_by_text("npm install acme-sdk")).to_be_hidden()
    expect(page.get_by_text("acme.connect()", exact=True)).to_be_visible()
    for group in (page.locator(".code-group").first, page.locator("div.tabs").first):
        expect(group.get_by_role("tab", name="Python")).to_have_attribute("aria-selected", "true")

    # Choosing in the Tabs switches the code groups back.
    page.locator("div.tabs").first.get_by_role("tab", name="JavaScript").click()
    expect(page.get_by_text("npm install acme-sdk")).to_be_visible()
    expect(page.get_by_text("acme.connect();")).to_be_visible()


def test_default_tab_index_and_tab_icon(make_project, page, static_server) -> None:
    open_site(make_project, page, static_server, "usage/")
    expect(page.get_by_text("Run it yourself.")).to_be_visible()
    expect(page.get_by_text("Hosted by Acme.")).to_be_hidden()
    tab = page.get_by_role("tab", name="Self-hosted")
    expect(tab).to_have_attribute("aria-selected", "true")
    expect(tab.locator(".tabs-tab-icon svg")).to_be_visible()
    page.get_by_role("tab", name="Cloud").click()
    expect(page.get_by_text("Hosted by Acme.")).to_be_visible()


def test_code_group_dropdown_switches_the_block(make_project, page, static_server) -> None:
    open_site(make_project, page, static_server, "usage/")
    menu = page.get_by_role("combobox", name="Example shown")
    expect(menu).to_be_visible()
    expect(page.locator(".code-group-current")).to_have_text("hello.js")
    expect(page.get_by_text('console.log("hello from js");')).to_be_visible()
    expect(page.get_by_text('print("hello from python")')).to_be_hidden()
    assert menu.locator("option").all_inner_texts() == ["JavaScript", "Python"]
    menu.select_option(label="Python")
    expect(page.get_by_text('print("hello from python")')).to_be_visible()
    expect(page.get_by_text('console.log("hello from js");')).to_be_hidden()
    expect(page.locator(".code-group-current")).to_have_text("hello.py")


def test_diff_lines_are_green_and_red_with_a_marker_and_copy_without_the_comment(
        make_project, page, static_server) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_site(make_project, page, static_server, "usage/")
    block = page.locator(".code-block", has_text="Changed code")
    added = block.locator(".line.diff.add")
    removed = block.locator(".line.diff.remove")
    expect(added).to_have_text('const greeting = "Hi";')
    expect(removed).to_have_text('console.log("Hello");')
    red, green, blue = rgb(added.evaluate("el => getComputedStyle(el).backgroundColor"))
    assert green > red and green > blue
    red, green, blue = rgb(removed.evaluate("el => getComputedStyle(el).backgroundColor"))
    assert red > green and red > blue
    assert added.evaluate("el => getComputedStyle(el, '::after').content") == '"+"'
    assert removed.evaluate("el => getComputedStyle(el, '::after').content") == '"-"'
    expect(block).not_to_contain_text("[!code")

    page.bring_to_front()
    block.hover()
    block.get_by_role("button", name="Copy Changed code").click()
    expect(block.get_by_role("button", name="Copy Changed code")).to_have_text("Copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == 'const greeting = "Hi";\nconsole.log("Hello");\nconsole.log(greeting);\n'
