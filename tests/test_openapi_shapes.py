"""Schema keywords of the wrong shape, which the validator refuses a whole file for and
Mintlify builds through: `properties` as a list, a constraint that is not a number
(`maximum: mil`), `required` as one name, `enum` that is not a list. Each is a warning
naming the file and the JSON path and saying what was done instead, and the API page is
built; `--strict` makes them errors. A schema in another file, reached by `$ref` (where the
validator does not look), is warned of the same way, named by its own file and its path there.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from visible_text import api_field_text

from sitegen.errors import SitegenError
from sitegen.pipeline import build_site

from conftest import run_sitegen

CONFIG = {
    "name": "Seed Library",
    "navigation": [{"group": "API", "pages": ["api/lend-seeds"]}],
}
PAGE = '---\nopenapi: "openapi.yaml POST /loans"\n---\n'
# The schema of a seed loan, indented to sit under a key of either file.
LOAN = """\
type: object
description: A packet of seeds lent to a member.
required: [variety]
properties:
  variety: {type: string, description: The seed variety lent.}
  grams: {type: integer, minimum: 1, maximum: 250, description: How much was weighed out.}
  season: {type: string, enum: [spring, autumn], description: When the seeds should go in.}
"""
SEASON = 'season string When the seeds should go in. one of: "spring" "autumn"'  # its row, undamaged
ROOT = """\
openapi: 3.0.3
info: {title: Seed Library, version: "1.0"}
servers: [{url: "https://seeds.example.org"}]
paths:
  /loans:
    post:
      summary: Lend seeds
      requestBody:
        content:
          application/json:
            schema: {$ref: "REF"}
      responses:
        "201": {description: Lent}
"""

# Each shape: (the LOAN line changed, its replacement, where in the schema, the warning's text).
SHAPES = {
    "properties as a list": (
        "properties:\n  variety: {type: string, description: The seed variety lent.}\n"
        "  grams: {type: integer, minimum: 1, maximum: 250, description: How much was weighed out.}\n"
        "  season: {type: string, enum: [spring, autumn], description: When the seeds should go in.}\n",
        "properties: [variety, grams, season]\n",
        "/properties",
        '["variety", "grams", "season"] is not a mapping of property names to schemas; shown without properties'),
    "a constraint that is not a number": (
        "maximum: 250", "maximum: mil", "/properties/grams/maximum",
        "'mil' is not a number; the constraint is left out"),
    "required as one name": (
        "required: [variety]", "required: variety", "/required",
        "'variety' is not a list of property names; read as ['variety']"),
    "enum that is not a list": (
        "enum: [spring, autumn]", "enum: spring", "/properties/season/enum",
        "'spring' is not a list of values; shown without allowed values"),
}


def indented(text: str, spaces: int) -> str:
    return "".join(" " * spaces + line for line in text.splitlines(keepends=True))


def seed_library(make_project: Callable[..., Path], loan: str, referenced: bool) -> Path:
    """The project with the loan schema in openapi.yaml's components, or in schemas.yaml."""
    if referenced:
        files = {"/openapi.yaml": ROOT.replace("REF", "schemas.yaml#/Loan"),
                 "/schemas.yaml": "Loan:\n" + indented(loan, 2)}
    else:
        files = {"/openapi.yaml": ROOT.replace("REF", "#/components/schemas/Loan")
                 + "components:\n  schemas:\n    Loan:\n" + indented(loan, 6)}
    return make_project(CONFIG, {"api/lend-seeds.mdx": PAGE, **files}, name="referenced" if referenced else "root")


def warning(shape: str, referenced: bool) -> str:
    _, _, pointer, text = SHAPES[shape]
    where = "schemas.yaml: /Loan" if referenced else "openapi.yaml: /components/schemas/Loan"
    return f"{where}{pointer}: {text}"


def damaged(shape: str) -> str:
    written, replacement, _, _ = SHAPES[shape]
    assert written in LOAN
    return LOAN.replace(written, replacement)


def test_the_undamaged_loan_builds_without_warnings(make_project: Callable[..., Path]) -> None:
    for referenced in (False, True):
        project = seed_library(make_project, LOAN, referenced)
        site = build_site(project)
        assert site.warnings == []
        html = site.files["api/lend-seeds/index.html"].decode()
        assert api_field_text(html, "variety") == "variety string required The seed variety lent."
        assert api_field_text(html, "grams") == ("grams integer How much was weighed out. "
                                                 "minimum: 1 maximum: 250")
        assert api_field_text(html, "season") == SEASON


