"""Links between pages, in every accepted form, become correct relative links."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import run_sitegen

NAV = [{"group": "G", "pages": ["index", "quickstart", "guides/setup", "errors"]}]


@pytest.fixture
def linked_site(make_project: Callable[..., Path]) -> Path:
    project = make_project({"name": "T", "navigation": NAV}, {
        "index.md": "# Home",
        "quickstart.md": "# Quick",
        "errors.mdx": "## Codes\n",
        "guides/setup.md": (
            "[a](/quickstart) [b](quickstart) [c](quickstart.md) [d](../errors.mdx#codes) "
            "[e](/) [f](https://example.com/x) [g](#local) [h](../images/plant.png?v=2) "
            "![plant](/images/plant.png) [i](mailto:a@b.c)\n"
        ),
        "/images/plant.png": b"\x89PNG fake",
    })
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    return project / "site"


def hrefs(html: str) -> list[str]:
    import re

    body = html.split('<div class="prose">', 1)[1]
    return re.findall(r'(?:href|src)="([^"]*)"', body.split("</article>", 1)[0])


def test_every_link_form_is_rewritten_relative(linked_site: Path) -> None:
    links = hrefs((linked_site / "guides/setup/index.html").read_text())
    assert links[:10] == [
        "../../quickstart/",  # /quickstart
        "../../quickstart/",  # quickstart: not in guides/, so from the content root
        "../../quickstart/",  # quickstart.md
        "../../errors/#codes",  # ../errors.mdx#codes
        "../../",  # / is the home page
        "https://example.com/x",
        "#local",
        "../../images/plant.png?v=2",
        "../../images/plant.png",
        "mailto:a@b.c",
    ]
    assert (linked_site / "images/plant.png").read_bytes() == b"\x89PNG fake"


def test_broken_link_and_missing_image_are_warnings_naming_file_and_line(make_project: Callable[..., Path]) -> None:
    # Mintlify builds through broken links, so they are warnings; the link stays as written.
    from mdx_support import render_file

    project = make_project({"name": "T", "navigation": [{"group": "G", "pages": ["a"]}]}, {
        "a.md": "---\ntitle: A\n---\n\nFine.\n\nSee [this](nowhere.md).\n\n![x](img/missing.png)\n",
    })
    result = render_file(project, "a.md")
    assert result.errors == []
    assert result.warnings == [
        "content/a.md:7: link 'nowhere.md' points to no page or file; left as written",
        "content/a.md:9: image 'img/missing.png' not found (looked in content/ and the project root); left as written",
    ]
    assert '<a href="nowhere.md">this</a>' in result.html and '<img src="img/missing.png" alt="x" />' in result.html
