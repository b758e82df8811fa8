"""Every word a reader of a translated page sees or hears is in the page's language: heading
anchors, code blocks' buttons, callouts' hidden labels, code groups' menus and untitled tabs,
prompts, tooltips, the chrome's labels and titles, and redirect pages (their English is only
a fallback for a table that lacks them)."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from page_words_support import CONFIG, PAGES
from visible_text import visible_words

from sitegen.pipeline import build_site


@pytest.fixture
def built(make_project: Any) -> dict[str, str]:
    site = build_site(make_project(CONFIG, PAGES))
    assert site.warnings == []
    return {path: data.decode() for path, data in site.files.items() if path.endswith(".html")}


def attributes(html: str, tag: str, css_class: str) -> dict[str, str]:
    """The attributes of the first `tag` element with `css_class`."""
    match = re.search(rf'<{tag}\b[^>]*\bclass="{css_class}"[^>]*>', html)
    assert match, css_class
    return {name: unescape(value) for name, value in re.findall(r'([\w-]+)="([^"]*)"', match.group(0))}


def test_a_german_pages_components_speak_german(built: dict[str, str]) -> None:
    german = built["de/index.html"]
    assert visible_words(german, "prose") == [
        "Pflanzen", "Link zu diesem Abschnitt", "#", "Tief graben.",
        "pflanzen.py", "pflanzen.py kopieren", "Kopieren", "Mehr anzeigen", "(20 Zeilen)",  # a titled, expandable block
        "Code kopieren", "Kopieren",  # a block with neither title nor language
        "Warnung:", "Tief graben.", "Hinweis:", "Tief graben.",  # what a screen reader says before a callout
        "bash", "Angezeigtes Beispiel", "Bash", "Python", "bash kopieren", "Kopieren", "python kopieren", "Kopieren",
        "Tief graben.", "In Cursor öffnen", "Prompt kopieren", "Tief graben.",
        "Pflanzen", "Tief graben.", "Mehr erfahren",  # a tooltip's link without its own words
        "Beispiel 1", "Beispiel 2", "Code kopieren", "Kopieren", "Code kopieren", "Kopieren",  # untitled blocks' tabs
        "Tab 1", "Tab 1", "Tief graben.",  # an untitled tab (and its panel's label); "Tab" in German too
        "Pflanzen",  # a colour swatch: its name (its "copied" comes from data-copied, by CSS)
    ]
    assert attributes(german, "a", "header-anchor") == {
        "class": "header-anchor", "href": "#pflanzen", "aria-label": "Link zu diesem Abschnitt"}
    assert attributes(german, "button", "code-expand") == {
        "type": "button", "class": "code-expand", "aria-expanded": "true", "data-more": "Mehr anzeigen",
        "data-less": "Weniger anzeigen"}  # what components.js swaps in (and `hidden`, until it runs)
    assert attributes(german, "button", "copy-code")["aria-label"] == "pflanzen.py kopieren"
    assert attributes(german, "select", "code-group-select")["aria-label"] == "Angezeigtes Beispiel"
    assert attributes(german, "span", "color-name")["data-copied"] == "Kopiert"
    assert '<span class="visually-hidden">Warnung: </span>' in german
    assert 'data-ui-copy="Kopieren" data-ui-copied="Kopiert"' in german  # site.js's copy feedback


def test_the_german_chrome_labels_what_it_shows(built: dict[str, str]) -> None:
    german = built["de/index.html"]
    assert attributes(german, "button", "mode-toggle icon-button") == {
        "class": "mode-toggle icon-button", "type": "button", "data-component-name": "theme-toggle",
        "aria-label": "Zum dunklen Modus wechseln", "title": "Zwischen hellem und dunklem Modus wechseln",
        "data-dark-label": "Zum dunklen Modus wechseln", "data-light-label": "Zum hellen Modus wechseln"}
    menu = attributes(german, "button", "menu-button icon-button")
    assert (menu["aria-label"], menu["data-open-label"], menu["data-close-label"]) == (
        "Navigation öffnen", "Navigation öffnen", "Navigation schließen")
    assert attributes(german, "dialog", "search-dialog")["aria-label"] == "果樹園 durchsuchen"
    assert attributes(german, "input", "search-input")["aria-label"] == "Dokumentation durchsuchen"
    assert attributes(german, "button", "search-close")["aria-label"] == "Suche schließen"
    assert attributes(german, "kbd", "search-kbd")["title"] == "Drücken Sie Strg K oder / zum Suchen"
    assert attributes(german, "summary", "language-current")["aria-label"] == "Sprache: Deutsch"
    assert attributes(german, "button", "site-banner-dismiss icon-button")["aria-label"] == "Ankündigung schließen"
    copy_page = attributes(german, "a", "copy-page")
    assert (copy_page["aria-label"], copy_page["title"], copy_page["data-view-label"]) == (
        "Seite als Markdown kopieren", "Diese Seite als Markdown kopieren", "Markdown dieser Seite anzeigen")
    assert attributes(german, "aside", "sidebar")["aria-label"] == "Navigation"  # the same word in German
    assert attributes(german, "nav", "sidebar-nav")["aria-label"] == "Seiten"
    assert attributes(german, "a", "github-button")["data-stars-label"] == "{count} Sterne auf GitHub"  # site.js's title


def test_a_japanese_page_says_nothing_in_english(built: dict[str, str]) -> None:
    """The Latin words left are names: keys, languages (each in its own), Markdown, Cursor,
    and the author's code titles and languages."""
    latin = [words for words in visible_words(built["ja/index.html"]) if re.search("[A-Za-z]", words)]
    assert latin == ["Ctrl K または / で検索", "Ctrl", "K", "acme/orchard", "English", "Deutsch", "Türkçe",
                     "ページを Markdown としてコピー", "このページを Markdown としてコピー",
                     "pflanzen.py", "pflanzen.py をコピー", "bash", "Bash", "Python", "bash をコピー", "python をコピー",
                     "Cursor で開く", "Esc", "Esc"]
    japanese = visible_words(built["ja/index.html"], "prose")
    assert japanese[:9] == ["植え付け", "このセクションへのリンク", "#", "深く掘ります。", "pflanzen.py",
                            "pflanzen.py をコピー", "コピー", "もっと見る", "（20 行）"]
    assert {"警告:", "注記:", "表示する例", "例 1", "例 2", "タブ 1"} <= set(japanese)


