"""docs.json v2 `variables`: `{{name}}` in a page's text and in its front matter title and
description replaced by the value, before the page is parsed.

Values are replaced everywhere, code included (a version number in an install command is
the usual reason to have them). A name docs.json does not define is left as written, with a
warning naming the file and line, outside code only: in code, `{{name}}` is usually a
template language's own syntax (Go, Handlebars, Jinja), not a mistake. Outside code its
braces are escaped so that MDX shows them instead of reading an expression.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping

from sitegen.errors import location
from sitegen.pages import Body, Page

_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_$][\w$.-]*)\s*\}\}")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def substitute_pages(pages: list[Page], variables: Mapping[str, str]) -> tuple[list[Page], list[str]]:
    """Every page with its placeholders replaced, and a warning per undefined one."""
    if not variables:
        return pages, []
    warnings: list[str] = []
    return [substitute_page(page, variables, warnings) for page in pages], warnings


def substitute_page(page: Page, variables: Mapping[str, str], warnings: list[str]) -> Page:
    if "{{" not in page.body and "{{" not in page.title and "{{" not in (page.description or ""):
        return page  # nearly every page: nothing to do
    changes: dict[str, object] = {}
    for key in ("title", "description"):
        text = getattr(page, key)
        if text and "{{" in text and (page.has_explicit_title or key != "title"):
            where = location(page.display_path, page.line_of(key))

            def missing(name: str, where: str = where) -> None:
                warnings.append(_undefined(where, name))
            changes[key] = _replace(text, variables, missing)
    if "{{" in page.body:
        changes["body_text"] = Body(_replace_body(page, variables, warnings))
    return dataclasses.replace(page, **changes) if changes else page  # type: ignore[arg-type]


def _undefined(where: str, name: str) -> str:
    return f"{where}: {{{{{name}}}}} is not among docs.json's variables; left as written"


def _replace(text: str, variables: Mapping[str, str], missing: Callable[[str], None] | None,
             escape: bool = False) -> str:
    def one(match: re.Match[str]) -> str:
        value = variables.get(match.group(1))
        if value is None:
            if missing is not None:
                missing(match.group(1))
            return match.group(0).replace("{", "\\{").replace("}", "\\}") if escape else match.group(0)
        return value
    return _PLACEHOLDER.sub(one, text)


def _replace_body(page: Page, variables: Mapping[str, str], warnings: list[str]) -> str:
    lines = page.body.split("\n")
    fence: str | None = None  # the opening fence's run of backticks or tildes, while inside one
    for number, line in enumerate(lines):
        if "{{" not in line and not _FENCE.match(line):
            continue
        where = location(page.display_path, page.body_line + number)
        opening = _FENCE.match(line)
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence) \
                    and not line.strip().lstrip(fence[0]):
                fence = None
            lines[number] = _replace(line, variables, None)
            continue
        if opening:
            fence = opening.group(1)
            lines[number] = _replace(line, variables, None)
            continue
        lines[number] = _replace_outside_code_spans(line, variables, where, warnings)
    return "\n".join(lines)


def _replace_outside_code_spans(line: str, variables: Mapping[str, str], where: str, warnings: list[str]) -> str:
    out: list[str] = []
    start = 0
    for span in _CODE_SPAN.finditer(line):
        out.append(_replace(line[start:span.start()], variables, lambda name: warnings.append(_undefined(where, name)),
                            escape=True))
        out.append(_replace(span.group(0), variables, None))
        start = span.end()
    out.append(_replace(line[start:], variables, lambda name: warnings.append(_undefined(where, name)), escape=True))
    return "".join(out)
