"""The ASGI app: routing, request parsing, CORS and the Error body for every failure.

Middleware order (outermost first): CORS, bearer auth, Starlette's exception
handling, router. CORS is outermost so that preflights need no token and every
answer, 401 and 400 included, carries CORS headers.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from sitegen.refserver.auth import BearerAuth
from sitegen.refserver.errors import ApiError, error_response
from sitegen.refserver.models import InvalidBody, parse_new_plant
from sitegen.refserver.storage import DuplicatePlant, PlantStore, StorageError

MAX_BODY = 1024 * 1024  # 1 MiB


def create_app(
    db_path: str | Path,
    tokens: Sequence[str],
    cors_origins: Sequence[str] | None = None,
    *,
    on_ready: Callable[[], None] | None = None,
) -> Starlette:
    """Build the Plant Store app storing into `db_path`, accepting only `tokens`.

    `cors_origins` empty or None allows any origin (local docs). The database is
    opened at lifespan startup; call `app.state.store.start()` earlier to fail
    fast on a bad path (it is idempotent). `on_ready` runs at the end of lifespan
    startup, when the server is about to answer requests.
    """
    if not tokens:
        raise ValueError("create_app needs at least one token")
    store = PlantStore(db_path)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store.start()
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            store.close()  # in-flight requests have finished by now (uvicorn waits for them)

    async def create_plant(request: Request) -> Response:
        require_json(request.headers)
        body = await read_body(request)
        try:
            plant = parse_new_plant(body)
        except InvalidBody as exc:
            raise ApiError(400, str(exc)) from None
        try:
            await store.add(plant)
        except DuplicatePlant as exc:
            raise ApiError(400, str(exc)) from None
        return Response(plant.to_plant().to_json(), media_type="application/json")

    app = Starlette(
        routes=[Route("/plants", create_plant, methods=["POST"])],
        middleware=[
            Middleware(
                ErrorBodyCORSMiddleware,
                allow_origins=list(cors_origins) if cors_origins else ["*"],
                allow_methods=["POST"],
                allow_headers=["Authorization", "Content-Type"],
                expose_headers=["WWW-Authenticate"],
            ),
            Middleware(BearerAuth, tokens=tokens),
        ],
        exception_handlers={
            ApiError: _api_error,
            HTTPException: _http_error,
            StorageError: _storage_error,
            Exception: _server_error,
        },
        lifespan=lifespan,
    )
    app.router.redirect_slashes = False  # /plants/ is not an alias; a 307 is not in the contract
    app.state.store = store
    return app


def require_json(headers: Headers) -> None:
    content_type = headers.get("content-type")
    media_type = content_type.split(";", 1)[0].strip().lower() if content_type else ""
    if media_type != "application/json":
        shown = f"'{content_type}'" if content_type else "missing"
        raise ApiError(400, f"Content-Type must be application/json (got {shown})")


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The request body, refusing anything over `limit` without buffering more than that."""
    too_large = ApiError(400, f"request body exceeds the {limit // 1024} KiB limit")
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise ApiError(400, f"invalid Content-Length '{declared}'")
        if int(declared) > limit:
            raise too_large  # refused before reading a byte; uvicorn discards the rest
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():  # chunked bodies have no Content-Length to trust
            size += len(chunk)
            if size > limit:
                raise too_large
            chunks.append(chunk)
    except ClientDisconnect:
        raise ApiError(400, "client disconnected before sending the whole body") from None
    return b"".join(chunks)


class ErrorBodyCORSMiddleware(CORSMiddleware):
    """Starlette's CORS middleware, but a refused preflight gets an Error body, not plain text."""

    def preflight_response(self, request_headers: Headers) -> Response:
        response = super().preflight_response(request_headers)
        if response.status_code == 400:
            headers = {k: v for k, v in response.headers.items() if k not in ("content-type", "content-length")}
            return error_response(400, bytes(response.body).decode(), headers)
        return response


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.message, exc.headers)


async def _http_error(request: Request, exc: Exception) -> Response:
    # Starlette's own 404/405 (with its Allow header), reshaped into the Error body.
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        message = f"no such endpoint: {request.url.path} (the API has POST /plants)"
    elif exc.status_code == 405:
        message = f"method {request.method} not allowed on {request.url.path}; use POST"
    else:
        message = str(exc.detail)
    return error_response(exc.status_code, message, exc.headers)


async def _storage_error(request: Request, exc: Exception) -> Response:
    return error_response(503, f"storage unavailable: {exc}")


async def _server_error(request: Request, exc: Exception) -> Response:
    return error_response(500, "internal server error")
