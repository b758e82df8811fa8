"""The docs.json reference page of the manual (manual/docs-json-reference.mdx).

Every key sitegen accepts is read from the config models, so adding a field to
sitegen/config/model.py (or config/v2/model.py) without documenting it on the page fails here, and so does
documenting a key sitegen does not read.
"""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

from pydantic import BaseModel

from sitegen.config import SiteConfig
from sitegen.config.v2 import SiteConfigV2

from conftest import REPO, copy_fixture, run_sitegen

MANUAL = REPO / "manual"
PAGE_SOURCE = MANUAL / "docs-json-reference.mdx"
# sitegen's own keys, beyond Mintlify's classic schema. Listed here as well as in the models
# so the page must document them even while a branch has not added them to the models yet;
# the keys documented inside them are checked against the models once the models have them.
SITEGEN_EXTENSIONS = {"siteUrl", "thumbnails"}


def model_of(annotation: object) -> type[BaseModel] | None:
    return annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else None


def keys_in(annotation: object, prefix: str, inside: tuple[type[BaseModel], ...]) -> set[str]:
    """JSON key paths ("colors.background.light") reachable through a field's type; list items
    add no step, dict keys that are Literals (footerSocials' platforms) are keys too."""
    model = model_of(annotation)
    if model is not None:
        return model_keys(model, prefix, inside)
    found: set[str] = set()
    if typing.get_origin(annotation) is dict:
        key_type, value_type = typing.get_args(annotation)
        if typing.get_origin(key_type) is typing.Literal:
            found |= {f"{prefix}.{key}" for key in typing.get_args(key_type)}
        return found | keys_in(value_type, prefix, inside)
    for arg in typing.get_args(annotation):  # unions, Annotated, list[...]
        found |= keys_in(arg, prefix, inside)
    return found


def model_keys(model: type[BaseModel], prefix: str = "", inside: tuple[type[BaseModel], ...] = ()) -> set[str]:
    if model in inside:  # NavGroup holds NavGroups: its keys are documented once
        return set()
    if not model.__pydantic_complete__:  # forward references still to resolve
        model.model_rebuild()
    found: set[str] = set()
    for name, field in model.model_fields.items():
        path = f"{prefix}.{field.alias or name}" if prefix else (field.alias or name)
        found.add(path)
        found |= keys_in(field.annotation, path, (*inside, model))
    return found


class FieldTree(HTMLParser):
    """Key paths of the built page's ParamField/ResponseField rows: a field's path is its
    name after the names of the fields it is nested in (through <Expandable>)."""

    def __init__(self) -> None:
        super().__init__()
        self.divs: list[str | None] = []  # per open <div>: the field it starts, if any
        self.paths: list[str] = []
        self._name_pending = False
        self._text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "div":
            self.divs.append("" if "api-field" in classes else None)
        elif tag == "code" and "api-field-name" in classes:
            self._name_pending, self._text = True, ""

    def handle_data(self, data: str) -> None:
        if self._name_pending:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "code" and self._name_pending:
            self._name_pending = False
            field_index = max(i for i, d in enumerate(self.divs) if d is not None)
            self.divs[field_index] = self._text.strip()
            self.paths.append(".".join(d for d in self.divs if d))
        elif tag == "div" and self.divs:
            self.divs.pop()


def documented_paths(html: str) -> list[str]:
    tree = FieldTree()
    tree.feed(html)
    return tree.paths


def test_every_accepted_key_is_documented_and_nothing_else(tmp_path: Path) -> None:
    accepted = model_keys(SiteConfig) | SITEGEN_EXTENSIONS
    assert {"name", "api.auth.inputPrefix", "anchors.color.from", "footerSocials.hacker-news",
            "navigation.pages", "$schema"} <= accepted  # the walk reaches nested models and dict keys

    out = tmp_path / "out"
    result = run_sitegen("build", copy_fixture(MANUAL, tmp_path), "--strict", "--out", out)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # the reference page builds without a single warning
    html = (out / "docs-json-reference/index.html").read_text(encoding="utf-8")
    documented = documented_paths(html)

    assert sorted(accepted - set(documented)) == []
    not_read = {path for path in set(documented) - accepted if path.split(".")[0] not in SITEGEN_EXTENSIONS}
    assert sorted(not_read) == []
    assert len(documented) == len(set(documented)), "a key is documented twice"
    assert "<title>docs.json reference - sitegen manual</title>" in html


def test_page_is_in_the_navigation_and_its_minimal_example_builds(make_project: Callable[..., Path]) -> None:
    navigation = json.loads((MANUAL / "docs.json").read_text(encoding="utf-8"))["navigation"]
    assert "docs-json-reference" in [page for group in navigation["groups"] for page in group["pages"]]

    # The page calls its first example "a complete, working file": build it as it is.
    source = PAGE_SOURCE.read_text(encoding="utf-8")
    example = re.search(r"```json docs\.json\n(.*?)```", source, re.S)
    assert example is not None
    project = make_project(json.loads(example.group(1)),
                           {"introduction.mdx": "# Welcome\n", "quickstart.mdx": "# Quickstart\n"})
    result = run_sitegen("build", project, "--strict")
    assert result.returncode == 0, result.stderr
    assert (project / "site/quickstart/index.html").is_file()


def test_every_top_level_v2_key_is_in_the_v2_section() -> None:
    v2_keys = {field.alias or name for name, field in SiteConfigV2.model_fields.items()}
    assert {"theme", "navigation", "contextual", "siteUrl", "$schema"} <= v2_keys
    source = PAGE_SOURCE.read_text(encoding="utf-8")
    section = re.search(r"^## The v2 schema\n(.*?)^## ", source, re.S | re.M)
    assert section is not None
    rows = set(re.findall(r"^\| `([^`]+)` \|", section.group(1), re.M))  # the table of top-level keys
    assert sorted(v2_keys - rows) == []
    assert sorted(rows - v2_keys) == []  # nothing documented that sitegen does not read
    assert "`sitegen migrate`" in section.group(1) and "`$ref`" in section.group(1)
