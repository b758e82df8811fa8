"""Publishing at a site URL: sitemap.xml, robots.txt, canonical and social tags, social cards."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from conftest import REPO, run_sitegen

SITE = "https://docs.example.com/sub/"
NO_SITE_URL = ("no site URL: no sitemap.xml, canonical links, social cards or absolute links in RSS feeds "
               "(give --site-url URL, SITEGEN_SITE_URL or docs.json siteUrl)")

CONFIG: dict[str, Any] = {
    "name": "Acme Widgets",
    "colors": {"primary": "#7C3AED"},
    "navigation": [{"group": "Get started", "pages": ["index", "guides/install"]}],
    "redirects": [{"source": "/old-install", "destination": "/guides/install"}],
}
PAGES = {
    "index.mdx": "---\ntitle: Welcome\ndescription: Widgets for every workshop.\n---\nHello.\n",
    "guides/install.mdx": "---\ntitle: Install the CLI\ndescription: Get widgetctl on your machine.\n---\nRun it.\n",
    "guides/orphan.mdx": "---\ntitle: Not in the sidebar\n---\nStill a page.\n",
    "guides/secret.mdx": "---\ntitle: Secret\nhidden: true\n---\nHidden.\n",
    "guides/draft.mdx": "---\ntitle: Draft\nnoindex: true\n---\nNot indexed.\n",
}


def sitegen(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real CLI with extra environment variables (SITEGEN_SITE_URL never leaks in from outside)."""
    environ = {key: value for key, value in os.environ.items() if key != "SITEGEN_SITE_URL"}
    environ.update(env or {})
    return subprocess.run([sys.executable, "-m", "sitegen", *map(str, args)], cwd=REPO, capture_output=True,
                          text=True, timeout=120, env=environ)


def head_tags(html: str) -> dict[str, str]:
    """canonical and every og:/twitter: meta tag of a page, by name."""
    tags = {f"{kind}": value for kind, value in re.findall(r'<meta (?:property|name)="((?:og|twitter):[^"]+)" '
                                                             r'content="([^"]*)">', html)}
    canonical = re.search(r'<link rel="canonical" href="([^"]*)">', html)
    if canonical:
        tags["canonical"] = canonical.group(1)
    return tags


def test_sitemap_lists_every_built_page_but_hidden_noindex_and_redirects(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, PAGES)
    result = sitegen("build", project, "--site-url", "https://docs.example.com/sub")
    assert result.returncode == 0, result.stderr
    assert NO_SITE_URL not in result.stdout
    site = project / "site"
    sitemap = (site / "sitemap.xml").read_text()
    assert sitemap.startswith('<?xml version="1.0" encoding="UTF-8"?>\n'
                              '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')
    assert re.findall(r"<loc>([^<]*)</loc>", sitemap) == [
        SITE, SITE + "guides/install/", SITE + "guides/orphan/",
    ]
    assert (site / "old-install/index.html").is_file()  # the redirect page is built, not listed
    assert (site / "robots.txt").read_text() == f"User-agent: *\nAllow: /\n\nSitemap: {SITE}sitemap.xml\n"


def test_lastmod_comes_from_git_history_else_the_file_time(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, PAGES)

    def git(*args: str, date: str = "2024-03-05T10:00:00+00:00") -> None:
        env = {**os.environ, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "GIT_AUTHOR_NAME": "Docs",
               "GIT_AUTHOR_EMAIL": "docs@example.com", "GIT_COMMITTER_NAME": "Docs",
               "GIT_COMMITTER_EMAIL": "docs@example.com"}
        subprocess.run(["git", *args], cwd=project, check=True, capture_output=True, env=env)

    git("init", "-q")
    git("add", "docs.json", "content/index.mdx", "content/guides/install.mdx")
    git("commit", "-q", "-m", "First pages")
    (project / "content/guides/install.mdx").write_text("---\ntitle: Install the CLI\n---\nRun it twice.\n")
    git("commit", "-q", "-am", "Edit install", date="2025-01-20T08:30:00+00:00")
    os.utime(project / "content/guides/orphan.mdx", (1700000000, 1700000000))  # never committed

    result = sitegen("build", project, "--site-url", SITE)
    assert result.returncode == 0, result.stderr
    sitemap = (project / "site/sitemap.xml").read_text()
    assert re.findall(r"<url><loc>([^<]*)</loc><lastmod>([^<]*)</lastmod></url>", sitemap) == [
        (SITE, "2024-03-05T10:00:00+00:00"),
        (SITE + "guides/install/", "2025-01-20T08:30:00+00:00"),
        (SITE + "guides/orphan/", "2023-11-14T22:13:20+00:00"),
    ]


