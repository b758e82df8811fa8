"""Font Awesome icons as inline SVG, read from the `fontawesomefree` package (no CDN), and
Lucide and Tabler icons (docs.json `icons.library: "lucide"` / `"tabler"`) from the
`lucide` and `tabler-icons` packages' zips of SVGs.

Only the free styles ship (solid, regular, brands). docs.json may ask for Pro styles
(duotone, light, thin, sharp-solid); those map to the closest free style silently,
because `duotone` is the documented default and would otherwise warn for every icon;
a brand logo is drawn whatever style was asked. Names are read with Font Awesome's own
aliases. A Pro-only or unknown name is drawn as its closest free counterpart or a
placeholder, never as nothing; the caller reports what was drawn (`icon_problem`).
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal
from urllib.parse import quote

from markupsafe import Markup

from sitegen.confine import OUTSIDE, inside_project

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
_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@lru_cache(maxsize=1)
def svg_root() -> Path:
    import fontawesomefree

    return Path(fontawesomefree.__file__).resolve().parent / "static" / "fontawesomefree" / "svgs"


@cache
def _read(style: str, name: str) -> str | None:
    if not _NAME.fullmatch(name):  # an author's text never reaches the file system as a path
        return None
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


IconLibrary = Literal["fontawesome", "lucide", "tabler"]
LIBRARY_NAMES: dict[IconLibrary, str] = {"fontawesome": "Font Awesome", "lucide": "Lucide", "tabler": "Tabler"}


@lru_cache(maxsize=1)
def _lucide_zip() -> zipfile.ZipFile:
    # The package's own data file, opened once; its SVGs are read by name as icons are asked for.
    return zipfile.ZipFile(resources.files("lucide").joinpath("lucide.zip").open("rb"))


@lru_cache(maxsize=1)
def _tabler_zip() -> zipfile.ZipFile:
    return zipfile.ZipFile(resources.files("tabler_icons").joinpath("archive.zip").open("rb"))


@cache
def lucide_svg(name: str) -> Markup | None:
    """A Lucide icon ("book-open") as inline SVG; None when Lucide has no such icon."""
    return _stroked_svg(_lucide_zip, name, "lucide")


@cache
def tabler_svg(name: str) -> Markup | None:
    """A Tabler icon ("brand-github") as inline SVG; None when Tabler has no such icon."""
    return _stroked_svg(_tabler_zip, name, "tabler")


def _stroked_svg(archive: Callable[[], zipfile.ZipFile], name: str, library: str) -> Markup | None:
    if not _NAME.fullmatch(name):
        return None
    try:
        text = archive().read(f"{name}.svg").decode("utf-8")
    except KeyError:
        return None
    match = re.search(r"<svg\b[^>]*>", text)
    if match is None:
        return None
    inner = _COMMENT.sub("", text[match.end():]).replace("</svg>", "").strip()
    inner = re.sub(r"\s*\n\s*", "", inner)
    # Lucide and Tabler draw with strokes on a 24-unit grid: the wrapper keeps them, scaled
    # with the text in its colour.
    return Markup(
        f'<svg class="icon icon-{library}" viewBox="0 0 24 24" width="1em" height="1em" fill="none" '
        'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" '
        f'aria-hidden="true" focusable="false">{inner}</svg>'
    )


_LIBRARY_SVG: dict[str, Callable[[str], Markup | None]] = {"lucide": lucide_svg, "tabler": tabler_svg}


IconKind = Literal["asked", "relative", "lucide", "emoji", "placeholder"]


@dataclass(frozen=True)
class Icon:
    svg: Markup | None  # None only for a theme lookup that missed (`find_free_icon`)
    style: str | None  # the free style used ("lucide", "tabler" for those libraries' icons)
    exact: bool  # False when the icon came from a style other than the one asked for
    name: str | None = None  # the icon drawn: an alias's or a Pro-only icon's free counterpart
    library: IconLibrary = "fontawesome"  # the library it came from
    # asked: the icon named (or its alias); relative: a free icon of a Pro-only name's words;
    # lucide: Lucide's icon of that name; emoji: the character itself; placeholder: nothing fitted
    kind: IconKind = "asked"


# The icon drawn when a name has no free counterpart: a plain ring, so a sidebar link or a
# card keeps its icon's place without pretending to mean something.
PLACEHOLDER = ("circle", "regular")

# `fa-solid fa-house`, `fas fa-house`: the class words Font Awesome's own markup uses.
_CLASS_STYLES = {
    "fa-solid": "solid", "fas": "solid", "fa-regular": "regular", "far": "regular",
    "fa-brands": "brands", "fab": "brands", "fa-light": "light", "fal": "light",
    "fa-thin": "thin", "fat": "thin", "fa-duotone": "duotone", "fad": "duotone",
    "fa-sharp": "sharp-solid", "fass": "sharp-solid",
}
_CLASS_MODIFIERS = re.compile(r"fa|fa-(?:fw|lg|sm|xs|xl|2xs|2xl|\d+x|spin|pulse|beat|fade|bounce|flip|shake|"
                              r"border|inverse|li|rotate-\d+|flip-\w+|stack-\dx)")
# Words Font Awesome names start with when they draw a frame (or a "no" sign) around the
# object that follows.
_FRAMES = frozenset({"square", "circle", "rectangle", "ban"})


def _written(name: str, icon_type: str) -> tuple[str, str]:
    """(icon name, style) of what an author wrote: `fa-house`, `fa-solid fa-house` and
    `House` name the icon `house`; a style class overrides the iconType."""
    words = name.strip().lower().split()
    if len(words) > 1 or (words and words[0].startswith("fa-")):
        styles = [_CLASS_STYLES[word] for word in words if word in _CLASS_STYLES]
        names = [word for word in words if word not in _CLASS_STYLES and not _CLASS_MODIFIERS.fullmatch(word)]
        if len(names) == 1:
            return names[0].removeprefix("fa-"), styles[-1] if styles else icon_type
    return name.strip().lower(), icon_type


@lru_cache(maxsize=1)
def _aliases() -> dict[str, tuple[str, str | None]]:
    """Font Awesome's other names for its free icons (`home` -> `house`, `edit` ->
    `pen-to-square`), from the package's own metadata: each icon's aliases, then the
    shims of version 4 names where the aliases say nothing, with the style a shim draws
    them in (`envelope-o`, the outline, -> the regular `envelope`)."""
    metadata = svg_root().parent / "metadata"
    aliases: dict[str, tuple[str, str | None]] = {}
    with (metadata / "icons.json").open(encoding="utf-8") as icons_file:
        for icon_name, data in json.load(icons_file).items():
            for alias in (data.get("aliases") or {}).get("names", []):
                aliases.setdefault(alias, (icon_name, None))
    with (metadata / "shims.json").open(encoding="utf-8") as shims_file:
        for old, prefix, new in json.load(shims_file):
            if new:
                aliases.setdefault(old, (new, "regular" if prefix == "far" else None))
    return aliases


@lru_cache(maxsize=1)
def _free_names() -> tuple[str, ...]:
    """Every free icon name, shortest first (the plainest member of a family)."""
    names = {path.stem for style in _ALL_STYLES for path in (svg_root() / style).glob("*.svg")}
    return tuple(sorted(names, key=lambda name: (len(name), name)))


@lru_cache(maxsize=1)
def _free_name_set() -> frozenset[str]:
    return frozenset(_free_names())


def _draw(name: str, styles: tuple[str, ...]) -> tuple[str, str, str] | None:
    """(svg, style, name) of a free icon by its name or alias, in the first of `styles` that has it."""
    for candidate in (name, None):
        if candidate is None:  # the metadata is read only when a name is not an icon's own
            alias = _aliases().get(name)
            if alias is None:
                return None
            candidate, shim_style = alias
            if shim_style is not None:  # the outline is what the old name meant, whatever the style
                styles = (shim_style, *styles)
        for style in styles:
            svg = _read(style, candidate)
            if svg is not None:
                return svg, style, candidate
    return None


def _free_icon(name: str, wanted: tuple[str, ...]) -> Icon | None:
    """The free icon of that name or alias: the style asked for first, then any free one."""
    for exact, styles in ((True, wanted), (False, _ALL_STYLES)):
        drawn = _draw(name, styles)
        if drawn is not None:
            return Icon(Markup(drawn[0]), drawn[1], exact, drawn[2])
    return None


@lru_cache(maxsize=4096)  # pages name the same few icons again and again
def find_icon(name: str, icon_type: str = "solid", library: IconLibrary = "fontawesome") -> Icon:
    """What to draw for an icon an author named: always something (see `Icon.kind`).

    Font Awesome names are looked up with their aliases (`home`, `edit`…), in the closest
    free style. Mintlify ships Font Awesome Pro, so real pages name Pro-only icons
    (`shield-check`, `rectangle-terminal`, `sparkles`); those are drawn, in this order, as
    the free icon of the object their first word names (`shield`; a frame word such as
    `rectangle` is passed over) or of the longest run of their words (`terminal`); as
    Lucide's icon of the same name, which draws the same object (`sparkles`); as the first
    free icon of their family (`chart-mixed` -> `chart-bar`); else as the placeholder.
    With `library="lucide"` or `"tabler"`, that library's icon comes first and Font
    Awesome's is the fallback."""
    if library != "fontawesome":
        drawn = _LIBRARY_SVG[library](name.strip())
        if drawn is not None:
            return Icon(drawn, library, True, name.strip(), library)
    if _is_emoji(name.strip()):
        return Icon(Markup('<span class="icon icon-emoji" aria-hidden="true">{}</span>').format(name.strip()),
                    None, True, name.strip(), kind="emoji")
    name, icon_type = _written(name, icon_type)
    wanted = _STYLES.get(icon_type, ("solid",))
    found = _free_icon(name, wanted)
    if found is not None:
        return found
    for candidate in _related_names(name):
        found = _free_icon(candidate, wanted)
        if found is not None:
            return Icon(found.svg, found.style, found.exact, found.name, kind="relative")
    if library == "fontawesome":
        lucide = lucide_svg(name)
        if lucide is not None:
            return Icon(lucide, "lucide", False, name, "lucide", kind="lucide")
    # The plainest icon of a family (`chart-bar` for `chart-mixed`), for a word long enough
    # to name one (`not-…` would find `not-equal`).
    for stem in (name, *(run for run in _shorter_names(name) if len(run) > 3)):
        family = next((free for free in _free_names()
                       if free.startswith(stem + "-") and not free.endswith("-slash")), None)
        if family is not None:
            found = _free_icon(family, wanted)
            if found is not None:
                return Icon(found.svg, found.style, found.exact, found.name, kind="relative")
    svg = _read(PLACEHOLDER[1], PLACEHOLDER[0])
    return Icon(Markup(svg) if svg else None, PLACEHOLDER[1], False, PLACEHOLDER[0], kind="placeholder")


