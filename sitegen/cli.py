"""Command line: parse flags, call one function, turn SitegenError into a message and exit 1.

Nothing else in sitegen prints or exits.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from sitegen import __version__
from sitegen.errors import SitegenError


# Commands other than build live in their own modules, each with `add_arguments(parser)`
# and `run(args) -> int`. Only the module of the command being run is imported, so
# `sitegen build` does not pay for the web server stack.
_COMMANDS: dict[str, tuple[str, str, str]] = {
    "serve": ("sitegen.serve", "serve with live reload",
              "Build PROJECT, serve it on 127.0.0.1 and rebuild on every change."),
    "api": ("sitegen.refserver.cli", "run the Plant Store reference server",
            "Run the Plant Store reference API (POST /plants)."),
    "openapi-pages": ("sitegen.openapi.stubs", "write a page per OpenAPI operation",
                      "Write one .mdx page per OpenAPI operation that has no page yet."),
    "gh-deploy": ("sitegen.deploy", "build and push the site to a gh-pages branch",
                  "Build PROJECT and commit it to a branch (default gh-pages) without touching the "
                  "working tree, then push it."),
}


def _parser(argv: list[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sitegen", description="Static documentation sites from docs.json projects."
    )
    parser.add_argument("--version", action="version", version=f"sitegen {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    build = commands.add_parser("build", help="build the static site", description="Build PROJECT into static HTML.")
    build.add_argument("project", nargs="?", default=".", type=Path, help="docs project folder (default: .)")
    build.add_argument("--out", type=Path, help="output folder (default: PROJECT/site)")
    build.add_argument("--strict", action="store_true", help="treat every warning as an error (exit 1)")
    build.add_argument("-q", "--quiet", action="store_true", help="print errors and warnings only, no summary")
    build.add_argument("--offline", action="store_true",
                       help="never fetch remote OpenAPI documents: use .sitegen-cache/ or fail")

    chosen = next((arg for arg in argv if not arg.startswith("-")), None)
    for name, (module, summary, description) in _COMMANDS.items():
        sub = commands.add_parser(name, help=summary, description=description)
        if name == chosen:
            importlib.import_module(module).add_arguments(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = _parser(argv).parse_args(argv)
    try:
        if args.command == "build":
            return _build(args)
        return int(importlib.import_module(_COMMANDS[args.command][0]).run(args))
    except SitegenError as exc:
        for message in exc.messages:
            print(f"error: {message}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def _build(args: argparse.Namespace) -> int:
    from sitegen.build import build

    report = build(args.project, out_dir=args.out, strict=args.strict, offline=args.offline)
    for warning in report.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if not args.quiet:
        count = len(report.warnings)
        noted = f" with {count} warning{'s' if count != 1 else ''}" if count else ""
        print(f"Built {report.pages} pages in {report.seconds:.2f} s{noted} -> {_shown(report.out_dir)}")
    return 0


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd().resolve())) + "/"
    except ValueError:
        return str(path) + "/"
