"""From tokens to HTML: fold JSX open/close tokens into elements, evaluate props and
expressions, inline snippets, hand Mintlify components to the ComponentRenderer, and
implement the ComponentContext a component talks to.

Per page: one `PageState` (warnings, ids, toc, features…), shared by the page's
`Document` and every snippet `Document` inlined into it. Both travel in markdown-it's env.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markupsafe import Markup

from sitegen.confine import OUTSIDE
from sitegen.errors import shortened
from sitegen.i18n import UiStrings, ui_strings
from sitegen.icons import IconLibrary
from sitegen.javascript.engine import between_pages
from sitegen.markdown.code import fence_icon, mermaid_controls, parse_info, parse_meta, render_fence, render_mermaid
from sitegen.markdown.links import LinkResolver
from sitegen.markdown.math import render_math
from sitegen.markdown.mdx.esm import Module
from sitegen.markdown.mdx.html_elements import CODE_ELEMENTS, HTML_ELEMENTS, render_code_element, render_html_element
from sitegen.markdown.mdx.islands import FEATURE as ISLANDS
from sitegen.markdown.mdx.islands import hooked_message, make_island
from sitegen.markdown.mdx.jsx import Scanner, Tag
from sitegen.markdown.mdx.literals import NotLiteral, evaluate
from sitegen.markdown.mdx.nodes import CodeInfo, ComponentFailed, MdxChild, MdxElement
from sitegen.markdown.mdx.scripted import (
    ScriptFailed,
    ScriptScope,
    author_component,
    component_call,
    evaluate_in,
    worth_running,
)
from sitegen.markdown.mdx.snippets import (
    OutsideProject,
    SnippetSource,
    find_snippet,
    load_snippet,
    snippet_component_path,
)
from sitegen.markdown.slugs import PageIds, field_name
from sitegen.pages import Page

__all__ = ["Document", "PageState", "TocEntry", "fold_rule", "install_render_rules", "parse_and_render",
           "render_document"]

MAX_INLINE_DEPTH = 32  # inline elements nest by recursion when rendering
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_TAGS = re.compile(r"<[^>]*>")
_NOT_COMPUTABLE = "is not a value sitegen can compute"
# Starts with a literal so the regex engine can jump between candidates (a leading \s
# would be tried at every character of the page); the space before it is checked by hand.
_ID_ATTRIBUTE = re.compile(r'id="([^"]*)"')


@dataclass(frozen=True)
class TocEntry:
    level: int  # 2 or 3
    id: str
    text: str


@dataclass
class PageState:
    md: MarkdownIt
    page: Page
    resolver: LinkResolver
    components: Any  # sitegen.markdown.components.ComponentRenderer, or None
    warnings: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    ids: PageIds = field(default_factory=PageIds)  # every id on the page, headings numbered as Mintlify does
    toc: list[TocEntry] = field(default_factory=list)
    features: set[str] = field(default_factory=set)
    fragment_links: list[tuple[str, str, str]] = field(default_factory=list)
    external_links: list[tuple[str, str]] = field(default_factory=list)  # (where, http(s) URL)
    chain: list[str] = field(default_factory=list)  # files being rendered, outermost first
    # Props of the page's top-level <ParamField>s: a hand-written endpoint page (`api:`)
    # builds its playground from them.
    param_fields: list[dict[str, Any]] = field(default_factory=list)
    field_depth: int = 0  # how many ParamField/ResponseField/Expandable elements enclose this one
    field_path: list[str] = field(default_factory=list)  # names of the ParamField/ResponseFields enclosing this one
    snippets: set[Path] = field(default_factory=set)  # snippet files inlined (MISSING_SNIPPET: one was not found)
    icon_library: IconLibrary = "fontawesome"  # where components' icon names are looked up (docs.json icons.library)
    author_code: bool = True  # False (--no-scripts): the page's own <style> is left out too
    ui: UiStrings = field(default_factory=lambda: ui_strings(None))  # the theme's words in the page's language
    code_warned: set[str] = field(default_factory=set)  # <script>/<style> warnings given: one of each a page
    script_warnings: set[str] = field(default_factory=set)  # author JavaScript's warnings, each once a page
    islands: dict[str, str] = field(default_factory=dict)  # module files its islands need: name -> text, in order

    def warn(self, where: str, message: str) -> None:
        self.warnings.append(f"{where}: {message}")

    def unique_id(self, text: str) -> str:
        return self.ids.heading(text)

    def url(self, where: str, target: str, image: bool) -> str:
        """The page-relative URL for an author's link; broken ones warn and stay as written."""
        if target.startswith("#"):
            if len(target) > 1:
                self.fragment_links.append((where, self.page.id, target[1:]))
            return target
        resolved = self.resolver.resolve(target, self.page, image=image)
        if resolved.error and resolved.url is not None:  # refused outright (a script URL)
            self.warn(where, resolved.error)
            return resolved.url
        if resolved.error:
            self.warn(where, f"{resolved.error}; left as written")
            return target
        if resolved.url is None and target[:8].lower().startswith(("http://", "https://")):
            self.external_links.append((where, target))  # fetched only by `sitegen check --external`
        if resolved.page_id is not None and "#" in target:
            fragment = target.split("#", 1)[1]
            if fragment:
                self.fragment_links.append((where, resolved.page_id, fragment))
        return resolved.url if resolved.url is not None else target


