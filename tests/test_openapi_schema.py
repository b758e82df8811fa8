"""The schema model: allOf merge, $ref across files, alternatives, recursion, ordering."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from sitegen.openapi import load_openapi, ordered_properties, type_label
from sitegen.openapi.schema import Schema

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "fixtures" / "openapi"


def plant_store() -> Schema:
    catalog = load_openapi(REPO, ["openapi.yaml"])
    body = catalog.find("POST /plants", "test.mdx").request_body
    assert body is not None and body.primary is not None and body.primary.schema is not None
    return body.primary.schema


def spec_with_schemas(tmp_path: Path, schemas: dict, body_ref: str) -> Schema:
    """Write a one-operation 3.1 spec whose request body is `body_ref`, return that schema."""
    spec = {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "paths": {"/x": {"post": {
            "requestBody": {"content": {"application/json": {"schema": {"$ref": body_ref}}}},
            "responses": {"200": {"description": "ok"}},
        }}},
        "components": {"schemas": schemas},
    }
    (tmp_path / "spec.json").write_text(json.dumps(spec))
    body = load_openapi(tmp_path, ["spec.json"]).find("POST /x", "p.mdx").request_body
    assert body is not None and body.primary is not None and body.primary.schema is not None
    return body.primary.schema


def test_all_of_merges_every_property_and_the_union_of_required() -> None:
    new_plant = plant_store()
    assert new_plant.ref_name == "NewPlant"
    assert sorted(p.name for p in new_plant.properties) == ["id", "name", "tag"]
    assert sorted(new_plant.required_names) == ["id", "name"]
    assert type_label(new_plant.get_property("id").schema) == "integer<int64>"
    assert new_plant.get_property("name").schema.description == "The name of the plant"
    assert not new_plant.get_property("tag").required


def test_all_of_keeps_descriptions_and_merges_a_property_defined_twice(tmp_path: Path) -> None:
    schema = spec_with_schemas(tmp_path, {
        "Base": {"description": "A base thing.", "type": "object",
                 "properties": {"size": {"type": "integer", "description": "Size in cm"}}},
        "Both": {"allOf": [
            {"$ref": "#/components/schemas/Base"},
            {"description": "Adds a colour.", "required": ["size"],
             "properties": {"size": {"maximum": 300}, "colour": {"type": "string"}}},
        ]},
    }, "#/components/schemas/Both")
    assert schema.description == "A base thing.\n\nAdds a colour."
    size = schema.get_property("size")
    assert size.required
    assert type_label(size.schema) == "integer"
    assert size.schema.description == "Size in cm"
    assert dict(size.schema.constraints) == {"maximum": 300}


def test_refs_resolve_across_files_relative_to_the_referring_file(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(FIXTURES / "multi", project / "multi")
    shutil.copytree(FIXTURES / "common", project / "common")
    catalog = load_openapi(project, ["multi/api.yaml"])
    op = catalog.find("GET /gardens/{gardenId}/beds", "beds.mdx")
    garden_id = op.parameters_in("path")[0]
    assert (garden_id.name, garden_id.required, type_label(garden_id.schema)) == ("gardenId", True, "string<uuid>")
    beds = op.responses[0].primary.schema  # type: ignore[union-attr]
    assert beds is not None and type_label(beds) == "array<object>"
    bed = beds.items
    assert bed is not None and bed.ref_name == "Bed"
    assert bed.get_property("soil").schema.enum == ("clay", "loam", "sand")
    plant = bed.get_property("plants").schema.items
    assert plant is not None and plant.title == "Plant"
    assert dict(plant.get_property("name").schema.constraints) == {"minLength": 1, "maxLength": 64}
    assert op.servers[0].url == "https://eu.garden.example/v2"


def test_one_of_becomes_alternatives_named_by_title_else_option_n(tmp_path: Path) -> None:
    schema = spec_with_schemas(tmp_path, {
        "Cat": {"title": "Cat", "type": "object", "properties": {"meow": {"type": "boolean"}}},
        "Dog": {"type": "object", "properties": {"bark": {"type": "string"}}},
        "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}]},
    }, "#/components/schemas/Pet")
    assert schema.alternatives_kind == "oneOf"
    assert [a.label for a in schema.alternatives] == ["Cat", "Option 2"]
    assert [p.name for p in schema.alternatives[1].schema.properties] == ["bark"]
    assert schema.expandable


def test_any_of_with_null_means_nullable(tmp_path: Path) -> None:
    schema = spec_with_schemas(tmp_path, {
        "Box": {"type": "object", "properties": {
            "note": {"anyOf": [{"type": "string"}, {"type": "null"}]},
            "size": {"type": ["integer", "null"], "format": "int32"},
        }},
    }, "#/components/schemas/Box")
    assert type_label(schema.get_property("note").schema) == "string | null"
    assert type_label(schema.get_property("size").schema) == "integer<int32> | null"


def test_recursive_schemas_are_marked_not_expanded_forever(tmp_path: Path) -> None:
    schema = spec_with_schemas(tmp_path, {
        "Node": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
            "parent": {"$ref": "#/components/schemas/Node"},
        }},
    }, "#/components/schemas/Node")
    children = schema.get_property("children").schema
    assert children.items is not None and children.items.recursive
    assert children.items.ref_name == "Node"
    assert not children.expandable  # a recursive marker has no rows of its own
    parent = schema.get_property("parent").schema
    assert parent.recursive and type_label(parent) == "object"


def test_mutual_recursion_across_all_of_terminates(tmp_path: Path) -> None:
    schema = spec_with_schemas(tmp_path, {
        "A": {"allOf": [{"$ref": "#/components/schemas/B"}], "properties": {"a": {"type": "string"}}},
        "B": {"type": "object", "properties": {"next": {"$ref": "#/components/schemas/A"}}},
    }, "#/components/schemas/A")
    assert sorted(p.name for p in schema.properties) == ["a", "next"]
    assert schema.get_property("next").schema.recursive


def test_ordering_required_first_then_alphabetical_unless_maintain_order(tmp_path: Path) -> None:
    schema = spec_with_schemas(tmp_path, {
        "Thing": {"type": "object", "required": ["zeta", "beta"], "properties": {
            "delta": {"type": "string"}, "zeta": {"type": "string"}, "Alpha": {"type": "string"},
            "beta": {"type": "string"}, "gamma": {"type": "string"},
        }},
    }, "#/components/schemas/Thing")
    assert [p.name for p in ordered_properties(schema, maintain_order=True)] == [
        "delta", "zeta", "Alpha", "beta", "gamma"]
    assert [p.name for p in ordered_properties(schema, maintain_order=False)] == [
        "beta", "zeta", "Alpha", "delta", "gamma"]


def test_plant_store_ordering() -> None:
    new_plant = plant_store()
    assert [p.name for p in ordered_properties(new_plant, True)] == ["name", "tag", "id"]
    assert [p.name for p in ordered_properties(new_plant, False)] == ["id", "name", "tag"]


def test_type_labels_with_formats_and_arrays(tmp_path: Path) -> None:
    schema = spec_with_schemas(tmp_path, {
        "T": {"type": "object", "properties": {
            "tags": {"type": "array", "items": {"type": "string"}},
            "when": {"type": "string", "format": "date-time"},
            "grid": {"type": "array", "items": {"type": "array", "items": {"type": "number", "format": "float"}}},
            "colour": {"enum": ["red", "green"]},
        }},
    }, "#/components/schemas/T")
    labels = {p.name: type_label(p.schema) for p in schema.properties}
    assert labels == {"tags": "array<string>", "when": "string<date-time>",
                      "grid": "array<array<number<float>>>", "colour": "string"}
