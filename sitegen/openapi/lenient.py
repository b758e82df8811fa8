"""What an OpenAPI file gets wrong that Mintlify builds through, found before validation.

The validator refuses a whole file for one bad value; Mintlify renders it. These are
looked for here, each a warning naming the file and the JSON path: a schema `type` that is
no JSON Schema type (machine-translated specs write `"cadena"`, `"配列"`), a security
scheme no request can be made with (a translated `"type": "APIキー"`), and OpenAPI 3.1 in
an OpenAPI 3.0 file (`webhooks`, a list of types, `"null"`). The validator then checks a copy without those values (the
webhooks moved under `paths`, so they are checked as the path items they are), which
shares every object the copy did not have to change; the model reads the file as written
and leaves out the same values (`JSON_TYPES`, `usable_scheme`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sitegen.openapi.documents import to_pointer

JSON_TYPES = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})
SCHEME_TYPES = ("apiKey", "http", "oauth2", "openIdConnect", "mutualTLS")
API_KEY_PLACES = ("query", "header", "cookie")
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

# Keywords whose value is a schema, a list of schemas, or a map of names to schemas.
_ONE_SCHEMA = ("items", "additionalProperties", "additionalItems", "not", "contains", "propertyNames", "if",
               "then", "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_TOKEN = re.compile(r"[A-Za-z0-9!#$%&'*+.^_`|~-]+")  # an HTTP authentication scheme's name (RFC 9110)
_WEBHOOK_PREFIX = "/webhooks:"  # the key a 3.0 file's webhook is validated under in `paths`


def usable_scheme(raw: Any) -> str | None:
    """Why a security scheme cannot authenticate a request (None when it can)."""
    if not isinstance(raw, dict):
        return "not an object"
    kind = raw.get("type")
    if kind not in SCHEME_TYPES:
        return _not_one_of("type", kind, SCHEME_TYPES)
    if kind == "apiKey" and raw.get("in") not in API_KEY_PLACES:
        return _not_one_of("in", raw.get("in"), API_KEY_PLACES)
    if kind == "apiKey" and not isinstance(raw.get("name"), str):
        return "no 'name'"
    if kind == "http" and not (isinstance(raw.get("scheme"), str) and _TOKEN.fullmatch(raw["scheme"])):
        return "no 'scheme'" if "scheme" not in raw else \
            f"scheme {_quoted(raw['scheme'])} is not an HTTP authentication scheme"
    return None


def _not_one_of(key: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value is None:
        return f"no '{key}'"
    return f"{key} {_quoted(value)} is not {', '.join(allowed[:-1])} or {allowed[-1]}"


def _quoted(value: Any) -> str:
    return f"'{value}'" if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


@dataclass
class Leniency:
    """What `lenient` found: the data to validate, the warnings, the security schemes left
    out, and how to name a validator's path in the file (`written_path`)."""

    data: Any
    warnings: list[str] = field(default_factory=list)
    unusable_schemes: frozenset[str] = frozenset()
    webhook_keys: dict[str, str] = field(default_factory=dict)  # key under `paths` -> webhook name

    def written_path(self, parts: tuple[Any, ...]) -> tuple[Any, ...]:
        """A path in the validated copy as the file writes it (a 3.0 file's webhooks)."""
        if len(parts) >= 2 and parts[0] == "paths" and parts[1] in self.webhook_keys:
            return ("webhooks", self.webhook_keys[parts[1]], *parts[2:])
        return parts


