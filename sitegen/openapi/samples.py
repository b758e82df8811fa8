"""Request code samples (cURL, Python requests, JavaScript fetch, Go) from a PlaygroundSpec.

`request_from_spec` is the one definition of the request a sample shows; api.js's
`requestFromSpec` and its renderers are a line-for-line mirror (same order, same escaping), and
tests/browser/test_sample_parity.py runs both on fixtures and compares the text byte for byte.
"""

from __future__ import annotations

import json
import math
import urllib.parse
from dataclasses import dataclass
from typing import Any

from sitegen.openapi.auth import AuthMethod, AuthSpec, effective_auth
from sitegen.openapi.model import CodeSample, Operation
from sitegen.openapi.playground import (
    SAMPLE_LANGUAGES,
    EnteredValues,
    ExampleOptions,
    PlaygroundAuth,
    PlaygroundDisplay,
    PlaygroundSpec,
    build_playground_spec,
)


@dataclass(frozen=True)
class SampleRequest:
    method: str
    url: str  # full URL with path parameters filled in and the query string
    headers: tuple[tuple[str, str], ...]
    basic: tuple[str, str] | None  # (user, password) for HTTP basic auth
    body: Any = None
    has_body: bool = False
    content_type: str | None = None


def join_url(base_url: str, path: str) -> str:
    if not base_url:
        return path
    return base_url.rstrip("/") + "/" + path.lstrip("/")


