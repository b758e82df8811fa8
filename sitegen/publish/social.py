"""Social cards: one 1200x630 PNG per page (title, description, logo, primary colour) that
links shared on social sites and chats show (og:image, twitter:image).

Cards are drawn with Pillow in the per-page step (`render_page`, so in the worker processes
of a large build) and kept in `.sitegen-cache/cards/`, named by a hash of everything drawn on
them: a rebuild copies them from there and draws only cards whose page title or description
(or the site's name, logo, colour or fonts) changed. The fonts are the theme's
(`themes/default/fonts/`, Lato under the SIL Open Font License, which ships beside them).

The logo is read once per build (`card_style`): a raster one as it is, an SVG one rasterized
by resvg (`resvg-py`, no system libraries) at the card's logo size, with the theme's fonts
and none of the SVG's references to other files.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from sitegen.cachedir import ensure_cache_dir, write_atomic
from sitegen.colors import TEXT_DARK, TEXT_LIGHT, mix, parse_hex, readable
from sitegen.config import DEFAULT_BG_DARK, DEFAULT_BG_LIGHT, DEFAULT_PRIMARY, SiteConfig, Thumbnails

if TYPE_CHECKING:
    from PIL import Image, ImageFont

    from sitegen.pages import Page

CARD_WIDTH, CARD_HEIGHT = 1200, 630
CARD_DIR = "_sitegen/cards"  # under the site root
CACHE_SUBDIR = "cards"  # under .sitegen-cache/
FONT_BOLD = "fonts/Lato-Bold.ttf"  # theme files
FONT_REGULAR = "fonts/Lato-Regular.ttf"
_DRAWING_VERSION = b"card-1"  # bump when the drawing changes: every cached card is redrawn
RASTER_LOGOS = (".png", ".jpg", ".jpeg", ".gif", ".webp")  # what Pillow reads
SVG_LOGOS = (".svg",)  # rasterized once per build by resvg
LOGO_HEIGHT, LOGO_MAX_WIDTH = 64, CARD_WIDTH // 2  # the box the logo is scaled into

_MARGIN = 80
_BAR = 14  # the primary-colour band along the bottom edge


@dataclass(frozen=True)
class CardStyle:
    """What every card of a site shares; `key` hashes all of it (font and logo bytes too)."""

    site_name: str
    primary: str
    background: str
    text: str
    muted: str
    host: str  # shown at the bottom ("docs.example.com/sub")
    logo: bytes | None  # the logo as a raster image (an SVG one already rasterized); None: the name
    font_bold: Path
    font_regular: Path
    cache_dir: Path  # .sitegen-cache/cards
    key: str
    # `thumbnails.background`: the card-sized image behind the text, as PNG bytes (already
    # cropped, scaled and veiled in the card's background colour); None: a plain background.
    # Not in the repr (the build's cache key repr()s the style): `key` already hashes it.
    backdrop: bytes | None = field(default=None, repr=False)

    def card_path(self, page: Page) -> str:
        """The card's output path: named by the hash of what is drawn on it."""
        digest = hashlib.blake2b(digest_size=12)
        for part in (self.key, page.title, page.description or ""):
            digest.update(part.encode() + b"\0")
        return f"{CARD_DIR}/{digest.hexdigest()}.png"


