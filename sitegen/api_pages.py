"""API pages generated from a v2 docs.json's navigation: an `openapi` on a tab, anchor, group
(any level) makes a page per operation, grouped by tag in that level's place, and
`"GET /plants"` entries in its `pages` make that operation's page where they are listed; an
`asyncapi` makes a read-only page per channel (openapi/asyncapi.py).

Where a v2 navigation (config.v2), pages and API documents (openapi) meet, so it comes after
both in the import direction; the build imports it only for a v2 project.

No file is written: each page is a `Page` without text whose `openapi:` names its operation,
so it goes through the same steps as a page with `openapi:` front matter (title from the
summary, API view, navigation, render workers, search, link checks, the persistent cache).
URLs follow Mintlify's rule: `{directory}/{tag}/{summary}` (directory `api-reference` unless
the `openapi` object names one; in a site with `languages`, under the language's folder when
its pages live there: `en/api-reference/…`), `-1`, `-2`… when two pages would share one; an operation's
`x-mint.href` wins. Every language and product is a navigation of its own (`NavTree.translations`):
each gets its pages.

`x-excluded` operations get no page; `x-hidden` ones a hidden page (built for links to
reach, but not listed, searched or in llms.txt, as Mintlify does). `x-mint.metadata` is
the generated page's front matter, `x-mint.content` its text above the operation.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from sitegen.config import LoadedConfig, NavGroup, SiteConfig
from sitegen.config.v2 import Group, NavTree, OpenApiSource, SourceObject, source_names
from sitegen.confine import inside_project
from sitegen.errors import ContentError, OpenAPIError
from sitegen.openapi.asyncapi import channel_markdown, load_asyncapi
from sitegen.openapi.documents import DocumentStore
from sitegen.openapi.model import ApiCatalog, ApiSpec, Operation, parse_operation_ref
from sitegen.pages import Body, Page, page_from_front_matter, url_for

DEFAULT_DIRECTORY = "api-reference"
# Mintlify drops these from a summary or tag; we also drop what a file name or URL cannot
# carry as it is (`?`, `#`, `&`, `:`…), so every page is a plain folder on any host.
_UNSAFE = re.compile(r"[^\w\-]+")


@dataclass(frozen=True)
class NavPages:
    loaded: LoadedConfig  # the navigation with the generated pages in place
    pages: tuple[Page, ...]
    warnings: tuple[str, ...]


def has_api_levels(loaded: LoadedConfig) -> bool:
    """Whether the navigation asks for generated pages (an `openapi` or `asyncapi` level, or
    `GET /x` entries)."""
    if loaded.tree is None:
        return False
    configs = [loaded.config, *(translation.config for translation in loaded.tree.translations)]
    return any(_generates(group) for config in configs for group in config.navigation)


def _generates(group: NavGroup) -> bool:
    if isinstance(group, Group) and (group.openapi is not None or group.asyncapi is not None):
        return True
    return any(_generates(entry) if isinstance(entry, NavGroup) else is_operation_entry(entry)
               for entry in group.pages)


def is_operation_entry(entry: str) -> bool:
    """`"GET /plants"`, `"openapi.yaml GET /plants"` or `"webhook plantAdded"`: an operation
    or a webhook, not a page path."""
    parsed = parse_operation_ref(entry)
    return parsed is not None and (parsed.is_webhook or parsed.target.startswith("/"))


def slug(text: str) -> str:
    """Mintlify's conversion of a summary or tag: spaces to hyphens, lower case."""
    return _UNSAFE.sub("", text.strip().replace(" ", "-")).lower().strip("-")


def operation_slug(operation: Operation) -> str:
    """The summary's slug; without one, the method and the path without its parameters
    (`GET /users/{id}/posts` → `get-users-posts`), or a webhook's name."""
    if operation.summary and slug(operation.summary):
        return slug(operation.summary)
    if operation.webhook is not None and slug(operation.webhook):
        return slug(operation.webhook)
    parts = [operation.method.lower()] + [p for p in operation.path.split("/") if p and not p.startswith("{")]
    return slug("-".join(parts))


