"""Inline Markdown written in an attribute or a setting (a caption, a banner, the 404 page's
description): marks and links, no raw HTML, each link's href given by the caller."""

from __future__ import annotations

from collections.abc import Callable

from markdown_it import MarkdownIt
from markupsafe import Markup

_PLAIN = MarkdownIt("commonmark", {"html": False})
_WITH_STRIKETHROUGH = MarkdownIt("commonmark", {"html": False}).enable("strikethrough")


def inline_markdown(text: str, href: Callable[[str], str], *, strikethrough: bool = False) -> Markup:
    """`text` as inline HTML, every link's target written by `href` (resolved for the page)."""
    parser = _WITH_STRIKETHROUGH if strikethrough else _PLAIN
    tokens = parser.parseInline(text)
    if not tokens:
        return Markup("")
    children = tokens[0].children or []
    for token in children:  # an inline token's children are flat: links are among them
        if token.type == "link_open":
            token.attrSet("href", href(str(token.attrGet("href") or "")))
    return Markup(parser.renderer.render(children, parser.options, {}))
