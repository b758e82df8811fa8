"""Page sources: discovery, front matter, and where each page is written.

A page id is its path under the content root without the extension, in POSIX form
("guides/setup"); `index` pages stand for their folder. Output uses pretty URLs:
"guides/setup" -> url "guides/setup/" -> file "guides/setup/index.html".

The content root is the folder of the config file (as in Mintlify), or its `content/`
folder when the navigation's pages are found there at least as often as beside the
config file (see `content_root`, the one place that decides it).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import reprlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from sitegen.config import find_config_file
from sitegen.confine import OUTSIDE, inside_project
from sitegen.errors import ConfigError, ContentError, location
from sitegen.mintignore import IGNORE_FILE, IgnoreRules, read_ignore_rules
from sitegen.project_layout import CONFIG_NAMES, is_v2
from sitegen.untrusted import (
    MAX_CONFIG_BYTES,
    MAX_PAGE_BYTES,
    YamlShapeError,
    check_yaml,
    first_control_character,
    json_nesting,
    read_text,
    without_control_characters,
)

PAGE_SUFFIXES = (".md", ".mdx")
# Folders never scanned for pages or files when the project root is the content root: ours
# (the default output, a theme override, environments) and those Mintlify ignores by default.
SKIPPED_DIRS = frozenset({"node_modules", "site", "venv", "themes", "__pycache__", "tests", "build", "dist",
                          "coverage", "tmp", "temp"})
# Files of the project root that are never pages (Mintlify's default ignores).
SKIPPED_ROOT_PAGES = frozenset({"readme.md", "changelog.md", "license.md", "contributing.md"})
# Folders never scanned at any depth: snippets are imported by pages, never pages themselves.
NEVER_PAGES = frozenset({"node_modules", "snippets", "_snippets", "__pycache__"})
SNIPPET_DIRS = frozenset({"snippets", "_snippets"})
# What a snippets folder holds for pages to import (MDX, and JSX/JS component modules): never published.
SNIPPET_SUFFIXES = (".md", ".mdx", ".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs")
# Files that are not published as they are: the config, which sitegen reads itself.
CONFIG_FILE_NAMES = frozenset({*CONFIG_NAMES, IGNORE_FILE})
PAGE_MODES = ("default", "wide", "custom", "center", "frame")

FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)(?:\r?\n)?^---[ \t]*(?:\r?\n|\Z)", re.S | re.M)


class Body:
    """A page's Markdown after its front matter (compared by its text, never hashed, as Page)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Body) and (self is other or self.text == other.text)

    __hash__ = None  # type: ignore[assignment]  # as Page's: compared, never hashed

    def __repr__(self) -> str:
        return f"Body({self.text!r})"


