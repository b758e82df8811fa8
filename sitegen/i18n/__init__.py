"""The theme's own words (the table of contents' title, Search…, Copy page, Previous, Next…)
in the page's language, and the direction that language is written in.

One JSON table per language sits beside this file (`de.json`, `zh-Hant.json`…), each with
every word of `en.json` (tests/test_settings_i18n.py checks it, so a word added to `en.json`
needs its translation in every table). A page's language is the one its navigation gives it
(`nav.Navigation.page_language`); a code with no table of its own falls back to its alias
(`jp` is Japanese, `zh-TW` Traditional Chinese, as Mintlify reads them), then to its primary
subtag (`fr-CA` -> `fr`), then to English.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from markupsafe import Markup, escape

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
    # The page's other words, most of them heard rather than seen (aria-labels, titles).
    link_to_section: str  # a heading's # link
    copy_named: str  # a code block's copy button, with "{name}": its title or language
    copy_code: str  # the same for a block with neither
    show_more: str  # an expandable code block's button (components.js swaps the two)
    show_less: str
    line_count: str  # with "{count}", after "Show more"
    example_shown: str  # a dropdown code group's menu
    example_number: str  # with "{number}": a code group's block with neither title nor language
    tab_number: str  # with "{number}": a <Tab> without a title
    callout_note: str  # a callout's kind, read out before its text
    callout_info: str
    callout_tip: str
    callout_warning: str
    callout_check: str
    callout_danger: str
    copy_prompt: str
    open_in: str  # with "{name}": a prompt's or the page menu's assistant
    learn_more: str  # a tooltip's link without a cta
    view_choice: str  # the label of the <View> selector (components.js)
    search_label: str
    search_site: str  # with "{name}": the site's name
    close_search: str
    search_results: str
    search_shortcut: str
    search_needs_http: str  # search.js, on a page opened from a file
    search_unavailable: str  # search.js, when the index does not load
    open_navigation: str
    close_navigation: str
    navigation: str
    pages: str
    sections: str
    links: str
    switch_to_dark: str
    switch_to_light: str
    toggle_mode: str
    language_current: str  # with "{name}"
    languages: str
    product_current: str  # with "{name}"
    section_current: str  # with "{name}"
    documentation_version: str
    announcement: str
    dismiss_announcement: str
    dismiss: str
    copy_page_markdown: str
    copy_page_title: str
    more_page_actions: str
    view_page_markdown: str  # copy-page.js, on a page opened from a file
    rss_feed: str  # front matter `rss: true`: the page header's link to its feed
    footer: str
    feedback: str
    previous_and_next: str
    github_stars: str  # with "{count}": the topbar's GitHub button, once site.js has the count
    redirecting: str  # a redirect page's title
    moved_to: str  # with "{url}": a redirect page's link
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
    # The page's Markdown (llms.py): its section titles and a schema's type line
    api_request_body: str
    api_example_request: str
    api_example_payload: str
    api_type: str  # with "{value}"
    # A field's schema constraints (`CONSTRAINT_WORDS`), "{value}" where the value goes.
    api_minimum: str
    api_exclusive_minimum: str
    api_maximum: str
    api_exclusive_maximum: str
    api_multiple_of: str
    api_min_length: str
    api_max_length: str
    api_pattern: str
    api_min_items: str
    api_max_items: str
    api_unique_items: str
    api_min_properties: str
    api_max_properties: str
    api_recursive: str  # with "{name}": the schema a field refers back to
    api_option: str  # with "{number}": an untitled oneOf/anyOf alternative
    api_example: str  # <ParamField placeholder>: "example: …"
    api_show_named: str  # <Expandable title="properties">: "Show {title}"
    api_in_path: str  # where a parameter goes, as one word (<ParamField query>, the auth's location)
    api_in_query: str
    api_in_header: str
    api_in_cookie: str
    api_in_body: str
    api_security_scheme: str  # with "{name}"
    api_username: str  # basic auth's inputs when the scheme names none
    api_password: str
    api_token: str  # the bearer token input's placeholder
    # The playground's messages (api.js reads them from the page: `playground_words`).
    api_invalid_json_body: str  # with "{error}": the browser's JSON message
    api_json_not_valid_yet: str  # with "{error}"
    api_no_base_url: str  # with "{url}"
    api_empty_body: str
    api_no_response: str  # with "{url}"
    api_mixed_content: str
    api_cors_hint: str  # with "{origin}"
    api_file_origin: str  # what {origin} is for a page opened from a file
    api_browser_message: str  # with "{message}"

    def api_location(self, location: str) -> str:
        """The title of a parameter location: "path" -> "Path parameters"…"""
        return {"path": self.api_path_parameters, "query": self.api_query_parameters,
                "header": self.api_headers, "cookie": self.api_cookies}.get(location, location)

    def api_auth_label(self, method: str) -> str:
        """What an auth method is called: "bearer" -> "Bearer token"…"""
        return {"bearer": self.api_bearer_token, "basic": self.api_basic_auth}.get(method, self.api_api_key)

    def api_in(self, location: str) -> str:
        """Where a parameter goes, as one word: "query" -> "Query" in German…"""
        words = {"path": self.api_in_path, "query": self.api_in_query, "header": self.api_in_header,
                 "cookie": self.api_in_cookie, "body": self.api_in_body}
        return words.get(location, location)

    def fill(self, words: str, **values: str | Markup) -> Markup:
        """For templates: `fill` (words with `{name}` replaced by escaped values)."""
        return fill(words, **values)

    def fill_code(self, words: str, **values: str) -> Markup:
        """For templates: `fill` with each value in <code>."""
        return fill(words, **{name: code(value) for name, value in values.items()})

    def api_constraint(self, keyword: str, value: str) -> Markup:
        """A schema constraint as the field list shows it ("minLength", "1" -> "min length:
        <code>1</code>"); `value` is the constraint's text (JSON, or the pattern as written)."""
        return fill(getattr(self, CONSTRAINT_WORDS[keyword]), value=code(value))

    def constraint_text(self, keyword: str, value: str) -> str:
        """The same words as plain text ("min length: 1"), for the page's Markdown."""
        return fill_text(getattr(self, CONSTRAINT_WORDS[keyword]), value=value)

    @property
    def playground_words(self) -> Markup:
        """The words api.js shows, as JSON for the page's <script class="api-words">
        (keys without "api_"; `<` escaped so no text ends the script element)."""
        words = {key[4:]: getattr(self, key) for key in _PLAYGROUND_WORDS}
        words["copied"] = self.copied
        return Markup(json.dumps(words, ensure_ascii=False, sort_keys=True).replace("<", "\\u003c"))

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


# A JSON Schema constraint keyword -> the words that show it.
CONSTRAINT_WORDS = {
    "minimum": "api_minimum", "exclusiveMinimum": "api_exclusive_minimum", "maximum": "api_maximum",
    "exclusiveMaximum": "api_exclusive_maximum", "multipleOf": "api_multiple_of", "minLength": "api_min_length",
    "maxLength": "api_max_length", "pattern": "api_pattern", "minItems": "api_min_items",
    "maxItems": "api_max_items", "uniqueItems": "api_unique_items", "minProperties": "api_min_properties",
    "maxProperties": "api_max_properties",
}
# What api.js says after the page has loaded: it reads them from the page, never its own English.
_PLAYGROUND_WORDS = (
    "api_sending", "api_not_sent", "api_fill_required", "api_invalid_json_body", "api_json_not_valid_yet",
    "api_no_base_url", "api_empty_body", "api_no_response", "api_mixed_content", "api_cors_hint",
    "api_file_origin", "api_browser_message",
)


def fill(words: str, **values: str | Markup) -> Markup:
    """`words` as HTML with each `{name}` replaced by `values[name]` (escaped unless Markup):
    a sentence of the table keeps its own word order around what goes in it."""
    filled = escape(words)
    for name, value in values.items():
        filled = Markup(filled.replace("{" + name + "}", escape(value)))
    return filled


def fill_text(words: str, **values: str) -> str:
    """`fill` for plain text (Markdown): nothing escaped."""
    for name, value in values.items():
        words = words.replace("{" + name + "}", value)
    return words


def code(text: str) -> Markup:
    """`text` in <code> (a value, a name), escaped."""
    return Markup("<code>{}</code>").format(text)


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
    if code != DEFAULT_LANGUAGE:  # a word not yet in a table (a failing test) shows in English, not a traceback
        table = {**json.loads((_TABLES / f"{DEFAULT_LANGUAGE}.json").read_text(encoding="utf-8")), **table}
    return UiStrings(language=code, **table)
