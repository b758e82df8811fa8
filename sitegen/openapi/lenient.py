"""What an OpenAPI file gets wrong that Mintlify builds through, found before validation.

The validator refuses a whole file for one bad value; Mintlify renders it. These are
looked for here, each a warning naming the file and the JSON path: a schema `type` that is
no JSON Schema type (machine-translated specs write `"cadena"`, `"配列"`), a security
scheme no request can be made with (a translated `"type": "APIキー"`), and OpenAPI 3.1 in
an OpenAPI 3.0 file (`webhooks`, a list of types, `"null"`). The validator then checks a copy without those values (the
webhooks moved under `paths`, so they are checked as the path items they are), which
shares every object the copy did not have to change; the model reads the file as written
and leaves out the same values (`JSON_TYPES`, `usable_scheme`). A schema keyword of the wrong
shape (`properties` as a list, `maximum: "mil"`, `required: name`, `enum` not a list) or out of
its range (`minLength: -1`, `maxItems: 1.5`, `multipleOf: 0`) is read the way `mended` reads
it, by this pass and by the model alike.

The validator does not look into the documents a `$ref` reaches in another file; this pass
follows those references, so a schema written there is warned of like one written in the
document, named by its own file and its path in that file.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sitegen.errors import OpenAPIError
from sitegen.openapi.documents import DocumentStore, to_pointer

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
# Schema keywords whose value must be a number; `exclusiveMinimum`/`exclusiveMaximum` are a
# boolean in OpenAPI 3.0 and a number in 3.1, so either is let through to the validator.
# Of those, a length or a count must be a whole number >= 0 and `multipleOf` above 0: the
# validator refuses the file for `minLength: -1`, `maxItems: 1.5` or `multipleOf: 0`.
_LENGTH_KEYWORDS = ("minLength", "maxLength")
_COUNT_KEYWORDS = ("minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains")
_NUMBER_KEYWORDS = ("minimum", "maximum", "multipleOf", *_LENGTH_KEYWORDS, *_COUNT_KEYWORDS)
_EXCLUSIVE_KEYWORDS = ("exclusiveMinimum", "exclusiveMaximum")
_SHAPED_KEYWORDS = ("properties", "required", "enum", *_NUMBER_KEYWORDS, *_EXCLUSIVE_KEYWORDS)
_Place = tuple[str, tuple[Any, ...]]  # a document's name, a path in it
_LEFT_OUT: Any = object()  # a keyword `mended` drops
MAX_QUOTED_CHARS = 60  # a wrong value quoted in a warning, cut beyond this


@dataclass(frozen=True)
class ShapeProblem:
    """A schema keyword whose value has the wrong shape, and what is read instead."""

    keyword: str
    problem: str  # "'mil' is not a number; the constraint is left out"
    instead: Any  # the value read in its place, or `_LEFT_OUT`


def shape_problems(schema: dict[str, Any]) -> list[ShapeProblem]:
    """The keywords of `schema` Mintlify builds through though their value has the wrong
    shape or is out of range (the validator would refuse the whole file for each)."""
    if not any(keyword in schema for keyword in _SHAPED_KEYWORDS):
        return []
    found: list[ShapeProblem] = []
    if "properties" in schema and not isinstance(schema["properties"], dict):
        found.append(ShapeProblem("properties", f"{_short(schema['properties'])} is not a mapping of property "
                                                "names to schemas; shown without properties", _LEFT_OUT))
    required = schema.get("required", [])
    if isinstance(required, str):
        found.append(ShapeProblem("required", f"{_short(required)} is not a list of property names; read as "
                                              f"[{_short(required)}]", [required]))
    elif not isinstance(required, list):
        found.append(ShapeProblem("required", f"{_short(required)} is not a list of property names; no property "
                                              "is shown as required", _LEFT_OUT))
    if "enum" in schema and not isinstance(schema["enum"], list):
        found.append(ShapeProblem("enum", f"{_short(schema['enum'])} is not a list of values; shown without "
                                          "allowed values", _LEFT_OUT))
    for keyword in _NUMBER_KEYWORDS:
        if keyword not in schema:
            continue
        wanted = "a number" if not _is_number(schema[keyword]) else _out_of_range(keyword, schema[keyword])
        if wanted:
            found.append(ShapeProblem(keyword, f"{_short(schema[keyword])} is not {wanted}; the constraint is "
                                               "left out", _LEFT_OUT))
    for keyword in _EXCLUSIVE_KEYWORDS:
        if keyword in schema and not (_is_number(schema[keyword]) or isinstance(schema[keyword], bool)):
            found.append(ShapeProblem(keyword, f"{_short(schema[keyword])} is neither a number nor a boolean; "
                                               "the constraint is left out", _LEFT_OUT))
    return found


def mended(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` as read: each keyword `shape_problems` finds replaced or left out, a length or
    count written `12.0` read as 12, as JavaScript reads it (a copy; `schema` itself when
    nothing changes)."""
    problems = shape_problems(schema)
    whole = _whole_floats(schema)
    if not problems and not whole:
        return schema
    copied = dict(schema)
    _mend(copied, problems)
    copied.update(whole)
    return copied


