"""Bearer-token gate in front of every route (ASGI middleware).

It sits inside the CORS middleware, so preflights are answered without a token
and 401s still carry CORS headers a browser playground can read.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable

from starlette.types import ASGIApp, Receive, Scope, Send

from sitegen.refserver.errors import error_response

CHALLENGE = {"WWW-Authenticate": "Bearer"}


def _digest(token: bytes) -> bytes:
    # Comparing fixed-size digests keeps compare_digest constant-time even
    # when the guessed token's length differs from the real one.
    return hashlib.sha256(token).digest()


class BearerAuth:
    def __init__(self, app: ASGIApp, tokens: Iterable[str]) -> None:
        self.app = app
        self._digests = [_digest(token.encode()) for token in tokens]
        if not self._digests:
            raise ValueError("BearerAuth needs at least one token")

    def problem(self, header: bytes | None) -> str | None:
        """None when the Authorization header carries an accepted token, else why not."""
        if header is None:
            return "missing bearer token: send 'Authorization: Bearer <token>'"
        scheme, _, credential = header.strip().partition(b" ")
        credential = credential.strip()
        if scheme.lower() != b"bearer" or not credential:
            return "Authorization header must be 'Bearer <token>'"
        given = _digest(credential)
        accepted = False
        for digest in self._digests:  # no early exit: timing must not reveal which token matched
            accepted |= hmac.compare_digest(given, digest)
        return None if accepted else "invalid bearer token"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = next((value for name, value in scope["headers"] if name == b"authorization"), None)
        problem = self.problem(header)
        if problem is None:
            await self.app(scope, receive, send)
            return
        await error_response(401, problem, CHALLENGE)(scope, receive, send)