def find_free_icon(name: str, icon_type: str = "solid") -> Icon | None:
    """The free Font Awesome icon of exactly that name (or alias); None when there is none."""
    return _free_icon(name, _STYLES.get(icon_type, ("solid",)))


def _is_emoji(text: str) -> bool:
    """An emoji written as the icon (`icon="🚀"`): a few characters, all symbols or joiners."""
    return 0 < len(text) <= 8 and any(unicodedata.category(char) == "So" for char in text) and all(
        unicodedata.category(char) in ("So", "Sk", "Mn", "Cf") or char in "\ufe0f\u200d" for char in text)


def _related_names(name: str) -> list[str]:
    """The free icons a Pro-only name may stand for, best first: the singular (`stars` ->
    `star`); the object its leading words name (`book-open-cover` -> `book-open`,
    `shield-check` -> `shield`), unless the first word is a frame (`square-code`); then
    runs of its words, longest first."""
    words = name.split("-")
    candidates = [name[:-1]] if name.endswith("s") and len(name) > 3 else []
    if len(words) > 1 and words[0] not in _FRAMES:
        leading = ["-".join(words[:length]) for length in range(len(words) - 1, 0, -1)]
        # Only icons of those very names: a leading word that is an old alias (`arrows`, the
        # four-way arrows) is less likely the picture than the words after it (`repeat`).
        candidates += [run for lead in leading for run in (lead, lead[:-1]) if run in _free_name_set()]
    # A single letter or digit is an icon of its own (`n`, `2`), never what a longer name meant.
    return [candidate for candidate in dict.fromkeys(candidates + _shorter_names(name)) if len(candidate) > 1]


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
    """What to warn about an icon an author named (None: the reader sees what they asked for)."""
    if found.kind == "emoji":
        return None
    drawn = _drawn_words(found)
    if library != "fontawesome" and found.library != library:
        if found.kind == "placeholder":
            return f"unknown {LIBRARY_NAMES[library]} icon '{name}' (nor a Font Awesome one); using {drawn}"
        if found.kind == "lucide":
            return f"unknown {LIBRARY_NAMES[library]} icon '{name}'; using {drawn}"
        return f"unknown {LIBRARY_NAMES[library]} icon '{name}'; using the Font Awesome icon '{found.name}'"
    style = _written(name, icon_type)[1]
    if found.kind == "placeholder":
        return f"unknown Font Awesome icon '{name}' (or Pro-only, with no free counterpart); using {drawn}"
    if found.kind in ("relative", "lucide"):
        return f"'{name}' is not a free Font Awesome icon; using {drawn}"
    if name.strip() != name.strip().lower():
        return f"'{name}': Font Awesome names are lower case; using '{found.name}'"
    if not found.exact and type_given and found.style != "brands":
        return f"'{name}' is not a free Font Awesome {style} icon; using the {found.style} style"
    return None


