"""Mintlify's v2 docs.json: detection, `$ref`, exact messages, what the theme shows of the
navigation tree, `sitegen migrate`, and the v2 Plant Store twin building the same pages."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sitegen.config import load_config
from sitegen.errors import ConfigError
from sitegen.nav import build_navigation
from sitegen.pages import discover_pages
from sitegen.pipeline import build_site

from conftest import REPO, run_sitegen

TWIN = REPO / "examples" / "plant-store-v2"
BASE: dict[str, Any] = {"theme": "mint", "name": "Acme", "colors": {"primary": "#0D9373"}}
PAGES = {f"{name}.mdx": f"---\ntitle: {name.split('/')[-1].title()}\n---\nText of {name}.\n"
         for name in ("intro", "setup", "api/users", "api/orders", "fr/intro", "old/intro", "secret")}


def v2(navigation: dict[str, Any], **rest: Any) -> dict[str, Any]:
    return {**BASE, "navigation": navigation, **rest}


def errors_of(project: Path) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_config(project)
    return caught.value.messages


def sidebar(project: Path) -> list[tuple[str, list[tuple[str, str | None, list[str]]]]]:
    """Each section's key with its groups: (title, version, page ids)."""
    navigation = build_navigation(load_config(project), discover_pages(project), project)
    return [(section.key, [(group.title, group.version, [item.page.id for item in group.walk()])
                           for group in section.groups]) for section in navigation.all_sections()]


# --- detection, models and messages ---------------------------------------------------


def test_v2_is_read_and_shown_through_the_classic_theme(make_project: Callable[..., Path]) -> None:
    project = make_project(v2(
        {"tabs": [
            {"tab": "Guides", "groups": [{"group": "Start", "pages": ["intro", "setup"]}]},
            {"tab": "API", "icon": "code", "groups": [{"group": "Endpoints", "pages": ["api/users", "api/orders"]}]},
            {"tab": "Blog", "href": "https://blog.acme.example"},
        ]},
        navbar={"links": [{"label": "Support", "href": "mailto:help@acme.example"}],
                "primary": {"type": "button", "label": "Sign in", "href": "https://app.acme.example"}},
        footer={"socials": {"github": "https://github.com/acme", "twitter": "https://x.com/acme"}},
        appearance={"default": "dark", "strict": True},
    ), PAGES)
    loaded = load_config(project)
    assert loaded.warnings == ()
    config = loaded.config
    assert [(link.name, link.url) for link in config.topbar_links] == [
        ("Support", "mailto:help@acme.example"), ("Blog", "https://blog.acme.example")]
    assert (config.topbar_cta_button.name, config.topbar_cta_button.url) == ("Sign in", "https://app.acme.example")
    assert config.footer_socials == {"github": "https://github.com/acme", "x": "https://x.com/acme"}
    assert (config.mode_toggle.default, config.mode_toggle.is_hidden) == ("dark", True)
    assert sidebar(project) == [
        ("primary", [("Start", None, ["intro", "setup"])]),
        ("tab:0", [("Endpoints", None, ["api/users", "api/orders"])]),
    ]
    site = build_site(project)
    page = site.files["api/users/index.html"].decode()
    tabs = re.search(r'<nav class="tabs".*?</nav>', page, re.S)
    assert tabs is not None
    assert re.findall(r'<a class="tab[^"]*" href="([^"]*)"[^>]*>([^<]*)</a>', tabs.group()) == [
        ("../../intro/", "Guides"), ("../../api/users/", "API")]
    assert ">Sign in<" in page and 'href="mailto:help@acme.example"' in page


