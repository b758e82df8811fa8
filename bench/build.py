"""Build benchmark: sitegen vs MkDocs (default theme and Material) on the same pages.

    python bench/build.py [--sizes 100,1000,5000] [--runs 3] [--tools sitegen,mkdocs,material]
                          [--skip material@5000] [--seed 7] [--corpus DIR] [--author-components]

Self-contained: `bench/corpus.py` writes the docs project and its two MkDocs twins (same
pages, navigation and code fences). MkDocs is not a sitegen dependency: `pip install -e
'.[bench]'` brings it; without it the MkDocs rows are skipped with a note.

Per size and tool, each a separate process (the real CLIs):
  cold     output folder (and sitegen's .sitegen-cache/) moved aside first (deleted when
           the run ends: see `set_aside`)
  warm     rebuilt into the same output folder, nothing changed
  1 page   one page's text rewritten, then rebuilt into the same output folder: at least
           3 times, each a new change (a user editing); the first is also shown
Times are the median of --runs. Two memory columns, each the maximum over a tool's runs:
"peak RSS (whole tree)" is the largest sum of memory over the build's whole process tree
(the build, its workers, Pagefind; proportional set size, so pages forked workers share
count once), sampled from /proc every 50 ms; "largest process" is
the largest `ru_maxrss` of any one process of the tree (RUSAGE_CHILDREN read in a fresh
Python process wrapped around each build). `--cold-only TOOL@SIZE` skips the warm and
one-page builds of a tool at a size (shown as "–").
The sitegen ÷ tool column is sitegen's cold median over that tool's, from the same run.
`--author-components` gives every sitegen page a component written in JavaScript
(`corpus.AUTHOR_COMPONENTS`), so the engine runs on every page.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))
import corpus  # noqa: E402  (bench/corpus.py, beside this file)

TOOLS = ("sitegen", "mkdocs", "material")
LABELS = {"sitegen": "sitegen", "mkdocs": "MkDocs (default theme)", "material": "MkDocs Material"}

# Runs one command in a fresh interpreter, so RUSAGE_CHILDREN holds that build's tree only,
# and samples the whole tree's memory (the build, its workers, Pagefind) every 50 ms from
# /proc: the sum of proportional set sizes (memory shared by forked workers counted once) is
# what a machine must have free; the largest single process is not.
MEASURE = """
import json, os, resource, subprocess, sys, time

def tree_rss_kb(root):
    # The tree from each thread's children list (Pagefind is started from a thread), not a
    # walk of all of /proc: a sample costs the build's tree, not the machine's process count.
    members, todo = [], [root]
    while todo:
        pid = todo.pop()
        members.append(pid)
        try:
            threads = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for thread in threads:
            try:
                with open(f"/proc/{pid}/task/{thread}/children") as children:
                    todo.extend(int(child) for child in children.read().split())
            except OSError:
                pass
    total = 0
    for pid in members:  # proportional set size: pages a forked worker shares are counted once
        try:
            with open(f"/proc/{pid}/smaps_rollup") as rollup:
                total += next(int(line.split()[1]) for line in rollup if line.startswith("Pss:"))
        except (OSError, StopIteration):
            pass  # gone since it was listed
    return total

started = time.perf_counter()
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
peak_tree = 0
import threading
stderr = []
reader = threading.Thread(target=lambda: stderr.append(process.stderr.read()))
reader.start()
while process.poll() is None:
    peak_tree = max(peak_tree, tree_rss_kb(process.pid))
    time.sleep(0.05)
reader.join()
seconds = time.perf_counter() - started
rss_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"seconds": seconds, "rss_kb": rss_kb, "tree_kb": peak_tree, "rc": process.returncode,
                  "stderr": "".join(stderr)}))
