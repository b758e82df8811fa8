"""`sitegen openapi-pages`: write a page stub for every operation (and OpenAPI 3.1 webhook)
that has no page yet.

A stub is an `.mdx` file whose front matter names the operation (`openapi: POST /plants`,
`openapi: webhook plantAdded`);
the API page itself is generated from the spec at build time.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import yaml

from sitegen.confine import inside_project
from sitegen.errors import OpenAPIError
from sitegen.openapi.model import ApiCatalog, Operation
from sitegen.pages import FRONT_MATTER, PAGE_SUFFIXES
from sitegen.untrusted import MAX_PAGE_BYTES, YamlShapeError, check_yaml, read_limited

SKIP_DIRS = {"node_modules", "site", ".git", ".venv", "venv", "__pycache__"}


def _page_files(project_dir: Path) -> list[Path]:
    files = []
    project_dir = project_dir.resolve()
    for path in sorted(project_dir.rglob("*")):
        if (path.suffix in PAGE_SUFFIXES and os.path.isfile(path) and inside_project(project_dir, path) is not None
                and not SKIP_DIRS.intersection(path.relative_to(project_dir).parts[:-1])):
            files.append(path)
    return files


def documented_operations(project_dir: Path, catalog: ApiCatalog) -> set[int]:
    """ids of the operations some page's front matter already points at."""
    found: set[int] = set()
    for path in _page_files(project_dir):
        try:  # the build reports unreadable pages and broken front matter; here we only look
            data, too_big = read_limited(path, MAX_PAGE_BYTES)
        except OSError:
            continue
        match = FRONT_MATTER.match(data.decode("utf-8", errors="replace")) if too_big is None else None
        if not match:
            continue
        try:
            check_yaml(match.group(1))  # deep nesting would be a RecursionError in safe_load
            meta = yaml.safe_load(match.group(1))
        except (yaml.YAMLError, YamlShapeError):
            continue
        ref = meta.get("openapi") if isinstance(meta, dict) else None
        if isinstance(ref, str):
            try:
                found.add(id(catalog.find(ref, path.name)))
            except OpenAPIError:
                continue
    return found


def slugify(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug or "operation"


def stub_name(operation: Operation) -> str:
    if operation.summary:
        return slugify(operation.summary)
    return slugify(operation.ref)


def write_operation_stubs(project_dir: Path, catalog: ApiCatalog, out_dir: Path) -> list[Path]:
    """Write `out_dir/<slug>.mdx` for each undocumented operation; returns the new files.
    An `x-excluded` operation gets none; an `x-hidden` one a stub with `hidden: true` (a
    page that links reach but that is not listed or searched, as Mintlify makes it).

    Existing files are never overwritten: a name already taken gets a numeric suffix.
    """
    project_dir = project_dir.resolve()
    out_dir = out_dir if out_dir.is_absolute() else project_dir / out_dir
    documented = documented_operations(project_dir, catalog)
    several = len(catalog.specs) > 1
    written: list[Path] = []
    for operation in catalog.operations_and_webhooks():
        if id(operation) in documented or operation.excluded:
            continue
        out_dir.mkdir(parents=True, exist_ok=True)
        base = stub_name(operation)
        target = out_dir / f"{base}.mdx"
        counter = 2
        while target.exists():
            target = out_dir / f"{base}-{counter}.mdx"
            counter += 1
        ref = f"{operation.spec_source} {operation.ref}" if several else operation.ref
        meta: dict[str, object] = {"title": operation.summary or operation.ref, "openapi": ref}
        if operation.hidden:
            meta["hidden"] = True
        front = yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, width=1000)
        target.write_text(f"---\n{front}---\n", encoding="utf-8")
        written.append(target)
    return written


def write_missing_stubs(project: Path, out: Path) -> tuple[Path, list[Path]]:
    """`sitegen openapi-pages`: a stub for every operation without a page; (project folder,
    the files written). Errors are SitegenError."""
    from sitegen.config import find_project_dir, load_config  # config comes before openapi in the pipeline
    from sitegen.openapi.load import find_openapi_files, load_openapi

    project_dir = find_project_dir(project.resolve())
    site = load_config(project_dir).config
    # Like the build: without an `openapi` entry, every OpenAPI file in the tree.
    sources = site.openapi_sources or find_openapi_files(project_dir, (project_dir / "site",))
    if not sources:
        raise OpenAPIError(f"{project_dir}: no 'openapi' entry in the config and no OpenAPI file in the project; "
                           "nothing to generate pages from")
    catalog = load_openapi(project_dir, sources)
    return project_dir.resolve(), write_operation_stubs(project_dir, catalog, out)