def navigation_pages(project_dir: Path, loaded: LoadedConfig, catalog: ApiCatalog,
                     taken: Collection[str], store: DocumentStore) -> NavPages:
    """The generated pages and the navigation that lists them (groups per tag in place of an
    `openapi` level; an operation entry replaced by its page's id; a level's AsyncAPI
    channels, read through `store`). Unknown operations and documents that cannot be read
    are warnings naming the docs.json entry; they are left out."""
    tree = loaded.tree
    if tree is None:
        return NavPages(loaded, (), ())
    maker = _PageMaker(project_dir, loaded, catalog, set(taken), store)
    config, tree = _with_pages(maker, loaded.config, tree)
    translations = []
    for translation in tree.translations:  # every other language and product lists its own
        other_config, other_tree = _with_pages(maker, translation.config, translation.tree)
        translations.append(dataclasses.replace(translation, config=other_config, tree=other_tree))
    tree = dataclasses.replace(tree, translations=tuple(translations))
    maker.say_mcp()
    return NavPages(dataclasses.replace(loaded, config=config, tree=tree), tuple(maker.pages), tuple(maker.warnings))


def _with_pages(maker: _PageMaker, site: SiteConfig, tree: NavTree) -> tuple[SiteConfig, NavTree]:
    """One navigation (a language's, a product's) with its generated pages in place."""
    maker.language = _language_folder(site, tree)
    navigation: list[NavGroup] = []
    divisions = []
    pages_at = []
    apis = []
    directories = []
    for index, group in enumerate(site.navigation):
        api = tree.group_apis[index] if index < len(tree.group_apis) else None
        at = tree.pages_at[index] if index < len(tree.pages_at) else ("navigation", 0)
        if isinstance(group, Group) and not group.pages and not group.group and (
                group.openapi is not None or group.asyncapi is not None):
            # An `openapi` level: one group per tag in its place; an `asyncapi` one: its channels.
            made = maker.all_operations(group.openapi, at[0]) if group.openapi is not None else []
            if group.asyncapi is not None:
                where = at[0].replace(".openapi", ".asyncapi")
                made.append(Group(group="", pages=maker.channels(group.asyncapi, where)))
            if group.version is not None:  # a level inside one version only
                made = [item.model_copy(update={"version": group.version}) for item in made]
        else:
            made = [maker.group(group, api, at)]
        for item in made:
            navigation.append(item)
            divisions.append(tree.divisions[index])
            pages_at.append(at)
            apis.append(api)
            directories.append(tree.directories[index] if index < len(tree.directories) else None)
    tree = dataclasses.replace(tree, divisions=tuple(divisions), pages_at=tuple(pages_at), group_apis=tuple(apis),
                               directories=tuple(directories))
    return site.model_copy(update={"navigation": navigation}), tree


