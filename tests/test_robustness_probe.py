"""A seeded robustness probe: 150 random damages to the Plant Store docs, each built by the CLI.

With a fixed seed, each case copies the Plant Store (the docs at the repository root), damages
one of its pages, its docs.json or its openapi.yaml (MDX and Markdown fragments inserted, a
slice cut out, the file truncated, NUL, a BOM, bytes that are not UTF-8, values of the wrong
type, references and symbolic links to a file outside the project) and builds it. Every build
must end in exit 0 (warnings) or 1 (errors), never a traceback, and nothing of the file
outside the project (its text, its absolute path) may appear in a message or in the site.

The builds run `sitegen.cli.main`, the function the `sitegen` command runs, in this process:
a new interpreter per build (importing sitegen again) would cost several times the build.
A failure prints the case, so it can be replayed alone: `pytest -k 'case_07'`.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import shutil
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from sitegen.cli import main

from conftest import REPO

pytestmark = pytest.mark.slow

SEED = 20261126
CASES = 150
SECRET = "SECRET-e41c-not-for-any-site"  # written only outside the project

# Fragments a careless or hostile page might hold; each names the outside file at several
# depths, so one of them leads exactly there from whichever page it lands in.
OUTSIDE = [f"{'../' * depth}outside/secret" for depth in (1, 2, 3)]
FRAGMENTS = [
    '<Card title="Open card">', "</Card>", '<Tabs>\n<Tab title="One">\n', "</Tab>", "<CodeGroup>\n",
    "{", "}", "{/* a comment never closed", "<>", "</>", "export const plant = { name: [1, 2",
    "import Missing from '/snippets/missing.mdx'\n\n<Missing />\n", "<Steps>\n<Step>\n", "<Accordion title={`t ${x}`}>",
    '```python {1,3-\n', "```\n", "$$\n\\frac{1}{", '<ParamField path="id" type=', "{{ undefined.variable }}",
    "> " * 300 + "deep quote", "[" * 400, "<div>" * 300, "*" * 500, "<script>alert(1)</script>",
    '<a href="javascript:alert(1)">x</a>', "| a | b |\n|---|\n| 1 |\n", "[^note]\n\n[^note]: ", "<Tooltip tip={tip}>",
    "\x00", "\ufeff", "\u202e", "\r", "\t\t\t- item\n", "---\ntitle: [unclosed\n---\n", "<Foo.Bar.Baz />",
    *[f"import Leak from '{path}.mdx'\n\n<Leak />\n" for path in OUTSIDE],
    *[f'<Snippet file="{path}.mdx" />' for path in OUTSIDE],
    *[f"![leak]({path}.svg)" for path in OUTSIDE],
    *[f"[leak]({path}.mdx)" for path in OUTSIDE],
    *[f'<img src="{path}.svg" />' for path in OUTSIDE],
    "![passwd](/etc/passwd)", '<Snippet file="/etc/passwd" />',
]
WRONG_VALUES: list[Any] = [
    None, 3, -1, 1e308, "", True, [], {}, "x" * 5000, [None], {"$ref": "../outside/secret.json"},
    "../outside/secret.svg", "../../outside/secret.svg", "/etc/passwd", {"light": "../outside/secret.svg"},
]


@dataclass
class Case:
    name: str
    damage: str  # what was done, shown when the case fails
    apply: Callable[[Path], None]


def text_damage(rng: random.Random, text: str) -> tuple[str, str]:
    """(damaged text, what was done) for any text file."""
    kind = rng.choice(["insert", "insert", "insert", "cut", "truncate", "nul", "bom"])
    at = rng.randrange(len(text) + 1)
    if kind == "insert":
        fragment = rng.choice(FRAGMENTS)
        if rng.random() < 0.5:  # at the start of a line, where block syntax counts
            at = text.rfind("\n", 0, at) + 1
        return text[:at] + fragment + text[at:], f"inserted {fragment[:60]!r} at {at}"
    if kind == "cut":
        end = min(len(text), at + rng.randrange(1, 400))
        return text[:at] + text[end:], f"cut {at}:{end}"
    if kind == "truncate":
        return text[:at], f"truncated at {at}"
    if kind == "nul":
        return text[:at] + "\x00" + text[at:], f"NUL at {at}"
    return "\ufeff" + text, "BOM"


def json_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += json_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += json_paths(item, (*path, index))
    return found


def replace_at(value: Any, path: tuple[Any, ...], new: Any) -> None:
    for step in path[:-1]:
        value = value[step]
    value[path[-1]] = new


def page_case(rng: random.Random, project: Path, pages: list[Path]) -> Case:
    page = rng.choice(pages)
    relative = page.relative_to(project).as_posix()
    kind = rng.choice(["text"] * 6 + ["bytes", "symlink"])
    if kind == "bytes":
        at = rng.randrange(page.stat().st_size + 1)
        raw = rng.choice([b"\xff\xfe\xfa", b"\xc3", b"\xed\xa0\x80"])

        def apply_bytes(root: Path) -> None:
            data = (root / relative).read_bytes()
            (root / relative).write_bytes(data[:at] + raw + data[at:])

        return Case("", f"{relative}: bytes {raw!r} at {at}", apply_bytes)
    if kind == "symlink":  # the page, or an image docs.json names, replaced by a link out
        if rng.random() < 0.3:
            relative = rng.choice(["images/logo-light.svg", "images/favicon.svg", "images/background.svg"])
            target = "outside/secret.svg"
        else:
            target = rng.choice(["outside/secret.mdx", "outside"])

        def apply_link(root: Path) -> None:
            (root / relative).unlink()
            (root / relative).symlink_to(root.parent / target)

        return Case("", f"{relative}: a symbolic link to ../{target}", apply_link)
    damaged, what = text_damage(rng, page.read_text(encoding="utf-8"))

    def apply_text(root: Path) -> None:
        (root / relative).write_text(damaged, encoding="utf-8")

    return Case("", f"{relative}: {what}", apply_text)


def config_case(rng: random.Random, project: Path) -> Case:
    text = (project / "docs.json").read_text(encoding="utf-8")
    if rng.random() < 0.3:
        damaged, what = text_damage(rng, text)
    else:
        config = json.loads(text)
        path = rng.choice(json_paths(config))
        new = rng.choice(WRONG_VALUES)
        replace_at(config, path, new)
        damaged, what = json.dumps(config, indent=2), f"{'.'.join(map(str, path))} = {json.dumps(new)[:60]}"

    def apply(root: Path) -> None:
        (root / "docs.json").write_text(damaged, encoding="utf-8")

    return Case("", f"docs.json: {what}", apply)


def openapi_case(rng: random.Random, project: Path) -> Case:
    text = (project / "openapi.yaml").read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    kind = rng.choice(["text", "text", "ref", "line"])
    if kind == "ref":
        at = rng.randrange(len(lines))
        indent = len(lines[at]) - len(lines[at].lstrip(" "))
        target = rng.choice(["../outside/secret.yaml", "../outside/secret.yaml#/Plant", "/etc/passwd",
                             "#/components/schemas/Missing", "#/paths"])
        damaged = "".join(lines[:at]) + f"{' ' * indent}$ref: '{target}'\n" + "".join(lines[at:])
        what = f"$ref {target!r} before line {at + 1}"
    elif kind == "line":
        at = rng.randrange(len(lines))
        damaged, what = "".join(lines[:at] + lines[at + 1:]), f"line {at + 1} removed"
    else:
        damaged, what = text_damage(rng, text)

    def apply(root: Path) -> None:
        (root / "openapi.yaml").write_text(damaged, encoding="utf-8")

    return Case("", f"openapi.yaml: {what}", apply)


def make_cases() -> list[Case]:
    rng = random.Random(SEED)
    pages = sorted((REPO / "content").rglob("*.mdx"))
    cases: list[Case] = []
    for number in range(CASES):
        roll = rng.random()
        if roll < 0.55:
            case = page_case(rng, REPO, pages)
        elif roll < 0.8:
            case = config_case(rng, REPO)
        else:
            case = openapi_case(rng, REPO)
        case.name = f"case_{number:02d}"
        cases.append(case)
    return cases


def write_outside(folder: Path) -> None:
    """Files beside the project that no build may read: each holds SECRET."""
    folder.mkdir()
    (folder / "secret.mdx").write_text(f"---\ntitle: {SECRET}\n---\n\n{SECRET}\n", encoding="utf-8")
    (folder / "secret.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg"><text>{SECRET}</text></svg>\n')
    (folder / "secret.json").write_text(json.dumps({"name": SECRET, "group": SECRET, "pages": [SECRET]}))
    (folder / "secret.yaml").write_text(f"Plant:\n  type: object\n  description: {SECRET}\n")


def copy_plant_store(target: Path) -> None:
    target.mkdir()
    for name in ("docs.json", "openapi.yaml"):
        shutil.copy(REPO / name, target / name)
    for folder in ("content", "images"):
        shutil.copytree(REPO / folder, target / folder)


def build(project: Path, out: Path) -> tuple[int | None, str]:
    """Run the CLI's `main` on the project; (exit code or None after an exception, all it printed)."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        try:
            code: int | None = main(["build", str(project), "--out", str(out), "-q", "--no-cache", "--offline"])
        except SystemExit as exc:  # argparse; never expected here
            code = exc.code if isinstance(exc.code, int) else 2
        except Exception:  # a crash: shown in the failure, as the command would have shown it
            code = None
            printed.write(traceback.format_exc())
    return code, printed.getvalue()


