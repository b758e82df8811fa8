"""v2 settings the classic model has no place for (`variables`, `errors.404`, `api.examples`,
`seo`, `styling`, `theme`…): `V2Settings`, read by the later stages from `LoadedConfig.v2`."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

from sitegen.config.v2.model import Group, Level, SiteConfigV2, source_names
from sitegen.config.validation import quoted


@dataclass(frozen=True)
class NotFoundPage:
    """`errors.404`: the 404 page's heading and text (Markdown), or a redirect home."""

    redirect: bool = False
    title: str | None = None
    description: str | None = None


@dataclass(frozen=True)
class V2Settings:
    """v2 settings the later stages read that the classic model has no place for."""

    variables: tuple[tuple[str, str], ...] = ()  # `{{name}}` -> value (nested objects as dotted names)
    not_found: NotFoundPage = NotFoundPage()
    example_languages: tuple[str, ...] | None = None  # `api.examples.languages` as written
    example_defaults: Literal["required", "all"] = "required"
    params_expanded: str | bool = "closed"
    # Where `asyncapi: CHANNEL` front matter looks: `api.asyncapi`, else the navigation's documents.
    asyncapi_sources: tuple[str, ...] = ()
    metatags: tuple[tuple[str, str], ...] = ()  # `seo.metatags`: (name, content) on every page
    # `seo.indexing`: "navigable" asks robots not to index pages outside the navigation (and
    # hidden ones) and leaves them out of the sitemap; "all" lists hidden pages too; None:
    # sitegen's default (every page but hidden and `noindex` ones).
    indexing: Literal["navigable", "all"] | None = None
    search_prompt: str | None = None  # `search.prompt`: the search box's placeholder
    eyebrows: Literal["section", "breadcrumbs"] = "section"  # `styling.eyebrows`: above the page title
    dark_code: bool = False  # `styling.codeblocks: "dark"`: code blocks dark in both modes
    timestamp: bool = False  # `metadata.timestamp`: "Last modified" on every page
    # Top-level `description`: the meta description of pages without their own, and llms.txt's summary.
    description: str | None = None
    theme: str = "mint"  # `theme`: one of THEMES (themes/default/assets/themes.css draws each)
    # `interaction.drilldown: true`: opening a nested sidebar group also opens its first page.
    drilldown: bool = False


def v2_settings(config: SiteConfigV2, notes: list[str]) -> V2Settings:
    """The settings of `config` that the classic model has no place for; a note per value left out."""
    variables: list[tuple[str, str]] = []

    def collect(value: Any, name: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                collect(item, f"{name}.{key}" if name else str(key))
        elif isinstance(value, bool):
            variables.append((name, "true" if value else "false"))
        elif isinstance(value, (str, int, float)):
            variables.append((name, str(value)))
        else:
            notes.append(f"variables.{name}: {quoted(value)} is not a string; left out (`{{{{{name}}}}}` "
                         "stays as written)")

    collect(config.variables, "")
    page = config.errors.not_found
    # Mintlify redirects a missing page home unless told not to; a static host's 404 page
    # that silently redirects hides broken links, so only an explicit `true` does here.
    redirect = page is not None and "redirect" in page.model_fields_set and page.redirect
    not_found = NotFoundPage(redirect, page.title, page.description) if page is not None else NotFoundPage()
    examples = config.api.examples
    asyncapi = source_names(config.api.asyncapi) or list(dict.fromkeys(_level_asyncapi(config.navigation)))
    codeblocks = config.styling.codeblocks
    if not isinstance(codeblocks, str):
        notes.append(f"styling.codeblocks: {quoted(codeblocks, 60)} is a Shiki theme, which this theme has not "
                     "(code is coloured by Pygments); using 'system'")
    return V2Settings(tuple(variables), not_found,
                      tuple(examples.languages) if examples.languages is not None else None,
                      examples.defaults, config.api.params.expanded, tuple(asyncapi),
                      metatags=_metatags(config.seo.metatags, notes), indexing=config.seo.indexing,
                      search_prompt=(config.search.prompt or "").strip() or None, eyebrows=config.styling.eyebrows,
                      dark_code=codeblocks == "dark", timestamp=config.metadata.timestamp,
                      description=" ".join((config.description or "").split()) or None, theme=config.theme,
                      drilldown=config.interaction.drilldown is True)


# Tags every page already has (charset, viewport, the title's): `seo.metatags` cannot replace them.
_OWN_TAGS = frozenset({"charset", "viewport", "title"})


def _metatags(metatags: dict[str, Any], notes: list[str]) -> tuple[tuple[str, str], ...]:
    tags: list[tuple[str, str]] = []
    for name, content in metatags.items():
        where = f"seo.metatags.{name}"
        if name.strip().lower() == "canonical":
            continue  # the site's URL, not a meta tag (`canonical_base`)
        if name.strip().lower() in _OWN_TAGS or not name.strip():
            notes.append(f"{where}: every page sets this itself; left out")
        elif isinstance(content, bool) or not isinstance(content, (str, int, float)):
            notes.append(f"{where}: {quoted(content)} is not a string; left out")
        else:
            tags.append((name.strip(), str(content)))
    return tuple(tags)


def canonical_base(metatags: dict[str, Any], notes: list[str]) -> str | None:
    """`seo.metatags.canonical`: the URL the site is published at (Mintlify appends each page's
    path to it), used as `siteUrl` when that is not set; anything but a plain http(s) URL is a warning."""
    name = next((key for key in metatags if key.strip().lower() == "canonical"), None)
    if name is None:
        return None
    value = metatags[name]
    text = value.strip() if isinstance(value, str) else ""
    parts = urlsplit(text)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
            or "?" in text or "#" in text or "@" in parts.netloc or any(ch.isspace() for ch in text):
        notes.append(f"seo.metatags.{name}: {quoted(value, 60)} is not an http(s) URL; pages get no canonical link "
                     "from it")
        return None
    return text


def _level_asyncapi(level: Level | Group) -> Iterator[str]:
    """The AsyncAPI documents named anywhere in a navigation level, in order."""
    yield from source_names(level.asyncapi)
    children: list[Any] = list(level.pages) + (list(level.groups) if isinstance(level, Level) else [])
    if isinstance(level, Level):
        children += [*level.languages, *level.versions, *level.tabs, *level.anchors, *level.dropdowns,
                     *level.products, *level.menu_items]
    for child in children:
        if isinstance(child, (Level, Group)):
            yield from _level_asyncapi(child)
