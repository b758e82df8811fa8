"""The built API page: what a reader of the Plant Store reference sees in the HTML."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import unescape
from pathlib import Path

import yaml

from conftest import run_sitegen

PAGE = Path("site/api-reference/plants/create/index.html")


def text_of(html: str) -> str:
    """Visible text, tags stripped and whitespace collapsed."""
    html = re.sub(r"<script\b.*?</script>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def section(html: str, css_class: str) -> str:
    start = html.index(f'class="api-section {css_class}"')
    end = html.find('<section class="api-section', start + 10)
    return html[start:end if end > 0 else len(html)]


def build(project: Path) -> str:
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    return (project / PAGE).read_text()


def test_plant_store_api_page_has_what_a_reader_needs(example_project: Path) -> None:
    html = build(example_project)
    endpoint = html[html.index('class="api-endpoint"'):html.index('class="api-columns"')]
    assert '<span class="method-badge method-post api-method">POST</span>' in endpoint
    assert '<code class="api-path">/plants</code>' in endpoint
    # api.baseUrl is a list: both offered, the first selected by default.
    assert re.findall(r'<option value="([^"]+)">', endpoint) == ["http://127.0.0.1:8765", "https://api.plantstore.example"]
    assert "<title>Create a plant - Plant Store</title>" in html  # title defaults to the summary

    auth = text_of(section(html, "api-auth"))
    assert "Authorization string header required" in auth
    assert "Authorization: Bearer <token>" in auth

    body = section(html, "api-body")
    rows = re.findall(r'<code class="api-field-name">(\w+)</code>\s*<span class="api-field-type">([^<]+)</span>\s*'
                      r'(<span class="api-required">required</span>)?', body)
    assert [(name, unescape(kind), bool(req)) for name, kind, req in rows] == [
        ("id", "integer<int64>", True), ("name", "string", True), ("tag", "string", False)]
    assert "Identification number of the plant" in text_of(body)

    responses = {m.group(1): html[m.start():] for m in re.finditer(r'<div class="api-response" id="api-response-(\d+)"', html)}
    assert list(responses) == ["200", "400", "401"]
    ok = text_of(responses["200"].split('<div class="api-response"', 2)[1])
    assert "plant response" in ok and "name string required" in ok and "tag string" in ok
    bad = text_of(responses["400"].split('<div class="api-response"', 2)[1])
    assert "unexpected error" in bad and "error integer<int32> required" in bad and "message string required" in bad
    assert "WWW-Authenticate" in text_of(responses["401"])

    samples = dict(re.findall(r'data-label="([^"]+)" data-lang="(\w+)" data-generated', html))
    assert samples == {"cURL": "bash", "Python": "python", "JavaScript": "javascript", "Go": "go"}
    panel = html[html.index('class="api-panel api-samples"'):html.index('class="api-panel api-response-examples"')]
    sample_text = unescape(re.sub(r"<[^>]+>", "", panel))  # highlighting spans removed, code intact
    assert "curl --request POST" in sample_text and "http://127.0.0.1:8765/plants" in sample_text
    assert "Authorization: Bearer <token>" in sample_text
    assert "requests.request" in sample_text and "await fetch(" in sample_text and "http.NewRequest" in sample_text
    # Generated response examples, one tab per status.
    examples = html[html.index('class="api-panel api-response-examples"'):]
    assert re.findall(r'role="tabpanel" data-label="(\d+)"', examples) == ["200", "400", "401"]
    assert '"name"' in text_of(examples) and '"message"' in text_of(examples)

    # The playground (mode "show") has the auth input and typed inputs for the three fields.
    assert 'data-auth="token"' in html
    assert re.findall(r'data-field="body" data-name="(\w+)" data-kind="(\w+)"', html) == [
        ("id", "integer"), ("name", "string"), ("tag", "string")]
    assert 'class="api-send"' in html

    # The stylesheet and script are linked relatively, so the page works from disk and sub-paths.
    assert 'href="../../../_sitegen/api.css"' in html and 'src="../../../_sitegen/api.js"' in html
    assert (example_project / "site/_sitegen/api.js").is_file()


def test_sidebar_shows_the_method_badge(example_project: Path) -> None:
    html = build(example_project)
    sidebar = html[html.index('class="sidebar"'):html.index('id="content"')]
    assert re.search(r'<span class="method-badge method-post">POST</span>\s*<span>Create a plant</span>', sidebar)


def test_maintain_order_keeps_spec_order(example_project: Path) -> None:
    config = json.loads((example_project / "docs.json").read_text())
    config["api"]["maintainOrder"] = True
    (example_project / "docs.json").write_text(json.dumps(config))
    body = section(build(example_project), "api-body")
    assert re.findall(r'<code class="api-field-name">(\w+)</code>', body) == ["name", "tag", "id"]


def test_playground_modes(example_project: Path) -> None:
    config = json.loads((example_project / "docs.json").read_text())
    config["api"]["playground"]["mode"] = "simple"
    (example_project / "docs.json").write_text(json.dumps(config))
    html = build(example_project)
    assert 'class="api-playground api-playground-simple"' in html
    assert "<form" not in html.split('class="api"', 1)[1] and "data-auth" not in html
    assert "http://127.0.0.1:8765/plants" in text_of(html)
    config["api"]["playground"]["mode"] = "hide"
    (example_project / "docs.json").write_text(json.dumps(config))
    html = build(example_project)
    assert "api-playground" not in html
    assert 'class="api-section api-body"' in html  # the reference itself stays


def test_script_in_a_spec_description_is_inert(make_project: Callable[..., Path]) -> None:
    spec = yaml.safe_load((Path(__file__).resolve().parents[1] / "openapi.yaml").read_text())
    evil = "Creates a plant <script>window.pwned = 1</script> <img src=x onerror=\"window.pwned = 2\">"
    spec["paths"]["/plants"]["post"]["description"] = evil
    spec["paths"]["/plants"]["post"]["summary"] = "Make </script><script>window.pwned=3</script>"
    spec["components"]["schemas"]["Plant"]["properties"]["name"]["description"] = "<script>alert('name')</script>"
    spec["components"]["schemas"]["Plant"]["properties"]["name"]["example"] = "</script><script>alert(1)</script>"
    project = make_project(
        {"name": "Evil", "navigation": [{"group": "API", "pages": ["create"]}], "openapi": "openapi.yaml"},
        {"create.mdx": "---\nopenapi: POST /plants\n---\n", "/openapi.yaml": yaml.safe_dump(spec)},
    )
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    html = (project / "site/create/index.html").read_text()
    # Only the theme's own scripts: the config JSON, the linked files, the head script and the
    # sidebar's one-line call; nothing from the spec.
    scripts = re.findall(r"<script\b[^>]*>", html)
    theirs = [s for s in scripts if not ('type="application/json"' in s or "src=" in s or s == "<script>"
                                         or s.startswith('<script data-root="../" data-current="create">'))]
    assert theirs == [], scripts
    assert "<script>window.pwned" not in html and "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;window.pwned = 1&lt;/script&gt;" in html
    assert "&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;" in html or "&lt;script&gt;alert('name')&lt;/script&gt;" in html


def test_unknown_operation_is_a_warning_and_a_plain_page(example_project: Path) -> None:
    page = example_project / "content/api-reference/plants/create.mdx"
    text = page.read_text()
    line = text.splitlines().index("openapi: POST /plants") + 1
    page.write_text(text.replace("openapi: POST /plants", "openapi: GET /pets"))
    result = run_sitegen("build", example_project)
    assert result.returncode == 0, result.stderr
    intro = (example_project / "content/introduction.mdx").read_text().splitlines()
    link_line = next(n for n, text in enumerate(intro, 1) if "create.mdx#playground" in text)
    assert result.stderr.splitlines() == [
        f"warning: content/api-reference/plants/create.mdx:{line}: openapi: 'GET /pets' matches no operation "
        "in openapi.yaml; built as a plain page",
        # The plain page has no playground, so the introduction's link to it is stale now.
        f"warning: content/introduction.mdx:{link_line}: link to 'api-reference/plants/create#playground': "
        "no heading 'playground' on that page; link kept"]
    html = (example_project / "site/api-reference/plants/create/index.html").read_text()
    assert 'class="api-path"' not in html and '<div class="prose">' in html
    strict = run_sitegen("build", example_project, "--strict")
    assert strict.returncode == 1 and strict.stderr.startswith("error: content/api-reference/plants/create.mdx:")


def test_invalid_spec_is_a_build_error_with_its_json_pointer(example_project: Path) -> None:
    spec = yaml.safe_load((example_project / "openapi.yaml").read_text())
    del spec["paths"]["/plants"]["post"]["responses"]["200"]["description"]
    (example_project / "openapi.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    result = run_sitegen("build", example_project)
    assert result.returncode == 1
    assert result.stderr.replace('"', "'").splitlines() == [
        "error: openapi.yaml: /paths/~1plants/post/responses/200: 'description' is a required property"]


def test_spec_from_a_url(example_project: Path, static_server: Callable[[Path], str], tmp_path: Path) -> None:
    served = tmp_path / "served"
    served.mkdir()
    # Served under another name, so only the URL can provide it (the local file stays: a page links to it).
    (served / "plant-store.yaml").write_text((example_project / "openapi.yaml").read_text())
    config = json.loads((example_project / "docs.json").read_text())
    config["openapi"] = static_server(served) + "plant-store.yaml"
    (example_project / "docs.json").write_text(json.dumps(config))
    html = build(example_project)
    assert '<code class="api-path">/plants</code>' in html
