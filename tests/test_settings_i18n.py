"""The theme's words in the page's language, and right-to-left pages: what a reader of a
built page sees (its <html lang/dir>, "On this page", Search…, Copy page, Previous/Next)."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from sitegen.i18n import table_code, table_codes, ui_strings
from sitegen.pipeline import build_site

TABLES = Path(__file__).resolve().parents[1] / "sitegen" / "i18n"
PLACEHOLDER = re.compile(r"\{\w+\}")
# Mintlify's `navigation.languages` codes (its settings reference lists exactly these).
MINTLIFY_CODES = ("ar", "ca", "cn", "cs", "da", "de", "en", "es", "fr", "fr-CA", "he", "hi", "hu", "id", "it", "ja",
                  "ja-JP", "jp", "ko", "lv", "nl", "no", "pl", "pt", "pt-BR", "ro", "ru", "sv", "tr", "uk", "uz",
                  "vi", "zh", "zh-CN", "zh-Hans", "zh-Hant", "zh-TW")

LANGUAGES = {
    "languages": [
        {"language": "en", "groups": [{"group": "Start", "pages": ["index", "picking"]}]},
        {"language": "ar", "groups": [{"group": "ابدأ", "pages": ["ar/index", "ar/picking"]}]},
        {"language": "de", "groups": [{"group": "Los geht's", "pages": ["de/index", "de/picking"]}]},
        {"language": "jp", "groups": [{"group": "はじめに", "pages": ["jp/index", "jp/picking"]}]},
    ]
}
PAGES = {
    "/index.mdx": "---\ntitle: Orchard\n---\n\n## Planting\n\nText.\n",
    "/picking.mdx": "---\ntitle: Picking\ndeprecated: true\n---\n\n## Baskets\n\nText.\n",
    "/ar/index.mdx": "---\ntitle: البستان\n---\n\n## الزراعة\n\nنص.\n",
    "/ar/picking.mdx": "---\ntitle: القطف\ndeprecated: true\n---\n\n## السلال\n\nنص.\n",
    "/de/index.mdx": "---\ntitle: Obstgarten\n---\n\n## Pflanzen\n\nText.\n",
    "/de/picking.mdx": "---\ntitle: Ernte\n---\n\n## Körbe\n\nText.\n",
    "/jp/index.mdx": "---\ntitle: 果樹園\n---\n\n## 植え付け\n\n本文。\n",
    "/jp/picking.mdx": "---\ntitle: 収穫\n---\n\n## かご\n\n本文。\n",
}


def v2(navigation: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"theme": "mint", "name": "Orchard", "colors": {"primary": "#2F6B3A"}, "navigation": navigation, **more}


def html_attributes(html: str) -> dict[str, str]:
    """The attributes of a page's <html> tag, but the page path custom CSS reads (test_site_files)."""
    match = re.search(r"<html\b([^>]*)>", html)
    assert match
    return {name: value for name, value in re.findall(r'([\w-]+)="([^"]*)"', match.group(1))
            if name != "data-current-path"}


def text(html: str, pattern: str) -> str:
    """The visible text of the first match of `pattern` (its first group), tags removed."""
    match = re.search(pattern, html, re.S)
    assert match, pattern
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", match.group(1))).strip())


@pytest.fixture
def built(make_project: Any) -> dict[str, str]:
    project = make_project(v2(LANGUAGES), PAGES)
    site = build_site(project)
    assert site.warnings == []
    return {path: data.decode() for path, data in site.files.items() if path.endswith(".html")}


# The theme's first words, every table's since the start.
FIRST_WORDS = {"direction", "on_this_page", "search", "search_placeholder", "type_to_search", "no_results", "copy_page",
               "copied", "view_markdown", "copy", "previous", "next", "skip_to_content", "last_modified_on",
               "deprecated", "suggest_edits", "raise_issue", "page_not_found", "not_found_text", "go_home",
               "to_navigate", "to_open", "to_close"}
