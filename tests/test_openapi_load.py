"""Loading OpenAPI files: validation messages, syntax errors, URLs, operation lookup."""

from __future__ import annotations

import copy
import functools
import http.server
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from sitegen.errors import OpenAPIError
from sitegen.openapi import load_openapi

REPO = Path(__file__).resolve().parents[1]
PLANT_STORE = yaml.safe_load((REPO / "openapi.yaml").read_text())


def write_spec(folder: Path, name: str, spec: dict) -> None:
    (folder / name).write_text(yaml.safe_dump(spec, sort_keys=False))


def load_error(folder: Path, sources: list[str]) -> list[str]:
    with pytest.raises(OpenAPIError) as info:
        load_openapi(folder, sources)
    return info.value.messages


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[str]:
    """A local static HTTP server (127.0.0.1, free port) serving tmp_path; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def test_plant_store_loads() -> None:
    catalog = load_openapi(REPO, ["openapi.yaml"])
    assert [op.ref for op in catalog.operations()] == ["POST /plants"]
    op = catalog.find("POST /plants", "content/api/create.mdx")
    assert (op.summary, op.description) == ("Create a plant", "Creates a new plant in the store")
    assert [r.status for r in op.responses] == ["200", "400", "401"]
    assert [(s.name, s.type, s.scheme) for alt in op.security for s in alt] == [("bearerAuth", "http", "bearer")]
    assert [s.url for s in op.servers] == ["http://127.0.0.1:8765"]
    assert op.responses[2].headers[0].name == "WWW-Authenticate"


def test_invalid_spec_names_file_and_json_pointer(tmp_path: Path) -> None:
    spec = copy.deepcopy(PLANT_STORE)
    del spec["paths"]["/plants"]["post"]["responses"]["200"]["description"]
    write_spec(tmp_path, "openapi.yaml", spec)
    (message,) = load_error(tmp_path, ["openapi.yaml"])
    # The validator's backend (jsonschema or jsonschema-rs) decides the quote style.
    assert message.replace('"', "'") == (
        "openapi.yaml: /paths/~1plants/post/responses/200: 'description' is a required property")


def test_invalid_schema_inside_a_spec_names_its_pointer(tmp_path: Path) -> None:
    spec = copy.deepcopy(PLANT_STORE)
    spec["paths"]["/plants"]["post"]["responses"]["400"]["content"]["application/json"]["schema"] = {
        "type": "object", "properties": {"code": {"type": "integer", "uniqueItems": "yes"}}}
    write_spec(tmp_path, "openapi.yaml", spec)
    (message,) = load_error(tmp_path, ["openapi.yaml"])
    assert message == ("openapi.yaml: /paths/~1plants/post/responses/400/content/application~1json/schema/properties/"
                       "code/uniqueItems: 'yes' is not of type 'boolean'")


def test_yaml_syntax_error_names_line_and_column(tmp_path: Path) -> None:
    (tmp_path / "openapi.yaml").write_text("openapi: 3.1.0\ninfo:\n  title: [unclosed\n  version: 1\n")
    (message,) = load_error(tmp_path, ["openapi.yaml"])
    assert message.startswith("openapi.yaml:4:"), message
    assert "invalid YAML" in message


def test_json_syntax_error_names_line_and_column(tmp_path: Path) -> None:
    (tmp_path / "api.json").write_text('{\n  "openapi": "3.0.3",\n  "info": {,}\n}\n')
    assert load_error(tmp_path, ["api.json"]) == ["api.json:3:12: invalid JSON: Expecting property name "
                                                  "enclosed in double quotes"]


def test_missing_file_and_missing_ref_target(tmp_path: Path) -> None:
    assert load_error(tmp_path, ["nope.yaml"]) == ["nope.yaml: OpenAPI file not found"]
    spec = copy.deepcopy(PLANT_STORE)
    spec["paths"]["/plants"]["post"]["requestBody"]["content"]["application/json"]["schema"] = {
        "$ref": "#/components/schemas/Nope"}
    write_spec(tmp_path, "openapi.yaml", spec)
    assert load_error(tmp_path, ["openapi.yaml"]) == [
        "openapi.yaml: /paths/~1plants/post/requestBody/content/application~1json/schema/$ref: "
        "$ref '#/components/schemas/Nope' not found in openapi.yaml"
    ]


def test_openapi_2_is_refused(tmp_path: Path) -> None:
    write_spec(tmp_path, "swagger.yaml", {"swagger": "2.0", "info": {"title": "x", "version": "1"}, "paths": {}})
    assert load_error(tmp_path, ["swagger.yaml"]) == [
        "swagger.yaml: only OpenAPI 3.x is supported, found no 'openapi' version"]


def test_openapi_3_0_json_with_nullable(tmp_path: Path) -> None:
    spec = {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/things/{id}": {"get": {
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}}],
            "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
                "type": "object", "properties": {"note": {"type": "string", "nullable": True}}}}}}},
        }}},
    }
    import json

    (tmp_path / "api.json").write_text(json.dumps(spec))
    op = load_openapi(tmp_path, ["api.json"]).find("get /things/{id}", "p.mdx")
    assert op.path_parameter_names == ("id",)
    assert op.path_segments() == [("/things/", False), ("{id}", True)]
    schema = op.responses[0].primary.schema  # type: ignore[union-attr]
    assert schema is not None and schema.get_property("note").schema.nullable


def test_spec_fetched_from_a_url_with_relative_refs(tmp_path: Path, served: str) -> None:
    spec = copy.deepcopy(PLANT_STORE)
    spec["components"]["schemas"]["Error"] = {"$ref": "errors.yaml#/Error"}
    del spec["servers"]
    spec["servers"] = [{"url": "/v1"}]
    write_spec(tmp_path, "openapi.yaml", spec)
    write_spec(tmp_path, "errors.yaml", {"Error": PLANT_STORE["components"]["schemas"]["Error"]})
    url = f"{served}/openapi.yaml"
    catalog = load_openapi(tmp_path / "elsewhere", [url])
    op = catalog.find(f"{url} POST /plants", "p.mdx")
    error = op.responses[1].primary.schema  # type: ignore[union-attr]
    assert error is not None and [p.name for p in error.properties] == ["error", "message"]
    assert op.servers[0].url == f"{served}/v1"  # relative server URL: relative to the spec's URL


def test_unreachable_url_is_an_error_naming_the_url(tmp_path: Path) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/openapi.yaml"
    (message,) = load_error(tmp_path, [url])
    assert message.startswith(f"{url}: cannot fetch OpenAPI file: "), message


def test_url_returning_404(tmp_path: Path, served: str) -> None:
    url = f"{served}/missing.yaml"
    assert load_error(tmp_path, [url]) == [f"{url}: cannot fetch OpenAPI file: HTTP 404 File not found"]


def test_unknown_operation_names_page_and_lists_available() -> None:
    catalog = load_openapi(REPO, ["openapi.yaml"])
    with pytest.raises(OpenAPIError) as info:
        catalog.find("GET /pets", "content/api/x.mdx")
    assert info.value.messages == [
        "content/api/x.mdx: openapi: 'GET /pets' matches no operation in openapi.yaml"]
    with pytest.raises(OpenAPIError) as info:
        catalog.find("fetch plants", "content/api/x.mdx")
    assert info.value.messages == [
        "content/api/x.mdx: openapi: 'fetch plants' is not 'METHOD /path', 'FILE METHOD /path' or 'FILE webhook NAME'"]


def test_file_prefix_chooses_among_several_specs(tmp_path: Path) -> None:
    write_spec(tmp_path, "openapi.yaml", PLANT_STORE)
    other = copy.deepcopy(PLANT_STORE)
    other["paths"]["/plants"]["post"]["summary"] = "Create a plant (v2)"
    (tmp_path / "v2").mkdir()
    write_spec(tmp_path / "v2", "openapi.yaml", other)
    catalog = load_openapi(tmp_path, ["openapi.yaml", "v2/openapi.yaml"])
    assert catalog.find("POST /plants", "p.mdx").summary == "Create a plant"
    assert catalog.find("v2/openapi.yaml POST /plants", "p.mdx").summary == "Create a plant (v2)"
    assert catalog.find("/v2/openapi.yaml POST /plants", "p.mdx").summary == "Create a plant (v2)"
    with pytest.raises(OpenAPIError) as info:
        catalog.find("v3.yaml POST /plants", "p.mdx")
    assert info.value.messages == [
        "p.mdx: openapi: file 'v3.yaml' is not among the OpenAPI files: openapi.yaml, v2/openapi.yaml"]
    with pytest.raises(OpenAPIError) as info:
        catalog.find("GET /x", "p.mdx")
    assert info.value.messages == ["p.mdx: openapi: 'GET /x' matches no operation in openapi.yaml, v2/openapi.yaml"]
    # Without a file, an operation in several files is a warning naming them; the first wins.
    operation, warnings = catalog.lookup("POST /plants", "p.mdx:2")
    assert operation.summary == "Create a plant"
    assert warnings == ["p.mdx:2: openapi: 'POST /plants' is in openapi.yaml and v2/openapi.yaml; using openapi.yaml "
                        "(write 'FILE POST /plants' to choose)"]
    # FILE may leave out the extension (Mintlify's spec names).
    assert catalog.find("v2/openapi POST /plants", "p.mdx").summary == "Create a plant (v2)"


def test_a_file_named_exactly_wins_over_one_whose_path_ends_the_same(tmp_path: Path) -> None:
    # An archived copy of the reference under v1/ keeps the same relative path.
    (tmp_path / "api").mkdir()
    (tmp_path / "v1" / "api").mkdir(parents=True)
    write_spec(tmp_path / "api", "openapi.yaml", PLANT_STORE)
    archived = copy.deepcopy(PLANT_STORE)
    archived["paths"]["/plants"]["post"]["summary"] = "Create a plant (v1)"
    write_spec(tmp_path / "v1" / "api", "openapi.yaml", archived)
    catalog = load_openapi(tmp_path, ["api/openapi.yaml", "v1/api/openapi.yaml"])
    for written in ("/api/openapi.yaml", "api/openapi.yaml", "./api/openapi.yaml"):
        operation, warnings = catalog.lookup(f"{written} POST /plants", "p.mdx:2")
        assert (operation.summary, warnings) == ("Create a plant", []), written
    assert catalog.find("/v1/api/openapi.yaml POST /plants", "p.mdx").summary == "Create a plant (v1)"
    # A name that only ends a path still finds every file it ends.
    operation, warnings = catalog.lookup("openapi.yaml POST /plants", "p.mdx:2")
    assert len(warnings) == 1 and "is in api/openapi.yaml and v1/api/openapi.yaml" in warnings[0]


def test_errors_of_several_files_are_reported_together(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("openapi: [\n")
    messages = load_error(tmp_path, ["a.yaml", "b.yaml"])
    assert len(messages) == 2 and messages[1] == "b.yaml: OpenAPI file not found"
