"""Command line: pick the command, turn SitegenError into a message and exit 1.

Each command lives in `sitegen/commands/` with `add_arguments(parser)` and `run(args) -> int`.
Only the module of the command being run is imported, so `sitegen build` does not pay for
the web server stack.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn

from sitegen import __version__
from sitegen.errors import SitegenError

# command -> (module, help, description)
_COMMANDS: dict[str, tuple[str, str, str]] = {
    "new": ("sitegen.commands.new", "write a starter project into a new folder",
            "Write a starter docs project (docs.json, two pages, an OpenAPI page and its openapi.yaml) "
            "into DIR, which must be new or empty."),
    "build": ("sitegen.commands.build", "build the static site", "Build PROJECT into static HTML."),
    "serve": ("sitegen.commands.serve", "serve with live reload",
              "Build PROJECT, serve it on 127.0.0.1 and rebuild on every change."),
    "check": ("sitegen.commands.check", "check links, anchors, references and config without writing a site",
              "Run every check of a build on PROJECT (config, front matter, links, anchors, images, navigation, "
              "OpenAPI references, redirects) without writing a site; exit 1 when anything is broken."),
    "api": ("sitegen.commands.api", "run the Plant Store reference server",
            "Run the Plant Store reference API (POST /plants)."),
    "openapi-pages": ("sitegen.commands.openapi_pages", "write a page per OpenAPI operation",
                      "Write one .mdx page per OpenAPI operation that has no page yet."),
    "migrate": ("sitegen.commands.migrate", "write a v2 docs.json from a classic mint.json",
                "Write Mintlify's v2 docs.json from PROJECT's classic mint.json/docs.json and list "
                "what it could not carry over."),
    "gh-deploy": ("sitegen.commands.gh_deploy", "build and push the site to a gh-pages branch",
                  "Build PROJECT and commit it to a branch (default gh-pages) without touching the "
                  "working tree, then push it."),
}


def _parser(argv: list[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sitegen", description="Static documentation sites from docs.json projects."
    )
    parser.add_argument("--version", action="version", version=f"sitegen {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
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
        return int(importlib.import_module(_COMMANDS[args.command][0]).run(args))
    except SitegenError as exc:
        for message in exc.messages:
            print(f"error: {message}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def run() -> NoReturn:
    """The `sitegen` command (pyproject's script) and `python -m sitegen`."""
    sys.exit(main(sys.argv[1:]))
