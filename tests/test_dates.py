"""The "Last modified" line in the page's language: a reader of a German page sees
"Zuletzt geändert am 13. August 2026", of a Japanese one "最終更新日 2026年8月13日", while
`<time datetime>` and the sitemap's `lastmod` stay ISO (v2 `navigation.languages` and a
classic project, with git history or front matter `lastUpdatedDate`)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from sitegen.i18n.dates import long_date
from sitegen.pipeline import build_site
from sitegen.publish import SiteUrlSetting

from conftest import commit_all, run_sitegen

COMMITTED = "2026-08-13T09:30:00+00:00"
LANGUAGES = ("en", "de", "fr", "jp", "cn", "zh-Hant", "he")
TITLES = {"en": "Hive inspections", "de": "Stockkontrolle", "fr": "Visite des ruches", "jp": "巣箱の点検",
          "cn": "蜂箱检查", "zh-Hant": "蜂箱檢查", "he": "בדיקת כוורות"}


def apiary(languages: tuple[str, ...] = LANGUAGES, **more: Any) -> dict[str, Any]:
    """A v2 docs.json: every language lists its `inspections` page (English at the root)."""
    return {
        "$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "Apiary",
        "colors": {"primary": "#B7791F"},
        "metadata": {"timestamp": True},
        "navigation": {"languages": [
            {"language": code, "groups": [{"group": "Hives", "pages": [page_id(code, "inspections")]}]}
            for code in languages
        ]},
        **more,
    }


def page_id(code: str, name: str) -> str:
    return name if code == "en" else f"{code}/{name}"


def apiary_pages(languages: tuple[str, ...] = LANGUAGES) -> dict[str, str]:
    return {f"/{page_id(code, 'inspections')}.mdx": f"---\ntitle: {TITLES[code]}\n---\n\n## Frames\n\nText.\n"
            for code in languages}


def last_modified(html: bytes) -> str | None:
    """The line's visible text, as a reader sees it."""
    found = re.search(r'<p class="last-modified"[^>]*>(.*?)</p>', html.decode(), flags=re.S)
    return unescape(re.sub(r"<[^>]+>", "", found.group(1))) if found else None


def time_attribute(html: bytes) -> str:
    found = re.search(r'<p class="last-modified"[^>]*>.*?<time datetime="([^"]*)">', html.decode(), flags=re.S)
    assert found
    return found.group(1)


@pytest.fixture
def committed(make_project: Any) -> Path:
    project = make_project(apiary(), apiary_pages())
    commit_all(project, COMMITTED)
    return project


def test_each_language_writes_the_last_commits_date_its_own_way(committed: Path) -> None:
    site = build_site(committed)
    assert site.warnings == []
    shown = {code: last_modified(site.files[f"{page_id(code, 'inspections')}/index.html"]) for code in LANGUAGES}
    assert shown == {
        "en": "Last modified on August 13, 2026",
        "de": "Zuletzt geändert am 13. August 2026",
        "fr": "Dernière modification le 13 août 2026",
        "jp": "最終更新日 2026年8月13日",  # Mintlify's alias of ja
        "cn": "最后修改于 2026年8月13日",  # Mintlify's alias of zh
        "zh-Hant": "最後修改於 2026年8月13日",
        "he": "עודכן לאחרונה ב-13 באוגוסט 2026",  # the date joins the preposition's hyphen
    }
    for code in LANGUAGES:
        assert time_attribute(site.files[f"{page_id(code, 'inspections')}/index.html"]) == "2026-08-13"


def test_the_sitemap_keeps_the_iso_date(committed: Path) -> None:
    site = build_site(committed, site_url=SiteUrlSetting("https://docs.apiary.example/"))
    sitemap = site.files["sitemap.xml"].decode()
    assert ("<url><loc>https://docs.apiary.example/de/inspections/</loc>"
            f"<lastmod>{COMMITTED}</lastmod></url>") in sitemap
    assert last_modified(site.files["de/inspections/index.html"]) == "Zuletzt geändert am 13. August 2026"


def test_front_matter_last_updated_date_is_written_in_the_pages_language(make_project: Any) -> None:
    pages = apiary_pages(("en", "de", "fr"))
    pages["/de/inspections.mdx"] = "---\ntitle: Stockkontrolle\nlastUpdatedDate: 2025-01-02\n---\n\nText.\n"
    pages["/fr/inspections.mdx"] = '---\ntitle: Visite des ruches\nlastUpdatedDate: "2025-03-01"\n---\n\nTexte.\n'
    site = build_site(make_project(apiary(("en", "de", "fr")), pages))  # no git: the files' times elsewhere
    assert site.warnings == []
    assert last_modified(site.files["de/inspections/index.html"]) == "Zuletzt geändert am 2. Januar 2025"
    assert time_attribute(site.files["de/inspections/index.html"]) == "2025-01-02"
    assert last_modified(site.files["fr/inspections/index.html"]) == "Dernière modification le 1 mars 2025"
    assert time_attribute(site.files["fr/inspections/index.html"]) == "2025-03-01"


