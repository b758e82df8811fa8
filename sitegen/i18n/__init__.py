"""The theme's own words (the table of contents' title, Search…, Copy page, Previous, Next…)
in the page's language, and the direction that language is written in.

One JSON table per language sits beside this file (`de.json`, `zh-Hant.json`…), each with
every key of `en.json` (tests/test_settings_i18n.py checks it). A page's language is the one
its navigation gives it (`nav.Navigation.page_language`); a code with no table of its own
falls back to its alias (`jp` is Japanese, `zh-TW` Traditional Chinese, as Mintlify reads
them), then to its primary subtag (`fr-CA` -> `fr`), then to English.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

_TABLES = Path(__file__).parent

# Mintlify's language codes that name the same table under another code.
_ALIASES = {
    "cn": "zh", "zh-cn": "zh", "zh-hans": "zh", "zh-sg": "zh",
    "zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant",
    "jp": "ja", "nb": "no", "nn": "no", "iw": "he",
}
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class UiStrings:
    """The words of one language's table; templates read them as `ui.on_this_page`…"""

    language: str  # the code of the table used (en for a code without one)
    direction: str  # "ltr" or "rtl": the page's <html dir>
    on_this_page: str
    search: str
    search_placeholder: str
    type_to_search: str
    no_results: str  # with "{query}" where the reader's words go
    copy_page: str
    copied: str
    view_markdown: str
    copy: str
    previous: str
    next: str
    skip_to_content: str
    last_modified: str  # with "{date}" where the date goes
    deprecated: str
    suggest_edits: str
    raise_issue: str
    page_not_found: str
    not_found_text: str
    go_home: str
    to_navigate: str  # the search dialog's key hints: "↑↓ to navigate", "↵ to open", "Esc to close"
    to_open: str
    to_close: str

    @property
    def rtl(self) -> bool:
        return self.direction == "rtl"

    @property
    def around_last_modified(self) -> tuple[str, str]:
        """The words before and after the date of "Last modified on {date}" (the template
        puts the date between them, in its <time>)."""
        before, _, after = self.last_modified.partition("{date}")
        return before, after


def table_codes() -> tuple[str, ...]:
    """The code of every language with a table of its own."""
    return tuple(sorted(path.stem for path in _TABLES.glob("*.json")))


def table_code(language: str | None) -> str:
    """The table a page in `language` reads ("fr-CA" -> "fr", "jp" -> "ja", unknown -> "en")."""
    if not language:
        return DEFAULT_LANGUAGE
    codes = {code.lower(): code for code in table_codes()}
    wanted = language.strip().replace("_", "-").lower()
    for candidate in (wanted, _ALIASES.get(wanted, ""), wanted.split("-", 1)[0]):
        if candidate.lower() in codes:
            return codes[candidate.lower()]
        if candidate in _ALIASES:
            return _ALIASES[candidate]
    return DEFAULT_LANGUAGE


@cache
def ui_strings(language: str | None) -> UiStrings:
    """The theme's words for a page in `language` (a BCP 47 code as docs.json writes it)."""
    code = table_code(language)
    table = json.loads((_TABLES / f"{code}.json").read_text(encoding="utf-8"))
    return UiStrings(language=code, **table)
