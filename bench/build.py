"""Cold-build benchmark: sitegen vs MkDocs (default and Material themes) on the same pages.

    python bench/build.py [--pages 1000] [--runs 3] [--corpus DIR]

The corpus comes from ../shared/bench/make_corpus.py, which writes the docs project and an
equivalent MkDocs project side by side. MkDocs is not a sitegen dependency: install it with
`pip install mkdocs mkdocs-material` to get the comparison rows. Each run is a fresh
process with the output folder removed first. Prints the median wall time of each tool.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MAKE_CORPUS = REPO.parent / "shared" / "bench" / "make_corpus.py"


def timed(command: list[str], output: Path, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        shutil.rmtree(output, ignore_errors=True)
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--corpus", type=Path, help="reuse/generate the corpus here (default: a temp folder)")
    args = parser.parse_args()

    corpus = args.corpus or Path(tempfile.mkdtemp(prefix="sitegen-bench-")) / f"corpus-{args.pages}"
    if not (corpus / "docs.json").exists():
        subprocess.run([sys.executable, str(MAKE_CORPUS), str(corpus), "--pages", str(args.pages), "--force"],
                       check=True, stdout=subprocess.DEVNULL)
    rows: list[tuple[str, list[float]]] = [
        ("sitegen build", timed([sys.executable, "-m", "sitegen", "build", str(corpus), "-q"], corpus / "site", args.runs)),
    ]
    mkdocs = shutil.which("mkdocs")
    if mkdocs:
        rows.append(("mkdocs build (default theme)",
                     timed([mkdocs, "build", "-q", "-f", str(corpus / "mkdocs/mkdocs.yml")], corpus / "mkdocs/site", args.runs)))
        try:
            import material  # noqa: F401

            rows.append(("mkdocs build (material)",
                         timed([mkdocs, "build", "-q", "-f", str(corpus / "mkdocs/mkdocs-material.yml")],
                               corpus / "mkdocs/site-material", args.runs)))
        except ImportError:
            print("mkdocs-material not installed: skipping that row")
    else:
        print("mkdocs not installed (pip install mkdocs mkdocs-material): sitegen row only")

    print(f"corpus: {args.pages} pages at {corpus}; median of {args.runs} cold runs, 2 cores")
    baseline = statistics.median(rows[0][1])
    for name, times in rows:
        median = statistics.median(times)
        print(f"{name:32s} {median:7.2f} s  {args.pages / median:7.0f} pages/s  ({median / baseline:.1f}x sitegen)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
