"""MDX for sitegen: a markdown-it plugin following the MDX grammar (micromark's
mdx-jsx, mdx-expression and mdxjs-esm): JSX in flow and text, `{expressions}`, ESM
import/export, snippets. See flow.py, text.py, to_html.py.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.ruler import RuleOptionsType
from markdown_it.rules_block import code

from sitegen.markdown.mdx.flow import code_unless_mdx, esm_rule, flow_comment_rule, flow_expression_rule, flow_jsx_rule
from sitegen.markdown.mdx.text import text_comment_rule, text_expression_rule, text_jsx_rule
from sitegen.markdown.mdx.to_html import (
    MISSING_SNIPPET,
    Document,
    PageContext,
    PageState,
    TocEntry,
    fold_rule,
    install_render_rules,
    page_ids,
    parse_and_render,
    render_document,
)

__all__ = [
    "MISSING_SNIPPET", "Document", "PageContext", "PageState", "TocEntry", "mdx_plugin", "page_ids", "parse_and_render",
    "render_document",
]

_INTERRUPTS: RuleOptionsType = {"alt": ["paragraph", "blockquote", "list"]}


def mdx_plugin(md: MarkdownIt) -> None:
    """JSX, expressions and ESM; raw HTML must be off (every tag is read as JSX instead)."""
    md.block.ruler.before("code", "mdx_esm", esm_rule)
    md.block.ruler.before("code", "mdx_comment", flow_comment_rule, _INTERRUPTS)
    md.block.ruler.before("code", "mdx_jsx", flow_jsx_rule, _INTERRUPTS)
    md.block.ruler.before("code", "mdx_expression", flow_expression_rule)
    md.block.ruler.at("code", code_unless_mdx(code))
    md.inline.ruler.before("html_inline", "mdx_comment", text_comment_rule)
    md.inline.ruler.before("html_inline", "mdx_jsx", text_jsx_rule)
    md.inline.ruler.before("html_inline", "mdx_expression", text_expression_rule)
    md.core.ruler.push("mdx_fold", fold_rule)
    install_render_rules(md)
