"""What a v2 docs.json adds to every page's chrome, as built HTML: the banner (Markdown,
dismissible, keyed by its content), footer link columns, navbar links and the GitHub
button, appearance.strict, background.decoration, Lucide icons and fonts; with the exact
warnings for values the theme cannot use. Browser behaviour: tests/browser/test_chrome_v2.py."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sitegen.config import load_config
from sitegen.errors import ConfigError
from sitegen.pipeline import build, build_site, write_site

from conftest import FIXTURES, copy_fixture, run_sitegen

TIDELINE = FIXTURES / "mintlify" / "tideline"
BASE: dict[str, Any] = {"theme": "mint", "name": "Acme", "colors": {"primary": "#0D9373"},
                        "navigation": {"groups": [{"group": "Start", "pages": ["intro", "guides/setup"]}]}}
PAGES = {"intro.mdx": "---\ntitle: Intro\nicon: rocket\n---\nHello.\n",
         "guides/setup.mdx": "---\ntitle: Setup\n---\nSteps.\n"}


@pytest.fixture(scope="module")
def tideline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tideline")
    return build(copy_fixture(TIDELINE, folder), folder / "site").out_dir


def html(site: Path, page: str) -> str:
    return (site / page / "index.html").read_text(encoding="utf-8")


def built(make_project: Callable[..., Path], pages: dict[str, str] | None = None, **settings: Any) -> tuple[Path, list[str]]:
    project = make_project({**BASE, **settings}, pages or PAGES)
    result = build_site(project)
    write_site(result, project / "site")
    return project / "site", list(result.warnings)


def test_banner_markdown_is_on_every_page_with_site_links_relative(tideline: Path) -> None:
    for page, changelog in (("", "changelog/"), ("guides/tides", "../../changelog/")):
        text = html(tideline, page)
        assert ('<p class="site-banner-content">Tide tables for <strong>2027</strong> are live. '
                f'<a href="{changelog}">See what changed</a></p>') in text
        assert 'aria-label="Dismiss announcement"' in text
    keys = {re.search(r'data-banner-key="(\w+)"', html(tideline, page)).group(1)  # type: ignore[union-attr]
            for page in ("", "quickstart", "changelog")}
    assert len(keys) == 1


def test_banner_html_is_escaped_and_not_dismissible_by_default(make_project: Callable[..., Path]) -> None:
    site, warnings = built(make_project, banner={"content": "<script>alert(1)</script> `v2` [x](javascript:alert(1))"})
    text = html(site, "intro")
    assert "&lt;script&gt;alert(1)&lt;/script&gt; <code>v2</code> [x](javascript:alert(1))" in text
    assert "site-banner-dismiss" not in text
    assert warnings == []


def test_banner_needs_content(make_project: Callable[..., Path]) -> None:
    project = make_project({**BASE, "banner": {"dismissible": True}}, PAGES)
    with pytest.raises(ConfigError) as caught:
        load_config(project)
    assert caught.value.messages == ["docs.json: banner.content: required key is missing"]


def test_footer_columns_with_headers_and_links(tideline: Path) -> None:
    text = html(tideline, "guides/tides")
    columns = re.findall(r'<div class="footer-column">\s*(.*?)</div>', text, re.S)
    assert [re.findall(r'<h2 class="footer-column-header">(.*?)</h2>', c) for c in columns] == [
        ["Product"], ["Company"], ["Legal"]]
    assert [re.findall(r'<a href="([^"]*)">(.*?)</a>', c) for c in columns] == [
        [("https://tideline.example/pricing", "Pricing"), ("../../changelog/", "Changelog")],
        [("https://tideline.example/about", "About us"),
         ("https://tideline.example/careers", "Careers at a small harbour-side company")],
        [("https://tideline.example/privacy", "Privacy")],
    ]


def test_navbar_link_and_github_primary(tideline: Path) -> None:
    text = html(tideline, "")
    link = re.search(r'<a href="https://status.tideline.example">(.*?)</a>', text, re.S)
    assert link is not None and link.group(1).endswith("</svg></span>Status")
    assert link.group(1).startswith('<span class="topbar-link-icon"><svg class="icon icon-lucide"')  # activity
    assert re.search(r'<a class="github-button" id="topbar-cta-button" href="https://github.com/tideline/tideline-docs" '
                     r'data-github-repo="tideline/tideline-docs" data-stars-label="\{count\} stars on GitHub">', text)
    assert '<span class="github-name">tideline/tideline-docs</span>' in text


def test_strict_appearance_has_no_toggle_and_pins_the_default(tideline: Path) -> None:
    text = html(tideline, "")
    assert "mode-toggle" not in text
    assert "var forced = true;" in text and 'var fallback = "light";' in text


def test_background_decoration_and_the_fixture_font_family(tideline: Path) -> None:
    text = html(tideline, "")
    assert '<div class="background-decoration decoration-grid" aria-hidden="true"></div>' in text
    assert '--font-heading: "Atkinson Hyperlegible", var(--font-system); --font-heading-weight: 400;' in text
    assert '--font-body: "Atkinson Hyperlegible", var(--font-system);' in text
    assert "@font-face" not in text  # a declared family only: nothing to load


def test_lucide_icons_are_inline_svg_from_the_package(tideline: Path) -> None:
    text = html(tideline, "guides/tides")
    sidebar = text[text.index('class="sidebar"'):text.index('class="main"')]
    # The page's own group in full: ship-wheel and bell-ring from Lucide, discord from Font Awesome.
    assert sidebar.count('<svg class="icon icon-lucide" viewBox="0 0 24 24"') == 2
    assert sidebar.count('<svg class="icon" viewBox="0 0 640 512"') == 1
    assert "lucide" not in (tideline / "_sitegen").as_posix()  # nothing like an icon CDN or sprite file
    assert not list(tideline.rglob("*lucide*"))


def test_component_icons_come_from_lucide_too(tideline: Path, make_project: Callable[..., Path]) -> None:
    cards = html(tideline, "").split('<div class="card card-linked">')[1:]
    assert len(cards) == 2 and all('<span class="card-icon" aria-hidden="true"><svg class="icon icon-lucide"' in card
                                   for card in cards)  # rocket, bell
    pages = {**PAGES, "intro.mdx": '---\ntitle: Intro\n---\n<Card title="Chat" icon="discord">Talk.</Card>\n'}
    site, warnings = built(make_project, pages, icons={"library": "lucide"})
    assert warnings == ["content/intro.mdx:4: <Card> unknown Lucide icon 'discord'; "
                        "using the Font Awesome icon 'discord'"]
    assert '<svg class="icon" viewBox="0 0 640 512"' in html(site, "intro")


def test_navbar_link_icon_names_are_checked(make_project: Callable[..., Path]) -> None:
    site, warnings = built(make_project, navbar={"links": [
        {"label": "Blog", "href": "https://blog.acme.example", "icon": {"name": "newspaper", "style": "regular"}},
        {"label": "Chat", "href": "https://chat.acme.example", "icon": "no-such-glyph"},
        {"label": "Jobs", "href": "https://jobs.acme.example"},
    ]})
    assert warnings == ["docs.json: navbar.links[1].icon: unknown Font Awesome icon 'no-such-glyph' "
                        "(or Pro-only, with no free counterpart); using the placeholder 'circle'"]
    text = html(site, "intro")
    assert re.search(r'<a href="https://blog.acme.example"><span class="topbar-link-icon"><svg class="icon" '
                     r'viewBox="0 0 512 512"[^>]*>.*?</svg></span>Blog</a>', text)
    assert re.search(r'<a href="https://chat.acme.example"><span class="topbar-link-icon"><svg class="icon" '
                     r'viewBox="0 0 512 512"[^>]*><path d="M464 256A208[^"]*"/></svg></span>Chat</a>', text)
    assert '<a href="https://jobs.acme.example">Jobs</a>' in text


def test_local_font_files_are_copied_and_declared(make_project: Callable[..., Path]) -> None:
    pages = {**PAGES, "/fonts/Harbour-Bold.woff2": b"wOF2 test bytes", "/fonts/Harbour-Regular.woff": b"wOFF bytes"}
    site, warnings = built(make_project, pages, fonts={
        "heading": {"family": "Harbour", "source": "/fonts/Harbour-Bold.woff2", "weight": 700},
        "body": {"family": "Harbour Text", "source": "fonts/Harbour-Regular.woff"},
    })
    assert warnings == []
    assert (site / "fonts" / "Harbour-Bold.woff2").read_bytes() == b"wOF2 test bytes"
    assert (site / "fonts" / "Harbour-Regular.woff").read_bytes() == b"wOFF bytes"
    text = html(site, "guides/setup")
    assert ("@font-face { font-family: \"Harbour\"; src: url('../../fonts/Harbour-Bold.woff2') "
            "format(\"woff2\"); font-weight: 700; font-display: swap; }") in text
    assert ("@font-face { font-family: \"Harbour Text\"; src: url('../../fonts/Harbour-Regular.woff') "
            "format(\"woff\"); font-display: swap; }") in text


def test_bad_values_warn_exactly(make_project: Callable[..., Path]) -> None:
    site, warnings = built(
        make_project,
        background={"decoration": "stripes"}, icons={"library": "heroicons"},
        fonts={"family": "Inter", "source": "https://cdn.example/inter.woff2", "format": "ttf"},
    )
    assert warnings == [
        "docs.json: background.decoration: 'stripes' is not one of 'gradient', 'grid' or 'windows'; no decoration",
        "docs.json: icons.library: 'heroicons' is not one of 'fontawesome', 'lucide' or 'tabler'; using Font Awesome",
        "docs.json: fonts.format: 'ttf' is not one of 'woff' or 'woff2'; taking the format from the file name",
        "docs.json: fonts.source: 'https://cdn.example/inter.woff2' is a remote font file; the site loads nothing "
        "from other hosts, so 'Inter' is used only if the reader has it installed (put the file in the project "
        "to ship it)",
    ]
    text = html(site, "intro")
    assert "background-decoration" not in text and "@font-face" not in text and "cdn.example" not in text
    assert '--font-body: "Inter", var(--font-system);' in text


def test_unknown_lucide_icon_falls_back_with_a_warning(make_project: Callable[..., Path]) -> None:
    pages = {**PAGES, "guides/setup.mdx": "---\ntitle: Setup\nicon: no-such-glyph\n---\nSteps.\n"}
    site, warnings = built(make_project, pages, icons={"library": "lucide"})
    assert warnings == ["content/guides/setup.mdx:3: front matter: icon: unknown Lucide icon 'no-such-glyph' "
                        "(nor a Font Awesome one); using the placeholder 'circle'"]
    assert '<svg class="icon icon-lucide"' in html(site, "intro")  # rocket


def test_a_missing_local_font_file_is_an_error(make_project: Callable[..., Path]) -> None:
    project = make_project({**BASE, "fonts": {"family": "Harbour", "source": "/fonts/gone.woff2"}}, PAGES)
    result = run_sitegen("build", project)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert ("error: docs.json: fonts.source: file '/fonts/gone.woff2' not found (looked in content/ and the "
            "project root)") in result.stderr


def test_classic_projects_show_none_of_it(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Acme", "navigation": [{"group": "Start", "pages": ["intro"]}]},
                           {"intro.mdx": PAGES["intro.mdx"]})
    result = build_site(project)
    write_site(result, project / "site")
    text = html(project / "site", "intro")
    assert "site-banner" not in text and "footer-columns" not in text and "background-decoration" not in text
    assert '<svg class="icon icon-lucide"' not in text and "--font-body" not in text
