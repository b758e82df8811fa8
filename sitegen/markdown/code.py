"""Code blocks: Pygments highlighting at build time (no client-side highlighter).

Tokens get Pygments' short CSS classes; the theme ships one light and one dark
stylesheet scoped by the page's mode, so highlighting follows the light/dark switch.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.token import STANDARD_TYPES, _TokenType
from pygments.util import ClassNotFound

from sitegen.i18n import fill, ui_strings
from sitegen.icons import IconLibrary, find_icon, icon_problem

LIGHT_STYLE = "default"
DARK_STYLE = "github-dark"
MERMAID_ASSET = "vendor/mermaid.min.js"  # under the site's _sitegen/ folder

# One word of a fence's meta: key=value (the value quoted, in braces or bare), {ranges}, or a word.
_META_WORD = re.compile(r"""(\w+)=(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}|(\S+))|\{([^}]*)\}|(\S+)""")
# Words of the meta that switch something on, not words of a title.
_FLAGS = frozenset({"lines", "showLineNumbers", "wrap", "expandable", "nocopy", "twoslash"})
_FALSE = frozenset({"false", "0", "no"})


@lru_cache(maxsize=256)
def lexer_for(language: str) -> Lexer | None:
    """The lexer of a language word (lower case), made once per process: Pygments' lookup by
    name walks every lexer. Its text is kept as written (no newline added or stripped)."""
    try:
        return get_lexer_by_name(language, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return None


# The language word of a fence's opening line (```python, ~~~ bash), for `warm_lexers`.
_FENCE_LANGUAGE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)", re.MULTILINE)


def warm_lexers(texts: Iterable[str]) -> None:
    """Make the lexers of the fences in `texts` now: called before a build forks its worker
    processes, so that they inherit them (Pygments loads each lexer's module and compiles
    its rules on first use) instead of each doing that again."""
    for language in {match.lower() for text in texts for match in _FENCE_LANGUAGE.findall(text)}:
        lexer_for(language)


def parse_info(info: str) -> tuple[str, str | None]:
    """Fence info string -> (language, title)."""
    meta = parse_meta(info)
    return meta.language, meta.title


@dataclass(frozen=True)
class FenceMeta:
    """Mintlify's fence meta, as its "Format code" page documents it:
    ```python app.py {1,3-5} highlight={7} focus=2,4 icon="python" lines wrap expandable nocopy"""

    language: str
    title: str | None
    highlight: frozenset[int]  # 1-based line numbers to highlight
    numbers: bool  # `lines`: show line numbers
    wrap: bool  # `wrap`: wrap long lines instead of scrolling
    expandable: bool  # `expandable`: long blocks start collapsed
    focus: frozenset[int] = frozenset()  # `focus=`: these lines stay sharp, the others are dimmed
    copy: bool = True  # `nocopy`: no copy button
    icon: str | None = None  # `icon=`: an icon name (or image URL) in the title bar
    # A mermaid fence's zoom and pan controls: `actions` (shown or hidden; None: by the
    # diagram's size) and `placement=` (the corner they sit in, as written).
    actions: bool | None = None
    placement: str | None = None


EXPANDABLE_LINES = 12  # an expandable block longer than this starts collapsed


def _line_numbers(spec: str) -> set[int]:
    """'1,3-5' (or '[1,3,4,5]', the CodeBlock component's form) -> {1, 3, 4, 5}."""
    numbers: set[int] = set()
    for part in spec.strip().strip("[]").split(","):
        first, _, last = part.strip().partition("-")
        if first.isdigit() and (not last or last.isdigit()):
            numbers.update(range(int(first), min(int(last or first), int(first) + 10_000) + 1))
    return numbers


@lru_cache(maxsize=1024)  # a site's fences share a few info strings ("bash", "python app.py")
def parse_meta(info: str) -> FenceMeta:
    language, _, rest = info.strip().partition(" ")
    flags: dict[str, bool] = {}
    if language in _FLAGS:  # ```nocopy: plain text with that flag
        flags[language] = True
        language = ""
    numbered: dict[str, set[int]] = {"highlight": set(), "focus": set()}
    values: dict[str, str] = {}  # the other key=value words (title, icon, actions…): the last of each
    words: list[str] = []  # what is left is the title; Mintlify titles may have spaces
    for match in _META_WORD.finditer(rest):
        key, ranges, word = match.group(1), match.group(6), match.group(7)
        if key is not None:
            value = next(group for group in match.group(2, 3, 4, 5) if group is not None)
            if key in numbered:
                numbered[key] |= _line_numbers(value)
            elif key in _FLAGS:
                flags[key] = value.strip().lower() not in _FALSE
            else:
                values[key] = value
        elif ranges is not None:
            numbered["highlight"] |= _line_numbers(ranges)
        elif word in _FLAGS:
            flags[word] = True
        else:
            words.append(word)
    # A bare `actions` is a mermaid fence's flag, and a word of the title of other fences.
    actions = values["actions"].strip().lower() not in _FALSE if "actions" in values else "actions" in words or None
    numbers = flags.get("lines", False) or flags.get("showLineNumbers", False)
    return FenceMeta(language, values.get("title", " ".join(words) or None), frozenset(numbered["highlight"]),
                     numbers, flags.get("wrap", False), flags.get("expandable", False), frozenset(numbered["focus"]),
                     not flags.get("nocopy", False), values.get("icon", "").strip() or None, actions,
                     values.get("placement"))


