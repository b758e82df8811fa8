"""Every project file published at its path, custom .css/.js on every page, `.mintignore`,
<script>/<style> in pages, `--no-scripts`, and the IDs Mintlify documents for custom CSS
(its `customize/custom-scripts` page), on Lanternfish: a v2 project shaped like the real
repositories (style.css and widget.js at the root, a PDF nothing links to, an OpenAPI file,
an image used only from CSS, drafts kept out by .mintignore)."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from sitegen.serve.reuse import DevBuilder
from sitegen.serve.watch import is_noise

from conftest import FIXTURES, run_sitegen

LANTERNFISH = FIXTURES / "mintlify" / "lanternfish-v2"

# Every file of the built site that is not sitegen's own (`_sitegen/`).
PUBLISHED = {
    # pages (and their Markdown)
    "index.html", "index.md", "quickstart/index.html", "quickstart/index.md",
    "guides/styling/index.html", "guides/styling/index.md", "guides/embedding/index.html",
    "guides/embedding/index.md", "api-reference/list-lights/index.html", "api-reference/list-lights/index.md",
    # …and at each page's URL + .md, as Mintlify serves it
    "quickstart.md", "guides/styling.md", "guides/embedding.md", "api-reference/list-lights.md",
    # generated
    "404.html", "llms.txt", "llms-full.txt", ".nojekyll", ".sitegen-build",
    # the project's files, at their paths: linked or not
    "style.css", "widget.js", "files/field-guide.pdf", "files/price-list.pdf", "images/hero-glow.png",
    "images/keep.psd", "api-reference/openapi.yaml", "scripts/check-links.py",
}
WARNINGS = [
    "docs.json: navigation[0].pages[3]: page 'drafts/roadmap' is ignored by .mintignore (drafts/roadmap.mdx); "
    "left out of the navigation",
    "docs.json: navigation[1].pages[1]: page 'guides/upcoming.draft' is ignored by .mintignore "
    "(guides/upcoming.draft.mdx); left out of the navigation",
    "guides/embedding.mdx:12: <script> in a page is left out (so is any other on this page): to run code on every "
    "page, put it in a .js file of the project, as Mintlify advises",
    "guides/styling.mdx:14: link '/images/brand.psd' is ignored by .mintignore; not published; left as written",
]


def lanternfish(tmp_path: Path) -> Path:
    target = tmp_path / "lanternfish"
    shutil.copytree(LANTERNFISH, target, symlinks=True)
    return target


def build(project: Path, *args: str) -> tuple[CompletedProcess[str], Path]:
    site = project.parent / "site"
    result = run_sitegen("build", project, "--out", site, *args)
    assert result.returncode == 0, result.stderr
    return result, site


def warnings_of(result: CompletedProcess[str]) -> list[str]:
    return [line.removeprefix("warning: ") for line in result.stderr.splitlines() if line.startswith("warning: ")]


def published(site: Path) -> set[str]:
    return {path.relative_to(site).as_posix() for path in site.rglob("*")
            if path.is_file() and not path.relative_to(site).as_posix().startswith("_sitegen/")}


class _Elements(HTMLParser):
    """Every element of a page: (tag, attributes), in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {name: value or "" for name, value in attrs}))


def elements(html: str) -> list[tuple[str, dict[str, str]]]:
    parser = _Elements()
    parser.feed(html)
    return parser.elements


def links(html: str, tag: str, attribute: str) -> list[str]:
    return [attrs[attribute] for name, attrs in elements(html) if name == tag and attribute in attrs
            and (tag != "link" or attrs.get("rel") == "stylesheet")]


# --- what is published ---------------------------------------------------------------------


def test_every_project_file_is_published_at_its_path_but_ignored_and_private_ones(tmp_path: Path) -> None:
    result, site = build(lanternfish(tmp_path))
    assert warnings_of(result) == WARNINGS
    assert published(site) == PUBLISHED
    # Nothing that links point to was altered: the PDF nobody links to is the file itself.
    assert (site / "files/price-list.pdf").read_bytes() == (LANTERNFISH / "files/price-list.pdf").read_bytes()
    # Never published: .env and the rest of the dot files, node_modules, README.md, docs.json,
    # snippets (MDX and JSX modules), .mintignore's drafts, internal/ and the brand kit's PSD.
    for private in (".env", ".mintignore", "docs.json", "README.md", "node_modules", "snippets",
                    "drafts", "internal", "guides/upcoming.draft", "images/brand.psd"):
        assert not (site / private).exists(), private
    everything = "".join(path.read_text(errors="replace") for path in site.rglob("*") if path.is_file())
    assert "do-not-publish" not in everything and "Secret plans" not in everything
    assert "On-call runbook" not in everything and "Not announced yet" not in everything


