"""Every word a reader sees on a translated API page and in hand-written field lists is in the
page's language: the schema's constraints, the playground's labels, hints and messages, and the
words of <ParamField>, <ResponseField> and <Expandable>. What stays as written is code: type
names, values, content types, methods, the names of the code samples' languages."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from api_words_support import API_PAGE, hive_project
from visible_text import visible_words

from sitegen.i18n import ui_strings
from sitegen.pipeline import build_site


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("hives")

    def make(config: dict[str, Any], files: dict[str, str]) -> Path:
        for rel, content in {"docs.json": json.dumps(config), **files}.items():
            target = root / rel.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(content, encoding="utf-8")
        return root

    site = build_site(hive_project(make))
    assert site.warnings == []
    return {path: data.decode() for path, data in site.files.items() if path.endswith(".html")}


def test_a_german_api_page_shows_only_german_words_around_its_code(pages: dict[str, str]) -> None:
    words = visible_words(pages[API_PAGE.format(code="de")], within="api")
    endpoint_and_form = [
        "PUT", "Basis-URL", "https://api.hives.example",
        "Ausprobieren", "Autorisierung", "Benutzername", "Passwort",
        "Nur in diesem Browser-Tab gespeichert (sessionStorage).",
        "Pfadparameter", "string", "erforderlich", "string",
        "Query-Parameter", "integer", "10", "string", "—", '"asc"', '"desc"',
        "Header", "string", "string",
        "Cookies", "string", "string",
        "Browser erlauben Seiten nicht, Cookies für andere Websites zu setzen; sie erscheinen nur in den Codebeispielen.",
        "Body", "application/json", "string", "erforderlich", "string", "array<object>", '[{"slot": 0}]', "object",
        '{"weight": 0}', "object", "{}", "object | string", '{"marked": true}', "JSON (roh)", "{}",
        "Senden", "Antwort-Header",
    ]
    reference = [
        "Autorisierung", "string", "Header", "erforderlich", "Basic-Authentifizierung:", "(Sicherheitsschema", ")",
        "Pfadparameter", "string", "erforderlich", "Muster:",
        "Query-Parameter", "integer", "Standard:", "Minimum:", "Maximum:", "string", "einer von:",
        "Header", "string", "veraltet",
        "Cookies", "string",
        "Body", "application/json", "erforderlich",
        "string", "erforderlich", "Mindestlänge:", "Höchstlänge:",
        "array<object>", "mindestens", "Elemente", "höchstens", "Elemente", "eindeutige Elemente",
        "Untergeordnete Attribute anzeigen", "integer", "größer als", "Vielfaches von",
        "object", "mindestens", "Eigenschaften", "höchstens", "Eigenschaften",
        "Untergeordnete Attribute anzeigen", "number", "kleiner als",
        "object", "rekursiv: dieselbe Struktur wie",
        "object | string", "Optionen anzeigen", "Option 1", "Option 2", "object", "boolean", "string",
        "Antworten", "200", "application/json", "Replaced", "string", "schreibgeschützt", "Header", "integer",
        "Standard", "Failed",
    ]
    examples = ["Beispiele", "Anfrage", "cURL", "Python", "JavaScript", "Go", "Kopieren", "Kopieren", "Kopieren",
                "Kopieren", "Antwort", "200", "Kopieren"]
    assert words == endpoint_and_form + reference + examples


def test_constraint_values_sit_in_the_sentence_where_the_language_puts_them(pages: dict[str, str]) -> None:
    facts = [unescape(fact) for fact in re.findall(r'<span class="api-fact">(.*?)</span>',
                                                   pages[API_PAGE.format(code="ja")])]
    assert facts[:3] == ["パターン: <code>^h-[0-9]+$</code>", "デフォルト: <code>10</code>", "最小値: <code>1</code>"]
    assert "<code>0</code> より大きい" in facts and "<code>2</code> の倍数" in facts
    assert "再帰: <code>Hive</code> と同じ構造" in facts
    german = [unescape(fact) for fact in re.findall(r'<span class="api-fact">(.*?)</span>',
                                                    pages[API_PAGE.format(code="de")])]
    assert german[5:9] == ["Mindestlänge: <code>1</code>", "Höchstlänge: <code>40</code>",
                           "mindestens <code>1</code> Elemente", "höchstens <code>10</code> Elemente"]


def test_the_playground_reads_its_messages_from_the_page_in_its_language(pages: dict[str, str]) -> None:
    block = re.search(r'<script type="application/json" class="api-words">(.*?)</script>',
                      pages[API_PAGE.format(code="ja")], re.S)
    assert block is not None
    words = json.loads(block.group(1))
    japanese = ui_strings("ja")
    assert words["no_response"] == japanese.api_no_response == \
           "{url} から応答がありません。ブラウザーがリクエストをブロックしたか、接続できませんでした。"
    assert (words["not_sent"], words["sending"], words["copied"]) == ("未送信", "送信中…", "コピーしました")
    assert set(words) == {"sending", "not_sent", "fill_required", "invalid_json_body", "json_not_valid_yet",
                          "no_base_url", "empty_body", "no_response", "mixed_content", "cors_hint", "file_origin",
                          "browser_message", "copied"}


def test_hand_written_fields_speak_the_pages_language(pages: dict[str, str]) -> None:
    assert visible_words(pages["ja/fields/index.html"], within="prose") == [
        "integer", "クエリ", "必須", "デフォルト:", "例:", "件数。",
        "object", "非推奨", "件数。", "プロパティを表示", "string", "件数。",
        "array", "子属性を表示", "integer", "件数。",
    ]
    assert visible_words(pages["de/fields/index.html"], within="prose") == [
        "integer", "Query", "erforderlich", "Standard:", "Beispiel:", "Die Anzahl.",
        "object", "veraltet", "Die Anzahl.", "Eigenschaften anzeigen", "string", "Die Anzahl.",
        "array", "Untergeordnete Attribute anzeigen", "integer", "Die Anzahl.",
    ]
    assert visible_words(pages["en/fields/index.html"], within="prose") == [
        "integer", "query", "required", "default:", "example:", "The count.",
        "object", "deprecated", "The count.", "Show properties", "string", "The count.",
        "array", "Show child attributes", "integer", "The count.",
    ]
