"""The one rule for reading files: after resolving symlinks, a file must lie inside the
project folder (the folder of docs.json).

Docs repositories take pull requests from strangers and CI publishes what they build, so a
symlink or a `../` reference must never pull a file from elsewhere on the machine into a
site or a log. Every reader asks `inside_project` before it opens a file; a refusal names
the referring spot and the reference as written, never the file's content or its real path.
"""

from __future__ import annotations

import os
from pathlib import Path

OUTSIDE = "outside the project"


def inside_project(project_dir: Path, path: Path) -> Path | None:
    """`path` with symlinks resolved when it lies inside `project_dir`, else None.

    `project_dir` must already be resolved. A path that does not exist is judged by where
    it would be, so a missing file outside the project is refused, not reported missing.
    """
    try:
        real = Path(os.path.realpath(path))
    except (OSError, ValueError):  # ValueError: a NUL byte in the name
        return None
    return real if real == project_dir or real.is_relative_to(project_dir) else None


def refusal(where: str, reference: str) -> str:
    """The one-line message for a refused reference: `where: 'ref' is outside the project`."""
    return f"{where}: '{reference}' is {OUTSIDE}; not read"
