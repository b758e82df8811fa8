"""v2 docs.json pages and settings beyond the classic model: API pages generated from an
`openapi` navigation level and `"GET /path"` entries, `variables`, `errors.404` and
`api.examples` / `api.params.expanded` (tests/fixtures/mintlify/seedbank-v2)."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

from sitegen.config import load_config
from sitegen.nav import build_navigation
from sitegen.pages import discover_pages
from sitegen.pipeline import build, build_site
from sitegen.pipeline.output import BuiltSite
from sitegen.pipeline.steps import attach_operations

from conftest import edit_config

GENERATED = {
    "api-reference/seeds/list-seed-lots": "List seed lots",
    "api-reference/seeds/get-a-seed-lot": "Get a seed lot",
    "api-reference/reservations/reserve-seeds": "Reserve seeds",
    "api-reference/get-health": "GET /health",  # no summary, no tag: method and path
}


def text_of(html: bytes) -> str:
    body = html.decode()
    body = body[body.index("<article"):body.index("</article>")]
    body = re.sub(r'<a class="copy-page".*?</a>', "", body, flags=re.S)  # the page's control, not its text
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).strip())


def sections(project: Path) -> list[list[tuple[str, list[str]]]]:
    """Each section's groups as (title, page ids), after the build's API step."""
    loaded = load_config(project)
    pages = discover_pages(project)
    operations = attach_operations(project, loaded, tuple(p for p in pages if p.openapi),
                                   page_ids=frozenset(p.id for p in pages))
    assert operations.loaded is not None
    navigation = build_navigation(operations.loaded, operations.apply(pages), project)
    return [[(group.title, [item.page.id for item in group.walk()]) for group in section.groups]
            for section in navigation.sections]


# --- pages from an `openapi` navigation level ------------------------------------------


def test_an_openapi_tab_gets_a_page_per_operation_grouped_by_tag(seedbank: Path) -> None:
    assert sections(seedbank) == [
        [("Get started", ["index", "quickstart", "api-reference/seeds/get-a-seed-lot"])],
        [("Seeds", ["api-reference/seeds/list-seed-lots", "api-reference/seeds/get-a-seed-lot"]),
         ("Reservations", ["api-reference/reservations/reserve-seeds"]),
         ("", ["api-reference/get-health"])],
        [("", ["api-reference/lotupdates", "api-reference/temperature"])],
    ]


def test_generated_pages_are_api_pages_with_mintlify_urls_and_titles(seedbank: Path) -> None:
    site = build_site(seedbank)
    for page_id, title in GENERATED.items():
        html = site.files[f"{page_id}/index.html"].decode()
        assert f"<title>{title} - Seedbank</title>" in html
        assert 'class="api"' in html and "data-api" in html  # the API page template
    listing = text_of(site.files["api-reference/seeds/list-seed-lots/index.html"])
    assert listing.startswith("Seeds List seed lots Lots currently in the vault, newest first.")
    assert "species" in listing
    assert not list(seedbank.rglob("api-reference"))  # nothing written into the project
    # The quickstart's link to a generated page resolves (no broken-link warning).
    assert not [w for w in site.warnings if "quickstart" in w]


def test_an_unknown_operation_entry_is_a_warning_with_its_line(seedbank: Path) -> None:
    site = build_site(seedbank)
    assert ("docs.json:31: navigation.tabs[0].groups[0].pages[3]: openapi: 'GET /nowhere' matches no operation "
            "in openapi/seedbank.yaml; left out of the navigation") in site.warnings


def test_a_source_object_directory_and_a_file_named_entry(seedbank: Path) -> None:
    edit_config(seedbank, navigation={"groups": [
        {"group": "Start", "pages": ["index", "quickstart", "openapi/seedbank.yaml POST /reservations"]},
        {"group": "Reference", "openapi": {"source": "openapi/seedbank.yaml", "directory": "Reference"}},
    ]})
    # One page per operation: the one listed first keeps its URL where it is listed again.
    assert sections(seedbank)[:1] == [[
        ("Start", ["index", "quickstart", "api-reference/reservations/reserve-seeds"]),
        ("Reference", ["reference/seeds/list-seed-lots", "reference/seeds/get-a-seed-lot",
                       "api-reference/reservations/reserve-seeds", "reference/get-health"]),
    ]]


def test_pages_that_would_share_a_url_get_numbers(seedbank: Path) -> None:
    (seedbank / "api-reference" / "seeds").mkdir(parents=True)
    (seedbank / "api-reference" / "seeds" / "list-seed-lots.mdx").write_text("---\ntitle: Handwritten\n---\nMine.\n")
    site = build_site(seedbank)
    assert "<title>Handwritten - Seedbank</title>" in site.files["api-reference/seeds/list-seed-lots/index.html"].decode()
    assert "<title>List seed lots - Seedbank</title>" in site.files[
        "api-reference/seeds/list-seed-lots-1/index.html"].decode()


def test_generated_pages_come_from_the_persistent_cache_and_follow_the_spec(seedbank: Path) -> None:
    build(seedbank)
    spec = seedbank / "openapi" / "seedbank.yaml"
    spec.write_text(spec.read_text().replace("summary: Reserve seeds", "summary: Hold seeds"))
    build(seedbank)
    site = seedbank / "site"
    assert not (site / "api-reference/reservations/reserve-seeds").exists()
    assert "<title>Hold seeds - Seedbank</title>" in (
        site / "api-reference/reservations/hold-seeds/index.html").read_text()


# --- variables ------------------------------------------------------------------------


def test_variables_are_replaced_in_text_title_description_and_code(seedbank: Path) -> None:
    site = build_site(seedbank)
    html = site.files["index.html"].decode()
    assert "<title>Welcome to Seedbank - Seedbank</title>" in html
    text = text_of(site.files["index.html"])
    assert text.startswith("Get started Welcome to Seedbank What Seedbank keeps, and how to ask for it "
                           "Seedbank stores seed lots for community gardens. Every request goes to "
                           "https://api.seedbank.example .")
    assert "https://api.seedbank.example/seeds" in text and "Seedbank is replaced in code too" in text
    assert "Ask your {{coordinator}} for an API key." in text  # undefined: shown as written
    assert "index.mdx:12: {{coordinator}} is not among docs.json's variables; left as written" in site.warnings
    assert not [w for w in site.warnings if "expression" in w]


def test_undefined_placeholders_in_code_are_left_alone_without_a_warning(seedbank: Path) -> None:
    (seedbank / "quickstart.mdx").write_text(
        "---\ntitle: Quickstart for {{product}}\n---\n\n```go\nfmt.Println(\"{{ .Name }}\")\n```\n\n"
        "Inline `{{ template }}` too; {{ apiHost }} outside.\n")
    site = build_site(seedbank)
    text = text_of(site.files["quickstart/index.html"])
    assert "Quickstart for Seedbank" in text
    assert '{{ .Name }}' in text and "{{ template }}" in text and "api.seedbank.example outside" in text
    assert not [w for w in site.warnings if w.startswith("quickstart.mdx")]


def test_without_variables_braces_stay_mdx_expressions(seedbank: Path) -> None:
    config = json.loads((seedbank / "docs.json").read_text())
    del config["variables"]
    (seedbank / "docs.json").write_text(json.dumps(config))
    site = build_site(seedbank)
    assert "index.mdx:6: expression {{product}} is not a value sitegen can compute; left out" in site.warnings


def test_a_variable_that_is_not_text_is_a_config_warning(seedbank: Path) -> None:
    edit_config(seedbank, variables={"product": "Seedbank", "apiHost": "h", "regions": ["eu", "us"]})
    assert ("docs.json: variables.regions: [\"eu\", \"us\"] is not a string; left out (`{{regions}}` stays as "
            "written)") in load_config(seedbank).warnings


def test_a_long_variable_value_is_quoted_shortened(seedbank: Path) -> None:
    regions = [f"region-{number}" for number in range(40)]
    edit_config(seedbank, variables={"product": "Seedbank", "apiHost": "h", "regions": regions})
    quoted = json.dumps(regions)[:39] + "…"  # 40 characters, and marked as cut
    assert (f"docs.json: variables.regions: {quoted} is not a string; left out (`{{{{regions}}}}` stays as "
            "written)") in load_config(seedbank).warnings


# --- errors.404 -----------------------------------------------------------------------


def not_found(site: BuiltSite) -> str:
    return site.files["404.html"].decode()


def test_custom_404_title_and_markdown_description(seedbank: Path) -> None:
    html = not_found(build_site(seedbank))
    assert "<title>This seed is not in the vault - Seedbank</title>" in html
    assert ('<p class="page-description">Try the search, or start again from the '
            '<a href="quickstart/">quickstart</a>.</p>') in html
    assert "location.replace" not in html


def test_404_redirect_true_sends_visitors_home(seedbank: Path) -> None:
    edit_config(seedbank, errors={"404": {"redirect": True}})
    html = not_found(build_site(seedbank))
    assert "<title>Page not found - Seedbank</title>" in html
    assert 'location.replace(new URL("./", document.baseURI).href)' in html


# --- api.examples and api.params.expanded ---------------------------------------------


def test_examples_languages_pick_the_sample_tabs_and_warn_on_unknown_ones(seedbank: Path) -> None:
    edit_config(seedbank, api={"examples": {"languages": ["python", "curl", "ruby"], "defaults": "all"},
                               "params": {"expanded": "all"}})
    site = build_site(seedbank)
    assert ("docs.json:51: api.examples.languages[2]: 'ruby' has no code sample generator (known: bash, python, "
            "javascript, go, curl, shell, sh, py, js, node, golang); left out") in site.warnings
    html = site.files["api-reference/seeds/list-seed-lots/index.html"].decode()
    config = json.loads(re.search(r'<script type="application/json" class="api-config">(.*?)</script>', html,
                                  re.S).group(1))  # type: ignore[union-attr]
    assert config["languages"] == ["bash", "python"]
    assert '<details class="api-children" open>' in html  # api.params.expanded: "all"


def test_nested_fields_stay_folded_by_default(seedbank: Path) -> None:
    html = build_site(seedbank).files["api-reference/seeds/list-seed-lots/index.html"].decode()
    assert '<details class="api-children">' in html and '<details class="api-children" open>' not in html


# --- AsyncAPI -------------------------------------------------------------------------


def test_an_asyncapi_tab_gets_a_read_only_page_per_channel(seedbank: Path) -> None:
    site = build_site(seedbank)
    html = site.files["api-reference/lotupdates/index.html"].decode()
    assert "<title>Lot updates - Seedbank</title>" in html and "data-api" not in html  # no playground
    assert text_of(site.files["api-reference/lotupdates/index.html"]) == (
        "Lot updates Changes to one seed lot as they happen. Address: /lots/{lotId} "
        "Parameters # lotId : The seed lot to follow. "
        "Operations # Receive followLot : Receive every change to a lot (messages: Lot changed) "
        "Messages # Lot changed # Content type: application/json Payload object "
        "lotId string required: The lot that changed. grams integer required: Grams left after the change. "
        'reason string (one of "reserved" , "restocked" , "discarded" ) '
        "Previous GET /health Next temperature"
    )
    temperature = text_of(site.files["api-reference/temperature/index.html"])
    assert "Send reportReading : Send a sensor reading (messages: TemperatureReading)" in temperature
    assert "sensor object id string room string" in temperature  # a $ref'd payload, nested


def test_asyncapi_2_publish_and_subscribe_read_as_receive_and_send(seedbank: Path) -> None:
    (seedbank / "asyncapi" / "legacy.yml").write_text(
        "asyncapi: 2.6.0\ninfo: {title: Legacy vault feed, version: '0.9'}\nchannels:\n"
        "  vault/doors:\n    description: Door sensors.\n"
        "    publish:\n      operationId: openDoor\n      message:\n        name: DoorCommand\n"
        "        payload: {type: object, properties: {door: {type: string}}}\n"
        "    subscribe:\n      summary: Door events\n      message:\n        oneOf:\n"
        "          - {name: DoorOpened, payload: {type: object, properties: {at: {type: string, format: date-time}}}}\n"
        "          - {name: DoorClosed}\n")
    edit_config(seedbank, navigation={"groups": [
        {"group": "Start", "pages": ["index", "quickstart"]},
        {"group": "Legacy feed", "asyncapi": {"source": "/asyncapi/legacy.yml", "directory": "feeds"}},
    ]})
    site = build_site(seedbank)
    text = text_of(site.files["feeds/vaultdoors/index.html"])
    assert text.startswith("Legacy feed vault/doors Address: vault/doors Door sensors. Operations # "
                           "Receive openDoor (messages: DoorCommand) Send : Door events (messages: DoorOpened, "
                           "DoorClosed) Messages # DoorCommand # Payload object door string "
                           "DoorOpened # Payload object at string<date-time> DoorClosed #")


def test_an_asyncapi_document_that_cannot_be_read_is_a_warning(seedbank: Path) -> None:
    edit_config(seedbank, navigation={"tabs": [
        {"tab": "Guides", "pages": ["index", "quickstart"]},
        {"tab": "Events", "asyncapi": "openapi/seedbank.yaml"},
    ]})
    site = build_site(seedbank)
    assert ("docs.json:30: navigation.tabs[1].asyncapi: openapi/seedbank.yaml: only AsyncAPI 2.x and 3.x are read, "
            "found no 'asyncapi' version; no channel pages generated from it") in site.warnings


def test_an_asyncapi_document_outside_the_project_is_refused(seedbank: Path, tmp_path: Path) -> None:
    # seedbank is tmp_path/seedbank: the document sits right beside the project
    (tmp_path / "private.yaml").write_text("asyncapi: 3.0.0\ninfo: {title: Private, version: '1'}\n"
                                           "channels: {secret: {address: /secret}}\n")
    edit_config(seedbank, navigation={"tabs": [
        {"tab": "Guides", "pages": ["index", "quickstart"]},
        {"tab": "Events", "asyncapi": "../private.yaml"},
    ]})
    site = build_site(seedbank)
    assert ("docs.json:30: navigation.tabs[1].asyncapi: '../private.yaml' is outside the project; not read; "
            "no channel pages generated from it") in site.warnings
    assert not [path for path in site.files if "secret" in path]


def test_the_dev_server_follows_an_edited_spec(seedbank: Path) -> None:
    from sitegen.serve.reuse import DevBuilder

    builder = DevBuilder(seedbank)
    builder.build()
    spec = seedbank / "asyncapi" / "vault-events.yaml"
    spec.write_text(spec.read_text().replace("title: Lot updates", "title: Lot news"))
    site = builder.rebuild([spec])
    assert "<title>Lot news - Seedbank</title>" in site.files["api-reference/lotupdates/index.html"].decode()


def test_generated_groups_keep_the_version_of_their_level(seedbank: Path) -> None:
    edit_config(seedbank, navigation={"versions": [
        {"version": "v2", "groups": [{"group": "Start", "pages": ["index", "quickstart"]}]},
        {"version": "v1", "tabs": [{"tab": "Reference", "openapi": "openapi/seedbank.yaml"}]},
    ]})
    loaded = load_config(seedbank)
    pages = discover_pages(seedbank)
    operations = attach_operations(seedbank, loaded, (), page_ids=frozenset(p.id for p in pages))
    assert operations.loaded is not None
    assert sorted((group.group, group.version) for group in operations.loaded.config.navigation) == [
        ("", "v1"), ("Reservations", "v1"), ("Seeds", "v1"), ("Start", "v2")]
