"""Authors' components that use React hooks, made interactive in the reader's browser
("islands"), as Mintlify runs them.

The engine still renders the component's first frame: readers without JavaScript, search and
the page's Markdown get that HTML. When the browser can run the component, the HTML is
wrapped in an element that names its module, props (JSON) and children (HTML), and the page
gets the module's files (`javascript/browser.py`), which the theme's `features/islands.js`
defines and mounts with React. When it cannot, the first frame stays, with a warning that
says why.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from markdown_it.token import Token

from sitegen.javascript.browser import INSTALL_HINT, module_file, react_files
from sitegen.markdown.mdx.scripted import ScriptFailed, SnippetModule, document_scope, evaluate_in

if TYPE_CHECKING:
    from sitegen.markdown.mdx.to_html import Document, PageState

__all__ = ["FEATURE", "Island", "hooked_message", "make_island"]

FEATURE = "islands"  # RenderedMarkdown.features: the page loads React and islands.js
_BUILD_ONLY = "which sitegen draws only at build time"
# The first prop that is not JSON data, with what it is: the page hands the props to the
# browser as JSON text, so a function or an element cannot cross.
_PLAIN_PROPS = """(function (value) {
  function problem(item, path, depth) {
    if (item === null || item === undefined || typeof item === "string" || typeof item === "boolean") return null;
    if (typeof item === "number") return isFinite(item) ? null : [path, "not a finite number"];
    if (typeof item === "function") return [path, "a function"];
    if (typeof item !== "object") return [path, "a " + typeof item];
    if ("$el" in item || "$html" in item) return [path, "a JSX element"];
    if (depth > 64) return [path, "nested too deep"];
    var found = null;
    if (Array.isArray(item)) {
      for (var i = 0; i < item.length && !found; i++) found = problem(item[i], path + "[" + i + "]", depth + 1);
      return found;
    }
    var prototype = Object.getPrototypeOf(item);
    if (prototype !== Object.prototype && prototype !== null) return [path, "not plain data"];
    for (var key in item) {
      found = problem(item[key], path ? path + "." + key : key, depth + 1);
      if (found) return found;
    }
    return null;
  }
  var found = problem(value, "", 0);
  return found ? {problem: found} : {props: value};
})(%s)"""


def hooked_message(name: str, reason: str | None = None) -> str:
    """The warning for a component shown as its first frame; `reason`: why it is not interactive."""
    return f"<{name}> uses React hooks; it is shown as its first frame, not interactive" + \
        (f" ({reason})" if reason else "")


@dataclass(frozen=True)
class Island:
    html: str  # the first frame, wrapped for the browser
    files: tuple[tuple[str, str], ...]  # (file name, text) of the modules it needs, imported ones first


def make_island(state: PageState, doc: Document, name: str, frame: Any, frame_html: str, children: list[Token],
                children_html: str, props_code: str, inline: bool, snippet_module: SnippetModule) -> Island | str:
    """<name> (which used hooks while its first frame `frame` rendered) as an island, or the
    reason it stays its first frame."""
    if not state.author_code:
        return "--no-scripts leaves the project's code out of the site"
    if react_files() is None:
        return INSTALL_HINT
    scope = document_scope(state, doc, snippet_module)
    if scope.key is None:
        return "its module did not load"
    problem = scope.problem_of(name)
    if problem is not None:
        return problem
    built_in = next(_components_in_frame(frame), None)
    if built_in is not None:
        return f"it uses <{built_in}>, {_BUILD_ONLY}"
    in_children = _build_only_child(children)
    if in_children is not None:
        return f"its children hold {in_children}, {_BUILD_ONLY}"
    try:
        checked, _ = evaluate_in(state, doc, _PLAIN_PROPS % props_code, snippet_module)
    except ScriptFailed as exc:
        return f"its props could not be read: {exc}"
    if not isinstance(checked, dict) or "props" not in checked:
        path, kind = checked["problem"] if isinstance(checked, dict) else ("", "not JSON")
        return f"its prop {path} is {kind}, which cannot be handed to the browser"
    spec: dict[str, Any] = {"module": scope.key, "component": name, "props": checked["props"] or {}}
    if children_html:
        spec["children"] = children_html
    tag = "span" if inline else "div"
    wrapped = f'<{tag} class="sitegen-island" data-island="{html.escape(json.dumps(spec))}">{frame_html}</{tag}>'
    files = tuple(module_file(key, module) for key, module in scope.modules)
    return Island(wrapped if inline else wrapped + "\n", files)


def _components_in_frame(value: Any) -> Iterator[str]:
    """Components named in what the engine returned: sitegen's own (an author's is a function,
    already called), which the browser does not have."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, dict) and isinstance(item.get("props"), dict):
            element = item.get("$el")
            if isinstance(element, str) and element[:1].isupper():
                yield element
            stack.append(item["props"].get("children"))


def _build_only_child(tokens: list[Token]) -> str | None:
    """The first component or code block among the children (at any depth): the browser gets
    the children as HTML, without what sitegen's scripts add to those after the page loads."""
    stack = list(reversed(tokens))
    while stack:
        token = stack.pop()
        if token.type == "mdx_element" and token.meta["tag"].name[:1].isupper():
            return f"<{token.meta['tag'].name}>"
        if token.type in ("fence", "code_block"):
            return "a code block"
        stack.extend(reversed(token.children or []))
    return None
