"""Search ranking in real Chromium over a sharded index: a page whose title is the query, or
has all of its words, is listed first, whichever shard it is in; other results keep
Pagefind's order."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sitegen import search
from sitegen.pipeline import build_site, write_site
from sitegen.search import plan_shards

pytestmark = pytest.mark.browser

EXACT = "List Plant Tags"
ALL_WORDS = "Plant Tags List by Garden"  # every word of the query in its title, and more
PARTIAL = "Create Plant Tags"  # two of the three words in its title


def shards_of(names: list[str]) -> dict[str, str]:
    """Page name -> its shard, as the build will place it."""
    shards = plan_shards(f"{name}/index.html" for name in names)
    return {path.removesuffix("/index.html"): shard for shard, paths in shards.items() for path in paths}


def tag_project(make_project: Callable[..., Path]) -> Path:
    """Fifteen pages, in four shards when search.SHARD_PAGES is 4. "List Plant Tags" shares
    its shard with notes that say "list plant tags" too (so there the words are common and
    score low), while "Create Plant Tags", in another shard where they are rare, says them
    often: Pagefind, scoring each shard by its own word statistics, ranks it above the page
    titled like the query."""
    notes = [f"note-{n}" for n in range(12)]
    for suffix in range(50):
        names = [*notes, "list-plant-tags", f"create-plant-tags-{suffix}", "plant-tags-by-garden"]
        shard = shards_of(names)
        target, rival = shard["list-plant-tags"], shard[f"create-plant-tags-{suffix}"]
        crowd = [note for note in notes if shard[note] == target]
        if target != rival and crowd:
            break
    else:
        raise AssertionError("no name put the two pages in different shards")
    pages = {
        "list-plant-tags.md": f"---\ntitle: {EXACT}\n---\n\nThe tags of one plant, a page at a time.\n",
        f"create-plant-tags-{suffix}.md": (
            f"---\ntitle: {PARTIAL}\n---\n\nAdds tags to a plant. To list plant tags first, call the list "
            "endpoint; a plant keeps its tags in a list, and plant tags list their owner. Water the plant "
            "after tagging it.\n"),
        "plant-tags-by-garden.md": (f"---\ntitle: {ALL_WORDS}\n---\n\nEach garden groups the tags of its "
                                    "plants.\n"),
    }
    for number, note in enumerate(notes):
        text = "Orchard note about watering and mulching."
        if note in crowd:
            text += " To list plant tags, see the tag pages; plant tags list the garden they belong to."
        pages[f"{note}.md"] = f"---\ntitle: Orchard note {number}\n---\n\n{text}" + " Water weekly." * number + "\n"
    nav = [{"group": "Plants", "pages": [page.removesuffix(".md") for page in pages]}]
    return make_project({"name": "Plant Tags Docs", "navigation": nav}, pages)


def dialog_titles(page: Any, base: str, query: str) -> list[str]:
    """The page titles the search dialog lists for `query`, searched on a fresh page (so
    that the list shows this query's results once it has any)."""
    page.goto(base + "note-3/")
    page.click(".search-button")
    page.locator(".search-input").fill(query)
    page.locator("#search-results [role=option]").first.wait_for()
    return page.locator("#search-results .search-result-page").all_inner_texts()


# Pagefind's own order: the module search.js loaded (the first shard's, with the others
# merged in; the same URL gives the same module) asked directly, every result's title read.
PAGEFIND_ORDER = """async ([base, query]) => {
  const manifest = await (await fetch(base + "_sitegen/search/shards.json")).json();
  const module = await import(base + "_sitegen/search/" + manifest.shards[0] + "/pagefind.js");
  const found = await module.search(query);
  const data = await Promise.all(found.results.map((result) => result.data()));
  return data.map((item) => item.meta.title);
}"""


def pagefind_order(page: Any, base: str, query: str) -> list[str]:
    return list(page.evaluate(PAGEFIND_ORDER, [base, query]))


def test_the_page_titled_like_the_query_is_listed_first(
        make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "SHARD_PAGES", 4)  # 15 pages: 4 shards
    built = build_site(tag_project(make_project))
    assert len(json.loads(built.files[f"{search.BUNDLE_DIR}/{search.MANIFEST}"])["shards"]) == 4
    write_site(built, tmp_path / "site")
    base = static_server(tmp_path / "site")
    titles = dialog_titles(page, base, "list plant tags")
    pagefind = pagefind_order(page, base, "list plant tags")
    # The premise: merged from its shards, Pagefind alone ranks a page with only some of the
    # words in its title above the page titled like the query.
    assert pagefind.index(PARTIAL) < pagefind.index(EXACT) and sorted(pagefind) == sorted(titles), pagefind
    # The page titled like the query first (case aside), then the one with all its words in
    # its title, then the others as Pagefind ranks them.
    assert titles == [EXACT, ALL_WORDS] + [title for title in pagefind if title not in (EXACT, ALL_WORDS)], titles
    assert page.locator("#search-results [aria-selected=true] .search-result-page").inner_text() == EXACT
    page.keyboard.press("Enter")
    page.wait_for_url(base + "list-plant-tags/")
    assert page.locator("h1").inner_text() == EXACT


def test_without_a_title_match_pagefinds_order_stays(
        make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "SHARD_PAGES", 4)
    write_site(build_site(tag_project(make_project)), tmp_path / "site")
    base = static_server(tmp_path / "site")
    titles = dialog_titles(page, base, "watering")  # in every note, in no title
    assert len(titles) == 10  # 12 notes match; the first 10 are shown
    assert titles == pagefind_order(page, base, "watering")[:10]
    # Some of the words in a title are not enough to move a page up.
    titles = dialog_titles(page, base, "plant water")
    pagefind = pagefind_order(page, base, "plant water")
    assert PARTIAL in pagefind[:10] and pagefind[0] != PARTIAL, pagefind
    assert titles == pagefind[:10]
