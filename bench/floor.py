"""The floor under a cold build: what the libraries alone cost, side by side with MkDocs.

    python bench/floor.py [--pages 1000] [--seed 7] [--cores 2] [--no-material]

Issue #11 asks for a 1,000-page cold build at least 4x faster than MkDocs and 10x faster than
MkDocs Material. This measures, on the corpus of `bench/corpus.py` (the pages of its MkDocs
twin: plain Markdown, the same text, tables and code), only the work no Markdown-to-search
pipeline built on the project's libraries can skip:

  start     a fresh Python importing markdown-it-py, Pygments, Jinja2, PyYAML and pydantic
  markdown  markdown-it-py (CommonMark + tables, no plugins) parsing and rendering every page
  pygments  Pygments highlighting every fenced block (the lexer of its language, HtmlFormatter)
  write     writing each page's HTML once
  pagefind  Pagefind indexing one minimal HTML document per page (title, the rendered body)

and adds them up as the fastest a build could be on `--cores` cores: start, plus the rest
(CPU seconds, all of it parallel) divided by the cores. sitegen does more than this floor
(MDX components, the page template, the `.md` export, the navigation, link checks); MkDocs
and Material are timed cold in the same run, as `bench/build.py` does.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO))
import corpus  # noqa: E402  (bench/corpus.py, beside this file)

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
_FENCE = re.compile(r"^([ \t]*)(```+)([\w+-]*)[^\n]*\n(.*?)^\1\2[ \t]*$", re.S | re.M)
_IMPORTS = "import markdown_it, pygments.lexers, pygments.formatters, jinja2, yaml, pydantic"


def wall(command: list[str], env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure_floor(pages: list[str], scratch: Path) -> dict[str, float]:
    """CPU seconds of each part (and `start`, wall seconds of a fresh interpreter)."""
    from markdown_it import MarkdownIt
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound

    from sitegen.search import pagefind_binary

    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    wall([sys.executable, "-c", _IMPORTS], env)  # bytecode written once, as after an install
    times = {"start": min(wall([sys.executable, "-c", _IMPORTS], env) for _ in range(3))}

    md = MarkdownIt("commonmark").enable("table")
    started = time.process_time()
    bodies = [md.render(text) for text in pages]
    times["markdown"] = time.process_time() - started

    fences = [(match.group(3) or "text", match.group(4)) for text in pages for match in _FENCE.finditer(text)]
    formatter = HtmlFormatter()
    lexers: dict[str, object] = {}
    started = time.process_time()
    for language, code in fences:
        if language not in lexers:
            try:
                lexers[language] = get_lexer_by_name(language)
            except ClassNotFound:
                lexers[language] = get_lexer_by_name("text")
        highlight(code, lexers[language], formatter)
    times["pygments"] = time.process_time() - started
    times["fences"] = len(fences)

    site = scratch / "site"
    started = time.process_time()
    for number, body in enumerate(bodies):
        folder = site / f"p{number:05d}"
        folder.mkdir(parents=True)
        (folder / "index.html").write_text(
            f'<!doctype html><html lang="en"><head><title>Page {number}</title></head>'
            f"<body><main data-pagefind-body>{body}</main></body></html>", encoding="utf-8")
    times["write"] = time.process_time() - started

    binary = pagefind_binary()
    if binary is None:
        raise SystemExit("pagefind is not installed (pip install 'pagefind[bin]')")
    (scratch / "pagefind.json").write_text(json.dumps({"site": str(site), "output_path": str(scratch / "bundle")}))
    before = children_cpu()
    started = time.perf_counter()
    subprocess.run([str(binary), "--silent"], cwd=scratch, check=True, stdin=subprocess.DEVNULL)
    times["pagefind wall"] = time.perf_counter() - started
    times["pagefind"] = children_cpu() - before
    return times


def mkdocs_cold(project: Path, out: Path) -> float:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["NO_MKDOCS_2_WARNING"] = "1"
    shutil.rmtree(out, ignore_errors=True)
    return wall([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(project / "mkdocs.yml"), "-d", str(out)], env)


def sitegen_cold(project: Path, out: Path) -> float:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [env.get("PYTHONPATH")])])
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(project / ".sitegen-cache", ignore_errors=True)
    return wall([sys.executable, "-m", "sitegen", "build", str(project), "--out", str(out), "-q"], env)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-material", action="store_true", help="skip the MkDocs Material build (the slowest)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sitegen-floor-") as folder:
        root = Path(folder)
        corpus.write(root / "corpus", args.pages, args.seed)
        texts = [_FRONT_MATTER.sub("", path.read_text(encoding="utf-8"))
                 for path in sorted((root / "corpus" / "mkdocs" / "docs").rglob("*.md"))]
        floor = measure_floor(texts, root / "floor")
        parallel = floor["markdown"] + floor["pygments"] + floor["write"] + floor["pagefind"]
        best = floor["start"] + parallel / args.cores
        tools = {"sitegen": sitegen_cold(root / "corpus" / "sitegen", root / "out-sitegen"),
                 "mkdocs": mkdocs_cold(root / "corpus" / "mkdocs", root / "out-mkdocs")}
        if not args.no_material:
            tools["material"] = mkdocs_cold(root / "corpus" / "material", root / "out-material")
    print(f"## Floor of a cold build: {len(texts)} pages, {int(floor['fences'])} code blocks, {args.cores} cores\n")
    print("| part | seconds |")
    print("|---|---:|")
    print(f"| start: a fresh Python importing the libraries (wall) | {floor['start']:.2f} |")
    for part, label in (("markdown", "markdown-it-py, CommonMark + tables, parse and render (CPU)"),
                        ("pygments", "Pygments, every code block (CPU)"),
                        ("write", "writing each page once (CPU)"),
                        ("pagefind", f"Pagefind on one document a page (CPU; {floor['pagefind wall']:.2f} s wall)")):
        print(f"| {label} | {floor[part]:.2f} |")
    print(f"| **floor on {args.cores} cores**: start + CPU ÷ {args.cores} | **{best:.2f}** |\n")
    print("| build, cold (wall) | seconds | its target for sitegen | target ÷ floor |")
    print("|---|---:|---:|---:|")
    print(f"| sitegen | {tools['sitegen']:.2f} | | |")
    print(f"| MkDocs (default theme) | {tools['mkdocs']:.2f} | 4x faster: {tools['mkdocs'] / 4:.2f} "
          f"| {tools['mkdocs'] / 4 / best:.2f} |")
    if "material" in tools:
        print(f"| MkDocs Material | {tools['material']:.2f} | 10x faster: {tools['material'] / 10:.2f} "
              f"| {tools['material'] / 10 / best:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
