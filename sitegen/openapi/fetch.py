"""Fetching remote OpenAPI documents safely, with an on-disk cache for offline rebuilds.

A docs.json `openapi` entry or a `$ref` may name an http(s) URL. Those fetches are bounded
(timeout, size, a few redirects and only to http(s)) and every success is kept under
`<cache_dir>/openapi/`, so a rebuild works without the network: online builds revalidate
the copy (ETag / Last-Modified), fall back to it when the server is unreachable, and
`offline=True` never touches the network. The standard library is enough here: the cache
semantics (always revalidate, fall back, offline) are ours, not HTTP's freshness rules.

Messages name the URL and the status, never the body of a response: a server's error page
is not ours to echo into a build log.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sitegen.cachedir import OPENAPI_SUBDIR, ensure_cache_dir, read_no_follow, write_atomic
from sitegen.errors import OpenAPIError

FETCH_TIMEOUT = 15  # seconds per network operation; a build should fail, not hang, on a dead server
TOTAL_TIMEOUT = 120  # seconds for a whole download, so a server trickling bytes cannot stall a build
MAX_BYTES = 20_000_000  # far above any real OpenAPI document
MAX_REDIRECTS = 5
CACHE_SUBDIR = OPENAPI_SUBDIR
_CHUNK = 1 << 16


@dataclass(frozen=True)
class Fetched:
    text: str
    note: str | None = None  # worth a WARNING: the cached copy was used because the server was unreachable


class _RedirectRefused(Exception):
    pass


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Follows at most MAX_REDIRECTS redirects, and only to http(s) URLs."""

    max_redirections = MAX_REDIRECTS

    def http_error_302(self, req: Any, fp: Any, code: int, msg: str, headers: Any) -> Any:
        location = headers.get("location") or headers.get("uri") or ""
        scheme = urllib.parse.urlsplit(urllib.parse.urljoin(req.full_url, location)).scheme
        if scheme not in ("http", "https"):
            fp.close()
            raise _RedirectRefused(f"HTTP {code} redirect to a '{scheme}:' URL refused (only http and https)")
        return super().http_error_302(req, fp, code, msg, headers)

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


# No file:, ftp: or data: handlers: whatever a server or a $ref says, only http(s) is opened.
_OPENER = urllib.request.OpenerDirector()
for _handler in (
    urllib.request.ProxyHandler(),  # CI machines behind a proxy set http(s)_proxy
    urllib.request.HTTPHandler(),
    urllib.request.HTTPSHandler(),
    _Redirects(),
    urllib.request.HTTPDefaultErrorHandler(),
    urllib.request.HTTPErrorProcessor(),
):
    _OPENER.add_handler(_handler)


def size_text(limit: int) -> str:
    return f"{limit / 1_000_000:g} MB" if limit >= 1_000_000 else f"{limit} bytes"


def fetch_text(
    url: str,
    *,
    cache_dir: Path | None,
    offline: bool,
    referrer: str | None,
    max_bytes: int = MAX_BYTES,
) -> Fetched:
    """The text at `url`, fetched or from the cache; `referrer` prefixes every message."""
    prefix = f"{referrer}: " if referrer else ""
    if urllib.parse.urlsplit(url).scheme not in ("http", "https"):
        raise OpenAPIError(f"{prefix}{url}: unsupported URL scheme (use a path, http or https)")
    cache = _Cache(cache_dir) if cache_dir is not None else None
    cached = cache.get(url) if cache else None
    if offline:
        if cached is None:
            raise OpenAPIError(f"{prefix}{url} is not in the cache and --offline forbids fetching")
        return Fetched(_decode(cached.body, cached.charset, url, prefix))

    request = urllib.request.Request(url, headers=_request_headers(cached))
    failure = f"{prefix}{url}: cannot fetch OpenAPI file"
    try:
        with _OPENER.open(request, timeout=FETCH_TIMEOUT) as response:
            body = _read_limited(response, max_bytes, f"{prefix}{url}")
            charset = response.headers.get_content_charset() or "utf-8"
            etag = response.headers.get("ETag")
            last_modified = response.headers.get("Last-Modified")
    except urllib.error.HTTPError as exc:
        exc.close()  # never read: the body of an error page is not echoed
        return _after_http_error(exc, cached, url, prefix, failure)
    except _RedirectRefused as exc:
        raise OpenAPIError(f"{failure}: {exc}") from None
    except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as exc:
        reason = getattr(exc, "reason", None) or exc
        if isinstance(reason, socket.timeout):
            reason = f"no answer within {FETCH_TIMEOUT} s"
        if cached is not None:
            return _fallback(cached, url, prefix, str(reason))
        raise OpenAPIError(f"{failure}: {reason}") from None
    text = _decode(body, charset, url, prefix)
    if cache is not None:
        cache.put(url, body, charset=charset, etag=etag, last_modified=last_modified)
    return Fetched(text)