def _mend(schema: dict[str, Any], problems: list[ShapeProblem]) -> None:
    for problem in problems:
        if problem.instead is _LEFT_OUT:
            del schema[problem.keyword]
        else:
            schema[problem.keyword] = problem.instead


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _out_of_range(keyword: str, value: float) -> str:
    """What the number `value` of `keyword` should be, when the validator refuses it ("" when not).
    A negative length means nothing, so Mintlify shows none."""
    if keyword == "multipleOf":
        return "" if value > 0 else "a number greater than 0"  # `not > 0`: NaN too
    if keyword in _LENGTH_KEYWORDS or keyword in _COUNT_KEYWORDS:
        if value >= 0 and float(value).is_integer():
            return ""
        return f"a {'length' if keyword in _LENGTH_KEYWORDS else 'count'} (a whole number ≥ 0)"
    return ""


def _whole_floats(schema: dict[str, Any]) -> dict[str, int]:
    """A length or count written as a float with no fraction (`minLength: 2.0`) as the integer
    it is: OpenAPI 3.0's JSON Schema draft takes only an integer there, later drafts take both."""
    return {keyword: int(value) for keyword in (*_LENGTH_KEYWORDS, *_COUNT_KEYWORDS)
            if isinstance(value := schema.get(keyword), float) and value >= 0 and value.is_integer()}


def _short(value: Any) -> str:
    quoted = _quoted(value)
    return quoted if len(quoted) <= MAX_QUOTED_CHARS else quoted[:MAX_QUOTED_CHARS - 1] + "…"


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


@dataclass(frozen=True)
class Referenced:
    """An object a `$ref` reaches in another document: the validator does not check it."""

    kind: str  # "schema", "path", "parameter", "header", "body", "response" or "callback"
    document: str  # the document's name
    path: tuple[Any, ...]  # where in that document
    value: Any


@dataclass
class Leniency:
    """What `lenient` found: the data to validate, the warnings, the security schemes left
    out, and how to name a validator's path in the file (`written_path`)."""

    data: Any
    warnings: list[str] = field(default_factory=list)
    unusable_schemes: frozenset[str] = frozenset()
    webhook_keys: dict[str, str] = field(default_factory=dict)  # key under `paths` -> webhook name
    referenced: tuple[Referenced, ...] = ()  # the objects $refs reach in other documents

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


def lenient(name: str, data: dict[str, Any], store: DocumentStore | None = None, uri: str = "") -> Leniency:
    """Find what the file gets wrong that Mintlify builds through (`name` starts each message);
    with `store`, in the schemas its `$ref`s reach in other documents too (`uri` is the file's)."""
    copy = _Copy(data)
    version = str(data.get("openapi", ""))
    follower = _Follower(store, uri) if store is not None else None
    warnings = _schema_warnings(name, data, copy, version, follower, uri)
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
    referenced = tuple(follower.followed) if follower is not None else ()
    return Leniency(copy.data, warnings, frozenset(unusable), webhook_keys, referenced)


def _schema_warnings(name: str, data: dict[str, Any], copy: _Copy, version: str, follower: _Follower | None,
                     uri: str) -> list[str]:
    """Each schema's wrong types and keywords of the wrong shape, mended in `copy` where the
    file itself writes them (the validator checks no other document's schemas)."""
    bad_types: dict[str, list[_Place]] = {}  # each wrong type name, where it is written
    newer_types: list[_Place] = []  # a 3.0 file's 3.1 types: a list, or "null"
    bad_shapes: dict[tuple[str, str], list[_Place]] = {}  # (keyword, problem), where it is written
    for doc_name, path, schema in _schemas(name, data, uri, follower):
        in_file = doc_name == name
        problems = shape_problems(schema)
        for problem in problems:
            bad_shapes.setdefault((problem.keyword, problem.problem), []).append((doc_name, (*path, problem.keyword)))
        if problems and in_file:
            _mend(copy.container(path), problems)
        if in_file and version.startswith("3.0") and (whole := _whole_floats(schema)):
            copy.container(path).update(whole)  # the same number, in the form 3.0's validator takes
        written = schema.get("type")
        kept = _kept_types(written)
        if kept is not None:
            for wrong in _wrong_types(written):
                bad_types.setdefault(wrong, []).append((doc_name, (*path, "type")))
        current = written if kept is None else kept or None
        if version.startswith("3.0") and (isinstance(current, list) or current == "null"):
            newer_types.append((doc_name, (*path, "type")))
        elif kept is None:
            continue
        if in_file:
            _set_type(copy.container(path), current, version)
    warnings = [f"{_where(places[0])}: {wrong} is not a JSON Schema type; shown without a type{_more(places)}"
                for wrong, places in bad_types.items()]
    warnings += [f"{_where(places[0])}: {problem}{_more(places)}" for (_, problem), places in bad_shapes.items()]
    if newer_types:
        versioned = "this file" if newer_types[0][0] == name else name
        warnings.append(f"{_where(newer_types[0])}: a list of types, or 'null', is OpenAPI 3.1 and {versioned} is "
                        f"OpenAPI {version}; read as OpenAPI 3.1 reads it{_more(newer_types)}")
    return warnings