def card_style(
    config: SiteConfig, host: str, logos: tuple[Path | None, Path | None], fonts: tuple[Path, Path],
    cache_dir: Path, warnings: list[str] | None = None, background_image: tuple[Path, str] | None = None,
) -> CardStyle:
    """The style of every card of a build. `logos` is (light, dark): a dark card shows the logo
    made for dark backgrounds. An SVG logo is rasterized here, once, not per card; one that
    cannot be read adds a warning to `warnings` and the card shows the site name. `background`
    (a project file, `thumbnails.background`, and how messages name it) is prepared here once
    too; an unreadable one is a warning and the card's plain colour is used."""
    thumbnails = config.thumbnails
    dark = isinstance(thumbnails, Thumbnails) and thumbnails.appearance == "dark"
    colors = config.colors
    if dark:
        background = colors.background.dark if colors and colors.background else DEFAULT_BG_DARK
        accent = (colors.light or colors.primary) if colors else DEFAULT_PRIMARY
        text = TEXT_DARK
    else:
        background = colors.background.light if colors and colors.background else DEFAULT_BG_LIGHT
        accent = colors.primary if colors else DEFAULT_PRIMARY
        text = TEXT_LIGHT
    backdrop = None
    if background_image is not None:
        try:
            backdrop, background = _backdrop(background_image[0].read_bytes(), background)
        except (OSError, ValueError) as exc:
            if warnings is not None:
                warnings.append(f"{background_image[1]}: cannot draw this image behind social cards ({exc}); "
                                "the cards have a plain background")
    # With a backdrop, `background` is its average colour: the inks are made readable on it.
    text = readable(text, background)
    muted = readable("#9CA3AF" if dark else "#4B5563", background)
    logo_path = logos[1] if dark else logos[0]
    source = logo_path.read_bytes() if logo_path is not None and logo_path.suffix.lower() in LOGOS else None
    logo = None
    if source is not None and logo_path is not None:
        if logo_path.suffix.lower() in SVG_LOGOS:
            try:
                logo = rasterize_svg(source, fonts)
            except Exception as exc:  # any failure of a logo: the name instead, never a traceback
                if warnings is not None:
                    written = config.logo if isinstance(config.logo, str) or config.logo is None else (
                        config.logo.dark if dark else config.logo.light)
                    warnings.append(f"{written or logo_path.name}: cannot draw this SVG logo on social cards "
                                    f"({exc}); the cards show the site name instead")
        else:
            logo = source
    digest = hashlib.blake2b(_DRAWING_VERSION, digest_size=16)
    for part in (config.name, accent, background, text, muted, host):
        digest.update(part.encode() + b"\0")
    # The logo's own bytes (not the rasterized ones): a changed logo file is a new card.
    for data in (fonts[0].read_bytes(), fonts[1].read_bytes(), source if logo is not None else None, backdrop):
        digest.update(data if data is not None else b"-")
        digest.update(b"\0")
    return CardStyle(config.name, accent, background, text, muted, host, logo, fonts[0], fonts[1], cache_dir,
                     digest.hexdigest(), backdrop)


_VEIL = 0.6  # how much of the card's background colour covers the image: text stays readable


def _backdrop(data: bytes, colour: str) -> tuple[bytes, str]:
    """The image cropped to the card's shape (centred), scaled to it and veiled in `colour`,
    as PNG bytes, and its average colour. ValueError: not an image Pillow reads."""
    from PIL import Image, ImageOps, ImageStat, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as source:
            image = ImageOps.fit(source.convert("RGB"), (CARD_WIDTH, CARD_HEIGHT))
    except UnidentifiedImageError:
        # Pillow's own text names the in-memory buffer and its address: nothing to show a user.
        raise ValueError("not an image Pillow reads") from None
    except (Image.DecompressionBombError, SyntaxError) as exc:
        raise ValueError(f"not an image Pillow reads: {exc}") from None
    veiled = Image.blend(image, Image.new("RGB", image.size, colour), _VEIL)
    average = "#" + "".join(f"{round(channel):02X}" for channel in ImageStat.Stat(veiled).mean[:3])
    out = io.BytesIO()
    veiled.save(out, "PNG", compress_level=1)
    return out.getvalue(), average


LOGOS = RASTER_LOGOS + SVG_LOGOS
_LOCAL_REFERENCE = ("#", "data:")  # what an SVG logo may point at: its own elements, inline data
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")


