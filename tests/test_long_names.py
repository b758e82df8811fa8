"""A reference too long to be a file name is a file that is not there, not a crash.

The operating system refuses names over 255 bytes (ENAMETOOLONG); `Path.is_file()` raises
that error instead of answering False, so a pasted data URL or a runaway string in a link,
an import or docs.json ended the build with a traceback.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from sitegen.cli import main

LONG = "y" * 5000
SHOWN = "y" * 300  # a message names the reference; the test checks a long stretch of it
PAGE = "---\ntitle: Watering\n---\n\nWater the fern weekly.\n\n"


def build(project: Path) -> tuple[int, str]:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        code = main(["build", str(project), "--out", str(project.parent / "site"), "-q", "--no-cache", "--offline"])
    return code, printed.getvalue()


@pytest.mark.parametrize(("written", "warning"), [
    (f"[the schedule]({LONG})", "warning: content/watering.mdx:7: link 'yyyy"),
    (f"[the schedule](/{LONG}#when)", "warning: content/watering.mdx:7: link '/yyyy"),
    (f"![a fern]({LONG}.png)", "warning: content/watering.mdx:7: image 'yyyy"),
    (f'<img src="/{LONG}.png" alt="a fern" />', "warning: content/watering.mdx:7: image '/yyyy"),
    (f'<Snippet file="{LONG}.mdx" />', "warning: content/watering.mdx:7: snippet '/snippets/yyyy"),
    (f"import Schedule from '/snippets/{LONG}.mdx'\n\n<Schedule />", "warning: content/watering.mdx:9: snippet '/snippets/yyyy"),
    (f'<Card title="Schedule" href="/{LONG}">Weekly</Card>', "warning: content/watering.mdx:7: link '/yyyy"),
], ids=["link", "link-with-fragment", "image", "img-tag", "snippet-tag", "snippet-import", "card-href"])
def test_a_page_with_a_too_long_reference_builds_with_a_warning(
        make_project: Callable[..., Path], written: str, warning: str) -> None:
    project = make_project({"name": "Fern Care", "navigation": [{"group": "Care", "pages": ["watering"]}]},
                           {"watering.mdx": PAGE + written + "\n"})

    code, printed = build(project)

    assert code == 0, printed[-2000:]
    assert "Traceback" not in printed
    assert any(line.startswith(warning) and SHOWN in line for line in printed.splitlines()), printed[-2000:]
    assert "Water the fern weekly." in (project.parent / "site" / "watering" / "index.html").read_text()


def test_a_too_long_openapi_file_in_front_matter_builds_a_plain_page(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Fern Care", "navigation": [{"group": "Care", "pages": ["watering"]}]},
                           {"watering.mdx": f"---\ntitle: Watering\nopenapi: {LONG}.yaml GET /ferns\n---\n\nWeekly.\n"})

    code, printed = build(project)

    assert code == 0, printed[-2000:]
    assert f"warning: content/watering.mdx:3: openapi: file '{SHOWN}" in printed
    assert "built as a plain page" in printed


def test_a_too_long_navigation_page_is_left_out_with_a_warning(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Fern Care", "navigation": [{"group": "Care", "pages": ["watering", LONG]}]},
                           {"watering.mdx": PAGE})

    code, printed = build(project)

    assert code == 0, printed[-2000:]
    assert "warning: docs.json:" in printed and f"navigation[0].pages[1]: page '{SHOWN}" in printed
    assert "left out of the navigation" in printed


def test_a_too_long_favicon_in_docs_json_is_an_error_naming_the_key(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Fern Care", "favicon": f"/{LONG}.svg",
                            "navigation": [{"group": "Care", "pages": ["watering"]}]}, {"watering.mdx": PAGE})

    code, printed = build(project)

    assert code == 1
    assert "Traceback" not in printed
    assert f"error: docs.json: favicon: file '/{SHOWN}" in printed
    assert json.loads((project / "docs.json").read_text())["favicon"] == f"/{LONG}.svg"  # the author's file untouched
