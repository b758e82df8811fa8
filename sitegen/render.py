"""Render pages to HTML strings with the Jinja2 theme.

Everything that is the same for many pages (the sidebar of a section) is rendered once
with a placeholder for the path back to the site root, then specialised per page by
string replacement: a site with thousands of pages does not pay for its sidebar
thousands of times.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import jinja2
from markupsafe import Markup, escape

from sitegen.config import LoadedConfig, SiteConfig
from sitegen.markdown import RenderedMarkdown
from sitegen.markdown.links import root_prefix
from sitegen.nav import Navigation, NavSection
from sitegen.pages import Page

ROOT_TOKEN = "@@sitegen-root@@/"
_GITHUB_REPO = re.compile(r"^https?://(?:www\.)?github\.com/([\w.-]+)/([\w.-]+?)(?:\.git)?/?$")


def github_repo(url: str | None) -> str | None:
    """'https://github.com/acme/docs' -> 'acme/docs'; None for anything else."""
    match = _GITHUB_REPO.match(url or "")
    return f"{match.group(1)}/{match.group(2)}" if match else None


@dataclass(frozen=True)
class SiteContext:
    """What every page of one build shares."""

    loaded: LoadedConfig
    navigation: Navigation
    # Output paths (relative to the site root) or external URLs of docs.json files.
    files: dict[str, str | None]
    assets: list[str]  # theme stylesheet/script paths to link, relative to the site root
    extra: dict[str, Any] = field(default_factory=dict)  # for theme features to pass data

    @property
    def config(self) -> SiteConfig:
        return self.loaded.config

    @property
    def repository(self) -> str | None:
        """The GitHub repository behind the docs, for feedback links."""
        config = self.config
        if config.topbar_cta_button and config.topbar_cta_button.type == "github":
            repo = github_repo(config.topbar_cta_button.url)
            if repo:
                return repo
        return github_repo(config.footer_socials.get("github"))


class Renderer:
    def __init__(self, site: SiteContext, env: jinja2.Environment) -> None:
        self.site = site
        self.env = env
        self._sidebars: dict[str, str] = {}
        self._page_template = env.get_template("page.html")

    def sidebar(self, section: NavSection | None) -> str:
        key = section.key if section else ""
        if key not in self._sidebars:
            self._sidebars[key] = self.env.get_template("partials/sidebar.html").render(
                site=self.site, config=self.site.config, section=section, root=ROOT_TOKEN
            )
        return self._sidebars[key]

    def page_sidebar(self, page: Page, root: str) -> Markup:
        section = self.site.navigation.section_for(page)
        html = self.sidebar(section).replace(ROOT_TOKEN, root)
        marker = f'data-page="{escape(page.id)}"'
        return Markup(html.replace(marker, f'{marker} aria-current="page"', 1))

    def render_page(self, page: Page, body: RenderedMarkdown, api: Any = None) -> str:
        root = root_prefix(page.url)
        previous, following = self.site.navigation.neighbours(page)
        return self._page_template.render(
            site=self.site,
            config=self.site.config,
            page=page,
            root=root,
            body=Markup(body.html),
            toc=body.toc,
            previous=previous,
            next=following,
            section=self.site.navigation.section_for(page),
            sidebar=self.page_sidebar(page, root),
            api=api,
        )

    def render_not_found(self) -> str:
        return self.env.get_template("404.html").render(
            site=self.site, config=self.site.config, root="", section=None, page=None,
            sidebar=Markup(""), toc=[], api=None, previous=None, next=None,
        )
