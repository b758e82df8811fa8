"""Components authors write in JavaScript (JSX, TypeScript) run in the embedded engine, and
what they return renders like hand-written MDX; what the sandbox refuses becomes one warning."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from sitegen.markdown import RenderedMarkdown

from component_support import renderer
from conftest import REPO, run_sitegen
from mdx_support import render_file

CONFIG = {"name": "Docs", "navigation": [{"group": "Guides", "pages": ["page"]}]}


def render(make_project: Callable[..., Path], body: str, files: dict[str, str] | None = None) -> RenderedMarkdown:
    """content/page.mdx with `body`, beside `files` (paths from the project root)."""
    extra = {"/" + path: text for path, text in (files or {}).items()}
    project = make_project(CONFIG, {"page.mdx": body, "other.mdx": "# Other\n", **extra})
    return render_file(project, "page.mdx", renderer(project))


# --- how components are written ---------------------------------------------------------------


def test_arrow_component_with_defaults_children_and_rest_props(make_project: Callable[..., Path]) -> None:
    body = (
        'export const HeroCard = ({ title, href = "/other", children, ...rest }) => (\n'
        '  <a href={href} className="hero-card" data-kind={rest.kind}>\n'
        "    <h3>{title}</h3>\n"
        "    {children}\n"
        "  </a>\n"
        ");\n\n"
        '<HeroCard title="Quickstart" kind="guide">\n  Start **here**.\n</HeroCard>\n'
    )
    result = render(make_project, body)
    assert result.html == ('<a href="../other/" class="hero-card" data-kind="guide"><h3>Quickstart</h3>'
                           "<p>Start <strong>here</strong>.</p>\n</a>\n")
    assert result.warnings == []


def test_function_component_with_block_body_if_and_early_return(make_project: Callable[..., Path]) -> None:
    body = (
        "export function Status(props) {\n"
        "  const { state } = props;\n"
        '  if (!state) return <span className="status">unknown</span>;\n\n'
        '  let label = "down";\n'
        '  if (state === "up") {\n'
        '    label = "operational";\n'
        "  }\n"
        '  return <span className={"status status-" + state}>{label}</span>;\n'
        "}\n\n"
        '<Status state="up" /> and <Status />\n'
    )
    result = render(make_project, body)
    assert result.html == ('<p><span class="status status-up">operational</span> and '
                           '<span class="status">unknown</span></p>\n')


def test_typescript_annotations_interfaces_and_casts_are_ignored(make_project: Callable[..., Path]) -> None:
    hero = (
        'import type { ReactNode } from "react";\n'
        "interface PlanProps { name: string; seats?: number; children?: ReactNode }\n"
        "type Tier = 'free' | 'pro';\n"
        "export const Plan: React.FC<PlanProps> = ({ name, seats = 1 }: PlanProps): JSX.Element => {\n"
        "  const tier = (seats > 5 ? 'pro' : 'free') as Tier;\n"
        "  const shown = name!.trim() satisfies string;\n"
        "  const list = new Array<string>(seats).fill('x');\n"
        "  return <p data-tier={tier}>{shown}: {list.length}</p>;\n"
        "};\n"
        "export default function Seats(props?: { count: number }) { return <b>{props?.count}</b>; }\n"
    )
    body = 'import Seats, { Plan } from "/snippets/plan.tsx";\n\n<Plan name=" Team " seats={8} />\n\n<Seats count={3} />\n'
    result = render(make_project, body, files={"snippets/plan.tsx": hero})
    assert result.html == '<p data-tier="pro">Team: 8</p>\n<b>3</b>\n'
    assert result.warnings == []


# --- where components are defined -------------------------------------------------------------


def test_components_from_jsx_and_js_files_default_and_named_imports(make_project: Callable[..., Path]) -> None:
    cards = (
        'import { Badge } from "./badge";\n\n'
        "export const FeatureCard = ({ title, children }) => (\n"
        '  <Card title={title} icon="rocket">\n'
        "    {children} <Badge text=\"new\" />\n"
        "  </Card>\n"
        ");\n\n"
        "const Grid = ({ children }) => <div className=\"grid\">{children}</div>;\n"
        "export default Grid;\n"
    )
    badge = 'export function Badge({ text }) { return <span className="badge">{text.toUpperCase()}</span>; }\n'
    body = (
        'import Grid, { FeatureCard } from "/snippets/cards.jsx"\n\n'
        "<Grid>\n"
        '  <FeatureCard title="Fast">Builds in seconds.</FeatureCard>\n'
        "</Grid>\n"
    )
    result = render(make_project, body, files={"snippets/cards.jsx": cards, "snippets/badge.js": badge})
    assert result.warnings == []
    assert result.html.startswith('<div class="grid"><div class="card">')
    assert '<p class="card-title">Fast</p>' in result.html
    assert '<div class="card-body">Builds in seconds. <span class="badge">NEW</span></div>' in result.html
    assert 'class="card-icon"' in result.html


def test_component_defined_in_an_imported_mdx_snippet(make_project: Callable[..., Path]) -> None:
    snippet = (
        "export const Pill = ({ color = \"green\", children }) => (\n"
        "  <span className={`pill pill-${color}`}>{children}</span>\n"
        ");\n\n"
        "Snippet text is not shown by a named import.\n"
    )
    body = 'import { Pill } from "/snippets/pill.mdx";\n\nStatus: <Pill color="blue">beta</Pill>\n'
    result = render(make_project, body, files={"snippets/pill.mdx": snippet})
    assert result.html == '<p>Status: <span class="pill pill-blue">beta</span></p>\n'
    assert result.warnings == []


def test_a_component_may_shadow_a_built_in_name_and_use_built_ins(make_project: Callable[..., Path]) -> None:
    body = (
        "export const Callout = ({ kind, children }) => (\n"
        '  kind === "warn" ? <Warning>{children}</Warning> : <Info>{children}</Info>\n'
        ");\n\n"
        '<Callout kind="warn">Back up first.</Callout>\n'
    )
    result = render(make_project, body)
    assert 'class="callout callout-warning"' in result.html
    assert "Back up first." in result.html


# --- expressions ---------------------------------------------------------------------------------


def test_expressions_data_exports_and_array_methods(make_project: Callable[..., Path]) -> None:
    body = (
        "export const plans = [\n"
        '  { name: "Hobby", price: 0, features: ["1 project"] },\n'
        '  { name: "Pro", price: 20, features: ["10 projects", "analytics"] },\n'
        "];\n\n"
        'export const regions = { eu: "Frankfurt", us: "Virginia" };\n\n'
        "export const PlanTable = ({ rows, currency }) => (\n"
        "  <table>\n"
        "    <tbody>\n"
        "      {rows.map((plan, i) => (\n"
        "        <tr key={i}>\n"
        "          <td>{plan.name.toLowerCase()}</td>\n"
        "          <td>{plan.price > 0 ? `${currency ?? \"$\"}${plan.price}` : \"free\"}</td>\n"
        "          <td>{plan.features.filter(f => f !== \"analytics\").join(\", \")}</td>\n"
        "          <td>{plan.note || \"-\"}{plan.price === 0 && \" (forever)\"}</td>\n"
        "        </tr>\n"
        "      ))}\n"
        "    </tbody>\n"
        "  </table>\n"
        ");\n\n"
        "<PlanTable rows={plans} />\n\n"
        "Regions: {Object.entries(regions).map(([key, city]) => `${key.toUpperCase()}=${city}`).join(\"; \")}.\n\n"
        "{plans[1].features.length} features, {regions[\"eu\"].slice(0, 5)}.\n"
    )
    result = render(make_project, body)
    assert result.warnings == []
    assert result.html == (
        "<table><tbody><tr><td>hobby</td><td>free</td><td>1 project</td><td>- (forever)</td></tr>"
        "<tr><td>pro</td><td>$20</td><td>10 projects</td><td>-</td></tr></tbody></table>\n"
        "<p>Regions: EU=Frankfurt; US=Virginia.</p>\n"
        "<p>2 features, Frank.</p>\n"
    )


# --- JSX as attribute values ------------------------------------------------------------------


def test_jsx_attribute_values_of_built_in_components(make_project: Callable[..., Path]) -> None:
    body = (
        '<Card title="Local" icon={<svg viewBox="0 0 24 24"><path d="M1 1h22" /></svg>} href="/other">A</Card>\n\n'
        '<Card title={<span className="t">Styled <b>title</b></span>} icon={<img src="/logo.png" alt="" />}>B</Card>\n'
    )
    result = render(make_project, body, {"logo.png": "png"})
    assert result.warnings == []
    assert '<span class="card-icon" aria-hidden="true"><svg viewBox="0 0 24 24"><path d="M1 1h22"></path></svg></span>' \
        in result.html
    assert '<img src="../logo.png" alt="">' in result.html
    assert '<span class="t">Styled <b>title</b></span>' in result.html


def test_jsx_attribute_values_of_author_components(make_project: Callable[..., Path]) -> None:
    body = (
        "export const Contact = ({ label, icon }) => <button className=\"contact\">{icon}{label}</button>;\n\n"
        '<Contact label={<><Icon icon="phone" /> Phone</>} icon={<img src="https://example.com/p.svg" />} />\n'
    )
    result = render(make_project, body)
    assert result.warnings == []
    assert result.html.startswith('<button class="contact"><img src="https://example.com/p.svg">')
    assert "<svg" in result.html and result.html.endswith(" Phone</button>\n")


# --- React ------------------------------------------------------------------------------------


def test_hooks_render_the_first_frame_for_the_browser_to_run(make_project: Callable[..., Path]) -> None:
    counter = (
        'import React, { useState, useEffect, useRef, useMemo, useCallback } from "react";\n\n'
        "export const Counter = ({ start = 3 }) => {\n"
        "  const [count, setCount] = useState(start);\n"
        "  const [open] = React.useState(() => false);\n"
        "  const box = useRef(null);\n"
        "  const doubled = useMemo(() => count * 2, [count]);\n"
        "  const add = useCallback(() => setCount(count + 1), [count]);\n"
        "  useEffect(() => { window.addEventListener('resize', add); }, []);\n"
        "  return <button ref={box} onClick={add}>{count} / {doubled} {open ? 'open' : 'closed'}</button>;\n"
        "};\n"
    )
    body = 'import { Counter } from "/snippets/counter.jsx";\n\n<Counter />\n\n<Counter start={5} />\n'
    result = render(make_project, body, files={"snippets/counter.jsx": counter})
    # Each first frame inside its island (tests/test_islands_build.py), which the browser runs.
    frames = re.findall(r'<div class="sitegen-island" data-island="[^"]*">(.*?)</div>\n', result.html)
    assert frames == ["<button>3 / 6 closed</button>", "<button>5 / 10 closed</button>"]
    assert result.warnings == []


def test_npm_imports_warn_with_file_and_line_and_the_page_builds(make_project: Callable[..., Path]) -> None:
    chart = (
        'import { LineChart } from "recharts";\n'
        'import clsx from "clsx";\n\n'
        'export const Chart = ({ children }) => <figure className="chart">{children}</figure>;\n'
    )
    body = (
        'import { motion } from "framer-motion";\n'
        'import { Chart } from "/snippets/chart.jsx";\n\n'
        "<Chart>Weekly *signups*</Chart>\n"
    )
    result = render(make_project, body, files={"snippets/chart.jsx": chart})
    assert result.html == '<figure class="chart">Weekly <em>signups</em></figure>\n'
    assert result.warnings == [
        "content/page.mdx:1: import from 'framer-motion': npm packages are not installed by sitegen; "
        "what it imports is left out",
        "snippets/chart.jsx:1: import from 'recharts': npm packages are not installed by sitegen; "
        "what it imports is left out",
        "snippets/chart.jsx:2: import from 'clsx': npm packages are not installed by sitegen; "
        "what it imports is left out",
    ]


# --- MDX syntax ----------------------------------------------------------------------------------


def test_attributes_without_whitespace_between_them(make_project: Callable[..., Path]) -> None:
    body = '<Card title="Guide"href="/other"icon="book">Read it.</Card>\n\nA <a href="/other"title={"x"}>link</a>.\n'
    result = render(make_project, body)
    assert result.warnings == []
    assert '<a class="card-link" href="../other/">Guide</a>' in result.html
    assert '<a href="../other/" title="x">link</a>' in result.html


# --- the sandbox ----------------------------------------------------------------------------------

FAILURES = {
    "endless loop": ("export const Spin = ({ children }) => { while (true) {} };\n", "Spin",
                     "failed: it ran longer than 1 s of CPU (the limit for one evaluation)"),
    "throw": ('export const Boom = () => { throw new TypeError("no data"); };\n', "Boom",
              "failed: it threw TypeError: no data"),
    "runaway recursion": ("export const Deep = ({ n = 0 }) => <Deep n={n + 1} />;\n", "Deep",
                          "failed: it recursed too deep (stack overflow)"),
    "1 GB allocation": ("export const Hog = () => { const big = new Uint8Array(1024 * 1024 * 1024); "
                        "return big.length; };\n", "Hog",
                        "failed: it needed more than 64 MB of memory (the engine's limit)"),
    "require": ('export const Read = () => require("fs").readFileSync("/etc/passwd", "utf8");\n', "Read",
                "failed: ReferenceError: 'require' is not defined (components run without files, network, "
                "processes, timers or a browser)"),
    "fetch": ('export const Get = () => { fetch("https://example.com/"); return null; };\n', "Get",
              "failed: ReferenceError: 'fetch' is not defined (components run without files, network, "
              "processes, timers or a browser)"),
    "process.exit": ("export const Quit = () => { process.exit(1); };\n", "Quit",
                     "failed: ReferenceError: 'process' is not defined (components run without files, "
                     "network, processes, timers or a browser)"),
}


@pytest.mark.parametrize("case", sorted(FAILURES))
def test_a_failing_component_is_one_warning_and_its_children(case: str, make_project: Callable[..., Path]) -> None:
    definition, name, problem = FAILURES[case]
    body = f"{definition}\n<{name}>\n  Shown **instead**.\n</{name}>\n\n<{name}>Again</{name}>\n\nAfter.\n"
    result = render(make_project, body)
    assert result.html == "<p>Shown <strong>instead</strong>.</p>\nAgain\n<p>After.</p>\n"
    assert result.warnings == [f"content/page.mdx:3: <{name}> {problem}; its children are shown without it"]


def test_a_syntax_error_in_a_script_file_names_the_file_and_line(make_project: Callable[..., Path]) -> None:
    broken = 'export const Ok = () => <p>fine</p>;\n\nexport const Broken = () => <div>;\n'
    body = 'import { Ok, Broken } from "/snippets/broken.jsx";\n\n<Broken>Children stay.</Broken>\n\n<Ok />\n'
    result = render(make_project, body, files={"snippets/broken.jsx": broken})
    assert result.html == "Children stay.\n"
    assert result.warnings == [
        "content/page.mdx:3: <Broken> failed: JavaScript syntax error at snippets/broken.jsx:3; "
        "its children are shown without it",
        "content/page.mdx:5: <Ok> failed: JavaScript syntax error at snippets/broken.jsx:3; "
        "its children are shown without it",
    ]


def test_the_clock_is_stopped_and_nothing_can_be_loaded(make_project: Callable[..., Path]) -> None:
    body = (
        "export const Year = () => <span>{new Date().getFullYear()} {Date.now()}</span>;\n\n"
        "export const Load = () => { const pending = import('/etc/passwd'); "
        "return <i>{typeof pending.then} {typeof require} {typeof setTimeout} {typeof std} {typeof os}</i>; };\n\n"
        "Now: <Year /> <Load />\n"
    )
    result = render(make_project, body)
    assert result.html == "<p>Now: <span>1970 0</span> <i>function undefined undefined undefined undefined</i></p>\n"


def _build_all_failures(tmp_path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    project = tmp_path / "site"
    (project / "snippets").mkdir(parents=True)
    (project / "docs.json").write_text(json.dumps({"name": "Docs", "navigation": [
        {"group": "G", "pages": ["index", "bad"]}]}))
    (project / "index.mdx").write_text("---\ntitle: Home\n---\nThe rest of the site.\n")
    uses = "\n\n".join(f"<{name}>child of {name}</{name}>" for _, name, _ in FAILURES.values())
    (project / "snippets" / "broken.jsx").write_text("export const Broken = () => <div>;\n")
    (project / "bad.mdx").write_text(
        '---\ntitle: Bad\n---\nimport { Broken } from "/snippets/broken.jsx";\n\n'
        + "\n".join(definition for definition, _, _ in FAILURES.values())
        + f"\n{uses}\n\n<Broken>child of Broken</Broken>\n")
    return run_sitegen("build", project, "--out", tmp_path / "out", *flags)


def test_a_page_with_every_failure_builds_the_whole_site(tmp_path: Path) -> None:
    done = _build_all_failures(tmp_path)
    assert done.returncode == 0, done.stderr
    warnings = [line for line in done.stderr.splitlines() if line.startswith("warning: bad.mdx:")]
    assert len(warnings) == len(FAILURES) + 1
    line = (tmp_path / "site" / "bad.mdx").read_text().splitlines().index("<Broken>child of Broken</Broken>") + 1
    assert f"warning: bad.mdx:{line}: <Broken> failed: JavaScript syntax error at snippets/broken.jsx:1; " \
           "its children are shown without it" in warnings
    page = (tmp_path / "out" / "bad" / "index.html").read_text()
    for name in [*(name for _, name, _ in FAILURES.values()), "Broken"]:
        assert f"child of {name}" in page
    assert "The rest of the site." in (tmp_path / "out" / "index.html").read_text()


def test_the_memory_limit_can_be_raised_for_a_build(tmp_path: Path) -> None:
    project = tmp_path / "site"
    project.mkdir()
    (project / "docs.json").write_text(json.dumps({"name": "Docs", "navigation": [{"group": "G", "pages": ["index"]}]}))
    (project / "index.mdx").write_text(
        "export const Table = () => { const cells = new Uint8Array(100 * 1024 * 1024); "
        "return <p>{cells.length} cells</p>; };\n\n<Table>no table</Table>\n")
    default = run_sitegen("build", project, "--out", tmp_path / "a")
    assert "<Table> failed: it needed more than 64 MB of memory" in default.stderr
    raised = run_sitegen("build", project, "--out", tmp_path / "b", "--js-memory-mb", "256")
    assert raised.returncode == 0 and "warning" not in raised.stderr
    assert "<p>104857600 cells</p>" in (tmp_path / "b" / "index.html").read_text()


# --- the engine is started only when needed --------------------------------------------------------

_PROBE = """
import sys
from pathlib import Path
from sitegen.javascript import engine
from sitegen.pipeline import build_site
build_site(Path(sys.argv[1]))
print("quickjs" in sys.modules, engine.engine_started())
"""


@pytest.mark.parametrize(("body", "started"), [
    ("# Plain\n\nexport const n = 3\n\n<Card title={`x`}>{n} cards, {\"literal\"}</Card>\n", "False False"),
    ("export const Hi = () => <b>hi</b>;\n\n<Hi />\n", "True True"),
])
def test_the_engine_starts_only_for_author_javascript(tmp_path: Path, body: str, started: str) -> None:
    project = tmp_path / "site"
    project.mkdir()
    (project / "docs.json").write_text(json.dumps({"name": "Docs", "navigation": [{"group": "G", "pages": ["index"]}]}))
    (project / "index.mdx").write_text(body)
    done = subprocess.run([sys.executable, "-c", _PROBE, str(project)], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[-2] == started


def test_react_elements_written_in_the_page_show_their_children(make_project: Callable[..., Path]) -> None:
    result = render(make_project, "<React.StrictMode>\n  <React.Fragment>Kept.</React.Fragment>\n</React.StrictMode>\n")
    assert result.html == "Kept.\n"
    assert result.warnings == []


def test_each_render_worker_makes_one_engine_and_reuses_it(make_project: Callable[..., Path]) -> None:
    from sitegen.pipeline.builder import BuildOptions, build_into
    from sitegen.pipeline.output import FolderOutput
    from sitegen.search import SearchIndex

    probe = ("export const Probe = () => {\n"
             "  globalThis.renders = (globalThis.renders || 0) + 1;  // lives as long as the engine\n"
             "  return <span className=\"probe\">{renders}</span>;\n"
             "};\n")
    pages = {f"page{n}.mdx": f'import {{ Probe }} from "/snippets/probe.jsx";\n\nPage {n}: <Probe />\n'
             for n in range(250)}
    nav = [{"group": "All", "pages": [f"page{n}" for n in range(250)]}]
    project = make_project({"name": "Big", "navigation": nav}, {**pages, "/snippets/probe.jsx": probe})
    output = FolderOutput(project.parent / "out")  # render workers write into a folder
    build_into(BuildOptions(project, processes=2, search=SearchIndex(enabled=False)), output)
    output.commit()
    counts = sorted(int(html.read_bytes().split(b'<span class="probe">')[1].split(b"<")[0])
                    for html in output.out_dir.glob("page*/index.html"))
    assert len(counts) == 250
    # Two engines (one per worker), each counting the pages it rendered: 1..a and 1..b, a + b = 250.
    assert counts.count(1) == 2
    assert max(counts) > 1 and sum(1 for count in counts if count > 1) == 248


def test_components_returning_functions_or_odd_values_show_nothing(make_project: Callable[..., Path]) -> None:
    body = (
        "export const Later = () => () => <p>never</p>;\n\n"
        "export const Things = () => [1, true, null, { a: 1 }, Symbol('s'), 10n, NaN];\n\n"
        "A <Later /> B <Things />\n"
    )
    result = render(make_project, body)
    assert result.html == "<p>A  B 110</p>\n"  # NaN crosses as JSON null
    assert result.warnings == []


def test_blank_lines_inside_a_component_and_a_stray_bracket_in_a_string(make_project: Callable[..., Path]) -> None:
    body = (
        "export const Steps3 = ({ items }) => {\n"
        "  const shown = items.slice(0, 3);\n\n"
        "  return (\n"
        "    <ol>\n\n"
        "      {shown.map((item) => <li key={item}>{item}</li>)}\n"
        "    </ol>\n"
        "  );\n"
        "};\n\n"
        'export const note = "see (below";\n\n'
        '<Steps3 items={["one", "two", "three", "four"]} />\n\n'
        "A paragraph {note}.\n"
    )
    result = render(make_project, body)
    assert result.html == "<ol><li>one</li><li>two</li><li>three</li></ol>\n<p>A paragraph see (below.</p>\n"
    assert result.warnings == []


def test_snippet_props_as_props_and_browser_base64(make_project: Callable[..., Path]) -> None:
    cta = ('<a href={"https://example.com/survey?src=" + (props.src || "docs")}>Take the survey</a>\n\n'
           "Token: {btoa(JSON.stringify({ name: props.src ?? \"none\" }))} {atob(\"aGk=\")}\n")
    body = 'import Cta from "/snippets/cta.mdx";\n\n<Cta src="agent" />\n\n<Cta />\n'
    result = render(make_project, body, {"snippets/cta.mdx": cta})
    assert result.warnings == []
    assert '<a href="https://example.com/survey?src=agent">Take the survey</a>' in result.html
    assert '<a href="https://example.com/survey?src=docs">Take the survey</a>' in result.html
    assert "Token: eyJuYW1lIjoiYWdlbnQifQ== hi" in result.html
    assert "Token: eyJuYW1lIjoibm9uZSJ9 hi" in result.html
