"""A v2 `navigation.languages` entry's own navbar, footer and banner: what a reader of that
language's pages sees in the top bar, the footer and the banner, while the other languages
keep the site's."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from sitegen.pipeline import build_site

SITE_NAVBAR = {"links": [{"label": "Download", "href": "https://example.com/download"}],
               "primary": {"type": "button", "label": "Try the cloud", "href": "https://example.com/cloud"}}
SITE_FOOTER = {"socials": {"github": "https://github.com/example/orchard"},
               "links": [{"header": "Resources", "items": [{"label": "Install", "href": "/install"}]}]}
NAVIGATION = {"languages": [
    {"language": "en", "groups": [{"group": "Start", "pages": ["index", "install"]}]},
    {"language": "ja",
     "navbar": {"links": [{"label": "ダウンロード", "href": "https://example.com/download?lang=ja", "icon": "download"}],
                "primary": {"type": "button", "label": "クラウドを試す", "href": "/ja/install"}},
     "footer": {"socials": {"x": "https://x.com/orchard_ja"},
                "links": [{"header": "リソース", "items": [{"label": "インストール", "href": "/ja/install"}]}]},
     "banner": {"content": "新しい[インストール手順](/ja/install)をご覧ください", "dismissible": True},
     "groups": [{"group": "はじめに", "pages": ["ja/index", "ja/install"]}]},
    {"language": "ko", "groups": [{"group": "시작하기", "pages": ["ko/index", "ko/install"]}]},
]}
PAGES = {
    "/index.mdx": "---\ntitle: Orchard\n---\n\nWelcome.\n",
    "/install.mdx": "---\ntitle: Install\n---\n\nSteps.\n",
    "/ja/index.mdx": "---\ntitle: 果樹園\n---\n\nようこそ。\n",
    "/ja/install.mdx": "---\ntitle: インストール\n---\n\n手順。\n",
    "/ko/index.mdx": "---\ntitle: 과수원\n---\n\n환영합니다.\n",
    "/ko/install.mdx": "---\ntitle: 설치\n---\n\n단계.\n",
}


def config(**more: Any) -> dict[str, Any]:
    return {"theme": "mint", "name": "Orchard", "colors": {"primary": "#2F6B3A"}, "navigation": NAVIGATION,
            "navbar": SITE_NAVBAR, "footer": SITE_FOOTER, **more}


def visible(html: str, pattern: str) -> list[str]:
    """The visible text of every match of `pattern` (its first group), tags removed."""
    return [unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", found)).strip())
            for found in re.findall(pattern, html, re.S)]


def chrome_of(html: str) -> dict[str, Any]:
    return {
        "links": visible(html, r'<nav class="topbar-links"[^>]*>(.*?)</nav>'),
        "cta": re.findall(r'<a class="cta-button" id="topbar-cta-button" href="([^"]*)">([^<]*)<', html),
        "columns": visible(html, r'<h2 class="footer-column-header">(.*?)</h2>'),
        "column_links": re.findall(r'<div class="footer-column">.*?<li><a href="([^"]*)">([^<]*)</a>', html, re.S),
        "socials": re.findall(r'<ul class="footer-socials">.*?<a href="([^"]*)"', html, re.S),
        "banner": visible(html, r'<p class="site-banner-content">(.*?)</p>'),
    }


def test_a_language_shows_its_own_navbar_footer_and_banner(make_project: Any) -> None:
    site = build_site(make_project(config(), PAGES))
    assert site.warnings == []  # no "navigation.languages[1].navbar: unknown key"
    pages = {path: data.decode() for path, data in site.files.items() if path.endswith(".html")}
    japanese = pages["ja/install/index.html"]
    assert chrome_of(japanese) == {
        "links": ["ダウンロード"],
        "cta": [("../../ja/install/", "クラウドを試す")],
        "columns": ["リソース"],
        "column_links": [("../../ja/install/", "インストール")],
        "socials": ["https://x.com/orchard_ja"],
        "banner": ["新しいインストール手順をご覧ください"],
    }
    assert '<span class="topbar-link-icon"><svg' in japanese  # its link's own icon
    assert '<a href="../../ja/install/">インストール手順</a>' in re.search(r'<p class="site-banner-content">(.*?)</p>',
                                                             japanese, re.S).group(1)
    site_chrome = {"links": ["Download"], "cta": [("https://example.com/cloud", "Try the cloud")],
                   "columns": ["Resources"], "column_links": [("../../install/", "Install")],
                   "socials": ["https://github.com/example/orchard"], "banner": []}
    korean = chrome_of(pages["ko/install/index.html"])
    assert korean == site_chrome
    assert chrome_of(pages["install/index.html"]) == site_chrome | {"column_links": [("../install/", "Install")]}


def test_the_default_languages_own_navbar_is_the_sites(make_project: Any) -> None:
    english = {**NAVIGATION["languages"][0], "navbar": {"links": [{"label": "Blog", "href": "https://example.com/blog"}]}}
    navigation = {"languages": [english, *NAVIGATION["languages"][1:]]}
    site = build_site(make_project(config(navigation=navigation), PAGES))
    assert site.warnings == []
    html = site.files["index.html"].decode()
    assert chrome_of(html)["links"] == ["Blog"]
    assert chrome_of(html)["cta"] == []  # its navbar has no button, so none shows
    assert chrome_of(site.files["ko/install/index.html"].decode())["links"] == ["Download"]
