"""OpenAPI files the validator refuses for a value Mintlify renders through: a schema `type`
no JSON Schema has (machine-translated copies write `"cadena"`, `"número"`), a security
scheme no request can use (a translated `"type"` or `"in"`), one a requirement names that
is not defined, and `webhooks` in an OpenAPI 3.0 file. Each is one warning naming the file
and the JSON path and saying what was done; the file's pages keep their API block."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from visible_text import api_field_text, reader_text

from sitegen.errors import OpenAPIError, SitegenError
from sitegen.openapi import load_openapi
from sitegen.pipeline import build_site

# The Spanish copy of an RPC-style reference, as a translation tool leaves it: the type
# names translated along with the descriptions, and the security scheme's words too.
GREENHOUSE_ES: dict[str, Any] = {
    "openapi": "3.0.0",
    "info": {"title": "API de Invernadero", "version": "v1"},
    "servers": [{"url": "https://invernadero.example/rpc"}],
    "security": [{"ClaveDeAcceso": []}],
    "paths": {
        "/rpc/Invernadero/ListarPlantas": {"post": {
            "summary": "ListarPlantas",
            "description": "Devuelve las plantas del invernadero.",
            "requestBody": {"content": {"application/json": {"schema": {
                "$ref": "#/components/schemas/Invernadero_ListarPlantas_Request"}}}},
            "responses": {
                "200": {"description": "OK", "content": {"application/json": {"schema": {
                    "$ref": "#/components/schemas/Invernadero_ListarPlantas_Response"}}}},
                "4XX": {"description": "Error del cliente", "content": {"application/json": {"schema": {
                    "$ref": "#/components/schemas/ErrorWebrpcBadRoute"}}}},
            },
        }},
    },
    "components": {
        "schemas": {
            "ErrorWebrpcBadRoute": {
                "type": "objeto",
                "required": ["error", "code", "msg", "status"],
                "properties": {
                    "error": {"type": "cadena", "example": "WebrpcBadRoute"},
                    "code": {"type": "número", "example": -2},
                    "msg": {"type": "cadena", "example": "ruta incorrecta"},
                    "status": {"type": "número", "example": 404},
                },
            },
            "Planta": {"type": "objeto", "properties": {
                "id": {"type": "número"},
                "nombre": {"type": "cadena", "description": "Nombre común de la planta."},
                "etiquetas": {"type": "arreglo", "description": "[]string", "items": {"type": "cadena"}},
                "regada": {"type": "booleano"},
            }},
            "Invernadero_ListarPlantas_Request": {"type": "objeto", "properties": {
                "pagina": {"type": "número", "description": "Página de resultados."},
                "soloRegadas": {"type": "boolean", "description": "Solo las plantas regadas hoy."},
            }},
            "Invernadero_ListarPlantas_Response": {"type": "objeto", "properties": {
                "plantas": {"type": "arreglo", "items": {"$ref": "#/components/schemas/Planta"}},
            }},
        },
        "securitySchemes": {"ClaveDeAcceso": {"type": "claveApi", "in": "encabezado", "name": "X-Access-Key",
                                              "description": "Clave de acceso pública del proyecto."}},
    },
}
FILE = "es/api/invernadero.json"
SCHEMAS = f"{FILE}: /components/schemas"
WARNINGS = [
    f"{SCHEMAS}/ErrorWebrpcBadRoute/type: 'objeto' is not a JSON Schema type; shown without a type, "
    "here and at 3 more places",
    f"{SCHEMAS}/ErrorWebrpcBadRoute/properties/error/type: 'cadena' is not a JSON Schema type; "
    "shown without a type, here and at 3 more places",
    f"{SCHEMAS}/ErrorWebrpcBadRoute/properties/code/type: 'número' is not a JSON Schema type; "
    "shown without a type, here and at 3 more places",
    f"{SCHEMAS}/Planta/properties/etiquetas/type: 'arreglo' is not a JSON Schema type; "
    "shown without a type, here and at 1 more place",
    f"{SCHEMAS}/Planta/properties/regada/type: 'booleano' is not a JSON Schema type; shown without a type",
    f"{FILE}: /components/securitySchemes/ClaveDeAcceso: not a security scheme a request can use "
    "(type 'claveApi' is not apiKey, http, oauth2, openIdConnect or mutualTLS); "
    "operations requiring it are shown without it",
]
PAGE = f'---\nopenapi: "{FILE} POST /rpc/Invernadero/ListarPlantas"\n---\n'


def make_project(root: Path, files: dict[str, Any], **config: Any) -> Path:
    docs = {"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "Invernadero",
            "colors": {"primary": "#166534"}, **config,
            "navigation": {"groups": [{"group": "API", "pages": [page.removesuffix(".mdx") for page in files
                                                                 if page.endswith(".mdx")]}]}}
    for rel, content in {"docs.json": docs, **files}.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            target.write_text(content, encoding="utf-8")
        else:
            target.write_text(json.dumps(content, indent=2, ensure_ascii=False), encoding="utf-8")
    return root




def test_translated_type_names_are_warnings_and_the_page_keeps_its_api_block(tmp_path: Path) -> None:
    project = make_project(tmp_path / "docs", {FILE: GREENHOUSE_ES, "es/api/listar-plantas.mdx": PAGE})
    site = build_site(project)
    assert site.warnings == WARNINGS
    html = site.files["es/api/listar-plantas/index.html"].decode()
    endpoint = html[html.index('<div class="api-endpoint"'):html.index('<div class="api-columns"')]
    assert '<span class="method-badge method-post api-method">POST</span>' in endpoint
    assert "/rpc/Invernadero/ListarPlantas" in reader_text(endpoint)
    assert "Devuelve las plantas del invernadero." in html
    # Fields with a translated type show no type; the others keep theirs.
    assert api_field_text(html, "pagina") == "pagina any Página de resultados."
    assert api_field_text(html, "soloRegadas") == "soloRegadas boolean Solo las plantas regadas hoy."
    assert api_field_text(html, "nombre") == "nombre any Nombre común de la planta."
    # Untyped with `items` is a list, with `properties` an object: the rows below them stay.
    assert api_field_text(html, "plantas").startswith("plantas array<object>")
    assert api_field_text(html, "error") == "error any required"
    for translated in ("cadena", "número", "objeto", "arreglo", "booleano"):
        assert translated not in html
    # The translated scheme authenticates nothing: no key field, no header in the samples.
    assert "X-Access-Key" not in html
    assert "Clave de acceso pública" not in html


def test_strict_refuses_them(tmp_path: Path) -> None:
    project = make_project(tmp_path / "docs", {FILE: GREENHOUSE_ES, "es/api/listar-plantas.mdx": PAGE})
    with pytest.raises(SitegenError) as info:
        build_site(project, strict=True)
    assert info.value.messages == [f"{warning} (--strict)" for warning in WARNINGS]


def test_a_file_docs_json_lists_warns_the_same_and_keeps_the_typed_values(tmp_path: Path) -> None:
    spec = copy.deepcopy(GREENHOUSE_ES)
    spec["openapi"] = "3.1.0"  # where a list of types is allowed
    spec["components"]["schemas"]["Planta"]["properties"]["id"]["type"] = ["número", "null"]
    (tmp_path / "es/api").mkdir(parents=True)
    (tmp_path / FILE).write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    notes: list[str] = []
    catalog = load_openapi(tmp_path, [FILE], notes=notes)
    assert notes == WARNINGS
    (operation,) = catalog.operations()
    assert operation.security == ()
    planta = operation.responses[0].content[0].schema.get_property("plantas").schema.items
    # What is left of a list of types is kept ("null" is a JSON Schema type).
    assert planta.get_property("id").schema.types == ()
    assert planta.get_property("id").schema.nullable
    assert planta.get_property("etiquetas").schema.items.types == ()
    # The file is read as written: the next load warns again.
    assert json.loads((tmp_path / FILE).read_text(encoding="utf-8")) == spec
    again: list[str] = []
    load_openapi(tmp_path, [FILE], notes=again)
    assert again == WARNINGS


def test_a_broken_structure_is_still_refused(tmp_path: Path) -> None:
    spec = copy.deepcopy(GREENHOUSE_ES)
    spec["components"]["schemas"]["Planta"]["properties"]["id"]["uniqueItems"] = "sí"
    (tmp_path / "es/api").mkdir(parents=True)
    (tmp_path / FILE).write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(OpenAPIError) as info:
        load_openapi(tmp_path, [FILE])
    assert f"{SCHEMAS}/Planta/properties/id/uniqueItems: 'sí' is not of type 'boolean'" in info.value.messages


def test_a_requirement_naming_an_undefined_scheme_is_one_warning(tmp_path: Path) -> None:
    spec = copy.deepcopy(GREENHOUSE_ES)
    spec["components"]["securitySchemes"] = {"BearerAuth": {"type": "http", "scheme": "bearer"}}
    spec["paths"]["/rpc/Invernadero/Regar"] = {"post": {
        "summary": "Regar", "security": [{"ApiKeyAuth": []}, {"BearerAuth": []}],
        "responses": {"200": {"description": "OK"}}}}
    project = make_project(tmp_path / "docs", {
        FILE: spec, "es/api/listar-plantas.mdx": PAGE,
        "es/api/regar.mdx": f'---\nopenapi: "{FILE} POST /rpc/Invernadero/Regar"\n---\n'})
    site = build_site(project)
    undefined = [w for w in site.warnings if "securitySchemes" in w]
    # Said once for the file, where it is first written (the document's requirement).
    assert undefined == [f"{FILE}: /security/0/ClaveDeAcceso: security scheme 'ClaveDeAcceso' is not defined in "
                         "components.securitySchemes; operations requiring it are shown without it",
                         f"{FILE}: /paths/~1rpc~1Invernadero~1Regar/post/security/0/ApiKeyAuth: security scheme "
                         "'ApiKeyAuth' is not defined in components.securitySchemes; operations requiring it are "
                         "shown without it"]
    # The other alternative still authenticates the request.
    regar = site.files["es/api/regar/index.html"].decode()
    assert "Authorization" in regar
    assert "Authorization" not in site.files["es/api/listar-plantas/index.html"].decode()


# An OpenAPI 3.0 file that also writes `webhooks`, a key of 3.1.
HOOKS_30 = """\
openapi: 3.0.3
info: {title: Greenhouse events, version: "1"}
paths:
  /subscriptions:
    post:
      summary: Subscribe
      responses: {"201": {description: Subscribed}}
