"""JavaScript literals are evaluated without running anything; the rest is refused."""

from __future__ import annotations

import pytest

from sitegen.markdown.mdx.jsx import Scanner
from sitegen.markdown.mdx.literals import NotLiteral, evaluate


@pytest.mark.parametrize(("text", "value"), [
    ("2", 2), ("-1.5", -1.5), ("1e3", 1000.0), ("0x1F", 31), ("1_000", 1000),
    ("true", True), ("false", False), ("null", None), ("undefined", None),
    ('"a\\"b\\n"', 'a"b\n'), ("'\\u00e9'", "é"), ("`multi\nline`", "multi\nline"),
    ("[1, 'x', [true, null],]", [1, "x", [True, None]]),
    ('{ display: "flex", gap: 12, "font-size": "2em", nested: { a: [1] } }',
     {"display": "flex", "gap": 12, "font-size": "2em", "nested": {"a": [1]}}),
    ("/* note */ 'x' // trailing", "x"),
])
def test_literals(text: str, value: object) -> None:
    assert evaluate(text) == value


@pytest.mark.parametrize("text", [
    "fetch('/x')", "`a ${b}`", "x", "1 + 2", "{ a: b }", "() => 1", "new Date()", "'unterminated", "[1, 2", "a.b",
])
def test_code_is_refused(text: str) -> None:
    with pytest.raises(NotLiteral):
        evaluate(text)


def test_variables_and_members() -> None:
    variables = {"plan": {"name": "Pro", "tiers": ["a", "b"]}, "word": "hi"}
    assert evaluate("plan.name", variables) == "Pro"
    assert evaluate("plan.tiers[1]", variables) == "b"
    assert evaluate("plan.tiers.length", variables) == 2
    assert evaluate("[word, { word }]", variables) == ["hi", {"word": "hi"}]
    with pytest.raises(NotLiteral):
        evaluate("plan.missing", variables)


def test_expression_ends_skip_strings_templates_and_comments() -> None:
    src = "{ a: \"}\", b: `x ${ {c: 1}.c } }`, /* } */ d: '{' } tail"
    assert src[: Scanner(src, True).expression_end(0)] == src[: src.index(" tail")]


def test_pathological_input_is_linear() -> None:
    src = "{" * 50000
    scanner = Scanner(src, True)
    assert all(scanner.expression_end(i) is None for i in range(0, 50000, 7))
    tags = "<div>\n" * 20000
    scanner = Scanner(tags, True)
    assert all(scanner.close_of(scanner.tag_at(i), len(tags)) is None for i in range(0, len(tags), 6))  # type: ignore[arg-type]
