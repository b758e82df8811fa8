"""Mintlify's common MDX components as plain HTML: callouts, cards, steps, accordions,
tabs and code groups.

MDX pages written for Mintlify use tags such as `<Note>` or `<Card title="…" href="…">`.
A browser would show them as unknown inline elements, and CommonMark would treat a tag and
the lines after it as one raw HTML block (no Markdown inside). So before parsing, every
known tag is put on a line of its own with blank lines around it (its content is then
parsed as Markdown), and when rendering, the tag is replaced by the HTML the theme styles.
Unknown tags pass through untouched, like any raw HTML.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

# tag -> (opening HTML from attributes, closing HTML)
Attrs = dict[str, str]

_ATTR = re.compile(r"""([A-Za-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{["']([^"']*)["']\}|\{(\d+)\})""")


def _callout(kind: str, label: str) -> Callable[[Attrs], str]:
    def opening(attrs: Attrs) -> str:
        return f'<div class="callout callout-{kind}" role="note"><p class="callout-label">{label}</p><div class="callout-body">'

    return opening


def _card(attrs: Attrs) -> str:
    title = html.escape(attrs.get("title", ""))
    href = attrs.get("href")  # already resolved to a relative URL by the caller
    tag = f'<a class="card" href="{html.escape(href, quote=True)}">' if href else '<div class="card">'
    return f'{tag}<p class="card-title">{title}</p><div class="card-body">'


def _card_close(attrs: Attrs) -> str:
    return "</div></a>" if attrs.get("href") else "</div></div>"


def _titled(css: str, element: str = "div") -> Callable[[Attrs], str]:
    def opening(attrs: Attrs) -> str:
        title = html.escape(attrs.get("title", ""))
        return f'<{element} class="{css}" data-title="{title}"><p class="{css}-title">{title}</p><div class="{css}-body">'

    return opening


def _accordion(attrs: Attrs) -> str:
    title = html.escape(attrs.get("title", ""))
    return f'<details class="accordion"><summary>{title}</summary><div class="accordion-body">'


def _card_group(attrs: Attrs) -> str:
    cols = attrs.get("cols", "2")
    cols = cols if cols.isdigit() and 1 <= int(cols) <= 4 else "2"
    return f'<div class="card-group" style="--cols: {cols}">'


_OPEN: dict[str, Callable[[Attrs], str]] = {
    "Note": _callout("note", "Note"),
    "Info": _callout("info", "Info"),
    "Tip": _callout("tip", "Tip"),
    "Warning": _callout("warning", "Warning"),
    "Check": _callout("check", "Check"),
    "Card": _card,
    "CardGroup": _card_group,
    "Steps": lambda attrs: '<div class="steps">',
    "Step": _titled("step"),
    "AccordionGroup": lambda attrs: '<div class="accordion-group">',
    "Accordion": _accordion,
    "Tabs": lambda attrs: '<div class="tabs-component">',
    "Tab": _titled("tab-panel"),
    "CodeGroup": lambda attrs: '<div class="code-group">',
    "Frame": lambda attrs: '<div class="frame">',
}
_CLOSE: dict[str, Callable[[Attrs], str]] = {
    "Card": _card_close,
    "Step": lambda attrs: "</div></div>",
    "Tab": lambda attrs: "</div></div>",
    "Accordion": lambda attrs: "</div></details>",
    **{name: (lambda attrs: "</div></div>") for name in ("Note", "Info", "Tip", "Warning", "Check")},
}

_NAMES = "|".join(sorted(_OPEN, key=len, reverse=True))
_TAG = re.compile(rf"<(/?)({_NAMES})\b((?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>")
_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})")
# MDX module lines (`import X from "..."`, `export const ...`) mean nothing to a static renderer.
_MDX_MODULE_LINE = re.compile(r"^(?:import|export)\s")
# A line that is only a component tag (after separation): what the renderer replaces.
_TAG_LINE = re.compile(rf"^\s*<(/?)({_NAMES})\b((?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>\s*$")


def parse_attrs(text: str) -> Attrs:
    return {m.group(1): next(g for g in m.groups()[1:] if g is not None) for m in _ATTR.finditer(text)}


def separate_components(source: str, mdx: bool = False) -> tuple[str, list[int]]:
    """Put every known component tag on its own line, with blank lines around it.

    Returns the new text and, for each of its lines, the 0-based line of `source` it came
    from (so messages still name the author's line). Content indented inside a component is
    dedented, as MDX does, so it does not turn into an indented code block. Fenced code is
    left alone, so a `<Note>` inside a code sample stays text. In MDX, top-level
    `import`/`export` lines are dropped (never inside code).
    """
    out: list[str] = []
    origin: list[int] = []
    fence: str | None = None
    depth = 0
    baselines: list[int | None] = []  # indentation of the first content line per open tag
    for number, line in enumerate(source.split("\n")):
        if depth and line.strip():
            indent = len(line) - len(line.lstrip(" "))
            if baselines[-1] is None and not _TAG_LINE.match(line):
                baselines[-1] = indent
            line = line[min(indent, baselines[-1] or 0):]
        match = _FENCE.match(line)
        if mdx and fence is None and not depth and _MDX_MODULE_LINE.match(line):
            continue
        if fence is not None or match or not _TAG.search(line):
            if fence is not None:
                if match and match.group(2)[0] == fence[0] and len(match.group(2)) >= len(fence):
                    fence = None
            elif match:
                fence = match.group(2)
            out.append(line)
            origin.append(number)
            continue
        # Split the line around each tag; indentation is dropped so tags never become code.
        pieces: list[str] = []
        position = 0
        for tag in _TAG.finditer(line):
            pieces += [line[position:tag.start()].strip(), "", tag.group(0), ""]
            position = tag.end()
            if tag.group(1):  # closing tag
                depth = max(depth - 1, 0)
                baselines = baselines[:depth]
            elif not tag.group(4):  # opening, not self-closing
                depth += 1
                baselines.append(None)
        pieces.append(line[position:].strip())
        for piece in pieces:
            if piece or (out and out[-1]):  # no runs of blank lines
                out.append(piece)
                origin.append(number)
    return "\n".join(out), origin


def _closing(name: str, attrs: Attrs) -> str:
    closer = _CLOSE.get(name)
    return closer(attrs) if closer else "</div>"  # containers open with a single <div>


def render_component_tag(
    raw: str, open_stack: list[tuple[str, Attrs]], link: Callable[[str], str]
) -> str | None:
    """HTML for a tag line made by `separate_components`, or None if it is not one.

    `link` turns an author's href (`/quickstart`) into the page-relative URL.
    """
    match = _TAG_LINE.match(raw)
    if not match:
        return None
    closing, name, attr_text, self_closing = match.groups()
    if closing:
        attrs = open_stack.pop()[1] if open_stack and open_stack[-1][0] == name else {}
        return _closing(name, attrs) + "\n"
    attrs = parse_attrs(attr_text)
    if "href" in attrs:
        attrs["href"] = link(attrs["href"])
    opening = _OPEN[name](attrs)
    if self_closing:
        return opening + _closing(name, attrs) + "\n"
    open_stack.append((name, attrs))
    return opening + "\n"