@dataclass
class Document:
    """One source file being rendered: the page, or a snippet inlined into it."""

    src: str
    display: str  # "content/quickstart.mdx", "snippets/x.mdx"
    first_line: int  # 1-based file line of src's first line
    mdx: bool
    path: Path
    scanner: Scanner = field(init=False)
    module: Module = field(default_factory=Module)
    props: dict[str, Any] = field(default_factory=dict)
    scope: ScriptScope | None = None  # its JavaScript module in the engine, once a page needs it

    def __post_init__(self) -> None:
        self.scanner = Scanner(self.src, self.mdx)

    def where(self, line: int) -> str:
        return f"{self.display}:{self.first_line + line}"


class _Variables(Mapping[str, Any]):
    """What `{name}` can mean in a document: props, its exports, exports it imports."""

    def __init__(self, state: PageState, doc: Document) -> None:
        self.state, self.doc = state, doc

    def __getitem__(self, name: str) -> Any:
        if name in self.doc.props:
            return self.doc.props[name]
        if name in self.doc.module.exports:
            return self.doc.module.exports[name]
        found = self.doc.module.variable_import(name)
        if found is not None:
            item, imported = found
            try:
                resolver = self.state.resolver
                path = find_snippet(item.path, self.doc.path, resolver.project_dir, resolver.content_dir)
            except OutsideProject:
                path = None
            if path is not None:
                source = load_snippet(path, self.state.resolver.project_dir)
                _warn_snippet(self.state, source)
                module = _snippet_module(self.state.md, source)
                if imported in module.exports:
                    return module.exports[imported]
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        try:
            self[str(name)]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


_MODULES: dict[Path, tuple[SnippetSource, Module]] = {}


# Stands in PageState.snippets for an import that found no file: the page must render again
# when any snippet appears.
MISSING_SNIPPET = Path("/\0missing-snippet")


def _snippet_module(md: MarkdownIt, source: SnippetSource) -> Module:
    """A snippet's imports and exports, without rendering it (cached per file version)."""
    cached = _MODULES.get(source.path)
    if cached is not None and cached[0] is source:
        return cached[1]
    doc = Document(source.text, source.display, source.first_line, source.mdx, source.path)
    md.parse(source.text, {"mdx_doc": doc})
    _MODULES[source.path] = (source, doc.module)
    return doc.module


# --- parse: folding ---------------------------------------------------------------------


def fold_rule(state: StateCore) -> None:
    """Give inline tokens their line, pair inline tags, then nest flow elements."""
    doc: Document | None = state.env.get("mdx_doc")
    if doc is None:
        return
    page: PageState | None = state.env.get("mdx_page")
    stack: list[tuple[Token, list[Token]]] = []
    out: list[Token] = []
    for token in state.tokens:
        kind = token.type
        if kind == "inline":
            if token.children and _number_lines(token):
                token.children = _fold_inline(token.children, doc, page)
            out.append(token)
        elif kind == "mdx_flow_open":
            stack.append((token, out))
            out = []
        elif kind == "mdx_flow_close" and stack:
            opening, parent = stack.pop()
            parent.append(_element(opening, out, inline=False))
            out = parent
        else:
            out.append(token)
    state.tokens = out


def _number_lines(inline: Token) -> bool:
    """Note each child's line in its meta; whether any child is a tag (else nothing to fold)."""
    line = inline.map[0] if inline.map else 0
    tags = False
    for child in inline.children or []:
        # Most children have no meta of their own: a new one-key dict, not a copy of nothing.
        meta = child.meta = {**child.meta, "line": line} if child.meta else {"line": line}
        kind = child.type
        if kind == "softbreak" or kind == "hardbreak":
            line += 1
        elif "tag" in meta:
            tag: Tag = meta["tag"]
            line += inline.content.count("\n", tag.start, tag.end)
            tags = True
        elif kind == "mdx_expression":
            line += child.content.count("\n")
    return tags


def _element(opening: Token, children: list[Token], inline: bool) -> Token:
    token = Token("mdx_element", "", 0)
    token.meta = dict(opening.meta, inline=inline)
    token.map = opening.map
    token.children = children
    return token


