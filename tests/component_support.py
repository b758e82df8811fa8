"""A real page context for component tests: collects warnings, ids, TOC entries, features."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sitegen.i18n import UiStrings, ui_strings
from sitegen.markdown.components import ComponentRenderer
from sitegen.markdown.mdx.nodes import CodeInfo, MdxChild, MdxElement
from sitegen.markdown.slugs import PageIds
from sitegen.theme import load_theme

from mdx_support import render_file


@dataclass
class PageContext:
    """What a page gives components; links are made relative to a page one folder deep."""

    warnings: list[str] = field(default_factory=list)
    toc: list[tuple[int, str, str]] = field(default_factory=list)
    features: set[str] = field(default_factory=set)
    ids: PageIds = field(default_factory=PageIds)  # the page's real id numbering
    field_path: tuple[str, ...] = ()  # the ParamField/ResponseFields the element sits in
    icon_library: str = "fontawesome"
    ui: UiStrings = field(default_factory=lambda: ui_strings(None))  # the page's language's words

    def link(self, element: MdxElement, target: str, *, image: bool = False) -> str:
        if "://" in target or target.startswith("#"):
            return target
        return "../" + target.lstrip("/")

    def warn(self, element: MdxElement, message: str) -> None:
        self.warnings.append(f"{element.source}:{element.line}: {message}")

    def unique_id(self, text: str) -> str:
        return self.ids.heading(text)

    def exact_id(self, wanted: str) -> str:
        return self.ids.exact(wanted)

    def add_toc(self, level: int, id: str, text: str) -> None:
        self.toc.append((level, id, text))

    def require(self, feature: str) -> None:
        self.features.add(feature)


def element(name: str, props: dict[str, Any] | None = None, children: list[MdxChild] | None = None,
            html: str | None = None, inline: bool = False, line: int = 7) -> MdxElement:
    children = children or []
    return MdxElement(name=name, props=props or {}, source="guides/setup.mdx", line=line, inline=inline,
                      children_html=html if html is not None else "".join(c.html for c in children),
                      children=children)


def child(el: MdxElement, renderer: ComponentRenderer, ctx: PageContext) -> MdxChild:
    return MdxChild(html=renderer.render(el, ctx), element=el)


def fence_child(code: str, info: str) -> MdxChild:
    from sitegen.markdown.code import parse_meta, render_fence

    meta = parse_meta(info)
    return MdxChild(html=render_fence(code, info),
                    code=CodeInfo(language=meta.language, title=meta.title, code=code, icon=meta.icon))


def renderer(project: Path | None = None) -> ComponentRenderer:
    return ComponentRenderer(load_theme(project or Path("/nonexistent-project")))


def one_page_config(name: str) -> dict[str, Any]:
    """docs.json of a site whose one page is `name`."""
    return {"name": "Orchard", "navigation": [{"group": "Guides", "pages": [name]}]}


@functools.cache
def _builtin_renderer() -> ComponentRenderer:
    return renderer()


def rendered_page(make_project: Callable[..., Path], body: str, name: str) -> tuple[str, list[str]]:
    """(HTML, warnings) of `body` as the page `name` of a one-page project, rendered through
    the built-in components."""
    project = make_project(one_page_config(name), {f"{name}.mdx": body})
    result = render_file(project, f"{name}.mdx", _builtin_renderer())
    return result.html, result.warnings
