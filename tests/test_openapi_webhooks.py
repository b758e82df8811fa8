"""OpenAPI 3.1 `webhooks`: a page's `openapi: "FILE webhook NAME"` (or `"webhook NAME"`) shows
the webhook as an API page (title, "Webhook" badge, the payload's fields and example,
responses) with nothing to send; a v2 `openapi` level makes pages for webhooks too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from visible_text import api_field_text, reader_text

from sitegen.pipeline import build

SIGNATURE = {"name": "X-Greenhouse-Signature", "in": "header", "required": True,
             "description": "HMAC of the body, signed with your webhook secret.", "schema": {"type": "string"}}
ACKNOWLEDGE = {"200": {"description": "Answer with any `2xx` status to acknowledge the delivery."}}

WEBHOOKS: dict[str, Any] = {  # in the style of a real API's webhooks file: no `paths` at all
    "openapi": "3.1.0",
    "info": {"title": "Greenhouse events", "version": "1.0"},
    "servers": [{"url": "https://api.greenhouse.example"}],
    # One operation to compare with: what a webhook page leaves out, an operation page has.
    "paths": {"/subscriptions": {"post": {"summary": "Subscribe to events", "tags": ["Subscriptions"],
                                          "responses": {"201": {"description": "Subscribed."}}}}},
    "webhooks": {
        "plantWatered": {"post": {
            "summary": "Plant watered",
            "description": "Sent each time the irrigation system waters a plant.",
            "tags": ["Plants"],
            "parameters": [{"$ref": "#/components/parameters/Signature"}],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"type": "object", "required": ["event", "plantId"], "properties": {
                    "event": {"type": "string", "const": "plant.watered", "description": "The event type."},
                    "plantId": {"type": "string", "format": "uuid", "description": "The watered plant's ID."},
                    "litres": {"type": "number", "description": "Water given, in litres."},
                    "sensor": {"$ref": "#/components/schemas/Sensor"},
                }},
                "example": {"event": "plant.watered", "plantId": "6f1c2d3e-0000-4000-8000-00000000abcd", "litres": 0.75},
            }}},
            "responses": ACKNOWLEDGE,
        }},
        # A Path Item reached through `$ref`, with its schema in components too.
        "sensorOffline": {"$ref": "#/components/pathItems/SensorOffline"},
        "soilTested": {"post": {"summary": "Soil tested", "x-hidden": True, "tags": ["Plants"],
                                "description": "Sent when a soil sample's analysis is ready.",
                                "responses": ACKNOWLEDGE}},
        "greenhouseAudited": {"post": {"summary": "Greenhouse audited", "x-excluded": True,
                                       "description": "Internal audit trail event.", "responses": ACKNOWLEDGE}},
    },
    "components": {
        "parameters": {"Signature": SIGNATURE},
        "schemas": {"Sensor": {"type": "object", "description": "The sensor that reported it.", "properties": {
            "serial": {"type": "string", "description": "Serial number printed on the sensor."},
            "batteryPercent": {"type": "integer", "description": "Charge left when it went quiet."},
        }}},
        "pathItems": {"SensorOffline": {"post": {
            "summary": "Sensor offline",
            "tags": ["Sensors"],
            "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Sensor"}}}},
            "responses": ACKNOWLEDGE,
        }}},
    },
}

FRENCH = {  # the French copy of the events file, as translated sites keep one per language
    "openapi": "3.1.0",
    "info": {"title": "Événements de la serre", "version": "1.0"},
    "webhooks": {"plantWatered": {"post": {
        "summary": "Plante arrosée",
        "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
            "litres": {"type": "number", "description": "Eau donnée, en litres."}}}}}},
        "responses": ACKNOWLEDGE,
    }}},
}


def make_project(root: Path, navigation: dict[str, Any], pages: dict[str, str]) -> Path:
    root.mkdir(parents=True)
    config = {"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "Greenhouse",
              "colors": {"primary": "#166534"}, "navigation": navigation}
    files: dict[str, Any] = {"docs.json": config, "api/events.json": WEBHOOKS, "fr/api/events.json": FRENCH,
                             "index.mdx": "---\ntitle: Welcome\n---\nHello.\n", **pages}
    for rel, content in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content if isinstance(content, str) else json.dumps(content, indent=2), encoding="utf-8")
    return root




WRITTEN_PAGES = {
    "api/plant-watered.mdx": '---\nopenapi: "api/events.json webhook plantWatered"\n---\n',
    "api/sensor-offline.mdx": '---\ntitle: "When a sensor goes quiet"\nopenapi: "webhook sensorOffline"\n---\n'
                              "Check the sensor's battery first.\n",
    "api/subscribe.mdx": '---\nopenapi: "api/events.json POST /subscriptions"\n---\n',
    "api/typo.mdx": '---\ntitle: Typo\nopenapi: "/api/events.json webhook plantwaterd"\n---\nStill a page.\n',
    "fr/api/plante-arrosee.mdx": '---\nopenapi: "/fr/api/events.json webhook plantWatered"\n---\n',
}
LANGUAGES = {"languages": [
    {"language": "en", "groups": [{"group": "Events", "pages": ["index", "api/plant-watered", "api/sensor-offline",
                                                                 "api/subscribe", "api/typo"]}]},
    {"language": "fr", "groups": [{"group": "Événements", "pages": ["fr/api/plante-arrosee"]}]},
]}


def test_a_page_naming_a_webhook_shows_its_payload_and_nothing_to_send(tmp_path: Path) -> None:
    project = make_project(tmp_path / "docs", LANGUAGES, WRITTEN_PAGES)
    report = build(project, tmp_path / "site")
    html = (tmp_path / "site/api/plant-watered/index.html").read_text(encoding="utf-8")
    assert "<title>Plant watered - Greenhouse</title>" in html
    endpoint = html[html.index('<div class="api-endpoint"'):html.index('<div class="api-columns"')]
    assert reader_text(endpoint) == "Webhook plantWatered"
    assert '<span class="method-badge method-webhook api-method">Webhook</span>' in endpoint
    assert api_field_text(html, "plantId") == "plantId string<uuid> required The watered plant's ID."
    assert api_field_text(html, "litres") == "litres number Water given, in litres."
    # The payload's fields, its signature header, the $ref'd schema's fields and the response.
    assert api_field_text(html, "X-Greenhouse-Signature").startswith("X-Greenhouse-Signature string required HMAC")
    assert "Serial number printed on the sensor." in html
    assert "Answer with any <code>2xx</code> status to acknowledge the delivery." in html
    panel = html[html.index('<div class="api-panel api-payload-example" id="payload-example">'):]
    panel = panel[:panel.index("</pre>")]
    assert json.loads(reader_text(panel).removeprefix("Payload Copy ")) == {
        "event": "plant.watered", "plantId": "6f1c2d3e-0000-4000-8000-00000000abcd", "litres": 0.75}
    # Nothing to call: no playground, no Send button, no code samples, no config for api.js
    # (which an operation's page of the same file has).
    operation = (tmp_path / "site/api/subscribe/index.html").read_text(encoding="utf-8")
    for absent in ('class="api-send', "api-playground", 'id="request-example"', 'class="api-config"',
                   'class="api-tab-panel api-sample"'):
        assert absent in operation
        assert absent not in html
    # The sidebar marks it as a webhook.
    assert '<span class="method-badge method-webhook">WEBHOOK</span>' in html
    assert ("api/typo.mdx:3: openapi: 'webhook plantwaterd' matches no webhook in api/events.json; "
            "closest: plantWatered; built as a plain page") in report.warnings
    assert len(report.warnings) == 1, report.warnings


def test_a_webhook_named_without_a_file_and_through_refs(tmp_path: Path) -> None:
    project = make_project(tmp_path / "docs", LANGUAGES, WRITTEN_PAGES)
    build(project, tmp_path / "site")
    html = (tmp_path / "site/api/sensor-offline/index.html").read_text(encoding="utf-8")
    assert "<title>When a sensor goes quiet - Greenhouse</title>" in html
    assert reader_text(html[html.index('<div class="api-endpoint"'):html.index('<div class="api-columns"')]) == (
        "Webhook sensorOffline")
    assert api_field_text(html, "batteryPercent") == "batteryPercent integer Charge left when it went quiet."
    assert "Check the sensor's battery first." in html
    markdown = (tmp_path / "site/api/sensor-offline.md").read_text(encoding="utf-8")
    assert "**Webhook** `sensorOffline`" in markdown
    assert "## Payload" in markdown
    assert "Example request" not in markdown


def test_a_webhook_page_in_a_language_folder_speaks_that_language(tmp_path: Path) -> None:
    project = make_project(tmp_path / "docs", LANGUAGES, WRITTEN_PAGES)
    build(project, tmp_path / "site")
    html = (tmp_path / "site/fr/api/plante-arrosee/index.html").read_text(encoding="utf-8")
    assert "<title>Plante arrosée - Greenhouse</title>" in html
    assert api_field_text(html, "litres") == "litres number Eau donnée, en litres."
    assert '<h2 id="api-body">Charge utile <span class="api-content-type">application/json</span></h2>' in html


def test_a_navigation_openapi_level_makes_webhook_pages(tmp_path: Path) -> None:
    navigation = {"groups": [
        {"group": "Start", "pages": ["index"]},
        {"group": "Events", "openapi": "api/events.json"},
        {"group": "Listed", "openapi": "api/events.json", "pages": ["webhook sensorOffline", "webhook soilTestd"]},
    ]}
    project = make_project(tmp_path / "docs", navigation, {})
    report = build(project, tmp_path / "site")
    site = tmp_path / "site"
    watered = (site / "api-reference/plants/plant-watered/index.html").read_text(encoding="utf-8")
    assert "<title>Plant watered - Greenhouse</title>" in watered
    assert api_field_text(watered, "plantId") == "plantId string<uuid> required The watered plant's ID."
    # `x-hidden`: built for links, not listed; `x-excluded`: no page at all.
    hidden = (site / "api-reference/plants/soil-tested/index.html").read_text(encoding="utf-8")
    assert '<meta name="robots" content="noindex">' in hidden
    assert not any("greenhouse-audited" in path.as_posix() for path in site.rglob("*"))
    sidebar = watered[watered.index('class="sidebar'):]
    assert 'href="../../../api-reference/sensors/sensor-offline/"' in sidebar
    assert "soil-tested" not in sidebar
    assert report.warnings == [
        "docs.json:25: navigation.groups[2].pages[1]: openapi: 'webhook soilTestd' matches no webhook in api/events.json; "
        "closest: soilTested; left out of the navigation"]
