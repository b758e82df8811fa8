"""docs.json mistakes: each kind gives its one-line message (exact text) and exit code 1."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pydantic
import pytest

from sitegen.config import load_config
from sitegen.errors import ConfigError

from conftest import run_sitegen

NAV = [{"group": "Start", "pages": ["intro"]}]
PAGES = {"intro.md": "---\ntitle: Intro\n---\nHello"}


def errors_of(project: Path) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_config(project)
    return caught.value.messages


def build_fails_with(project: Path, *expected: str) -> None:
    """The CLI prints exactly these errors, no traceback, and exits 1."""
    result = run_sitegen("build", project)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr.splitlines() == [f"error: {line}" for line in expected]
    assert "Traceback" not in result.stderr
    assert not (project / "site").exists()


@pytest.fixture
def project_with(make_project: Callable[..., Path]) -> Callable[..., Path]:
    def make(**config: Any) -> Path:
        return make_project({"name": "Docs", "navigation": NAV, **config}, PAGES)

    return make


def test_missing_name(make_project: Callable[..., Path]) -> None:
    project = make_project({"navigation": NAV}, PAGES)
    build_fails_with(project, "docs.json: name: required key is missing")


def test_wrong_type(project_with: Callable[..., Path]) -> None:
    project = project_with(name=42, versions="1.0")
    build_fails_with(project, "docs.json: name: 42 is not a string", "docs.json: versions: '1.0' is not an array")


def test_bad_enum_value_without_a_sensible_default(project_with: Callable[..., Path]) -> None:
    # A 'gitlab' button would need a name to become a link: nothing sensible to build.
    project = project_with(topbarCtaButton={"type": "gitlab", "url": "https://gitlab.com/a/b"})
    build_fails_with(project, "docs.json: topbarCtaButton.type: 'gitlab' is not one of 'link' or 'github'")


def test_bad_hex_color(project_with: Callable[..., Path]) -> None:
    project = project_with(colors={"primary": "#12", "background": {"light": "#fff", "dark": "black"}})
    build_fails_with(
        project,
        "docs.json: colors.primary: '#12' is not a hex color (#RGB or #RRGGBB)",
        "docs.json: colors.background.dark: 'black' is not a hex color (#RGB or #RRGGBB)",
    )


def test_all_errors_are_reported_at_once(project_with: Callable[..., Path]) -> None:
    project = project_with(
        logo=5,
        anchors=[{"name": "A", "url": "a", "color": {"from": "#fff", "to": "red"}}],
        modeToggle={"isHidden": "yes"},
        versions="1.0",
    )
    assert errors_of(project) == [
        "docs.json: logo: 5 is not a string or an object {light, dark, href}",
        "docs.json: versions: '1.0' is not an array",
        "docs.json: anchors[0].color.to: 'red' is not a hex color (#RGB or #RRGGBB)",
        "docs.json: modeToggle.isHidden: 'yes' is not a boolean (true or false)",
    ]


def test_link_button_needs_a_name(project_with: Callable[..., Path]) -> None:
    project = project_with(topbarCtaButton={"url": "https://example.com/signup"})
    assert errors_of(project) == ["docs.json: topbarCtaButton: name is required when type is 'link'"]


def test_missing_navigation_page_is_left_out_with_a_warning(make_project: Callable[..., Path]) -> None:
    nav = [{"group": "Start", "pages": ["intro"]},
           {"group": "Guides", "pages": ["intro", "guides/a", {"group": "Deep", "pages": ["guides/missing"]}]}]
    project = make_project({"name": "Docs", "navigation": nav}, {**PAGES, "guides/a.mdx": "A"})
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [
        "warning: docs.json:18: navigation[1].pages[2].pages[0]: page 'guides/missing' not found "
        "(looked for content/guides/missing.md, .mdx); left out of the navigation"]
    assert " with 1 warning -> " in result.stdout
    html = (project / "site/guides/a/index.html").read_text()
    assert "Deep" not in html  # the group emptied by the missing page is left out too
    strict = run_sitegen("build", project, "--strict")
    assert strict.returncode == 1
    assert strict.stderr.splitlines() == [
        "error: docs.json:18: navigation[1].pages[2].pages[0]: page 'guides/missing' not found "
        "(looked for content/guides/missing.md, .mdx); left out of the navigation (--strict)"]


def test_json_syntax_error_names_line_and_column(make_project: Callable[..., Path]) -> None:
    text = '{\n  "name": "Docs",\n  "navigation": [\n    {"group": "Start" "pages": ["intro"]}\n  ]\n}\n'
    project = make_project(text, PAGES)
    build_fails_with(project, "docs.json:4:23: Expecting ',' delimiter")


def test_unknown_keys_are_warnings(project_with: Callable[..., Path]) -> None:
    # `$schema` is in every Mintlify docs.json (the editor's schema): known, never a warning.
    project = project_with(**{"$schema": "https://mintlify.com/schema.json", "layoutExperiment": True},
                           colors={"primary": "#0D9373", "accent": "#07C983"})
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [
        "warning: docs.json: layoutExperiment: unknown key",
        "warning: docs.json: colors.accent: unknown key",
    ]
    assert (project / "site" / "intro" / "index.html").is_file()


def test_strict_turns_warnings_into_errors(project_with: Callable[..., Path]) -> None:
    project = project_with(**{"$schema": "https://mintlify.com/schema.json", "layoutExperiment": True})
    result = run_sitegen("build", project, "--strict")
    assert result.returncode == 1
    assert result.stderr.splitlines() == ["error: docs.json: layoutExperiment: unknown key (--strict)"]


def test_mint_json_is_read_when_there_is_no_docs_json(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Legacy", "navigation": NAV}, PAGES)
    (project / "docs.json").rename(project / "mint.json")
    loaded = load_config(project)
    assert loaded.config.name == "Legacy"
    assert loaded.file_name == "mint.json"
    (project / "mint.json").write_text(json.dumps({"navigation": NAV}))
    assert errors_of(project) == ["mint.json: name: required key is missing"]


def test_defaults_and_unions(project_with: Callable[..., Path]) -> None:
    project = project_with(
        logo={"light": "l.svg", "dark": "d.svg"}, openapi="openapi.yaml",
        api={"baseUrl": "https://api.example.com"},
        anchors=[{"name": "Blog", "url": "https://blog.example.com", "color": {"from": "#112233", "to": "#445566"}}],
    )
    for logo in ("l.svg", "d.svg"):  # a missing logo is dropped, with a warning
        (project / logo).write_text("<svg/>", encoding="utf-8")
    config = load_config(project).config
    assert config.logo.href == "/"
    assert config.top_anchor.name == "Documentation" and config.top_anchor.icon == "book-open"
    assert config.top_anchor.icon_type == "duotone"
    assert config.anchors[0].icon_type == "duotone" and config.anchors[0].is_default_hidden is False
    assert config.anchors[0].color.from_ == "#112233"
    assert config.openapi_sources == ["openapi.yaml"]
    assert config.api.base_urls == ["https://api.example.com"]
    assert config.api.playground.mode == "show"
    assert config.feedback.suggest_edit is False and config.feedback.raise_issue is False
    assert config.mode_toggle.is_hidden is False and config.mode_toggle.default is None
    with pytest.raises(pydantic.ValidationError):
        config.name = "changed"  # frozen: stages cannot mutate shared config


def test_example_docs_json_uses_every_field() -> None:
    """The Plant Store docs.json at the repository root sets every documented field."""
    raw = json.loads((Path(__file__).resolve().parents[1] / "docs.json").read_text())
    top = {"name", "navigation", "logo", "favicon", "colors", "topbarLinks", "topbarCtaButton", "versions",
           "anchors", "topAnchor", "tabs", "api", "openapi", "footerSocials", "feedback", "modeToggle",
           "backgroundImage"}
    assert top <= raw.keys()
    assert {"light", "dark", "href"} <= raw["logo"].keys()
    assert {"primary", "light", "dark", "background"} <= raw["colors"].keys()
    anchor_keys = set().union(*(a.keys() for a in raw["anchors"]))
    assert {"icon", "name", "url", "color", "version", "isDefaultHidden", "iconType"} <= anchor_keys
    assert {"baseUrl", "auth", "playground", "maintainOrder"} <= raw["api"].keys()
    assert {"method", "inputPrefix"} <= raw["api"]["auth"].keys()
    assert {"suggestEdit", "raiseIssue"} <= raw["feedback"].keys()
    assert load_config(Path(__file__).resolve().parents[1]).warnings == ()


def test_a_byte_order_mark_is_accepted(project_with: Callable[..., Path]) -> None:
    project = project_with()
    (project / "docs.json").write_bytes(b"\xef\xbb\xbf" + (project / "docs.json").read_bytes())
    assert load_config(project).config.name == "Docs"
