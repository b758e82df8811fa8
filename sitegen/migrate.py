"""`sitegen migrate`: a classic mint.json/docs.json rewritten in Mintlify's v2 docs.json shape.

The classic navigation is a list of groups that tabs and anchors claim by URL prefix, and
versions filter; v2 nests them instead. So each group is put where the classic rules put it
(`nav.division`): under its version (a group without one goes into every version), its tab
(the first tab is the classic primary tab, named like the top anchor) and its anchor (the
top anchor holds the primary tab's groups outside every anchor). Reading the result back
(`config.v2.to_classic`) gives the same sections, versions and pages.

What v2 has no place for is listed, one line each, and left out.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen.config import Anchor, Gradient, LoadedConfig, NavGroup, SiteConfig, load_config
from sitegen.errors import ConfigError
from sitegen.nav import division, normalize_page_ref, url_prefix

SCHEMA_URL = "https://mintlify.com/docs.json"
_PLAYGROUND = {"show": "interactive", "simple": "simple", "hide": "none"}
# Records a setting not carried over: (JSON path, what happened). None: already recorded
# (each version's tree is built from the same settings, the first reports for all).
Lose = Callable[[str, str], None]


@dataclass(frozen=True)
class Migration:
    docs_json: dict[str, Any]  # the v2 docs.json
    left_out: tuple[str, ...]  # "mint.json: json.path: what was not carried over"


def migrate(loaded: LoadedConfig) -> Migration:
    """The v2 docs.json for a classic config, and what it could not carry over."""
    config = loaded.config
    name = loaded.file_name
    left_out: list[str] = [f"{message}; not carried over" for message in _unknown(loaded)]

    def lose(where: str, what: str) -> None:
        left_out.append(f"{name}: {where}: {what}")

    out: dict[str, Any] = {"$schema": SCHEMA_URL, "theme": "mint", "name": config.name}
    out |= _colors(config, lose)
    if config.logo is not None:
        out["logo"] = config.logo if isinstance(config.logo, str) else config.logo.model_dump(exclude_defaults=True)
    if config.favicon is not None:
        out["favicon"] = config.favicon
    if config.background_image is not None:
        out.setdefault("background", {})["image"] = config.background_image
    toggle = config.mode_toggle
    if toggle.default is not None or toggle.is_hidden:
        out["appearance"] = ({"default": toggle.default} if toggle.default else {}) | (
            {"strict": True} if toggle.is_hidden else {})
    out["navigation"] = _navigation(config, lose)
    navbar = _navbar(config)
    if navbar:
        out["navbar"] = navbar
    footer = _footer(config)
    if footer:
        out["footer"] = footer
    api = _api(config, lose)
    if api:
        out["api"] = api
    if config.redirects:
        out["redirects"] = [r.model_dump(by_alias=True, exclude_defaults=True) for r in config.redirects]
    out |= _sitegen_extensions(config)
    feedback = config.feedback
    for key, value in (("suggestEdit", feedback.suggest_edit), ("raiseIssue", feedback.raise_issue),
                       ("thumbsRating", feedback.thumbs_rating)):
        if value:
            lose(f"feedback.{key}", "v2 sets feedback in Mintlify's dashboard, not in docs.json; not carried over")
    return Migration(out, tuple(left_out))


def _colors(config: SiteConfig, lose: Lose) -> dict[str, Any]:
    """v2 `colors` (and `background.color`) from the classic colours."""
    if config.colors is None:  # v2 requires colors.primary; this is the theme's default green
        lose("colors", "not set, and v2 requires colors.primary; the theme's default #16A34A is written")
        return {"colors": {"primary": "#16A34A"}}
    colors = config.colors
    out: dict[str, Any] = {
        "colors": {"primary": colors.primary} | {k: v for k in ("light", "dark") if (v := getattr(colors, k))}}
    if colors.background is not None:
        out["background"] = {"color": {"light": colors.background.light, "dark": colors.background.dark}}
    if colors.anchors is not None:
        lose("colors.anchors", "v2 has no default anchor colour (each anchor keeps its own); not carried over")
    return out


def _navbar(config: SiteConfig) -> dict[str, Any]:
    """v2 `navbar` from the top bar's links and call-to-action button ({} without either)."""
    navbar: dict[str, Any] = {}
    if config.topbar_links:
        navbar["links"] = [{"label": link.name, "href": link.url} for link in config.topbar_links]
    button = config.topbar_cta_button
    if button is not None:
        navbar["primary"] = {"type": "github", "href": button.url} if button.type == "github" else {
            "type": "button", "label": button.name, "href": button.url}
    return navbar


