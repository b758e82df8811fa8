"""`sitegen build`'s persistent cache, `.sitegen-cache/build/` in the project (safe to delete).

It holds what a build reuses from the last one, each keyed by everything it depends on:

- `pages.sqlite` (`pagedb.py`): a row per page: its HTML and Markdown files and what the
  build needs of it afterwards (warnings, fragment links, ids, referenced files, features,
  its Markdown for llms-full.txt, its RSS feed items, its islands' module files). Keyed by the *site key* (sitegen's
  version and code, every theme file, docs.json, every YAML/JSON file and downloaded
  OpenAPI document, the set of paths in the project, every page's front matter, search on
  or off, the site URL's publishing settings), the page's id and its text; the snippets it
  inlined are checked by their hashes on every hit.
- `search/<key>/`: one Pagefind bundle per search shard, keyed by its pages' HTML
  (`search.shard_key`).
- `uptodate-*.json` (`uptodate.py`, beside them): the inputs and output of the last build,
  so that a build with nothing to do stops before importing anything.

Correctness over hit rate: a missing, damaged or mismatched entry is a miss, never an error,
and an entry never makes the build read or copy a file outside the project. What the build
did not use is deleted at its end, so the folder holds one build's worth.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import sitegen
from sitegen.cachedir import BUILD_SUBDIR, OPENAPI_SUBDIR, ensure_cache_dir
from sitegen.confine import inside_project
from sitegen.markdown import MISSING_SNIPPET, FeedItem
from sitegen.pipeline.pagedb import PageDatabase
from sitegen.pipeline.render_pages import PageResult
from sitegen.search import html_digest

FORMAT = 9  # bump when the entry layout changes
_DATABASE = "pages.sqlite"
_SEARCH = "search"

# Libraries whose version can change what a page looks like (parsing, highlighting, templates,
# math, diagrams, the search bundle's format, the icons in pages and navigation, the way
# dates are written).
_LIBRARIES = ("markdown-it-py", "mdit-py-plugins", "pygments", "jinja2", "pydantic", "pyyaml",
              "latex2mathml", "diagram-renderer", "pagefind", "pagefind-bin", "mdformat", "fontawesomefree", "lucide",
              "tabler-icons", "babel",
              "dash",  # ships React: whether a component that uses hooks is interactive
              # what refuses an OpenAPI file, or warns of it (pipeline/checked.py keeps its findings)
              "openapi-spec-validator", "openapi-schema-validator", "jsonschema", "jsonschema-path")


def _hash(*parts: bytes) -> str:
    digest = hashlib.blake2b(digest_size=20)
    for part in parts:
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()


def file_digest(path: Path) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "blake2b").hexdigest()[:40]


@functools.cache
def code_hash() -> str:
    """A hash of sitegen's own files (a developer's edit invalidates everything) and of the
    versions of the libraries that shape its output; once per process."""
    return package_hash(Path(sitegen.__file__).parent)


def package_hash(package: Path) -> str:
    """A hash of the files of `package` (bytecode left out) and of the library versions."""
    digest = hashlib.blake2b(digest_size=20)
    for library in _LIBRARIES:
        try:
            digest.update(f"{library}=={metadata.version(library)}\n".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{library} missing\n".encode())
    for folder, dirs, names in os.walk(package):
        dirs[:] = sorted(name for name in dirs if name != "__pycache__")
        for name in sorted(names):
            if not name.endswith(".pyc"):
                path = Path(folder) / name
                digest.update(path.relative_to(package).as_posix().encode() + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()


def _tree_digest(root: Path, skip: tuple[Path, ...] = ()) -> list[tuple[str, str]]:
    """(relative path, content hash) of every file under `root`."""
    found: list[tuple[str, str]] = []
    if not root.is_dir():
        return found
    for folder, dirs, names in os.walk(root):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if here / d not in skip)
        for name in sorted(names):
            path = here / name
            try:
                found.append((path.relative_to(root).as_posix(), file_digest(path)))
            except OSError:
                found.append((path.relative_to(root).as_posix(), "unreadable"))
    return found


def _skipped(here: Path, name: str, skip: tuple[Path, ...]) -> bool:
    """The output and cache folders, the staging folders made beside an output (random
    names: `.site.new-…`, `.site.old-…`) and git's database are no inputs."""
    path = here / name
    return name == ".git" or any(
        path == skipped
        or (here == skipped.parent and name.startswith((f".{skipped.name}.new-", f".{skipped.name}.old-")))
        for skipped in skip)


def project_paths(project_dir: Path, skip: tuple[Path, ...]) -> list[str]:
    """Every file and folder path in the project that a link could resolve to."""
    paths: list[str] = []
    for folder, dirs, names in os.walk(project_dir):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if not _skipped(here, d, skip))
        rel = here.relative_to(project_dir).as_posix()
        paths.append(rel + "/")
        paths.extend(f"{rel}/{name}" for name in sorted(names))
    return paths


