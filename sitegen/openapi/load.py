"""`load_openapi`: read, validate and model the OpenAPI documents named in docs.json."""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sitegen.confine import inside_project
from sitegen.errors import OpenAPIError
from sitegen.openapi.documents import CheckedDocuments, Document, DocumentStore, check_refs, to_pointer
from sitegen.openapi.lenient import Leniency, Referenced, lenient
from sitegen.openapi.model import ApiCatalog, ApiSpec, OperationBuilder

if TYPE_CHECKING:
    from openapi_spec_validator.validation import keywords
    from openapi_spec_validator.validation.validators import SpecValidator

MAX_ERRORS = 10  # enough to fix a file in one go without flooding the terminal
MAX_VALUE_CHARS = 80  # a value quoted in a message, cut beyond this
SNIFF_BYTES = 4096  # `openapi: 3.x` is the first key of nearly every spec
_SNIFF = re.compile(rb"""(?m)(?:^|[{,])\s*["']?openapi["']?\s*:\s*["']?3\.""")
_SPEC_SUFFIXES = (".json", ".yaml", ".yml")
_NEVER_SCANNED = frozenset({"node_modules", "__pycache__", "venv"})


def find_openapi_files(project_dir: Path, exclude: Iterable[Path] = ()) -> list[str]:
    """Project-relative paths of every OpenAPI 3.x file in the tree, in path order: Mintlify
    loads them all when docs.json names none. Only the first bytes of each JSON/YAML file are
    read to tell (big data files are never parsed); dot folders, node_modules and `exclude`
    (the output folder) are skipped."""
    project_dir = project_dir.resolve()
    skipped = {Path(path).resolve() for path in exclude}
    found: list[str] = []
    for folder, dirs, files in os.walk(project_dir):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _NEVER_SCANNED
                         and (here / d).resolve() not in skipped)
        for name in sorted(files):
            if not name.lower().endswith(_SPEC_SUFFIXES) or name.startswith("."):
                continue
            if inside_project(project_dir, here / name) is None:
                continue  # a link out of the project: not even sniffed
            try:
                with open(here / name, "rb") as handle:
                    head = handle.read(SNIFF_BYTES)
            except OSError:
                continue
            if _SNIFF.search(head.removeprefix(b"\xef\xbb\xbf")):
                found.append((here / name).relative_to(project_dir).as_posix())
    return sorted(found)


def load_discovered(project_dir: Path, sources: Sequence[str], checked: CheckedDocuments | None = None,
                    ) -> tuple[ApiCatalog, list[str]]:
    """Like `load_openapi` for files found by `find_openapi_files`: nobody asked for them,
    so one that does not load is a warning and left out, not an error."""
    specs: list[ApiSpec] = []
    warnings: list[str] = []
    for source in sources:
        notes: list[str] = []  # a loaded file's warnings, kept only when it loads
        try:
            specs.extend(load_openapi(project_dir, [source], notes=notes, checked=checked).specs)
        except OpenAPIError as exc:
            warnings.extend(f"{message}; {source} left out of the API pages" for message in exc.messages[:3])
        else:
            warnings.extend(notes)
    return ApiCatalog(tuple(specs)), warnings


def load_openapi(project_dir: Path, sources: Sequence[str], *, cache_dir: Path | None = None, offline: bool = False,
                 notes: list[str] | None = None, checked: CheckedDocuments | None = None) -> ApiCatalog:
    """Load every docs.json `openapi` entry (project-relative path or http(s) URL).

    Raises `OpenAPIError` naming the file (and line/column or JSON pointer) on any problem.
    """
    store = DocumentStore(project_dir, cache_dir=cache_dir, offline=offline, notes=notes, checked=checked)
    specs: list[ApiSpec] = []
    errors: list[str] = []
    for source in sources:
        try:
            specs.append(load_spec(store, source))
        except OpenAPIError as exc:
            errors.extend(exc.messages)
    if errors:
        raise OpenAPIError(errors)
    return ApiCatalog(tuple(specs))


