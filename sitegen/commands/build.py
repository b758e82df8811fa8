"""`sitegen build`: build PROJECT into static HTML."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from sitegen.build import build
from sitegen.build.progress import Progress, StepTimes
from sitegen.publish import ENV_VAR, setting_from
from sitegen.publish.tags import ASSISTANTS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("project", nargs="?", default=".", type=Path, help="docs project folder (default: .)")
    parser.add_argument("--out", type=Path, help="output folder (default: PROJECT/site)")
    parser.add_argument("--strict", action="store_true", help="treat every warning as an error (exit 1)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print errors and warnings only, no summary")
    parser.add_argument("--offline", action="store_true",
                        help="never fetch remote OpenAPI documents: use .sitegen-cache/ or fail")
    parser.add_argument("--no-cache", action="store_true",
                        help="render every page again; neither read nor write .sitegen-cache/build/")
    parser.add_argument("--site-url", metavar="URL",
                        help="the URL the site is published at (https://docs.example.com/sub/): canonical links, "
                             f"social tags and cards, sitemap.xml, robots.txt (default: ${ENV_VAR}, else "
                             "docs.json siteUrl)")
    parser.add_argument("--profile", action="store_true", help="print the time each build step took (on stderr)")


def run(args: argparse.Namespace) -> int:
    progress = Progress.for_terminal(quiet=args.quiet)
    times = StepTimes()
    try:
        report = build(args.project, out_dir=args.out, strict=args.strict, offline=args.offline,
                       progress=progress, times=times, cache=not args.no_cache,
                       site_url=setting_from(args.site_url, dict(os.environ)))
    finally:
        progress.close()
        if args.profile:
            print(times.table(), file=sys.stderr)
    for warning in report.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if not args.quiet:
        count = len(report.warnings)
        noted = f" with {count} warning{'s' if count != 1 else ''}" if count else ""
        pages = f"{report.pages} page{'' if report.pages == 1 else 's'}"
        print(f"Built {pages} in {report.seconds:.2f} s{noted} -> {_shown(report.out_dir)}")
        if report.site_url is None:
            print(f"no site URL: no sitemap.xml, canonical links or social cards (give --site-url URL, "
                  f"{ENV_VAR} or docs.json siteUrl)")
        if report.left_out:
            names = ", ".join(ASSISTANTS[name][0].removeprefix("Open in ") for name in report.left_out)
            print(f"no site URL: the page menu leaves out {names} (contextual.options): they are given "
                  "the page's Markdown by its absolute URL")
    return 0


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd().resolve())) + "/"
    except ValueError:
        return str(path) + "/"
