"""Example values generated from schemas, for request bodies, responses and parameters.

Preference order: the schema's `example`/`examples`, `default`, `const`, the first `enum`
value, then a placeholder by type and format.
"""

from __future__ import annotations

from typing import Any, Literal

from sitegen.openapi.model import MediaType, Parameter
from sitegen.openapi.schema import Property, Schema, ordered_properties

Direction = Literal["request", "response"]
# A placeholder string is padded to its schema's `minLength`, up to this many characters: a
# `minLength: 3000000000` (a slip of the keyboard) would not fit in memory.
MAX_PADDED_LENGTH = 256

STRING_FORMATS: dict[str, str] = {
    "date-time": "2024-01-01T12:00:00Z",
    "date": "2024-01-01",
    "time": "12:00:00",
    "duration": "P1D",
    "email": "user@example.com",
    "idn-email": "user@example.com",
    "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    "uri": "https://example.com",
    "url": "https://example.com",
    "uri-reference": "/example",
    "iri": "https://example.com",
    "hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "byte": "U3dhZ2dlciByb2Nrcw==",
    "binary": "<binary>",
    "password": "********",
    "regex": "^.*$",
}


def schema_example(schema: Schema, direction: Direction = "response", *, required_only: bool = False,
                   maintain_order: bool = True, _depth: int = 0) -> Any:
    """A JSON value that fits `schema`.

    `direction` drops readOnly properties from requests and writeOnly ones from responses;
    `required_only` keeps just the required properties (minimal request bodies);
    `maintain_order=False` lists keys in the display order (required first, then A-Z).
    """
    def again(inner: Schema) -> Any:
        return schema_example(inner, direction, required_only=required_only, maintain_order=maintain_order,
                              _depth=_depth + 1)
    if schema.has_example:
        return schema.example
    if schema.has_default:
        return schema.default
    if schema.has_const:
        return schema.const
    if schema.enum:
        return schema.enum[0]
    if schema.recursive or _depth > 12:
        return [] if schema.is_array else ({} if schema.is_object or not schema.types else None)
    if schema.alternatives:
        return again(schema.alternatives[0].schema)
    if schema.is_object:
        return {prop.name: again(prop.schema) for prop in ordered_properties(schema, maintain_order)
                if _shown(prop, direction, required_only)}
    if schema.is_array:
        return [] if schema.items is None else [again(schema.items)]
    return _scalar_example(schema)


def _shown(prop: Property, direction: Direction, required_only: bool) -> bool:
    """Whether an example of `direction` has the property."""
    if direction == "request" and prop.schema.read_only:
        return False
    if direction == "response" and prop.schema.write_only:
        return False
    return prop.required or not required_only


def _scalar_example(schema: Schema) -> Any:
    """A string, number, boolean or null that fits the type, format and minimum constraints;
    {} when the schema names no type at all."""
    constraints = dict(schema.constraints)
    kind = schema.types[0] if schema.types else None
    if kind == "string":
        if schema.format in STRING_FORMATS:
            return STRING_FORMATS[schema.format]
        text = "string"
        min_length = constraints.get("minLength")
        if isinstance(min_length, int) and min_length > len(text):
            length = min(min_length, MAX_PADDED_LENGTH)
            text = (text * (length // len(text) + 1))[:length]
        return text
    if kind in ("integer", "number"):
        value: int | float = 0
        minimum = constraints.get("minimum", constraints.get("exclusiveMinimum"))
        if isinstance(minimum, (int, float)) and not isinstance(minimum, bool) and minimum > 0:
            value = minimum + (1 if "exclusiveMinimum" in constraints and "minimum" not in constraints else 0)
        return int(value) if kind == "integer" else value
    if kind == "boolean":
        return True
    if kind == "null":
        return None
    return None if schema.types else {}


def media_example(media: MediaType, direction: Direction = "response", *, required_only: bool = False,
                  maintain_order: bool = True) -> Any:
    """The media type's own example, else one generated from its schema (None without either)."""
    if media.has_example:
        return media.example
    if media.schema is None:
        return None
    return schema_example(media.schema, direction, required_only=required_only, maintain_order=maintain_order)


def parameter_example(param: Parameter) -> Any:
    if param.has_example:
        return param.example
    return schema_example(param.schema, "request")
