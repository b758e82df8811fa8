"""Front matter settings a reader (or a crawler) sees on the built page: `searchable: false`,
`hideFooterPagination`, the page's own `og:*`/`twitter:*`/`robots`/`canonical` tags,
`lastUpdatedDate`, and `mode: "assistant"` (one warning: it needs Mintlify's assistant)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

from sitegen.pipeline import build_site
from sitegen.pipeline.output import BuiltSite
from sitegen.publish import SiteUrlSetting
from sitegen.search import BUNDLE_DIR

from conftest import run_sitegen

NAV = [{"group": "Start", "pages": ["intro", "pricing", "guide"]}]
SITE = "https://docs.orchard.example/"


def build(make_project: Any, pages: dict[str, str], **settings: Any) -> BuiltSite:
    project = make_project({"name": "Orchard", "navigation": NAV, **settings}, pages)
    return build_site(project, site_url=SiteUrlSetting())


def pages_with(**front_matter: str) -> dict[str, str]:
    """Three pages; `front_matter` is extra YAML for the middle one, "pricing"."""
    extra = "".join(f"{value}\n" for value in front_matter.values())
    return {
        "intro.md": "---\ntitle: Intro\n---\n\nWelcome to the orchard.\n",
        "pricing.md": f"---\ntitle: Pricing\ndescription: What a crate costs\n{extra}---\n\nA crate of quinces costs more.\n",
        "guide.md": "---\ntitle: Guide\n---\n\nHow to prune.\n",
    }


def head(site: BuiltSite, path: str = "pricing/index.html") -> str:
    return site.files[path].decode().split("</head>", 1)[0]


def meta(site: BuiltSite, path: str = "pricing/index.html") -> list[tuple[str, str]]:
    """(name or property, content) of every meta tag with content, in order."""
    return re.findall(r'<meta (?:name|property)="([^"]+)" content="([^"]*)">', head(site, path))


# --- searchable ---------------------------------------------------------------------------


def indexed_urls(site: Path) -> list[str]:
    """The page URLs of every record in a written Pagefind bundle."""
    urls = []
    for path in sorted((site / BUNDLE_DIR).glob("*/fragment/*")):
        data = gzip.decompress(path.read_bytes())
        urls.append(json.loads(data[data.index(b"{"):])["meta"]["url"])
    return sorted(urls)


def test_a_page_that_is_not_searchable_is_left_out_of_search_only(make_project: Any) -> None:
    project = make_project({"name": "Orchard", "navigation": NAV}, pages_with(searchable="searchable: false"))
    result = run_sitegen("build", project, "-q")
    assert result.returncode == 0, result.stderr
    assert indexed_urls(project / "site") == ["/guide/", "/intro/"]
    pricing = (project / "site/pricing/index.html").read_text()
    assert 'name="robots"' not in pricing  # still for search engines
    assert 'href="../pricing/"' in (project / "site/intro/index.html").read_text()  # and in the navigation
    # A rebuild that takes the page from the build cache leaves it out too.
    (project / "content/guide.md").write_text("---\ntitle: Guide\n---\n\nHow to prune, again.\n")
    result = run_sitegen("build", project, "-q")
    assert result.returncode == 0, result.stderr
    assert indexed_urls(project / "site") == ["/guide/", "/intro/"]


def test_searchable_takes_true_or_false_only(make_project: Any) -> None:
    site = build(make_project, pages_with(searchable="searchable: sometimes"))
    assert site.warnings == ["content/pricing.md:4: front matter: searchable: 'sometimes' is not true or false; "
                             "using true"]


# --- hideFooterPagination -----------------------------------------------------------------


def test_hide_footer_pagination_drops_previous_and_next(make_project: Any) -> None:
    site = build(make_project, pages_with(hide="hideFooterPagination: true"))
    assert site.warnings == []
    assert 'class="pager"' not in site.files["pricing/index.html"].decode()
    # Its neighbours still link to it.
    intro = site.files["intro/index.html"].decode()
    assert re.search(r'<a class="pager-next" href="../pricing/"', intro)


# --- head tags --------------------------------------------------------------------------------


def test_front_matter_og_and_twitter_tags_replace_the_generated_ones(make_project: Any) -> None:
    site = build(make_project, pages_with(
        og_title='"og:title": "Quince prices for 2026"',
        og_image='"og:image": "/images/quince-card.png"',
        twitter_site='"twitter:site": "@orchard"',
        robots='robots: "noindex, nofollow"',
    ), siteUrl=SITE, thumbnails=False)
    assert site.warnings == []
    tags = meta(site)
    names = [name for name, _ in tags]
    assert len(names) == len(set(names)), names  # each tag once: the page's replaces sitegen's
    found = dict(tags)
    assert found["og:title"] == "Quince prices for 2026"
    assert found["twitter:title"] == "Quince prices for 2026"  # Twitter's falls back to Open Graph's
    assert found["og:image"] == "https://docs.orchard.example/images/quince-card.png"  # absolute for crawlers
    assert found["twitter:image"] == "https://docs.orchard.example/images/quince-card.png"
    assert found["twitter:site"] == "@orchard"
    assert found["robots"] == "noindex, nofollow"
    assert found["og:description"] == "What a crate costs"  # not set by the page: sitegen's
    assert dict(meta(site, "intro/index.html"))["og:title"] == "Intro"  # other pages keep their own


def test_front_matter_tags_are_written_without_a_site_url_too(make_project: Any) -> None:
    site = build(make_project, pages_with(og='"og:image": "https://cdn.orchard.example/card.png"',
                                          canonical='canonical: "https://orchard.example/pricing"'))
    tags = dict(meta(site))
    assert tags == {"viewport": "width=device-width, initial-scale=1", "description": "What a crate costs", "og:image": "https://cdn.orchard.example/card.png",
                    "twitter:image": "https://cdn.orchard.example/card.png"}
    assert '<link rel="canonical" href="https://orchard.example/pricing">' in head(site)


def test_front_matter_canonical_replaces_the_site_urls(make_project: Any) -> None:
    site = build(make_project, pages_with(canonical='canonical: "https://orchard.example/latest/pricing"'),
                 siteUrl=SITE)
    links = re.findall(r'<link rel="canonical" href="([^"]+)">', head(site))
    assert links == ["https://orchard.example/latest/pricing"]
    assert dict(meta(site))["og:url"] == "https://orchard.example/latest/pricing"


def test_front_matter_tags_replace_docs_json_seo_metatags(make_project: Any) -> None:
    project = make_project({"theme": "mint", "name": "Orchard", "colors": {"primary": "#2F6B3A"},
                            "navigation": {"groups": [{"group": "Start", "pages": ["intro", "pricing", "guide"]}]},
                            "seo": {"metatags": {"og:image": "https://cdn.orchard.example/site.png",
                                                 "twitter:site": "@orchard"}}},
                           {"/" + path: text for path, text in pages_with(
                               og='"og:image": "https://cdn.orchard.example/pricing.png"').items()})
    site = build_site(project)
    assert site.warnings == []
    assert dict(meta(site))["og:image"] == "https://cdn.orchard.example/pricing.png"
    assert [name for name, _ in meta(site)].count("og:image") == 1
    assert dict(meta(site))["twitter:site"] == "@orchard"
    assert dict(meta(site, "intro/index.html"))["og:image"] == "https://cdn.orchard.example/site.png"


def test_a_tag_that_is_not_text_and_a_canonical_that_is_no_url_are_warnings(make_project: Any) -> None:
    site = build(make_project, pages_with(og='"og:image": [one, two]', canonical="canonical: /pricing"))
    assert site.warnings == [
        "content/pricing.md:4: front matter: og:image: ['one', 'two'] is not a string; no og:image tag is written",
        "content/pricing.md:5: front matter: canonical: '/pricing' is not an http(s) URL; the page's own canonical "
        "URL is used",
    ]
    assert "og:image" not in head(site) and 'rel="canonical"' not in head(site)


# --- lastUpdatedDate ------------------------------------------------------------------------------


def last_modified(site: BuiltSite, path: str = "pricing/index.html") -> str | None:
    match = re.search(r'<p class="last-modified"[^>]*>(.*?)</p>', site.files[path].decode(), re.S)
    return re.sub(r"<[^>]+>", "", match.group(1)) if match else None


def test_last_updated_date_is_the_date_a_timestamped_page_shows(make_project: Any) -> None:
    site = build(make_project, pages_with(stamp="timestamp: true", date='lastUpdatedDate: "2026-08-13"'))
    assert site.warnings == []
    assert last_modified(site) == "Last modified on August 13, 2026"
    assert '<time datetime="2026-08-13">' in site.files["pricing/index.html"].decode()
    timestamp = build(make_project, pages_with(stamp="timestamp: true", date="lastUpdatedDate: 2026-08-13T09:30:00Z"))
    assert last_modified(timestamp) == "Last modified on August 13, 2026"
    unquoted = build(make_project, pages_with(stamp="timestamp: true", date="lastUpdatedDate: 2025-01-02"))
    assert last_modified(unquoted) == "Last modified on January 2, 2025"  # YAML reads it as a date


def test_last_updated_date_follows_the_timestamp_setting(make_project: Any) -> None:
    site = build(make_project, pages_with(date='lastUpdatedDate: "2026-08-13"'))
    assert last_modified(site) is None  # as on Mintlify: timestamps are off unless metadata.timestamp or timestamp: true


def test_a_last_updated_date_that_is_no_date_is_a_warning(make_project: Any) -> None:
    site = build(make_project, pages_with(stamp="timestamp: true", date="lastUpdatedDate: soon"))
    assert site.warnings == ["content/pricing.md:5: front matter: lastUpdatedDate: 'soon' is not a date (YYYY-MM-DD "
                             "or an ISO 8601 timestamp); the last commit's date is shown"]
    assert last_modified(site) is not None and "soon" not in (last_modified(site) or "")


# --- mode ---------------------------------------------------------------------------------


def test_assistant_mode_is_one_warning_and_a_default_page(make_project: Any) -> None:
    site = build(make_project, pages_with(mode="mode: assistant"))
    assert site.warnings == ["content/pricing.md:4: front matter: mode: 'assistant' needs Mintlify's hosted "
                             "assistant, which a static site has not; using 'default'"]
    assert '<h1 class="page-title" id="page-title">Pricing</h1>' in site.files["pricing/index.html"].decode()


def test_frame_mode_keeps_the_sidebar_and_drops_the_header_and_pager(make_project: Any) -> None:
    site = build(make_project, pages_with(mode="mode: frame"))
    assert site.warnings == []
    html = site.files["pricing/index.html"].decode()
    assert re.search(r'<body class="[^"]*\bmode-frame\b', html)
    assert 'class="page-title"' not in html
    assert 'aria-current="page"' in html  # the sidebar, with this page current
    assert 'class="toc-nav"' not in html


# --- seo.metatags.canonical ---------------------------------------------------------------


def v2_project(make_project: Any, **settings: Any) -> Any:
    return make_project({"theme": "mint", "name": "Orchard", "colors": {"primary": "#2F6B3A"},
                         "navigation": {"groups": [{"group": "Start", "pages": ["intro", "pricing", "guide"]}]},
                         **settings}, {"/" + path: text for path, text in pages_with().items()})


def test_docs_json_canonical_is_the_url_pages_are_published_at(make_project: Any) -> None:
    project = v2_project(make_project, seo={"metatags": {"canonical": "https://www.orchard.example/docs"}},
                         thumbnails=False)
    site = build_site(project, site_url=SiteUrlSetting())
    assert site.warnings == []
    assert re.findall(r'<link rel="canonical" href="([^"]+)">', head(site)) == [
        "https://www.orchard.example/docs/pricing/"]
    assert 'name="canonical"' not in head(site)  # not a meta tag
    assert "<loc>https://www.orchard.example/docs/pricing/</loc>" in site.files["sitemap.xml"].decode()


def test_a_canonical_that_is_no_url_is_a_warning(make_project: Any) -> None:
    project = v2_project(make_project, seo={"metatags": {"canonical": "docs.orchard.example"}})
    site = build_site(project, site_url=SiteUrlSetting())
    assert site.warnings == ["docs.json: seo.metatags.canonical: \"docs.orchard.example\" is not an http(s) URL; "
                             "pages get no canonical link from it"]
    assert "canonical" not in head(site)
