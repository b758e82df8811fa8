"""The dev server's web app: the site from memory, the live-reload stream and its script.

Only this app adds the live-reload script, at response time: built files never contain it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import mimetypes
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from markupsafe import escape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from sitegen.serve.hub import Hub, Snapshot

PREFIX = "/__sitegen"  # the dev server's own URLs (the site's theme assets live under /_sitegen/)
# Inlined into every page: one request less on each reload.
SCRIPT = Path(__file__).with_name("livereload.js").read_text(encoding="utf-8")
WAIT_FOR_REBUILD = 10.0  # seconds a request waits for a rebuild that is under way
KEEPALIVE = 15.0
SMALL_FILE = 4 * 1024 * 1024  # bytes: larger copied files are streamed from disk
NO_STORE = {"Cache-Control": "no-store"}
_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".mdx": "text/markdown; charset=utf-8",
    ".yaml": "application/yaml",
    ".yml": "application/yaml",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".ico": "image/x-icon",
    ".wasm": "application/wasm",
}


def content_type(path: str) -> str:
    suffix = Path(path).suffix.lower()
    if suffix in _TYPES:
        return _TYPES[suffix]
    guessed, _ = mimetypes.guess_type(path)
    if guessed and guessed.startswith("text/"):
        return guessed + "; charset=utf-8"
    return guessed or "application/octet-stream"


def site_key(url_path: str) -> str | None:
    """'/guides/setup/' -> 'guides/setup/index.html'; None for paths that try to leave the site.

    `url_path` is already percent-decoded, so '%2e%2e' arrives here as '..'.
    """
    if "\\" in url_path or "\x00" in url_path:
        return None
    parts = url_path.split("/")
    if any(part in (".", "..") for part in parts):
        return None
    key = "/".join(part for part in parts if part)
    return key + "/index.html" if key and url_path.endswith("/") else key or "index.html"


def inject(html: bytes, version: str, not_found: bool = False) -> bytes:
    """The live-reload script before </body> (and, for the 404 page, which is served at any
    depth but links relative to the site root, a <base href="/">)."""
    state = json.dumps({"version": version}).replace("<", "\\u003c")
    tag = f"<script>window.__sitegenLive = {state};\n{SCRIPT}</script>".encode()
    lower = html.lower()
    at = lower.rfind(b"</body>")
    html = html[:at] + tag + html[at:] if at != -1 else html + tag
    if not_found:
        head = lower.find(b"<head>")
        if head != -1:
            html = html[: head + 6] + b'<base href="/">' + html[head + 6:]
    return html


def _revalidated(data: bytes, kind: str, request: Request | None) -> Response:
    """Stylesheets, scripts and images: the browser keeps them but asks on every reload
    (no-cache + ETag), so a reload costs a 304 instead of the file, and never shows an old one."""
    etag = '"' + hashlib.blake2b(data, digest_size=12).hexdigest() + '"'
    headers = {"Cache-Control": "no-cache", "ETag": etag}
    if request is not None and etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(data, media_type=kind, headers=headers)


class SiteApp:
    def __init__(self, hub: Hub, allowed_roots: tuple[Path, ...]) -> None:
        self.hub = hub
        # Copied files must live in the project or the theme: a symlink pointing elsewhere is
        # not served.
        self.allowed_roots = tuple(root.resolve() for root in allowed_roots)

    def starlette(self) -> Starlette:
        @asynccontextmanager
        async def lifespan(app: Starlette) -> AsyncIterator[None]:
            self.hub.attach(asyncio.get_running_loop())
            yield

        return Starlette(
            routes=[
                Route(f"{PREFIX}/events", self.events, methods=["GET"]),
                Route(f"{PREFIX}/status", self.status, methods=["GET"]),
                Route("/{path:path}", self.page, methods=["GET", "HEAD"]),
            ],
            lifespan=lifespan,
        )

    # --- the site ------------------------------------------------------------------------

    async def page(self, request: Request) -> Response:
        snapshot = await self.hub.settled(WAIT_FOR_REBUILD)
        site = snapshot.site
        if site is None:
            return self._no_site(snapshot)
        path = request.url.path
        key = site_key(path)
        if key is not None:
            if key in site.files:
                return self._bytes(key, site.files[key], snapshot, request)
            if key in site.copies:
                response = self._copy(key, site.copies[key], request)
                if response is not None:
                    return response
            if not path.endswith("/") and f"{key}/index.html" in site.files:
                # Pages link relative to their folder: '/quickstart' must become '/quickstart/'.
                query = f"?{request.url.query}" if request.url.query else ""
                return RedirectResponse(path + "/" + query, status_code=301, headers=NO_STORE)
        return self._not_found(snapshot)

    def _bytes(self, key: str, data: bytes, snapshot: Snapshot, request: Request | None = None,
               status: int = 200) -> Response:
        kind = content_type(key)
        if kind.startswith("text/html"):
            # Pages carry the live-reload state: never cached.
            return Response(inject(data, snapshot.version, not_found=status == 404), status_code=status,
                            media_type=kind, headers=NO_STORE)
        return _revalidated(data, kind, request)

    def _copy(self, key: str, source: Path, request: Request) -> Response | None:
        try:
            real = source.resolve(strict=True)
            if not real.is_file() or not any(real.is_relative_to(root) for root in self.allowed_roots):
                return None
            if real.stat().st_size > SMALL_FILE:
                return FileResponse(real, media_type=content_type(key), headers=NO_STORE)
            data = real.read_bytes()  # small: cheaper here than through FileResponse's thread pool
        except OSError:
            return None
        return _revalidated(data, content_type(key), request)

    def _not_found(self, snapshot: Snapshot) -> Response:
        site = snapshot.site
        if site is not None and "404.html" in site.files:
            return self._bytes("404.html", site.files["404.html"], snapshot, status=404)
        return Response("Not found\n", status_code=404, media_type="text/plain; charset=utf-8", headers=NO_STORE)

    def _no_site(self, snapshot: Snapshot) -> Response:
        """Before the first good build there is nothing to show but the errors (in the overlay)."""
        items = "".join(f"<li><code>{escape(m)}</code></li>" for m in snapshot.errors)
        html = (
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed - sitegen</title>"
            "</head><body><h1>The site could not be built</h1>"
            f"<ul>{items}</ul><p>Fix the project: this page reloads by itself.</p></body></html>"
        ).encode()
        return Response(inject(html, snapshot.version), status_code=500, media_type=_TYPES[".html"], headers=NO_STORE)

    # --- live reload -----------------------------------------------------------------------

    async def status(self, request: Request) -> Response:
        """The current state as JSON, for scripts and tests."""
        return JSONResponse(self.hub.snapshot.state(), headers=NO_STORE)

    async def events(self, request: Request) -> Response:
        return StreamingResponse(
            self._stream(),
            media_type="text/event-stream",
            headers={**NO_STORE, "X-Accel-Buffering": "no"},
        )

    async def _stream(self) -> AsyncIterator[str]:
        """Server-Sent Events: the state now, then at every change (version and errors)."""
        yield "retry: 500\n\n"  # reconnect quickly after a restart
        sent: dict[str, Any] | None = None
        while not self.hub.closing:
            changed = self.hub.changed()
            snapshot = self.hub.snapshot
            state = snapshot.state()
            del state["builds"]  # the browser only cares about what it shows
            if state != sent:
                yield f"event: state\ndata: {json.dumps(state)}\n\n"
                sent = state
            try:
                await asyncio.wait_for(changed.wait(), KEEPALIVE)
            except TimeoutError:
                yield ": keep-alive\n\n"