@dataclass(frozen=True)
class Page:
    id: str  # "guides/setup"
    source: Path  # absolute path of the .md/.mdx file
    display_path: str  # path relative to the project: "content/guides/setup.md" (messages, edit links)
    url: str  # "guides/setup/" ("" for the home page), relative to the site root
    output: str  # "guides/setup/index.html"
    title: str
    description: str | None
    sidebar_title: str | None
    icon: str | None
    openapi: str | None
    version: str | None
    meta: dict[str, Any]  # every front matter key, unknown ones included
    body_text: Body  # markdown without front matter (`body`)
    body_line: int  # 1-based line of the file where `body` starts (for messages)
    has_explicit_title: bool = field(default=True)
    icon_type: str | None = None
    mode: str = "default"  # wide: no TOC; custom: bare content; center: narrow, no sidebar
    link_out: str | None = None  # front matter `url`: the sidebar entry links there instead
    tag: str | None = None  # small badge beside the sidebar entry ("NEW")
    hidden: bool = False  # built, but neither in the sidebar nor in search
    noindex: bool = False  # like hidden, and robots are asked not to index it
    searchable: bool = True  # `searchable: false`: left out of the site's search, nothing else
    hide_pagination: bool = False  # `hideFooterPagination: true`: no Previous/Next links
    # The page's own head tags (`"og:image": …`, `"twitter:title": …`, `robots`, `canonical`):
    # (name, content), over docs.json `seo.metatags` and sitegen's own (publish/tags.py).
    metatags: tuple[tuple[str, str], ...] = ()
    last_updated: str | None = None  # `lastUpdatedDate` (YYYY-MM-DD): the date "Last modified" shows
    deprecated: bool = False
    rss: bool = False  # `rss: true`: an RSS button at the top, linking to the page's feed (rss.py)
    keywords: tuple[str, ...] = ()  # extra search text, not shown
    auth_method: str | None = None
    asyncapi: str | None = None  # "[FILE] CHANNEL": the AsyncAPI channel shown below the page's text
    modified: str | None = None  # ISO date of the last change, when the page shows it (v2 metadata.timestamp)
    key_lines: dict[str, int] = field(default_factory=dict)  # front matter key -> line (messages)
    warnings: tuple[str, ...] = ()  # front matter values that fell back to a default
    # A hash of the file's text as read (the build cache's page key: the file is not read twice).
    text_digest: str = field(default="", compare=False, repr=False)

    @property
    def body(self) -> str:
        """The Markdown without front matter."""
        return self.body_text.text

    def line_of(self, key: str) -> int:
        """The line of a front matter key (the body's first line if it is not there)."""
        return self.key_lines.get(key, self.body_line)

    @property
    def in_search(self) -> bool:
        """Whether the site's search finds this page (Mintlify: not hidden, noindex or `searchable: false`)."""
        return self.searchable and not (self.hidden or self.noindex)

    @property
    def nav_title(self) -> str:
        return self.sidebar_title or self.title


def content_root(project_dir: Path) -> Path:
    """Where page ids start: the config's folder, or `content/` when the navigation's pages
    are found there at least as often as beside the config file.

    Both Mintlify shapes work: pages beside mint.json (a `content/` folder kept for other
    reasons does not move them), and our own layout with pages in `content/`.
    """
    content = project_dir / "content"
    if not content.is_dir() or inside_project(project_dir.resolve(), content) is None:
        return project_dir  # a content/ linking elsewhere is refused by discovery, with a warning
    refs = _navigation_refs(project_dir)
    beside = sum(1 for ref in refs if _page_file(project_dir, ref))
    inside = sum(1 for ref in refs if _page_file(content, ref))
    return content if inside >= beside else project_dir


def _navigation_refs(project_dir: Path) -> list[str]:
    """The page references of the config's navigation (empty when it cannot be read: the
    config loader reports that)."""
    try:
        path = find_config_file(project_dir)
        text = read_text(path, path.name, limit=MAX_CONFIG_BYTES, kind="docs.json", error=ConfigError)
        if json_nesting(text) is not None:  # json.loads would raise RecursionError
            return []
        raw = json.loads(text)
        if isinstance(raw, dict) and is_v2(raw):  # its navigation may sit in $ref files
            from sitegen.config.v2 import resolve_refs  # v2 projects only

            raw = resolve_refs(raw, path, project_dir)
    except (ConfigError, ValueError):
        return []
    refs: list[str] = []

    def collect(node: Any, listed: bool = True) -> None:
        # `listed`: strings here are page references (a `pages` array); v2's levels (tabs,
        # anchors, groups…) are walked for theirs, their names and hrefs are not pages.
        if isinstance(node, str) and listed:
            refs.append(node)
        elif isinstance(node, list):
            for item in node:
                collect(item, listed)
        elif isinstance(node, dict):
            for key, value in node.items():
                if key == "pages":
                    collect(value)
                elif isinstance(value, (list, dict)):
                    collect(value, listed=False)

    collect(raw.get("navigation") if isinstance(raw, dict) else None)
    return refs


def _page_file(root: Path, ref: str) -> bool:
    stem = ref.strip().strip("/")
    for suffix in PAGE_SUFFIXES:
        stem = stem.removesuffix(suffix)
    # os.path.isfile, not Path.is_file: a reference too long for a file name is no file, not an OSError.
    return bool(stem) and any(os.path.isfile(root / (stem + suffix)) for suffix in PAGE_SUFFIXES)


