"""Font Awesome icons as inline SVG, read from the `fontawesomefree` package (no CDN).

Only the free styles ship (solid, regular, brands). docs.json may ask for Pro styles
(duotone, light, thin, sharp-solid); those map to the closest free style silently,
because `duotone` is the documented default and would otherwise warn for every icon.
An icon that exists only in another style, or nowhere, is reported once by the caller.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup

# Closest free styles for each docs.json iconType, best first.
_STYLES: dict[str, tuple[str, ...]] = {
    "solid": ("solid",),
    "regular": ("regular", "solid"),
    "brands": ("brands",),
    "duotone": ("solid",),
    "sharp-solid": ("solid",),
    "light": ("regular", "solid"),
    "thin": ("regular", "solid"),
}
_ALL_STYLES = ("solid", "regular", "brands")
_SVG_OPEN = re.compile(r"<svg\b[^>]*\bviewBox=\"([^\"]+)\"[^>]*>")
_COMMENT = re.compile(r"<!--.*?-->", re.S)


@lru_cache(maxsize=1)
def svg_root() -> Path:
    import fontawesomefree

    return Path(fontawesomefree.__file__).resolve().parent / "static" / "fontawesomefree" / "svgs"


@lru_cache(maxsize=None)
def _read(style: str, name: str) -> str | None:
    path = svg_root() / style / f"{name}.svg"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    match = _SVG_OPEN.search(text)
    if match is None:
        return None
    # Keep only the paths; the wrapper is ours so the icon scales with the text and takes its colour.
    inner = _COMMENT.sub("", text[match.end():]).replace("</svg>", "").strip()
    return (
        f'<svg class="icon" viewBox="{match.group(1)}" width="1em" height="1em" fill="currentColor" '
        f'aria-hidden="true" focusable="false">{inner}</svg>'
    )


@dataclass(frozen=True)
class Icon:
    svg: Markup | None  # None: no such icon in any free style
    style: str | None  # the free style used
    exact: bool  # False when the icon came from a style other than the one asked for


def find_icon(name: str, icon_type: str = "solid") -> Icon:
    """An icon by Font Awesome name ("book-open", "fa-github"), closest free style first."""
    name = name.strip().removeprefix("fa-")
    wanted = _STYLES.get(icon_type, ("solid",))
    for exact, styles in ((True, wanted), (False, _ALL_STYLES)):
        for style in styles:
            svg = _read(style, name)
            if svg is not None:
                return Icon(Markup(svg), style, exact)
    return Icon(None, None, False)


def icon(name: str, icon_type: str = "solid") -> Markup:
    """The theme's own icons: these names are known to exist, so a miss is a bug."""
    found = find_icon(name, icon_type)
    if found.svg is None:
        raise KeyError(f"Font Awesome has no icon {name!r}")
    return found.svg


def config_icon(name: str, icon_type: str, json_path: str, file_name: str) -> tuple[Markup | None, str | None]:
    """An icon named in docs.json, with the warning to report (if any) naming its JSON path."""
    found = find_icon(name, icon_type)
    if found.svg is None:
        return None, f"{file_name}: {json_path}: unknown Font Awesome icon '{name}'; no icon is shown"
    if not found.exact:
        return found.svg, (
            f"{file_name}: {json_path}: '{name}' is not a free Font Awesome {icon_type} icon; "
            f"using the {found.style} style"
        )
    return found.svg, None
