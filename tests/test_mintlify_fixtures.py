"""Real-world Mintlify repositories (tests/fixtures/mintlify/*) build as they are.

Each fixture is a small but complete docs repository written the way real Mintlify
repositories are written: classic mint.json, multi-line component tags, nested components,
snippets with props, `export const`, OpenAPI files found without an `openapi` key, and the
mess real repositories carry (missing files, broken links, unknown components).

Every fixture is built once per test module through the real CLI; the tests then read the
built HTML with the standard library's html.parser:
- no component survives as text (`<Card` in a text node) or as an unknown element (`<card>`);
- no unevaluated `{expression}` or `{/* comment */}` is left in the text;
- every warning names where it comes from (file:line, or the config file and JSON path);
- messy repositories produce exactly the warnings they deserve, and `--strict` fails them.

Warning wording is asserted by its stable parts (location prefix + key phrase) so that
small wording changes are reconciled in one table (EXPECTED_WARNINGS) below.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from conftest import copy_fixture, run_sitegen

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "mintlify"
NAMES = ("starter", "components", "docs-subfolder", "two-specs", "messy", "tideline")

# --- element names a built page may contain ------------------------------------------

HTML_ELEMENTS = frozenset("""
a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption
cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset
figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input
ins kbd label legend li link main map mark menu meta meter nav noscript object ol optgroup
option output p picture pre progress q rp rt ruby s samp script search section select slot
small source span strong style sub summary sup table tbody td template textarea tfoot th
thead time title tr track u ul var video wbr center font
""".split())
# html.parser lower-cases tag names, so camelCase SVG names appear lower-cased here.
SVG_ELEMENTS = frozenset("""
svg g defs symbol use path circle ellipse line polyline polygon rect text tspan textpath
lineargradient radialgradient stop clippath mask pattern image marker filter foreignobject
desc title feblend fecolormatrix fecomposite feflood fegaussianblur femerge femergenode
feoffset animate animatetransform set view
""".split())
MATHML_ELEMENTS = frozenset("""
math semantics annotation annotation-xml mi mn mo ms mtext mspace mrow mfrac msqrt mroot
mstyle merror mpadded mphantom menclose msub msup msubsup munder mover munderover
mmultiscripts mprescripts none mtable mtr mtd mlabeledtr maction
""".split())
ALLOWED_ELEMENTS = HTML_ELEMENTS | SVG_ELEMENTS | MATHML_ELEMENTS

# Text inside these is code or data, where `<Card>` and `{x}` are legitimately shown as written.
VERBATIM = frozenset({"code", "pre", "script", "style", "textarea", "template", "math"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})

RAW_COMPONENT = re.compile(r"</?[A-Z][\w.]*")
EXPRESSION = re.compile(r"\{[^{}\n]*\}")


@dataclass(frozen=True)
class Problem:
    page: str
    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.page}: {self.kind}: {self.detail}"


class _Scanner(HTMLParser):
    """Collects unknown elements and text-node leftovers of one built page."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)  # `&lt;Card` is checked as `<Card`
        self.page = page
        self.stack: list[str] = []
        self.problems: list[Problem] = []
        self.text: list[str] = []  # all visible text (outside script/style)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ALLOWED_ELEMENTS:
            self.problems.append(Problem(self.page, "unknown element", f"<{tag}>"))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ALLOWED_ELEMENTS:
            self.problems.append(Problem(self.page, "unknown element", f"<{tag}/>"))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if not {"script", "style"} & set(self.stack):
            self.text.append(data)
        if "{/*" in data and not {"script", "style"} & set(self.stack):
            self.problems.append(Problem(self.page, "leftover MDX comment", data.strip()[:80]))
        if VERBATIM & set(self.stack):
            return
        for match in RAW_COMPONENT.finditer(data):
            self.problems.append(Problem(self.page, "raw component tag in text", match.group()))
        for match in EXPRESSION.finditer(data):
            self.problems.append(Problem(self.page, "unevaluated expression in text", match.group()))


def scan(html_file: Path, site: Path) -> tuple[list[Problem], str]:
    scanner = _Scanner(html_file.relative_to(site).as_posix())
    scanner.feed(html_file.read_text(encoding="utf-8"))
    scanner.close()
    return scanner.problems, " ".join(" ".join(scanner.text).split())


# --- building ------------------------------------------------------------------------

WARNING_LINE = re.compile(
    r"warning: (?:"
    r"[\w./-]+\.mdx?:\d+: "  # page.mdx:12: …
    r"|[\w./-]*(?:docs|mint)\.json(?::\d+)?: [\w$.\[\]-]+: "  # mint.json:16: navigation[1].pages[2]: …
    r"|[\w./-]+\.(?:ya?ml|json): "  # openapi/plants.yaml: … (an OpenAPI file)
    r")"
)


