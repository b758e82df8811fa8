"""Which `Host` headers the dev server answers: protection against DNS rebinding.

A web page on evil.example can make the visitor's browser resolve evil.example to 127.0.0.1
and then read the dev server's answers as same-origin. The browser still sends
`Host: evil.example:PORT`, so answering only the addresses the server listens on stops it.

Listening on every interface (0.0.0.0 or ::) the user has chosen to expose the site to the
network, under whatever names and addresses the machine has, which cannot be listed here;
there any Host is answered (and DNS rebinding gains nothing a neighbour could not fetch).
"""

from __future__ import annotations

import ipaddress

from starlette.types import ASGIApp, Receive, Scope, Send

ANY_INTERFACE = {"0.0.0.0", "::", ""}
_LOOPBACK_V4 = {"127.0.0.1", "localhost"}
_LOOPBACK_V6 = {"::1", "localhost"}


def _authority(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def allowed_hosts(listen_host: str, port: int) -> frozenset[str] | None:
    """The lower-case `Host` values to answer for a server on listen_host:port; None for any.

    127.0.0.1 and localhost answer to both names (and localhost also to [::1], which it may
    resolve to); ::1 answers to [::1] and localhost; any other address or name only to itself.
    A browser leaves out the port when it is 80, so then the bare name counts too.
    """
    host = listen_host.strip("[]").lower()
    if is_any_interface(host):
        return None
    names = {host}
    if host in _LOOPBACK_V4:
        names |= _LOOPBACK_V4
    if host in _LOOPBACK_V6:
        names |= _LOOPBACK_V6
    allowed = {_authority(name, port) for name in names}
    if port == 80:
        allowed |= {f"[{name}]" if ":" in name else name for name in names}
    return frozenset(allowed)


def is_any_interface(host: str) -> bool:
    """0.0.0.0, :: and their other spellings (::0, 0:0::0, ...), or an empty --host."""
    if host in ANY_INTERFACE:
        return True
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


class HostCheck:
    """ASGI middleware: 403 and a one-line plain-text reason for any other Host."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str] | None, url: str) -> None:
        self.app = app
        self.allowed = allowed
        self.url = url  # the address to show instead

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # Lifespan passes; the app has no WebSocket routes, so Starlette refuses those anyway.
        if scope["type"] != "http" or self.allowed is None:
            await self.app(scope, receive, send)
            return
        raw = next((value for name, value in scope["headers"] if name == b"host"), None)
        host = raw.decode("latin-1") if raw is not None else None
        if host is not None and host.lower() in self.allowed:
            await self.app(scope, receive, send)
            return
        shown = "no Host header" if host is None else f"Host {host[:200]!r}"
        body = (f"403 Forbidden: {shown} is not this server's address; open {self.url} "
                "(sitegen serve answers only the address it listens on)\n").encode()
        await send({
            "type": "http.response.start",
            "status": 403,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
                (b"x-content-type-options", b"nosniff"),
            ],
        })
        await send({"type": "http.response.body", "body": body})