def _request_headers(cached: _Entry | None) -> dict[str, str]:
    """A conditional request when a cached copy says how to revalidate it."""
    headers = {"Accept": "application/json, application/yaml, */*"}
    if cached is not None and cached.etag:
        headers["If-None-Match"] = cached.etag
    if cached is not None and cached.last_modified:
        headers["If-Modified-Since"] = cached.last_modified
    return headers


def _after_http_error(exc: urllib.error.HTTPError, cached: _Entry | None, url: str, prefix: str,
                      failure: str) -> Fetched:
    """The cached copy when it is still valid (304) or the server failed (5xx); otherwise
    the `OpenAPIError` naming the status."""
    if exc.code == 304 and cached is not None:
        return Fetched(_decode(cached.body, cached.charset, url, prefix))
    if 300 <= exc.code < 400:
        raise OpenAPIError(f"{failure}: HTTP {exc.code} more than {MAX_REDIRECTS} redirects") from None
    if exc.code >= 500 and cached is not None:
        return _fallback(cached, url, prefix, f"HTTP {exc.code} {exc.reason}")
    raise OpenAPIError(f"{failure}: HTTP {exc.code} {exc.reason}") from None


def _read_limited(response: Any, max_bytes: int, where: str) -> bytes:
    """At most `max_bytes` (reads one more to know), within TOTAL_TIMEOUT."""
    deadline = time.monotonic() + TOTAL_TIMEOUT
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = response.read1(_CHUNK) if hasattr(response, "read1") else response.read(_CHUNK)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > max_bytes:
            raise OpenAPIError(f"{where}: cannot fetch OpenAPI file: larger than the {size_text(max_bytes)} limit")
        chunks.append(chunk)
        if time.monotonic() > deadline:
            raise OpenAPIError(f"{where}: cannot fetch OpenAPI file: download took over {TOTAL_TIMEOUT} s")


def _decode(body: bytes, charset: str, url: str, prefix: str) -> str:
    try:
        return body.decode(charset)
    except (UnicodeDecodeError, LookupError):
        raise OpenAPIError(f"{prefix}{url}: OpenAPI file is not valid {charset} text") from None


def _fallback(cached: _Entry, url: str, prefix: str, reason: str) -> Fetched:
    note = (f"{prefix}{url}: cannot fetch OpenAPI file ({reason}); "
            f"used the cached copy fetched {cached.fetched_at}")
    return Fetched(_decode(cached.body, cached.charset, url, prefix), note)


@dataclass(frozen=True)
class _Entry:
    body: bytes
    charset: str
    etag: str | None
    last_modified: str | None
    fetched_at: str


class _Cache:
    """`<root>/openapi/<sha256 of URL>.body` plus `.json` metadata (URL, time, validators).

    The cache folder sits inside a project that may come from a stranger, so a symlink
    anywhere in it is ignored: nothing is read from or written to outside the folder.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folder = root / CACHE_SUBDIR

    def _paths(self, url: str) -> tuple[Path, Path]:
        key = hashlib.sha256(url.encode("utf-8")).hexdigest()
        return self.folder / f"{key}.body", self.folder / f"{key}.json"

    def _usable(self) -> bool:
        return not self.root.is_symlink() and not self.folder.is_symlink()

    def get(self, url: str) -> _Entry | None:
        if not self._usable():
            return None
        body_path, meta_path = self._paths(url)
        try:
            meta = json.loads(read_no_follow(meta_path))
            body = read_no_follow(body_path)
        except (OSError, ValueError):  # missing, a symlink, or damaged: as if not cached
            return None
        if not isinstance(meta, dict) or meta.get("url") != url:
            return None
        return _Entry(
            body=body,
            charset=str(meta.get("charset") or "utf-8"),
            etag=meta.get("etag") if isinstance(meta.get("etag"), str) else None,
            last_modified=meta.get("last_modified") if isinstance(meta.get("last_modified"), str) else None,
            fetched_at=str(meta.get("fetched_at", "earlier")),
        )

    def put(self, url: str, body: bytes, *, charset: str, etag: str | None, last_modified: str | None) -> None:
        """Store a fetch; a cache that cannot be written only costs the next offline build."""
        try:
            ensure_cache_dir(self.root)
            if not self._usable():
                return
            self.folder.mkdir(exist_ok=True)
            body_path, meta_path = self._paths(url)
            fetched_at = datetime.now(UTC).isoformat(timespec="seconds")
            meta = {"url": url, "fetched_at": fetched_at, "etag": etag, "last_modified": last_modified,
                    "charset": charset}
            write_atomic(body_path, body)
            write_atomic(meta_path, json.dumps(meta, indent=2).encode("utf-8"))
        except OSError:
            return
