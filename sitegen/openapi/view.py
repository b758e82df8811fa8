"""`build_api_view`: one operation plus docs.json `api` settings -> plain data for templates.

Everything a template or the playground script needs is computed here (rows, labels,
examples, samples), so the templates stay logic-free and the same view can be tested without
rendering. The playground and the code samples work from one `PlaygroundSpec` (playground.py):
the template reads it for the form, and its JSON is what api.js reads.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from markupsafe import Markup
from pygments import highlight
from pygments.formatters import HtmlFormatter

from sitegen.i18n import ui_strings
from sitegen.markdown.code import lexer_for
from sitegen.openapi.auth import AuthSpec, effective_auth
from sitegen.openapi.examples import media_example
from sitegen.openapi.model import MediaType, Operation, Parameter, Server
from sitegen.openapi.playground import (
    CLASSIC_MODES,
    ExampleOptions,
    PlaygroundDisplay,
    PlaygroundInput,
    PlaygroundSpec,
    build_playground_spec,
    display_from_classic,
    input_kind,
)
from sitegen.openapi.samples import code_samples, request_from_spec
from sitegen.openapi.schema import Schema, ordered_properties, type_label
from sitegen.openapi.text import Described, LinkRebase, described, plain_text

if TYPE_CHECKING:  # config comes before openapi in the pipeline; only its types are needed
    from sitegen.config import ApiConfig

# The HTML page and its Markdown (llms.py) take every word from the page's language's table
# (`UiStrings`), given the keywords and values here; the English words still on the view
# (`ParameterGroup.title`, `AuthView.label`, `AlternativeView.label`, `str(Constraint)`) are
# what a project's own template may have read: sitegen's own output words them with `ui`.
ENGLISH = ui_strings(None)
_FORMATTER = HtmlFormatter(nowrap=True)


@dataclass(frozen=True)
class Constraint:
    """One schema constraint of a field: the keyword and its value as shown (JSON text, the
    pattern as written); the template words it in the page's language (`ui.api_constraint`)."""

    keyword: str  # "minLength", "uniqueItems"…
    value: str

    def __str__(self) -> str:
        return ENGLISH.constraint_text(self.keyword, self.value)


@dataclass(frozen=True)
class FieldRow:
    name: str
    type: str
    required: bool
    description: Described
    default: str | None = None  # JSON text
    enum: tuple[str, ...] = ()  # JSON texts
    constraints: tuple[Constraint, ...] = ()
    deprecated: bool = False
    read_only: bool = False
    write_only: bool = False
    children: tuple[FieldRow, ...] = ()  # properties of a nested object / array items
    alternatives: tuple[AlternativeView, ...] = ()
    recursive: str | None = None  # name of the schema this field refers back to

    @property
    def expandable(self) -> bool:
        return bool(self.children or self.alternatives)


@dataclass(frozen=True)
class AlternativeView:
    label: str  # its title, else "Option N" in English (templates and llms.py word `number` themselves)
    type: str
    description: Described
    rows: tuple[FieldRow, ...]
    title: str | None = None  # the schema's own title
    number: int = 1  # its place among the alternatives, from 1


@dataclass(frozen=True)
class SchemaView:
    """A body or response schema: its top-level rows, or alternatives to choose from."""

    type: str
    description: Described
    rows: tuple[FieldRow, ...]
    alternatives: tuple[AlternativeView, ...]
    kind: str | None  # "oneOf" / "anyOf" when there are alternatives


@dataclass(frozen=True)
class ParameterGroup:
    location: str
    title: str
    rows: tuple[FieldRow, ...]


@dataclass(frozen=True)
class BodyView:
    content_type: str
    required: bool
    description: Described
    schema: SchemaView | None
    example: str | None  # pretty JSON (or text) of the full request example
    example_html: Markup | None = None  # highlighted, for a webhook's payload panel


@dataclass(frozen=True)
class HeaderRow:
    name: str
    type: str
    description: Described


@dataclass(frozen=True)
class ResponseView:
    status: str
    status_class: str  # "2xx", "4xx", ... for colouring
    description: Described
    content_type: str | None
    schema: SchemaView | None
    headers: tuple[HeaderRow, ...]
    example: str | None
    example_html: Markup | None