# Shiki's notation comments, which Mintlify reads: `// [!code ++]` at the end of a line marks
# it (`:3` it and the next two); the comment is not shown. A comment on a line of its own
# marks the lines after it, and its line goes. `[!code word:…]` is removed and not applied.
_NOTATION = r"\[!code\s+(\+\+|--|highlight|hl|focus|error|warning|word:[^\]]*?)(?::(\d+))?\s*\]"
_COMMENT_MARKER = re.compile(
    r"[ \t]*(?://|/\*|\{/\*|<!--|#|--|;|%|'|\(\*)[ \t]*" + _NOTATION + r"[ \t]*(?:\*/\}|\*/|-->|\*\))?[ \t]*$")
_BARE_MARKER = re.compile(r"[ \t]*" + _NOTATION + r"[ \t]*$")  # inside a comment that says more
_LINE_CLASSES = {"++": "diff add", "--": "diff remove", "highlight": "highlighted", "hl": "highlighted",
                 "focus": "focused", "error": "highlighted error", "warning": "highlighted warning"}
PLAIN_TEXT = frozenset({"", "text", "txt", "plaintext", "plain"})
_CLASS_ORDER = ("diff", "add", "remove", "highlighted", "error", "warning", "focused")


def strip_notations(code: str) -> tuple[str, list[set[str]]]:
    """The code without Shiki's `[!code …]` comments, and the classes each remaining line gets."""
    if "[!code" not in code:
        return code, []
    ending = "\n" if code.endswith("\n") else ""
    kept: list[str] = []
    classes: list[set[str]] = []
    pending: list[tuple[str, int]] = []  # (class, lines left) from markers on lines of their own
    for line in code.removesuffix("\n").split("\n"):
        marks: list[tuple[str, int]] = []
        while True:
            match = _COMMENT_MARKER.search(line) or _BARE_MARKER.search(line)
            if match is None:
                break
            marks.append((match.group(1), int(match.group(2) or 1)))
            line = line[:match.start()]
        if marks and not line.strip():  # a marker on a line of its own: for the lines below it
            pending += [(_LINE_CLASSES.get(kind, ""), count) for kind, count in marks]
            continue
        here = {cls for cls, _ in pending if cls}
        pending = [(cls, count - 1) for cls, count in pending if count > 1]
        for kind, count in marks:
            cls = _LINE_CLASSES.get(kind, "")
            if cls:
                here.add(cls)
                if count > 1:
                    pending.append((cls, count - 1))
        kept.append(line)
        classes.append(here)
    return "\n".join(kept) + ending, classes


@cache
def _css_class(ttype: _TokenType) -> str:
    """Pygments' short class of a token type (its nearest standard ancestor's); token types
    are a few hundred interned objects, so each is worked out once."""
    while ttype not in STANDARD_TYPES and ttype.parent is not None:
        ttype = ttype.parent
    return STANDARD_TYPES.get(ttype, "")  # Token, the root of every type, maps to "" too


