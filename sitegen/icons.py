"""Font Awesome icons as inline SVG, read from the `fontawesomefree` package (no CDN).

Only the free styles ship (solid, regular, brands). docs.json may ask for Pro styles
(duotone, light, thin, sharp-solid); those map to the closest free style silently,
because `duotone` is the documented default and would otherwise warn for every icon.
An icon that exists only in another style, or nowhere, is reported once by the caller.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
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


@cache
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
    name: str | None = None  # the free icon used: another name when the one asked for is Pro-only


@lru_cache(maxsize=4096)  # pages name the same few icons again and again
def find_icon(name: str, icon_type: str = "solid") -> Icon:
    """An icon by Font Awesome name ("book-open", "fa-github"), closest free style first.

    Mintlify ships Font Awesome Pro, so real pages name Pro-only icons ("square-code",
    "book-open-cover"); those fall back to the free icon named by the longest run of their
    words ("code", "book-open"), which is nearly always the same picture without a frame."""
    name = name.strip().removeprefix("fa-")
    wanted = _STYLES.get(icon_type, ("solid",))
    singular = [name[:-1]] if name.endswith("s") and len(name) > 3 else []  # "stars" -> "star"
    for candidate in (name, *singular, *_shorter_names(name)):
        for exact, styles in ((True, wanted), (False, _ALL_STYLES)):
            for style in styles:
                svg = _read(style, candidate)
                if svg is not None:
                    return Icon(Markup(svg), style, exact and candidate == name, candidate)
    return Icon(None, None, False)


def _shorter_names(name: str) -> list[str]:
    """'rectangle-terminal' -> ['rectangle', 'terminal']: runs of its words, longest first,
    later runs first (the last word is usually the object, earlier ones its frame)."""
    words = name.split("-")
    return [
        "-".join(words[start:start + length])
        for length in range(len(words) - 1, 0, -1)
        for start in range(len(words) - length, -1, -1)
    ]


def icon_problem(name: str, icon_type: str, found: Icon, type_given: bool = True) -> str | None:
    """What to warn about an icon an author named (None: it is exactly what they asked for)."""
    if found.svg is None:
        return f"unknown Font Awesome icon '{name}'; no icon is shown"
    if found.name != name.strip().removeprefix("fa-"):
        return f"'{name}' is not a free Font Awesome icon; using '{found.name}'"
    if not found.exact and type_given:
        return f"'{name}' is not a free Font Awesome {icon_type} icon; using the {found.style} style"
    return None


def icon(name: str, icon_type: str = "solid") -> Markup:
    """The theme's own icons: these names are known to exist, so a miss is a bug."""
    found = find_icon(name, icon_type)
    if found.svg is None:
        raise KeyError(f"Font Awesome has no icon {name!r}")
    return found.svg


def config_icon(name: str, icon_type: str, json_path: str, file_name: str) -> tuple[Markup | None, str | None]:
    """An icon named in docs.json, with the warning to report (if any) naming its JSON path."""
    found = find_icon(name, icon_type)
    problem = icon_problem(name, icon_type, found)
    return found.svg, (f"{file_name}: {json_path}: {problem}" if problem else None)
