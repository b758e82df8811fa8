"""Operations of an OpenAPI document, with everything an API page shows, and the catalog
of all configured documents that pages look operations up in."""

from __future__ import annotations

import dataclasses
import difflib
import re
import urllib.parse
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from sitegen.errors import OpenAPIError
from sitegen.openapi.documents import Document, DocumentStore, to_pointer
from sitegen.openapi.lenient import HTTP_METHODS, usable_scheme
from sitegen.openapi.schema import Schema, SchemaBuilder

PARAMETER_LOCATIONS = ("path", "query", "header", "cookie")
_PATH_PARAM = re.compile(r"\{([^{}/]+)\}")
_MISSING: Any = object()


@dataclass(frozen=True, eq=False)
class Parameter:
    name: str
    location: str  # path, query, header or cookie
    required: bool
    schema: Schema
    description: str | None = None
    deprecated: bool = False
    example: Any = _MISSING

    @property
    def has_example(self) -> bool:
        return self.example is not _MISSING


@dataclass(frozen=True, eq=False)
class MediaType:
    content_type: str
    schema: Schema | None
    example: Any = _MISSING  # the media type's own `example` / first `examples` value

    @property
    def has_example(self) -> bool:
        return self.example is not _MISSING

    @property
    def is_json(self) -> bool:
        base = self.content_type.split(";", 1)[0].strip().lower()
        return base == "application/json" or base.endswith("+json")


def primary_media(content: tuple[MediaType, ...]) -> MediaType | None:
    """The media type examples, samples and the playground use: JSON when offered."""
    for media in content:
        if media.is_json:
            return media
    return content[0] if content else None


@dataclass(frozen=True, eq=False)
class RequestBody:
    required: bool
    description: str | None
    content: tuple[MediaType, ...]

    @property
    def primary(self) -> MediaType | None:
        return primary_media(self.content)


@dataclass(frozen=True, eq=False)
class Header:
    name: str
    description: str | None
    required: bool
    schema: Schema | None


@dataclass(frozen=True, eq=False)
class Response:
    status: str  # "200", "4XX", "default"
    description: str | None
    headers: tuple[Header, ...]
    content: tuple[MediaType, ...]

    @property
    def primary(self) -> MediaType | None:
        return primary_media(self.content)


@dataclass(frozen=True)
class SecurityScheme:
    name: str  # key in components.securitySchemes
    type: str  # http, apiKey, oauth2, openIdConnect, mutualTLS
    scheme: str | None = None  # for http: bearer, basic, ...
    bearer_format: str | None = None
    param_name: str | None = None  # for apiKey
    location: str | None = None  # for apiKey: header, query, cookie
    description: str | None = None
    scopes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Server:
    url: str
    description: str | None = None


@dataclass(frozen=True)
class CodeSample:
    lang: str  # language id for highlighting: bash, python, javascript, go, ...
    label: str  # tab label
    source: str


@dataclass(frozen=True)
class MintExtension:
    """An operation's `x-mint`: Mintlify's overrides for its generated page."""

    href: str | None = None  # the page's URL instead of `{directory}/{tag}/{summary}`
    metadata: tuple[tuple[str, Any], ...] = ()  # front matter of the page (title, description…)
    content: str | None = None  # Markdown (MDX) shown above the operation
    mcp: bool = False  # `x-mint.mcp` given: Mintlify's MCP server tool, which a static site has not
    notes: tuple[str, ...] = ()  # what was wrong with it (said where the page is made)


