"""Author JavaScript in MDX: which names are the author's components, the JavaScript modules
a document reaches (its own ESM blocks, `.jsx`/`.tsx`/`.js`/`.ts` files, other snippets' exports),
and evaluating code in a document's scope in the engine (`sitegen.javascript`).

Nothing here starts the engine until a page needs it: a component of the author's is used,
or an expression or attribute is code rather than a literal (`literals.py` reads those first).
What an evaluation returns is a JSON value whose elements are `{"$el": name, "props": {…}}`
and whose already-rendered HTML is `{"$html": "…"}`; to_html.py turns it into HTML through the
same components, HTML allowlist and URL checks as hand-written MDX.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from sitegen.confine import OUTSIDE
from sitegen.markdown.mdx.esm import PROVIDED_PACKAGES, Module
from sitegen.markdown.mdx.snippets import OutsideProject, SnippetSource, find_script, find_snippet, load_snippet

if TYPE_CHECKING:
    from sitegen.javascript.transform import Script

__all__ = ["ScriptFailed", "ScriptScope", "SnippetModule", "author_component", "component_call", "document_scope",
           "evaluate_in", "worth_running"]

SCRIPT_SUFFIXES = (".jsx", ".tsx", ".js", ".ts")
_PLAIN_NAME = re.compile(
    r"\s*([A-Za-z_$][\w$]*)(?:\s*(?:\.\s*[A-Za-z_$][\w$]*|\[\s*(?:\d+|'[^']*'|\"[^\"]*\")\s*\]))*\s*")


class ScriptFailed(Exception):
    """Code could not run; the message says why (and where, for a module that did not load)."""


class _State(Protocol):
    """What this module needs of render.PageState."""

    resolver: Any
    snippets: set[Path]

    def warn(self, where: str, message: str) -> None: ...


class _Doc(Protocol):
    display: str
    path: Path
    mdx: bool
    module: Module
    props: dict[str, Any]
    scope: ScriptScope | None

    def where(self, line: int) -> str: ...


SnippetModule = Callable[[SnippetSource], Module]


@dataclass
class ScriptScope:
    """A document's JavaScript module in the engine: its key, or why it cannot run.

    `modules` are the definitions the reader's browser needs to run it (key, module code),
    what it imports first; `browser_problem` says why the browser cannot have it (an import
    that was left out), for components that use hooks (`islands.py`)."""

    key: str | None
    names: frozenset[str] = field(default_factory=frozenset)
    failure: str | None = None
    modules: tuple[tuple[str, str], ...] = ()
    browser_problem: str | None = None
    sources: dict[str, ScriptScope] = field(default_factory=dict)  # imported name -> the module it comes from

    def problem_of(self, name: str) -> str | None:
        """Why the browser cannot run the component `name` (its module's problem)."""
        return self.sources.get(name.split(".")[0], self).browser_problem


def author_component(doc: _Doc, name: str, snippet_module: SnippetModule, state: _State) -> bool:
    """Whether <name> is a component the author wrote in JavaScript for this document."""
    if not doc.mdx or not name[:1].isupper():
        return False
    root = name.split(".")[0]
    if root in doc.module.script_names or root == "React":  # <React.Fragment>, <React.StrictMode>
        return True
    for item in doc.module.imports:
        if root != item.default and all(root != local for _, local in item.names):
            continue
        if item.path.endswith(SCRIPT_SUFFIXES):
            return True
        if not item.path.endswith((".mdx", ".md")) and _script_path(state, doc.path, item.path) is not None:
            return True
        imported = next((imported for imported, local in item.names if local == root), None)
        if imported is None:
            return False  # a default import of an .mdx snippet: the snippet itself
        snippet = _snippet_path(state, doc.path, item.path)
        if snippet is None:
            return False
        return imported in snippet_module(load_snippet(snippet, state.resolver.project_dir)).script_names
    return False


def worth_running(doc: _Doc, text: str) -> bool:
    """Whether code the literal reader refused is worth the engine: anything but a name
    (or a path of one) that nothing in the document defines."""
    plain = _PLAIN_NAME.fullmatch(text)
    if plain is None:
        return True
    root = plain.group(1)
    return root == "props" or root in doc.module.script_names or any(
        root == item.default or any(root == local for _, local in item.names) for item in doc.module.imports)


def evaluate_in(state: _State, doc: _Doc, code: str, snippet_module: SnippetModule) -> tuple[Any, list[str]]:
    """The value of JavaScript `code` (already transformed) in the document's scope, and
    the components that used React hooks."""
    from sitegen.javascript.engine import ScriptFailed as EngineFailed
    from sitegen.javascript.engine import engine

    scope = document_scope(state, doc, snippet_module)
    if scope.failure is not None:
        raise ScriptFailed(scope.failure)
    props = json.dumps(doc.props, default=str)
    module = f"__modules[{json.dumps(scope.key)}]" if scope.key else "{}"
    # MDX gives a document its props both by name and as `props` (`{props.title}` in a snippet).
    expression = (f"(function (__p) {{ var __s = Object.assign(Object.create(null), {module}, {{props: __p}}, __p); "
                  f"__page = __s; with (__s) {{ return ({code}\n); }} }})({props})")
    try:
        return engine().run(expression)
    except EngineFailed as exc:
        raise ScriptFailed(str(exc)) from None


def component_call(name: str, props_code: str, children_html: str) -> str:
    """The JavaScript that renders <name …props>children</name>."""
    children = f", {json.dumps({'$html': children_html})}" if children_html else ""
    return f"__h({name}, {props_code}{children})"


# --- modules ------------------------------------------------------------------------------


def document_scope(state: _State, doc: _Doc, snippet_module: SnippetModule) -> ScriptScope:
    """The document's module, loaded in the engine on first use (kept on the document)."""
    if doc.scope is None:
        if not doc.module.scripts:
            doc.scope = ScriptScope(None)
        else:
            source = _joined_blocks(doc.module.scripts)
            doc.scope = _load(state, doc, doc.path, doc.display, source, snippet_module, chain=(doc.display,))
    return doc.scope


def _joined_blocks(blocks: list[tuple[int, str]]) -> str:
    """ESM blocks at their own lines, so the module's line numbers are the document's."""
    out: list[str] = []
    line = 0
    for first, text in blocks:
        out.append("\n" * max(first - line, 0))
        out.append(text)
        line = first + text.count("\n")
    return "".join(out)


def _load(state: _State, doc: _Doc, path: Path, display: str, source: str, snippet_module: SnippetModule,
          chain: tuple[str, ...]) -> ScriptScope:
    """Load one module (`path`, shown as `display`) and, first, what it imports."""
    from sitegen.javascript.engine import ScriptFailed as EngineFailed
    from sitegen.javascript.engine import engine
    from sitegen.javascript.transform import transform_module

    script = transform_module(source)
    if script.syntax_error is not None:
        line = _line(doc, display, script.syntax_error)
        return ScriptScope(None, failure=f"JavaScript syntax error at {display}:{line}")
    bindings, names, found = _bind_imports(state, doc, path, display, script, snippet_module, chain)
    exported = ", ".join(f"{json.dumps(name)}: {local}" for name, local in script.exports.items())
    imported = ", ".join(f"{json.dumps(name)}: {name}" for name in sorted(names - set(script.exports)))
    body = ", ".join(part for part in (exported, imported) if part)
    module = f"(function () {{ {' '.join(bindings)}{script.code}\n; return {{{body}}}; }})()"
    # Keyed by the code, imports' keys included: a module is evaluated again only when it or
    # something it imports changed (a long `serve` session keeps its engine).
    key = display + "#" + hashlib.sha256(module.encode()).hexdigest()[:16]
    code = f"__modules[{json.dumps(key)}] = {module};"
    try:
        engine().load(key, code)
    except EngineFailed as exc:
        return ScriptScope(None, failure=f"{display} did not load: {exc}")
    # What the browser runs: each imported module before the one importing it, once.
    modules = dict(pair for scope in found.scopes for pair in scope.modules)
    modules[key] = module
    problems = [f"it imports the npm package '{source}'" if not source.startswith((".", "/"))
                else f"its import '{source}' was left out" for source in found.left_out]
    problems += [scope.browser_problem for scope in found.scopes if scope.browser_problem]
    return ScriptScope(key, frozenset(names), modules=tuple(modules.items()),
                       browser_problem=problems[0] if problems else None, sources=found.sources)


def _bind_imports(state: _State, doc: _Doc, path: Path, display: str, script: Script, snippet_module: SnippetModule,
                  chain: tuple[str, ...]) -> tuple[list[str], set[str], _Imported]:
    """The `var` bindings of a module's imports (loading the modules they name), the names
    the module defines, and what its imports gave."""
    bindings: list[str] = []
    names: set[str] = set(script.exports)
    found = _Imported()
    for item in script.imports:
        where = f"{display}:{_line(doc, display, item.line)}"
        locals_ = [(imported, local) for imported, local in item.names]
        if item.default:
            locals_.append(("default", item.default))
        if item.namespace:
            locals_.append(("*", item.namespace))
        if item.source in PROVIDED_PACKAGES:
            module_code: str | None = "__react"
        elif item.source.startswith((".", "/")):
            module_code, origin = _import_module(state, doc, path, where, item.source, snippet_module, chain, found)
            if origin is not None:
                found.sources.update((local, origin) for _, local in locals_)
        else:
            if display != doc.display:  # a page's own npm imports are warned about by esm.py
                state.warn(where, f"import from '{item.source}': npm packages are not installed by sitegen; "
                                  "what it imports is left out")
            module_code = None
        if (module_code is None and item.source not in found.markdown) or _unavailable_code(module_code):
            found.left_out.append(item.source)
        if module_code is None:
            continue
        for imported, local in locals_:
            value = module_code if imported == "*" or (imported == "default" and module_code == "__react") \
                else f"({module_code} || {{}})[{json.dumps(imported)}]"
            bindings.append(f"var {local} = {value};")
            names.add(local)
    return bindings, names, found


@dataclass
class _Imported:
    """What a module's imports gave: the modules loaded (and which name came from which), the
    imports left out (npm packages, files outside the project, cycles, modules that failed)
    and the Markdown snippets."""

    scopes: list[ScriptScope] = field(default_factory=list)
    sources: dict[str, ScriptScope] = field(default_factory=dict)
    left_out: list[str] = field(default_factory=list)
    markdown: set[str] = field(default_factory=set)


def _line(doc: _Doc, display: str, line: int) -> int:
    """1-based file line of a 0-based line of a module's source."""
    if display == doc.display:
        return int(doc.where(line).rsplit(":", 1)[1])
    return line + 1


def _import_module(state: _State, doc: _Doc, importer: Path, where: str, written: str, snippet_module: SnippetModule,
                   chain: tuple[str, ...], imported: _Imported) -> tuple[str | None, ScriptScope | None]:
    """The JavaScript that reads the imported module's exports, loading it first (noted in
    `imported`), and the module (None when it did not load)."""
    try:
        script_path = _script_path(state, importer, written, raise_outside=True)
    except OutsideProject:
        state.warn(where, f"import '{written}' is {OUTSIDE}; left out")
        return None, None
    project_dir = state.resolver.project_dir
    if script_path is not None:
        source = load_snippet(script_path, project_dir)
        state.snippets.add(script_path)
        if source.display in chain:
            state.warn(where, f"import cycle {' -> '.join([*chain, source.display])}; left out")
            return None, None
        scope = _load(state, doc, script_path, source.display, source.text, snippet_module, (*chain, source.display))
        if scope.failure is not None:
            return _unavailable(scope.failure), None
        imported.scopes.append(scope)
        return f"__modules[{json.dumps(scope.key)}]", scope
    snippet = _snippet_path(state, importer, written)
    if snippet is None:
        return None, None  # to_html.py warns about snippets it cannot find when they are used
    source = load_snippet(snippet, project_dir)
    module = snippet_module(source)
    if not module.scripts:
        imported.markdown.add(written)  # a Markdown snippet: sitegen renders it, no JavaScript
        return None, None
    if source.display in chain:
        return None, None
    state.snippets.add(snippet)
    scope = _load(state, doc, snippet, source.display, _joined_blocks(module.scripts), snippet_module,
                  (*chain, source.display))
    if scope.failure is not None:
        return _unavailable(scope.failure), None
    imported.scopes.append(scope)
    return f"__modules[{json.dumps(scope.key)}]", scope


def _unavailable_code(code: str | None) -> bool:
    return code is not None and code.startswith("__unavailable(")


def _unavailable(failure: str) -> str:
    """Exports of a module that did not load: each one throws why when it is used, so the
    warning names the component that used it (one warning, not one for the import too)."""
    return f"__unavailable({json.dumps(failure)})"


def _script_path(state: _State, importer: Path, written: str, raise_outside: bool = False) -> Path | None:
    resolver = state.resolver
    try:
        return find_script(written, importer, resolver.project_dir, resolver.content_dir)
    except OutsideProject:
        if raise_outside:
            raise
        return None


def _snippet_path(state: _State, importer: Path, written: str) -> Path | None:
    resolver = state.resolver
    try:
        return find_snippet(written, importer, resolver.project_dir, resolver.content_dir)
    except OutsideProject:
        return None
