"""The PlaygroundSpec of an API page: display modes, v2 example settings, what the page shows."""

from __future__ import annotations

import json
from pathlib import Path

from sitegen.config import ApiConfig, load_config
from sitegen.i18n import ui_strings
from sitegen.openapi import build_api_view, load_openapi
from sitegen.openapi.model import Operation
from sitegen.openapi.playground import (
    ExampleOptions,
    PlaygroundDisplay,
    display_from_classic,
    display_from_front_matter,
    params_expanded_from_v2,
    sample_languages,
)
from sitegen.theme import load_theme

from conftest import REPO, run_sitegen

GREENHOUSE = REPO / "tests/fixtures/mintlify/greenhouse"


def readings() -> Operation:
    return load_openapi(GREENHOUSE, ["openapi/greenhouse.yaml"]).find(
        "GET /greenhouses/{greenhouseId}/sensors/{sensorId}/readings", "p.mdx")


def schedules() -> Operation:
    return load_openapi(GREENHOUSE, ["openapi/greenhouse.yaml"]).find(
        "POST /greenhouses/{greenhouseId}/schedules", "p.mdx")


def test_every_spelling_of_the_display_maps_onto_one_enum() -> None:
    assert [display_from_classic(m) for m in ("show", "simple", "hide")] == list(PlaygroundDisplay)
    assert [display_from_front_matter(v) for v in ("show", "interactive", "simple", "hide", "none")] == [
        PlaygroundDisplay.INTERACTIVE, PlaygroundDisplay.INTERACTIVE, PlaygroundDisplay.SIMPLE,
        PlaygroundDisplay.NONE, PlaygroundDisplay.NONE]
    assert display_from_front_matter("full") is None and display_from_front_matter(3) is None
    view = build_api_view(readings(), ApiConfig.model_validate({"playground": {"mode": "hide"}}))
    assert (view.display, view.playground) == (PlaygroundDisplay.NONE, "hide")
    assert json.loads(view.client_config)["display"] == "none"


def test_v2_playground_display_reaches_the_same_enum(tmp_path: Path) -> None:
    # v2's spelling arrives through the config (config.v2 maps it onto the classic mode).
    for display, expected in zip(("interactive", "simple", "none"), PlaygroundDisplay, strict=True):
        (tmp_path / "docs.json").write_text(json.dumps({
            "theme": "mint", "name": "Greenhouse", "colors": {"primary": "#15803D"},
            "navigation": {"groups": [{"group": "API", "pages": ["index"]}]},
            "api": {"playground": {"display": display}}}))
        assert build_api_view(readings(), load_config(tmp_path).config.api).display == expected


def test_v2_example_languages_pick_and_order_the_sample_tabs() -> None:
    assert sample_languages(["python", "curl", "ruby", "node"]) == (("bash", "python", "javascript"), ("ruby",))
    assert sample_languages(None) == (("bash", "python", "javascript", "go"), ())
    languages, _ = sample_languages(["go", "py"])
    view = build_api_view(readings(), examples=ExampleOptions(languages=languages))
    assert [s.label for s in view.samples] == ["Python", "Go"]  # tab order stays the usual one
    assert json.loads(view.client_config)["languages"] == ["python", "go"]


def test_v2_example_defaults_all_adds_the_optional_values() -> None:
    required = build_api_view(readings()).samples[0].source
    every = build_api_view(readings(), examples=ExampleOptions(defaults="all")).samples[0].source
    assert "unit=" not in required and "Accept-Language" not in required
    assert "&unit=celsius&limit=50&api_key=<api-key>'" in every
    assert "--header 'Accept-Language: fr-CH, fr;q=0.9'" in every
    body = build_api_view(schedules(), examples=ExampleOptions(defaults="all")).samples[0].source
    assert '"enabled": true' in body and '"days": [' in body
    assert '"enabled"' not in build_api_view(schedules()).samples[0].source


def test_the_template_and_the_script_read_the_same_spec(tmp_path: Path) -> None:
    view = build_api_view(schedules(), ApiConfig.model_validate({"auth": {"method": "basic", "name": "account:key"}}),
                          params_expanded=params_expanded_from_v2("all"))
    html = load_theme(tmp_path).environment().get_template("api/operation.html").render(api=view, page_features=(), ui=ui_strings(None))
    config = json.loads(view.client_config)
    # The form has one input per spec input, in the spec's order, with the spec's kinds.
    assert [(i["in"], i["name"], i["kind"]) for i in config["inputs"]] == [
        ("path", "greenhouseId", "string"), ("header", "Idempotency-Key", "string"),
        ("body", "name", "string"), ("body", "start", "string"), ("body", "zones", "json"),
        ("body", "days", "json"), ("body", "enabled", "boolean"), ("body", "notify", "json")]
    for field in config["inputs"]:
        assert f'data-field="{field["in"]}" data-name="{field["name"]}" data-kind="{field["kind"]}"' in html
    assert config["auth"] == {"method": "basic", "location": "header", "name": None,
                              "basicLabels": ["account", "key"], "inputPrefix": ""}
    assert '<span class="api-input-label">account</span>' in html
    assert config["sampleValues"]["params"] == [["path", "greenhouseId", "north"],
                                                ["header", "Idempotency-Key", "sched-2024-05-01"]]
    assert '<details class="api-children" open>' in html
    closed = load_theme(tmp_path).environment().get_template("api/operation.html").render(
        api=build_api_view(schedules()), page_features=(), ui=ui_strings(None))
    assert '<details class="api-children">' in closed and "api-children\" open" not in closed


def test_front_matter_playground_none_leaves_the_samples(example_project: Path) -> None:
    page = example_project / "content/api-reference/plants/create.mdx"
    page.write_text("---\nopenapi: POST /plants\nplayground: none\n---\nText\n")
    result = run_sitegen("build", example_project)
    assert result.returncode == 0 and "front matter" not in result.stderr
    html = (example_project / "site/api-reference/plants/create/index.html").read_text()
    assert 'data-display="none"' in html and 'class="api-playground' not in html
    assert 'class="api-panel api-samples"' in html