@dataclass(frozen=True)
class Built:
    name: str
    result: subprocess.CompletedProcess[str]
    site: Path

    @property
    def warnings(self) -> list[str]:
        return [line for line in self.result.stderr.splitlines() if line.startswith("warning: ")]

    def page(self, page_id: str) -> Path:
        return self.site / page_id / "index.html"

    def text(self, page_id: str) -> str:
        return scan(self.page(page_id), self.site)[1]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    """Each fixture built once (non-strict) into its own folder; the source is never written."""
    out: dict[str, Built] = {}
    for name in NAMES:
        folder = tmp_path_factory.mktemp(name)
        site = folder / "site"
        out[name] = Built(name, run_sitegen("build", copy_fixture(FIXTURES / name, folder), "--out", site), site)
    return out


@pytest.mark.parametrize("name", NAMES)
def test_fixture_builds(built: dict[str, Built], name: str) -> None:
    result = built[name].result
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert re.fullmatch(r"Built \d+ pages in \d+\.\d\d s( with \d+ warnings?)? -> .*\nno site URL: .*\n", result.stdout), result.stdout


@pytest.mark.parametrize("name", NAMES)
def test_no_component_or_expression_survives_in_html(built: dict[str, Built], name: str) -> None:
    b = built[name]
    assert b.result.returncode == 0, b.result.stderr
    html_files = sorted(b.site.rglob("*.html"))
    assert html_files
    problems = [p for html_file in html_files for p in scan(html_file, b.site)[0]]
    assert not problems, "\n".join(map(str, problems[:40]))


@pytest.mark.parametrize("name", NAMES)
def test_every_warning_names_its_location(built: dict[str, Built], name: str) -> None:
    b = built[name]
    other = [line for line in b.result.stderr.splitlines() if not line.startswith("warning: ")]
    assert not other, b.result.stderr
    bad = [line for line in b.warnings if not WARNING_LINE.match(line)]
    assert not bad, "\n".join(bad)


# Problems that the clean fixtures must not cause. (Icon fallbacks and a feedback link
# without a repository are honest warnings about the config and are allowed.)
PROBLEM_PHRASES = ("not found", "unknown component", "not a value", "points to no", "no heading",
                   "matches no operation", "unknown key", "more than one", "both")


@pytest.mark.parametrize("name", ("starter", "components", "docs-subfolder"))
def test_clean_fixtures_warn_about_no_content_problem(built: dict[str, Built], name: str) -> None:
    b = built[name]
    assert b.result.returncode == 0, b.result.stderr
    noisy = [w for w in b.warnings if any(phrase in w for phrase in PROBLEM_PHRASES)]
    assert not noisy, "\n".join(noisy)


# fixture -> [(location prefix, key phrases that must all appear in that one warning)]
EXPECTED_WARNINGS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "tideline": [
        # icons.library is lucide: a brand icon Lucide does not have comes from Font Awesome
        ("guides/community.mdx:3: front matter: icon: ", ("unknown Lucide icon 'discord'",
                                                         "using the Font Awesome icon 'discord'")),
    ],
    "messy": [
        # missing navigation files
        ("mint.json:16: navigation[1].pages[2]: ", ("'guides/missing'", "not found", "left out of the navigation")),
        ("mint.json:18: navigation[2].pages[0]: ", ("'reference/not-written-yet'", "not found")),
        # an unknown key ($schema and redirects are Mintlify keys and do not warn)
        ("mint.json: layoutExperiment: ", ("unknown key",)),
        # broken link, missing image, broken anchor
        ("introduction.mdx:11: ", ("'/nope'", "points to no page or file", "left as written")),
        ("introduction.mdx:13: ", ("'/images/full-bin.png'",)),
        ("introduction.mdx:19: ", ("'guides/setup#soil'", "no heading 'soil'", "link kept")),
        # unknown component, unevaluated expression
        ("guides/widgets.mdx:7: ", ("unknown component <Foo>", "its content is shown without it")),
        ("guides/widgets.mdx:9: ", ("{someVar}", "not a value sitegen can compute", "left out")),
        # (the wildcard redirect `/old/:slug*` is no warning: it goes to `_redirects`)
    ],
    "two-specs": [
        # GET /health is in both files: ambiguous, both named
        ("status.mdx:3: ", ("'GET /health'", "openapi/plants.yaml", "openapi/orders.json")),
        # stale operation: built as a plain page
        ("orders/cancel.mdx:3: ", ("'DELETE /gone'", "matches no operation", "built as a plain page")),
    ],
}


