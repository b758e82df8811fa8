"""Markdown in OpenAPI descriptions, rendered with raw HTML disabled.

Spec text is not the site author's own prose (it may come from a URL), so unlike pages it
never passes HTML through: a `<script>` in a description is shown as text.
"""

from __future__ import annotations

from functools import lru_cache

from markdown_it import MarkdownIt


@lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    # linkify/typographer stay off; "table" and "strikethrough" match what spec authors use.
    return MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])


def render_description(text: str | None) -> str:
    """Block HTML for a description ('' for none)."""
    if not text or not text.strip():
        return ""
    html: str = _markdown().render(text)
    return html


def render_inline(text: str | None) -> str:
    """Inline HTML (no wrapping <p>) for one-line texts such as server descriptions."""
    if not text or not text.strip():
        return ""
    html: str = _markdown().renderInline(text.strip())
    return html