def page_id_for(relative: Path) -> str:
    return relative.with_suffix("").as_posix()


def url_for(page_id: str) -> str:
    if page_id == "index":
        return ""
    if page_id.endswith("/index"):
        return page_id[: -len("index")]
    return page_id + "/"


_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def root_prefix(page_url: str) -> str:
    """The relative path from a page's folder back to the site root ('' or '../../')."""
    return "../" * page_url.count("/")


def split_suffix(target: str) -> tuple[str, str]:
    """'a/b.md?x=1#frag' -> ('a/b.md', '?x=1#frag')."""
    cut = min((target.find(mark) for mark in "?#" if mark in target), default=len(target))
    return target[:cut], target[cut:]


def is_external(target: str) -> bool:
    """Anything that is not a path inside the site: a scheme, `//host`, a bare `#fragment`."""
    return not target or target.startswith(("#", "//")) or bool(_SCHEME.match(target))


def discover_pages(project_dir: Path, exclude: tuple[Path, ...] = ()) -> list[Page]:
    """Every .md/.mdx page under the content root, sorted by id; all errors at once."""
    return find_pages(project_dir, exclude)[0]


def find_pages(project_dir: Path, exclude: tuple[Path, ...] = ()) -> tuple[list[Page], list[str]]:
    """(every page under the content root sorted by id, warnings): files and folders that
    link outside the project are never read, only named in a warning; pages `.mintignore`
    matches are left out. All errors at once."""
    pages, warnings, _ = _discover(project_dir, exclude, with_files=False)
    return pages, warnings


def find_pages_and_files(project_dir: Path, exclude: tuple[Path, ...] = ()) -> tuple[list[Page], list[str], SiteFiles]:
    """`find_pages`, and `find_site_files` from the same walk of the content root (its
    warnings are among the pages' warnings)."""
    return _discover(project_dir, exclude, with_files=True)


def _discover(project_dir: Path, exclude: tuple[Path, ...],
              with_files: bool) -> tuple[list[Page], list[str], SiteFiles]:
    root = content_root(project_dir)
    scanning_project_root = root == project_dir
    pages: list[Page] = []
    errors: list[str] = []
    ignore = read_ignore_rules(project_dir)
    warnings: list[str] = list(ignore.warnings)
    seen: dict[str, Path] = {}
    prefix = "" if scanning_project_root else _display(project_dir, root) + "/"
    walk = _Walk(project_dir, {path.resolve() for path in exclude}, warnings, ignore, prefix, with_files)
    for source, relative in walk.folder(root, scanning_project_root):  # sorted as paths: folders in name order
        page_id = relative.rsplit(".", 1)[0]  # page_id_for, without pathlib's cost (a thousand pages)
        if page_id in seen:
            errors.append(
                f"{_display(project_dir, source)}: page '{page_id}' also exists as "
                f"{_display(project_dir, seen[page_id])}; keep one of them"
            )
            continue
        seen[page_id] = source
        try:
            pages.append(read_page(project_dir, source, page_id, display=prefix + relative))
        except ContentError as exc:
            errors.extend(exc.messages)
    if errors:
        raise ContentError(errors)
    return pages, warnings, _site_files(walk.others)


@dataclass(frozen=True)
class SiteFiles:
    """The project files published as they are (Mintlify serves every file of the content
    folder at its path), and those of them every page loads."""

    files: dict[str, Path]  # output path ("files/guide.pdf") -> the file, in path order
    stylesheets: tuple[str, ...] = ()  # output paths of every .css file: linked on every page
    scripts: tuple[str, ...] = ()  # every .js file outside snippets folders: run on every page
    warnings: tuple[str, ...] = ()  # files and folders linking outside the project