def test_missing_and_wrong_values_are_errors_with_their_json_path(make_project: Callable[..., Path]) -> None:
    project = make_project({"theme": "mint", "name": 7, "colors": {"light": "#FFF"},
                            "navigation": {"tabs": [{"groups": []}, {"tab": "B", "hidden": "yes", "icon": 5}],
                                           "groups": [{"group": "G", "pages": "intro"}]}}, PAGES)
    assert errors_of(project) == [
        "docs.json: name: 7 is not a string",
        "docs.json: colors.primary: required key is missing",
        "docs.json: navigation.tabs[0].tab: required key is missing",
        "docs.json: navigation.tabs[1].icon: 5 is not a string or an object {name, style, library}",
        "docs.json: navigation.tabs[1].hidden: 'yes' is not a boolean (true or false)",
        "docs.json: navigation.groups[0].pages: 'intro' is not an array",
    ]
    result = run_sitegen("build", project)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[0] == "error: docs.json: name: 7 is not a string"


def test_unknown_keys_and_values_are_warnings_naming_the_path(make_project: Callable[..., Path]) -> None:
    project = make_project(v2(
        {"groups": [{"group": "Start", "colour": "red", "pages": ["intro"]}], "sidebar": "left"},
        theme="mint-pro", appearance={"default": "sepia"}, api={"playground": {"display": "full"}},
        footer={"socials": {"myspace": "https://myspace.example/acme"}},
        banner={"content": "v2 is out"}, fonts={"family": "Inter"},
    ), PAGES)
    assert list(load_config(project).warnings) == [
        "docs.json: navigation.sidebar: unknown key",
        "docs.json: navigation.groups[0].colour: unknown key",
        "docs.json: theme: 'mint-pro' is not one of 'mint', 'maple', 'palm', 'willow', 'linden', 'almond', "
        "'aspen', 'sequoia' or 'luma'; using 'mint'",
        "docs.json: appearance.default: 'sepia' is not one of 'system', 'light' or 'dark'; "
        "following the visitor's system setting",
        "docs.json: api.playground.display: 'full' is not one of 'interactive', 'simple' or 'none'; "
        "using 'interactive'",
        "docs.json: footer.socials.myspace: no icon for 'myspace' (known: website, facebook, x, discord, slack, "
        "github, linkedin, instagram, hacker-news, youtube, medium, telegram, bluesky, threads, reddit, podcast, "
        "x-twitter, earth-americas, twitter); left out of the footer",
    ]
    result = run_sitegen("build", project, "--strict")
    assert result.returncode == 1


def test_global_languages_and_versions_are_left_out_with_a_warning(make_project: Callable[..., Path]) -> None:
    project = make_project(v2(
        {"groups": [{"group": "Start", "pages": ["intro"]}],
         "global": {"languages": [{"language": "ja", "href": "https://ja.docs.acme.example"}],
                    "versions": [{"version": "v0 (archive)", "href": "https://v0.docs.acme.example"}]}},
    ), PAGES)
    assert list(load_config(project).warnings) == [
        "docs.json: navigation.global.languages[0]: the language menu lists only this site's own languages; left out",
        "docs.json: navigation.global.versions[0]: the version menu lists only this site's own versions; left out",
    ]


def test_script_urls_are_left_out_with_a_warning(make_project: Callable[..., Path]) -> None:
    project = make_project(v2(
        {"groups": [{"group": "Start", "pages": ["intro"]}],
         "global": {"anchors": [{"anchor": "Bad", "href": "javascript:alert(1)"},
                                {"anchor": "Forum", "href": "https://forum.acme.example"}]}},
        navbar={"links": [{"label": "X", "href": " JavaScript:alert(1)"}]},
        logo={"light": "logo.svg", "dark": "logo.svg", "href": "vbscript:x"},
    ), {**PAGES, "/logo.svg": "<svg/>"})
    loaded = load_config(project)
    assert list(loaded.warnings) == [
        "docs.json: navigation.global.anchors[0].href: 'javascript:alert(1)' is a script URL; the entry is left out",
        "docs.json: navbar.links[0].href: ' JavaScript:alert(1)' is a script URL; the entry is left out",
        "docs.json: logo.href: 'vbscript:x' is a script URL; the logo links to the home page",
    ]
    assert [anchor.name for anchor in loaded.config.anchors] == ["Forum"]
    assert loaded.config.topbar_links == []
    assert loaded.config.logo is not None and loaded.config.logo.href == "/"


