"""A changelog's feed on a rebuild with the persistent cache: the items come with the cached
page (no page is rendered again for them), and an edited update changes the feed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from test_rss import CHANGELOG, CONFIG, PAGES, SITE, items

from sitegen.pipeline import build
from sitegen.publish import SiteUrlSetting


def build_cached(project: Path, out: Path | None = None, cache: bool = True) -> Path:
    """`sitegen build --site-url SITE` with (or without) the cache; the output folder."""
    build(project, out_dir=out, cache=cache, site_url=SiteUrlSetting(SITE))
    return out or project / "site"


def feed_from_a_cold_build(project: Path, tmp_path: Path) -> bytes:
    return (build_cached(project, tmp_path / "cold", cache=False) / "changelog" / "rss.xml").read_bytes()


def test_a_cached_changelog_page_still_writes_its_feed(make_project: Callable[..., Path], tmp_path: Path) -> None:
    project = make_project(CONFIG, PAGES)
    site = build_cached(project)
    first = (site / "changelog" / "rss.xml").read_bytes()
    assert len(items(first)) == 4
    changelog = (site / "changelog" / "index.html").stat()
    home = project / "index.mdx"
    home.write_text(home.read_text() + "\nA new sentence on the home page.\n")
    site = build_cached(project)
    assert b"A new sentence on the home page." in (site / "index.html").read_bytes()
    # The changelog page came from the cache (its file is the last build's, not written again)…
    now = (site / "changelog" / "index.html").stat()
    assert (now.st_ino, now.st_mtime_ns) == (changelog.st_ino, changelog.st_mtime_ns)
    # …and its feed is the same as before, and as a cold build's.
    assert (site / "changelog" / "rss.xml").read_bytes() == first
    assert feed_from_a_cold_build(project, tmp_path) == first


def test_an_edited_update_label_changes_the_feed_on_a_cached_rebuild(make_project: Callable[..., Path],
                                                                        tmp_path: Path) -> None:
    project = make_project(CONFIG, PAGES)
    build_cached(project)
    page = project / "changelog.mdx"
    page.write_text(CHANGELOG.replace('<Update label="January 2025"', '<Update label="December 2024"'))
    site = build_cached(project)
    feed = (site / "changelog" / "rss.xml").read_bytes()
    assert items(feed)[-1] == {
        "title": "December 2024", "link": SITE + "changelog/#december-2024", "guid": SITE + "changelog/#december-2024",
        "description": f'<p>Fixed a crash when was given twice. See the <a href="{SITE}changelog/#faster-sprockets">'
                       "sprocket note</a>.</p>",
        "categories": ["CLI"], "pubDate": "Sun, 01 Dec 2024 00:00:00 GMT"}
    assert [item["title"] for item in items(feed)[:3]] == ["Faster sprockets", "Quieter gears",
                                                          "Widgets 2.0 is here"]
    assert feed == feed_from_a_cold_build(project, tmp_path)


def test_the_page_markdown_keeps_the_links_the_feed_made_absolute(make_project: Callable[..., Path]) -> None:
    # The feed's items are read from the page's own tokens: its .md (made from the same
    # tokens) keeps its links relative to the page.
    site = build_cached(make_project(CONFIG, PAGES))
    markdown = (site / "changelog.md").read_text()
    assert "Read [the install guide](guides/install/) or run `widgetctl spin`." in markdown
    assert "See the [sprocket note](changelog/#faster-sprockets)." in markdown


def test_an_update_added_to_a_snippet_is_in_the_feed_on_a_cached_rebuild(make_project: Callable[..., Path],
                                                                         tmp_path: Path) -> None:
    page = '---\ntitle: Release notes\n---\n\n<Snippet file="releases.mdx" />\n'
    snippet = '<Update label="2025-01-20">\n  Gears are blue.\n</Update>\n'
    project = make_project(CONFIG, {**PAGES, "/changelog.mdx": page, "/snippets/releases.mdx": snippet})
    first = build_cached(project) / "changelog" / "rss.xml"
    assert [item["title"] for item in items(first.read_bytes())] == ["2025-01-20"]
    (project / "snippets" / "releases.mdx").write_text(
        '<Update label="2025-02-03">\n  Gears are green.\n</Update>\n\n' + snippet, encoding="utf-8")
    feed = (build_cached(project) / "changelog" / "rss.xml").read_bytes()
    assert [(item["title"], item["description"]) for item in items(feed)] == [
        ("2025-02-03", "<p>Gears are green.</p>"), ("2025-01-20", "<p>Gears are blue.</p>")]
    assert feed == feed_from_a_cold_build(project, tmp_path)
