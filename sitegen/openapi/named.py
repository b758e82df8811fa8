"""OpenAPI files a page names itself: `openapi: path/to/spec.json GET /users` (or
`path/to/spec.json webhook userCreated`) finds that file
anywhere in the project, as on Mintlify, which uploads every OpenAPI file of a repository
whether docs.json lists it or not. Such a file is loaded on first use, once for all the pages
naming it, and validated like the files docs.json lists.

A page naming no file (`openapi: GET /users`) whose operation none of docs.json's files has
is looked for in the project's other OpenAPI files too (path order, the first match wins), as
Mintlify documents: it searches every specification of the repository."""

from __future__ import annotations

import os
import posixpath
from pathlib import Path

from sitegen.confine import inside_project, refusal
from sitegen.errors import OpenAPIError
from sitegen.openapi.documents import DocumentStore, is_url
from sitegen.openapi.load import find_openapi_files, load_spec
from sitegen.openapi.model import ApiCatalog, ApiSpec, Operation, parse_operation_ref

_SPEC_SUFFIXES = (".json", ".yaml", ".yml")


class NamedFiles:
    """Looks a page's `openapi:` up in the loaded catalog, or in the project file it names."""

    def __init__(self, catalog: ApiCatalog, store: DocumentStore, *, unlisted: bool = False,
                 exclude: tuple[Path, ...] = ()) -> None:
        """`unlisted`: the catalog holds only the files docs.json lists, so the project's other
        OpenAPI files are searched for an operation named without a file; `exclude`: folders
        that search skips (the output)."""
        self.catalog = catalog
        self.store = store
        self._search_unlisted = unlisted
        self._exclude = exclude
        self._unlisted: tuple[ApiSpec, ...] | None = None  # loaded on the first page that needs them
        # Per resolved file: its spec, or the messages of its failed load (reported in full
        # on the first page that names it, then only referred to).
        self._loaded: dict[Path, ApiSpec | tuple[str, ...]] = {}
        self._reported: set[Path] = set()

    def lookup(self, ref: str, page: str, page_path: str = "") -> tuple[Operation, list[str]]:
        """Like `ApiCatalog.lookup`; a FILE not among the catalog's documents is looked for in
        the project, from its root, then (unless FILE starts with `/`) from the folder of
        `page_path` (the page's project-relative path), its extension optional. OpenAPIError
        when it is missing, outside the project, broken, or has no such operation."""
        parsed = parse_operation_ref(ref)
        file = parsed.file if parsed is not None else ""
        if parsed is None or not file or is_url(file) or self.catalog.has_file(file):
            try:
                return self.catalog.lookup(ref, page)  # URLs are only ever the ones docs.json lists
            except OpenAPIError:
                if parsed is None or file or not self.unlisted_specs():
                    raise
            return ApiCatalog(self.catalog.specs + self.unlisted_specs()).lookup(ref, page)
        project = self.store.project_dir
        looked: list[str] = []
        linked_out = False  # a path inside the project that a symlink leads out of it
        for candidate in _candidates(file, page_path):
            real = inside_project(project, project / candidate)
            if real is None:
                linked_out = linked_out or not candidate.startswith("../")
                continue
            looked.append(candidate)
            if os.path.isfile(real):
                return ApiCatalog((self._spec(real, candidate, page, file),)).lookup(parsed.name, page)
        if linked_out or not looked:
            raise OpenAPIError(refusal(f"{page}: openapi", file))
        raise OpenAPIError(f"{page}: openapi: file '{file}' not found (looked for {', '.join(looked)}); "
                           f"the OpenAPI files are: {self.catalog.names(self.catalog.specs)}")

    def unlisted_specs(self) -> tuple[ApiSpec, ...]:
        """The project's OpenAPI files docs.json does not list, in path order (none unless
        `unlisted`); one that does not load is left out (a page naming it says why)."""
        if self._unlisted is None:
            self._unlisted = ()
            if self._search_unlisted:
                listed = {spec.uri for spec in self.catalog.specs}
                project = self.store.project_dir
                found = []
                for source in find_openapi_files(project, self._exclude):
                    real = (project / source).resolve()
                    if real.as_uri() in listed:
                        continue
                    loaded = self._load(real, source)
                    if isinstance(loaded, ApiSpec):
                        found.append(loaded)
                self._unlisted = tuple(found)
        return self._unlisted

    def _spec(self, real: Path, source: str, page: str, file: str) -> ApiSpec:
        same = next((spec for spec in self.catalog.specs if spec.uri == real.as_uri()), None)
        if same is not None:  # docs.json's file, written another way ("docs/../openapi.json")
            return same
        loaded = self._load(real, source)
        if isinstance(loaded, ApiSpec):
            return loaded
        if real in self._reported:
            raise OpenAPIError(f"{page}: openapi: file '{file}' is not a valid OpenAPI file (see above)")
        self._reported.add(real)
        raise OpenAPIError([f"{page}: openapi: {message}" for message in loaded])


    def _load(self, real: Path, source: str) -> ApiSpec | tuple[str, ...]:
        """The file at `real` (`source`: its project-relative path), loaded once, or the
        messages of why it does not load."""
        if real not in self._loaded:
            try:
                self._loaded[real] = load_spec(self.store, source)
            except OpenAPIError as exc:
                self._loaded[real] = tuple(exc.messages)
        return self._loaded[real]


def _candidates(file: str, page_path: str) -> list[str]:
    """Project-relative paths FILE may mean, in the order they are tried: from the project
    root (`/api/spec.json` and `./api/spec.json` too), then from the page's folder; each
    as written, then with `.json`, `.yaml` and `.yml` when it has none of them. A path
    leaving the project keeps its leading `../` (and is refused)."""
    bases = [""]
    folder = posixpath.dirname(page_path)
    if folder and not file.startswith("/"):
        bases.append(folder)
    found: list[str] = []
    for base in bases:
        path = posixpath.normpath(posixpath.join(base, file.lstrip("/")))
        variants = [path] if path.lower().endswith(_SPEC_SUFFIXES) else [path] + [path + s for s in _SPEC_SUFFIXES]
        found.extend(v for v in variants if v not in found)
    return found
