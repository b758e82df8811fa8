"""Request code samples (cURL, Python requests, JavaScript fetch, Go) and the auth they carry.

The playground's JavaScript regenerates the same four samples from what a reader typed; the
two implementations share their shape (see themes/default/assets/api.js, `renderSamples`).
"""

from __future__ import annotations

import json
import urllib.parse
from dataclasses import dataclass
from typing import Any, Literal

from sitegen.openapi.examples import media_example, parameter_example
from sitegen.openapi.model import CodeSample, Operation

AuthMethod = Literal["bearer", "basic", "key"]


@dataclass(frozen=True)
class AuthSpec:
    """How a request authenticates: from docs.json `api.auth`, else the security scheme."""

    method: AuthMethod
    name: str | None = None  # key: the header/query name; basic: "userLabel:passwordLabel"
    location: str = "header"  # key only: header, query or cookie
    input_prefix: str | None = None  # pre-fill of the playground's auth input
    scheme_name: str | None = None  # the securitySchemes entry it came from
    description: str | None = None

    @property
    def basic_labels(self) -> tuple[str, str]:
        names = self.name if self.method == "basic" and self.name else "username:password"
        user, _, password = names.partition(":")
        return user or "username", password or "password"

    @property
    def key_name(self) -> str:
        return self.name or "X-API-Key"

    @property
    def placeholder(self) -> str:
        if self.method == "basic":
            user, password = self.basic_labels
            return f"<{user}>:<{password}>"
        return "<api-key>" if self.method == "key" else "<token>"


def effective_auth(
    operation: Operation,
    *,
    method: AuthMethod | None = None,
    name: str | None = None,
    input_prefix: str | None = None,
) -> AuthSpec | None:
    """The auth an operation's requests carry.

    An explicit `security: []` on the operation means no auth. Otherwise docs.json's
    `api.auth.method` wins; else the first scheme of the (operation's, else global)
    security requirement is translated.
    """
    if operation.security_declared and not operation.security:
        return None
    from_scheme = _scheme_auth(operation, name=name, input_prefix=input_prefix)
    if method is None:
        return from_scheme
    if from_scheme is not None and from_scheme.method == method:
        # Same strategy: keep what the scheme knows (its name, where a key goes) unless docs.json says.
        return AuthSpec(method, name=name or from_scheme.name, location=from_scheme.location,
                        input_prefix=input_prefix, scheme_name=from_scheme.scheme_name,
                        description=from_scheme.description)
    return AuthSpec(method=method, name=name, input_prefix=input_prefix)


def _scheme_auth(operation: Operation, *, name: str | None, input_prefix: str | None) -> AuthSpec | None:
    """The first scheme of the effective security requirement, as an AuthSpec."""
    for alternative in operation.security:
        for scheme in alternative:
            description = scheme.description
            if scheme.type == "http" and scheme.scheme == "basic":
                return AuthSpec("basic", name=name, input_prefix=input_prefix, scheme_name=scheme.name,
                                description=description)
            if scheme.type == "http" or scheme.type in ("oauth2", "openIdConnect"):
                return AuthSpec("bearer", input_prefix=input_prefix, scheme_name=scheme.name,
                                description=description)
            if scheme.type == "apiKey":
                return AuthSpec("key", name=scheme.param_name or name, location=scheme.location or "header",
                                input_prefix=input_prefix, scheme_name=scheme.name, description=description)
    return None


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


