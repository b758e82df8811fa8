"""docs.json v2 settings of the page chrome, as a built page shows them: `theme`, every
`footer.socials` platform, `banner.type`/`banner.color`, dark `favicon` and
`background.image`, and the `integrations` providers (each loads its own script, nothing else)."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from sitegen.analytics import ANALYTICS_KEYS
from sitegen.icons import find_icon
from sitegen.pipeline import build_site
from sitegen.pipeline.output import BuiltSite

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
PAGES = {
    "/index.mdx": "---\ntitle: Orchard\n---\n\n## Planting\n\nText.\n",
    "/picking.mdx": "---\ntitle: Picking\n---\n\n## Baskets\n\nText.\n",
    "/favicon.png": PNG, "/favicon-dark.png": PNG, "/paper.png": PNG, "/night.png": PNG,
}


def build(make_project: Any, **settings: Any) -> BuiltSite:
    config = {"theme": "mint", "name": "Orchard", "colors": {"primary": "#2F6B3A"},
              "navigation": {"groups": [{"group": "Start", "pages": ["index", "picking"]}]}, **settings}
    return build_site(make_project(config, PAGES))


def page(site: BuiltSite, path: str = "picking/index.html") -> str:
    return site.files[path].decode()


def head(site: BuiltSite, path: str = "picking/index.html") -> str:
    return page(site, path).split("</head>", 1)[0]


# --- theme ------------------------------------------------------------------------------


@pytest.mark.parametrize("theme", ["luma", "aspen", "sequoia"])
def test_every_mintlify_theme_is_drawn_by_name(make_project: Any, theme: str) -> None:
    site = build(make_project, theme=theme)
    assert site.warnings == []
    assert f'data-site-theme="{theme}"' in page(site).split(">", 2)[1]
    assert "_sitegen/themes.css" in head(site)


def test_an_unknown_theme_is_mint_with_a_warning(make_project: Any) -> None:
    site = build(make_project, theme="oak")
    assert site.warnings == ["docs.json: theme: 'oak' is not one of 'mint', 'maple', 'palm', 'willow', 'linden', "
                             "'almond', 'aspen', 'sequoia' or 'luma'; using 'mint'"]
    assert 'data-site-theme="mint"' in page(site)


# --- footer.socials -----------------------------------------------------------------------


def test_every_mintlify_social_platform_has_its_icon(make_project: Any) -> None:
    platforms = {
        "youtube": ("youtube", "brands", "YouTube"), "medium": ("medium", "brands", "Medium"),
        "telegram": ("telegram", "brands", "Telegram"), "bluesky": ("bluesky", "brands", "Bluesky"),
        "threads": ("threads", "brands", "Threads"), "reddit": ("reddit", "brands", "Reddit"),
        "podcast": ("podcast", "solid", "Podcast"), "x-twitter": ("x-twitter", "brands", "X"),
        "earth-americas": ("earth-americas", "solid", "Website"),
    }
    site = build(make_project, footer={"socials": {name: f"https://{name}.example/orchard" for name in platforms}})
    assert site.warnings == []
    footer = page(site).split('<ul class="footer-socials">', 1)[1].split("</ul>", 1)[0]
    links = re.findall(r'<a href="([^"]+)" aria-label="([^"]+)"[^>]*>(<svg.*?</svg>)</a>', footer, re.S)
    assert [(href, label) for href, label, _ in links] == [
        (f"https://{name}.example/orchard", label) for name, (_, _, label) in platforms.items()]
    for (_, _, svg), (icon, style, _) in zip(links, platforms.values(), strict=True):
        found = find_icon(icon, style)
        assert found is not None and svg == str(found.svg)


# --- banner ---------------------------------------------------------------------------------


def banner_tag(site: BuiltSite) -> str:
    match = re.search(r'<div class="site-banner[^>]*>', page(site))
    assert match
    return match.group(0)


def test_banner_type_picks_its_background(make_project: Any) -> None:
    tag = banner_tag(build(make_project, banner={"content": "Vault **closed** today", "type": "critical"}))
    assert 'class="site-banner site-banner-critical"' in tag
    assert "style=" not in tag
    tag = banner_tag(build(make_project, banner={"content": "New release"}))
    assert 'class="site-banner site-banner-info"' in tag


def test_banner_color_wins_with_readable_text_per_mode(make_project: Any) -> None:
    tag = banner_tag(build(make_project, banner={"content": "Harvest", "type": "warning",
                                                 "color": {"light": "#FDE68A", "dark": "#1E3A8A"}}))
    assert ('style="--banner-bg: #FDE68A; --on-banner: #0B0B0B; '
            '--banner-bg-dark: #1E3A8A; --on-banner-dark: #FFFFFF"') in tag
    one = banner_tag(build(make_project, banner={"content": "Harvest", "color": "#2F6B3A"}))
    assert 'style="--banner-bg: #2F6B3A; --on-banner: #FFFFFF; --banner-bg-dark: #2F6B3A; ' in one


def test_a_wrong_banner_type_is_info_with_a_warning(make_project: Any) -> None:
    site = build(make_project, banner={"content": "Hi", "type": "urgent"})
    assert site.warnings == ["docs.json: banner.type: 'urgent' is not one of 'info', 'warning' or 'critical'; "
                             "using 'info'"]
    assert "site-banner-info" in banner_tag(site)


# --- dark favicon and background image ---------------------------------------------------


def test_the_dark_favicon_is_the_dark_schemes_icon(make_project: Any) -> None:
    site = build(make_project, favicon={"light": "/favicon.png", "dark": "/favicon-dark.png"})
    assert site.warnings == []
    icons = re.findall(r"<link rel=\"icon\"[^>]*>", head(site))
    assert icons == ['<link rel="icon" href="../favicon.png" type="image/png" media="(prefers-color-scheme: light)">',
                     '<link rel="icon" href="../favicon-dark.png" media="(prefers-color-scheme: dark)">']
    assert site.copies["favicon-dark.png"].read_bytes() == PNG
    same = build(make_project, favicon={"light": "/favicon.png", "dark": "/favicon.png"})
    assert re.findall(r"<link rel=\"icon\"[^>]*>", head(same)) == [
        '<link rel="icon" href="../favicon.png" type="image/png">']


def test_the_dark_background_image_shows_in_dark_mode(make_project: Any) -> None:
    site = build(make_project, background={"image": {"light": "/paper.png", "dark": "/night.png"}})
    assert site.warnings == []
    layers = re.findall(r'<div class="(background-image[^"]*)" aria-hidden="true" style="([^"]*)"></div>', page(site))
    assert [(kind, unescape(style)) for kind, style in layers] == [
        ("background-image background-image-light", "background-image: url('../paper.png')"),
        ("background-image background-image-dark", "background-image: url('../night.png')"),
    ]
    assert site.copies["night.png"].read_bytes() == PNG


def test_a_missing_dark_file_is_an_error_naming_it(make_project: Any) -> None:
    from sitegen.errors import ConfigError

    with pytest.raises(ConfigError, match=r"docs\.json: favicon\.dark: "):
        build(make_project, favicon={"light": "/favicon.png", "dark": "/gone.png"})


# --- integrations -------------------------------------------------------------------------

PROVIDERS: dict[str, tuple[dict[str, Any], list[str]]] = {
    # provider: (its settings, what its loader must say in <head>)
    "posthog": ({"apiKey": "phc_OrchardKey0123456789", "apiHost": "https://eu.i.posthog.com", "sessionRecording": True},
                ['s.src = "https://eu-assets.i.posthog.com/static/array.js"',
                 'posthog.init("phc_OrchardKey0123456789", {api_host: "https://eu.i.posthog.com", '
                 "disable_session_recording: false});"]),
    "segment": ({"key": "OrchardWriteKey42"},
                ['analytics._writeKey = "OrchardWriteKey42"; analytics.push(["page"]);',
                 's.src = "https://cdn.segment.com/analytics.js/v1/OrchardWriteKey42/analytics.min.js"']),
    "mixpanel": ({"projectToken": "0123456789abcdef0123456789abcdef"},
                 ['mixpanel._i.push(["0123456789abcdef0123456789abcdef", {track_pageview: true}, "mixpanel"]);',
                  's.src = "https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js"']),
    "amplitude": ({"apiKey": "fedcba9876543210fedcba9876543210"},
                  ['s.src = "https://cdn.amplitude.com/script/fedcba9876543210fedcba9876543210.js"',
                   'amplitude.init("fedcba9876543210fedcba9876543210");']),
    "hotjar": ({"hjid": 3141592, "hjsv": "6"},
               ["window._hjSettings = {hjid: 3141592, hjsv: 6};",
                's.src = "https://static.hotjar.com/c/hotjar-3141592.js?sv=6"']),
    "clarity": ({"projectId": "orch4rd9"}, ['s.src = "https://www.clarity.ms/tag/orch4rd9"']),
    "heap": ({"appId": "123456789"},
             ['heap.appid = "123456789";', 's.src = "https://cdn.heapanalytics.com/js/heap-123456789.js"']),
    "pirsch": ({"id": "OrchardPirsch01"},
               ['<script defer src="https://api.pirsch.io/pa.js" id="pianjs" data-code="OrchardPirsch01"></script>']),
    "logrocket": ({"appId": "orchard/docs"},
                  ['s.src = "https://cdn.lr-ingest.com/LogRocket.min.js"', 'LogRocket.init("orchard/docs");']),
    "clearbit": ({"publicApiKey": "pk_0123456789abcdefABCDEF"},
                 ['s.src = "https://tag.clearbitscripts.com/v1/pk_0123456789abcdefABCDEF/tags.js"']),
    "adobe": ({"launchUrl": "https://assets.adobedtm.com/abc123/def456/launch-789.min.js"},
              ['<script async src="https://assets.adobedtm.com/abc123/def456/launch-789.min.js"></script>']),
    "intercom": ({"appId": "orch4rd1"},
                 ['window.intercomSettings = {app_id: "orch4rd1"};', 's.src = "https://widget.intercom.io/widget/orch4rd1"']),
    "frontchat": ({"snippetId": "a1b2c3d4e5"},
                  ['s.src = "https://chat-assets.frontapp.com/v1/chat.bundle.js"',
                   'FrontChat("init", {chatId: "a1b2c3d4e5", useDefaultLauncher: true});']),
}
# A host each provider's loader names, to check that no other provider's script is loaded.
HOSTS = {"ga4": "googletagmanager.com/gtag", "gtm": "googletagmanager.com/gtm", "plausible": "plausible.io",
         "fathom": "usefathom.com", "posthog": "posthog.com", "segment": "segment.com", "mixpanel": "mxpnl.com",
         "amplitude": "amplitude.com", "hotjar": "hotjar.com", "clarity": "clarity.ms", "heap": "heapanalytics.com",
         "pirsch": "pirsch.io", "logrocket": "lr-ingest.com", "clearbit": "clearbitscripts.com",
         "adobe": "adobedtm.com", "intercom": "intercom.io", "frontchat": "frontapp.com"}


def test_every_mintlify_integration_has_a_loader() -> None:
    assert set(PROVIDERS) | {"ga4", "gtm", "plausible", "fathom"} == set(ANALYTICS_KEYS) == set(HOSTS)


@pytest.mark.parametrize("provider", sorted(PROVIDERS))
def test_each_provider_loads_its_own_script_only(make_project: Any, provider: str) -> None:
    settings, expected = PROVIDERS[provider]
    site = build(make_project, integrations={provider: settings})
    assert site.warnings == []
    for path in ("picking/index.html", "404.html"):
        tags = head(site, path)
        for text in expected:
            assert text in tags, (path, text)
        assert [name for name, host in HOSTS.items() if host in tags] == [provider]


def test_a_wrong_id_or_option_is_a_warning_and_loads_nothing_of_it(make_project: Any) -> None:
    site = build(make_project, integrations={
        "posthog": {"apiKey": "phc_short"},
        "mixpanel": {"projectToken": '"><script>alert(1)</script>'},
        "hotjar": {"hjid": "3141592", "hjsv": "six"},
        "adobe": {"launchUrl": "https://evil.example/launch.js"},
        "segment": {},
    })
    assert site.warnings == [
        'docs.json: integrations.posthog.apiKey: "phc_short" is not a project API key such as phc_…; '
        "posthog not added",
        'docs.json: integrations.mixpanel.projectToken: "\\"><script>alert(1)</script>" is not a project token '
        "(32 hex digits); mixpanel not added",
        'docs.json: integrations.hotjar.hjsv: "six" is not a script version such as 6; using 6',
        'docs.json: integrations.adobe.launchUrl: "https://evil.example/launch.js" is not an Adobe Launch URL on '
        "https://assets.adobedtm.com/; adobe not added",
        "docs.json: integrations.segment.key: missing is not a write key (letters and digits); segment not added",
    ]
    tags = head(site)
    assert [name for name, host in HOSTS.items() if host in tags] == ["hotjar"]
    assert "alert(1)" not in tags and "evil.example" not in tags


def test_mintlify_own_integration_settings_are_one_warning_each(make_project: Any) -> None:
    site = build(make_project, integrations={"telemetry": {"enabled": False}, "cookies": {"key": "ok", "value": "1"},
                                             "drift": {"id": "x"}})
    assert site.warnings == [
        "docs.json: integrations.telemetry: Mintlify's own telemetry; a sitegen site sends none; ignored",
        "docs.json: integrations.cookies: Mintlify's consent cookie; analytics here load on every page without "
        "waiting for it; ignored",
        "docs.json: integrations.drift: not one of Mintlify's integrations (adobe, amplitude, clarity, clearbit, "
        "fathom, frontchat, ga4, gtm, heap, hotjar, intercom, logrocket, mixpanel, pirsch, plausible, posthog, "
        "segment); not added",
    ]


def test_twitter_beside_x_is_a_link_of_its_own(make_project: Any) -> None:
    site = build(make_project, footer={"socials": {"x": "https://x.com/orchard", "twitter": "https://twitter.com/orchard"}})
    assert site.warnings == []
    footer = page(site).split('<ul class="footer-socials">', 1)[1].split("</ul>", 1)[0]
    assert re.findall(r'<a href="([^"]+)" aria-label="([^"]+)"', footer) == [
        ("https://x.com/orchard", "X"), ("https://twitter.com/orchard", "X")]
    alone = build(make_project, footer={"socials": {"twitter": "https://twitter.com/orchard"}})
    assert re.findall(r'<a href="([^"]+)" aria-label="([^"]+)"', page(alone)) == [("https://twitter.com/orchard", "X")]


def test_a_classic_config_loads_its_analytics_too(make_project: Any) -> None:
    """mint.json's `analytics` holds the same providers as v2 `integrations`."""
    project = make_project({"name": "Orchard", "navigation": [{"group": "Start", "pages": ["intro"]}],
                            "analytics": {"ga4": {"measurementId": "G-ORCHARD42"},
                                          "posthog": {"apiKey": "phc_OrchardKey0123456789"},
                                          "heap": {"appId": "not-digits"}}},
                           {"intro.md": "---\ntitle: Intro\n---\n\nHi.\n"})
    site = build_site(project)
    assert site.warnings == ['docs.json: analytics.heap.appId: "not-digits" is not an app ID (digits); heap not added']
    tags = head(site, "intro/index.html")
    assert '<script async src="https://www.googletagmanager.com/gtag/js?id=G-ORCHARD42"></script>' in tags
    assert 'posthog.init("phc_OrchardKey0123456789"' in tags
    assert [name for name, host in HOSTS.items() if host in tags] == ["ga4", "posthog"]
