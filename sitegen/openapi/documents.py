"""Reading OpenAPI documents (files and URLs) and resolving ``$ref`` between them.

Every document is keyed by an absolute URI (``file:///...`` or ``http(s)://...``) so a
``$ref`` is always resolved relative to the document that contains it, whatever file or
server that document came from. Documents are parsed once and cached per load.
"""

from __future__ import annotations

import hashlib
import os
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import yaml

from sitegen.confine import inside_project, refusal
from sitegen.errors import OpenAPIError, location
from sitegen.openapi.fetch import fetch_text
from sitegen.untrusted import MAX_OPENAPI_BYTES, YamlShapeError, check_yaml, load_json, read_text

SOURCE_REFERRER = "docs.json: openapi"  # where a docs.json `openapi` entry was written


class _SpecLoader(yaml.SafeLoader):
    """SafeLoader that keeps OpenAPI data JSON-shaped.

    YAML would turn ``200:`` into an int key and ``2024-01-01`` into a date; OpenAPI
    means strings in both cases, and the validator and our model expect JSON types.
    """


_SpecLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _construct_mapping(loader: _SpecLoader, node: yaml.MappingNode) -> dict[str, Any]:
    loader.flatten_mapping(node)
    result: dict[str, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, bool):  # `yes:`/`true:` keys, keep what the author wrote
            key = key_node.value
        result[str(key) if not isinstance(key, str) else key] = loader.construct_object(
            value_node, deep=True
        )
    return result


_SpecLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


@dataclass(frozen=True)
class Document:
    uri: str  # absolute, no fragment
    name: str  # how messages name it: the docs.json spelling, a project-relative path or the URL
    data: Any


def is_url(source: str) -> bool:
    return source.startswith(("http://", "https://"))


def parse_text(text: str, name: str, *, json_first: bool) -> Any:
    """Parse YAML or JSON; syntax errors name file:line:col."""
    # Nesting and YAML aliases are checked first: the parsers, the validator, `collect_refs`
    # and every copy or dump of the data recurse per level or expand aliases.
    if json_first:
        return load_json(text, name, error=OpenAPIError, problem="invalid JSON: ")
    try:
        check_yaml(text)
    except YamlShapeError as exc:
        raise OpenAPIError(f"{location(name, exc.line, exc.column)}: {exc.message}") from None
    try:
        return yaml.load(text, Loader=_SpecLoader)  # SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = location(name, mark.line + 1, mark.column + 1) if mark else name
        problem = exc.problem or exc.context or "syntax error"
        raise OpenAPIError(f"{where}: invalid YAML: {problem}") from None
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        raise OpenAPIError(f"{name}: invalid YAML: {exc}") from None


def pointer_escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


def to_pointer(parts: tuple[Any, ...] | list[Any]) -> str:
    return "/" + "/".join(pointer_escape(str(p)) for p in parts) if parts else "/"


def _walk_pointer(data: Any, fragment: str) -> Any:
    """Follow a JSON pointer fragment ('/components/schemas/Plant'); KeyError when absent."""
    if fragment in ("", "/"):
        return data
    node = data
    for raw in fragment.lstrip("/").split("/"):
        part = urllib.parse.unquote(raw).replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise KeyError(part)
    return node


class CheckedDocuments(Protocol):
    """What the validator said of documents before (`sitegen build`'s persistent cache): by
    the exact bytes of a document and of every document its `$ref`s reach."""

    def findings(self, documents: tuple[tuple[str, str], ...]) -> tuple[list[str], list[str]] | None: ...

    def remember(self, documents: tuple[tuple[str, str], ...], findings: tuple[list[str], list[str]]) -> None: ...


