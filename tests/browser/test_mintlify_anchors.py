"""Links written for Mintlify's ids, clicked in real Chromium: the browser lands on the heading
or field the author meant (`:target` is it), percent-encoded or not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chrome_support import build

pytestmark = pytest.mark.browser

NAV = [{"group": "Guides", "pages": ["start", "reference"]}]
START = """---
title: Start
---

See [the error event](/reference#error-🤖), [encoded](/reference#error-%F0%9F%A4%96),
[pausing](/reference#processor-pause/resume-urgent), [the callback](/reference#param-on-error)
and [the second Settings](/reference#settings-2).
"""
REFERENCE = """---
title: Reference
---

## Settings

Filler.

#### error 🤖

Filler.

## Processor Pause/Resume (Urgent)

Filler.

<ParamField path="onError" type="function">Called on errors.</ParamField>

## Settings

Filler.
"""


@pytest.mark.parametrize(("link", "target"), [
    ("the error event", "error-🤖"),
    ("encoded", "error-🤖"),
    ("pausing", "processor-pause/resume-urgent"),
    ("the callback", "param-on-error"),
    ("the second Settings", "settings-2"),
])
def test_a_click_on_an_authors_link_lands_on_its_heading(make_project: Callable[..., Path], page: Any,
                                                         static_server: Callable[[Path], str],
                                                         link: str, target: str) -> None:
    project = make_project({"name": "Acme", "navigation": NAV}, {"start.mdx": START, "reference.mdx": REFERENCE})
    assert build(project) == []
    page.goto(static_server(project / "site") + "start/")
    page.get_by_role("link", name=link).click()
    page.wait_for_url("**/reference/**")
    assert page.evaluate("document.querySelector(':target') && document.querySelector(':target').id") == target
