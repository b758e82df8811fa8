"""`sitegen migrate`: write a v2 docs.json from a classic mint.json/docs.json."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sitegen.config import find_project_dir
from sitegen.migrate import write_migration


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("project", nargs="?", default=".", type=Path, help="docs project folder (default: .)")
    parser.add_argument("--out", type=Path, default=Path("docs.json"),
                        help="where to write, relative to the project (default: docs.json)")
    parser.add_argument("--force", action="store_true", help="replace --out when it exists")


def run(args: argparse.Namespace) -> int:
    project_dir = find_project_dir(args.project)
    target, migration = write_migration(project_dir, args.out, args.force)
    for line in migration.left_out:
        print(f"warning: {line}", file=sys.stderr)
    print(f"wrote {target}" + (f" ({len(migration.left_out)} settings not carried over, listed above)"
                                if migration.left_out else ""))
    return 0