def load_spec(store: DocumentStore, source: str) -> ApiSpec:
    """One document (a project-relative path or URL), read through `store`, validated and
    modelled; `OpenAPIError` naming the file on any problem."""
    doc = store.load(store.source_uri(source), name=source)
    leniency = _check_document(store, doc)
    try:
        return OperationBuilder(store, doc, source, unusable_schemes=leniency.unusable_schemes).spec()
    except (AttributeError, TypeError, KeyError, ValueError, IndexError):
        # The validator does not look into the documents $refs reach; a value of the wrong
        # kind there (`properties` as a list) reaches the model.
        raise OpenAPIError(f"{doc.name}: not a valid OpenAPI document: a value it refers to ($ref) has the wrong "
                           "kind (a list where a mapping belongs, or the like)") from None


def _check_document(store: DocumentStore, doc: Document) -> Leniency:
    """Refuse a document no page can be made of; what Mintlify builds through is a warning."""
    if not isinstance(doc.data, dict):
        raise OpenAPIError(f"{doc.name}: not an OpenAPI document (expected a mapping at the top)")
    version = doc.data.get("openapi")
    if not isinstance(version, str) or not version.startswith("3."):
        found = f"'openapi: {version}'" if version is not None else "no 'openapi' version"
        raise OpenAPIError(f"{doc.name}: only OpenAPI 3.x is supported, found {found}")
    reached = check_refs(store, doc)
    leniency = lenient(doc.name, doc.data, store, doc.uri)
    referenced = check_referenced(version, leniency.referenced)
    if referenced:
        raise OpenAPIError(referenced)
    findings = _validate_once(store, doc, leniency, reached)
    if findings.errors:
        raise OpenAPIError(findings.errors)
    store.notes.extend(leniency.warnings)
    store.notes.extend(findings.warnings)
    return leniency


# The OpenAPI schema's name of each object a `$ref` may reach: (3.0's, 3.1's and 3.2's).
_DEFINITIONS = {"path": ("PathItem", "path-item"), "parameter": ("Parameter", "parameter"),
                "header": ("Header", "header"), "body": ("RequestBody", "request-body"),
                "response": ("Response", "response"), "callback": ("Callback", "callbacks")}


def check_referenced(version: str, referenced: Sequence[Referenced]) -> list[str]:
    """What the OpenAPI schema says of each object `$ref`s reach in other documents, as the
    validator says it of the file (`file: /json/pointer: message`). The validator does not check
    them (a path item it follows, and trips over when it is broken), and the model cannot read
    one of the wrong shape (headers as a list). Schemas are left to `lenient` and the model,
    which build through what Mintlify builds through. Checked before the validator runs, which
    would trip over the same objects."""
    from jsonschema.exceptions import best_match

    errors: list[str] = []
    for target in referenced:
        if target.kind not in _DEFINITIONS or (target.kind != "path" and isinstance(target.value, dict)
                                               and "$ref" in target.value):
            continue  # a Reference to a Reference: the object at the end of the chain is checked
        validator = _object_validator(version[:3], target.kind)
        if validator is None:
            return []
        for found in validator.iter_errors(target.value):
            error = _plainest(found, best_match)
            text = str(error.message).strip().splitlines()[0] if str(error.message).strip() else "invalid"
            message = f"{target.document}: {to_pointer((*target.path, *error.absolute_path))}: {text}"
            if message not in errors:
                errors.append(message)
            if len(errors) >= MAX_ERRORS:
                return errors
    return errors


def _plainest(error: Any, best_match: Any) -> Any:
    """The error a person fixes: of a `oneOf` of an object or a Reference, what the object
    lacks (`'in' is a required property`), not that no alternative or several matched."""
    leaves: list[Any] = []
    pending = [error]
    while pending:
        current = pending.pop()
        if current.context:
            pending.extend(current.context)
        elif current.validator not in ("oneOf", "anyOf", "not") and not (
                current.validator == "required" and current.validator_value == ["$ref"]):
            leaves.append(current)
    return best_match(leaves) if leaves else best_match([error])


