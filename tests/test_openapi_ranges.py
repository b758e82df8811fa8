"""Schema constraints out of their range, which openapi-spec-validator refuses a whole file
for and Mintlify builds through: a negative or fractional length or count (`minLength: -1`,
`maxItems: -3`, `minItems: 1.5`) and a `multipleOf` that is not above 0. Each is a warning
naming the file and the JSON path, the constraint is not shown, the rest of the document
builds; `--strict` makes them errors. A length written `40.0` is the whole number it is."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from visible_text import api_field_text

from sitegen.errors import SitegenError
from sitegen.pipeline import build_site

from conftest import run_sitegen

CONFIG = {
    "name": "Tide Tables",
    "navigation": [{"group": "API", "pages": ["api/record-reading"]}],
}
PAGE = '---\nopenapi: "openapi.yaml POST /readings"\n---\n'
DOCUMENT = """\
openapi: VERSION
info: {title: Tide Tables, version: "2.1"}
servers: [{url: "https://tides.example.net"}]
paths:
  /readings:
    post:
      summary: Record a reading
      requestBody:
        content:
          application/json:
            schema: {$ref: "#/components/schemas/Reading"}
      responses:
        "201": {description: Recorded}
components:
  schemas:
    Reading:
      type: object
      properties:
        station: {type: string, minLength: 3, maxLength: 12, description: The gauge's call sign.}
        height: {type: number, multipleOf: 0.01, description: Water height in metres.}
        flags: {type: array, items: {type: string}, minItems: 0, maxItems: 4, description: Quality flags.}
"""
WHERE = "openapi.yaml: /components/schemas/Reading/properties"
# Each damage: (the text changed, its replacement, the warning).
DAMAGES = {
    "a negative length": (
        "minLength: 3", "minLength: -1",
        f"{WHERE}/station/minLength: -1 is not a length (a whole number ≥ 0); the constraint is left out"),
    "a negative count": (
        "maxItems: 4", "maxItems: -3",
        f"{WHERE}/flags/maxItems: -3 is not a count (a whole number ≥ 0); the constraint is left out"),
    "a fractional count": (
        "minItems: 0", "minItems: 1.5",
        f"{WHERE}/flags/minItems: 1.5 is not a count (a whole number ≥ 0); the constraint is left out"),
    "a zero multipleOf": (
        "multipleOf: 0.01", "multipleOf: 0",
        f"{WHERE}/height/multipleOf: 0 is not a number greater than 0; the constraint is left out"),
}
STATION = "station string The gauge's call sign. min length: 3 max length: 12"
HEIGHT = "height number Water height in metres. multiple of 0.01"
FLAGS = "flags array<string> Quality flags. min items: 0 max items: 4"


def tide_tables(make_project: Callable[..., Path], version: str, *damages: str) -> Path:
    document = DOCUMENT.replace("VERSION", version)
    for damage in damages:
        written, replacement, _ = DAMAGES[damage]
        assert written in document
        document = document.replace(written, replacement)
    return make_project(CONFIG, {"api/record-reading.mdx": PAGE, "/openapi.yaml": document})


def test_the_undamaged_document_shows_every_constraint(make_project: Callable[..., Path]) -> None:
    site = build_site(tide_tables(make_project, "3.0.3"))
    assert site.warnings == []
    html = site.files["api/record-reading/index.html"].decode()
    assert [api_field_text(html, name) for name in ("station", "height", "flags")] == [STATION, HEIGHT, FLAGS]


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
@pytest.mark.parametrize("damage", list(DAMAGES))
def test_an_out_of_range_constraint_is_left_out_with_a_warning(make_project: Callable[..., Path], damage: str,
                                                               version: str) -> None:
    site = build_site(tide_tables(make_project, version, damage))
    assert site.warnings == [DAMAGES[damage][2]]
    html = site.files["api/record-reading/index.html"].decode()
    assert "Record a reading" in html
    shown = {
        "a negative length": ("station", "station string The gauge's call sign. max length: 12"),
        "a negative count": ("flags", "flags array<string> Quality flags. min items: 0"),
        "a fractional count": ("flags", "flags array<string> Quality flags. max items: 4"),
        "a zero multipleOf": ("height", "height number Water height in metres."),
    }
    name, text = shown[damage]
    assert api_field_text(html, name) == text


def test_the_command_builds_and_strict_fails_with_the_same_messages(make_project: Callable[..., Path]) -> None:
    project = tide_tables(make_project, "3.0.3", *DAMAGES)
    done = run_sitegen("build", project, "--no-cache")
    assert done.returncode == 0, done.stderr
    assert sorted(line for line in done.stderr.splitlines() if line.startswith("warning:")) == sorted(
        f"warning: {warning}" for _, _, warning in DAMAGES.values())
    page = (project / "site" / "api" / "record-reading" / "index.html").read_text(encoding="utf-8")
    assert api_field_text(page, "station") == "station string The gauge's call sign. max length: 12"
    assert api_field_text(page, "flags") == "flags array<string> Quality flags."
    assert api_field_text(page, "height") == "height number Water height in metres."

    strict = run_sitegen("build", project, "--no-cache", "--strict", "--out", project / "strict-site")
    assert strict.returncode == 1
    assert "Traceback" not in strict.stderr
    for _, _, warning in DAMAGES.values():
        assert f"{warning} (--strict)" in strict.stderr
    assert not (project / "strict-site").exists()


def test_strict_names_each_in_its_error(make_project: Callable[..., Path]) -> None:
    with pytest.raises(SitegenError) as info:
        build_site(tide_tables(make_project, "3.1.0", *DAMAGES), strict=True)
    assert sorted(info.value.messages) == sorted(f"{warning} (--strict)" for _, _, warning in DAMAGES.values())


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
def test_a_length_written_with_a_zero_fraction_is_that_whole_number(make_project: Callable[..., Path],
                                                                    version: str) -> None:
    """OpenAPI 3.0's validator takes only an integer there, 3.1's `12.0` too; both mean 12."""
    project = tide_tables(make_project, version)
    document = project / "openapi.yaml"
    document.write_text(document.read_text(encoding="utf-8").replace("maxLength: 12", "maxLength: 12.0"),
                        encoding="utf-8")
    site = build_site(project)
    assert site.warnings == []
    assert api_field_text(site.files["api/record-reading/index.html"].decode(), "station") == STATION


def test_a_huge_min_length_pads_the_example_to_a_readable_length(make_project: Callable[..., Path]) -> None:
    """The placeholder string is padded to `minLength` (`stringstri` for 10), but not to a
    hundred thousand characters (nor to the three billion of a slip of the keyboard, which
    did not fit in memory): its example string is 256 characters long."""
    project = tide_tables(make_project, "3.1.0")
    document = project / "openapi.yaml"
    text = document.read_text(encoding="utf-8")
    document.write_text(text.replace("minLength: 3", "minLength: 100000").replace(
        "multipleOf: 0.01, description: Water", "description: Water").replace(
        "height: {type: number,", "note: {type: string, minLength: 10, description: A remark.}\n"
        "        height: {type: number,"), encoding="utf-8")
    done = run_sitegen("build", project, "--no-cache")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    page = (project / "site" / "api" / "record-reading" / "index.html").read_text(encoding="utf-8")
    assert api_field_text(page, "station") == ("station string The gauge's call sign. min length: 100000 "
                                               "max length: 12")
    # The playground's inputs show the example values.
    assert sorted(re.findall(r'data-name="(station|note)"[^>]* placeholder="([^"]*)"', page)) == [
        ("note", "stringstri"), ("station", ("string" * 43)[:256])]
