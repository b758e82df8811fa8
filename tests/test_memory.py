"""Memory of `sitegen build` as the site grows: the peak memory of the whole process tree
(sitegen, its render workers, its Pagefind runs; proportional set sizes, so that the pages
forked workers share with sitegen count once, as in bench/build.py: what a machine must have
free), sampled from /proc while two generated corpora of different sizes build. Not a timing test: it asserts how memory grows, with room
for noise. (bench/ measures the big sizes: 5,000 pages under 500 MB.)"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from sitegen.search import pagefind_binary

from conftest import REPO

sys.path.insert(0, str(REPO / "bench"))
import corpus  # bench/corpus.py: the generator bench/build.py uses

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="needs Linux /proc")

SMALL, BIG = 150, 600


@dataclass
class Peak:
    tree_kb: int = 0  # the most the process and its descendants held at once (sum of PSS)
    by_name: dict[str, int] = field(default_factory=dict)  # the most one process of each name held (RSS)


def _children() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as handle:
                parent = int(handle.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile
        children.setdefault(parent, []).append(int(name))
    return children


def _rss_kb(pid: int) -> tuple[str, int] | None:
    try:
        with open(f"/proc/{pid}/status") as handle:
            fields = dict(line.split(":", 1) for line in handle if ":" in line)
    except OSError:
        return None
    rss = fields.get("VmRSS")
    return (fields["Name"].strip(), int(rss.split()[0])) if rss else None


def _pss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            return next((int(line.split()[1]) for line in handle if line.startswith("Pss:")), 0)
    except OSError:
        return 0  # gone meanwhile


def build_peak(project: Path) -> Peak:
    """Build `project` in a subprocess, sampling its process tree's memory every 20 ms."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    process = subprocess.Popen([sys.executable, "-m", "sitegen", "build", str(project), "-q", "--no-cache"],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    peak = Peak()
    while process.poll() is None:
        tree, todo, children = 0, [process.pid], _children()
        while todo:
            pid = todo.pop()
            todo.extend(children.get(pid, []))
            sample = _rss_kb(pid)
            if sample is not None:
                tree += _pss_kb(pid)
                peak.by_name[sample[0]] = max(peak.by_name.get(sample[0], 0), sample[1])
        peak.tree_kb = max(peak.tree_kb, tree)
        time.sleep(0.02)
    _, stderr = process.communicate()
    assert process.returncode == 0, stderr.decode()
    return peak


def test_memory_grows_far_slower_than_the_site(tmp_path: Path) -> None:
    if pagefind_binary() is None:
        pytest.skip("pagefind is not installed")
    corpus.write(tmp_path / "small", SMALL)
    corpus.write(tmp_path / "big", BIG)
    small = build_peak(corpus.project_dir(tmp_path / "small", "sitegen"))
    big = build_peak(corpus.project_dir(tmp_path / "big", "sitegen"))
    report = f"{SMALL} pages: {small}; {BIG} pages: {big}"
    # Four times the pages: the tree may hold more (render workers start at 200 pages), but
    # far from four times as much, and far from what a small machine has.
    assert big.tree_kb < 2 * small.tree_kb, report
    assert big.tree_kb < 600 * 1024, report
    # Pagefind indexes shards of a bounded size: one run holds about as much at either size
    # (one index of every page grew with the site: 42 MB at 150 pages, 134 MB at 600).
    assert "pagefind" in small.by_name and "pagefind" in big.by_name, report
    assert big.by_name["pagefind"] < 1.5 * small.by_name["pagefind"], report