def test_ignored_pages_are_not_in_the_navigation_llms_txt_or_search(tmp_path: Path) -> None:
    _, site = build(lanternfish(tmp_path))
    home = (site / "index.html").read_text()
    sidebar = home[home.index('id="sidebar"'):home.index('id="content"')]
    assert "Styling your pages" in sidebar and "Roadmap" not in sidebar and "Upcoming" not in sidebar
    llms = (site / "llms.txt").read_text()
    assert "- [Quickstart](quickstart/index.md)" in llms and "Roadmap" not in llms and "Upcoming" not in llms
    assert "Secret plans" not in (site / "llms-full.txt").read_text()
    index = b"".join(path.read_bytes() for path in (site / "_sitegen").rglob("*") if path.is_file())
    assert b"Roadmap" not in index and b"drafts/roadmap" not in index


# --- custom CSS and JS ---------------------------------------------------------------------


def test_custom_css_and_js_are_loaded_on_every_page_after_the_theme(tmp_path: Path) -> None:
    _, site = build(lanternfish(tmp_path))
    for page, root in (("index.html", ""), ("guides/styling/index.html", "../../"),
                       ("api-reference/list-lights/index.html", "../../"), ("404.html", "")):
        html = (site / page).read_text()
        sheets = links(html, "link", "href")
        assert sheets[-1] == f"{root}style.css", page  # after every stylesheet of the theme
        assert f"{root}_sitegen/site.css" in sheets
        scripts = [(attrs["src"], "defer" in attrs) for name, attrs in elements(html)
                   if name == "script" and "src" in attrs]
        assert scripts[-1] == (f"{root}widget.js", True), page  # runs once the page is interactive
        assert (f"{root}_sitegen/site.js", True) in scripts
        # A .js file of snippets/ is a component module, not a script of every page.
        assert "light-meter" not in html


def test_css_and_js_files_anywhere_are_found_in_path_order(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Acme", "navigation": [{"group": "Start", "pages": ["intro"]}]}, {
        "intro.md": "# Intro\n\nHello.\n",
        "brand/fonts.css": "body { letter-spacing: 0.01em; }\n",
        "analytics.js": "window.acmeAnalytics = true;\n",
        "brand/a b.css": "/* a space in the name */\n",
        "snippets/chart.js": "export const Chart = () => null;\n",
        "snippets/snippet.css": ".chart { height: 200px; }\n",
    })
    _, site = build(project)
    html = (site / "intro/index.html").read_text()
    assert [href for href in links(html, "link", "href") if not href.startswith("../_sitegen/")] == [
        "../brand/a%20b.css", "../brand/fonts.css", "../snippets/snippet.css"]
    assert [src for src in links(html, "script", "src") if not src.startswith("../_sitegen/")] == [
        "../analytics.js"]
    assert (site / "brand/a b.css").is_file() and not (site / "snippets/chart.js").exists()


# --- <script> and <style> written in pages ------------------------------------------------------


def test_scripts_in_a_page_are_left_out_with_one_warning_and_styles_kept(tmp_path: Path) -> None:
    result, site = build(lanternfish(tmp_path))
    assert [w for w in warnings_of(result) if "<script>" in w] == [WARNINGS[2]]  # two on the page, one warning
    embedding = (site / "guides/embedding/index.html").read_text()
    assert "lanternfishChat" not in embedding
    assert "https://cdn.lanternfish.example/chat.js" in embedding  # the code block still shows the loader
    assert not [attrs for name, attrs in elements(embedding) if name == "script"
                and "cdn.lanternfish.example" in attrs.get("src", "")]
    styling = (site / "guides/styling/index.html").read_text()
    assert "<style>\n  .tinted-note { border-left: 4px solid rgb(14, 116, 144); padding-left: 12px; }\n</style>" \
        in styling
    assert '<div class="tinted-note">This note is styled by a style element written in the page.</div>' in styling


def test_a_style_cannot_close_its_element_early(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Acme", "navigation": [{"group": "Start", "pages": ["intro"]}]}, {
        "intro.mdx": "# Intro\n\n<style>{`p { color: red } </STYLE><img src=x onerror=alert(1)>`}</style>\n",
    })
    _, site = build(project)
    html = (site / "intro/index.html").read_text()
    assert "<style>p { color: red } <\\/STYLE>&lt;img" not in html  # CSS text is not HTML-escaped...
    assert "<style>p { color: red } <\\/STYLE><img src=x onerror=alert(1)></style>" in html  # ...and stays CSS
    assert [name for name, _ in elements(html)].count("img") == 0


# --- --no-scripts -------------------------------------------------------------------------------