"""


@dataclass
class Measured:
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    edit: list[float] = field(default_factory=list)
    rss_kb: int = 0
    tree_kb: int = 0
    cold_only: bool = False
    output_bytes: int = 0
    warnings: int = 0


def environment() -> dict[str, str]:
    env = dict(os.environ)
    # Bench this checkout's sitegen, whatever is installed.
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [env.get("PYTHONPATH")])])
    env["NO_MKDOCS_2_WARNING"] = "1"  # MkDocs 1.6 prints a banner on stderr otherwise
    # Every tool runs as installed on a user's machine, with its bytecode cached (pip compiled
    # MkDocs' at install; sitegen's checkout writes __pycache__ on its first run). A shell that
    # sets PYTHONDONTWRITEBYTECODE would make sitegen alone compile its sources on every build.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def command(tool: str, project: Path, out: Path) -> list[str]:
    if tool == "sitegen":
        return [sys.executable, "-m", "sitegen", "build", str(project), "--out", str(out), "-q"]
    return [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(project / "mkdocs.yml"), "-d", str(out)]


def run_once(tool: str, project: Path, out: Path, result: Measured) -> float:
    done = subprocess.run([sys.executable, "-c", MEASURE, *command(tool, project, out)],
                          capture_output=True, text=True, env=environment(), check=True)
    measured = json.loads(done.stdout)
    if measured["rc"] != 0:
        raise SystemExit(f"{tool} build of {project} failed (exit {measured['rc']}):\n{measured['stderr']}")
    lines = [line for line in measured["stderr"].splitlines() if line.strip()]
    result.warnings = max(result.warnings, len(lines))
    if lines:
        print(f"  {tool}: {len(lines)} stderr line(s), first: {lines[0][:200]}", file=sys.stderr)
    result.rss_kb = max(result.rss_kb, measured["rss_kb"])
    result.tree_kb = max(result.tree_kb, measured["tree_kb"])
    return float(measured["seconds"])


def folder_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


EDITS = 3  # one-page rebuilds per tool and size, whatever --runs says


def set_aside(path: Path, trash: Path) -> None:
    """Move `path` (an earlier build's output or cache) into `trash`, which is deleted only
    when the whole run is over. Deleting it here would slow the next build's file creation,
    not the tool: on ext4 without a journal (this machine's disk), a new file's inode skips
    every inode freed in the last 60-300 s (the kernel's `recently_deleted`), and after
    `rm -rf` of a 1,000-page site a perf profile of the next sitegen build spent 30% of its
    samples there (sys time 5-6 s against 0.8 s). It hits every tool, the fastest most."""
    if path.exists() or path.is_symlink():
        trash.mkdir(parents=True, exist_ok=True)
        path.rename(trash / f"{len(list(trash.iterdir()))}-{path.name}")


def bench_tool(tool: str, root: Path, edit_page: str, runs: int, trash: Path,
               cold_only: bool = False) -> Measured:
    project = corpus.project_dir(root, tool)
    out = root / f"out-{tool}"
    page = corpus.page_path(root, tool, edit_page)
    original = page.read_text(encoding="utf-8")
    result = Measured(cold_only=cold_only)
    try:
        for _ in range(runs):
            # Cold means nothing to reuse: no output and no persistent cache (sitegen's
            # .sitegen-cache/ would turn the second and later cold runs into cached ones).
            set_aside(out, trash)
            set_aside(project / ".sitegen-cache", trash)
            result.cold.append(run_once(tool, project, out, result))
        result.output_bytes = folder_bytes(out)
        if cold_only:
            return result
        for _ in range(runs):
            result.warm.append(run_once(tool, project, out, result))
        for run in range(max(runs, EDITS)):
            # A new paragraph each run, so every rebuild sees a real change.
            page.write_text(original + f"\nThis paragraph was rewritten by benchmark run {run + 1}.\n", encoding="utf-8")
            result.edit.append(run_once(tool, project, out, result))
    finally:
        page.write_text(original, encoding="utf-8")
    return result


def machine(tools: list[str]) -> list[str]:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        model = platform.processor() or "unknown"
    ram = "unknown"
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                ram = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    sitegen = subprocess.run([sys.executable, "-m", "sitegen", "--version"], capture_output=True, text=True,
                             env=environment()).stdout.strip() or "unknown"
    versions = [sitegen]
    for package in ("mkdocs", "mkdocs-material"):
        try:
            versions.append(f"{package} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{package} not installed")
    return [f"- CPU: {model}, {os.cpu_count()} cores ({usable} usable)",
            f"- RAM: {ram}",
            f"- Python {platform.python_version()} on {platform.system()} {platform.release()}",
            f"- {', '.join(versions)}"]


def available(tool: str) -> str | None:
    """Why a tool cannot run here, or None."""
    if tool == "sitegen":
        return None
    module = "mkdocs" if tool == "mkdocs" else "material"
    try:
        metadata.version("mkdocs" if tool == "mkdocs" else "mkdocs-material")
    except metadata.PackageNotFoundError:
        return f"{module} is not installed (pip install -e '.[bench]')"
    return None


def table(pages: int, results: dict[str, Measured]) -> list[str]:
    rows = ["| tool | cold s | warm s | 1 page changed s (median, first) | cold pages/s | peak RSS MB (whole tree) "
            "| largest process MB | output MB | bytes/page | sitegen cold ÷ this cold | stderr lines |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    baseline = statistics.median(results["sitegen"].cold) if "sitegen" in results else None
    for tool, result in results.items():
        cold = statistics.median(result.cold)
        warm, edit = ("–", "–") if result.cold_only else (
            f"{statistics.median(result.warm):.2f}",
            f"{statistics.median(result.edit):.2f} (first {result.edit[0]:.2f})")
        ratio = f"{baseline / cold:.2f}" if baseline is not None else "–"
        rows.append(f"| {LABELS[tool]} | {cold:.2f} | {warm} | {edit} | {pages / cold:.0f} | "
                    f"{result.tree_kb / 1024:.0f} | {result.rss_kb / 1024:.0f} | {result.output_bytes / 1e6:.1f} | "
                    f"{result.output_bytes / pages:,.0f}"
                    f" | {ratio} | {result.warnings} |")
    return rows


def main() -> int:
    args, tools = _arguments()
    sizes = [int(size) for size in args.sizes.split(",")]
    notes = []
    for tool in list(tools):
        reason = available(tool)
        if reason:
            notes.append(f"{LABELS[tool]} skipped: {reason}.")
            tools.remove(tool)

    print(f"Command: `python bench/build.py {' '.join(sys.argv[1:])}`\n")
    print("Machine:\n")
    print("\n".join(machine(tools)))
    print(f"\nMedian of {args.runs} run(s) per cell; corpus seed {args.seed}.")
    for note in notes:
        print(f"\n> {note}")
    base = args.corpus or Path(tempfile.mkdtemp(prefix="sitegen-bench-"))
    trash = base / "trash"  # earlier outputs and caches, deleted when the run ends (set_aside)
    try:
        for pages in sizes:
            _bench_size(pages, tools, args, base / f"corpus-{pages}", trash)
    finally:
        shutil.rmtree(trash, ignore_errors=True)
        if args.corpus is None:
            shutil.rmtree(base, ignore_errors=True)
    return 0


def _bench_size(pages: int, tools: list[str], args: argparse.Namespace, root: Path, trash: Path) -> None:
    """Writes the corpus of `pages` pages under `root`, measures each tool on it, prints its table."""
    for flavour in corpus.FLAVOURS:  # a reused --corpus: its old projects, set aside too
        set_aside(root / flavour, trash)
    stats = corpus.write(root, pages, args.seed, author_components=args.author_components)
    results: dict[str, Measured] = {}
    skipped = []
    for tool in tools:
        if f"{tool}@{pages}" in args.skip:
            skipped.append(LABELS[tool])
            continue
        print(f"[{pages} pages] {tool} ...", file=sys.stderr, flush=True)
        results[tool] = bench_tool(tool, root, stats["edit_page"], args.runs, trash,
                                   cold_only=f"{tool}@{pages}" in args.cold_only)
    variant = ", every page using author JavaScript components" if args.author_components else ""
    print(f"\n### {pages} pages ({stats['groups']} navigation groups{variant})\n")
    print("\n".join(table(pages, results)))
    cold_only = [LABELS[tool] for tool in results if results[tool].cold_only]
    if cold_only:
        print(f"\nCold build only (--cold-only): {', '.join(cold_only)}.")
    if skipped:
        print(f"\nNot run at this size (--skip): {', '.join(skipped)}.")
    sys.stdout.flush()


def _arguments() -> tuple[argparse.Namespace, list[str]]:
    """The command line, and the tools it names (checked)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100,1000,5000", help="comma-separated page counts")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement; the median is shown")
    parser.add_argument("--tools", default=",".join(TOOLS), help=f"comma-separated, from {','.join(TOOLS)}")
    parser.add_argument("--skip", action="append", default=[], metavar="TOOL@SIZE",
                        help="leave one tool out at one size (e.g. material@5000); repeatable")
    parser.add_argument("--cold-only", action="append", default=[], metavar="TOOL@SIZE",
                        help="measure only the cold build of one tool at one size (MkDocs keeps no cache, so its "
                             "warm and one-page builds are full builds too); repeatable")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--author-components", action="store_true",
                        help="every sitegen page also uses components written in JavaScript (the engine runs "
                             "on every page; the MkDocs twins are unchanged)")
    parser.add_argument("--corpus", type=Path, help="write the corpora here and keep them (default: a temp folder, removed)")
    args = parser.parse_args()
    tools = [tool.strip() for tool in args.tools.split(",")]
    for tool in tools:
        if tool not in TOOLS:
            parser.error(f"--tools: unknown tool {tool!r}; expected some of {', '.join(TOOLS)}")
    return args, tools


if __name__ == "__main__":
    raise SystemExit(main())
