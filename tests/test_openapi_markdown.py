"""OpenAPI descriptions are CommonMark: what a reader of a built API page sees of them in the
page header, the parameters, the schema properties, the responses and the authorization,
and that nothing in them runs (no raw HTML, no script links)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sitegen.pipeline import build_site

# An operation written the way real service references write them: emphasis, inline code and
# a link to a guide of the same site in every description.
ORCHARD: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Orchard API", "version": "1"},
    "servers": [{"url": "https://api.orchard.example/v1", "description": "The *main* server"}],
    "components": {"securitySchemes": {"orchardKey": {
        "type": "http", "scheme": "bearer", "description": "Send your **API key** from the `Keys` page."}}},
    "security": [{"orchardKey": []}],
    "paths": {"/trees/{tree_id}/harvest": {"post": {
        "tags": ["Trees"],
        "summary": "Start a harvest",
        "description": "Starts a harvest of **one tree**. Pass `tree_id` from [the guide](/en/guides/start).",
        "parameters": [{"name": "tree_id", "in": "path", "required": True, "schema": {"type": "string"},
                        "description": "The tree's **id**."}],
        "requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "properties": {"basket": {"type": "string", "description": "Basket *size*, see `sizes`."}},
        }}}},
        "responses": {"200": {
            "description": "The harvest **started**.",
            "headers": {"X-Crates": {"description": "Crates **left**", "schema": {"type": "integer"}}},
            "content": {"application/json": {"schema": {
                "type": "object", "properties": {"crates": {"type": "integer", "description": "Crates *filled*."}},
            }}},
        }},
    }}},
}
PAGE = "en/api-reference/trees/start-a-harvest/index.html"


def orchard_site(make_project: Callable[..., Path], spec: dict[str, Any]) -> dict[str, str]:
    docs = {"theme": "mint", "name": "Orchard", "colors": {"primary": "#2F6B3A"},
            "navigation": {"languages": [{"language": "en", "groups": [
                {"group": "Guides", "pages": ["en/guides/start"]},
                {"group": "Trees", "openapi": "en/api-reference/orchard.json", "pages": ["POST /trees/{tree_id}/harvest"]},
            ]}]}}
    project = make_project(docs, {"/en/guides/start.mdx": "---\ntitle: Start\n---\n\nPlant first.\n",
                                  "/en/api-reference/orchard.json": json.dumps(spec, indent=2)})
    site = build_site(project)
    assert site.warnings == []
    return {path: data.decode() for path, data in site.files.items() if path.endswith(".html")}


def first(html: str, pattern: str) -> str:
    match = re.search(pattern, html, re.S)
    assert match, pattern
    return match.group(1).strip()


@pytest.fixture
def page(make_project: Callable[..., Path]) -> str:
    return orchard_site(make_project, ORCHARD)[PAGE]


def test_the_header_shows_the_operations_description_as_markdown(page: str) -> None:
    header = first(page, r'<header class="page-header" id="header">(.*?)</header>')
    assert first(header, r'<div class="page-description">(.*?)</div>') == (
        '<p>Starts a harvest of <strong>one tree</strong>. Pass <code>tree_id</code> from '
        '<a href="../../../../en/guides/start/">the guide</a>.</p>')
    assert "**" not in header and "`" not in header
    # Shown once: the header has it, so the reference above the fields does not repeat it.
    assert 'class="api-description"' not in page
    # The description tags hold what a reader sees of it, as text.
    assert '<meta name="description" content="Starts a harvest of one tree. Pass tree_id from the guide.">' in page


def test_every_other_description_is_markdown_too(page: str) -> None:
    shown = [html.strip() for html in re.findall(
        r'<div class="api-(?:field|section)-description">(.*?)</div>', page, re.S)]
    assert shown == [
        "<p>Bearer token: <code>Authorization: Bearer &lt;token&gt;</code> (security scheme <code>orchardKey</code>)</p>\n"
        "              <p>Send your <strong>API key</strong> from the <code>Keys</code> page.</p>",
        "<p>The tree's <strong>id</strong>.</p>",
        "<p>Basket <em>size</em>, see <code>sizes</code>.</p>",
        "<p>The harvest <strong>started</strong>.</p>",
        "<p>Crates <em>filled</em>.</p>",
        "<p>Crates <strong>left</strong></p>",
    ]
    assert 'class="api-base" title="The main server"' in page  # a tooltip is text


def test_a_link_in_a_description_is_written_like_the_pages_own(page: str) -> None:
    guide = first(page, r'<a href="([^"]*)">the guide</a>')
    own = first(page, r'<a class="pager-prev" href="([^"]*)"')  # the theme's link to the guide
    assert guide == own == "../../../../en/guides/start/"


def test_raw_html_and_script_links_in_a_description_stay_text(make_project: Callable[..., Path]) -> None:
    spec = json.loads(json.dumps(ORCHARD))
    operation = spec["paths"]["/trees/{tree_id}/harvest"]["post"]
    operation["description"] = ("Harvest <img src=x onerror=alert(1)> **now**, "
                                "[click](javascript:alert(2)) or [mail](mailto:crew@orchard.example).")
    html = orchard_site(make_project, spec)[PAGE]
    assert first(html, r'<div class="page-description">(.*?)</div>') == (
        "<p>Harvest &lt;img src=x onerror=alert(1)&gt; <strong>now</strong>, "
        '[click](javascript:alert(2)) or <a href="mailto:crew@orchard.example">mail</a>.</p>')
    assert "<img src=x" not in html and 'href="javascript' not in html


def test_a_directory_card_shows_the_operations_description_as_text(make_project: Callable[..., Path]) -> None:
    docs = {"theme": "mint", "name": "Orchard", "colors": {"primary": "#2F6B3A"},
            "navigation": {"languages": [{"language": "en", "groups": [
                {"group": "Guides", "pages": ["en/guides/start"]},
                {"group": "Trees", "root": "en/trees", "directory": "card", "openapi": "en/api-reference/orchard.json",
                 "pages": ["POST /trees/{tree_id}/harvest"]},
            ]}]}}
    project = make_project(docs, {"/en/trees.mdx": "---\ntitle: Trees\n---\n\nEvery tree call.\n",
                                  "/en/guides/start.mdx": "---\ntitle: Start\n---\n\nPlant first.\n",
                                  "/en/api-reference/orchard.json": json.dumps(ORCHARD)})
    html = build_site(project).files["en/trees/index.html"].decode()
    assert first(html, r'<div class="card-body">(.*?)</div>') == "Starts a harvest of one tree. Pass tree_id from the guide."