@dataclass(frozen=True)
class SampleView:
    lang: str
    label: str
    source: str
    html: Markup  # highlighted
    generated: bool  # False for x-codeSamples: the playground leaves those alone


@dataclass(frozen=True)
class BaseUrl:
    url: str
    description: str | None


@dataclass(frozen=True)
class AuthView:
    method: str  # bearer, basic, key
    label: str  # "Bearer token", "Basic authentication", "API key" (the template: `ui.api_auth_label`)
    header: str  # where it goes, as code: "Authorization: Bearer <token>", "?key=<api-key>"...
    location: str  # header, query, cookie
    key_name: str | None
    basic_labels: tuple[str, str]
    basic_named: bool  # the scheme names basic auth's inputs (else the page's words for them)
    input_prefix: str
    scheme_name: str | None
    description: Described


InputField = PlaygroundInput  # the name templates and callers knew it by


@dataclass(frozen=True)
class ApiView:
    method: str
    method_class: str  # "get", "post", ...
    path: str
    path_segments: tuple[tuple[str, bool], ...]
    summary: str | None
    description: Described
    deprecated: bool
    base_urls: tuple[BaseUrl, ...]
    auth: AuthView | None
    parameter_groups: tuple[ParameterGroup, ...]
    body: BodyView | None
    responses: tuple[ResponseView, ...]
    samples: tuple[SampleView, ...]
    spec: PlaygroundSpec  # the playground form and what api.js regenerates the samples from
    spec_source: str
    # A hand-written endpoint page documents its fields itself (<ParamField>s): the view
    # drives the endpoint bar and playground but the reference sections are left out.
    fields_on_page: bool = False
    params_expanded: bool = False  # nested fields shown open (v2 `api.params.expanded: "all"`)
    # A webhook's page: "Webhook" and its name in the endpoint bar, the payload (the request
    # body the API sends) with its example in place of code samples, and nothing to send.
    webhook: bool = False

    @property
    def base_url(self) -> str:
        return self.base_urls[0].url if self.base_urls else ""

    @property
    def parameters(self) -> tuple[FieldRow, ...]:
        return tuple(row for group in self.parameter_groups for row in group.rows)

    @property
    def inputs(self) -> tuple[PlaygroundInput, ...]:
        """The playground form, parameters first."""
        return self.spec.inputs

    def inputs_in(self, location: str) -> tuple[PlaygroundInput, ...]:
        return self.spec.inputs_in(location)

    @property
    def display(self) -> PlaygroundDisplay:
        return self.spec.display

    @property
    def playground(self) -> str:
        """The display in `api.playground.mode`'s words: show, simple or hide."""
        return next(mode for mode, display in CLASSIC_MODES.items() if display is self.spec.display)

    @property
    def client_config(self) -> Markup:
        """The spec as JSON for api.js, safe inside <script type="application/json">."""
        return Markup(self.spec.script_json())

    @property
    def example_url(self) -> str:
        return self.base_url.rstrip("/") + self.path


