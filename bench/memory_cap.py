"""Build a generated corpus inside a memory-capped cgroup: does it fit on a small machine?

    sudo python bench/memory_cap.py --pages 20000 --limit-mb 2048

The issue asks that 20,000 pages build on a 2 GB machine. A cgroup with a hard memory limit is
that machine for the build: every process the build starts (render workers, Pagefind) is
charged to it, page cache included, and the kernel kills the build if it cannot stay under
the limit. Prints whether the build finished, its time, and the cgroup's peak usage.

Needs root and the cgroup v1 memory controller (/sys/fs/cgroup/memory) or cgroup v2 with the
memory controller enabled for a child group.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
V1 = Path("/sys/fs/cgroup/memory")
V2 = Path("/sys/fs/cgroup")


def make_group(limit_bytes: int) -> tuple[Path, str, str]:
    """A fresh memory cgroup: its folder, the file that reads its peak, the one that caps it."""
    name = f"sitegen-bench-{os.getpid()}"
    if (V1 / "memory.limit_in_bytes").exists():
        group = V1 / name
        group.mkdir()
        (group / "memory.limit_in_bytes").write_text(str(limit_bytes))
        swap_limit = group / "memory.memsw.limit_in_bytes"
        if swap_limit.exists():  # no escape into swap either
            swap_limit.write_text(str(limit_bytes))
        return group, "memory.max_usage_in_bytes", "memory.failcnt"
    group = V2 / name
    group.mkdir()
    (group / "memory.max").write_text(str(limit_bytes))
    swap = group / "memory.swap.max"
    if swap.exists():
        swap.write_text("0")
    return group, "memory.peak", "memory.events"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=20000)
    parser.add_argument("--limit-mb", type=int, default=2048)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="sitegen-cap-") as tmp:
        subprocess.run([sys.executable, str(HERE / "corpus.py"), "--pages", str(args.pages),
                        "--seed", str(args.seed), tmp], check=True, stdout=subprocess.DEVNULL)
        project = Path(tmp) / "sitegen"
        group, peak_file, events_file = make_group(args.limit_mb * 1024 * 1024)
        try:
            def enter_group() -> None:  # runs in the child before exec: the build starts capped
                (group / "cgroup.procs").write_text(str(os.getpid()))

            env = {**os.environ, "PYTHONPATH": str(ROOT)}
            started = time.perf_counter()
            result = subprocess.run([sys.executable, "-m", "sitegen", "build", "-q", str(project)],
                                    preexec_fn=enter_group, env=env, capture_output=True, text=True)
            seconds = time.perf_counter() - started
            peak_mb = int((group / peak_file).read_text()) / 2**20
            events = (group / events_file).read_text().strip().replace("\n", ", ")
            built = len(list((project / "site").rglob("index.html"))) if result.returncode == 0 else 0
        finally:
            group.rmdir()
    status = "built" if result.returncode == 0 else f"FAILED (exit {result.returncode})"
    print(f"{args.pages} pages under a {args.limit_mb} MB memory cap: {status} in {seconds:.1f} s; "
          f"{built} index.html files; cgroup peak {peak_mb:.0f} MB (page cache included); "
          f"{events_file}: {events}")
    if result.returncode != 0:
        print(result.stderr[-2000:], file=sys.stderr)
    return result.returncode


if __name__ == "__main__":
    raise SystemExit(main())