@functools.cache
def _object_validator(version: str, kind: str) -> Any:
    """A JSON Schema validator of one OpenAPI object of `kind` (None for an unknown version),
    its schemas accepted as any object: `lenient` and the model read those."""
    from jsonschema.validators import validator_for
    from openapi_spec_validator.schemas import schema_v30, schema_v31, schema_v32

    full = {"3.0": schema_v30, "3.1": schema_v31, "3.2": schema_v32}.get(version)
    if full is None:
        return None
    if version == "3.0":  # draft 4: `definitions`, and a Reference or a Schema in each place
        definitions = {**full["definitions"], "Schema": {"type": "object", "not": {"required": ["$ref"]}}}
        root = {"definitions": definitions, "$ref": f"#/definitions/{_DEFINITIONS[kind][0]}"}
    else:
        root = {key: value for key, value in full.items()
                if key in ("$id", "$schema", "$defs")} | {"$ref": f"#/$defs/{_DEFINITIONS[kind][1]}"}
    cls = validator_for(full)
    return cls(root)


def _validate_once(store: DocumentStore, doc: Document, leniency: Leniency, reached: set[str]) -> Findings:
    """`validate`, or what it said when these exact documents were validated before (the
    validator is most of an API site's build)."""
    if store.checked is None:
        return validate(store, doc, leniency)
    documents = ((doc.name, doc.uri), *sorted((uri, store.digests.get(uri, "")) for uri in reached))
    known = store.checked.findings(documents)
    if known is not None:
        return Findings(*known)
    findings = validate(store, doc, leniency)
    store.checked.remember(documents, (findings.errors, findings.warnings))
    return findings


def _locating(base: type[keywords.KeywordValidator], *, value_keyword: str | None = None
              ) -> type[keywords.KeywordValidator]:
    """A keyword validator that records where in the document an error was found.

    The library reports schema errors relative to the schema it checked, and semantic errors
    (unresolved path parameters, duplicate operationIds) with no location at all; we remember
    the path of the object being checked (innermost call first) so messages carry a pointer.
    `value_keyword` ("default") marks the checker of a schema's own value: its errors are
    values that do not fit their schema, which Mintlify shows as written (`ValueMismatch`).
    """

    from jsonschema_path import SchemaPath
    from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

    # a subclass of a class chosen at run time: mypy cannot check a dynamic base
    class Locating(base):  # type: ignore[misc, valid-type]
        def __call__(self, *args: Any, **kwargs: Any) -> Any:
            where = next((a for a in args if isinstance(a, SchemaPath)), None)
            for error in super().__call__(*args, **kwargs):
                if value_keyword is not None and where is not None:
                    # The library re-creates plain jsonschema errors on the way out, which
                    # would drop these attributes: make it one of its own first.
                    if not isinstance(error, OpenAPIValidationError):
                        error = OpenAPIValidationError.create_from(error)
                    error.sitegen_parts = (*where.parts, value_keyword)
                    error.sitegen_mismatch = ValueMismatch(value_keyword, args[-1], tuple(error.absolute_path),
                                                           where.read_value())
                elif where is not None and not hasattr(error, "sitegen_parts"):
                    error.sitegen_parts = tuple(where.parts) + tuple(error.absolute_path)
                yield error

    return Locating


def _with_locations(cls: type[SpecValidator]) -> type[SpecValidator]:
    wrapped = {name: (v if name == "__root__" else
                      _locating(v, value_keyword="default" if name == "default" else None))
               for name, v in cls.keyword_validators.items()}
    return type(cls.__name__, (cls,), {"keyword_validators": wrapped})


@functools.cache
def _validators() -> dict[type[SpecValidator], type[SpecValidator]]:
    """The validator classes, made on first use: the libraries behind them take longer to
    import than a build without OpenAPI documents takes to rebuild a page."""
    from openapi_spec_validator.validation.validators import (
        OpenAPIV30SpecValidator,
        OpenAPIV31SpecValidator,
        OpenAPIV32SpecValidator,
    )

    return {cls: _with_locations(cls)
            for cls in (OpenAPIV30SpecValidator, OpenAPIV31SpecValidator, OpenAPIV32SpecValidator)}


@dataclass(frozen=True)
class ValueMismatch:
    """A schema's `default` that its own schema does not accept."""

    keyword: str  # "default"
    value: Any
    inner: tuple[Any, ...]  # where in the value the validator stopped (() for the value itself)
    schema: Any  # the schema object holding it, to find where the file writes it


@dataclass(frozen=True)
class Findings:
    """What the validator said about a document: errors refuse it; warnings are values
    Mintlify builds through (a `default` its schema does not accept), each saying so."""

    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