class _Copy:
    """The document with some values changed, copying only the objects on the way to them."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = dict(data)
        self._copied = {id(self.data)}

    def container(self, path: tuple[Any, ...]) -> Any:
        """The object at `path`, and every one on the way to it, a copy of its own."""
        node = self.data
        for part in path:
            child = node[part]
            if id(child) not in self._copied:
                child = dict(child) if isinstance(child, dict) else list(child)
                self._copied.add(id(child))
                node[part] = child
            node = child
        return node


def lenient(name: str, data: dict[str, Any]) -> Leniency:
    """Find what the file gets wrong that Mintlify builds through (`name` starts each message)."""
    copy = _Copy(data)
    warnings: list[str] = []
    version = str(data.get("openapi", ""))
    bad_types: dict[str, list[tuple[Any, ...]]] = {}  # each wrong type name, where it is written
    newer_types: list[tuple[Any, ...]] = []  # a 3.0 file's 3.1 types: a list, or "null"
    for path, schema in _schemas(data):
        written = schema.get("type")
        kept = _kept_types(written)
        if kept is not None:
            for wrong in _wrong_types(written):
                bad_types.setdefault(wrong, []).append((*path, "type"))
        current = written if kept is None else kept or None
        if version.startswith("3.0") and (isinstance(current, list) or current == "null"):
            newer_types.append((*path, "type"))
        elif kept is None:
            continue
        _set_type(copy.container(path), current, version)
    for wrong, places in bad_types.items():
        warnings.append(f"{name}: {to_pointer(places[0])}: {wrong} is not a JSON Schema type; "
                        f"shown without a type{_more(places)}")
    if newer_types:
        warnings.append(f"{name}: {to_pointer(newer_types[0])}: a list of types, or 'null', is OpenAPI 3.1 and this "
                        f"file is OpenAPI {version}; read as OpenAPI 3.1 reads it{_more(newer_types)}")
    unusable: list[str] = []
    components = data.get("components")
    schemes = components.get("securitySchemes") if isinstance(components, dict) else None
    for scheme_name, raw in (schemes.items() if isinstance(schemes, dict) else ()):
        if isinstance(raw, dict) and "$ref" in raw:
            continue  # a Reference: the validator and the model follow it
        problem = usable_scheme(raw)
        if problem is None:
            continue
        unusable.append(scheme_name)
        del copy.container(("components", "securitySchemes"))[scheme_name]
        warnings.append(f"{name}: {to_pointer(('components', 'securitySchemes', scheme_name))}: not a security "
                        f"scheme a request can use ({problem}); operations requiring it are shown without it")
    webhook_keys: dict[str, str] = {}
    if version.startswith("3.0") and "webhooks" in data:
        webhook_keys = _move_webhooks(copy, copy.data["webhooks"])  # with its types mended above
        warnings.insert(0, f"{name}: /webhooks: 'webhooks' is an OpenAPI 3.1 key and this file is OpenAPI "
                           f"{version}; read as OpenAPI 3.1 reads it")
    return Leniency(copy.data, warnings, frozenset(unusable), webhook_keys)


def _more(places: list[tuple[Any, ...]]) -> str:
    others = len(places) - 1
    return f", here and at {others} more place{'s' if others > 1 else ''}" if others else ""


def _set_type(schema: dict[str, Any], types: Any, version: str) -> None:
    """Write `types` (a JSON Schema type, a list of them, or None) into the copy of a schema
    the validator checks, in the form its version allows (3.0: one type, `nullable`)."""
    if version.startswith("3.0") and (isinstance(types, list) or types == "null"):
        listed = types if isinstance(types, list) else [types]
        if "null" in listed:
            schema["nullable"] = True
        others = [t for t in listed if t != "null"]
        types = others[0] if len(others) == 1 else None  # several: 3.0 cannot say it
    if types is None:
        schema.pop("type", None)
    else:
        schema["type"] = types


def _move_webhooks(copy: _Copy, webhooks: Any) -> dict[str, str]:
    """A 3.0 validator refuses `webhooks`: check each as a path item under `paths`."""
    del copy.data["webhooks"]
    if not isinstance(webhooks, dict):
        return {}
    if not isinstance(copy.data.get("paths"), dict):
        copy.data["paths"] = {}
    paths = copy.container(("paths",))
    keys: dict[str, str] = {}
    for webhook in webhooks:
        key = _WEBHOOK_PREFIX + str(webhook).replace("{", "(").replace("}", ")")
        while key in paths:  # a real path spelled the same way
            key += "_"
        paths[key] = webhooks[webhook]
        keys[key] = str(webhook)
    return keys


def _wrong_types(value: Any) -> list[str]:
    values = value if isinstance(value, list) else [value]
    return [_quoted(v) for v in values if not (isinstance(v, str) and v in JSON_TYPES)]


def _kept_types(value: Any) -> Any:
    """None when `type` is fine (or absent); else what is left of it ("" for nothing)."""
    if value is None or (isinstance(value, str) and value in JSON_TYPES):
        return None
    if isinstance(value, list):
        kept = [v for v in value if isinstance(v, str) and v in JSON_TYPES]
        if len(kept) == len(value):
            return None
        return kept or ""
    return ""


def _schemas(data: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Every schema object the document writes (not those it reaches by `$ref`), with its path."""
    seen: set[int] = set()  # a YAML alias shares an object between places
    pending: list[tuple[str, tuple[Any, ...], Any]] = [("document", (), data)]
    while pending:
        kind, path, node = pending.pop()
        if isinstance(node, dict):
            if id(node) in seen:
                continue
            seen.add(id(node))
            if kind == "schema":
                yield path, node
            pending.extend(reversed(_children(kind, path, node)))  # popped in the file's order
        elif isinstance(node, list) and kind in ("schemas", "parameters"):
            one = "schema" if kind == "schemas" else "parameter"
            pending.extend(reversed([(one, (*path, index), item) for index, item in enumerate(node)]))


