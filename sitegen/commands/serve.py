"""`sitegen serve`: build into memory, serve on 127.0.0.1, rebuild on every change."""

from __future__ import annotations

import argparse
from pathlib import Path

from sitegen.commands.build import NO_SCRIPTS_HELP


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("project", nargs="?", default=".", type=Path, help="docs project folder (default: .)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="interface to listen on (default: 127.0.0.1, this machine only); requests are answered "
                             "only when their Host is this address (any Host on 0.0.0.0)")
    parser.add_argument("--port", type=int, default=8000, help="TCP port, 0 for any free one (default: 8000)")
    parser.add_argument("--open", action="store_true", help="open the site in the default web browser")
    parser.add_argument("--poll", action="store_true",
                        help="poll for changes (network drives, containers) instead of OS file events")
    parser.add_argument("--offline", action="store_true",
                        help="never fetch remote OpenAPI documents: use .sitegen-cache/ or show the error")
    parser.add_argument("--api", action="store_true",
                        help="also run the Plant Store reference server and use it as the playground's first base URL")
    parser.add_argument("--no-scripts", action="store_true", help=NO_SCRIPTS_HELP)


def run(args: argparse.Namespace) -> int:
    from sitegen.serve import serve  # the web server stack only for this command

    return serve(Path(args.project), host=args.host, port=args.port, open_browser=args.open, poll=args.poll,
                 api=args.api, offline=args.offline, author_scripts=not args.no_scripts)