def _sitegen_extensions(config: SiteConfig) -> dict[str, Any]:
    """sitegen's extensions keep their classic names in v2: `thumbnails` is Mintlify's v2 key too."""
    out: dict[str, Any] = {}
    if config.site_url is not None:
        out["siteUrl"] = config.site_url
    if config.thumbnails is False:
        out["thumbnails"] = False
    elif not isinstance(config.thumbnails, bool):
        out["thumbnails"] = config.thumbnails.model_dump(exclude_none=True)
    return out


def _unknown(loaded: LoadedConfig) -> list[str]:
    return [warning for warning in loaded.warnings if warning.endswith(": unknown key")]


def _api(config: SiteConfig, lose: Lose) -> dict[str, Any]:
    out: dict[str, Any] = {}
    sources = config.openapi_sources
    if sources:
        out["openapi"] = sources[0] if len(sources) == 1 else sources
    api = config.api
    if api is None:
        return out
    if api.playground.mode != "show":
        out["playground"] = {"display": _PLAYGROUND[api.playground.mode]}
    mdx: dict[str, Any] = {}
    if api.base_url is not None:
        mdx["server"] = api.base_url
    if api.auth is not None:
        auth = {k: v for k, v in (("method", api.auth.method), ("name", api.auth.name)) if v is not None}
        if auth:
            mdx["auth"] = auth
        if api.auth.input_prefix:
            lose("api.auth.inputPrefix", "v2 has no input prefix; not carried over")
    if mdx:
        out["mdx"] = mdx
    if api.maintain_order:
        lose("api.maintainOrder", "v2 has no such setting (list the pages in the order wanted); not carried over")
    return out


def _navigation(config: SiteConfig, lose: Lose) -> dict[str, Any]:
    divisions = [_group_division(group, config) for group in config.navigation]
    content_anchors = {anchor for _, anchor in divisions if anchor is not None}
    external = [(index, anchor) for index, anchor in enumerate(config.anchors) if url_prefix(anchor.url) is None]
    versions: Sequence[str | None] = config.version_names or [None]
    trees = [_version_tree(config, divisions, content_anchors, version, lose if index == 0 else None)
             for index, version in enumerate(versions)]
    # A version on another site (`{name, url}`) is a v2 version with only an `href`.
    elsewhere = [{"version": name, "href": url} for name, url in config.versions_elsewhere.items()]
    navigation: dict[str, Any] = (
        {"versions": [{"version": version} | tree for version, tree in zip(versions, trees, strict=True)] + elsewhere}
        if config.version_names else trees[0]
    )
    if elsewhere and not config.version_names:
        lose("versions", "only versions on other sites: v2 versions hold this site's pages; not carried over")
    if external:
        navigation["global"] = {"anchors": [_anchor(anchor, index, lose) | {"href": anchor.url}
                                            for index, anchor in external]}
    for index, anchor in enumerate(config.anchors):
        if url_prefix(anchor.url) is not None and index not in content_anchors:
            lose(f"anchors[{index}]", f"anchor '{anchor.name}' holds no navigation group, and a v2 anchor is "
                 "its groups; not carried over")
    return navigation


def _group_division(group: NavGroup, config: SiteConfig) -> tuple[int | None, int | None]:
    first = next(_pages(group), None)
    return division(normalize_page_ref(first), config) if first is not None else (None, None)


def _pages(group: NavGroup) -> Iterator[str]:
    for entry in group.pages:
        if isinstance(entry, NavGroup):
            yield from _pages(entry)
        else:
            yield entry