# What a reader of a page hears or sees besides the API page's words (tests/test_page_words.py).
PAGE_WORDS = {"link_to_section", "copy_named", "copy_code", "show_more", "show_less", "line_count", "example_shown", "example_number", "tab_number",
              "callout_note", "callout_info", "callout_tip", "callout_warning", "callout_check", "callout_danger",
              "copy_prompt", "open_in", "learn_more", "view_choice", "search_label", "search_site", "close_search",
              "search_results", "search_shortcut", "search_needs_http", "search_unavailable", "open_navigation", "close_navigation", "navigation", "pages",
              "sections", "links", "switch_to_dark", "switch_to_light", "toggle_mode", "language_current",
              "languages", "product_current", "section_current", "documentation_version", "announcement",
              "dismiss_announcement", "dismiss", "copy_page_markdown", "copy_page_title", "more_page_actions",
              "view_page_markdown", "footer", "feedback", "previous_and_next", "github_stars",
              "redirecting", "moved_to", "rss_feed"}
# The tables in another script than English's: none of their page words can be the English one.
OTHER_SCRIPTS = ("ar", "fa", "he", "hi", "ja", "ko", "ru", "uk", "ur", "zh", "zh-Hant")


def test_every_table_has_every_word_and_a_direction() -> None:
    english = json.loads((TABLES / "en.json").read_text(encoding="utf-8"))
    assert {key for key in english if not key.startswith("api_")} == FIRST_WORDS | PAGE_WORDS
    assert len(table_codes()) == 31
    for code in table_codes():
        table = json.loads((TABLES / f"{code}.json").read_text(encoding="utf-8"))
        # A word added to en.json fails here until every table says it in its own language.
        assert ([key for key in english if key not in table], [key for key in table if key not in english]) == (
            [], []), code
        assert table["direction"] in ("ltr", "rtl"), code
        assert all(isinstance(value, str) and value.strip() == value and value for value in table.values()), code
        # Each sentence keeps the placeholders the page fills in ({query}, {date}, {value},
        # {names}, {url}…), once each, wherever the language puts them.
        for key, value in table.items():
            assert sorted(PLACEHOLDER.findall(value)) == sorted(PLACEHOLDER.findall(english[key])), (code, key)
    for code in OTHER_SCRIPTS:
        words = ui_strings(code)
        assert [key for key in PAGE_WORDS if getattr(words, key) == english[key]] == [], code
    # The words the last tables to get them had in English.
    assert (ui_strings("ar").link_to_section, ui_strings("tr").show_more) == ("رابط إلى هذا القسم", "Daha fazla göster")
    assert ui_strings("ar").api_cookies_hint.startswith("لا تسمح المتصفحات")
    assert ui_strings("ar").api_send == "إرسال"
    # The words of the field lists, the components and the playground's messages are among them.
    assert {"api_min_length", "api_show_named", "api_in_query", "api_no_response", "api_cors_hint"} <= set(english)
    assert english["api_min_length"] == "min length: {value}" and english["api_no_response"].startswith("No response from {url}.")
    assert (ui_strings("tr").api_in_query, ui_strings("tr").api_min_length) == ("sorgu", "minimum uzunluk: {value}")
    # A language whose words take endings names what goes in after a colon, where the bare word fits.
    assert ui_strings("tr").api_cors_hint.endswith("kontrol edin: {origin}.")


def test_each_mintlify_language_code_has_its_own_words() -> None:
    english = ui_strings("en")
    for code in MINTLIFY_CODES:
        if code != "en" and not code.startswith("en"):
            assert ui_strings(code).on_this_page != english.on_this_page, code
    assert (table_code("jp"), table_code("ja-JP"), table_code("cn"), table_code("zh-Hans")) == ("ja", "ja", "zh", "zh")
    assert (table_code("zh-TW"), table_code("zh-Hant"), table_code("pt-BR"), table_code("fr-CA")) == \
           ("zh-Hant", "zh-Hant", "pt", "fr")
    assert (table_code("tlh"), table_code(None), table_code("")) == ("en", "en", "en")
    assert [code for code in ("ar", "he", "fa", "ur", "en", "fr", "zh") if ui_strings(code).rtl] == ["ar", "he", "fa", "ur"]


