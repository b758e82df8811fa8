"""docs.json v2 settings with no classic equivalent, as a reader sees them: custom and
Cursor entries of the page menu (`contextual.options`), `seo`, `search.prompt`, `styling`,
`metadata.timestamp`, `integrations` (analytics) and `thumbnails.background`
(on a copy of tests/fixtures/mintlify/seedbank-v2)."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from sitegen.icons import find_icon
from sitegen.pipeline import build_site
from sitegen.pipeline.output import BuiltSite
from sitegen.publish import SiteUrlSetting
from sitegen.serve.reuse import DevBuilder

from conftest import commit_all, edit_config

SITE = "https://docs.seedbank.example/"
PLAIN = (249, 250, 250)  # the corner of a plain light card


def configure(project: Path, **changes: Any) -> BuiltSite:
    edit_config(project, **changes)
    # As `sitegen build` does: docs.json's siteUrl is read when written
    return build_site(project, site_url=SiteUrlSetting())


def menu_entries(html: bytes) -> list[tuple[str, str]]:
    """(text, href) of each page menu entry."""
    menu = html.decode().split('<ul class="page-menu-list">', 1)[1].split("</ul>", 1)[0]
    return [(unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)).strip()), unescape(href))
            for href, text in re.findall(r'<a href="([^"]*)"[^>]*>(.*?)</a>', menu, flags=re.S)]


# --- contextual.options ---------------------------------------------------------------


def test_cursor_and_custom_options_join_the_page_menu(seedbank: Path) -> None:
    site = configure(seedbank, siteUrl=SITE, contextual={"options": [
        "copy", "cursor",
        {"title": "Ask in the forum", "description": "Post this page to the grower forum", "icon": "comments",
         "href": {"base": "https://forum.seedbank.example/new", "query": [{"key": "topic", "value": "Docs: $path"}]}},
        {"title": "Status", "description": "Is the vault up?", "icon": "https://cdn.example/status.svg",
         "href": "https://status.seedbank.example"},
        "vscode", "mcp", "telegram",
        {"description": "No title here", "href": "https://example.com"},
    ]})
    entries = menu_entries(site.files["quickstart/index.html"])
    assert entries == [
        ("Open in Cursor", "https://cursor.com/link/prompt?text=Read%20https%3A%2F%2Fdocs.seedbank.example%2F"
                           "quickstart%2Findex.md%20so%20I%20can%20ask%20questions%20about%20it."),
        ("Ask in the forum Post this page to the grower forum",
         "https://forum.seedbank.example/new?topic=Docs%3A%20/quickstart/"),
        ("Status Is the vault up?", "https://status.seedbank.example"),
    ]
    html = site.files["quickstart/index.html"].decode()
    forum = html[html.index('<a href="https://forum'):].split("</a>", 1)[0]
    assert str(find_icon("comments", "solid").svg) in forum  # its Font Awesome icon
    warnings = [w for w in site.warnings if "contextual" in w]
    assert warnings == [
        "docs.json: contextual.options[3].icon: only icon names are drawn in the page menu (not an image or SVG); "
        "shown without an icon",
        "docs.json: contextual.options[6]: 'telegram' is not one of copy, view, chatgpt, claude, perplexity, cursor, "
        "mcp, add-mcp, vscode, devin-mcp, assistant, download-pdf, download-spec or an object "
        "{title, description, icon, href}; left out",
        "docs.json: contextual.options[7].title: a custom option needs a title; left out",
        # One warning for every option that needs an MCP server: they fail for one reason.
        "docs.json: contextual.options: 'vscode', 'mcp' need an MCP server of the docs, which sitegen does not make; "
        "left out",
    ]


# --- thumbnails.background ------------------------------------------------------------


def card_of(site: BuiltSite, page: str) -> Any:
    from PIL import Image

    html = site.files[page].decode()
    url = re.search(r'<meta property="og:image" content="([^"]+)"', html)
    assert url is not None
    path = url.group(1).removeprefix(SITE)
    return Image.open(site.copies[path]).convert("RGB")  # drawn into the cache, copied from there


def test_thumbnails_background_is_drawn_behind_the_card_text(seedbank: Path) -> None:
    from PIL import Image

    (seedbank / "images").mkdir()
    Image.new("RGB", (1600, 900), "#C0392B").save(seedbank / "images" / "vault-card.png")
    plain = card_of(configure(seedbank, siteUrl=SITE), "quickstart/index.html")
    site = configure(seedbank, siteUrl=SITE, thumbnails={"background": "/images/vault-card.png"})
    card = card_of(site, "quickstart/index.html")
    assert plain.getpixel((1150, 30)) == PLAIN  # the card's plain background…
    red, green, blue = card.getpixel((1150, 30))  # …and the image behind it, veiled for the text
    assert red > 220 and red - green > 40 and red - blue > 40
    assert not [w for w in site.warnings if "thumbnails" in w]


@pytest.mark.parametrize(("written", "problem"), [
    ("https://cdn.seedbank.example/card.png",
     "'https://cdn.seedbank.example/card.png' is not a file of the project (nothing is downloaded)"),
    ("/images/missing.png", "file '/images/missing.png' not found (looked in content/ and the project root)"),
    ("../outside.png", "'../outside.png' is outside the project; not published"),
])
def test_a_thumbnails_background_that_is_not_a_project_file_is_a_warning(
        seedbank: Path, written: str, problem: str) -> None:
    from PIL import Image

    Image.new("RGB", (40, 20), "#C0392B").save(seedbank.parent / "outside.png")
    site = configure(seedbank, siteUrl=SITE, thumbnails={"background": written})
    assert [w for w in site.warnings if "thumbnails" in w] == [
        f"docs.json:51: thumbnails.background: {problem}; the social cards have a plain background"]
    assert card_of(site, "quickstart/index.html").getpixel((1150, 30)) == PLAIN
    assert not [path for path in site.files if path.endswith("outside.png")]


def test_a_thumbnails_background_that_is_not_an_image_is_a_warning(seedbank: Path) -> None:
    (seedbank / "images").mkdir()
    (seedbank / "images" / "card.png").write_text("not a picture")
    site = configure(seedbank, siteUrl=SITE, thumbnails={"background": "images/card.png"})
    warnings = [w for w in site.warnings if "thumbnails" in w]
    assert warnings == ["docs.json:51: thumbnails.background: cannot draw this image behind social cards "
                        "(not an image Pillow reads); the cards have a plain background"]


# --- seo --------------------------------------------------------------------------------


def head_of(site: BuiltSite, page: str) -> str:
    html = site.files[page].decode()
    return html[:html.index("</head>")]


def test_seo_metatags_are_on_every_page_and_replace_sitegens_own(seedbank: Path) -> None:
    site = configure(seedbank, siteUrl=SITE, seo={"metatags": {
        "google-site-verification": "vault-4f2a9c", "og:site_name": "Seedbank Docs", "charset": "latin-1",
        "twitter:site": ["@seedbank"]}})
    for page in ("index.html", "quickstart/index.html", "api-reference/seeds/list-seed-lots/index.html"):
        head = head_of(site, page)
        assert '<meta name="google-site-verification" content="vault-4f2a9c">' in head
        assert head.count('property="og:site_name"') == 1  # docs.json's, not sitegen's
        assert '<meta property="og:site_name" content="Seedbank Docs">' in head
        assert '<meta property="og:title"' in head  # the tags it does not name stay
    assert "vault-4f2a9c" in site.files["404.html"].decode()
    assert [w for w in site.warnings if "seo" in w] == [
        "docs.json: seo.metatags.charset: every page sets this itself; left out",
        'docs.json: seo.metatags.twitter:site: ["@seedbank"] is not a string; left out',
    ]


def sitemap_urls(site: BuiltSite) -> list[str]:
    return re.findall(r"<loc>([^<]+)</loc>", site.files["sitemap.xml"].decode())


NOINDEX = '<meta name="robots" content="noindex">'


def test_seo_indexing_decides_what_robots_are_asked_to_index(seedbank: Path) -> None:
    # live/lot-feed is built but not in the navigation; archive/2024 is hidden
    (seedbank / "archive").mkdir()
    (seedbank / "archive" / "2024.mdx").write_text("---\ntitle: 2024 harvest\nhidden: true\n---\n\nOld counts.\n")
    default = configure(seedbank, siteUrl=SITE)
    assert SITE + "live/lot-feed/" in sitemap_urls(default)
    assert SITE + "archive/2024/" not in sitemap_urls(default)
    assert NOINDEX not in head_of(default, "live/lot-feed/index.html")

    navigable = configure(seedbank, siteUrl=SITE, seo={"indexing": "navigable"})
    assert SITE + "live/lot-feed/" not in sitemap_urls(navigable)
    assert SITE + "archive/2024/" not in sitemap_urls(navigable)
    assert SITE + "quickstart/" in sitemap_urls(navigable)
    assert NOINDEX in head_of(navigable, "live/lot-feed/index.html")
    assert NOINDEX in head_of(navigable, "archive/2024/index.html")
    assert NOINDEX not in head_of(navigable, "quickstart/index.html")

    everything = configure(seedbank, siteUrl=SITE, seo={"indexing": "all"})
    assert {SITE + "live/lot-feed/", SITE + "archive/2024/", SITE + "quickstart/"} <= set(sitemap_urls(everything))
    assert NOINDEX not in head_of(everything, "archive/2024/index.html")

    wrong = configure(seedbank, siteUrl=SITE, seo={"indexing": "visible"})
    assert ("docs.json: seo.indexing: 'visible' is not one of 'navigable' or 'all'; indexing as if it were not "
            "set") in wrong.warnings


# --- search.prompt, styling ---------------------------------------------------------------


def test_search_prompt_is_the_search_box_placeholder(seedbank: Path) -> None:
    html = configure(seedbank, search={"prompt": "Search the seed vault…"}).files["quickstart/index.html"].decode()
    assert '<span class="search-button-label">Search the seed vault…</span>' in html
    assert 'placeholder="Search the seed vault…"' in html


def eyebrow(site: BuiltSite, page: str) -> str | None:
    found = re.search(r'<p class="eyebrow"[^>]*>([^<]*)</p>', site.files[page].decode())
    return unescape(found.group(1)) if found else None


def test_styling_eyebrows_breadcrumbs_show_the_tab_and_groups(seedbank: Path) -> None:
    site = configure(seedbank)
    assert eyebrow(site, "quickstart/index.html") == "Get started"
    site = configure(seedbank, styling={"eyebrows": "breadcrumbs"})
    assert eyebrow(site, "quickstart/index.html") == "Guides / Get started"
    assert eyebrow(site, "api-reference/seeds/list-seed-lots/index.html") == "API reference / Seeds"
    assert eyebrow(site, "live/lot-feed/index.html") is None  # outside the navigation


def test_styling_codeblocks_dark_darkens_code_in_both_modes(seedbank: Path) -> None:
    (seedbank / "quickstart.mdx").write_text((seedbank / "quickstart.mdx").read_text()
                                             + "\n```bash\ncurl https://api.seedbank.example/seeds\n```\n")
    plain = configure(seedbank)
    assert ":root:not([data-theme=dark]) .highlight" in plain.files["_sitegen/pygments.css"].decode()
    site = configure(seedbank, styling={"codeblocks": "dark"})
    css = site.files["_sitegen/pygments.css"].decode()
    assert css.startswith("/* Pygments github-dark in both modes */") and "data-theme" not in css
    assert re.search(r'<body class="[^"]*\bcode-dark\b', site.files["quickstart/index.html"].decode())
    site = configure(seedbank, styling={"codeblocks": {"theme": {"light": "github-light", "dark": "dracula"}}})
    assert ('docs.json: styling.codeblocks: {"theme": {"light": "github-light", "dark": "dracula"}} is a Shiki theme, '
            "which this theme has not (code is coloured by Pygments); using 'system'") in site.warnings
    assert "code-dark" not in site.files["quickstart/index.html"].decode()


# --- metadata.timestamp -------------------------------------------------------------------


def last_modified(site: BuiltSite, page: str) -> str | None:
    found = re.search(r'<p class="last-modified"[^>]*>(.*?)</p>', site.files[page].decode(), flags=re.S)
    return unescape(re.sub(r"<[^>]+>", "", found.group(1))) if found else None


def test_metadata_timestamp_shows_the_last_commit_date(seedbank: Path) -> None:
    (seedbank / "index.mdx").write_text("---\ntitle: Seedbank\ntimestamp: false\n---\n\nWelcome to the vault.\n")
    config = json.loads((seedbank / "docs.json").read_text())
    (seedbank / "docs.json").write_text(json.dumps({**config, "metadata": {"timestamp": True}}, indent=2))
    commit_all(seedbank, "2026-03-04T10:00:00+00:00", "Seed the docs")
    site = DevBuilder(seedbank).build()
    assert last_modified(site, "quickstart/index.html") == "Last modified on March 4, 2026"
    assert '<time datetime="2026-03-04">' in site.files["quickstart/index.html"].decode()
    assert last_modified(site, "index.html") is None  # front matter `timestamp: false`


def test_without_git_the_file_time_is_used_and_front_matter_can_ask_for_it(seedbank: Path) -> None:
    import os
    from datetime import datetime

    quickstart = seedbank / "quickstart.mdx"
    stamp = datetime(2025, 11, 30, 12).timestamp()
    os.utime(quickstart, (stamp, stamp))
    assert last_modified(configure(seedbank), "quickstart/index.html") is None  # off unless asked
    quickstart.write_text(quickstart.read_text().replace("title: Quickstart", "title: Quickstart\ntimestamp: true"))
    os.utime(quickstart, (stamp, stamp))
    assert last_modified(configure(seedbank), "quickstart/index.html") == "Last modified on November 30, 2025"


# --- integrations -----------------------------------------------------------------------


def test_analytics_integrations_load_their_provider_and_the_rest_are_warnings(seedbank: Path) -> None:
    site = configure(seedbank, integrations={
        "ga4": {"measurementId": "G-SEED0042"},
        "gtm": {"tagId": "GTM-VAULT7"},
        "plausible": {"domain": "docs.seedbank.example", "server": "https://stats.seedbank.example/"},
        "fathom": {"siteId": "SEEDBANK"},
        "drift": {"id": "abc123"},
        "posthog": {"apiKey": "phc_x"},
    })
    head = site.files["quickstart/index.html"].decode().split("</head>", 1)[0]
    assert '<script async src="https://www.googletagmanager.com/gtag/js?id=G-SEED0042"></script>' in head
    assert 'gtag("config", "G-SEED0042");' in head
    assert '<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-VAULT7"></script>' in head
    assert ('<script defer data-domain="docs.seedbank.example" '
            'src="https://stats.seedbank.example/js/script.js"></script>') in head
    assert '<script defer src="https://cdn.usefathom.com/script.js" data-site="SEEDBANK"></script>' in head
    assert "G-SEED0042" in site.files["404.html"].decode().split("</head>", 1)[0]  # every page, the 404 too
    assert [w for w in site.warnings if "integrations" in w] == [
        "docs.json: integrations.drift: not one of Mintlify's integrations (adobe, amplitude, clarity, clearbit, "
        "fathom, frontchat, ga4, gtm, heap, hotjar, intercom, logrocket, mixpanel, pirsch, plausible, posthog, "
        "segment); not added",
        'docs.json: integrations.posthog.apiKey: "phc_x" is not a project API key such as phc_…; posthog not added',
    ]


def test_an_analytics_id_of_the_wrong_shape_is_a_warning_and_loads_nothing(seedbank: Path) -> None:
    site = configure(seedbank, integrations={
        "ga4": {"measurementId": 'G-1"><script>alert(1)</script>'},
        "plausible": {"domain": "docs.seedbank.example", "server": "javascript:alert(1)"},
        "fathom": {},
    })
    assert [w for w in site.warnings if "integrations" in w] == [
        'docs.json: integrations.ga4.measurementId: "G-1\\"><script>alert(1)</script>" is not a GA4 measurement ID '
        "such as G-ABC123XYZ; ga4 not added",
        'docs.json: integrations.plausible.server: "javascript:alert(1)" is not an http(s) URL; using plausible.io',
        "docs.json: integrations.fathom.siteId: missing is not a site ID such as ABCDEFGH; fathom not added",
    ]
    head = site.files["quickstart/index.html"].decode().split("</head>", 1)[0]
    assert "googletagmanager" not in head and "alert(1)" not in head and "usefathom" not in head
    assert '<script defer data-domain="docs.seedbank.example" src="https://plausible.io/js/script.js"></script>' in head


def test_a_site_with_last_modified_lines_is_built_again_not_replayed(seedbank: Path) -> None:
    from sitegen.pipeline import build

    build(seedbank)
    assert [step for step, _ in build(seedbank).steps] == ["up_to_date"]  # nothing changed: replayed
    config = json.loads((seedbank / "docs.json").read_text())
    (seedbank / "docs.json").write_text(json.dumps({**config, "metadata": {"timestamp": True}}))
    build(seedbank)
    # A commit changes the dates without touching a file: every build reads them again.
    assert "render_pages" in [step for step, _ in build(seedbank).steps]
    assert "Last modified on " in (seedbank / "site" / "quickstart" / "index.html").read_text()


def test_a_custom_option_with_a_script_link_is_left_out(seedbank: Path) -> None:
    site = configure(seedbank, contextual={"options": [
        "view",
        {"title": "Run", "description": "x", "icon": "play", "href": "javascript:alert(1)"},
        {"title": "Run too", "description": "x", "icon": "play", "href": {"base": "JavaScript:alert(2)", "query": []}},
    ]})
    assert [text for text, _ in menu_entries(site.files["quickstart/index.html"])] == ["View as Markdown"]
    assert not [path for path, data in site.files.items() if b"alert(" in data]
    assert [w for w in site.warnings if "contextual" in w] == [
        "docs.json: contextual.options[1].href: 'javascript:alert(1)' is a script URL; the entry is left out",
        "docs.json: contextual.options[2].href.base: 'JavaScript:alert(2)' is a script URL; the entry is left out",
    ]


# --- description ------------------------------------------------------------------------


def test_the_site_description_speaks_for_pages_without_their_own(seedbank: Path) -> None:
    about = "Seed lots, germination data and the reservation API of the Seedbank vault."
    site = configure(seedbank, siteUrl=SITE, description=about)
    quickstart = site.files["quickstart/index.html"].decode()  # no description of its own
    assert f'<meta name="description" content="{about}">' in quickstart
    assert f'<meta property="og:description" content="{about}">' in quickstart
    assert f'<meta name="twitter:description" content="{about}">' in quickstart
    home = site.files["index.html"].decode()  # its own description wins
    assert f'content="{about}"' not in home and '<meta name="description" content="' in home
    assert site.files["llms.txt"].decode().startswith(f"# Seedbank\n\n> {about}\n\n")
