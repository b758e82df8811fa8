"""A page's Markdown (the `.md` file beside its HTML, `llms-full.txt`, the "Copy page" button),
made from the tokens the HTML was rendered from.

mdformat's renderer turns markdown-it tokens back into CommonMark (escaping, lists, fences,
block quotes); this module adds renderers for what mdformat does not know: tables,
strikethrough, math, footnotes, and the MDX tokens. Each MDX component becomes the plain
Markdown a reader would write for it (a callout: a block quote with a bold label; tabs: a bold
title per tab; a ParamField: a list item with name, type and description). It runs after the
HTML render, whose rules leave on the tokens what this needs: resolved link targets,
expression values (`meta["value"]`), evaluated props (`meta["built"]`) and the tokens of each
inlined snippet (`meta["inlined"]`).

mdformat renders a tree of nodes; building one node per token was most of the export's time, so
inline runs of the common kinds (text, code, links, emphasis…) and plain tables are written
straight from their tokens (`_flat_inline`), with mdformat's escaping; anything less common gets
nodes as before.

Link targets come out page-relative (right for the `.md` beside the page); `PageMarkdown.at_root`
gives the same text with them relative to the site root (for `llms-full.txt`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, cast
from urllib.parse import urljoin

from markdown_it.token import Token
from mdformat.codepoints import UNICODE_WHITESPACE
from mdformat.renderer import DEFAULT_RENDERERS, MDRenderer, RenderContext, RenderTreeNode
from mdformat.renderer._util import (
    escape_asterisk_emphasis,
    escape_less_than_sign,
    escape_square_brackets,
    escape_underscore_emphasis,
    is_tight_list,
    maybe_add_link_brackets,
)

from sitegen.i18n import UiStrings
from sitegen.markdown.components import CALLOUTS, code_block_text, github_slug
from sitegen.markdown.links import LinkResolver
from sitegen.markdown.mdx.nodes import MdxElement
from sitegen.pages import Page, is_external, root_prefix

__all__ = ["PageMarkdown", "export_markdown"]

_TARGET = re.compile("\x01(\\d+)\x02")  # where a link target goes (see `_Targets`)
_BASE = "http://site.invalid/"  # urljoin needs an absolute base to rebase a relative target
# Plain path segments (none "." or "..") and an optional plain #fragment (not a bare one: that
# names the page itself). After the page's way back to the root ("../../"), such a rest is
# exactly what urljoin makes of the target, so `at_root` skips urljoin for it.
_PLAIN_PATH = re.compile(r"(?!#)(?:[\w~-][\w.~-]*/)*(?:[\w~-][\w.~-]*)?(?:#[\w.~:-]+)?", re.ASCII)

# A callout's kind -> the word of the page's table its label is (the HTML's hidden label too).
_CALLOUT_WORDS = {**{name: word for name, (_icon, word) in CALLOUTS.items()}, "Callout": "callout_note"}
_FIELD_PLACES = ("path", "query", "body", "header", "cookie", "name")


@dataclass(frozen=True)
class PageMarkdown:
    """A page's Markdown with its link targets kept apart, so that it can be given relative to
    the page (`text`) or to the site root (`at_root`) without rendering it twice."""

    template: str  # the Markdown with \x01n\x02 where target n goes
    targets: tuple[str, ...]  # page-relative link and image targets
    page_url: str  # the page's URL from the site root ("guides/setup/")

    @property
    def text(self) -> str:
        return _TARGET.sub(lambda m: maybe_add_link_brackets(self.targets[int(m.group(1))]), self.template)

    def at_root(self) -> str:
        return self.in_folder("")

    def in_folder(self, folder_url: str) -> str:
        """The text with its links relative to another folder of the site ("" for the root;
        "guides/" for `guides/setup.md`, the page's Markdown at its URL + `.md`)."""
        back, prefix = root_prefix(self.page_url), root_prefix(folder_url)

        def rebase(match: re.Match[str]) -> str:
            target = self.targets[int(match.group(1))]
            if target.startswith(back) and _PLAIN_PATH.fullmatch(target, len(back)):
                target = prefix + target[len(back):]  # the common case ("../../guides/setup/"), without urljoin
            elif not is_external(target) or target.startswith("#"):
                joined = urljoin(_BASE + self.page_url, target)
                target = prefix + joined[len(_BASE):] if joined.startswith(_BASE) else target
            return maybe_add_link_brackets(target or "./")
        return _TARGET.sub(rebase, self.template)


class _Targets:
    """The link targets of one export, in the order they appear (`marked`: each replaced by
    \x01n\x02 in the text; else written as they are)."""

    def __init__(self, marked: bool = True) -> None:
        self.found: list[str] = []
        self.marked = marked

    def mark(self, target: str) -> str:
        if not self.marked:
            return maybe_add_link_brackets(target)
        self.found.append(target)
        return f"\x01{len(self.found) - 1}\x02"


def export_markdown(tokens: list[Token], page: Page, resolver: LinkResolver, warnings: list[str],
                    ui: UiStrings) -> PageMarkdown:
    """The Markdown of a page body whose tokens were already rendered to HTML; `ui` is the
    page's language's words (a callout's label). Should a token defeat the renderer, the
    page's source as written stands in, with a warning."""
    try:
        return _export(tokens, page, resolver, ui)
    except Exception as exc:  # a secondary output must never stop the build
        warnings.append(f"{page.display_path}:{page.body_line}: the page could not be written as Markdown "
                        f"({type(exc).__name__}: {exc}); its .md file holds the page's source instead")
        source = page.body.replace("\x01", "").replace("\x02", "").strip()
        return PageMarkdown(source + "\n" if source else "", (), page.url)


def _export(tokens: list[Token], page: Page, resolver: LinkResolver, ui: UiStrings) -> PageMarkdown:
    exported = _render(tokens, page, resolver, ui, _Targets())
    marks = _TARGET.findall(exported.template)
    if marks != [str(number) for number in range(len(exported.targets))]:
        # The page's own text holds control characters that read as marks: write targets as they are
        # (llms-full.txt then has this page's links relative to the page).
        exported = _render(tokens, page, resolver, ui, _Targets(marked=False))
    return exported


def _render(tokens: list[Token], page: Page, resolver: LinkResolver, ui: UiStrings,
            targets: _Targets) -> PageMarkdown:
    def link_target(target: str, image: bool) -> str:
        # Components keep the author's target in their props; resolve it as the HTML did
        # (LinkResolver's own method: the HTML render already recorded this lookup).
        if target.startswith("#"):
            return target
        resolved = LinkResolver.resolve(resolver, target, page, image=image)
        return resolved.url if resolved.url is not None and not resolved.error else target

    env: dict[str, Any] = {"sitegen_targets": targets, "sitegen_link": link_target, "sitegen_ui": ui}
    # Lines are kept as they are ("keep": no wrapping), which the renderers below count on.
    options = {"parser_extension": [_Extension], "mdformat": {"wrap": "keep", "number": True}}
    tree = _Tree.of(tokens)
    try:
        text = MDRenderer().render_tree(tree, options, env)
    finally:
        tree.release()
    text = text.strip()
    if not targets.marked:
        text = _TARGET.sub(lambda match: match.group(0).replace("\x01", "").replace("\x02", ""), text)
    return PageMarkdown(text + "\n" if text else "", tuple(targets.found), page.url)


# --- the tree mdformat renders ---------------------------------------------------------------

class _Pair(NamedTuple):  # the shape of markdown-it's SyntaxTreeNode.nester_tokens
    opening: Token
    closing: Token


class _Tree(RenderTreeNode):
    """mdformat's RenderTreeNode, built in one pass over the tokens, with each node's type
    worked out once. (markdown-it's own constructor copies a container's tokens again at each
    level of nesting and recomputes `type` on every read: a quarter of the export's time.)

    Inline runs `_flat_inline` can write get no nodes: a paragraph or heading keeps its inline
    token (`run`), a table the tokens inside it (`rows`), each written straight from them."""

    _kind: str
    run: Token | None = None
    rows: list[Token] | None = None
    tight: bool | None = None  # a list's: known once its first item is written (`_list_item`)

    @classmethod
    def of(cls, tokens: list[Token]) -> _Tree:
        root = cls._node(None, None, "root")
        cls._add(root, tokens)
        return root

    @classmethod
    def _add(cls, parent: _Tree, tokens: list[Token]) -> None:
        """`tokens` (a balanced stream) as the children of `parent`, and so on down."""
        open_nodes: list[tuple[_Tree, Token]] = []  # containers whose closing token is still to come
        index, end = 0, len(tokens)
        while index < end:
            token = tokens[index]
            index += 1
            nesting = token.nesting
            if nesting == 0:
                leaf = cls._node(parent, token, token.type)
                children = token.children
                if children and not (token.type == "inline" and _flat(children)):
                    cls._add(leaf, children)  # an image, an MDX element, or a less common inline run
            elif nesting == 1:
                kind = token.type.removesuffix("_open")
                if kind in ("paragraph", "heading") and index + 1 < end and tokens[index].type == "inline" \
                        and tokens[index + 1].nesting == -1 and _flat(tokens[index].children or []):
                    holder = cls._node(parent, None, kind)
                    holder.nester_tokens, holder.run = _Pair(token, tokens[index + 1]), tokens[index]  # type: ignore[assignment]
                    index += 2
                    continue
                if kind == "table" and (closing := _table_end(tokens, index)) >= 0:
                    table = cls._node(parent, None, kind)
                    table.nester_tokens, table.rows = _Pair(token, tokens[closing]), tokens[index:closing]  # type: ignore[assignment]
                    index = closing + 1
                    continue
                container = cls._node(parent, None, kind)
                open_nodes.append((container, token))
                parent = container
            else:
                if not open_nodes:
                    raise ValueError("Invalid token nesting")
                container, opening = open_nodes.pop()
                container.nester_tokens = _Pair(opening, token)  # type: ignore[assignment]
                parent = container._parent
        if open_nodes:
            raise ValueError(f"unclosed tokens starting {open_nodes[0][1]}")

    @classmethod
    def _node(cls, parent: _Tree | None, token: Token | None, kind: str) -> _Tree:
        node = cls.__new__(cls)
        node.token, node.nester_tokens, node._parent, node._children, node._kind = token, None, parent, [], kind
        if parent is not None:
            parent._children.append(node)
        return node

    @property
    def type(self) -> str:
        return self._kind

    def render(self, context: RenderContext) -> str:
        # RenderTreeNode.render, less its look-up of postprocessors: _Extension has none.
        return context.renderers[self._kind](self, context)

    def release(self) -> None:
        """Drop the links from children to parents, the tree's only reference cycles: the tree,
        and the page's tokens it holds, are then freed as soon as the export is done, not by a
        later pass of the cyclic garbage collector (which walked thousands of objects a page)."""
        stack: list[_Tree] = [self]
        while stack:
            node = stack.pop()
            node._parent = None
            stack.extend(node._children)


# --- renderers ------------------------------------------------------------------------------

Render = Callable[[RenderTreeNode, RenderContext], str]


def _children(node: RenderTreeNode, context: RenderContext, separator: str = "\n\n") -> str:
    parts = (child.render(context) for child in node.children)
    return separator.join(part for part in parts if part)


def _indent(text: str, prefix: str, first: str | None = None) -> str:
    lines = text.split("\n")
    head = first if first is not None else prefix
    return "\n".join([head + lines[0]] + [(prefix + line) if line else line for line in lines[1:]])


def _target(context: RenderContext, target: str) -> str:
    targets: _Targets = context.env["sitegen_targets"]
    return targets.mark(target)


def _link(node: RenderTreeNode, context: RenderContext) -> str:
    if node.attrs.get("class") == "header-anchor":
        return ""  # the "#" the HTML adds beside each heading
    text = "".join(child.render(context) for child in node.children)
    return _written_link(node.attrs, node.info, text, context)


def _written_link(attrs: Mapping[str, Any], info: str, text: str, context: RenderContext) -> str:
    """A link, given its opening token's attributes and info, and its text already written."""
    href = str(attrs.get("href") or "")
    if info == "auto":
        return f"<{href.removeprefix('mailto:') if not text.startswith('mailto:') else href}>"
    title = attrs.get("title")
    suffix = f' "{title!s}"' if title else ""
    return f"[{text}]({_target(context, href)}{suffix})"


def _image(node: RenderTreeNode, context: RenderContext) -> str:
    alt = "".join(child.content for child in node.children if child.type == "text")
    return f"![{alt}]({_target(context, str(node.attrs.get('src') or ''))})"


def _image_token(token: Token, context: RenderContext) -> str:
    """`_image` of an image token whose children are tokens: its alt is the text of its
    outermost text children, as the nodes would have it."""
    alt: list[str] = []
    depth = 0
    for child in token.children or ():
        if depth == 0 and child.type == "text":  # a text token never opens or closes
            alt.append(child.content)
        depth += child.nesting
    return f"![{''.join(alt)}]({_target(context, str(token.attrs.get('src') or ''))})"


def _run_text(node: RenderTreeNode, context: RenderContext) -> str:
    """The inline content of a paragraph or heading, written from its tokens when it kept them."""
    run = cast(_Tree, node).run
    if run is not None:
        return _flat_inline(run.children or [], node, context)
    return _children(node, context, "")


def _heading(node: RenderTreeNode, context: RenderContext) -> str:
    text = " ".join(_run_text(node, context).split("\n")).strip()  # a setext heading may span lines
    return f"{'#' * int(node.tag[1])} {text}"


def _html_inline(node: RenderTreeNode, context: RenderContext) -> str:
    # html is off: the only raw HTML tokens are the task list's checkbox (and its label).
    if "task-list-item-checkbox" in node.content:
        return "[x]" if "checked" in node.content else "[ ]"
    return ""


def _strikethrough(node: RenderTreeNode, context: RenderContext) -> str:
    return f"~~{_children(node, context, '')}~~"


def _math(node: RenderTreeNode, context: RenderContext) -> str:
    if node.type == "math_inline":
        return f"${node.content}$"
    if node.type == "math_inline_double":
        return f"$${node.content}$$"
    return f"$$\n{node.content.strip()}\n$$"


def _footnote_label(node: RenderTreeNode) -> str:
    # An inline footnote (^[text]) has no label of its own: name it by its number.
    return str(node.meta.get("label") or f"note-{int(node.meta.get('id', 0)) + 1}")


def _footnote_ref(node: RenderTreeNode, context: RenderContext) -> str:
    return f"[^{_footnote_label(node)}]"


def _footnote(node: RenderTreeNode, context: RenderContext) -> str:
    label = _footnote_label(node)
    return _indent(_children(node, context), "    ", f"[^{label}]: ")


def _table(node: RenderTreeNode, context: RenderContext) -> str:
    rows: list[list[str]] = []
    aligns: list[str] = []
    inside = cast(_Tree, node).rows
    if inside is not None:  # sections of rows of cells, each holding an inline run (`_table_end`)
        cells: list[str] = []
        head = False
        for token in inside:
            kind = token.type
            if kind == "inline":
                cells.append(_flat_inline(token.children or [], node, context).replace("|", "\\|").replace("\n", " "))
            elif kind == "tr_open":
                cells = []
                rows.append(cells)
            elif kind == "thead_open" or kind == "tbody_open":
                head = kind == "thead_open"
            elif head and (kind == "th_open" or kind == "td_open"):
                aligns.append(str(token.attrs.get("style") or "").removeprefix("text-align:"))
    else:
        for section in node.children:
            for row in section.children:
                cells = []
                for cell in row.children:
                    cells.append(_children(cell, context, "").replace("|", "\\|").replace("\n", " "))
                    if section.type == "thead":
                        style = str(cell.attrs.get("style") or "")
                        aligns.append(style.removeprefix("text-align:"))
                rows.append(cells)
    if not rows:
        return ""
    width = max(len(row) for row in rows)
    marks = {"left": ":--", "right": "--:", "center": ":-:"}
    rule = [marks.get(aligns[i] if i < len(aligns) else "", "---") for i in range(width)]
    lines = [rows[0], rule, *rows[1:]]
    return "\n".join("| " + " | ".join(row + [""] * (width - len(row))) + " |" for row in lines)


def _table_end(tokens: list[Token], index: int) -> int:
    """Where the table opened just before `index` closes, when it holds only sections of rows
    of cells, each cell one inline run `_flat_inline` can write (as markdown-it makes them);
    else -1 (its nodes are built)."""
    end = len(tokens)
    while index < end:
        kind = tokens[index].type
        if kind == "table_close":
            return index
        if kind != "thead_open" and kind != "tbody_open":
            return -1
        index += 1
        while index < end and tokens[index].type == "tr_open":
            index += 1
            while index + 2 < end and tokens[index].type in _CELL_OPENINGS and tokens[index + 1].type == "inline" \
                    and tokens[index + 2].type in _CELL_CLOSINGS and _flat(tokens[index + 1].children or []):
                index += 3
            if index >= end or tokens[index].type != "tr_close":
                return -1
            index += 1
        if index >= end or tokens[index].type not in _SECTION_CLOSINGS:
            return -1
        index += 1
    return -1


_CELL_OPENINGS = frozenset({"th_open", "td_open"})
_CELL_CLOSINGS = frozenset({"th_close", "td_close"})
_SECTION_CLOSINGS = frozenset({"thead_close", "tbody_close"})


_SPACES = re.compile(" {2,}")
# A text holding none of these characters, two spaces in a row or an empty line is written as
# it is (bar a last "!" before a link): each step of mdformat's text escaping (below) starts from
# one of them. (Three searches: a pattern with all of them in one is twice as slow.)
_ESCAPED_CHARACTER = re.compile(r"[&\t\\*_\[\]<`]")
_MDFORMAT_TEXT = DEFAULT_RENDERERS["text"]


def _plain_text(node: RenderTreeNode, context: RenderContext) -> str:
    text = _escaped(node.content, context)
    if text.endswith("!"):
        following = node.next_sibling
        if following is not None and following.type == "link":
            text = text[:-1] + "\\!"  # else "![" would start an image
    return text


def _escaped(text: str, context: RenderContext) -> str:
    """mdformat's text escaping (but for a last "!" before a link: the caller knows what
    follows), without its character-reference pass when the text has no "&": that pass hashes a
    regex of every HTML entity name on each call (most of the export's time)."""
    if _ESCAPED_CHARACTER.search(text) is None and "  " not in text and "\n\n" not in text:
        return text
    if "&" in text:
        return _MDFORMAT_TEXT(cast(RenderTreeNode, _LoneText(text)), context)
    text = _SPACES.sub(" ", text.replace("\t", " ")).replace("\\", "\\\\")
    text = escape_underscore_emphasis(escape_asterisk_emphasis(text))
    # Both leave a text without their characters as it is (most texts): skip the regex work.
    if "[" in text or "]" in text:
        text = escape_square_brackets(text, context.env["used_refs"])
    if "<" in text:
        text = escape_less_than_sign(text)
    return text.replace("`", "\\`").replace("\n\n", "&#10;&#10;")


class _LoneText:
    """What mdformat's text renderer reads of a text node (wrapping off): its content, and the
    node after it (none here: `_plain_text` and `_flat_inline` handle a "!" before a link)."""

    next_sibling = None

    def __init__(self, content: str) -> None:
        self.content = content


# --- inline runs written straight from their tokens --------------------------------------------

# Inline tokens `_flat_inline` writes itself: text, images, and the pairs below.
_FLAT_TOKENS = frozenset({"text", "image", "softbreak", "hardbreak", "em_open", "em_close", "strong_open",
                          "strong_close", "s_open", "s_close", "link_open", "link_close"})
# Inline tokens whose renderers read nothing of their node but what its token holds (content,
# meta, type): they are given the token itself.
_TOKEN_RENDERED = frozenset({"code_inline", "html_inline", "math_inline", "math_inline_double", "footnote_ref",
                             "mdx_expression"})
_FLAT = _FLAT_TOKENS | _TOKEN_RENDERED


def _flat(tokens: list[Token]) -> bool:
    """Whether `_flat_inline` can write these inline tokens: only the kinds it knows, each
    opening closed (else the nodes are built, and fail, as before)."""
    depth = 0
    for token in tokens:
        if token.type not in _FLAT:
            return False
        depth += token.nesting
        if depth < 0 or (token.children and not _balanced(token.children)):
            return False
    return depth == 0


def _balanced(tokens: list[Token]) -> bool:
    depth = 0
    for token in tokens:
        depth += token.nesting
        if depth < 0 or (token.children and not _balanced(token.children)):
            return False
    return depth == 0


def _inline(node: RenderTreeNode, context: RenderContext) -> str:
    """An inline token: its nodes (when `_Tree` built them), else its tokens, written as the
    nodes would be."""
    if node.children or not node.token or not node.token.children:
        return "".join(child.render(context) for child in node.children)
    return _flat_inline(node.token.children, node, context)


def _flat_inline(tokens: list[Token], node: RenderTreeNode, context: RenderContext) -> str:
    """Inline tokens `_flat` accepts, written as their nodes would be, in the same order (so link
    targets are marked in the same order). `node` holds the run: a hard break reads whether it is
    in a heading."""
    written: list[str] = []
    open_pairs: list[tuple[Token, list[str]]] = []  # opened em, strong, s, link; what was written before each
    index, end = 0, len(tokens)
    while index < end:
        token = tokens[index]
        kind = token.type
        index += 1
        if kind == "text":
            text = _escaped(token.content, context)
            if text.endswith("!") and index < end and tokens[index].type == "link_open":
                text = text[:-1] + "\\!"  # else "![" would start an image
            written.append(text)
        elif token.nesting == 1:
            if kind == "link_open" and token.attrs.get("class") == "header-anchor":
                index = _after_pair(tokens, index)  # the "#" the HTML adds beside each heading
                continue
            open_pairs.append((token, written))
            written = []
        elif token.nesting == -1:
            opening, before = open_pairs.pop()
            text = "".join(written)
            written = before
            written.append(_written_pair(opening, text, context))
        else:
            written.append(_written_leaf(token, node, context))
    return "".join(written)


def _after_pair(tokens: list[Token], index: int) -> int:
    """The index after the closing token of the pair opened just before `index`."""
    depth = 1
    while depth:
        depth += tokens[index].nesting
        index += 1
    return index


def _written_pair(opening: Token, text: str, context: RenderContext) -> str:
    """A link, strikethrough, emphasis or strong text around `text` (already written)."""
    if opening.type == "link_open":
        return _written_link(opening.attrs, opening.info, text, context)
    if opening.type == "s_open":
        return f"~~{text}~~"
    return f"{opening.markup}{text}{opening.markup}"  # em, strong


def _written_leaf(token: Token, node: RenderTreeNode, context: RenderContext) -> str:
    """An inline token without content tokens: an image, a line break, code, HTML."""
    if token.type == "image":
        return _image_token(token, context)
    if token.type == "softbreak":
        return "\n"
    if token.type == "hardbreak":
        return "<br /> " if _in_heading(node) else "\\\n"
    return context.renderers[token.type](cast(RenderTreeNode, token), context)


def _in_heading(node: RenderTreeNode | None) -> bool:  # as mdformat's hardbreak asks it
    while node is not None:
        if node.type == "heading":
            return True
        node = node.parent
    return False


_MDFORMAT_PARAGRAPH = DEFAULT_RENDERERS["paragraph"]
# mdformat escapes or indents a paragraph line that would read as other Markdown (a heading, a
# list item, a block quote, a thematic break, HTML); each such line starts with one of these.
_LINE_STARTS_READ_AS_BLOCKS = frozenset("#>+-*_=<0123456789")


def _paragraph(node: RenderTreeNode, context: RenderContext) -> str:
    """mdformat's paragraph, which tests each line with a dozen regexes: lines starting with none
    of the characters those look for (most) are only stripped, so a paragraph of such lines,
    without whitespace at its ends (written as a character reference), is done here (with
    wrapping off, as `_render` sets it)."""
    run = cast(_Tree, node).run
    text = _flat_inline(run.children or [], node, context) if run is not None else node.children[0].render(context)
    if not text or (text[0] not in UNICODE_WHITESPACE and text[-1] not in UNICODE_WHITESPACE):
        if "\n" not in text:  # one line (most)
            line = text.strip()
            if line[:1] not in _LINE_STARTS_READ_AS_BLOCKS:
                return line
        else:
            lines = [line.strip() for line in text.split("\n")]
            if not any(line[:1] in _LINE_STARTS_READ_AS_BLOCKS for line in lines):
                return "\n".join(lines)
    return _MDFORMAT_PARAGRAPH(cast(RenderTreeNode, _Rendered(text)), context)


class _Rendered:
    """A paragraph whose inline content is rendered already (mdformat's paragraph reads nothing
    of its node but `children[0].render(context)`): links are marked once only."""

    def __init__(self, text: str) -> None:
        self.children = [self]
        self.text = text

    def render(self, context: RenderContext) -> str:
        return self.text


def _list_item(node: RenderTreeNode, context: RenderContext) -> str:
    """mdformat's list item, with whether its list is tight worked out once per list (mdformat
    works it out again for each item, going through every item)."""
    items = cast(_Tree, node.parent)
    if items.tight is None:
        items.tight = is_tight_list(items)
    text = _children(node, context, "\n" if items.tight else "\n\n")
    return text if text.strip() else ""


_MDFORMAT_CODE = DEFAULT_RENDERERS["code_inline"]
_MDFORMAT_FENCE = DEFAULT_RENDERERS["fence"]


def _code_inline(node: RenderTreeNode, context: RenderContext) -> str:
    """mdformat's code span, which counts the code's backticks in a loop over every character: code
    without backticks, not starting with a space, needs no padding and one backtick each side."""
    code = node.content
    if "`" not in code and code[:1] != " ":
        return f"`{code}`"
    return _MDFORMAT_CODE(node, context)


def _fence(node: RenderTreeNode, context: RenderContext) -> str:
    """mdformat's fenced code (no code formatters are set), which measures the longest run of the
    fence character in the code in a loop over every character: code without a run of three
    gets the shortest fence, three long."""
    info = node.info.strip()
    fence = "~~~" if "`" in info else "```"  # a backtick fence's info cannot hold a backtick
    if fence not in node.content:
        return f"{fence}{info}\n{node.content}{fence}"
    return _MDFORMAT_FENCE(node, context)


def _nothing(node: RenderTreeNode, context: RenderContext) -> str:
    return ""


def _expression(node: RenderTreeNode, context: RenderContext) -> str:
    return str(node.meta.get("value", ""))


# --- MDX elements ---------------------------------------------------------------------------

def _element(node: RenderTreeNode, context: RenderContext) -> str:
    meta = node.meta
    inlined: list[Token] | None = meta.get("inlined")
    if inlined is not None:  # a snippet, as on the page
        tree = _Tree.of(inlined)
        try:
            return _children(tree, context, "" if meta.get("inline") else "\n\n")
        finally:
            tree.release()
    element: MdxElement | None = meta.get("built")
    inline = bool(meta.get("inline"))
    steps: list[int] = context.env.setdefault("sitegen_steps", [])
    if element is not None and element.name == "Steps":
        steps.append(0)  # its Steps count from 1 (nested Steps count on their own)
    try:
        content = _children(node, context, "" if inline else "\n\n").strip()
    finally:
        if element is not None and element.name == "Steps":
            steps.pop()
    if element is None:
        return content
    reduce = _COMPONENTS.get(element.name) or (_html_element if element.name[:1].islower() else None)
    return reduce(element, content, context) if reduce is not None else content


def _text(value: Any) -> str:
    return "" if value is None or isinstance(value, (bool, dict, list)) else str(value)


def _bold(text: str) -> str:
    return f"**{text}**" if text else ""


def _titled(title_prop: str) -> Callable[[MdxElement, str, RenderContext], str]:
    def reduce(element: MdxElement, content: str, context: RenderContext) -> str:
        title = _bold(_text(element.props.get(title_prop)))
        return "\n\n".join(part for part in (title, content) if part)
    return reduce


def _callout(element: MdxElement, content: str, context: RenderContext) -> str:
    ui: UiStrings = context.env["sitegen_ui"]
    label = _text(element.props.get("title")) or getattr(ui, _CALLOUT_WORDS[element.name])
    if element.inline:  # in a table cell or a line of text
        return f"**{label}:** {content}"
    body = f"**{label}**" + (f"\n\n{content}" if content else "")
    return "\n".join(f"> {line}" if line else ">" for line in body.split("\n"))


def _linked_title(element: MdxElement, content: str, context: RenderContext) -> str:
    title = _text(element.props.get("title"))
    href = _text(element.props.get("href"))
    if href:
        link: Callable[[str, bool], str] = context.env["sitegen_link"]
        title = f"[{title or href}]({_target(context, link(href, False))})"
    head = _bold(title)
    return "\n\n".join(part for part in (head, content) if part)


def _step(element: MdxElement, content: str, context: RenderContext) -> str:
    steps: list[int] = context.env.setdefault("sitegen_steps", [])
    if not steps:
        steps.append(0)  # a Step outside Steps
    steps[-1] += 1
    stepped = element.props.get("stepNumber")
    if isinstance(stepped, int) and not isinstance(stepped, bool):
        steps[-1] = stepped
    number = steps[-1]
    title = _bold(_text(element.props.get("title")))
    body = "\n\n".join(part for part in (title, content) if part) or " "
    prefix = f"{number}. "
    return _indent(body, " " * len(prefix), prefix)


def _field(element: MdxElement, content: str, context: RenderContext) -> str:
    props = element.props
    ui: UiStrings = context.env["sitegen_ui"]  # the words the HTML field shows
    name = next((_text(props[key]) for key in _FIELD_PLACES if _text(props.get(key))), "")
    facts = [_text(props.get("type"))] if _text(props.get("type")) else []
    if props.get("required") is True:
        facts.append(ui.api_required)
    if props.get("deprecated") is True:
        facts.append(ui.api_deprecated)
    default = props.get("default")
    if default is not None and not isinstance(default, bool | dict | list):
        facts.append(f"{ui.api_default}: `{default}`")
    head = f"`{name}`" if name else ""
    if facts:
        head += f" ({', '.join(facts)})"
    body = head + (f": {content}" if content and "\n" not in content else f"\n\n{content}" if content else "")
    return _indent(body.strip(), "  ", "- ")


def _frame(element: MdxElement, content: str, context: RenderContext) -> str:
    caption = _text(element.props.get("caption"))
    return "\n\n".join(part for part in (content, f"*{caption}*" if caption else "") if part)


def _update(element: MdxElement, content: str, context: RenderContext) -> str:
    label = _text(element.props.get("label"))
    description = _text(element.props.get("description"))
    head = _bold(" · ".join(part for part in (label, description) if part))
    return "\n\n".join(part for part in (head, content) if part)


def _tooltip(element: MdxElement, content: str, context: RenderContext) -> str:
    tip = _text(element.props.get("tip"))
    return f"{content} ({tip})" if tip and content else content


def _nothing_of(element: MdxElement, content: str, context: RenderContext) -> str:
    return ""


def _tree_item(element: MdxElement, content: str, context: RenderContext) -> str:
    name = _text(element.props.get("name"))
    slash = "/" if element.name == "Tree.Folder" else ""
    return _indent(f"`{name}{slash}`" + (f"\n{content}" if content else ""), "  ", "- ")


def _github_repo(element: MdxElement, content: str, context: RenderContext) -> str:
    slug = github_slug(_text(element.props.get("repo")))
    return f"[{slug}](https://github.com/{slug})" if slug else ""


def _code_block(element: MdxElement, content: str, context: RenderContext) -> str:
    code = code_block_text(element)
    fence = "`" * max([3, *(len(run) + 1 for run in re.findall(r"`{3,}", code))])
    return f"{fence}{_text(element.props.get('language'))}\n{code}\n{fence}"


def _react_heading(element: MdxElement, content: str, context: RenderContext) -> str:
    written = str(element.props.get("level", "")).strip()
    hashes = "#" * (int(written) if written in ("1", "2", "3", "4", "5", "6") else 2)  # as the page reads it
    return f"{hashes} {' '.join(content.split())}" if content else ""


def _visibility(element: MdxElement, content: str, context: RenderContext) -> str:
    # The Markdown is what agents read: `for="humans"` content is the part left out here,
    # the mirror image of the HTML page, which leaves out `for="agents"`.
    return "" if _text(element.props.get("for")) == "humans" else content


def _html_element(element: MdxElement, content: str, context: RenderContext) -> str:
    name = element.name.lower()
    link: Callable[[str, bool], str] = context.env["sitegen_link"]
    if name == "img":
        src = _text(element.props.get("src"))
        alt = _text(element.props.get("alt"))
        return f"![{alt}]({_target(context, link(src, True))})" if src else ""
    if name == "a" and _text(element.props.get("href")):
        return f"[{content}]({_target(context, link(_text(element.props['href']), False))})"
    if name == "br":
        return "\\\n" if element.inline else ""
    if name in ("strong", "b"):
        return f"**{content}**" if content else ""
    if name in ("em", "i"):
        return f"*{content}*" if content else ""
    if name == "code":
        return f"`{content}`" if content else ""
    if name in ("video", "iframe") and _text(element.props.get("src")):
        src = link(_text(element.props["src"]), True)
        return f"[{_text(element.props.get('title')) or name}]({_target(context, src)})"
    return content


_COMPONENTS: Mapping[str, Callable[[MdxElement, str, RenderContext], str]] = {
    **dict.fromkeys(_CALLOUT_WORDS, _callout),
    "Tab": _titled("title"), "Accordion": _titled("title"), "Expandable": _titled("title"),
    "View": _titled("title"), "Visibility": _visibility,
    "Card": _linked_title, "Tile": _linked_title,
    "Step": _step,
    "ParamField": _field, "ResponseField": _field,
    "Frame": _frame, "Update": _update, "Tooltip": _tooltip,
    "Icon": _nothing_of, "Tree.Folder": _tree_item, "Tree.File": _tree_item, "GitHub.Repo": _github_repo,
    "CodeBlock": _code_block, "Heading": _react_heading,
}


class _Extension:
    """mdformat's plugin shape: renderers by token type (only RENDERERS is read when rendering)."""

    RENDERERS: Mapping[str, Render] = {
        "inline": _inline, "text": _plain_text, "paragraph": _paragraph, "link": _link, "image": _image,
        "heading": _heading,
        "html_inline": _html_inline, "code_inline": _code_inline, "fence": _fence, "code_block": _fence,
        "list_item": _list_item,
        "s": _strikethrough, "table": _table,
        "math_inline": _math, "math_inline_double": _math, "math_block": _math, "math_block_label": _math,
        "footnote_ref": _footnote_ref, "footnote_block": lambda node, context: _children(node, context),
        "footnote": _footnote, "footnote_anchor": _nothing,
        "mdx_element": _element, "mdx_expression": _expression, "mdx_esm": _nothing,
        "mdx_unclosed": _nothing, "mdx_stray_close": _nothing,
    }


assert "paragraph" in DEFAULT_RENDERERS  # the CommonMark part comes from mdformat
assert not hasattr(_Extension, "POSTPROCESSORS")  # _Tree.render skips them
