"""Block (flow) rules: ESM, JSX elements, `{expressions}` and HTML comments on their own lines.

A flow element is read whole: its opening tag (possibly over several lines), its matching
closing tag (found by the cached scanner, so fences and nesting are respected), and the
lines between are tokenized as nested blocks on the same state (line numbers and source
offsets stay those of the document). The children's indentation is the block indent, so
content indented inside a component is never an indented code block (MDX semantics).

`<Note>text</Note>` alone on a line is an element with inline children (MDX "unravels" a
paragraph holding only JSX).
"""

from __future__ import annotations

import re
from typing import Any

from markdown_it.rules_block import StateBlock

from sitegen.markdown.mdx.esm import read_esm
from sitegen.markdown.mdx.jsx import Tag

__all__ = ["code_unless_mdx", "esm_rule", "flow_comment_rule", "flow_expression_rule", "flow_jsx_rule"]


# Lower-case elements that may interrupt a paragraph (others continue it, as inline JSX).
_BLOCK_HTML = frozenset("""address article aside blockquote details div dl figure footer h1 h2 h3 h4 h5 h6 header
hr iframe main nav ol p picture pre section svg table ul video""".split())


# Phrasing (inline) HTML elements: a line of these and text is a paragraph, as in HTML.
_PHRASING_HTML = frozenset("""a abbr b bdi bdo br cite code data dfn em i img input kbd label mark q s samp small
span strong sub sup time u var wbr""".split())


def _doc(state: StateBlock) -> Any:
    return state.env.get("mdx_doc")


# The block rules below run at the start of every block, and on every line a paragraph, list
# or quote continues: each first looks at the line's first characters, which rule out almost
# every line, and only then at the page.

_ESM_STARTS = ("import ", "import{", "export ", "import\t", "export\t")


def esm_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if state.sCount[start] != 0 or state.blkIndent != 0 or state.level != 0:
        return False
    pos = state.bMarks[start]
    if not state.src.startswith(_ESM_STARTS, pos, state.eMarks[start]):
        return False
    doc = _doc(state)
    if doc is None or not doc.mdx:
        return False
    if silent:
        return True
    line = start
    while line < end and not state.isEmpty(line):
        line += 1
    chunk = state.src[pos : state.eMarks[line - 1]]
    if line < end and _open_brackets(chunk) > 0:
        line = _complete_block_end(state, pos, line, end)
        chunk = state.src[pos : state.eMarks[line - 1]]
    read_esm(chunk, start, doc.module)
    token = state.push("mdx_esm", "", 0)
    token.map = [start, line]
    token.content = chunk
    state.line = line
    return True


_BRACKETS = re.compile(r"[(\[{]|[)\]}]")


_MAX_ESM_BLOCKS = 64  # blank-line separated blocks one ESM statement may span


def _open_brackets(chunk: str) -> int:
    """How many brackets of the block are still open (strings not told apart: it only
    decides whether to ask the JavaScript parser)."""
    depth = 0
    for match in _BRACKETS.finditer(chunk):
        depth += 1 if match.group() in "([{" else -1
    return depth


def _complete_block_end(state: StateBlock, pos: int, line: int, end: int) -> int:
    """A component's body may hold blank lines: as MDX does (it asks a JavaScript parser
    whether the block is complete), the ESM block goes on past them to the first blank line
    where it parses. When it never does, the block ends at its first blank line."""
    from sitegen.javascript.transform import parses

    candidate = line
    for _ in range(_MAX_ESM_BLOCKS):
        while candidate < end and state.isEmpty(candidate):
            candidate += 1
        if candidate >= end:
            break
        while candidate < end and not state.isEmpty(candidate):
            candidate += 1
        chunk = state.src[pos : state.eMarks[candidate - 1]]
        if _open_brackets(chunk) <= 0 and parses(chunk):
            return candidate
    return line


def flow_comment_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """`<!-- … -->` blocks vanish (MDX has no HTML comments; authors still write them)."""
    pos = state.bMarks[start] + state.tShift[start]
    if not state.src.startswith("<!--", pos) or _doc(state) is None:
        return False
    close = state.src.find("-->", pos + 4)
    if close == -1 or close > state.eMarks[end - 1]:
        return False
    last = _line_of(state, start, close + 3)
    if state.src[close + 3 : state.eMarks[last]].strip():
        return False
    if not silent:
        state.line = last + 1
    return True