def build_api_view(
    operation: Operation,
    api_config: ApiConfig | None = None,
    *,
    display: PlaygroundDisplay | None = None,
    examples: ExampleOptions | None = None,
    params_expanded: bool = False,
) -> ApiView:
    """The API page data of `operation` under docs.json `api` (None: all defaults).

    `display` overrides `api.playground.mode` (a page's front matter may set it). docs.json v2
    settings come in through the other arguments (`api.playground.display` already arrives as
    `api.playground.mode`: config.v2 maps it), `api.examples` as `examples` (see `sample_languages`),
    `api.params.expanded` as `params_expanded` (`playground.params_expanded_from_v2`).

    A webhook is sent by the API, not called by the reader: no playground, authorization,
    base URL or code samples, whatever the settings say.
    """
    maintain_order = bool(api_config and api_config.maintain_order)
    webhook = operation.webhook is not None
    if webhook:
        display = PlaygroundDisplay.NONE
    elif display is None:
        display = display_from_classic(api_config.playground.mode if api_config else "show")
    auth_config = api_config.auth if api_config else None
    auth = None if webhook else effective_auth(
        operation,
        method=auth_config.method if auth_config else None,
        name=auth_config.name if auth_config else None,
        input_prefix=auth_config.input_prefix if auth_config else None,
    )
    configured = api_config.base_urls if api_config else []
    base_urls = () if webhook else tuple(BaseUrl(u.rstrip("/") or u, None) for u in configured) or tuple(
        BaseUrl(s.url, plain_text(s.description) or None) for s in operation.servers  # a tooltip: text
    )
    spec = build_playground_spec(operation, auth=auth, base_urls=tuple(b.url for b in base_urls), display=display,
                                 examples=examples or ExampleOptions(), maintain_order=maintain_order)
    samples = () if webhook else tuple(
        SampleView(s.lang, s.label, s.source, _highlight(s.source, s.lang), spec.generated_samples)
        for s in code_samples(operation, request_from_spec(spec), spec.languages)
    )
    groups = tuple(
        ParameterGroup(loc, ENGLISH.api_location(loc), tuple(_parameter_row(p, maintain_order) for p in params))
        for loc in ("path", "query", "header", "cookie")
        if (params := operation.parameters_in(loc))
    )
    body = _body_view(operation, maintain_order)
    media = operation.request_body.primary if operation.request_body else None
    if webhook and body is not None and body.example is not None and media is not None:
        body = dataclasses.replace(body, example_html=_highlight(body.example, "json" if media.is_json else "text"))
    responses = tuple(_response_view(r.status, r.description, r.primary, r.headers, maintain_order)
                      for r in operation.responses)
    return ApiView(
        method=operation.method,
        method_class=operation.method.lower(),
        path=operation.path,
        path_segments=tuple(operation.path_segments()),
        summary=operation.summary,
        description=described(operation.description),
        deprecated=operation.deprecated,
        base_urls=base_urls,
        auth=_auth_view(auth),
        parameter_groups=groups,
        body=body,
        responses=responses,
        samples=samples,
        spec=spec,
        spec_source=operation.spec_source,
        params_expanded=params_expanded,
        webhook=webhook,
    )


def rebase_links(view: ApiView, rebase: LinkRebase) -> ApiView:
    """`view` with the links of every description written by `rebase` (the page's link
    resolver: a link to another page becomes relative to this one, as in the page's text)."""
    rebased = _rebased(view, rebase)
    assert isinstance(rebased, ApiView)
    return rebased


def _rebased(value: Any, rebase: LinkRebase) -> Any:
    if isinstance(value, Described):
        return value.rebased(rebase)
    if isinstance(value, tuple):
        items = tuple(_rebased(item, rebase) for item in value)
        return value if all(new is old for new, old in zip(items, value, strict=True)) else items
    if dataclasses.is_dataclass(value) and not isinstance(value, (type, PlaygroundSpec)):
        changes = {f.name: new for f in dataclasses.fields(value)
                   if (new := _rebased(old := getattr(value, f.name), rebase)) is not old}
        return dataclasses.replace(value, **changes) if changes else value
    return value


# --- rows ---------------------------------------------------------------------------------

def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def field_row(name: str, schema: Schema, required: bool, maintain_order: bool) -> FieldRow:
    constraints = tuple(Constraint(key, value if key == "pattern" and isinstance(value, str) else _json_text(value))
                        for key, value in schema.constraints)
    children: tuple[FieldRow, ...] = ()
    alternatives: tuple[AlternativeView, ...] = ()
    if not schema.recursive:
        target = schema.items if schema.is_array and schema.items is not None else schema
        while target.is_array and target.items is not None:  # arrays of arrays of objects
            target = target.items
        if not target.recursive:
            children = tuple(field_row(p.name, p.schema, p.required, maintain_order)
                             for p in ordered_properties(target, maintain_order))
            alternatives = _alternatives(target, maintain_order)
    recursive = None
    if schema.recursive:
        recursive = schema.ref_name
    elif schema.items is not None and schema.items.recursive:
        recursive = schema.items.ref_name
    return FieldRow(
        name=name,
        type=type_label(schema),
        required=required,
        description=described(schema.description),
        default=_json_text(schema.default) if schema.has_default else None,
        enum=tuple(_json_text(v) for v in (schema.enum or (schema.items.enum if schema.items else ()))),
        constraints=constraints,
        deprecated=schema.deprecated,
        read_only=schema.read_only,
        write_only=schema.write_only,
        children=children,
        alternatives=alternatives,
        recursive=recursive,
    )


