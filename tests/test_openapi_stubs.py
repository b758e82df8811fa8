"""`sitegen openapi-pages`: page stubs for operations without a page."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml

from sitegen.openapi import load_openapi
from sitegen.openapi.stubs import write_operation_stubs

REPO = Path(__file__).resolve().parents[1]


def project_with_two_operations(tmp_path: Path) -> Path:
    spec = yaml.safe_load((REPO / "openapi.yaml").read_text())
    spec["paths"]["/plants/{plantId}"] = {"delete": {
        "parameters": [{"name": "plantId", "in": "path", "required": True, "schema": {"type": "integer"}}],
        "responses": {"204": {"description": "deleted"}},
    }}
    (tmp_path / "openapi.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    return tmp_path


def front_matter(path: Path) -> dict:
    text = path.read_text()
    assert text.startswith("---\n") and text.endswith("---\n")
    return yaml.safe_load(text[4:-4])


def test_writes_one_stub_per_operation_without_a_page(tmp_path: Path) -> None:
    project = project_with_two_operations(tmp_path)
    (project / "content").mkdir()
    (project / "content" / "create.mdx").write_text("---\ntitle: Make one\nopenapi: post /plants\n---\nHi\n")
    catalog = load_openapi(project, ["openapi.yaml"])
    written = write_operation_stubs(project, catalog, Path("content/api-reference"))
    assert [p.relative_to(project).as_posix() for p in written] == ["content/api-reference/delete-plants-plantid.mdx"]
    assert front_matter(written[0]) == {"title": "DELETE /plants/{plantId}", "openapi": "DELETE /plants/{plantId}"}
    # Running again finds the page it just wrote and writes nothing.
    assert write_operation_stubs(project, catalog, Path("content/api-reference")) == []


def test_a_webhook_without_a_page_gets_a_stub_naming_it(tmp_path: Path) -> None:
    events = {"openapi": "3.1.0", "info": {"title": "Plant events", "version": "1"}, "webhooks": {
        "plantAdded": {"post": {"summary": "Plant added", "responses": {"200": {"description": "OK"}}}},
        "plantSold": {"post": {"responses": {"200": {"description": "OK"}}}},
        "plantAudited": {"post": {"x-excluded": True, "responses": {"200": {"description": "OK"}}}}}}
    (tmp_path / "events.json").write_text(json.dumps(events))
    (tmp_path / "added.mdx").write_text("---\nopenapi: webhook plantAdded\n---\n")
    catalog = load_openapi(tmp_path, ["events.json"])
    written = write_operation_stubs(tmp_path, catalog, Path("api"))
    assert [p.relative_to(tmp_path).as_posix() for p in written] == ["api/webhook-plantsold.mdx"]
    assert front_matter(written[0]) == {"title": "webhook plantSold", "openapi": "webhook plantSold"}


def test_never_overwrites_and_names_file_when_several_specs(tmp_path: Path) -> None:
    shutil.copy(REPO / "openapi.yaml", tmp_path / "openapi.yaml")
    (tmp_path / "v2.json").write_text(json.dumps(yaml.safe_load((REPO / "openapi.yaml").read_text())))
    out = tmp_path / "api"
    out.mkdir()
    (out / "create-a-plant.mdx").write_text("not a page about an operation\n")
    catalog = load_openapi(tmp_path, ["openapi.yaml", "v2.json"])
    written = write_operation_stubs(tmp_path, catalog, out)
    assert [p.name for p in written] == ["create-a-plant-2.mdx", "create-a-plant-3.mdx"]
    assert (out / "create-a-plant.mdx").read_text() == "not a page about an operation\n"
    assert [front_matter(p)["openapi"] for p in written] == ["openapi.yaml POST /plants", "v2.json POST /plants"]
    assert front_matter(written[0])["title"] == "Create a plant"


def test_command_writes_stubs_for_the_docs_json_specs(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    import argparse

    from sitegen.commands.openapi_pages import add_arguments, run

    project = project_with_two_operations(tmp_path)
    (project / "docs.json").write_text(json.dumps(
        {"name": "P", "navigation": [{"group": "API", "pages": []}], "openapi": "openapi.yaml"}))
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert run(parser.parse_args([str(project)])) == 0
    assert capsys.readouterr().out.splitlines() == [
        "wrote content/api-reference/create-a-plant.mdx",
        "wrote content/api-reference/delete-plants-plantid.mdx",
    ]
    assert run(parser.parse_args([str(project), "--out", "elsewhere"])) == 0
    assert capsys.readouterr().out == "every operation already has a page\n"
