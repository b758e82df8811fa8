"""Hand-written endpoint pages: front matter `api: "POST https://api.example.com/v1/orders"`
plus the page's `<ParamField>`s become an `Operation`, so the page gets the same endpoint bar
and playground as a page generated from an OpenAPI file.

The fields are turned into a small in-memory OpenAPI document and modelled by the same
`OperationBuilder`, so there is one model of an operation, whatever it was written in.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen.openapi.documents import Document, DocumentStore
from sitegen.openapi.lenient import HTTP_METHODS
from sitegen.openapi.model import Operation, OperationBuilder

_LOCATIONS = ("path", "query", "header", "cookie", "body")
# Mintlify's ParamField types -> JSON Schema. `string[]` and friends are arrays of the item type.
_SCALARS = {"string": "string", "number": "number", "integer": "integer", "int": "integer",
            "boolean": "boolean", "bool": "boolean", "object": "object", "array": "array",
            "file": "string", "null": "null"}
_AUTH_SCHEMES: dict[str, dict[str, str]] = {
    "bearer": {"type": "http", "scheme": "bearer"},
    "basic": {"type": "http", "scheme": "basic"},
    "key": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
}


@dataclass(frozen=True)
class HandwrittenEndpoint:
    method: str  # upper case
    server: str | None  # "https://api.example.com" when `api:` names a full URL
    path: str  # "/v1/orders/{id}"


def parse_api_line(value: str) -> HandwrittenEndpoint | None:
    """'POST https://api.example.com/v1/orders' -> endpoint; None when it is not METHOD URL."""
    parts = value.split()
    if len(parts) != 2 or parts[0].lower() not in HTTP_METHODS:
        return None
    method, target = parts[0].upper(), parts[1]
    if re.match(r"^https?://", target):
        url = urllib.parse.urlsplit(target)
        # Mintlify writes path parameters as {id} (kept as is by urlsplit) or :id.
        path = re.sub(r":(\w+)", r"{\1}", url.path) or "/"
        return HandwrittenEndpoint(method, f"{url.scheme}://{url.netloc}", path)
    if not target.startswith("/"):
        return None
    return HandwrittenEndpoint(method, None, re.sub(r":(\w+)", r"{\1}", target))


def field_schema(props: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON Schema of one ParamField/ResponseField from its `type`, `default`, `enum`."""
    written = str(props.get("type") or "string").strip()
    depth = 0
    while written.endswith("[]"):
        written, depth = written[:-2].strip(), depth + 1
    base = written.lower()
    schema: dict[str, Any] = {"type": _SCALARS.get(base, "string")}
    if base == "file":
        schema["format"] = "binary"
    if "default" in props and props["default"] is not None:
        schema["default"] = props["default"]
    if isinstance(props.get("enum"), list):
        schema["enum"] = props["enum"]
    if props.get("placeholder") is not None:
        schema["example"] = props["placeholder"]
    for _ in range(depth):
        schema = {"type": "array", "items": schema}
    return schema


def field_location(props: Mapping[str, Any]) -> tuple[str, str] | None:
    """(location, name) of a ParamField: `<ParamField query="limit">` -> ('query', 'limit')."""
    for location in _LOCATIONS:
        value = props.get(location)
        if isinstance(value, str) and value:
            return location, value
    return None


def _parameters_and_body(endpoint: HandwrittenEndpoint, fields: Sequence[Mapping[str, Any]]
                         ) -> tuple[list[dict[str, Any]], dict[str, Any], list[str]]:
    """The OpenAPI parameters of the fields (and of the URL's path placeholders), the
    properties of the JSON body and the names of the required ones."""
    parameters: list[dict[str, Any]] = []
    properties: dict[str, Any] = {}
    required: list[str] = []
    for props in fields:
        located = field_location(props)
        if located is None:
            continue
        location, name = located
        if location == "body":
            properties[name] = _body_property(props)
            if props.get("required") is True:
                required.append(name)
        else:
            parameters.append(_parameter(location, name, props))
    # A path parameter written only in the URL still gets an input.
    named = {p["name"] for p in parameters if p["in"] == "path"}
    for name in re.findall(r"\{([^{}/]+)\}", endpoint.path):
        if name not in named:
            parameters.append({"name": name, "in": "path", "required": True, "schema": {"type": "string"}})
    return parameters, properties, required


def _body_property(props: Mapping[str, Any]) -> dict[str, Any]:
    description = props.get("description")
    return {**field_schema(props), **({"description": description} if description else {})}


def _parameter(location: str, name: str, props: Mapping[str, Any]) -> dict[str, Any]:
    parameter: dict[str, Any] = {
        "name": name,
        "in": location,
        "required": location == "path" or props.get("required") is True,
        "schema": field_schema(props),
    }
    if props.get("description"):
        parameter["description"] = props["description"]
    if props.get("deprecated") is True:
        parameter["deprecated"] = True
    return parameter


def handwritten_operation(
    project_dir: Path,
    endpoint: HandwrittenEndpoint,
    fields: Sequence[Mapping[str, Any]],
    *,
    source: str,
    title: str | None,
    auth_method: str | None,
) -> Operation:
    """The Operation a hand-written endpoint page describes. `fields` are ParamField props
    (their `description` key, when present, is the field's text)."""
    parameters, properties, required = _parameters_and_body(endpoint, fields)
    operation: dict[str, Any] = {"responses": {}}
    if title:
        operation["summary"] = title
    if parameters:
        operation["parameters"] = parameters
    if properties:
        body_schema: dict[str, Any] = {"type": "object", "properties": properties}
        if required:
            body_schema["required"] = required
        operation["requestBody"] = {"required": bool(required),
                                    "content": {"application/json": {"schema": body_schema}}}
    document: dict[str, Any] = {
        "openapi": "3.1.0",
        "info": {"title": title or source, "version": "1"},
        "paths": {endpoint.path: {endpoint.method.lower(): operation}},
    }
    if endpoint.server:
        document["servers"] = [{"url": endpoint.server}]
    if auth_method in _AUTH_SCHEMES:
        document["components"] = {"securitySchemes": {auth_method: _AUTH_SCHEMES[auth_method]}}
        operation["security"] = [{auth_method: []}]
    elif auth_method == "none":
        operation["security"] = []
    store = DocumentStore(project_dir)
    doc = Document(uri=f"sitegen-page:{source}", name=source, data=document)
    spec = OperationBuilder(store, doc, source).spec()
    return spec.operations[0]