class _WrittenPaths:
    """Where a document writes each of its objects: a schema reached through `$ref`s is named
    where the file writes it, not by the path that led to it. The walk is made once per
    document, on the first value that needs it, however many values do."""

    def __init__(self, data: Any) -> None:
        self._data = data

    def of(self, node: Any) -> tuple[Any, ...] | None:
        """The path of `node` (that very mapping or list) in the document."""
        return self._paths.get(id(node))

    @functools.cached_property
    def _paths(self) -> dict[int, tuple[Any, ...]]:
        # Depth first, each object's first path kept: an object a YAML alias repeats is named
        # where it is first written, and walked once.
        paths: dict[int, tuple[Any, ...]] = {}
        pending: list[tuple[Any, tuple[Any, ...]]] = [(self._data, ())]
        while pending:
            current, path = pending.pop()
            if not isinstance(current, (dict, list)) or id(current) in paths:
                continue
            paths[id(current)] = path
            if isinstance(current, dict):
                pending.extend((value, (*path, key)) for key, value in current.items())
            else:
                pending.extend((value, (*path, index)) for index, value in enumerate(current))
        return paths


def _mismatch_message(doc: Document, leniency: Leniency, written_paths: _WrittenPaths, parts: tuple[Any, ...],
                      mismatch: ValueMismatch, text: str) -> str:
    written = written_paths.of(mismatch.schema)
    if written is not None:
        parts = (*leniency.written_path(written), mismatch.keyword)
    value = json.dumps(mismatch.value, ensure_ascii=False, default=str)
    if len(value) > MAX_VALUE_CHARS:
        value = value[:MAX_VALUE_CHARS - 1] + "…"
    inner = f" at {to_pointer(mismatch.inner)}" if mismatch.inner else ""
    return (f"{doc.name}: {to_pointer(parts)}: {mismatch.keyword} {value} does not match its schema "
            f"({text}{inner}); shown and used in examples as written")


def _add_finding(findings: Findings, doc: Document, leniency: Leniency, written_paths: _WrittenPaths,
                 error: Any) -> None:
    """One validator error as an error line, or a warning when it is a value mismatch."""
    parts = getattr(error, "sitegen_parts", None)
    if parts is None:
        parts = tuple(error.absolute_path)
    parts = leniency.written_path(tuple(parts))
    text = str(error.message).strip().splitlines()[0] if str(error.message).strip() else "invalid"
    mismatch = getattr(error, "sitegen_mismatch", None)
    kept = findings.errors if mismatch is None else findings.warnings
    if len(kept) >= MAX_ERRORS:
        return
    message = (f"{doc.name}: {to_pointer(parts)}: {text}" if mismatch is None
               else _mismatch_message(doc, leniency, written_paths, parts, mismatch, text))
    if message not in kept:
        kept.append(message)


def validate(store: DocumentStore, doc: Document, leniency: Leniency) -> Findings:
    """openapi-spec-validator's findings as `file: /json/pointer: message` lines, about the
    document without what `leniency` already warned of."""
    from jsonschema_path import SchemaPath
    from openapi_spec_validator.shortcuts import get_validator_cls
    from openapi_spec_validator.validation.exceptions import ValidatorDetectError

    try:
        cls = _validators().get(get_validator_cls(doc.data))
    except ValidatorDetectError:
        cls = None
    if cls is None:
        return Findings([f"{doc.name}: unsupported OpenAPI version {doc.data.get('openapi')!r}"])
    handlers = {scheme: store.handler for scheme in ("<all_urls>", "file", "http", "https")}
    spec_path = SchemaPath.from_dict(leniency.data, base_uri=doc.uri, handlers=handlers)
    findings = Findings()
    written_paths = _WrittenPaths(leniency.data)
    try:
        for error in cls(spec_path).iter_errors():
            _add_finding(findings, doc, leniency, written_paths, error)
            if len(findings.errors) >= MAX_ERRORS:
                break
    except OpenAPIError as exc:
        findings.errors.extend(exc.messages)
    except Exception as exc:  # the validator raises many kinds on broken input
        if not findings.errors:  # after a structural error the semantic pass often trips over it
            findings.errors.append(f"{doc.name}: cannot validate: {exc!r}")
    return findings