def test_without_a_site_url_one_summary_line_and_nothing_absolute(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, PAGES)
    result = sitegen("build", project)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # a note, not a warning
    assert result.stdout.splitlines()[1] == NO_SITE_URL
    site = project / "site"
    assert not (site / "sitemap.xml").exists() and not (site / "robots.txt").exists()
    assert not (site / "_sitegen/cards").exists()
    html = (site / "guides/install/index.html").read_text()
    assert head_tags(html) == {}
    assert "https://" not in html.split("</head>")[0]


def test_canonical_and_social_tags_follow_the_page(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, PAGES)
    assert sitegen("build", project, "--site-url", SITE).returncode == 0
    site = project / "site"
    tags = head_tags((site / "guides/install/index.html").read_text())
    card = tags.pop("og:image")
    assert re.fullmatch(re.escape(SITE) + r"_sitegen/cards/[0-9a-f]{24}\.png", card)
    assert tags == {
        "canonical": SITE + "guides/install/",
        "og:type": "website",
        "og:site_name": "Acme Widgets",
        "og:title": "Install the CLI",
        "og:url": SITE + "guides/install/",
        "og:description": "Get widgetctl on your machine.",
        "og:image:width": "1200",
        "og:image:height": "630",
        "og:image:type": "image/png",
        "og:image:alt": "Install the CLI - Acme Widgets",
        "twitter:card": "summary_large_image",
        "twitter:title": "Install the CLI",
        "twitter:description": "Get widgetctl on your machine.",
        "twitter:image": card,
    }
    # The home page (index) is the site root.
    assert head_tags((site / "index.html").read_text())["og:url"] == SITE


def test_flag_wins_over_environment_which_wins_over_docs_json(make_project: Callable[..., Path]) -> None:
    project = make_project({**CONFIG, "siteUrl": "https://from-config.example.com/"}, PAGES)

    def canonical(*args: str, env: dict[str, str] | None = None) -> str:
        result = sitegen("build", project, *args, env=env)
        assert result.returncode == 0, result.stderr
        return head_tags((project / "site/index.html").read_text())["canonical"]

    env = {"SITEGEN_SITE_URL": "https://from-env.example.com/docs"}
    assert canonical("--site-url", "https://from-flag.example.com/", env=env) == "https://from-flag.example.com/"
    assert canonical(env=env) == "https://from-env.example.com/docs/"
    assert canonical() == "https://from-config.example.com/"


def test_a_bad_site_url_is_an_error_naming_where_it_came_from(make_project: Callable[..., Path]) -> None:
    project = make_project({**CONFIG, "siteUrl": "docs.example.com"}, PAGES)
    example = "(such as https://docs.example.com/ or https://example.com/docs/)"

    result = sitegen("build", project)
    assert result.returncode == 1
    assert result.stderr == f"error: docs.json: siteUrl: 'docs.example.com' is not an absolute http(s) URL {example}\n"

    result = sitegen("build", project, env={"SITEGEN_SITE_URL": "ftp://files.example.com/"})
    assert result.stderr == ("error: SITEGEN_SITE_URL: 'ftp://files.example.com/' is not an absolute http(s) URL "
                             f"{example}\n")

    result = sitegen("build", project, "--site-url", "https://docs.example.com/?v=2")
    assert result.stderr == ("error: --site-url: 'https://docs.example.com/?v=2' has a query or fragment, which "
                             f"page URLs cannot follow {example}\n")
    assert not (project / "site").exists()


def test_social_cards_are_drawn_once_and_reused_on_rebuild(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, PAGES)
    assert sitegen("build", project, "--site-url", SITE).returncode == 0
    site = project / "site"
    cards = sorted((site / "_sitegen/cards").iterdir())
    assert len(cards) == 5  # every page has one, hidden ones too (they can still be shared)
    for card in cards:
        with Image.open(card) as image:
            assert (image.format, image.size) == ("PNG", (1200, 630))
    tags = head_tags((site / "guides/install/index.html").read_text())
    assert (site / tags["og:image"].removeprefix(SITE)).is_file()

    cache = project / ".sitegen-cache/cards"
    drawn = {path.name: (path.stat().st_ino, path.stat().st_mtime_ns) for path in cache.iterdir()}
    assert set(drawn) == {card.name for card in cards}
    # A rebuild that renders every page again still draws no card.
    assert sitegen("build", project, "--site-url", SITE, "--no-cache").returncode == 0
    assert {path.name: (path.stat().st_ino, path.stat().st_mtime_ns) for path in cache.iterdir()} == drawn

    # A new title is a new card; the old one leaves the cache.
    page = project / "content/guides/install.mdx"
    page.write_text(page.read_text().replace("Install the CLI", "Install widgetctl"))
    assert sitegen("build", project, "--site-url", SITE).returncode == 0
    new_card = head_tags((site / "guides/install/index.html").read_text())["og:image"]
    assert new_card != tags["og:image"]
    assert (site / new_card.removeprefix(SITE)).is_file()
    assert {path.name for path in cache.iterdir()} == set(drawn) - {Path(tags["og:image"]).name} | {Path(new_card).name}