def _where(place: _Place) -> str:
    return f"{place[0]}: {to_pointer(place[1])}"


def _more(places: list[_Place]) -> str:
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


class _Follower:
    """Where a `$ref` to another document leads, each target once: the validator does not look
    there, so this pass does."""

    def __init__(self, store: DocumentStore, root_uri: str) -> None:
        self._store = store
        self._root_uri = root_uri
        self._keys: set[tuple[str, str]] = set()
        self.followed: list[Referenced] = []

    def target(self, kind: str, ref: str, base_uri: str) -> tuple[str, str, tuple[Any, ...], Any] | None:
        """(document URI, its name, the path in it, the value) of `ref` written in `base_uri`;
        None for the file itself (walked as written), a target already walked or one that
        does not resolve (`check_refs` said so)."""
        try:
            value, key = self._store.resolve(ref, base_uri)
        except OpenAPIError:
            return None
        uri, _, fragment = key.partition("#")
        if uri == self._root_uri or (kind, key) in self._keys:
            return None
        self._keys.add((kind, key))
        parts = tuple(_unescape(part) for part in fragment.strip("/").split("/")) if fragment.strip("/") else ()
        name = self._store.display_name(uri)
        self.followed.append(Referenced(kind, name, parts, value))
        return uri, name, parts, value


def _unescape(part: str) -> str:
    return urllib.parse.unquote(part).replace("~1", "/").replace("~0", "~")


def _schemas(name: str, data: dict[str, Any], uri: str, follower: _Follower | None
             ) -> Iterator[tuple[str, tuple[Any, ...], dict[str, Any]]]:
    """Every schema object the document writes, with the name of the document it is written in
    and its path there; with `follower`, those its `$ref`s reach in other documents too."""
    seen: set[int] = set()  # a YAML alias shares an object between places
    pending: list[tuple[str, str, str, tuple[Any, ...], Any]] = [("document", uri, name, (), data)]
    while pending:
        kind, uri, doc_name, path, node = pending.pop()
        if isinstance(node, dict):
            if id(node) in seen:
                continue
            seen.add(id(node))
            if kind == "schema":
                yield doc_name, path, node
            children = [(child_kind, uri, doc_name, child_path, child)
                        for child_kind, child_path, child in _children(kind, path, node)]
            ref = node.get("$ref")
            if follower is not None and isinstance(ref, str) and kind != "document":
                target = follower.target(kind, ref, uri)
                if target is not None:
                    children.append((kind, *target))
            pending.extend(reversed(children))  # popped in the file's order
        elif isinstance(node, list) and kind in ("schemas", "parameters"):
            one = "schema" if kind == "schemas" else "parameter"
            pending.extend(reversed([(one, uri, doc_name, (*path, index), item) for index, item in enumerate(node)]))


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
        for key, member in (("schemas", "schema"), ("parameters", "parameter"), ("headers", "header"),
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
    elif kind in ("parameter", "header", "body", "response", "media"):
        found.append(("schema", (*path, "schema"), at("schema")))
        found += _each("media", (*path, "content"), at("content"))
        found += _each("header", (*path, "headers"), at("headers"))
        encodings = at("encoding")
        for key, encoding in (encodings.items() if isinstance(encodings, dict) else ()):
            if isinstance(encoding, dict):
                found += _each("header", (*path, "encoding", key, "headers"), encoding.get("headers"))
    elif kind == "schema":
        found += [("schema", (*path, key), at(key)) for key in _ONE_SCHEMA]
        found += [("schemas", (*path, key), at(key)) for key in _SCHEMA_LISTS]
        for key in _SCHEMA_MAPS:
            found += _each("schema", (*path, key), at(key))
        if isinstance(at("items"), list):  # draft-4 tuple form
            found.append(("schemas", (*path, "items"), at("items")))
    return found
