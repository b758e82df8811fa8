"""The import rules of docs/architecture.md that a reader cannot see in one file:

- every sitegen module imports on its own, in a fresh interpreter;
- the config package has no module-level import cycle (each module imports only those
  "above" it: validation → model → classic → v2 → load → the package);
- no module imports another sitegen module's `_private` names: what a module shares is public.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from conftest import REPO

PACKAGE = REPO / "sitegen"


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sitegen_modules() -> dict[str, Path]:
    # `__main__` runs the command line when imported; the starter project is package data.
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))
            if path.name != "__main__.py" and "starter" not in path.relative_to(PACKAGE).parts}


def absolute(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The module an ImportFrom reads from, with relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def module_level_imports(tree: ast.Module, importer: str, is_package: bool, known: set[str]) -> set[str]:
    """The sitegen modules imported when `importer` is imported: statements at module level
    (inside `if`/`try` too, not under `if TYPE_CHECKING:` or in a function)."""
    found: set[str] = set()

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names if alias.name in known)
            elif isinstance(node, ast.ImportFrom):
                source = absolute(node, importer, is_package)
                if source in known:
                    found.add(source)
                # `from sitegen.config import v2` imports the submodule itself.
                found.update(f"{source}.{alias.name}" for alias in node.names if f"{source}.{alias.name}" in known)
            elif isinstance(node, ast.If):
                if not is_type_checking(node):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)

    visit(tree.body)
    return found


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of `graph` (a list of modules, first == last), or None."""
    state: dict[str, str] = {}
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = "open"
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == "open":
                return [*stack[stack.index(target):], target]
            if target not in state:
                cycle = walk(target)
                if cycle is not None:
                    return cycle
        stack.pop()
        state[node] = "done"
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = walk(start)
            if cycle is not None:
                return cycle
    return None


def test_every_module_imports_in_a_fresh_interpreter() -> None:
    names = sorted(sitegen_modules())
    script = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n"
    result = subprocess.run([sys.executable, "-c", script, *names], cwd=REPO, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr


def test_each_config_module_imports_first_in_a_fresh_interpreter() -> None:
    """A cycle shows when its modules are imported in an unlucky order: here each config
    module is the first sitegen module a fresh interpreter imports."""
    names = sorted(name for name in sitegen_modules() if name == "sitegen.config" or name.startswith("sitegen.config."))
    assert "sitegen.config.v2.navigation" in names  # the package is where the rules expect it
    for name in names:
        result = subprocess.run([sys.executable, "-c", f"import {name}"], cwd=REPO, capture_output=True, text=True,
                                timeout=120)
        assert result.returncode == 0, f"import {name}:\n{result.stderr}"


def test_config_package_has_no_module_level_import_cycle() -> None:
    modules = sitegen_modules()
    known = set(modules)
    graph = {
        name: module_level_imports(ast.parse(path.read_text(encoding="utf-8")), name, path.name == "__init__.py",
                                   known)
        for name, path in modules.items() if name == "sitegen.config" or name.startswith("sitegen.config.")
    }
    assert find_cycle(graph) is None, " → ".join(find_cycle(graph) or [])
    # The classic loader never pulls in the v2 schema at import time (a twentieth of a second).
    reached: set[str] = set()
    todo = ["sitegen.config"]
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(graph.get(name, ()))
    assert not {name for name in reached if name.startswith("sitegen.config.v2")}, sorted(reached)


def test_openapi_reads_documents_without_loading_the_config() -> None:
    """`openapi` uses config's types for annotations only: none of its modules imports the
    config at import time (the pages a v2 navigation generates live in api_pages.py, after it)."""
    modules = sitegen_modules()
    known = set(modules)
    found = {
        name: sorted(imported for imported in module_level_imports(
            ast.parse(path.read_text(encoding="utf-8")), name, path.name == "__init__.py", known)
            if imported == "sitegen.config" or imported.startswith("sitegen.config."))
        for name, path in modules.items() if name.startswith("sitegen.openapi")
    }
    assert {name: imported for name, imported in found.items() if imported} == {}


def test_the_cycle_check_finds_a_cycle() -> None:
    # The cycle this package once had: config → config_v2 → config.
    assert find_cycle({"a": {"b"}, "b": {"a"}, "c": set()}) == ["a", "b", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def is_sitegen_module(dotted: str) -> bool:
    """A package folder or a .py file of sitegen (not a name defined inside a module)."""
    path = PACKAGE.parent / dotted.replace(".", "/")
    return path.exists() or path.with_suffix(".py").exists()


def private_from_imports(
    node: ast.ImportFrom, importer: str, is_package: bool, module_aliases: dict[str, str]
) -> list[str]:
    """`from sitegen.x import _name`; records the sitegen modules it imports by name."""
    source = absolute(node, importer, is_package)
    if source != "sitegen" and not source.startswith("sitegen."):
        return []
    found: list[str] = []
    for alias in node.names:
        if is_private(alias.name):
            found.append(f"{importer}:{node.lineno}: from {source} import {alias.name}")
        elif is_sitegen_module(f"{source}.{alias.name}"):
            module_aliases[alias.asname or alias.name] = f"{source}.{alias.name}"
    return found


def private_module_imports(node: ast.Import, importer: str, module_aliases: dict[str, str]) -> list[str]:
    """`import sitegen._x`; records the names sitegen modules are imported as."""
    found: list[str] = []
    for alias in node.names:
        if alias.name.startswith("sitegen"):
            if any(is_private(part) for part in alias.name.split(".")):
                found.append(f"{importer}:{node.lineno}: import {alias.name}")
            if alias.asname:
                module_aliases[alias.asname] = alias.name
    return found


def private_imports(tree: ast.Module, importer: str, is_package: bool) -> list[str]:
    """`_name`s this module takes from another sitegen module: imported by name, or read as
    an attribute of an imported sitegen module."""
    found: list[str] = []
    module_aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += private_from_imports(node, importer, is_package, module_aliases)
        elif isinstance(node, ast.Import):
            found += private_module_imports(node, importer, module_aliases)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and is_private(node.attr) \
                and node.value.id in module_aliases:
            found.append(f"{importer}:{node.lineno}: {module_aliases[node.value.id]}.{node.attr}")
    return found


def test_no_module_imports_a_private_name_of_another() -> None:
    found = [
        problem
        for name, path in sitegen_modules().items()
        for problem in private_imports(ast.parse(path.read_text(encoding="utf-8")), name, path.name == "__init__.py")
    ]
    assert found == []


def test_the_private_check_finds_each_form() -> None:
    source = ("from sitegen.config.validation import _show\n"
              "from . import _helpers\n"
              "from sitegen import colors\n"
              "import sitegen.render as render\n"
              "colors._secret\n"
              "render._other\n")
    assert private_imports(ast.parse(source), "sitegen.config.model", False) == [
        "sitegen.config.model:1: from sitegen.config.validation import _show",
        "sitegen.config.model:2: from sitegen.config import _helpers",
        "sitegen.config.model:5: sitegen.colors._secret",
        "sitegen.config.model:6: sitegen.render._other",
    ]