def test_a_card_deleted_from_the_cache_is_drawn_again(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, PAGES)
    assert sitegen("build", project, "--site-url", SITE).returncode == 0
    card = head_tags((project / "site/guides/install/index.html").read_text())["og:image"]
    (project / ".sitegen-cache/cards" / Path(card).name).unlink()
    result = sitegen("build", project, "--site-url", SITE)
    assert result.returncode == 0, result.stderr
    assert (project / "site" / card.removeprefix(SITE)).is_file()


def test_thumbnails_false_turns_cards_off(make_project: Callable[..., Path]) -> None:
    project = make_project({**CONFIG, "thumbnails": False}, PAGES)
    result = sitegen("build", project, "--site-url", SITE)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    site = project / "site"
    assert not (site / "_sitegen/cards").exists()
    assert not (project / ".sitegen-cache/cards").exists()
    tags = head_tags((site / "guides/install/index.html").read_text())
    assert tags["canonical"] == SITE + "guides/install/"
    assert "og:image" not in tags and tags["twitter:card"] == "summary"


def test_mintlify_thumbnails_object_draws_a_dark_card(make_project: Callable[..., Path]) -> None:
    config = {**CONFIG, "thumbnails": {"appearance": "dark"},
              "colors": {"primary": "#7C3AED", "background": {"light": "#FFFFFF", "dark": "#101014"}}}
    project = make_project(config, PAGES)
    result = sitegen("build", project, "--site-url", SITE)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # Mintlify's key: no "unknown key" warning
    card = head_tags((project / "site/guides/install/index.html").read_text())["og:image"]
    with Image.open(project / "site" / card.removeprefix(SITE)) as image:
        assert image.convert("RGB").getpixel((5, 5)) == (0x10, 0x10, 0x14)  # the dark background
        assert image.convert("RGB").getpixel((5, 625)) == (0x7C, 0x3A, 0xED)  # the primary band


def test_a_raster_logo_is_drawn_on_the_card(make_project: Callable[..., Path], tmp_path: Path) -> None:
    logo = tmp_path / "logo.png"
    Image.new("RGB", (128, 64), (255, 0, 0)).save(logo)
    project = make_project({**CONFIG, "logo": "images/logo.png"}, {**PAGES, "/images/logo.png": logo.read_bytes()})
    assert sitegen("build", project, "--site-url", SITE).returncode == 0
    card = head_tags((project / "site/guides/install/index.html").read_text())["og:image"]
    with Image.open(project / "site" / card.removeprefix(SITE)) as image:
        assert image.convert("RGB").getpixel((80 + 60, 70 + 30)) == (255, 0, 0)


def card_image(project: Path, page: str = "guides/install") -> Image.Image:
    """The social card of a built page, as RGB."""
    card = head_tags((project / f"site/{page}/index.html").read_text())["og:image"]
    with Image.open(project / "site" / card.removeprefix(SITE)) as image:
        return image.convert("RGB")


def logo_box(card: Image.Image) -> set[tuple[int, int, int]]:
    """The colours where the logo goes (64 px high, at the top left margin)."""
    return {colour for _, colour in card.crop((80, 70, 80 + 400, 70 + 64)).getcolors(400 * 64) or []}


SQUARE_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="16" viewBox="0 0 32 16">'
              '<rect width="32" height="16" fill="{colour}"/></svg>')


def test_an_svg_logo_is_rasterized_onto_the_card(make_project: Callable[..., Path]) -> None:
    plain = make_project(CONFIG, PAGES, name="plain")
    assert sitegen("build", plain, "--site-url", SITE).returncode == 0
    project = make_project({**CONFIG, "logo": "images/logo.svg"},
                           {**PAGES, "/images/logo.svg": SQUARE_SVG.format(colour="#FF0000")})
    result = sitegen("build", project, "--site-url", SITE)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    card, without = card_image(project), card_image(plain)
    # Scaled from 32x16 to 128x64: red across the logo's box, where the plain card has
    # its background (and the site name in the primary colour, which the logo replaces).
    assert card.getpixel((80 + 5, 70 + 5)) == (255, 0, 0)
    assert card.getpixel((80 + 120, 70 + 60)) == (255, 0, 0)
    assert card.getpixel((80 + 140, 70 + 30)) == card.getpixel((5, 5)) == without.getpixel((5, 5))
    assert (255, 0, 0) not in logo_box(without)
    assert (0x7C, 0x3A, 0xED) in logo_box(without) and (0x7C, 0x3A, 0xED) not in logo_box(card)