@pytest.mark.parametrize("name", sorted(EXPECTED_WARNINGS))
def test_exact_set_of_warnings(built: dict[str, Built], name: str) -> None:
    b = built[name]
    assert b.result.returncode == 0, b.result.stderr
    warnings = [line.removeprefix("warning: ") for line in b.warnings]
    unmatched = list(warnings)
    missing = []
    for prefix, phrases in EXPECTED_WARNINGS[name]:
        hits = [w for w in unmatched if w.startswith(prefix) and all(p in w for p in phrases)]
        if len(hits) != 1:
            missing.append(f"{prefix}… {' / '.join(phrases)}  (found {len(hits)})")
        for hit in hits:
            unmatched.remove(hit)
    assert not missing and not unmatched, (
        "expected but not printed exactly once:\n  " + "\n  ".join(missing)
        + "\nprinted but not expected:\n  " + "\n  ".join(unmatched)
    )


def test_strict_fails_the_messy_repository(tmp_path: Path) -> None:
    result = run_sitegen("build", copy_fixture(FIXTURES / "messy", tmp_path), "--out", tmp_path / "site", "--strict")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert errors, result.stderr
    # each error names the config key or page it is about
    assert all(re.match(r"error: [\w./-]+(?:\.mdx?:\d+|\.json(?::\d+)?: [\w$.\[\]-]+): ", e) for e in errors), errors
    assert not (tmp_path / "site" / "index.html").exists()


# --- what the pages show -------------------------------------------------------------

def local_refs(html_file: Path, attribute: str = "href") -> list[tuple[str, Path]]:
    out = []
    for ref in re.findall(rf'{attribute}="([^"]+)"', html_file.read_text(encoding="utf-8")):
        parts = urlsplit(ref)
        if parts.scheme or ref.startswith(("#", "//")):
            continue
        target = (html_file.parent / unquote(parts.path)).resolve()
        if parts.path.endswith("/") or target.is_dir():
            target = target / "index.html"
        out.append((ref, target))
    return out


def test_starter_snippets_and_exports_are_filled_in(built: dict[str, Built]) -> None:
    b = built["starter"]
    assert b.result.returncode == 0, b.result.stderr
    snippets = b.text("essentials/reusable-snippets")
    assert "My keyword of the day is bananas." in snippets  # <Greeting word="bananas" />
    assert "One of the core principles of software development is DRY" in snippets  # <SnippetIntro />
    assert "Our flagship greenhouse is called The Glass Orchard." in snippets  # export const
    assert "online in 5 minutes" in b.text("quickstart")
    # Snippets are parts of pages, not pages.
    assert not b.page("snippets/snippet-intro").exists()
    assert not b.page("snippets/greeting").exists()


def test_starter_cards_link_to_built_pages(built: dict[str, Built]) -> None:
    b = built["starter"]
    assert b.result.returncode == 0, b.result.stderr
    home = b.page("introduction")
    html = home.read_text(encoding="utf-8")
    for page_id in ("quickstart", "development", "essentials/settings", "essentials/navigation",
                    "api-reference/introduction", "essentials/reusable-snippets"):
        ref = f'href="../{page_id}/"'
        assert ref in html, ref
    for ref, target in local_refs(home):
        assert target.is_file(), f"{ref} -> {target}"
    assert 'href="/' not in html.replace('href="//', "")


def test_starter_hero_images_and_assets_are_copied(built: dict[str, Built]) -> None:
    b = built["starter"]
    assert b.result.returncode == 0, b.result.stderr
    for asset in ("images/hero-light.svg", "images/hero-dark.svg", "images/checks-passed.png",
                  "images/greenhouse-bench.png", "logo/light.svg", "logo/dark.svg", "favicon.svg"):
        assert (b.site / asset).is_file(), asset
    html = b.page("introduction").read_text(encoding="utf-8")
    assert re.search(r'<img[^>]*class="block dark:hidden"[^>]*src="\.\./images/hero-light\.svg"', html) \
        or re.search(r'<img[^>]*src="\.\./images/hero-light\.svg"[^>]*class="block dark:hidden"', html)
    assert "../images/hero-dark.svg" in html
    for ref, target in local_refs(b.page("essentials/images"), "src"):
        assert target.is_file(), f"{ref} -> {target}"


def api_path(html: str) -> str | None:
    """The endpoint path an API page shows (its path parameters are highlighted spans)."""
    match = re.search(r'<code class="api-path">(.*?)</code>', html, re.S)
    return re.sub(r"<[^>]+>", "", match.group(1)) if match else None