def site_text(out: Path) -> str:
    if not out.is_dir():
        return ""
    return "".join(path.read_text(encoding="utf-8", errors="replace")
                   for path in sorted(out.rglob("*")) if path.is_file() and not path.is_symlink())


@pytest.mark.parametrize("case", make_cases(), ids=lambda case: case.name)
def test_damaged_plant_store_builds_or_fails_cleanly(case: Case, tmp_path: Path) -> None:
    builds_or_fails_cleanly(case, tmp_path)


def builds_or_fails_cleanly(case: Case, tmp_path: Path) -> None:
    """The damaged copy builds (exit 0) or is refused (exit 1): no traceback, nothing outside."""
    outside = tmp_path / "outside"
    write_outside(outside)
    project = tmp_path / "project"
    copy_plant_store(project)
    case.apply(project)
    out = tmp_path / "site"

    code, printed = build(project, out)

    where = f"{case.name} ({case.damage}):\n{printed[-3000:]}"
    assert code in (0, 1), where
    assert "Traceback" not in printed, where
    assert SECRET not in printed, where
    assert str(outside) not in printed and os.path.realpath(outside) not in printed, where
    assert SECRET not in site_text(out), where


REFERENCED_CASES = 40
# Values of the shapes a schema keyword is often written in by mistake, beside WRONG_VALUES.
SHAPE_VALUES: list[Any] = [["name", "tag"], "mil", "name", {"type": "string"}, [{"$ref": "#/Plant"}], "cadena"]


