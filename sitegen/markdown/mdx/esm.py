"""MDX ESM: `import`/`export` blocks. They are consumed, never rendered.

Read here without running anything: default imports of `.mdx`/`.md` snippets (used as
components), named imports from snippets (their `export const` values), and `export const
name = <literal>` (the fast path: no engine). Every block is also kept as written
(`Module.scripts`) with the names its non-literal exports declare (`Module.script_names`:
components, functions, computed data), which `scripted.py` runs in the JavaScript engine
when the page uses one. Imports of npm packages other than React are warned about here.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from sitegen.markdown.mdx.literals import LiteralReader, NotLiteral

__all__ = ["Module", "read_esm"]

_IMPORT = re.compile(
    r"""import\s+(?:(?P<default>[A-Za-z_$][\w$]*)\s*,?\s*)?(?:\{(?P<named>[^{}]*)\}\s*)?"""
    r"""(?:\*\s*as\s+[A-Za-z_$][\w$]*\s*)?(?:from\s*)?(?P<quote>['"])(?P<path>[^'"\n]*)(?P=quote)"""
)
_EXPORT_CONST = re.compile(r"export\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*")
_STATEMENT_START = re.compile(r"^(?:import|export)\b", re.M)
_EXPORT_DECLARATION = re.compile(
    r"export\s+(?:default\s+)?(?:async\s+)?(?:function\s*\*?|class)\s*([A-Za-z_$][\w$]*)")
# What sitegen provides itself: React (the engine's shim renders the first frame; the browser
# runs real React for components that use hooks: islands.py).
PROVIDED_PACKAGES = frozenset({"react", "react/jsx-runtime", "react-dom"})


@dataclass(frozen=True)
class Import:
    path: str  # as written: '/snippets/x.mdx'
    line: int  # 0-based line in the document source
    default: str | None
    names: tuple[tuple[str, str], ...]  # (imported name, local name)


@dataclass
class Module:
    imports: list[Import] = field(default_factory=list)
    exports: dict[str, Any] = field(default_factory=dict)
    problems: list[tuple[int, str]] = field(default_factory=list)  # (0-based line, message)
    scripts: list[tuple[int, str]] = field(default_factory=list)  # (0-based line, ESM block as written)
    script_names: set[str] = field(default_factory=set)  # declared by exports that are code, not literals

    def component_import(self, name: str) -> Import | None:
        for item in self.imports:
            if item.default == name:
                return item
        return None

    def variable_import(self, name: str) -> tuple[Import, str] | None:
        for item in self.imports:
            for imported, local in item.names:
                if local == name:
                    return item, imported
        return None


def read_esm(chunk: str, first_line: int, module: Module) -> None:
    """Add the imports and exports of one ESM block (text up to a blank line) to `module`."""
    module.scripts.append((first_line, chunk))
    starts = [m.start() for m in _STATEMENT_START.finditer(chunk)] + [len(chunk)]
    for start, end in itertools.pairwise(starts):
        statement = chunk[start:end]
        line = first_line + chunk.count("\n", 0, start)
        if statement.startswith("import"):
            match = _IMPORT.match(statement)
            if match is None:
                continue
            names = []
            for part in (match.group("named") or "").split(","):
                words = part.split()
                if len(words) == 3 and words[1] == "as":
                    names.append((words[0], words[2]))
                elif len(words) == 1:
                    names.append((words[0], words[0]))
            path = match.group("path")
            if not path.startswith((".", "/")) and path not in PROVIDED_PACKAGES:
                module.problems.append((line, f"import from '{path}': npm packages are not installed by sitegen; "
                                              "what it imports is left out"))
            module.imports.append(Import(path, line, match.group("default"), tuple(names)))
            continue
        match = _EXPORT_CONST.match(statement)
        if match is None:
            declared = _EXPORT_DECLARATION.match(statement)
            if declared is not None:
                module.script_names.add(declared.group(1))
            continue
        name = match.group(1)
        parser = LiteralReader(statement, module.exports)
        parser.pos = match.end()
        try:
            value = parser.value(0)
            parser.skip_space()
            if parser.pos < len(statement) and statement[parser.pos] != ";":
                raise NotLiteral(statement)
        except NotLiteral:
            module.script_names.add(name)  # code: run in the engine when the page uses it
            continue
        module.exports[name] = value
