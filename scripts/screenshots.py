"""Build the example project (the Plant Store docs at the repository root) and write PNG
screenshots of the home page and the API page: light and dark, desktop 1280x800 and mobile
390x844, into docs/screenshots/.

    python scripts/screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]

Nothing leaves the machine: the site is served from 127.0.0.1 and the GitHub star request
is answered locally with a fixed count.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import tempfile
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from sitegen.pipeline import build_site, write_site

REPO = Path(__file__).resolve().parents[1]
PAGES = {"home": "", "api": "api-reference/plants/create/"}
VIEWPORTS = {"desktop": (1280, 800), "mobile": (390, 844)}
MODES = ("light", "dark")
STARS = 1234  # shown as "1.2k"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # stdlib signature
        pass


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def take(site: Path, out: Path, chromium: str) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    server, base = serve(site)
    written: list[Path] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            for device, (width, height) in VIEWPORTS.items():
                for mode in MODES:
                    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=mode,
                                                  device_scale_factor=1, is_mobile=device == "mobile")
                    context.route("https://api.github.com/**",
                                  lambda route: route.fulfill(json={"stargazers_count": STARS}))
                    page = context.new_page()
                    for name, path in PAGES.items():
                        page.goto(base + path)
                        page.wait_for_load_state("networkidle")
                        target = out / f"{name}-{mode}-{device}.png"
                        page.screenshot(path=str(target))
                        written.append(target)
                    context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        built = build_site(REPO)
        write_site(built, site)
        for path in take(site, args.out, args.chromium):
            print(path.relative_to(REPO) if path.is_relative_to(REPO) else path)


if __name__ == "__main__":
    main()