def mint_extension(raw: Any) -> MintExtension | None:
    """`x-mint` as written, checked: wrong shapes are left out with a note."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        return MintExtension(notes=("x-mint is not an object; ignored",))
    notes: list[str] = []
    href = raw.get("href")
    if href is not None and not (isinstance(href, str) and href.strip().strip("/")):
        notes.append("x-mint.href is not a page path; the page keeps its generated URL")
        href = None
    metadata = raw.get("metadata")
    if metadata is not None and not isinstance(metadata, dict):
        notes.append("x-mint.metadata is not an object; ignored")
        metadata = None
    if isinstance(metadata, dict) and "openapi" in metadata:
        notes.append("x-mint.metadata.openapi: the page's operation is the one it is written on; ignored")
        metadata = {key: value for key, value in metadata.items() if key != "openapi"}
    content = raw.get("content")
    if content is not None and not isinstance(content, str):
        notes.append("x-mint.content is not a string; ignored")
        content = None
    return MintExtension(href.strip() if isinstance(href, str) else None,
                         tuple((str(key), value) for key, value in (metadata or {}).items()),
                         content, "mcp" in raw, tuple(notes))


@dataclass(frozen=True, eq=False)
class Operation:
    spec_source: str  # the docs.json entry the operation comes from
    method: str  # upper case
    path: str
    operation_id: str | None
    summary: str | None
    description: str | None
    deprecated: bool
    tags: tuple[str, ...]
    parameters: tuple[Parameter, ...]
    request_body: RequestBody | None
    responses: tuple[Response, ...]
    # Alternatives of the effective requirement (operation's, else global); each alternative
    # is the schemes that must all be satisfied. `()` means no authentication.
    security: tuple[tuple[SecurityScheme, ...], ...]
    security_declared: bool  # the operation (or document) said something, possibly `[]`
    servers: tuple[Server, ...]
    code_samples: tuple[CodeSample, ...]  # x-codeSamples, which replace generated samples
    # `x-hidden: true`: a page that only a link reaches (not listed, not searched, not in
    # llms.txt); `x-excluded: true`: no page at all. Both: never generated into a navigation.
    hidden: bool = False
    excluded: bool = False
    mint: MintExtension | None = None  # `x-mint`
    # An OpenAPI 3.1 `webhooks` entry: its key (`path` holds it too). A request the API
    # sends, not one a reader makes: its page shows the payload and has nothing to call.
    webhook: str | None = None

    @property
    def visibility(self) -> str | None:
        """'x-excluded' or 'x-hidden' when the operation is kept out of the navigation."""
        return "x-excluded" if self.excluded else "x-hidden" if self.hidden else None

    @property
    def ref(self) -> str:
        """How a page's `openapi:` names it: `GET /plants` or `webhook plantAdded`."""
        return f"webhook {self.webhook}" if self.webhook is not None else f"{self.method} {self.path}"

    @property
    def path_parameter_names(self) -> tuple[str, ...]:
        return tuple(_PATH_PARAM.findall(self.path))

    def parameters_in(self, location: str) -> tuple[Parameter, ...]:
        return tuple(p for p in self.parameters if p.location == location)

    def path_segments(self) -> list[tuple[str, bool]]:
        """The path split into (text, is_parameter) pieces, for highlighting `{id}`."""
        pieces: list[tuple[str, bool]] = []
        position = 0
        for match in _PATH_PARAM.finditer(self.path):
            if match.start() > position:
                pieces.append((self.path[position:match.start()], False))
            pieces.append((match.group(0), True))
            position = match.end()
        if position < len(self.path):
            pieces.append((self.path[position:], False))
        return pieces


@dataclass(frozen=True, eq=False)
class ApiSpec:
    source: str  # as written in docs.json
    uri: str
    title: str | None
    version: str | None
    servers: tuple[Server, ...]
    operations: tuple[Operation, ...]
    webhooks: tuple[Operation, ...] = ()  # OpenAPI 3.1 `webhooks`, in document order

    @property
    def operations_and_webhooks(self) -> tuple[Operation, ...]:
        """Everything of this document a page can show: its operations, then its webhooks."""
        return (*self.operations, *self.webhooks)


