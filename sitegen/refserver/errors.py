"""The one error shape of the API: `{"error": <int32>, "message": "..."}`.

`error` carries the HTTP status code, so a client can branch on it without
parsing the message; `message` names the problem for a human.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from starlette.responses import Response


class ApiError(Exception):
    """Raised anywhere in request handling; the app turns it into an Error response."""

    def __init__(self, status: int, message: str, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = dict(headers or {})


def error_response(status: int, message: str, headers: Mapping[str, str] | None = None) -> Response:
    body = json.dumps({"error": status, "message": message}, ensure_ascii=False).encode()
    return Response(body, status_code=status, headers=dict(headers or {}), media_type="application/json")