def find_site_files(project_dir: Path, exclude: tuple[Path, ...] = ()) -> SiteFiles:
    """Every file under the content root that is not a page, a snippet or a config file,
    leaving out dot files and folders, node_modules, the output, the cache and what
    `.mintignore` matches; links out of the project are refused with a warning."""
    root = content_root(project_dir)
    scanning_project_root = root == project_dir
    ignore = read_ignore_rules(project_dir)
    warnings: list[str] = []
    prefix = "" if scanning_project_root else _display(project_dir, root) + "/"
    walk = _Walk(project_dir, {path.resolve() for path in exclude}, warnings, ignore, prefix, files=True, pages=False)
    walk.folder(root, scanning_project_root)
    return _site_files(walk.others, tuple(warnings))


def _site_files(found: list[tuple[Path, str]], warnings: tuple[str, ...] = ()) -> SiteFiles:
    files = {relative: source for source, relative in found}
    stylesheets = tuple(relative for relative in files if relative.lower().endswith(".css"))
    scripts = tuple(relative for relative in files if relative.lower().endswith(".js")
                    and not _in_snippets(relative))
    return SiteFiles(files, stylesheets, scripts, warnings)


def _in_snippets(relative: str) -> bool:
    return any(part in SNIPPET_DIRS for part in relative.split("/")[:-1])


def ignored_page_file(project_dir: Path, page_id: str) -> str | None:
    """The page file of `page_id` (path in the project) when it exists and `.mintignore`
    leaves it out, else None: for messages about references to it."""
    root = content_root(project_dir)
    prefix = "" if root == project_dir else _display(project_dir, root) + "/"
    ignore = read_ignore_rules(project_dir)
    for suffix in PAGE_SUFFIXES:
        relative = prefix + page_id + suffix
        if os.path.isfile(project_dir / relative) and ignore.excludes(relative):
            return relative
    return None


class _Walk:
    """The page files under a folder, and (with `files`) every other file published as it
    is, in `others`: one walk for both. The content root lies inside the project and every
    folder entered does too, so only symlinks can lead out: each is checked, and one that
    leads outside is named in a warning and neither read nor entered. Paths `.mintignore`
    matches are passed over (folders not entered)."""

    def __init__(self, project_dir: Path, excluded: set[Path], warnings: list[str], ignore: IgnoreRules,
                 prefix: str, files: bool = False, pages: bool = True) -> None:
        self.project_dir = project_dir
        self.real_project = project_dir.resolve()
        self.excluded = {str(path) for path in excluded}
        self.warnings = warnings
        self.ignore = ignore
        self.prefix = prefix  # the walk's root as a path in the project ("" or "content/")
        self.files = files
        self.pages = pages
        self.others: list[tuple[Path, str]] = []  # (file, its path under the walk's root), with `files`
        self.walking: set[str] = set()  # real folders being walked: a link back to one is a loop

    def folder(self, root: Path, skip_project_dirs: bool, relative: str = "",
               real: str | None = None, in_snippets: bool = False) -> list[tuple[Path, str]]:
        """(file, its path under the walk's root) of every page file under `root` (whose
        real path is `real`), in the order of their paths. One scandir a folder: an entry's
        type comes with it, a stat only for links."""
        real = real or os.path.realpath(root)
        if real in self.walking:
            return []
        self.walking.add(real)
        found: list[tuple[Path, str]] = []
        with os.scandir(root) as scan:
            entries = sorted(scan, key=lambda entry: entry.name)
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            if not entry.is_dir():  # never one of the excluded folders: no need to resolve it
                self._file(entry, root, relative, skip_project_dirs, in_snippets, found)
                continue
            target = os.path.realpath(entry.path) if entry.is_symlink() else f"{real}/{name}"
            if target in self.excluded:
                continue
            if name in ("node_modules", "__pycache__") or (skip_project_dirs and name in SKIPPED_DIRS):
                continue
            snippets = in_snippets or name in SNIPPET_DIRS
            if snippets and not self.files:
                continue  # no page in there
            if self._ignored(relative + name, folder=True):
                continue
            path = root / name
            if self._confined(entry, path, "folder"):
                found.extend(self.folder(path, False, f"{relative}{name}/", target, snippets))
        self.walking.discard(real)
        return found

    def _file(self, entry: os.DirEntry[str], root: Path, relative: str, project_root: bool, in_snippets: bool,
              found: list[tuple[Path, str]]) -> None:
        """Adds a file entry to `found` (a page) or to `others` (published as it is), unless
        ignored or a link leading out of the project."""
        name = entry.name
        kind = self._kind(name, project_root, in_snippets)
        if kind is None or not (entry.is_file() or entry.is_symlink()):
            return
        if self._ignored(relative + name):
            return
        path = root / name
        if self._confined(entry, path, "file") and entry.is_file():
            (found if kind == "page" else self.others).append((path, relative + name))

    def _ignored(self, relative: str, folder: bool = False) -> bool:
        """Whether `.mintignore` matches this path under the walk's root."""
        return self.ignore.spec is not None and self.ignore.ignores(self.prefix + relative, folder=folder)

    def _kind(self, name: str, project_root: bool, in_snippets: bool) -> str | None:
        """"page", "file" (published as it is) or None (neither) for a file of this name."""
        if name.endswith(PAGE_SUFFIXES):
            if self.pages and not in_snippets and not (project_root and name.lower() in SKIPPED_ROOT_PAGES):
                return "page"
            return None  # a snippet, or a page the walk does not collect (never a file)
        if not self.files or (in_snippets and name.endswith(SNIPPET_SUFFIXES)):
            return None  # a snippet folder's component modules are imported, not published
        return None if project_root and name in CONFIG_FILE_NAMES else "file"

    def _confined(self, entry: os.DirEntry[str], path: Path, kind: str) -> bool:
        if not entry.is_symlink() or inside_project(self.real_project, path) is not None:
            return True
        self.warnings.append(f"{_display(self.project_dir, path)}: links to a {kind} {OUTSIDE}; not published")
        return False