def _fold_inline(children: list[Token], doc: Document, page: PageState | None) -> list[Token]:
    stack: list[tuple[Token, list[Token]]] = []
    out: list[Token] = []
    too_deep: dict[str, int] = {}  # tags dropped for depth, by name: their closing tags go too
    for child in children:
        if child.type == "mdx_text_close" and too_deep.get(child.meta["tag"].name):
            too_deep[child.meta["tag"].name] -= 1
            continue
        if child.type == "mdx_text_open" and len(stack) >= MAX_INLINE_DEPTH:
            if page is not None and not too_deep:
                page.warn(doc.where(child.meta["line"]),
                          f"tags nested deeper than {MAX_INLINE_DEPTH} levels; the deeper tags are left out")
            name = child.meta["tag"].name
            too_deep[name] = too_deep.get(name, 0) + 1
            continue
        if child.type == "mdx_text_open":
            stack.append((child, out))
            out = []
        elif child.type == "mdx_text_self":
            out.append(_element(child, [], inline=True))
        elif child.type == "mdx_text_close":
            name = child.meta["tag"].name
            depth = next((i for i in range(len(stack) - 1, -1, -1) if stack[i][0].meta["tag"].name == name), None)
            if depth is None:
                if page is not None:
                    page.warn(doc.where(child.meta["line"]), f"closing tag </{name}> has no opening tag; left out")
                continue
            while len(stack) > depth + 1:  # tags opened inside and never closed
                out = _unclosed(stack.pop(), out, doc, page)
            opening, parent = stack.pop()
            parent.append(_element(opening, out, inline=True))
            out = parent
        else:
            out.append(child)
    while stack:
        out = _unclosed(stack.pop(), out, doc, page)
    return out


def _unclosed(
    entry: tuple[Token, list[Token]], inner: list[Token], doc: Document, page: PageState | None
) -> list[Token]:
    opening, parent = entry
    if page is not None:
        page.warn(doc.where(opening.meta["line"]),
                  f"<{opening.meta['tag'].name}> is never closed; its content is shown without it")
    return parent + inner


# --- render -----------------------------------------------------------------------------


def render_document(state: PageState, doc: Document) -> str:
    return parse_and_render(state, doc)[0]


def parse_and_render(state: PageState, doc: Document) -> tuple[str, list[Token]]:
    """The document's HTML, and its tokens as the render left them (links resolved,
    expression values and snippet tokens noted in `meta`: markdown/export.py reads them)."""
    if not state.chain:  # the page itself, not a snippet inlined into it
        between_pages()
    env = {"mdx_doc": doc, "mdx_page": state}
    tokens = state.md.parse(doc.src, env)
    for line, message in doc.module.problems:
        state.warn(doc.where(line), message)
    state.chain.append(doc.display)
    try:
        return str(state.md.renderer.render(tokens, state.md.options, env)), tokens
    finally:
        state.chain.pop()


def install_render_rules(md: MarkdownIt) -> None:
    for name, rule in (
        ("mdx_element", _render_element), ("mdx_expression", _render_expression), ("mdx_esm", _nothing),
        ("mdx_unclosed", _render_unclosed), ("mdx_stray_close", _render_stray_close),
        ("heading_open", _render_heading_open), ("link_open", _render_link_open), ("image", _render_image),
        ("fence", _render_fence), ("code_block", _render_fence),
        ("math_inline", _render_math), ("math_inline_double", _render_math),
        ("math_block", _render_math), ("math_block_label", _render_math),
    ):
        md.add_render_rule(name, rule)


Rule = Any  # markdown-it render rule: (self, tokens, idx, options, env) -> str


def _context(env: dict[str, Any]) -> tuple[PageState, Document]:
    return env["mdx_page"], env["mdx_doc"]


def _line(token: Token) -> int:
    if token.meta and "line" in token.meta:
        return int(token.meta["line"])
    return token.map[0] if token.map else 0