def _tokens(lexer: Lexer, code: str) -> Iterable[tuple[int, _TokenType, str]]:
    """(index, type, text) of each token: `lexer.get_tokens_unprocessed` on the input as
    `get_tokens` would prepare it for lexers made by `lexer_for` (no filters, tab expansion or
    added newline; no byte-order mark, \\r and \\r\\n become \\n), without the generator
    `get_tokens` wraps around every token."""
    if lexer.filters or type(lexer).get_tokens is not Lexer.get_tokens:
        return ((0, ttype, value) for ttype, value in lexer.get_tokens(code))
    return lexer.get_tokens_unprocessed(code.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n"))


# The HTML of a (token type, text) pair: a few thousand pairs (spaces, punctuation, keywords,
# the names a site's examples share) are most of the tokens of every block, so each process
# formats each pair once. Long texts are rarely repeated and are not kept; the table stops
# growing at _MAX_PIECES, so memory stays bounded on any site.
_PIECES: dict[tuple[_TokenType, str], str] = {}
_MAX_PIECES = 20_000
_MAX_PIECE_TEXT = 40


def _piece(ttype: _TokenType, text: str) -> str:
    css = _css_class(ttype)
    return f'<span class="{css}">{html.escape(text)}</span>' if css else html.escape(text)


def highlight_lines(code: str, language: str) -> list[str]:
    """The code as HTML, one string per line, with Pygments' short token classes."""
    code = code[:-1] if code.endswith("\n") else code
    lexer = lexer_for(language.lower()) if language else None
    if lexer is None:
        return [html.escape(line) for line in code.split("\n")]
    lines: list[str] = []
    line: list[str] = []  # the pieces of the line being built (joined once, not appended to a str)
    pieces = _PIECES
    for _, ttype, value in _tokens(lexer, code):
        piece = pieces.get((ttype, value))
        if piece is None:
            if "\n" in value:  # ends one line or more (never kept in the table)
                *ended, rest = value.split("\n")
                for part in ended:
                    if part:
                        line.append(_piece(ttype, part))
                    lines.append("".join(line))
                    line = []
                if rest:
                    line.append(_piece(ttype, rest))
                continue
            if not value:
                continue
            piece = _piece(ttype, value)
            if len(value) <= _MAX_PIECE_TEXT and len(pieces) < _MAX_PIECES:
                pieces[(ttype, value)] = piece
        line.append(piece)
    lines.append("".join(line))
    if len(lines) > 1 and lines[-1] == "" and not code.endswith("\n"):
        lines.pop()  # lexers may end with a newline of their own
    return lines


def language_label(language: str) -> str:
    """A language's name as people write it ("js" -> "JavaScript"), or the word itself."""
    lexer = lexer_for(language.lower()) if language else None
    return lexer.name if lexer is not None else language


def fence_icon(name: str, library: IconLibrary = "fontawesome") -> tuple[str, str | None]:
    """(HTML, problem) of a fence's `icon=`: a Font Awesome or Lucide name, or an image URL."""
    if name.startswith(("https://", "http://")):
        return f'<img class="icon" src="{html.escape(name, quote=True)}" alt="">', None
    if "/" in name or "." in name:
        return "", f"code block icon '{name}': only icon names and http(s) image URLs are shown; no icon is shown"
    found = find_icon(name, "solid", library)
    problem = icon_problem(name, "solid", found, type_given=False, library=library)
    return (str(found.svg) if found.svg is not None else ""), (f"code block {problem}" if problem else None)


# The same block often appears on many pages (an install command, a snippet's code, a
# CodeGroup shared by API pages); the HTML is a function of (code, info, icon library,
# page language) alone, so each process highlights it once per language.
@lru_cache(maxsize=1024)
def render_fence(code: str, info: str, icon_library: IconLibrary = "fontawesome", page_language: str = "en") -> str:
    """A fenced code block: title bar, copy button, highlighted lines (see FenceMeta), with
    Shiki's `[!code ++]`-style comments turned into line classes (see strip_notations);
    its buttons' words in `page_language` (as `i18n.ui_strings` reads it)."""
    meta = parse_meta(info)
    # Plain text shows markers as written: Mintlify's own page on the notation shows its
    # examples that way (in ```text blocks).
    code, marked = strip_notations(code) if meta.language.lower() not in PLAIN_TEXT else (code, [])
    lines = highlight_lines(code, meta.language)
    line_classes: list[str] = []
    if marked or meta.highlight or meta.focus:
        for number in range(1, len(lines) + 1):
            names = set(marked[number - 1]) if number <= len(marked) else set()
            if number in meta.highlight:
                names.add("highlighted")
            if number in meta.focus:
                names.add("focused")
            words = set(" ".join(names).split())
            line_classes.append(" ".join(word for word in _CLASS_ORDER if word in words))
    if line_classes:
        body = "".join(f'<span class="line{" " + names if names else ""}">{line}</span>\n'
                       for names, line in zip(line_classes, lines, strict=True))
    else:  # the common case, joined in one call (there is always a line)
        body = '<span class="line">' + '</span>\n<span class="line">'.join(lines) + "</span>\n"
    shown = set(" ".join(line_classes).split())
    language = html.escape(meta.language, quote=True)
    lang_class = f' class="language-{language}"' if meta.language else ""
    icon = fence_icon(meta.icon, icon_library)[0] if meta.icon else ""
    icon_html = f'<span class="code-icon" aria-hidden="true">{icon}</span>' if icon else ""
    heading = meta.title or (meta.language if icon else None)
    title_bar = f'<div class="code-title">{icon_html}<span>{html.escape(heading)}</span></div>' if heading else ""
    ui = ui_strings(page_language)
    named = meta.title or meta.language
    label = fill(ui.copy_named, name=named) if named else fill(ui.copy_code)
    collapsible = meta.expandable and len(lines) > EXPANDABLE_LINES
    classes = "code-block" + "".join(
        f" {name}" for name, on in (("numbered", meta.numbers), ("wrap", meta.wrap),
                                   ("expandable", collapsible), ("has-highlights", "highlighted" in shown),
                                   ("has-focus", "focused" in shown), ("has-diff", "diff" in shown)) if on
    )
    # The "Show more" button works without JavaScript too: the block starts open until
    # components.js collapses it, so no content is ever out of reach; it swaps the button's
    # words for data-more/data-less, in the page's language.
    more = (
        f'<button type="button" class="code-expand" aria-expanded="true" data-more="{fill(ui.show_more)}"'
        f' data-less="{fill(ui.show_less)}" hidden>{fill(ui.show_more)} '
        f'<span class="code-expand-count">{fill(ui.line_count, count=str(len(lines)))}</span></button>'
        if collapsible else ""
    )
    copy = (f'<button type="button" class="copy-code" aria-label="{label}" hidden>{fill(ui.copy)}</button>'
            if meta.copy else "")
    return (
        f'<div class="{classes}" data-lang="{language}">{title_bar}{copy}'
        f'<pre class="highlight"><code{lang_class}>{body}</code></pre>{more}</div>\n'
    )


MERMAID_PLACEMENTS = ("top-left", "top-right", "bottom-left", "bottom-right")


def mermaid_controls(info: str) -> tuple[str, str | None]:
    """The zoom and pan controls a ```mermaid fence asks for, as attributes of its <pre>
    (`actions={false}` hides them, `actions` shows them on a small diagram too, `placement=`
    puts them in a corner), and the problem with a placement no corner has."""
    meta = parse_meta(info)
    attributes = ""
    problem = None
    if meta.placement in MERMAID_PLACEMENTS:
        attributes += f' data-placement="{meta.placement}"'
    elif meta.placement is not None:
        problem = (f"mermaid placement={meta.placement!r}: expected one of {', '.join(MERMAID_PLACEMENTS)}; "
                   "the controls are at the bottom right")
    if meta.actions is not None:
        attributes += f' data-actions="{"true" if meta.actions else "false"}"'
    return attributes, problem


def render_mermaid(code: str, attributes: str = "", page_language: str = "en") -> tuple[str, str | None]:
    """(HTML, problem) for a ```mermaid fence.

    The parser calls this instead of render_fence for language "mermaid": with no problem
    it must also call ctx.require("mermaid") so the page loads the diagram script; with a
    problem (the diagram-renderer package is missing) it reports the problem as a warning
    at the fence's line, and the HTML is the diagram's source as an ordinary code block,
    its buttons' words in `page_language` as every other block's.
    """
    if mermaid_script() is None:
        return render_fence(code, "mermaid", page_language=page_language), (
            "mermaid diagrams need the diagram-renderer package (pip install diagram-renderer); "
            "the diagram's source is shown as code"
        )
    return f'<pre class="mermaid"{attributes}>{html.escape(code)}</pre>\n', None


@lru_cache(maxsize=1)
def mermaid_script() -> Path | None:
    """mermaid.min.js from the installed diagram-renderer package (None when it is missing).

    The build copies it once to `_sitegen/` + MERMAID_ASSET; pages that need it load it.
    """
    try:
        resource = resources.files("diagram_renderer") / "renderers" / "static" / "js" / "mermaid.min.js"
    except (ModuleNotFoundError, TypeError):
        return None
    path = Path(str(resource))
    return path if os.path.isfile(path) else None


def pygments_css(dark_only: bool = False) -> str:
    """Light and dark token colours, each scoped to its mode; `dark_only` (v2
    `styling.codeblocks: "dark"`): the dark ones in both modes."""
    if dark_only:
        formatter = HtmlFormatter(style=DARK_STYLE)
        scope = ".highlight"
        return "\n".join([f"/* Pygments {DARK_STYLE} in both modes */",
                          *formatter.get_background_style_defs(scope), *formatter.get_token_style_defs(scope)]) + "\n"
    parts = [f"/* Pygments {LIGHT_STYLE} (light) and {DARK_STYLE} (dark) */"]
    for style, scope in ((LIGHT_STYLE, ":root:not([data-theme=dark]) .highlight"),
                         (DARK_STYLE, ":root[data-theme=dark] .highlight")):
        formatter = HtmlFormatter(style=style)
        parts += formatter.get_background_style_defs(scope) + formatter.get_token_style_defs(scope)
    return "\n".join(parts) + "\n"
