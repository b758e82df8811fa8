"""The date an `<Update>` label names, in English or in the page's language.

English and ISO labels (`2025-03-06`, `March 6, 2025`, `6 March 2025`, `March 2025`) are read
by `strptime`. Other languages by Babel's CLDR data of the page's locale (`i18n.dates.date_locale`):
its month names (`3 de marzo de 2025`, `3. März 2025`, `Mars 2025`, `2025年3月3日`, whose `3月`
is a month name too), the words its date patterns write around the numbers (`de`, `del`, `年`),
its weekday names, and the order of day and month in its short form (`03.03.2025`,
`2025/3/3`). A label is a date only when nothing else is written in it: `Version 2025.1` or
`v2.1.0 (2025)` is no date. A label with no date in the page's language is tried in the
languages sitegen has words for, and read when those that read it agree (`2025年3月` on a page
with no language).
"""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, datetime
from functools import cache
from typing import NamedTuple

from sitegen.i18n import table_codes
from sitegen.i18n.dates import date_locale

# Labels read as dates (strptime's English month names): ISO, "March 6, 2025", "6 March 2025", "March 2025".
_ENGLISH_FORMATS = ("%Y-%m-%d", "%B %d, %Y", "%b %d, %Y", "%B %d %Y", "%d %B %Y", "%d %b %Y", "%B %Y", "%b %Y")
_YEAR = re.compile(r"(?<!\d)\d{4}(?!\d)")  # every date form read here writes a four-digit year
_TOKEN = re.compile(r"\d+|[^\W\d_]+")  # numbers and words; the rest (spaces, `.`, `/`, `,`) separates
# A number spaced from the CJK character after it (`2025 年 4 月`): the month name is `4月`.
_SPACE_BEFORE_CJK = re.compile(r"(?<=\d)\s+(?=[\u3000-\u9fff\uac00-\ud7af])")
_PATTERN_FIELD = re.compile(r"'[^']*'|[A-Za-z]+")  # a CLDR pattern's quoted text and its fields
# A day's ordinal ending written as a word of its own once split from the number ("1er mai",
# "1º de mayo", "March 1st").
_ORDINALS = frozenset({"er", "re", "º", "ª", "st", "nd", "rd", "th"})


class _DateWords(NamedTuple):
    """What a locale writes in a date besides its numbers."""

    month_names: re.Pattern[str]  # any month name standing on its own
    months: dict[str, int]  # each month name's number
    others: frozenset[str]  # the words around the numbers, weekdays, ordinal endings (casefolded)
    day_first: bool  # `03.04.2025` is 3 April


def label_date(label: str, language: str | None = None) -> datetime | None:
    """The date an update's label names in English or ISO form, or in the page's `language`,
    else in the one form the other languages agree on; else None."""
    text = " ".join(label.replace(",", ", ").split()).replace(" ,", ",")
    for pattern in _ENGLISH_FORMATS:
        try:
            return datetime.strptime(text, pattern).replace(tzinfo=UTC)
        except ValueError:
            continue
    if not _YEAR.search(text):
        return None
    text = _SPACE_BEFORE_CJK.sub("", unicodedata.normalize("NFC", text).casefold())
    own = date_locale(language)
    found = _locale_date(text, own)
    if found is not None:
        return found
    agreed = {date for code in table_codes() if (locale := date_locale(code)) != own
              and (date := _locale_date(text, locale)) is not None}
    return agreed.pop() if len(agreed) == 1 else None


def _locale_date(text: str, locale: str) -> datetime | None:
    """The date `text` (casefolded) writes in `locale`'s words, or None."""
    words = _date_words(locale)
    month = 0
    # The longest name written: `febrero` in `mar, 4 de febrero` (`mar` is Tuesday, and March).
    match = max(words.month_names.finditer(text), key=lambda found: len(found[0]), default=None)
    if match is not None:
        month = words.months[match[0]]
        text = f"{text[:match.start()]} {text[match.end():]}"
    numbers: list[str] = []
    for token in _TOKEN.findall(text):
        if token[0].isdigit():
            numbers.append(token)
        elif token not in words.others:
            return None  # a word no date of this language writes
    day_month_year = _fields(numbers, month, words.day_first)
    if day_month_year is None:
        return None
    day, month, year = day_month_year
    try:
        return datetime(year, month, day, tzinfo=UTC)
    except ValueError:
        return None


def _fields(numbers: list[str], month: int, day_first: bool) -> tuple[int, int, int] | None:
    """(day, month, year) of the numbers a label writes around a month name (`month`), or of
    three numbers (0: no month name); None for any other shape."""
    years = [n for n in numbers if len(n) == 4]
    small = [int(n) for n in numbers if len(n) <= 2]
    if len(years) != 1 or len(years) + len(small) != len(numbers):
        return None
    year = int(years[0])
    if month:
        if len(small) > 1:
            return None
        return (small[0] if small else 1), month, year
    if len(small) != 2 or years[0] not in (numbers[0], numbers[-1]):
        return None
    if years[0] == numbers[0] or not day_first:  # a year written first is followed by month, day
        return small[1], small[0], year
    return small[0], small[1], year


@cache
def _date_words(locale: str) -> _DateWords:
    from babel import Locale

    data = Locale.parse(locale)
    names: dict[str, int] = {}
    for context in ("format", "stand-alone"):
        for width in ("wide", "abbreviated"):
            for number, name in data.months[context][width].items():
                key = unicodedata.normalize("NFC", name).casefold().rstrip(".")
                if key:
                    names.setdefault(key, number)
    others = set(_ORDINALS)
    for width in ("wide", "abbreviated"):
        others.update(unicodedata.normalize("NFC", day).casefold().rstrip(".")
                      for day in data.days["format"][width].values())
    for form in ("full", "long", "medium", "short"):
        pattern = data.date_formats[form].pattern
        literal = _PATTERN_FIELD.sub(lambda part: f" {part[0][1:-1]} " if part[0][0] == "'" else " ", pattern)
        others.update(word.casefold() for word in _TOKEN.findall(literal) if not word[0].isdigit())
    short = data.date_formats["short"].pattern
    month_at = min(at for at in (short.find("M"), short.find("L"), len(short)) if at >= 0)  # `L`: stand-alone
    month_names = re.compile("|".join(_name_pattern(name) for name in sorted(names, key=len, reverse=True)))
    return _DateWords(month_names, names, frozenset(others), short.find("d") < month_at)


def _name_pattern(name: str) -> str:
    """A month name standing on its own: not inside a longer word (`mar` in `marzo`) or number
    (`1月` in `11月`)."""
    before = r"(?<!\d)" if name[0].isdigit() else r"(?<![^\W\d_])"
    after = r"(?!\d)" if name[-1].isdigit() else r"(?![^\W\d_])"
    return before + re.escape(name) + after