def test_a_turkish_page_speaks_turkish_where_it_once_spoke_english(built: dict[str, str]) -> None:
    """Turkish was among the tables that lacked the page's words; each table has them now."""
    turkish = visible_words(built["tr/index.html"], "prose")
    assert turkish[:15] == ["Dikim", "Bu bölümün bağlantısı", "#", "Derin kazın.", "pflanzen.py", "Kopyala: pflanzen.py",
                            "Kopyala", "Daha fazla göster", "(20 satır)", "Kodu kopyala", "Kopyala",
                            "Uyarı:", "Derin kazın.", "Not:", "Derin kazın."]
    assert attributes(built["tr/index.html"], "button", "search-close")["aria-label"] == "Aramayı kapat"
    english = visible_words(built["index.html"], "prose")
    assert english[:13] == ["Planting", "Link to this section", "#", "Dig deep.", "pflanzen.py", "Copy pflanzen.py",
                            "Copy", "Show more", "(20 lines)", "Copy code", "Copy", "Warning:", "Dig deep."]


def test_a_pages_markdown_labels_its_callouts_in_the_pages_language(make_project: Any) -> None:
    """The `.md` beside a page (what "Copy page" copies) says what the HTML's callouts and
    fields say."""
    body = ("<Note>Arroser le soir.</Note>\n\n<Warning>Pas en plein soleil.</Warning>\n\n"
            '<Callout icon="leaf">Tailler en mars.</Callout>\n\n<Tip title="Astuce du jardinier">Pailler.</Tip>\n\n'
            "| Quand | Quoi |\n|---|---|\n| Mars | <Info>Semer.</Info> |\n\n"
            '<ParamField query="rangs" type="integer" required deprecated default="4">Rangs par parcelle.</ParamField>\n')
    languages = {"languages": [{"language": "en", "pages": ["index"]}, {"language": "fr", "pages": ["fr/index"]}]}
    site = build_site(make_project({**CONFIG, "navigation": languages}, {
        "index.mdx": "---\ntitle: Orchard\n---\n\n<Note>Water at dusk.</Note>\n",
        "fr/index.mdx": f"---\ntitle: Verger\n---\n\n{body}"}))
    assert site.warnings == []
    french = site.files["fr/index.md"].decode()
    assert french.split("\n\n")[1:] == [
        "> **Remarque**\n>\n> Arroser le soir.", "> **Avertissement**\n>\n> Pas en plein soleil.",
        "> **Remarque**\n>\n> Tailler en mars.", "> **Astuce du jardinier**\n>\n> Pailler.",  # its own title stays
        "| Quand | Quoi |\n| --- | --- |\n| Mars | **Information:** Semer. |",
        "- `rangs` (integer, obligatoire, obsolète, par défaut: `4`): Rangs par parcelle.\n"]  # as the field's HTML
    assert '<span class="visually-hidden">Remarque: </span>' in site.files["fr/index.html"].decode()  # the same word
    assert site.files["index.md"].decode() == "# Orchard\n\n> **Note**\n>\n> Water at dusk.\n"


def test_a_redirect_page_speaks_the_language_of_the_page_it_leads_to(make_project: Any) -> None:
    redirects = [{"source": "/ja/old", "destination": "/ja/index"}, {"source": "/old", "destination": "/index"},
                 {"source": "/de/old", "destination": "/de/index#pflanzen"}]
    site = build_site(make_project({**CONFIG, "redirects": redirects}, PAGES))
    assert site.warnings == []
    japanese = site.files["ja/old/index.html"].decode()
    assert '<html lang="ja">' in japanese and "<title>リダイレクト中…</title>" in japanese
    assert visible_words(japanese) == ["リダイレクト中…", "このページは", "../../ja/", "に移動しました。"]
    assert visible_words(site.files["de/old/index.html"].decode()) == [
        "Weiterleitung…", "Diese Seite ist umgezogen nach", "../../de/#pflanzen", "."]
    english = site.files["old/index.html"].decode()
    assert '<html lang="en">' in english
    assert visible_words(english) == ["Redirecting…", "This page has moved to", "../", "."]
