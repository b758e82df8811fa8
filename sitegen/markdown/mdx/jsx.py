"""The MDX JSX and expression grammar: tags, attributes, `{expressions}`.

Follows micromark-extension-mdx-jsx: `<` name (identifiers with `-`, members `a.b`,
namespaces `a:b`) attributes (`name`, `name="…"`, `name='…'`, `name={…}`, `{...spread}`)
then `>` or `/>`; closing tags `</name>`; fragments `<>` `</>`. Whitespace, line endings
included, may separate every part. Expressions are balanced braces that skip JavaScript
strings, template literals and comments (micromark-factory-mdx-expression without acorn).

`Scanner` works on one source string and remembers every answer (where a tag ends, which
closing tag matches an opening one, where an expression ends), so matching is linear
even on thousands of nested or unclosed tags.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field

__all__ = ["Attribute", "Scanner", "Tag"]

# A tag or attribute name: a letter, _ or $, or any character from U+00C0 to U+FFFF, then
# those, digits and -. Written with a negated class: the range \u00c0-\uffff took re 6 ms to
# compile on every start (the same strings match).
_BMP_ABOVE_LATIN1 = r"[^\x00-\xbf\U00010000-\U0010ffff]"
_NAME = re.compile(rf"(?:[A-Za-z_$]|{_BMP_ABOVE_LATIN1})(?:[\w$\-]|{_BMP_ABOVE_LATIN1})*")
_SPACE = re.compile(r"\s*")
_FENCE = re.compile(r"[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*(`{3,}|~{3,})")
# HTML void elements: `<img …>` and `<br>` close themselves (old pages write them so).
VOID_ELEMENTS = frozenset("area base br col embed hr img input link meta source track wbr".split())
_INTERESTING_MDX = re.compile(r"[<{`\n]")
_INTERESTING_MD = re.compile(r"[<`\n]")


def _space_end(src: str, pos: int) -> int:
    """Where the whitespace from `pos` ends (`\\s*` always matches)."""
    if pos < len(src) and not src[pos].isspace():
        return pos  # most calls: no space at all (str.isspace is what \s matches)
    match = _SPACE.match(src, pos)
    assert match is not None
    return match.end()


@dataclass(frozen=True)
class Attribute:
    name: str  # "" for a spread `{...props}`
    kind: str  # "string", "expression" or "bare"
    value: str  # string value as written (entities not decoded) or expression source


@dataclass(frozen=True)
class Tag:
    name: str  # "" for a fragment
    start: int
    end: int  # just after `>`
    closing: bool = False
    self_closing: bool = False
    attributes: tuple[Attribute, ...] = field(default=())

    @property
    def source(self) -> str:
        return f"</{self.name}>" if self.closing else f"<{self.name}>"


class Scanner:
    """Tags and expressions of one source string, with every lookup cached."""

    def __init__(self, src: str, mdx: bool) -> None:
        self.src = src
        self.mdx = mdx
        self._tags: dict[int, Tag | None] = {}
        self._closes: dict[int, Tag | None] = {}
        self._expressions: dict[int, int | None] = {}
        self._line_starts: list[int] | None = None

    # --- lines ----------------------------------------------------------------------

    def line_of(self, pos: int) -> int:
        """0-based line of `pos`."""
        if self._line_starts is None:
            self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.src)]
        return bisect_right(self._line_starts, pos) - 1

    # --- expressions ----------------------------------------------------------------

    def expression_end(self, pos: int) -> int | None:
        """Index just after the `}` matching the `{` at `pos`, or None when unbalanced."""
        if pos in self._expressions:
            return self._expressions[pos]
        src = self.src
        stack: list[tuple[int, bool]] = [(pos, False)]  # (offset, opened by `${` in a template)
        i = pos + 1
        n = len(src)
        while i < n and stack:
            char = src[i]
            if char == "{":
                stack.append((i, False))
            elif char == "}":
                opened, in_template = stack.pop()
                self._expressions[opened] = i + 1
                if in_template:
                    i = self._template_end(i + 1, stack)
                    continue
            elif char in "\"'":
                i = self._string_end(i, char)
                continue
            elif char == "`":
                i = self._template_end(i + 1, stack)
                continue
            elif char == "/" and src.startswith("//", i):
                newline = src.find("\n", i)
                i = n if newline == -1 else newline
                continue
            elif char == "/" and src.startswith("/*", i):
                close = src.find("*/", i + 2)
                i = n if close == -1 else close + 2
                continue
            i += 1
        for open_pos, _ in stack:  # unbalanced: none of these close
            self._expressions[open_pos] = None
        return self._expressions[pos]

    def _string_end(self, i: int, quote: str) -> int:
        src = self.src
        j = i + 1
        while j < len(src):
            char = src[j]
            if char == "\\":
                j += 2
                continue
            if char == quote or char == "\n":  # JS strings end at a line ending
                return j + 1
            j += 1
        return j

    def _template_end(self, j: int, stack: list[tuple[int, bool]]) -> int:
        """Skip template text from `j`: to after the closing backtick, or into a `${`."""
        src = self.src
        while j < len(src):
            char = src[j]
            if char == "\\":
                j += 2
                continue
            if char == "`":
                return j + 1
            if char == "$" and src.startswith("${", j):
                stack.append((j + 1, True))
                return j + 2
            j += 1
        return j

    # --- tags -----------------------------------------------------------------------

    def tag_at(self, pos: int) -> Tag | None:
        """The tag starting with `<` at `pos`, or None if the text there is not a tag."""
        if pos not in self._tags:
            self._tags[pos] = self._read_tag(pos)
        return self._tags[pos]

    def _past_empty_close(self, name: str, end: int) -> int:
        """JSX writes an empty element `<br></br>`: a void element's closing tag right after
        it belongs to it (read alone it would be a stray closing tag)."""
        close = f"</{name}>"
        return end + len(close) if name in VOID_ELEMENTS and self.src.startswith(close, end) else end

    def _read_tag(self, pos: int) -> Tag | None:
        src = self.src
        i = _space_end(src, pos + 1)
        closing = src.startswith("/", i)
        if closing:
            i = _space_end(src, i + 1)
        name, i = self._read_name(i)
        if name is None:
            return None
        attributes: list[Attribute] = []
        while True:
            before = i
            i = _space_end(src, i)
            if i >= len(src):
                return None
            char = src[i]
            if char == ">":
                void = not closing and name in VOID_ELEMENTS
                return Tag(name, pos, self._past_empty_close(name, i + 1) if void else i + 1, closing, void,
                           tuple(attributes))
            if char == "/":
                j = _space_end(src, i + 1)
                if closing or not src.startswith(">", j):
                    return None
                return Tag(name, pos, self._past_empty_close(name, j + 1), False, True, tuple(attributes))
            if closing or not name:
                return None  # closing tags and fragments take no attributes
            # A bare attribute name needs whitespace after it; after a value (`href="/x"icon="y"`,
            # `a={1}b`) MDX allows none.
            if char != "{" and i == before and (not attributes or attributes[-1].kind == "bare"):
                return None
            after = self._read_attribute(i, attributes)
            if after is None:
                return None
            i = after

    def _read_attribute(self, i: int, attributes: list[Attribute]) -> int | None:
        """Appends the named attribute at `i` (`name`, `ns:name`, with a quoted or `{}` value
        or none) or the `{...}` spread at `i` to `attributes`; returns where it ends, or None if the
        text is not one."""
        src = self.src
        if src.startswith("{", i):
            end = self.expression_end(i)
            if end is None:
                return None
            attributes.append(Attribute("", "expression", src[i + 1 : end - 1]))
            return end
        match = _NAME.match(src, i)
        if match is None:
            return None
        attr_name = match.group()
        i = match.end()
        if src.startswith(":", i):
            local = _NAME.match(src, i + 1)
            if local is None:
                return None
            attr_name = src[match.start() : local.end()]
            i = local.end()
        j = _space_end(src, i)
        if not src.startswith("=", j):
            attributes.append(Attribute(attr_name, "bare", ""))
            return i
        j = _space_end(src, j + 1)
        quote = src[j : j + 1]
        if quote in ('"', "'"):
            end = src.find(quote, j + 1)
            if end == -1:
                return None
            attributes.append(Attribute(attr_name, "string", src[j + 1 : end]))
            return end + 1
        if quote == "{":
            end = self.expression_end(j)
            if end is None:
                return None
            attributes.append(Attribute(attr_name, "expression", src[j + 1 : end - 1]))
            return end
        return None

    def _read_name(self, i: int) -> tuple[str | None, int]:
        src = self.src
        if src.startswith(">", i) or src.startswith("/", i):
            return "", i  # fragment (or `</>`)
        match = _NAME.match(src, i)
        if match is None:
            return None, i
        parts = [match.group()]
        i = match.end()
        while True:
            j = _space_end(src, i)
            if src.startswith(".", j) or src.startswith(":", j):
                separator = src[j]
                k = _space_end(src, j + 1)
                part = _NAME.match(src, k)
                if part is None:
                    return None, i
                parts.append(separator + part.group())
                i = part.end()
            else:
                return "".join(parts), i

    # --- matching -------------------------------------------------------------------

    def close_of(self, tag: Tag, limit: int) -> Tag | None:
        """The closing tag matching the opening `tag`, if it starts before `limit`."""
        if tag.start not in self._closes:
            self._match_from(tag)
        close = self._closes.get(tag.start)
        return close if close is not None and close.end <= limit else None

    def _match_from(self, opening: Tag) -> None:
        src = self.src
        interesting = _INTERESTING_MDX if self.mdx else _INTERESTING_MD
        stack: list[Tag] = [opening]
        i = opening.end
        while stack:
            match = interesting.search(src, i)
            if match is None:
                break
            i = match.start()
            char = src[i]
            if char == "\n":
                i = self._skip_fence(i + 1)
            elif char == "`":
                i = self._skip_code_span(i)
            elif char == "{":
                end = self.expression_end(i)
                i = end if end is not None else i + 1
            elif src.startswith("<!--", i):
                end = src.find("-->", i + 4)
                i = i + 4 if end == -1 else end + 3
            else:
                i = self._after_tag(i, stack)
        for unclosed in stack:
            self._closes[unclosed.start] = None

    def _after_tag(self, i: int, stack: list[Tag]) -> int:
        """Where the scan of `_match_from` goes on after the `<` at `i`: past the tag (an opening
        one pushed on `stack`, a closing one matched with the nearest open tag of its name, the
        tags opened after that left unclosed), past its known close, or one character on."""
        tag = self.tag_at(i)
        if tag is None:
            return i + 1
        if tag.self_closing:
            return tag.end
        if not tag.closing:
            if tag.start in self._closes:  # already matched by an earlier scan
                close = self._closes[tag.start]
                if close is not None:
                    return close.end
            stack.append(tag)
            return tag.end
        for depth in range(len(stack) - 1, -1, -1):
            if stack[depth].name == tag.name:
                for unclosed in stack[depth + 1 :]:
                    self._closes[unclosed.start] = None
                self._closes[stack[depth].start] = tag
                del stack[depth:]
                break
        return tag.end

    def _skip_fence(self, line_start: int) -> int:
        src = self.src
        match = _FENCE.match(src, line_start)
        if match is None:
            return line_start
        marker = match.group(1)
        pos = src.find("\n", match.end())
        while pos != -1:
            closing = _FENCE.match(src, pos + 1)
            if closing is not None and closing.group(1)[0] == marker[0] and len(closing.group(1)) >= len(marker):
                end = src.find("\n", closing.end())
                return len(src) if end == -1 else end
            pos = src.find("\n", pos + 1)
        return len(src)

    def _skip_code_span(self, i: int) -> int:
        src = self.src
        j = i
        while j < len(src) and src[j] == "`":
            j += 1
        run = j - i
        line_end = src.find("\n", j)
        line_end = len(src) if line_end == -1 else line_end
        k = j
        while True:
            k = src.find("`" * run, k, line_end)
            if k == -1:
                return j  # no closing run on this line: the backticks are text
            end = k + run
            if (end >= len(src) or src[end] != "`") and src[k - 1] != "`":
                return end
            while k < line_end and src[k] == "`":
                k += 1
