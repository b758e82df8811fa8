"""Building a stranger's pull request: nothing outside the project folder is published or
echoed, and no script URL (javascript:, vbscript:, data:) becomes a link.

Every test plants MARKER in files outside the project (beside it in tmp_path) and builds
the project with the real CLI; the marker must appear nowhere in the built site, on stdout
or on stderr, and neither may the outside files' real paths.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from sitegen.confine import is_script_url

from conftest import run_sitegen

MARKER = "MARKER-untrusted-7d41b0"

NAV = [{"group": "Start", "pages": ["intro"]}]
CONFIG = {"name": "Acme Docs", "navigation": NAV}
INTRO = "---\ntitle: Welcome\n---\n\nAcme keeps your plants alive.\n"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the project holding files a stranger would like to publish."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.md").write_text(f"---\ntitle: {MARKER}\n---\n\n{MARKER} api key\n")
    (folder / "secret.mdx").write_text(f"{MARKER} snippet text\n")
    (folder / "secret.png").write_bytes(b"\x89PNG\r\n\x1a\n" + MARKER.encode())
    (folder / "secret.svg").write_text(f"<svg><title>{MARKER}</title></svg>")
    (folder / "secret.html").write_text(f"<footer>{MARKER}</footer>\n")
    (folder / "secret.css").write_text(f"/* {MARKER} */ body {{ color: red }}\n")
    (folder / "pages").mkdir()
    (folder / "pages" / "keys.md").write_text(f"# Keys\n\n{MARKER}\n")
    return folder


def build(project: Path, *args: str) -> tuple[CompletedProcess[str], Path]:
    result = run_sitegen("build", project, "--out", project.parent / "site", *args)
    return result, project.parent / "site"


def assert_nothing_leaked(result: CompletedProcess[str], site: Path, outside: Path) -> None:
    for stream in (result.stdout, result.stderr):
        assert MARKER not in stream
        assert str(outside) not in stream and str(outside.resolve()) not in stream
    if site.exists():
        for path in site.rglob("*"):
            if path.is_file():
                assert MARKER.encode() not in path.read_bytes(), path
        assert not any(path.is_symlink() for path in site.rglob("*"))


def warnings_of(result: CompletedProcess[str]) -> list[str]:
    return [line.removeprefix("warning: ") for line in result.stderr.splitlines() if line.startswith("warning: ")]


# --- page files and folders ------------------------------------------------------------


def test_a_page_linking_outside_is_not_published(make_project: Callable[..., Path], outside: Path) -> None:
    config = {**CONFIG, "navigation": [{"group": "Start", "pages": ["intro", "leak"]}]}
    project = make_project(config, {"intro.md": INTRO})
    (project / "content" / "leak.md").symlink_to(outside / "secret.md")
    result, site = build(project)
    assert result.returncode == 0, result.stderr
    assert warnings_of(result) == [
        "content/leak.md: links to a file outside the project; not published",
        "docs.json:8: navigation[0].pages[1]: page 'leak' not found (looked for content/leak.md, .mdx); "
        "left out of the navigation",
    ]
    assert not (site / "leak").exists()
    assert_nothing_leaked(result, site, outside)


def test_a_page_linking_outside_fails_a_strict_build(make_project: Callable[..., Path], outside: Path) -> None:
    project = make_project(CONFIG, {"intro.md": INTRO})
    (project / "content" / "leak.mdx").symlink_to(outside / "secret.md")
    result, site = build(project, "--strict")
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "error: content/leak.mdx: links to a file outside the project; not published (--strict)"]
    assert_nothing_leaked(result, site, outside)


def test_a_folder_of_pages_linking_outside_is_not_entered(make_project: Callable[..., Path], outside: Path) -> None:
    config = {**CONFIG, "navigation": [{"group": "Start", "pages": ["intro"]},
                                       {"group": "Vault", "pages": ["vault/keys"]}]}
    project = make_project(config, {"intro.md": INTRO})
    (project / "content" / "vault").symlink_to(outside / "pages", target_is_directory=True)
    result, site = build(project)
    assert result.returncode == 0, result.stderr
    assert warnings_of(result) == [
        "content/vault: links to a folder outside the project; not published",
        "docs.json:13: navigation[1].pages[0]: page 'vault/keys' not found (looked for content/vault/keys.md, .mdx); "
        "left out of the navigation",
    ]
    assert_nothing_leaked(result, site, outside)


def test_a_content_folder_linking_outside_is_not_entered(tmp_path: Path, outside: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "docs.json").write_text(json.dumps(CONFIG))
    (project / "intro.md").write_text(INTRO)
    (project / "content").symlink_to(outside / "pages", target_is_directory=True)
    result, site = build(project)
    assert result.returncode == 0, result.stderr
    assert warnings_of(result) == ["content: links to a folder outside the project; not published"]
    assert "Acme keeps your plants alive." in (site / "intro" / "index.html").read_text()
    assert_nothing_leaked(result, site, outside)


def test_symlinks_inside_the_project_keep_working(tmp_path: Path, outside: Path) -> None:
    project = tmp_path / "project"
    (project / "config").mkdir(parents=True)
    (project / "library" / "faq").mkdir(parents=True)
    (project / "content" / "images").mkdir(parents=True)
    config = {**CONFIG, "logo": "images/logo.svg",
              "navigation": [{"group": "Start", "pages": ["intro", "alias", "faq/billing"]}]}
    (project / "config" / "docs.json").write_text(json.dumps(config))
    (project / "docs.json").symlink_to(Path("config") / "docs.json")
    (project / "content" / "intro.md").write_text(INTRO + "\n![A fern](images/fern.png)\n")
    (project / "content" / "alias.md").symlink_to("intro.md")
    (project / "library" / "faq" / "billing.md").write_text("# Billing\n\nInvoices go out monthly.\n")
    (project / "content" / "faq").symlink_to(Path("..") / "library" / "faq", target_is_directory=True)
    (project / "library" / "fern.png").write_bytes(b"\x89PNG\r\n\x1a\nfern")
    (project / "content" / "images" / "fern.png").symlink_to(Path("..") / ".." / "library" / "fern.png")
    (project / "library" / "logo.svg").write_text("<svg><title>Acme</title></svg>")
    (project / "content" / "images" / "logo.svg").symlink_to(Path("..") / ".." / "library" / "logo.svg")
    (project / "content" / "loop").symlink_to(Path("."), target_is_directory=True)  # a loop: walked once
    result, site = build(project)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "Acme keeps your plants alive." in (site / "alias" / "index.html").read_text()
    assert "Invoices go out monthly." in (site / "faq" / "billing" / "index.html").read_text()
    # A linked file is published once, at the place of the file it links to.
    html = (site / "intro" / "index.html").read_text()
    assert 'src="../library/fern.png"' in html and 'src="../library/logo.svg"' in html
    assert (site / "library" / "fern.png").read_bytes().endswith(b"fern")
    assert (site / "library" / "logo.svg").read_text() == "<svg><title>Acme</title></svg>"
    assert_nothing_leaked(result, site, outside)


# --- images, linked files and docs.json files -------------------------------------------


def test_images_and_files_linking_outside_are_not_copied(make_project: Callable[..., Path], outside: Path) -> None:
    project = make_project(CONFIG, {
        "intro.md": (
            "# Welcome\n\n"
            "![Team photo](images/team.png)\n\n"
            "![Escape](../../outside/secret.png)\n\n"
            "See the [price list](files/prices.html).\n"
        ),
    })
    (project / "content" / "images").mkdir()
    (project / "content" / "images" / "team.png").symlink_to(outside / "secret.png")
    (project / "content" / "files").mkdir()
    (project / "content" / "files" / "prices.html").symlink_to(outside / "secret.html")
    result, site = build(project)
    assert result.returncode == 0, result.stderr
    assert warnings_of(result) == [
        # Every project file is published at its path: discovery refuses the links first.
        "content/files/prices.html: links to a file outside the project; not published",
        "content/images/team.png: links to a file outside the project; not published",
        "content/intro.md:3: image 'images/team.png' is outside the project; not published; left as written",
        "content/intro.md:5: image '../../outside/secret.png' is outside the project; not published; left as written",
        "content/intro.md:7: link 'files/prices.html' is outside the project; not published; left as written",
    ]
    assert not (site / "images").exists() and not (site / "files").exists()
    assert_nothing_leaked(result, site, outside)


@pytest.mark.parametrize("key", ["logo", "favicon", "backgroundImage"])
def test_docs_json_files_outside_the_project_are_refused(
    make_project: Callable[..., Path], outside: Path, key: str
) -> None:
    project = make_project({**CONFIG, key: "../outside/secret.svg"}, {"intro.md": INTRO})
    result, site = build(project)
    # Like a missing logo: every page would show it, so the build stops (exit 1).
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"error: docs.json: {key}: '../outside/secret.svg' is outside the project; not published"]
    assert_nothing_leaked(result, site, outside)


def test_a_docs_json_file_linking_outside_is_refused(make_project: Callable[..., Path], outside: Path) -> None:
    project = make_project({**CONFIG, "logo": {"light": "brand/light.svg", "dark": "brand/dark.svg"}},
                           {"intro.md": INTRO, "/brand/light.svg": "<svg/>"})
    (project / "brand" / "dark.svg").symlink_to(outside / "secret.svg")
    result, site = build(project)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "error: docs.json: logo.dark: 'brand/dark.svg' is outside the project; not published"]
    assert_nothing_leaked(result, site, outside)


# --- snippets, theme overrides, OpenAPI --------------------------------------------------


def test_snippets_outside_the_project_are_not_inlined(make_project: Callable[..., Path], outside: Path) -> None:
    project = make_project(CONFIG, {
        "intro.mdx": (
            "import Escape from '../../outside/secret.mdx'\n"
            "import Linked from '/snippets/support.mdx'\n\n"
            "# Welcome\n\n"
            "<Escape />\n\n"
            "<Linked />\n"
        ),
    })
    (project / "snippets").mkdir()
    (project / "snippets" / "support.mdx").symlink_to(outside / "secret.mdx")
    result, site = build(project)
    assert result.returncode == 0, result.stderr
    assert warnings_of(result) == [
        "content/intro.mdx:6: import '../../outside/secret.mdx' is outside the project; left out",
        "content/intro.mdx:8: import '/snippets/support.mdx' is outside the project; left out",
    ]
    assert_nothing_leaked(result, site, outside)


def test_theme_overrides_linking_outside_are_not_used(make_project: Callable[..., Path], outside: Path) -> None:
    project = make_project(CONFIG, {"intro.md": INTRO})
    partials = project / "themes" / "default" / "templates" / "partials"
    partials.mkdir(parents=True)
    (partials / "footer.html").symlink_to(outside / "secret.html")
    assets = project / "themes" / "default" / "assets"
    assets.mkdir()
    (assets / "site.css").symlink_to(outside / "secret.css")
    result, site = build(project)
    assert result.returncode == 0, result.stderr
    assert warnings_of(result) == [
        "themes/default/assets/site.css: theme file is a link to a file outside the project; the built-in one is used",
        "themes/default/templates/partials/footer.html: theme file is a link to a file outside the project; "
        "the built-in one is used",
    ]
    assert_nothing_leaked(result, site, outside)


def test_an_openapi_ref_outside_the_project_is_not_read(make_project: Callable[..., Path], outside: Path) -> None:
    (outside / "schemas.yaml").write_text(f"Plant:\n  type: object\n  description: {MARKER}\n")
    spec = (
        "openapi: 3.1.0\ninfo:\n  title: Acme\n  version: '1.0'\npaths:\n  /plants:\n    get:\n"
        "      summary: List plants\n      responses:\n        '200':\n          description: OK\n"
        "          content:\n            application/json:\n              schema:\n"
        "                $ref: '../outside/schemas.yaml#/Plant'\n"
    )
    config = {**CONFIG, "openapi": "openapi.yaml",
              "navigation": [{"group": "Start", "pages": ["intro", "api/list"]}]}
    project = make_project(config, {"intro.md": INTRO, "api/list.mdx": "---\nopenapi: GET /plants\n---\n",
                                    "/openapi.yaml": spec})
    result, site = build(project)
    assert "'../outside/schemas.yaml#/Plant' is outside the project; not read" in result.stderr
    assert_nothing_leaked(result, site, outside)


# --- the config file ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["docs.json", "mint.json"])
def test_a_config_file_linking_outside_is_refused(tmp_path: Path, outside: Path, name: str) -> None:
    (outside / "docs.json").write_text(json.dumps({**CONFIG, "name": MARKER}))
    project = tmp_path / "project"
    (project / "content").mkdir(parents=True)
    (project / "content" / "intro.md").write_text(INTRO)
    (project / name).symlink_to(outside / "docs.json")
    result, site = build(project)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [f"error: {name}: links to a file outside the project; not read"]
    assert not site.exists()
    assert_nothing_leaked(result, site, outside)


# --- script URLs -------------------------------------------------------------------------

SCRIPT = f"javascript:alert(document.cookie) // {MARKER}"  # the marker lies past the cut at 40


def test_script_urls_in_docs_json_are_left_out(make_project: Callable[..., Path], outside: Path) -> None:
    config = {
        **CONFIG,
        "logo": {"light": "logo.svg", "dark": "logo.svg", "href": " JavaScript:void(0)"},
        "topbarLinks": [{"name": "Evil", "url": SCRIPT}, {"name": "Status", "url": "https://status.acme.dev"}],
        "topbarCtaButton": {"name": "Sign in", "url": "java\tscript:steal()"},
        "anchors": [{"name": "Blog", "url": "VBScript:msgbox(1)", "icon": "newspaper"},
                    {"name": "Community", "url": "https://forum.acme.dev", "icon": "users"}],
        "tabs": [{"name": "Payload", "url": "data:text/html,<script>alert(1)</script>"}],
        "footerSocials": {"github": "\x01javascript:alert(1)", "x": "https://x.com/acme"},
        "redirects": [{"source": "/old", "destination": "jav&#x09;ascript:x".replace("&#x09;", "\n")}],
        "favicon": "javascript:alert(1)",
    }
    project = make_project(config, {"intro.md": INTRO, "/logo.svg": "<svg><title>Acme</title></svg>"})
    result, site = build(project)
    assert result.returncode == 0, result.stderr
    assert warnings_of(result) == [
        "docs.json: topbarLinks[0].url: 'javascript:alert(document.cookie) // MA…' is a script URL; "
        "the link is left out",
        "docs.json: anchors[0].url: 'VBScript:msgbox(1)' is a script URL; the link is left out",
        "docs.json: tabs[0].url: 'data:text/html,<script>alert(1)</script>' is a script URL; the link is left out",
        "docs.json: redirects[0].destination: 'jav\\nascript:x' is a script URL; the link is left out",
        "docs.json: topbarCtaButton.url: 'java\\tscript:steal()' is a script URL; the button is left out",
        # The control character is taken out first (its own warning); what is left is still script.
        "docs.json: footerSocials.github: 'javascript:alert(1)' is a script URL; the link is left out",
        "docs.json: logo.href: ' JavaScript:void(0)' is a script URL; the logo links to the home page",
        "docs.json: favicon: 'javascript:alert(1)' is a script URL; no favicon is set",
        "docs.json: footerSocials.github: contains the control character U+0001; removed",
    ]
    html = (site / "intro" / "index.html").read_text()
    assert "https://status.acme.dev" in html and "https://forum.acme.dev" in html and "https://x.com/acme" in html
    for page in site.rglob("*.html"):
        text = page.read_text().lower()
        for bad in ("javascript:", "vbscript:", "data:text", "script:steal", "msgbox"):
            assert bad not in text, (page, bad)
    assert not (site / "old").exists()
    assert_nothing_leaked(result, site, outside)


def test_script_urls_fail_a_strict_build(make_project: Callable[..., Path]) -> None:
    project = make_project({**CONFIG, "topbarLinks": [{"name": "Evil", "url": "javascript:alert(1)"}]},
                           {"intro.md": INTRO})
    result, _ = build(project, "--strict")
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "error: docs.json: topbarLinks[0].url: 'javascript:alert(1)' is a script URL; the link is left out (--strict)"]


def test_a_script_url_in_front_matter_is_not_a_sidebar_link(make_project: Callable[..., Path]) -> None:
    config = {**CONFIG, "navigation": [{"group": "Start", "pages": ["intro", "status"]}]}
    project = make_project(config, {
        "intro.md": INTRO,
        "status.md": "---\ntitle: Status\nurl: \"JAVA\\tSCRIPT:fetch('/steal')\"\n---\n\nAll systems go.\n",
    })
    result, site = build(project)
    assert result.returncode == 0, result.stderr
    assert warnings_of(result) == [
        "content/status.md:3: front matter: url: \"JAVA\\tSCRIPT:fetch('/steal')\" is a script URL; "
        "the link is left out"]
    html = (site / "intro" / "index.html").read_text()
    assert 'href="../status/" data-page="status"' in html
    assert "SCRIPT:" not in html.upper().replace("JAVASCRIPT", "")  # nothing of the URL is a link
    strict, _ = build(project, "--strict")
    assert strict.returncode == 1


def test_script_urls_in_page_content_use_the_same_check(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, {
        "intro.mdx": (
            "# Welcome\n\n"
            '<a href="data:text/html,<b>hi</b>">Open</a>\n\n'
            '<a href="java&#x09;script:alert(1)">Run</a>\n\n'
            '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" />\n\n'
            '<CardGroup cols={2}>\n'
            '  <Card\n    title="Billing"\n    href="JavaScript:alert(document.domain)"\n  >\n    Invoices and plans.\n  </Card>\n'
            '  <Card title="Gallery" img="data:text/html,<script>alert(1)</script>">\n    Photos.\n  </Card>\n'
            '</CardGroup>\n\n'
            "[Markdown link](javascript:alert(1))\n"
        ),
    })
    result, site = build(project)
    assert result.returncode == 0, result.stderr
    assert warnings_of(result) == [
        "content/intro.mdx:3: attribute href of <a> is a script URL; left out",
        "content/intro.mdx:5: attribute href of <a> is a script URL; left out",
        "content/intro.mdx:10: link 'JavaScript:alert(document.domain)' is a script URL; the link is left out",
        "content/intro.mdx:16: image 'data:text/html,<script>alert(1)</script>' is a script URL; the image is left out",
    ]
    html = (site / "intro" / "index.html").read_text()
    assert "<a>Open</a>" in html and "<a>Run</a>" in html
    assert 'src="data:image/png;base64,iVBORw0KGgo="' in html
    assert '<p class="card-title">Billing</p>' in html and "card-image" not in html
    assert "[Markdown link](javascript:alert(1))" in html  # markdown-it never makes it a link
    for bad in ('href="javascript', 'href="data:', 'src="data:text', "alert(document.domain)"):
        assert bad not in html.replace("&quot;", '"'), bad


@pytest.mark.parametrize("url", [
    "javascript:alert(1)", "JAVASCRIPT:x", " javascript:x", "java\tscript:x", "java\nscript:x", "java\rscript:x",
    "\x00javascript:x", "vbscript:x", "VbScRiPt:x", "data:text/html,x", "DATA:image/svg+xml,<svg/>",
])
def test_is_script_url_catches_what_browsers_run(url: str) -> None:
    assert is_script_url(url)


@pytest.mark.parametrize("url", ["https://acme.dev", "/quickstart", "mailto:help@acme.dev", "#top",
                                 "javascript-guide", "guides/data:x"])
def test_is_script_url_passes_ordinary_links(url: str) -> None:
    assert not is_script_url(url)


def test_data_images_are_pictures_not_script() -> None:
    assert not is_script_url("data:image/png;base64,AAAA", image=True)
    assert not is_script_url("data:image/svg+xml;utf8,<svg/>", image=True)
    assert is_script_url("data:text/html,x", image=True)
    assert is_script_url("javascript:x", image=True)


def test_a_page_made_a_link_outside_while_serving_is_dropped(make_project: Callable[..., Path], outside: Path) -> None:
    from sitegen.serve.reuse import DevBuilder  # the dev server's builder: it re-reads only edited pages

    config = {**CONFIG, "navigation": [{"group": "Start", "pages": ["intro", "notes"]}]}
    project = make_project(config, {"intro.md": INTRO, "notes.md": "# Notes\n\nHarmless.\n"})
    builder = DevBuilder(project)
    assert "notes/index.html" in builder.build().files
    notes = project / "content" / "notes.md"
    notes.unlink()
    notes.symlink_to(outside / "secret.md")
    site = builder.rebuild([notes])
    assert "notes/index.html" not in site.files
    assert "content/notes.md: links to a file outside the project; not published" in site.warnings
    assert not any(MARKER.encode() in content for content in site.files.values())
    assert not any(MARKER in warning for warning in site.warnings)


# --- what finds files without publishing them ------------------------------------------


def test_a_docs_folder_linking_outside_is_not_the_project(tmp_path: Path, outside: Path) -> None:
    (outside / "docs.json").write_text(json.dumps({"name": MARKER, "navigation": [{"group": "A", "pages": ["keys"]}]}))
    (outside / "keys.md").write_text(f"# {MARKER}\n")
    repository = tmp_path / "repo"
    repository.mkdir()
    (repository / "docs").symlink_to(outside, target_is_directory=True)
    result, site = build(repository)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [f"error: {repository.resolve()}: no docs.json or mint.json found"]
    assert_nothing_leaked(result, site, outside)


def test_openapi_discovery_does_not_open_files_linking_outside(
    make_project: Callable[..., Path], outside: Path
) -> None:
    (outside / "spec.yaml").write_text(f"openapi: 3.1.0\ninfo: {{title: {MARKER}, version: '1'}}\npaths: {{}}\n")
    project = make_project(CONFIG, {"intro.md": INTRO})
    (project / "api.yaml").symlink_to(outside / "spec.yaml")
    from sitegen.openapi import find_openapi_files

    assert find_openapi_files(project) == []
    result, site = build(project)
    assert result.returncode == 0, result.stderr
    assert_nothing_leaked(result, site, outside)


def test_openapi_pages_command_skips_pages_linking_outside(make_project: Callable[..., Path], outside: Path) -> None:
    (outside / "secret.md").write_text("---\nopenapi: POST /plants\n---\n")
    project = make_project(CONFIG, {"intro.md": INTRO})
    (project / "content" / "leak.md").symlink_to(outside / "secret.md")
    from sitegen.openapi.stubs import _page_files

    assert [path.name for path in _page_files(project)] == ["intro.md"]