@dataclass(frozen=True)
class OperationRef:
    """A page's `openapi:` (or a navigation entry) read: `[FILE] METHOD /path` or
    `[FILE] webhook NAME`."""

    file: str  # "" when none is named
    method: str | None  # upper case; None for a webhook
    target: str  # the path, or the webhook's name

    @property
    def is_webhook(self) -> bool:
        return self.method is None

    @property
    def name(self) -> str:
        """Without the file: `GET /plants`, `webhook plantAdded`."""
        return f"webhook {self.target}" if self.method is None else f"{self.method} {self.target}"


def parse_operation_ref(ref: str) -> OperationRef | None:
    """`[FILE] METHOD /path` or `[FILE] webhook NAME` (Mintlify's word for a webhook takes the
    method's place; the name is the key under `webhooks`, exactly); None for anything else."""
    tokens = ref.split()
    lowered = [token.lower() for token in tokens]
    if "webhook" in lowered[:-1]:
        at = lowered.index("webhook")
        return OperationRef(" ".join(tokens[:at]), None, " ".join(tokens[at + 1:]))
    if len(tokens) >= 2 and lowered[-2] in HTTP_METHODS:
        return OperationRef(" ".join(tokens[:-2]), tokens[-2].upper(), tokens[-1])
    return None


def _norm_source(value: str) -> str:
    value = value.strip()
    while value.startswith(("./", "/")) and not value.startswith(("http:", "https:")):
        value = value[1:] if value.startswith("/") else value[2:]
    return value


def _names_exactly(written: str, spec: ApiSpec) -> bool:
    """FILE is the spec's own path (a leading slash or `./` aside)."""
    return _norm_source(written) == _norm_source(spec.source)


def _matches_source(written: str, spec: ApiSpec) -> bool:
    """`openapi: FILE METHOD /path`: FILE is the spec's path as docs.json or discovery wrote
    it, with or without a leading slash or `./`, with or without its extension."""
    norm = _norm_source

    def stem(value: str) -> str:
        base, dot, ext = value.rpartition(".")
        return base if dot and ext.lower() in ("json", "yaml", "yml") else value

    wanted = norm(written)
    return (wanted == norm(spec.source) or spec.uri.endswith("/" + wanted)
            or stem(wanted) == stem(norm(spec.source)) or stem(spec.uri).endswith("/" + stem(wanted)))


class ApiCatalog:
    """All operations of all configured OpenAPI documents, looked up by page front matter."""

    def __init__(self, specs: tuple[ApiSpec, ...]) -> None:
        self.specs = specs

    def operations(self) -> list[Operation]:
        return [op for spec in self.specs for op in spec.operations]

    def operations_and_webhooks(self) -> list[Operation]:
        """Each document's operations, then its webhooks, document by document."""
        return [op for spec in self.specs for op in spec.operations_and_webhooks]

    def spec_of(self, operation: Operation) -> ApiSpec:
        """The document an operation or webhook of this catalog comes from."""
        return self._spec_by_operation[id(operation)]

    @cached_property
    def _spec_by_operation(self) -> dict[int, ApiSpec]:
        # By identity (two documents may hold equal operations); reversed, so the first
        # document holding one wins, as a scan would. Made once, asked once per page.
        return {id(op): spec for spec in reversed(self.specs) for op in spec.operations_and_webhooks}

    def names(self, specs: tuple[ApiSpec, ...]) -> str:
        """The files' names for a message: 'openapi.yaml, v2/openapi.yaml'."""
        return ", ".join(spec.source for spec in specs) or "(no OpenAPI file)"

    def has_file(self, file: str) -> bool:
        """Whether `file`, as a page's `openapi: FILE METHOD /path` writes it, names one of the specs."""
        return any(_matches_source(file, spec) for spec in self.specs)

    def find(self, ref: str, page: str) -> Operation:
        """The operation named by `openapi: [FILE] METHOD /path` in `page`'s front matter."""
        return self.lookup(ref, page)[0]

    def lookup(self, ref: str, page: str) -> tuple[Operation, list[str]]:
        """The operation for `openapi: [FILE] METHOD /path` (or the webhook for `[FILE] webhook
        NAME`), and warnings (one found in several files: the first in path order is used).
        `page` starts every message ('content/x.mdx:3'); OpenAPIError when there is none."""
        parsed = parse_operation_ref(ref)
        if parsed is None:
            raise OpenAPIError(f"{page}: openapi: {ref!r} is not 'METHOD /path', 'FILE METHOD /path' "
                               "or 'FILE webhook NAME'")
        specs = self.specs
        if parsed.file:
            # `/api/v2.json` is that file, not also `v1/api/v2.json` (which it is the end of).
            specs = (tuple(s for s in self.specs if _names_exactly(parsed.file, s))
                     or tuple(s for s in self.specs if _matches_source(parsed.file, s)))
            if not specs:
                raise OpenAPIError(
                    f"{page}: openapi: file '{parsed.file}' is not among the OpenAPI files: {self.names(self.specs)}"
                )
        if parsed.is_webhook:
            found = [(spec, op) for spec in specs for op in spec.webhooks if op.webhook == parsed.target]
            if not found:
                raise OpenAPIError(f"{page}: openapi: '{parsed.name}' matches no webhook in {self.names(specs)}"
                                   f"{_webhook_hint(parsed.target, specs)}")
        else:
            found = [(spec, op) for spec in specs for op in spec.operations
                     if op.method == parsed.method and op.path == parsed.target]
            if not found:
                raise OpenAPIError(f"{page}: openapi: '{parsed.name}' matches no operation in {self.names(specs)}")
        warnings = []
        if len(found) > 1:
            others = ", ".join(spec.source for spec, _ in found[1:])
            warnings.append(f"{page}: openapi: '{parsed.name}' is in {found[0][0].source} and {others}; "
                            f"using {found[0][0].source} (write 'FILE {parsed.name}' to choose)")
        return found[0][1], warnings


