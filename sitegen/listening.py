"""Listening sockets and signal handling shared by the servers (`sitegen serve`, `sitegen api`).

Both bind their socket before uvicorn starts, so a busy port is one clear line and exit
status 1 instead of a log and a traceback, and both stop cleanly on Ctrl-C / SIGTERM.
"""

from __future__ import annotations

import contextlib
import errno
import signal
import socket
from collections.abc import Iterator

from sitegen.errors import SitegenError


def bind(host: str, port: int, backlog: int = 128) -> socket.socket:
    """A listening TCP socket on host:port (port 0: any free one)."""
    if not 0 <= port <= 65535:
        raise SitegenError(f"--port must be between 0 and 65535, got {port}")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as exc:
        raise SitegenError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(backlog)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise SitegenError(
                f"cannot listen on {host}:{port}: port {port} is already in use "
                "(stop the other server, choose another --port, or --port 0 for any free port)"
            ) from None
        raise SitegenError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


@contextlib.contextmanager
def quiet_signals() -> Iterator[None]:
    """Let uvicorn's graceful shutdown end the process with status 0.

    uvicorn re-raises the SIGINT/SIGTERM that stopped it, using the handler installed before
    it started; with no-op handlers there, Ctrl-C ends with status 0 and no traceback.
    """
    previous = {sig: signal.signal(sig, lambda *_: None) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