# --- $ref ------------------------------------------------------------------------------


def test_ref_reads_files_relative_to_the_one_that_names_them(make_project: Callable[..., Path]) -> None:
    project = make_project(v2({"tabs": [{"$ref": "nav/guides.json"}, {"$ref": "nav/api.json", "icon": "code"}]}),
                           {**PAGES,
                            "/nav/guides.json": json.dumps({"tab": "Guides", "groups": [{"$ref": "start.json"}]}),
                            "/nav/start.json": json.dumps({"group": "Start", "pages": ["intro"], "colour": "red"}),
                            "/nav/api.json": json.dumps({"tab": "API", "groups": [
                                {"group": "Endpoints", "pages": ["api/users"]}]})})
    loaded = load_config(project)
    assert list(loaded.warnings) == [
        "docs.json: navigation.tabs[0].groups[0].colour: unknown key (from nav/start.json)"]
    assert sidebar(project) == [("primary", [("Start", None, ["intro"])]),
                                ("tab:0", [("Endpoints", None, ["api/users"])])]
    assert loaded.tree is not None and loaded.tree.navigation.tabs[1].icon == "code"  # keys beside $ref win


def test_ref_cycle_is_an_error_naming_the_chain(make_project: Callable[..., Path]) -> None:
    project = make_project(v2({"languages": [
        {"language": "en", "groups": [{"group": "Start", "pages": ["intro"]}]},
        {"$ref": "fr.json"},
    ]}), {**PAGES, "/fr.json": json.dumps({"language": "fr", "tabs": [{"$ref": "fr-nav.json"}]}),
          "/fr-nav.json": json.dumps({"$ref": "./fr.json"})})
    assert errors_of(project) == [
        "docs.json: navigation.languages[1]: $ref cycle: docs.json -> fr.json -> fr-nav.json -> fr.json"]
    result = run_sitegen("build", project)
    assert (result.returncode, result.stderr) == (1, "error: docs.json: navigation.languages[1]: $ref cycle: "
                                                     "docs.json -> fr.json -> fr-nav.json -> fr.json\n")


def test_ref_outside_the_project_is_refused_without_reading_it(make_project: Callable[..., Path],
                                                                tmp_path: Path) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps({"tab": "Leaked", "groups": []}), encoding="utf-8")
    project = make_project(v2({"tabs": [{"$ref": "../secret.json"}]}), PAGES)
    assert errors_of(project) == ["docs.json: navigation.tabs[0].$ref: '../secret.json' is outside the project; "
                                  "not read"]
    (project / "nav.json").symlink_to(secret)
    (project / "docs.json").write_text(json.dumps(v2({"groups": [{"$ref": "nav.json"}]})), encoding="utf-8")
    assert errors_of(project) == ["docs.json: navigation.groups[0].$ref: 'nav.json' is outside the project; "
                                  "not read"]


def test_pages_beside_docs_json_are_found_when_the_navigation_is_in_ref_files(
        make_project: Callable[..., Path]) -> None:
    # content/ holds something else; the $ref'd navigation names pages beside docs.json.
    project = make_project(v2({"groups": [{"$ref": "nav.json"}]}),
                           {"/nav.json": json.dumps({"group": "Start", "pages": ["intro", "setup"]}),
                            "/intro.mdx": "# Intro\n", "/setup.mdx": "# Setup\n", "notes/draft.mdx": "# Draft\n"})
    assert sidebar(project) == [("primary", [("Start", None, ["intro", "setup"])])]


def test_ref_to_a_missing_or_broken_file_names_it(make_project: Callable[..., Path]) -> None:
    project = make_project(v2({"tabs": [{"$ref": "nav/gone.json"}]}), PAGES)
    assert errors_of(project) == ["docs.json: navigation.tabs[0]: $ref 'nav/gone.json': no such file"]
    project = make_project(v2({"tabs": [{"$ref": "nav/tab.json"}]}),
                           {**PAGES, "/nav/tab.json": '{"tab": "A",\n "groups": [}'}, name="broken")
    assert errors_of(project) == ["nav/tab.json:2:13: Expecting value"]


