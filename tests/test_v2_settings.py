"""docs.json v2 settings with no classic equivalent, as a reader sees them: custom and
Cursor entries of the page menu (`contextual.options`), `seo`, `search.prompt`, `styling`,
`metadata.timestamp`, `integrations` and `thumbnails.background`
(on a copy of tests/fixtures/mintlify/seedbank-v2)."""

from __future__ import annotations

import json
import re
import shutil
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from sitegen.build.builder import SiteBuilder
from sitegen.build.output import BuiltSite
from sitegen.icons import find_icon
from sitegen.publish import SiteUrlSetting

from conftest import REPO

SEEDBANK = REPO / "tests" / "fixtures" / "mintlify" / "seedbank-v2"
SITE = "https://docs.seedbank.example/"
PLAIN = (249, 250, 250)  # the corner of a plain light card


@pytest.fixture
def seedbank(tmp_path: Path) -> Path:
    target = tmp_path / "seedbank"
    shutil.copytree(SEEDBANK, target)
    return target


def configure(project: Path, **changes: Any) -> BuiltSite:
    path = project / "docs.json"
    config = json.loads(path.read_text())
    config.update(changes)
    path.write_text(json.dumps(config, indent=2))
    # As `sitegen build` does: docs.json's siteUrl is read when written
    return SiteBuilder(project, site_url=SiteUrlSetting()).build()


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
        "docs.json: contextual.options[4]: 'vscode' needs an MCP server of the docs, which sitegen does not make; "
        "left out",
        "docs.json: contextual.options[5]: 'mcp' needs an MCP server of the docs, which sitegen does not make; "
        "left out",
        "docs.json: contextual.options[6]: 'telegram' is not one of copy, view, chatgpt, claude, perplexity, cursor, "
        "mcp, vscode, assistant or an object {title, description, icon, href}; left out",
        "docs.json: contextual.options[7].title: a custom option needs a title; left out",
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
    assert red > 200 and green < 170 and blue < 170
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
    assert len(warnings) == 1 and warnings[0].startswith(
        "docs.json:51: thumbnails.background: cannot draw this image behind social cards (not an image Pillow reads:")
    assert warnings[0].endswith("; the cards have a plain background")
