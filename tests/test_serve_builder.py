"""DevBuilder.rebuild: after any change, the site equals a fresh full build, and an edit to
one page's text renders only that page again."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from test_rss import CHANGELOG as RSS_CHANGELOG
from test_rss import CONFIG as RSS_CONFIG
from test_rss import PAGES as RSS_PAGES
from test_rss import items as feed_items

from sitegen.errors import SitegenError
from sitegen.pipeline import BuiltSite, build_site
from sitegen.serve.reuse import DevBuilder


def assert_same_as_fresh(site: BuiltSite, project: Path) -> None:
    fresh = build_site(project)
    assert sorted(site.files) == sorted(fresh.files)
    assert [out for out in site.files if site.files[out] != fresh.files[out]] == []
    assert site.copies == fresh.copies
    assert site.pages == fresh.pages


def edit_json(path: Path, change: Callable[[dict], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=2))


def test_each_kind_of_change_gives_the_fresh_build(example_project: Path) -> None:
    project = example_project
    content = project / "content"
    builder = DevBuilder(project)
    builder.build()

    def step(*changed: Path) -> None:
        assert_same_as_fresh(builder.rebuild(changed), project)

    quickstart = content / "quickstart.mdx"
    quickstart.write_text(quickstart.read_text() + "\nA new closing paragraph.\n")
    step(quickstart)

    errors = content / "errors.mdx"
    errors.write_text(errors.read_text().replace("title:", "title: Renamed", 1))
    step(errors)  # the title shows in sidebars and prev/next links of other pages

    (content / "faq.mdx").write_text("---\ntitle: FAQ\n---\n\nSee [errors](errors).\n")
    step(content / "faq.mdx")  # a page outside the navigation
    edit_json(project / "docs.json", lambda d: d["navigation"][0]["pages"].append("faq"))
    step(project / "docs.json")

    (project / "images" / "plant.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    step(project / "images" / "plant.svg")
    (content / "faq.mdx").write_text("---\ntitle: FAQ\n---\n\n![A plant](/images/plant.svg)\n")
    step(content / "faq.mdx")

    spec = project / "openapi.yaml"
    spec.write_text(spec.read_text().replace("summary: ", "summary: Renamed ", 1))
    step(spec)

    override = project / "themes" / "default" / "templates" / "404.html"
    override.parent.mkdir(parents=True)
    override.write_text("<!doctype html><html><head></head><body>Lost!</body></html>")
    step(override)

    edit_json(project / "docs.json", lambda d: d["navigation"][0]["pages"].remove("faq"))
    (content / "faq.mdx").unlink()
    step(project / "docs.json", content / "faq.mdx")

    shutil.move(content / "guides", project / "guides-away")  # a folder of pages leaves at once
    edit_json(project / "docs.json", lambda d: d["navigation"][1]["pages"].pop())
    step(content / "guides", project / "docs.json")


def test_editing_a_page_text_renders_only_that_page(example_project: Path) -> None:
    builder = DevBuilder(example_project)
    before = builder.build()
    page = example_project / "content" / "authentication.mdx"
    page.write_text(page.read_text() + "\nOne more sentence.\n")
    after = builder.rebuild([page])
    rendered_again = [out for out, html in after.files.items() if out.endswith(".html") and html is not before.files[out]]
    assert rendered_again == ["authentication/index.html"]
    assert b"One more sentence." in after.files["authentication/index.html"]


def test_a_failed_rebuild_is_retried_with_the_next_change(example_project: Path) -> None:
    config = example_project / "docs.json"
    good = config.read_text()
    builder = DevBuilder(example_project)
    builder.build()
    config.write_text(good.replace('"name": "Plant Store"', '"name": 12'))
    with pytest.raises(SitegenError) as failure:
        builder.rebuild([config])
    assert failure.value.messages == ["docs.json: name: 12 is not a string"]

    page = example_project / "content" / "errors.mdx"
    page.write_text("---\ntitle: [unclosed\n---\n")
    with pytest.raises(SitegenError):
        builder.rebuild([page])  # docs.json is still broken; the page is now too
    config.write_text(good)
    with pytest.raises(SitegenError) as failure:
        builder.rebuild([config])
    assert failure.value.messages[0].startswith("content/errors.mdx:2:")

    page.write_text("---\ntitle: Errors\n---\n\nFixed.\n")
    assert_same_as_fresh(builder.rebuild([page]), example_project)


def test_files_appearing_and_disappearing_change_what_links_find(make_project: Callable[..., Path]) -> None:
    project = make_project(
        {"name": "Links", "navigation": [{"group": "Docs", "pages": ["index"]}]},
        {"index.md": "# Home\n\n![logo](logo.png) and [later](later)\n", "logo.png": b"png"},
    )
    builder = DevBuilder(project)
    assert builder.build().warnings == ["content/index.md:3: link 'later' points to no page or file; left as written"]
    (project / "content" / "later.md").write_text("# Later\n")
    rebuilt = builder.rebuild([project / "content" / "later.md"])
    assert rebuilt.warnings == []
    assert '<a href="later/">later</a>' in rebuilt.files["index.html"].decode()
    assert_same_as_fresh(rebuilt, project)

    (project / "content" / "logo.png").unlink()
    assert builder.rebuild([project / "content" / "logo.png"]).warnings == [
        "content/index.md:3: image 'logo.png' not found (looked in content/ and the project root); left as written"
    ]


def test_base_urls_go_first_in_the_api_config(example_project: Path) -> None:
    site = build_site(example_project, base_urls=("http://127.0.0.1:9999",))
    page = site.files["api-reference/plants/create/index.html"].decode()
    assert "http://127.0.0.1:9999" in page
    assert page.index("http://127.0.0.1:9999") < page.index("https://api.plantstore.example")


def test_a_snippet_edit_renders_the_pages_that_inline_it_again(make_project: Callable[..., Path]) -> None:
    project = make_project(
        {"name": "Snippets", "navigation": [{"group": "Docs", "pages": ["index", "other"]}]},
        {
            "index.mdx": "import Tip from '/snippets/tip.mdx'\n\n# Home\n\n<Tip />\n",
            "other.mdx": "# Other\n\n<Snippet file=\"later.mdx\" />\n",
        },
    )
    (project / "snippets").mkdir()
    (project / "snippets" / "tip.mdx").write_text("Water on **Mondays**.\n")
    builder = DevBuilder(project)
    site = builder.build()
    assert "Water on <strong>Mondays</strong>." in site.files["index.html"].decode()
    assert site.warnings == ["content/other.mdx:3: snippet '/snippets/later.mdx' not found; left out"]

    (project / "snippets" / "tip.mdx").write_text("Water on **Fridays**.\n")
    rebuilt = builder.rebuild([project / "snippets" / "tip.mdx"])
    assert "Water on <strong>Fridays</strong>." in rebuilt.files["index.html"].decode()
    assert_same_as_fresh(rebuilt, project)

    # A snippet that was missing appears: the page that asked for it shows it now.
    (project / "snippets" / "later.mdx").write_text("Arrived later.\n")
    rebuilt = builder.rebuild([project / "snippets" / "later.mdx"])
    assert "Arrived later." in rebuilt.files["other/index.html"].decode()
    assert rebuilt.warnings == []
    assert_same_as_fresh(rebuilt, project)


def test_a_changelog_feed_follows_edits_under_serve(make_project: Callable[..., Path]) -> None:
    project = make_project(RSS_CONFIG, RSS_PAGES)
    builder = DevBuilder(project)
    site = builder.build()
    feed = site.files["changelog/rss.xml"]
    assert [item["title"] for item in feed_items(feed)] == ["Faster sprockets", "Quieter gears",
                                                           "Widgets 2.0 is here", "January 2025"]

    # Another page edited: the changelog's markdown is reused, and so are its items.
    home = project / "index.mdx"
    home.write_text(home.read_text() + "\nA new sentence.\n")
    rebuilt = builder.rebuild([home])
    assert rebuilt.files["changelog/index.html"] is site.files["changelog/index.html"]  # not rendered again
    assert rebuilt.files["changelog/rss.xml"] == feed
    assert_same_as_fresh(rebuilt, project)

    # An update's label edited: the feed has the new title, link and date.
    changelog = project / "changelog.mdx"
    changelog.write_text(RSS_CHANGELOG.replace('<Update label="January 2025"', '<Update label="December 2024"'))
    rebuilt = builder.rebuild([changelog])
    last = feed_items(rebuilt.files["changelog/rss.xml"])[-1]
    assert (last["title"], last["link"], last["pubDate"]) == ("December 2024", "./#december-2024",
                                                              "Sun, 01 Dec 2024 00:00:00 GMT")
    assert_same_as_fresh(rebuilt, project)