def test_starter_api_pages_come_from_the_openapi_json_found_without_a_key(built: dict[str, Built]) -> None:
    b = built["starter"]
    assert b.result.returncode == 0, b.result.stderr
    html = b.page("api-reference/endpoint/delete").read_text(encoding="utf-8")
    assert api_path(html) == "/plants/{id}"
    assert "Deletes a single plant based on the ID supplied" in b.text("api-reference/endpoint/delete")
    assert "The maximum number of results to return" in b.text("api-reference/endpoint/get")


def test_components_keep_their_content(built: dict[str, Built]) -> None:
    b = built["components"]
    assert b.result.returncode == 0, b.result.stderr
    assert "Never mix bleach into the watering can." in b.text("callouts")
    assert "Keep away from cats" in b.text("callouts")  # a callout inside a table cell
    assert "Leave two centimetres at the top." in b.text("callouts")  # a callout in a list item
    assert "Days between waterings." in b.text("api-fields")  # 3 levels of Expandable
    assert "north.yaml" in b.text("tree-and-badges")
    corners = b.text("syntax-corners")
    assert "We plant in spring." in corners and "There are 3 pot sizes." in corners
    assert "A fragment wraps text without adding an element." in corners
    assert "Watering schedules" in b.text("changelog")
    kit = b.text("design-kit")
    assert "leaf-500" in kit and "#22C55E" in kit and "Petals" in kit  # Color palettes
    assert "Three sizes" in kit and "Shady beds suit ferns and hostas." in kit  # Tile, Column
    assert "Keep tall plants on the north side." in kit  # Prompt
    assert "Press Add bed in the top bar" in kit and "POST /v1/beds" not in kit  # Visibility: humans only
    assert "Water seedlings every second day" in kit  # children of a React component from snippets/*.jsx
    assert "Week 1 of 6" in kit  # what it renders first (useState(1)), hooks injected as Mintlify does
    # ... inside an island the browser runs (tests/browser/test_islands.py), with no warning.
    assert not [warning for warning in b.warnings if "uses React hooks" in warning]
    assert "&quot;component&quot;: &quot;WateringChart&quot;" in b.page("design-kit").read_text(encoding="utf-8")
    views = b.text("install-views")
    assert "Install with Homebrew" in views and "Install with winget" in views  # every View is in the page
    # the only <math> comes from $…$, $$…$$ and <Latex>
    assert b.page("math-and-diagrams").read_text(encoding="utf-8").count("<math") >= 4


def test_docs_subfolder_uses_the_folder_of_docs_json(built: dict[str, Built]) -> None:
    b = built["docs-subfolder"]
    assert b.result.returncode == 0, b.result.stderr
    # content/ inside docs/ is an ordinary folder of pages, not the page root
    assert "The text on the button." in b.text("content/components/button")
    assert "Grey text shown while the field is empty." in b.text("content/components/text-input")
    assert "Add the package to your project." in b.text("introduction")
    # product code and the repository README are not pages
    assert not (b.site / "README").exists() and not (b.site / "src").exists()
    api = b.page("api-pages/create-order").read_text(encoding="utf-8")
    assert api_path(api) == "/v1/orders" and '<span class="api-base" title="Base URL">https://api.example.com</span>' in api
    assert "Places an order for a set of printed component sheets." in b.text("api-pages/create-order")
    assert "How many copies." in b.text("api-pages/create-order")


def test_two_specs_api_pages_show_their_endpoint(built: dict[str, Built]) -> None:
    b = built["two-specs"]
    assert b.result.returncode == 0, b.result.stderr
    for page_id, path in (("plants/list", "/plants"), ("plants/create", "/plants"),
                          ("orders/list", "/orders"), ("status", "/health")):
        html = b.page(page_id).read_text(encoding="utf-8")
        assert api_path(html) == path, page_id
    assert "Every plant in the nursery, newest first." in b.text("plants/list")
    assert "Send the species too" in b.text("plants/create")
    # the stale page is a plain page with its own text and no endpoint bar
    cancel = b.page("orders/cancel").read_text(encoding="utf-8")
    assert "Orders can no longer be cancelled through the API." in b.text("orders/cancel")
    assert 'class="api-path"' not in cancel


def test_messy_builds_what_it_can(built: dict[str, Built]) -> None:
    b = built["messy"]
    assert b.result.returncode == 0, b.result.stderr
    intro = b.text("introduction")
    assert "Medium: 120 litres" in intro  # imported snippet
    assert "The card body is still shown." in b.text("guides/widgets")
    assert "Turn the pile every week." in b.text("guides/widgets")  # <Foo> keeps its content
    assert "These notes came from the old wiki" in b.text("legacy-notes")  # <b>wiki</b> is its own text node
    assert b.page("hidden-page").is_file() and b.page("draft").is_file()
    assert '<meta name="robots" content="noindex' in b.page("draft").read_text(encoding="utf-8")
    assert not b.page("snippets/bin-sizes").exists()
