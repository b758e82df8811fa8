"""Pathological Markdown and MDX: build time must grow linearly with the input.

    python bench/pathological.py [--sizes 10000,20000,40000]

For each kind of hostile page (thousands of nested quotes, brackets, emphasis markers,
unclosed JSX tags, nested components, open braces, ...) it builds a one-page project at
each size and prints the seconds and the ratio to the previous size: about 2.0 when
doubling the input is linear, about 4.0 when it is quadratic. Each build runs in a fresh
process with a generous time limit, so a hang is reported instead of waited out.
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

LIMIT_SECONDS = 120  # a generous bound: any page that takes this long is a bug

CASES: dict[str, Callable[[int], str]] = {
    "nested quotes": lambda n: ">" * n + " deep\n",
    "nested brackets": lambda n: "[" * n + "x" + "]" * n + "\n",
    "unclosed brackets": lambda n: "[" * n + "x\n",
    "emphasis runs": lambda n: "*a **b " * n + "\n",
    "nested lists": lambda n: "".join("  " * min(i, 200) + "- item\n" for i in range(n)),
    "nested components": lambda n: "<Note>\n" * n + "deep\n" + "</Note>\n" * n,
    "unclosed components": lambda n: "<Card title=\"x\">\n" * n + "text\n",
    "open angle brackets": lambda n: "<" * n + "\n",
    "open braces": lambda n: "{" * n + "\n",
    "nested braces in attribute": lambda n: "<Card title={" + "{" * n + "}" * n + "} />\n",
    "long attribute list": lambda n: "<Card " + " ".join(f'a{i}="v"' for i in range(n)) + " />\n",
    "many inline tags": lambda n: "word <Icon icon=\"leaf\" /> " * n + "\n",
    "backtick runs": lambda n: "`" * n + "x\n",
}


def build_once(text: str, workdir: Path) -> float | None:
    project = workdir / "project"
    (project / "content").mkdir(parents=True, exist_ok=True)
    (project / "docs.json").write_text(json.dumps({"name": "Bench", "navigation": [{"group": "A", "pages": ["page"]}]}))
    (project / "content" / "page.mdx").write_text("---\ntitle: Page\n---\n\n" + text)
    started = time.perf_counter()
    try:
        subprocess.run([sys.executable, "-m", "sitegen", "build", str(project), "--out", str(workdir / "site"), "-q"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=LIMIT_SECONDS)
    except subprocess.TimeoutExpired:
        return None
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10000,20000,40000")
    parser.add_argument("--case", action="append", help="run only this case (repeatable)")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    # The time of an empty page: subtracted so the ratios show the page's own cost.
    with tempfile.TemporaryDirectory() as tmp:
        baseline = build_once("hello\n", Path(tmp)) or 0.0
    print(f"{'case':30} " + " ".join(f"{size:>9}" for size in sizes) + "   ratio per doubling (page cost)")
    for name, make in CASES.items():
        if args.case and name not in args.case:
            continue
        cells: list[str] = []
        costs: list[float] = []
        for size in sizes:
            with tempfile.TemporaryDirectory() as tmp:
                seconds = build_once(make(size), Path(tmp))
            if seconds is None:
                cells.append(f"{'>' + str(LIMIT_SECONDS):>8}s")
                break
            cells.append(f"{seconds:8.2f}s")
            costs.append(max(seconds - baseline, 0.005))
        ratios = [later / earlier for earlier, later in itertools.pairwise(costs)]
        print(f"{name:30} " + " ".join(cells) + "   " + " ".join(f"{r:.1f}" for r in ratios))
    print(f"(empty page build: {baseline:.2f}s, subtracted before the ratios)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
