"""Links to paths that are no page's own URL but that Mintlify's server still answers with a
page: `/` without an index page, a folder without a page of its own, a docs.json redirect's
source (exact, `:slug*`, chained), the generated llms.txt. The built link goes straight to
that page; a path Mintlify has no answer for stays a warning."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sitegen.pipeline import build

REDIRECTS = [
    {"source": "/old-brewing", "destination": "/brewing/steeping"},
    {"source": "/legacy/:slug*", "destination": "/brewing/:slug*"},
    {"source": "/teapots", "destination": "/legacy/water"},  # a chain: /legacy/water is a redirect too
    {"source": "/shop", "destination": "https://shop.example.com/tea"},
    {"source": "/retired", "destination": "/brewing/kettle"},  # no such page anywhere
    {"source": "/kit", "destination": "/brewing"},  # a folder: its first listed page
]

WELCOME = """---
title: Welcome
---

[a](/brewing) [b](/brewing/) [c](/old-brewing) [d](/legacy/steeping#temperature)
[e](/teapots) [f](/shop) [g](/llms.txt) [h](/) [i](brewing) [j](/brewing#no-such-heading)

[k](/cupping)

[l](/nowhere)
"""


def write_tea_docs(root: Path) -> Path:
    """A v2 project in the corpus' style: docs.json and pages at the root, no index page, a
    folder whose pages the navigation lists in another order than the alphabet."""
    config = {
        "$schema": "https://mintlify.com/docs.json",
        "theme": "mint",
        "name": "Tea Docs",
        "colors": {"primary": "#0D9373"},
        "navigation": {"groups": [
            {"group": "Start", "pages": ["welcome"]},
            {"group": "Brewing", "pages": ["brewing/water", "brewing/steeping"]},
        ]},
        "redirects": REDIRECTS,
    }
    files = {
        "docs.json": json.dumps(config, indent=2),
        "welcome.mdx": WELCOME,
        "brewing/steeping.mdx": "---\ntitle: Steeping\n---\n\n## Temperature\n\nHot.\n",
        "brewing/water.mdx": "---\ntitle: Water\n---\n\nSoft water.\n",
        # Built, but listed by no navigation: a folder of hidden pages leads nowhere.
        "cupping/aroma.mdx": "---\ntitle: Aroma\nhidden: true\n---\n\nSniff.\n",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def hrefs(html: str) -> list[str]:
    body = html.split('<div class="prose">', 1)[1].split("</article>", 1)[0]
    return re.findall(r'href="([^"]*)"', body)


@pytest.fixture(scope="module")
def tea_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list[str]]:
    project = write_tea_docs(tmp_path_factory.mktemp("tea-docs"))
    report = build(project, out_dir=project.parent / "site")
    return project, report.out_dir, report.warnings


def test_links_mintlify_answers_lead_to_the_built_page(tea_site: tuple[Path, Path, list[str]]) -> None:
    _, site, _ = tea_site
    links = hrefs((site / "welcome/index.html").read_text(encoding="utf-8"))[:12]  # then the page's "Next"
    assert links == [
        "../brewing/water/",  # a folder: the first page the navigation lists in it
        "../brewing/water/",  # the same with a trailing slash
        "../brewing/steeping/",  # an exact redirect's source
        "../brewing/steeping/#temperature",  # /legacy/:slug* -> /brewing/:slug*, the link's fragment kept
        "../brewing/water/",  # /teapots -> /legacy/water -> /brewing/water, in one hop
        "https://shop.example.com/tea",  # a redirect to another site
        "../llms.txt",  # the file the build generates at the site root
        "../welcome/",  # `/` without an index page: the home page, the first listed page
        "../brewing/water/",  # a relative folder link
        "../brewing/water/#no-such-heading",
        "/cupping",  # left as written
        "/nowhere",
    ]
    for link in links[:10]:
        target = (site / "welcome" / link.partition("#")[0])
        assert link.startswith("https://") or (target / "index.html").is_file() or target.is_file(), link


def test_a_path_mintlify_has_no_page_for_stays_a_warning(tea_site: tuple[Path, Path, list[str]]) -> None:
    project, _, warnings = tea_site
    line = (project / "docs.json").read_text().splitlines().index('      "destination": "/brewing/kettle"') + 1
    assert sorted(warning for warning in warnings if "cupping" in warning or "nowhere" in warning
                  or "kettle" in warning or "no-such-heading" in warning) == sorted([
        f"docs.json:{line}: redirects[4].destination: '/brewing/kettle' is no page; the redirect points there anyway",
        # The fragment is checked on the page the folder leads to.
        "welcome.mdx:6: link to 'brewing/water#no-such-heading': no heading 'no-such-heading' on that page; "
        "link kept",
        "welcome.mdx:8: link '/cupping' points to no page or file; left as written",
        "welcome.mdx:10: link '/nowhere' points to no page or file; left as written",
    ])


def test_redirect_destinations_that_lead_on_are_followed_to_their_page(
    tea_site: tuple[Path, Path, list[str]],
) -> None:
    _, site, warnings = tea_site
    # A destination that is another redirect's source, or a folder, is no broken redirect.
    assert [warning for warning in warnings if "teapots" in warning or "'/brewing'" in warning] == []
    assert 'content="0; url=../brewing/water/"' in (site / "teapots/index.html").read_text()
    assert 'content="0; url=../brewing/water/"' in (site / "kit/index.html").read_text()
    rules = (site / "_redirects").read_text().splitlines()
    assert "/teapots /brewing/water/ 308" in rules
    assert "/kit /brewing/water/ 308" in rules
    assert "/legacy/* /brewing/:splat 308" in rules


def test_a_missing_image_names_the_places_it_was_looked_for(tmp_path: Path) -> None:
    # A translated page keeps the English page's root-relative image, which the project no
    # longer has; a deep page's relative video stays inside the project but is missing.
    # Neither is looked for anywhere else than the message says, and neither is "outside".
    config = {"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "Tea Docs",
              "colors": {"primary": "#0D9373"},
              "navigation": {"groups": [{"group": "Start", "pages": ["es/origins/flags", "guides/cups/clay/firing"]}]}}
    (tmp_path / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    (tmp_path / "es/origins").mkdir(parents=True)
    (tmp_path / "es/origins/flags.mdx").write_text("---\ntitle: Banderas\n---\n\n![China](/images/flags/cn.png)\n")
    (tmp_path / "guides/cups/clay").mkdir(parents=True)
    (tmp_path / "guides/cups/clay/firing.mdx").write_text("---\ntitle: Firing\n---\n\n![Kiln](../../../video/kiln.mp4)\n")
    report = build(tmp_path, out_dir=tmp_path.parent / "site")
    assert sorted(report.warnings) == [
        "es/origins/flags.mdx:5: image '/images/flags/cn.png' not found (looked in the project root); left as written",
        "guides/cups/clay/firing.mdx:5: image '../../../video/kiln.mp4' not found (looked in guides/cups/clay/ and "
        "the project root); left as written",
    ]


def test_the_dev_server_follows_an_edited_redirect(tmp_path: Path) -> None:
    # The redirects live in a file docs.json points to: editing it changes where a page's
    # link leads although no page and no other file changed.
    from sitegen.pipeline import build_site
    from sitegen.serve.reuse import DevBuilder

    project = write_tea_docs(tmp_path / "tea-docs")
    config = json.loads((project / "docs.json").read_text())
    config["redirects"] = {"$ref": "./redirects.json"}
    (project / "docs.json").write_text(json.dumps(config, indent=2))
    redirects = project / "redirects.json"
    redirects.write_text(json.dumps([{"source": "/old-brewing", "destination": "/brewing/steeping"}]))
    builder = DevBuilder(project)
    first = builder.build()
    assert hrefs(first.files["welcome/index.html"].decode())[2] == "../brewing/steeping/"

    redirects.write_text(json.dumps([{"source": "/old-brewing", "destination": "/brewing/water"}]))
    site = builder.rebuild([redirects])
    assert hrefs(site.files["welcome/index.html"].decode())[2] == "../brewing/water/"
    assert site.files["welcome/index.html"] == build_site(project).files["welcome/index.html"]
