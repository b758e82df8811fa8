"""The RSS button of a changelog page (front matter `rss: true`) in real Chromium: a click
fetches the page's feed, whose links, read from the feed's address as a feed reader reads
them (no site URL: they are relative), lead back to the updates on the page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin
from xml.etree import ElementTree

import pytest
from playwright.sync_api import expect
from test_rss import CONFIG, PAGES

from chrome_support import build

pytestmark = pytest.mark.browser


def test_the_rss_button_opens_the_feed_whose_links_lead_to_the_updates(
    make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]
) -> None:
    project = make_project(CONFIG, PAGES)
    assert build(project) == []
    base = static_server(project / "site")
    page.goto(base + "changelog/")
    button = page.get_by_role("link", name="RSS feed")
    expect(button).to_be_visible()
    with page.expect_response(lambda response: response.url.endswith(".xml")) as answer:
        button.click()
    response = answer.value
    assert response.url == base + "changelog/rss.xml" and response.status == 200
    channel = ElementTree.fromstring(response.body()).find("channel")
    assert channel is not None
    links = [urljoin(response.url, str(item.findtext("link"))) for item in channel.findall("item")]
    assert links == [base + "changelog/#faster-sprockets", base + "changelog/#quieter-gears",
                     base + "changelog/#2025-02-14", base + "changelog/#january-2025"]
    # Each one, opened, shows its update's heading or label.
    page.goto(links[1])
    expect(page.locator("#quieter-gears")).to_have_text("Quieter gears #")
    page.goto(links[3])
    expect(page.locator("#january-2025 .update-label")).to_have_text("January 2025")
