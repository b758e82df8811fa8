"""Author JavaScript (JSX, TypeScript) to plain JavaScript the engine runs.

tree-sitter's TSX grammar reads the source; JSX becomes `__h(type, props, ...children)`
calls and TypeScript's annotations, interfaces, type aliases, casts and `!` are left out.
`import` statements are taken out and described (`ScriptImport`), `export` keywords are
dropped and the exported names recorded: the caller wraps the code in a function that binds
the imports and returns the exports. The result keeps every line where it was, so an error's
line in the engine is the line in the author's file.
"""

from __future__ import annotations

import functools
import html
import json
import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Script", "ScriptImport", "parses", "transform_expression", "transform_module"]


@dataclass(frozen=True)
class ScriptImport:
    source: str  # as written: "/snippets/hero.jsx", "react"
    line: int  # 0-based line in the text given
    default: str | None  # local name of the default import
    namespace: str | None  # `* as name`
    names: tuple[tuple[str, str], ...]  # (imported name, local name)


@dataclass(frozen=True)
class Script:
    code: str  # plain JavaScript, line for line the source
    imports: tuple[ScriptImport, ...] = ()
    exports: dict[str, str] = field(default_factory=dict)  # exported name -> local name
    syntax_error: int | None = None  # 0-based line of the first syntax error, when there is one


# Nodes that are types only: left out, their line endings kept.
_TYPE_ONLY = frozenset({
    "type_annotation", "type_arguments", "type_parameters", "interface_declaration", "type_alias_declaration",
    "accessibility_modifier", "ambient_declaration", "abstract_method_signature", "index_signature",
    "override_modifier", "asserts_annotation", "type_predicate_annotation", "omitting_type_annotation",
    "opting_type_annotation", "adding_type_annotation",
})
# An expression with a type after it: only the expression is kept.
_CAST = frozenset({"as_expression", "satisfies_expression", "non_null_expression", "type_assertion"})
_JSX = frozenset({"jsx_element", "jsx_self_closing_element"})
_DECLARATION_NAMES = frozenset({"function_declaration", "generator_function_declaration", "class_declaration",
                                "abstract_class_declaration"})
_NEWLINE = re.compile(rb"\n")
_LINE_BREAK = re.compile(r"[ \t]*\r?\n[ \t]*")


@functools.cache
def _parser() -> Any:
    import tree_sitter
    import tree_sitter_typescript

    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_typescript.language_tsx()))


@functools.lru_cache(maxsize=256)  # a snippet file is imported by many pages
def transform_module(source: str) -> Script:
    """A module's code (a .jsx/.tsx/.js file, or the ESM blocks of an MDX page)."""
    data = source.encode()
    tree = _parser().parse(data)
    root = tree.root_node
    if root.has_error:
        return Script("", syntax_error=_first_error_line(root))
    writer = _Writer(data)
    imports: list[ScriptImport] = []
    exports: dict[str, str] = {}
    pieces: list[str] = []
    position = 0
    for node in root.children:
        pieces.append(data[position:node.start_byte].decode())
        position = node.end_byte
        if node.type == "import_statement":
            found = _import(node)
            if found is not None:
                imports.append(found)
            pieces.append(_blank(node))
        elif node.type == "export_statement":
            pieces.append(_export(node, writer, exports))
        else:
            pieces.append(writer.emit(node))
    pieces.append(data[position:].decode())
    return Script("".join(pieces), tuple(imports), exports)


def parses(source: str) -> bool:
    """Whether `source` is a whole program (no syntax error)."""
    return not _parser().parse(source.encode()).root_node.has_error


def transform_expression(source: str) -> str | None:
    """One expression (an MDX `{…}` or attribute value) as JavaScript; None when it does not parse."""
    data = b"(" + source.encode() + b"\n)"
    tree = _parser().parse(data)
    root = tree.root_node
    if root.has_error or root.named_child_count != 1 or root.named_children[0].type != "expression_statement":
        return None
    return _Writer(data).emit(root.named_children[0].named_children[0])


