"""The one rule for reading files: after resolving symlinks, a file must lie inside the
project folder (the folder of docs.json).

Docs repositories take pull requests from strangers and CI publishes what they build, so a
symlink or a `../` reference must never pull a file from elsewhere on the machine into a
site or a log. Every reader asks `inside_project` before it opens a file; a refusal names
the referring spot and the reference as written, never the file's content or its real path.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

OUTSIDE = "outside the project"
# What browsers ignore when they read a URL's scheme: C0 controls and spaces anywhere
# ("java\tscript:" still runs), so they are dropped before the scheme is compared.
_IGNORED_IN_SCHEME = re.compile(r"[\x00-\x20\x7f]+")
_SCRIPT_SCHEMES = ("javascript:", "vbscript:", "data:")
# data: URLs an <img> may show: raster images, and SVG (an <img> never runs an SVG's scripts).
_IMAGE_DATA = re.compile(r"data:image/(?:png|jpe?g|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon|svg\+xml)[;,]")


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


def is_script_url(url: str, image: bool = False) -> bool:
    """Whether a browser would run `url` as script: a `javascript:`, `vbscript:` or `data:`
    URL in any case, with spaces or control characters anywhere. `image`: the URL is an
    <img> source, where a data: image is only a picture and is allowed."""
    squeezed = _IGNORED_IN_SCHEME.sub("", url).lower()
    if not squeezed.startswith(_SCRIPT_SCHEMES):
        return False
    return not (image and _IMAGE_DATA.match(squeezed))


def script_url_warning(where: str, url: str, effect: str = "the link is left out") -> str:
    """`where: 'javascript:…' is a script URL; the link is left out` (long URLs cut short)."""
    return f"{where}: {shown_url(url)} is a script URL; {effect}"


def shown_url(url: str) -> str:
    """A URL quoted for a message, cut short (a payload has no place in a build log)."""
    return repr(url if len(url) <= 40 else url[:39] + "…")