@dataclass(frozen=True)
class SiteInputs:
    """What every page's output depends on besides its own source and snippets."""

    project_dir: Path
    skip: tuple[Path, ...]  # the output folder, the cache: never inputs
    theme_dirs: tuple[Path, ...]
    config_files: tuple[Path, ...]  # docs.json / mint.json (whichever exist)
    outline: object  # repr-able: every page's id and front matter (steps.page_outlines)
    extra: object  # repr-able: anything else the chrome shows (search on, home page copy...)


def site_key(inputs: SiteInputs) -> str:
    project = inputs.project_dir
    parts: list[bytes] = [f"format {FORMAT}".encode(), sitegen.__version__.encode(), code_hash().encode()]
    for theme_dir in inputs.theme_dirs:
        parts.append(repr((str(theme_dir), _tree_digest(theme_dir))).encode())
    parts.append(repr(_tree_digest(project / "themes", inputs.skip)).encode())
    for config in inputs.config_files:
        try:
            parts.append(config.name.encode() + b"\0" + config.read_bytes())
        except OSError:
            parts.append(config.name.encode() + b"\0missing")
    paths = project_paths(project, inputs.skip)
    parts.append("\n".join(paths).encode())
    # OpenAPI documents (and anything else YAML/JSON a page may load): their bytes.
    for rel in paths:
        if rel.endswith((".yaml", ".yml", ".json")):
            try:
                parts.append(rel.encode() + b"\0" + file_digest(project / rel).encode())
            except OSError:
                parts.append(rel.encode() + b"\0unreadable")
    parts.append(repr(_tree_digest(project / ".sitegen-cache" / OPENAPI_SUBDIR)).encode())
    parts.append(repr(inputs.outline).encode())
    parts.append(repr(inputs.extra).encode())
    return _hash(*parts)


@dataclass
class CachedPage:
    paths: dict[str, int]  # output path -> size of the page's HTML or Markdown (and the home page's root copy)
    digests: dict[str, bytes]  # output path -> the hash of its bytes (search.html_digest), as stored
    result: PageResult
    load_body: Callable[[], bytes | None]  # the files' bytes one after another (read only when needed)

    def files(self) -> dict[str, bytes] | None:
        """Output path -> bytes, or None when the stored body is gone or damaged."""
        body = self.load_body()
        if body is None or sum(self.paths.values()) != len(body):
            return None  # cut short or padded
        files: dict[str, bytes] = {}
        start = 0
        for path, size in self.paths.items():
            files[path] = body[start:start + size]
            start += size
        return files


