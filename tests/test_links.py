"""Links between pages, in every accepted form, become correct relative links."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sitegen.pipeline import build

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
    return build(project).out_dir


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


def test_the_same_link_on_pages_in_other_folders_and_depths_leads_to_each_ones_target(
    make_project: Callable[..., Path],
) -> None:
    # The same words in different places: `note` is the note of the page's own folder, and the
    # way back to the site root depends on how deep the page's URL is (guides/ vs guides/tips/).
    project = make_project({"name": "T", "navigation": [{"group": "G", "pages": [
        "index", "guides/index", "guides/tips", "guides/note", "recipes/tips", "recipes/note"]}]}, {
        "index.md": "---\ntitle: Home\n---\n[n](note) [e](https://example.com/) [p](/images/leaf.png)\n",
        "guides/index.md": "---\ntitle: Guides\n---\n[n](note) [e](https://example.com/) [p](/images/leaf.png)\n",
        "guides/tips.md": "---\ntitle: Tips\n---\n[n](note) [e](https://example.com/) [p](/images/leaf.png)\n",
        "guides/note.md": "Guide note\n",
        "recipes/tips.md": "---\ntitle: Tips\n---\n[n](note) [e](https://example.com/) [p](/images/leaf.png)\n",
        "recipes/note.md": "Recipe note\n",
        "/images/leaf.png": b"\x89PNG leaf",
    })
    report = build(project)
    assert "content/index.md:4: link 'note' points to no page or file; left as written" in report.warnings
    site = project / "site"
    assert hrefs((site / "index.html").read_text())[:3] == ["note", "https://example.com/", "images/leaf.png"]
    assert hrefs((site / "guides/index.html").read_text())[:3] == [
        "../guides/note/", "https://example.com/", "../images/leaf.png"]
    assert hrefs((site / "guides/tips/index.html").read_text())[:3] == [
        "../../guides/note/", "https://example.com/", "../../images/leaf.png"]
    assert hrefs((site / "recipes/tips/index.html").read_text())[:3] == [
        "../../recipes/note/", "https://example.com/", "../../images/leaf.png"]
