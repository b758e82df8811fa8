"""`sitegen api`: argument definitions and the blocking server run.

The main CLI wires this as `add_arguments(sub.add_parser("api"))` and
`return run(args)`; `python -m sitegen.refserver` does the same on its own.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Mapping, Sequence

import uvicorn

from sitegen.errors import SitegenError
from sitegen.listening import bind, quiet_signals
from sitegen.refserver.app import create_app
from sitegen.refserver.storage import StorageError

TOKENS_ENV = "SITEGEN_API_TOKENS"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="interface to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="TCP port, 0 for any free one (default: 8765)")
    parser.add_argument("--db", default="plants.db", help="SQLite file to store plants in (default: plants.db)")
    parser.add_argument(
        "--token",
        action="append",
        default=None,
        metavar="TOKEN",
        help=f"accepted bearer token (repeatable); default: ${TOKENS_ENV} (comma-separated), else a random one",
    )
    parser.add_argument(
        "--cors-origin",
        action="append",
        default=None,
        metavar="ORIGIN",
        help="origin allowed to call the API from a browser (repeatable; default: any origin)",
    )


class UsageError(Exception):
    pass


def resolve_tokens(flag_tokens: Sequence[str] | None, env: Mapping[str, str]) -> tuple[list[str], bool]:
    """Tokens from --token, else $SITEGEN_API_TOKENS, else one fresh random token (second item True)."""
    if flag_tokens:
        tokens, source = [t.strip() for t in flag_tokens], "--token"
    elif env.get(TOKENS_ENV, "").strip():
        tokens, source = [t.strip() for t in env[TOKENS_ENV].split(",") if t.strip()], TOKENS_ENV
    else:
        return [secrets.token_urlsafe(32)], True
    for token in tokens:
        # A token must survive the trip through "Authorization: Bearer <token>" unchanged.
        if not token or not token.isascii() or not token.isprintable() or any(c.isspace() for c in token):
            raise UsageError(f"{source}: a token must be non-empty printable ASCII without spaces, got {token!r}")
    return list(dict.fromkeys(tokens)), False


def _mask(token: str) -> str:
    # Tokens the user supplied may be real secrets: show enough to tell them apart, not to use them.
    return f"{token[:4]}… ({len(token)} chars)" if len(token) > 8 else "*" * len(token)


def run(args: argparse.Namespace) -> int:
    try:
        tokens, generated = resolve_tokens(args.token, os.environ)
    except UsageError as exc:
        print(f"sitegen api: error: {exc}", file=sys.stderr)
        return 2

    try:
        sock = bind(args.host, args.port, backlog=2048)
    except SitegenError as exc:
        print(f"sitegen api: error: {exc}", file=sys.stderr)
        return 1
    host, port = sock.getsockname()[:2]

    def announce() -> None:
        # Printed from lifespan startup, once uvicorn owns SIGTERM/SIGINT, so a
        # script that waits for this line can then stop the server cleanly.
        shown_host = f"[{host}]" if ":" in host else host
        print(f"Plant Store API on http://{shown_host}:{port}  (db: {args.db})")
        if generated:
            print(f"Accepted token: {tokens[0]}")
        else:
            print("Accepted token" + ("s" if len(tokens) > 1 else "") + ": " + ", ".join(_mask(t) for t in tokens))
        print("Send it as 'Authorization: Bearer <token>'. Ctrl-C to stop.", flush=True)

    app = create_app(args.db, tokens, args.cors_origin, on_ready=announce)
    try:
        app.state.store.start()  # fail fast on a bad --db, before announcing anything
    except StorageError as exc:
        sock.close()
        print(f"sitegen api: error: {exc}", file=sys.stderr)
        return 1

    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,  # a log line per request would cost more than the request itself
        lifespan="on",
        timeout_graceful_shutdown=30,
        server_header=False,
    )
    server = uvicorn.Server(config)
    with quiet_signals():
        server.run(sockets=[sock])
    sock.close()
    app.state.store.close()  # no-op when the lifespan already closed it
    return 0 if server.started else 1
