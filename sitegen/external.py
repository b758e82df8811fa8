"""`sitegen check --external`: fetch each external link once, concurrently, politely.

HEAD first (no body to download), GET when a server refuses HEAD; redirects are followed by
hand, a few hops, only to http(s) URLs (never `file:` or anything else a `Location` may
name). A limit for all requests and a smaller one per host keep a site with hundreds of links
to one host from hammering it; every request has a timeout, and so does a whole check of
one URL (a server that trickles bytes cannot hold it longer).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

import httpx

from sitegen import __version__

MAX_REDIRECTS = 5


@dataclass(frozen=True)
class FetchLimits:
    timeout: float = 10.0  # seconds for one URL, redirects included
    concurrency: int = 16  # requests in flight at once
    per_host: int = 4  # requests in flight to one host (host:port)


def check_urls(urls: Iterable[str], limits: FetchLimits) -> dict[str, str | None]:
    """Each distinct URL -> None when it answers with a success, else what went wrong
    (`HTTP 404`, `no answer within 10 s`, `cannot connect`...)."""
    unique = list(dict.fromkeys(urls))
    if not unique:
        return {}
    return asyncio.run(_check_all(unique, limits))


async def _check_all(urls: list[str], limits: FetchLimits) -> dict[str, str | None]:
    everyone = asyncio.Semaphore(limits.concurrency)
    hosts: dict[str, asyncio.Semaphore] = {}
    headers = {"User-Agent": f"sitegen/{__version__} (link check)"}
    async with httpx.AsyncClient(timeout=limits.timeout, follow_redirects=False, headers=headers,
                                 limits=httpx.Limits(max_connections=limits.concurrency)) as client:

        async def check(url: str) -> str | None:
            host = urlsplit(url).netloc.lower()
            # The host's slot first: a task waiting for a busy host must not hold a global slot.
            async with hosts.setdefault(host, asyncio.Semaphore(limits.per_host)), everyone:
                try:
                    return await asyncio.wait_for(_check_one(client, url), limits.timeout)
                except (TimeoutError, httpx.TimeoutException):
                    return f"no answer within {limits.timeout:g} s"

        results = await asyncio.gather(*(check(url) for url in urls))
    return dict(zip(urls, results, strict=True))


async def _check_one(client: httpx.AsyncClient, url: str) -> str | None:
    current = url
    for _ in range(MAX_REDIRECTS + 1):
        try:
            status, location = await _status(client, "HEAD", current)
            if status >= 400:  # many servers refuse or mishandle HEAD: ask the way a browser does
                status, location = await _status(client, "GET", current)
        except httpx.TimeoutException:
            raise  # a timeout, not "cannot fetch": reported by the caller
        except httpx.ConnectError as exc:
            return f"cannot connect ({exc})" if str(exc) else "cannot connect"
        except httpx.HTTPError as exc:
            return f"cannot fetch ({type(exc).__name__})"
        if location is None:
            return None if status < 400 else f"HTTP {status}"
        following = urljoin(current, location)
        scheme = urlsplit(following).scheme.lower()
        if scheme not in ("http", "https"):
            return f"HTTP {status} redirect to a '{scheme}:' URL; not followed"
        current = following
    return f"more than {MAX_REDIRECTS} redirects"


async def _status(client: httpx.AsyncClient, method: str, url: str) -> tuple[int, str | None]:
    """The status, and the `Location` of a redirect (None otherwise); the body is never read."""
    async with client.stream(method, url) as response:
        location = response.headers.get("location") if response.is_redirect else None
        return response.status_code, location
