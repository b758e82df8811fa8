"""LaTeX to MathML at build time (latex2mathml).

Browsers render MathML natively, so math pages load no script and work offline and from
file://. A formula latex2mathml cannot read is shown as its source, with a warning.
"""

from __future__ import annotations

import html


def render_math(latex: str, display: bool) -> tuple[str, str | None]:
    """(HTML, problem): MathML for `latex`, or its escaped source and why it failed."""
    # Imported on the first formula: most pages have none, and latex2mathml's tables cost a
    # one-page rebuild ~35 ms of start-up.
    from latex2mathml.converter import convert

    try:
        mathml = convert(latex.strip(), display="block" if display else "inline")
    except Exception as exc:  # latex2mathml raises many types (and bare IndexErrors) on bad input
        reason = str(exc) or type(exc).__name__
        css = "math math-display math-error" if display else "math math-error"
        tag = "div" if display else "span"
        return f'<{tag} class="{css}"><code>{html.escape(latex)}</code></{tag}>', reason
    if display:
        return f'<div class="math math-display">{mathml}</div>', None
    return f'<span class="math">{mathml}</span>', None