@pytest.mark.parametrize("referenced", [False, True], ids=["in the file", "in a referenced file"])
@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_wrong_shape_is_one_warning_and_the_page_is_built(make_project: Callable[..., Path], shape: str,
                                                            referenced: bool) -> None:
    project = seed_library(make_project, damaged(shape), referenced)
    site = build_site(project)
    assert site.warnings == [warning(shape, referenced)]
    html = site.files["api/lend-seeds/index.html"].decode()
    assert '<span class="method-badge method-post api-method">POST</span>' in html
    assert "Lend seeds" in html
    if shape == "properties as a list":
        assert '<code class="api-field-name">' not in html
        assert "A packet of seeds lent to a member." in html
        return
    if shape == "a constraint that is not a number":
        assert api_field_text(html, "grams") == "grams integer How much was weighed out. minimum: 1"
        assert "mil" not in html
    elif shape == "required as one name":
        assert api_field_text(html, "variety") == "variety string required The seed variety lent."
        assert api_field_text(html, "season") == SEASON
    else:
        assert api_field_text(html, "season") == "season string When the seeds should go in."
    assert api_field_text(html, "variety").startswith("variety string")


@pytest.mark.parametrize("referenced", [False, True], ids=["in the file", "in a referenced file"])
def test_strict_makes_each_an_error(make_project: Callable[..., Path], referenced: bool) -> None:
    loan = LOAN
    for shape in SHAPES:
        if shape != "properties as a list":  # it would hide the properties the others damage
            written, replacement, _, _ = SHAPES[shape]
            loan = loan.replace(written, replacement)
    project = seed_library(make_project, loan, referenced)
    with pytest.raises(SitegenError) as info:
        build_site(project, strict=True)
    assert sorted(info.value.messages) == sorted(
        f"{warning(shape, referenced)} (--strict)" for shape in SHAPES if shape != "properties as a list")


@pytest.mark.parametrize("referenced", [False, True], ids=["in the file", "in a referenced file"])
def test_the_command_builds_through_every_shape_at_once(make_project: Callable[..., Path], referenced: bool) -> None:
    """All four shapes, two of them in the same schema object: a warning each, no traceback."""
    loan = damaged("properties as a list").replace("required: [variety]", "required: variety").replace(
        "description: A packet", "maximum: mil\ndescription: A packet").replace(
        "type: object\n", "type: object\nenum: spring\n")
    project = seed_library(make_project, loan, referenced)
    done = run_sitegen("build", project, "--no-cache")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    where = "schemas.yaml: /Loan" if referenced else "openapi.yaml: /components/schemas/Loan"
    assert [line for line in done.stderr.splitlines() if line.startswith("warning:")] == [
        f"warning: {where}/properties: {SHAPES['properties as a list'][3]}",
        f"warning: {where}/required: {SHAPES['required as one name'][3]}",
        f"warning: {where}/enum: {SHAPES['enum that is not a list'][3]}",
        f"warning: {where}/maximum: {SHAPES['a constraint that is not a number'][3]}",
    ]
    assert '<span class="method-badge method-post api-method">POST</span>' in (
        project / "site" / "api" / "lend-seeds" / "index.html").read_text(encoding="utf-8")


def test_a_referenced_file_is_named_by_its_own_path_and_each_target_warned_of_once(
        make_project: Callable[..., Path]) -> None:
    """The schema reached twice (two `$ref`s, one of them from another schema of the
    referenced file) is one warning; a type JSON Schema does not have is warned of there too."""
    root = ROOT.replace("REF", "models/loans.yaml#/Loan").replace(
        '"201": {description: Lent}', '"201":\n          description: Lent\n          content:\n'
        '            application/json:\n              schema: {$ref: "models/loans.yaml#/Receipt"}')
    loans = ("Loan:\n" + indented(damaged("a constraint that is not a number").replace(
        "season: {type: string,", "season: {type: cadena,"), 2)
        + 'Receipt:\n  type: object\n  properties:\n    loan: {$ref: "#/Loan"}\n')
    project = make_project(CONFIG, {"api/lend-seeds.mdx": PAGE, "/openapi.yaml": root, "/models/loans.yaml": loans})
    site = build_site(project)
    assert site.warnings == [
        "models/loans.yaml: /Loan/properties/season/type: 'cadena' is not a JSON Schema type; shown without a type",
        "models/loans.yaml: /Loan/properties/grams/maximum: 'mil' is not a number; the constraint is left out",
    ]
    assert "api/lend-seeds/index.html" in site.files


