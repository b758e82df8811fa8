"""Command line: parse flags, call one function, turn SitegenError into a message and exit 1.

Nothing else in sitegen prints or exits.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sitegen import __version__
from sitegen.errors import SitegenError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sitegen", description="Static documentation sites from docs.json projects."
    )
    parser.add_argument("--version", action="version", version=f"sitegen {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    build = commands.add_parser("build", help="build the static site", description="Build PROJECT into static HTML.")
    build.add_argument("project", nargs="?", default=".", type=Path, help="docs project folder (default: .)")
    build.add_argument("--out", type=Path, help="output folder (default: PROJECT/site)")
    build.add_argument("--strict", action="store_true", help="treat warnings (unknown keys, …) as errors")
    build.add_argument("-q", "--quiet", action="store_true", help="print errors only")

    serve = commands.add_parser("serve", help="serve with live reload", description="Build PROJECT, serve it and rebuild on every change.")
    try:
        from sitegen.serve import add_arguments as add_serve_arguments
    except ImportError:  # the dev server is optional while it is being built
        add_serve_arguments = None
    if add_serve_arguments is not None:
        add_serve_arguments(serve)

    api = commands.add_parser("api", help="run the Plant Store reference server", description="Run the Plant Store reference API (POST /plants).")
    from sitegen.refserver.cli import add_arguments as add_api_arguments

    add_api_arguments(api)

    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "build":
            return _build(args)
        if args.command == "serve":
            from sitegen.serve import run as run_serve

            return run_serve(args)
        if args.command == "api":
            from sitegen.refserver.cli import run as run_api

            return run_api(args)
        if args.command == "openapi-pages":
            from sitegen.openapi.stubs import run as run_stubs

            return run_stubs(args)
    except SitegenError as exc:
        for message in exc.messages:
            print(f"error: {message}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 2


def _build(args: argparse.Namespace) -> int:
    from sitegen.build import build

    report = build(args.project, out_dir=args.out, strict=args.strict)
    for warning in report.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if not args.quiet:
        print(f"Built {report.pages} pages in {report.seconds:.2f} s -> {_shown(report.out_dir)}")
    return 0


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd().resolve())) + "/"
    except ValueError:
        return str(path) + "/"
