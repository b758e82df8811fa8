"""docs/architecture.md's module table is true: every module or package it names exists, and
every module of sitegen is named, by itself or by its package's row."""

from __future__ import annotations

import re

from conftest import REPO

PACKAGE = REPO / "sitegen"
TABLE_ROW = re.compile(r"^\| (?P<names>`[^|]+`) \|", re.M)


def named_in_table() -> set[str]:
    text = (REPO / "docs/architecture.md").read_text(encoding="utf-8")
    names: set[str] = set()
    for row in TABLE_ROW.finditer(text):
        names.update(re.findall(r"`([^`]+)`", row.group("names")))
    return names


def test_every_module_the_table_names_exists() -> None:
    missing = [name for name in sorted(named_in_table()) if not (PACKAGE / name.rstrip("/")).exists()]
    assert missing == []


def test_every_module_is_in_the_table() -> None:
    named = named_in_table()
    packages = {name.rstrip("/") for name in named if name.endswith("/")}
    unnamed = []
    for module in sorted(PACKAGE.rglob("*.py")):
        relative = module.relative_to(PACKAGE).as_posix()
        if relative in ("__init__.py", "__main__.py") or relative in named:
            continue
        parents = [parent.as_posix() for parent in module.relative_to(PACKAGE).parents if parent.as_posix() != "."]
        if not any(parent in packages for parent in parents):
            unnamed.append(relative)
    assert unnamed == []
