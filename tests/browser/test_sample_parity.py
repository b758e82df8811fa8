"""The code samples api.js writes in Chromium are, byte for byte, the ones samples.py writes.

Both sides work from the page's PlaygroundSpec (the JSON in `.api-config`): for every API page
of the Plant Store docs (one page per operation of openapi.yaml) and of the greenhouse fixture
(path/query/header/cookie parameters, arrays, nested objects, a text body, bearer, basic and
API keys in the query and in a cookie), the test compares

- the spec the page carries with the one Python builds for the same operation;
- the samples the build highlighted, the ones api.js generates from the spec's sample values
  and the ones samples.py generates: all three equal;
- api.js and samples.py for the same entered values (awkward text, numbers, JSON, auth, body)
  and each base URL;
- what the form shows after a reader types into it, against samples.py for those values.

No normalization is applied. What the two sides cannot agree on is avoided in the inputs and
handled in samples.py instead: Python writes an integral float such as 2.0 as JavaScript does
("2", `_js_compatible`); object keys that look like array indices ("1") are listed first by
JavaScript, so bodies here have none.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from sitegen.config import load_config
from sitegen.openapi import build_api_view, load_openapi
from sitegen.openapi.playground import EnteredValues, PlaygroundSpec, display_from_front_matter
from sitegen.openapi.samples import generated_samples, request_from_spec
from sitegen.openapi.view import ApiView
from sitegen.pages import FRONT_MATTER

from conftest import FIXTURES, REPO, run_sitegen

pytestmark = pytest.mark.browser


@dataclass(frozen=True)
class ApiPage:
    url: str  # file:// URL of the built page
    view: ApiView  # what Python builds for the same operation and settings


def _api_pages(project: Path, spec_files: list[str]) -> list[ApiPage]:
    """Build `project` with the real CLI; each API page with its view built in this process."""
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    import yaml

    api = load_config(project).config.api
    catalog = load_openapi(project, spec_files)
    pages = []
    for source in sorted(project.rglob("*.mdx")):
        if "site" in source.relative_to(project).parts:
            continue
        match = FRONT_MATTER.match(source.read_text(encoding="utf-8"))
        meta = yaml.safe_load(match.group(1)) if match else None
        if not isinstance(meta, dict) or "openapi" not in meta:
            continue
        operation = catalog.find(meta["openapi"], str(source))
        view = build_api_view(operation, api, display=display_from_front_matter(meta.get("playground")))
        rel = source.relative_to(project / "content" if (project / "content").is_dir() else project)
        pages.append(ApiPage((project / "site" / rel.with_suffix("") / "index.html").as_uri(), view))
    return pages


@pytest.fixture(scope="module")
def api_pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ApiPage]]:
    plants = tmp_path_factory.mktemp("plants") / "plant-store"
    plants.mkdir()
    for name in ("docs.json", "openapi.yaml"):
        shutil.copy(REPO / name, plants / name)
    for folder in ("content", "images"):
        shutil.copytree(REPO / folder, plants / folder)
    # A page for every operation of openapi.yaml, beside the ones the docs already have.
    documented = {text for text in (p.read_text() for p in (plants / "content").rglob("*.mdx")) if "openapi:" in text}
    for operation in load_openapi(plants, ["openapi.yaml"]).operations():
        if not any(f"openapi: {operation.method} {operation.path}\n" in text for text in documented):
            slug = f"{operation.method.lower()}{operation.path.replace('/', '-').replace('{', '').replace('}', '')}"
            (plants / "content" / f"parity-{slug}.mdx").write_text(
                f"---\nopenapi: {operation.method} {operation.path}\n---\n", encoding="utf-8")
    greenhouse = tmp_path_factory.mktemp("greenhouse") / "greenhouse"
    shutil.copytree(FIXTURES / "mintlify" / "greenhouse", greenhouse)
    pages = _api_pages(plants, ["openapi.yaml"]) + _api_pages(greenhouse, ["openapi/greenhouse.yaml"])
    assert len(pages) >= 6
    yield pages


def python_samples(spec: PlaygroundSpec, base_url: str | None, entered: dict[str, Any] | None) -> dict[str, str]:
    values = None if entered is None else EnteredValues.from_json(entered)
    request = request_from_spec(spec, base_url, values)
    return {s.lang: s.source for s in generated_samples(request, spec.languages)}


def browser_samples(page: Any, spec_json: Any, base_url: str | None, entered: dict[str, Any] | None) -> dict[str, str]:
    return dict(page.evaluate("([spec, base, entered]) => window.sitegenApiSamples(spec, base, entered)",
                              [spec_json, base_url, entered]))


AWKWARD_TEXT = "fern & moss/ü 'x' \"y\" (1)*!~ `go` 100%+{id}<b>"


def awkward_value(kind: str, enum: tuple[str, ...]) -> Any:
    if enum:
        return json.loads(enum[-1])
    return {"integer": 7, "number": 2.0, "boolean": False,
            "json": [1, {"a": "b ü", "n": 0.1}]}.get(kind, AWKWARD_TEXT)


def entered_cases(spec: PlaygroundSpec) -> list[dict[str, Any]]:
    """What a reader might have entered: everything, odd values; and nothing at all."""
    params = [[i.location, i.name, awkward_value(i.kind, i.enum)] for i in spec.parameters]
    json_body = {"name": "Ünïcode 'quoted' `ticked` \\ \"x\"", "count": 2.0, "ratio": 1.25,
                 "items": [1.5, {"nested": True, "none": None, "empty": {}, "list": []}], "emoji": "🌱"}
    body = json_body if spec.body is None or spec.body.json else "line 1\nit's `raw` \\ \"text\"\n"
    auth = {"token": "tok/ü 'x'", "username": "ana maría", "password": "p:w'd`"}
    everything = {"params": params, "auth": auth, "body": body}
    nothing: dict[str, Any] = {"params": [], "auth": {}}
    null_body = {"params": params[:1], "auth": {"token": "Bearer-less"}, "body": None}
    return [everything, nothing, null_body]


def test_browser_and_python_samples_agree_byte_for_byte(api_pages: list[ApiPage], page: Any) -> None:
    compared = 0
    for api_page in api_pages:
        spec = api_page.view.spec
        page.goto(api_page.url)
        spec_json = page.evaluate("() => JSON.parse(document.querySelector('[data-api] .api-config').textContent)")
        assert spec_json == json.loads(spec.script_json()), api_page.url

        # As built: the highlighted panels, api.js from the sample values and samples.py agree.
        built = {lang: page.locator(f'.api-sample[data-lang="{lang}"] code').text_content()
                 for lang in spec.languages}
        from_python = {s.lang: s.source for s in api_page.view.samples}
        assert python_samples(spec, None, None) == from_python, api_page.url
        assert browser_samples(page, spec_json, None, None) == from_python, api_page.url
        assert built == from_python, api_page.url

        for entered in entered_cases(spec):
            for base_url in (*spec.base_urls, ""):
                expected = python_samples(spec, base_url, entered)
                from_browser = browser_samples(page, spec_json, base_url, entered)
                assert list(from_browser) == list(expected)
                for lang, text in expected.items():  # one language at a time: pytest shows the line that differs
                    assert from_browser[lang] == text, (api_page.url, lang, base_url, entered)
                compared += len(expected)
    assert compared >= 4 * 3 * 6


def page_for(api_pages: list[ApiPage], path: str) -> ApiPage:
    return next(p for p in api_pages if p.view.path == path)


def panel_texts(page: Any, languages: tuple[str, ...]) -> dict[str, str]:
    return {lang: page.locator(f'.api-sample[data-lang="{lang}"] code').text_content() for lang in languages}


def test_samples_follow_the_form_as_samples_py_would_write_them(api_pages: list[ApiPage], page: Any) -> None:
    readings = page_for(api_pages, "/greenhouses/{greenhouseId}/sensors/{sensorId}/readings")
    page.goto(readings.url)
    page.fill('[data-auth="token"]', "k3y/ü")
    page.fill('[data-field="path"][data-name="greenhouseId"]', "south wing (new)")
    page.fill('[data-field="path"][data-name="sensorId"]', "7")
    page.fill('[data-field="query"][data-name="metrics"]', '["lux", "humidity"]')
    page.fill('[data-field="query"][data-name="since"]', "2024-05-01T06:00:00+02:00")
    page.select_option('[data-field="query"][data-name="unit"]', '"fahrenheit"')
    page.fill('[data-field="query"][data-name="limit"]', "20")
    page.fill('[data-field="header"][data-name="X-Request-Id"]', "req 1")
    page.fill('[data-field="cookie"][data-name="tz"]', "Europe/Zürich")
    entered = {"params": [["path", "greenhouseId", "south wing (new)"], ["path", "sensorId", 7],
                          ["query", "metrics", ["lux", "humidity"]], ["query", "since", "2024-05-01T06:00:00+02:00"],
                          ["query", "unit", "fahrenheit"], ["query", "limit", 20], ["header", "X-Request-Id", "req 1"],
                          ["cookie", "tz", "Europe/Zürich"]],
               "auth": {"token": "k3y/ü"}}
    expected = python_samples(readings.view.spec, None, entered)
    assert panel_texts(page, readings.view.spec.languages) == expected
    assert "sensors/7/readings?metrics=%5B%22lux%22%2C%22humidity%22%5D&since=2024-05-01T06%3A00%3A00%2B02%3A00" \
           "&unit=fahrenheit&limit=20&api_key=k3y%2F%C3%BC" in expected["bash"]

    # Another base URL from the selector: the samples move with it.
    page.select_option(".api-base-select", "http://127.0.0.1:8040/v2")
    assert panel_texts(page, readings.view.spec.languages) == python_samples(
        readings.view.spec, "http://127.0.0.1:8040/v2", entered)

    schedules = page_for(api_pages, "/greenhouses/{greenhouseId}/schedules")
    page.goto(schedules.url)
    page.fill('[data-auth="username"]', "gärtner")
    page.fill("[data-raw-body]", '{"name": "Dusk", "zones": [{"zone": "B2", "litres": 2.0, "nozzles": [4]}]}')
    entered = {"params": [], "auth": {"username": "gärtner", "password": ""},
               "body": {"name": "Dusk", "zones": [{"zone": "B2", "litres": 2, "nozzles": [4]}]}}
    # The base URL chosen on the other page is remembered.
    expected = python_samples(schedules.view.spec, "http://127.0.0.1:8040/v2", entered)
    assert panel_texts(page, schedules.view.spec.languages) == expected
    assert "--user 'gärtner:<password>'" in expected["bash"]