def test_refs_may_not_add_up_to_more_than_the_docs_json_limit(make_project: Callable[..., Path]) -> None:
    # A 3 MB file named twice: each read is within the limit, together they are not.
    big = json.dumps({"group": "Big", "pages": ["intro"], "note": "x" * 3_000_000})
    project = make_project(v2({"groups": [{"$ref": "big.json"}, {"$ref": "big.json"}]}), {**PAGES, "/big.json": big})
    assert errors_of(project) == ["docs.json: navigation.groups[1]: docs.json and its $ref files add up to more "
                                  "than 5.0 MB (the limit for docs.json); not read further"]


# --- the tree: languages, versions, dropdowns, groups ----------------------------------


def test_every_top_level_language_gets_its_own_navigation(make_project: Callable[..., Path]) -> None:
    project = make_project(v2({"languages": [
        {"language": "fr", "groups": [{"group": "Démarrer", "pages": ["fr/intro"]}]},
        {"language": "en", "default": True, "groups": [{"group": "Start", "pages": ["intro"]}]},
    ]}), PAGES)
    loaded = load_config(project)
    assert list(loaded.warnings) == []
    assert loaded.tree is not None and (loaded.tree.language, loaded.tree.languages) == ("en", ("fr", "en"))
    assert [(t.language, t.tree.language) for t in loaded.tree.translations] == [("fr", "fr")]
    assert sidebar(project) == [("primary", [("Start", None, ["intro"])]),
                                ("fr:primary", [("Démarrer", None, ["fr/intro"])])]
    assert "fr/intro/index.html" in build_site(project).files


def test_languages_below_the_top_get_their_own_navigation(make_project: Callable[..., Path]) -> None:
    # Languages inside tabs and versions (Mintlify allows any level order): French exists in
    # v2 only, and v2's "Reference" tab, outside any `languages`, is shared by both.
    project = make_project(v2({"versions": [
        {"version": "v2", "default": True, "tabs": [
            {"tab": "Guides", "languages": [
                {"language": "en", "groups": [{"group": "Start", "pages": ["intro"]}]},
                {"language": "fr", "groups": [{"group": "Démarrer", "pages": ["fr/intro"]}]}]},
            {"tab": "Reference", "groups": [{"group": "API", "pages": ["api/users"]}]}]},
        {"version": "v1", "languages": [
            {"language": "en", "tabs": [{"tab": "Guides", "groups": [{"group": "Old", "pages": ["old/intro"]}]}]}]},
    ]}), PAGES)
    loaded = load_config(project)
    assert list(loaded.warnings) == []
    assert loaded.tree is not None and (loaded.tree.language, loaded.tree.languages) == ("en", ("en", "fr"))
    assert loaded.config.versions == ["v2", "v1"]
    [french] = loaded.tree.translations
    assert (french.language, french.config.versions) == ("fr", ["v2"])
    assert sidebar(project) == [
        ("primary", [("Start", "v2", ["intro"]), ("Old", "v1", ["old/intro"])]),
        ("tab:0", [("API", "v2", ["api/users"])]),
        ("fr:primary", [("Démarrer", None, ["fr/intro"])]),
        ("fr:tab:0", [("API", None, ["api/users"])])]
    navigation = build_navigation(loaded, discover_pages(project), project)
    by_id = {page.id: page for page in discover_pages(project)}
    assert navigation.page_language(by_id["fr/intro"]) == "fr"


