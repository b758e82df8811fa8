"""`~text~`: GitHub-flavoured strikethrough with one tilde (remark-gfm, and so Mintlify,
accepts one or two; markdown-it only two).

A run of exactly one tilde opens when text follows it and closes at the next lone tilde that
text precedes; the content between is parsed as inline Markdown. Longer runs (`~~`) are left
to markdown-it's own strikethrough rule.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline


def single_tilde_plugin(md: MarkdownIt) -> None:
    md.inline.ruler.before("strikethrough", "single_tilde", _single_tilde)


def _lone_tilde(src: str, pos: int) -> bool:
    return src[pos] == "~" and (pos == 0 or src[pos - 1] != "~") and (pos + 1 >= len(src) or src[pos + 1] != "~")


def _closing_tilde(src: str, pos: int, end: int) -> int | None:
    """The lone tilde that closes one opened before `pos`; code spans are passed over whole
    (in "~/x and `~code~`" no tilde closes)."""
    while pos < end:
        char = src[pos]
        if char == "`":
            run = pos
            while run < end and src[run] == "`":
                run += 1
            fence = src[pos:run]
            after = src.find(fence, run, end)
            pos = run if after == -1 else after + len(fence)
            continue
        if char == "~" and _lone_tilde(src, pos) and not src[pos - 1].isspace():
            return pos
        pos += 1
    return None


def _single_tilde(state: StateInline, silent: bool) -> bool:
    src, start, end = state.src, state.pos, state.posMax
    if not _lone_tilde(src, start) or start + 1 >= end or src[start + 1].isspace():
        return False
    close = _closing_tilde(src, start + 1, end)
    if close is None:
        return False
    if "\n\n" in src[start:close]:
        return False
    if not silent:
        token = state.push("s_open", "s", 1)
        token.markup = "~"
        state.pos, state.posMax = start + 1, close
        state.md.inline.tokenize(state)
        token = state.push("s_close", "s", -1)
        token.markup = "~"
    state.pos, state.posMax = close + 1, end
    return True
