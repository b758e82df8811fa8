"""`sitegen build`: build PROJECT into static HTML."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from sitegen import uptodate

ENV_VAR = uptodate.SITE_URL_VARIABLE
NO_SCRIPTS_HELP = ("leave out the project's own code, for building a repository you do not trust: its .js, .css "
                   "and HTML files, <style> in pages, docs.json analytics and a themes/default/ override")


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
    parser.add_argument("--no-scripts", action="store_true", help=NO_SCRIPTS_HELP)
    parser.add_argument("--js-cpu-seconds", type=float, metavar="S",
                        help="CPU time one evaluation of an author's JavaScript may take (default: 1); "
                             "renders every page again")
    parser.add_argument("--js-memory-mb", type=int, metavar="MB",
                        help="memory the JavaScript engine may use (default: 64); renders every page again")


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    if args.js_cpu_seconds is not None or args.js_memory_mb is not None:
        from sitegen.javascript.engine import raise_limits

        raise_limits(args.js_cpu_seconds, args.js_memory_mb)  # the render workers inherit them
        args.no_cache = True  # cached pages were rendered under other limits
    out_dir = (args.out or args.project.resolve() / "site").resolve()
    key = uptodate.settings(args.project, out_dir, args.strict, args.offline, args.no_scripts)
    check = not args.no_cache and args.site_url is None and not os.environ.get(ENV_VAR, "").strip()
    # Before the build's modules are imported: when nothing changed, that import is most of the time.
    taken: list[uptodate.Snapshot] = []  # the check's snapshot of the inputs, which the build records
    replay = uptodate.check(args.project, key, out_dir, taken) if check else None
    if replay is not None:
        seconds = time.perf_counter() - started
        if args.profile:
            print(f"{'step':<24}{'seconds':>9}\n{'up_to_date':<24}{seconds:>9.3f}\n"
                  "nothing changed since the last build: the output folder is kept as it is", file=sys.stderr)
        return _report(args, replay.pages, seconds, replay.warnings, replay.site_url, out_dir, replay.left_out)
    # Imported here: a build that has something to do pays for it (see above).
    from sitegen.pipeline import build
    from sitegen.pipeline.progress import Progress, StepTimes
    from sitegen.publish import setting_from

    progress = Progress.for_terminal(quiet=args.quiet)
    times = StepTimes()
    try:
        report = build(args.project, out_dir=args.out, strict=args.strict, offline=args.offline,
                       progress=progress, times=times, cache=not args.no_cache,
                       site_url=setting_from(args.site_url, dict(os.environ)), checked=check,
                       snapshot=taken[0] if taken else None, author_scripts=not args.no_scripts)
    finally:
        progress.close()
        if args.profile:
            print(times.table(), file=sys.stderr)
    return _report(args, report.pages, report.seconds, report.warnings, report.site_url, report.out_dir,
                   report.left_out)


def _report(args: argparse.Namespace, pages: int, seconds: float, warnings: list[str], site_url: str | None,
            out_dir: Path, left_out: tuple[str, ...]) -> int:
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if not args.quiet:
        count = len(warnings)
        noted = f" with {count} warning{'s' if count != 1 else ''}" if count else ""
        pages_built = f"{pages} page{'' if pages == 1 else 's'}"
        print(f"Built {pages_built} in {seconds:.2f} s{noted} -> {_shown(out_dir)}")
        if site_url is None:
            print("no site URL: no sitemap.xml, canonical links, social cards or absolute links in RSS feeds "
                  f"(give --site-url URL, {ENV_VAR} or docs.json siteUrl)")
        if left_out:
            from sitegen.publish.tags import ASSISTANTS  # only a site with a page menu pays for this import

            names = ", ".join(ASSISTANTS[name][0] for name in left_out)
            print(f"no site URL: the page menu leaves out {names} (contextual.options): they are given "
                  "the page's Markdown by its absolute URL")
    return 0


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd().resolve())) + "/"
    except ValueError:
        return str(path) + "/"