def _alternatives(schema: Schema, maintain_order: bool) -> tuple[AlternativeView, ...]:
    return tuple(
        AlternativeView(
            label=alt.label,
            type=type_label(alt.schema),
            description=described(alt.schema.description),
            rows=_rows_of(alt.schema, maintain_order),
            title=alt.schema.title,
            number=number,
        )
        for number, alt in enumerate(schema.alternatives, start=1)
    )


def _rows_of(schema: Schema, maintain_order: bool) -> tuple[FieldRow, ...]:
    target = schema
    while target.is_array and target.items is not None and not target.recursive:
        target = target.items
    return tuple(field_row(p.name, p.schema, p.required, maintain_order)
                 for p in ordered_properties(target, maintain_order))


def schema_view(schema: Schema, maintain_order: bool) -> SchemaView:
    return SchemaView(
        type=type_label(schema),
        description=described(schema.description),
        rows=_rows_of(schema, maintain_order),
        alternatives=_alternatives(schema.items if schema.is_array and schema.items else schema, maintain_order),
        kind=schema.alternatives_kind,
    )


def _parameter_row(param: Parameter, maintain_order: bool) -> FieldRow:
    row = field_row(param.name, param.schema, param.required, maintain_order)
    description = described(param.description) if param.description else row.description
    return FieldRow(**{**row.__dict__, "description": description,
                       "deprecated": param.deprecated or row.deprecated})


def _pretty(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, indent=2, ensure_ascii=False)


def _body_view(operation: Operation, maintain_order: bool) -> BodyView | None:
    body = operation.request_body
    media = body.primary if body else None
    if body is None or media is None:
        return None
    example = media_example(media, "request", maintain_order=maintain_order)
    return BodyView(
        content_type=media.content_type,
        required=body.required,
        description=described(body.description),
        schema=schema_view(media.schema, maintain_order) if media.schema else None,
        example=_pretty(example) if example is not None or media.schema else None,
    )


def _status_class(status: str) -> str:
    return f"{status[0]}xx" if status[:1].isdigit() else "default"


def _response_view(status: str, description: str | None, media: MediaType | None, headers: Any,
                   maintain_order: bool) -> ResponseView:
    example = None
    if media is not None and (media.schema is not None or media.has_example):
        example = _pretty(media_example(media, "response", maintain_order=maintain_order))
    return ResponseView(
        status=status,
        status_class=_status_class(status),
        description=described(description),
        content_type=media.content_type if media else None,
        schema=schema_view(media.schema, maintain_order) if media and media.schema else None,
        headers=tuple(HeaderRow(h.name, type_label(h.schema) if h.schema else "string",
                                described(h.description)) for h in headers),
        example=example,
        example_html=_highlight(example, "json") if example is not None else None,
    )


def _auth_view(auth: AuthSpec | None) -> AuthView | None:
    if auth is None:
        return None
    label = ENGLISH.api_auth_label(auth.method)  # the template and llms.py word it with `ui`
    if auth.method == "bearer":
        header = "Authorization: Bearer <token>"
    elif auth.method == "basic":
        header = "Authorization: Basic <base64 user:password>"
    else:
        header = {"query": f"?{auth.key_name}=<api-key>", "cookie": f"Cookie: {auth.key_name}=<api-key>"}.get(
            auth.location, f"{auth.key_name}: <api-key>")
    return AuthView(
        method=auth.method,
        label=label,
        header=header,
        location=auth.location,
        key_name=auth.key_name if auth.method == "key" else None,
        basic_labels=auth.basic_labels,
        basic_named=auth.method == "basic" and bool(auth.name),
        input_prefix=auth.input_prefix or "",
        scheme_name=auth.scheme_name,
        description=described(auth.description),
    )


def _highlight(code: str, lang: str) -> Markup:
    # The text exactly as written (Pygments adds a final newline and strips leading and
    # trailing ones): api.js replaces a sample with its own text, which must read the same.
    lexer = lexer_for("bash" if lang.lower() == "curl" else lang.lower())  # a cURL sample is a shell command
    if lexer is None:
        return Markup.escape(code)
    html = highlight(code, lexer, _FORMATTER)
    return Markup(html[:-1] if html.endswith("\n") and not code.endswith("\n") else html)


__all__ = ["ApiView", "InputField", "Server", "build_api_view", "field_row", "input_kind", "rebase_links",
           "schema_view"]