def _first_error_line(node: Any) -> int:
    if node.type == "ERROR" or node.is_missing:
        return int(node.start_point[0])
    for child in node.children:
        if child.has_error or child.is_missing:
            return _first_error_line(child)
    return int(node.start_point[0])


def _blank(node: Any) -> str:
    """What stands for a left-out node: its line endings, so later lines keep their numbers."""
    return "\n" * int(node.text.count(b"\n"))


def _text(node: Any) -> str:
    return str(node.text.decode())


def _string_value(node: Any) -> str:
    """The value of a string literal node (JavaScript escapes read by JSON where they agree)."""
    raw = _text(node)[1:-1]
    try:
        return str(json.loads('"' + raw.replace('"', '\\"').replace("\\'", "'") + '"'))
    except ValueError:
        return raw


def _import(node: Any) -> ScriptImport | None:
    source_node = node.child_by_field_name("source")
    if source_node is None:
        return None
    default = namespace = None
    names: list[tuple[str, str]] = []
    for child in node.children:
        if child.type != "import_clause":
            continue
        for part in child.children:
            if part.type == "identifier":
                default = _text(part)
            elif part.type == "namespace_import":
                identifiers = [c for c in part.children if c.type == "identifier"]
                namespace = _text(identifiers[-1]) if identifiers else None
            elif part.type == "named_imports":
                for specifier in part.children:
                    if specifier.type != "import_specifier":
                        continue
                    name = specifier.child_by_field_name("name")
                    alias = specifier.child_by_field_name("alias")
                    if name is not None:
                        names.append((_text(name), _text(alias if alias is not None else name)))
    if any(child.type == "type" for child in node.children):  # `import type {…}`
        return None
    return ScriptImport(_string_value(source_node), int(node.start_point[0]), default, namespace, tuple(names))


def _declared_names(node: Any) -> list[str]:
    """Names a declaration binds (`const a = …, b = …`, `function F`, `class C`)."""
    if node.type in _DECLARATION_NAMES:
        name = node.child_by_field_name("name")
        return [_text(name)] if name is not None else []
    if node.type in ("lexical_declaration", "variable_declaration"):
        return [_text(d.child_by_field_name("name")) for d in node.children
                if d.type == "variable_declarator" and d.child_by_field_name("name") is not None
                and d.child_by_field_name("name").type == "identifier"]
    return []


def _export(node: Any, writer: _Writer, exports: dict[str, str]) -> str:
    declaration = node.child_by_field_name("declaration")
    is_default = any(child.type == "default" for child in node.children)
    if declaration is not None:
        if declaration.type in _TYPE_ONLY:
            return _blank(node)
        names = _declared_names(declaration)
        for name in names:
            exports["default" if is_default else name] = name
        padding = "\n" * int(node.text[: declaration.start_byte - node.start_byte].count(b"\n"))
        if is_default and not names:  # `export default function () {…}`
            exports["default"] = "__default"
            return padding + "const __default = (" + writer.emit(declaration) + ");"
        return padding + writer.emit(declaration)
    value = node.child_by_field_name("value")
    if is_default and value is not None:
        exports["default"] = "__default"
        return "const __default = " + writer.emit(value) + ";"
    for child in node.children:  # export { a, b as c }
        if child.type == "export_clause":
            for specifier in child.children:
                if specifier.type == "export_specifier":
                    name = specifier.child_by_field_name("name")
                    alias = specifier.child_by_field_name("alias")
                    if name is not None:
                        exports[_text(alias if alias is not None else name)] = _text(name)
    return _blank(node)


