"""The API playground in real Chromium against the real Plant Store reference server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import free_port, run_sitegen
from refserver_helpers import TOKEN, Server, start_server

pytestmark = pytest.mark.browser

API_PAGE = "site/api-reference/plants/create/index.html"


@pytest.fixture
def refserver(tmp_path: Path) -> Iterator[Server]:
    server = start_server(tmp_path / "plants.db")
    yield server
    server.stop()


def build_with_api(project: Path, base_url: str | list[str], mode: str = "show") -> str:
    config = json.loads((project / "docs.json").read_text())
    config["api"]["baseUrl"] = base_url
    config["api"]["playground"] = {"mode": mode}
    (project / "docs.json").write_text(json.dumps(config, indent=2))
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    return (project / API_PAGE).as_uri()


def send(page: Any) -> tuple[str, str]:
    page.click(".api-send")
    status = page.locator("[data-result-status]")
    page.wait_for_function("() => { const s = document.querySelector('[data-result-status]').textContent;"
                           " return s && s !== 'Sending…'; }")
    return status.inner_text(), page.locator("[data-result-body]").inner_text()


def sample(page: Any, label: str) -> str:
    page.click(f".api-samples .api-tab:text-is('{label}')")
    return page.locator(f'.api-sample[data-label="{label}"] pre').inner_text()


def test_send_a_plant_then_a_plant_without_name(example_project: Path, refserver: Server, page: Any) -> None:
    page.goto(build_with_api(example_project, refserver.url))
    page.fill('[data-auth="token"]', TOKEN)
    page.fill('[data-field="body"][data-name="id"]', "41")
    page.fill('[data-field="body"][data-name="name"]', "Monstera deliciosa")
    page.fill('[data-field="body"][data-name="tag"]', "tropical")
    # Numbers stay numbers in the JSON that is sent.
    assert json.loads(page.input_value("[data-raw-body]")) == {"id": 41, "name": "Monstera deliciosa", "tag": "tropical"}

    status, body = send(page)
    assert status.startswith("200")
    assert json.loads(body) == {"name": "Monstera deliciosa", "tag": "tropical"}
    assert page.locator("[data-result-time]").inner_text().endswith(" ms")
    assert "content-type" in (page.locator("[data-result-headers]").text_content() or "")

    # The code samples follow what was entered.
    curl = sample(page, "cURL")
    assert f"Authorization: Bearer {TOKEN}" in curl and '"name": "Monstera deliciosa"' in curl
    assert f"{refserver.url}/plants" in curl
    assert '"id": 41,' in sample(page, "Python")
    assert "Monstera deliciosa" in sample(page, "Go") and "Monstera deliciosa" in sample(page, "JavaScript")

    # Without `name` the server answers 400 with an Error body.
    page.fill('[data-field="body"][data-name="name"]', "")
    page.fill('[data-field="body"][data-name="id"]', "42")
    assert "name" not in json.loads(page.input_value("[data-raw-body]"))
    status, body = send(page)
    assert status.startswith("400")
    error = json.loads(body)
    assert set(error) == {"error", "message"} and isinstance(error["error"], int)
    assert "api-status-4xx" in (page.get_attribute("[data-result-status]", "class") or "")

    # The token lives in sessionStorage only.
    stored = page.evaluate("() => [JSON.stringify(sessionStorage), JSON.stringify(localStorage)]")
    assert TOKEN in stored[0] and TOKEN not in stored[1]


def test_raw_json_editor_drives_the_fields(example_project: Path, refserver: Server, page: Any) -> None:
    page.goto(build_with_api(example_project, refserver.url))
    page.fill('[data-auth="token"]', TOKEN)
    page.fill("[data-raw-body]", '{"id": 7, "name": "Fern"}')
    assert page.input_value('[data-field="body"][data-name="name"]') == "Fern"
    assert page.input_value('[data-field="body"][data-name="id"]') == "7"
    status, body = send(page)
    assert status.startswith("200") and json.loads(body)["name"] == "Fern"
    page.fill("[data-raw-body]", '{"id": 8, ')
    status, _ = send(page)
    assert status == "Not sent"
    assert "not valid JSON" in page.locator("[data-result-error]").inner_text()


def test_wrong_token_shows_401(example_project: Path, refserver: Server, page: Any) -> None:
    page.goto(build_with_api(example_project, refserver.url))
    page.fill('[data-auth="token"]', "not-the-token")
    page.fill("[data-raw-body]", '{"id": 9, "name": "Cactus"}')
    status, body = send(page)
    assert status.startswith("401") and "message" in json.loads(body)


def test_unreachable_server_is_explained(example_project: Path, page: Any) -> None:
    dead = f"http://127.0.0.1:{free_port()}"
    page.goto(build_with_api(example_project, dead))
    page.fill('[data-auth="token"]', TOKEN)
    page.fill("[data-raw-body]", '{"id": 1, "name": "Ivy"}')
    status, _ = send(page)
    assert status == "Not sent"
    message = page.locator("[data-result-error]").inner_text()
    assert f"No response from {dead}/plants" in message and "CORS" in message


def test_base_url_selector_is_remembered_across_pages(example_project: Path, refserver: Server, page: Any) -> None:
    url = build_with_api(example_project, [refserver.url, "https://api.plantstore.example"])
    page.goto(url)
    page.select_option(".api-base-select", "https://api.plantstore.example")
    assert "https://api.plantstore.example/plants" in sample(page, "cURL")
    assert page.locator("[data-send-target]").inner_text() == "POST https://api.plantstore.example/plants"
    page.goto((example_project / "site/index.html").as_uri())
    page.goto(url)
    assert page.input_value(".api-base-select") == "https://api.plantstore.example"
    assert "https://api.plantstore.example/plants" in sample(page, "Python")


def test_modes_change_the_form(example_project: Path, refserver: Server, page: Any) -> None:
    page.goto(build_with_api(example_project, refserver.url, "show"))
    assert page.locator(".api-form").is_visible() and page.locator('[data-auth="token"]').count() == 1

    page.goto(build_with_api(example_project, refserver.url, "simple"))
    assert page.locator(".api-playground-simple").is_visible()
    assert page.locator(".api-form, .api-send, [data-auth]").count() == 0
    assert " ".join(page.locator(".api-simple-endpoint").inner_text().split()) == f"POST {refserver.url}/plants"
    assert page.locator(".api-samples").is_visible()  # examples stay

    page.goto(build_with_api(example_project, refserver.url, "hide"))
    assert page.locator(".api-playground").count() == 0
    assert page.locator(".api-body .api-field-name").all_inner_texts() == ["id", "name", "tag"]


def test_the_playground_answers_in_the_pages_language(make_project: Any, page: Any) -> None:
    """A German page's playground says what it did in German: its words travel with the page."""
    spec = {"openapi": "3.1.0", "info": {"title": "Saatgut", "version": "1"},
            "servers": [{"url": "https://api.saatgut.example"}],
            "paths": {"/tueten/{tuete_id}": {"get": {"summary": "Eine Tuete lesen", "parameters": [
                {"name": "tuete_id", "in": "path", "required": True, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "Die Tüte"}}}}}}
    navigation = {"languages": [
        {"language": "en", "groups": [{"group": "Start", "pages": ["index"]}]},
        {"language": "de", "groups": [{"group": "Start", "pages": ["de/index"]},
                                      {"group": "API", "openapi": "de/saatgut.json", "pages": ["GET /tueten/{tuete_id}"]}]},
    ]}
    project = make_project({"theme": "mint", "name": "Saatgut", "colors": {"primary": "#2F6B3A"}, "navigation": navigation},
                           {"/index.mdx": "---\ntitle: Start\n---\n\nText.\n", "/de/index.mdx": "---\ntitle: Start\n---\n\nText.\n",
                            "/de/saatgut.json": json.dumps(spec)})
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    page.goto((project / "site/de/api-reference/eine-tuete-lesen/index.html").as_uri())
    assert page.locator(".api-send").inner_text() == "Senden"
    page.click(".api-send")
    assert page.locator("[data-result-status]").inner_text() == "Nicht gesendet"
    assert page.locator("[data-result-error]").inner_text() == "Bitte die Pflichtfelder ausfüllen: tuete_id."