def test_no_scripts_leaves_out_every_author_script_and_style(tmp_path: Path) -> None:
    project = lanternfish(tmp_path)
    (project / "demo.html").write_text("<script>document.title = 'pwned'</script>\n")
    result, site = build(project, "--no-scripts")
    assert warnings_of(result) == [
        *WARNINGS[:3],
        "guides/styling.mdx:8: <style> in a page is left out (so is any other on this page): built with --no-scripts",
        WARNINGS[3],
    ]
    assert published(site) == PUBLISHED - {"style.css", "widget.js"}
    for page in ("index.html", "guides/styling/index.html", "guides/embedding/index.html"):
        html = (site / page).read_text()
        assert "data-custom-asset" not in html and "<style>\n  .tinted-note" not in html
        assert all(src.startswith(("_sitegen/", "../../_sitegen/")) for src in links(html, "script", "src"))
    # The hero image is a plain file: still published, only the CSS that used it is not.
    assert (site / "images/hero-glow.png").is_file()


def test_no_scripts_does_not_use_a_theme_override(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Acme", "navigation": [{"group": "Start", "pages": ["intro"]}]}, {
        "intro.md": "# Intro\n\nHello.\n",
        "/themes/default/templates/partials/footer.html": "<footer><script>steal()</script>Acme footer</footer>\n",
    })
    result, site = build(project)
    assert "steal()" in (site / "intro/index.html").read_text()
    result, site = build(project, "--no-scripts")
    assert warnings_of(result) == ["themes/default/: theme override not used (--no-scripts: its templates and "
                                   "assets are the project's code); the built-in theme is used"]
    assert "steal()" not in (site / "intro/index.html").read_text()


def test_no_scripts_leaves_out_the_analytics_docs_json_loads(tmp_path: Path) -> None:
    project = lanternfish(tmp_path)
    config = json.loads((project / "docs.json").read_text())
    config["integrations"] = {"plausible": {"domain": "docs.lanternfish.example",
                                            "server": "https://stats.lanternfish.example"}}
    (project / "docs.json").write_text(json.dumps(config))
    loader = "https://stats.lanternfish.example/js/script.js"
    _, site = build(project)
    assert loader in links((site / "quickstart/index.html").read_text(), "script", "src")
    _, site = build(project, "--no-scripts")
    for page in ("quickstart/index.html", "404.html"):
        assert "stats.lanternfish.example" not in (site / page).read_text()


def test_a_no_scripts_build_is_not_the_last_build_repeated(tmp_path: Path) -> None:
    project = lanternfish(tmp_path)
    _, site = build(project)
    assert "widget.js" in (site / "index.html").read_text()
    _, site = build(project, "--no-scripts")  # the same files, but another build: not replayed
    assert "widget.js" not in (site / "index.html").read_text() and not (site / "widget.js").exists()
    _, site = build(project)
    assert "widget.js" in (site / "index.html").read_text() and (site / "widget.js").is_file()


def test_a_repository_with_its_docs_in_docs_reads_the_mintignore_beside_docs_json(tmp_path: Path) -> None:
    repository = tmp_path / "repository"
    (repository / "src").mkdir(parents=True)
    (repository / "src" / "app.js").write_text("console.log('the product, not the docs');\n")
    shutil.copytree(LANTERNFISH, repository / "docs")
    result = run_sitegen("build", repository, "--out", tmp_path / "site")
    assert result.returncode == 0, result.stderr
    assert warnings_of(result) == WARNINGS
    assert published(tmp_path / "site") == PUBLISHED  # the repository's own code stays out


# --- the cached build and the dev server's rebuilds ---------------------------------------------


def test_a_new_stylesheet_and_a_changed_mintignore_show_in_the_next_cached_build(tmp_path: Path) -> None:
    project = lanternfish(tmp_path)
    build(project)
    (project / "brand").mkdir()
    (project / "brand" / "dark.css").write_text("html[data-theme=dark] #navbar { border-color: teal; }\n")
    with (project / ".mintignore").open("a") as ignore:
        ignore.write("quickstart.mdx\n")
    result, site = build(project)
    html = (site / "index.html").read_text()
    assert links(html, "link", "href")[-2:] == ["brand/dark.css", "style.css"]
    assert not (site / "quickstart").exists()
    assert "- [Quickstart]" not in (site / "llms.txt").read_text()
    assert "index.mdx:10: link '/quickstart' points to no page or file; left as written" in warnings_of(result)


def test_a_cached_page_linking_to_a_newly_ignored_file_renders_again(tmp_path: Path) -> None:
    project = lanternfish(tmp_path)
    _, site = build(project)
    assert (site / "files/field-guide.pdf").is_file()
    with (project / ".mintignore").open("a") as ignore:  # no page changed, only .mintignore
        ignore.write("files/field-guide.pdf\n")
    result, site = build(project)
    assert not (site / "files/field-guide.pdf").exists()
    assert "index.mdx:10: link '/files/field-guide.pdf' is ignored by .mintignore; not published; left as written" \
        in warnings_of(result)


