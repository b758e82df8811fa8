"""The feed items of a page's `<Update>` components, read from the page's own render.

`render_markdown` calls `update_items` on the tokens it just rendered (only for a page whose
text has an `<Update` tag or that inlined a snippet), so the items travel with the page's
result (and the persistent cache) and a build writes the feeds (rss.py) without rendering a
page again. One item per update, in the page's order, the updates of the snippets it
inlines where they stand (Mintlify's feed has them too):

- an update with `rss={{ title, description }}` makes one item with that title (else its
  label) and description (else its content);
- else one item per Markdown heading written directly in it (the heading's text, linking to
  the heading), plus one for the label when text comes before the first heading;
- else one item titled by its label.

An item's description is the update's `description` prop and its pure Markdown: paragraphs,
lists, quotes, tables, emphasis, links and images; components, code (blocks and inline),
HTML and math are left out. Its `tags` are the item's categories; a label that is a date
(`2025-03-06`, `March 6, 2025`, `3 de marzo de 2025`, `2025年3月`: `label_dates.py`) is its
publication date.

Links stay as the page's render wrote them (relative to the page): where the site is
published is the feed's business (`description_html`), not the page's.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markupsafe import escape

from sitegen.markdown.components import update_rss
from sitegen.markdown.label_dates import label_date
from sitegen.markdown.mdx.nodes import MdxElement
from sitegen.pages import Page

_UPDATE_TAG = "<Update"  # a page whose text has none has no update to read

# Pure Markdown: the blocks and inline marks an item's description keeps (markdown-it's
# token types, without _open/_close); everything else goes with whatever it holds.
_BLOCKS = frozenset({"paragraph", "blockquote", "bullet_list", "ordered_list", "list_item", "hr", "heading",
                     "table", "thead", "tbody", "tr", "th", "td", "inline"})
_INLINE = frozenset({"text", "softbreak", "hardbreak", "em", "strong", "s", "link", "image"})
_PUNCTUATION = frozenset(".,;:!?)")
_EMPTY_PARAGRAPH = re.compile(r"<p>\s*</p>\n?|<li>\s*</li>\n?")
# Where a link's URL goes in a description: NUL never reaches a token (markdown-it turns it
# into U+FFFD), so the slot cannot be text of the page.
_SLOT = re.compile("\0([0-9]+)\0")


@dataclass(frozen=True)
class FeedItem:
    """One item of a page's feed: small plain data (sent back by render workers, kept in the
    persistent cache as JSON)."""

    title: str
    fragment: str  # the id on the page the item links to
    description: str  # HTML ("" for none), each link's URL a slot filled by `description_html`
    links: tuple[str, ...]  # the slots' URLs, relative to the page as its render wrote them
    categories: tuple[str, ...]
    published: str  # the label's date, ISO (`2025-03-06`); "" when the label is no date

    def published_at(self) -> datetime | None:
        return datetime.fromisoformat(self.published).replace(tzinfo=UTC) if self.published else None

    def to_row(self) -> list[Any]:
        """The item as a JSON array (the persistent cache's form); `from_row` reads it back."""
        return [self.title, self.fragment, self.description, list(self.links), list(self.categories),
                self.published]

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> FeedItem:
        """An item from `to_row`'s array; a damaged row raises ValueError or TypeError."""
        title, fragment, description, links, categories, published = row
        return cls(str(title), str(fragment), str(description), tuple(map(str, links)),
                   tuple(map(str, categories)), str(published))


def may_have_updates(page: Page, snippets: Collection[Path]) -> bool:
    """Whether the page's own text has an <Update> tag, or it inlined snippets (whose
    updates are the page's too): a cheap look before reading tokens."""
    return bool(snippets) or _UPDATE_TAG in page.body


def description_html(item: FeedItem, base: str) -> str:
    """The item's description with each link made absolute under `base`, the page's address
    (`./`: a feed without a site URL, whose links stay relative to the page's folder)."""
    if not item.links:
        return item.description
    return _SLOT.sub(lambda slot: escapeHtml(_absolute(base, item.links[int(slot[1])])), item.description)


def _absolute(base: str, url: str) -> str:
    if base == "./":
        return url
    return urljoin(base, url)


def update_items(tokens: list[Token], md: MarkdownIt, page: Page, language: str | None = None
                 ) -> tuple[FeedItem, ...]:
    """The feed items of the page's updates, in order, from its tokens as the render left them
    (each component's `MdxElement` in `meta["built"]`, an update's anchor on it, headings with
    their ids, links resolved relative to the page); `language`, the page's, reads the labels'
    dates."""
    items: list[FeedItem] = []
    for token in _update_tokens(tokens):
        items.extend(_items(token.meta["built"], token.children or [], md, page, language))
    return tuple(items)


def _update_tokens(tokens: list[Token]) -> Iterable[Token]:
    """The <Update> elements of the page, in order (inside other components too, and in the
    snippets inlined where their element stands, as Mintlify's feed has them)."""
    for token in tokens:
        if token.type != "mdx_element":
            continue
        built = token.meta.get("built")
        if isinstance(built, MdxElement) and built.name == "Update" and not built.inline:
            yield token
        elif "inlined" in token.meta:  # a snippet's element: its own children are not rendered
            yield from _update_tokens(token.meta["inlined"])
        else:
            yield from _update_tokens(token.children or [])


def _items(element: MdxElement, children: list[Token], md: MarkdownIt, page: Page, language: str | None
           ) -> list[FeedItem]:
    props = element.props
    anchor = element.anchor
    label = _text(props.get("label"))
    lead = _text(props.get("description"))
    tags = props.get("tags")
    categories = tuple(str(tag) for tag in tags if str(tag).strip()) if isinstance(tags, list) else ()
    date = label_date(label, language)
    published = date.date().isoformat() if date is not None else ""
    lead_html = f"<p>{escape(lead)}</p>\n" if lead else ""

    def item(title: str, fragment: str, body: tuple[str, tuple[str, ...]]) -> FeedItem:
        html, links = body  # `_pure_html` of the tokens
        return FeedItem(title or page.title, fragment, lead_html + html, links, categories, published)

    own = update_rss(props)
    if own is not None and (own[0] or own[1]):
        title, text = own
        links: tuple[str, ...] = ()
        if text:
            description = f"<p>{escape(text)}</p>"
        else:
            html, links = _pure_html(children, md)
            description = lead_html + html
        return [FeedItem(title or label or page.title, anchor, description.strip(), links, categories, published)]
    sections = _sections(children)
    if len(sections) == 1:
        return [item(label, anchor, _pure_html(sections[0][1], md))]
    items = []
    (_, intro), *headed = sections
    intro_html = _pure_html(intro, md)
    if intro_html[0]:
        items.append(item(label, anchor, intro_html))
    for heading, body in headed:
        assert heading is not None
        inline = heading[1]
        items.append(item(_heading_title(inline), str(heading[0].attrGet("id") or anchor), _pure_html(body, md)))
    return items


def _sections(children: list[Token]) -> list[tuple[list[Token] | None, list[Token]]]:
    """The update's content split at each heading written directly in it: (heading's
    tokens, what follows it); the first has no heading."""
    sections: list[tuple[list[Token] | None, list[Token]]] = [(None, [])]
    depth = 0
    index = 0
    while index < len(children):
        token = children[index]
        if depth == 0 and token.type == "heading_open":
            sections.append((children[index:index + 3], []))
            index += 3
            continue
        depth += token.nesting
        sections[-1][1].append(token)
        index += 1
    return sections


def _heading_title(inline: Token) -> str:
    """A heading's text (code included), without the `#` link the render added."""
    words: list[str] = []
    skipping = False
    for child in inline.children or []:
        if child.type == "link_open" and child.attrGet("class") == "header-anchor":
            skipping = True
        elif child.type == "link_close" and skipping:
            skipping = False
        elif not skipping and child.type in ("text", "code_inline"):
            words.append(child.content)
        elif not skipping and child.type == "mdx_expression":
            words.append(str((child.meta or {}).get("value", "")))
    return " ".join("".join(words).split())


def _pure_html(tokens: list[Token], md: MarkdownIt) -> tuple[str, tuple[str, ...]]:
    """The pure Markdown of `tokens` as HTML, its links' and images' URLs in slots; the URLs."""
    links: list[str] = []
    kept = _pure_blocks(tokens, links)
    if not kept:
        return "", ()
    html = _EMPTY_PARAGRAPH.sub("", RendererHTML().render(kept, md.options, {})).strip()
    return html, tuple(links)


def _pure_blocks(tokens: list[Token], links: list[str]) -> list[Token]:
    kept: list[Token] = []
    skip_depth = 0  # inside a left-out block
    for token in tokens:
        if skip_depth:
            skip_depth += token.nesting
            continue
        kind = token.type.removesuffix("_open").removesuffix("_close")
        if kind not in _BLOCKS:
            skip_depth = max(token.nesting, 0)
            continue
        if token.type == "inline":
            token = token.copy(children=_pure_inline(token.children or [], links))
        elif token.type == "heading_open":
            token = token.copy(attrs={})  # its id is the page's, not the feed's
        kept.append(token)
    return kept


def _pure_inline(children: list[Token], links: list[str]) -> list[Token]:
    kept: list[Token] = []
    skip_depth = 0
    left_out = False  # something was left out since the last token kept
    for child in children:
        if skip_depth:
            skip_depth += child.nesting
            continue
        kind = child.type.removesuffix("_open").removesuffix("_close")
        if kind not in _INLINE or (child.type == "link_open" and child.attrGet("class") == "header-anchor"):
            skip_depth = max(child.nesting, 0)
            left_out = True
            continue
        if child.type in ("link_open", "image"):
            name = "href" if child.type == "link_open" else "src"
            links.append(str(child.attrGet(name) or ""))
            # New attrs: a copy shares the page's (export_markdown reads them after this).
            child = child.copy(attrs={**child.attrs, name: f"\0{len(links) - 1}\0"})
        elif child.type == "text" and left_out:
            child = _closing_gap(kept, child)
        left_out = False
        kept.append(child)
    if left_out and kept and kept[-1].type == "text":  # "Fixed in `v2`": no space at the end
        kept[-1] = kept[-1].copy(content=kept[-1].content.rstrip())
    return kept


def _closing_gap(kept: list[Token], text: Token) -> Token:
    """`text` after something left out ("with `x` and"): one space where two would meet, none
    at the start of the text or of a mark ("**`nocopy` blocks**"), none before a punctuation
    mark ("and `x`." is "and.")."""
    before = kept[-1] if kept else None
    if before is None or before.nesting == 1:
        return text.copy(content=text.content.lstrip())
    if before.type != "text" or not before.content[-1:].isspace():
        return text
    if text.content[:1] in _PUNCTUATION:
        kept[-1] = before.copy(content=before.content.rstrip())
        return text
    return text.copy(content=text.content.lstrip())


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else str(value) if isinstance(value, int | float) else ""
