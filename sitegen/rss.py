"""RSS 2.0 feeds of changelog pages, as Mintlify makes them.

A page with `<Update>` components gets a feed at its URL + `rss.xml` (`changelog/rss.xml`),
one item per update, in the page's order:

- an update with `rss={{ title, description }}` makes one item with that title (else its
  label) and description (else its content);
- else one item per Markdown heading written directly in it (the heading's text, linking to
  the heading), plus one for the label when text comes before the first heading;
- else one item titled by its label.

An item's description is the update's `description` prop and its pure Markdown: paragraphs,
lists, quotes, tables, emphasis, links and images; components, code (blocks and inline),
HTML and math are left out. Its `tags` are the item's categories; a label that is a date
(`2025-03-06`, `March 6, 2025`, `6 March 2025`, `March 2025`) is its `pubDate`.

The page is rendered again for its tokens (`markdown.render_tokens`), with the built-in
theme's components, so every id is the one the page has. With a site URL every link is
absolute; without one, links are relative to the feed (readers resolve them against the
address they fetched it from), and there is no `guid` or `atom:link`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urljoin

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markupsafe import escape

from sitegen.markdown import LinkResolver, make_markdown, render_tokens
from sitegen.markdown.components import ComponentRenderer, update_rss
from sitegen.markdown.mdx.nodes import ComponentContext, MdxElement
from sitegen.pages import Page
from sitegen.theme import Theme, builtin_theme_dir

if TYPE_CHECKING:
    from sitegen.i18n import UiStrings
    from sitegen.icons import IconLibrary
    from sitegen.redirects import SiteRoutes

FEED_NAME = "rss.xml"
_UPDATE_TAG = "<Update"  # a page whose text has none has no update to read
_ATOM = "http://www.w3.org/2005/Atom"
# What a URL's path and fragment keep as written (RFC 3986); the rest (spaces, "ä") is
# percent-encoded, which browsers decode to find the id.
_URL_SAFE = "/%:@!$&'()*+,;=-._~"

# Pure Markdown: the blocks and inline marks an item's description keeps (markdown-it's
# token types, without _open/_close); everything else goes with whatever it holds.
_BLOCKS = frozenset({"paragraph", "blockquote", "bullet_list", "ordered_list", "list_item", "hr", "heading",
                     "table", "thead", "tbody", "tr", "th", "td", "inline"})
_INLINE = frozenset({"text", "softbreak", "hardbreak", "em", "strong", "s", "link", "image"})
# Characters XML 1.0 cannot hold (ElementTree writes them, and readers then refuse the feed).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_PUNCTUATION = frozenset(".,;:!?)")
_EMPTY_PARAGRAPH = re.compile(r"<p>\s*</p>\n?|<li>\s*</li>\n?")
# Labels read as dates (strptime's English month names): ISO, "March 6, 2025", "6 March 2025", "March 2025".
_DATE_FORMATS = ("%Y-%m-%d", "%B %d, %Y", "%b %d, %Y", "%B %d %Y", "%d %B %Y", "%d %b %Y", "%B %Y", "%b %Y")


@dataclass(frozen=True)
class FeedItem:
    title: str
    fragment: str  # the id on the page the item links to
    description: str  # HTML ("" for none)
    categories: tuple[str, ...]
    published: datetime | None  # from the update's label


@dataclass(frozen=True)
class Feed:
    page: Page
    path: str  # output path: the page's URL + rss.xml
    items: tuple[FeedItem, ...]


def feed_path(page: Page) -> str:
    """Where a page's feed is written: Mintlify's page URL + /rss.xml."""
    return page.url + FEED_NAME


def may_have_updates(page: Page) -> bool:
    """Whether the page's own text has an <Update> tag (a cheap look before rendering it)."""
    return _UPDATE_TAG in page.body


# --- reading a page's updates ---------------------------------------------------------------


class _NotedIds:
    """A component's context that notes the first heading id the component asks for (an
    <Update>'s anchor) and passes everything on."""

    def __init__(self, ctx: ComponentContext) -> None:
        self._ctx = ctx
        self.first: str | None = None

    @property
    def icon_library(self) -> IconLibrary:
        return self._ctx.icon_library

    @property
    def ui(self) -> UiStrings:
        return self._ctx.ui

    @property
    def field_path(self) -> tuple[str, ...]:
        return self._ctx.field_path

    def link(self, element: MdxElement, target: str, *, image: bool = False) -> str:
        return self._ctx.link(element, target, image=image)

    def warn(self, element: MdxElement, message: str) -> None:
        self._ctx.warn(element, message)

    def unique_id(self, text: str) -> str:
        given = self._ctx.unique_id(text)
        if self.first is None:
            self.first = given
        return given

    def exact_id(self, wanted: str) -> str:
        return self._ctx.exact_id(wanted)

    def add_toc(self, level: int, id: str, text: str) -> None:
        self._ctx.add_toc(level, id, text)

    def require(self, feature: str) -> None:
        self._ctx.require(feature)


