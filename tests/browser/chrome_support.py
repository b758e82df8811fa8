"""Helpers for the site-chrome browser tests: build a small project, open its pages."""

from __future__ import annotations

import contextlib
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from sitegen.colors import contrast
from sitegen.pipeline import build_site, write_site

from conftest import FIXTURES, serving

PAGES = {
    "intro.md": "---\ntitle: Intro\n---\n\nWelcome.\n",
    "guide.md": "---\ntitle: Guide\n---\n\nA guide.\n",
}


def build(project: Path) -> list[str]:
    """Build PROJECT into PROJECT/site; returns the build warnings."""
    built = build_site(project)
    write_site(built, project / "site")
    return built.warnings


@contextlib.contextmanager
def fixture_served(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[str]:
    """A copy of tests/fixtures/mintlify/NAME, built without a warning and served over HTTP."""
    project = tmp_path_factory.mktemp(name) / name
    shutil.copytree(FIXTURES / "mintlify" / name, project)
    assert build(project) == []
    with serving(project / "site") as url:
        yield url


def serve_project(project: Path, static_server: Callable[[Path], str]) -> str:
    """Build and serve a project over HTTP; returns the site's base URL."""
    build(project)
    return static_server(project / "site")


def rgb(css: str) -> tuple[float, float, float]:
    """'rgb(1, 2, 3)' / 'rgba(…)' / 'color(srgb 0.1 0.2 0.3)' -> (r, g, b) in 0-255."""
    numbers = [float(n) for n in re.findall(r"[\d.]+", css)]
    if css.startswith("color("):
        return (numbers[0] * 255, numbers[1] * 255, numbers[2] * 255)
    return (numbers[0], numbers[1], numbers[2])


def hex_rgb(value: str) -> tuple[float, float, float]:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def computed(page: Any, selector: str, prop: str) -> str:
    return page.eval_on_selector(selector, "(el, prop) => getComputedStyle(el)[prop]", prop)


def text_contrast(page: Any, selector: str) -> float:
    """Contrast of an element's text colour on the page background, as a person sees it."""
    fg = rgb(computed(page, selector, "color"))
    bg = rgb(computed(page, "body", "backgroundColor"))
    return contrast(fg, bg)


def sidebar_links(page: Any) -> list[str]:
    """Names of the sidebar page links a person can see."""
    return [text.strip() for text in page.locator(".sidebar-nav a.nav-link:visible").all_inner_texts()]


def anchor_names(page: Any) -> list[str]:
    return [text.strip() for text in page.locator(".anchors a:visible").all_inner_texts()]