def test_a_classic_project_writes_english_dates(make_project: Any) -> None:
    """mint.json-style docs.json: no languages, English words and date."""
    project = make_project(
        {"name": "Apiary", "navigation": [{"group": "Hives", "pages": ["swarms", "honey"]}]},
        {"swarms.mdx": "---\ntitle: Catching swarms\ntimestamp: true\n---\n\nText.\n",
         "honey.mdx": '---\ntitle: Harvest\ntimestamp: true\nlastUpdatedDate: "2026-08-01"\n---\n\nText.\n'})
    commit_all(project, COMMITTED)
    site = build_site(project)
    assert site.warnings == []
    assert last_modified(site.files["swarms/index.html"]) == "Last modified on August 13, 2026"
    assert time_attribute(site.files["swarms/index.html"]) == "2026-08-13"
    assert last_modified(site.files["honey/index.html"]) == "Last modified on August 1, 2026"


def test_regional_codes_keep_their_own_form_and_unknown_ones_are_english() -> None:
    """Codes Mintlify accepts with a region, and one without a word table (Swahili: the page
    is in English, so is its date)."""
    shown = {code: long_date("2026-08-13", code).text
             for code in ("fr-CA", "pt-BR", "ja-JP", "zh-TW", "zh-CN", "no", "sw", None)}
    assert shown == {"fr-CA": "13 août 2026", "pt-BR": "13 de agosto de 2026", "ja-JP": "2026年8月13日",
                     "zh-TW": "2026年8月13日", "zh-CN": "2026年8月13日", "no": "13. august 2026",
                     "sw": "August 13, 2026", None: "August 13, 2026"}


def test_a_parallel_cold_build_writes_the_same_dates(make_project: Any) -> None:
    """220 pages in two languages: rendered in forked workers, which use the locale data the
    parent loaded."""
    pages = {f"/{page_id(code, f'hive-{number}')}.mdx": f"---\ntitle: Hive {number}\n---\n\nText.\n"
             for code in ("en", "de") for number in range(110)}
    config = apiary(("en", "de"))
    for entry in config["navigation"]["languages"]:
        entry["groups"][0]["pages"] = [page_id(entry["language"], f"hive-{number}") for number in range(110)]
    project = make_project(config, pages)
    commit_all(project, COMMITTED)
    result = run_sitegen("build", project, "--out", project / "site")
    assert result.returncode == 0, result.stderr
    site = project / "site"
    assert last_modified((site / "de/hive-7/index.html").read_bytes()) == "Zuletzt geändert am 13. August 2026"
    assert last_modified((site / "hive-108/index.html").read_bytes()) == "Last modified on August 13, 2026"
    dates = {last_modified(path.read_bytes()) for path in site.glob("de/hive-*/index.html")}
    assert dates == {"Zuletzt geändert am 13. August 2026"}


def test_a_page_template_written_before_dates_by_language_still_reads(make_project: Any) -> None:
    """A project's own `themes/default/templates/page.html` that prints the words, then the
    date (`ui.last_modified`, `last_modified[0]` and `[1]`, as the theme did before the
    tables placed the date), shows the words without a `{date}` left in them."""
    theme = Path(__file__).resolve().parents[1] / "themes" / "default" / "templates" / "page.html"
    template = theme.read_text(encoding="utf-8")
    new_line = re.search(r"  \{% set before_date, after_date.*?</p>\n", template, flags=re.S)
    assert new_line is not None
    old_line = ('  <p class="last-modified" data-pagefind-ignore>{{ ui.last_modified }} '
                '<time datetime="{{ last_modified[0] }}">{{ last_modified[1] }}</time></p>\n')
    project = make_project(
        apiary(("en", "de")),
        {**apiary_pages(("en", "de")),
         "/themes/default/templates/page.html": template.replace(new_line.group(0), old_line)})
    commit_all(project, COMMITTED)
    site = build_site(project)
    assert last_modified(site.files["inspections/index.html"]) == "Last modified on August 13, 2026"
    assert last_modified(site.files["de/inspections/index.html"]) == "Zuletzt geändert am 13. August 2026"
    assert time_attribute(site.files["de/inspections/index.html"]) == "2026-08-13"