def sample_request(
    operation: Operation,
    base_url: str,
    auth: AuthSpec | None,
    *,
    maintain_order: bool = True,
) -> SampleRequest:
    """The request the samples show: required parameters and a body with the required fields."""
    path = operation.path
    for param in operation.parameters_in("path"):
        if param.has_example:
            path = path.replace("{" + param.name + "}", urllib.parse.quote(str(param.example), safe=""))
    query = [(p.name, _text(parameter_example(p))) for p in operation.parameters_in("query") if p.required]
    headers = [(p.name, _text(parameter_example(p))) for p in operation.parameters_in("header") if p.required]
    cookies = [f"{p.name}={_text(parameter_example(p))}" for p in operation.parameters_in("cookie") if p.required]
    basic: tuple[str, str] | None = None
    if auth is not None:
        if auth.method == "bearer":
            headers.insert(0, ("Authorization", f"Bearer {auth.placeholder}"))
        elif auth.method == "basic":
            user, password = auth.basic_labels
            basic = (f"<{user}>", f"<{password}>")
        elif auth.location == "query":
            query.append((auth.key_name, auth.placeholder))
        elif auth.location == "cookie":
            cookies.append(f"{auth.key_name}={auth.placeholder}")
        else:
            headers.insert(0, (auth.key_name, auth.placeholder))
    if cookies:
        headers.append(("Cookie", "; ".join(cookies)))
    url = join_url(base_url, path)
    if query:
        url += "?" + urllib.parse.urlencode(query, safe="<>{}")
    body, has_body, content_type = None, False, None
    media = operation.request_body.primary if operation.request_body else None
    if media is not None:
        content_type = media.content_type
        body = media_example(media, "request", required_only=not media.has_example, maintain_order=maintain_order)
        has_body = True
        headers.append(("Content-Type", content_type))
    return SampleRequest(operation.method, url, tuple(headers), basic, body, has_body,
                         content_type)


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value)


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
    lines = ["import requests", "", f"url = {json.dumps(request.url)}"]
    args = ["url"]
    headers = [(n, v) for n, v in request.headers if not (n == "Content-Type" and _is_json(request))]
    if request.has_body:
        if _is_json(request):
            lines.append(f"payload = {_py(request.body)}")
            args.append("json=payload")
        else:
            lines.append(f"payload = {json.dumps(_body_text(request), ensure_ascii=False)}")
            args.append("data=payload")
    if headers:
        lines.append("headers = " + _py(dict(headers)))
        args.append("headers=headers")
    if request.basic:
        args.append(f"auth=({json.dumps(request.basic[0])}, {json.dumps(request.basic[1])})")
    lines += ["", f"response = requests.request({json.dumps(request.method)}, {', '.join(args)})",
              "print(response.status_code, response.text)"]
    return "\n".join(lines)


def render_javascript(request: SampleRequest) -> str:
    headers = list(request.headers)
    if request.basic:
        user, password = request.basic
        headers.insert(0, ("Authorization", f'"Basic " + btoa({json.dumps(user + ":" + password)})'))
    options = [f"  method: {json.dumps(request.method)}"]
    if headers:
        rendered = []
        for name, value in headers:
            literal = value if value.startswith('"Basic " + btoa(') else json.dumps(value, ensure_ascii=False)
            rendered.append(f"    {json.dumps(name)}: {literal}")
        options.append("  headers: {\n" + ",\n".join(rendered) + "\n  }")
    if request.has_body:
        if _is_json(request):
            body = json.dumps(request.body, indent=2, ensure_ascii=False).replace("\n", "\n  ")
            options.append(f"  body: JSON.stringify({body})")
        else:
            options.append(f"  body: {json.dumps(_body_text(request), ensure_ascii=False)}")
    return "\n".join([
        f"const response = await fetch({json.dumps(request.url)}, {{",
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
        literal = f"`{text}`" if "`" not in text else json.dumps(text, ensure_ascii=False)
        lines.append(f"\tbody := strings.NewReader({literal})")
        body_arg = "body"
    lines += [
        f"\treq, err := http.NewRequest({json.dumps(request.method)}, {json.dumps(request.url)}, {body_arg})",
        "\tif err != nil {", "\t\tpanic(err)", "\t}",
    ]
    lines += [f"\treq.Header.Set({json.dumps(n)}, {json.dumps(v, ensure_ascii=False)})" for n, v in request.headers]
    if request.basic:
        lines.append(f"\treq.SetBasicAuth({json.dumps(request.basic[0])}, {json.dumps(request.basic[1])})")
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


def code_samples(operation: Operation, request: SampleRequest) -> tuple[CodeSample, ...]:
    """The operation's `x-codeSamples` when it has them, else the four generated samples."""
    if operation.code_samples:
        return operation.code_samples
    return tuple(CodeSample(lang, label, render(request)) for lang, label, render in GENERATED)