class _AnchorRecorder:
    """The built-in components, noting the anchor each <Update> element gets."""

    def __init__(self, components: ComponentRenderer) -> None:
        self._components = components
        self.anchors: dict[int, str] = {}  # id() of the MdxElement (kept alive by its token) -> anchor

    def knows(self, name: str) -> bool:
        return self._components.knows(name)

    def render(self, element: MdxElement, ctx: ComponentContext) -> str:
        if element.name != "Update":
            return self._components.render(element, ctx)
        noted = _NotedIds(ctx)
        output = self._components.render(element, noted)
        self.anchors[id(element)] = noted.first or ""
        return output


@dataclass
class FeedReader:
    """Renders pages again for their updates: one parser and one set of components for all."""

    project_dir: Path
    pages: list[Page]
    routes: SiteRoutes
    icon_library: IconLibrary = "fontawesome"

    def __post_init__(self) -> None:
        self._md: MarkdownIt | None = None
        self._components: ComponentRenderer | None = None
        self._resolver: LinkResolver | None = None

    def items(self, page: Page, language: str | None, site_url: str | None) -> tuple[FeedItem, ...]:
        """The feed items of the page's updates, in order (none when it has no update)."""
        if self._md is None or self._components is None or self._resolver is None:
            self._md = make_markdown()
            # The built-in theme only: the HTML is thrown away, the ids are the same, and a
            # project's templates are not run a second time (nor at all with --no-scripts).
            self._components = ComponentRenderer(Theme(dirs=(builtin_theme_dir(),)))
            self._resolver = LinkResolver(self.project_dir, self.pages, self.routes)
        recorder = _AnchorRecorder(self._components)
        tokens = render_tokens(self._md, page, self._resolver, recorder, self.icon_library, language)
        base = page_address(page, site_url)
        items: list[FeedItem] = []
        for token in _update_tokens(tokens):
            element: MdxElement = token.meta["built"]
            items.extend(_items(element, token.children or [], recorder.anchors.get(id(element), ""),
                                self._md, base, page))
        return tuple(items)


def page_address(page: Page, site_url: str | None) -> str:
    """The page's URL: absolute under the site URL, else relative to its feed ("./")."""
    return site_url + quote(page.url, safe=_URL_SAFE) if site_url else "./"


def _update_tokens(tokens: list[Token]) -> Iterable[Token]:
    """The <Update> elements of the page, in order (inside other components too)."""
    for token in tokens:
        if token.type != "mdx_element":
            continue
        built = token.meta.get("built")
        if isinstance(built, MdxElement) and built.name == "Update" and not built.inline:
            yield token
        else:
            yield from _update_tokens(token.children or [])


def _items(element: MdxElement, children: list[Token], anchor: str, md: MarkdownIt, base: str,
           page: Page) -> list[FeedItem]:
    props = element.props
    label = _text(props.get("label"))
    lead = _text(props.get("description"))
    tags = props.get("tags")
    categories = tuple(str(tag) for tag in tags if str(tag).strip()) if isinstance(tags, list) else ()
    published = label_date(label)
    lead_html = f"<p>{escape(lead)}</p>\n" if lead else ""

    def item(title: str, fragment: str, body: list[Token]) -> FeedItem:
        return FeedItem(title or page.title, fragment, lead_html + _pure_html(body, md, base), categories, published)

    own = update_rss(props)
    if own is not None and (own[0] or own[1]):
        title, text = own
        description = f"<p>{escape(text)}</p>" if text else lead_html + _pure_html(children, md, base)
        return [FeedItem(title or label or page.title, anchor, description.strip(), categories, published)]
    sections = _sections(children)
    if len(sections) == 1:
        return [item(label, anchor, sections[0][1])]
    items = []
    (_, intro), *headed = sections
    if _pure_html(intro, md, base):
        items.append(item(label, anchor, intro))
    for heading, body in headed:
        assert heading is not None
        inline = heading[1]
        items.append(item(_heading_title(inline), str(heading[0].attrGet("id") or anchor), body))
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


