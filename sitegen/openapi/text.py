"""Markdown in OpenAPI descriptions (CommonMark, as the OpenAPI specification says), rendered
with raw HTML disabled.

Spec text is not the site author's own prose (it may come from a URL), so unlike pages it
never passes HTML through: a `<script>` in a description is shown as text. Link and image
URLs pass the same check as a page's (`confine.is_script_url`: no `javascript:` link), and
`Described.rebased` points links to the site's pages the way a page's own links are written.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Callable
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.common.normalize_url import validateLink
from markdown_it.rules_core import StateCore
from markupsafe import Markup

from sitegen.confine import is_script_url

# (URL as written, whether an image) -> the URL to write instead, or None to keep it.
LinkRebase = Callable[[str, bool], "str | None"]
_LINK_SYNTAX = re.compile(r"\]\s*[(\[]|^\s*\[[^\]]+\]:", re.M)  # inline, full reference or definition
_BLOCK_TAG = re.compile(r"</?(?:p|li|ul|ol|h[1-6]|br|hr|pre|blockquote|table|thead|tbody|tr|td|th)\b[^>]*>")
_TAG = re.compile(r"<[^>]*>")


class _SpecMarkdown(MarkdownIt):
    def validateLink(self, url: str) -> bool:  # markdown-it's name
        # markdown-it's own rule (no javascript:/vbscript:/file:, data: only for images) and the
        # one page links follow, which also catches schemes hidden by spaces and control characters.
        return validateLink(url) and not is_script_url(url, image=True)


def _rebase_links(state: StateCore) -> None:
    rebase: LinkRebase | None = state.env.get("rebase") if isinstance(state.env, dict) else None
    if rebase is None:
        return
    for token in state.tokens:
        for child in token.children or ():
            attribute = "href" if child.type == "link_open" else "src" if child.type == "image" else None
            written = child.attrGet(attribute) if attribute else None
            if attribute and isinstance(written, str):
                new = rebase(written, child.type == "image")
                if new is not None:
                    child.attrSet(attribute, new)


@lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    # linkify/typographer stay off; "table" and "strikethrough" match what spec authors use.
    md = _SpecMarkdown("commonmark", {"html": False}).enable(["table", "strikethrough"])
    md.core.ruler.push("sitegen_rebase_links", _rebase_links)
    return md


def render_description(text: str | None, rebase: LinkRebase | None = None) -> str:
    """Block HTML for a description ('' for none); `rebase` rewrites its link URLs."""
    if not text or not text.strip():
        return ""
    html: str = _markdown().render(text, {"rebase": rebase})
    return html


def plain_text(text: str | None) -> str:
    """What a reader sees of a description's Markdown, as text on one line (for a
    `<meta name="description">` or a card): `**bold**` is "bold", a link its words."""
    if not text or not text.strip():
        return ""
    html = _BLOCK_TAG.sub(" ", _markdown().render(text))
    return " ".join(html_lib.unescape(_TAG.sub("", html)).split())


class Described(Markup):
    """A description's HTML that keeps the Markdown it came from.

    Templates use it as the HTML; the page's Markdown export (llms) writes `source`, so links
    and emphasis survive there instead of being read back out of the HTML.
    """

    source: str

    def __new__(cls, text: str | None, html: str | None = None) -> Described:
        described = super().__new__(cls, render_description(text) if html is None else html)
        described.source = text or ""
        return described

    def __reduce__(self) -> tuple[type[Described], tuple[str]]:
        # Pickled views (worker results, the cache) rebuild from the source, not the HTML.
        return (Described, (self.source,))

    def rebased(self, rebase: LinkRebase) -> Described:
        """The same description with its links as `rebase` writes them (itself when it has none)."""
        if not _LINK_SYNTAX.search(self.source):
            return self
        return Described(self.source, render_description(self.source, rebase))

    @property
    def plain(self) -> str:
        return plain_text(self.source)


def described(text: str | None) -> Described:
    """`text` rendered as block HTML, remembering `text`."""
    return Described(text)
