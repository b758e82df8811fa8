"""Hand-written endpoint pages (`api: "POST https://…"` + ParamFields) share the OpenAPI model."""

from __future__ import annotations

from pathlib import Path

from sitegen.openapi.handwritten import field_schema, handwritten_operation, parse_api_line
from sitegen.openapi.view import build_api_view


def test_api_line_with_full_url_splits_server_and_path() -> None:
    endpoint = parse_api_line("POST https://api.example.com/v1/orders/:id")
    assert endpoint is not None
    assert (endpoint.method, endpoint.server, endpoint.path) == ("POST", "https://api.example.com", "/v1/orders/{id}")


def test_api_line_relative_path_and_refusals() -> None:
    relative = parse_api_line("get /plants")
    assert relative is not None and (relative.method, relative.server, relative.path) == ("GET", None, "/plants")
    assert parse_api_line("FETCH /plants") is None
    assert parse_api_line("POST plants") is None
    assert parse_api_line("POST") is None


def test_field_types_become_json_schema() -> None:
    assert field_schema({"type": "string[]"}) == {"type": "array", "items": {"type": "string"}}
    assert field_schema({"type": "integer", "default": 3}) == {"type": "integer", "default": 3}
    assert field_schema({"type": "File"}) == {"type": "string", "format": "binary"}
    assert field_schema({}) == {"type": "string"}


def test_fields_feed_the_playground_and_samples(tmp_path: Path) -> None:
    endpoint = parse_api_line("POST https://api.example.com/v1/orders/{id}")
    assert endpoint is not None
    operation = handwritten_operation(
        tmp_path,
        endpoint,
        [
            {"body": "quantity", "type": "integer", "required": True, "default": 2},
            {"query": "notify", "type": "boolean"},
            {"header": "X-Trace"},
        ],
        source="content/orders.mdx",
        title="Create an order",
        auth_method="bearer",
    )
    view = build_api_view(operation)
    assert (view.method, view.path, view.summary) == ("POST", "/v1/orders/{id}", "Create an order")
    assert [u.url for u in view.base_urls] == ["https://api.example.com"]
    assert view.auth is not None and view.auth.method == "bearer"
    # The path parameter written only in the URL still gets an input.
    assert [(i.location, i.name, i.kind) for i in view.inputs] == [
        ("path", "id", "string"), ("query", "notify", "boolean"), ("header", "X-Trace", "string"),
        ("body", "quantity", "integer"),
    ]
    curl = view.samples[0].source
    assert "--url 'https://api.example.com/v1/orders/{id}'" in curl  # optional query left out
    assert '"quantity": 2' in curl
    assert "Authorization: Bearer <token>" in curl


def test_auth_method_none_means_no_credentials(tmp_path: Path) -> None:
    endpoint = parse_api_line("GET https://api.example.com/health")
    assert endpoint is not None
    operation = handwritten_operation(tmp_path, endpoint, [], source="health.mdx", title=None, auth_method="none")
    assert build_api_view(operation).auth is None
