"""`PlaygroundSpec`: what an API page's playground and code samples work from, built once.

The template reads it for the server-rendered form, `to_json()` is embedded in the page for
themes/default/assets/api.js, and `samples.request_from_spec` turns it (plus what a reader
entered) into the request the code samples show; api.js does the same from the JSON, so a
sample is the same text whichever side wrote it (tests/browser/test_sample_parity.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

from sitegen.openapi.auth import AuthSpec
from sitegen.openapi.examples import media_example, parameter_example, schema_example
from sitegen.openapi.model import Operation
from sitegen.openapi.schema import Schema, ordered_properties, type_label

PARAMETER_LOCATIONS = ("path", "query", "header", "cookie")


class PlaygroundDisplay(Enum):
    """How an API page offers its endpoint; every spelling of the setting maps onto one of these."""

    INTERACTIVE = "interactive"  # the form that sends requests
    SIMPLE = "simple"  # the endpoint and what it takes, no form
    NONE = "none"  # no playground section (code samples stay)


# docs.json `api.playground.mode` (mint.json era) and the front matter spellings.
CLASSIC_MODES = {"show": PlaygroundDisplay.INTERACTIVE, "simple": PlaygroundDisplay.SIMPLE,
                 "hide": PlaygroundDisplay.NONE}
FRONT_MATTER_VALUES = (*CLASSIC_MODES, *(d.value for d in PlaygroundDisplay if d.value not in CLASSIC_MODES))


def display_from_classic(mode: str) -> PlaygroundDisplay:
    """`api.playground.mode`: show, simple or hide."""
    return CLASSIC_MODES[mode]


def display_from_front_matter(value: object) -> PlaygroundDisplay | None:
    """A page's `playground:` in either spelling (Mintlify documents interactive/simple/none;
    sitegen also takes the classic show/simple/hide); None when it is neither."""
    if not isinstance(value, str):
        return None
    if value in CLASSIC_MODES:
        return CLASSIC_MODES[value]
    try:
        return PlaygroundDisplay(value)
    except ValueError:
        return None


def params_expanded_from_v2(expanded: object) -> bool:
    """docs.json v2 `api.params.expanded`: "all" (or true) opens every nested field; "closed"
    (the default) leaves them folded."""
    return expanded is True or expanded == "all"


# The generated sample languages, in tab order, and the names docs.json may use for them.
SAMPLE_LANGUAGES = ("bash", "python", "javascript", "go")
LANGUAGE_ALIASES = {"curl": "bash", "shell": "bash", "sh": "bash", "py": "python", "js": "javascript",
                    "node": "javascript", "golang": "go"}


def sample_languages(requested: list[str] | tuple[str, ...] | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """v2 `api.examples.languages` -> (the generated languages to show, in tab order; the names
    sitegen has no generator for, for the config layer to warn about). None or nothing known: all four."""
    if not requested:
        return SAMPLE_LANGUAGES, ()
    known: list[str] = []
    unknown: list[str] = []
    for name in requested:
        lang = LANGUAGE_ALIASES.get(name.lower(), name.lower())
        if lang in SAMPLE_LANGUAGES:
            if lang not in known:
                known.append(lang)
        else:
            unknown.append(name)
    # Tabs keep the usual order (cURL, Python, JavaScript, Go) whatever order the list has.
    return (tuple(lang for lang in SAMPLE_LANGUAGES if lang in known) or SAMPLE_LANGUAGES), tuple(unknown)


@dataclass(frozen=True)
class ExampleOptions:
    """v2 `api.examples`: which generated languages, and whether samples carry optional values."""

    languages: tuple[str, ...] = SAMPLE_LANGUAGES
    defaults: Literal["required", "all"] = "required"


@dataclass(frozen=True)
class PlaygroundInput:
    """One playground input: a parameter or a top-level body field."""

    location: str  # path, query, header, cookie or body
    name: str
    kind: str  # integer, number, boolean, enum, string or json (see `input_kind`)
    type: str  # the type label the reference shows
    required: bool
    enum: tuple[str, ...]  # JSON texts of the allowed values
    placeholder: str
    example: Any = None  # an explicit example of a parameter (None: none given)


@dataclass(frozen=True)
class PlaygroundAuth:
    method: str  # bearer, basic, key
    location: str  # header, query, cookie
    key_name: str | None  # key only
    basic_labels: tuple[str, str]
    input_prefix: str


@dataclass(frozen=True)
class PlaygroundBody:
    content_type: str
    json: bool


@dataclass(frozen=True)
class EnteredValues:
    """The values a request is built from: what a reader typed, or the spec's sample values.

    api.js keeps the same shape (`to_json`): parameters as [location, name, value] in any
    order, auth as {"token"} or {"username", "password"} (empty: placeholders), and the body
    only when there is one.
    """

    params: tuple[tuple[str, str, Any], ...] = ()
    auth: tuple[tuple[str, str], ...] = ()
    body: Any = None
    has_body: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"params": [list(p) for p in self.params], "auth": dict(self.auth)}
        if self.has_body:
            out["body"] = self.body
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EnteredValues:
        return cls(params=tuple((str(loc), str(name), value) for loc, name, value in data.get("params", [])),
                   auth=tuple((str(k), str(v)) for k, v in data.get("auth", {}).items()),
                   body=data.get("body"), has_body="body" in data)


@dataclass(frozen=True)
class PlaygroundSpec:
    method: str
    path: str
    base_urls: tuple[str, ...]
    display: PlaygroundDisplay
    auth: PlaygroundAuth | None
    inputs: tuple[PlaygroundInput, ...]  # parameters (path, query, header, cookie), then body fields
    body: PlaygroundBody | None
    sample_values: EnteredValues  # what the samples show before the reader enters anything
    languages: tuple[str, ...]  # generated sample languages, in tab order
    generated_samples: bool  # False when x-codeSamples replace them

    def inputs_in(self, location: str) -> tuple[PlaygroundInput, ...]:
        return tuple(i for i in self.inputs if i.location == location)

    @property
    def parameters(self) -> tuple[PlaygroundInput, ...]:
        return tuple(i for i in self.inputs if i.location != "body")

    def to_json(self) -> dict[str, Any]:
        """What api.js reads (camelCase, as JavaScript spells it)."""
        return {
            "method": self.method,
            "path": self.path,
            "baseUrls": list(self.base_urls),
            "display": self.display.value,
            "auth": None if self.auth is None else {
                "method": self.auth.method, "location": self.auth.location, "name": self.auth.key_name,
                "basicLabels": list(self.auth.basic_labels), "inputPrefix": self.auth.input_prefix,
            },
            "inputs": [{"in": i.location, "name": i.name, "kind": i.kind, "required": i.required,
                        "example": i.example} for i in self.inputs],
            "body": None if self.body is None else {"contentType": self.body.content_type, "json": self.body.json},
            "sampleValues": self.sample_values.to_json(),
            "languages": list(self.languages),
            "generatedSamples": self.generated_samples,
        }

    def script_json(self) -> str:
        """`to_json()` as text that cannot end its <script> element early (`</script>`, `<!--`)."""
        text = json.dumps(self.to_json(), ensure_ascii=False)
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def input_kind(schema: Schema) -> str:
    """How the playground edits a value: integer, number, boolean, enum, string or json."""
    if schema.enum:
        return "enum"
    kinds = list(schema.types)
    if kinds[:1] == ["integer"]:
        return "integer"
    if kinds[:1] == ["number"]:
        return "number"
    if kinds[:1] == ["boolean"]:
        return "boolean"
    if kinds[:1] == ["string"] or (not kinds and not schema.properties and not schema.alternatives):
        return "string"
    return "json"


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _placeholder(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else _json_text(value)


def build_playground_spec(
    operation: Operation,
    *,
    auth: AuthSpec | None,
    base_urls: tuple[str, ...],
    display: PlaygroundDisplay,
    examples: ExampleOptions,
    maintain_order: bool,
) -> PlaygroundSpec:
    inputs = [
        PlaygroundInput(p.location, p.name, input_kind(p.schema), type_label(p.schema), p.required,
                        tuple(_json_text(v) for v in p.schema.enum), _placeholder(parameter_example(p)),
                        p.example if p.has_example else None)
        for loc in PARAMETER_LOCATIONS for p in operation.parameters_in(loc)
    ]
    media = operation.request_body.primary if operation.request_body else None
    if media is not None and media.schema is not None and media.schema.is_object and media.is_json:
        for prop in ordered_properties(media.schema, maintain_order):
            if prop.schema.read_only:
                continue
            inputs.append(PlaygroundInput("body", prop.name, input_kind(prop.schema), type_label(prop.schema),
                                          prop.required, tuple(_json_text(v) for v in prop.schema.enum),
                                          _placeholder(schema_example(prop.schema, "request"))))
    every = examples.defaults == "all"
    # Path parameters without an example keep their {placeholder}; other parameters appear
    # when required (or with `defaults: all`) with a value that fits their schema.
    sample_params = tuple(
        (p.location, p.name, parameter_example(p))
        for loc in PARAMETER_LOCATIONS for p in operation.parameters_in(loc)
        if (p.has_example if loc == "path" else (p.required or every))
    )
    body = None
    sample_body: Any = None
    if media is not None:
        body = PlaygroundBody(media.content_type, media.is_json)
        sample_body = media_example(media, "request", required_only=not (media.has_example or every),
                                    maintain_order=maintain_order)
    playground_auth = None if auth is None else PlaygroundAuth(
        method=auth.method, location=auth.location, key_name=auth.key_name if auth.method == "key" else None,
        basic_labels=auth.basic_labels, input_prefix=auth.input_prefix or "")
    return PlaygroundSpec(
        method=operation.method,
        path=operation.path,
        base_urls=base_urls,
        display=display,
        auth=playground_auth,
        inputs=tuple(inputs),
        body=body,
        sample_values=EnteredValues(params=sample_params, body=sample_body, has_body=media is not None),
        languages=tuple(lang for lang in SAMPLE_LANGUAGES if lang in examples.languages),
        generated_samples=not operation.code_samples,
    )
