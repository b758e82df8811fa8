"""build_api_view: the data API templates show, from a spec with nesting and choices."""

from __future__ import annotations

import json
from pathlib import Path

from sitegen.config import ApiConfig
from sitegen.openapi import build_api_view, load_openapi
from sitegen.openapi.model import Operation

SPEC = {
    "openapi": "3.1.0", "info": {"title": "Pets", "version": "1"},
    "servers": [{"url": "https://pets.example/v1"}],
    "security": [{"key": []}],
    "paths": {"/pets/{petId}": {"put": {
        "summary": "Replace a pet",
        "parameters": [
            {"name": "petId", "in": "path", "required": True, "schema": {"type": "integer", "format": "int64"}},
            {"name": "dryRun", "in": "query", "schema": {"type": "boolean", "default": False}},
        ],
        "requestBody": {"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
        "responses": {"200": {"description": "OK"}},
    }}},
    "components": {
        "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Pet-Key"}},
        "schemas": {"Pet": {"type": "object", "required": ["kind"], "properties": {
            "kind": {"oneOf": [{"title": "Cat", "type": "object", "properties": {"meows": {"type": "boolean"}}},
                               {"type": "object", "properties": {"barks": {"type": "integer"}}}]},
            "owners": {"type": "array", "items": {"type": "object", "properties": {
                "name": {"type": "string", "maxLength": 40},
                "pets": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}},
            "size": {"type": "string", "enum": ["S", "M"], "default": "M"},
        }}},
    },
}


def operation(tmp_path: Path) -> Operation:
    (tmp_path / "pets.json").write_text(json.dumps(SPEC))
    return load_openapi(tmp_path, ["pets.json"]).find("PUT /pets/{petId}", "p.mdx")


def test_rows_nest_alternatives_and_mark_recursion(tmp_path: Path) -> None:
    view = build_api_view(operation(tmp_path))
    assert view.path_segments == (("/pets/", False), ("{petId}", True))
    assert view.base_url == "https://pets.example/v1"
    assert [(g.title, [r.name for r in g.rows]) for g in view.parameter_groups] == [
        ("Path parameters", ["petId"]), ("Query parameters", ["dryRun"])]
    assert view.parameter_groups[1].rows[0].default == "false"
    assert view.body is not None and view.body.schema is not None
    kind, owners, size = view.body.schema.rows
    assert (kind.name, kind.required, [a.label for a in kind.alternatives]) == ("kind", True, ["Cat", "Option 2"])
    assert [r.name for r in kind.alternatives[0].rows] == ["meows"]
    assert owners.type == "array<object>" and [c.name for c in owners.children] == ["name", "pets"]
    assert [str(c) for c in owners.children[0].constraints] == ["max length: 40"]
    pets = owners.children[1]
    assert pets.recursive == "Pet" and not pets.expandable
    assert (size.enum, size.default) == (('"S"', '"M"'), '"M"')


def test_auth_from_the_scheme_or_docs_json(tmp_path: Path) -> None:
    op = operation(tmp_path)
    view = build_api_view(op)
    assert view.auth is not None
    assert (view.auth.method, view.auth.key_name, view.auth.scheme_name) == ("key", "X-Pet-Key", "key")
    assert "--header 'X-Pet-Key: <api-key>'" in view.samples[0].source
    config = ApiConfig.model_validate({"baseUrl": ["https://a.example", "https://b.example/"],
                                       "auth": {"method": "bearer", "inputPrefix": "tok_"},
                                       "playground": {"mode": "simple"}, "maintainOrder": True})
    view = build_api_view(op, config)
    assert view.auth is not None
    assert (view.auth.method, view.auth.scheme_name, view.auth.input_prefix) == ("bearer", None, "tok_")
    assert [b.url for b in view.base_urls] == ["https://a.example", "https://b.example"]
    assert view.playground == "simple"
    assert "--url 'https://a.example/pets/{petId}'" in view.samples[0].source


def test_playground_inputs_are_typed(tmp_path: Path) -> None:
    view = build_api_view(operation(tmp_path))
    assert [(i.location, i.name, i.kind) for i in view.inputs] == [
        ("path", "petId", "integer"), ("query", "dryRun", "boolean"),
        ("body", "kind", "json"), ("body", "owners", "json"), ("body", "size", "enum")]
    config = json.loads(view.client_config)
    assert config["auth"] == {"method": "key", "location": "header", "name": "X-Pet-Key",
                              "basicLabels": ["username", "password"], "inputPrefix": ""}
    assert config["sampleValues"]["body"] == {"kind": {}}


def test_client_config_cannot_close_its_script_element(tmp_path: Path) -> None:
    spec = json.loads(json.dumps(SPEC))
    spec["paths"]["/pets/{petId}"]["put"]["parameters"][1]["example"] = "</script><script>alert(1)</script>"
    (tmp_path / "pets.json").write_text(json.dumps(spec))
    op = load_openapi(tmp_path, ["pets.json"]).find("PUT /pets/{petId}", "p.mdx")
    text = str(build_api_view(op).client_config)
    assert "</script>" not in text and "<" not in text
    assert json.loads(text)["inputs"][1]["example"] == "</script><script>alert(1)</script>"
