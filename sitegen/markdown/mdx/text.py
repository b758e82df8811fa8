"""Inline (text) rules: JSX tags, `{expressions}` and `<!-- comments -->` inside paragraphs.

Each tag becomes its own token (`mdx_text_open`, `mdx_text_close`, `mdx_text_self`); the
fold step pairs them up. The offset of each token in the inline source is kept so
messages can name the right line of multi-line paragraphs.
"""

from __future__ import annotations

from typing import Any

from markdown_it.rules_inline import StateInline

from sitegen.markdown.mdx.jsx import Scanner

__all__ = ["text_comment_rule", "text_expression_rule", "text_jsx_rule"]


def _scanner(state: StateInline) -> Scanner | None:
    doc = state.env.get("mdx_doc")
    if doc is None:
        return None
    cached = state.env.get("mdx_inline_scanner")
    if cached is None or cached.src is not state.src:
        cached = Scanner(state.src, doc.mdx)
        state.env["mdx_inline_scanner"] = cached
    return cached


def text_jsx_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] != "<":
        return False
    scanner = _scanner(state)
    if scanner is None:
        return False
    tag = scanner.tag_at(state.pos)
    if tag is None or tag.end > state.posMax:
        return False
    if not silent:
        kind = "mdx_text_close" if tag.closing else "mdx_text_self" if tag.self_closing else "mdx_text_open"
        token = state.push(kind, "", 0)
        token.meta = {"tag": tag, "offset": state.pos}
    state.pos = tag.end
    return True


def text_expression_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] != "{":
        return False
    doc: Any = state.env.get("mdx_doc")
    if doc is None or not doc.mdx:
        return False
    scanner = _scanner(state)
    assert scanner is not None
    end = scanner.expression_end(state.pos)
    if end is None or end > state.posMax:
        return False
    if not silent:
        token = state.push("mdx_expression", "", 0)
        token.content = state.src[state.pos + 1 : end - 1]
        token.meta = {"offset": state.pos}
    state.pos = end
    return True


def text_comment_rule(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith("<!--", state.pos) or "mdx_doc" not in state.env:
        return False
    end = state.src.find("-->", state.pos + 4)
    if end == -1 or end + 3 > state.posMax:
        return False
    state.pos = end + 3
    return True
