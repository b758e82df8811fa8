"""RSS feeds of changelog pages: a page with <Update> components gets `rss.xml` at its URL
+ /rss.xml (Mintlify's), one item per update; front matter `rss: true` links to it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin
from xml.etree import ElementTree

from test_publish import sitegen

from sitegen.pipeline import build_site
from sitegen.pipeline.output import BuiltSite
from sitegen.publish import SiteUrlSetting

SITE = "https://docs.example.com/sub/"
ATOM = "{http://www.w3.org/2005/Atom}"

CONFIG: dict[str, Any] = {
    "theme": "mint", "name": "Acme Widgets", "colors": {"primary": "#7C3AED"},
    "navigation": {"groups": [{"group": "Start", "pages": ["index", "guides/install", "changelog", "writing"]}]},
}
CHANGELOG = """---
title: "Release notes"
description: "What changed in Acme Widgets"
rss: true
---

Every release of the widgets, newest first.

<Update label="March 6, 2025" description="v2.1.0" tags={["Widgets", "CLI"]}>
  ## Faster sprockets

  Sprockets spin **twice** as fast. Read [the install guide](/guides/install) or run `widgetctl spin`.

  <Frame>
    <img src="/images/sprocket.png" alt="A sprocket" />
  </Frame>

  ```bash
  widgetctl spin --fast
  ```

  ## Quieter gears

  - Gears hum at <Badge>40 dB</Badge> now
  - Fixed in `v2.1.0`.
</Update>

<Update label="2025-02-14" description="v2.0.0" rss={{ title: "Widgets 2.0 is here", description: "A new dashboard, rebuilt from scratch." }}>
  <Card title="Dashboard" href="/guides/install">Try it</Card>

  The dashboard is <span>new</span>.
</Update>