def test_the_language_menu_names_each_language_in_itself(make_project: Any) -> None:
    """Every code Mintlify accepts (and Persian, Urdu) is named in its own words in the menu and
    in its aria-label, never by its code ("Magyar", not "hu")."""
    codes = [code for code in (*MINTLIFY_CODES, "fa", "ur") if code not in ("zh-Hans", "zh-CN", "cn", "jp", "ja-JP",
                                                                             "zh-TW", "pt-BR", "fr-CA")]
    navigation = {"languages": [{"language": code, "pages": [f"{code}/index" if code != "en" else "index"]}
                                for code in codes]}
    pages = {("index" if code == "en" else f"{code}/index") + ".mdx": "---\ntitle: Orchard\n---\n\nText.\n"
             for code in codes}
    site = build_site(make_project(v2(navigation), pages))
    assert site.warnings == []
    hungarian = site.files["hu/index.html"].decode()
    assert re.search(r'<summary class="language-current"[^>]*aria-label="Nyelv: Magyar"', hungarian)
    menu = hungarian[hungarian.index('<details class="language-menu">'):hungarian.index("</details>")]
    names = [unescape(name) for name in re.findall(r"<a\b[^>]*>\s*([^<]+?)\s*</a>", menu)]
    assert names == ["العربية", "Català", "Čeština", "Dansk", "Deutsch", "English", "Español", "Français", "עברית",
                     "हिन्दी", "Magyar", "Bahasa Indonesia", "Italiano", "日本語", "한국어", "Latviešu", "Nederlands",
                     "Norsk", "Polski", "Português", "Română", "Русский", "Svenska", "Türkçe", "Українська",
                     "O\u2018zbekcha", "Tiếng Việt", "中文", "繁體中文", "فارسی", "اردو"]  # in the order docs.json gives
    # Mintlify's other codes for the same languages, as a site that uses them shows them.
    aliases = ("jp", "ja-JP", "cn", "zh-CN", "zh-Hans", "zh-TW", "pt-BR", "fr-CA")
    site = build_site(make_project(v2({"languages": [{"language": code, "pages": [f"{code}/index"]} for code in aliases]}),
                                   {f"{code}/index.mdx": "---\ntitle: Orchard\n---\n\nText.\n" for code in aliases},
                                   name="aliases"))
    assert site.warnings == []
    page = site.files["fr-CA/index.html"].decode()
    menu = page[page.index('<details class="language-menu">'):page.index("</details>")]
    assert [unescape(name) for name in re.findall(r"<a\b[^>]*>\s*([^<]+?)\s*</a>", menu)] == [
        "日本語", "日本語", "简体中文", "简体中文", "简体中文", "繁體中文", "Português (Brasil)", "Français (Canada)"]


def test_a_page_shows_the_theme_in_its_own_language(built: dict[str, str]) -> None:
    german = built["de/index.html"]
    assert html_attributes(german)["lang"] == "de" and "dir" not in html_attributes(german)
    assert text(german, r'<h2 class="toc-title">(.*?)</h2>') == "Auf dieser Seite"
    assert text(german, r'<span class="search-button-label">(.*?)</span>') == "Suchen…"
    assert text(german, r'<span class="copy-page-label"[^>]*>(.*?)</span>') == "Seite kopieren"
    assert text(german, r'<span class="pager-label">(.*?)</span>') == "Weiter"
    assert text(german, r'<a class="skip-link"[^>]*>(.*?)</a>') == "Zum Inhalt springen"
    assert 'placeholder="Dokumentation durchsuchen…"' in german
    # The words search.js and copy-page.js show later travel with the page.
    assert 'data-no-results="Keine Ergebnisse für „{query}“"' in german
    assert 'data-ui-copied="Kopiert"' in german
    assert text(built["de/picking/index.html"], r'<span class="pager-label">(.*?)</span>') == "Zurück"


def test_mintlify_language_aliases_pick_their_table(built: dict[str, str]) -> None:
    japanese = built["jp/index.html"]
    assert html_attributes(japanese)["lang"] == "jp"  # as docs.json names it: Pagefind indexes by it
    assert text(japanese, r'<h2 class="toc-title">(.*?)</h2>') == "このページの内容"
    assert text(japanese, r'<span class="pager-label">(.*?)</span>') == "次へ"


