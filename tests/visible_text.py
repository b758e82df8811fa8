"""The words a reader sees in a piece of built HTML: its text outside <code>, <pre>, <script>,
<style> and <svg> (values, samples and icons, which are not the theme's words), and the
placeholder, aria-label and title attributes a browser shows or reads out."""

from __future__ import annotations

import html as html_lib
import re
from html.parser import HTMLParser

SKIPPED = {"code", "pre", "script", "style", "svg", "template"}
SHOWN_ATTRIBUTES = ("placeholder", "aria-label", "title")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Words(HTMLParser):
    def __init__(self, within: str | None) -> None:
        super().__init__(convert_charrefs=True)
        self.within = within
        self.inside = 0 if within else 1  # how many elements deep into the first `within` element
        self.done = False
        self.skipping: list[str] = []  # the open elements whose text is not the theme's words
        self.words: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.within and not self.done and tag not in VOID:
            classes = (dict(attrs).get("class") or "").split()
            if self.inside or self.within in classes:
                self.inside += 1
        if not self.inside or self.done:
            return
        if self.skipping or tag in SKIPPED:
            if tag not in VOID:
                self.skipping.append(tag)
            return
        for name, value in attrs:
            if name in SHOWN_ATTRIBUTES and value and value.strip():
                self.words.append(" ".join(value.split()))

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()
        if self.within and self.inside and not self.done:
            self.inside -= 1
            self.done = not self.inside

    def handle_data(self, data: str) -> None:
        if self.inside and not self.done and not self.skipping and data.strip():
            self.words.append(" ".join(data.split()))


def visible_words(html: str, within: str | None = None) -> list[str]:
    """Each run of text (and shown attribute) of `html`, in document order, spaces collapsed;
    with `within` (a class), only those of the first element that has it."""
    parser = _Words(within)
    parser.feed(html)
    parser.close()
    return parser.words


def reader_text(fragment: str) -> str:
    """What a reader sees of an HTML fragment, code included: tags dropped, entities read,
    spaces collapsed."""
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def api_field_text(html: str, name: str) -> str:
    """The visible text of an API page's first field row named `name`."""
    start = html.index(f'<code class="api-field-name">{name}</code>')
    row_start = html.rindex('<li class="api-field', 0, start)
    return reader_text(html[row_start:html.index("</li>", start)])
