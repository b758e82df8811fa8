"""Guards for files from strangers: size, binary content, encoding, nesting and YAML aliases.

Docs repositories take pull requests from anyone and CI publishes the build log, so every
reader of project files (docs.json, pages, snippets, OpenAPI documents) goes through here
first. Each guard fails with one line naming the file (and line, or byte offset) and the
problem, never with a traceback, and in time linear in the input: a file is read only up
to its limit, JSON and YAML nesting is measured before anything recurses over the data,
and YAML aliases are counted before they can be expanded by a later walk or copy.

Only `sitegen.errors` is imported: every stage may use this module.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any

from sitegen.errors import SitegenError, location

# Far above any real file of each kind; a bigger one is a mistake or an attack.
MAX_CONFIG_BYTES = 5_000_000
MAX_PAGE_BYTES = 10_000_000  # pages and snippets
MAX_OPENAPI_BYTES = 50_000_000
# Real docs.json, front matter and OpenAPI schemas nest a few dozen levels at most; every
# later stage (validation, copies, $ref walks) recurses once or more per level.
MAX_NESTING = 100
# Values YAML aliases may add when expanded (a `<<: *defaults` merge used a few hundred
# times adds a few thousand); a "billion laughs" bomb passes this within a few lines.
MAX_ALIAS_EXPANSION = 100_000



def size_text(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB" if size >= 1_000_000 else f"{size} bytes"


@dataclass(frozen=True)
class TextProblem:
    """Why bytes are not usable text: `message` follows "file: " (and line when known)."""

    line: int | None
    message: str


def read_limited(path: Path, limit: int) -> tuple[bytes, int | None]:
    """(at most `limit` bytes of the file, its size when it is larger than `limit`).

    Reads limit + 1 bytes at most, so a 50 GB file costs no more than a small one.
    OSError propagates: callers word it for their kind of file."""
    data, size, _ = read_limited_and_stat(path, limit)
    return data, size


def read_limited_and_stat(path: Path, limit: int) -> tuple[bytes, int | None, os.stat_result]:
    """`read_limited`, and the file's stat taken before it was read (of the file opened: a
    link's target), so that a write after it shows in a later stat (pages.PageFiles)."""
    with open(path, "rb") as handle:
        st = os.fstat(handle.fileno())
        data = handle.read(limit + 1)
        if len(data) <= limit:
            return data, None, st
        return b"", max(st.st_size, len(data)), st


def too_large(size: int, limit: int, kind: str) -> str:
    return f"too large ({size_text(size)}; the limit for {kind} is {size_text(limit)})"


def text_problem(data: bytes) -> TextProblem | None:
    """A NUL byte (binary file) or invalid UTF-8, with its byte offset and line."""
    nul = data.find(b"\0")
    if nul >= 0:
        return TextProblem(None, f"not text (NUL byte at offset {nul})")  # lines mean nothing in binary
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return TextProblem(data.count(b"\n", 0, exc.start) + 1,
                           f"not UTF-8 text ({exc.reason} at byte {exc.start})")
    return None


def read_text(path: Path, display: str, *, limit: int, kind: str, error: type[SitegenError]) -> str:
    """The file's text (a UTF-8 BOM dropped), or `error` naming `display` and the problem:
    too large, unreadable, binary (a NUL byte) or not UTF-8."""
    return read_text_and_stat(path, display, limit=limit, kind=kind, error=error)[0]


def read_text_and_stat(path: Path, display: str, *, limit: int, kind: str,
                       error: type[SitegenError]) -> tuple[str, os.stat_result]:
    """`read_text`, and the file's stat taken before it was read (`read_limited_and_stat`)."""
    try:
        data, size, st = read_limited_and_stat(path, limit)
    except OSError as exc:
        raise error(f"{display}: cannot read: {exc.strerror or exc}") from None
    if size is not None:
        raise error(f"{display}: {too_large(size, limit, kind)}")
    problem = text_problem(data)
    if problem is not None:
        raise error(f"{location(display, problem.line)}: {problem.message}")
    return normalized_text(data.decode("utf-8")), st


def normalized_text(text: str) -> str:
    """Text as the parsers expect it: no BOM, and every line ending a plain newline.

    Repositories edited on Windows end lines with CRLF; CommonMark reads those as line endings,
    but the MDX tag rules look for a newline, so `<CodeGroup>\\r` would never close."""
    return _LINE_ENDING.sub("\n", text.removeprefix("\ufeff"))


_LINE_ENDING = re.compile(r"\r\n?")


def first_control_character(text: str) -> str | None:
    """The first C0 control character other than tab and newlines (they break HTML output)."""
    match = _CONTROL.search(text)
    return f"U+{ord(match.group()):04X}" if match else None


def without_control_characters(text: str) -> str:
    return _CONTROL.sub("", text)


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


# --- JSON nesting --------------------------------------------------------------------

_NOT_BRACKETS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[^\[\]{}"]+', re.S)
_BRACKET_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.S)
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_nesting(text: str, limit: int = MAX_NESTING) -> tuple[int, int] | None:
    """(line, column) where JSON text nests deeper than `limit`, else None.

    Run before `json.loads`, whose C parser fails with RecursionError near 1,000 levels and
    whose result every later stage walks recursively. Strings are skipped; the common case
    (shallow) costs two regular-expression passes in C."""
    brackets = _NOT_BRACKETS.sub("", text)
    if not brackets or max(accumulate(map(_STEP.__getitem__, brackets))) <= limit:
        return None
    depth = 0
    for match in _BRACKET_TOKENS.finditer(text):
        step = _STEP.get(match.group())
        if step is None:
            continue
        depth += step
        if depth > limit:
            offset = match.start()
            return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    return None  # pragma: no cover - the fast pass only finds depths the slow one finds