def _webhook_hint(name: str, specs: tuple[ApiSpec, ...]) -> str:
    """What a message about an unknown webhook adds: the closest names, else the names there
    are (the name must match the key under `webhooks` exactly, case included)."""
    names = list(dict.fromkeys(op.webhook for spec in specs for op in spec.webhooks if op.webhook is not None))
    if not names:
        return " (it has no 'webhooks')"
    by_case = {known.lower(): known for known in names}
    closest = difflib.get_close_matches(name.lower(), list(by_case), n=3, cutoff=0.6)
    if closest:
        return "; closest: " + ", ".join(by_case[found] for found in closest)
    shown = names[:5]
    more = f" and {len(names) - len(shown)} more" if len(names) > len(shown) else ""
    return "; its webhooks are: " + ", ".join(shown) + more


class OperationBuilder:
    """Turns one validated document into `Operation`s."""

    def __init__(self, store: DocumentStore, doc: Document, source: str, *,
                 unusable_schemes: frozenset[str] = frozenset()) -> None:
        """`unusable_schemes`: security schemes already warned of (`lenient`), left out."""
        self.store = store
        self.doc = doc
        self.source = source
        self.schemas = SchemaBuilder(store)
        self.unusable_schemes = unusable_schemes
        self._undefined_schemes: set[str] = set()  # warned of once per file

    def _deref(self, node: Any, base_uri: str) -> tuple[Any, str]:
        """Follow `$ref` chains of non-schema objects (parameters, responses, ...)."""
        seen: set[str] = set()
        while isinstance(node, dict) and isinstance(node.get("$ref"), str):
            node, key = self.store.resolve(node["$ref"], base_uri)
            if key in seen:
                raise OpenAPIError(f"{self.doc.name}: $ref cycle at {key}")
            seen.add(key)
            base_uri = key.split("#", 1)[0]
        return node, base_uri

    def _schema(self, raw: Any, base_uri: str) -> Schema | None:
        return None if raw is None else self.schemas.build(raw, base_uri)

    def spec(self) -> ApiSpec:
        data = self.doc.data
        info = data.get("info") or {}
        servers = self._servers(data.get("servers"), ())
        operations: list[Operation] = []
        for path, item in (data.get("paths") or {}).items():
            item, item_base = self._deref(item, self.doc.uri)
            if not isinstance(item, dict):
                continue
            path_servers = self._servers(item.get("servers"), servers)
            for method in HTTP_METHODS:
                if isinstance(item.get(method), dict):
                    operations.append(self._operation(path, method, item, item_base, path_servers,
                                                      ("paths", path, method)))
        return ApiSpec(
            source=self.source,
            uri=self.doc.uri,
            title=info.get("title"),
            version=str(info["version"]) if "version" in info else None,
            servers=servers,
            operations=tuple(operations),
            webhooks=self._webhooks(data.get("webhooks")),
        )

    def _webhooks(self, raw: Any) -> tuple[Operation, ...]:
        """A webhook per key of `webhooks` (a Path Item, `$ref` allowed): the first operation
        written under it, as the page's `webhook NAME` names the key alone."""
        webhooks: list[Operation] = []
        for name, item in (raw.items() if isinstance(raw, dict) else ()):
            item, item_base = self._deref(item, self.doc.uri)
            if not isinstance(item, dict):
                continue
            method = next((key for key in item if key in HTTP_METHODS and isinstance(item[key], dict)), None)
            if method is not None:
                operation = self._operation(str(name), method, item, item_base, (), ("webhooks", name, method))
                webhooks.append(dataclasses.replace(operation, webhook=str(name)))
        return tuple(webhooks)

    def _servers(self, raw: Any, inherited: tuple[Server, ...]) -> tuple[Server, ...]:
        if not isinstance(raw, list) or not raw:
            return inherited
        servers = []
        for entry in raw:
            if not isinstance(entry, dict) or not isinstance(entry.get("url"), str):
                continue
            url = entry["url"]
            for name, var in (entry.get("variables") or {}).items():
                url = url.replace("{" + name + "}", str(var.get("default", "")))
            if not self.doc.uri.startswith("file:") and not re.match(r"^[a-z]+://", url):
                # A relative server URL is relative to where the spec was fetched from.
                url = urllib.parse.urljoin(self.doc.uri, url)
            servers.append(Server(url=url.rstrip("/") or url, description=entry.get("description")))
        return tuple(servers) or inherited

    def _operation(self, path: str, method: str, item: dict[str, Any], base: str,
                   servers: tuple[Server, ...], where: tuple[Any, ...]) -> Operation:
        """`where`: the operation's JSON path in the file, for messages."""
        raw = item[method]
        params: dict[tuple[str, str], Parameter] = {}
        for entry in [*(item.get("parameters") or []), *(raw.get("parameters") or [])]:
            param = self._parameter(entry, base)
            if param is not None:
                params[(param.name, param.location)] = param  # operation-level overrides
        body = None
        if raw.get("requestBody") is not None:
            node, body_base = self._deref(raw["requestBody"], base)
            body = RequestBody(
                required=node.get("required") is True,
                description=node.get("description"),
                content=self._content(node.get("content"), body_base),
            )
        responses = []
        for status, entry in (raw.get("responses") or {}).items():
            node, resp_base = self._deref(entry, base)
            if not isinstance(node, dict):
                continue
            headers = []
            for name, header in (node.get("headers") or {}).items():
                header, header_base = self._deref(header, resp_base)
                headers.append(Header(name, header.get("description"), header.get("required") is True,
                                      self._schema(header.get("schema"), header_base)))
            responses.append(Response(str(status), node.get("description"), tuple(headers),
                                      self._content(node.get("content"), resp_base)))
        declared = "security" in raw or "security" in self.doc.data
        requirement = raw["security"] if "security" in raw else self.doc.data.get("security") or []
        requirement_at = (*where, "security") if "security" in raw else ("security",)
        samples = raw.get("x-codeSamples", raw.get("x-code-samples")) or []
        return Operation(
            spec_source=self.source,
            method=method.upper(),
            path=path,
            operation_id=raw.get("operationId"),
            summary=raw.get("summary") or item.get("summary"),
            description=raw.get("description") or item.get("description"),
            deprecated=raw.get("deprecated") is True,
            tags=tuple(str(t) for t in raw.get("tags") or ()),
            parameters=tuple(params.values()),
            request_body=body,
            responses=tuple(responses),
            security=self._security(requirement, requirement_at),
            security_declared=declared,
            servers=self._servers(raw.get("servers"), servers),
            code_samples=tuple(
                CodeSample(lang=str(s.get("lang", "text")), label=str(s.get("label") or s.get("lang", "Example")),
                           source=str(s.get("source", "")))
                for s in samples if isinstance(s, dict)
            ),
            hidden=raw.get("x-hidden") is True,
            excluded=raw.get("x-excluded") is True,
            mint=mint_extension(raw.get("x-mint")),
        )

    def _parameter(self, entry: Any, base: str) -> Parameter | None:
        node, node_base = self._deref(entry, base)
        if not isinstance(node, dict) or node.get("in") not in PARAMETER_LOCATIONS:
            return None
        raw_schema = node.get("schema")
        example = node.get("example", _MISSING)
        if raw_schema is None and isinstance(node.get("content"), dict) and node["content"]:
            media = next(iter(node["content"].values())) or {}
            raw_schema = media.get("schema")
        if example is _MISSING and isinstance(node.get("examples"), dict) and node["examples"]:
            first, _first_base = self._deref(next(iter(node["examples"].values())), node_base)
            example = first.get("value", _MISSING) if isinstance(first, dict) else _MISSING
        return Parameter(
            name=str(node.get("name")),
            location=node["in"],
            required=node.get("required") is True or node["in"] == "path",
            schema=self._schema(raw_schema, node_base) or Schema(types=("string",)),
            description=node.get("description"),
            deprecated=node.get("deprecated") is True,
            example=example,
        )

    def _content(self, raw: Any, base: str) -> tuple[MediaType, ...]:
        media_types = []
        for content_type, media in (raw or {}).items():
            media = media or {}
            example = media.get("example", _MISSING)
            if example is _MISSING and isinstance(media.get("examples"), dict) and media["examples"]:
                first, _ = self._deref(next(iter(media["examples"].values())), base)
                example = first.get("value", _MISSING) if isinstance(first, dict) else _MISSING
            media_types.append(MediaType(content_type, self._schema(media.get("schema"), base), example))
        return tuple(media_types)

    def _security(self, requirement: Any, where: tuple[Any, ...]) -> tuple[tuple[SecurityScheme, ...], ...]:
        """The requirement's alternatives; one naming a scheme that is not defined, or not one
        a request can use, is left out (Mintlify shows the page without it)."""
        schemes = ((self.doc.data.get("components") or {}).get("securitySchemes")) or {}
        alternatives = []
        for index, alternative in enumerate(requirement if isinstance(requirement, list) else []):
            resolved = []
            for name, scopes in (alternative or {}).items():
                raw, _ = self._deref(schemes.get(name), self.doc.uri)
                if name in self.unusable_schemes or usable_scheme(raw) is not None:
                    if not isinstance(raw, dict) and name not in self._undefined_schemes:
                        self._undefined_schemes.add(name)
                        self.store.notes.append(
                            f"{self.doc.name}: {to_pointer((*where, index, name))}: security scheme '{name}' is not "
                            "defined in components.securitySchemes; operations requiring it are shown without it")
                    break
                resolved.append(SecurityScheme(
                    name=name,
                    type=str(raw.get("type")),
                    scheme=str(raw["scheme"]).lower() if raw.get("scheme") else None,
                    bearer_format=raw.get("bearerFormat"),
                    param_name=raw.get("name"),
                    location=raw.get("in"),
                    description=raw.get("description"),
                    scopes=tuple(scopes or ()),
                ))
            else:
                alternatives.append(tuple(resolved))
        return tuple(alternatives)