def _display(project_dir: Path, source: Path) -> str:
    try:
        return source.relative_to(project_dir).as_posix()
    except ValueError:
        return str(source)


def read_page(project_dir: Path, source: Path, page_id: str, display: str | None = None) -> Page:
    """The page in `source` (`display`: its path in the project, when the caller knows it)."""
    display = display or _display(project_dir, source)
    # At most MAX_PAGE_BYTES are read; binary files (a NUL byte) and invalid UTF-8 are named
    # with their byte offset.
    text = read_text(source, display, limit=MAX_PAGE_BYTES, kind="a page", error=ContentError)
    meta, body_text, body_line = split_front_matter(text, display)
    return _page(source, page_id, display, meta, Body(body_text), body_line, _key_lines(text), _text_digest(text))


def _text_digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=20).hexdigest()


def page_from_front_matter(source: Path, page_id: str, display: str, meta: dict[str, Any], body: Body) -> Page:
    """A page whose front matter comes from elsewhere than its file (an OpenAPI operation's
    `x-mint.metadata`); ContentError for a value that is not text where text is needed."""
    return _page(source, page_id, display, meta, body, 1, {}, "")


def _page_mode(mode: str, where: str, warnings: list[str]) -> str:
    """`mode`, or "default" (with a warning) for one a static site cannot show."""
    if mode == "assistant":  # Mintlify's full-page chat with its hosted assistant
        warnings.append(f"{where}: front matter: mode: 'assistant' needs "
                        "Mintlify's hosted assistant, which a static site has not; using 'default'")
        return "default"
    if mode not in PAGE_MODES:
        warnings.append(f"{where}: front matter: mode: {mode!r} is not "
                        "one of 'default', 'wide', 'custom', 'center' or 'frame'; using 'default'")
        return "default"
    return mode


def _keywords(value: Any) -> list[str]:
    """Front matter `keywords`: a comma-separated text or a list of texts."""
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return [part.strip() for part in str(value).split(",")]
    if isinstance(value, list):
        return [str(item).strip() for item in value if isinstance(item, (str, int, float))]
    return []