class DocumentStore:
    """Loads documents by URI, once each, and resolves references between them."""

    def __init__(
        self,
        project_dir: Path,
        *,
        cache_dir: Path | None = None,
        offline: bool = False,
        notes: list[str] | None = None,
        checked: CheckedDocuments | None = None,
    ) -> None:
        """`cache_dir` keeps fetched URLs (normally `<project>/.sitegen-cache`); `offline`
        forbids the network; `notes` collects warnings (a cached copy used for a dead server);
        `checked` keeps the validator's findings between builds."""
        self.project_dir = project_dir.resolve()
        self.cache_dir = cache_dir
        self.offline = offline
        self.notes: list[str] = notes if notes is not None else []
        self.checked = checked
        self._docs: dict[str, Document] = {}
        self.digests: dict[str, str] = {}  # URI -> hash of the text read

    def source_uri(self, source: str) -> str:
        """The URI of a docs.json `openapi` entry (a URL, or a path relative to the project)."""
        if is_url(source):
            return urllib.parse.urldefrag(source)[0]
        path = Path(source)
        if not path.is_absolute():
            path = self.project_dir / path
        elif not os.path.exists(path):
            # Mintlify projects write "/openapi.yaml" meaning the project root.
            path = self.project_dir / source.lstrip("/")
        return path.resolve().as_uri()

    def display_name(self, uri: str) -> str:
        if uri.startswith("file:"):
            path = Path(urllib.request.url2pathname(urllib.parse.urlparse(uri).path))
            try:
                return path.relative_to(self.project_dir).as_posix()
            except ValueError:
                return str(path)
        return uri

    def load(
        self, uri: str, *, name: str | None = None, referrer: str | None = None, reference: str | None = None
    ) -> Document:
        """Read and parse the document at `uri`; `referrer` prefixes errors about missing files,
        `reference` is the `$ref` as written (what a refusal names instead of a real path)."""
        uri = urllib.parse.urldefrag(uri)[0]
        if uri in self._docs:
            return self._docs[uri]
        name = name or self.display_name(uri)
        text = self._read(uri, name, referrer, reference)
        self.digests[uri] = hashlib.blake2b(text.encode(), digest_size=20).hexdigest()
        path = urllib.parse.urlparse(uri).path
        data = parse_text(text, name, json_first=path.endswith(".json") or text.lstrip().startswith("{"))
        doc = Document(uri=uri, name=name, data=data)
        self._docs[uri] = doc
        return doc

    def _read(self, uri: str, name: str, referrer: str | None, reference: str | None = None) -> str:
        prefix = f"{referrer}: " if referrer else ""
        if uri.startswith("file:"):
            path = Path(urllib.request.url2pathname(urllib.parse.urlparse(uri).path))
            if inside_project(self.project_dir, path) is None:  # checked before anything is opened
                raise OpenAPIError(refusal(referrer or SOURCE_REFERRER, reference or name))
            if not os.path.exists(path):
                raise OpenAPIError(f"{prefix}{name}: OpenAPI file not found")
            # At most MAX_OPENAPI_BYTES are read; NUL bytes and invalid UTF-8 are named by offset.
            return read_text(path, f"{prefix}{name}", limit=MAX_OPENAPI_BYTES, kind="an OpenAPI file",
                             error=OpenAPIError)
        if not is_url(uri):
            raise OpenAPIError(f"{prefix}{uri}: unsupported URL scheme (use a path, http or https)")
        fetched = fetch_text(uri, cache_dir=self.cache_dir, offline=self.offline, referrer=referrer)
        if fetched.note:
            self.notes.append(fetched.note)
        return fetched.text

    def resolve(self, ref: str, base_uri: str, *, where: str = "") -> tuple[Any, str]:
        """Return (target value, absolute key 'uri#fragment') of `ref` written in `base_uri`."""
        absolute = urllib.parse.urljoin(base_uri, ref)
        doc_uri, fragment = urllib.parse.urldefrag(absolute)
        referrer = where or self.display_name(base_uri)
        doc = self.load(doc_uri, referrer=referrer, reference=ref)
        try:
            value = _walk_pointer(doc.data, fragment)
        except KeyError:
            raise OpenAPIError(f"{referrer}: $ref '{ref}' not found in {doc.name}") from None
        return value, f"{doc_uri}#{fragment}"

    def handler(self, uri: str) -> Any:
        """jsonschema-path resolver handler: lets the validator reuse our parsed documents."""
        return self.load(uri).data


def collect_refs(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], str]]:
    """Every `$ref` string in a document with its location, skipping literal example data."""
    found: list[tuple[tuple[Any, ...], str]] = []
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str):
            found.append(((*path, "$ref"), ref))
        for key, value in node.items():
            if key in ("example", "default", "const", "enum") or key.startswith("x-"):
                continue
            found.extend(collect_refs(value, (*path, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(collect_refs(value, (*path, index)))
    return found


def check_refs(store: DocumentStore, root: Document) -> set[str]:
    """Load every document reachable by `$ref` and fail early, naming the referring spot; the
    URIs of the documents reached (`root` too).

    The validator would otherwise report a missing file as an unreadable stack trace.
    """
    pending = [root]
    seen = {root.uri}
    errors: list[str] = []
    while pending:
        doc = pending.pop()
        for path, ref in collect_refs(doc.data):
            where = f"{doc.name}: {to_pointer(path)}"
            try:
                _, key = store.resolve(ref, doc.uri, where=where)
            except OpenAPIError as exc:
                errors.extend(exc.messages)
                continue
            target_uri = key.split("#", 1)[0]
            if target_uri not in seen:
                seen.add(target_uri)
                pending.append(store.load(target_uri))
    if errors:
        raise OpenAPIError(errors)
    return seen