def test_the_default_language_stays_english(built: dict[str, str]) -> None:
    english = built["picking/index.html"]
    assert html_attributes(english) == {"lang": "en", "data-site-theme": "mint"}
    assert text(english, r'<h2 class="toc-title">(.*?)</h2>') == "On this page"
    assert text(english, r'class="title-badge title-badge-deprecated">(.*?)</span>') == "Deprecated"
    assert text(english, r'<span class="pager-label">(.*?)</span>') == "Previous"


def test_a_right_to_left_page_says_so(built: dict[str, str]) -> None:
    arabic = built["ar/picking/index.html"]
    assert html_attributes(arabic) == {"lang": "ar", "dir": "rtl", "data-site-theme": "mint"}
    assert text(arabic, r'<h2 class="toc-title">(.*?)</h2>') == "في هذه الصفحة"
    assert text(arabic, r'class="title-badge title-badge-deprecated">(.*?)</span>') == "مهمل"
    assert text(arabic, r'<span class="pager-label">(.*?)</span>') == "السابق"


def test_a_site_in_one_other_language_is_all_in_it(make_project: Any) -> None:
    """A site whose only language is Hebrew: every page, and its 404 page, right to left."""
    project = make_project(v2({"languages": [{"language": "he", "pages": ["index"]}]}),
                           {"/index.mdx": "---\ntitle: בית\n---\n\n## מבוא\n\nטקסט.\n"})
    site = build_site(project)
    home = site.files["index.html"].decode()
    assert html_attributes(home) == {"lang": "he", "dir": "rtl", "data-site-theme": "mint"}
    assert text(home, r'<h2 class="toc-title">(.*?)</h2>') == "בדף זה"
    missing = site.files["404.html"].decode()
    assert html_attributes(missing) == {"lang": "he", "dir": "rtl", "data-site-theme": "mint"}
    assert text(missing, r'<h1 class="page-title">(.*?)</h1>') == "הדף לא נמצא"


def test_a_language_left_out_of_the_menu_keeps_its_folders_words(make_project: Any) -> None:
    """Its navigation lists nothing (here: a hidden group), so the default language owns its
    pages; they are still in their folder's language, as their text is."""
    navigation = {"languages": [
        {"language": "en", "groups": [{"group": "Start", "pages": ["index"]}]},
        {"language": "ja", "groups": [{"group": "はじめに", "hidden": True, "pages": ["ja/index"]}]},
    ]}
    project = make_project(v2(navigation), {"/index.mdx": PAGES["/index.mdx"],
                                            "/ja/index.mdx": "---\ntitle: 果樹園\n---\n\n## 植え付け\n\n本文。\n"})
    site = build_site(project)
    assert site.warnings == ["docs.json: navigation.languages[1]: language 'ja' lists no page (it sits inside another "
                             "language, or all it holds is hidden or external); left out of the language menu, its "
                             "pages are still built"]
    japanese = site.files["ja/index.html"].decode()
    assert html_attributes(japanese)["lang"] == "ja"
    assert text(japanese, r'<h2 class="toc-title">(.*?)</h2>') == "このページの内容"
    assert html_attributes(site.files["index.html"].decode())["lang"] == "en"


def test_the_sidebar_says_deprecated_in_its_sections_language(built: dict[str, str]) -> None:
    assert '<span class="nav-tag nav-tag-deprecated">مهمل</span>' in built["ar/index.html"]
    assert '<span class="nav-tag nav-tag-deprecated">Deprecated</span>' in built["index.html"]


def test_the_search_dialogs_key_hints_are_in_the_pages_language(built: dict[str, str]) -> None:
    footer = text(built["de/index.html"], r'<div class="search-footer"[^>]*>(.*?)</div>')
    assert footer == "↑↓ zum Navigieren↵ zum ÖffnenEsc zum Schließen"
    assert text(built["index.html"], r'<div class="search-footer"[^>]*>(.*?)</div>') == \
           "↑↓ to navigate↵ to openEsc to close"