def _page(source: Path, page_id: str, display: str, meta: dict[str, Any], body: Body, body_line: int,
          key_lines: dict[str, int], digest: str) -> Page:
    """A page from its parsed front matter and its body."""
    warnings: list[str] = []  # values that fell back to a default

    def text_field(key: str) -> str | None:
        value = meta.get(key)
        if value is None:
            return None
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise ContentError(f"{location(display, key_lines.get(key))}: front matter: {key}: {_short(value)} "
                               "is not a string")
        control = first_control_character(str(value))
        if control is not None:  # YAML escapes ("\0") can write them; they would break the HTML
            warnings.append(f"{location(display, key_lines.get(key))}: front matter: {key}: contains the "
                            f"control character {control}; removed")
            return without_control_characters(str(value))
        return str(value)

    def flag(key: str, default: bool = False) -> bool:
        value = meta.get(key)
        if value is None:
            return default
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            return value.strip().lower() == "true"
        warnings.append(f"{location(display, key_lines.get(key))}: front matter: {key}: {_short(value)} "
                        f"is not true or false; using {'true' if default else 'false'}")
        return default

    mode = _page_mode(text_field("mode") or "default", location(display, key_lines.get("mode")), warnings)
    keywords = _keywords(meta.get("keywords"))
    title = text_field("title")
    metatags = _page_metatags(meta, display, key_lines, warnings)
    last_updated = _last_updated(meta.get("lastUpdatedDate"), location(display, key_lines.get("lastUpdatedDate")),
                                 warnings)
    return Page(
        id=page_id,
        source=source,
        display_path=display,
        url=url_for(page_id),
        output=url_for(page_id) + "index.html",
        title=title or humanize(page_id.rsplit("/", 1)[-1]),
        description=text_field("description"),
        sidebar_title=text_field("sidebarTitle"),
        icon=text_field("icon"),
        openapi=text_field("openapi"),
        version=text_field("version"),
        meta=meta,
        body_text=body,
        body_line=body_line,
        has_explicit_title=title is not None,
        icon_type=text_field("iconType"),
        mode=mode,
        link_out=text_field("url"),
        tag=text_field("tag"),
        hidden=flag("hidden"),
        noindex=flag("noindex"),
        searchable=flag("searchable", default=True),
        hide_pagination=flag("hideFooterPagination"),
        metatags=metatags,
        last_updated=last_updated,
        deprecated=flag("deprecated"),
        rss=flag("rss"),
        keywords=tuple(word for word in keywords if word),
        auth_method=text_field("authMethod"),
        asyncapi=text_field("asyncapi"),
        key_lines=key_lines,
        warnings=tuple(warnings),
        text_digest=digest,
    )


# Front matter keys that are head tags (Mintlify's page-specific meta tags).
_TAG_PREFIXES = ("og:", "twitter:", "article:")
_TAG_NAMES = ("robots", "canonical")


def _page_metatags(meta: dict[str, Any], display: str, key_lines: dict[str, int],
                   warnings: list[str]) -> tuple[tuple[str, str], ...]:
    """The page's own head tags, in the order written; a value that is not text is a warning."""
    tags: list[tuple[str, str]] = []
    for key, value in meta.items():
        name = key.strip().lower() if isinstance(key, str) else ""
        if not (name.startswith(_TAG_PREFIXES) or name in _TAG_NAMES) or len(name) > 80:
            continue
        where = f"{location(display, key_lines.get(key))}: front matter: {key}"
        if isinstance(value, bool) or not isinstance(value, (str, int, float)) or not str(value).strip():
            warnings.append(f"{where}: {_short(value)} is not a string; no {name} tag is written")
            continue
        text = without_control_characters(str(value)).strip()
        if name == "canonical" and not re.match(r"https?://[^\s/]+", text):
            warnings.append(f"{where}: {_short(value)} is not an http(s) URL; the page's own canonical URL is used")
            continue
        tags.append((name, text))
    # Twitter's tags fall back to their Open Graph twins (Mintlify's rule for page front matter).
    names = {name for name, _ in tags}
    for twitter, og in (("twitter:title", "og:title"), ("twitter:description", "og:description"),
                        ("twitter:image", "og:image")):
        if twitter not in names:
            tags += [(twitter, text) for name, text in tags if name == og]
    return tuple(tags)


