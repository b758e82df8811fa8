"""User-facing errors.

Every mistake a user can make in their project is raised as a SitegenError whose
``messages`` are complete one-line texts (file, location, value). The CLI prints
them and exits 1; the dev server shows them in an overlay. Nothing else should
print or exit.
"""

from __future__ import annotations

from collections.abc import Iterable


class SitegenError(Exception):
    """One or more one-line, user-facing messages about the user's input."""

    def __init__(self, messages: str | Iterable[str]) -> None:
        self.messages: list[str] = [messages] if isinstance(messages, str) else list(messages)
        super().__init__("\n".join(self.messages))


class ConfigError(SitegenError):
    """docs.json / mint.json is unreadable or invalid."""


class ContentError(SitegenError):
    """A page (front matter, markdown, links, assets) is wrong."""


class OpenAPIError(SitegenError):
    """An OpenAPI file cannot be loaded, is invalid, or lacks an operation a page asks for."""


class BuildError(SitegenError):
    """The build cannot write its output (bad --out, file system trouble)."""


def location(file: str, line: int | None = None, column: int | None = None) -> str:
    """`file`, `file:line` or `file:line:col`, the prefix every message starts with."""
    parts = [file]
    if line is not None:
        parts.append(str(line))
        if column is not None:
            parts.append(str(column))
    return ":".join(parts)


def shortened(text: str, limit: int = 60) -> str:
    """`text` as a message quotes it: runs of whitespace as one space, and cut to `limit`
    characters with "…" when longer (a message never carries the whole of a hostile file)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"