def _nothing(self: RendererHTML, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    return ""


def _render_unclosed(self: RendererHTML, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    state, doc = _context(env)
    state.warn(doc.where(_line(tokens[idx])),
               f"<{tokens[idx].meta['tag'].name}> is never closed; its content is shown without it")
    return ""


def _render_stray_close(self: RendererHTML, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    state, doc = _context(env)
    state.warn(doc.where(_line(tokens[idx])),
               f"closing tag </{tokens[idx].meta['tag'].name}> has no opening tag; left out")
    return ""


def _render_fence(self: RendererHTML, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    token = tokens[idx]
    info = token.info if token.type == "fence" else ""
    if parse_info(info)[0] == "mermaid" and "mdx_page" in env:
        state, doc = _context(env)
        controls, placement_problem = mermaid_controls(info)
        if placement_problem:
            state.warn(doc.where(_line(token)), placement_problem)
        output, problem = render_mermaid(token.content, controls, state.ui.language)
        if problem is None:
            state.features.add("mermaid")
        else:
            state.warn(doc.where(_line(token)), problem)
        return output
    if "mdx_page" not in env:
        return render_fence(token.content, info)
    state, doc = _context(env)
    icon = parse_meta(info).icon
    if icon:
        problem = fence_icon(icon, state.icon_library)[1]
        if problem:
            state.warn(doc.where(_line(token)), problem)
    return render_fence(token.content, info, state.icon_library, state.ui.language)


def _render_math(self: RendererHTML, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    token = tokens[idx]
    output, problem = render_math(token.content, display=token.type != "math_inline")
    if problem is not None and "mdx_page" in env:
        state, doc = _context(env)
        state.warn(doc.where(_line(token)),
                   f"math ${shortened(token.content)}$ cannot be read ({problem}); shown as written")
    return output


def _render_heading_open(self: RendererHTML, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    token = tokens[idx]
    inline = tokens[idx + 1]
    if "mdx_page" not in env or inline.type != "inline":
        return self.renderToken(tokens, idx, options, env)
    state, _ = _context(env)
    custom = _custom_heading_id(inline)
    title = "".join(_heading_text(child, env) for child in inline.children or [])
    slug = state.ids.exact(custom) if custom else state.unique_id(title)
    token.attrSet("id", slug)
    link_open = Token("link_open", "a", 1)
    link_open.attrs = {"class": "header-anchor", "href": f"#{slug}", "aria-label": state.ui.link_to_section}
    inline.children = [*(inline.children or []), Token("text", "", 0, content=" "), link_open,
                       Token("html_inline", "", 0, content="#"), Token("link_close", "a", -1)]
    if token.tag in ("h2", "h3"):
        state.toc.append(TocEntry(level=int(token.tag[1]), id=slug, text=title.strip()))
    return self.renderToken(tokens, idx, options, env)


_CUSTOM_ID = re.compile(r"#([^\s{}#]+)")
_CUSTOM_ID_TEXT = re.compile(r"\s*\{#([^\s{}#]+)\}\s*$")  # in a .md page, where braces are text


def _custom_heading_id(inline: Token) -> str | None:
    """`## Title {#my-id}`: the id the author chose (Mintlify's syntax), taken out of the text."""
    children = inline.children or []
    last = children[-1] if children else None
    if last is not None and last.type == "text":
        in_text = _CUSTOM_ID_TEXT.search(last.content)
        if in_text is not None:
            last.content = last.content[:in_text.start()]
            return in_text[1]
    if last is None or last.type != "mdx_expression":
        return None
    found = _CUSTOM_ID.fullmatch(last.content.strip())
    if found is None:
        return None
    del children[-1]
    if children and children[-1].type == "text":
        children[-1].content = children[-1].content.rstrip()
    return found[1]


def _heading_text(token: Token, env: dict[str, Any]) -> str:
    """The text a heading's child adds to its id: text, code, a component's text content."""
    if token.type in ("text", "code_inline"):
        return token.content
    if token.type == "mdx_element":
        return "".join(_heading_text(child, env) for child in token.children or [])
    if token.type == "mdx_expression":
        try:
            return html.unescape(_value_html(evaluate(token.content, _Variables(*_context(env)))))
        except NotLiteral:
            return ""
    return ""


def _render_link_open(self: RendererHTML, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    token = tokens[idx]
    if "mdx_page" in env and token.attrGet("class") != "header-anchor":
        state, doc = _context(env)
        token.attrSet("href", state.url(doc.where(_line(token)), str(token.attrGet("href") or ""), image=False))
    return self.renderToken(tokens, idx, options, env)


def _render_image(self: RendererHTML, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    token = tokens[idx]
    if "mdx_page" in env:
        state, doc = _context(env)
        token.attrSet("src", state.url(doc.where(_line(token)), str(token.attrGet("src") or ""), image=True))
    return str(RendererHTML.image(self, tokens, idx, options, env))


def _render_expression(self: RendererHTML, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    token = tokens[idx]
    state, doc = _context(env)
    text = token.content
    if not _COMMENT.sub("", text).strip():
        return ""  # {/* a comment */}
    where = doc.where(_line(token))
    try:
        value = evaluate(text, _Variables(state, doc))
    except NotLiteral:
        try:
            value = _run_script(state, doc, where, text)
        except ScriptFailed as exc:
            state.warn(where, f"expression {{{shortened(text)}}} {exc}; left out")
            return ""
        output = _script_html(state, doc, where, value, depth=0)
        token.meta = dict(token.meta or {}, value=html.unescape(_TAGS.sub("", output)))
        return output
    output = _value_html(value)
    token.meta = dict(token.meta or {}, value=html.unescape(output))
    return output


def _value_html(value: Any) -> str:
    """How React shows a value: text and numbers; nothing for booleans, null and objects."""
    if isinstance(value, bool) or value is None or isinstance(value, dict):
        return ""
    if isinstance(value, list):
        return "".join(_value_html(item) for item in value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return html.escape(str(value))


def _props(state: PageState, doc: Document, tag: Tag, where: str) -> dict[str, Any]:
    props: dict[str, Any] = {}
    variables = _Variables(state, doc)
    html_element = tag.name[:1].islower()
    for attribute in tag.attributes:
        if html_element and re.match(r"on[A-Z]", attribute.name):
            state.warn(where, f"<{tag.name}> attribute {attribute.name} is an event handler (script); left out")
            continue
        if attribute.kind == "bare":
            props[attribute.name] = True
        elif attribute.kind == "string":
            props[attribute.name] = html.unescape(attribute.value)
        elif not attribute.name:
            written = shortened(attribute.value)
            try:
                spread = _run_script(state, doc, where, "({" + attribute.value + "})")
            except ScriptFailed as exc:
                problem = "are not values sitegen can compute" if str(exc) == _NOT_COMPUTABLE else str(exc)
                state.warn(where, f"<{tag.name}> attributes {{{written}}} {problem}; left out")
                continue
            if isinstance(spread, dict):
                props.update({key: _script_prop(state, doc, where, value) for key, value in spread.items()})
        else:
            try:
                props[attribute.name] = evaluate(attribute.value, variables)
            except NotLiteral:
                try:
                    value = _run_script(state, doc, where, attribute.value)
                except ScriptFailed as exc:
                    state.warn(where, f"<{tag.name}> attribute {attribute.name}={{{shortened(attribute.value)}}} "
                                      f"{exc}; left out")
                    continue
                props[attribute.name] = _script_prop(state, doc, where, value)
    return props


# --- author JavaScript ------------------------------------------------------------------


def _run_script(state: PageState, doc: Document, where: str, text: str) -> Any:
    """The value of the JavaScript expression `text` in the document's scope (engine)."""
    from sitegen.javascript.transform import transform_expression

    if not doc.mdx or not worth_running(doc, text):
        raise ScriptFailed(_NOT_COMPUTABLE)
    code = transform_expression(text)
    if code is None:
        raise ScriptFailed("is not a JavaScript expression sitegen can read")
    try:
        return _evaluate(state, doc, where, code)
    except ScriptFailed as exc:
        if re.fullmatch(r"it threw ReferenceError: '[^']*' is not defined", str(exc)):
            raise ScriptFailed(_NOT_COMPUTABLE) from None  # a name nothing defines, as before the engine
        raise


def _evaluate(state: PageState, doc: Document, where: str, code: str) -> Any:
    """The value of `code`; components that used hooks in it are shown as their first frame."""
    value, hooked = evaluate_in(state, doc, code, _snippet_modules(state))
    for name in hooked:
        _warn_once(state, where, hooked_message(name))
    return value


def _snippet_modules(state: PageState) -> Callable[[SnippetSource], Module]:
    return lambda source: _snippet_module(state.md, source)


def _warn_once(state: PageState, where: str, message: str) -> None:
    """A warning about author JavaScript, once a page (a component is often used many times)."""
    if message not in state.script_warnings:
        state.script_warnings.add(message)
        state.warn(where, message)


def _is_node(value: Any) -> bool:
    if isinstance(value, dict):
        return "$el" in value or "$html" in value
    return isinstance(value, list) and any(_is_node(item) for item in value)


def _script_prop(state: PageState, doc: Document, where: str, value: Any) -> Any:
    """A prop from JavaScript: JSX (`icon={<svg …/>}`) becomes its HTML, as Markup."""
    if _is_node(value):
        return Markup(_script_html(state, doc, where, value, depth=0))
    return value


_MAX_SCRIPT_DEPTH = 200  # elements a component returns, nested (Python renders them by recursion)


def _script_html(state: PageState, doc: Document, where: str, value: Any, depth: int) -> str:
    """The HTML of what JavaScript returned: text, numbers, lists, elements, rendered HTML."""
    return _script_node(state, doc, where, value, depth)[0]


def _script_node(
    state: PageState, doc: Document, where: str, value: Any, depth: int
) -> tuple[str, MdxElement | None]:
    if isinstance(value, list):
        return "".join(_script_html(state, doc, where, item, depth) for item in value), None
    if not isinstance(value, dict):
        return _value_html(value), None
    if "$html" in value:
        return str(value["$html"]), None
    if "$el" not in value or not isinstance(value.get("props"), dict):
        return "", None  # a plain object: React refuses to show one, sitegen shows nothing
    if depth > _MAX_SCRIPT_DEPTH:
        _warn_once(state, where,
                   f"elements nested deeper than {_MAX_SCRIPT_DEPTH} levels; the deeper ones are left out")
        return "", None
    element = _script_element(state, doc, where, value, depth)
    return _script_element_html(state, where, element), element


def _script_element(state: PageState, doc: Document, where: str, value: dict[str, Any], depth: int) -> MdxElement:
    """An element JavaScript returned (`{"$el": name, "props": {…}}`), its children rendered."""
    name = str(value["$el"])
    props = dict(value["props"])
    children = props.pop("children", None)
    parts: list[MdxChild] = []
    for child in children if isinstance(children, list) else [children]:
        piece, element = _script_node(state, doc, where, child, depth + 1)
        if element is not None or piece:  # JSX keeps the spaces it was written with
            parts.append(MdxChild(html=piece, element=element))
    children_html = "".join(part.html for part in parts)
    props = {key: _script_prop(state, doc, where, item) for key, item in props.items()}
    line = int(where.rsplit(":", 1)[1])
    return MdxElement(name, props, doc.display, line, True, children_html, parts)


def _script_element_html(state: PageState, where: str, element: MdxElement) -> str:
    """The HTML of an element JavaScript returned: a fragment's children, an HTML element, a
    component; for an unknown one its children, with a warning once a page."""
    name, children_html = element.name, element.children_html
    if not name:
        return children_html
    if name[0].islower():
        if name.lower() not in HTML_ELEMENTS:
            _warn_once(state, where, f"unknown element <{name}>; its content is shown without it")
            return children_html
        return render_html_element(
            name.lower(), element.props, children_html,
            lambda target, image: state.url(where, target, image),
            lambda message: _warn_once(state, where, message),
        )
    if state.components is not None and state.components.knows(name):
        try:
            return str(state.components.render(element, PageContext(state)))
        except ComponentFailed as exc:
            state.errors.append(f"{where}: <{name}>: {exc}")
            return children_html
    _warn_once(state, where, f"unknown component <{name}>; its content is shown without it")
    return children_html


def _props_code(state: PageState, doc: Document, tag: Tag, where: str) -> str:
    """A JavaScript object of the tag's attributes, for a call of the author's component."""
    from sitegen.javascript.transform import transform_expression

    parts: list[str] = []
    for attribute in tag.attributes:
        if attribute.kind == "bare":
            parts.append(f"{json.dumps(attribute.name)}: true")
        elif attribute.kind == "string":
            parts.append(f"{json.dumps(attribute.name)}: {json.dumps(html.unescape(attribute.value))}")
        else:
            code = transform_expression(attribute.value if attribute.name else "({" + attribute.value + "})")
            if code is None:
                written = f"{attribute.name}={{{shortened(attribute.value)}}}" if attribute.name \
                    else f"{{{shortened(attribute.value)}}}"
                state.warn(where, f"<{tag.name}> attribute {written} is not a JavaScript expression sitegen "
                                  "can read; left out")
            elif attribute.name:
                parts.append(f"{json.dumps(attribute.name)}: ({code})")
            else:
                parts.append(f"...({code})")
    return "{" + ", ".join(parts) + "}"


def _render_author_component(
    self: RendererHTML, token: Token, state: PageState, doc: Document, where: str, options: Any,
    env: dict[str, Any],
) -> str:
    """<Name> the author wrote in JavaScript: its children rendered here, the call run in the
    engine, what it returns rendered like hand-written MDX. When it cannot run, its children."""
    tag: Tag = token.meta["tag"]
    inline: bool = token.meta["inline"]
    children_html, parts = _children(self, token.children or [], inline, options, env)
    line = doc.first_line + _line(token)
    props_code = _props_code(state, doc, tag, where)
    snippet_module = _snippet_modules(state)
    try:
        value, hooked = evaluate_in(state, doc, component_call(tag.name, props_code, children_html), snippet_module)
    except ScriptFailed as exc:
        _warn_once(state, where, f"<{tag.name}> failed: {exc}; its children are shown without it")
        token.meta["built"] = MdxElement(tag.name, {}, doc.display, line, inline, children_html, parts)
        return children_html if inline or children_html.endswith("\n") or not children_html else children_html + "\n"
    output, _ = _script_node(state, doc, where, value, depth=0)
    # The page's Markdown (export.py) shows the children written in the page, as for any
    # component it does not know.
    token.meta["built"] = MdxElement(tag.name, {}, doc.display, line, inline, output, parts)
    if hooked:
        island = make_island(state, doc, tag.name, value, output, token.children or [], children_html, props_code,
                             inline, snippet_module)
        if isinstance(island, str):
            _warn_once(state, where, hooked_message(tag.name, island))
        else:
            state.islands.update(island.files)
            state.features.add(ISLANDS)
            return island.html
    return output if inline or output.endswith("\n") or not output else output + "\n"


def _children(
    self: RendererHTML, children: list[Token], inline: bool, options: Any, env: dict[str, Any]
) -> tuple[str, list[MdxChild]]:
    if inline:
        groups: list[list[Token]] = []
        for child in children:
            if child.type == "mdx_element" or not groups or groups[-1][-1].type == "mdx_element":
                groups.append([child])
            else:
                groups[-1].append(child)
        render = self.renderInline
    else:
        groups = []
        depth = 0
        for child in children:
            if depth == 0:
                groups.append([child])
            else:
                groups[-1].append(child)
            depth += child.nesting
        render = self.render
    parts: list[MdxChild] = []
    for group in groups:
        piece = render(group, options, env)
        first = group[0]
        if first.type == "mdx_element":
            parts.append(MdxChild(html=piece, element=first.meta.get("built")))
        elif first.type == "fence" and len(group) == 1:
            meta = parse_meta(first.info)
            parts.append(MdxChild(html=piece, code=CodeInfo(meta.language, meta.title, first.content, meta.icon)))
        elif piece and not piece.isspace():  # (not piece.strip(), which copies the piece)
            parts.append(MdxChild(html=piece))
    return "".join(part.html for part in parts), parts


_FIELD_CONTAINERS = frozenset({"ParamField", "ResponseField", "Expandable"})
_TAG = re.compile(r"<[^>]*>")  # in rendered HTML (text escapes its "<"): a tag


def _render_element(self: RendererHTML, tokens: list[Token], idx: int, options: Any, env: dict[str, Any]) -> str:
    """One MDX element: code (<style>, <script>), the author's JavaScript component, an imported
    snippet, or a built-in component / HTML element rendered around its children."""
    token = tokens[idx]
    state, doc = _context(env)
    tag: Tag = token.meta["tag"]
    where = doc.where(_line(token))
    name = tag.name
    props = _props(state, doc, tag, where)
    if name[:1].islower() and name.lower() in CODE_ELEMENTS:  # code, never text: a script's is not even rendered
        return _render_code_element(self, token, state, where, props, options, env)
    if author_component(doc, name, _snippet_modules(state), state):
        return _render_author_component(self, token, state, doc, where, options, env)
    snippet = _snippet_written(state, doc, name, props)
    if snippet is not None:
        return _render_snippet_element(token, state, doc, where, props, *snippet)
    return _render_component(self, token, state, doc, where, props, options, env)


def _render_code_element(
    self: RendererHTML, token: Token, state: PageState, where: str, props: dict[str, Any], options: Any,
    env: dict[str, Any],
) -> str:
    """<style> or <script>: what the author's code becomes, its warning once a page."""
    code = token.meta["tag"].name.lower()
    # A style's CSS is the text of its children (a string: `<style>{`...`}</style>`), without tags.
    text = html.unescape(_TAG.sub("", _children(self, token.children or [], token.meta["inline"], options, env)[0])) \
        if code == "style" else ""
    output, message = render_code_element(code, props, text, state.author_code)
    if message is not None and message not in state.code_warned:
        state.code_warned.add(message)
        state.warn(where, message)
    return output


def _snippet_written(state: PageState, doc: Document, name: str,
                     props: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The snippet path as written and the variables it gets, when the element is a snippet:
    an imported .mdx component, or <Snippet file="x.mdx" /> (which reads snippets/x.mdx, else
    _snippets/x.mdx)."""
    snippet = doc.module.component_import(name) if doc.mdx else None
    if snippet is not None and snippet.path.endswith(_SCRIPT_SUFFIXES):
        snippet = None  # a script file not found: an unknown component
    if snippet is not None:
        return snippet.path, props
    if name == "Snippet" and isinstance(props.get("file"), str):
        variables = {key: value for key, value in props.items() if key != "file"}
        resolver = state.resolver
        return snippet_component_path(str(props["file"]), doc.path, resolver.project_dir,
                                      resolver.content_dir), variables
    return None


def _render_snippet_element(
    token: Token, state: PageState, doc: Document, where: str, props: dict[str, Any], written: str,
    variables: dict[str, Any],
) -> str:
    """The snippet inlined where the element stands."""
    output, token.meta["inlined"] = _render_snippet(state, doc, where, written, variables)
    token.meta["built"] = MdxElement(token.meta["tag"].name, props, doc.display, doc.first_line + _line(token),
                                     token.meta["inline"], output, [])
    return output


def _render_component(
    self: RendererHTML, token: Token, state: PageState, doc: Document, where: str, props: dict[str, Any],
    options: Any, env: dict[str, Any],
) -> str:
    """A built-in component or an HTML element, around its rendered children."""
    name: str = token.meta["tag"].name
    inline: bool = token.meta["inline"]
    if name == "ParamField" and state.field_depth == 0:
        state.param_fields.append(props)
    if name in ("RequestExample", "ResponseExample"):
        state.features.add(name)  # on an API page they replace the generated examples
    children_html, parts = _component_children(self, token, state, props, options, env)
    element = MdxElement(name, props, doc.display, doc.first_line + _line(token), inline, children_html, parts)
    token.meta["built"] = element
    if not name:
        return children_html  # fragment
    if name[0].islower():
        return _render_html_element(state, where, element)
    if state.components is not None and state.components.knows(name):
        try:
            output = str(state.components.render(element, PageContext(state)))
        except ComponentFailed as exc:
            state.errors.append(f"{where}: <{name}>: {exc}")
            return children_html
        return output if inline or output.endswith("\n") else output + "\n"
    state.warn(where, f"unknown component <{name}>; its content is shown without it")
    return children_html


def _component_children(
    self: RendererHTML, token: Token, state: PageState, props: dict[str, Any], options: Any, env: dict[str, Any]
) -> tuple[str, list[MdxChild]]:
    """A component's children, rendered inside it: fields nested in a field get ids that carry
    their parents' names; the headings of content for agents only stay out of the table of contents."""
    name: str = token.meta["tag"].name
    nests_fields = name in _FIELD_CONTAINERS
    state.field_depth += nests_fields
    named = field_name(name, props)
    if named is not None:
        state.field_path.append(named)
    toc_before = len(state.toc)
    try:
        children_html, parts = _children(self, token.children or [], token.meta["inline"], options, env)
    finally:
        state.field_depth -= nests_fields
        if named is not None:
            state.field_path.pop()
    if name == "Visibility" and props.get("for") == "agents":
        del state.toc[toc_before:]  # for agents only: left out of the page, so are its headings
    return children_html, parts


def _render_html_element(state: PageState, where: str, element: MdxElement) -> str:
    """A lowercase element: an HTML element, or for an unknown one its content with a warning."""
    name = element.name
    if name.lower() not in HTML_ELEMENTS:
        state.warn(where, f"unknown element <{name}>; its content is shown without it")
        return element.children_html
    return render_html_element(
        name.lower(), element.props, element.children_html,
        lambda target, image: state.url(where, target, image),
        lambda message: state.warn(where, message),
    ) + ("" if element.inline else "\n")


_SCRIPT_SUFFIXES = (".jsx", ".tsx", ".js", ".ts")


def _render_snippet(
    state: PageState, doc: Document, where: str, written: str, props: dict[str, Any]
) -> tuple[str, list[Token]]:
    """The snippet's HTML and its tokens (none when it is left out)."""
    resolver = state.resolver
    try:
        path = find_snippet(written, doc.path, resolver.project_dir, resolver.content_dir)
    except OutsideProject:
        state.warn(where, f"import '{written}' is {OUTSIDE}; left out")
        return "", []
    if path is None:
        state.warn(where, f"snippet '{written}' not found; left out")
        state.snippets.add(MISSING_SNIPPET)
        return "", []
    state.snippets.add(path)
    source = load_snippet(path, resolver.project_dir)
    _warn_snippet(state, source)
    if source.display in state.chain:
        chain = " -> ".join([*state.chain, source.display])
        state.errors.append(f"{where}: snippet import cycle {chain}")
        return "", []
    snippet = Document(source.text, source.display, source.first_line, source.mdx, source.path, props=props)
    return parse_and_render(state, snippet)


def _warn_snippet(state: PageState, source: SnippetSource) -> None:
    """The snippet file's own problem (invalid UTF-8, binary, too large), once per page."""
    if source.problem is not None and source.problem not in state.warnings:
        state.warnings.append(source.problem)


class PageContext:
    """The ComponentContext of one page (see nodes.ComponentContext)."""

    def __init__(self, state: PageState) -> None:
        self._state = state

    @property
    def icon_library(self) -> IconLibrary:
        return self._state.icon_library

    @property
    def ui(self) -> UiStrings:
        return self._state.ui

    def link(self, element: MdxElement, target: str, *, image: bool = False) -> str:
        return self._state.url(f"{element.source}:{element.line}", target, image)

    def warn(self, element: MdxElement, message: str) -> None:
        self._state.warn(f"{element.source}:{element.line}", message)

    def unique_id(self, text: str) -> str:
        return self._state.unique_id(text)

    def exact_id(self, wanted: str) -> str:
        return self._state.ids.exact(wanted)

    @property
    def field_path(self) -> tuple[str, ...]:
        return tuple(self._state.field_path)

    def add_toc(self, level: int, id: str, text: str) -> None:
        self._state.toc.append(TocEntry(level, id, text))

    def require(self, feature: str) -> None:
        self._state.features.add(feature)


def page_ids(html_text: str) -> frozenset[str]:
    """The values of every id attribute in the HTML."""
    return frozenset(html.unescape(match[1]) if "&" in match[1] else match[1]  # `fees-&amp;-billing`
                     for match in _ID_ATTRIBUTE.finditer(html_text)
                     if match.start() and html_text[match.start() - 1].isspace())
