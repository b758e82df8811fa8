"""Request/response shapes of the Plant Store API, mirroring openapi.yaml.

Validation is strict on purpose: the schema says `id` is an integer and `name` a
string, so `"7"`, `1.5`, `true` or `3` are client errors, not values to coerce.
The one exception is JSON Schema's own: `7.0` is an integer.
Unknown fields are ignored because the schema does not forbid them.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import from_json

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
FLOAT_EXACT = 2**53  # every integer below this is exactly representable as a float


class Plant(BaseModel):
    """The 200 body: `name` and optional `tag`; the id is deliberately not echoed."""

    model_config = ConfigDict(strict=True, extra="ignore")

    name: str
    tag: str | None = None

    @field_validator("tag", mode="before")
    @classmethod
    def _tag_not_null(cls, value: Any) -> Any:
        # The schema types tag as a plain string: absent is fine, an explicit null is not.
        if value is None:
            raise ValueError("must be a string, not null")
        return value

    def to_json(self) -> bytes:
        return self.model_dump_json(exclude_none=True).encode()


class NewPlant(Plant):
    """The POST /plants request body: a Plant plus a required int64 `id`."""

    id: int = Field(ge=INT64_MIN, le=INT64_MAX)

    @field_validator("id", mode="before")
    @classmethod
    def _integral_number(cls, value: Any) -> Any:
        # JSON Schema (and so openapi.yaml) counts 7.0 as an integer, so accept a number
        # with a zero fraction (parse_new_plant passes a JSON float as the exact Decimal);
        # "7", 7.5 and true still fail the strict int check.
        if isinstance(value, float) and value.is_integer() and abs(value) < FLOAT_EXACT:
            return int(value)
        if isinstance(value, Decimal) and value.is_finite():
            if value.adjusted() > 18:  # 10**19 or more: outside int64, and too big to convert cheaply
                return INT64_MAX + 1 if value > 0 else INT64_MIN - 1
            if value == value.to_integral_value():
                return int(value)
        return value

    def to_plant(self) -> Plant:
        return Plant(name=self.name, tag=self.tag) if self.tag is not None else Plant(name=self.name)


class InvalidBody(ValueError):
    """The body is not a valid NewPlant; `str(exc)` is the message for the client."""


def parse_new_plant(body: bytes) -> NewPlant:
    """Parse and validate a raw JSON body, turning every failure into InvalidBody."""
    try:
        # Parse first so that NaN/Infinity, which are not JSON, are refused as such.
        data = from_json(body, allow_inf_nan=False)
    except ValueError as exc:
        raise InvalidBody(f"malformed JSON: {exc}") from None
    if isinstance(data, dict) and isinstance(data.get("id"), float):
        # Read again as the number the client wrote: as a float, 9007199254740993.0 would be
        # ...992 and 7.0000000000000001 would be 7.
        data["id"] = _exact_id(body)
    try:
        return NewPlant.model_validate(data)
    except ValidationError as exc:
        raise InvalidBody(describe(exc)) from None


def _exact_id(body: bytes) -> object:
    """The id of `body` (valid JSON, an object) as the number its text says: a Decimal,
    which `NewPlant` takes as an integer only if it is one."""
    try:
        data = json.loads(body, parse_float=Decimal, parse_int=Decimal)
    except (ValueError, RecursionError):  # not expected: the same body parsed above
        return None
    return data.get("id") if isinstance(data, dict) else None


def describe(exc: ValidationError) -> str:
    """One line naming each problem, e.g. `id must be an integer; name is required`."""
    problems: list[str] = []
    for error in exc.errors(include_url=False):
        kind = error["type"]
        field = ".".join(str(part) for part in error["loc"])
        if kind == "json_invalid":
            return f"malformed JSON: {error.get('ctx', {}).get('error', error['msg'])}"
        if kind in ("model_type", "model_attributes_type", "dict_type"):
            return "request body must be a JSON object (NewPlant)"
        if kind == "missing":
            problems.append(f"{field} is required")
        elif kind == "int_type" or kind == "int_from_float":
            problems.append(f"{field} must be an integer")
        elif kind == "string_type":
            problems.append(f"{field} must be a string")
        elif kind == "value_error":
            problems.append(f"{field} {error.get('ctx', {}).get('error', error['msg'])}")
        elif kind in ("greater_than_equal", "less_than_equal"):
            problems.append(f"{field} is outside the int64 range [{INT64_MIN}, {INT64_MAX}]")
        else:
            problems.append(f"{field}: {error['msg']}" if field else error["msg"])
    return "invalid NewPlant: " + "; ".join(problems)
