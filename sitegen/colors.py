"""Theme colours from docs.json `colors`, made readable.

CSS cannot yet pick a text colour by contrast, so the build does it: body text, muted
text and link colours are chosen per background so that each meets WCAG AA (4.5:1) in
both modes, whatever backgrounds and accents a project picks. Hover and tint shades are
derived in site.css with color-mix() from the properties written here.
"""

from __future__ import annotations

# The theme's defaults live with the models: both loaders fill in a missing mode with them.
from sitegen.config import DEFAULT_BG_DARK, DEFAULT_BG_LIGHT, DEFAULT_PRIMARY, DEFAULT_PRIMARY_DARK_MODE, SiteConfig

AA = 4.5

TEXT_LIGHT = "#1F2328"  # body text in light mode, if readable on the background
TEXT_DARK = "#E6EDF3"
BLACK, WHITE = "#000000", "#FFFFFF"

RGB = tuple[float, float, float]


def parse_hex(value: str) -> RGB:
    digits = value.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))


def to_hex(rgb: RGB) -> str:
    return "#" + "".join(f"{round(max(0, min(255, c))):02X}" for c in rgb)


def luminance(rgb: RGB) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def mix(a: RGB, b: RGB, weight_a: float) -> RGB:
    return (
        a[0] * weight_a + b[0] * (1 - weight_a),
        a[1] * weight_a + b[1] * (1 - weight_a),
        a[2] * weight_a + b[2] * (1 - weight_a),
    )


def readable(color: str, background: str, minimum: float = AA) -> str:
    """`color`, moved towards black or white (whichever the background contrasts with
    more) just far enough to reach `minimum` contrast on `background`."""
    fg, bg = parse_hex(color), parse_hex(background)
    toward = parse_hex(BLACK) if contrast(parse_hex(BLACK), bg) >= contrast(parse_hex(WHITE), bg) else parse_hex(WHITE)
    for step in range(0, 41):
        candidate = to_hex(mix(fg, toward, 1 - step / 40))
        if contrast(parse_hex(candidate), bg) >= minimum:  # measured after rounding to #RRGGBB
            return candidate
    return to_hex(toward)


def on_color(background: str) -> str:
    """Black or white text for a filled button, whichever reads better."""
    bg = parse_hex(background)
    return WHITE if contrast(parse_hex(WHITE), bg) >= contrast(parse_hex(BLACK), bg) else "#0B0B0B"


def theme_properties(config: SiteConfig) -> dict[str, str]:
    """Every colour custom property the theme reads (see site.css)."""
    colors = config.colors
    primary = colors.primary if colors else DEFAULT_PRIMARY
    primary_dark = ((colors.light if colors and colors.light else None)
                    or (primary if colors else DEFAULT_PRIMARY_DARK_MODE))
    cta = (colors.dark if colors and colors.dark else None) or primary
    background = colors.background if colors else None
    bg_light = background.light if background else DEFAULT_BG_LIGHT
    bg_dark = background.dark if background else DEFAULT_BG_DARK
    text_light = readable(TEXT_LIGHT, bg_light, 7)  # body text: aim past AA, to AAA
    text_dark = readable(TEXT_DARK, bg_dark, 7)
    return {
        "--primary": primary,
        "--primary-dark-mode": primary_dark,
        "--cta": cta,
        "--on-cta": on_color(cta),
        "--on-primary": on_color(primary),
        "--on-primary-dark-mode": on_color(primary_dark),
        "--bg-light": bg_light,
        "--bg-dark": bg_dark,
        "--text-light": text_light,
        "--text-dark": text_dark,
        # Muted text sits between text and background but stays AA.
        "--muted-light": readable(to_hex(mix(parse_hex(text_light), parse_hex(bg_light), 0.62)), bg_light),
        "--muted-dark": readable(to_hex(mix(parse_hex(text_dark), parse_hex(bg_dark), 0.62)), bg_dark),
        "--link-light": readable(primary, bg_light),
        "--link-dark": readable(primary_dark, bg_dark),
    }


def theme_css(config: SiteConfig) -> str:
    body = "".join(f"  {name}: {value};\n" for name, value in theme_properties(config).items())
    source = "docs.json colors" if config.colors else "theme defaults (docs.json sets no colors)"
    return f"/* From {source}; text colours adjusted for WCAG AA contrast. */\n:root {{\n{body}}}\n"
