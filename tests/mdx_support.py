"""Rendering pages through the real MDX parser with a tiny component renderer that shows
exactly what the parser handed over (name, props, source:line, children)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sitegen.markdown import LinkResolver, RenderedMarkdown, make_markdown, render_markdown
from sitegen.markdown.mdx.nodes import ComponentContext, MdxElement
from sitegen.pages import content_root, read_page

MARKDOWN = make_markdown()


class TinyRenderer:
    """Same two methods as ComponentRenderer; writes the element as a visible <x-…> tag."""

    NAMES = frozenset({"Note", "Card", "CardGroup", "Tabs", "Tab", "Tree", "Tree.Folder", "Tree.File",
                       "CodeGroup", "Update", "Steps", "Step"})

    def knows(self, name: str) -> bool:
        return name in self.NAMES

    def render(self, element: MdxElement, ctx: ComponentContext) -> str:
        attrs = "".join(f" {key}='{json.dumps(value)}'" for key, value in sorted(element.props.items()))
        if element.name == "Update":
            anchor = ctx.unique_id(str(element.props.get("label", "")))
            ctx.add_toc(2, anchor, str(element.props.get("label", "")))
            attrs += f' id="{anchor}"'
        if element.name == "CodeGroup":
            ctx.require("codegroup")
            kinds = [f"{c.code.language}:{c.code.title}" if c.code else "html" for c in element.children]
            attrs += f" code='{','.join(kinds)}'"
        if "href" in element.props:
            attrs += f" link='{ctx.link(element, str(element.props['href']))}'"
        kind = "i" if element.inline else "b"
        return f"<x-{element.name}{attrs} at='{element.source}:{element.line}' {kind}>{element.children_html}</x-{element.name}>"


def render_file(project: Path, relative: str, components: Any = None) -> RenderedMarkdown:
    """Render content/<relative> of `project` (every page of the project is known)."""
    root = content_root(project)
    pages = [read_page(project, source, source.relative_to(root).with_suffix("").as_posix())
             for source in sorted(root.rglob("*.md*"))]
    page = next(page for page in pages if page.source == root / relative)
    return render_markdown(MARKDOWN, page, LinkResolver(project, pages), components or TinyRenderer())
