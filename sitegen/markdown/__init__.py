"""Markdown and MDX to HTML: markdown-it-py with CommonMark + tables, strikethrough, task
lists, footnotes, math ($…$, $$…$$ as MathML), heading anchors, Pygments code blocks,
link checking, and MDX (JSX, expressions, ESM, snippets; sitegen.markdown.mdx).

Per-page data (the page, the link resolver, the component renderer, collected problems)
travels in markdown-it's `env`, never on the parser, so one parser serves every page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.rules_core.normalize import normalize
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.tasklists import tasklists_plugin

from sitegen.i18n import ui_strings
from sitegen.icons import IconLibrary
from sitegen.markdown.export import PageMarkdown, export_markdown
from sitegen.markdown.links import LinkResolver
from sitegen.markdown.mdx import (
    MISSING_SNIPPET,
    Document,
    PageState,
    TocEntry,
    mdx_plugin,
    page_ids,
    parse_and_render,
)
from sitegen.markdown.tilde import single_tilde_plugin
from sitegen.markdown.updates import FeedItem, may_have_updates, update_items
from sitegen.pages import Page

__all__ = ["MISSING_SNIPPET", "FeedItem", "LinkResolver", "PageMarkdown", "RenderedMarkdown", "TocEntry",
           "make_markdown", "render_markdown"]


@dataclass
class RenderedMarkdown:
    html: str
    toc: list[TocEntry]  # h2/h3 headings and components' entries (ctx.add_toc), in document order
    errors: list[str] = field(default_factory=list)  # nothing sensible to show (a snippet import cycle)
    warnings: list[str] = field(default_factory=list)  # "file:line: message"
    features: frozenset[str] = frozenset()  # page-level assets asked for by components ("mermaid")
    fragment_links: list[tuple[str, str, str]] = field(default_factory=list)  # ("file:line", page id, fragment)
    external_links: list[tuple[str, str]] = field(default_factory=list)  # ("file:line", URL): check --external
    param_fields: list[dict[str, Any]] = field(default_factory=list)  # top-level <ParamField> props
    # Snippet files the page inlined (resolved paths; MISSING_SNIPPET when one was not found),
    # so that a rebuild after a snippet changes renders these pages again.
    snippets: frozenset[Path] = frozenset()
    markdown: PageMarkdown | None = None  # the body as Markdown (markdown/export.py); None after errors
    updates: tuple[FeedItem, ...] = ()  # the feed items of its <Update> components (markdown/updates.py)
    # The files of the modules its interactive components need (mdx/islands.py), by name, in load order.
    islands: dict[str, str] = field(default_factory=dict)

    @property
    def ids(self) -> frozenset[str]:
        """Every id attribute written in the body (read from the HTML when asked: a build
        reads them from the whole page instead, and only for pages some #fragment links to)."""
        return page_ids(self.html)


def make_markdown() -> MarkdownIt:
    # Raw HTML is off: every tag is read as JSX (allowlisted HTML elements, components).
    md = MarkdownIt("commonmark", {"html": False, "typographer": False})
    md.options["maxNesting"] = MAX_BLOCK_NESTING  # components in lists in components… (markdown-it stops deeper)
    _warn_past_nesting_limit(md)
    md.enable(["table", "strikethrough"])
    md.use(single_tilde_plugin)  # ~text~ as GitHub and Mintlify read it
    md.use(tasklists_plugin, enabled=False, label=True)
    _tasklists_only_with_boxes(md)
    md.use(footnote_plugin)
    # Math first: LaTeX braces are not MDX expressions. "$5 and $10" stays text.
    md.use(dollarmath_plugin, allow_space=False, allow_digits=False, double_inline=True)
    md.use(mdx_plugin)
    # With html off these two rules only ever answer "no", after a look at every block and at
    # every "<" of inline text: skip them.
    md.disable(["html_block", "html_inline"])
    md.core.ruler.at("normalize", _normalize_when_needed)
    # A site's pages link to the same targets again and again (71% of the link destinations
    # of the bench corpus are repeats); normalizing one is a pure function of the string.
    md.normalizeLink = lru_cache(maxsize=8192)(md.normalizeLink)  # type: ignore[method-assign]
    # markdown-it reads these with `options.get(name, False)` for every paragraph, list item or
    # link; a name not set costs a KeyError raised and caught inside Mapping.get (about 2% of
    # the render). Set to their defaults, they are plain lookups.
    for name in OPTIONS_READ_PER_TOKEN:
        md.options.setdefault(name, False)
    return md


OPTIONS_READ_PER_TOKEN = ("strikethrough_single_tilde", "tasklists", "tasklists_editable", "store_labels", "alerts",
                          "inline_definitions")


MAX_BLOCK_NESTING = 60


def _normalize_when_needed(state: StateCore) -> None:
    """markdown-it's first rule turns CR LF and CR into LF and NUL into U+FFFD, with a regex
    that also replaces every LF by itself (about 2% of parsing a page): a source with no CR
    and no NUL is left as it is, which is the same text."""
    if "\r" in state.src or "\0" in state.src:
        normalize(state)


def _tasklists_only_with_boxes(md: MarkdownIt) -> None:
    """The task-list rule looks at every token of every page for an item starting `[ ]`,
    `[x]` or `[X]`; such an item's text is a piece of the source, so a page whose source
    has none of the three skips the rule."""
    ruler = md.core.ruler
    # The rule's function is read from the ruler's list (markdown-it-py has no getter for it);
    # if that ever changes shape, the rule is simply left to run on every page.
    rules = getattr(ruler, "__rules__", ())
    tasklists = next((rule.fn for rule in rules if getattr(rule, "name", None) == TASKLISTS_RULE), None)
    if tasklists is None:
        return

    def tasklists_if_boxes(state: StateCore) -> None:
        src = state.src
        if "[ ]" in src or "[x]" in src or "[X]" in src:
            tasklists(state)

    ruler.at(TASKLISTS_RULE, tasklists_if_boxes)


TASKLISTS_RULE = "github-tasklists"  # the core rule mdit-py-plugins' tasklists_plugin adds


def _warn_past_nesting_limit(md: MarkdownIt) -> None:
    """markdown-it silently drops blocks nested deeper than maxNesting (thousands of `>` or
    `<div>`): say so, once per page, where the dropped content starts."""
    tokenize = md.block.tokenize

    def tokenize_and_warn(state: Any, start_line: int, end_line: int) -> None:
        if state.level >= MAX_BLOCK_NESTING and start_line < end_line:
            page, doc = state.env.get("mdx_page"), state.env.get("mdx_doc")
            message = f"blocks nested deeper than {MAX_BLOCK_NESTING} levels; the deeper content is left out"
            if page is not None and doc is not None and not any(w.endswith(message) for w in page.warnings):
                page.warn(doc.where(start_line), message)
        tokenize(state, start_line, end_line)

    # mypy types the attribute as the class's unbound method; this replaces it on one instance only.
    md.block.tokenize = tokenize_and_warn  # type: ignore[method-assign,assignment]


def render_markdown(md: MarkdownIt, page: Page, resolver: LinkResolver, components: Any = None,
                    icon_library: IconLibrary = "fontawesome", author_code: bool = True,
                    language: str | None = None) -> RenderedMarkdown:
    """Render one page. `components` is the ComponentRenderer (None: every component is unknown);
    `icon_library` is where components look up icon names (docs.json `icons.library`);
    `author_code` off (--no-scripts): the page's own <style> elements are left out;
    `language` is the page's (components' own words: "required", "Show child attributes"…)."""
    state = PageState(md=md, page=page, resolver=resolver, components=components, icon_library=icon_library,
                      author_code=author_code, ui=ui_strings(language))
    doc = Document(page.body, page.display_path, page.body_line, page.source.suffix == ".mdx", page.source)
    html, tokens = parse_and_render(state, doc)
    has_updates = may_have_updates(page, state.snippets) and not state.errors
    updates = update_items(tokens, md, page, language) if has_updates else ()
    markdown = None if state.errors else export_markdown(tokens, page, resolver, state.warnings, state.ui)
    return RenderedMarkdown(
        html=html,
        toc=state.toc,
        errors=state.errors,
        warnings=state.warnings,
        features=frozenset(state.features),
        fragment_links=state.fragment_links,
        external_links=state.external_links,
        param_fields=state.param_fields,
        snippets=frozenset(state.snippets),
        markdown=markdown,
        updates=updates,
        islands=state.islands,
    )