<Update label="January 2025" tags={["CLI"]}>
  Fixed a crash when `--verbose` was given twice. See the [sprocket note](#faster-sprockets).
</Update>
"""
PAGES = {
    "/index.mdx": "---\ntitle: Welcome\n---\nWidgets for every workshop.\n",
    "/guides/install.mdx": "---\ntitle: Install\n---\nRun it.\n",
    "/changelog.mdx": CHANGELOG,
    # Documents the component: an <Update> in a code block is no update.
    "/writing.mdx": "---\ntitle: Writing updates\n---\n\n```mdx\n<Update label=\"May 2025\">Text</Update>\n```\n",
    "/images/sprocket.png": b"\x89PNG\r\n\x1a\n",
}


def build(make_project: Callable[..., Path], pages: dict[str, Any] | None = None,
          site_url: str | None = SITE) -> BuiltSite:
    project = make_project(CONFIG, {**PAGES, **(pages or {})})
    # SiteUrlSetting() is docs.json's siteUrl, which CONFIG has not: no site URL.
    return build_site(project, site_url=SiteUrlSetting(site_url) if site_url else SiteUrlSetting())


def items(feed: bytes) -> list[dict[str, Any]]:
    channel = ElementTree.fromstring(feed).find("channel")
    assert channel is not None
    return [{child.tag: child.text for child in item if child.tag != "category"}
            | {"categories": [category.text for category in item.findall("category")]}
            for item in channel.findall("item")]


def test_a_changelog_feed_has_one_item_per_update_or_heading(make_project: Callable[..., Path]) -> None:
    site = build(make_project)
    assert site.warnings == []
    feed = site.files["changelog/rss.xml"]
    assert feed.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')
    page = SITE + "changelog/"
    assert items(feed) == [
        # Headings written in an update: one item each. The update's description leads; the
        # frame, the code block and the inline code are left out; links are absolute.
        {"title": "Faster sprockets", "link": page + "#faster-sprockets", "guid": page + "#faster-sprockets",
         "description": '<p>v2.1.0</p>\n<p>Sprockets spin <strong>twice</strong> as fast. Read '
                        f'<a href="{SITE}guides/install/">the install guide</a> or run.</p>',
         "categories": ["Widgets", "CLI"], "pubDate": "Thu, 06 Mar 2025 00:00:00 GMT"},
        {"title": "Quieter gears", "link": page + "#quieter-gears", "guid": page + "#quieter-gears",
         "description": "<p>v2.1.0</p>\n<ul>\n<li>Gears hum at now</li>\n<li>Fixed in.</li>\n</ul>",
         "categories": ["Widgets", "CLI"], "pubDate": "Thu, 06 Mar 2025 00:00:00 GMT"},
        # The rss prop wins over the label and the content.
        {"title": "Widgets 2.0 is here", "link": page + "#2025-02-14", "guid": page + "#2025-02-14",
         "description": "<p>A new dashboard, rebuilt from scratch.</p>",
         "categories": [], "pubDate": "Fri, 14 Feb 2025 00:00:00 GMT"},
        # No heading, no rss prop: the label is the title.
        {"title": "January 2025", "link": page + "#january-2025", "guid": page + "#january-2025",
         "description": f'<p>Fixed a crash when was given twice. See the <a href="{page}#faster-sprockets">'
                        "sprocket note</a>.</p>",
         "categories": ["CLI"], "pubDate": "Wed, 01 Jan 2025 00:00:00 GMT"},
    ]
    channel = ElementTree.fromstring(feed).find("channel")
    assert channel is not None
    assert [(child.tag, child.text, child.attrib) for child in channel if child.tag != "item"] == [
        ("title", "Release notes", {}), ("link", page, {}), ("description", "What changed in Acme Widgets", {}),
        ("generator", "sitegen", {}),  # no <language>: the site names none (the German test has one)
        (f"{ATOM}link", None, {"href": page + "rss.xml", "rel": "self", "type": "application/rss+xml"})]
    # Every item links to an id the built page has.
    html = site.files["changelog/index.html"].decode()
    for item in items(feed):
        assert f'id="{item["link"].split("#")[1]}"' in html
    # Only pages with updates have a feed: not the page showing <Update> in a code block.
    assert sorted(path for path in site.files if path.endswith("rss.xml")) == ["changelog/rss.xml"]


def test_rss_true_puts_a_button_linking_to_the_feed(make_project: Callable[..., Path]) -> None:
    site = build(make_project)
    html = site.files["changelog/index.html"].decode()
    button = re.search(r'<a class="rss-feed" ([^>]*)>', html)
    assert button is not None
    attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', button.group(1)))
    assert attributes == {"href": "rss.xml", "type": "application/rss+xml", "aria-label": "RSS feed",
                          "title": "RSS feed"}
    assert urljoin(SITE + "changelog/", attributes["href"]) == SITE + "changelog/rss.xml"
    assert '<link rel="alternate" type="application/rss+xml" title="Release notes" href="rss.xml">' in html
    for other in ("index.html", "guides/install/index.html", "writing/index.html"):
        assert 'class="rss-feed"' not in site.files[other].decode()
        assert "application/rss+xml" not in site.files[other].decode()


def test_without_a_site_url_the_feed_links_relative_to_itself(make_project: Callable[..., Path]) -> None:
    site = build(make_project, site_url=None)
    assert site.warnings == []
    feed = site.files["changelog/rss.xml"]
    first, *_, last = items(feed)
    # No guid (it must be unique everywhere), no atom:link; the links resolve against the
    # feed's own address, wherever the site is published.
    assert first == {"title": "Faster sprockets", "link": "./#faster-sprockets",
                     "description": '<p>v2.1.0</p>\n<p>Sprockets spin <strong>twice</strong> as fast. Read '
                                    '<a href="../guides/install/">the install guide</a> or run.</p>',
                     "categories": ["Widgets", "CLI"], "pubDate": "Thu, 06 Mar 2025 00:00:00 GMT"}
    assert last["link"] == "./#january-2025"
    assert b"atom:link" not in feed and b"<guid" not in feed
    fetched_from = "https://widgets.example/docs/changelog/rss.xml"
    assert urljoin(fetched_from, first["link"]) == "https://widgets.example/docs/changelog/#faster-sprockets"
    assert urljoin(fetched_from, "../guides/install/") == "https://widgets.example/docs/guides/install/"


def test_the_build_says_what_a_site_url_would_add(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, PAGES)
    result = sitegen("build", project)
    assert result.returncode == 0, result.stderr
    assert ("no site URL: no sitemap.xml, canonical links, social cards or absolute links in RSS feeds "
            "(give --site-url URL, SITEGEN_SITE_URL or docs.json siteUrl)") in result.stdout
    assert (project / "site" / "changelog" / "rss.xml").read_bytes().count(b"<item>") == 4


def test_rss_true_without_updates_warns_and_writes_an_empty_feed(make_project: Callable[..., Path]) -> None:
    site = build(make_project, {"/writing.mdx": "---\ntitle: Writing updates\nrss: true\n---\n\nNo updates yet.\n"})
    assert site.warnings == ["writing.mdx:3: front matter: rss: true, but the page has no <Update> components; "
                             "its feed writing/rss.xml has no items"]
    assert items(site.files["writing/rss.xml"]) == []  # the button's link still leads to a feed


def test_an_rss_prop_that_is_no_object_warns_and_the_label_is_used(make_project: Callable[..., Path]) -> None:
    page = '---\ntitle: News\n---\n\n<Update label="June 2025" rss="Big news">\n  Gears are blue.\n</Update>\n'
    site = build(make_project, {"/changelog.mdx": page})
    assert site.warnings == ["changelog.mdx:5: <Update> rss='Big news': expected an object such as "
                             '{{ title: "…", description: "…" }}; using nothing']
    assert items(site.files["changelog/rss.xml"]) == [
        {"title": "June 2025", "link": SITE + "changelog/#june-2025", "guid": SITE + "changelog/#june-2025",
         "description": "<p>Gears are blue.</p>", "categories": [], "pubDate": "Sun, 01 Jun 2025 00:00:00 GMT"}]


def test_a_german_changelogs_button_and_feed_speak_german(make_project: Callable[..., Path]) -> None:
    navigation = {"languages": [
        {"language": "en", "groups": [{"group": "Start", "pages": ["index"]}]},
        {"language": "de", "groups": [{"group": "Start", "pages": ["de/index", "de/changelog"]}]},
    ]}
    changelog = ('---\ntitle: Neuigkeiten\nrss: true\n---\n\n<Update label="21. März 2025">\n'
                 "  Zahnräder sind leiser.\n</Update>\n")
    project = make_project({**CONFIG, "navigation": navigation},
                           {"/index.mdx": PAGES["/index.mdx"], "/de/index.mdx": "---\ntitle: Willkommen\n---\nHallo.\n",
                            "/de/changelog.mdx": changelog})
    site = build_site(project)
    html = site.files["de/changelog/index.html"].decode()
    assert 'aria-label="RSS-Feed" title="RSS-Feed"' in html
    feed = site.files["de/changelog/rss.xml"]
    assert b"<language>de</language>" in feed
    # A date as German writes it is the item's pubDate.
    assert items(feed) == [{"title": "21. März 2025", "link": "./#21-m%C3%A4rz-2025",
                            "description": "<p>Zahnräder sind leiser.</p>", "categories": [],
                            "pubDate": "Fri, 21 Mar 2025 00:00:00 GMT"}]


def test_a_feed_stays_well_formed_xml_whatever_the_text_holds(make_project: Callable[..., Path]) -> None:
    # A control character XML cannot hold (readers refuse such a feed) and markup-like text.
    page = ('---\ntitle: News & <notes>\n---\n\n<Update label="Q3 & Q4">\n'
            "  Gears \x01are <Badge>x</Badge> 5 < 6 & \"quiet\".\n</Update>\n")
    site = build(make_project, {"/changelog.mdx": page})
    feed = site.files["changelog/rss.xml"]
    channel = ElementTree.fromstring(feed).find("channel")
    assert channel is not None and channel.findtext("title") == "News & <notes>"
    assert items(feed) == [{"title": "Q3 & Q4", "link": SITE + "changelog/#q3-&-q4",
                            "guid": SITE + "changelog/#q3-&-q4",
                            "description": "<p>Gears are 5 &lt; 6 &amp; &quot;quiet&quot;.</p>", "categories": []}]


OLDER_RELEASES = """\
<Update label="December 12, 2024" tags={["Widgets"]}>
  ## Sturdier cogs

  Cogs last twice as long; see [installing](/guides/install).
</Update>

<Update label="2024-11-02">
  The first widget shipped.
</Update>
"""


def test_updates_in_an_inlined_snippet_are_items_in_page_order(make_project: Callable[..., Path]) -> None:
    """A changelog that keeps older releases in snippets (imported as a component, and through
    <Snippet file>): their updates are the page's, so its feed has them where they stand."""
    page = ('---\ntitle: Release notes\n---\nimport OlderReleases from "/snippets/older-releases.mdx";\n\n'
            '<Update label="2025-01-20">\n  Gears are blue.\n</Update>\n\n<OlderReleases />\n\n'
            '<Snippet file="first-prototype.mdx" />\n')
    prototype = '<Update label="October 2024">\n  A prototype, by hand.\n</Update>\n'
    site = build(make_project, {"/changelog.mdx": page, "/snippets/older-releases.mdx": OLDER_RELEASES,
                                "/snippets/first-prototype.mdx": prototype,
                                # A page inlining a snippet without updates has no feed.
                                "/writing.mdx": '---\ntitle: Writing\n---\n<Snippet file="tip.mdx" />\n',
                                "/snippets/tip.mdx": "Write the newest release first.\n"})
    assert site.warnings == []
    page_url = SITE + "changelog/"
    assert items(site.files["changelog/rss.xml"]) == [
        {"title": "2025-01-20", "link": page_url + "#2025-01-20", "guid": page_url + "#2025-01-20",
         "description": "<p>Gears are blue.</p>", "categories": [], "pubDate": "Mon, 20 Jan 2025 00:00:00 GMT"},
        # The snippet's heading is an item; its link is made absolute from the page's address.
        {"title": "Sturdier cogs", "link": page_url + "#sturdier-cogs", "guid": page_url + "#sturdier-cogs",
         "description": f'<p>Cogs last twice as long; see <a href="{SITE}guides/install/">installing</a>.</p>',
         "categories": ["Widgets"], "pubDate": "Thu, 12 Dec 2024 00:00:00 GMT"},
        {"title": "2024-11-02", "link": page_url + "#2024-11-02", "guid": page_url + "#2024-11-02",
         "description": "<p>The first widget shipped.</p>", "categories": [],
         "pubDate": "Sat, 02 Nov 2024 00:00:00 GMT"},
        {"title": "October 2024", "link": page_url + "#october-2024", "guid": page_url + "#october-2024",
         "description": "<p>A prototype, by hand.</p>", "categories": [], "pubDate": "Tue, 01 Oct 2024 00:00:00 GMT"},
    ]
    html = site.files["changelog/index.html"].decode()
    for fragment in ("2025-01-20", "sturdier-cogs", "2024-11-02", "october-2024"):
        assert f'id="{fragment}"' in html
    assert sorted(path for path in site.files if path.endswith("rss.xml")) == ["changelog/rss.xml"]
