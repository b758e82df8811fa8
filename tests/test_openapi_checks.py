"""`sitegen build` keeps what the OpenAPI validator said of each document
(`.sitegen-cache/build/openapi-checks.json`): a rebuild validates only documents whose
bytes, or the bytes of a document their `$ref`s reach, changed; and it reports exactly
what a build without the cache reports."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from sitegen.errors import SitegenError
from sitegen.openapi import load
from sitegen.pipeline import build

from conftest import run_sitegen

CONFIG = {
    "name": "Greenhouse API",
    "openapi": "openapi.yaml",
    "navigation": [{"group": "Reference", "pages": ["introduction", "api/create-plant"]}],
}
SPEC = """openapi: 3.0.3
info: {title: Greenhouse, version: "1.0"}
servers: [{url: "https://greenhouse.example.com"}]
paths:
  /plants:
    post:
      summary: Create a plant
      requestBody:
        content:
          application/json:
            schema: {$ref: "schemas.yaml#/Plant"}
      responses:
        "201": {description: Created}
"""
SCHEMAS = """Plant:
  type: object
  required: [name]
  properties:
    name: {type: string}
    height: {type: integer, minimum: 1}
"""
PAGES = {
    "introduction.mdx": "---\ntitle: Introduction\n---\n\nThe greenhouse keeps its plants here.\n",
    "api/create-plant.mdx": "---\nopenapi: POST /plants\n---\n",
    "/openapi.yaml": SPEC,
    "/schemas.yaml": SCHEMAS,
}


@pytest.fixture
def greenhouse(make_project: Callable[..., Path]) -> Path:
    return make_project(CONFIG, PAGES)


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the documents the validator is run on (the real validator, counted)."""
    seen: list[str] = []
    real = load.validate

    def counted(store: load.DocumentStore, doc: load.Document, leniency: load.Leniency) -> load.Findings:
        seen.append(doc.name)
        return real(store, doc, leniency)

    monkeypatch.setattr(load, "validate", counted)
    return seen


def findings_file(project: Path) -> Path:
    return project / ".sitegen-cache" / "build" / "openapi-checks.json"


def site_files(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file() and "/search/" not in f"/{path.relative_to(folder).as_posix()}"}


def test_a_rebuild_validates_no_unchanged_document_again(greenhouse: Path, tmp_path: Path,
                                                        validations: list[str]) -> None:
    first = build(greenhouse)
    assert validations == ["openapi.yaml"]
    assert findings_file(greenhouse).is_file()
    page = greenhouse / "content" / "introduction.mdx"
    page.write_text(page.read_text() + "\nWater them on Mondays.\n")
    second = build(greenhouse)
    assert validations == ["openapi.yaml"]  # not run again
    assert second.warnings == first.warnings
    cold = build(greenhouse, out_dir=tmp_path / "cold", cache=False)
    assert cold.warnings == second.warnings
    assert site_files(greenhouse / "site") == site_files(tmp_path / "cold")


def outcome(project: Path, cache: bool) -> tuple[str, list[str]]:
    """("built", warnings) or ("refused", errors) of a build of `project`."""
    try:
        return "built", build(project, cache=cache).warnings
    except SitegenError as exc:
        return "refused", exc.messages


@pytest.mark.parametrize("edited", ["openapi.yaml", "schemas.yaml"])
def test_an_edited_document_or_one_it_refers_to_is_validated_again(greenhouse: Path, validations: list[str],
                                                                    edited: str) -> None:
    build(greenhouse)
    text = (greenhouse / edited).read_text()
    broken = text.replace('"201": {description: Created}', '"201": {}').replace(
        "properties:\n    name: {type: string}\n    height: {type: integer, minimum: 1}", "properties: [name]")
    assert broken != text
    (greenhouse / edited).write_text(broken)
    cached = outcome(greenhouse, cache=True)
    assert validations == ["openapi.yaml", "openapi.yaml"]
    assert cached == outcome(greenhouse, cache=False)
    # The validator refuses the file's own response without a description; a schema of the
    # wrong shape in the file it refers to is built through.
    if edited == "openapi.yaml":
        assert cached[0] == "refused" and all(message.startswith("openapi.yaml: ") for message in cached[1]), cached
    else:
        assert cached == ("built", ['schemas.yaml: /Plant/properties: ["name"] is not a mapping of property names '
                                    "to schemas; shown without properties"])


def test_without_the_cache_nothing_is_kept(greenhouse: Path, validations: list[str]) -> None:
    build(greenhouse, cache=False)
    build(greenhouse, cache=False)
    assert validations == ["openapi.yaml", "openapi.yaml"]
    assert not findings_file(greenhouse).exists()


@pytest.mark.parametrize("content", ["not json", '{"format": 1, "entries": {"x": 3}}', '{"format": 99}'])
def test_a_damaged_findings_file_is_a_miss(greenhouse: Path, validations: list[str], content: str) -> None:
    build(greenhouse)
    findings_file(greenhouse).write_text(content)
    page = greenhouse / "content" / "introduction.mdx"
    page.write_text(page.read_text() + "\nWater them on Mondays.\n")
    build(greenhouse)
    assert validations == ["openapi.yaml", "openapi.yaml"]
    assert json.loads(findings_file(greenhouse).read_text())["format"] == 1


def test_a_referred_value_of_the_wrong_kind_is_an_error_naming_its_file_and_path(greenhouse: Path) -> None:
    """A response in another file whose headers are a list: the validator does not look
    there and the model cannot read it; it is refused like one in the file itself."""
    spec = greenhouse / "openapi.yaml"
    spec.write_text(spec.read_text().replace('"201": {description: Created}', '"201": {$ref: "schemas.yaml#/Created"}'))
    schemas = greenhouse / "schemas.yaml"
    schemas.write_text(schemas.read_text() + "Created:\n  description: Created\n  headers: [Location]\n")
    done = run_sitegen("build", greenhouse)
    assert done.returncode == 1
    assert done.stderr.strip() == "error: schemas.yaml: /Created/headers: ['Location'] is not of type 'object'"