def _last_updated(value: Any, where: str, warnings: list[str]) -> str | None:
    """`lastUpdatedDate`, a date or an ISO 8601 timestamp, as YYYY-MM-DD (YAML may have read it as a date)."""
    import datetime

    if value is None:
        return None
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()[:10]
    if isinstance(value, str):
        try:
            return datetime.datetime.fromisoformat(value.strip().replace("Z", "+00:00")).date().isoformat()
        except ValueError:
            pass
    warnings.append(f"{where}: front matter: lastUpdatedDate: {_short(value)} is not a date (YYYY-MM-DD or an "
                    "ISO 8601 timestamp); the last commit's date is shown")
    return None


# A plain key, or a quoted one (`"og:image":`, as Mintlify's SEO keys must be written).
_TOP_KEY = re.compile(r"""^(?:"([^"\n]+)"|'([^'\n]+)'|([A-Za-z_][\w-]*))[ \t]*:""", re.M)


def _key_lines(text: str) -> dict[str, int]:
    """Line of each top-level front matter key, for messages (YAML keeps no positions)."""
    match = FRONT_MATTER.match(text.removeprefix("\ufeff"))
    if not match:
        return {}
    lines: dict[str, int] = {}
    for key in _TOP_KEY.finditer(match.group(1)):
        name = key.group(1) or key.group(2) or key.group(3)
        lines.setdefault(name, match.group(1).count("\n", 0, key.start()) + 2)
    return lines


def split_front_matter(text: str, display: str) -> tuple[dict[str, Any], str, int]:
    """(front matter, body, line where the body starts). YAML errors name file and line."""
    text = text.removeprefix("\ufeff")
    match = FRONT_MATTER.match(text)
    if not match:
        return {}, text, 1
    try:
        meta = _load_yaml(match.group(1))
    except YamlShapeError as exc:  # nesting, alias cycles and bombs: refused before loading
        raise ContentError(f"{location(display, exc.line + 1, exc.column)}: front matter: {exc.message}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        if problem == "found unhashable key":
            problem = "a key must be text, not a list or a mapping"
        # +2: the opening '---' is line 1 and YAML marks are 0-based.
        line = mark.line + 2 if mark is not None else 1
        column = mark.column + 1 if mark is not None else None
        raise ContentError(f"{location(display, line, column)}: front matter: {problem}") from None
    if not isinstance(meta, dict):
        raise ContentError(f"{location(display, 2)}: front matter must be a mapping of keys to values, "
                           f"not {_kind(meta)}")
    body_line = text.count("\n", 0, match.end()) + 1
    meta = {str(k): v for k, v in meta.items()}
    return meta, text[match.end():], body_line


def _short(value: Any) -> str:
    """A value as a message shows it: shortened (reprlib), never the whole of a hostile file."""
    return _REPR.repr(value)


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlevel = 3


def _kind(value: object) -> str:
    return {list: "a list", str: "a text", int: "a number", float: "a number", bool: "a boolean"}.get(
        type(value), type(value).__name__)


def _load_yaml(text: str) -> object:
    import yaml

    check_yaml(text)  # raises YamlShapeError: later walks and copies of the data stay linear
    # libyaml's loader is >10x faster than the pure-Python one (both are "safe" loaders); on
    # an error the pure-Python one re-reads the text because its messages and marks are better.
    try:
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    except yaml.YAMLError:
        return yaml.safe_load(text) or {}  # raises again, with the precise mark and wording


def humanize(slug: str) -> str:
    """'getting-started' -> 'Getting started' (title fallback for pages without one)."""
    words = re.sub(r"[-_]+", " ", slug).strip()
    return words[:1].upper() + words[1:] if words else slug