def split_plant_store(project: Path) -> dict[str, Any]:
    """The Plant Store's openapi.yaml as three files: the path item in paths.yaml and the
    schemas in schemas.yaml, reached by `$ref` (where the validator does not look)."""
    spec = yaml.safe_load((project / "openapi.yaml").read_text(encoding="utf-8"))
    schemas = spec["components"].pop("schemas")
    paths = {"plants": spec["paths"]["/plants"]}
    spec["paths"]["/plants"] = {"$ref": "paths.yaml#/plants"}
    text = json.dumps(paths).replace("#/components/schemas/", "schemas.yaml#/")
    return {"openapi.yaml": spec, "paths.yaml": json.loads(text),
            "schemas.yaml": json.loads(json.dumps(schemas).replace("#/components/schemas/", "#/"))}


def referenced_case(rng: random.Random, number: int, files: dict[str, Any]) -> Case:
    name = rng.choice(["paths.yaml", "schemas.yaml", "schemas.yaml"])
    damaged = json.loads(json.dumps(files[name]))
    path = rng.choice(json_paths(damaged))
    new = rng.choice(WRONG_VALUES + SHAPE_VALUES)
    replace_at(damaged, path, new)
    texts = {**{other: yaml.safe_dump(value, sort_keys=False) for other, value in files.items()},
             name: yaml.safe_dump(damaged, sort_keys=False)}

    def apply(root: Path) -> None:
        for other, text in texts.items():
            (root / other).write_text(text, encoding="utf-8")

    return Case(f"referenced_{number:02d}", f"{name}: {'/'.join(map(str, path))} = {json.dumps(new)[:60]}", apply)


def make_referenced_cases() -> list[Case]:
    rng = random.Random(SEED)
    files = split_plant_store(REPO)
    return [referenced_case(rng, number, files) for number in range(REFERENCED_CASES)]


@pytest.mark.parametrize("case", make_referenced_cases(), ids=lambda case: case.name)
def test_damaged_referenced_files_build_or_fail_cleanly(case: Case, tmp_path: Path) -> None:
    """The Plant Store split into files that `$ref` each other, one of them damaged."""
    builds_or_fails_cleanly(case, tmp_path)


def test_the_split_plant_store_builds_its_api_page(tmp_path: Path) -> None:
    """The undamaged split is a valid document: the referenced cases damage a working site."""
    project = tmp_path / "project"
    copy_plant_store(project)
    for name, value in split_plant_store(REPO).items():
        (project / name).write_text(yaml.safe_dump(value, sort_keys=False), encoding="utf-8")
    code, printed = build(project, tmp_path / "site")
    assert (code, printed) == (0, "")
    assert "Create a plant" in site_text(tmp_path / "site")


def test_the_probe_damages_every_kind_of_file() -> None:
    """The seed's cases reach pages, docs.json, openapi.yaml and the outside file."""
    damages = [case.damage for case in make_cases()]
    assert any(damage.startswith("content/") for damage in damages)
    assert any(damage.startswith("docs.json") for damage in damages)
    assert any(damage.startswith("openapi.yaml") for damage in damages)
    assert any("outside" in damage for damage in damages)
