"""`sitegen openapi-pages`: write a page stub for every OpenAPI operation that has no page yet."""

from __future__ import annotations

import argparse
from pathlib import Path

from sitegen.openapi.stubs import write_missing_stubs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("project", nargs="?", default=".", help="docs project folder (default: .)")
    parser.add_argument("--out", default="content/api-reference",
                        help="folder for the new pages, relative to the project (default: content/api-reference)")


def run(args: argparse.Namespace) -> int:
    root, written = write_missing_stubs(Path(args.project), Path(args.out))
    for path in written:
        print(f"wrote {path.relative_to(root).as_posix()}")
    if not written:
        print("every operation already has a page")
    return 0