def flow_expression_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    pos = state.bMarks[start] + state.tShift[start]
    if not state.src.startswith("{", pos):
        return False
    doc = _doc(state)
    if doc is None or not doc.mdx:
        return False
    close = doc.scanner.expression_end(pos)
    if close is None or close > state.eMarks[end - 1]:
        return False
    last = _line_of(state, start, close)
    if state.src[close : state.eMarks[last]].strip():
        return False
    if silent:
        return True
    token = state.push("mdx_expression", "", 0)
    token.content = state.src[pos + 1 : close - 1]
    token.map = [start, last + 1]
    token.meta = {"line": start}
    state.line = last + 1
    return True


def code_unless_mdx(original: Any) -> Any:
    """Indented code only in .md pages and outside components (MDX has none)."""

    def rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        if state.sCount[start] - state.blkIndent < 4:
            return False  # not indented as code (the code rule's own first test)
        doc = _doc(state)
        if doc is not None and (doc.mdx or state.env.get("mdx_depth", 0)):
            return False
        return bool(original(state, start, end, silent))

    return rule


def _line_of(state: StateBlock, line: int, pos: int) -> int:
    """The line (from `line` on) holding source offset `pos` (`pos` may be its end)."""
    while line < state.lineMax - 1 and state.eMarks[line] < pos:
        line += 1
    return line


def _rest_is_tags(state: StateBlock, doc: Any, pos: int, stop: int) -> bool:
    """Only whitespace and self-contained tags from `pos` to `stop`."""
    src = state.src
    while True:
        while pos < stop and src[pos] in " \t":
            pos += 1
        if pos >= stop:
            return True
        if src[pos] != "<":
            return False
        tag = doc.scanner.tag_at(pos)
        if tag is None or tag.end > stop:
            return False
        pos = tag.end


def _rest_is_elements(state: StateBlock, doc: Any, tag: Tag, pos: int, stop: int) -> bool:
    """What follows an element on its line is more tags, or whole elements after one that is
    not phrasing content (`<tr><th>a</th><th>b</th></tr>`, `<Card>…</Card><Card>…</Card>`): the
    line is a run of flow elements, not a paragraph. Phrasing elements (`<a>x</a> <a>y</a>`)
    followed by more stay one line of text, spaces kept."""
    if _rest_is_tags(state, doc, pos, stop):
        return True
    return tag.name not in _PHRASING_HTML and _only_elements(doc, pos, stop)


def _only_elements(doc: Any, pos: int, stop: int) -> bool:
    """Only whole elements and whitespace from `pos` to `stop` (MDX then reads them as flow)."""
    src = doc.scanner.src
    found = False
    while True:
        while pos < stop and src[pos] in " \t":
            pos += 1
        if pos >= stop:
            return found
        tag = doc.scanner.tag_at(pos) if src[pos] == "<" else None
        if tag is None or tag.closing:
            return False
        if not tag.self_closing:
            close = doc.scanner.close_of(tag, stop)
            if close is None:
                return False
            tag = close
        pos = tag.end
        found = True


def flow_jsx_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    src = state.src
    pos = state.bMarks[start] + state.tShift[start]
    if not src.startswith("<", pos):
        return False
    doc = _doc(state)
    if doc is None or (not doc.mdx and state.sCount[start] - state.blkIndent >= 4):
        return False
    tag = doc.scanner.tag_at(pos)
    limit = state.eMarks[end - 1]
    if tag is None or tag.end > limit:
        return False
    if silent and tag.name[:1].islower() and tag.name not in _BLOCK_HTML:
        return False  # `<span>` at the start of a paragraph's next line continues it
    tag_line = _line_of(state, start, tag.end)
    line_end = state.eMarks[tag_line]
    rest_blank = not src[tag.end : line_end].strip()

    if tag.closing:  # a closing tag nobody opened; in a paragraph its inline rule reports it
        return _lone_tag(state, "mdx_stray_close", tag, start, tag_line, rest_blank, silent)

    if tag.self_closing:
        if not _rest_is_elements(state, doc, tag, tag.end, line_end):
            return False
        if not silent:
            _push_element(state, tag, start, tag_line, [])
            _finish_line(state, tag_line, tag.end, line_end)
        return True

    close = doc.scanner.close_of(tag, limit)
    if close is None:  # in a paragraph: an inline unclosed tag
        return _lone_tag(state, "mdx_unclosed", tag, start, tag_line, rest_blank, silent)
    close_line = _line_of(state, tag_line, close.end)

    if close_line == tag_line:  # <Note>text</Note>: inline children
        return _one_line_element(state, doc, tag, close, start, tag_line, line_end, silent)

    if silent:
        return rest_blank
    _push_element(state, tag, start, tag_line, None)
    open_token = state.tokens[-1]
    _children(state, tag_line, tag.end, close_line, close.start)
    state.push("mdx_flow_close", "", -1).meta = open_token.meta
    _finish_line(state, close_line, close.end, state.eMarks[close_line])
    open_token.map = [start, close_line + 1]
    return True


