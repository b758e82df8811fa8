"""The theme's own words (the table of contents' title, Search…, Copy page, Previous, Next…)
in the page's language, and the direction that language is written in.

One JSON table per language sits beside this file (`de.json`, `zh-Hant.json`…), each with
every key of `en.json` but the API page's (`api_*`, tests/test_settings_i18n.py checks it):
an API word a table leaves out (a longer hint no translation of is sure) is English. A
page's language is the one its navigation gives it (`nav.Navigation.page_language`); a
code with no table of its own falls back to its alias (`jp` is Japanese, `zh-TW`
Traditional Chinese, as Mintlify reads them), then to its primary subtag (`fr-CA` -> `fr`),
then to English.
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
    last_modified_on: str  # with "{date}" where the date goes
    deprecated: str
    suggest_edits: str
    raise_issue: str
    page_not_found: str
    not_found_text: str
    go_home: str
    to_navigate: str  # the search dialog's key hints: "↑↓ to navigate", "↵ to open", "Esc to close"
    to_open: str
    to_close: str
    # The API page and its playground (api/*.html, api.js).
    api_try_it: str
    api_send: str
    api_sending: str
    api_not_sent: str
    api_fill_required: str  # with "{names}" where the missing parameters go
    api_request: str
    api_response: str
    api_responses: str
    api_response_headers: str
    api_authorization: str
    api_body: str
    api_path_parameters: str
    api_query_parameters: str
    api_headers: str
    api_cookies: str
    api_required: str
    api_read_only: str
    api_write_only: str
    api_default: str
    api_one_of: str
    api_show_child_attributes: str
    api_show_options: str
    api_each_item: str
    api_endpoint: str
    api_base_url: str
    api_examples: str
    api_bearer_token: str
    api_basic_auth: str
    api_api_key: str
    api_token_kept: str
    api_cookies_hint: str
    api_raw_json: str
    api_raw_body: str
    api_deprecated: str
    api_webhook: str  # a webhook's page: in the method badge's place
    api_payload: str  # a webhook's page: the title of its payload example

    def api_location(self, location: str) -> str:
        """The title of a parameter location: "path" -> "Path parameters"…"""
        return {"path": self.api_path_parameters, "query": self.api_query_parameters,
                "header": self.api_headers, "cookie": self.api_cookies}.get(location, location)

    def api_auth_label(self, method: str) -> str:
        """What an auth method is called: "bearer" -> "Bearer token"…"""
        return {"bearer": self.api_bearer_token, "basic": self.api_basic_auth}.get(method, self.api_api_key)

    @property
    def rtl(self) -> bool:
        return self.direction == "rtl"

    @property
    def around_last_modified(self) -> tuple[str, str]:
        """The words before and after the date of "Last modified on {date}" (the template
        puts the date between them, in its <time>)."""
        before, _, after = self.last_modified_on.partition("{date}")
        return before, after

    @property
    def last_modified(self) -> str:
        """The words without the date ("Last modified on"): what a project's own `page.html`
        written before dates were placed by language prints before the date."""
        return " ".join(self.last_modified_on.replace("{date}", " ").split())


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
    if code != DEFAULT_LANGUAGE:  # a word a table leaves out is shown in English
        table = {**json.loads((_TABLES / f"{DEFAULT_LANGUAGE}.json").read_text(encoding="utf-8")), **table}
    return UiStrings(language=code, **table)
