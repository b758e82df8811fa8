"""`sitegen gh-deploy`: build the site and commit it to a branch (default gh-pages), then push."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from sitegen.deploy import check_deployable, gh_deploy
from sitegen.pipeline import build
from sitegen.publish import ENV_VAR, setting_from


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("project", nargs="?", default=".", type=Path,
                        help="docs project folder inside a git repository (default: .)")
    parser.add_argument("--remote", default="origin", help="remote to push to (default: origin)")
    parser.add_argument("--branch", default="gh-pages", help="branch that receives the site (default: gh-pages)")
    parser.add_argument("-m", "--message", default=None,
                        help="commit message (default: 'Deployed <sha> with sitegen <version>')")
    parser.add_argument("--force", action="store_true",
                        help="overwrite the remote branch even if it has commits gh-deploy did not make")
    parser.add_argument("--strict", action="store_true", help="treat build warnings as errors")
    parser.add_argument("--site-url", metavar="URL",
                        help=f"the URL the site is published at (default: ${ENV_VAR}, else docs.json siteUrl)")


def run(args: argparse.Namespace) -> int:
    project = Path(args.project).resolve()
    check_deployable(project, remote=args.remote, branch=args.branch)  # refuse before spending time on a build
    with tempfile.TemporaryDirectory(prefix="sitegen-deploy-") as tmp:
        report = build(project, Path(tmp) / "site", strict=args.strict,
                       site_url=setting_from(args.site_url, dict(os.environ)), lasting=False)
        for warning in report.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        result = gh_deploy(project, report.out_dir, remote=args.remote, branch=args.branch,
                           message=args.message, force=args.force)
    print(f"Built {report.pages} page{'' if report.pages == 1 else 's'} in {report.seconds:.2f} s")
    print(f"Deployed {result.commit[:7]} ({result.files} files) to {result.remote}/{result.branch}")
    return 0