class _PageMaker:
    def __init__(self, project_dir: Path, loaded: LoadedConfig, catalog: ApiCatalog, taken: set[str],
                 store: DocumentStore) -> None:
        self.project_dir = project_dir
        self.store = store
        self.loaded = loaded
        self.catalog = catalog
        self.taken = taken
        self.pages: list[Page] = []
        self.warnings: list[str] = []
        # (id(operation), language) -> its page id (listed twice: one page); None: none is made
        self.by_operation: dict[tuple[int, str | None], str | None] = {}
        self.language: str | None = None  # the navigation's language folder, when the site has languages
        self.mcp: list[Operation] = []  # operations with `x-mint.mcp` (one warning for all)

    def group(self, group: NavGroup, api: OpenApiSource | None, at: tuple[str, int]) -> NavGroup:
        """`group` with its operation entries made pages (and a group's own `openapi` without
        pages filled with every operation, by tag)."""
        if isinstance(group, Group) and not group.pages and (group.openapi is not None or group.asyncapi is not None):
            here = at[0].removesuffix(".pages")
            made: list[str | NavGroup] = []
            if group.openapi is not None:
                made += self.all_operations(group.openapi, f"{here}.openapi")
            if group.asyncapi is not None:
                made += self.channels(group.asyncapi, f"{here}.asyncapi")
            return group.model_copy(update={"pages": made})
        if isinstance(group, Group) and group.openapi is not None:
            api = group.openapi
        pages: list[str | NavGroup] = []
        path, first = at
        for number, entry in enumerate(group.pages):
            where = f"{path}[{first + number}]"
            if isinstance(entry, NavGroup):
                pages.append(self.group(entry, api, (f"{where}.pages", 0)))
            elif is_operation_entry(entry):
                page_id = self.listed(entry, api, where)
                if page_id is not None:
                    pages.append(page_id)
            else:
                pages.append(entry)
        return group.model_copy(update={"pages": pages})

    def all_operations(self, api: OpenApiSource | None, where: str) -> list[NavGroup]:
        """Every operation, then every webhook, of `api`'s documents, a group per first tag in
        order of appearance (those without a tag in an untitled group after them)."""
        by_tag: dict[str, list[str | NavGroup]] = {}
        untagged: list[str | NavGroup] = []
        for spec in self.specs(api, where):
            for operation in spec.operations_and_webhooks:
                page_id = self.page_for(spec, operation, self.directory(api))
                if page_id is None or operation.hidden:  # x-excluded: no page; x-hidden: not listed
                    continue
                (by_tag.setdefault(operation.tags[0], []) if operation.tags else untagged).append(page_id)
        groups: list[NavGroup] = [Group(group=tag, pages=ids) for tag, ids in by_tag.items()]
        if untagged:
            groups.append(Group(group="", pages=untagged))
        return groups

    def channels(self, source: OpenApiSource, where: str) -> list[str | NavGroup]:
        """A page per channel of each AsyncAPI document of `source`, in document order."""
        directory = self.directory(source)
        ids: list[str | NavGroup] = []
        for name in source_names(source):
            try:
                spec = load_asyncapi(self.store, name)
            except OpenAPIError as exc:
                self.warnings.extend(f"{self.loaded.where(where)}: {message}; no channel pages generated from it"
                                     for message in exc.messages[:3])
                continue
            for channel in spec.channels:
                page_id = self.free_id(f"{directory}/{slug(channel.key) or 'channel'}")
                self.pages.append(dataclasses.replace(
                    self.page_from(spec.source, page_id, channel.display_title, None),
                    body_text=Body(channel_markdown(channel)), description=channel.summary))
                ids.append(page_id)
        return ids

    def specs(self, api: OpenApiSource | None, where: str) -> list[ApiSpec]:
        found: list[ApiSpec] = []
        for name in source_names(api):
            spec = next((s for s in self.catalog.specs if s.source == name), None)
            if spec is None:
                self.warnings.append(f"{self.loaded.where(where)}: '{name}' is not a loaded OpenAPI document; "
                                     "no pages generated from it")
            else:
                found.append(spec)
        return found

    def listed(self, entry: str, api: OpenApiSource | None, where: str) -> str | None:
        parsed = parse_operation_ref(entry)
        ref = entry
        if parsed is not None and not parsed.file and api is not None:  # no file named: the level's document
            sources = [s.source for s in self.specs(api, where)]
            if len(sources) == 1:
                ref = f"{sources[0]} {entry}"
        try:
            operation, notes = self.catalog.lookup(ref, self.loaded.where(where))
        except OpenAPIError as exc:
            self.warnings.extend(f"{message}; left out of the navigation" for message in exc.messages)
            return None
        self.warnings.extend(notes)
        spec = self.catalog.spec_of(operation)
        page_id = self.page_for(spec, operation, self.directory(api))
        if operation.visibility is not None:
            made = "no page is made" if operation.excluded else "its page is built for links but not listed"
            self.warnings.append(f"{self.loaded.where(where)}: '{operation.ref}' is marked {operation.visibility} "
                                 f"in {spec.source}; {made}")
            return None
        return page_id

    def directory(self, api: OpenApiSource | None) -> str:
        """Where an `openapi` level's pages go; in a site with languages, in its language's folder."""
        directory = _directory(api)
        if self.language and directory != self.language and not directory.startswith(self.language + "/"):
            return f"{self.language}/{directory}"
        return directory

    def page_for(self, spec: ApiSpec, operation: Operation, directory: str) -> str | None:
        """The page of an operation (made the first time; None for an `x-excluded` one)."""
        key = (id(operation), self.language)
        if key in self.by_operation:
            return self.by_operation[key]
        if operation.excluded:
            self.by_operation[key] = None
            return None
        mint = operation.mint
        href = mint.href.strip().strip("/") if mint is not None and mint.href else None
        for suffix in (".mdx", ".md"):
            href = href.removesuffix(suffix) if href else href
        if href and href in self.taken and href not in {page.id for page in self.pages}:
            self.by_operation[key] = href  # `x-mint.href` names a written page: it stands for the operation
            return href
        if href:
            page_id = self.free_id(href)
        else:
            tag = slug(operation.tags[0]) if operation.tags else ""
            page_id = self.free_id("/".join(part for part in (directory, tag, operation_slug(operation)) if part))
        self.by_operation[key] = page_id
        title = operation.summary or operation.ref
        page = self.page_from(spec.source, page_id, title, f"{spec.source} {operation.ref}")
        page = dataclasses.replace(page, deprecated=operation.deprecated, hidden=operation.hidden,
                                   noindex=operation.hidden)
        if mint is not None:
            page = self.with_mint(page, operation, spec)
        self.pages.append(page)
        return page_id

    def with_mint(self, page: Page, operation: Operation, spec: ApiSpec) -> Page:
        """`page` with its operation's `x-mint.metadata` as front matter and `content` as text."""
        mint = operation.mint
        assert mint is not None
        where = f"{spec.source}: {operation.ref}"
        self.warnings.extend(f"{where}: {note}" for note in mint.notes)
        if mint.mcp:
            self.mcp.append(operation)
        if not mint.metadata and mint.content is None:
            return page
        meta = dict(mint.metadata) | {"openapi": page.openapi}
        try:
            made = page_from_front_matter(page.source, page.id, page.display_path, meta,
                                          Body(mint.content or ""))
        except ContentError as exc:
            self.warnings.append(f"{where}: x-mint.metadata: {exc.messages[0].split('front matter: ', 1)[-1]}; "
                                 "the page uses the operation's own title and description")
            return dataclasses.replace(page, body_text=Body(mint.content or ""))
        self.warnings.extend(f"{where}: x-mint.metadata: {warning.split('front matter: ', 1)[-1]}"
                             for warning in made.warnings)
        if not made.has_explicit_title:
            made = dataclasses.replace(made, title=page.title)
        return dataclasses.replace(made, deprecated=made.deprecated or page.deprecated,
                                   hidden=made.hidden or page.hidden, warnings=())

    def say_mcp(self) -> None:
        if self.mcp:
            first = self.mcp[0]
            self.warnings.append(
                f"{first.spec_source}: {first.ref}: x-mint.mcp ({len(self.mcp)} operation"
                f"{'s' if len(self.mcp) > 1 else ''}): Mintlify's MCP server tools need a server, which a static "
                "site has not; ignored")

    def free_id(self, stem: str) -> str:
        """`stem`, or `stem-1`, `stem-2`… when a page (written or generated) has it."""
        page_id, number = stem, 0
        while page_id in self.taken:
            number += 1
            page_id = f"{stem}-{number}"
        self.taken.add(page_id)
        return page_id

    def page_from(self, document: str, page_id: str, title: str, openapi: str | None) -> Page:
        # The document is the page's source: its bytes key the persistent cache, and edits
        # and messages point there. A remote document: docs.json (the cache key covers both).
        local = None if document.startswith(("http:", "https:")) else inside_project(
            self.project_dir.resolve(), self.project_dir / document.lstrip("/"))
        source = local if local is not None and os.path.isfile(local) else self.loaded.file
        display = document.lstrip("/") if source is local else self.loaded.file_name
        return Page(
            id=page_id, source=source, display_path=display, url=url_for(page_id),
            output=url_for(page_id) + "index.html", title=title, description=None, sidebar_title=None, icon=None,
            openapi=openapi, version=None, meta={}, body_text=Body(""), body_line=1, has_explicit_title=False,
        )


def _language_folder(site: SiteConfig, tree: NavTree) -> str | None:
    """The folder a language's generated pages go in: its code, when most of the pages its
    navigation lists live in that folder (`en/…`); None when they sit at the root (a default
    language without a folder of its own) or the site has no languages."""
    if not tree.languages or tree.language is None:
        return None
    listed = [entry for group in site.navigation for entry in _page_entries(group) if not is_operation_entry(entry)]
    inside = sum(1 for entry in listed if entry.strip().lstrip("/").startswith(f"{tree.language}/"))
    return tree.language if listed and inside * 2 >= len(listed) else None


def _page_entries(group: NavGroup) -> list[str]:
    entries: list[str] = []
    for entry in group.pages:
        entries.extend(_page_entries(entry) if isinstance(entry, NavGroup) else [entry])
    return entries


def _directory(api: OpenApiSource | None) -> str:
    if isinstance(api, SourceObject) and api.directory:
        return api.directory.strip("/").lower() or DEFAULT_DIRECTORY
    return DEFAULT_DIRECTORY