def test_a_language_only_inside_another_is_a_warning(make_project: Callable[..., Path]) -> None:
    project = make_project(v2({"languages": [{"language": "en", "groups": [{"group": "Start", "pages": ["intro"]}],
                                              "languages": [{"language": "fr", "pages": ["fr/intro"]}]}]}), PAGES)
    loaded = load_config(project)
    assert list(loaded.warnings) == [
        "docs.json: navigation.languages[0].languages[0]: language 'fr' lists no page (it sits inside another "
        "language, or all it holds is hidden or external); left out of the language menu, its pages are still built"]
    assert loaded.tree is not None and loaded.tree.translations == ()
    assert "fr/intro/index.html" in build_site(project).files


def test_versions_share_identical_groups_and_tag_the_rest(make_project: Callable[..., Path]) -> None:
    start = {"group": "Start", "pages": ["intro"]}
    project = make_project(v2({"versions": [
        {"version": "v1", "groups": [start, {"group": "Old", "pages": ["old/intro"]}]},
        {"version": "v2", "default": True, "groups": [start, {"group": "Setup", "pages": ["setup"]}]},
    ]}), PAGES)
    loaded = load_config(project)
    assert loaded.config.versions == ["v2", "v1"]  # the default version first
    # A group only one version has comes right after its predecessor in that version.
    assert sidebar(project) == [("primary", [("Start", None, ["intro"]), ("Old", "v1", ["old/intro"]),
                                             ("Setup", "v2", ["setup"])])]


def test_dropdowns_become_anchors_and_hidden_groups_stay_out(make_project: Callable[..., Path]) -> None:
    project = make_project(v2({"dropdowns": [
        {"dropdown": "Guides", "icon": "book", "groups": [
            {"group": "Start", "root": "setup", "tag": "NEW", "pages": ["intro"]},
            {"group": "Internal", "hidden": True, "pages": ["secret"]},
        ]},
        {"dropdown": "API", "icon": {"name": "code", "style": "solid"}, "pages": ["api/users", "api/orders"]},
    ]}), PAGES)
    loaded = load_config(project)
    assert loaded.warnings == ()
    assert loaded.config.top_anchor.name == "Guides"
    assert [(a.name, a.icon, a.icon_type, a.url) for a in loaded.config.anchors] == [("API", "code", "solid", "api")]
    navigation = build_navigation(loaded, discover_pages(project), project)
    start = navigation.sections[0].groups[0]
    assert (start.title, start.tag, start.root.page.id if start.root else None) == ("Start", "NEW", "setup")
    assert [(s.key, [g.title for g in s.groups]) for s in navigation.sections] == [
        ("primary", ["Start"]), ("anchor:0", [""])]  # pages outside any group: a group without a title
    site = build_site(project)
    assert "secret/index.html" in site.files  # built, not listed
    assert 'data-page="secret"' not in site.files["intro/index.html"].decode()
    api = site.files["api/users/index.html"].decode()
    assert '<h2 class="nav-group-title"></h2>' not in api and 'data-page="api/orders"' in api


# --- the v2 Plant Store and sitegen migrate --------------------------------------------


def _comparable(html: str) -> str:
    """A page without what v2 cannot say: anchor gradient colours, docs.json `feedback` links."""
    html = re.sub(r'(<span class="anchor-icon") style="background: [^"]*"', r"\1", html)
    html = re.sub(r'<div class="feedback".*?</div>', "", html, flags=re.S)
    return re.sub(r">\s+<", "><", html)


def assert_same_pages(classic: Path, other: Path) -> None:
    one, two = build_site(classic), build_site(other)
    pages = sorted(path for path in one.files if path.endswith(".html"))
    assert pages == sorted(path for path in two.files if path.endswith(".html"))
    assert len(pages) == len(list((classic / "content").rglob("*.mdx"))) + 2  # + the home copy and 404
    for path in pages:
        assert _comparable(one.files[path].decode()) == _comparable(two.files[path].decode()), path
    sidebars = sorted(path for path in one.files if path.startswith("_sitegen/nav/"))
    assert sidebars and sidebars == sorted(path for path in two.files if path.startswith("_sitegen/nav/"))
    assert all(one.files[path] == two.files[path] for path in sidebars)


