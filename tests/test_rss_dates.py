"""An update's label that is a date in the page's language gives its feed item a pubDate:
`3 de marzo de 2025` on a Spanish page, `2025年3月3日` on a Japanese one, `3. März 2025` on a
German one, numeric forms in the order the language writes them. A label with no date in the
page's language is read in the form the other languages agree on; anything else has no pubDate."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from test_rss import items

from sitegen.pipeline import build_site

NAVIGATION = {"languages": [
    {"language": language, "groups": [{"group": "News", "pages": [f"{language}/changelog"]}]}
    for language in ("en", "es", "ja", "de", "fr")]}


def changelog(*labels: str) -> str:
    return "---\ntitle: Changelog\n---\n\n" + "".join(
        f'<Update label="{label}">\n  Gears turn.\n</Update>\n\n' for label in labels)


def dates(feed: bytes) -> list[tuple[str, str | None]]:
    return [(item["title"], item.get("pubDate")) for item in items(feed)]


def test_each_language_reads_its_own_dates(make_project: Callable[..., Path]) -> None:
    pages = {
        "/en/changelog.mdx": changelog("March 3rd, 2025", "03/04/2025", "Version 2025.1"),
        "/es/changelog.mdx": changelog("3 de marzo de 2025", "lun, 3 de febrero de 2025", "Febrero de 2025",
                                       "03/04/2025", "Versión 2.1.0"),
        "/ja/changelog.mdx": changelog("2025年3月3日", "2025 年 11 月 3 日", "2025年1月", "2025 年 4 月", "2025/3/4"),
        "/de/changelog.mdx": changelog("3. März 2025", "03.04.2025", "31. Februar 2025"),
        "/fr/changelog.mdx": changelog("1er mai 2025", "Mars 2025", "27 févr. 2026"),
    }
    config = {"theme": "mint", "name": "Gearworks", "colors": {"primary": "#2F6B4F"}, "navigation": NAVIGATION}
    site = build_site(make_project(config, pages))
    assert site.warnings == []
    assert dates(site.files["en/changelog/rss.xml"]) == [
        ("March 3rd, 2025", "Mon, 03 Mar 2025 00:00:00 GMT"),
        ("03/04/2025", "Tue, 04 Mar 2025 00:00:00 GMT"),  # month first, as English writes it
        ("Version 2025.1", None)]
    assert dates(site.files["es/changelog/rss.xml"]) == [
        ("3 de marzo de 2025", "Mon, 03 Mar 2025 00:00:00 GMT"),
        ("lun, 3 de febrero de 2025", "Mon, 03 Feb 2025 00:00:00 GMT"),
        ("Febrero de 2025", "Sat, 01 Feb 2025 00:00:00 GMT"),
        ("03/04/2025", "Thu, 03 Apr 2025 00:00:00 GMT"),  # day first, as Spanish writes it
        ("Versión 2.1.0", None)]
    assert dates(site.files["ja/changelog/rss.xml"]) == [
        ("2025年3月3日", "Mon, 03 Mar 2025 00:00:00 GMT"),
        ("2025 年 11 月 3 日", "Mon, 03 Nov 2025 00:00:00 GMT"),
        ("2025年1月", "Wed, 01 Jan 2025 00:00:00 GMT"),
        ("2025 年 4 月", "Tue, 01 Apr 2025 00:00:00 GMT"),
        ("2025/3/4", "Tue, 04 Mar 2025 00:00:00 GMT")]
    assert dates(site.files["de/changelog/rss.xml"]) == [
        ("3. März 2025", "Mon, 03 Mar 2025 00:00:00 GMT"),
        ("03.04.2025", "Thu, 03 Apr 2025 00:00:00 GMT"),
        ("31. Februar 2025", None)]  # no such day
    assert dates(site.files["fr/changelog/rss.xml"]) == [
        ("1er mai 2025", "Thu, 01 May 2025 00:00:00 GMT"),
        ("Mars 2025", "Sat, 01 Mar 2025 00:00:00 GMT"),
        ("27 févr. 2026", "Fri, 27 Feb 2026 00:00:00 GMT")]


def test_a_site_without_languages_reads_the_date_the_languages_agree_on(make_project: Callable[..., Path]) -> None:
    config: dict[str, Any] = {"name": "Gearworks", "navigation": [{"group": "News", "pages": ["changelog"]}]}
    page = changelog("2025年3月", "3 de marzo de 2025", "3. März 2025", "21.03.2025", "2025 roadmap", "Q3 2025")
    site = build_site(make_project(config, {"/changelog.mdx": page}))
    assert dates(site.files["changelog/rss.xml"]) == [
        ("2025年3月", "Sat, 01 Mar 2025 00:00:00 GMT"),
        ("3 de marzo de 2025", "Mon, 03 Mar 2025 00:00:00 GMT"),
        ("3. März 2025", "Mon, 03 Mar 2025 00:00:00 GMT"),
        # English reads no month 21; the languages that write the day first agree.
        ("21.03.2025", "Fri, 21 Mar 2025 00:00:00 GMT"),
        ("2025 roadmap", None),
        ("Q3 2025", None)]
