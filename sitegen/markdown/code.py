"""Code blocks: Pygments highlighting at build time (no client-side highlighter).

Tokens get Pygments' short CSS classes; the theme ships one light and one dark
stylesheet scoped by the page's mode, so highlighting follows the light/dark switch.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

LIGHT_STYLE = "default"
DARK_STYLE = "github-dark"

# ```python app.py   or   ```python title="app.py"   or   ```python {1,3} app.py
_TITLE_ATTR = re.compile(r"""title=(?:"([^"]*)"|'([^']*)'|(\S+))""")
_FORMATTER = HtmlFormatter(nowrap=True)


@lru_cache(maxsize=256)
def _lexer(language: str) -> Lexer | None:
    try:
        return get_lexer_by_name(language, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return None


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
    # The first word that is not a {line-highlight} spec is the file name.
    words = [word for word in rest.split() if not word.startswith("{")]
    return language, (words[0] if words else None)


def highlight_code(code: str, language: str) -> str:
    lexer = _lexer(language.lower()) if language else None
    if lexer is None:
        return html.escape(code)
    return highlight(code, lexer, _FORMATTER)


def render_fence(code: str, info: str) -> str:
    language, title = parse_info(info)
    body = highlight_code(code, language)
    lang_class = f' class="language-{html.escape(language, quote=True)}"' if language else ""
    title_bar = (
        f'<div class="code-title"><span>{html.escape(title)}</span></div>' if title else ""
    )
    label = html.escape(title or language or "code", quote=True)
    return (
        f'<div class="code-block" data-lang="{html.escape(language, quote=True)}">{title_bar}'
        f'<button type="button" class="copy-code" aria-label="Copy {label}" hidden>Copy</button>'
        f'<pre class="highlight"><code{lang_class}>{body}</code></pre></div>\n'
    )


def pygments_css() -> str:
    """Light and dark token colours, each scoped to its mode."""
    parts = [f"/* Pygments {LIGHT_STYLE} (light) and {DARK_STYLE} (dark) */"]
    for style, scope in ((LIGHT_STYLE, ":root:not([data-theme=dark]) .highlight"),
                         (DARK_STYLE, ":root[data-theme=dark] .highlight")):
        formatter = HtmlFormatter(style=style)
        parts += formatter.get_background_style_defs(scope) + formatter.get_token_style_defs(scope)
    return "\n".join(parts) + "\n"