def rasterize_svg(svg: bytes, fonts: tuple[Path, Path]) -> bytes:
    """An SVG logo as PNG bytes, scaled to fit LOGO_HEIGHT x LOGO_MAX_WIDTH. Its references to
    other files (images, `<use>` of another document) are dropped first: resvg would read them
    from anywhere on disk, and nothing outside the project goes into a site. Text is set in the
    theme's fonts, never the machine's, so every machine draws the same card. ValueError: not
    an SVG resvg can draw."""
    import xml.etree.ElementTree as ElementTree  # only an SVG logo on a card needs it: not imported on every build

    import resvg_py

    try:
        root = ElementTree.fromstring(svg)
    except ElementTree.ParseError as exc:
        raise ValueError(f"not well-formed XML: {exc}") from None
    for element in root.iter():
        for name in _HREFS:
            if name in element.attrib and not element.attrib[name].strip().startswith(_LOCAL_REFERENCE):
                del element.attrib[name]
    text = ElementTree.tostring(root, encoding="unicode")
    options = {"svg_string": text, "skip_system_fonts": True, "font_files": [str(path) for path in fonts],
               "font_family": "Lato", "sans_serif_family": "Lato", "serif_family": "Lato"}
    png = bytes(resvg_py.svg_to_bytes(**options, height=LOGO_HEIGHT))  # type: ignore[arg-type]
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        too_wide = image.width > LOGO_MAX_WIDTH
    if too_wide:
        png = bytes(resvg_py.svg_to_bytes(**options, width=LOGO_MAX_WIDTH))  # type: ignore[arg-type]
    return png


def ensure_card(style: CardStyle, page: Page) -> tuple[str, Path]:
    """(output path, cached file) of the page's card, drawn now only if the cache lacks it."""
    path = style.card_path(page)
    cached = style.cache_dir / Path(path).name
    if not cached.is_file() or cached.is_symlink():
        ensure_cache_dir(style.cache_dir.parent)
        if style.cache_dir.is_symlink():
            style.cache_dir.unlink(missing_ok=True)  # planted: never write cards through a link
        style.cache_dir.mkdir(exist_ok=True)
        write_atomic(cached, draw_card(style, page.title, page.description or ""))
    return path, cached


def prune_cards(cache_dir: Path, used: set[str]) -> None:
    """Remove cached cards no page of this build uses (the folder holds one site's worth)."""
    if not cache_dir.is_dir() or cache_dir.is_symlink():
        return
    for entry in cache_dir.iterdir():
        if entry.suffix == ".png" and entry.name not in used:
            entry.unlink(missing_ok=True)


# --- drawing ----------------------------------------------------------------------------

_fonts: dict[tuple[Path, int], ImageFont.FreeTypeFont] = {}  # per process: loaded once per size
_palettes: dict[str, Image.Image] = {}  # per process: by CardStyle.key
_backdrops: dict[str, Image.Image] = {}  # per process: by CardStyle.key
_RAMP = 32  # shades from the background to each ink: the antialiased edges of the text


def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    from PIL import ImageFont

    if (path, size) not in _fonts:
        _fonts[path, size] = ImageFont.truetype(str(path), size)
    return _fonts[path, size]


def _logo(style: CardStyle) -> Image.Image | None:
    """The logo on the card's background, at most 64 px high (None: unreadable)."""
    from PIL import Image

    if style.logo is None:
        return None
    try:
        with Image.open(io.BytesIO(style.logo)) as source:
            source.thumbnail((LOGO_MAX_WIDTH, LOGO_HEIGHT))
            logo = source.convert("RGBA")
    except (OSError, ValueError, Image.DecompressionBombError):
        return None  # an unreadable logo: the site name instead
    flat = Image.new("RGB", logo.size, style.background)
    flat.paste(logo, (0, 0), logo)
    return flat


def _backdrop_image(style: CardStyle) -> Image.Image | None:
    """The decoded backdrop, once per process (by CardStyle.key)."""
    from PIL import Image

    if style.backdrop is None:
        return None
    if style.key not in _backdrops:
        with Image.open(io.BytesIO(style.backdrop)) as source:
            _backdrops[style.key] = source.convert("RGB")
    return _backdrops[style.key]