def test_v2_twin_holds_the_same_files_as_the_classic_plant_store() -> None:
    """The twin copies the root's pages, images and OpenAPI file (a project reads nothing
    outside itself): when one changes, copy it to examples/plant-store-v2/ too."""
    def files(root: Path) -> dict[str, bytes]:
        return {path.relative_to(root).as_posix(): path.read_bytes()
                for folder in ("content", "images") for path in sorted((root / folder).rglob("*")) if path.is_file()}

    ours, twins = files(REPO), files(TWIN)
    assert sorted(ours) == sorted(twins), "copy the root's content/ and images/ to examples/plant-store-v2/"
    assert [name for name in ours if ours[name] != twins[name]] == []
    assert (REPO / "openapi.yaml").read_bytes() == (TWIN / "openapi.yaml").read_bytes()


def test_v2_twin_of_the_plant_store_builds_the_same_pages(example_project: Path, tmp_path: Path) -> None:
    twin = tmp_path / "plant-store-v2"
    shutil.copytree(TWIN, twin, ignore=shutil.ignore_patterns("site", ".sitegen-cache"))
    assert load_config(twin).warnings == ()
    assert_same_pages(example_project, twin)


def test_migrate_writes_v2_that_builds_the_same_pages(example_project: Path, tmp_path: Path) -> None:
    classic = tmp_path / "classic"
    shutil.copytree(example_project, classic)
    result = run_sitegen("migrate", example_project)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (f"error: {example_project / 'docs.json'}: already exists; not overwritten "
                             "(--force replaces it)\n")
    assert (example_project / "docs.json").read_bytes() == (classic / "docs.json").read_bytes()

    result = run_sitegen("migrate", example_project, "--force")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"wrote {example_project / 'docs.json'} (3 settings not carried over, listed above)\n"
    assert result.stderr.splitlines() == [
        "warning: docs.json: anchors[3].color: v2 anchor colours are plain, not gradients; "
        "its first colour #6366F1 is used",
        "warning: docs.json: feedback.suggestEdit: v2 sets feedback in Mintlify's dashboard, not in docs.json; "
        "not carried over",
        "warning: docs.json: feedback.raiseIssue: v2 sets feedback in Mintlify's dashboard, not in docs.json; "
        "not carried over",
    ]
    migrated = json.loads((example_project / "docs.json").read_text(encoding="utf-8"))
    assert (migrated["theme"], [v["version"] for v in migrated["navigation"]["versions"]]) == ("mint", ["1.0", "0.9"])
    assert load_config(example_project).warnings == ()
    assert_same_pages(classic, example_project)

    again = run_sitegen("migrate", example_project, "--out", "v2.json")
    assert (again.returncode, again.stderr) == (
        1, "error: docs.json: already in the v2 shape (`theme` and an object `navigation`); nothing to migrate\n")


def test_migrate_writes_docs_json_beside_a_mint_json(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Old", "navigation": [{"group": "Start", "pages": ["intro"]}],
                            "tabs": [{"name": "API", "url": "api"}],
                            "navigation_extra": True}, PAGES)
    (project / "docs.json").rename(project / "mint.json")
    classic_sidebar = sidebar(project)
    result = run_sitegen("migrate", project)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [
        "warning: mint.json: navigation_extra: unknown key; not carried over",
        "warning: mint.json: colors: not set, and v2 requires colors.primary; the theme's default #16A34A is written",
    ]
    assert load_config(project).file.name == "docs.json"
    assert sidebar(project) == classic_sidebar


def test_migrate_of_a_config_without_tabs_reads_back_without_warnings(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Plain", "colors": {"primary": "#0D9373"},
                            "navigation": [{"group": "Start", "pages": ["intro"]}]}, PAGES)
    classic_sidebar = sidebar(project)
    result = run_sitegen("migrate", project, "--force")
    assert result.returncode == 0, result.stderr
    written = json.loads((project / "docs.json").read_text())
    assert written["navigation"] == {"groups": [{"group": "Start", "pages": ["intro"]}]}  # no stray "tab"
    assert load_config(project).warnings == ()
    assert sidebar(project) == classic_sidebar