class _Writer:
    """Emits a node's JavaScript: its source with JSX and types rewritten."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def emit(self, node: Any) -> str:
        kind = node.type
        if kind in _TYPE_ONLY:
            return _blank(node)
        if kind in _CAST:
            inner = node.named_children[0] if node.type != "type_assertion" else node.named_children[-1]
            return self._padded(node, "(" + self.emit(inner) + ")")
        if kind in _JSX:
            return self._padded(node, self._element(node))
        if kind == "optional_parameter":  # `name?: T` -> name (and its default value)
            return "".join(self.emit(child) if child.is_named else _text(child)
                           for child in node.children if child.type != "?")
        if node.child_count == 0:
            return str(self.data[node.start_byte:node.end_byte].decode())
        pieces: list[str] = []
        position = node.start_byte
        for child in node.children:
            pieces.append(self.data[position:child.start_byte].decode())
            pieces.append(self.emit(child))
            position = child.end_byte
        pieces.append(self.data[position:node.end_byte].decode())
        return "".join(pieces)

    def _padded(self, node: Any, code: str) -> str:
        missing = node.text.count(b"\n") - code.count("\n")
        return code + "\n" * missing if missing > 0 else code

    # --- JSX ------------------------------------------------------------------------------

    def _element(self, node: Any) -> str:
        if node.type == "jsx_self_closing_element":
            opening, children = node, []
        else:
            opening = node.child_by_field_name("open_tag")
            children = [c for c in node.children if c.type not in ("jsx_opening_element", "jsx_closing_element")]
        name = opening.child_by_field_name("name")
        args = [self._type(name), self._props(opening)]
        args.extend(self._children(children))
        return "__h(" + ", ".join(args) + ")"

    def _type(self, name: Any) -> str:
        if name is None:
            return '""'  # a fragment
        written = re.sub(r"\s+", "", _text(name))
        if name.type == "identifier" and (written[:1].islower() or "-" in written):
            return json.dumps(written)  # an HTML element
        if name.type in ("identifier", "member_expression", "nested_identifier"):
            root = written.split(".")[0]
            # The author's component when one is in scope (or in the page's), else sitegen's.
            return f'__type(typeof {root} !== "undefined" ? {written} : undefined, {json.dumps(written)})'
        return json.dumps(written)  # svg:rect

    def _props(self, opening: Any) -> str:
        parts: list[str] = []
        for attribute in opening.children_by_field_name("attribute"):
            if attribute.type == "jsx_expression":  # {...spread}
                spread = attribute.named_children[0] if attribute.named_children else None
                if spread is not None and spread.type == "spread_element":
                    parts.append(self.emit(spread))
                continue
            if attribute.type != "jsx_attribute" or not attribute.named_children:
                continue
            key = json.dumps(re.sub(r"\s+", "", _text(attribute.named_children[0])))
            value = attribute.named_children[1] if attribute.named_child_count > 1 else None
            if value is None:
                parts.append(f"{key}: true")
            elif value.type == "string":
                parts.append(f"{key}: {json.dumps(html.unescape(_text(value)[1:-1]))}")
            elif value.type == "jsx_expression":
                inner = [c for c in value.named_children if c.type != "comment"]
                parts.append(f"{key}: ({self.emit(inner[0])})" if inner else f"{key}: true")
            else:
                parts.append(f"{key}: {self.emit(value)}")
        return "{" + ", ".join(parts) + "}" if parts else "null"

    def _children(self, children: list[Any]) -> list[str]:
        out: list[str] = []
        text: list[str] = []

        def flush() -> None:
            if text:
                cleaned = _jsx_text("".join(text))
                if cleaned:
                    out.append(json.dumps(cleaned))
                text.clear()

        for child in children:
            if child.type in ("jsx_text", "html_character_reference"):
                text.append(_text(child))
                continue
            flush()
            if child.type == "jsx_expression":
                inner = [c for c in child.named_children if c.type != "comment"]
                if inner and inner[0].type == "spread_element":
                    out.append(self.emit(inner[0]))
                elif inner:
                    out.append("(" + self.emit(inner[0]) + ")")
            elif child.is_named and child.type != "comment":
                out.append(self.emit(child))
        flush()
        return out


def _jsx_text(raw: str) -> str:
    """JSX text as React sees it: lines trimmed where they break, blank lines dropped,
    the rest joined by one space; entities decoded."""
    lines = _LINE_BREAK.split(raw)
    if len(lines) == 1:
        return html.unescape(raw)
    kept = [line for line in lines if line]
    return html.unescape(" ".join(kept))
