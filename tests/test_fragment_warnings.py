"""Deep links (`page#fragment`) in the style real Mintlify repositories write them: the ones that
land on Mintlify land on the built page too, and the ones that land nowhere on Mintlify either
warn with where the link is, the link, and the id the page has that is closest to it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sitegen.markdown.links import closest_id, fragment_problem
from sitegen.pipeline import build_site


def config(*pages: str) -> dict[str, object]:
    return {"name": "Garden", "navigation": [{"group": "G", "pages": list(pages)}]}


def test_a_link_in_content_for_agents_lands_on_a_heading_for_agents(make_project: Callable[..., Path]) -> None:
    # A CLI page tells agents to follow the quickstart's agents-only workflow (mintlify+docs'
    # cli/index.mdx does): both the link and the heading are in the pages' Markdown only.
    quickstart = (
        "---\ntitle: Quickstart\n---\n\n"
        "<Visibility for=\"humans\">\n  Press **Plant** in the dashboard.\n</Visibility>\n\n"
        "<Visibility for=\"agents\">\n  ## Set up the garden for the user\n\n"
        "  1. Run `garden init`.\n\n  ### Water the beds\n\n  Run `garden water`.\n</Visibility>\n\n"
        "## Before you begin\n\nYou need a trowel.\n"
    )
    cli = (
        "---\ntitle: CLI\n---\n\n"
        "<Visibility for=\"agents\">\n"
        "  Follow the [agent workflow](/quickstart#set-up-the-garden-for-the-user), then "
        "[water](/quickstart#water-the-beds).\n"
        "</Visibility>\n\n"
        "See [the old section](/quickstart#set-up-the-garden).\n"
    )
    built = build_site(make_project(config("quickstart", "cli"), {"quickstart.mdx": quickstart, "cli.mdx": cli}))
    assert built.warnings == [
        "content/cli.mdx:9: link to 'quickstart#set-up-the-garden': no heading 'set-up-the-garden' on that page "
        "(the closest id there is 'set-up-the-garden-for-the-user'); link kept"]
    page = built.files["quickstart/index.html"].decode()
    # The content stays out of the page; its ids stay as empty anchors where it was.
    assert "garden init" not in page and "Set up the garden" not in page
    assert '<span id="set-up-the-garden-for-the-user"></span><span id="water-the-beds"></span>' in page
    assert '<h2 id="before-you-begin">' in page
    assert "Set up the garden for the user" in built.files["quickstart/index.md"].decode()


def test_links_that_land_nowhere_on_mintlify_name_the_closest_id(make_project: Callable[..., Path]) -> None:
    # The stale links of mintlify+docs and 0xsequence+docs: a heading that grew a badge, a
    # plural that became singular, a field linked without its `param-` prefix, a renumbered step.
    settings = (
        "---\ntitle: Settings\n---\n\n"
        "### `theme` - <Badge color=\"red\">required</Badge>\n\nThe layout.\n\n"
        "### `logo`\n\nYour logo.\n\n"
        "<ResponseField name=\"api.params\" type=\"object\">Parameter display.</ResponseField>\n\n"
        "## 6. Billing settings\n\nInvoices.\n"
    )
    soil = (
        "---\ntitle: Soil\n---\n\n"
        "Pick a [theme](/settings#theme), a [logo](/settings#logos) and [params](/settings#api-params).\n\n"
        "Then [pay](/settings#5-billing-settings) and [go](/settings#get-started).\n"
    )
    built = build_site(make_project(config("settings", "soil"), {"settings.mdx": settings, "soil.mdx": soil}))
    page = built.files["settings/index.html"].decode()
    assert '<h3 id="theme-required">' in page and 'id="param-api-params"' in page
    assert built.warnings == [
        "content/soil.mdx:5: link to 'settings#theme': no heading 'theme' on that page "
        "(the closest id there is 'theme-required'); link kept",
        "content/soil.mdx:5: link to 'settings#logos': no heading 'logos' on that page "
        "(the closest id there is 'logo'); link kept",
        "content/soil.mdx:5: link to 'settings#api-params': no heading 'api-params' on that page "
        "(the closest id there is 'param-api-params'); link kept",
        "content/soil.mdx:7: link to 'settings#5-billing-settings': no heading '5-billing-settings' on that page "
        "(the closest id there is '6-billing-settings'); link kept",
        "content/soil.mdx:7: link to 'settings#get-started': no heading 'get-started' on that page; link kept",
    ]


def test_a_same_page_link_in_a_snippet_names_the_page_that_inlines_it(make_project: Callable[..., Path]) -> None:
    # Unstructured-IO+docs: a shared snippet links `#…-embeddings`, a heading that one page
    # including it has (from another snippet) and another does not.
    snippet = "Choose a mode. See [generated embeddings](#generated-embeddings).\n"
    embeddings = "## Generated embeddings\n\nThe store makes them.\n"
    soil = ("import Mode from '/snippets/mode.mdx';\nimport Embeddings from '/snippets/embeddings.mdx';\n\n"
            "# Soil\n\n<Mode />\n\n<Embeddings />\n")
    compost = "import Mode from '/snippets/mode.mdx';\n\n# Compost\n\n<Mode />\n\nSee [below](#turning).\n"
    built = build_site(make_project(config("soil", "compost"), {
        "soil.mdx": soil, "compost.mdx": compost,
        "/snippets/mode.mdx": snippet, "/snippets/embeddings.mdx": embeddings}))
    assert 'id="generated-embeddings"' in built.files["soil/index.html"].decode()
    assert built.warnings == [
        "snippets/mode.mdx:1: link to '#generated-embeddings': no heading 'generated-embeddings' on page "
        "'compost', which inlines this snippet; link kept",
        "content/compost.mdx:7: link to '#turning': no heading 'turning' on this page; link kept",
    ]


def test_the_closest_id_is_named_only_when_one_is_close() -> None:
    ids = {"login-window", "login-window-2", "renaming-your-key", "deleting-your-key", "page-title"}
    assert closest_id("login", ids) == "login-window"  # the numbered duplicate is the second choice
    assert closest_id("copy-your-key", ids) is None
    assert closest_id("title", {"page-title"}) is None
    assert closest_id("step-a", {"step-b", "step-c"}) is None  # two as close: neither is named
    assert closest_id("", ids) is None
    # The letters-and-digits match (an id written for an older Mintlify) wins over a close one.
    assert fragment_problem("team-management--roles", {"team-management-&-roles", "team-management-roles-2"},
                            "other", "page", "content/page.mdx:3") == (
        "link to 'other#team-management--roles': no heading 'team-management--roles' on that page "
        "(the id there is 'team-management-&-roles'); link kept")
