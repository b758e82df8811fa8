"""`sitegen check`: every check of a build, no site written; exit 1 when anything is broken."""

from __future__ import annotations

import argparse
from pathlib import Path

from sitegen.check import check_project
from sitegen.external import FetchLimits


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("project", nargs="?", default=".", type=Path, help="docs project folder (default: .)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text: one line per problem and a summary; json: for CI annotations")
    parser.add_argument("--external", action="store_true", help="also fetch every external http(s) link")
    parser.add_argument("--timeout", type=_positive, default=FetchLimits.timeout,
                        help="seconds to wait for one external link (default: %(default)s)")
    parser.add_argument("--concurrency", type=_count, default=FetchLimits.concurrency,
                        help="external links fetched at once (default: %(default)s)")
    parser.add_argument("--per-host", type=_count, default=FetchLimits.per_host,
                        help="external links fetched at once from one host (default: %(default)s)")
    parser.add_argument("--offline", action="store_true",
                        help="never fetch remote OpenAPI documents: use .sitegen-cache/ or fail")


def run(args: argparse.Namespace) -> int:
    limits = FetchLimits(timeout=args.timeout, concurrency=args.concurrency, per_host=args.per_host)
    report = check_project(args.project, external=args.external, limits=limits, offline=args.offline)
    if args.format == "json":
        print(report.to_json())
    else:
        for problem in report.problems:
            print(f"{problem.severity}: {problem.text()}")
        print(report.summary_line())
    return 1 if report.problems else 0


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be more than 0")
    return value


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)