def _drawn_words(found: Icon) -> str:
    if found.kind == "placeholder":
        return f"the placeholder '{found.name}'"
    if found.kind == "lucide":
        return f"the Lucide icon '{found.name}'"
    return f"'{found.name}'"


def icon(name: str, icon_type: str = "solid") -> Markup:
    """The theme's own icons: these names are known to exist, so a miss is a bug."""
    found = find_free_icon(name, icon_type)
    if found is None or found.svg is None:
        raise KeyError(f"Font Awesome has no icon {name!r}")
    return found.svg


@dataclass(frozen=True)
class ImageIcons:
    """Where an icon given as an image (`/images/logo.svg`) is found and linked from: the
    content root (resolved), whose files the site publishes at their path, and the link to
    the site's root from the HTML the icon goes in."""

    project_dir: Path
    root: str


_IMAGE_ICON = re.compile(r"[^\s]*\.(?:svg|png|jpe?g|gif|webp|avif|ico)", re.I)


def image_icon(name: str, images: ImageIcons | None) -> tuple[Markup | None, str | None] | None:
    """(HTML, problem) of an icon written as an image URL or a path in the project (Mintlify
    takes one anywhere an icon name goes); None when `name` is an icon name."""
    name = name.strip()
    if name.startswith(("https://", "http://")):
        return Markup('<img class="icon" src="{}" alt="">').format(name), None
    if "/" not in name and not _IMAGE_ICON.fullmatch(name):
        return None
    if images is None:
        return None, f"icon '{name}': an image is not shown in this place; no icon is shown"
    relative = name.split("?", 1)[0].split("#", 1)[0].lstrip("/").removeprefix("./")
    found = inside_project(images.project_dir, images.project_dir / relative)
    if found is None:
        return None, f"icon '{name}' is {OUTSIDE}; not read, no icon is shown"
    if not os.path.isfile(found):
        return None, f"icon '{name}' is not a file of the project; no icon is shown"
    src = images.root + quote(found.relative_to(images.project_dir).as_posix())
    return Markup('<img class="icon" src="{}" alt="">').format(src), None


def config_icon(name: str, icon_type: str, place: str, library: IconLibrary = "fontawesome",
                images: ImageIcons | None = None, *, type_given: bool = True) -> tuple[Markup | None, str | None]:
    """An icon named in docs.json or front matter (a name, or an image URL or path when
    `images` says where they are), with the warning to report (if any) starting with `place`
    (`docs.json: anchors[0].icon`); `type_given`: whether the author chose `icon_type`."""
    image = image_icon(name, images)
    if image is not None:
        svg, problem = image
    else:
        found = find_icon(name, icon_type, library)
        svg, problem = found.svg, icon_problem(name, icon_type, found, type_given=type_given, library=library)
    return svg, (f"{place}: {problem}" if problem else None)
