"""What the build makes of authors' components that use React hooks: the first frame inside an
island element, the modules' files and React for the pages that have one (and for no other
page), or, where the browser cannot run the component, the first frame with a warning that
says why. tests/browser/test_islands.py clicks the result in Chromium."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sitegen.javascript import browser
from sitegen.pipeline import build_site

from conftest import run_sitegen

CONFIG = {"name": "Greenhouse", "navigation": [{"group": "Guides", "pages": ["index", "plain"]}]}
COUNTER = (
    "export const Counter = ({ initial = 0 }) => {\n"
    "  const [count, setCount] = useState(initial);\n"
    "  return <button className=\"counter\" onClick={() => setCount(count + 1)}>Trays: {count}</button>;\n"
    "};\n"
)
INDEX = 'import { Counter } from "/snippets/counter.jsx";\n\n# Trays\n\n<Counter initial={3} />\n'
PLAIN = "# Plain\n\nNo components here.\n"
ISLAND = re.compile(r'<div class="sitegen-island" data-island="([^"]*)">(.*?)</div>\n', re.S)
REACT_SCRIPTS = ("_sitegen/vendor/react.min.js", "_sitegen/vendor/react-dom.min.js", "_sitegen/features/islands.js")


def site(make_project: Callable[..., Path], index: str = INDEX, snippets: dict[str, str] | None = None) -> Any:
    files = {"/snippets/" + name: text for name, text in (snippets or {"counter.jsx": COUNTER}).items()}
    return build_site(make_project(CONFIG, {"index.mdx": index, "plain.mdx": PLAIN, **files}))


def test_a_hooked_component_is_its_first_frame_in_an_island_with_its_props(make_project: Callable[..., Path]) -> None:
    built = site(make_project)
    assert built.warnings == []
    page = built.files["index.html"].decode()
    (spec, frame), = ISLAND.findall(page)
    island = json.loads(html.unescape(spec))
    assert island["component"] == "Counter" and island["props"] == {"initial": 3}
    assert frame == '<button class="counter">Trays: 3</button>'  # what readers without JavaScript see
    # React, the mounting script, then the modules: the snippet's, then the page's, which imports it.
    scripts = re.findall(r'<script src="(_sitegen/[^"]+)" defer></script>', page)
    modules = [path for path in scripts if path.startswith("_sitegen/islands/")]
    assert scripts[-5:] == [*REACT_SCRIPTS, *modules] and len(modules) == 2
    snippet, own = (built.files[path].decode() for path in modules)
    assert snippet.startswith('sitegenIslands.define("snippets/counter.jsx#')
    assert "useState(initial)" in snippet and '__h("button", {"className": "counter"' in snippet
    assert own.startswith(f"sitegenIslands.define({json.dumps(island['module'])}, ")
    # React's own production builds, from the dash package, copied once for the site.
    react = built.copies["_sitegen/vendor/react.min.js"].read_text(encoding="utf-8")
    assert "react.production.min.js" in react
    assert "react-dom.production.min.js" in built.copies["_sitegen/vendor/react-dom.min.js"].read_text(encoding="utf-8")


def test_pages_without_hooked_components_load_no_react(make_project: Callable[..., Path]) -> None:
    built = site(make_project)
    plain = built.files["plain/index.html"].decode()
    assert "react" not in plain and "islands" not in plain and "data-island" not in plain
    # A site with no hooked component at all: no React copied, no module files.
    static = site(make_project, index="# Trays\n\n<Note>Water daily.</Note>\n", snippets={})
    assert static.warnings == []
    assert not [path for path in [*static.files, *static.copies] if "react" in path or "/islands/" in path]
    assert "react" not in static.files["index.html"].decode()


def test_one_module_file_is_shared_by_the_pages_using_it(make_project: Callable[..., Path]) -> None:
    built = build_site(make_project(
        {"name": "Greenhouse", "navigation": [{"group": "Guides", "pages": ["index", "plain"]}]},
        {"index.mdx": INDEX, "plain.mdx": INDEX.replace("initial={3}", "initial={7}"), "/snippets/counter.jsx": COUNTER}))
    assert built.warnings == []
    first, second = (re.findall(r'src="(?:\.\./)?(_sitegen/islands/[^"]+)"', built.files[path].decode())
                     for path in ("index.html", "plain/index.html"))
    assert first[0] == second[0]  # the snippet's module
    assert first[1] != second[1]  # each page's own module (its import)


WHY = "uses React hooks; it is shown as its first frame, not interactive"


def test_what_the_browser_cannot_run_stays_the_first_frame_with_why(make_project: Callable[..., Path]) -> None:
    snippets = {
        "counter.jsx": COUNTER,
        "picker.jsx": "export const Picker = ({ onPick }) => { const [open] = useState(false);\n"
                      "  return <span>{open ? 'open' : 'closed'}</span>; };\n",
        "panel.jsx": "export const Panel = ({ children }) => { const [shown] = useState(true);\n"
                     "  return <section>{shown && children}</section>; };\n",
        "tiles.jsx": "export const Tiles = () => { const [n] = useState(2);\n"
                     "  return <Card title={'Tiles: ' + n}>Pick one</Card>; };\n",
        "styled.jsx": "import clsx from 'clsx';\n\n"
                      "export const Styled = () => { const [on] = useState(true); return <b>{on ? 'on' : 'off'}</b>; };\n",
    }
    index = (
        'import { Counter } from "/snippets/counter.jsx";\nimport { Picker } from "/snippets/picker.jsx";\n'
        'import { Panel } from "/snippets/panel.jsx";\nimport { Tiles } from "/snippets/tiles.jsx";\n'
        'import { Styled } from "/snippets/styled.jsx";\n\n'
        "<Picker onPick={(value) => value} />\n\n"
        "<Panel>\n  <Note>Water daily.</Note>\n</Panel>\n\n"
        "<Panel>\n  Plain *text* and HTML stay interactive.\n</Panel>\n\n"
        "<Tiles />\n\n"
        "<Styled />\n\n"
        "<Counter initial={2} />\n\n"
        "<Panel>\n\n```bash\nwater --daily\n```\n\n</Panel>\n"
    )
    built = site(make_project, index=index, snippets=snippets)
    assert built.warnings == [
        "snippets/styled.jsx:1: import from 'clsx': npm packages are not installed by sitegen; what it imports is "
        "left out",
        f"content/index.mdx:7: <Picker> {WHY} (its prop onPick is a function, which cannot be handed to the browser)",
        f"content/index.mdx:9: <Panel> {WHY} (its children hold <Note>, which sitegen draws only at build time)",
        f"content/index.mdx:17: <Tiles> {WHY} (it uses <Card>, which sitegen draws only at build time)",
        f"content/index.mdx:19: <Styled> {WHY} (it imports the npm package 'clsx')",
        f"content/index.mdx:23: <Panel> {WHY} (its children hold a code block, which sitegen draws only at build time)",
    ]
    page = built.files["index.html"].decode()
    islands = [json.loads(html.unescape(spec))["component"] for spec, _ in ISLAND.findall(page)]
    assert islands == ["Panel", "Counter"]  # the Panel with text children, and the Counter
    assert "<span>closed</span>" in page and "Tiles: 2" in page and "<b>on</b>" in page  # first frames


def test_without_react_installed_the_warning_says_how_to_get_it(make_project: Callable[..., Path],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser, "REACT_PACKAGE", "sitegen_test_package_that_is_not_installed")
    built = site(make_project)
    assert built.warnings == [
        f"content/index.mdx:5: <Counter> {WHY} (pip install 'sitegen[react]' makes it interactive)"]
    page = built.files["index.html"].decode()
    assert '<button class="counter">Trays: 3</button>' in page and "data-island" not in page and "react" not in page
    assert not [path for path in built.copies if "react" in path]


def test_no_scripts_keeps_the_component_out_of_the_browser(make_project: Callable[..., Path], tmp_path: Path) -> None:
    project = make_project(CONFIG, {"index.mdx": INDEX, "plain.mdx": PLAIN, "/snippets/counter.jsx": COUNTER})
    result = run_sitegen("build", project, "--no-scripts", "--out", tmp_path / "out", "--no-cache")
    assert result.returncode == 0, result.stderr
    assert f"warning: content/index.mdx:5: <Counter> {WHY} (--no-scripts leaves the project's code out of the site)" \
        in result.stderr
    assert "data-island" not in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert not (tmp_path / "out" / "_sitegen" / "vendor" / "react.min.js").exists()


def test_a_page_from_the_build_cache_still_brings_its_modules(make_project: Callable[..., Path], tmp_path: Path) -> None:
    project = make_project(CONFIG, {"index.mdx": INDEX, "plain.mdx": PLAIN, "/snippets/counter.jsx": COUNTER})
    first = run_sitegen("build", project, "--out", tmp_path / "first")
    assert first.returncode == 0, first.stderr
    (project / "content" / "plain.mdx").write_text(PLAIN + "\nEdited.\n", encoding="utf-8")
    second = run_sitegen("build", project, "--out", tmp_path / "second")  # the index page from the cache
    assert second.returncode == 0, second.stderr
    modules = sorted(path.name for path in (tmp_path / "first" / "_sitegen" / "islands").iterdir())
    assert len(modules) == 2
    assert sorted(path.name for path in (tmp_path / "second" / "_sitegen" / "islands").iterdir()) == modules
    assert (tmp_path / "second" / "_sitegen" / "vendor" / "react.min.js").is_file()
