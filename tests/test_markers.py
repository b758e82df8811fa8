"""The fast loop's list of slow tests (conftest.SLOW_TESTS) names tests that exist: a test
renamed or removed would otherwise silently come back into the fast loop, or a typo leave a
slow test in it."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import SLOW_TESTS

TESTS = Path(__file__).resolve().parent


def test_every_slow_file_and_test_exists() -> None:
    for file, names in SLOW_TESTS.items():
        path = TESTS / file
        assert path.is_file(), file
        defined = {node.name for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}
        assert set(names) <= defined, (file, sorted(set(names) - defined))
