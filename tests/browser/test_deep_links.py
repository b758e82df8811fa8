"""Links into a component, as on Mintlify, in real Chromium: page#tab selects the tab (and the
tabs synced with it), page#accordion opens it (`#outer:inner` a nested one and its parent), a
link to a heading inside either shows it, and the target is scrolled into view; opening an
accordion puts its link in the address bar."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import build

pytestmark = pytest.mark.browser

NAV = [{"group": "Guides", "pages": ["start", "install"]}]
FILLER = "A paragraph that pushes what follows below the first screen.\n\n" * 30
START = """---
title: Start
---

Behind a proxy? See [the proxy settings](/install#troubleshooting:proxy-settings).
"""
INSTALL = f"""---
title: Install
---

{FILLER}
<Tabs>
  <Tab title="macOS">
    Install it with Homebrew.
  </Tab>
  <Tab title="Windows">
    ## Run the installer

    Double-click acme-setup.exe.

    <ParamField body="options" type="object">
      Installer options.
      <Expandable title="properties">
        <ParamField body="installDir" type="string">Where Acme goes.</ParamField>
      </Expandable>
    </ParamField>
  </Tab>
</Tabs>

{FILLER}
<Tabs>
  <Tab title="macOS">
    Settings live in ~/Library.
  </Tab>
  <Tab title="Windows">
    Settings live in %APPDATA%.
  </Tab>
</Tabs>

{FILLER}
<Accordion title="Troubleshooting">
  Most problems come from the network.

  <Accordion title="Proxy settings">
    Set HTTPS_PROXY before you run the installer.
  </Accordion>
</Accordion>

{FILLER}
Still stuck? Check [the proxy settings](#troubleshooting:proxy-settings) or
[the Windows installer](#run-the-installer).
"""


@pytest.fixture
def site(make_project: Callable[..., Path], static_server: Callable[[Path], str]) -> str:
    project = make_project({"name": "Acme", "navigation": NAV}, {"start.mdx": START, "install.mdx": INSTALL})
    assert build(project) == []
    return static_server(project / "site")


def expect_windows_selected(page: Any) -> None:
    expect(page.get_by_text("Double-click acme-setup.exe.")).to_be_visible()
    expect(page.get_by_text("Install it with Homebrew.")).to_be_hidden()
    expect(page.get_by_text("Settings live in %APPDATA%.")).to_be_visible()  # the synced Tabs follow
    for tab in page.get_by_role("tab", name="Windows").all():
        expect(tab).to_have_attribute("aria-selected", "true")


@pytest.mark.parametrize("target", ["windows", "run-the-installer", "param-options-install-dir"])
def test_a_link_to_a_tab_or_into_it_selects_the_tab(page: Any, site: str, target: str) -> None:
    page.goto(site + "install/#" + target)
    expect_windows_selected(page)
    expect(page.locator(f"[id='{target}']")).to_be_in_viewport()


def test_a_link_to_a_field_in_a_closed_expandable_opens_it(page: Any, site: str) -> None:
    page.goto(site + "install/#param-options-install-dir")
    expect(page.get_by_text("Where Acme goes.")).to_be_in_viewport()
    assert page.locator("#param-options details").evaluate("details => details.open")


def test_a_link_to_an_accordion_opens_it(page: Any, site: str) -> None:
    page.goto(site + "install/#troubleshooting")
    expect(page.locator("details#troubleshooting")).to_have_attribute("open", "")
    expect(page.get_by_text("Most problems come from the network.")).to_be_in_viewport()
    expect(page.get_by_text("Set HTTPS_PROXY")).to_be_hidden()  # the nested one stays closed


def expect_proxy_settings_shown(page: Any) -> None:
    expect(page.locator("details#troubleshooting")).to_have_attribute("open", "")
    expect(page.locator("details#proxy-settings")).to_have_attribute("open", "")
    expect(page.get_by_text("Set HTTPS_PROXY")).to_be_in_viewport()


def test_an_in_page_link_to_a_nested_accordion_opens_both(page: Any, site: str) -> None:
    page.goto(site + "install/")
    page.get_by_role("link", name="the proxy settings").click()
    expect_proxy_settings_shown(page)


def test_a_link_from_another_page_opens_the_nested_accordion(page: Any, site: str) -> None:
    page.goto(site + "start/")
    page.get_by_role("link", name="the proxy settings").click()
    page.wait_for_url("**/install/#troubleshooting:proxy-settings")
    expect_proxy_settings_shown(page)


def test_an_in_page_link_into_a_tab_shows_it_on_every_click(page: Any, site: str) -> None:
    page.goto(site + "install/")
    link = page.get_by_role("link", name="the Windows installer")
    link.click()
    expect_windows_selected(page)
    expect(page.locator("#run-the-installer")).to_be_in_viewport()
    page.get_by_role("tab", name="macOS").first.click()
    expect(page.get_by_text("Double-click acme-setup.exe.")).to_be_hidden()
    link.click()  # the address already ends in #run-the-installer: no hashchange
    expect_windows_selected(page)
    expect(page.locator("#run-the-installer")).to_be_in_viewport()


def test_opening_an_accordion_puts_its_link_in_the_address_bar(page: Any, site: str) -> None:
    page.goto(site + "install/")
    page.get_by_text("Troubleshooting", exact=True).click()
    expect(page).to_have_url(site + "install/#troubleshooting")
    page.get_by_text("Proxy settings", exact=True).click()
    expect(page).to_have_url(site + "install/#troubleshooting:proxy-settings")
    page.reload()
    expect_proxy_settings_shown(page)


AGENTS_PAGE = f"""---
title: Garden CLI
---

{FILLER}
<Visibility for="agents">
  ## Set up the beds for the user

  Run `garden beds init` yourself.
</Visibility>

Right where the agents' section would be.

{FILLER}
"""


def test_a_link_to_a_heading_for_agents_scrolls_to_where_it_would_be(
    page: Any, make_project: Callable[..., Path], static_server: Callable[[Path], str]
) -> None:
    # Content for agents is in the page's Markdown only; a link written for Mintlify to one of
    # its headings (mintlify+docs links quickstart#set-up-mintlify-for-the-user) lands there.
    project = make_project({"name": "Garden", "navigation": [{"group": "G", "pages": ["cli"]}]},
                           {"cli.mdx": AGENTS_PAGE})
    assert build(project) == []
    page.goto(static_server(project / "site") + "cli/#set-up-the-beds-for-the-user")
    expect(page.get_by_text("Right where the agents' section would be.")).to_be_in_viewport()
    expect(page.get_by_text("garden beds init")).to_have_count(0)
    expect(page.get_by_text("Set up the beds for the user")).to_have_count(0)