def test_the_dev_server_rebuilds_for_mintignore_and_new_files(tmp_path: Path) -> None:
    project = lanternfish(tmp_path)
    builder = DevBuilder(project)
    site = builder.build()
    assert "guides/styling/index.html" in site.files and "files/price-list.pdf" in site.copies
    assert not is_noise(project / ".mintignore", project)  # the watcher passes it on
    assert is_noise(project / ".git" / ".mintignore", project)
    (project / ".mintignore").write_text("guides/\nfiles/price-list.pdf\n")
    (project / "extra.css").write_text("#footer { display: none; }\n")
    site = builder.rebuild([project / ".mintignore", project / "extra.css"])
    assert "guides/styling/index.html" not in site.files and "files/price-list.pdf" not in site.copies
    assert "extra.css" in site.copies
    assert 'href="extra.css" data-custom-asset' in site.files["index.html"].decode()
    # Editing a stylesheet: served from disk as it is now (the reload comes from its path).
    (project / "style.css").write_text("#navbar { border: 0; }\n")
    site = builder.rebuild([project / "style.css"])
    assert site.copies["style.css"] == project / "style.css"


# --- links out of the project ---------------------------------------------------------------


def test_a_file_linking_outside_the_project_is_refused(tmp_path: Path) -> None:
    project = lanternfish(tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "id_rsa").write_text("PRIVATE KEY\n")
    os.symlink(outside / "id_rsa", project / "files" / "key.txt")
    os.symlink(outside, project / "mirror")
    result, site = build(project)
    assert warnings_of(result)[:2] == [  # in path order: one walk finds pages and files
        "files/key.txt: links to a file outside the project; not published",
        "mirror: links to a folder outside the project; not published",
    ]
    assert not (site / "files/key.txt").exists() and not (site / "mirror").exists()
    assert str(outside) not in result.stderr


# --- the IDs Mintlify documents for custom CSS --------------------------------------------------

# Each ID of Mintlify's customize/custom-scripts page that our theme has an element for:
# (id, the page it is checked on, the element's tag, a class it has).
MINTLIFY_IDS = [
    ("body-content", "index.html", "div", "layout"),
    ("content-area", "index.html", "article", "page"),
    ("content", "index.html", "main", "main"),
    ("header", "index.html", "header", "page-header"),
    ("banner", "index.html", "div", "site-banner"),
    ("footer", "index.html", "footer", "site-footer"),
    ("page-title", "index.html", "h1", "page-title"),
    ("pagination", "index.html", "nav", "pager"),
    ("navbar", "index.html", "header", "topbar"),
    ("topbar-cta-button", "index.html", "a", "cta-button"),
    ("sidebar", "index.html", "aside", "sidebar"),
    ("sidebar-content", "index.html", "div", "sidebar-inner"),
    ("table-of-contents", "quickstart/index.html", "aside", "toc"),
    ("table-of-contents-content", "quickstart/index.html", "nav", "toc-nav"),
    ("search-bar-entry", "index.html", "button", "search-button"),
    ("search-input", "index.html", "input", "search-input"),
    ("page-context-menu", "index.html", "div", "page-actions"),
    ("request-example", "api-reference/list-lights/index.html", "div", "api-samples"),
    ("api-playground-input", "api-reference/list-lights/index.html", "form", "api-form"),
]


@pytest.fixture(scope="module")
def built_lanternfish(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(lanternfish(tmp_path_factory.mktemp("ids")))[1]


@pytest.mark.parametrize(("element_id", "page", "tag", "css_class"), MINTLIFY_IDS,
                         ids=[row[0] for row in MINTLIFY_IDS])
def test_mintlify_css_ids_are_on_the_matching_element(built_lanternfish: Path, element_id: str, page: str,
                                                      tag: str, css_class: str) -> None:
    found = [(name, attrs) for name, attrs in elements((built_lanternfish / page).read_text())
             if attrs.get("id") == element_id]
    assert len(found) == 1, found  # once per page, as Mintlify promises
    name, attrs = found[0]
    assert name == tag and css_class in attrs.get("class", "").split()


def test_pages_carry_their_path_for_css_as_mintlify_does(built_lanternfish: Path) -> None:
    assert re.search(r'<html lang="en"[^>]* data-current-path="/">', (built_lanternfish / "index.html").read_text())
    assert 'data-current-path="/guides/styling"' in (built_lanternfish / "guides/styling/index.html").read_text()
    toggle = [attrs for name, attrs in elements((built_lanternfish / "index.html").read_text())
              if attrs.get("data-component-name") == "theme-toggle"]
    assert len(toggle) == 1 and "mode-toggle" in toggle[0]["class"]
