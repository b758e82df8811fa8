"""Authors' React components that use hooks, clicked in real Chromium: the page shows their
first frame (also without JavaScript), then React runs them as on Mintlify: a click changes
the count, useMemo and useEffect work, HTML children are passed in, one that throws keeps its
first frame; the console stays clean, `sitegen serve` serves React too, and a page without
such a component loads no React."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import build
from conftest import DevServer

pytestmark = pytest.mark.browser

CONFIG = {
    "$schema": "https://mintlify.com/docs.json",
    "theme": "mint",
    "name": "Greenhouse",
    "colors": {"primary": "#16A34A"},
    "favicon": "/favicon.svg",
    "navigation": {"groups": [{"group": "Guides", "pages": ["tools", "plain"]}]},
}
COUNTER = """export const Counter = ({ initial = 0 }) => {
  const [count, setCount] = useState(initial)

  return (
    <div className="flex items-center gap-2">
      <button onClick={() => setCount(count - 1)} aria-label="Decrease">-</button>
      <span className="tray-count">{count}</span>
      <button onClick={() => setCount(count + 1)} aria-label="Increase">+</button>
    </div>
  )
}
"""
TOOLS = """---
title: "Greenhouse tools"
---

import { Counter } from "/snippets/counter.jsx";
import { useMemo } from "react";

export const PlantFilter = ({ plants }) => {
  const [query, setQuery] = useState("")
  const shown = useMemo(() => plants.filter((plant) => plant.includes(query)), [plants, query])

  useEffect(() => {
    document.querySelector(".plant-count").textContent = `${shown.length} of ${plants.length}`
  }, [shown])

  return (
    <div>
      <input aria-label="Filter plants" value={query} onChange={(e) => setQuery(e.target.value)} />
      <ul className="plant-list">{shown.map((plant) => <li key={plant}>{plant}</li>)}</ul>
      <p className="plant-count">all</p>
    </div>
  )
}

export const Reveal = ({ children, label }) => {
  const [open, setOpen] = React.useState(false)
  return (
    <div className="reveal">
      <button onClick={() => setOpen(!open)}>{label}</button>
      {open && children}
    </div>
  )
}

Seed trays on the bench:

<Counter initial={3} />

<PlantFilter plants={["basil", "mint", "rosemary", "spearmint"]} />

<Reveal label="Show the watering tip">
  Water **before** nine in the morning.
</Reveal>
"""
PLAIN = "---\ntitle: Plain\n---\n\nNo components on this page.\n"
FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8" fill="green"/></svg>'


def greenhouse(make_project: Callable[..., Path]) -> Path:
    return make_project(json.dumps(CONFIG), {
        "/tools.mdx": TOOLS, "/plain.mdx": PLAIN, "/snippets/counter.jsx": COUNTER, "/favicon.svg": FAVICON})


@pytest.fixture
def site(make_project: Callable[..., Path], static_server: Callable[[Path], str]) -> Iterator[tuple[Path, str]]:
    project = greenhouse(make_project)
    assert build(project) == []
    yield project / "site", static_server(project / "site")


def console_problems(page: Any) -> list[str]:
    """Errors and warnings the page logs, and uncaught exceptions, from now on."""
    problems: list[str] = []
    page.on("console", lambda message: problems.append(f"{message.type}: {message.text}")
            if message.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(f"uncaught: {error}"))
    return problems


def test_the_first_frame_is_there_without_javascript(site: tuple[Path, str], browser: Any) -> None:
    _, url = site
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(url + "tools/")
    expect(page.locator(".tray-count")).to_have_text("3")
    expect(page.locator(".plant-list li")).to_have_text(["basil", "mint", "rosemary", "spearmint"])
    expect(page.get_by_role("button", name="Show the watering tip")).to_be_visible()
    context.close()


def test_a_click_changes_the_count_and_hooks_run_in_the_browser(site: tuple[Path, str], page: Any) -> None:
    _, url = site
    problems = console_problems(page)
    page.goto(url + "tools/")
    count = page.locator(".tray-count")
    expect(count).to_have_text("3")
    increase = page.get_by_role("button", name="Increase")
    increase.click()
    expect(count).to_have_text("4")
    increase.click()
    expect(count).to_have_text("5")
    page.get_by_role("button", name="Decrease").click()
    expect(count).to_have_text("4")
    # useMemo filters as the reader types; useEffect writes the count after each render.
    expect(page.locator(".plant-count")).to_have_text("4 of 4")
    page.get_by_label("Filter plants").fill("mint")
    expect(page.locator(".plant-list li")).to_have_text(["mint", "spearmint"])
    expect(page.locator(".plant-count")).to_have_text("2 of 4")
    # Children written in the page reach the component as HTML.
    tip = page.locator(".reveal strong")
    expect(tip).to_have_count(0)
    page.get_by_role("button", name="Show the watering tip").click()
    expect(tip).to_have_text("before")
    expect(page.locator(".reveal")).to_contain_text("Water before nine in the morning.")
    assert problems == []


def test_a_page_without_hooked_components_loads_no_react(site: tuple[Path, str], page: Any) -> None:
    folder, url = site
    problems = console_problems(page)
    page.goto(url + "plain/")
    expect(page.locator("main")).to_contain_text("No components on this page.")
    assert page.evaluate("typeof window.React") == "undefined"
    assert page.evaluate("typeof window.sitegenIslands") == "undefined"
    assert "react" not in (folder / "plain" / "index.html").read_text(encoding="utf-8")
    assert problems == []


def test_the_dev_server_serves_react_too(make_project: Callable[..., Path], page: Any) -> None:
    server = DevServer(greenhouse(make_project))
    try:
        problems = console_problems(page)
        page.goto(server.url + "tools/")
        page.get_by_role("button", name="Increase").click()
        expect(page.locator(".tray-count")).to_have_text("4")
        assert problems == []
    finally:
        server.stop()


def test_a_component_that_throws_in_the_browser_keeps_its_first_frame(
        make_project: Callable[..., Path], static_server: Callable[[Path], str], page: Any) -> None:
    boom = ("export const Sensor = () => {\n  const [reading] = useState(21)\n"
            '  if (typeof window !== "undefined") throw new Error("no sensor attached")\n'
            '  return <p className="sensor">Last reading: {reading} °C</p>\n}\n\n<Sensor />\n\n<Counter initial={1} />\n')
    project = greenhouse(make_project)
    (project / "tools.mdx").write_text(TOOLS.split("Seed trays on the bench:")[0] + boom, encoding="utf-8")
    assert build(project) == []
    problems = console_problems(page)
    page.goto(static_server(project / "site") + "tools/")
    page.get_by_role("button", name="Increase").click()
    expect(page.locator(".tray-count")).to_have_text("2")  # the other component runs
    expect(page.locator(".sensor")).to_have_text("Last reading: 21 °C")
    assert [problem.split("\n")[0] for problem in problems] == ["error: Error: no sensor attached"]
