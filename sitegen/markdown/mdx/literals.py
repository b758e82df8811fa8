"""JavaScript literals to Python values, without ever running JavaScript.

Attribute values (`cols={2}`, `style={{ display: "flex" }}`, `tags={["a", "b"]}`) and
`export const` values are read by this small recursive-descent parser. Anything that is
not a literal (a call, an identifier, `${}` in a template string) raises `NotLiteral`;
identifiers may be looked up in `variables` (snippet props, `export const` values).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

__all__ = ["NotLiteral", "evaluate"]

_IDENT_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$")
_IDENT_PART = _IDENT_START | frozenset("0123456789")
_KEYWORDS: dict[str, Any] = {"true": True, "false": False, "null": None, "undefined": None}
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
_MAX_DEPTH = 200  # nested arrays/objects deeper than this are not literals we accept


class NotLiteral(ValueError):
    """The text is not a JavaScript literal sitegen can compute."""


def evaluate(text: str, variables: Mapping[str, Any] | None = None) -> Any:
    """The Python value of the JavaScript literal `text`."""
    parser = LiteralReader(text, variables if variables is not None else {})
    value = parser.value(0)
    parser.skip_space()
    if parser.pos != len(text):
        raise NotLiteral(text)
    return value


class LiteralReader:
    """Reads JavaScript literals from `text` at `pos` (`value`), names looked up in `variables`;
    esm.py reads `export const` values with it, starting after the `=`."""

    def __init__(self, text: str, variables: Mapping[str, Any]) -> None:
        self.text = text
        self.pos = 0
        self.variables = variables

    def skip_space(self) -> None:
        text, pos = self.text, self.pos
        while pos < len(text):
            char = text[pos]
            if char.isspace():
                pos += 1
            elif text.startswith("//", pos):
                end = text.find("\n", pos)
                pos = len(text) if end == -1 else end
            elif text.startswith("/*", pos):
                end = text.find("*/", pos + 2)
                if end == -1:
                    raise NotLiteral(text)
                pos = end + 2
            else:
                break
        self.pos = pos

    def value(self, depth: int) -> Any:
        if depth > _MAX_DEPTH:
            raise NotLiteral(self.text)
        self.skip_space()
        if self.pos >= len(self.text):
            raise NotLiteral(self.text)
        char = self.text[self.pos]
        if char in "\"'":
            return self.string(char)
        if char == "`":
            return self.template()
        if char == "[":
            return self.array(depth)
        if char == "{":
            return self.object(depth)
        if char == "(":
            self.pos += 1
            value = self.value(depth + 1)
            self.expect(")")
            return value
        if char in "+-" or char.isdigit() or char == ".":
            return self.number()
        name = self.identifier()
        if name in _KEYWORDS:
            return _KEYWORDS[name]
        if name in ("Infinity", "NaN"):
            return math.inf if name == "Infinity" else math.nan
        if name in self.variables:
            return self.member(self.variables[name])
        raise NotLiteral(self.text)

    def member(self, value: Any) -> Any:
        """`plan.name`, `plan["name"]`, `items[0]` on a known value."""
        while True:
            self.skip_space()
            if self.text.startswith(".", self.pos) and not self.text.startswith("..", self.pos):
                self.pos += 1
                self.skip_space()
                key: Any = self.identifier()
            elif self.text.startswith("[", self.pos):
                self.pos += 1
                key = self.value(1)
                self.expect("]")
            else:
                return value
            if _has_member(value, key):
                value = value[key]
            elif isinstance(value, (str, list)) and key == "length":
                value = len(value)
            else:
                raise NotLiteral(self.text)

    def expect(self, char: str) -> None:
        self.skip_space()
        if not self.text.startswith(char, self.pos):
            raise NotLiteral(self.text)
        self.pos += 1

    def identifier(self) -> str:
        start = self.pos
        if start >= len(self.text) or self.text[start] not in _IDENT_START:
            raise NotLiteral(self.text)
        end = start + 1
        while end < len(self.text) and self.text[end] in _IDENT_PART:
            end += 1
        self.pos = end
        return self.text[start:end]

    def number(self) -> int | float:
        text, start = self.text, self.pos
        sign = 1
        if text[start] in "+-":
            sign = -1 if text[start] == "-" else 1
            self.pos += 1
            self.skip_space()
            if self.text.startswith("Infinity", self.pos):
                self.pos += len("Infinity")
                return sign * math.inf
        start = self.pos
        end = start
        while end < len(text) and (text[end].isalnum() or text[end] in "._"):
            end += 1
        raw = text[start:end].replace("_", "")
        self.pos = end
        try:
            if raw[:2].lower() in ("0x", "0o", "0b"):
                return sign * int(raw, 0)
            if raw.endswith("n"):  # BigInt
                return sign * int(raw[:-1])
            number = float(raw)
        except ValueError:
            raise NotLiteral(self.text) from None
        return sign * (int(number) if number.is_integer() and "e" not in raw.lower() and "." not in raw else number)

    def string(self, quote: str) -> str:
        text = self.text
        pos = self.pos + 1
        out: list[str] = []
        while pos < len(text):
            char = text[pos]
            if char == quote:
                self.pos = pos + 1
                return "".join(out)
            if char == "\\":
                pos = self._escape(pos, out)
                continue
            if char == "\n":
                break
            out.append(char)
            pos += 1
        raise NotLiteral(text)

    def template(self) -> str:
        text = self.text
        pos = self.pos + 1
        out: list[str] = []
        while pos < len(text):
            char = text[pos]
            if char == "`":
                self.pos = pos + 1
                return "".join(out)
            if char == "\\":
                pos = self._escape(pos, out)
                continue
            if text.startswith("${", pos):
                raise NotLiteral(text)  # interpolation is code
            out.append(char)
            pos += 1
        raise NotLiteral(text)

    def _escape(self, pos: int, out: list[str]) -> int:
        text = self.text
        if pos + 1 >= len(text):
            raise NotLiteral(text)
        code = text[pos + 1]
        if code in _ESCAPES:
            out.append(_ESCAPES[code])
            return pos + 2
        if code == "u":
            if text.startswith("{", pos + 2):
                end = text.find("}", pos + 3)
                digits = text[pos + 3 : end] if end != -1 else ""
                after = end + 1
            else:
                digits = text[pos + 2 : pos + 6]
                after = pos + 6
            try:
                out.append(chr(int(digits, 16)))
            except ValueError:
                raise NotLiteral(text) from None
            return after
        if code == "x":
            try:
                out.append(chr(int(text[pos + 2 : pos + 4], 16)))
            except ValueError:
                raise NotLiteral(text) from None
            return pos + 4
        if code == "\n":
            return pos + 2  # line continuation
        out.append(code)
        return pos + 2

    def array(self, depth: int) -> list[Any]:
        self.pos += 1
        items: list[Any] = []
        while True:
            self.skip_space()
            if self.text.startswith("]", self.pos):
                self.pos += 1
                return items
            items.append(self.value(depth + 1))
            self.skip_space()
            if self.text.startswith(",", self.pos):
                self.pos += 1
            elif not self.text.startswith("]", self.pos):
                raise NotLiteral(self.text)

    def object(self, depth: int) -> dict[str, Any]:
        self.pos += 1
        result: dict[str, Any] = {}
        while True:
            self.skip_space()
            if self.text.startswith("}", self.pos):
                self.pos += 1
                return result
            char = self.text[self.pos] if self.pos < len(self.text) else ""
            if char in "\"'":
                key = self.string(char)
            elif char.isdigit():
                key = str(self.number())
            else:
                key = self.identifier()
            self.skip_space()
            if self.text.startswith(":", self.pos):
                self.pos += 1
                result[key] = self.value(depth + 1)
            elif key in self.variables:  # shorthand { planName }
                result[key] = self.variables[key]
            else:
                raise NotLiteral(self.text)
            self.skip_space()
            if self.text.startswith(",", self.pos):
                self.pos += 1
            elif not self.text.startswith("}", self.pos):
                raise NotLiteral(self.text)


def _has_member(value: Any, key: Any) -> bool:
    """`value[key]` exists: a key of an object, or an index inside an array (never a bool)."""
    if isinstance(value, dict):
        return isinstance(key, str) and key in value
    return (isinstance(value, list) and isinstance(key, int) and not isinstance(key, bool)
            and 0 <= key < len(value))
