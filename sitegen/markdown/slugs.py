"""The ids Mintlify gives headings and components, so that `page#fragment` links written
for Mintlify (and readers' bookmarks) land where they did there.

The rules were read off the `#fragment` links real Mintlify repositories write to their own
headings (tests/test_mintlify_ids.py keeps them, with the repository each came from) and
Mintlify's own description ("Automatic anchor IDs": lowercase, whitespace and periods become
hyphens, parentheses go, slashes and ampersands stay, `'` becomes `’`, duplicates get `-2`,
`-3`). They are not GitHub's: emoji, `@`, `$` and every script's letters stay too.

- Headings, Update labels and Step titles: `heading_slug` of the text content, numbered
  per page (`PageIds.heading`).
- ParamField / ResponseField: `field_id` — `param-` and the field's path, words split at
  capitals (`onError` -> `param-on-error`), every other run of non-alphanumerics one hyphen.
- Tab titles: `heading_slug`, not numbered (`#新しい-agent`); Accordion titles: `title_slug`
  — ASCII words as for fields, without splitting at capitals (Mintlify's accordion drops
  other scripts). An `id` prop is used as written.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["PageIds", "field_id", "field_name", "heading_slug", "title_slug"]

_WHITESPACE = re.compile(r"\s+")
# ASCII punctuation Mintlify drops from a heading's id (each a separator: `enableMic(on: bool)`
# -> `enablemic-on-bool`). What it keeps of ASCII: `$ % & / @ _`; of the rest, everything but
# dashes (emoji, letters of every script, a CJK heading's own punctuation such as `：`).
_HEADING_SEPARATORS = re.compile(r"[-.!\"#()*+,:;<=>?\[\\\]^`{|}~\u2010-\u2015\u2212]+")
_NOT_ALPHANUMERIC = re.compile(r"[^a-z0-9]+")
# Where a word starts with a capital inside an identifier: `onError`, `HTTPServer`, `v2Name`.
_CAMEL_BOUNDARIES = (
    (re.compile(r"([A-Z]{2,})([a-z0-9]+)"), r"\1 \2"),
    (re.compile(r"([a-z0-9]+)([A-Z]{2,})"), r"\1 \2"),
    (re.compile(r"([a-z0-9])([A-Z])"), r"\1 \2"),
    (re.compile(r"([A-Z]+)([A-Z][a-z0-9]+)"), r"\1 \2"),
)


def heading_slug(text: str) -> str:
    """Mintlify's id for a heading whose text content is `text` (before numbering).

    `Records on session.out` -> `records-on-session-out`, `Pause/Resume (Urgent)` ->
    `pause/resume-urgent`, `error 🤖` -> `error-🤖`, `What's new` -> `what’s-new`,
    `Step 1: 検索` -> `step-1-検索`."""
    words = _WHITESPACE.sub("-", text.lower().strip()).replace("'", "\u2019")
    return _HEADING_SEPARATORS.sub("-", words).strip("-")


def _ascii_words(text: str, split_camel_case: bool) -> str:
    """`text` as lowercase ASCII words joined by hyphens: accents dropped (é -> e), `&` read
    as "and", other characters outside a-z and 0-9 are separators."""
    text = text.replace("&", " and ")
    text = "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))
    if split_camel_case:
        for pattern, replacement in _CAMEL_BOUNDARIES:
            text = pattern.sub(replacement, text)
    return _NOT_ALPHANUMERIC.sub("-", text.lower()).strip("-")


def field_id(name: str, parents: Iterable[str] = ()) -> str:
    """The id of a <ParamField>/<ResponseField> named `name`, nested in fields `parents`
    (outermost first): `field_id("onError")` -> `param-on-error`,
    `field_id("city", ["address"])` -> `param-address-city`."""
    return _ascii_words("-".join(["param", *parents, name]), split_camel_case=True)


def title_slug(title: str) -> str:
    """The id of an <Accordion> titled `title` (no `id` prop):
    `Can I self-host?` -> `can-i-self-host`, `SSO: Okta` -> `sso-okta`."""
    return _ascii_words(title, split_camel_case=False)


@dataclass
class PageIds:
    """The ids given on one page so far. Headings are numbered as Mintlify numbers them
    (the second `Settings` is `settings-2`); ids sitegen gives its own elements, and ids an
    author wrote, share the set, so no id is given twice."""

    taken: set[str] = field(default_factory=set)
    _seen: dict[str, int] = field(default_factory=dict)  # heading slug -> how many headings made it

    def heading(self, text: str, fallback: str = "section") -> str:
        """The numbered id of a heading (or Update label, Step title) with this text."""
        slug = heading_slug(text) or fallback
        count = self._seen.get(slug, 0) + 1
        candidate = slug if count == 1 else f"{slug}-{count}"
        while candidate in self.taken:  # an earlier element holds it: the next number
            count += 1
            candidate = f"{slug}-{count}"
        self._seen[slug] = count
        self.taken.add(candidate)
        return candidate

    def exact(self, wanted: str) -> str:
        """`wanted` itself, or `wanted-2`, `-3`… when an earlier element holds it."""
        candidate, count = wanted, 1
        while candidate in self.taken:
            count += 1
            candidate = f"{wanted}-{count}"
        self.taken.add(candidate)
        return candidate


_FIELD_NAME_PROPS = {"ParamField": ("query", "path", "body", "header"), "ResponseField": ("name",)}


def field_name(component: str, props: dict[str, object]) -> str | None:
    """The name a <ParamField> (its query/path/body/header prop) or <ResponseField> (name)
    gives its field; None for other components and for fields without one."""
    for key in _FIELD_NAME_PROPS.get(component, ()):
        value = props.get(key)
        if value is not None and not isinstance(value, (dict, list, bool)):
            return str(value)
    return None