def load_json(text: str, display: str, *, error: type[SitegenError], problem: str = "") -> Any:
    """The JSON value of `text` (the file shown as `display`), or `error` at its line and column
    (`problem` before the parser's words, such as "invalid JSON: "). Nesting is checked first:
    json.loads and every later walk of the data would hit it as RecursionError."""
    deep = json_nesting(text)
    if deep is not None:
        raise error(f"{location(display, *deep)}: {nesting_message()}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{location(display, exc.lineno, exc.colno)}: {problem}{exc.msg}") from None


def nesting_message(limit: int = MAX_NESTING) -> str:
    return f"nested deeper than {limit} levels"


# --- YAML nesting and aliases ----------------------------------------------------------

class YamlShapeError(Exception):
    """YAML that must not be loaded; `line`/`column` are 1-based (of the text given)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(message)
        self.line, self.column, self.message = line, column, message


def check_yaml(text: str, *, max_nesting: int = MAX_NESTING, max_expansion: int = MAX_ALIAS_EXPANSION) -> None:
    """Raise YamlShapeError for YAML nested deeper than `max_nesting` (counting what aliases
    bring in), with an alias to a node that contains it (a cycle), or whose aliases would
    add more than `max_expansion` values when expanded.

    PyYAML keeps aliases as shared references, so loading is cheap; but any later walk,
    copy or `json.dumps` of the data expands them, exponentially for a "billion laughs".
    This reads the event stream (libyaml when available) once, in linear time. Syntax
    errors are left to the loader, whose messages are better."""
    # Every level of nesting needs an indicator of its own ([ { - : ?) and every alias a *:
    # a text with neither aliases nor that many indicators has nothing to refuse.
    if "*" not in text and sum(map(text.count, "[{-:?")) <= max_nesting:
        return
    import yaml  # here: a build that parses no YAML never imports it

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's event parser is ~10x faster
    shape = _YamlShape(max_nesting, max_expansion)
    try:
        for event in yaml.parse(text, Loader=loader):
            mark = event.start_mark
            assert mark is not None  # the parser marks every event it makes
            where = (mark.line + 1, mark.column + 1)
            if isinstance(event, yaml.AliasEvent):
                if event.anchor is not None:  # the parser names every alias
                    shape.alias(event.anchor, where)
            elif isinstance(event, yaml.ScalarEvent):
                shape.scalar(event.anchor)
            elif isinstance(event, yaml.CollectionStartEvent):
                shape.collection_start(event.anchor, where)
            elif isinstance(event, yaml.CollectionEndEvent):
                shape.collection_end()
            elif isinstance(event, yaml.DocumentStartEvent):
                shape.new_document()
    except yaml.YAMLError:
        return


@dataclass
class _YamlShape:
    """What check_yaml knows while reading the events: per open collection its anchor, values
    inside and height; per anchor (name) the values and height of its node. The expansion
    counts across documents."""

    max_nesting: int
    max_expansion: int
    stack: list[_Open] = field(default_factory=lambda: [_Open(None)])
    anchors: dict[str, tuple[int, int]] = field(default_factory=dict)
    open_anchors: set[str] = field(default_factory=set)
    expansion: int = 0

    def alias(self, name: str, where: tuple[int, int]) -> None:
        if name in self.open_anchors:
            raise YamlShapeError(*where, f"alias *{name} refers to a value that contains it (a cycle)")
        if name not in self.anchors:
            return  # the loader reports the undefined alias
        values, height = self.anchors[name]
        self.expansion += values
        if self.expansion > self.max_expansion:
            raise YamlShapeError(*where, f"aliases expand to more than {self.max_expansion} values "
                                 "(an alias bomb?); write the values out instead")
        if len(self.stack) - 1 + height > self.max_nesting:
            raise YamlShapeError(*where, f"{nesting_message(self.max_nesting)} (through alias *{name})")
        _add(self.stack, values, height)

    def scalar(self, anchor: str | None) -> None:
        if anchor is not None:
            self.anchors[anchor] = (1, 0)
        _add(self.stack, 1, 0)

    def collection_start(self, anchor: str | None, where: tuple[int, int]) -> None:
        if len(self.stack) > self.max_nesting:
            raise YamlShapeError(*where, nesting_message(self.max_nesting))
        if anchor is not None:
            self.open_anchors.add(anchor)
        self.stack.append(_Open(anchor))

    def collection_end(self) -> None:
        closed = self.stack.pop()
        anchor, values, height = closed.anchor, closed.values, closed.height
        if anchor is not None:
            self.open_anchors.discard(anchor)
            self.anchors[anchor] = (values + 1, height + 1)
        _add(self.stack, values + 1, height + 1)

    def new_document(self) -> None:
        self.stack, self.anchors, self.open_anchors = [_Open(None)], {}, set()


@dataclass(slots=True)
class _Open:
    """One collection check_yaml is inside: its anchor, the values in it so far, its height."""

    anchor: str | None
    values: int = 0
    height: int = 0


def _add(stack: list[_Open], values: int, height: int) -> None:
    top = stack[-1]
    top.values += values
    top.height = max(top.height, height)