def _each(kind: str, path: tuple[Any, ...], node: Any) -> list[tuple[str, tuple[Any, ...], Any]]:
    """Every value of the map `node` as a `kind` object."""
    return [(kind, (*path, key), value) for key, value in node.items()] if isinstance(node, dict) else []


def _children(kind: str, path: tuple[Any, ...], node: dict[str, Any]) -> list[tuple[str, tuple[Any, ...], Any]]:
    """The objects inside an OpenAPI object of `kind`, each with its kind."""
    at = node.get
    found: list[tuple[str, tuple[Any, ...], Any]] = []
    if kind == "document":
        found += _each("path", ("paths",), at("paths")) + _each("path", ("webhooks",), at("webhooks"))
        components = node["components"] if isinstance(at("components"), dict) else {}
        for key, member in (("schemas", "schema"), ("parameters", "parameter"), ("headers", "parameter"),
                            ("requestBodies", "body"), ("responses", "response"), ("pathItems", "path"),
                            ("callbacks", "callback")):
            found += _each(member, ("components", key), components.get(key))
    elif kind == "callback":
        found += _each("path", path, node)
    elif kind == "path":
        found.append(("parameters", (*path, "parameters"), at("parameters")))
        found += [("operation", (*path, method), at(method)) for method in HTTP_METHODS if method in node]
    elif kind == "operation":
        found.append(("parameters", (*path, "parameters"), at("parameters")))
        found.append(("body", (*path, "requestBody"), at("requestBody")))
        found += _each("response", (*path, "responses"), at("responses"))
        found += _each("callback", (*path, "callbacks"), at("callbacks"))
    elif kind in ("parameter", "body", "response", "media"):
        found.append(("schema", (*path, "schema"), at("schema")))
        found += _each("media", (*path, "content"), at("content"))
        found += _each("parameter", (*path, "headers"), at("headers"))
        encodings = at("encoding")
        for key, encoding in (encodings.items() if isinstance(encodings, dict) else ()):
            if isinstance(encoding, dict):
                found += _each("parameter", (*path, "encoding", key, "headers"), encoding.get("headers"))
    elif kind == "schema":
        found += [("schema", (*path, key), at(key)) for key in _ONE_SCHEMA]
        found += [("schemas", (*path, key), at(key)) for key in _SCHEMA_LISTS]
        for key in _SCHEMA_MAPS:
            found += _each("schema", (*path, key), at(key))
        if isinstance(at("items"), list):  # draft-4 tuple form
            found.append(("schemas", (*path, "items"), at("items")))
    return found