class PageCache:
    """`.sitegen-cache/build/`: the pages (`pages.sqlite`) and the search shards' bundles."""

    def __init__(self, cache_root: Path, project_dir: Path, site: str) -> None:
        self.cache_root = cache_root
        self.root = cache_root / BUILD_SUBDIR
        self.project_dir = project_dir
        self.site = site
        self._used: set[str] = set()
        self._bundles_used: set[str] = set()
        self._usable = self._prepare()
        self._pages = PageDatabase(self.root / _DATABASE, FORMAT)

    def _prepare(self) -> bool:
        """The folder exists and leads nowhere else (a repository may have committed a link)."""
        try:
            ensure_cache_dir(self.cache_root)
            if self.cache_root.is_symlink() or self.root.is_symlink():
                return False
            self.root.mkdir(exist_ok=True)
            return not self.root.is_symlink()
        except OSError:
            return False

    def page_key(self, page_id: str, text_digest: str) -> str:
        """The key of a page: the site key, its id and a hash of its text as read."""
        return _hash(self.site.encode(), page_id.encode(), b"text\0" + text_digest.encode())

    # --- pages -----------------------------------------------------------------------------

    def hits(self, keys: Iterable[str]) -> Iterator[tuple[str, CachedPage]]:
        """(key, entry) of each of `keys` the cache holds whole, one at a time."""
        wanted = set(keys)
        self._used |= wanted
        if not self._usable:
            return
        for key, header, markdown in self._pages.rows():
            if key not in wanted:
                continue
            try:
                entry = self._decode(key, header, markdown)
            except (ValueError, TypeError, KeyError, AttributeError, OSError):
                entry = None  # damaged: rendered again
            if entry is not None:
                yield key, entry

    def _decode(self, key: str, header: bytes, markdown: bytes) -> CachedPage | None:
        # A header of JSON, then the page's files one after another in the body (their sizes
        # in the header): HTML in JSON strings would cost decoding. The body is read only
        # for the pages whose files the output does not keep.
        data = json.loads(header)
        if not isinstance(data, dict) or data.get("key") != key or data.get("format") != FORMAT:
            return None
        snippets = dict(data["snippets"])
        for name, digest in snippets.items():
            snippet = self._inside(str(name))
            if snippet is None or file_digest(snippet) != digest:
                return None
        assets: dict[str, Path] = {}
        for dest, source in dict(data["assets"]).items():
            asset = self._inside(str(source))
            if asset is None or not asset.is_file():
                return None  # outside the project, or gone (a card deleted from its cache)
            assets[str(dest)] = asset
        paths: dict[str, int] = {}
        digests: dict[str, bytes] = {}
        for output, size, digest in data["html"]:
            paths[str(output)] = int(size)
            if digest:
                digests[str(output)] = bytes.fromhex(digest)
        # Sizes, not hashes, are checked (here and in `CachedPage.files`): hashing every page
        # of a one-page rebuild again would cost more than the rebuild; what SQLite gives back
        # is what was stored.
        if data["markdown"] != len(markdown):
            return None  # cut short or padded
        result = PageResult(
            page_id=str(data["page_id"]),
            warnings=list(map(str, data["warnings"])),
            fragment_links=[(str(a), str(b), str(c)) for a, b, c in data["fragment_links"]],
            external_links=[(str(a), str(b)) for a, b in data["external_links"]],
            features=frozenset(map(str, data["features"])),
            ids=frozenset(map(str, data["ids"])),
            assets=assets,
            snippets=tuple(snippets),
            markdown=markdown.decode("utf-8"),
            feed_items=tuple(map(FeedItem.from_row, data["feed"])),
            islands={str(name): str(text) for name, text in data["islands"]},
        )
        return CachedPage(paths, digests, result, lambda: self._pages.body(key))

    def _inside(self, name: str) -> Path | None:
        path = Path(name)
        return inside_project(self.project_dir, path) if path.is_absolute() else None

    def store_pages(self, pages: Iterable[tuple[str, dict[str, bytes], PageResult]]) -> None:
        """Keep (key, files, result) of pages that rendered without errors, in one transaction
        (a render worker's task). A cache that cannot be written costs only time."""
        rows: list[tuple[str, bytes, bytes, bytes]] = []
        for key, files, result in pages:
            if result.errors or isinstance(result.ids, bytes) or not files:
                continue
            # The page's own HTML (the first file) with its hash: its search shard's key needs it.
            digests = {path: b"" for path in files}
            page = next(iter(files))
            digests[page] = result.digest or html_digest(files[page])
            snippets: dict[str, str] = {}
            try:
                for name in result.snippets:
                    if Path(name) != MISSING_SNIPPET:  # a missing snippet: the paths are in the site key
                        snippets[name] = file_digest(Path(name))
            except OSError:
                continue
            body, markdown = b"".join(files.values()), result.markdown.encode()
            data = {
                "format": FORMAT, "key": key, "page_id": result.page_id,
                "html": [[path, len(content), digests[path].hex()] for path, content in files.items()],
                "markdown": len(markdown),
                "warnings": result.warnings, "fragment_links": result.fragment_links,
                "external_links": result.external_links,
                "features": sorted(result.features), "ids": sorted(result.ids),
                "assets": {dest: str(source) for dest, source in result.assets.items()},
                "snippets": snippets,
                "feed": [item.to_row() for item in result.feed_items],
                "islands": list(result.islands.items()),
            }
            rows.append((key, json.dumps(data).encode(), body, markdown))
        if rows and self._usable:
            self._pages.put(rows)

    # --- search shards (search.BundleStore) ------------------------------------------------

    def bundle(self, key: str) -> Path | None:
        """The stored bundle of a search shard (whole: it was renamed into place), or None."""
        self._bundles_used.add(key)
        folder = self.root / _SEARCH / key
        if self._usable and not folder.parent.is_symlink() and not folder.is_symlink() \
                and (folder / "pagefind-entry.json").is_file():
            return folder
        return None

    def keep(self, key: str, bundle: Path) -> None:
        """Keep a copy of a shard's bundle, renamed into place once whole."""
        self._bundles_used.add(key)
        target = self.root / _SEARCH / key
        if not self._usable or target.exists():
            return
        try:
            target.parent.mkdir(exist_ok=True)
            scratch = Path(tempfile.mkdtemp(prefix=".new-", dir=target.parent))
            shutil.copytree(bundle, scratch, dirs_exist_ok=True)
            os.rename(scratch, target)
        except OSError:
            return

    # --- the end of a build ----------------------------------------------------------------

    def finish(self) -> None:
        """Remove every page and bundle this build did not use."""
        if not self._usable:
            return
        self._pages.keep_only(self._used)
        self._pages.close()
        searches = self.root / _SEARCH
        try:
            if searches.is_dir() and not searches.is_symlink():
                for path in searches.iterdir():
                    if path.name not in self._bundles_used:
                        if path.is_dir() and not path.is_symlink():
                            shutil.rmtree(path, ignore_errors=True)
                        else:
                            path.unlink(missing_ok=True)
        except OSError:
            return