def test_a_dark_card_shows_the_dark_logo(make_project: Callable[..., Path]) -> None:
    config = {**CONFIG, "thumbnails": {"appearance": "dark"},
              "logo": {"light": "images/light.svg", "dark": "images/dark.svg"}}
    project = make_project(config, {**PAGES, "/images/light.svg": SQUARE_SVG.format(colour="#000000"),
                                    "/images/dark.svg": SQUARE_SVG.format(colour="#00FF00")})
    assert sitegen("build", project, "--site-url", SITE).returncode == 0
    assert card_image(project).getpixel((80 + 60, 70 + 30)) == (0, 255, 0)


def test_an_svg_logo_reads_no_file_it_points_at(make_project: Callable[..., Path], tmp_path: Path) -> None:
    outside = tmp_path / "outside.png"
    Image.new("RGB", (8, 8), (0, 0, 255)).save(outside)
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="32" '
           f'height="16"><rect width="16" height="16" fill="#FF0000"/><image x="16" width="16" height="16" '
           f'xlink:href="{outside}"/><image x="16" width="16" height="16" href="file://{outside}"/></svg>')
    project = make_project({**CONFIG, "logo": "images/logo.svg"}, {**PAGES, "/images/logo.svg": svg})
    assert sitegen("build", project, "--site-url", SITE).returncode == 0
    card = card_image(project)
    assert card.getpixel((80 + 30, 70 + 30)) == (255, 0, 0)  # the logo is drawn…
    assert (0, 0, 255) not in logo_box(card)  # …without the image from outside the project


def test_an_svg_logo_resvg_cannot_read_is_a_warning(make_project: Callable[..., Path]) -> None:
    project = make_project({**CONFIG, "logo": "images/logo.svg"}, {**PAGES, "/images/logo.svg": "<svg><rect"})
    result = sitegen("build", project, "--site-url", SITE)
    assert result.returncode == 0
    assert ("warning: images/logo.svg: cannot draw this SVG logo on social cards (not well-formed XML: "
            "unclosed token: line 1, column 5); the cards show the site name instead") in result.stderr
    assert (0x7C, 0x3A, 0xED) in logo_box(card_image(project))  # the site name, in the primary colour


def test_the_plant_store_card_shows_its_svg_logo(example_project: Path) -> None:
    result = sitegen("build", example_project, "--site-url", SITE)
    assert result.returncode == 0, result.stderr
    colours = logo_box(card_image(example_project, "quickstart"))
    # The leaves of images/logo-light.svg (#15803D, #22C55E), antialiased at their edges.
    assert (0x15, 0x80, 0x3D) in colours and (0x22, 0xC5, 0x5E) in colours


def test_thumbnails_must_be_a_boolean_or_an_object(make_project: Callable[..., Path]) -> None:
    project = make_project({**CONFIG, "thumbnails": "off"}, PAGES)
    result = run_sitegen("build", project)
    assert result.returncode == 1
    assert result.stderr == "error: docs.json: thumbnails: 'off' is not true, false or an object {appearance}\n"


def test_a_card_cache_linked_out_of_the_project_is_not_written_through(
    make_project: Callable[..., Path], tmp_path: Path
) -> None:
    project = make_project(CONFIG, PAGES)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (project / ".sitegen-cache").mkdir()
    (project / ".sitegen-cache/cards").symlink_to(outside)
    result = sitegen("build", project, "--site-url", SITE)
    assert result.returncode == 0, result.stderr
    assert list(outside.iterdir()) == []
    assert not (project / ".sitegen-cache/cards").is_symlink()
    assert len(list((project / "site/_sitegen/cards").iterdir())) == 5


def test_cards_of_a_large_site_come_from_the_worker_processes(make_project: Callable[..., Path]) -> None:
    # 200 pages: a cold build renders them in worker processes, which draw the cards too.
    pages = {f"guides/page-{number:03}.mdx": f"---\ntitle: Guide number {number}\n---\nText {number}.\n"
             for number in range(199)}
    project = make_project({**CONFIG, "navigation": [{"group": "Guides", "pages": ["index", *(
        f"guides/page-{number:03}" for number in range(199))]}]}, {"index.mdx": PAGES["index.mdx"], **pages})
    result = sitegen("build", project, "--site-url", SITE)
    assert result.returncode == 0, result.stderr
    site = project / "site"
    for number in (0, 101, 198):
        card = head_tags((site / f"guides/page-{number:03}/index.html").read_text())["og:image"]
        with Image.open(site / card.removeprefix(SITE)) as image:
            assert image.size == (1200, 630)
    assert len(list((site / "_sitegen/cards").iterdir())) == 200
