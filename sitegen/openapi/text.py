"""Markdown in OpenAPI descriptions, rendered with raw HTML disabled.

Spec text is not the site author's own prose (it may come from a URL), so unlike pages it
never passes HTML through: a `<script>` in a description is shown as text.
"""

from __future__ import annotations

from functools import lru_cache

from markdown_it import MarkdownIt
from markupsafe import Markup


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


class Described(Markup):
    """A description's HTML that keeps the Markdown it came from.

    Templates use it as the HTML; the page's Markdown export (llms) writes `source`, so links
    and emphasis survive there instead of being read back out of the HTML.
    """

    source: str

    def __new__(cls, text: str | None) -> Described:
        described = super().__new__(cls, render_description(text))
        described.source = text or ""
        return described

    def __reduce__(self) -> tuple[type[Described], tuple[str]]:
        # Pickled views (worker results, the cache) rebuild from the source, not the HTML.
        return (Described, (self.source,))


def described(text: str | None) -> Described:
    """`text` rendered as block HTML, remembering `text`."""
    return Described(text)