def _lone_tag(state: StateBlock, kind: str, tag: Tag, start: int, tag_line: int, rest_blank: bool,
              silent: bool) -> bool:
    """A closing tag nobody opened, or an opening tag never closed: a block of its own (`kind`)
    when nothing follows it on its line; otherwise not this rule's."""
    if not rest_blank:
        return False
    if not silent:
        _push_tag(state, kind, tag, start, tag_line)
        state.line = tag_line + 1
    return True


def _one_line_element(state: StateBlock, doc: Any, tag: Tag, close: Tag, start: int, tag_line: int,
                      line_end: int, silent: bool) -> bool:
    """An element opened and closed on one line, followed by nothing or other elements: its
    children are elements (`<CardGroup><Card /><Card /></CardGroup>`) or inline text."""
    if not _rest_is_elements(state, doc, tag, close.end, line_end):
        return False
    if silent:
        return True
    src = state.src
    open_token = _push_element(state, tag, start, tag_line, None)
    if _only_elements(doc, tag.end, close.start):
        _tokenize_span(state, tag_line, tag.end, tag_line, close.start)
    elif src[tag.end : close.start].strip():
        inline = state.push("inline", "", 0)
        inline.content = src[tag.end : close.start].strip()
        inline.map = [tag_line, tag_line + 1]
        inline.children = []
    state.push("mdx_flow_close", "", -1).meta = open_token.meta
    _finish_line(state, tag_line, close.end, line_end)
    return True


def _push_tag(state: StateBlock, kind: str, tag: Tag, start: int, last: int) -> None:
    token = state.push(kind, "", 0)
    token.map = [start, last + 1]
    token.meta = {"tag": tag, "line": start}


def _push_element(state: StateBlock, tag: Tag, start: int, last: int, children: list[Any] | None) -> Any:
    token = state.push("mdx_flow_open", "", 1)
    token.map = [start, last + 1]
    token.meta = {"tag": tag, "line": start}
    if children is not None:
        state.push("mdx_flow_close", "", -1).meta = token.meta
    return token


def _finish_line(state: StateBlock, line: int, pos: int, line_end: int) -> None:
    """Tokenize what follows a tag on its line (more tags), then move to the next line."""
    if state.src[pos:line_end].strip():
        _tokenize_span(state, line, pos, line, None)
    state.line = line + 1


def _children(state: StateBlock, open_line: int, content_start: int, close_line: int, content_end: int) -> None:
    first = open_line + 1 if not state.src[content_start : state.eMarks[open_line]].strip() else open_line
    start_pos = content_start if first == open_line else None
    before_close = state.src[state.bMarks[close_line] : content_end]
    last = close_line if not before_close.strip() else close_line + 1
    _tokenize_span(state, first, start_pos, last - 1, content_end if last > close_line else None)


def _tokenize_span(state: StateBlock, first: int, start_pos: int | None, last: int, end_pos: int | None) -> None:
    """Tokenize lines first..last as blocks, the first starting at `start_pos` and the last
    ending at `end_pos` when given; indentation is relative to the least indented line."""
    if last < first:
        return
    saved = {
        line: (state.bMarks[line], state.eMarks[line], state.tShift[line], state.sCount[line])
        for line in {first, last}
    }
    if end_pos is not None:
        state.eMarks[last] = end_pos
    if start_pos is not None:
        _shift_line(state, first, start_pos)
    indents = [
        state.sCount[line]
        for line in range(first + (start_pos is not None), last + 1)
        if state.bMarks[line] + state.tShift[line] < state.eMarks[line]
    ]
    indent = min(indents) if indents else state.blkIndent
    if start_pos is not None:
        state.sCount[first] = indent
    saved_indent, saved_max, saved_parent = state.blkIndent, state.lineMax, state.parentType
    state.blkIndent = indent
    state.lineMax = last + 1
    state.env["mdx_depth"] = state.env.get("mdx_depth", 0) + 1
    try:
        state.md.block.tokenize(state, first, last + 1)
    finally:
        state.env["mdx_depth"] -= 1
        state.blkIndent, state.lineMax, state.parentType = saved_indent, saved_max, saved_parent
        for line, (b, e, t, s) in saved.items():
            state.bMarks[line], state.eMarks[line], state.tShift[line], state.sCount[line] = b, e, t, s


def _shift_line(state: StateBlock, line: int, pos: int) -> None:
    src = state.src
    text_start = pos
    while text_start < state.eMarks[line] and src[text_start] in " \t":
        text_start += 1
    state.bMarks[line] = pos
    state.tShift[line] = text_start - pos
    state.sCount[line] = text_start - pos
