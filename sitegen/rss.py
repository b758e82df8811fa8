"""RSS 2.0 feeds of changelog pages, as Mintlify makes them.

A page with `<Update>` components gets a feed at its URL + `rss.xml` (`changelog/rss.xml`),
one item per update or per heading in it, in the page's order; a page with front matter
`rss: true` gets one too (its header's RSS button links to it). The items come from the
page's own render (`markdown/updates.py`, on the page's result and in the persistent cache):
writing a feed renders nothing. With a site URL every link is absolute; without one, links
are relative to the feed (readers resolve them against the address they fetched it from),
and there is no `guid` or `atom:link`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import quote

from sitegen.markdown import FeedItem
from sitegen.markdown.updates import description_html
from sitegen.pages import Page

FEED_NAME = "rss.xml"
_ATOM = "http://www.w3.org/2005/Atom"
# What a URL's path and fragment keep as written (RFC 3986); the rest (spaces, "ä") is
# percent-encoded, which browsers decode to find the id.
_URL_SAFE = "/%:@!$&'()*+,;=-._~"
# Characters XML 1.0 cannot hold (ElementTree writes them, and readers then refuse the feed).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


@dataclass(frozen=True)
class Feed:
    page: Page
    path: str  # output path: the page's URL + rss.xml
    items: tuple[FeedItem, ...]


def feed_path(page: Page) -> str:
    """Where a page's feed is written: Mintlify's page URL + /rss.xml."""
    return page.url + FEED_NAME


def page_address(page: Page, site_url: str | None) -> str:
    """The page's URL: absolute under the site URL, else relative to its feed ("./")."""
    return site_url + quote(page.url, safe=_URL_SAFE) if site_url else "./"


# --- writing a feed -----------------------------------------------------------------------------


def feed_xml(feed: Feed, language: str | None, site_url: str | None) -> bytes:
    """The RSS 2.0 document of one page's feed."""
    from email.utils import format_datetime  # only a site with a changelog pays for these imports
    from xml.etree import ElementTree

    page = feed.page
    address = page_address(page, site_url)
    rss = ElementTree.Element("rss", {"version": "2.0", "xmlns:atom": _ATOM})
    channel = ElementTree.SubElement(rss, "channel")

    def add(parent: ElementTree.Element, tag: str, text: str, attributes: Mapping[str, str] | None = None) -> None:
        ElementTree.SubElement(parent, tag, dict(attributes or {})).text = _NOT_XML.sub("", text)

    add(channel, "title", page.title)
    add(channel, "link", address)
    add(channel, "description", page.description or page.title)
    if language:
        add(channel, "language", language)
    add(channel, "generator", "sitegen")
    if site_url:
        add(channel, "atom:link", "", {"href": site_url + quote(feed.path, safe=_URL_SAFE), "rel": "self",
                                       "type": "application/rss+xml"})
    for entry in feed.items:
        item = ElementTree.SubElement(channel, "item")
        link = f"{address}#{quote(entry.fragment, safe=_URL_SAFE)}" if entry.fragment else address
        add(item, "title", entry.title)
        add(item, "link", link)
        if site_url:
            add(item, "guid", link, {"isPermaLink": "true"})
        if entry.description:
            add(item, "description", description_html(entry, address))
        for category in entry.categories:
            add(item, "category", category)
        published = entry.published_at()
        if published is not None:
            add(item, "pubDate", format_datetime(published, usegmt=True))
    ElementTree.indent(rss)
    document: bytes = ElementTree.tostring(rss, encoding="utf-8", xml_declaration=False)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + document + b"\n"


def feed_files(pages: list[Page], items: Mapping[str, tuple[FeedItem, ...]], languages: Mapping[str, str | None],
               site_url: str | None) -> tuple[dict[str, bytes], list[str]]:
    """Output path -> feed of every page with feed items (and of every page with `rss: true`,
    whose RSS button links to it); warnings. `items` and `languages`: by page id."""
    files: dict[str, bytes] = {}
    warnings: list[str] = []
    for page in pages:
        found = items.get(page.id, ())
        if not found and not page.rss:
            continue
        if not found:
            warnings.append(f"{page.display_path}:{page.line_of('rss')}: front matter: rss: true, but the page "
                            f"has no <Update> components; its feed {feed_path(page)} has no items")
        feed = Feed(page, feed_path(page), found)
        files[feed.path] = feed_xml(feed, languages.get(page.id), site_url)
    return files, warnings