def _pure_html(tokens: list[Token], md: MarkdownIt, base: str) -> str:
    """The pure Markdown of `tokens` as HTML, its links and images made absolute."""
    kept = _pure_blocks(tokens, base)
    if not kept:
        return ""
    return _EMPTY_PARAGRAPH.sub("", RendererHTML().render(kept, md.options, {})).strip()


def _pure_blocks(tokens: list[Token], base: str) -> list[Token]:
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
            token = token.copy(children=_pure_inline(token.children or [], base))
        elif token.type == "heading_open":
            token = token.copy(attrs={})  # its id is the page's, not the feed's
        kept.append(token)
    return kept


def _pure_inline(children: list[Token], base: str) -> list[Token]:
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
            child = child.copy()
            child.attrSet(name, _absolute(base, str(child.attrGet(name) or "")))
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


def _absolute(base: str, url: str) -> str:
    """A link of the page (relative to it, as the render wrote it) from the feed: absolute
    under a site URL; without one, relative to the feed, which sits in the page's folder."""
    if base == "./":
        return url
    return urljoin(base, url)


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else str(value) if isinstance(value, int | float) else ""


def label_date(label: str) -> datetime | None:
    """The date an update's label names (`2025-03-06`, `March 6, 2025`…), else None."""
    text = " ".join(label.replace(",", ", ").split()).replace(" ,", ",")
    for pattern in _DATE_FORMATS:
        try:
            return datetime.strptime(text, pattern).replace(tzinfo=UTC)
        except ValueError:
            continue
    return None


# --- writing a feed -----------------------------------------------------------------------------


def feed_xml(feed: Feed, language: str | None, site_url: str | None) -> bytes:
    """The RSS 2.0 document of one page's feed."""
    from email.utils import format_datetime  # only a site with a changelog pays for these imports
    from xml.etree import ElementTree

    page = feed.page
    address = page_address(page, site_url)
    rss = ElementTree.Element("rss", {"version": "2.0", "xmlns:atom": _ATOM})
    channel = ElementTree.SubElement(rss, "channel")

    def add(parent: ElementTree.Element, tag: str, text: str, attributes: Mapping[str, str] | None = None) -> None:
        ElementTree.SubElement(parent, tag, dict(attributes or {})).text = _NOT_XML.sub("", text)

    add(channel, "title", page.title)
    add(channel, "link", address)
    add(channel, "description", page.description or page.title)
    if language:
        add(channel, "language", language)
    add(channel, "generator", "sitegen")
    if site_url:
        add(channel, "atom:link", "", {"href": site_url + quote(feed.path, safe=_URL_SAFE), "rel": "self",
                                       "type": "application/rss+xml"})
    for entry in feed.items:
        item = ElementTree.SubElement(channel, "item")
        link = f"{address}#{quote(entry.fragment, safe=_URL_SAFE)}" if entry.fragment else address
        add(item, "title", entry.title)
        add(item, "link", link)
        if site_url:
            add(item, "guid", link, {"isPermaLink": "true"})
        if entry.description:
            add(item, "description", entry.description)
        for category in entry.categories:
            add(item, "category", category)
        if entry.published is not None:
            add(item, "pubDate", format_datetime(entry.published, usegmt=True))
    ElementTree.indent(rss)
    document: bytes = ElementTree.tostring(rss, encoding="utf-8", xml_declaration=False)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + document + b"\n"


def feed_files(pages: list[Page], reader: FeedReader, languages: Mapping[str, str | None],
               site_url: str | None) -> tuple[dict[str, bytes], list[str]]:
    """Output path -> feed of every page with updates (and of every page with `rss: true`,
    whose RSS button links to it); warnings. `languages`: page id -> its language."""
    files: dict[str, bytes] = {}
    warnings: list[str] = []
    for page in pages:
        items = reader.items(page, languages.get(page.id), site_url) if may_have_updates(page) else ()
        if not items and not page.rss:
            continue
        if not items:
            warnings.append(f"{page.display_path}:{page.line_of('rss')}: front matter: rss: true, but the page "
                            f"has no <Update> components; its feed {feed_path(page)} has no items")
        feed = Feed(page, feed_path(page), items)
        files[feed.path] = feed_xml(feed, languages.get(page.id), site_url)
    return files, warnings
