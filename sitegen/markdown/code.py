"""Code blocks: Pygments highlighting at build time (no client-side highlighter).

Tokens get Pygments' short CSS classes; the theme ships one light and one dark
stylesheet scoped by the page's mode, so highlighting follows the light/dark switch.
"""

from __future__ import annotations

import html
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

LIGHT_STYLE = "default"
DARK_STYLE = "github-dark"
MERMAID_ASSET = "vendor/mermaid.min.js"  # under the site's _sitegen/ folder

# ```python app.py   or   ```python title="app.py"   or   ```python {1,3} app.py
_TITLE_ATTR = re.compile(r"""title=(?:"([^"]*)"|'([^']*)'|(\S+))""")
# Words of the meta that are flags, not file names (`icon="…"` is accepted and ignored).
_FLAGS = {"lines", "wrap", "expandable", "showLineNumbers"}


@lru_cache(maxsize=256)
def _lexer(language: str) -> Lexer | None:
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
        _lexer(language)


@lru_cache(maxsize=1024)  # a site's fences share a few info strings ("bash", "python app.py")
def parse_info(info: str) -> tuple[str, str | None]:
    """Fence info string -> (language, title)."""
    info = info.strip()
    if not info:
        return "", None
    language, _, rest = info.partition(" ")
    rest = rest.strip()
    match = _TITLE_ATTR.search(rest)
    if match:
        return language, next(group for group in match.groups() if group is not None)
    # What is left after {line-highlight} specs, key="value" pairs and flags is the title;
    # Mintlify titles may have spaces ("```bash Create an order").
    words = [word for word in rest.split() if not word.startswith("{") and "=" not in word and word not in _FLAGS]
    return language, (" ".join(words) if words else None)


@dataclass(frozen=True)
class FenceMeta:
    """Mintlify's fence meta: ```python app.py {1,3-5} lines wrap expandable"""

    language: str
    title: str | None
    highlight: frozenset[int]  # 1-based line numbers to highlight
    numbers: bool  # `lines`: show line numbers
    wrap: bool  # `wrap`: wrap long lines instead of scrolling
    expandable: bool  # `expandable`: long blocks start collapsed


_RANGES = re.compile(r"\{([\d,\s-]*)\}")
_ATTRS = re.compile(r"""\w+=(?:"[^"]*"|'[^']*'|\S+)""")
EXPANDABLE_LINES = 12  # an expandable block longer than this starts collapsed


@lru_cache(maxsize=1024)
def parse_meta(info: str) -> FenceMeta:
    language, title = parse_info(info)
    rest = info.strip().partition(" ")[2]
    highlight: set[int] = set()
    for spec in _RANGES.findall(rest):
        for part in spec.split(","):
            first, _, last = part.strip().partition("-")
            if first.isdigit() and (not last or last.isdigit()):
                highlight.update(range(int(first), int(last or first) + 1))
    words = set(_ATTRS.sub(" ", _RANGES.sub(" ", rest)).split())
    return FenceMeta(language, title, frozenset(highlight), bool(words & {"lines", "showLineNumbers"}),
                     "wrap" in words, "expandable" in words)


@cache
def _css_class(ttype: _TokenType) -> str:
    """Pygments' short class of a token type (its nearest standard ancestor's); token types
    are a few hundred interned objects, so each is worked out once."""
    while ttype not in STANDARD_TYPES and ttype.parent is not None:
        ttype = ttype.parent
    return STANDARD_TYPES.get(ttype, "")  # Token, the root of every type, maps to "" too


def _tokens(lexer: Lexer, code: str) -> Iterable[tuple[int, _TokenType, str]]:
    """(index, type, text) of each token: `lexer.get_tokens_unprocessed` on the input as
    `get_tokens` would prepare it for lexers made by `_lexer` (no filters, tab expansion or
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
    lexer = _lexer(language.lower()) if language else None
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


# The same block often appears on many pages (an install command, a snippet's code, a
# CodeGroup shared by API pages); the HTML is a function of (code, info) alone, so each
# process highlights it once.
@lru_cache(maxsize=1024)
def render_fence(code: str, info: str) -> str:
    """A fenced code block: title bar, copy button, highlighted lines (see FenceMeta)."""
    meta = parse_meta(info)
    lines = highlight_lines(code, meta.language)
    if meta.highlight:
        body = "".join(
            f'<span class="line{" highlighted" if number in meta.highlight else ""}">{line}</span>\n'
            for number, line in enumerate(lines, start=1)
        )
    else:  # the common case, joined in one call (there is always a line)
        body = '<span class="line">' + '</span>\n<span class="line">'.join(lines) + "</span>\n"
    language = html.escape(meta.language, quote=True)
    lang_class = f' class="language-{language}"' if meta.language else ""
    title_bar = f'<div class="code-title"><span>{html.escape(meta.title)}</span></div>' if meta.title else ""
    label = html.escape(meta.title or meta.language or "code", quote=True)
    collapsible = meta.expandable and len(lines) > EXPANDABLE_LINES
    classes = "code-block" + "".join(
        f" {name}" for name, on in (("numbered", meta.numbers), ("wrap", meta.wrap),
                                   ("expandable", collapsible), ("has-highlights", bool(meta.highlight))) if on
    )
    # The "Show more" button works without JavaScript too: the block starts open until
    # components.js collapses it, so no content is ever out of reach.
    more = (
        f'<button type="button" class="code-expand" aria-expanded="true" hidden>'
        f'Show more <span class="code-expand-count">({len(lines)} lines)</span></button>'
        if collapsible else ""
    )
    return (
        f'<div class="{classes}" data-lang="{language}">{title_bar}'
        f'<button type="button" class="copy-code" aria-label="Copy {label}" hidden>Copy</button>'
        f'<pre class="highlight"><code{lang_class}>{body}</code></pre>{more}</div>\n'
    )


def render_mermaid(code: str) -> tuple[str, str | None]:
    """(HTML, problem) for a ```mermaid fence.

    The parser calls this instead of render_fence for language "mermaid": with no problem
    it must also call ctx.require("mermaid") so the page loads the diagram script; with a
    problem (the diagram-renderer package is missing) it reports the problem as a warning
    at the fence's line, and the HTML is the diagram's source as an ordinary code block.
    """
    if mermaid_script() is None:
        return render_fence(code, "mermaid"), (
            "mermaid diagrams need the diagram-renderer package (pip install diagram-renderer); "
            "the diagram's source is shown as code"
        )
    return f'<pre class="mermaid">{html.escape(code)}</pre>\n', None


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
    return path if path.is_file() else None


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
