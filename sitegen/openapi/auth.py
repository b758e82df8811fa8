"""The auth an operation's requests carry: docs.json `api.auth`, else its security scheme."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sitegen.openapi.model import Operation

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