def test_editing_a_ref_file_rebuilds_the_navigation_in_serve(tmp_path: Path) -> None:
    from sitegen.serve.reuse import DevBuilder

    twin = tmp_path / "plant-store-v2"
    shutil.copytree(TWIN, twin, ignore=shutil.ignore_patterns("site", ".sitegen-cache"))
    builder = DevBuilder(twin)
    before = builder.build().files["quickstart/index.html"].decode()
    assert ">Get started<" in before
    part = twin / "navigation" / "documentation.json"
    part.write_text(part.read_text(encoding="utf-8").replace('"Get started"', '"First steps"'), encoding="utf-8")
    after = builder.rebuild([part]).files["quickstart/index.html"].decode()
    assert ">First steps<" in after and ">Get started<" not in after


def test_v2_thumbnails_and_site_url_work_as_in_the_classic_schema(make_project: Callable[..., Path]) -> None:
    from PIL import Image

    config = {**BASE, "navigation": {"groups": [{"group": "Start", "pages": ["intro"]}]},
              "siteUrl": "https://docs.example.com/",
              "colors": {"primary": "#0D9373"}, "background": {"color": {"dark": "#101014"}},
              "thumbnails": {"appearance": "dark"}}  # `background`: tests/test_v2_settings.py
    project = make_project(config, PAGES)
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # no "unknown key" for siteUrl
    html = (project / "site/intro/index.html").read_text(encoding="utf-8")
    assert '<link rel="canonical" href="https://docs.example.com/">' in html  # the home page
    card = re.search(r'<meta property="og:image" content="https://docs.example.com/([^"]+)">', html)
    assert card is not None
    with Image.open(project / "site" / card.group(1)) as image:
        assert image.convert("RGB").getpixel((5, 5)) == (0x10, 0x10, 0x14)  # a dark card
    # `false` turns cards off; anything else is an error naming the key.
    project = make_project({**config, "thumbnails": False}, PAGES, name="off")
    assert run_sitegen("build", project).returncode == 0
    assert "og:image" not in (project / "site/intro/index.html").read_text(encoding="utf-8")
    project = make_project({**config, "thumbnails": "dark"}, PAGES, name="bad")
    result = run_sitegen("build", project)
    assert (result.returncode, result.stderr) == (
        1, "error: docs.json: thumbnails: 'dark' is not true, false or an object {appearance}\n")


def test_migrate_carries_site_url_and_thumbnails_over(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Old", "colors": {"primary": "#0D9373"},
                            "navigation": [{"group": "Start", "pages": ["intro"]}],
                            "siteUrl": "https://docs.example.com/old/",
                            "thumbnails": {"appearance": "dark", "background": "images/card.png"}}, PAGES)
    classic = load_config(project).config
    result = run_sitegen("migrate", project, "--out", "v2/docs.json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    migrated = json.loads((project / "v2/docs.json").read_text(encoding="utf-8"))
    assert migrated["siteUrl"] == "https://docs.example.com/old/"
    assert migrated["thumbnails"] == {"appearance": "dark", "background": "images/card.png"}
    (project / "docs.json").write_text(json.dumps(migrated), encoding="utf-8")
    read_back = load_config(project)
    assert not [w for w in read_back.warnings if "siteUrl" in w or "thumbnails" in w]
    assert (read_back.config.site_url, read_back.config.thumbnails) == (classic.site_url, classic.thumbnails)
    off = make_project({"name": "Off", "colors": {"primary": "#0D9373"},
                        "navigation": [{"group": "Start", "pages": ["intro"]}], "thumbnails": False},
                       PAGES, name="off")
    assert run_sitegen("migrate", off, "--out", "v2.json").returncode == 0
    assert json.loads((off / "v2.json").read_text(encoding="utf-8"))["thumbnails"] is False