webhooks:
  plantWatered:
    post:
      summary: Plant watered
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [plantId]
              properties:
                plantId: {type: string, format: uuid, description: The watered plant's ID.}
                litres: {type: number, description: Water given.}
      responses: {"200": {description: Acknowledged}}
"""
HOOKS_WARNING = ("api/events.yaml: /webhooks: 'webhooks' is an OpenAPI 3.1 key and this file is OpenAPI 3.0.3; "
                 "read as OpenAPI 3.1 reads it")


def test_webhooks_in_a_3_0_file_are_read_as_3_1_reads_them(tmp_path: Path) -> None:
    project = make_project(tmp_path / "docs", {
        "api/events.yaml": HOOKS_30,
        "api/plant-watered.mdx": '---\nopenapi: "api/events.yaml webhook plantWatered"\n---\n',
        "api/subscribe.mdx": '---\nopenapi: "api/events.yaml POST /subscriptions"\n---\n'})
    site = build_site(project)
    assert site.warnings == [HOOKS_WARNING]
    html = site.files["api/plant-watered/index.html"].decode()
    endpoint = html[html.index('<div class="api-endpoint"'):html.index('<div class="api-columns"')]
    assert reader_text(endpoint) == "Webhook plantWatered"
    assert api_field_text(html, "plantId") == "plantId string<uuid> required The watered plant's ID."
    assert api_field_text(html, "litres") == "litres number Water given."
    assert '<span class="method-badge method-post api-method">POST</span>' in (
        site.files["api/subscribe/index.html"].decode())


def test_a_3_0_file_s_webhooks_are_validated_where_the_file_writes_them(tmp_path: Path) -> None:
    spec = yaml.safe_load(HOOKS_30)
    spec["webhooks"]["plantWatered"]["post"]["parameters"] = [{"name": "X-Signature"}]  # no `in`
    spec["webhooks"]["plantWatered"]["post"]["requestBody"]["content"]["application/json"]["schema"][
        "properties"]["litres"]["type"] = "número"
    (tmp_path / "api").mkdir()
    (tmp_path / "api/events.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True), encoding="utf-8")
    with pytest.raises(OpenAPIError) as info:
        load_openapi(tmp_path, ["api/events.yaml"])
    assert [message.split(": {")[0] for message in info.value.messages] == [
        "api/events.yaml: /webhooks/plantWatered/post/parameters/0"]
    del spec["webhooks"]["plantWatered"]["post"]["parameters"]
    (tmp_path / "api/events.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True), encoding="utf-8")
    notes: list[str] = []
    catalog = load_openapi(tmp_path, ["api/events.yaml"], notes=notes)
    assert notes == [HOOKS_WARNING,
                     "api/events.yaml: /webhooks/plantWatered/post/requestBody/content/application~1json/schema/"
                     "properties/litres/type: 'número' is not a JSON Schema type; shown without a type"]
    assert [hook.webhook for hook in catalog.specs[0].webhooks] == ["plantWatered"]


def test_3_1_types_in_a_3_0_file_are_read_as_3_1_reads_them(tmp_path: Path) -> None:
    spec = yaml.safe_load(HOOKS_30)
    del spec["webhooks"]
    spec["paths"]["/subscriptions"]["post"]["requestBody"] = {"content": {"application/json": {"schema": {
        "type": "object", "properties": {
            "url": {"type": "string", "description": "Where events go."},
            "secret": {"type": ["string", "null"], "description": "Signs each delivery."},
            "retired": {"type": "null"},
            "tags": {"type": "array", "items": {"type": ["string", "integer"]}}}}}}}
    project = make_project(tmp_path / "docs", {
        "api/events.yaml": yaml.safe_dump(spec, sort_keys=False),
        "api/subscribe.mdx": '---\nopenapi: "api/events.yaml POST /subscriptions"\n---\n'})
    site = build_site(project)
    assert site.warnings == [
        "api/events.yaml: /paths/~1subscriptions/post/requestBody/content/application~1json/schema/properties/"
        "secret/type: a list of types, or 'null', is OpenAPI 3.1 and this file is OpenAPI 3.0.3; read as OpenAPI 3.1 "
        "reads it, here and at 2 more places"]
    html = site.files["api/subscribe/index.html"].decode()
    assert api_field_text(html, "url") == "url string Where events go."
    assert api_field_text(html, "secret") == "secret string | null Signs each delivery."
    assert api_field_text(html, "tags") == "tags array<string | integer>"
