"""Font Awesome icons as inline SVG, read from the `fontawesomefree` package (no CDN), and
Lucide icons (docs.json `icons.library: "lucide"`) from the `lucide` package's zip of SVGs.

Only the free styles ship (solid, regular, brands). docs.json may ask for Pro styles
(duotone, light, thin, sharp-solid); those map to the closest free style silently,
because `duotone` is the documented default and would otherwise warn for every icon.
An icon that exists only in another style, or nowhere, is reported once by the caller.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal

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


IconLibrary = Literal["fontawesome", "lucide"]


@lru_cache(maxsize=1)
def _lucide_zip() -> zipfile.ZipFile:
    # The package's own data file, opened once; its SVGs are read by name as icons are asked for.
    return zipfile.ZipFile(resources.files("lucide").joinpath("lucide.zip").open("rb"))


@cache
def lucide_svg(name: str) -> Markup | None:
    """A Lucide icon ("book-open") as inline SVG; None when Lucide has no such icon."""
    if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", name):
        return None
    try:
        text = _lucide_zip().read(f"{name}.svg").decode("utf-8")
    except KeyError:
        return None
    match = re.search(r"<svg\b[^>]*>", text)
    if match is None:
        return None
    inner = _COMMENT.sub("", text[match.end():]).replace("</svg>", "").strip()
    inner = re.sub(r"\s*\n\s*", "", inner)
    # Lucide draws with strokes: the wrapper keeps them, scaled with the text in its colour.
    return Markup(
        '<svg class="icon icon-lucide" viewBox="0 0 24 24" width="1em" height="1em" fill="none" '
        'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" '
        f'aria-hidden="true" focusable="false">{inner}</svg>'
    )


@dataclass(frozen=True)
class Icon:
    svg: Markup | None  # None: no such icon in any free style
    style: str | None  # the free style used ("lucide" for a Lucide icon)
    exact: bool  # False when the icon came from a style other than the one asked for
    name: str | None = None  # the free icon used: another name when the one asked for is Pro-only
    library: IconLibrary = "fontawesome"  # the library it came from


@lru_cache(maxsize=4096)  # pages name the same few icons again and again
def find_icon(name: str, icon_type: str = "solid", library: IconLibrary = "fontawesome") -> Icon:
    """An icon by Font Awesome name ("book-open", "fa-github"), closest free style first;
    with `library="lucide"`, the Lucide icon of that name, else the Font Awesome one.

    Mintlify ships Font Awesome Pro, so real pages name Pro-only icons ("square-code",
    "book-open-cover"); those fall back to the free icon named by the longest run of their
    words ("code", "book-open"), which is nearly always the same picture without a frame."""
    if library == "lucide":
        drawn = lucide_svg(name.strip())
        if drawn is not None:
            return Icon(drawn, "lucide", True, name.strip(), "lucide")
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


def icon_problem(name: str, icon_type: str, found: Icon, type_given: bool = True,
                 library: IconLibrary = "fontawesome") -> str | None:
    """What to warn about an icon an author named (None: it is exactly what they asked for)."""
    if library == "lucide" and found.library != "lucide":
        if found.svg is None:
            return f"unknown Lucide icon '{name}' (nor a Font Awesome one); no icon is shown"
        return f"unknown Lucide icon '{name}'; using the Font Awesome icon '{found.name}'"
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


def config_icon(name: str, icon_type: str, json_path: str, file_name: str,
                library: IconLibrary = "fontawesome") -> tuple[Markup | None, str | None]:
    """An icon named in docs.json, with the warning to report (if any) naming its JSON path."""
    found = find_icon(name, icon_type, library)
    problem = icon_problem(name, icon_type, found, library=library)
    return found.svg, (f"{file_name}: {json_path}: {problem}" if problem else None)