def _palette(style: CardStyle, logo: Image.Image | None) -> Image.Image:
    """Every colour a card can hold: the background, shades of each ink, the logo's and the
    backdrop's colours.
    A palette PNG needs no filtering and a third of the bytes: it encodes several times
    faster than RGB, which is most of a card's cost."""
    from PIL import Image

    if style.key not in _palettes:
        background = parse_hex(style.background)
        colours: list[tuple[float, float, float]] = [background]
        for ink in (style.primary, style.text, style.muted):
            colours += [mix(parse_hex(ink), background, step / (_RAMP - 1)) for step in range(1, _RAMP)]
        images = [image for image in (logo, _backdrop_image(style)) if image is not None]
        for index, image in enumerate(images):  # the room left, shared between the logo and the backdrop
            room = (256 - len(colours)) // (len(images) - index)
            palette = image.quantize(colors=room).getpalette() or []
            colours += [(palette[i], palette[i + 1], palette[i + 2]) for i in range(0, min(len(palette), 3 * room), 3)]
        flat = [round(channel) for colour in colours for channel in colour]
        image = Image.new("P", (1, 1))
        image.putpalette(flat + [0] * (768 - len(flat)))
        _palettes[style.key] = image
    return _palettes[style.key]


def _wrap(text: str, font: ImageFont.FreeTypeFont, width: int, max_lines: int) -> list[str]:
    """Greedy word wrap; the last line ends in "…" when text is left over."""
    words = text.split()
    lines: list[str] = []
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while font.getlength(line) > width:  # one word wider than the card: cut it
            cut = len(line) - 1
            while cut > 1 and font.getlength(line[:cut]) > width:
                cut -= 1
            words.insert(0, line[cut:])
            line = line[:cut]
        while words and font.getlength(f"{line} {words[0]}") <= width:
            line = f"{line} {words.pop(0)}"
        lines.append(line)
    if words and lines:
        last = lines[-1]
        while last and font.getlength(last + "…") > width:
            last = last[:-1].rstrip()
        lines[-1] = last + "…"
    return lines


def draw_card(style: CardStyle, title: str, description: str) -> bytes:
    """The card as PNG bytes."""
    from PIL import Image, ImageDraw

    backdrop = _backdrop_image(style)
    image = backdrop.copy() if backdrop is not None else Image.new("RGB", (CARD_WIDTH, CARD_HEIGHT), style.background)
    draw = ImageDraw.Draw(image)
    width = CARD_WIDTH - 2 * _MARGIN
    draw.rectangle((0, CARD_HEIGHT - _BAR, CARD_WIDTH, CARD_HEIGHT), fill=style.primary)

    # The site: its logo (scaled to 64 px high), else its name in the primary colour.
    top = _MARGIN - 10
    logo = _logo(style)
    if logo is not None:
        image.paste(logo, (_MARGIN, top))
    else:
        draw.text((_MARGIN, top), style.site_name, font=_font(style.font_bold, 40), fill=style.primary)

    # The title: as large as fits in three lines.
    for size in (72, 62, 54):
        title_font = _font(style.font_bold, size)
        lines = _wrap(title, title_font, width, 3)
        if len(lines) <= 2 or size == 54:
            break
    y = 200
    line_height = int(title_font.size * 1.18)
    for line in lines:
        draw.text((_MARGIN, y), line, font=title_font, fill=style.text)
        y += line_height

    if description:
        description_font = _font(style.font_regular, 32)
        y += 18
        room = max(0, (CARD_HEIGHT - 130 - y) // 44)
        for line in _wrap(description, description_font, width, min(3, room)):
            draw.text((_MARGIN, y), line, font=description_font, fill=style.muted)
            y += 44

    footer_font = _font(style.font_regular, 26)
    draw.text((_MARGIN, CARD_HEIGHT - _BAR - 62), style.host, font=footer_font, fill=style.muted)

    out = io.BytesIO()
    image.quantize(palette=_palette(style, logo), dither=Image.Dither.NONE).save(out, "PNG", compress_level=1)
    return out.getvalue()
