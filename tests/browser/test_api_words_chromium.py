"""The playground's messages in real Chromium on a Japanese API page: what it says after a
click comes from the page's language, not from api.js."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from api_words_support import API_PAGE, hive_project
from playwright.sync_api import expect

from chrome_support import serve_project
from conftest import free_port

pytestmark = pytest.mark.browser
THEME = Path(__file__).resolve().parents[2] / "themes" / "default"


def result(page: Any) -> tuple[str, str]:
    """The playground's status line and message after Send."""
    page.click(".api-send")
    page.wait_for_function("() => { const s = document.querySelector('[data-result-status]').textContent;"
                           " return s && s !== '送信中…'; }")
    return page.locator("[data-result-status]").inner_text(), page.locator("[data-result-error]").inner_text()


def test_the_playground_explains_in_japanese(make_project: Callable[..., Path],
                                             static_server: Callable[[Path], str], page: Any) -> None:
    dead = f"http://127.0.0.1:{free_port()}"  # nothing listens: the request gets no response
    site = serve_project(hive_project(make_project, server=dead), static_server)
    page.goto(site + API_PAGE.format(code="ja").removesuffix("index.html"))

    # A required path parameter left empty: nothing is sent.
    assert result(page) == ("未送信", "必須項目を入力してください: hive_id")

    # A body that is not JSON yet: said while typing, and again on Send.
    page.fill('[data-field="path"][data-name="hive_id"]', "h-7")
    page.fill("[data-raw-body]", '{"name": ')
    assert page.locator("[data-raw-error]").inner_text().startswith("まだ有効な JSON ではありません: ")
    status, message = result(page)
    assert status == "未送信" and message.startswith("JSON ボディが有効な JSON ではありません: ")

    # A server that does not answer: what to check, in Japanese, around the browser's own words.
    page.fill("[data-raw-body]", '{"name": "Linden"}')
    status, message = result(page)
    assert status == "未送信"
    origin = site.rstrip("/")
    assert message.startswith(
        f"{dead}/hives/h-7 から応答がありません。ブラウザーがリクエストをブロックしたか、接続できませんでした。 "
        f"サーバーが起動していること、ベース URL が正しいこと、API が {origin} からのクロスオリジンリクエスト（CORS）を"
        "許可していることを確認してください。 ブラウザーのメッセージ: ")


def test_a_sample_s_copy_button_says_copied_in_japanese(make_project: Callable[..., Path],
                                                         static_server: Callable[[Path], str], page: Any) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    site = serve_project(hive_project(make_project), static_server)
    page.goto(site + API_PAGE.format(code="ja").removesuffix("index.html"))
    page.bring_to_front()  # the async clipboard API needs a focused document
    button = page.locator(".api-copy:visible").first
    expect(button).to_have_text("コピー")
    button.click()
    expect(button).to_have_text("コピーしました")  # <body data-ui-copied>, the page's word
    expect(button).to_have_text("コピー")  # and back


def test_an_older_operation_override_keeps_the_words_it_carried(make_project: Callable[..., Path],
                                                                 static_server: Callable[[Path], str],
                                                                 page: Any) -> None:
    """A project's api/operation.html from before the words block, with the words it had as
    data attributes: the playground still says them."""
    project = hive_project(make_project)
    template = (THEME / "templates/api/operation.html").read_text(encoding="utf-8")
    words_block = '\n  <script type="application/json" class="api-words">{{ ui.playground_words }}</script>'
    assert words_block in template
    older = template.replace(words_block, "").replace(
        'data-display="{{ api.display.value }}"',
        'data-display="{{ api.display.value }}" data-not-sent="{{ ui.api_not_sent }}" '
        'data-fill-required="{{ ui.api_fill_required }}"')
    override = project / "themes/default/templates/api/operation.html"
    override.parent.mkdir(parents=True)
    override.write_text(older, encoding="utf-8")
    site = serve_project(project, static_server)
    page.goto(site + API_PAGE.format(code="de").removesuffix("index.html"))
    assert page.locator(".api-words").count() == 0
    assert result(page) == ("Nicht gesendet", "Bitte die Pflichtfelder ausfüllen: hive_id.")
