"""Hostile repositories: every reader ends in one line per problem and exit 1 (or a
warning where Mintlify would build), never a traceback and never a hang.

Each test writes the hostile file into a fresh project and runs the real CLI.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import run_sitegen

DEEP = 20_000  # far beyond Python's recursion limit
NAV = [{"group": "Start", "pages": ["quickstart"]}]
CONFIG = {"name": "Acme Docs", "navigation": NAV}
QUICKSTART = "---\ntitle: Quickstart\ndescription: Get going in five minutes\n---\n\nInstall the CLI first.\n"
API_PAGE = "---\ntitle: List plants\nopenapi: GET /plants\n---\n"
SPEC_HEAD = "openapi: 3.0.3\ninfo:\n  title: Plant Store\n  version: '1.0'\n"
SPEC_PATHS = (
    "paths:\n  /plants:\n    get:\n      summary: List plants\n      responses:\n"
    "        '200':\n          description: The plants\n"
)
# Nine-fold at each of nine levels: 9**9 (387 million) values once expanded.
ALIAS_BOMB = "x-lol0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"x-lol{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]\n" for i in range(1, 9)
)

Project = Callable[..., Path]


def fails_with(project: Path, *expected: str) -> str:
    """Build `project`; it must exit 1 with exactly the `expected` error lines (any warnings)."""
    result = run_sitegen("build", project, "-q")
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 1, result.stderr
    errors = [line for line in result.stderr.splitlines() if not line.startswith("warning: ")]
    assert errors == [f"error: {line}" for line in expected]
    return result.stderr


def builds_with_warnings(project: Path) -> list[str]:
    result = run_sitegen("build", project, "-q")
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 0, result.stderr
    return [line.removeprefix("warning: ") for line in result.stderr.splitlines()]


def api_project(make_project: Project, spec_name: str, spec: str | bytes) -> Path:
    config = {"name": "Plant Store", "openapi": spec_name, "navigation": [{"group": "API", "pages": ["plants"]}]}
    return make_project(config, {"plants.mdx": API_PAGE, "/" + spec_name: spec})


# --- docs.json ---------------------------------------------------------------------


@pytest.mark.parametrize("open_, close", [("[", "]"), ('{"a":', "}")], ids=["arrays", "objects"])
def test_config_nested_20000_deep(make_project: Project, open_: str, close: str) -> None:
    head = '{"name": "Acme", "navigation": [], "x-extra": '
    project = make_project(head + open_ * DEEP + "1" * (open_ != "[") + close * DEEP + "}", {})
    column = len(head) + 99 * len(open_) + 1  # the 100th bracket: the top object is level 1
    fails_with(project, f"docs.json:1:{column}: nested deeper than 100 levels")


def test_config_too_large(make_project: Project) -> None:
    padding = "a" * 6_000_000
    project = make_project(json.dumps({**CONFIG, "description": padding}), {"quickstart.mdx": QUICKSTART})
    fails_with(project, "docs.json: too large (6.0 MB; the limit for docs.json is 5.0 MB)")


def test_config_with_nul_byte(make_project: Project) -> None:
    project = make_project('{"name": "Ac\0me"}', {})
    fails_with(project, "docs.json: not text (NUL byte at offset 12)")


def test_config_invalid_utf8(make_project: Project) -> None:
    project = make_project("x", {})
    (project / "docs.json").write_bytes(b'{\n  "name": "Caf\xe9"\n}\n')
    fails_with(project, "docs.json:2: not UTF-8 text (invalid continuation byte at byte 16)")


def test_config_top_level_not_an_object(make_project: Project) -> None:
    fails_with(make_project("[1, 2]", {}), "docs.json: the top level must be a JSON object, not an array")


def test_config_control_characters_in_strings(make_project: Project) -> None:
    # Escaped in JSON, so the file is valid text; in HTML they would break the page: they are
    # taken out, with a warning each (Mintlify builds such a file).
    config = {"name": "Acme\u0000<b>", "navigation": [{"group": "Start\u001b[31m", "pages": ["quickstart"]}]}
    project = make_project(json.dumps(config), {"quickstart.mdx": QUICKSTART})
    assert builds_with_warnings(project) == [
        "docs.json: name: contains the control character U+0000; removed",
        "docs.json: navigation[0].group: contains the control character U+001B; removed",
    ]
    html = (project / "site" / "quickstart" / "index.html").read_text()
    assert "Acme&lt;b&gt;" in html and "Start[31m" in html
    assert "\x00" not in html and "\x1b" not in html


# --- pages and front matter ----------------------------------------------------------


def test_png_renamed_to_a_page(make_project: Project) -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10"
    project = make_project(CONFIG, {"quickstart.mdx": QUICKSTART, "logo.mdx": png})
    fails_with(project, "content/logo.mdx: not text (NUL byte at offset 8)")


def test_nul_byte_in_page_text(make_project: Project) -> None:
    project = make_project(CONFIG, {"quickstart.mdx": "---\ntitle: Quickstart\n---\n\nInstall\0 it.\n"})
    fails_with(project, "content/quickstart.mdx: not text (NUL byte at offset 34)")


def test_nul_byte_in_front_matter(make_project: Project) -> None:
    project = make_project(CONFIG, {"quickstart.mdx": "---\ntitle: Quick\0start\n---\n"})
    fails_with(project, "content/quickstart.mdx: not text (NUL byte at offset 16)")


def test_invalid_utf8_in_page(make_project: Project) -> None:
    project = make_project(CONFIG, {"quickstart.mdx": b"---\ntitle: Quickstart\n---\n\nCaf\xe9 ol\xe9\n"})
    fails_with(project, "content/quickstart.mdx:5: not UTF-8 text (invalid continuation byte at byte 30)")


def test_page_too_large(make_project: Project) -> None:
    page = QUICKSTART + "All work and no play. " * 500_000  # 11 MB
    project = make_project(CONFIG, {"quickstart.mdx": page})
    fails_with(project, "content/quickstart.mdx: too large (11.0 MB; the limit for a page is 10.0 MB)")


def test_front_matter_nested_20000_deep(make_project: Project) -> None:
    page = "---\ntitle: Quickstart\ntags: " + "[" * DEEP + "]" * DEEP + "\n---\n"
    project = make_project(CONFIG, {"quickstart.mdx": page})
    fails_with(project, "content/quickstart.mdx:3:106: front matter: nested deeper than 100 levels")


def test_front_matter_alias_bomb(make_project: Project) -> None:
    page = "---\ntitle: Quickstart\n" + ALIAS_BOMB + "---\n"
    project = make_project(CONFIG, {"quickstart.mdx": page})
    fails_with(project, "content/quickstart.mdx:8:14: front matter: aliases expand to more than 100000 values "
                        "(an alias bomb?); write the values out instead")


def test_front_matter_alias_cycle(make_project: Project) -> None:
    project = make_project(CONFIG, {"quickstart.mdx": "---\ntitle: Quickstart\nloop: &me [1, *me]\n---\n"})
    fails_with(project, "content/quickstart.mdx:3:15: front matter: alias *me refers to a value that contains "
                        "it (a cycle)")


def test_front_matter_small_aliases_still_work(make_project: Project) -> None:
    page = "---\ntitle: &t Quickstart\nsidebarTitle: *t\n---\nHello\n"
    project = make_project(CONFIG, {"quickstart.mdx": page})
    builds_with_warnings(project)
    assert ">Quickstart</" in (project / "site/quickstart/index.html").read_text()


def test_front_matter_not_a_mapping(make_project: Project) -> None:
    project = make_project(CONFIG, {"quickstart.mdx": "---\n- Quickstart\n- Install\n---\n"})
    fails_with(project, "content/quickstart.mdx:2: front matter must be a mapping of keys to values, not a list")


def test_front_matter_title_is_a_list(make_project: Project) -> None:
    project = make_project(CONFIG, {"quickstart.mdx": "---\ntitle: [Quick, start]\n---\n"})
    fails_with(project, "content/quickstart.mdx:2: front matter: title: ['Quick', 'start'] is not a string")


def test_front_matter_title_is_a_huge_mapping_shown_short(make_project: Project) -> None:
    mapping = "{" + ", ".join(f"k{i}: {'v' * 50}" for i in range(1000)) + "}"
    project = make_project(CONFIG, {"quickstart.mdx": f"---\ndescription: {mapping}\n---\n"})
    stderr = fails_with(
        project,
        "content/quickstart.mdx:2: front matter: description: {'k0': 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv', "
        "'k1': 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv', 'k10': 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv', "
        "'k100': 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv', ...} is not a string",
    )
    assert len(stderr) < 400


def test_front_matter_key_is_a_list(make_project: Project) -> None:
    project = make_project(CONFIG, {"quickstart.mdx": "---\ntitle: Quickstart\n? [a, b]\n: value\n---\n"})
    fails_with(project, "content/quickstart.mdx:3:3: front matter: a key must be text, not a list or a mapping")


def test_front_matter_number_keys_are_text(make_project: Project) -> None:
    project = make_project(CONFIG, {"quickstart.mdx": "---\ntitle: Quickstart\n2024: launch year\n---\nHi\n"})
    builds_with_warnings(project)


def test_front_matter_control_character_escape(make_project: Project) -> None:
    project = make_project(CONFIG, {"quickstart.mdx": '---\ntitle: "Quick\\x07start"\n---\n'})
    assert builds_with_warnings(project) == [
        "content/quickstart.mdx:2: front matter: title: contains the control character U+0007; removed"]
    assert "<title>Quickstart" in (project / "site" / "quickstart" / "index.html").read_text()


# --- OpenAPI -------------------------------------------------------------------------


def test_openapi_yaml_nested_20000_deep(make_project: Project) -> None:
    spec = SPEC_HEAD + SPEC_PATHS + "x-deep: " + "[" * DEEP + "]" * DEEP + "\n"
    project = api_project(make_project, "openapi.yaml", spec)
    fails_with(project, "openapi.yaml:12:108: nested deeper than 100 levels")


def test_openapi_json_nested_20000_deep(make_project: Project) -> None:
    schema = '{"type": "array", "items": ' * DEEP + '{"type": "string"}' + "}" * DEEP
    spec = ('{"openapi": "3.0.3", "info": {"title": "Plant Store", "version": "1.0"}, "paths": {}, '
            '"components": {"schemas": {"Deep": ' + schema + "}}}")
    project = api_project(make_project, "openapi.json", spec)
    fails_with(project, "openapi.json:1:2741: nested deeper than 100 levels")


def test_openapi_yaml_alias_bomb(make_project: Project) -> None:
    spec = SPEC_HEAD + ALIAS_BOMB + SPEC_PATHS
    project = api_project(make_project, "openapi.yaml", spec)
    fails_with(project, "openapi.yaml:10:14: aliases expand to more than 100000 values (an alias bomb?); "
                        "write the values out instead")


def test_openapi_yaml_alias_bomb_in_an_example(make_project: Project) -> None:
    # The example is json.dumps'd into the page: it must never be expanded.
    spec = (SPEC_HEAD + ALIAS_BOMB + SPEC_PATHS
            + "          content:\n            application/json:\n              example: *a8\n")
    project = api_project(make_project, "openapi.yaml", spec)
    fails_with(project, "openapi.yaml:10:14: aliases expand to more than 100000 values (an alias bomb?); "
                        "write the values out instead")


def test_openapi_with_nul_byte(make_project: Project) -> None:
    project = api_project(make_project, "openapi.yaml", (SPEC_HEAD + SPEC_PATHS).replace("Plant", "Pl\0ant", 1))
    fails_with(project, "openapi.yaml: not text (NUL byte at offset 32)")


def test_openapi_json_with_nul_byte(make_project: Project) -> None:
    project = api_project(make_project, "openapi.json", b'{"openapi": "3.0.3",\0}')
    fails_with(project, "openapi.json: not text (NUL byte at offset 20)")


def test_openapi_invalid_utf8(make_project: Project) -> None:
    spec = (SPEC_HEAD + SPEC_PATHS).encode().replace(b"The plants", b"Les plant\xe9s")
    project = api_project(make_project, "openapi.yaml", spec)
    fails_with(project, "openapi.yaml:11: not UTF-8 text (invalid continuation byte at byte 177)")


def test_openapi_too_large(make_project: Project) -> None:
    spec = SPEC_HEAD + SPEC_PATHS + "x-padding: " + "a" * 51_000_000 + "\n"
    project = api_project(make_project, "openapi.yaml", spec)
    fails_with(project, "openapi.yaml: too large (51.0 MB; the limit for an OpenAPI file is 50.0 MB)")


def test_openapi_moderate_nesting_and_aliases_still_build(make_project: Project) -> None:
    spec = (SPEC_HEAD + "x-defaults: &ok {description: The plants}\n" + SPEC_PATHS.replace(
        "          description: The plants\n", "          <<: *ok\n")
        + "x-deep: " + "[" * 60 + "]" * 60 + "\n")
    project = api_project(make_project, "openapi.yaml", spec)
    builds_with_warnings(project)
    assert "The plants" in (project / "site/plants/index.html").read_text()


# --- snippets and MDX ----------------------------------------------------------------


def test_snippet_invalid_utf8_is_a_warning(make_project: Project) -> None:
    page = "---\ntitle: Quickstart\n---\n\nimport Tip from '/snippets/tip.mdx';\n\n<Tip />\n"
    project = make_project(CONFIG, {"quickstart.mdx": page, "/snippets/tip.mdx": b"Water once a week.\nCaf\xe9 time\n"})
    assert builds_with_warnings(project) == [
        "snippets/tip.mdx:2: not UTF-8 text (invalid continuation byte at byte 22); shown with U+FFFD in its place"
    ]
    html = (project / "site/quickstart/index.html").read_text()
    assert "Water once a week." in html and "Caf\ufffd time" in html


def test_binary_snippet_is_left_out(make_project: Project) -> None:
    page = "---\ntitle: Quickstart\n---\n\nimport Logo from '/snippets/logo.mdx';\n\nBefore\n\n<Logo />\n"
    project = make_project(CONFIG, {"quickstart.mdx": page, "/snippets/logo.mdx": b"\x89PNG\r\n\x1a\n\x00\x00"})
    assert builds_with_warnings(project) == ["snippets/logo.mdx: not text (NUL byte at offset 8); left out"]
    assert "Before" in (project / "site/quickstart/index.html").read_text()


@pytest.mark.parametrize(
    "body",
    [
        "[" * DEEP + "Deep inside" + "]" * DEEP + "\n",
        "Deep inside " + "<span>" * DEEP + "x" + "</span>" * DEEP + "\n",
    ],
    ids=["brackets", "inline-tags"],
)
def test_mdx_nested_20000_deep_inline_builds(make_project: Project, body: str) -> None:
    project = make_project(CONFIG, {"quickstart.mdx": "---\ntitle: Quickstart\n---\n\n" + body})
    warnings = builds_with_warnings(project)
    assert all(line.startswith("content/quickstart.mdx:5: ") for line in warnings), warnings
    assert "Deep inside" in (project / "site/quickstart/index.html").read_text()


@pytest.mark.parametrize(
    "body, line",
    [
        ("<div>\n" * DEEP + "Deep inside\n" + "</div>\n" * DEEP, 65),
        ("<Note>\n" * DEEP + "Deep inside\n" + "</Note>\n" * DEEP, 65),
        (">" * DEEP + " Deep inside\n", 5),
    ],
    ids=["divs", "notes", "quotes"],
)
def test_mdx_blocks_nested_20000_deep_build_with_a_warning(make_project: Project, body: str, line: int) -> None:
    page = "---\ntitle: Quickstart\n---\n\nBefore the nest.\n\n" + body
    project = make_project(CONFIG, {"quickstart.mdx": page})
    assert builds_with_warnings(project) == [
        f"content/quickstart.mdx:{line + 2}: blocks nested deeper than 60 levels; the deeper content is left out"
    ]
    assert "Before the nest." in (project / "site/quickstart/index.html").read_text()


# --- theme overrides ---------------------------------------------------------------


CARD_PAGE = "---\ntitle: Quickstart\n---\n\nInstall the CLI first.\n\n<Card title=\"Install\" icon=\"download\">\n  Run the installer.\n</Card>\n"


def test_component_template_override_naming_an_undefined_value(make_project: Project) -> None:
    """A project's component template with a mistake: the build stops with the page, the
    component, the template and its line (no traceback), and the last site stays."""
    project = make_project(CONFIG, {"quickstart.mdx": CARD_PAGE})
    assert run_sitegen("build", project, "-q").returncode == 0
    before = (project / "site" / "quickstart" / "index.html").read_bytes()
    template = project / "themes" / "default" / "components" / "card.html"
    template.parent.mkdir(parents=True)
    template.write_text('<div class="card">\n  <p class="card-tone">{{ tone }}</p>\n  {{ children }}\n</div>\n')
    result = run_sitegen("build", project, "-q")
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1
    assert errors[0].startswith("error: content/quickstart.mdx:7: <Card>: themes/default/components/card.html:2: ")
    assert "tone" in errors[0]
    assert (project / "site" / "quickstart" / "index.html").read_bytes() == before


def test_page_template_override_with_a_syntax_error(make_project: Project) -> None:
    project = make_project(CONFIG, {"quickstart.mdx": QUICKSTART,
                                    "/themes/default/templates/page.html": "{% extends 'base.html' %}\n{% block %}\n"})
    result = run_sitegen("build", project, "-q")
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and errors[0].startswith("error: themes/default/templates/page.html:2: ")


def test_page_template_override_naming_an_undefined_value(make_project: Project) -> None:
    """A template that compiles but fails while a page renders names the page too."""
    override = "{% extends 'base.html' %}\n{% block content %}\n<p>{{ page.weather.today }}</p>\n{% endblock %}\n"
    project = make_project(CONFIG, {"quickstart.mdx": QUICKSTART, "/themes/default/templates/page.html": override})
    result = run_sitegen("build", project, "-q")
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and errors[0].startswith("error: themes/default/templates/page.html:3: ")
    assert errors[0].endswith(" (rendering the page /quickstart/)")


NESTING_SHAPES = {  # YAML nested `depth` levels deep, four ways
    "flow sequences": lambda depth: "[" * depth + "]" * depth,
    "flow mappings": lambda depth: "{a: " * depth + "1" + "}" * depth,
    "block mappings": lambda depth: "".join("  " * level + "a:\n" for level in range(depth)) + "  " * depth + "1",
    "compact sequences": lambda depth: "- " * depth + "1",
}


@pytest.mark.parametrize("shape", NESTING_SHAPES)
def test_nesting_is_refused_one_level_past_the_limit_whatever_the_shape(shape: str) -> None:
    # check_yaml skips its event parse when a text has too few indicators to nest past the
    # limit: at the limit it must pass, one level deeper it must still be refused.
    from sitegen.untrusted import YamlShapeError, check_yaml

    write = NESTING_SHAPES[shape]
    for depth in range(1, 12):
        if depth <= 8:
            check_yaml(write(depth), max_nesting=8)
        else:
            with pytest.raises(YamlShapeError, match="nested deeper than 8 levels"):
                check_yaml(write(depth), max_nesting=8)
