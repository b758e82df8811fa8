"""Dates as a reader of a page's language writes them ("13. August 2026", "2026年8月13日"),
by Babel's CLDR data, beside the ISO form machines read (`<time datetime>`).

A page's language picks its Babel locale: the code as docs.json writes it when Babel knows
it and it is the language of the page's word table (so `fr-CA` and `pt-BR` keep their own
forms), else the table's code (`jp` -> `ja`, `cn` -> `zh`, as `table_code` reads them), else
English, so the date is never in another language than the words around it.

Babel is imported when a page first shows a date; each locale's data is loaded once per
process (the render workers inherit the languages the parent loaded: `load_date_locales`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from sitegen.i18n import DEFAULT_LANGUAGE, table_code

if TYPE_CHECKING:
    from babel import Locale


class ShownDate(NamedTuple):
    """A date as a page shows it: `iso` for `<time datetime>`, `text` for the reader."""

    iso: str
    text: str


def long_date(iso: str, language: str | None) -> ShownDate:
    """("2026-08-13", "13 août 2026") for a page in `language` ("fr"); a value that is no
    ISO date is shown as it is."""
    try:
        day = date.fromisoformat(iso[:10])
    except ValueError:
        return ShownDate(iso, iso)
    return ShownDate(day.isoformat(), _long_form(day, date_locale(language)))


@cache
def date_locale(language: str | None) -> str:
    """The Babel locale ("fr_CA", "ja", "zh_Hant") a page in `language` writes dates in."""
    table = _babel_locale(table_code(language))
    if table is None:
        return DEFAULT_LANGUAGE
    written = _babel_locale((language or "").strip().replace("_", "-"))
    # only in the table's language, so the date and the words around it agree ("sw" has no
    # table: its page is in English, its date too)
    return str(written if written is not None and written.language == table.language else table)


def load_date_locales(languages: Iterable[str | None]) -> None:
    """Load the locale data of each language's dates now (in the parent, before the render
    workers fork, so each worker does not load it again)."""
    for language in set(languages):
        _long_form(date(2000, 1, 1), date_locale(language))


@cache
def _long_form(day: date, locale: str) -> str:
    from babel.dates import format_date

    return format_date(day, format="long", locale=locale)


@cache
def _babel_locale(code: str) -> Locale | None:
    """Babel's locale for a BCP 47 code, None when Babel does not know it."""
    if not code:
        return None
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(code, sep="-")
    except (ValueError, TypeError, UnknownLocaleError):
        return None
