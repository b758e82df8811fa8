"""Lower-case JSX elements as HTML: an allowlist of HTML and SVG element names, React
attribute names turned back into HTML ones, style objects into CSS, and every URL checked.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from sitegen.confine import is_script_url

__all__ = ["CODE_ELEMENTS", "HTML_ELEMENTS", "render_code_element", "render_html_element"]

HTML_ELEMENTS = frozenset("""
a abbr address article aside audio b bdi bdo blockquote br button caption center cite code col colgroup
dd del details dfn div dl dt em figcaption figure footer h1 h2 h3 h4 h5 h6 header hr i iframe img
input ins kbd label legend li main mark nav ol p picture pre q s samp section small source span strong
sub summary sup table tbody td tfoot th thead time tr track u ul var video wbr
svg g path circle ellipse line polyline polygon rect text tspan defs use symbol lineargradient
radialgradient stop clippath mask pattern title desc foreignobject
""".split())
# Elements whose content is code, never text: <script> is always left out (Mintlify's advice
# is a .js file of the project, which runs on every page; React never runs a script it
# inserts), <style> is kept unless the build leaves out the authors' code (--no-scripts).
CODE_ELEMENTS = frozenset({"script", "style"})
SCRIPT_LEFT_OUT = ("<script> in a page is left out (so is any other on this page): to run code on every "
                   "page, put it in a .js file of the project, as Mintlify advises")
STYLE_LEFT_OUT = "<style> in a page is left out (so is any other on this page): built with --no-scripts"
_STYLE_END = re.compile(r"</(?=style)", re.I)
_SVG_CASE = {name.lower(): name for name in ("linearGradient", "radialGradient", "clipPath", "foreignObject")}
_VOID = frozenset("br col hr img input source track wbr".split())
_URL_ATTRIBUTES = {"src": True, "href": False, "poster": True}  # name -> looked up as a file
_RENAMES = {
    "className": "class", "htmlFor": "for", "tabIndex": "tabindex", "allowFullScreen": "allowfullscreen",
    "frameBorder": "frameborder", "autoPlay": "autoplay", "playsInline": "playsinline", "crossOrigin": "crossorigin",
    "referrerPolicy": "referrerpolicy", "srcSet": "srcset", "colSpan": "colspan", "rowSpan": "rowspan",
    "readOnly": "readonly", "maxLength": "maxlength", "xlinkHref": "href", "xmlns:xlink": "xmlns:xlink",
}
# SVG attributes React writes in camelCase that HTML writes with dashes.
_SVG_KEBAB = frozenset("""strokeWidth strokeLinecap strokeLinejoin strokeDasharray strokeDashoffset strokeOpacity
strokeMiterlimit fillRule fillOpacity clipRule clipPath stopColor stopOpacity fontSize fontFamily fontWeight
textAnchor dominantBaseline""".split())
# CSS properties React leaves unitless (others get "px" after a bare number).
_UNITLESS = frozenset("""animationIterationCount aspectRatio borderImageOutset borderImageSlice borderImageWidth
boxFlex boxFlexGroup boxOrdinalGroup columnCount columns flex flexGrow flexPositive flexShrink flexNegative
flexOrder gridArea gridRow gridRowEnd gridRowSpan gridRowStart gridColumn gridColumnEnd gridColumnSpan
gridColumnStart fontWeight lineClamp lineHeight opacity order orphans scale tabSize widows zIndex zoom
fillOpacity floodOpacity stopOpacity strokeDasharray strokeDashoffset strokeMiterlimit strokeOpacity
strokeWidth""".split())
_CAMEL = re.compile(r"([A-Z])")


def _kebab(name: str) -> str:
    kebab = _CAMEL.sub(lambda m: "-" + m.group(1).lower(), name)
    return "-" + kebab if kebab.startswith(("webkit-", "moz-", "ms-")) else kebab


def style_css(style: dict[str, Any]) -> str:
    parts = []
    for key, value in style.items():
        if value is None or isinstance(value, (bool, list, dict)):
            continue
        if isinstance(value, (int, float)) and value != 0 and key not in _UNITLESS and not key.startswith("--"):
            text = f"{value}px"
        else:
            text = str(value)
        name = key if key.startswith("--") else _kebab(key)
        parts.append(f"{name}: {text}")
    return "; ".join(parts)


def render_html_element(
    name: str,
    props: dict[str, Any],
    children_html: str,
    link: Callable[[str, bool], str],
    warn: Callable[[str], None],
) -> str:
    """The HTML of an allowlisted element (the caller checks `name in HTML_ELEMENTS`)."""
    tag = _SVG_CASE.get(name, name)
    attributes: list[str] = []
    for key, value in props.items():
        lowered = key.lower()
        if lowered.startswith("on") or key == "dangerouslySetInnerHTML" or key in ("key", "ref"):
            if key not in ("key", "ref"):
                warn(f"attribute {key} of <{name}> is script; left out")
            continue
        if value is None or value is False:
            continue
        attr = _RENAMES.get(key) or (_kebab(key) if key in _SVG_KEBAB else key)
        if attr == "style" and isinstance(value, dict):
            value = style_css(value)
        elif isinstance(value, (list, dict)):
            warn(f"attribute {key} of <{name}> is not text; left out")
            continue
        if value is True:
            attributes.append(f" {html.escape(attr)}")
            continue
        text = str(value)
        if attr in _URL_ATTRIBUTES or (attr == "href" and key == "xlinkHref"):
            if is_script_url(text, image=name == "img" or attr == "poster"):
                warn(f"attribute {key} of <{name}> is a script URL; left out")
                continue
            text = link(text, _URL_ATTRIBUTES.get(attr, False) and name != "a")
        attributes.append(f' {html.escape(attr)}="{html.escape(text, quote=True)}"')
    opening = f"<{tag}{''.join(attributes)}>"
    if name in _VOID:
        return opening
    return f"{opening}{children_html}</{tag}>"


def render_code_element(name: str, props: dict[str, Any], text: str, author_code: bool) -> tuple[str, str | None]:
    """(HTML, the page's one warning or None) for a <script> or <style> whose content is
    `text` (a style's CSS, given as a string: `<style>{`...`}</style>`)."""
    if name == "script":
        return "", SCRIPT_LEFT_OUT
    if not author_code:
        return "", STYLE_LEFT_OUT
    media = props.get("media")
    attributes = f' media="{html.escape(media, quote=True)}"' if isinstance(media, str) else ""
    # The element would end at the first "</style": written "<\/style" (a CSS escape of "/").
    css = _STYLE_END.sub(lambda _: "<\\/", text)
    return f"<style{attributes}>{css}</style>\n", None
