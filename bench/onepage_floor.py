"""The floor under a one-page rebuild: what any rebuild of one changed page pays before its
own work, beside sitegen's real one-page rebuild and MkDocs' cold build (the host's speed).

    python bench/onepage_floor.py [--pages 1000] [--seed 7] [--rounds 6] [--no-mkdocs]

Issue #25 asks for a one-page rebuild of the 1,000-page corpus (`bench/corpus.py`) in under
1 s. A rebuild of one page by the command line cannot skip:

  start     a fresh Python importing sitegen's build (`import sitegen.pipeline`): the
            libraries and the code that reads docs.json, pages, templates and search
  read      reading and hashing every page's source: what tells which page changed
  pagefind  Pagefind indexing the changed page's search shard (`search.SHARD_PAGES` index
            documents; Pagefind has no incremental mode and already runs on every core)

They run one after the other (the shard is indexed once its page is rendered), so their sum
is the floor; what is left of 1 s under it is what the rebuild may spend on everything else
(rendering the page, the navigation, writing and committing the site). MkDocs' cold build
in the same run tells how fast the host is: the target was set on a host where it took 14 s.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO))
import corpus  # noqa: E402  (bench/corpus.py, beside this file)

from sitegen.search import SHARD_PAGES  # noqa: E402


def environment() -> dict[str, str]:
    """The environment of every timed process: bytecode kept, as after an install."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [env.get("PYTHONPATH")])])
    env["NO_MKDOCS_2_WARNING"] = "1"
    return env


def wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, env=environment(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def read_and_hash(project: Path) -> float:
    """Wall seconds to read and hash every page source of `project`."""
    started = time.perf_counter()
    for path in sorted(project.rglob("*.mdx")):
        hashlib.blake2b(path.read_bytes(), digest_size=16).digest()
    return time.perf_counter() - started


def pagefind_one_shard(site: Path, scratch: Path, rounds: int) -> list[float]:
    """Wall seconds of Pagefind on one shard's index documents, made from the built `site`."""
    from sitegen import search

    binary = search.pagefind_binary()
    if binary is None:
        raise SystemExit("pagefind is not installed (pip install 'pagefind[bin]')")
    pages = sorted(path for path in site.rglob("index.html")  # the root copy of the home page is no document
                   if path.parent != site and not path.relative_to(site).parts[0].startswith("_"))
    shard = scratch / "shard"
    times = []
    for _ in range(rounds):
        shutil.rmtree(scratch, ignore_errors=True)
        shard.mkdir(parents=True)
        for page in pages[:search.SHARD_PAGES]:
            name, url = search.document_name(page.relative_to(site).as_posix())
            (shard / name).write_bytes(search.index_document(page.read_bytes(), url))
        started = time.perf_counter()
        search._run_pagefind(binary, shard, scratch / "bundle")
        times.append(time.perf_counter() - started)
    return times


def one_page_rebuilds(project: Path, out: Path, rounds: int) -> list[float]:
    """Wall seconds of `sitegen build` after each of `rounds` edits of one page."""
    page = sorted(project.rglob("*.mdx"))[len(list(project.rglob("*.mdx"))) // 2]
    times = []
    for round_number in range(rounds):
        with page.open("a", encoding="utf-8") as file:
            file.write(f"\nEdited paragraph {round_number}.\n")
        times.append(wall([sys.executable, "-m", "sitegen", "build", str(project), "--out", str(out), "-q"]))
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--no-mkdocs", action="store_true", help="skip MkDocs' cold build (the host's speed)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sitegen-onepage-floor-") as folder:
        root = Path(folder)
        corpus.write(root / "corpus", args.pages, args.seed)
        project, out = root / "corpus" / "sitegen", root / "out"
        wall([sys.executable, "-m", "sitegen", "build", str(project), "--out", str(out), "-q"])  # cold, once
        python = min(wall([sys.executable, "-c", "pass"]) for _ in range(5))
        start = min(wall([sys.executable, "-c", "import sitegen.pipeline"]) for _ in range(5))
        read = min(read_and_hash(project) for _ in range(3))
        pagefind = pagefind_one_shard(out, root / "pagefind", 3)
        rebuilds = one_page_rebuilds(project, out, args.rounds)
        mkdocs = None if args.no_mkdocs else wall(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(root / "corpus" / "mkdocs" / "mkdocs.yml"),
             "-d", str(root / "out-mkdocs")])
    floor = start + read + min(pagefind)
    print(f"## Floor of a one-page rebuild: {args.pages} pages, {os.cpu_count()} cores\n")
    print("| part | seconds |")
    print("|---|---:|")
    print(f"| a fresh Python, nothing imported | {python:.2f} |")
    print(f"| start: a fresh Python importing sitegen's build | {start:.2f} |")
    print(f"| read: every page source read and hashed | {read:.2f} |")
    print(f"| pagefind: one shard of {min(args.pages, SHARD_PAGES)} pages (min of 3; median {statistics.median(pagefind):.2f}) "
          f"| {min(pagefind):.2f} |")
    print(f"| **floor**: start + read + pagefind | **{floor:.2f}** |")
    print(f"| left of 1 s for all other work | {1 - floor:.2f} |")
    print(f"| sitegen, one page rebuilt (min; median of {args.rounds}: {statistics.median(rebuilds):.2f}) "
          f"| {min(rebuilds):.2f} |")
    if mkdocs is not None:
        print(f"| MkDocs (default theme), cold build: the host's speed | {mkdocs:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
