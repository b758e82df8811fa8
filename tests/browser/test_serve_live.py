"""`sitegen serve` in real Chromium: saved files show up in the open tab by themselves,
mistakes show the CLI's message in an overlay, and fixing them brings the page back."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from conftest import DevServer, free_port, run_sitegen

pytestmark = pytest.mark.browser

WAIT = 60_000  # ms: generous, the tests never depend on how fast it is


def cli_errors(project: Path, out: Path) -> list[str]:
    """What `sitegen build` prints for the project as it is now."""
    result = run_sitegen("build", project, "--out", out)
    assert result.returncode == 1
    return [line.removeprefix("error: ") for line in result.stderr.splitlines() if line.startswith("error: ")]


def mark_document(page: Any) -> None:
    """A flag that a reload (a new document) clears."""
    page.evaluate("window.__beforeReload = true")


def wait_for_reload(page: Any, text: str) -> None:
    page.wait_for_function(
        "text => !window.__beforeReload && document.body && document.body.innerText.includes(text)",
        arg=text, timeout=WAIT,
    )


def test_an_edit_shows_in_the_open_tab(example_project: Path, dev_server: Callable[..., DevServer], page: Any) -> None:
    server = dev_server(example_project)
    page.goto(server.url + "quickstart/")
    expect(page.locator("h1")).to_have_text("Quickstart")
    source = example_project / "content" / "quickstart.mdx"
    source.write_text(source.read_text().replace("This guide starts", "This freshly saved guide starts"))
    expect(page.locator("main")).to_contain_text("This freshly saved guide starts", timeout=WAIT)


def _break_json(project: Path) -> None:
    config = project / "docs.json"
    config.write_text(config.read_text().replace('"name": "Plant Store",', '"name": "Plant Store"', 1))


def _break_front_matter(project: Path) -> None:
    page = project / "content" / "errors.mdx"
    page.write_text(page.read_text().replace("title:", "title: [unclosed", 1))


def _meaningless_nav_entry(project: Path) -> None:
    # A missing page is only a warning (left out of the navigation); a number means nothing.
    config = project / "docs.json"
    data = json.loads(config.read_text())
    data["navigation"][0]["pages"].append(3)
    config.write_text(json.dumps(data, indent=2))


def _break_openapi(project: Path) -> None:
    spec = project / "openapi.yaml"
    spec.write_text(spec.read_text().replace("/plants:", "/plants: [", 1))


@pytest.mark.parametrize("mistake", [_break_json, _break_front_matter, _meaningless_nav_entry, _break_openapi])
def test_a_mistake_shows_the_cli_message_until_it_is_fixed(
    example_project: Path, dev_server: Callable[..., DevServer], page: Any, tmp_path: Path, mistake: Callable[[Path], None]
) -> None:
    server = dev_server(example_project)
    page.goto(server.url + "introduction/")
    originals = {path: path.read_bytes() for path in example_project.rglob("*") if path.is_file()}

    mistake(example_project)
    messages = cli_errors(example_project, tmp_path / "out")
    assert messages
    overlay = page.locator("#sitegen-overlay")
    for message in messages:
        expect(overlay).to_contain_text(f"error: {message}", timeout=WAIT)
    expect(page.locator("h1")).to_have_text("Introduction")  # the last good page stays

    for path, data in originals.items():
        if path.read_bytes() != data:
            path.write_bytes(data)
    expect(overlay).to_have_count(0, timeout=WAIT)
    expect(page.locator("h1")).to_have_text("Introduction")


def test_a_page_added_to_the_navigation_appears_in_the_sidebar(
    example_project: Path, dev_server: Callable[..., DevServer], page: Any
) -> None:
    server = dev_server(example_project)
    page.goto(server.url + "quickstart/")
    sidebar = page.locator("#sidebar")
    expect(sidebar).to_contain_text("Quickstart")
    (example_project / "content" / "watering.mdx").write_text("---\ntitle: Watering schedule\n---\n\nTwice a week.\n")
    config = example_project / "docs.json"
    data = json.loads(config.read_text())
    data["navigation"][0]["pages"].append("watering")
    config.write_text(json.dumps(data, indent=2))
    expect(sidebar.get_by_role("link", name="Watering schedule")).to_be_visible(timeout=WAIT)
    sidebar.get_by_role("link", name="Watering schedule").click()
    expect(page.locator("main")).to_contain_text("Twice a week.")


def test_a_reload_keeps_the_scroll_position(
    example_project: Path, dev_server: Callable[..., DevServer], page: Any
) -> None:
    source = example_project / "content" / "errors.mdx"
    long_text = source.read_text() + "".join(f"\nFiller paragraph {n}.\n" for n in range(200))
    source.write_text(long_text)
    server = dev_server(example_project)
    page.goto(server.url + "errors/")
    page.evaluate("window.scrollTo(0, 1500)")
    page.wait_for_function("window.scrollY === 1500")
    mark_document(page)
    source.write_text(long_text + "\nThe newest paragraph.\n")
    wait_for_reload(page, "The newest paragraph.")
    page.wait_for_function("window.scrollY === 1500", timeout=WAIT)


def test_a_tab_reconnects_and_reloads_after_a_server_restart(
    example_project: Path, dev_server: Callable[..., DevServer], page: Any
) -> None:
    port = str(free_port())
    first = dev_server(example_project, "--port", port)
    page.goto(first.url + "quickstart/")
    mark_document(page)
    first.stop()
    source = example_project / "content" / "quickstart.mdx"
    source.write_text(source.read_text() + "\nWritten while the server was down.\n")
    second = dev_server(example_project, "--port", port)
    assert second.url == first.url
    wait_for_reload(page, "Written while the server was down.")
