"""Generated examples, code samples with auth, and Markdown descriptions."""

from __future__ import annotations

import json
from pathlib import Path

from sitegen.openapi import load_openapi
from sitegen.openapi.examples import media_example, schema_example
from sitegen.openapi.model import Operation
from sitegen.openapi.samples import code_samples, effective_auth, sample_request
from sitegen.openapi.text import render_description

REPO = Path(__file__).resolve().parents[1]


def plant_op() -> Operation:
    return load_openapi(REPO, ["openapi.yaml"]).find("POST /plants", "p.mdx")


def one_op(tmp_path: Path, operation: dict, components: dict | None = None, **top: object) -> Operation:
    spec = {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
            "paths": {"/things/{thingId}": {
                "parameters": [{"name": "thingId", "in": "path", "required": True, "schema": {"type": "string"}}],
                "post": {"responses": {"200": {"description": "ok"}}, **operation}}},
            "components": components or {}, **top}
    (tmp_path / "spec.json").write_text(json.dumps(spec))
    return load_openapi(tmp_path, ["spec.json"]).find("POST /things/{thingId}", "p.mdx")


def test_plant_store_examples() -> None:
    op = plant_op()
    body = op.request_body.primary  # type: ignore[union-attr]
    assert media_example(body, "request") == {"name": "string", "tag": "string", "id": 0}
    assert media_example(body, "request", required_only=True, maintain_order=False) == {"id": 0, "name": "string"}
    assert [media_example(r.primary) for r in op.responses if r.primary] == [
        {"name": "string", "tag": "string"}, {"error": 0, "message": "string"}, {"error": 0, "message": "string"}]


def test_example_sources_in_order_of_preference(tmp_path: Path) -> None:
    op = one_op(tmp_path, {"requestBody": {"content": {"application/json": {"schema": {
        "type": "object",
        "properties": {
            "explicit": {"type": "string", "example": "fern"},
            "listed": {"type": "string", "examples": ["moss"]},
            "defaulted": {"type": "integer", "default": 7},
            "chosen": {"type": "string", "enum": ["small", "large"]},
            "when": {"type": "string", "format": "date-time"},
            "mail": {"type": "string", "format": "email"},
            "uid": {"type": "string", "format": "uuid"},
            "count": {"type": "integer", "minimum": 5},
            "ratio": {"type": "number"},
            "ok": {"type": "boolean"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "secret": {"type": "string", "readOnly": True},
        }}}}}})
    schema = op.request_body.primary.schema  # type: ignore[union-attr]
    assert schema_example(schema, "request") == {
        "explicit": "fern", "listed": "moss", "defaulted": 7, "chosen": "small",
        "when": "2024-01-01T12:00:00Z", "mail": "user@example.com",
        "uid": "3fa85f64-5717-4562-b3fc-2c963f66afa6", "count": 5, "ratio": 0, "ok": True, "tags": ["string"],
    }
    assert "secret" in schema_example(schema, "response")


def test_media_type_example_wins_over_the_schema(tmp_path: Path) -> None:
    op = one_op(tmp_path, {"requestBody": {"content": {"application/json": {
        "schema": {"type": "object", "properties": {"a": {"type": "string"}}},
        "examples": {"first": {"value": {"a": "from examples"}}},
    }}}})
    assert media_example(op.request_body.primary, "request") == {"a": "from examples"}  # type: ignore[union-attr]


def test_generated_samples_carry_bearer_auth_base_url_and_required_body() -> None:
    op = plant_op()
    auth = effective_auth(op)
    assert auth is not None and auth.method == "bearer"
    request = sample_request(op, "https://api.example.com/", auth, maintain_order=False)
    samples = {s.label: s.source for s in code_samples(op, request)}
    assert list(samples) == ["cURL", "Python", "JavaScript", "Go"]
    assert samples["cURL"] == (
        "curl --request POST \\\n"
        "  --url 'https://api.example.com/plants' \\\n"
        "  --header 'Authorization: Bearer <token>' \\\n"
        "  --header 'Content-Type: application/json' \\\n"
        "  --data '{\n  \"id\": 0,\n  \"name\": \"string\"\n}'"
    )
    assert 'url = "https://api.example.com/plants"' in samples["Python"]
    assert '"Authorization": "Bearer <token>"' in samples["Python"]
    assert "json=payload" in samples["Python"] and '"id": 0' in samples["Python"]
    assert 'await fetch("https://api.example.com/plants"' in samples["JavaScript"]
    assert '"Authorization": "Bearer <token>"' in samples["JavaScript"]
    assert "JSON.stringify(" in samples["JavaScript"]
    assert 'http.NewRequest("POST", "https://api.example.com/plants", body)' in samples["Go"]
    assert 'req.Header.Set("Authorization", "Bearer <token>")' in samples["Go"]
    assert '"tag"' not in samples["Go"]  # only required fields in the sample body


def test_basic_and_key_auth_from_docs_json_settings() -> None:
    op = plant_op()
    basic = effective_auth(op, method="basic", name="user:secret")
    request = sample_request(op, "https://x", basic)
    samples = {s.label: s.source for s in code_samples(op, request)}
    assert "--user '<user>:<secret>'" in samples["cURL"]
    assert 'auth=("<user>", "<secret>")' in samples["Python"]
    assert '"Basic " + btoa("<user>:<secret>")' in samples["JavaScript"]
    assert 'req.SetBasicAuth("<user>", "<secret>")' in samples["Go"]
    key = effective_auth(op, method="key", name="X-Plant-Key")
    samples = {s.label: s.source for s in code_samples(op, sample_request(op, "https://x", key))}
    assert "--header 'X-Plant-Key: <api-key>'" in samples["cURL"]


def test_api_key_scheme_in_query_and_explicitly_open_operation(tmp_path: Path) -> None:
    components = {"securitySchemes": {"k": {"type": "apiKey", "in": "query", "name": "api_key"}}}
    op = one_op(tmp_path, {"parameters": [{"name": "thingId", "in": "path", "required": True,
                                           "schema": {"type": "string"}, "example": "t 1"}]},
                components, security=[{"k": []}])
    auth = effective_auth(op)
    request = sample_request(op, "https://x", auth)
    assert request.url == "https://x/things/t%201?api_key=<api-key>"
    open_op = one_op(tmp_path, {"security": []}, components, security=[{"k": []}])
    assert effective_auth(open_op) is None
    assert effective_auth(open_op, method="bearer") is None


def test_x_code_samples_replace_generated_ones(tmp_path: Path) -> None:
    op = one_op(tmp_path, {"x-codeSamples": [{"lang": "ruby", "label": "Ruby SDK", "source": "Thing.create"}]})
    samples = code_samples(op, sample_request(op, "https://x", None))
    assert [(s.lang, s.label, s.source) for s in samples] == [("ruby", "Ruby SDK", "Thing.create")]


def test_descriptions_render_markdown_but_never_raw_html() -> None:
    html = render_description("Grows **fast**. <script>alert('x')</script> <img src=x onerror=alert(1)>")
    assert "<strong>fast</strong>" in html
    assert "<script>" not in html and "<img" not in html
    assert "&lt;script&gt;alert('x')&lt;/script&gt;" in html
    assert "javascript:" not in render_description("[click](javascript:alert(1))").split('href="')[-1][:12]