def _version_tree(config: SiteConfig, divisions: list[tuple[int | None, int | None]], content_anchors: set[int],
                  version: str | None, lose: Lose | None) -> dict[str, Any]:
    """The navigation of one version: tabs, in them anchors, in them groups."""
    tabs: list[tuple[str, int | None]] = [(config.primary_tab_name, None)]
    tabs += [(tab.name, index) for index, tab in enumerate(config.tabs)]
    shown: list[dict[str, Any]] = []
    for tab_name, tab_index in tabs:
        groups = [(anchor, group) for group, (tab, anchor) in zip(config.navigation, divisions, strict=True)
                  if tab == tab_index and group.version in (None, version)]
        if not groups:
            continue
        body: dict[str, Any]
        if content_anchors and tab_index is None:
            anchors = [(None, config.top_anchor.name)] + [
                (index, anchor.name) for index, anchor in enumerate(config.anchors) if index in content_anchors]
            body = {"anchors": []}
            for anchor_index, anchor_name in anchors:
                if anchor_index is not None and config.anchors[anchor_index].version not in (None, version):
                    continue
                mine = [_group(group, version) for anchor, group in groups if anchor == anchor_index]
                if not mine:
                    continue
                entry = ({"anchor": anchor_name} | _top_icon(config) if anchor_index is None
                         else _anchor(config.anchors[anchor_index], anchor_index, lose))
                body["anchors"].append(entry | {"groups": mine})
        else:
            body = {"groups": [_group(group, version) for _, group in groups]}
            if content_anchors and any(anchor is not None for anchor, _ in groups) and lose is not None:
                lose(f"tabs[{tab_index}]", "its groups under anchors are listed without their anchor "
                     "(only the first tab carries anchors)")
        shown.append({"tab": tab_name} | body)
    if not config.tabs:  # one section: its groups (or anchors) are the navigation, with no tab around them
        return {key: value for key, value in shown[0].items() if key != "tab"} if shown else {"groups": []}
    return {"tabs": shown}


def _footer(config: SiteConfig) -> dict[str, Any]:
    """The footer's social links and (mint.json `footer.links`) columns, in v2's words."""
    footer: dict[str, Any] = {}
    if config.footer_socials:
        footer["socials"] = dict(config.footer_socials)
    columns = [({"header": column.title} if column.title else {})
               | {"items": [{"label": link.label, "href": link.url} for link in column.links]}
               for column in config.footer.links if column.links]
    if columns:
        footer["links"] = columns
    return footer


def _top_icon(config: SiteConfig) -> dict[str, Any]:
    top = config.top_anchor
    return {"icon": top.icon if top.icon_type == "duotone" else {"name": top.icon, "style": top.icon_type}}


def _anchor(anchor: Anchor, index: int, lose: Lose | None) -> dict[str, Any]:
    out: dict[str, Any] = {"anchor": anchor.name}
    if anchor.icon:
        out["icon"] = anchor.icon if anchor.icon_type == "duotone" else {"name": anchor.icon, "style": anchor.icon_type}
    color = anchor.color
    if isinstance(color, Gradient):
        if lose is not None:
            lose(f"anchors[{index}].color",
                 f"v2 anchor colours are plain, not gradients; its first colour {color.from_} is used")
        color = color.from_
    if color is not None:
        out["color"] = {"light": color, "dark": color}
    if anchor.is_default_hidden:
        out["hidden"] = True
    return out


def _group(group: NavGroup, version: str | None, nested: bool = False) -> dict[str, Any]:
    pages: list[Any] = [entry if isinstance(entry, str) else _group(entry, version, nested=True)
                        for entry in group.pages
                        if isinstance(entry, str) or entry.version in (None, version)]
    out: dict[str, Any] = {"group": group.group}
    if nested:  # classic nested groups are always open; v2 ones only when expanded
        out["expanded"] = True
    if group.icon:
        plain = group.icon_type in (None, "duotone")
        out["icon"] = group.icon if plain else {"name": group.icon, "style": group.icon_type}
    return out | {"pages": pages}


def write_migration(project_dir: Path, out: Path, force: bool) -> tuple[Path, Migration]:
    """Read the project's classic config and write the v2 one to `out` (relative to the project)."""
    loaded = load_config(project_dir)
    if loaded.tree is not None:
        raise ConfigError(f"{loaded.file_name}: already in the v2 shape (`theme` and an object `navigation`); "
                          "nothing to migrate")
    target = out if out.is_absolute() else project_dir / out
    if target.exists() and not force:
        raise ConfigError(f"{target}: already exists; not overwritten (--force replaces it)")
    migration = migrate(loaded)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(migration.docs_json, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return target, migration
