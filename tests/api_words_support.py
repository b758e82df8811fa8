"""A beekeeping API in three languages (en, de, ja), each listing it in its own `openapi`
group as translated Mintlify sites do, and a page of hand-written fields in each: the words
a reader sees on them come from the page's language's table."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "de", "ja")
HIVES = {
    "openapi": "3.1.0",
    "info": {"title": "Hives", "version": "1"},
    "servers": [{"url": "https://api.hives.example"}],
    "components": {
        "securitySchemes": {"keeper": {"type": "http", "scheme": "basic"}},
        "schemas": {"Hive": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 40},
            "frames": {"type": "array", "minItems": 1, "maxItems": 10, "uniqueItems": True,
                       "items": {"type": "object", "properties": {
                           "slot": {"type": "integer", "multipleOf": 2, "exclusiveMinimum": 0}}}},
            "queen": {"oneOf": [{"type": "object", "properties": {"marked": {"type": "boolean"}}},
                                {"type": "string"}]},
            "notes": {"type": "object", "minProperties": 1, "maxProperties": 3,
                      "properties": {"weight": {"type": "number", "exclusiveMaximum": 90}}},
            "parent": {"$ref": "#/components/schemas/Hive"},
        }}},
    },
    "security": [{"keeper": []}],
    "paths": {"/hives/{hive_id}": {"put": {
        "tags": ["Hives"], "summary": "Replace a hive",
        "parameters": [
            {"name": "hive_id", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^h-[0-9]+$"}},
            {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}},
            {"name": "order", "in": "query", "schema": {"type": "string", "enum": ["asc", "desc"]}},
            {"name": "X-Trace", "in": "header", "deprecated": True, "schema": {"type": "string"}},
            {"name": "session", "in": "cookie", "schema": {"type": "string"}},
        ],
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Hive"}}}},
        "responses": {
            "200": {"description": "Replaced", "headers": {"X-Rate-Limit": {"schema": {"type": "integer"}}},
                    "content": {"application/json": {"schema": {"type": "object", "properties": {
                        "id": {"type": "string", "readOnly": True}}}}}},
            "default": {"description": "Failed"},
        },
    }}},
}
# Hand-written fields, as Mintlify's <ParamField>/<ResponseField>/<Expandable> document them.
FIELDS = """---
title: {title}
---

<ParamField query="limit" type="integer" required default="10" placeholder="25">
{text}
</ParamField>

<ResponseField name="hive" type="object" deprecated>
{text}

<Expandable title="{properties}">
<ResponseField name="id" type="string">{text}</ResponseField>
</Expandable>
</ResponseField>

<ResponseField name="frames" type="array">
<Expandable>
<ResponseField name="slot" type="integer">{text}</ResponseField>
</Expandable>
</ResponseField>
"""
FIELD_WORDS = {"en": ("Fields", "The count.", "properties"), "de": ("Felder", "Die Anzahl.", "Eigenschaften"),
               "ja": ("フィールド", "件数。", "プロパティ")}
API_PAGE = "{code}/api-reference/hives/replace-a-hive/index.html"


def hive_project(make_project: Callable[..., Path], server: str = "https://api.hives.example") -> Path:
    """The project, its API served at `server`."""
    navigation = {"languages": [{"language": code, "groups": [
        {"group": "Start", "pages": [f"{code}/fields"]},
        {"group": "API", "openapi": f"{code}/hives.json", "pages": ["PUT /hives/{hive_id}"]}]} for code in LANGUAGES]}
    spec = {**HIVES, "servers": [{"url": server}]}
    files: dict[str, Any] = {f"/{code}/hives.json": json.dumps(spec) for code in LANGUAGES}
    for code, (title, text, properties) in FIELD_WORDS.items():
        files[f"/{code}/fields.mdx"] = FIELDS.format(title=title, text=text, properties=properties)
    config = {"theme": "mint", "name": "Hives", "colors": {"primary": "#B8860B"}, "navigation": navigation}
    return make_project(config, files)