def test_the_same_wrong_value_in_several_places_is_one_warning(make_project: Callable[..., Path]) -> None:
    loan = LOAN.replace("maximum: 250", "maximum: mil").replace(
        "season: {type: string,", "season: {type: string, maxLength: mil,")
    project = seed_library(make_project, loan, referenced=True)
    assert build_site(project).warnings == [
        "schemas.yaml: /Loan/properties/grams/maximum: 'mil' is not a number; the constraint is left out",
        "schemas.yaml: /Loan/properties/season/maxLength: 'mil' is not a number; the constraint is left out",
    ]
    doubled = LOAN.replace("maximum: 250", "maximum: mil") + "  stock: {type: integer, maximum: mil}\n"
    project = seed_library(make_project, doubled, referenced=False)
    assert build_site(project).warnings == [
        "openapi.yaml: /components/schemas/Loan/properties/grams/maximum: 'mil' is not a number; "
        "the constraint is left out, here and at 1 more place"]


def test_the_file_on_disk_is_read_as_written(make_project: Callable[..., Path]) -> None:
    project = seed_library(make_project, damaged("required as one name"), referenced=False)
    before = (project / "openapi.yaml").read_text(encoding="utf-8")
    first = build_site(project).warnings
    assert (project / "openapi.yaml").read_text(encoding="utf-8") == before
    assert build_site(project).warnings == first


OPERATION_FILE = """\
post:
  summary: Lend seeds
  parameters:
    - {name: branch, in: query, schema: {type: string}, description: The library branch lending them.}
  requestBody:
    content:
      application/json:
        schema:
LOAN
  responses:
    "201": {description: Lent}
"""


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
def test_an_operation_in_another_file_is_checked_like_one_in_the_file(make_project: Callable[..., Path],
                                                                      version: str) -> None:
    """A path item `$ref`'d from another file: a parameter with no `in` refuses the document,
    naming that file and the path in it; once mended, a wrong shape in its schema is a warning."""
    root = (f"openapi: {version}\ninfo: {{title: Seed Library, version: '1.0'}}\n"
            "paths:\n  /loans: {$ref: 'paths/loans.yaml'}\n")
    operation = OPERATION_FILE.replace("LOAN\n", indented(damaged("a constraint that is not a number"), 10))
    project = make_project(CONFIG, {"api/lend-seeds.mdx": PAGE, "/openapi.yaml": root,
                                    "/paths/loans.yaml": operation.replace("in: query, ", "")})
    # docs.json names no OpenAPI file: one found in the project that does not load is left out.
    missing_in = "paths/loans.yaml: /post/parameters/0: 'in' is a required property"
    assert build_site(project).warnings == [f"{missing_in}; openapi.yaml left out of the API pages",
                                            f"content/api/lend-seeds.mdx:2: openapi: {missing_in}; built as a plain page"]
    (project / "paths/loans.yaml").write_text(operation, encoding="utf-8")
    site = build_site(project)
    assert site.warnings == ["paths/loans.yaml: /post/requestBody/content/application~1json/schema/properties/grams/"
                             "maximum: 'mil' is not a number; the constraint is left out"]
    html = site.files["api/lend-seeds/index.html"].decode()
    assert api_field_text(html, "branch") == "branch string The library branch lending them."
    assert api_field_text(html, "grams") == "grams integer How much was weighed out. minimum: 1"


def test_a_chain_of_references_is_checked_where_it_ends(make_project: Callable[..., Path]) -> None:
    """A response `$ref`'d to another file that refers on: the object at the end of the chain is
    checked, and one that lacks its description is an error naming that file and path."""
    root = ROOT.replace("REF", "schemas.yaml#/Loan").replace('"201": {description: Lent}',
                                                             '"201": {$ref: "responses.yaml#/Lent"}')
    config = {**CONFIG, "openapi": "openapi.yaml"}
    files = {"api/lend-seeds.mdx": PAGE, "/openapi.yaml": root, "/schemas.yaml": "Loan:\n" + indented(LOAN, 2),
             "/responses.yaml": 'Lent: {$ref: "#/LentToday"}\nLentToday: {description: Lent today}\n'}
    project = make_project(config, files)
    site = build_site(project)
    assert site.warnings == []
    assert "Lent today" in site.files["api/lend-seeds/index.html"].decode()
    (project / "responses.yaml").write_text('Lent: {$ref: "#/LentToday"}\nLentToday: {summary: Lent today}\n')
    with pytest.raises(SitegenError) as info:
        build_site(project)
    assert info.value.messages == ["responses.yaml: /LentToday: 'description' is a required property",
                                   "responses.yaml: /LentToday: 'summary' does not match any of the regexes: '^x-'"]
