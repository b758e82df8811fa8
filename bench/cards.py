"""What social cards cost: cold builds of the benchmark corpus without a site URL, with one
(every card drawn), and with one while the cards are already in `.sitegen-cache/cards/`.

    python bench/cards.py [--pages 1000] [--runs 2]

Every build uses --no-cache (pages render again each time); the three kinds of build take
turns in each run so that a busy machine weighs on all of them alike. Also prints the time
to draw one card in this process.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import corpus  # noqa: E402

SITE_URL = "https://docs.example.com/"
KINDS = {
    "no site URL": ([], True),
    "site URL, cards drawn": (["--site-url", SITE_URL], True),
    "site URL, cards cached": (["--site-url", SITE_URL], False),
}


def build(project: Path, args: list[str], drop_cards: bool) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the build and its workers)."""
    shutil.rmtree(project / "site", ignore_errors=True)
    if drop_cards:
        shutil.rmtree(project / ".sitegen-cache", ignore_errors=True)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("SITEGEN_SITE_URL", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "sitegen", "build", str(project), "--no-cache", "-q", *args],
                   check=True, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def draw_time(runs: int = 50) -> float:
    from sitegen.publish.social import CardStyle, draw_card

    fonts = REPO / "themes/default/fonts"
    style = CardStyle("Aurora Cloud Docs", "#15803D", "#FFFFFF", "#1F2328", "#4B5563", "docs.example.com", None,
                      fonts / "Lato-Bold.ttf", fonts / "Lato-Regular.ttf", Path(tempfile.gettempdir()), "bench")
    draw_card(style, "warm up", "")
    started = time.process_time()
    for number in range(runs):
        draw_card(style, f"Rotate the signing keys of a webhook endpoint ({number})",
                  "How to replace a webhook's signing secret without dropping deliveries.")
    return (time.process_time() - started) / runs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        corpus.write(root, args.pages)
        project = corpus.project_dir(root, "sitegen")
        times: dict[str, list[tuple[float, float]]] = {kind: [] for kind in KINDS}
        for _ in range(args.runs):
            for kind, (extra, drop_cards) in KINDS.items():
                times[kind].append(build(project, extra, drop_cards))
        cards = len(list((project / ".sitegen-cache/cards").iterdir()))
        size = sum(path.stat().st_size for path in (project / ".sitegen-cache/cards").iterdir())
    print(f"{args.pages} pages, {cards} distinct cards ({size / cards / 1024:.0f} KiB each), "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    for kind, runs in times.items():
        wall = statistics.median(run[0] for run in runs)
        cpu = statistics.median(run[1] for run in runs)
        print(f"  {kind:<24} wall {wall:6.2f} s   CPU {cpu:6.2f} s   (wall, CPU per run: "
              + ", ".join(f"{w:.1f}/{c:.1f}" for w, c in runs) + ")")
    print(f"  one card: {draw_time() * 1000:.1f} ms of CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