def _js_compatible(value: Any) -> Any:
    """`value` as JavaScript would print it: JSON.stringify writes 2.0 as 2 (JS has no
    separate float type), so integral floats become ints on this side too."""
    if isinstance(value, float) and value.is_integer() and not math.isinf(value) and abs(value) < 1e21:
        return int(value)
    if isinstance(value, dict):
        return {k: _js_compatible(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_js_compatible(v) for v in value]
    return value


def _text(value: Any) -> str:
    """A parameter value as text (api.js: `asText`): compact JSON, as JSON.stringify writes it."""
    if isinstance(value, str):
        return value
    return json.dumps(_js_compatible(value), ensure_ascii=False, separators=(",", ":"))


def _form(value: str) -> str:
    """Query-string encoding (api.js: `formEncode`): spaces as "+", only RFC 3986 unreserved
    characters left as they are, except the <>{} of placeholders, kept readable."""
    return urllib.parse.quote_plus(value, safe="<>{}")


def request_from_spec(spec: PlaygroundSpec, base_url: str | None = None,
                      entered: EnteredValues | None = None) -> SampleRequest:
    """The request the samples show for `entered` (None: the spec's sample values).

    `base_url` None means the spec's first. api.js `requestFromSpec` is the same function.
    """
    values = spec.sample_values if entered is None else entered
    path, query, headers, cookies = _place_parameters(spec, values)
    basic = _place_auth(spec.auth, values, query, headers, cookies) if spec.auth is not None else None
    if cookies:
        headers.append(("Cookie", "; ".join(cookies)))
    url = join_url(spec.base_urls[0] if base_url is None and spec.base_urls else (base_url or ""), path)
    if query:
        url += "?" + "&".join(f"{_form(name)}={_form(value)}" for name, value in query)
    has_body = spec.body is not None and values.has_body
    if has_body and spec.body is not None:
        headers.append(("Content-Type", spec.body.content_type))
    return SampleRequest(spec.method, url, tuple(headers), basic, _js_compatible(values.body) if has_body else None,
                         has_body, spec.body.content_type if spec.body else None)


def _place_parameters(spec: PlaygroundSpec, values: EnteredValues
                      ) -> tuple[str, list[tuple[str, str]], list[tuple[str, str]], list[str]]:
    """The path with its parameters filled in, and the query, header and cookie
    parameters that have a value."""
    by_input = {(loc, name): value for loc, name, value in values.params}
    path = spec.path
    query: list[tuple[str, str]] = []
    headers: list[tuple[str, str]] = []
    cookies: list[str] = []
    for field in spec.parameters:
        value = by_input.get((field.location, field.name))
        if value is None:
            continue
        text = _text(value)
        if field.location == "path":
            path = path.replace("{" + field.name + "}", urllib.parse.quote(text, safe=""))
        elif field.location == "query":
            query.append((field.name, text))
        elif field.location == "header":
            headers.append((field.name, text))
        else:
            cookies.append(f"{field.name}={text}")
    return path, query, headers, cookies


def _place_auth(auth: PlaygroundAuth, values: EnteredValues, query: list[tuple[str, str]],
                headers: list[tuple[str, str]], cookies: list[str]) -> tuple[str, str] | None:
    """Adds the credential (entered, or a placeholder) where `auth` puts it; returns the
    user name and password of HTTP basic auth, which the samples show apart."""
    typed = dict(values.auth)
    token = typed.get("token") or ("<api-key>" if auth.method == "key" else "<token>")
    if auth.method == "bearer":
        headers.insert(0, ("Authorization", f"Bearer {token}"))
    elif auth.method == "basic":
        return (typed.get("username") or f"<{auth.basic_labels[0]}>",
                typed.get("password") or f"<{auth.basic_labels[1]}>")
    elif auth.location == "query":
        query.append((auth.key_name or "", token))
    elif auth.location == "cookie":
        cookies.append(f"{auth.key_name}={token}")
    else:
        headers.insert(0, (auth.key_name or "", token))
    return None


def sample_request(
    operation: Operation,
    base_url: str,
    auth: AuthSpec | None,
    *,
    maintain_order: bool = True,
    examples: ExampleOptions | None = None,
) -> SampleRequest:
    """The default request of `operation` (required parameters, a body with the required
    fields) without a page around it: a spec is built for it."""
    spec = build_playground_spec(operation, auth=auth, base_urls=(base_url,), display=PlaygroundDisplay.NONE,
                                 examples=examples or ExampleOptions(), maintain_order=maintain_order)
    return request_from_spec(spec)


def _q(value: Any) -> str:
    """A JSON string/number literal as JavaScript's JSON.stringify writes it (api.js: `q`)."""
    return json.dumps(value, ensure_ascii=False)


def _body_text(request: SampleRequest) -> str:
    if isinstance(request.body, str):
        return request.body
    return json.dumps(request.body, indent=2, ensure_ascii=False)


def _is_json(request: SampleRequest) -> bool:
    return bool(request.content_type) and ("json" in (request.content_type or "")) and not isinstance(request.body, str)


def _sh(value: str) -> str:
    return "'" + value.replace("'", "'\\''") + "'"


def render_curl(request: SampleRequest) -> str:
    lines = [f"curl --request {request.method}", f"  --url {_sh(request.url)}"]
    if request.basic:
        lines.append(f"  --user {_sh(':'.join(request.basic))}")
    lines.extend(f"  --header {_sh(f'{name}: {value}')}" for name, value in request.headers)
    if request.has_body:
        lines.append(f"  --data {_sh(_body_text(request))}")
    return " \\\n".join(lines)


def _py(value: Any, indent: int = 0) -> str:
    """A Python literal (True/False/None, not JSON's true/false/null), pretty-printed."""
    pad, inner = "    " * indent, "    " * (indent + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {_py(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list):
        if not value:
            return "[]"
        return "[\n" + ",\n".join(f"{inner}{_py(v, indent + 1)}" for v in value) + f"\n{pad}]"
    if value is True:
        return "True"
    if value is False:
        return "False"
    if value is None:
        return "None"
    return json.dumps(value, ensure_ascii=False)


def render_python(request: SampleRequest) -> str:
    lines = ["import requests", "", f"url = {_q(request.url)}"]
    args = ["url"]
    headers = [(n, v) for n, v in request.headers if not (n == "Content-Type" and _is_json(request))]
    if request.has_body:
        if _is_json(request):
            lines.append(f"payload = {_py(request.body)}")
            args.append("json=payload")
        else:
            lines.append(f"payload = {_q(_body_text(request))}")
            args.append("data=payload")
    if headers:
        lines.append("headers = " + _py(dict(headers)))
        args.append("headers=headers")
    if request.basic:
        args.append(f"auth=({_q(request.basic[0])}, {_q(request.basic[1])})")
    lines += ["", f"response = requests.request({_q(request.method)}, {', '.join(args)})",
              "print(response.status_code, response.text)"]
    return "\n".join(lines)


def render_javascript(request: SampleRequest) -> str:
    rendered = [f"    {_q(name)}: {_q(value)}" for name, value in request.headers]
    if request.basic:
        rendered.insert(0, f'    {_q("Authorization")}: "Basic " + btoa({_q(":".join(request.basic))})')
    options = [f"  method: {_q(request.method)}"]
    if rendered:
        options.append("  headers: {\n" + ",\n".join(rendered) + "\n  }")
    if request.has_body:
        if _is_json(request):
            body = json.dumps(request.body, indent=2, ensure_ascii=False).replace("\n", "\n  ")
            options.append(f"  body: JSON.stringify({body})")
        else:
            options.append(f"  body: {_q(_body_text(request))}")
    return "\n".join([
        f"const response = await fetch({_q(request.url)}, {{",
        ",\n".join(options),
        "});",
        "console.log(response.status, await response.text());",
    ])


def render_go(request: SampleRequest) -> str:
    imports = ['"fmt"', '"io"', '"net/http"']
    lines = []
    body_arg = "nil"
    if request.has_body:
        imports.append('"strings"')
        text = _body_text(request)
        # A raw string literal keeps the JSON readable; it cannot hold a backtick.
        literal = f"`{text}`" if "`" not in text else _q(text)
        lines.append(f"\tbody := strings.NewReader({literal})")
        body_arg = "body"
    lines += [
        f"\treq, err := http.NewRequest({_q(request.method)}, {_q(request.url)}, {body_arg})",
        "\tif err != nil {", "\t\tpanic(err)", "\t}",
    ]
    lines += [f"\treq.Header.Set({_q(n)}, {_q(v)})" for n, v in request.headers]
    if request.basic:
        lines.append(f"\treq.SetBasicAuth({_q(request.basic[0])}, {_q(request.basic[1])})")
    lines += [
        "\tres, err := http.DefaultClient.Do(req)", "\tif err != nil {", "\t\tpanic(err)", "\t}",
        "\tdefer res.Body.Close()",
        "\tout, _ := io.ReadAll(res.Body)",
        "\tfmt.Println(res.Status, string(out))",
    ]
    header = ["package main", "", "import (", *(f"\t{i}" for i in sorted(imports)), ")", "", "func main() {"]
    return "\n".join(header + lines + ["}"])


GENERATED = (
    ("bash", "cURL", render_curl),
    ("python", "Python", render_python),
    ("javascript", "JavaScript", render_javascript),
    ("go", "Go", render_go),
)


def generated_samples(request: SampleRequest, languages: tuple[str, ...] = SAMPLE_LANGUAGES) -> tuple[CodeSample, ...]:
    """The generated samples of `request` in `languages` (tab order stays cURL, Python, JS, Go)."""
    return tuple(CodeSample(lang, label, render(request)) for lang, label, render in GENERATED if lang in languages)


def code_samples(operation: Operation, request: SampleRequest,
                 languages: tuple[str, ...] = SAMPLE_LANGUAGES) -> tuple[CodeSample, ...]:
    """The operation's `x-codeSamples` when it has them, else the generated samples of `languages`."""
    if operation.code_samples:
        return operation.code_samples
    return generated_samples(request, languages)


# AuthSpec and effective_auth lived here before auth.py; callers still import them from here.
__all__ = ["AuthMethod", "AuthSpec", "SampleRequest", "code_samples", "effective_auth", "generated_samples",
           "request_from_spec", "sample_request"]
