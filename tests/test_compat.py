"""Classic Mintlify repositories build unchanged: mint.json beside the .mdx pages, a docs/
folder, OpenAPI files found in the tree, Mintlify's front matter keys, redirects, and
warnings (not errors) wherever Mintlify builds through."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from sitegen.pipeline import build_site

from conftest import run_sitegen

QUICKSTART = """---
title: "Quickstart"
description: "Water your first plant through the API"
---

<Steps>
  <Step title="Get a key">
    Ask the greenhouse for an API key.
  </Step>
</Steps>

## Soil

Loam works for most plants.
"""


def mintlify(root: Path, config: dict[str, Any], files: dict[str, str], config_name: str = "mint.json") -> Path:
    """A project in the Mintlify shape: mint.json at `root`, pages beside it."""
    root.mkdir(parents=True, exist_ok=True)
    (root / config_name).write_text(json.dumps(config, indent=2), encoding="utf-8")
    for rel, text in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return root


def config(**extra: Any) -> dict[str, Any]:
    return {"name": "Greenhouse", "navigation": [{"group": "Get started", "pages": ["introduction", "quickstart"]}],
            **extra}


PAGES = {"introduction.mdx": "---\ntitle: Introduction\n---\nWelcome to the greenhouse.\n", "quickstart.mdx": QUICKSTART}


def sidebar_link(html: str, page_id: str) -> str:
    start = html.index(f'data-page="{page_id}"')
    return html[html.rindex("<a ", 0, start):html.index("</a>", start)]


# --- config values Mintlify builds through ------------------------------------------------

def test_lenient_config_values_warn_and_fall_back(tmp_path: Path) -> None:
    project = mintlify(tmp_path / "docs", config(
        colors={"primary": "#0D9373", "background": {"dark": "#0F1117"}},
        footerSocials={"twitter": "https://x.com/greenhouse", "mastodon": "https://mastodon.social/@gh"},
        anchors=[{"name": "Blog", "url": "https://blog.example", "icon": "newspaper", "iconType": "bold"},
                 {"name": "Forum", "url": "https://forum.example", "icon": "comments", "iconType": "regular"}],
        api={"playground": {"mode": "interactive"}},
        modeToggle={"default": "system"},
    ), PAGES)
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [
        "warning: mint.json: anchors[0].iconType: 'bold' is not one of 'brands', 'duotone', 'light', 'regular', "
        "'sharp-solid', 'solid' or 'thin'; using 'solid'",
        "warning: mint.json: api.playground.mode: 'interactive' is not one of 'show', 'simple' or 'hide'; using 'show'",
        "warning: mint.json: modeToggle.default: 'system' is not one of 'light' or 'dark'; following the visitor's "
        "system setting",
        "warning: mint.json: colors.background.light: not set; using the theme's #FFFFFF",
        "warning: mint.json: footerSocials.mastodon: no icon for 'mastodon' (known: website, facebook, x, discord, "
        "slack, github, linkedin, instagram, hacker-news, youtube, medium, telegram, bluesky, threads, reddit, podcast, "
        "x-twitter, earth-americas, twitter); left out of the footer",
    ]
    assert re.fullmatch(r"Built 2 pages in \d+\.\d\d s with 5 warnings -> .*site/\nno site URL: .*\n", result.stdout)
    site = project / "site"
    css = (site / "_sitegen/config.css").read_text()
    assert "--bg-light: #FFFFFF;" in css and "--bg-dark: #0F1117;" in css
    home = (site / "introduction/index.html").read_text()
    assert 'href="https://x.com/greenhouse"' in home  # twitter is X
    assert "mastodon.social" not in home
    quiet = run_sitegen("build", project, "-q")
    assert quiet.returncode == 0 and quiet.stdout == "" and len(quiet.stderr.splitlines()) == 5
    strict = run_sitegen("build", project, "--strict")
    assert strict.returncode == 1
    assert strict.stderr.splitlines()[0].endswith("using 'solid' (--strict)")
    assert len(strict.stderr.splitlines()) == 5


def test_type_that_means_nothing_is_still_an_error(tmp_path: Path) -> None:
    project = mintlify(tmp_path / "docs", {"name": "Greenhouse", "navigation": 3}, PAGES)
    result = run_sitegen("build", project)
    assert result.returncode == 1
    assert result.stderr.splitlines() == ["error: mint.json: navigation: 3 is not an array"]


def test_missing_navigation_page_beside_mint_json(tmp_path: Path) -> None:
    nav = [{"group": "Get started", "pages": ["introduction"]},
           {"group": "Guides", "pages": ["guides/missing"]}]
    project = mintlify(tmp_path / "docs", {"name": "Greenhouse", "navigation": nav}, PAGES)
    built = build_site(project)
    assert built.warnings == [
        "mint.json:13: navigation[1].pages[0]: page 'guides/missing' not found (looked for guides/missing.md, .mdx); "
        "left out of the navigation"]
    html = built.files["introduction/index.html"].decode()
    assert "Guides" not in html  # the group left empty is left out


# --- where files are found ------------------------------------------------------------------

def test_config_in_docs_folder(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "src").mkdir(parents=True)
    (repo / "README.md").write_text("# The greenhouse service\n")
    mintlify(repo / "docs", config(), PAGES)
    result = run_sitegen("build", repo)
    assert result.returncode == 0, result.stderr
    assert (repo / "site/quickstart/index.html").is_file()  # the site goes where the user ran it
    assert not (repo / "site/docs").exists()


def test_content_folder_kept_for_other_reasons_does_not_move_pages(tmp_path: Path) -> None:
    # One repository keeps its component docs in content/components/; pages stay beside mint.json.
    files = {**PAGES, "content/components/cards.mdx": "---\ntitle: Cards\n---\nCards.\n"}
    project = mintlify(tmp_path / "docs", config(), files)
    built = build_site(project)
    assert "quickstart/index.html" in built.files
    assert "content/components/cards/index.html" in built.files
    assert built.warnings == []


def test_snippets_are_never_pages(tmp_path: Path) -> None:
    files = {**PAGES, "snippets/watering.mdx": "Water weekly.\n", "_snippets/soil.mdx": "Loam.\n",
             "node_modules/pkg/readme.md": "# pkg\n", "guides/snippets/x.mdx": "x\n"}
    built = build_site(mintlify(tmp_path / "docs", config(), files))
    pages = sorted(name for name in built.files if name.endswith("index.html") and name != "index.html")
    assert pages == ["introduction/index.html", "quickstart/index.html"]


def test_snippet_component_reads_the_underscore_snippets_folder(tmp_path: Path) -> None:
    # Mintlify's <Snippet> component first read `_snippets/`; projects of that time still keep
    # their shared steps there and name them by file.
    files = {**PAGES,
             "deploy/run-local.mdx": ('---\ntitle: Run locally\n---\n\n<Snippet file="setup-venv.mdx" />\n\n'
                                      '## Start the server\n\n<Snippet file="gone.mdx" />\n'),
             "_snippets/setup-venv.mdx": "## Create a virtual environment\n\n<Note>Use Python 3.12.</Note>\n"}
    built = build_site(mintlify(tmp_path / "docs", config(navigation=[
        {"group": "Get started", "pages": ["introduction", "quickstart", "deploy/run-local"]}]), files))
    html = built.files["deploy/run-local/index.html"].decode()
    assert '<h2 id="create-a-virtual-environment"' in html
    assert "Use Python 3.12." in html
    assert built.warnings == ["deploy/run-local.mdx:9: snippet '/snippets/gone.mdx' not found; left out"]
    assert not any(name.startswith("_snippets/") for name in [*built.files, *built.copies])


def test_primary_tab_names_the_first_tab_and_migrates(tmp_path: Path) -> None:
    files = {**PAGES, "reference/cli.mdx": "---\ntitle: CLI\n---\nRun it.\n"}
    project = mintlify(tmp_path / "docs", config(
        primaryTab={"name": "User Guide"}, tabs=[{"name": "Reference", "url": "reference"}],
        navigation=[{"group": "Get started", "pages": ["introduction", "quickstart"]},
                    {"group": "Commands", "pages": ["reference/cli"]}]), files)
    built = build_site(project)
    assert built.warnings == []  # no "primaryTab: unknown key"
    html = built.files["reference/cli/index.html"].decode()
    tabs = re.findall(r'<a class="tab[^"]*" href="([^"]*)"[^>]*>([^<]*)</a>', html)
    assert tabs == [("../../introduction/", "User Guide"), ("../../reference/cli/", "Reference")]
    result = run_sitegen("migrate", project)
    assert result.returncode == 0, result.stderr
    migrated = json.loads((project / "docs.json").read_text(encoding="utf-8"))
    assert [tab["tab"] for tab in migrated["navigation"]["tabs"]] == ["User Guide", "Reference"]


def test_footer_socials_and_link_columns_show_and_migrate(tmp_path: Path) -> None:
    # mint.json's later `footer` key: what v2 calls footer.socials and footer.links.
    project = mintlify(tmp_path / "docs", config(footer={
        "socials": {"github": "https://github.com/greenhouse", "twitter": "https://twitter.com/greenhouse",
                    "mastodon": "https://mastodon.social/@greenhouse"},
        "links": [{"title": "Learn", "links": [{"label": "Blog", "url": "https://greenhouse.example/blog"},
                                               {"label": "Quickstart", "url": "/quickstart"},
                                               {"label": "Run", "url": "javascript:alert(1)"}]},
                  {"title": "Empty", "links": []}]}), PAGES)
    built = build_site(project)
    assert built.warnings == [
        "mint.json: footer.socials.mastodon: no icon for 'mastodon' (known: website, facebook, x, discord, slack, "
        "github, linkedin, instagram, hacker-news, youtube, medium, telegram, bluesky, threads, reddit, podcast, "
        "x-twitter, earth-americas, twitter); left out of the footer",
        "mint.json: footer.links[0].links[2].url: 'javascript:alert(1)' is a script URL; the link is left out",
    ]
    html = built.files["introduction/index.html"].decode()
    assert re.findall(r'<h2 class="footer-column-header">([^<]*)</h2>', html) == ["Learn"]
    assert re.findall(r'<div class="footer-column">.*?</div>', html, re.S)[0].count("<li>") == 2
    assert '<li><a href="https://greenhouse.example/blog">Blog</a></li>' in html
    assert '<li><a href="../quickstart/">Quickstart</a></li>' in html
    socials = re.findall(r'<li><a href="([^"]*)" aria-label="([^"]*)"', html)
    assert socials == [("https://github.com/greenhouse", "GitHub"), ("https://twitter.com/greenhouse", "X")]
    result = run_sitegen("migrate", project)
    assert result.returncode == 0, result.stderr
    migrated = json.loads((project / "docs.json").read_text(encoding="utf-8"))
    assert migrated["footer"] == {
        "socials": {"github": "https://github.com/greenhouse", "x": "https://twitter.com/greenhouse"},
        "links": [{"header": "Learn", "items": [{"label": "Blog", "href": "https://greenhouse.example/blog"},
                                                {"label": "Quickstart", "href": "/quickstart"}]}]}


def test_font_and_background_style_show_as_in_v2(tmp_path: Path) -> None:
    # mint.json's later look keys: `font` (per role, or one for all) and `background.style`.
    files = {**PAGES, "fonts/Harbour-Bold.woff2": "not really a font"}
    project = mintlify(tmp_path / "docs", config(
        font={"headings": {"family": "Harbour", "weight": 750, "url": "/fonts/Harbour-Bold.woff2"},
              "body": {"family": "Inter", "weight": 400, "url": "https://cdn.example/inter.woff2"}},
        background={"style": "windows"}), files)
    built = build_site(project)
    assert built.warnings == [
        "mint.json: font.body.url: 'https://cdn.example/inter.woff2' is a remote font file; the site loads nothing "
        "from other hosts, so 'Inter' is used only if the reader has it installed (put the file in the project "
        "to ship it)",
    ]
    html = built.files["introduction/index.html"].decode()
    assert '<div class="background-decoration decoration-windows" aria-hidden="true"></div>' in html
    assert '--font-heading: "Harbour", var(--font-system); --font-heading-weight: 750;' in html
    assert '--font-body: "Inter", var(--font-system); --font-body-weight: 400;' in html
    assert ('@font-face { font-family: "Harbour"; src: url(\'../fonts/Harbour-Bold.woff2\') format("woff2"); '
            'font-weight: 750;') in html
    assert "cdn.example" not in html

    one = mintlify(tmp_path / "one", config(font={"family": "Inter"}, background={"style": "stripes"}), PAGES)
    built = build_site(one)
    assert built.warnings == ["mint.json: background.style: 'stripes' is not one of 'gradient', 'grid' or 'windows'; "
                              "no decoration is drawn"]
    html = built.files["introduction/index.html"].decode()
    assert '--font-heading: "Inter", var(--font-system);' in html and '--font-body: "Inter"' in html
    assert "background-decoration" not in html


# --- OpenAPI files found in the tree -------------------------------------------------------

def spec(title: str, path: str = "/plants", summary: str = "List plants") -> str:
    return json.dumps({
        "openapi": "3.0.3", "info": {"title": title, "version": "1.0"},
        "paths": {path: {"get": {"summary": summary, "responses": {"200": {"description": "OK"}}}}},
    }, indent=2)


def test_openapi_files_are_found_without_an_openapi_key(tmp_path: Path) -> None:
    big = '{\n  "rows": [' + ",".join(['{"id": 1}'] * 20000) + "]\n"  # not JSON at all past the start
    files = {
        **PAGES,
        "api-reference/openapi.json": spec("Greenhouse"),
        "api-reference/list.mdx": "---\nopenapi: GET /plants\n---\nEvery plant in the greenhouse.\n",
        "api-reference/by-path.mdx": "---\nopenapi: /api-reference/openapi.json GET /plants\n---\n",
        "api-reference/by-name.mdx": "---\nopenapi: api-reference/openapi GET /plants\n---\n",
        "api-reference/nope.mdx": "---\ntitle: Nope\nopenapi: GET /nope\n---\nStill here.\n",
        "data/readings.json": big,
        "node_modules/x/openapi.json": "{ broken",
    }
    project = mintlify(tmp_path / "docs", config(), files)
    built = build_site(project)
    assert built.warnings == [
        "api-reference/nope.mdx:3: openapi: 'GET /nope' matches no operation in api-reference/openapi.json; "
        "built as a plain page"]
    for name in ("list", "by-path", "by-name"):
        html = built.files[f"api-reference/{name}/index.html"].decode()
        assert '<code class="api-path">/plants</code>' in html, name
    nope = built.files["api-reference/nope/index.html"].decode()
    assert "Still here." in nope and 'class="api-path"' not in nope


def test_operation_in_two_files_warns_and_uses_the_first(tmp_path: Path) -> None:
    files = {**PAGES, "a/openapi.json": spec("A", summary="From A"), "b/openapi.yaml":
             "openapi: 3.1.0\ninfo: {title: B, version: '1'}\npaths:\n  /plants:\n    get:\n      summary: From B\n"
             "      responses: {'200': {description: OK}}\n",
             "list.mdx": "---\nopenapi: GET /plants\n---\n"}
    built = build_site(mintlify(tmp_path / "docs", config(), files))
    assert built.warnings == ["list.mdx:2: openapi: 'GET /plants' is in a/openapi.json and b/openapi.yaml; "
                              "using a/openapi.json (write 'FILE GET /plants' to choose)"]
    assert "<title>From A - Greenhouse</title>" in built.files["list/index.html"].decode()


# --- front matter keys ----------------------------------------------------------------------

def test_front_matter_keys_real_repositories_use(tmp_path: Path) -> None:
    nav = [{"group": "Get started", "pages": ["introduction", "quickstart", "changelog", "secret", "old", "status",
                                               "wide", "landing", "centered"]}]
    files = {
        **PAGES,
        "changelog.mdx": "---\ntitle: Changelog\ntag: NEW\nicon: leaf\niconType: regular\n---\nNews.\n",
        "secret.mdx": "---\ntitle: Secret\nhidden: true\n---\nNot listed.\n",
        "old.mdx": "---\ntitle: Old API\ndeprecated: true\nnoindex: true\n---\nOld.\n",
        "status.mdx": "---\ntitle: Status\nurl: https://status.example\n---\n",
        "wide.mdx": "---\ntitle: Wide\nmode: wide\nkeywords: [compost, mulch]\n---\n## Part\n",
        "landing.mdx": "---\ntitle: Landing\nmode: custom\n---\n<div>Hero</div>\n",
        "centered.mdx": "---\ntitle: Centered\nmode: centre\n---\nText\n",
    }
    built = build_site(mintlify(tmp_path / "docs", {"name": "Greenhouse", "navigation": nav}, files))
    assert built.warnings == ["centered.mdx:3: front matter: mode: 'centre' is not one of 'default', 'wide', "
                              "'custom', 'center' or 'frame'; using 'default'"]
    home = built.files["introduction/index.html"].decode()
    assert '<span class="nav-tag">NEW</span>' in sidebar_link(home, "changelog")
    assert '<span class="nav-icon"><svg' in sidebar_link(home, "changelog")
    status = sidebar_link(home, "status")
    assert 'href="https://status.example"' in status and 'target="_blank"' in status
    # hidden: not listed; noindex: listed (Mintlify: "The page remains visible in navigation").
    assert 'data-page="secret"' not in home and 'data-page="old"' in home
    assert "Not listed." in built.files["secret/index.html"].decode()  # hidden: built all the same
    old = built.files["old/index.html"].decode()
    assert '<meta name="robots" content="noindex">' in old
    assert '<span class="title-badge title-badge-deprecated">Deprecated</span>' in old
    assert '<meta name="robots"' not in home
    wide = built.files["wide/index.html"].decode()
    assert re.search(r'<body class="[^"]*\bmode-wide\b', wide) and 'class="toc-' not in wide
    assert 'data-pagefind-weight="5">compost, mulch</div>' in wide
    landing = built.files["landing/index.html"].decode()
    assert re.search(r'<body class="[^"]*\bmode-custom\b', landing)
    assert 'id="page-title"' not in landing


def test_deprecated_page_in_the_sidebar(tmp_path: Path) -> None:
    files = {**PAGES, "quickstart.mdx": "---\ntitle: Quickstart\ndeprecated: true\n---\nText\n"}
    built = build_site(mintlify(tmp_path / "docs", config(), files))
    link = sidebar_link(built.files["introduction/index.html"].decode(), "quickstart")
    assert '<span class="nav-tag nav-tag-deprecated">Deprecated</span>' in link


# --- redirects ------------------------------------------------------------------------------

def test_redirects_are_static_pages(tmp_path: Path) -> None:
    project = mintlify(tmp_path / "docs", config(redirects=[
        {"source": "/getting-started/quickstart", "destination": "/quickstart#soil"},
        {"source": "/old-blog", "destination": "https://blog.example/", "permanent": True},
        {"source": "/quickstart", "destination": "/introduction"},
        {"source": "/gone", "destination": "/nowhere"},
    ]), PAGES)
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [
        "warning: mint.json:23: redirects[2].source: '/quickstart' is also a page; the page is kept and no redirect "
        "is written",
        "warning: mint.json:28: redirects[3].destination: '/nowhere' is no page; the redirect points there anyway",
    ]
    site = project / "site"
    moved = (site / "getting-started/quickstart/index.html").read_text()
    assert '<meta http-equiv="refresh" content="0; url=../../quickstart/#soil">' in moved
    assert '<link rel="canonical" href="../../quickstart/#soil">' in moved
    assert '<a href="../../quickstart/#soil">' in moved
    assert '<meta name="robots" content="noindex">' in moved
    assert 'url=https://blog.example/"' in (site / "old-blog/index.html").read_text()
    assert "Loam works" in (site / "quickstart/index.html").read_text()  # the page won
    assert 'url=../nowhere"' in (site / "gone/index.html").read_text()
    assert run_sitegen("build", project, "--strict").returncode == 1


def test_redirect_works_in_a_browser(tmp_path: Path, static_server: Any, page: Any) -> None:
    project = mintlify(tmp_path / "docs", config(redirects=[{"source": "/start", "destination": "/quickstart"}]), PAGES)
    assert run_sitegen("build", project).returncode == 0
    base = static_server(project / "site")
    page.goto(base + "start/")
    page.wait_for_url(base + "quickstart/")
    assert page.locator("h1.page-title").inner_text() == "Quickstart"


# --- links to headings (the markdown stage lists them) ---------------------------------------

@pytest.mark.skipif(
    "fragment_links" not in {f for f in __import__("sitegen.markdown", fromlist=["RenderedMarkdown"]).RenderedMarkdown.__dataclass_fields__},
    reason="needs the markdown stage of the mdx branch (RenderedMarkdown.fragment_links/ids)",
)
def test_link_to_a_missing_heading_is_a_warning(tmp_path: Path) -> None:
    files = {**PAGES, "introduction.mdx": "---\ntitle: Introduction\n---\nSee [soil](/quickstart#soil) and\n"
                                          "[sand](/quickstart#sand).\n"}
    built = build_site(mintlify(tmp_path / "docs", config(), files))
    assert built.warnings == ["introduction.mdx:5: link to 'quickstart#sand': no heading 'sand' on that page; link kept"]
    assert 'href="../quickstart/#sand"' in built.files["introduction/index.html"].decode()


def test_search_skips_hidden_and_noindex_pages_and_finds_keywords(tmp_path: Path) -> None:
    from test_search import fragments

    files = {**PAGES,
             "secret.mdx": "---\ntitle: Secret\nhidden: true\n---\nNot listed.\n",
             "old.mdx": "---\ntitle: Old\nnoindex: true\n---\nOld.\n",
             "watering.mdx": "---\ntitle: Watering\nkeywords: [irrigation, drip]\n---\nWater weekly.\n"}
    nav = [{"group": "Get started", "pages": ["introduction", "quickstart", "watering"]}]
    project = mintlify(tmp_path / "docs", {"name": "Greenhouse", "navigation": nav}, files)
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    records = {record["meta"]["url"]: record for record in fragments(project / "site")}  # the page's URL
    assert sorted(records) == ["/introduction/", "/quickstart/", "/watering/"]
    assert "irrigation" in records["/watering/"]["content"]


def test_fragment_check_compares_links_with_the_target_pages_ids() -> None:
    from sitegen.pipeline import fragment_warnings

    pages = {"quickstart": b'<h2 id="soil">Soil</h2><div id="playground"></div>', "introduction": b"<p>Hi</p>"}
    links = [("introduction.mdx:4", "introduction", "quickstart", "soil"),
             ("introduction.mdx:5", "introduction", "quickstart", "sand"),
             ("introduction.mdx:6", "introduction", "quickstart", "playground"),  # an id the theme wrote
             ("introduction.mdx:7", "introduction", "not-built", "x"),
             ("introduction.mdx:8", "introduction", "introduction", "welcome")]
    assert fragment_warnings(links, pages) == [
        "introduction.mdx:5: link to 'quickstart#sand': no heading 'sand' on that page; link kept",
        "introduction.mdx:8: link to '#welcome': no heading 'welcome' on this page; link kept"]


def test_group_icons_are_known_keys(tmp_path: Path) -> None:
    nav = [{"group": "Get started", "icon": "seedling", "iconType": "duotone", "pages": ["introduction"]}]
    built = build_site(mintlify(tmp_path / "docs", {"name": "Greenhouse", "navigation": nav}, PAGES))
    assert built.warnings == []


def test_content_root_rule_for_both_shapes(tmp_path: Path) -> None:
    from sitegen.pages import content_root

    ours = mintlify(tmp_path / "ours", config(), {f"content/{name}": text for name, text in PAGES.items()})
    assert content_root(ours) == ours / "content"
    theirs = mintlify(tmp_path / "theirs", config(), {**PAGES, "content/components/cards.mdx": "Cards\n"})
    assert content_root(theirs) == theirs
    bare = mintlify(tmp_path / "bare", config(), PAGES)
    assert content_root(bare) == bare


def test_colors_anchors_colours_anchors_without_their_own(tmp_path: Path) -> None:
    project = mintlify(tmp_path / "docs", config(
        colors={"primary": "#0D9373", "anchors": {"from": "#0D9373", "to": "#07C983"}},
        anchors=[{"name": "Community", "icon": "users", "url": "https://example.com/forum"},
                 {"name": "Blog", "icon": "newspaper", "url": "https://example.com/blog", "color": "#F59E0B"}],
    ), PAGES)
    built = build_site(project)
    assert built.warnings == []
    html = built.files["introduction/index.html"].decode()
    assert "linear-gradient(135deg, #0D9373, #07C983)" in html  # the default, for Community
    assert "#F59E0B" in html  # Blog keeps its own colour


def test_thumbs_rating_is_known_and_says_why_nothing_shows(tmp_path: Path) -> None:
    project = mintlify(tmp_path / "docs", config(feedback={"thumbsRating": True}), PAGES)
    assert build_site(project).warnings == [
        "mint.json: feedback.thumbsRating: page ratings need a server to collect the votes; "
        "a static site shows no rating buttons"]
