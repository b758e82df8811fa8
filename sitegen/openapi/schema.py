"""The schema model: OpenAPI/JSON Schema turned into a finite tree a page can show.

`$ref`s are resolved (recursion becomes a marker, never a loop), `allOf` is merged into one
schema, and `oneOf`/`anyOf` become labelled alternatives. The model keeps the spec's property
order; `ordered_properties` applies the display ordering rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from sitegen.openapi.documents import DocumentStore
from sitegen.openapi.lenient import JSON_TYPES, mended

# Keywords shown as "min/max" facts, in the order they are listed on a field row.
CONSTRAINT_KEYWORDS = (
    "minimum",
    "exclusiveMinimum",
    "maximum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
)

MAX_DEPTH = 48  # a guard for pathological, non-recursive but enormous nestings

_MISSING: Any = object()


@dataclass(frozen=True, eq=False)
class Property:
    name: str
    schema: Schema
    required: bool = False


@dataclass(frozen=True, eq=False)
class Alternative:
    label: str  # the sub-schema's title, else "Option N"
    schema: Schema


@dataclass(frozen=True, eq=False)
class Schema:
    types: tuple[str, ...] = ()  # JSON Schema types without "null"
    nullable: bool = False
    format: str | None = None
    title: str | None = None
    description: str | None = None
    ref_name: str | None = None  # component name when the schema came from a $ref
    properties: tuple[Property, ...] = ()
    items: Schema | None = None
    additional_properties: Schema | bool | None = None
    alternatives: tuple[Alternative, ...] = ()
    alternatives_kind: str | None = None  # "oneOf" or "anyOf"
    enum: tuple[Any, ...] = ()
    const: Any = _MISSING
    default: Any = _MISSING
    example: Any = _MISSING  # `example`, else the first of `examples`
    constraints: tuple[tuple[str, Any], ...] = ()
    read_only: bool = False
    write_only: bool = False
    deprecated: bool = False
    recursive: bool = False  # a $ref back to a schema being expanded: shown by name only
    raw: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def has_default(self) -> bool:
        return self.default is not _MISSING

    @property
    def has_example(self) -> bool:
        return self.example is not _MISSING

    @property
    def has_const(self) -> bool:
        return self.const is not _MISSING

    @property
    def is_object(self) -> bool:
        return "object" in self.types or bool(self.properties)

    @property
    def is_array(self) -> bool:
        return "array" in self.types

    @property
    def expandable(self) -> bool:
        """Whether a field of this schema has child rows (object, array of objects, choices)."""
        if self.recursive:
            return False
        if self.properties or self.alternatives:
            return True
        return self.items is not None and self.items.expandable

    def get_property(self, name: str) -> Property:
        for prop in self.properties:
            if prop.name == name:
                return prop
        raise KeyError(name)

    @property
    def required_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.properties if p.required)


def type_label(schema: Schema) -> str:
    """`string`, `integer<int64>`, `array<string>`, `object`, `string | null`, ..."""
    if schema.recursive and not schema.types:
        base = schema.ref_name or "object"
    elif schema.is_array:
        inner = type_label(schema.items) if schema.items is not None else "any"
        base = f"array<{inner}>"
    elif schema.types:
        labels = [f"{t}<{schema.format}>" if schema.format and t not in ("object", "array") else t
                  for t in schema.types]
        base = " | ".join(labels)
    elif schema.properties:
        base = "object"
    elif schema.alternatives:
        seen: list[str] = []
        for alt in schema.alternatives:
            label = type_label(alt.schema)
            if label not in seen:
                seen.append(label)
        base = " | ".join(seen)
    elif schema.enum:
        base = _json_type(schema.enum[0])
    elif schema.has_const:
        base = _json_type(schema.const)
    else:
        base = "any"
    return f"{base} | null" if schema.nullable else base


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "null"


def ordered_properties(schema: Schema, maintain_order: bool) -> tuple[Property, ...]:
    """Spec order with `maintain_order`; otherwise required first, then alphabetical."""
    if maintain_order:
        return schema.properties
    return tuple(sorted(schema.properties, key=lambda p: (not p.required, p.name.lower(), p.name)))


class SchemaBuilder:
    """Builds `Schema` trees from raw schema objects living in documents of `store`."""

    def __init__(self, store: DocumentStore) -> None:
        self.store = store

    def build(self, raw: Any, base_uri: str, stack: tuple[str, ...] = ()) -> Schema:
        """`raw` is a schema object found in the document at `base_uri`.

        `stack` holds the `$ref` targets being expanded on the way here; meeting one again is
        recursion and yields a marker instead of another expansion.
        """
        if raw is True or raw is None:
            return Schema()
        if raw is False or not isinstance(raw, dict):
            return Schema(description=None)
        if "$ref" in raw and isinstance(raw["$ref"], str):
            return self._build_ref(raw, base_uri, stack)
        if len(stack) > MAX_DEPTH:
            return Schema(recursive=True, types=_types(raw)[0])
        return self._build_plain(raw, base_uri, stack)

    def _build_ref(self, raw: dict[str, Any], base_uri: str, stack: tuple[str, ...]) -> Schema:
        target, key = self.store.resolve(raw["$ref"], base_uri)
        name = key.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~") or None
        if key in stack:
            types = _types(target)[0] if isinstance(target, dict) else ()
            if not types and isinstance(target, dict) and "properties" in target:
                types = ("object",)
            title = target.get("title") if isinstance(target, dict) else None
            return Schema(recursive=True, ref_name=name, types=types, title=title,
                          description=raw.get("description"))
        schema = self.build(target, key.split("#", 1)[0], (*stack, key))
        if schema.ref_name is None:
            schema = replace(schema, ref_name=name)
        # OpenAPI 3.1 allows siblings next to $ref; they describe this use of the schema.
        overrides = {k: raw[k] for k in ("description", "title") if isinstance(raw.get(k), str)}
        if "example" in raw:
            overrides["example"] = raw["example"]
        if "default" in raw:
            overrides["default"] = raw["default"]
        if raw.get("nullable") is True:
            overrides["nullable"] = True
        return replace(schema, **overrides) if overrides else schema

    def _build_plain(self, raw: dict[str, Any], base_uri: str, stack: tuple[str, ...]) -> Schema:
        raw = mended(raw)  # a keyword of the wrong shape read as the load warned (`lenient`)
        types, nullable = _types(raw)
        required = {r for r in raw.get("required", []) if isinstance(r, str)}
        properties = tuple(
            Property(name, self.build(sub, base_uri, stack), name in required)
            for name, sub in (raw.get("properties") or {}).items()
        )
        items = None
        if isinstance(raw.get("items"), (dict, bool)):
            items = self.build(raw["items"], base_uri, stack)
        elif isinstance(raw.get("prefixItems"), list) and raw["prefixItems"]:
            items = self.build(raw["prefixItems"][0], base_uri, stack)
        additional: Schema | bool | None = None
        if isinstance(raw.get("additionalProperties"), dict):
            additional = self.build(raw["additionalProperties"], base_uri, stack)
        elif isinstance(raw.get("additionalProperties"), bool):
            additional = raw["additionalProperties"]

        examples = raw.get("examples")
        example = raw["example"] if "example" in raw else (
            examples[0] if isinstance(examples, list) and examples else _MISSING
        )
        enum = tuple(v for v in raw.get("enum", []) if v is not None) if isinstance(raw.get("enum"), list) else ()
        if isinstance(raw.get("enum"), list) and None in raw["enum"]:
            nullable = True
        schema = Schema(
            types=types,
            nullable=nullable or raw.get("nullable") is True,
            format=raw.get("format") if isinstance(raw.get("format"), str) else None,
            title=raw.get("title") if isinstance(raw.get("title"), str) else None,
            description=raw.get("description") if isinstance(raw.get("description"), str) else None,
            properties=properties,
            items=items,
            additional_properties=additional,
            enum=enum,
            const=raw.get("const", _MISSING),
            default=raw.get("default", _MISSING),
            example=example,
            constraints=tuple((k, raw[k]) for k in CONSTRAINT_KEYWORDS if k in raw and raw[k] is not False),
            read_only=raw.get("readOnly") is True,
            write_only=raw.get("writeOnly") is True,
            deprecated=raw.get("deprecated") is True,
            raw=raw,
        )
        for kind in ("oneOf", "anyOf"):
            subs = raw.get(kind)
            if isinstance(subs, list) and subs:
                schema = self._with_alternatives(schema, kind, [self.build(s, base_uri, stack) for s in subs])
                break
        if isinstance(raw.get("allOf"), list) and raw["allOf"]:
            parts = [self.build(s, base_uri, stack) for s in raw["allOf"]]
            schema = merge_all_of(schema, parts, required)
        return schema

    @staticmethod
    def _with_alternatives(schema: Schema, kind: str, subs: list[Schema]) -> Schema:
        nulls = [s for s in subs if s.raw.get("type") == "null"]
        real = [s for s in subs if s.raw.get("type") != "null"]
        if nulls and len(real) == 1 and not schema.properties and not schema.types:
            # `anyOf: [X, {type: null}]` is 3.1's way to say "nullable X": show X.
            only = real[0]
            return replace(only, nullable=True, description=schema.description or only.description,
                           title=schema.title or only.title)
        alternatives = tuple(
            Alternative(sub.title or f"Option {index}", sub) for index, sub in enumerate(real, start=1)
        )
        return replace(schema, alternatives=alternatives, alternatives_kind=kind,
                       nullable=schema.nullable or bool(nulls))


def _types(raw: dict[str, Any]) -> tuple[tuple[str, ...], bool]:
    """JSON types of a schema (without "null") and whether null is allowed."""
    value = raw.get("type")
    # A type name JSON Schema does not have (a translated "cadena") counts as none written;
    # the load warned of it (`lenient`).
    values = [v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str) and v in JSON_TYPES]
    if not values:
        if "properties" in raw or "additionalProperties" in raw:
            values = ["object"]
        elif "items" in raw or "prefixItems" in raw:
            values = ["array"]
    return tuple(v for v in values if v != "null"), "null" in values


def _first(values: Iterable[Any], missing: Any = None) -> Any:
    for value in values:
        if value is not missing and value is not None and value != () and value != "":
            return value
    return missing


def merge_all_of(own: Schema, parts: list[Schema], own_required: set[str]) -> Schema:
    """One schema with every property of `own` and `parts`, the union of `required`.

    Properties keep first-seen order (parts in order, then the schema's own properties); a
    property defined several times is merged the same way.
    """
    everything = [p for p in parts if not p.recursive] + [own]
    by_name: dict[str, list[Property]] = {}
    for schema in everything:
        for prop in schema.properties:
            by_name.setdefault(prop.name, []).append(prop)
    required = set(own_required)
    for schema in everything:
        required.update(schema.required_names)
    properties = tuple(
        Property(
            name,
            props[0].schema if len(props) == 1
            else merge_all_of(props[-1].schema, [p.schema for p in props[:-1]], set()),
            name in required,
        )
        for name, props in by_name.items()
    )
    types: list[str] = []
    for schema in everything:
        types.extend(t for t in schema.types if t not in types)
    if properties and not types:
        types = ["object"]
    descriptions: list[str] = []
    for schema in parts:
        if schema.description and schema.description not in descriptions:
            descriptions.append(schema.description)
    alternatives_owner = _first([s for s in [own, *parts] if s.alternatives], None)
    items_parts = [s.items for s in everything if s.items is not None]
    constraints: dict[str, Any] = {}
    for schema in everything:
        for key, value in schema.constraints:
            constraints.setdefault(key, value)
    return Schema(
        types=tuple(types),
        nullable=own.nullable,
        format=_first([own.format, *(p.format for p in parts)]),
        title=_first([own.title, *(p.title for p in parts)]),
        description=own.description or ("\n\n".join(descriptions) or None),
        ref_name=own.ref_name,
        properties=properties,
        items=items_parts[0] if len(items_parts) == 1 else (
            merge_all_of(items_parts[-1], items_parts[:-1], set()) if items_parts else None
        ),
        additional_properties=_first([own.additional_properties, *(p.additional_properties for p in parts)]),
        alternatives=alternatives_owner.alternatives if alternatives_owner else (),
        alternatives_kind=alternatives_owner.alternatives_kind if alternatives_owner else None,
        enum=_first([own.enum, *(p.enum for p in parts)], ()) or (),
        const=_first([own.const, *(p.const for p in parts)], _MISSING),
        default=_first([own.default, *(p.default for p in parts)], _MISSING),
        example=_first([own.example, *(p.example for p in parts)], _MISSING),
        constraints=tuple(constraints.items()),
        read_only=any(s.read_only for s in everything),
        write_only=any(s.write_only for s in everything),
        deprecated=any(s.deprecated for s in everything),
        raw=own.raw,
    )
