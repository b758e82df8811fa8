"""The build: load everything, render every page in memory, then write the site atomically.

`build_site` produces a `BuiltSite` (file contents and files to copy) without touching
the output folder; `write_site` swaps it in. The dev server uses `build_site` directly.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sitegen.colors import theme_css
from sitegen.config import LoadedConfig, load_config
from sitegen.errors import BuildError, ConfigError, ContentError, SitegenError
from sitegen.markdown import LinkResolver, make_markdown, render_markdown
from sitegen.markdown.code import pygments_css
from sitegen.nav import build_navigation
from sitegen.pages import Page, discover_pages
from sitegen.render import Renderer, SiteContext
from sitegen.theme import load_theme

ASSET_DIR = "_sitegen"  # theme assets live under this folder of the output
MARKER = ".sitegen-build"  # written into every output so we only ever replace our own folders
_FAVICON_TYPES = {".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon",
                  ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp"}


@dataclass
class BuiltSite:
    """A whole site in memory: generated files plus files copied as they are."""

    files: dict[str, bytes] = field(default_factory=dict)  # output path -> content
    copies: dict[str, Path] = field(default_factory=dict)  # output path -> source file
    pages: int = 0
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class BuildReport:
    pages: int
    seconds: float
    out_dir: Path
    warnings: list[str]


def build(project_dir: Path, out_dir: Path | None = None, strict: bool = False) -> BuildReport:
    """`sitegen build`: build in memory, then replace `out_dir` (default PROJECT/site)."""
    started = time.perf_counter()
    project_dir = project_dir.resolve()
    out_dir = (out_dir or project_dir / "site").resolve()
    check_output_dir(project_dir, out_dir)
    site = build_site(project_dir, strict=strict, exclude=(out_dir,))
    write_site(site, out_dir)
    return BuildReport(site.pages, time.perf_counter() - started, out_dir, site.warnings)


def build_site(project_dir: Path, strict: bool = False, exclude: tuple[Path, ...] = ()) -> BuiltSite:
    project_dir = project_dir.resolve()
    if not project_dir.is_dir():
        raise BuildError(f"{project_dir}: no such folder")
    loaded = load_config(project_dir)
    if strict and loaded.warnings:
        raise ConfigError([f"{w} (--strict)" for w in loaded.warnings])
    pages = discover_pages(project_dir, exclude=exclude + (project_dir / "site",))
    if not pages:
        raise ContentError(f"{project_dir}: no .md or .mdx pages found")
    pages, api_views = _attach_operations(project_dir, loaded, pages)
    navigation = build_navigation(loaded, pages, project_dir)

    theme = load_theme(project_dir)
    resolver = LinkResolver(project_dir, pages)
    built = BuiltSite(warnings=list(loaded.warnings))
    context = SiteContext(
        loaded=loaded,
        navigation=navigation,
        files=_config_files(loaded, resolver),
        assets=_theme_asset_links(theme.assets()),
        extra={"favicon_type": _favicon_type(loaded)},
    )
    renderer = Renderer(context, theme.environment())
    built.warnings.extend(renderer.warnings)  # icons that fell back, feedback without a repository
    markdown = make_markdown()
    errors: list[str] = []
    home = navigation.first_page()
    has_index_page = any(page.id == "index" for page in pages)
    for page in pages:
        body = render_markdown(markdown, page, resolver)
        if body.errors:
            errors.extend(body.errors)
            continue
        html = renderer.render_page(page, body, api=api_views.get(page.id)).encode()
        built.files[page.output] = html
        if page is home and not has_index_page:
            # The home page also answers at the site root, with links rebased to the root.
            root_page = dataclasses.replace(page, url="", output="index.html")
            built.files["index.html"] = renderer.render_page(
                root_page, render_markdown(markdown, root_page, resolver), api=api_views.get(page.id)
            ).encode()
    if errors:
        raise ContentError(errors)
    built.pages = len(pages)
    built.files["404.html"] = renderer.render_not_found().encode()
    for name, source in theme.assets().items():
        built.copies[f"{ASSET_DIR}/{name}"] = source
    built.files[f"{ASSET_DIR}/pygments.css"] = pygments_css().encode()
    built.files[f"{ASSET_DIR}/config.css"] = config_css(loaded).encode()
    built.files[MARKER] = b"This folder is written by sitegen and replaced on every build.\n"
    for output, source in resolver.assets.items():
        built.copies.setdefault(output, source)
    return built


def _attach_operations(
    project_dir: Path, loaded: LoadedConfig, pages: list[Page]
) -> tuple[list[Page], dict[str, Any]]:
    """Pages with `openapi:` front matter get their operation; titles default to its summary."""
    api_pages = [page for page in pages if page.openapi]
    if not api_pages:
        return pages, {}
    from sitegen.openapi import load_openapi

    catalog = load_openapi(project_dir, loaded.config.openapi_sources or _default_specs(project_dir))
    views: dict[str, Any] = {}
    errors: list[str] = []
    updated: list[Page] = []
    for page in pages:
        if page.openapi:
            try:
                operation = catalog.find(page.openapi, page.display_path)
            except SitegenError as exc:
                errors.extend(exc.messages)
                continue
            if not page.has_explicit_title and operation.summary:
                page = dataclasses.replace(page, title=operation.summary)
            if page.description is None and operation.description:
                page = dataclasses.replace(page, description=operation.description)
            views[page.id] = operation
        updated.append(page)
    if errors:
        raise ContentError(errors)
    return updated, views


def _default_specs(project_dir: Path) -> list[str]:
    # Mintlify finds an OpenAPI file at the root when docs.json names none.
    return [name for name in ("openapi.yaml", "openapi.yml", "openapi.json") if (project_dir / name).is_file()][:1]


def _config_files(loaded: LoadedConfig, resolver: LinkResolver) -> dict[str, str | None]:
    """Output paths of the files docs.json names; every role is present (None when unset)."""
    config = loaded.config
    wanted: dict[str, tuple[str, str]] = {}  # role -> (json path, reference)
    if isinstance(config.logo, str):
        wanted["logo_light"] = wanted["logo_dark"] = ("logo", config.logo)
    elif config.logo is not None:
        wanted["logo_light"] = ("logo.light", config.logo.light)
        wanted["logo_dark"] = ("logo.dark", config.logo.dark)
    if config.favicon:
        wanted["favicon"] = ("favicon", config.favicon)
    if config.background_image:
        wanted["background_image"] = ("backgroundImage", config.background_image)
    found: dict[str, str | None] = dict.fromkeys(("logo_light", "logo_dark", "favicon", "background_image"))
    errors: list[str] = []
    for role, (json_path, reference) in wanted.items():
        output = resolver.config_asset(reference)
        if output is None:
            message = f"{loaded.file_name}: {json_path}: file '{reference}' not found (looked in content/ and the project root)"
            if message not in errors:
                errors.append(message)
        else:
            found[role] = output
    if errors:
        raise ConfigError(errors)
    return found


def _favicon_type(loaded: LoadedConfig) -> str | None:
    favicon = loaded.config.favicon
    return _FAVICON_TYPES.get(Path(favicon).suffix.lower()) if favicon else None


def _theme_asset_links(assets: dict[str, Path]) -> list[str]:
    """Stylesheets and scripts every page links, in a fixed order (site first)."""
    generated = [f"{ASSET_DIR}/pygments.css", f"{ASSET_DIR}/config.css"]
    names = sorted(name for name in assets if name.endswith((".css", ".js")) and "/" not in name)
    names.sort(key=lambda name: (not name.startswith("site."), name))
    css = [f"{ASSET_DIR}/{n}" for n in names if n.endswith(".css")]
    js = [f"{ASSET_DIR}/{n}" for n in names if n.endswith(".js")]
    return css[:1] + generated + css[1:] + js


def config_css(loaded: LoadedConfig) -> str:
    """docs.json colours (and readable text colours derived from them) as the custom
    properties site.css reads."""
    return theme_css(loaded.config)


# --- writing ----------------------------------------------------------------------------

def check_output_dir(project_dir: Path, out_dir: Path) -> None:
    """Refuse an output folder whose replacement would destroy the project's sources."""
    from sitegen.pages import content_root

    protected = {project_dir, content_root(project_dir).resolve()}
    if out_dir in protected or any(p.is_relative_to(out_dir) for p in protected):
        raise BuildError(f"refusing to write the site to {out_dir}: it is or contains the project's sources")
    if out_dir.is_relative_to(content_root(project_dir).resolve()) and content_root(project_dir) != project_dir:
        raise BuildError(f"refusing to write the site to {out_dir}: it is inside the content folder")
    if out_dir.exists() and not out_dir.is_dir():
        raise BuildError(f"refusing to write the site to {out_dir}: it is a file")
    if out_dir.is_dir() and any(out_dir.iterdir()) and not (out_dir / MARKER).exists():
        raise BuildError(
            f"refusing to replace {out_dir}: it is not empty and was not written by sitegen "
            f"(no {MARKER} file); remove it or choose another --out"
        )


def write_site(site: BuiltSite, out_dir: Path) -> None:
    """Write into a temporary folder beside `out_dir`, then swap it in.

    If anything fails before the swap, the previous site is untouched.
    """
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.new-", dir=out_dir.parent))
    try:
        for output, content in site.files.items():
            target = staging / output
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        for output, source in site.copies.items():
            target = staging / output
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"cannot write the site: {exc}") from None
    _swap(staging, out_dir)


def _swap(staging: Path, out_dir: Path) -> None:
    old = None
    if out_dir.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.old-", dir=out_dir.parent))
        os.rmdir(old)
        os.rename(out_dir, old)
    try:
        os.rename(staging, out_dir)
    except OSError as exc:
        if old is not None:
            os.rename(old, out_dir)  # put the previous site back
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"cannot replace {out_dir}: {exc}") from None
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
