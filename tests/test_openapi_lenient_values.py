"""Values in an OpenAPI file that its own schema does not accept (a `default` of the wrong
shape): Mintlify renders those pages, so sitegen warns, naming the file, the JSON path and
the value, shows the value as written, and refuses only with --strict."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from sitegen.errors import SitegenError
from sitegen.openapi import load_openapi
from sitegen.pipeline import build_site

# An API whose output formats are objects, while the shared schema's default writes the
# short string form: the shape a real v2 reference ships (a list of strings for a list of
# objects), which the validator refuses.
HARVEST: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Harvest API", "version": "2"},
    "servers": [{"url": "https://api.harvest.example/v2"}],
    "paths": {
        "/harvest": {"post": {
            "summary": "Start a harvest",
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object",
                "properties": {"field": {"type": "string"}, "formats": {"$ref": "#/components/schemas/Formats"}},
            }}}},
            "responses": {"200": {"description": "Started"}},
        }},
    },
    "components": {"schemas": {"Formats": {
        "type": "array",
        "description": "What to return.",
        "items": {"oneOf": [
            {"type": "object", "title": "Crates", "properties": {"type": {"type": "string", "enum": ["crates"]}},
             "required": ["type"]},
            {"type": "object", "title": "Tally", "properties": {"type": {"type": "string", "enum": ["tally"]}},
             "required": ["type"]},
        ]},
        "default": ["crates"],
    }}},
}
WARNING = ("api-reference/harvest-openapi.json: /components/schemas/Formats/default: default [\"crates\"] does not "
           "match its schema ('crates' is not valid under any of the given schemas at /0); "
           "shown and used in examples as written")
PAGE = "---\nopenapi: \"/api-reference/harvest-openapi.json POST /harvest\"\n---\n"


def project(make_project: Callable[..., Path], spec: dict[str, Any], **config: Any) -> Path:
    docs = {"theme": "mint", "name": "Harvest", "colors": {"primary": "#2F6B3A"},
            "navigation": {"groups": [{"group": "API", "pages": ["api-reference/start"]}]}, **config}
    return make_project(docs, {"/api-reference/start.mdx": PAGE,
                               "/api-reference/harvest-openapi.json": json.dumps(spec, indent=2)})


def test_a_default_its_schema_refuses_is_one_warning_naming_where_it_is_written(tmp_path: Path) -> None:
    (tmp_path / "api-reference").mkdir()
    (tmp_path / "api-reference" / "harvest-openapi.json").write_text(json.dumps(HARVEST))
    notes: list[str] = []
    catalog = load_openapi(tmp_path, ["api-reference/harvest-openapi.json"], notes=notes)
    # Reached through a $ref from the request body, named where the file writes it.
    assert notes == [WARNING]
    assert [op.ref for op in catalog.operations()] == ["POST /harvest"]


def test_the_api_page_is_built_with_the_default_as_written(make_project: Callable[..., Path]) -> None:
    # No `openapi` key: the file is found in the tree, as in the repositories that ship one
    # per language; its warning joins the build's.
    site = build_site(project(make_project, HARVEST))
    assert site.warnings == [WARNING]
    html = site.files["api-reference/start/index.html"].decode()
    assert '<span class="method-badge method-post api-method">POST</span>' in html
    facts = re.search(r'<code class="api-field-name">formats</code>.*?<div class="api-field-facts">(.*?)</div>',
                      html, re.S)
    assert facts is not None
    assert unescape(re.sub(r"<[^>]+>", "", facts.group(1))).split() == ["default:", '["crates"]']


def test_a_file_docs_json_names_warns_the_same_way(make_project: Callable[..., Path]) -> None:
    site = build_site(project(make_project, HARVEST, api={"openapi": "api-reference/harvest-openapi.json"}))
    assert site.warnings == [WARNING]


def test_strict_refuses_it(make_project: Callable[..., Path]) -> None:
    with pytest.raises(SitegenError) as info:
        build_site(project(make_project, HARVEST), strict=True)
    assert info.value.messages == [f"{WARNING} (--strict)"]


def test_a_default_that_fits_says_nothing_and_a_broken_schema_is_still_an_error(
        make_project: Callable[..., Path]) -> None:
    fitting = json.loads(json.dumps(HARVEST))
    fitting["components"]["schemas"]["Formats"]["default"] = [{"type": "crates"}]
    assert build_site(project(make_project, fitting)).warnings == []
    broken = json.loads(json.dumps(HARVEST))
    broken["components"]["schemas"]["Formats"]["uniqueItems"] = "yes"  # a boolean keyword, not a boolean
    site = build_site(project(make_project, broken))
    refused = [w for w in site.warnings if w.startswith("api-reference/harvest-openapi.json: /components/schemas/")]
    assert refused and all(w.endswith("; api-reference/harvest-openapi.json left out of the API pages")
                           for w in refused), site.warnings
    pages = [w for w in site.warnings if w not in refused]
    assert pages and all(w.startswith("api-reference/start.mdx:2: openapi: ") and w.endswith("; built as a plain page")
                         for w in pages), pages
    assert "api-method" not in site.files["api-reference/start/index.html"].decode()
