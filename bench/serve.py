"""Live-reload latency of `sitegen serve`: from saving a page to the reloaded page in Chromium.

    python bench/serve.py [--edits 20] [--pages 1000] [--corpus DIR] [--project DIR ...]

For each project (by default the Plant Store example and a 1,000-page corpus from
bench/corpus.py, both in a temp folder) it starts the real dev server,
opens one page in headless Chromium, then saves that page `--edits` times. Each latency is
the time from just before the write to the DOMContentLoaded of the reloaded document that
shows the new text (both clocks are this machine's wall clock). Prints median, p90, min, max.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus  # noqa: E402 - bench/corpus.py, the benchmark's own page generator

CHROMIUM = "/usr/bin/chromium"
RECORD_LOAD = "document.addEventListener('DOMContentLoaded', () => { window.__loadedAt = Date.now(); });"


class Server:
    def __init__(self, project: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sitegen", "serve", str(project), "--port", "0"],
            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        self.lines: list[str] = []
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip())
            if " at http://" in line:
                self.url = line.split(" at ", 1)[1].split()[0]
                break
        else:
            raise SystemExit("sitegen serve did not start:\n" + "\n".join(self.lines))
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip())

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def measure(browser: object, project: Path, page_file: Path, edits: int) -> list[float]:
    server = Server(project)
    build_line = next((line for line in server.lines if line.startswith("Built")), "")
    print(f"  {build_line}", flush=True)
    url = server.url + page_file.relative_to(project / "content").with_suffix("").as_posix() + "/"
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    context.add_init_script(RECORD_LOAD)
    tab = context.new_page()
    tab.goto(url)
    original = page_file.read_text()
    latencies: list[float] = []
    until_reload: list[float] = []  # save -> the browser starts reloading (watch, rebuild, push)
    try:
        for number in range(edits):
            marker = f"Benchmark edit {number} of {time.time_ns()}."
            started = time.time() * 1000
            page_file.write_text(original + f"\n{marker}\n")
            tab.wait_for_function("m => window.__loadedAt && document.body.innerText.includes(m)", arg=marker, timeout=60_000)
            loaded_at, navigation_start = tab.evaluate("[window.__loadedAt, performance.timeOrigin]")
            latencies.append(loaded_at - started)
            until_reload.append(navigation_start - started)
            time.sleep(0.3)  # let the tab settle: every save is a separate burst
    finally:
        page_file.write_text(original)
        context.close()
        server.stop()
    rebuilds = [line.rsplit(" in ", 1)[1] for line in server.lines if line.startswith("Rebuilt")]
    print(f"  server-side rebuild times: {', '.join(rebuilds)}", flush=True)
    print(f"  save -> reload starts: median {statistics.median(until_reload):.0f} ms; "
          f"the rest is the browser loading the page", flush=True)
    return latencies


def report(name: str, latencies: list[float]) -> None:
    ordered = sorted(latencies)
    p90 = ordered[max(0, round(0.9 * len(ordered)) - 1)]
    print(f"{name}: median {statistics.median(ordered):.0f} ms, p90 {p90:.0f} ms, "
          f"min {ordered[0]:.0f} ms, max {ordered[-1]:.0f} ms ({len(ordered)} edits)", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--corpus", type=Path, help="generate the corpus here (default: a temp folder)")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="sitegen-bench-serve-") as temp:
        work = Path(temp)
        example = work / "example"
        example.mkdir()
        for name in ("docs.json", "openapi.yaml"):
            shutil.copy(REPO / name, example / name)
        for folder in ("content", "images"):
            shutil.copytree(REPO / folder, example / folder)
        root = args.corpus or work / "corpus"
        stats = corpus.write(root, args.pages)
        projects = [
            ("example (Plant Store)", example, example / "content" / "quickstart.mdx"),
            (f"corpus ({args.pages} pages)", corpus.project_dir(root, "sitegen"),
             corpus.page_path(root, "sitegen", stats["edit_page"])),
        ]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            results = []
            for name, project, page_file in projects:
                print(f"{name}: editing {page_file.relative_to(project)}", flush=True)
                results.append((name, measure(browser, project, page_file, args.edits)))
            browser.close()
    print()
    for name, latencies in results:
        report(name, latencies)
    return 0


if __name__ == "__main__":
    sys.exit(main())
