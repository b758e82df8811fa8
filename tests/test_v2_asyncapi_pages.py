"""Front matter `asyncapi:` (a channel page outside the navigation's generated ones) and
docs.json v2 `api.asyncapi`, on tests/fixtures/mintlify/seedbank-v2 (live/*.mdx)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from test_v2_pages import text_of

from sitegen.pipeline import build_site


def test_front_matter_asyncapi_shows_the_page_text_then_the_channel(seedbank: Path) -> None:
    site = build_site(seedbank)
    # `asyncapi: lotUpdates`: looked up in api.asyncapi; title and description from the channel
    html = site.files["live/lot-feed/index.html"].decode()
    assert "<title>Lot updates - Seedbank</title>" in html
    assert '<meta name="description" content="Changes to one seed lot as they happen.">' in html
    text = text_of(site.files["live/lot-feed/index.html"])
    assert text.startswith("Lot updates Changes to one seed lot as they happen. Open one socket per lot you care "
                           "about.")
    assert ("the vault does not replay missed changes. Address: /lots/{lotId} Parameters # lotId : The seed lot "
            "to follow. Operations # Receive followLot : Receive every change to a lot (messages: Lot changed)") in text
    assert "lotId string required: The lot that changed." in text
    # `asyncapi: "FILE channel"`: the page's own title and description win
    html = site.files["live/sensor-readings/index.html"].decode()
    assert "<title>Sensor readings - Seedbank</title>" in html
    text = text_of(site.files["live/sensor-readings/index.html"])
    assert text.startswith("Sensor readings Push cold-room temperatures to the vault. Each cold room has its own "
                           "sensor. Send a reading at least once a minute. Address: /vault/temperature")
    assert "Send reportReading : Send a sensor reading (messages: TemperatureReading)" in text
    assert not [w for w in site.warnings if "asyncapi" in w]


def test_a_channel_that_cannot_be_found_is_a_warning_and_the_page_keeps_its_text(seedbank: Path) -> None:
    config = json.loads((seedbank / "docs.json").read_text())
    del config["api"]  # no api.asyncapi, and no `asyncapi` level: a bare channel name has nowhere to look
    config["navigation"]["tabs"].pop()
    (seedbank / "docs.json").write_text(json.dumps(config, indent=2))
    readings = seedbank / "live" / "sensor-readings.mdx"
    readings.write_text(readings.read_text().replace("vault-events.yaml temperature", "vault-events.yaml humidity"))
    (seedbank / "live" / "doors.mdx").write_text("---\ntitle: Doors\nasyncapi: one two three\n---\n\nDoor sensors.\n")
    site = build_site(seedbank)
    assert ("live/lot-feed.mdx:2: asyncapi: no AsyncAPI document to find 'lotUpdates' in (write 'FILE lotUpdates', "
            "or name the file in docs.json's api.asyncapi); page built without it") in site.warnings
    assert ("live/sensor-readings.mdx:4: asyncapi: no channel 'humidity' in /asyncapi/vault-events.yaml "
            "(channels: lotUpdates, temperature); page built without it") in site.warnings
    assert ("live/doors.mdx:3: asyncapi: 'one two three' is not 'CHANNEL' or 'FILE CHANNEL'; "
            "page built without it") in site.warnings
    assert text_of(site.files["live/sensor-readings/index.html"]).startswith(
        "Sensor readings Push cold-room temperatures to the vault. Each cold room has its own sensor. Send a "
        "reading at least once a minute.")
    assert "Address:" not in text_of(site.files["live/sensor-readings/index.html"])


def test_a_channel_warning_survives_openapi_files_found_by_discovery(make_project: Callable[..., Path]) -> None:
    # No `openapi` key: the OpenAPI files are discovered, and their warnings join the others.
    project = make_project({"name": "Greenhouse", "navigation": [{"group": "Live", "pages": ["feed", "plants"]}]}, {
        "feed.mdx": "---\ntitle: Feed\nasyncapi: /events.yaml humidity\n---\n\nReadings as they come.\n",
        "plants.mdx": "---\nopenapi: GET /plants\n---\n",
        "/openapi.yaml": "openapi: 3.1.0\ninfo: {title: Greenhouse, version: '1'}\npaths:\n  /plants:\n"
                         "    get: {summary: List plants, responses: {'200': {description: OK}}}\n",
        "/events.yaml": "asyncapi: 3.0.0\ninfo: {title: Events, version: '1'}\n"
                        "channels: {temperature: {address: /temperature}}\n",
    })
    site = build_site(project)
    assert site.warnings == ["content/feed.mdx:3: asyncapi: no channel 'humidity' in /events.yaml "
                             "(channels: temperature); page built without it"]
    assert "List plants" in site.files["plants/index.html"].decode()


def test_a_front_matter_spec_outside_the_project_is_refused(seedbank: Path, tmp_path: Path) -> None:
    (tmp_path / "private.yaml").write_text("asyncapi: 3.0.0\ninfo: {title: Private, version: '1'}\n"
                                           "channels: {secret: {address: /secret-address}}\n")
    (seedbank / "live" / "doors.mdx").write_text("---\ntitle: Doors\nasyncapi: ../private.yaml secret\n---\n\nDoors.\n")
    site = build_site(seedbank)
    assert ("live/doors.mdx:3: asyncapi: '../private.yaml' is outside the project; not read; "
            "page built without it") in site.warnings
    assert b"secret-address" not in site.files["live/doors/index.html"]


def test_the_dev_server_follows_an_edited_channel(seedbank: Path) -> None:
    from sitegen.serve.reuse import DevBuilder

    builder = DevBuilder(seedbank)
    builder.build()
    spec = seedbank / "asyncapi" / "vault-events.yaml"
    spec.write_text(spec.read_text().replace("The lot that changed.", "Which lot changed."))
    site = builder.rebuild([spec])
    assert "lotId string required: Which lot changed." in text_of(site.files["live/lot-feed/index.html"])