# A small seed catalogue, listed by each language's `openapi` group as Mintlify sites do.
SEEDS = {
    "openapi": "3.1.0",
    "info": {"title": "Seeds", "version": "1"},
    "servers": [{"url": "https://api.seeds.example"}],
    "components": {"securitySchemes": {"token": {"type": "http", "scheme": "bearer"}}},
    "security": [{"token": []}],
    "paths": {"/packets/{packet_id}": {"patch": {
        "tags": ["Packets"], "summary": "Rename a packet",
        "parameters": [{"name": "packet_id", "in": "path", "required": True, "schema": {"type": "string"}},
                       {"name": "dry_run", "in": "query", "schema": {"type": "boolean", "default": False}}],
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": ["label"],
            "properties": {"label": {"type": "string"}, "sown": {"type": "string", "readOnly": True},
                           "soil": {"type": "object", "properties": {"ph": {"type": "number"}}}}}}}},
        "responses": {"200": {"description": "Renamed", "content": {"application/json": {"schema": {
            "type": "object", "properties": {"label": {"type": "string"}}}}}}},
    }}},
}


def seed_site(make_project: Any) -> dict[str, str]:
    codes = ("en", "de", "zh")
    navigation = {"languages": [{"language": code, "groups": [
        {"group": "Start", "pages": [f"{code}/index"]},
        {"group": "API", "openapi": f"{code}/seeds.json", "pages": ["PATCH /packets/{packet_id}"]}]} for code in codes]}
    files = {f"/{code}/seeds.json": json.dumps(SEEDS) for code in codes}
    files.update({f"/{code}/index.mdx": "---\ntitle: Seeds\n---\n\nText.\n" for code in codes})
    project = make_project(v2(navigation), files)
    site = build_site(project)
    assert site.warnings == []
    return {path: data.decode() for path, data in site.files.items() if path.endswith(".html")}


def api_words(html: str) -> dict[str, Any]:
    """The words a reader sees around the API reference and the playground."""
    return {
        "sections": [text(h2, r"(.*)") for h2 in re.findall(r'<h2 id="api-[^"]*"[^>]*>(.*?)</h2>', html, re.S)],
        "send": text(html, r'<button type="submit" class="api-send">(.*?)</button>'),
        "panels": [text(title, r"(.*)") for title in re.findall(r'<span class="api-panel-title">(.*?)</span>', html)],
        "required": sorted({text(word, r"(.*)") for word in re.findall(r'<span class="api-required">(.*?)</span>', html)}),
        "facts": [text(fact, r"(.*)") for fact in re.findall(r'<span class="api-fact">(.*?)</span>', html)],
        "flags": [text(flag, r"(.*)") for flag in re.findall(r'<span class="api-flag">(.*?)</span>', html)],
        "children": text(html, r'<details class="api-children">\s*<summary>(.*?)</summary>'),
        "sending": json.loads(text(html, r'<script type="application/json" class="api-words">(.*?)</script>'))["sending"],
    }


def test_an_api_page_speaks_its_pages_language(make_project: Any) -> None:
    pages = seed_site(make_project)
    assert api_words(pages["de/api-reference/packets/rename-a-packet/index.html"]) == {
        "sections": ["Ausprobieren", "Autorisierung", "Pfadparameter", "Query-Parameter", "Body application/json erforderlich",
                     "Antworten"],
        "send": "Senden",
        "panels": ["Anfrage", "Antwort"],
        "required": ["erforderlich"],
        "facts": ["Standard: false"],
        "flags": ["schreibgeschützt"],
        "children": "Untergeordnete Attribute anzeigen",
        "sending": "Wird gesendet…",
    }
    chinese = api_words(pages["zh/api-reference/packets/rename-a-packet/index.html"])
    assert (chinese["sections"][0], chinese["send"], chinese["panels"], chinese["required"]) == (
        "试一试", "发送", ["请求", "响应"], ["必填"])
    assert chinese["sections"][1:] == ["授权", "路径参数", "查询参数", "请求体 application/json 必填", "响应"]
    english = api_words(pages["en/api-reference/packets/rename-a-packet/index.html"])
    assert (english["sections"][0], english["send"], english["panels"], english["facts"], english["flags"]) == (
        "Try it", "Send", ["Request", "Response"], ["default: false"], ["read-only"])
