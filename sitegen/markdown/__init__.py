"""Markdown to HTML: markdown-it-py with CommonMark + tables, strikethrough, task lists,
footnotes, heading anchors, Pygments code blocks and link rewriting.

Per-page data (which page is rendered, the link resolver, collected problems) travels in
markdown-it's `env`, never on the parser, so one parser serves every page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.anchors import anchors_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.tasklists import tasklists_plugin

from sitegen.markdown.code import render_fence
from sitegen.markdown.components import render_component_tag, separate_components
from sitegen.markdown.links import LinkResolver
from sitegen.pages import Page

__all__ = ["LinkResolver", "RenderedMarkdown", "TocEntry", "make_markdown", "render_markdown"]


@dataclass(frozen=True)
class TocEntry:
    level: int  # 2 or 3
    id: str
    text: str


@dataclass
class RenderedMarkdown:
    html: str
    toc: list[TocEntry]
    errors: list[str] = field(default_factory=list)


def make_markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": True, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.use(tasklists_plugin, enabled=False, label=True)
    md.use(footnote_plugin)
    md.use(anchors_plugin, min_level=1, max_level=6, permalink=True, permalinkSymbol="#")
    md.core.ruler.push("sitegen_anchor_labels", _label_permalinks)
    md.core.ruler.push("sitegen_links", _rewrite_links)
    md.add_render_rule("fence", _fence_rule)
    md.add_render_rule("code_block", _fence_rule)
    md.add_render_rule("html_block", _html_block_rule)
    return md


def render_markdown(md: MarkdownIt, page: Page, resolver: LinkResolver) -> RenderedMarkdown:
    source, origin = separate_components(page.body, mdx=page.source.suffix == ".mdx")
    env: dict[str, Any] = {"page": page, "resolver": resolver, "errors": [], "origin": origin, "open_components": []}
    tokens = md.parse(source, env)
    html = md.renderer.render(tokens, md.options, env)
    return RenderedMarkdown(html=html, toc=_toc(tokens), errors=env["errors"])


def _toc(tokens: list[Token]) -> list[TocEntry]:
    entries: list[TocEntry] = []
    for index, token in enumerate(tokens):
        if token.type != "heading_open" or token.tag not in ("h2", "h3"):
            continue
        inline = tokens[index + 1]
        text = "".join(
            child.content
            for child in inline.children or []
            if child.type in ("text", "code_inline") and child.content != "#"
        ).strip()
        entries.append(TocEntry(level=int(token.tag[1]), id=str(token.attrGet("id")), text=text))
    return entries


def _label_permalinks(state: StateCore) -> None:
    """Give the '#' permalinks an accessible name (screen readers would read '#')."""
    for index, token in enumerate(state.tokens):
        if token.type == "inline" and index and state.tokens[index - 1].type == "heading_open":
            for child in token.children or []:
                if child.type == "link_open" and child.attrGet("class") == "header-anchor":
                    child.attrSet("aria-label", "Link to this section")


def _rewrite_links(state: StateCore) -> None:
    resolver: LinkResolver | None = state.env.get("resolver")
    page: Page | None = state.env.get("page")
    if resolver is None or page is None:
        return
    for token in state.tokens:
        if token.type != "inline" or not token.children:
            continue
        for child in token.children:
            attr = "href" if child.type == "link_open" else "src" if child.type == "image" else None
            if attr is not None:
                target = str(child.attrGet(attr) or "")
                child.attrSet(attr, _resolve(state.env, token, target, image=attr == "src"))


def _resolve(env: dict[str, Any], token: Token, target: str, image: bool = False) -> str:
    """The page-relative URL for `target`; a broken one is recorded with its line."""
    page: Page = env["page"]
    resolved = env["resolver"].resolve(target, page, image=image)
    if resolved.error:
        # Inline children carry no line numbers; the enclosing block does.
        line = page.body_line + (env["origin"][token.map[0]] if token.map else 0)
        env["errors"].append(f"{page.display_path}:{line}: {resolved.error}")
    return resolved.url if resolved.url is not None else target


def _html_block_rule(self: Any, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    token = tokens[idx]
    if "resolver" not in env:
        return token.content
    html = render_component_tag(
        token.content.strip(), env["open_components"], lambda href: _resolve(env, token, href)
    )
    return token.content if html is None else html


def _fence_rule(self: Any, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    token = tokens[idx]
    return render_fence(token.content, token.info if token.type == "fence" else "")
